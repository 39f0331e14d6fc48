//! Batches beyond one machine: shard K of N plays the K-th of N disjoint, contiguous
//! slices of a batch's seeds and keeps its games raw (a [`Shard`], written as JSON); a
//! merge of all N shards is the report of the same games played on one machine.
//!
//! A shard's file may come from anywhere, so [`merge`] trusts nothing in it: it takes
//! exactly the batch, or refuses with the file and what is wrong. Every shard is of the
//! same batch (game, `--set` values, content hash, players, games, first seed, bots,
//! number of shards), each shard 0..N once; a shard holds every seed of its slice once,
//! as a game or an error, and no other; a game's values are in range (winners and seats
//! are seats of the game, a tag played by the seats it was offered to, a crew's result
//! only in a cooperative game); and no sum of the report passes the largest number.

use super::report::{build, Batch};
use super::{play_rows, GameRow, Seeds, SimError, SimReport};
use crate::content::Content;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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
/// equal size but the last (seeds wrap from the largest to 0, as a batch's do).
pub fn slice(games: usize, seed: u64, k: usize, n: usize) -> Seeds {
    let games = games as u64;
    let per = games.div_ceil(n.max(1) as u64);
    let from = (k as u64).saturating_mul(per).min(games);
    let to = (k as u64).saturating_add(1).saturating_mul(per).min(games);
    Seeds { first: seed.wrapping_add(from), count: to.saturating_sub(from) }
}

/// How many games shard `k` of `n` plays.
pub fn shard_games(games: usize, k: usize, n: usize) -> usize {
    slice(games, 0, k, n).count as usize
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

/// The report of the batch `shards` are of, each shard with the name of its file: every
/// shard 0..N of the same batch, once, each exactly its slice's games. Err: the file and
/// what is wrong with it.
pub fn merge(shards: Vec<(String, Shard)>) -> Result<SimReport, String> {
    let Some((first_name, first)) = shards.first() else { return Err("no shards to merge".into()) };
    let (batch, n) = (&first.batch, first.shards);
    check_batch(first_name, first)?;
    let mut given: BTreeMap<usize, &str> = BTreeMap::new();
    for (name, s) in &shards {
        let diff = differences(&s.batch, batch, s.shards, n);
        if !diff.is_empty() {
            return Err(format!("{name}: not a shard of the batch of {first_name}: {}", diff.join("; ")));
        }
        if s.shard >= n {
            return Err(format!("{name}: shard {} of {n}, which does not exist", s.shard.saturating_add(1)));
        }
        if let Some(other) = given.insert(s.shard, name) {
            let also = if other == name { "the file is given twice".to_string() } else { format!("it is {other} too") };
            return Err(format!("{name}: shard {} of {n} again ({also})", s.shard + 1));
        }
        check_games(name, s)?;
    }
    // Every shard given once and none out of range: a shard missing is a number not given.
    if let Some(k) = (0..n).find(|k| !given.contains_key(k)) {
        let seeds = slice(batch.games, batch.seed, k, n);
        return Err(format!("shard {} of {n} is missing ({seeds}): give every shard of the batch once", k + 1));
    }
    // Which file each seed came from, to name the one whose counts overflow.
    let from: BTreeMap<u64, &str> =
        shards.iter().flat_map(|(name, s)| s.rows.iter().map(move |r| (r.seed, name.as_str()))).collect();
    let (rows, errors) = shards.iter().fold((Vec::new(), Vec::new()), |(mut r, mut e), (_, s)| {
        r.extend(s.rows.iter().cloned());
        e.extend(s.errors.iter().cloned());
        (r, e)
    });
    build(batch, rows, errors, n).map_err(|seed| {
        let name = from.get(&seed).copied().unwrap_or(first_name);
        format!(
            "{name}: the game of seed {seed} makes the batch's counts pass the largest number: not a shard of posse's"
        )
    })
}

/// What a batch must be for a report of it: a content hash, 1 to MAX_SEATS players, a bot
/// a seat, a shard of the shards.
fn check_batch(name: &str, s: &Shard) -> Result<(), String> {
    let b = &s.batch;
    if b.content_hash.is_empty() {
        return Err(format!(
            "{name}: no content hash (a shard of an older posse): merge cannot tell which content it was played with; play the shard again"
        ));
    }
    let most = crate::limits::MAX_SEATS;
    if b.players == 0 || b.players > most {
        return Err(format!("{name}: {} players (a game has 1 to {most})", b.players));
    }
    if !b.bots.is_empty() && b.bots.len() != b.players {
        return Err(format!("{name}: {} bots for {} seats (expected a bot a seat)", b.bots.len(), b.players));
    }
    if s.shards == 0 {
        return Err(format!("{name}: a batch of 0 shards"));
    }
    Ok(())
}

/// How batch `b` (of `n` shards) differs from `first` (of `first_n`), one phrase a field.
fn differences(b: &Batch, first: &Batch, n: usize, first_n: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut differ = |here: String, there: String| {
        if here != there {
            out.push(format!("{here} here, {there} there"));
        }
    };
    differ(format!("game {}", b.game), format!("game {}", first.game));
    let sets = |s: &[String]| if s.is_empty() { "no --set".to_string() } else { format!("--set {}", s.join(" ")) };
    differ(sets(&b.sets), sets(&first.sets));
    differ(format!("content hash {}", b.content_hash), format!("content hash {}", first.content_hash));
    differ(format!("{} players", b.players), format!("{} players", first.players));
    differ(
        format!("{} games from seed {}", b.games, b.seed),
        format!("{} games from seed {}", first.games, first.seed),
    );
    let bots = |b: &[String]| if b.is_empty() { "random bots".to_string() } else { format!("bots {}", b.join(",")) };
    differ(bots(&b.bots), bots(&first.bots));
    differ(format!("{n} shards"), format!("{first_n} shards"));
    let kind = |b: &Batch| format!("cooperative {}, length unit {:?}, lead {}", b.cooperative, b.length_unit, b.lead);
    differ(kind(b), kind(first));
    out
}

/// Checks that shard `s` holds every seed of its slice once, as a game or an error, and
/// nothing else, and that each game's values are in range.
fn check_games(name: &str, s: &Shard) -> Result<(), String> {
    let b = &s.batch;
    let seeds = slice(b.games, b.seed, s.shard, s.shards);
    let which = format!("shard {} of {} ({seeds})", s.shard + 1, s.shards);
    let mut at: Vec<(u64, u64)> = Vec::with_capacity(s.rows.len() + s.errors.len());
    for seed in s.rows.iter().map(|r| r.seed).chain(s.errors.iter().map(|e| e.seed)) {
        let i = seeds.index(seed).ok_or_else(|| format!("{name}: seed {seed} is not of {which}"))?;
        at.push((i, seed));
    }
    at.sort_unstable();
    if let Some(w) = at.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("{name}: seed {} more than once (a seed is one game or one error)", w[0].1));
    }
    if (at.len() as u64) < seeds.count {
        // The first index not there: the first gap, or the one after the last.
        let i = at.iter().enumerate().find(|&(k, &(i, _))| i != k as u64).map_or(at.len() as u64, |(k, _)| k as u64);
        return Err(format!(
            "{name}: seed {} is missing: {which} has {} games and errors, not {}",
            seeds.first.wrapping_add(i),
            at.len(),
            seeds.count
        ));
    }
    for r in &s.rows {
        check_row(b, r).map_err(|e| format!("{name}: the game of seed {}: {e}", r.seed))?;
    }
    Ok(())
}

/// Whether a game's values are in range for its batch: every seat is one of the game's,
/// each once; sides as many as the winners at most, and some when there are winners; a
/// tag played only by seats it was offered to; a crew's result in a cooperative game and
/// only there; a length in the game's unit when it has one; the share settled in 0..=1.
fn check_row(b: &Batch, r: &GameRow) -> Result<(), String> {
    let seat = |what: &str, s: usize| {
        if (1..=b.players).contains(&s) {
            Ok(())
        } else {
            Err(format!("{what} seat {s}, but the batch has seats 1 to {}", b.players))
        }
    };
    let once = |what: &str, seats: &[usize]| -> Result<(), String> {
        for (i, &s) in seats.iter().enumerate() {
            seat(what, s)?;
            if seats[..i].contains(&s) {
                return Err(format!("{what} seat {s} twice"));
            }
        }
        Ok(())
    };
    once("winner", &r.winners)?;
    for &s in r.scores.keys() {
        seat("a score of", s)?;
    }
    let mut sides: Vec<&String> = r.sides.iter().collect();
    sides.sort_unstable();
    sides.dedup();
    if sides.len() != r.sides.len() || r.sides.len() > r.winners.len() || r.sides.is_empty() != r.winners.is_empty() {
        return Err(format!("{} winners' sides for {} winners", r.sides.len(), r.winners.len()));
    }
    if r.crew.is_some() != b.cooperative {
        let (has, is) =
            if r.crew.is_some() { ("a crew's result", "not cooperative") } else { ("no crew's result", "cooperative") };
        return Err(format!("{has}, but the game is {is}"));
    }
    if r.length.is_some() != b.length_unit.is_some() {
        return Err("a length, but the game has no unit of length, or none where it has one".into());
    }
    if r.settled.is_some_and(|x| !(0.0..=1.0).contains(&x)) {
        return Err(format!("settled at {:?} of the game (expected 0 to 1)", r.settled.unwrap_or_default()));
    }
    for (tag, u) in &r.tags {
        once(&format!("tag {tag:?} offered to"), &u.offered)?;
        once(&format!("tag {tag:?} played by"), &u.played)?;
        if let Some(s) = u.played.iter().find(|s| !u.offered.contains(s)) {
            return Err(format!("tag {tag:?} played by seat {s}, which it was not offered to"));
        }
        if u.times < u.played.len() {
            return Err(format!("tag {tag:?} played {} times by {} seats", u.times, u.played.len()));
        }
    }
    Ok(())
}
