//! The sandboxed Lua side: a VM per game with the `posse` module, and a separate VM per
//! renderer that only ever receives views (and the game's public `data:`).
//!
//! Sandbox: Lua 5.4 with the table, string, math, utf8 and coroutine libraries only; no
//! io, os, debug or package; no `load`, `dofile`, `loadfile`, `string.dump` or
//! `collectgarbage`; `require` resolves only `posse` and the game's own modules
//! (`scripts/<game>/`, `scripts/lib/`); `math.random` draws from the game's seeded RNG.
//! Every step runs under an instruction budget and the VM under a memory limit.

mod api;
mod errors;
pub(crate) mod shape;
pub(crate) mod watchdog;

pub(crate) use errors::{lua_err, script_message};

use crate::content::{BytecodeCache, Content, Source};
use crate::diag::Error;
use crate::limits::{MEMORY_LIMIT, STEP_INSTRUCTIONS, STEP_TIME, VIEW_TEXT_BYTES};
use crate::state::State;
use mlua::chunk::ChunkMode;
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

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
    pub rng: crate::rng::Rng,
    pub choices: Vec<crate::record::Choice>,
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
    /// The compiled `script:` chunk of each definition, kept for the VM's next game.
    def_chunks: RefCell<Vec<Option<Function>>>,
    /// The tables sandbox.lua restores between games, with their metatables then.
    metatables: Saved,
}

fn sandboxed_lua() -> Result<Lua, Error> {
    let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
    let lua = Lua::new_with(libs, LuaOptions::new()).map_err(lua_err)?;
    lua.set_memory_limit(MEMORY_LIMIT).map_err(lua_err)?;
    Ok(lua)
}

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
    fn new() -> Rc<Budget> {
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
fn install_budget(lua: &Lua, budget: Rc<Budget>, watched: Arc<watchdog::Watched>) -> Result<(), Error> {
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

/// Compiles a source as text only (never a binary chunk from content), named after its
/// file, padded so that line numbers are those of the file it came from. The bytecode the
/// engine itself made from that text is cached per content and reused by later games.
fn compile(lua: &Lua, content: &Content, src: &Source) -> mlua::Result<Function> {
    let key = (src.file.clone(), src.line, crate::hash::fnv(src.code.as_bytes()));
    let cached = content.bytecode.lock().ok().and_then(|c| c.get(&key).cloned());
    if let Some(bytes) = cached {
        return lua.load(&bytes[..]).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Binary).into_function();
    }
    let mut code = "\n".repeat(src.line.saturating_sub(1));
    code.push_str(&src.code);
    let f = lua.load(code).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Text).into_function()?;
    if let Ok(mut c) = content.bytecode.lock() {
        c.insert(key, f.dump(false).into());
    }
    Ok(f)
}

/// Compiles every source without running it: syntax errors as (file, line, message), and
/// the bytecode of what compiled, for the content's cache.
pub(crate) fn precompile<'a>(
    sources: impl Iterator<Item = &'a Source>,
) -> (Vec<(String, usize, String)>, BytecodeCache) {
    let mut errors = Vec::new();
    let mut cache = BytecodeCache::new();
    let Ok(lua) = Lua::new_with(StdLib::NONE, LuaOptions::new()) else { return (errors, cache) };
    for src in sources {
        let mut code = "\n".repeat(src.line.saturating_sub(1));
        code.push_str(&src.code);
        match lua.load(code).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Text).into_function() {
            Ok(f) => {
                cache.insert((src.file.clone(), src.line, crate::hash::fnv(src.code.as_bytes())), f.dump(false).into());
            }
            Err(e) => {
                let msg = script_message(&e);
                let mut parts = msg.splitn(3, ':');
                let (file, line, rest) = (parts.next(), parts.next(), parts.next());
                match (file, line.and_then(|l| l.parse::<usize>().ok()), rest) {
                    (Some(f), Some(l), Some(r)) if f == src.file => {
                        errors.push((src.file.clone(), l, r.trim().to_string()))
                    }
                    _ => errors.push((src.file.clone(), src.line, msg)),
                }
            }
        }
    }
    (errors, cache)
}

static PRELUDE: OnceLock<Vec<u8>> = OnceLock::new();
static SANDBOX: OnceLock<Vec<u8>> = OnceLock::new();

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

/// The engine's own Lua, parsed once per process.
fn engine_chunk(lua: &Lua, cache: &OnceLock<Vec<u8>>, code: &str, name: &str) -> Result<Function, Error> {
    if let Some(bytes) = cache.get() {
        return lua.load(&bytes[..]).set_name(name).set_mode(ChunkMode::Binary).into_function().map_err(lua_err);
    }
    let f = lua.load(code).set_name(name).set_mode(ChunkMode::Text).into_function().map_err(lua_err)?;
    let _ = cache.set(f.dump(false));
    Ok(f)
}

/// A Rust function for `require`: compiles a module of the game by name.
fn module_loader(lua: &Lua, content: &Arc<Content>) -> mlua::Result<Function> {
    let content = content.clone();
    lua.create_function(move |lua, name: String| match content.modules.get(&name) {
        Some(src) => match compile(lua, &content, src) {
            Ok(f) => Ok((Value::Function(f), Value::Nil)),
            Err(e) => Ok((Value::Nil, Value::String(lua.create_string(script_message(&e))?))),
        },
        None => {
            let msg = format!(
                "module '{name}' not found (game modules are 'GAME.NAME' for scripts/GAME/NAME.lua, shared ones 'lib.NAME')"
            );
            Ok((Value::Nil, Value::String(lua.create_string(msg)?)))
        }
    })
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
        let vm =
            Vm { lua, shared, hooks, sandbox, def_chunks: RefCell::new(vec![None; content.defs.len()]), metatables };
        vm.load_defs(&content)?;
        Ok(vm)
    }

    /// Makes this VM ready for a new game of the same content, as if it were fresh: the
    /// globals, libraries and `posse` module as they were after setup, no module loaded,
    /// the definitions' scripts run again, and the new state.
    pub fn reset(&self, state: State) -> Result<(), Error> {
        *self.shared.state.borrow_mut() = state;
        self.shared.printed.borrow_mut().clear();
        self.refill();
        self.metatables.restore()?;
        // The reset puts back `posse.data` as the VM first made it: no script can change
        // it (prelude.lua), so it is the data of every game of this content.
        self.sandbox.get::<Function>("reset").and_then(|f| f.call::<()>(())).map_err(lua_err)?;
        let players = self.shared.state.borrow().players();
        self.hooks.get::<Function>("new_players").and_then(|f| f.call::<()>(players)).map_err(lua_err)?;
        let content = self.shared.content.clone();
        self.load_defs(&content)
    }

    /// Builds the table `posse.def` returns for every definition, running each `script:`.
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
                    let cached = self.def_chunks.borrow()[i].clone();
                    let f = match cached {
                        Some(f) => f,
                        None => {
                            let f = compile(&self.lua, content, src)?;
                            self.def_chunks.borrow_mut()[i] = Some(f.clone());
                            f
                        }
                    };
                    let v: Value = f.call(())?;
                    t.set("script", v)?;
                }
                set_def.call::<()>((i + 1, t))
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

/// A renderer: the game's `render.lua` in a VM of its own that holds no game state.
pub(crate) struct Renderer {
    lua: Lua,
    budget: Rc<Budget>,
    /// The compiled render.lua, run afresh for every view.
    chunk: Function,
    file: String,
    /// `reset` of sandbox.lua: each view is drawn in a VM as it was after setup, so what
    /// a renderer draws depends on the view alone, never on the views drawn before.
    reset: Function,
    /// The tables sandbox.lua restores before each view, with their metatables then: a
    /// metatable set on `_G` or a library is no place to keep a view (another seat's hand)
    /// for the next one.
    metatables: Saved,
    /// The content, for the game's `data:` (the renderer's second argument).
    content: Arc<Content>,
}

impl Renderer {
    pub fn new(content: &Arc<Content>) -> Result<Renderer, Error> {
        let lua = sandboxed_lua()?;
        let budget = Budget::new();
        install_budget(&lua, budget.clone(), Arc::default())?;
        let loader = module_loader(&lua, content).map_err(lua_err)?;
        let sandbox = sandbox(&lua, loader, lua.create_table().map_err(lua_err)?, budget.clone(), None)?;
        // A renderer has no randomness at all: the same view must draw the same text.
        let math: Table = lua.globals().get("math").map_err(lua_err)?;
        math.set("random", Value::Nil).map_err(lua_err)?;
        let metatables = Saved::snapshot(&sandbox)?;
        let reset = sandbox.get::<Function>("reset").map_err(lua_err)?;
        let chunk = compile(&lua, content, &content.render).map_err(|e| Error::Script(script_message(&e)))?;
        Ok(Renderer {
            lua,
            budget,
            chunk,
            file: content.render.file.clone(),
            reset,
            metatables,
            content: content.clone(),
        })
    }

    /// Draws a view in the VM as it was after setup (globals, libraries and their
    /// metatables), whatever the views drawn before left in it.
    pub fn render(&self, view: &crate::view::View) -> Result<String, Error> {
        self.budget.refill();
        self.metatables.restore()?;
        self.reset.call::<()>(()).map_err(lua_err)?;
        let render = match self.chunk.call::<Value>(()) {
            Ok(Value::Function(f)) => f,
            Ok(_) => {
                return Err(Error::Script(format!(
                    "{}: expected the renderer to return a function(view, data)",
                    self.file
                )))
            }
            Err(e) => return Err(Error::Script(script_message(&e))),
        };
        let v = mlua::LuaSerdeExt::to_value_with(&self.lua, view, api::serde_options()).map_err(lua_err)?;
        // The game's `data:` is content, public like the rulebook: names to draw with.
        let data =
            mlua::LuaSerdeExt::to_value_with(&self.lua, &self.content.data, api::serde_options()).map_err(lua_err)?;
        let text = render.call::<Value>((v, data)).map_err(|e| Error::Script(script_message(&e)))?;
        match text {
            Value::String(s) if s.as_bytes().len() > VIEW_TEXT_BYTES => Err(Error::Script(format!(
                "{}: the renderer returned {} bytes for one view (at most {} MiB)",
                self.file,
                s.as_bytes().len(),
                VIEW_TEXT_BYTES >> 20
            ))),
            Value::String(s) => Ok(s.to_string_lossy()),
            other => Err(Error::Script(format!(
                "{}: expected the renderer to return a string, not {}",
                self.file,
                other.type_name()
            ))),
        }
    }
}
