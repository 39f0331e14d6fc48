//! What the leak check (`posse check --leaks`, a layer above) needs of a game beyond what a seat may see: a
//! copy of the whole state, a state put in its place (a twin game perturbed before a
//! step), a seat's pending question made again by the script from another state, a
//! game in twin mode (lua/twin.rs: hidden dice and counters take other values as the
//! script rolls and sets them), and a view drawn by the renderer. Public, unlike the test hooks, because `posse check`
//! runs the leak check; nothing here is in the log, and no seat, bot or REPL command
//! uses it.

use super::setup::check_players;
use super::{Bots, Game, Setup};
use crate::content::Content;
use crate::diag::Result;
use crate::lua::{Renderer, Twin, Vm};
use crate::rng::Rng;
use crate::state::{LogLine, State};
use crate::view::View;
use std::sync::Arc;

/// An object as a seat may know it ([`Game::sights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sight {
    pub seen: bool,
    pub def: usize,
    pub zone: usize,
    pub counters: u64,
}

impl Sight {
    /// The same object, the same thing in the same place.
    pub fn same(&self, other: &Sight) -> bool {
        (self.def, self.zone, self.counters) == (other.def, other.zone, other.counters)
    }
}

impl Game {
    /// A copy of the whole state, every seat's secrets included: for checks, never for
    /// a seat (use [`Game::view`]).
    pub fn state_copy(&self) -> State {
        self.vm.shared.state.borrow().clone()
    }

    /// A world `seat` (1-based) cannot tell from this position, drawn from `seed`
    /// ([`State::sample_world`]: determinization for search players). The game is not
    /// changed.
    pub fn sample_world(&self, seat: usize, seed: u64) -> State {
        let st = self.vm.shared.state.borrow();
        st.sample_world(&self.content, seat - 1, &mut crate::rng::Rng::new(seed))
    }

    /// Puts `state` in place of the game's state, outside the log: the leak check's twin
    /// games, whose hidden things it changed. A game so changed no longer replays.
    pub fn replace_state(&mut self, mut state: State) {
        let mut st = self.vm.shared.state.borrow_mut();
        state.changes.follow(&st.changes);
        *st = state;
    }

    /// The prompt and labels of `seat`'s (1-based) pending question made again by the
    /// script as it would from `state` (the functions that make them run on it; values
    /// the script gave before asking stay as they are), then the game's own state is put
    /// back. None when `seat` is not asked.
    pub fn question_from(&self, seat: usize, state: State) -> Option<Result<(String, Vec<String>)>> {
        let r = self.pending().into_iter().find(|r| r.seat == seat)?;
        // (Each state follows the one it replaces: no change counter comes back, state/changes.rs.)
        let mut state = state;
        state.changes.follow(&self.vm.shared.state.borrow().changes);
        let mut own = std::mem::replace(&mut *self.vm.shared.state.borrow_mut(), state);
        let made = r.remake();
        let mut st = self.vm.shared.state.borrow_mut();
        own.changes.follow(&st.changes);
        *st = own;
        Some(made)
    }

    /// A game in twin mode for `seat` (0-based) from its start (lua/twin.rs): as
    /// [`Game::new`], but the objects `exchange` trade identities before the setup runs
    /// ([`State::exchange`]: a deal that gives other seats other cards), and whatever the
    /// seat cannot see of the dice and counters takes other values, drawn from `seed`,
    /// whenever the script rolls or sets it.
    pub fn twin(content: Arc<Content>, setup: Setup, seat: usize, seed: u64, exchange: &[usize]) -> Result<Game> {
        check_players(&content, &setup)?;
        let mut state = State::new(&content, &setup.seats, setup.seed);
        state.exchange(&content, exchange, &mut Rng::new(seed ^ 0x5eed));
        Game::probed(content, setup, state, Some(Twin::new(seat, seed)))
    }

    /// Starts a game from `state` with its glimpses watched ([`Game::watched`]), in twin
    /// mode when `twin` is given.
    fn probed(content: Arc<Content>, setup: Setup, state: State, twin: Option<Twin>) -> Result<Game> {
        let vm = Vm::new(content.clone(), state)?;
        *vm.shared.twin.borrow_mut() = twin;
        *vm.shared.glimpses.borrow_mut() = Some(Vec::new());
        Game::start(content, setup, vm, Bots::None, super::Lineup::default())
    }

    /// Puts this game in twin mode for `seat` (0-based) from now on (see [`Game::twin`]):
    /// those of the objects `exchange` that the seat cannot see now trade identities,
    /// and the dice and counters it cannot see change.
    pub fn become_twin(&mut self, seat: usize, seed: u64, exchange: &[usize]) {
        let mut twin = Twin::new(seat, seed);
        let mut st = self.vm.shared.state.borrow_mut();
        let unseen: Vec<usize> =
            exchange.iter().copied().filter(|&o| o < st.objects.len() && !st.visible(&self.content, o, seat)).collect();
        st.exchange(&self.content, &unseen, &mut Rng::new(seed ^ 0x5eed));
        twin.perturb(&self.content, &mut st);
        drop(st);
        *self.vm.shared.twin.borrow_mut() = Some(twin);
        *self.vm.shared.glimpses.borrow_mut() = Some(Vec::new());
    }

    /// Each object as `seat` (0-based) may know it now, by handle: whether it sees it,
    /// its definition, its zone and a digest of its per-object counters (the leak
    /// check's twin games compare them with the checked game's).
    pub fn sights(&self, seat: usize) -> Vec<Sight> {
        let st = self.vm.shared.state.borrow();
        let w = st.object_width;
        (0..st.objects.len())
            .map(|o| {
                let counters = st.object_counters[o * w..(o + 1) * w]
                    .iter()
                    .fold(0u64, |h, &v| h.rotate_left(7) ^ (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                Sight {
                    seen: st.visible(&self.content, o, seat),
                    def: st.objects[o].def,
                    zone: st.objects[o].zone,
                    counters,
                }
            })
            .collect()
    }

    /// In twin mode, the log length when the script first revealed dice the twin's seat
    /// could not see (lines from there on may differ for a fair reason).
    pub fn twin_exposed_at(&self) -> Option<usize> {
        self.vm.shared.twin.borrow().as_ref().and_then(|t| t.exposed_at)
    }

    /// The log line at `index` (whoever may read it).
    pub fn log_line(&self, index: usize) -> Option<LogLine> {
        self.vm.shared.state.borrow().log.get(index).cloned()
    }

    /// Draws `view` with the game's renderer (as [`Game::render`] draws a seat's own).
    pub fn render_view(&self, view: &View) -> Result<String> {
        let mut r = self.renderer.borrow_mut();
        if r.is_none() {
            *r = Some(Renderer::new(&self.content)?);
        }
        r.as_ref().expect("just made").render(view, false)
    }

    /// From now on, notes each log line that names a component to a seat that sees no
    /// copy of it as the line is written (the leak check: a card shown and put away again
    /// within one step may be named).
    pub fn audit_log(&self) {
        *self.vm.shared.log_audit.borrow_mut() = Some(Vec::new());
    }

    /// A game as [`Game::new`] that notes, from its setup on, which seats could see each
    /// object whenever a line is logged ([`Game::take_glimpses`]; the leak check: what a
    /// seat glimpsed within a step, shown and put away again).
    pub fn watched(content: Arc<Content>, setup: Setup) -> Result<Game> {
        check_players(&content, &setup)?;
        let state = State::new(&content, &setup.seats, setup.seed);
        Game::probed(content, setup, state, None)
    }

    /// What [`Game::watched`] (or a twin) noted since the last call, by object: the seats (a
    /// bit each) that could see it as a line was logged.
    pub fn take_glimpses(&self) -> Vec<u64> {
        self.vm.shared.glimpses.borrow_mut().as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// What [`Game::audit_log`] noted: (log line, seat from 0, definition).
    pub fn unseen_when_logged(&self) -> std::collections::HashSet<(usize, usize, usize)> {
        self.vm.shared.log_audit.borrow().iter().flatten().copied().collect()
    }
}
