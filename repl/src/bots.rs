//! Which seats bots play, from `--bot SEAT=KIND` arguments (the random bot, or a
//! strategy bot of the game: `scripts/<game>/bots/KIND.lua`), and how bots pick.
//!
//! When people play, a bot's pick depends only on the game's seed, the position in the
//! log and the question: its RNG is made afresh for every decision from `seed ^ 0xB07`
//! and the number of choices made so far. So the same human answers always meet the same
//! bot answers, after an undo, a reload or a load just as in one straight run.
//!
//! When every seat is a bot, the bots draw from one stream seeded exactly as
//! `posse::sim::play_random` seeds it, so `posse play GAME --seed S --bot all=random`
//! is game S of `posse sim GAME --seed S` and of `posse check`: a failing seed from
//! either can be watched, stopped at the failing decision, fixed and `:reload`ed.
//!
//! A save records the bots' seed and how far that stream has gone ([`Picker::drawn`]),
//! so a session continued from it ([`Picker::resume`]) meets the bot answers the saved
//! session would have met.

use posse::bot::random_choice;
use posse::record::{BotsRecord, PERSON};
use posse::rng::Rng;
use posse::{Content, Game, Player, Record, Request};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::Arc;

/// The bot every game has, as `--bot SEAT=KIND` and saves name it.
pub const RANDOM: &str = "random";

/// The kinds of bot `content`'s game has: the random bot, its strategy bots, the search.
pub fn kinds(content: &Content) -> Vec<String> {
    std::iter::once(RANDOM.to_string()).chain(posse::bot_names(content)).chain(["search".to_string()]).collect()
}

/// Where bots' picks come from.
pub struct Picker {
    seed: u64,
    /// One stream for the whole game, when every seat is a bot.
    stream: Option<Rng>,
    /// The seats a strategy bot plays, with its name.
    strategies: BTreeMap<usize, (String, Rc<Player>)>,
}

impl Picker {
    /// A picker for a game with `seed`; `all_bots` when no seat is played by a person.
    pub fn new(seed: u64, all_bots: bool) -> Picker {
        Picker::resume(seed, all_bots, 0)
    }

    /// A picker for bots whose one stream (when `all_bots`) was `drawn` words into.
    pub fn resume(seed: u64, all_bots: bool, drawn: u64) -> Picker {
        let stream = all_bots.then(|| {
            let mut rng = posse::sim::bot_rng(seed);
            rng.set_position(u128::from(drawn));
            rng
        });
        Picker { seed, stream, strategies: BTreeMap::new() }
    }

    /// The picker with `kinds`' strategy bots (seat -> kind; the random seats are left
    /// out): one VM a bot however many seats it plays.
    pub fn with_strategies(
        mut self,
        content: &Arc<Content>,
        kinds: &BTreeMap<usize, String>,
    ) -> Result<Picker, String> {
        let mut made: BTreeMap<&str, Rc<Player>> = BTreeMap::new();
        for (&seat, kind) in kinds.iter().filter(|(_, k)| k.as_str() != RANDOM) {
            if !made.contains_key(kind.as_str()) {
                made.insert(kind, Rc::new(Player::new(content, kind).map_err(|e| e.to_string())?));
            }
            self.strategies.insert(seat, (kind.clone(), made[kind.as_str()].clone()));
        }
        Ok(self)
    }

    /// The kind of bot that plays `seat` (the random bot unless a strategy bot does).
    pub fn kind(&self, seat: usize) -> &str {
        self.strategies.get(&seat).map_or(RANDOM, |(k, _)| k.as_str())
    }

    /// The answer of `seat`'s bot to the game's next decision (`position` choices made):
    /// its strategy bot's, from the seat's view, or the random bot's.
    pub fn pick_in(&mut self, game: &Game, position: usize) -> Result<Vec<u32>, String> {
        let Some(r) = game.next_request() else { return Err("nothing to decide".into()) };
        self.pick_request(game, position, r)
    }

    /// The answer of `seat`'s bot to its question of the pending decision (`position`
    /// choices made), when others are asked beside it (the web table answers every bot's
    /// question before people's).
    pub fn pick_for(&mut self, game: &Game, position: usize, seat: usize) -> Result<Vec<u32>, String> {
        let pending = game.pending();
        let Some(r) = pending.iter().find(|r| r.seat == seat) else { return Err("nothing to decide".into()) };
        self.pick_request(game, position, r)
    }

    fn pick_request(&mut self, game: &Game, position: usize, r: &Request) -> Result<Vec<u32>, String> {
        match self.strategies.get(&r.seat) {
            Some((_, bot)) => {
                let seed = posse::bot::pick_seed(self.seed, position);
                game.bot_pick(bot, r.seat, seed, None).map_err(|e| e.to_string())
            }
            None => Ok(self.pick(position, r)),
        }
    }

    /// `game`'s record with who plays each seat (`bots`' seats this picker's bots, the
    /// others people) and what the bots' picks depend on: what the REPL's and the web
    /// table's saves hold, so that a game continued from one plays on as it would have.
    pub fn record(&self, game: &Game, bots: &BTreeSet<usize>) -> Record {
        let mut record = game.record();
        record.played_by =
            (1..=game.players()).map(|s| if bots.contains(&s) { self.kind(s) } else { PERSON }.to_string()).collect();
        record.bots = Some(BotsRecord { seed: self.seed(), drawn: self.drawn() });
        record
    }

    /// The seed the bots' picks come from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How far the one stream has been drawn (0 when the bots pick by position).
    pub fn drawn(&self) -> u64 {
        self.stream.as_ref().map_or(0, |r| u64::try_from(r.position()).unwrap_or(u64::MAX))
    }

    /// The random bot's answer to `req` at `position` (the number of choices made so far).
    pub fn pick(&mut self, position: usize, req: &Request) -> Vec<u32> {
        match &mut self.stream {
            Some(rng) => random_choice(req, rng),
            None => random_choice(req, &mut Rng::new(posse::bot::pick_seed(self.seed, position))),
        }
    }
}

/// The bot seats a save names (seat -> kind), each a kind of bot `content`'s game has; a
/// kind it does not have is an error naming the save (`file`).
pub fn saved(record: &Record, content: &Content, file: &str) -> Result<BTreeMap<usize, String>, String> {
    let known = kinds(content);
    let mut seats = BTreeMap::new();
    for (seat, kind) in record.bot_seats() {
        // The search's settings (`search:iterations=300`) are checked when it is made.
        let name = kind.split(':').next().unwrap_or(kind);
        if !known.iter().any(|k| k == name) {
            return Err(format!(
                "{file}: seat {seat} is played by a bot of kind '{kind}', which {} does not have (bots: {})",
                content.game,
                known.join(", ")
            ));
        }
        seats.insert(seat, kind.to_string());
    }
    Ok(seats)
}

/// Seat numbers (1-based) played by bots, with the kind of bot, from `--bot` arguments:
/// `SEAT=KIND` or `SEAT` (the random bot), where SEAT is a seat number, a seat name or
/// `all` and KIND one of `kinds` (a later argument overrides an earlier one).
pub fn parse(specs: &[String], seats: &[String], kinds: &[String]) -> Result<BTreeMap<usize, String>, String> {
    let mut bots = BTreeMap::new();
    for spec in specs {
        let (seats, kind) = parse_one(spec, seats, kinds).map_err(|e| format!("--bot {spec}: {e}"))?;
        for s in seats {
            bots.insert(s, kind.clone());
        }
    }
    Ok(bots)
}

/// Parses a list of seats typed at the menu (`2`, `2,3`, `p2 p3`, `all`, or nothing).
pub fn parse_list(text: &str, seats: &[String]) -> Result<BTreeSet<usize>, String> {
    let mut bots = BTreeSet::new();
    for spec in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        bots.extend(parse_one(spec, seats, &[RANDOM.to_string()])?.0);
    }
    Ok(bots)
}

fn parse_one(spec: &str, seats: &[String], kinds: &[String]) -> Result<(Vec<usize>, String), String> {
    let (seat, kind) = spec.split_once('=').unwrap_or((spec, RANDOM));
    let kind = kind.trim();
    // The search takes its settings after its name: `search:iterations=200`.
    let search = posse::Search::parse(kind).map_err(|e| e.to_string())?.is_some();
    if !search && !kinds.iter().any(|k| k == kind) {
        return Err(format!("unknown bot '{kind}' (bots: {})", kinds.join(", ")));
    }
    if seat.trim().eq_ignore_ascii_case("all") {
        return Ok(((1..=seats.len()).collect(), kind.to_string()));
    }
    Ok((vec![seat_number(seat.trim(), seats)?], kind.to_string()))
}

/// A seat given as a 1-based number or a name (names ignore case).
pub fn seat_number(text: &str, seats: &[String]) -> Result<usize, String> {
    if let Ok(n) = text.parse::<usize>() {
        if n >= 1 && n <= seats.len() {
            return Ok(n);
        }
    } else if let Some(i) = seats.iter().position(|s| s.eq_ignore_ascii_case(text)) {
        return Ok(i + 1);
    }
    Err(format!("no seat '{text}': seats are 1..{} ({})", seats.len(), seats.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<String> {
        vec!["p1".into(), "p2".into(), "p3".into()]
    }

    #[test]
    fn a_resumed_stream_picks_what_the_first_would_have() {
        let content = std::sync::Arc::new(
            posse::Content::load(
                &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures"),
                "hilo",
            )
            .expect("hilo loads"),
        );
        let game =
            posse::Game::new(content.clone(), posse::Setup::new(&content, 4, None).expect("setup")).expect("game");
        let req = game.next_request().expect("a decision");
        let mut a = Picker::new(4, true);
        let _ = (0..5).map(|i| a.pick(i, req)).count();
        let mut b = Picker::resume(4, true, a.drawn());
        assert!(a.drawn() > 0);
        assert_eq!(
            (0..20).map(|i| a.pick(i, req)).collect::<Vec<_>>(),
            (0..20).map(|i| b.pick(i, req)).collect::<Vec<_>>()
        );
        // By position, nothing is drawn: the seed and the position decide.
        assert_eq!(Picker::new(4, false).drawn(), 0);
    }

    #[test]
    fn parses_bot_specs() {
        let kinds = vec![RANDOM.to_string(), "sharp".to_string()];
        let b = |s: &[&str]| {
            parse(&s.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &seats(), &kinds)
                .map(|m| m.keys().copied().collect::<BTreeSet<_>>())
        };
        assert_eq!(b(&["2=random"]).unwrap(), BTreeSet::from([2]));
        assert_eq!(b(&["P3=random", "1"]).unwrap(), BTreeSet::from([1, 3]));
        assert_eq!(b(&["all=random"]).unwrap(), BTreeSet::from([1, 2, 3]));
        let named = parse(&["all".into(), "2=sharp".into()], &seats(), &kinds).unwrap();
        assert_eq!(named.values().map(String::as_str).collect::<Vec<_>>(), ["random", "sharp", "random"]);
        assert!(b(&["4=random"]).unwrap_err().contains("seats are 1..3 (p1, p2, p3)"));
        assert!(b(&["2=smart"]).unwrap_err().contains("unknown bot 'smart'"));
        assert_eq!(parse_list("1, p3", &seats()).unwrap(), BTreeSet::from([1, 3]));
        assert_eq!(parse_list("", &seats()).unwrap(), BTreeSet::new());
    }
}
