//! What a decision is, apart from who asks it and how: its [`Shape`] (who decides, how
//! many options, how many to pick), which answers fit that shape, and how a game ends
//! ([`GameResult`]).
//!
//! The design decision: a decision is plain numbers, checked here once, below everything
//! that asks or answers one. The Lua bridge reads the numbers out of a script's
//! `posse.choose` and asks this module whether they make a decision; the game validates
//! an answer against the shape before any script runs; a bot picks from the shape alone.
//! None of them checks a decision its own way, so the REPL, bots and tests drive every
//! game alike. This module knows nothing of Lua, of the game's flow or of its state.

use crate::limits::MAX_OPTIONS;
use serde::Serialize;
use std::collections::BTreeMap;

/// A decision as the script asked it: who decides, how many options, how many to pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The deciding seat (1-based).
    pub seat: usize,
    /// How many options there are (picks are 1-based: `1..=count`).
    pub count: usize,
    /// A choice of several options (between `min` and `max` of them), not of exactly one.
    pub multi: bool,
    pub min: usize,
    pub max: usize,
}

impl Shape {
    /// `seat` as a seat of a game of `players` (1-based), if it is one.
    pub fn seat(players: usize, seat: i64) -> Option<usize> {
        (seat >= 1 && seat as usize <= players).then_some(seat as usize)
    }

    /// The decision of `seat` among `count` options: exactly one when `picks` is None,
    /// else between its min and max (negative bounds count as 0). The error says what is
    /// wrong, for the message of the call that asked (`posse.choose: ...`).
    pub fn new(seat: usize, count: usize, picks: Option<(i64, i64)>) -> Result<Shape, String> {
        let (multi, min, max) = match picks {
            None => (false, 1, 1),
            Some((a, b)) => (true, a.max(0) as usize, b.max(0) as usize),
        };
        if count == 0 && !(multi && min == 0) {
            return Err(format!("seat {seat} was offered no options"));
        }
        if count > MAX_OPTIONS {
            return Err(format!("{count} options: a decision offers at most {MAX_OPTIONS}"));
        }
        if multi && (min > max || max > count) {
            return Err(format!("expected 0 <= min <= max <= {count} options, got min {min} max {max}"));
        }
        Ok(Shape { seat, count, multi, min, max })
    }

    /// Whether `picks` (1-based) answer this decision: options that exist, each once, as
    /// many as it asks. The error is one sentence for the person who answered.
    pub fn check(&self, picks: &[u32]) -> Result<(), String> {
        if let Some(&bad) = picks.iter().find(|&&x| x < 1 || x as usize > self.count) {
            return Err(format!("option {bad} does not exist (options are 1..{})", self.count));
        }
        if self.multi {
            let mut sorted = picks.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != picks.len() {
                return Err("an option may be picked only once".into());
            }
            if picks.len() < self.min || picks.len() > self.max {
                let want =
                    if self.min == self.max { self.min.to_string() } else { format!("{} to {}", self.min, self.max) };
                let noun = if self.max == 1 { "option" } else { "options" };
                return Err(format!("pick {want} {noun}, not {}", picks.len()));
            }
        } else if picks.len() != 1 {
            return Err(format!("pick exactly one option, not {}", picks.len()));
        }
        Ok(())
    }
}

/// One option tag's use in a game (a tag names what an option plays or uses, such as a
/// card's definition id): the seats it was offered to, the seats that chose it (both in
/// seat order), and how many times it was chosen.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TagUse {
    pub offered: Vec<usize>,
    pub played: Vec<usize>,
    pub times: usize,
}

impl TagUse {
    /// Notes one option of a decision of `seat` tagged with this tag: offered to the
    /// seat, and chosen when `picked`. The seats are kept in order.
    pub fn note(&mut self, seat: usize, picked: bool) {
        insert_sorted(&mut self.offered, seat);
        if picked {
            self.times += 1;
            insert_sorted(&mut self.played, seat);
        }
    }

    /// Adds another count of the same game's decisions (the seats once each).
    pub fn merge(&mut self, other: TagUse) {
        for s in other.offered {
            insert_sorted(&mut self.offered, s);
        }
        for s in other.played {
            insert_sorted(&mut self.played, s);
        }
        self.times += other.times;
    }
}

fn insert_sorted(seats: &mut Vec<usize>, seat: usize) {
    if let Err(i) = seats.binary_search(&seat) {
        seats.insert(i, seat);
    }
}

/// A decision as a strategy bot reads it: who decides, what kind of question it is, its
/// options' ids, arguments and tags (what option i plays or uses, when the script says),
/// and how many to pick; the prompt and labels are for people. Nothing in it comes from
/// the state but through the script's own words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Question {
    /// 1-based.
    pub seat: usize,
    /// The question's kind, declared by the game (`scripts/<game>/questions.lua`); None in
    /// a game that declares none.
    pub kind: Option<String>,
    pub prompt: String,
    pub labels: Vec<String>,
    /// Option i's id is `ids[i - 1]` (one of its kind's declared ids; None in an untyped
    /// game), its arguments `args[i - 1]` (what the id leaves open: a zone, a card...).
    pub ids: Vec<Option<String>>,
    pub args: Vec<Args>,
    /// Option i's tag is `tags[i - 1]` (None: the script gave it none).
    pub tags: Vec<Option<String>>,
    pub multi: bool,
    pub min: usize,
    pub max: usize,
}

/// An option's arguments: what its id leaves open (`{to = "BNK"}`, `{card = "hideout"}`),
/// plain names and numbers, in key order.
pub type Args = BTreeMap<String, Arg>;

/// One argument of an option: a name (a zone, a card's id...), a number or a flag.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Flag(bool),
    Int(i64),
    Num(f64),
    Text(String),
}

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Arg::Flag(b) => write!(f, "{b}"),
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Num(n) => write!(f, "{n}"),
            Arg::Text(s) => write!(f, "{s}"),
        }
    }
}

/// The question kinds a game declares (`scripts/<game>/questions.lua`): what each asks
/// and what each of its options' ids means. A game that declares them asks no question
/// of another kind and offers no option of another id (the bridge refuses it).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Kinds {
    /// The file that declares them (for messages).
    pub file: String,
    pub kinds: BTreeMap<String, Kind>,
}

/// One declared kind of question.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Kind {
    /// What it asks, in a sentence (for authors and bot writers).
    pub asks: String,
    /// Its options' ids, each with what it means.
    pub ids: BTreeMap<String, String>,
}

/// A batch bot's restriction (restricted play): seat `seat` never picks an option tagged
/// `tag` when the question offers it another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Ban {
    pub seat: usize,
    pub tag: String,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameResult {
    /// Winning seats (1-based); empty when nobody won.
    pub winners: Vec<usize>,
    /// Score per seat (1-based), when the game keeps one.
    pub scores: BTreeMap<usize, i64>,
    pub reason: Option<String>,
    /// In a cooperative game (`cooperative: true`), whether the crew won: every seat is
    /// then a winner, or none is. None in other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crew: Option<bool>,
}

impl GameResult {
    /// The stable one-line form printed at game end:
    /// `result: winners=2 scores=1:12,2:57 reason="..."` (`winners=none` when nobody won;
    /// `scores` and `reason` only when the game gives them); a cooperative game's starts
    /// `result: crew=won` or `result: crew=lost`.
    pub fn line(&self) -> String {
        let winners = if self.winners.is_empty() {
            "none".to_string()
        } else {
            self.winners.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(",")
        };
        let mut out = match self.crew {
            Some(won) => format!("result: crew={} winners={winners}", if won { "won" } else { "lost" }),
            None => format!("result: winners={winners}"),
        };
        if !self.scores.is_empty() {
            let s: Vec<String> = self.scores.iter().map(|(k, v)| format!("{k}:{v}")).collect();
            out.push_str(&format!(" scores={}", s.join(",")));
        }
        if let Some(r) = &self.reason {
            out.push_str(&format!(" reason={r:?}"));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_answers() {
        assert_eq!(Shape::seat(3, 3), Some(3));
        assert_eq!(Shape::seat(3, 0), None);
        assert_eq!(Shape::seat(3, 4), None);
        let one = Shape::new(2, 3, None).unwrap();
        assert!(!one.multi && one.min == 1 && one.max == 1);
        assert!(one.check(&[3]).is_ok());
        assert_eq!(one.check(&[4]).unwrap_err(), "option 4 does not exist (options are 1..3)");
        assert_eq!(one.check(&[1, 2]).unwrap_err(), "pick exactly one option, not 2");
        let some = Shape::new(1, 3, Some((-1, 2))).unwrap();
        assert_eq!((some.min, some.max), (0, 2));
        assert!(some.check(&[]).is_ok());
        assert_eq!(some.check(&[1, 1]).unwrap_err(), "an option may be picked only once");
        assert_eq!(some.check(&[1, 2, 3]).unwrap_err(), "pick 0 to 2 options, not 3");
        let exactly_one = Shape::new(1, 3, Some((1, 1))).unwrap();
        assert_eq!(exactly_one.check(&[1, 2]).unwrap_err(), "pick 1 option, not 2");
        assert!(Shape::new(1, 0, Some((0, 0))).is_ok());
        assert_eq!(Shape::new(1, 0, None).unwrap_err(), "seat 1 was offered no options");
        assert!(Shape::new(1, 2, Some((2, 3))).unwrap_err().starts_with("expected 0 <= min <= max <= 2"));
    }
}
