//! Batch simulation for designers: many games with random or strategy bots, seeds `S, S+1, ...`,
//! reporting completion, failed games (with the seed of each and its message), wins per
//! seat and per side, game lengths in decisions, and throughput.
//!
//! No batch loses a game: every seed asked for ends as a finished game (a [`GameRow`]) or
//! a failed one (a [`SimError`]), so finished + failed is always the games asked for. A
//! game fails by a script error (its scripts' or a bot's, as `diag::Error` says) or by an
//! engine fault: a panic anywhere in playing it, caught for that game alone (the thread's
//! VMs are made afresh for the next), or a thread of the batch that stopped.
//!
//! Files: `mod.rs` (playing a batch: its games, rows and errors), `report.rs` (the report
//! made from the rows, its sums checked), `compare.rs` (paired comparisons of two batches
//! on the same seeds, and restricted play), `shard.rs` (a batch split into shards run
//! apart, and their merge, every row checked).

mod compare;
mod report;
mod shard;

pub use compare::{compare, restricted, Comparison, Difference, Restricted};
pub use report::{side_label, Batch};
pub use shard::{merge, run_shard, shard_games, slice, Shard};

#[cfg(feature = "test-hooks")]
pub use faults::plant_fault;

use crate::content::Content;
use crate::decision::Ban;
use crate::game::Player;
use crate::game::{Game, Setup};
use crate::stats::{Rate, Spread};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

/// A game of a batch that could not be played to its end: its seed, what kind of failure,
/// and the message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimError {
    pub seed: u64,
    #[serde(default)]
    pub kind: Failure,
    pub message: String,
}

/// Why a game of a batch failed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Failure {
    /// An error of the game's scripts or a bot's (or of the content they were given).
    #[default]
    #[serde(rename = "script error")]
    Script,
    /// A panic of the engine while it played the game: a bug of posse, not of the game.
    #[serde(rename = "engine fault")]
    Engine,
}

/// The seeds of a batch, or of a slice of one: `count` seeds from `first`, game i's seed
/// `first + i`, wrapping from the largest seed to 0, so that every game asked for has a
/// seed of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seeds {
    pub first: u64,
    pub count: u64,
}

impl Seeds {
    /// The seeds in game order.
    pub fn iter(self) -> impl Iterator<Item = u64> {
        (0..self.count).map(move |i| self.first.wrapping_add(i))
    }

    /// The game `seed` is of these seeds, and its place among them.
    pub fn index(self, seed: u64) -> Option<u64> {
        let i = seed.wrapping_sub(self.first);
        (i < self.count).then_some(i)
    }

    /// The last seed (None: no seeds).
    pub fn last(self) -> Option<u64> {
        self.count.checked_sub(1).map(|i| self.first.wrapping_add(i))
    }

    /// The seeds of games `from..to` of these.
    fn part(self, from: u64, to: u64) -> Seeds {
        Seeds { first: self.first.wrapping_add(from), count: to.saturating_sub(from) }
    }
}

impl std::fmt::Display for Seeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.count, self.last()) {
            (0, _) | (_, None) => write!(f, "no seeds"),
            (1, _) => write!(f, "seed {}", self.first),
            (_, Some(last)) => write!(f, "seeds {} to {last}", self.first),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct SimReport {
    pub game: String,
    /// The values `--set` changed ("KEY=VALUE").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    pub players: usize,
    /// Each seat's bot, when any is a strategy bot ("random" or its name; empty: random
    /// in every seat).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<String>,
    pub games: usize,
    /// Seed of the first game; game i has seed `seed + i`.
    pub seed: u64,
    /// Threads the games ran on.
    pub jobs: usize,
    /// Games played to their end; `failed`, those that could not be (`errors` says why):
    /// the two add up to `games`.
    pub finished: usize,
    pub failed: usize,
    pub errors: Vec<SimError>,
    /// Wins per seat, 1-based seat number as key (shared wins count for each winner).
    pub wins_per_seat: BTreeMap<usize, usize>,
    /// Wins per side: the winner's team, else its role, else its seat name; a side counts
    /// once per game however many of its seats share the win.
    pub wins_per_side: BTreeMap<String, usize>,
    /// Games with no winner.
    pub no_winner: usize,
    /// How often each result reason ended a game.
    pub reasons: BTreeMap<String, usize>,
    /// A cooperative game's results: how often the crew won, and how it lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crew: Option<CrewTally>,
    /// The crew's success rate with its interval (cooperative games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crew_rate: Option<Rate>,
    /// Finished games by how they ended: one winner, a win shared by several seats, none.
    pub outcomes: Outcomes,
    /// Each seat's wins alone (a rate of the finished games, with its 95% interval) and
    /// wins it shared: a shared win is never counted as a seat's own.
    pub seats: Vec<Standing>,
    /// The same by side (team, else role, else seat name): a side wins alone when all the
    /// winners are its seats.
    pub sides: Vec<Standing>,
    /// Whether the seat that plays first wins more than its share (games with a winner).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<FirstPlayer>,
    /// Game lengths in decisions.
    pub decisions: Spread,
    /// Game lengths in the game's own unit (`length:` in game.yaml), and the unit's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<Spread>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length_unit: Option<String>,
    /// Each seat's final score, when the game keeps scores.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub scores: BTreeMap<usize, Spread>,
    /// Measures of the game as a game (Ludii's): how often a game ends (of those begun),
    /// how often with no winner, and the mean options a decision offers.
    pub measures: Measures,
    /// Each tag's numbers (cards and abilities the options named), by tag.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardNumbers>,
    /// Which wins the cards' "wins when played" count: "alone", or "alone or shared"
    /// where wins are shared (teams, a cooperative crew).
    pub card_wins: String,
    /// The correction of the cards' p-values for their number (`Holm, over N cards`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub card_correction: String,
    /// The questions asked, by kind (a game that types its questions).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<KindNumbers>,
    /// Every finished game in seed order (not in `--json`: `--csv` writes them).
    #[serde(skip)]
    pub rows: Vec<GameRow>,
    pub decisions_mean: f64,
    pub decisions_min: usize,
    pub decisions_max: usize,
    pub seconds: f64,
    pub games_per_second: f64,
    pub decisions_per_second: f64,
}

/// The results of a cooperative game's batch (`cooperative: true`): the seats win or lose
/// together, so what counts is how often the crew won and what ended the games it lost.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CrewTally {
    pub won: usize,
    pub lost: usize,
    /// Lost games by their result's reason ("no reason given" when it gives none).
    pub lost_by: BTreeMap<String, usize>,
}

/// One finished game: what the report, a CSV row, a paired comparison and a merge of
/// shards are made from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    pub seed: u64,
    pub winners: Vec<usize>,
    /// The winners' sides (team, else role, else seat name), each once, in order.
    pub sides: Vec<String>,
    /// Every seat's team, else its role, at the end, in seat order (empty for a seat with
    /// neither; rows of older shards have none), so that a side that never wins is still
    /// reported.
    #[serde(default)]
    pub seat_sides: Vec<String>,
    /// A cooperative game's: whether the crew won.
    pub crew: Option<bool>,
    pub reason: Option<String>,
    pub decisions: usize,
    /// The length in the game's own unit, when it declares one.
    pub length: Option<i64>,
    pub scores: BTreeMap<usize, i64>,
    /// A hash of the game's choices: two games with equal ones played the same way.
    pub digest: u64,
    /// The options offered over all its decisions.
    pub options: usize,
    /// The share of the game played before its winner led for good (see [`Decisiveness`]).
    #[serde(default)]
    pub settled: Option<f64>,
    /// What the options' tags (cards, abilities) saw: by tag, who was offered it and who
    /// chose it.
    pub tags: BTreeMap<String, crate::decision::TagUse>,
    /// By definition id: copies drawn into seats' zones, and held there at the end.
    pub cards: BTreeMap<String, (u32, u32)>,
    /// By definition id: how many times its behaviour ran (only those that ran; rows of
    /// older shards have none).
    #[serde(default)]
    pub resolved: BTreeMap<String, u32>,
    /// By question kind: how many questions of it the game asked (a game that types its
    /// questions; rows of older shards have none).
    #[serde(default)]
    pub questions: BTreeMap<String, u64>,
}

/// A question kind's numbers over a batch: how many questions of it were asked in all,
/// and in how many games.
#[derive(Debug, Clone, Serialize)]
pub struct KindNumbers {
    pub kind: String,
    pub asked: u64,
    pub games: usize,
}

/// Ludii's measures of a game: completion (games that end, of those begun), drawishness
/// (finished games with no winner), and the branching factor (options a decision, over
/// every decision of every finished game).
#[derive(Debug, Clone, Serialize)]
pub struct Measures {
    pub completion: Rate,
    pub drawishness: Rate,
    pub branching: f64,
    /// How early the winner is settled, when the game declares a counter to lead by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisiveness: Option<Decisiveness>,
}

/// Ludii's decisiveness, by the game's `lead:` counter: over the games won alone whose
/// winner led alone at the end, the mean share of the game (in decisions) played before
/// the winner took the lead for good. Lower is more decisive: the winner is clear early.
#[derive(Debug, Clone, Serialize)]
pub struct Decisiveness {
    pub games: usize,
    pub settled: f64,
}

/// A tag's numbers over a batch, counted in seat-games (a seat in a game): offered to it,
/// played by it (and how many times in all), and the seat's wins alone when it played the
/// tag against when it was offered it and did not.
#[derive(Debug, Clone, Serialize)]
pub struct CardNumbers {
    pub tag: String,
    /// Copies of the definition drawn into seats' zones, and held there at the ends of the
    /// games (when the tag is a definition id).
    pub drawn: usize,
    pub held: usize,
    pub offered: usize,
    pub played: usize,
    pub times: usize,
    /// How many times the definition's behaviour ran (its script's `play`, `drawn`...,
    /// not `can` or `label`), in all the games.
    pub resolved: usize,
    pub wins_when_played: Rate,
    pub wins_when_not: Rate,
    /// Whether the two differ: the two-sided p-value of the difference of the two rates
    /// (a two-proportion z-test), and Holm's adjustment of it over every card with both
    /// rates measured (`card_correction` names it). None when a rate has no seat-game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_adjusted: Option<f64>,
}

/// Finished games by how they ended.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Outcomes {
    pub one_winner: usize,
    pub shared_win: usize,
    pub no_winner: usize,
}

/// A seat's or a side's wins: alone, as a rate of the finished games with its 95% Wilson
/// interval, and shared with others (counted apart, never as its own).
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    /// `seat N`, or the side's id (a team's, a role's, a seat's name).
    pub name: String,
    /// The name for people: a seat with its side where the game gives the seat the same
    /// team (or role) in every game (`seat 1 (Law)`), a side by the name the game's data
    /// gives its team (`Law`; see `Content::side_name`).
    pub label: String,
    pub alone: Rate,
    pub shared: usize,
}

/// The first seat's wins alone against its fair share of the games won alone (1 / the
/// number of seats): the difference, and whether the share lies outside its interval.
#[derive(Debug, Clone, Serialize)]
pub struct FirstPlayer {
    pub alone: Rate,
    pub fair: f64,
    pub advantage: f64,
    pub significant: bool,
}

pub use crate::bot::bot_rng;

/// Plays one game with random bots in every seat; returns the game, ended. The bots
/// answer inside the flow (see [`Game::new_with_random_bots`]); the game and its log are
/// the same as when they answer each yielded decision from [`bot_rng`].
pub fn play_random(content: &Arc<Content>, seed: u64, players: Option<usize>) -> Result<Game, crate::diag::Error> {
    let setup = Setup::new(content, seed, players)?;
    ended(Game::new_with_random_bots(content.clone(), setup)?)
}

/// Like [`play_random`], reusing the Lua VM of a finished game when there is one.
pub fn play_random_reusing(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    previous: Option<Game>,
) -> Result<Game, crate::diag::Error> {
    play_reusing(content, seed, players, previous, None)
}

/// [`play_random_reusing`], the bots held to `ban` (restricted play).
fn play_reusing(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    previous: Option<Game>,
    ban: Option<&Ban>,
) -> Result<Game, crate::diag::Error> {
    let setup = Setup::new(content, seed, players)?;
    let game = match previous {
        // Whatever a previous game's scripts did to their VM, a game never fails because
        // of it: if the reused VM fails, the game is played again in a fresh one.
        Some(g) => match g.restart_with_bots(setup.clone(), ban.cloned()) {
            Ok(g) => g,
            Err(_) => Game::new_with_bots(content.clone(), setup, ban.cloned())?,
        },
        None => Game::new_with_bots(content.clone(), setup, ban.cloned())?,
    };
    ended(game)
}

fn ended(game: Game) -> Result<Game, crate::diag::Error> {
    match game.next_request() {
        None => Ok(game),
        Some(r) => Err(crate::diag::Error::Script(format!("the bots stopped at a decision of seat {}", r.seat))),
    }
}

/// What one run over a range of seeds found: its games and its errors, in seed order.
#[derive(Default)]
struct Tally {
    rows: Vec<GameRow>,
    errors: Vec<SimError>,
}

/// The message of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
        (Some(s), _) => (*s).to_string(),
        (_, Some(s)) => s.clone(),
        _ => "a panic with no message".into(),
    }
}

/// Runs `f`, its error a script error and its panic an engine fault, with their messages.
fn guarded<T>(f: impl FnOnce() -> Result<T, crate::diag::Error>) -> Result<T, (Failure, String)> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err((Failure::Script, e.to_string())),
        Err(payload) => Err((Failure::Engine, format!("engine fault: {}", panic_message(payload.as_ref())))),
    }
}

/// The row of a game `game` of seed `seed` played to its end.
fn row(content: &Content, seed: u64, game: &Game) -> Result<GameRow, crate::diag::Error> {
    let result = game.result().ok_or_else(|| crate::diag::Error::Script("the game has no result".into()))?;
    let seats = game.seats();
    // A side wins a game once, however many of its seats share the win.
    let side = |seat: &crate::state::Seat| {
        seat.team.clone().or_else(|| seat.role.clone()).unwrap_or_else(|| seat.name.clone())
    };
    let sides: std::collections::BTreeSet<String> = result.winners.iter().map(|&w| side(&seats[w - 1])).collect();
    let seat_sides = seats.iter().map(|s| s.team.clone().or_else(|| s.role.clone()).unwrap_or_default()).collect();
    // The choices' digest, written as it goes (no copy of them).
    let mut digest = crate::hash::Fnv::default();
    for c in game.choices() {
        digest.write(&(c.seat as u32).to_le_bytes());
        for p in &c.picks {
            digest.write(&p.to_le_bytes());
        }
        digest.write(&[0xff]);
    }
    Ok(GameRow {
        seed,
        winners: result.winners.clone(),
        sides: sides.into_iter().collect(),
        seat_sides,
        crew: result.crew,
        reason: result.reason.clone(),
        decisions: game.choices().len(),
        length: content.length.as_ref().map(|l| game.counter(&l.counter).unwrap_or(0)),
        scores: result.scores.clone(),
        digest: digest.finish(),
        options: game.options_offered(),
        settled: game.settled(),
        tags: game.tags().clone(),
        cards: game.card_counts(),
        resolved: game.resolved(),
        questions: game.asked(),
    })
}

/// Each seat's strategy bot (None: random), as a thread of a batch keeps them.
type Bots = Vec<Option<Rc<Player>>>;

/// Whether a batch leaves the VM of each thread's last game to the process's exit instead
/// of freeing it object by object (about a million instructions: a quarter of what a
/// `sim -n 1` of Dice Town plays). Only a program that exits once its batches are done
/// sets it (the command line's `sim`); a library caller gets back all it lent.
static LEAVE_TO_EXIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on, batches leave their last games to the process's exit (see
/// [`LEAVE_TO_EXIT`]): for a program that exits when its batches are done.
pub fn leave_last_games_to_exit() {
    LEAVE_TO_EXIT.store(true, std::sync::atomic::Ordering::Relaxed);
}

fn tally(
    content: &Arc<Content>,
    seeds: Seeds,
    players: Option<usize>,
    lineup: &Lineup,
    done: &(dyn Fn() + Sync),
) -> Tally {
    let mut t = Tally::default();
    let mut previous = None;
    // The strategy bots of this thread, one VM a bot however many seats it plays: made
    // once, and again after an engine fault, which may have left one half-way.
    let mut bots: Option<Result<Bots, (Failure, String)>> = None;
    for s in seeds.iter() {
        let made = bots.get_or_insert_with(|| guarded(|| lineup.strategies(content)));
        let played = match made {
            Err(e) => Err(e.clone()),
            Ok(strategies) => {
                let previous = previous.take();
                guarded(|| {
                    let game = if strategies.iter().all(Option::is_none) {
                        play_reusing(content, s, players, previous, lineup.ban.as_ref())
                    } else {
                        play_lineup(content, s, players, previous, strategies, lineup.ban.as_ref(), None)
                    }?;
                    #[cfg(feature = "test-hooks")]
                    faults::strike(content.hash, s);
                    Ok((row(content, s, &game)?, game))
                })
            }
        };
        match played {
            Ok((r, game)) => {
                t.rows.push(r);
                previous = Some(game);
            }
            Err((kind, message)) => {
                if kind == Failure::Engine {
                    bots = None;
                }
                t.errors.push(SimError { seed: s, kind, message });
            }
        }
        done();
    }
    if LEAVE_TO_EXIT.load(std::sync::atomic::Ordering::Relaxed) {
        std::mem::forget(previous);
    }
    t
}

/// Plays the games of `seeds` on `jobs` threads (each a contiguous part of them). Every
/// seed ends as a row or an error: a thread that stops fails the games it had left.
fn play_range(
    content: &Arc<Content>,
    seeds: Seeds,
    players: Option<usize>,
    jobs: usize,
    lineup: &Lineup,
    done: &(dyn Fn() + Sync),
) -> Tally {
    let games = seeds.count;
    let jobs = (jobs as u64).clamp(1, games.max(1));
    let per = games.div_ceil(jobs);
    let parts: Vec<Seeds> = (0..jobs)
        .map(|j| seeds.part(j.saturating_mul(per).min(games), (j + 1).saturating_mul(per).min(games)))
        .filter(|p| p.count > 0)
        .collect();
    let mut all = if parts.len() <= 1 {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| tally(content, seeds, players, lineup, done))) {
            Ok(t) => t,
            Err(p) => Tally { rows: Vec::new(), errors: stopped(seeds, p.as_ref()) },
        }
    } else {
        let parts: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .into_iter()
                .map(|part| (part, scope.spawn(move || tally(content, part, players, lineup, done))))
                .collect();
            handles
                .into_iter()
                .map(|(part, h)| {
                    h.join().unwrap_or_else(|p| Tally { rows: Vec::new(), errors: stopped(part, p.as_ref()) })
                })
                .collect()
        });
        let mut all = Tally::default();
        for p in parts {
            all.rows.extend(p.rows);
            all.errors.extend(p.errors);
        }
        all
    };
    account(seeds, &mut all);
    all
}

/// The errors of the games of `seeds` when the thread playing them stopped.
fn stopped(seeds: Seeds, payload: &(dyn std::any::Any + Send)) -> Vec<SimError> {
    let message = format!("engine fault: the thread playing {seeds} stopped: {}", panic_message(payload));
    seeds.iter().map(|seed| SimError { seed, kind: Failure::Engine, message: message.clone() }).collect()
}

/// Makes sure every seed of `seeds` is a row or an error, once: a seed with neither is an
/// engine fault. (The batch above never leaves one; this keeps the count true whatever.)
fn account(seeds: Seeds, t: &mut Tally) {
    let mut have: Vec<u64> =
        t.rows.iter().map(|r| r.seed).chain(t.errors.iter().map(|e| e.seed)).filter_map(|s| seeds.index(s)).collect();
    have.sort_unstable();
    have.dedup();
    if have.len() as u64 == seeds.count {
        return;
    }
    let mut next = 0;
    for i in have.into_iter().chain(std::iter::once(seeds.count)) {
        for missing in next..i {
            let seed = seeds.first.wrapping_add(missing);
            let message = "engine fault: the game was not played".to_string();
            t.errors.push(SimError { seed, kind: Failure::Engine, message });
        }
        next = i + 1;
    }
}

/// Faults planted by tests (the `test-hooks` feature): a game of given content and seed
/// panics once played, as an engine bug would, so that a test sees the batch count it.
#[cfg(feature = "test-hooks")]
mod faults {
    use std::sync::Mutex;

    /// The (content hash, seed) pairs whose games panic.
    static PLANTED: Mutex<Vec<(u64, u64)>> = Mutex::new(Vec::new());

    /// Makes every batch game of the content of hash `content` and seed `seed` panic after
    /// it is played: a content of its own (a `--set` value no other test uses) keeps the
    /// fault out of other tests' batches.
    pub fn plant_fault(content: u64, seed: u64) {
        PLANTED.lock().unwrap_or_else(|e| e.into_inner()).push((content, seed));
    }

    pub(super) fn strike(content: u64, seed: u64) {
        if PLANTED.lock().unwrap_or_else(|e| e.into_inner()).contains(&(content, seed)) {
            panic!("a fault planted by a test in the game of seed {seed}");
        }
    }
}

/// Who plays each seat of a batch: the random bot, a strategy bot of the game by name
/// (`scripts/<game>/bots/NAME.lua`) or the built-in search (`search[:KEY=VALUE,...]`,
/// `game::Search`); and restricted play's ban, if any.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lineup {
    /// Seat i's bot is `bots[i - 1]`: "random", a strategy bot's name or a search's
    /// (missing: random).
    pub bots: Vec<String>,
    pub ban: Option<Ban>,
}

impl Lineup {
    /// Random bots in every seat.
    pub fn random() -> Lineup {
        Lineup::default()
    }

    /// The bots of `players` seats by name, as the report gives them.
    pub fn names(&self, players: usize) -> Vec<String> {
        (0..players).map(|i| self.bots.get(i).cloned().unwrap_or_else(|| "random".into())).collect()
    }

    /// Whether every seat plays the random bot.
    pub fn all_random(&self) -> bool {
        self.bots.iter().all(|b| b == "random")
    }

    /// Each seat's strategy bot (None: random), one VM a bot; an unknown bot's error.
    fn strategies(&self, content: &Arc<Content>) -> Result<Vec<Option<Rc<Player>>>, crate::diag::Error> {
        let mut made: BTreeMap<&str, Rc<Player>> = BTreeMap::new();
        let mut out = Vec::with_capacity(self.bots.len());
        for b in &self.bots {
            if b == "random" {
                out.push(None);
                continue;
            }
            if !made.contains_key(b.as_str()) {
                made.insert(b, Rc::new(Player::new(content, b)?));
            }
            out.push(made.get(b.as_str()).cloned());
        }
        Ok(out)
    }

    /// Checks that every bot named exists and loads (the error names the game's bots).
    pub fn check(&self, content: &Arc<Content>) -> Result<(), crate::diag::Error> {
        self.strategies(content).map(|_| ())
    }
}

/// Plays game `seed` with the bots of `lineup` (`posse check` plays each strategy bot of
/// a game so): the game `sim` plays for that seed with that line-up.
pub fn play_with(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    lineup: &Lineup,
) -> Result<Game, crate::diag::Error> {
    let strategies = lineup.strategies(content)?;
    play_lineup(content, seed, players, None, &strategies, lineup.ban.as_ref(), None)
}

/// [`play_with`], stopped (without an error) once `decisions` choices are made: a look at
/// how a line-up plays a game's start, at a bounded cost (`posse check`'s search game).
pub fn play_start_with(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    lineup: &Lineup,
    decisions: usize,
) -> Result<Game, crate::diag::Error> {
    let strategies = lineup.strategies(content)?;
    play_lineup(content, seed, players, None, &strategies, lineup.ban.as_ref(), Some(decisions))
}

/// Plays game `seed` with `strategies` (by seat; None: the random bot): the random seats
/// answer in the flow from [`bot_rng`], each strategy bot the decisions that yield to it,
/// drawing from the stream of [`crate::bot::pick_seed`] at its decision's position. The
/// game is the one `posse play` with the same bots plays, where every decision yields.
fn play_lineup(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    previous: Option<Game>,
    strategies: &[Option<Rc<Player>>],
    ban: Option<&Ban>,
    stop: Option<usize>,
) -> Result<Game, crate::diag::Error> {
    let setup = Setup::new(content, seed, players)?;
    let yields: Vec<usize> = (1..=strategies.len()).filter(|&s| strategies[s - 1].is_some()).collect();
    let mut game = match previous {
        Some(g) => match g.restart_with_lineup(setup.clone(), yields.clone(), ban.cloned()) {
            Ok(g) => g,
            Err(_) => Game::new_with_lineup(content.clone(), setup, yields, ban.cloned())?,
        },
        None => Game::new_with_lineup(content.clone(), setup, yields, ban.cloned())?,
    };
    while let Some(seat) = game.next_request().map(|r| r.seat) {
        if stop.is_some_and(|n| game.choices().len() >= n) {
            break;
        }
        if game.choices().len() >= crate::limits::MAX_DECISIONS {
            let n = crate::limits::MAX_DECISIONS;
            return Err(crate::diag::Error::Script(format!("the game did not end within {n} decisions")));
        }
        let picks = match strategies.get(seat - 1).and_then(Option::as_deref) {
            Some(bot) => game.bot_pick(bot, seat, crate::bot::pick_seed(seed, game.choices().len()), ban)?,
            // A random seat's request in a yielded `posse.choose_each`.
            None => game.auto_random_pick(seat)?,
        };
        game.choose(seat, &picks)?;
    }
    Ok(game)
}

/// The games of `seeds` on `jobs` threads, as rows and errors (a shard's).
pub(super) fn play_rows(
    content: &Arc<Content>,
    seeds: Seeds,
    players: Option<usize>,
    jobs: usize,
    lineup: &Lineup,
) -> (Vec<GameRow>, Vec<SimError>) {
    let t = play_range(content, seeds, players, jobs, lineup, &|| {});
    (t.rows, t.errors)
}

/// Plays `games` games with random bots, seeds `seed, seed + 1, ...`, on `jobs` threads
/// (each takes a contiguous range of seeds; the report is the same for any `jobs`, but
/// for the timings).
pub fn run(content: &Arc<Content>, games: usize, seed: u64, players: Option<usize>, jobs: usize) -> SimReport {
    run_with_progress(content, games, seed, players, jobs, &Lineup::random(), &|| {})
}

/// [`run`] with the bots of `lineup` (and its ban: restricted play), calling `done` after
/// every game (from the thread that played it): what a progress bar counts.
pub fn run_with_progress(
    content: &Arc<Content>,
    games: usize,
    seed: u64,
    players: Option<usize>,
    jobs: usize,
    lineup: &Lineup,
    done: &(dyn Fn() + Sync),
) -> SimReport {
    let start = Instant::now();
    let jobs = jobs.clamp(1, games.max(1));
    let all = play_range(content, Seeds { first: seed, count: games as u64 }, players, jobs, lineup, done);
    let batch = Batch::of(content, games, seed, players).with_bots(lineup);
    let mut r = report(&batch, all, jobs);
    r.timed(start.elapsed().as_secs_f64());
    r
}

/// The report of games played here. Their counts cannot pass the largest number (each
/// game's are bounded by the limits); were they to, the games would all count as failed
/// rather than the report be wrong.
fn report(batch: &Batch, all: Tally, jobs: usize) -> SimReport {
    let Tally { rows, mut errors } = all;
    let seeds: Vec<u64> = rows.iter().map(|r| r.seed).collect();
    match report::build(batch, rows, errors.clone(), jobs) {
        Ok(r) => r,
        Err(at) => {
            let message = format!("engine fault: the batch's counts overflow at the game of seed {at}");
            errors.extend(seeds.into_iter().map(|seed| SimError {
                seed,
                kind: Failure::Engine,
                message: message.clone(),
            }));
            report::build(batch, Vec::new(), errors, jobs).unwrap_or_else(|_| unreachable!("no rows, no sums"))
        }
    }
}
