//! The one source of randomness: ChaCha8 seeded from the game's seed.
//!
//! Only `next_u64` of the stream is used and the reductions to a range are written here,
//! so the same seed gives the same numbers on every machine and with every version of
//! the `rand` crates that keep ChaCha8's stream.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// How far into its stream the generator is (part of the state hash).
    pub fn position(&self) -> u128 {
        self.0.get_word_pos()
    }

    /// Puts the generator `position` words into its stream (as [`Rng::position`] gave
    /// it): what a saved stream continues from.
    pub fn set_position(&mut self, position: u128) {
        self.0.set_word_pos(position);
    }

    /// A uniform integer in `0..n` (unbiased, by rejection). `n` must be at least 1.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniform integer of `lo..=hi`, the whole range of `i64` included (`lo <= hi`).
    /// The same draw as `lo + below(hi - lo + 1)` wherever that width fits.
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        let width = (hi as i128 - lo as i128 + 1) as u128;
        if width > u64::MAX as u128 {
            return self.0.next_u64() as i64;
        }
        (lo as i128 + self.below(width as u64) as i128) as i64
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A float in [0, 1) with 53 random bits, for Lua's `math.random()`.
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..20).map(|_| a.below(6)).collect();
        let ys: Vec<u64> = (0..20).map(|_| b.below(6)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 6));
    }

    #[test]
    fn stream_is_pinned() {
        // Pinned so that a dependency upgrade that changes the stream is noticed:
        // saved games and golden replays depend on it.
        let mut r = Rng::new(42);
        let xs: Vec<u64> = (0..8).map(|_| r.below(100)).collect();
        assert_eq!(xs, PINNED.to_vec(), "ChaCha8 stream changed");
    }

    const PINNED: [u64; 8] = [37, 12, 20, 66, 44, 38, 8, 12];

    #[test]
    fn a_stream_continues_from_its_position() {
        let mut a = Rng::new(5);
        let _ = (0..7).map(|_| a.below(6)).count();
        let mut b = Rng::new(5);
        b.set_position(a.position());
        let xs: Vec<u64> = (0..20).map(|_| a.below(1000)).collect();
        let ys: Vec<u64> = (0..20).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Rng::new(1);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..50).collect::<Vec<_>>());
        assert_ne!(v, (0..50).collect::<Vec<_>>());
    }
}
