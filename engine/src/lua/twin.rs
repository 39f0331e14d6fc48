//! Twin mode: the leak check's twin game, played beside the checked one from the same
//! position with the same answers, in which whatever one seat cannot see of the dice and
//! counters takes other values. Each time the script rolls or sets a die, or sets a
//! counter, that the seat cannot see, the value is turned by an offset drawn from the
//! twin's own RNG (the game's RNG is not touched, so both games draw the same numbers);
//! when the script reveals dice the seat could not see, the log length is noted, and the
//! lines from there on may differ for a fair reason. (Objects the seat never sees are
//! exchanged before the twin starts, `State::exchange`; the leak check, leaks/twins.rs,
//! compares all the seat receives in both games.)

use crate::content::Content;
use crate::rng::Rng;
use crate::state::State;

/// The state of twin mode in a VM (`Shared::twin`).
pub struct Twin {
    /// The seat (0-based) whose hidden values are changed.
    pub seat: usize,
    rng: Rng,
    /// The log length when the script first revealed dice hidden from the seat: lines
    /// from there on may differ for a fair reason.
    pub exposed_at: Option<usize>,
}

impl Twin {
    pub fn new(seat: usize, seed: u64) -> Twin {
        Twin { seat, rng: Rng::new(seed), exposed_at: None }
    }

    /// Another face of a die of `faces` faces than `face` (the same when it has one).
    pub fn turn(&mut self, face: usize, faces: usize) -> usize {
        if faces < 2 {
            return face;
        }
        (face + 1 + self.rng.below(faces as u64 - 1) as usize) % faces
    }

    /// Another value than `v`.
    pub fn shift(&mut self, v: i64) -> i64 {
        v.wrapping_add(1 + self.rng.below(7) as i64)
    }

    /// Notes that the script reveals dice when the log is `len` lines long.
    pub fn expose(&mut self, len: usize) {
        self.exposed_at.get_or_insert(len);
    }

    /// Whether the value at `index` of [`State::counters`] is one the seat cannot read.
    pub fn counter_hidden(&self, content: &Content, st: &State, index: usize) -> bool {
        st.counter_index.values().any(|c| {
            let n = if c.per_seat { st.players() } else { 1 };
            !c.per_object
                && (c.first..c.first + n).contains(&index)
                && !State::counter_visible(content, c.decl, c.per_seat.then(|| index - c.first), self.seat)
        })
    }

    /// Changes every die and (single or per-seat) counter the seat cannot see in `st`:
    /// what a twin started in the middle of a game does to the values already there.
    pub fn perturb(&mut self, content: &Content, st: &mut State) {
        for d in 0..st.dice.len() {
            if !st.die_visible(content, d, self.seat) {
                st.dice[d] = self.turn(st.dice[d], content.dice[d].faces.len());
            }
        }
        for owner in 0..st.players() {
            for (d, die) in content.seat_dice.iter().enumerate() {
                if !st.seat_die_visible(content, owner, d, self.seat) {
                    let i = st.seat_die(content, owner, d);
                    st.seat_dice[i] = self.turn(st.seat_dice[i], die.faces.len());
                }
            }
        }
        for i in 0..st.counters.len() {
            if self.counter_hidden(content, st, i) {
                st.counters[i] = self.shift(st.counters[i]);
                st.changes.counter(i);
            }
        }
    }
}
