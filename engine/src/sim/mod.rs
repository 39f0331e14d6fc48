//! Batch simulation for designers: many games with random bots, seeds `S, S+1, ...`,
//! reporting completion, script errors (with the seed of each failing game), wins per
//! seat and per side, game lengths in decisions, and throughput.

mod compare;

pub use compare::{compare, Comparison, Difference};

use crate::content::Content;
use crate::game::{Game, Setup};
use crate::stats::{Rate, Spread};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Clone, Serialize)]
pub struct SimError {
    pub seed: u64,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SimReport {
    pub game: String,
    /// The values `--set` changed ("KEY=VALUE").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    pub players: usize,
    pub games: usize,
    /// Seed of the first game; game i has seed `seed + i`.
    pub seed: u64,
    /// Threads the games ran on.
    pub jobs: usize,
    pub finished: usize,
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

impl CrewTally {
    fn merge(&mut self, other: CrewTally) {
        self.won += other.won;
        self.lost += other.lost;
        for (k, v) in other.lost_by {
            *self.lost_by.entry(k).or_default() += v;
        }
    }
}

/// One finished game, as a CSV row and a paired comparison read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameRow {
    pub seed: u64,
    pub winners: Vec<usize>,
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
}

/// Ludii's measures of a game: completion (games that end, of those begun), drawishness
/// (finished games with no winner), and the branching factor (options a decision, over
/// every decision of every finished game).
#[derive(Debug, Clone, Serialize)]
pub struct Measures {
    pub completion: Rate,
    pub drawishness: Rate,
    pub branching: f64,
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
    pub name: String,
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
    let setup = Setup::new(content, seed, players)?;
    let game = match previous {
        // Whatever a previous game's scripts did to their VM, a game never fails because
        // of it: if the reused VM fails, the game is played again in a fresh one.
        Some(g) => match g.restart_with_random_bots(setup.clone()) {
            Ok(g) => g,
            Err(_) => Game::new_with_random_bots(content.clone(), setup)?,
        },
        None => Game::new_with_random_bots(content.clone(), setup)?,
    };
    ended(game)
}

fn ended(game: Game) -> Result<Game, crate::diag::Error> {
    match game.next_request() {
        None => Ok(game),
        Some(r) => Err(crate::diag::Error::Script(format!("the bots stopped at a decision of seat {}", r.seat))),
    }
}

/// What one run over a range of seeds found; runs on several threads are merged.
#[derive(Default)]
struct Tally {
    finished: usize,
    errors: Vec<SimError>,
    wins_per_seat: BTreeMap<usize, usize>,
    wins_per_side: BTreeMap<String, usize>,
    no_winner: usize,
    reasons: BTreeMap<String, usize>,
    crew: CrewTally,
    lengths: Vec<usize>,
    one_winner: usize,
    shared_win: usize,
    alone_per_seat: BTreeMap<usize, usize>,
    shared_per_seat: BTreeMap<usize, usize>,
    alone_per_side: BTreeMap<String, usize>,
    shared_per_side: BTreeMap<String, usize>,
    /// Lengths in the game's own unit, in seed order.
    units: Vec<i64>,
    scores: BTreeMap<usize, Vec<i64>>,
    rows: Vec<GameRow>,
}

/// Adds `other`'s counts to `into`.
fn add_counts<K: Ord + Clone>(into: &mut BTreeMap<K, usize>, other: BTreeMap<K, usize>) {
    for (k, v) in other {
        *into.entry(k).or_default() += v;
    }
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.finished += other.finished;
        self.errors.extend(other.errors);
        for (k, v) in other.wins_per_seat {
            *self.wins_per_seat.entry(k).or_default() += v;
        }
        for (k, v) in other.wins_per_side {
            *self.wins_per_side.entry(k).or_default() += v;
        }
        self.no_winner += other.no_winner;
        for (k, v) in other.reasons {
            *self.reasons.entry(k).or_default() += v;
        }
        self.crew.merge(other.crew);
        self.lengths.extend(other.lengths);
        self.one_winner += other.one_winner;
        self.shared_win += other.shared_win;
        add_counts(&mut self.alone_per_seat, other.alone_per_seat);
        add_counts(&mut self.shared_per_seat, other.shared_per_seat);
        add_counts(&mut self.alone_per_side, other.alone_per_side);
        add_counts(&mut self.shared_per_side, other.shared_per_side);
        self.units.extend(other.units);
        self.rows.extend(other.rows);
        for (k, v) in other.scores {
            self.scores.entry(k).or_default().extend(v);
        }
    }
}

fn tally(
    content: &Arc<Content>,
    seeds: std::ops::Range<u64>,
    players: Option<usize>,
    done: &(dyn Fn() + Sync),
) -> Tally {
    let mut t = Tally::default();
    let mut previous = None;
    for s in seeds {
        match play_random_reusing(content, s, players, previous.take()) {
            Ok(game) => {
                t.lengths.push(game.choices().len());
                t.finished += 1;
                let result = game.result().expect("over");
                match result.winners.len() {
                    0 => t.no_winner += 1,
                    1 => t.one_winner += 1,
                    _ => t.shared_win += 1,
                }
                {
                    let seats = game.seats();
                    let alone = result.winners.len() == 1;
                    // A side wins a game once, however many of its seats share the win.
                    let mut sides = std::collections::BTreeSet::new();
                    for &w in &result.winners {
                        *t.wins_per_seat.entry(w).or_default() += 1;
                        let per = if alone { &mut t.alone_per_seat } else { &mut t.shared_per_seat };
                        *per.entry(w).or_default() += 1;
                        let seat = &seats[w - 1];
                        sides.insert(
                            seat.team.clone().or_else(|| seat.role.clone()).unwrap_or_else(|| seat.name.clone()),
                        );
                    }
                    let one_side = sides.len() == 1;
                    for side in sides {
                        *t.wins_per_side.entry(side.clone()).or_default() += 1;
                        let per = if one_side { &mut t.alone_per_side } else { &mut t.shared_per_side };
                        *per.entry(side).or_default() += 1;
                    }
                }
                for (&seat, &score) in &result.scores {
                    t.scores.entry(seat).or_default().push(score);
                }
                let length = content.length.as_ref().map(|l| game.counter(&l.counter).unwrap_or(0));
                if let Some(l) = length {
                    t.units.push(l);
                }
                let choices: Vec<u8> = game
                    .choices()
                    .iter()
                    .flat_map(|c| {
                        let mut b = (c.seat as u32).to_le_bytes().to_vec();
                        for p in &c.picks {
                            b.extend(p.to_le_bytes());
                        }
                        b.push(0xff);
                        b
                    })
                    .collect();
                t.rows.push(GameRow {
                    seed: s,
                    winners: result.winners.clone(),
                    crew: result.crew,
                    reason: result.reason.clone(),
                    decisions: game.choices().len(),
                    length,
                    scores: result.scores.clone(),
                    digest: crate::hash::fnv(&choices),
                    options: game.options_offered(),
                });
                if let Some(r) = &result.reason {
                    *t.reasons.entry(r.clone()).or_default() += 1;
                }
                match result.crew {
                    Some(true) => t.crew.won += 1,
                    Some(false) => {
                        t.crew.lost += 1;
                        let why = result.reason.clone().unwrap_or_else(|| "no reason given".into());
                        *t.crew.lost_by.entry(why).or_default() += 1;
                    }
                    None => {}
                }
                previous = Some(game);
            }
            Err(e) => t.errors.push(SimError { seed: s, message: e.to_string() }),
        }
        done();
    }
    t
}

/// Plays `games` games with random bots, seeds `seed, seed + 1, ...`, on `jobs` threads
/// (each takes a contiguous range of seeds; the report is the same for any `jobs`, but
/// for the timings).
pub fn run(content: &Arc<Content>, games: usize, seed: u64, players: Option<usize>, jobs: usize) -> SimReport {
    run_with_progress(content, games, seed, players, jobs, &|| {})
}

/// [`run`], calling `done` after every game (from the thread that played it): what a
/// progress bar counts.
pub fn run_with_progress(
    content: &Arc<Content>,
    games: usize,
    seed: u64,
    players: Option<usize>,
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> SimReport {
    let start = Instant::now();
    let jobs = jobs.clamp(1, games.max(1));
    let per = games.div_ceil(jobs) as u64;
    let ranges: Vec<std::ops::Range<u64>> = (0..jobs as u64)
        .map(|j| seed.wrapping_add(j * per)..seed.wrapping_add(((j + 1) * per).min(games as u64)))
        .filter(|r| r.start < r.end || games == 0)
        .collect();
    let mut all = Tally::default();
    if ranges.len() <= 1 {
        all = tally(content, seed..seed.wrapping_add(games as u64), players, done);
    } else {
        let parts: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> =
                ranges.into_iter().map(|r| scope.spawn(move || tally(content, r, players, done))).collect();
            handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
        });
        for p in parts {
            all.merge(p);
        }
    }
    all.errors.sort_by_key(|e| e.seed);
    let secs = start.elapsed().as_secs_f64();
    let total: usize = all.lengths.iter().sum();
    let n = all.lengths.len();
    let players = players.unwrap_or(content.players.default.unwrap_or(content.players.min));
    let finished = all.finished;
    let standing =
        |name: String, alone: usize, shared: usize| Standing { name, alone: Rate::new(alone, finished), shared };
    let seats: Vec<Standing> = (1..=players)
        .map(|s| {
            let get = |m: &BTreeMap<usize, usize>| m.get(&s).copied().unwrap_or(0);
            standing(format!("seat {s}"), get(&all.alone_per_seat), get(&all.shared_per_seat))
        })
        .collect();
    let sides: Vec<Standing> = all
        .wins_per_side
        .keys()
        .map(|k| {
            let get = |m: &BTreeMap<String, usize>| m.get(k).copied().unwrap_or(0);
            standing(k.clone(), get(&all.alone_per_side), get(&all.shared_per_side))
        })
        .collect();
    // Seat 1's fair share of the games won alone is one seat's part of them.
    let first_player = (players > 1 && !content.cooperative && finished > 0).then(|| {
        let alone = seats[0].alone;
        let fair = all.one_winner as f64 / finished as f64 / players as f64;
        FirstPlayer { alone, fair, advantage: alone.rate - fair, significant: alone.excludes(fair) }
    });
    let lengths: Vec<i64> = all.lengths.iter().map(|&l| l as i64).collect();
    SimReport {
        game: content.id.clone(),
        sets: content.sets.clone(),
        players,
        games,
        seed,
        jobs,
        finished: all.finished,
        errors: all.errors,
        wins_per_seat: all.wins_per_seat,
        wins_per_side: all.wins_per_side,
        no_winner: all.no_winner,
        reasons: all.reasons,
        crew_rate: content.cooperative.then(|| Rate::new(all.crew.won, finished)),
        crew: content.cooperative.then_some(all.crew),
        outcomes: Outcomes { one_winner: all.one_winner, shared_win: all.shared_win, no_winner: all.no_winner },
        seats,
        sides,
        first_player,
        decisions: Spread::of(&lengths),
        length: content.length.as_ref().map(|_| Spread::of(&all.units)),
        length_unit: content.length.as_ref().map(|l| l.unit.clone()),
        scores: all.scores.iter().map(|(&s, v)| (s, Spread::of(v))).collect(),
        measures: Measures {
            completion: Rate::new(finished, games),
            drawishness: Rate::new(all.no_winner, finished),
            branching: {
                let decisions: usize = all.rows.iter().map(|r| r.decisions).sum();
                let options: usize = all.rows.iter().map(|r| r.options).sum();
                if decisions == 0 {
                    0.0
                } else {
                    options as f64 / decisions as f64
                }
            },
        },
        rows: all.rows,
        decisions_mean: if n > 0 { total as f64 / n as f64 } else { 0.0 },
        decisions_min: all.lengths.iter().copied().min().unwrap_or(0),
        decisions_max: all.lengths.iter().copied().max().unwrap_or(0),
        seconds: secs,
        games_per_second: if secs > 0.0 { games as f64 / secs } else { 0.0 },
        decisions_per_second: if secs > 0.0 { total as f64 / secs } else { 0.0 },
    }
}
