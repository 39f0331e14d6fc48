//! Change counters (`posse.changes`): for each zone declaration, each counter declaration
//! and the zone map, a number that grows whenever the state changes there, whatever script
//! made the change. A script that keeps what it worked out from the state (Goldfever's
//! action lists) keeps it while the numbers it read are the same: the engine's own record
//! of change, so the keeping is right whichever script moved an object or set a counter.
//!
//! What bumps which number:
//! - a zone declaration's: an object entering or leaving any zone of it (per seat, node or
//!   object alike), one in it flipped or revealed, the zone shuffled;
//! - a counter declaration's: any of its values (any seat's, any object's) set or added to,
//!   even to the value it had (so a game and its leak-check twin, whose hidden values
//!   differ, count alike);
//! - the map's: a border locked, unlocked or breached;
//! - all of them: objects trading identities (a sampled world, a twin game's deal).
//!
//! The numbers are no part of the position: not hashed, saved or shown in any view. Values
//! a VM handed out must never come back for another state: when the engine puts another
//! state in place under a VM (a search playout's world, the leak check's states), the new
//! state's numbers all [`Changes::follow`] the old one's, above every value read before. A
//! new game starts again from zero, as in a fresh VM: its modules are loaded again, so no
//! script kept a number from the game before.

use std::sync::Arc;

/// The change counters of a state: one per zone declaration, then one per counter
/// declaration, then the map's.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    counts: Vec<u64>,
    /// Zone declarations: where the counters' numbers start.
    zones: usize,
    /// The counter declaration of each value of [`super::State::counters`].
    of_counter: Arc<Vec<usize>>,
    /// The counter declaration of each per-object slot (a row of
    /// [`super::State::object_counters`]).
    of_object_slot: Arc<Vec<usize>>,
}

impl Changes {
    /// Counters at zero for `zones` zone declarations and `counters` counter declarations;
    /// `of_counter` and `of_object_slot` give the declaration of each counter value and
    /// each per-object slot.
    pub fn new(zones: usize, counters: usize, of_counter: Vec<usize>, of_object_slot: Vec<usize>) -> Changes {
        Changes {
            counts: vec![0; zones + counters + 1],
            zones,
            of_counter: Arc::new(of_counter),
            of_object_slot: Arc::new(of_object_slot),
        }
    }

    /// The slot (0-based) of zone declaration `decl`.
    pub fn zone_slot(&self, decl: usize) -> usize {
        decl
    }

    /// The slot (0-based) of counter declaration `decl`.
    pub fn counter_slot(&self, decl: usize) -> usize {
        self.zones + decl
    }

    /// The map's slot (0-based).
    pub fn map_slot(&self) -> usize {
        self.counts.len() - 1
    }

    /// The number in `slot`, if there is such a slot.
    pub fn get(&self, slot: usize) -> Option<u64> {
        self.counts.get(slot).copied()
    }

    #[inline]
    fn bump(&mut self, slot: usize) {
        if let Some(n) = self.counts.get_mut(slot) {
            *n += 1;
        }
    }

    /// A zone of declaration `decl` changed.
    #[inline]
    pub fn zone(&mut self, decl: usize) {
        self.bump(decl);
    }

    /// Value `i` of [`super::State::counters`] was written.
    #[inline]
    pub fn counter(&mut self, i: usize) {
        if let Some(&d) = self.of_counter.get(i) {
            self.bump(self.zones + d);
        }
    }

    /// Per-object slot `k` of some object was written.
    #[inline]
    pub fn object_slot(&mut self, k: usize) {
        if let Some(&d) = self.of_object_slot.get(k) {
            self.bump(self.zones + d);
        }
    }

    /// The zone map changed.
    pub fn map(&mut self) {
        let m = self.map_slot();
        self.bump(m);
    }

    /// Everything changed.
    pub fn all(&mut self) {
        for n in &mut self.counts {
            *n += 1;
        }
    }

    /// This state takes the place of one whose counters are `old` under the same VM: every
    /// number becomes one above all of both, so none a script read before comes back.
    pub fn follow(&mut self, old: &Changes) {
        let top = self.counts.iter().chain(&old.counts).copied().max().unwrap_or(0) + 1;
        for n in &mut self.counts {
            *n = top;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follow_lifts_every_number_above_both() {
        let mut old = Changes::new(2, 1, vec![0], vec![]);
        old.zone(1);
        old.zone(1);
        let mut new = Changes::new(2, 1, vec![0], vec![]);
        new.counter(0);
        new.follow(&old);
        assert!((0..4).all(|s| new.get(s) == Some(3)));
    }

    #[test]
    fn counters_bump_their_declaration() {
        let mut c = Changes::new(1, 2, vec![1, 1, 0], vec![0]);
        c.counter(1);
        c.object_slot(0);
        assert_eq!((c.get(0), c.get(1), c.get(2), c.get(3)), (Some(0), Some(1), Some(1), Some(0)));
        c.map();
        assert_eq!(c.get(c.map_slot()), Some(1));
    }
}
