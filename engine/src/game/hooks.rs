//! Hooks for tests, behind the engine's `test-hooks` feature: the tests crate enables it,
//! the `posse` binary never does. They reach past what a seat, a bot or the REPL may do:
//! the whole state, rigged dice, Lua run outside the flow, a shorter step time, and
//! whether the watchdog stopped a batch game. Nothing they do is in the log.

use super::Game;
use crate::diag::{Error, Result};
use crate::lua::{lua_err, script_message};
use crate::state::State;
use mlua::{IntoLua, Value};
use std::cell::Ref;

impl Game {
    /// The full state, read-only: for tests, never for seats (use [`Game::view`]; the
    /// seats' public facts are [`Game::seats`]).
    pub fn state(&self) -> Ref<'_, State> {
        self.vm.shared.state.borrow()
    }

    /// Makes the next dice rolls show these faces, in order (tests of worked examples).
    /// Rigged rolls are not part of the log: a rigged game does not replay.
    pub fn rig_dice(&mut self, faces: &[&str]) {
        self.vm.shared.state.borrow_mut().rigged.extend(faces.iter().map(|f| f.to_string()));
    }

    /// Runs a Lua chunk in the game's VM, outside the flow, and returns its value as JSON.
    /// Changes it makes are not in the log.
    pub fn eval(&mut self, code: &str) -> Result<serde_json::Value> {
        self.vm.refill();
        let f = self.vm.lua.load(code).set_name("=eval").into_function().map_err(lua_err)?;
        let v: Value = f.call(()).map_err(|e| Error::Script(script_message(&e)))?;
        serde_json::to_value(&v).map_err(|e| Error::Script(format!("eval: the value cannot be shown as JSON: {e}")))
    }

    /// Converts a Rust value for `eval`-style helpers.
    pub fn lua_value<T: IntoLua>(&self, v: T) -> Result<()> {
        v.into_lua(&self.vm.lua).map(|_| ()).map_err(lua_err)
    }

    /// Whether this batch game was interrupted by the watchdog and played again with the
    /// budget counted (for tests of the watchdog).
    pub fn replayed_after_watchdog(&self) -> bool {
        self.replayed
    }
}
