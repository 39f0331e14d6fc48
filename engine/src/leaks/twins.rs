//! (e): a log line must not write a value the seat cannot see. The names check (d) cannot
//! see "You roll 3 5 6" sent to every seat, and perturbing a position cannot either: the
//! line is history, written before. So for every seat from which the game hides some die
//! or counter, a twin game (`Game::twin`, lua/twin.rs) is played level with the checked
//! one, given the same answers; in it, whatever the seat cannot see of the dice and
//! counters takes another value each time the script rolls or sets it (and, in a twin
//! started in the middle of a game, at once). After every step, the lines the step wrote
//! that the seat may read must read the same in both games.
//!
//! A difference is claimed only where nothing fair explains it: lines written after the
//! script revealed dice hidden from the seat are not compared, and when the twin's course
//! parts from the game's (a script error, another number of lines, other seats asked, the
//! seat's view or question or the result different: rules may act on hidden values, in
//! public, as when a hidden location springs an ambush) no claim is made. A twin that
//! parted, or saw a reveal, is dropped and started again, replayed from the game's
//! record, at the next [`EVERY`]-th step. Not covered: per-object counters, values drawn
//! with `math.random` and kept in Lua, and objects (their names are (d)'s).

use super::{Finding, Leak, EVERY};
use crate::content::Content;
use crate::game::Game;
use crate::record::Choice;
use crate::state::State;

/// The twin games of one checked game, one per seat from which something is hidden.
pub(super) struct Twins {
    seed: u64,
    /// By seat (0-based): whether the game hides a die or counter from it, and its twin
    /// while one runs level with the game.
    seats: Vec<(bool, Option<Game>)>,
}

impl Twins {
    /// Starts a twin from the start for every seat that something is hidden from, and
    /// compares the lines written before the first decision.
    pub fn start(g: &Game, seed: u64, out: &mut Vec<Finding>) -> Twins {
        let c = g.content();
        let st = g.state_copy();
        let mut seats = Vec::new();
        for seat in 0..g.players() {
            let hides = hides_something(c, &st, seat);
            // A twin that fails to start makes no claim (`check` reports the error).
            let twin = hides.then(|| Game::twin(c.clone(), g.setup().clone(), seat, twin_seed(seed, seat, 0)).ok());
            seats.push((hides, twin.flatten()));
        }
        let mut twins = Twins { seed, seats };
        twins.compare(g, 0, 0, out);
        twins
    }

    /// Plays `choice`, which `g` just played as its `step`-th decision (the deciding seat
    /// was shown `asked`, its labels), in every twin and compares the lines written from
    /// `from` on; starts dropped twins again when the next step is one to sample. A twin
    /// whose deciding seat is shown other labels parts: the same pick would mean another
    /// option there.
    pub fn step(
        &mut self,
        g: &Game,
        choice: &Choice,
        asked: Option<&Vec<String>>,
        (from, step): (usize, usize),
        out: &mut Vec<Finding>,
    ) {
        for (_, twin) in self.seats.iter_mut() {
            if let Some(t) = twin {
                let labels = || t.pending().into_iter().find(|r| r.seat == choice.seat)?.try_labels().ok();
                let same = asked.is_none_or(|a| labels().as_ref() == Some(a));
                if !same || t.choose(choice.seat, &choice.picks).is_err() {
                    *twin = None;
                }
            }
        }
        self.compare(g, from, step, out);
        if (step + 1).is_multiple_of(EVERY) && !g.is_over() {
            for (seat, (hides, twin)) in self.seats.iter_mut().enumerate() {
                if *hides && twin.is_none() {
                    *twin = restarted(g, seat, twin_seed(self.seed, seat, step + 1));
                }
            }
        }
    }

    fn compare(&mut self, g: &Game, from: usize, step: usize, out: &mut Vec<Finding>) {
        for (seat, (_, twin)) in self.seats.iter_mut().enumerate() {
            let Some(t) = twin else { continue };
            match compare(g, t, seat, from) {
                Verdict::Same => {}
                Verdict::Parted => *twin = None,
                Verdict::Leak(diff) => {
                    out.push(Finding { seed: self.seed, step, seat: seat + 1, leak: Leak::LogValue, diff });
                    *twin = None;
                }
            }
            // After a reveal the twin's hidden values are in sight: it is done.
            if twin.as_ref().is_some_and(|t| t.twin_exposed_at().is_some()) {
                *twin = None;
            }
        }
    }
}

fn twin_seed(seed: u64, seat: usize, step: usize) -> u64 {
    seed.wrapping_mul(1_000_033).wrapping_add((step as u64) << 8 | seat as u64)
}

/// Whether `st` hides a shared die, a seat's die or a (single or per-seat) counter from
/// `seat`, reveals apart.
fn hides_something(c: &Content, st: &State, seat: usize) -> bool {
    let dice = (0..c.dice.len()).any(|d| !st.die_visible(c, d, seat));
    let own = (0..st.players()).any(|o| (0..c.seat_dice.len()).any(|d| !st.seat_die_visible(c, o, d, seat)));
    let counters = c.counters.iter().enumerate().any(|(d, decl)| {
        !decl.per_object
            && (0..st.players())
                .map(Some)
                .chain([None])
                .any(|o| (decl.per_seat == o.is_some()) && !State::counter_visible(c, d, o, seat))
    });
    dice || own || counters
}

/// A twin for `seat` of the game `g` as it stands, replayed from its record.
fn restarted(g: &Game, seat: usize, seed: u64) -> Option<Game> {
    let (mut t, div) = Game::from_record(g.content().clone(), &g.record()).ok()?;
    if div.is_some() {
        return None;
    }
    t.become_twin(seat, seed);
    Some(t)
}

enum Verdict {
    Same,
    /// The twin's course parted from the game's: no claim, the twin is dropped.
    Parted,
    Leak(String),
}

/// The lines from `from` on that `seat` (0-based) reads in `g` and its twin `t` (see the
/// module's notes).
fn compare(g: &Game, t: &Game, seat: usize, from: usize) -> Verdict {
    let len = g.log_len();
    if t.log_len() != len || t.is_over() != g.is_over() || t.result() != g.result() {
        return Verdict::Parted;
    }
    let asked = |x: &Game| x.pending().iter().map(|r| r.seat).collect::<Vec<_>>();
    if asked(g) != asked(t) {
        return Verdict::Parted;
    }
    let end = t.twin_exposed_at().unwrap_or(len).min(len);
    let mut differs = None;
    for i in from..end {
        let (Some(a), Some(b)) = (g.log_line(i), t.log_line(i)) else { return Verdict::Parted };
        if (a.audience.admits(Some(seat)) || b.audience.admits(Some(seat)))
            && (a.text != b.text || a.audience != b.audience)
        {
            differs = Some((i, a.text, b.text));
            break;
        }
    }
    let Some((i, a, b)) = differs else { return Verdict::Same };
    // Only now the costlier looks: the seat's view and question, both the same?
    let seen = |x: &Game| {
        let q =
            x.pending().into_iter().find(|r| r.seat == seat + 1).map(|r| (r.try_prompt().ok(), r.try_labels().ok()));
        (x.view_with_log(Some(seat + 1), 0), q)
    };
    if seen(g) != seen(t) {
        return Verdict::Parted;
    }
    Verdict::Leak(format!(
        "log line {}: {} | with the hidden dice and counters changed: {}",
        i + 1,
        super::cut(&a),
        super::cut(&b)
    ))
}
