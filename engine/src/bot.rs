//! Bots answer decisions from what the engine lists. The random bot picks uniformly: one
//! option, or for a multi-choice a uniform count in `min..=max` and a uniform subset.

use crate::game::Request;
use crate::rng::Rng;

/// A uniformly random legal answer to `req` (1-based picks).
pub fn random_choice(req: &Request, rng: &mut Rng) -> Vec<u32> {
    random_pick(req.count, req.multi, req.min, req.max, rng)
}

/// The random bot's answer to a decision with `count` options (several between `min`
/// and `max` of them when `multi`).
pub fn random_pick(count: usize, multi: bool, min: usize, max: usize, rng: &mut Rng) -> Vec<u32> {
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
