//! The sandboxed Lua side: a VM per game with the `posse` module, and a separate VM per
//! renderer that only ever receives views (and the game's public `data:`).
//!
//! Sandbox: Lua 5.4 with the table, string, math, utf8 and coroutine libraries only; no
//! io, os, debug or package; no `load`, `dofile`, `loadfile`, `string.dump` or
//! `collectgarbage`; `require` resolves only `posse` and the game's own modules
//! (`scripts/<game>/`, `scripts/lib/`); `math.random` draws from the game's seeded RNG.
//! Every step runs under an instruction budget and the VM under a memory limit.
//!
//! This is the bridge between the engine's data and the rules: it knows the state, the
//! content, decisions and views, never the game's flow (`game` drives the VMs made here).
//! Files: `api.rs` (the raw Rust functions of `posse`), `prelude.lua` (the module built
//! from them), `sandbox.lua` (what scripts may reach), `budget.rs` (the step budget),
//! `watchdog.rs` (batches' budget without the count hook), `compile.rs` (compiling
//! scripts, and `Content::load`), `shape.rs` (a decision read from Lua values),
//! `render.rs` (the renderer's VM) and `errors.rs` (error messages with file and line).

mod api;
mod budget;
mod compile;
mod errors;
mod mapapi;
mod render;
pub(crate) mod shape;
pub(crate) mod watchdog;

pub(crate) use budget::Budget;
pub(crate) use errors::{lua_err, script_message};
pub(crate) use render::Renderer;

use crate::content::Content;
use crate::diag::Error;
use crate::limits::MEMORY_LIMIT;
use crate::record::Choice;
use crate::rng::Rng;
use crate::state::State;
use budget::install_budget;
use compile::{compile, engine_chunk, module_loader, PRELUDE, SANDBOX};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

/// Instructions between two checks of the budget.
pub(crate) const QUANTUM: u32 = 1_000;
/// The error of a batch game stopped by the watchdog, which the engine plays again.
pub(crate) const INTERRUPTED: &str = "interrupted by the watchdog";

/// What the Rust callbacks of one VM share.
pub(crate) struct Shared {
    pub content: Arc<Content>,
    pub state: RefCell<State>,
    /// The current step's budget.
    pub budget: Rc<Budget>,
    /// Lines `print`ed by scripts (shown only in the omniscient view of the REPL).
    pub printed: RefCell<Vec<String>>,
    /// Random bots answering inside the flow, when every seat is one (batches).
    pub auto: RefCell<Option<AutoBots>>,
    /// Set while the engine runs script code between steps (prompt and label
    /// functions): the game may be read, not changed.
    pub read_only: Cell<bool>,
    /// Decisions made and interruption, shared with the watchdog (batches).
    pub watched: Arc<watchdog::Watched>,
    /// Set while the flow runs without its count hook, under the watchdog: coroutines
    /// made then get the hook armed (`hook`) when they are made.
    pub fast: Cell<Option<watchdog::Hook>>,
}

/// Random bots that answer decisions where they are asked, without a yield: the choices
/// are the ones [`crate::bot::random_choice`] would make from the same RNG, recorded in
/// order, so the game and its log are those of bots answering yielded decisions.
pub(crate) struct AutoBots {
    pub rng: Rng,
    pub choices: Vec<Choice>,
    /// Decisions after which the game counts as endless.
    pub limit: usize,
    pub made: usize,
}

/// A game's VM: the `posse` module, the game's modules, and the engine hooks.
pub(crate) struct Vm {
    pub lua: Lua,
    pub shared: Rc<Shared>,
    hooks: Table,
    /// `snapshot` and `reset` of sandbox.lua, for reusing the VM for another game.
    sandbox: Table,
    /// The tables sandbox.lua restores between games, with their metatables then.
    metatables: Saved,
}

fn sandboxed_lua() -> Result<Lua, Error> {
    let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
    let lua = Lua::new_with(libs, LuaOptions::new()).map_err(lua_err)?;
    lua.set_memory_limit(MEMORY_LIMIT).map_err(lua_err)?;
    Ok(lua)
}

/// Runs sandbox.lua: the sandboxed `require` (with the modules in `provided`) and the
/// removal of everything scripts may not reach. Returns its `snapshot` and `reset`.
/// `counted` arms the budget on a coroutine a script makes, when its VM runs a flow under
/// the watchdog (elsewhere new coroutines inherit the hook).
fn sandbox(
    lua: &Lua,
    loader: Function,
    provided: Table,
    budget: Rc<Budget>,
    fast: Option<Rc<Shared>>,
) -> Result<Table, Error> {
    let exhausted = lua.create_function(move |_, ()| Ok(budget.exhausted())).map_err(lua_err)?;
    let counted = lua
        .create_function(move |_, co: mlua::Thread| {
            if let Some(hook) = fast.as_ref().and_then(|sh| sh.fast.get()) {
                hook.arm(co.state());
            }
            Ok(co)
        })
        .map_err(lua_err)?;
    engine_chunk(lua, &SANDBOX, include_str!("sandbox.lua"), "=posse.sandbox")?
        .call::<Table>((loader, provided, exhausted, counted))
        .map_err(lua_err)
}

/// The tables sandbox.lua saves after setup (`snapshot`), with their metatables then:
/// its `reset` puts back their contents, [`Saved::restore`] their metatables, which a
/// script may have protected from Lua itself.
struct Saved(Vec<(Table, Option<Table>)>);

impl Saved {
    fn snapshot(sandbox: &Table) -> Result<Saved, Error> {
        let saved: Vec<Table> = sandbox.get::<Function>("snapshot").and_then(|f| f.call(())).map_err(lua_err)?;
        Ok(Saved(saved.into_iter().map(|t| (t.metatable(), t)).map(|(m, t)| (t, m)).collect()))
    }

    fn restore(&self) -> Result<(), Error> {
        for (t, m) in &self.0 {
            t.set_metatable(m.clone()).map_err(lua_err)?;
        }
        Ok(())
    }
}

impl Vm {
    pub fn new(content: Arc<Content>, state: State) -> Result<Vm, Error> {
        let lua = sandboxed_lua()?;
        let shared = Rc::new(Shared {
            content: content.clone(),
            state: RefCell::new(state),
            budget: Budget::new(),
            printed: RefCell::new(Vec::new()),
            auto: RefCell::new(None),
            read_only: Cell::new(false),
            watched: Arc::default(),
            fast: Cell::new(None),
        });
        install_budget(&lua, shared.budget.clone(), shared.watched.clone())?;
        let raw = api::register(&lua, &shared).map_err(lua_err)?;
        let data = mlua::LuaSerdeExt::to_value_with(&lua, &content.data, api::serde_options()).map_err(lua_err)?;
        let loader = module_loader(&lua, &content).map_err(lua_err)?;
        let prelude = engine_chunk(&lua, &PRELUDE, include_str!("prelude.lua"), "=posse")?;
        let hooks: Table = prelude.call((raw, data)).map_err(lua_err)?;
        let loaded = lua.create_table().map_err(lua_err)?;
        loaded.set("posse", hooks.get::<Value>("posse").map_err(lua_err)?).map_err(lua_err)?;
        let sandbox = sandbox(&lua, loader, loaded, shared.budget.clone(), Some(shared.clone()))?;
        let ordered: Function = sandbox.get("ordered").map_err(lua_err)?;
        hooks.get::<Function>("set_ordered").and_then(|f| f.call::<()>(ordered)).map_err(lua_err)?;
        // A script's `print` goes to the omniscient debugging output, never to a seat.
        lua.globals().set("print", hooks.get::<Value>("print").map_err(lua_err)?).map_err(lua_err)?;
        let metatables = Saved::snapshot(&sandbox)?;
        let vm = Vm { lua, shared, hooks, sandbox, metatables };
        vm.load_defs(&content)?;
        Ok(vm)
    }

    /// Makes this VM ready for a new game of the same content, as if it were fresh: the
    /// globals, libraries and `posse` module as they were after setup, no module loaded,
    /// and the new state. The definitions stay: made once per VM and frozen (prelude.lua),
    /// they are the same for every game, and a card's script keeps no game state (its
    /// behaviour reaches the game through the context the game passes it).
    pub fn reset(&self, state: State) -> Result<(), Error> {
        *self.shared.state.borrow_mut() = state;
        self.shared.printed.borrow_mut().clear();
        self.refill();
        self.metatables.restore()?;
        // The reset puts back `posse.data` as the VM first made it: no script can change
        // it (prelude.lua), so it is the data of every game of this content.
        self.sandbox.get::<Function>("reset").and_then(|f| f.call::<()>(())).map_err(lua_err)?;
        let players = self.shared.state.borrow().players();
        self.hooks.get::<Function>("new_players").and_then(|f| f.call::<()>(players)).map_err(lua_err)
    }

    /// Builds the table `posse.def` returns for every definition, running each `script:`,
    /// and runs the scenario's own script for `posse.scenario()` (once per VM: see `reset`).
    fn load_defs(&self, content: &Content) -> Result<(), Error> {
        let set_def: Function = self.hooks.get("set_def").map_err(lua_err)?;
        for (i, def) in content.defs.iter().enumerate() {
            let t = self.lua.create_table().map_err(lua_err)?;
            let r: mlua::Result<()> = (|| {
                t.set("id", def.id.as_str())?;
                t.set("name", def.name.as_str())?;
                t.set("text", def.text.as_deref())?;
                let props = mlua::LuaSerdeExt::to_value_with(&self.lua, &def.props, api::serde_options())?;
                t.set("props", if props.is_nil() { Value::Table(self.lua.create_table()?) } else { props })?;
                if let Some(src) = &def.script {
                    let v: Value = compile(&self.lua, content, src)?.call(())?;
                    t.set("script", v)?;
                }
                set_def.call::<()>((i + 1, t))
            })();
            r.map_err(|e| Error::Script(script_message(&e)))?;
        }
        if let Some(src) = &content.scenario {
            let r: mlua::Result<()> = (|| {
                let v: Value = compile(&self.lua, content, src)?.call(())?;
                self.hooks.get::<Function>("set_scenario")?.call::<()>(v)
            })();
            r.map_err(|e| Error::Script(script_message(&e)))?;
        }
        Ok(())
    }

    /// Resets the instruction budget for a new step.
    pub fn refill(&self) {
        self.shared.budget.refill();
    }

    /// Turns the in-flow random bots on (with their RNG) or off.
    pub fn set_auto(&self, bots: Option<AutoBots>) -> Result<(), Error> {
        let on = bots.is_some();
        *self.shared.auto.borrow_mut() = bots;
        let f: Function = self.hooks.get("set_auto").map_err(lua_err)?;
        f.call::<()>(on).map_err(lua_err)
    }

    pub fn set_flow(&self, flow: &mlua::Thread) -> Result<(), Error> {
        let f: Function = self.hooks.get("set_flow").map_err(lua_err)?;
        f.call::<()>(flow.clone()).map_err(lua_err)
    }

    pub fn require(&self, module: &str) -> Result<Value, Error> {
        let f: Function = self.lua.globals().get("require").map_err(lua_err)?;
        self.refill();
        f.call(module).map_err(|e| Error::Script(script_message(&e)))
    }
}
