//! Bots answer decisions from what the engine lists. The random bot picks uniformly: one
//! option, or for a multi-choice a uniform count in `min..=max` and a uniform subset.
//!
//! A bot's pick is a function of a decision's [`Shape`] and an RNG, nothing else: bots
//! know nothing of the game's flow, its requests or its state, so the same pick serves
//! the REPL's bots, tests, and the in-flow bots of batches (lua/api.rs `auto_pick`).

use crate::decision::Shape;
use crate::rng::Rng;

/// A uniformly random legal answer to `decision` (1-based picks). A pending request of a
/// game is a decision too (`&Request` turns into its shape).
pub fn random_choice(decision: impl Into<Shape>, rng: &mut Rng) -> Vec<u32> {
    let Shape { count, multi, min, max, .. } = decision.into();
    if !multi {
        return vec![rng.below(count as u64) as u32 + 1];
    }
    let k = min + rng.below((max - min + 1) as u64) as usize;
    let mut all: Vec<u32> = (1..=count as u32).collect();
    rng.shuffle(&mut all);
    let mut picks = all[..k].to_vec();
    picks.sort_unstable();
    picks
}

/// The RNG the random bots of game `seed` draw from, in `sim`, `check` and all-bot play,
/// so that a seed reported by one is the same game in the others.
pub fn bot_rng(seed: u64) -> Rng {
    Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15)
}

/// The seed of the stream a bot draws from for the decision at `position` (the number of
/// choices made before it) of game `seed`: a strategy bot's `math.random`, and the random
/// bot's picks when people play. It depends on the game and the position alone, so undo
/// and reload meet the same picks.
pub fn pick_seed(seed: u64, position: usize) -> u64 {
    seed ^ 0xB07 ^ (position as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
