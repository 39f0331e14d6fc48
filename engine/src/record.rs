//! The log is the truth: a game is its content, seed, seats and choices. A [`Record`] is
//! that log; save files are records in YAML, and loading one is replaying it.
//!
//! A save of a session says more than the game (format 2): who played each seat (a
//! person, or a bot and its kind) and what the bots' picks depend on, so that a session
//! continued from the save plays on exactly as the saved one would have. The engine only
//! keeps these facts; the session that wrote them gives them their meaning. Format 1
//! saves, which have neither, are still read.

use crate::diag::Error;
use crate::limits::{MAX_SEATS, SAVE_FILE_BYTES, SEAT_NAME_BYTES};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One seat's answer to one decision: the seat and the 1-based option(s) it picked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<u32>", try_from = "Vec<u32>")]
pub struct Choice {
    pub seat: usize,
    pub picks: Vec<u32>,
}

impl From<Choice> for Vec<u32> {
    fn from(c: Choice) -> Vec<u32> {
        let mut v = vec![c.seat as u32];
        v.extend(c.picks);
        v
    }
}

impl TryFrom<Vec<u32>> for Choice {
    type Error = String;
    fn try_from(v: Vec<u32>) -> Result<Choice, String> {
        match v.split_first() {
            Some((&seat, picks)) if seat >= 1 => Ok(Choice { seat: seat as usize, picks: picks.to_vec() }),
            _ => Err("a choice is [seat, pick, ...] with seats from 1".into()),
        }
    }
}

/// A whole game as data. `choices` are written one per line as `[seat, pick, ...]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Format version of save files.
    pub posse_save: u32,
    pub game: String,
    /// Hash of the content the game was played with (hex); a different hash on load means
    /// the scripts or YAML changed since, and the replay may diverge.
    pub content_hash: String,
    /// The values `--set` changed for this game ("KEY=VALUE"), applied again on load.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<String>,
    pub seed: u64,
    /// Seat names in play order; their number is the number of players.
    pub seats: Vec<String>,
    /// Who plays each seat, in seat order: [`PERSON`], or the kind of bot (`random`).
    /// Empty when the record does not say (format 1, or a record made outside a session).
    #[serde(default)]
    pub played_by: Vec<String>,
    /// What the bots' picks depend on, when the record says.
    #[serde(default)]
    pub bots: Option<BotsRecord>,
    pub choices: Vec<Choice>,
}

/// What a session's bots pick from: their seed and, when every seat is a bot and they
/// draw from one stream, how far that stream had gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotsRecord {
    pub seed: u64,
    /// Words of the stream drawn so far (0 when the bots do not draw from one stream).
    #[serde(default)]
    pub drawn: u64,
}

/// The format written; [`Record::from_yaml`] reads this one and every one before it.
pub const SAVE_VERSION: u32 = 2;

/// `played_by` of a seat a person plays.
pub const PERSON: &str = "person";

/// The longest name of a kind of bot a save may give, with its settings (`search:iterations=300`).
const KIND_BYTES: usize = 64;

/// Whether `name` may name a seat: short, printable (it is shown at the terminal).
pub fn seat_name_ok(name: &str) -> bool {
    !name.is_empty() && name.len() <= SEAT_NAME_BYTES && !name.chars().any(char::is_control)
}

impl Record {
    pub fn to_yaml(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("posse_save: {}\n", self.posse_save));
        out.push_str(&format!("game: {}\n", self.game));
        out.push_str(&format!("content_hash: \"{}\"\n", self.content_hash));
        if !self.set.is_empty() {
            // As JSON strings (valid YAML), whatever the values hold.
            out.push_str(&format!("set: {}\n", serde_json::to_string(&self.set).unwrap_or_default()));
        }
        out.push_str(&format!("seed: {}\n", self.seed));
        out.push_str(&format!("seats: {}\n", serde_json::to_string(&self.seats).unwrap_or_default()));
        if !self.played_by.is_empty() {
            out.push_str(&format!("played_by: {}\n", serde_json::to_string(&self.played_by).unwrap_or_default()));
        }
        if let Some(b) = &self.bots {
            out.push_str(&format!("bots: {{seed: {}, drawn: {}}}\n", b.seed, b.drawn));
        }
        if self.choices.is_empty() {
            out.push_str("choices: []\n");
        } else {
            out.push_str("choices:\n");
            for c in &self.choices {
                let v: Vec<u32> = c.clone().into();
                out.push_str(&format!("  - {v:?}\n"));
            }
        }
        out
    }

    pub fn from_yaml(text: &str, file: &str) -> Result<Record, Error> {
        if let Err(at) = crate::yaml::check_depth(text) {
            let (line, column, msg) = crate::yaml::too_deep(at);
            return Err(Error::Save(format!("{file}:{line}:{column}: {msg} (expected a posse save file)")));
        }
        let r: Record = serde_yaml::from_str(text).map_err(|e| {
            let at = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            let msg = e.to_string();
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            Error::Save(format!(
                "{file}{at}: {msg} (expected a posse save file: posse_save, game, content_hash, seed, seats, choices)"
            ))
        })?;
        if r.posse_save == 0 || r.posse_save > SAVE_VERSION {
            return Err(Error::Save(format!(
                "{file}: save format {} is not supported (expected 1 to {SAVE_VERSION})",
                r.posse_save
            )));
        }
        if r.seats.is_empty() || r.seats.len() > MAX_SEATS {
            return Err(Error::Save(format!("{file}: seats: expected 1 to {MAX_SEATS} seats, not {}", r.seats.len())));
        }
        if let Some(bad) = r.seats.iter().find(|s| !seat_name_ok(s)) {
            let shown: String = bad.chars().take(SEAT_NAME_BYTES).collect::<String>().escape_debug().to_string();
            return Err(Error::Save(format!(
                "{file}: seats: \"{shown}\" is not a seat name (1 to {SEAT_NAME_BYTES} bytes, no control characters)"
            )));
        }
        if !r.played_by.is_empty() && r.played_by.len() != r.seats.len() {
            return Err(Error::Save(format!(
                "{file}: played_by: expected one entry per seat ({}), not {}",
                r.seats.len(),
                r.played_by.len()
            )));
        }
        // A kind of bot, with its settings when it has any (`search:iterations=300`).
        let kind_ok = |k: &String| {
            let (name, settings) = k.split_once(':').unwrap_or((k, ""));
            let setting = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || "_=,.".contains(c);
            !name.is_empty()
                && k.len() <= KIND_BYTES
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                && settings.chars().all(setting)
        };
        if let Some(bad) = r.played_by.iter().find(|k| !kind_ok(k)) {
            let shown: String = bad.chars().take(KIND_BYTES).collect::<String>().escape_debug().to_string();
            return Err(Error::Save(format!(
                "{file}: played_by: \"{shown}\" is neither {PERSON} nor a kind of bot (a lowercase word, with \
                 its settings after `:`)"
            )));
        }
        Ok(r)
    }

    /// The seats (1-based) the record says bots play, with their kind.
    pub fn bot_seats(&self) -> impl Iterator<Item = (usize, &str)> {
        self.played_by.iter().enumerate().filter(|(_, k)| *k != PERSON).map(|(i, k)| (i + 1, k.as_str()))
    }

    pub fn save(&self, path: &Path) -> Result<(), Error> {
        crate::savefile::write(path, self.to_yaml().as_bytes())
            .map_err(|e| Error::Save(format!("{}: cannot write: {e}", path.display())))
    }

    /// Reads and checks a save file (at most [`SAVE_FILE_BYTES`]).
    pub fn load(path: &Path) -> Result<Record, Error> {
        let text = crate::yaml::read_limited(path, SAVE_FILE_BYTES).map_err(|e| {
            let at = if e.line > 0 { format!(":{}", e.line) } else { String::new() };
            Error::Save(format!("{}{at}: {} (expected a posse save file)", path.display(), e.message))
        })?;
        Record::from_yaml(&text, &path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_round_trip() {
        let r = Record {
            posse_save: 1,
            game: "dice_town".into(),
            content_hash: "00ff".into(),
            set: Vec::new(),
            seed: 9,
            seats: vec!["Ann".into(), "Bo \"B\"".into()],
            played_by: Vec::new(),
            bots: None,
            choices: vec![Choice { seat: 1, picks: vec![2] }, Choice { seat: 2, picks: vec![1, 3] }],
        };
        assert_eq!(Record::from_yaml(&r.to_yaml(), "x").unwrap(), r);
        let r = Record {
            posse_save: 2,
            set: vec!["start_money=80".into(), "gangs.0.name=A \"quoted\" name: yes".into()],
            played_by: vec![PERSON.into(), "random".into()],
            bots: Some(BotsRecord { seed: 9, drawn: u64::MAX }),
            ..r
        };
        let text = r.to_yaml();
        assert!(
            text.contains("played_by: [\"person\",\"random\"]\nbots: {seed: 9, drawn: 18446744073709551615}\n"),
            "{text}"
        );
        assert_eq!(Record::from_yaml(&text, "x").unwrap(), r);
        assert_eq!(r.bot_seats().collect::<Vec<_>>(), vec![(2, "random")]);
    }

    #[test]
    fn who_plays_each_seat_is_checked() {
        let base = "posse_save: 2\ngame: x\ncontent_hash: a\nseed: 1\nseats: [a, b]\nchoices: []\n";
        let with =
            |extra: &str| Record::from_yaml(&format!("{base}{extra}"), "s.yaml").map(|_| ()).map_err(|e| e.to_string());
        assert!(with("").is_ok());
        assert!(with("played_by: [person, random]\nbots: {seed: 3}\n").is_ok());
        assert!(with("played_by: [person]\n").unwrap_err().contains("one entry per seat (2), not 1"));
        assert!(with("played_by: [person, \"Bot!\"]\n").unwrap_err().contains("\"Bot!\" is neither person nor"));
        assert!(with("bots: {seed: 3, depth: 1}\n").unwrap_err().contains("unknown field `depth`"));
        let v3 = base.replace("posse_save: 2", "posse_save: 3");
        assert!(Record::from_yaml(&v3, "s.yaml").unwrap_err().to_string().contains("expected 1 to 2"));
    }

    #[test]
    fn damaged_file_names_line() {
        let e = Record::from_yaml("posse_save: 1\ngame: x\nseed: [\n", "s.yaml").unwrap_err().to_string();
        assert!(e.starts_with("s.yaml:"), "{e}");
        let e = Record::from_yaml(
            "posse_save: 1\ngame: x\ncontent_hash: a\nseed: 1\nseats: [a]\nchoices:\n  - [0, 1]\n",
            "s.yaml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("seats from 1"), "{e}");
    }
}
