//! Bots answer decisions from what the engine lists. The random bot picks uniformly: one
//! option, or for a multi-choice a uniform count in `min..=max` and a uniform subset.

use crate::game::Request;
use crate::rng::Rng;

/// A uniformly random legal answer to `req` (1-based picks).
pub fn random_choice(req: &Request, rng: &mut Rng) -> Vec<u32> {
    if !req.multi {
        return vec![rng.below(req.count as u64) as u32 + 1];
    }
    let k = req.min + rng.below((req.max - req.min + 1) as u64) as usize;
    let mut all: Vec<u32> = (1..=req.count as u32).collect();
    rng.shuffle(&mut all);
    let mut picks = all[..k].to_vec();
    picks.sort_unstable();
    picks
}
