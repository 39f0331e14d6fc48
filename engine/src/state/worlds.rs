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
//! - **Hidden counters keep their values**: nothing declares how they were drawn.
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
        let carries: Vec<bool> = {
            let mut c = vec![false; self.objects.len()];
            for z in &self.zones {
                if let Some(o) = z.object {
                    c[o] = true;
                }
            }
            c
        };
        // Unknown objects by class (the zone their definitions start in), in object order.
        let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (o, obj) in self.objects.iter().enumerate() {
            if !carries[o] && !self.visible(content, o, seat) {
                classes.entry(content.defs[obj.def].zone).or_default().push(o);
            }
        }
        for objs in classes.values() {
            let mut defs: Vec<usize> = objs.iter().map(|&o| self.objects[o].def).collect();
            rng.shuffle(&mut defs);
            for (&o, def) in objs.iter().zip(defs) {
                world.objects[o].def = def;
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
        world
    }
}
