//! What the leak check (`posse check --leaks`, a layer above) needs of a game beyond what a seat may see: a
//! copy of the whole state, a state put in its place (a twin game perturbed before a
//! step), a seat's pending question made again by the script from another state, and a
//! view drawn by the renderer. Public, unlike the test hooks, because `posse check`
//! runs the leak check; nothing here is in the log, and no seat, bot or REPL command
//! uses it.

use super::Game;
use crate::diag::Result;
use crate::lua::Renderer;
use crate::state::State;
use crate::view::View;

impl Game {
    /// A copy of the whole state, every seat's secrets included: for checks, never for
    /// a seat (use [`Game::view`]).
    pub fn state_copy(&self) -> State {
        self.vm.shared.state.borrow().clone()
    }

    /// Puts `state` in place of the game's state, outside the log: the leak check's twin
    /// games, whose hidden things it changed. A game so changed no longer replays.
    pub fn replace_state(&mut self, state: State) {
        *self.vm.shared.state.borrow_mut() = state;
    }

    /// The prompt and labels of `seat`'s (1-based) pending question made again by the
    /// script as it would from `state` (the functions that make them run on it; values
    /// the script gave before asking stay as they are), then the game's own state is put
    /// back. None when `seat` is not asked.
    pub fn question_from(&self, seat: usize, state: State) -> Option<Result<(String, Vec<String>)>> {
        let r = self.pending().into_iter().find(|r| r.seat == seat)?;
        let own = std::mem::replace(&mut *self.vm.shared.state.borrow_mut(), state);
        let made = r.remake();
        *self.vm.shared.state.borrow_mut() = own;
        Some(made)
    }

    /// Draws `view` with the game's renderer (as [`Game::render`] draws a seat's own).
    pub fn render_view(&self, view: &View) -> Result<String> {
        let mut r = self.renderer.borrow_mut();
        if r.is_none() {
            *r = Some(Renderer::new(&self.content)?);
        }
        r.as_ref().expect("just made").render(view)
    }

    /// From now on, notes each log line that names a component to a seat that sees no
    /// copy of it as the line is written (the leak check: a card shown and put away again
    /// within one step may be named).
    pub fn audit_log(&self) {
        *self.vm.shared.log_audit.borrow_mut() = Some(Vec::new());
    }

    /// What [`Game::audit_log`] noted: (log line, seat from 0, definition).
    pub fn unseen_when_logged(&self) -> std::collections::HashSet<(usize, usize, usize)> {
        self.vm.shared.log_audit.borrow().iter().flatten().copied().collect()
    }
}
