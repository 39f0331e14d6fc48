//! Batches beyond one machine: shard K of N plays the K-th of N disjoint, contiguous
//! slices of a batch's seeds and keeps its games raw (a [`Shard`], written as JSON); a
//! merge of all N shards is the report of the same games played on one machine.

use super::report::{build, Batch};
use super::{play_rows, GameRow, SimError, SimReport};
use crate::content::Content;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The raw games of one shard of a batch.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Shard {
    pub batch: Batch,
    /// This shard (0-based) and the number of shards.
    pub shard: usize,
    pub shards: usize,
    pub rows: Vec<GameRow>,
    pub errors: Vec<SimError>,
}

/// The seeds of shard `k` of `n` of a batch of `games` from `seed`: contiguous slices of
/// equal size but the last.
pub fn slice(games: usize, seed: u64, k: usize, n: usize) -> std::ops::Range<u64> {
    let per = games.div_ceil(n.max(1)) as u64;
    let from = (k as u64 * per).min(games as u64);
    let to = ((k as u64 + 1) * per).min(games as u64);
    seed.wrapping_add(from)..seed.wrapping_add(to)
}

/// How many games shard `k` of `n` plays.
pub fn shard_games(games: usize, k: usize, n: usize) -> usize {
    let r = slice(games, 0, k, n);
    (r.end - r.start) as usize
}

/// Plays shard `k` (0-based) of `n` of the batch of `games` from `seed`, on `jobs`
/// threads.
pub fn run_shard(
    content: &Arc<Content>,
    games: usize,
    seed: u64,
    players: Option<usize>,
    jobs: usize,
    lineup: &super::Lineup,
    (k, n): (usize, usize),
) -> Shard {
    let (rows, errors) = play_rows(content, slice(games, seed, k, n), players, jobs, lineup);
    Shard { batch: Batch::of(content, games, seed, players).with_bots(lineup), shard: k, shards: n, rows, errors }
}

/// The report of the batch `shards` are of: every shard 0..N of the same batch, once.
pub fn merge(shards: Vec<Shard>) -> Result<SimReport, String> {
    let Some(first) = shards.first() else { return Err("no shards to merge".into()) };
    let (batch, n) = (first.batch.clone(), first.shards);
    let mut seen = vec![false; n];
    for s in &shards {
        if s.batch != batch || s.shards != n {
            return Err(format!(
                "shard {} of {} is of another batch ({} games of {} from seed {}, not {} of {} from {})",
                s.shard + 1,
                s.shards,
                s.batch.games,
                s.batch.game,
                s.batch.seed,
                batch.games,
                batch.game,
                batch.seed
            ));
        }
        if s.shard >= n || std::mem::replace(&mut seen[s.shard], true) {
            return Err(format!("shard {} of {n} is given twice or does not exist", s.shard + 1));
        }
    }
    if let Some(k) = seen.iter().position(|&s| !s) {
        return Err(format!("shard {} of {n} is missing", k + 1));
    }
    let (rows, errors) = shards.into_iter().fold((Vec::new(), Vec::new()), |(mut r, mut e), s| {
        r.extend(s.rows);
        e.extend(s.errors);
        (r, e)
    });
    Ok(build(&batch, rows, errors, n))
}
