//! A search playout's script, which the in-flow bots ([`super::AutoBots`]) follow: the
//! game's choices up to the decision being searched are replayed where the flow asks
//! (no yield, no labels or views made), then the sampled world is put in place of the
//! state, the searching seat answers with the candidate, and the rest is the rollout's:
//! the bots' random answers, drawn from the playout's own seed, or, for a strategy-bot
//! rollout, every later decision yielded to the engine. The searching seat's answers are
//! the search tree's while the playout is in it ([`crate::bot::Tree`]), and the playout
//! stops (its decision yielded) at the search's depth, for the game's evaluation.
//!
//! A `posse.choose_each` group is replayed as it was answered: the record's answers from
//! its start until every seat of the group has one (a revised answer replaces the one
//! before), each given to its seat's request. The group being searched gets no answer from
//! the record: the other seats' orders are the rollout's (what they chose is not the
//! searching seat's to know).

use crate::bot::{Path, Tree};
use crate::decision::Shape;
use crate::record::Choice;
use crate::rng::Rng;
use crate::state::State;
use std::cell::RefCell;
use std::rc::Rc;

/// The search's side of its playouts: its tree, the path of the playout under way, where
/// it stops and whether it stopped there.
pub(crate) struct Guide {
    pub tree: Tree,
    pub path: Path,
    /// Decisions a playout plays after the searched one before it stops (None: to the end).
    pub depth: Option<usize>,
    /// Decisions played since the searched one.
    pub played: usize,
    /// The playout stopped at its depth.
    pub cut: bool,
}

/// A playout's replay and its decision (see the module's notes).
#[derive(Clone)]
pub(crate) struct Playout {
    /// The game's choices before the decision.
    choices: Rc<[Choice]>,
    /// The next choice to replay.
    next: usize,
    /// A group's replayed answers not yet handed to its requests.
    group: Vec<Choice>,
    /// Requests of a group played after the decision still to answer (none yields).
    group_left: usize,
    /// The world put in place at the decision (None once it is).
    world: Option<State>,
    /// The searching seat (1-based) and its answer at the decision (the tree's root's).
    seat: usize,
    answer: Option<Vec<u32>>,
    guide: Rc<RefCell<Guide>>,
    /// The rollout's random stream, from the decision on.
    seed: u64,
    /// After the decision, every decision yields (a strategy-bot rollout).
    yield_after: bool,
}

/// How the bots answer a decision of the playout.
pub(crate) enum Scripted {
    /// The record's or the searching seat's answer.
    Answer(Vec<u32>),
    /// The bots' random answer.
    Random,
    /// The decision yields to the engine (a strategy-bot rollout).
    Yield,
}

impl Playout {
    pub fn new(
        choices: Rc<[Choice]>,
        world: State,
        seat: usize,
        guide: Rc<RefCell<Guide>>,
        seed: u64,
        yield_after: bool,
    ) -> Playout {
        Playout {
            choices,
            next: 0,
            group: Vec::new(),
            group_left: 0,
            world: Some(world),
            seat,
            answer: None,
            guide,
            seed,
            yield_after,
        }
    }

    /// Whether the world is in place (the replay is over).
    fn past(&self) -> bool {
        self.world.is_none()
    }

    /// At the decision: puts the world in place of `state`, restarts `rng` from the
    /// playout's seed and takes the tree's answer at its root.
    fn arrive(&mut self, state: &RefCell<State>, rng: &mut Rng) {
        if let Some(mut world) = self.world.take() {
            // (The world follows the state it replaces: no change counter comes back.)
            let mut st = state.borrow_mut();
            world.changes.follow(&st.changes);
            *st = world;
            drop(st);
            *rng = Rng::new(self.seed);
            let mut guide = self.guide.borrow_mut();
            let g = &mut *guide;
            (g.path, g.played, g.cut) = (Path::default(), 0, false);
            self.answer = Some(g.tree.root(&mut g.path, rng));
        }
    }

    /// After the decision: whether the playout stops here (its depth reached).
    fn stops(&self) -> bool {
        let mut g = self.guide.borrow_mut();
        g.played += 1;
        if g.depth.is_some_and(|d| g.played > d) {
            g.cut = true;
        }
        g.cut
    }

    /// How `seat`'s decision of `shape` is answered (an error when the replay no longer
    /// fits); `sig` tells the question apart for the tree (crate::bot::Tree).
    pub fn answer(
        &mut self,
        shape: Shape,
        sig: impl FnOnce() -> u64,
        state: &RefCell<State>,
        rng: &mut Rng,
    ) -> Result<Scripted, String> {
        let seat = shape.seat;
        if let Some(i) = self.group.iter().position(|c| c.seat == seat) {
            return Ok(Scripted::Answer(self.group.remove(i).picks));
        }
        if let Some(c) = self.choices.get(self.next) {
            if c.seat != seat {
                return Err(self.diverged(seat));
            }
            self.next += 1;
            return Ok(Scripted::Answer(c.picks.clone()));
        }
        if !self.past() {
            self.arrive(state, rng);
        } else if self.group_left > 0 {
            self.group_left -= 1;
        } else if self.stops() || self.yield_after {
            return Ok(Scripted::Yield);
        }
        match self.answer.take() {
            Some(a) if seat == self.seat => return Ok(Scripted::Answer(a)),
            a => self.answer = a,
        }
        if seat == self.seat && self.answer.is_none() {
            let mut guide = self.guide.borrow_mut();
            let g = &mut *guide;
            if let Some(a) = g.tree.answer(&mut g.path, shape, sig(), rng) {
                return Ok(Scripted::Answer(a));
            }
        }
        Ok(Scripted::Random)
    }

    /// A `posse.choose_each` group of `seats` is asked: its answers are taken from the
    /// record when it is replayed. False when the group yields (a strategy-bot rollout).
    pub fn group(&mut self, seats: &[usize], state: &RefCell<State>, rng: &mut Rng) -> Result<bool, String> {
        if self.next >= self.choices.len() {
            if self.past() && (self.stops() || self.yield_after) {
                return Ok(false);
            }
            self.arrive(state, rng);
            self.group_left = seats.len();
            return Ok(true);
        }
        self.group.clear();
        while self.next < self.choices.len() && seats.iter().any(|s| !self.group.iter().any(|c| c.seat == *s)) {
            let c = &self.choices[self.next];
            if !seats.contains(&c.seat) {
                return Err(self.diverged(c.seat));
            }
            self.group.retain(|g| g.seat != c.seat);
            self.group.push(c.clone());
            self.next += 1;
        }
        Ok(true)
    }

    fn diverged(&self, seat: usize) -> String {
        format!(
            "search: the replay of the game's choices no longer fits at choice {} (seat {seat} was asked): are the scripts keeping state outside the engine?",
            self.next + 1
        )
    }
}
