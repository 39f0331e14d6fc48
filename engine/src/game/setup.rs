//! How a game starts ([`Setup`]: its seed and seats) and where a replayed log stops
//! fitting it ([`Divergence`]).

use crate::content::Content;
use crate::diag::{Error, Result};
use crate::limits::SEAT_NAME_BYTES;
use crate::record::{seat_name_ok, Choice};

/// How a game starts: its seed and its seats (names, in play order).
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub seed: u64,
    pub seats: Vec<String>,
}

impl Setup {
    /// Seats named `p1`, `p2`, ...; `players` defaults to the game's default (or its minimum).
    pub fn new(content: &Content, seed: u64, players: Option<usize>) -> Result<Setup> {
        let p = content.players;
        let n = players.unwrap_or(p.default.unwrap_or(p.min));
        if n < p.min || n > p.max {
            return Err(Error::Usage(format!("{} is for {} to {} players, not {n}", content.id, p.min, p.max)));
        }
        Ok(Setup { seed, seats: (1..=n).map(|i| format!("p{i}")).collect() })
    }
}

/// The first choice of a replayed log that no longer fits the game.
#[derive(Debug, Clone)]
pub struct Divergence {
    /// 1-based position of the choice in the log.
    pub index: usize,
    pub choice: Choice,
    pub message: String,
}

/// Whether `setup` suits the game: as many seats as it is for, each a proper name.
pub(super) fn check_players(content: &Content, setup: &Setup) -> Result<()> {
    let p = content.players;
    let n = setup.seats.len();
    if n < p.min || n > p.max {
        return Err(Error::Usage(format!("{} is for {} to {} players, not {n}", content.id, p.min, p.max)));
    }
    if let Some(bad) = setup.seats.iter().find(|s| !seat_name_ok(s)) {
        return Err(Error::Usage(format!(
            "{:?} is not a seat name (1 to {} bytes, no control characters)",
            bad.chars().take(SEAT_NAME_BYTES).collect::<String>(),
            SEAT_NAME_BYTES
        )));
    }
    Ok(())
}
