//! Batch simulation for designers: many games with random bots, seeds `S, S+1, ...`,
//! reporting completion, script errors (with the seed of each failing game), wins per
//! seat and per side, game lengths in decisions, and throughput.

use crate::content::Content;
use crate::game::{Game, Setup};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// A game that has not ended after this many decisions counts as an error.
pub const MAX_DECISIONS: usize = 100_000;

#[derive(Debug, Clone, Serialize)]
pub struct SimError {
    pub seed: u64,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SimReport {
    pub game: String,
    pub players: usize,
    pub games: usize,
    pub finished: usize,
    pub errors: Vec<SimError>,
    /// Wins per seat, 1-based seat number as key (shared wins count for each winner).
    pub wins_per_seat: BTreeMap<usize, usize>,
    /// Wins per side: the winner's team, or its seat name when it has none.
    pub wins_per_side: BTreeMap<String, usize>,
    /// Games with no winner.
    pub no_winner: usize,
    /// How often each result reason ended a game.
    pub reasons: BTreeMap<String, usize>,
    pub decisions_mean: f64,
    pub decisions_min: usize,
    pub decisions_max: usize,
    pub seconds: f64,
    pub games_per_second: f64,
    pub decisions_per_second: f64,
}

pub use crate::bot::bot_rng;

/// Plays one game with random bots in every seat; returns the game, ended. The bots
/// answer inside the flow (see [`Game::new_with_random_bots`]); the game and its log are
/// the same as when they answer each yielded decision from [`bot_rng`].
pub fn play_random(content: &Arc<Content>, seed: u64, players: Option<usize>) -> Result<Game, crate::Error> {
    let setup = Setup::new(content, seed, players)?;
    ended(Game::new_with_random_bots(content.clone(), setup)?)
}

/// Like [`play_random`], reusing the Lua VM of a finished game when there is one.
pub fn play_random_reusing(
    content: &Arc<Content>,
    seed: u64,
    players: Option<usize>,
    previous: Option<Game>,
) -> Result<Game, crate::Error> {
    let setup = Setup::new(content, seed, players)?;
    let game = match previous {
        Some(g) => g.restart_with_random_bots(setup)?,
        None => Game::new_with_random_bots(content.clone(), setup)?,
    };
    ended(game)
}

fn ended(game: Game) -> Result<Game, crate::Error> {
    match game.next_request() {
        None => Ok(game),
        Some(r) => Err(crate::Error::Script(format!("the bots stopped at a decision of seat {}", r.seat))),
    }
}

pub fn run(content: &Arc<Content>, games: usize, seed: u64, players: Option<usize>) -> SimReport {
    let start = Instant::now();
    let mut report = SimReport {
        game: content.id.clone(),
        players: players.unwrap_or(content.players.default.unwrap_or(content.players.min)),
        games,
        finished: 0,
        errors: Vec::new(),
        wins_per_seat: BTreeMap::new(),
        wins_per_side: BTreeMap::new(),
        no_winner: 0,
        reasons: BTreeMap::new(),
        decisions_mean: 0.0,
        decisions_min: 0,
        decisions_max: 0,
        seconds: 0.0,
        games_per_second: 0.0,
        decisions_per_second: 0.0,
    };
    let mut total = 0usize;
    let mut lengths = Vec::new();
    let mut previous = None;
    for i in 0..games {
        let s = seed.wrapping_add(i as u64);
        match play_random_reusing(content, s, players, previous.take()) {
            Ok(game) => {
                let n = game.choices().len();
                total += n;
                lengths.push(n);
                report.finished += 1;
                let result = game.result().expect("over").clone();
                if result.winners.is_empty() {
                    report.no_winner += 1;
                }
                let view = game.view(None);
                for &w in &result.winners {
                    *report.wins_per_seat.entry(w).or_default() += 1;
                    let sv = &view.seats[w - 1];
                    let side = sv.team.clone().unwrap_or_else(|| sv.name.clone());
                    *report.wins_per_side.entry(side).or_default() += 1;
                }
                if let Some(r) = result.reason {
                    *report.reasons.entry(r).or_default() += 1;
                }
                previous = Some(game);
            }
            Err(e) => report.errors.push(SimError { seed: s, message: e.to_string() }),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    report.seconds = secs;
    if !lengths.is_empty() {
        report.decisions_mean = total as f64 / lengths.len() as f64;
        report.decisions_min = *lengths.iter().min().expect("non-empty");
        report.decisions_max = *lengths.iter().max().expect("non-empty");
    }
    if secs > 0.0 {
        report.games_per_second = games as f64 / secs;
        report.decisions_per_second = total as f64 / secs;
    }
    report
}
