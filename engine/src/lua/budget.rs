//! The step budget: every step (a resume of the flow, a prompt or label function, a view
//! drawn) may run [`STEP_INSTRUCTIONS`] Lua instructions and [`STEP_TIME`] of wall-clock
//! time. A count hook spends one quantum every [`QUANTUM`] instructions and stops the
//! step, naming the script's file and line, when none is left; batches run the flow
//! without the hook under the watchdog instead (watchdog.rs), which arms it when needed.

use super::{lua_err, watchdog, INTERRUPTED, QUANTUM};
use crate::diag::Error;
use crate::limits::{STEP_INSTRUCTIONS, STEP_TIME};
use mlua::{HookTriggers, Lua, VmState};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A step's budget: quanta of [`QUANTUM`] instructions left, and when the step started.
/// Every step (a resume of the flow, a prompt or label function, a view drawn) starts
/// with a full one ([`Budget::refill`]).
pub(crate) struct Budget {
    quanta: Cell<u64>,
    started: Cell<Instant>,
    /// [`STEP_TIME`], shorter in tests of it.
    pub time: Cell<Duration>,
}

/// Quanta between two looks at the clock: the clock is cheap, but not free.
const CLOCK_EVERY: u64 = 16;

impl Budget {
    pub(super) fn new() -> Rc<Budget> {
        Rc::new(Budget {
            quanta: Cell::new(STEP_INSTRUCTIONS / QUANTUM as u64),
            started: Cell::new(Instant::now()),
            time: Cell::new(STEP_TIME),
        })
    }

    /// A full budget for a new step.
    pub fn refill(&self) {
        self.quanta.set(STEP_INSTRUCTIONS / QUANTUM as u64);
        self.started.set(Instant::now());
    }

    /// Whether the step is over its budget (what sandbox.lua's `pcall` asks).
    pub fn exhausted(&self) -> bool {
        self.quanta.get() == 0
    }

    fn exhaust(&self) {
        self.quanta.set(0);
    }

    /// Spends a quantum. The error says why the step must stop: its instructions are
    /// spent, or (a backstop for instructions made slow, see [`STEP_TIME`]) its time.
    fn spend(&self) -> Result<(), String> {
        let left = self.quanta.get();
        if left == 0 {
            return Err(format!(
                "instruction limit exceeded ({STEP_INSTRUCTIONS} instructions in one step): an endless loop?"
            ));
        }
        if left.is_multiple_of(CLOCK_EVERY) && self.started.get().elapsed() > self.time.get() {
            self.exhaust();
            return Err(format!(
                "time limit exceeded: the step ran for more than {:?}, though within its instruction budget \
                 (allocation or string work in a loop, or a table whose keys collide?)",
                self.time.get()
            ));
        }
        self.quanta.set(left - 1);
        Ok(())
    }
}

/// Installs the step budget: every `QUANTUM` instructions one unit is spent, and the step
/// fails with the script's file and line when none are left (or its time is up).
pub(super) fn install_budget(lua: &Lua, budget: Rc<Budget>, watched: Arc<watchdog::Watched>) -> Result<(), Error> {
    let triggers = HookTriggers { every_nth_instruction: Some(QUANTUM), ..HookTriggers::new() };
    lua.set_global_hook(triggers, move |lua, debug| {
        if watched.interrupted() {
            // Played again with the budget counted (watchdog.rs); nothing may catch this.
            budget.exhaust();
            return Err(mlua::Error::runtime(INTERRUPTED));
        }
        if let Err(why) = budget.spend() {
            return Err(mlua::Error::runtime(format!("{}: {why}", script_position(lua, debug))));
        }
        Ok(VmState::Continue)
    })
    .map_err(lua_err)
}

/// `file:line` of the running script code: where the hook stopped it, or, when that is
/// the engine's own Lua (a sandboxed library function), the script code that called it.
fn script_position(lua: &Lua, debug: &mlua::debug::Debug) -> String {
    let at = |d: &mlua::debug::Debug| {
        let file = d.source().short_src.map(|s| s.to_string()).unwrap_or_default();
        (file, d.current_line().unwrap_or(0))
    };
    let (file, line) = at(debug);
    if !file.starts_with("posse") {
        return format!("{file}:{line}");
    }
    for level in 1..64 {
        match lua.inspect_stack(level, at) {
            Some((f, l)) if !f.starts_with("posse") && !f.starts_with('[') => return format!("{f}:{l}"),
            Some(_) => {}
            None => break,
        }
    }
    format!("{file}:{line}")
}
