//! Sampled worlds (determinization): a state consistent with all that one seat can see
//! now, drawn at random, for a search player that must not know what the seat does not.
//!
//! What is resampled, and how:
//! - **Objects whose identity the seat does not know** (not face up, not known to it, in
//!   a zone it cannot see: [`State::visible`]) exchange identities (their definitions)
//!   uniformly at random among themselves, class by class. A class is the objects whose
//!   definitions start in the same zone declaration (`Def::zone`: a deck's cards, a bag's
//!   tiles), which shows on their backs. Each object stays where it is, so whatever the
//!   flow holds of it (a handle in a Lua local) still names a thing in the same place; its
//!   per-object counters, face and who else knows it stay with it.
//! - **Objects that carry zones** (a character's gear) keep their identity: what the seat
//!   knows of them is more than their back.
//! - **Dice whose face the seat cannot see**, shared or a seat's own, get a face drawn
//!   uniformly from their declaration's faces.
//! - **Counters the seat cannot read** (a seat's, a single one, or an unknown object's,
//!   or a per-object counter no seat reads) take their starting values: the declared
//!   `initial`, or for an object's the one its (new) definition gives. Nothing declares
//!   how else they could stand, and a value taken from the real state would tell.
//!
//! A sampled world depends only on what the seat can see and on the RNG: the unknown
//! definitions of a class are put in a fixed order before they are shuffled and dealt to
//! the places in order, so two states that differ only in what the seat cannot see give,
//! for the same draw, worlds with the same identities in the same places (a search player
//! fed such worlds cannot cheat).
//! - **The random stream** is drawn anew: what the game will draw next is as unknown to
//!   the seat as a hidden card.
//!
//! What a game must do for a sampled world to be right: keep what is hidden in the
//! engine (zones, objects, dice), not in Lua values that remember an identity the seat
//! cannot see (a copy of a hidden hand's definitions): the engine cannot resample those.

use super::State;
use crate::content::Content;
use crate::rng::Rng;
use std::collections::BTreeMap;

impl State {
    /// A world `seat` (0-based) cannot tell from this one: see the module's notes.
    pub fn sample_world(&self, content: &Content, seat: usize, rng: &mut Rng) -> State {
        let mut world = self.clone();
        world.rng = Rng::new(rng.below(u64::MAX));
        let carries = self.carriers();
        // Unknown objects by class (the zone their definitions start in), in the order of
        // the places they occupy (zone by zone, bottom first): which handle lies where is
        // as unknown as the identities.
        let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for zone in &self.zones {
            for &o in &zone.objects {
                if !carries[o] && !self.visible(content, o, seat) {
                    classes.entry(content.defs[self.objects[o].def].zone).or_default().push(o);
                }
            }
        }
        for objs in classes.values() {
            let mut defs: Vec<usize> = objs.iter().map(|&o| self.objects[o].def).collect();
            defs.sort_unstable();
            rng.shuffle(&mut defs);
            for (&o, def) in objs.iter().zip(defs) {
                world.objects[o].def = def;
            }
        }
        let unknown = |o: usize| !self.visible(content, o, seat);
        for (d, decl) in content.counters.iter().enumerate() {
            let slot = &self.counter_index[&decl.id];
            if decl.per_object {
                for o in 0..self.objects.len() {
                    if unknown(o) || !State::object_counter_visible(content, d) {
                        let def = &content.defs[world.objects[o].def];
                        world.object_counters[o * self.object_width + slot.first] =
                            def.counters.get(&decl.id).copied().unwrap_or(decl.initial);
                    }
                }
                continue;
            }
            let owners: Vec<Option<usize>> =
                if decl.per_seat { (0..self.players()).map(Some).collect() } else { vec![None] };
            for (k, owner) in owners.into_iter().enumerate() {
                if !State::counter_visible(content, d, owner, seat) {
                    world.counters[slot.first + k] = decl.initial;
                }
            }
        }
        for (d, die) in content.dice.iter().enumerate() {
            if !self.die_visible(content, d, seat) && !die.faces.is_empty() {
                world.dice[d] = rng.below(die.faces.len() as u64) as usize;
            }
        }
        for owner in 0..self.players() {
            for (d, die) in content.seat_dice.iter().enumerate() {
                if !self.seat_die_visible(content, owner, d, seat) && !die.faces.is_empty() {
                    world.seat_dice[self.seat_die(content, owner, d)] = rng.below(die.faces.len() as u64) as usize;
                }
            }
        }
        // Identities and hidden values changed: every change counter (changes.rs).
        world.changes.all();
        world
    }

    /// The leak check's twin games: the objects `objs` exchange identities (definitions
    /// and per-object counters) at random among themselves, class by class as in
    /// [`State::sample_world`], each staying where it is. Objects that carry zones keep
    /// theirs.
    pub fn exchange(&mut self, content: &Content, objs: &[usize], rng: &mut Rng) {
        let carries = self.carriers();
        let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &o in objs {
            if o < self.objects.len() && !carries[o] {
                classes.entry(content.defs[self.objects[o].def].zone).or_default().push(o);
            }
        }
        let w = self.object_width;
        for members in classes.values() {
            let mut ids: Vec<(usize, Vec<i64>)> = members
                .iter()
                .map(|&o| (self.objects[o].def, self.object_counters[o * w..(o + 1) * w].to_vec()))
                .collect();
            rng.shuffle(&mut ids);
            for (&o, (def, counters)) in members.iter().zip(ids) {
                self.objects[o].def = def;
                self.object_counters[o * w..(o + 1) * w].copy_from_slice(&counters);
            }
        }
        self.changes.all();
    }

    /// By object: whether it carries zones (a character's gear), which keeps its identity
    /// in a sampled world and a twin game.
    fn carriers(&self) -> Vec<bool> {
        let mut c = vec![false; self.objects.len()];
        for z in &self.zones {
            if let Some(o) = z.object {
                c[o] = true;
            }
        }
        c
    }
}
