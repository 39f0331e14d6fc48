//! The sandboxed Lua side: a VM per game with the `posse` module, and a separate VM per
//! renderer that only ever receives views (and the game's public `data:`).
//!
//! Sandbox: Lua 5.4 with the table, string, math, utf8 and coroutine libraries only; no
//! io, os, debug or package; no `load`, `dofile`, `loadfile`, `string.dump` or
//! `collectgarbage`; `require` resolves only `posse` and the game's own modules
//! (`scripts/<game>/`, `scripts/lib/`); `math.random` draws from the game's seeded RNG.
//! Every step runs under a work budget (budget.rs) and the VM under a memory limit.
//!
//! This is the bridge between the engine's data and the rules: it knows the state, the
//! content, decisions and views, never the game's flow (`game` drives the VMs made here).
//! Files: `register.rs` (the registrar: each `posse` function registered once, with its
//! name and whether scripts or prelude.lua alone call it), `api.rs` (the raw Rust
//! functions of `posse`; `boardapi.rs`, `diceapi.rs`, `mapapi.rs` and `gridapi.rs` add the
//! board, dice, zone-map and grid ones), `prelude.lua` (the module built from them),
//! `freeze.lua` (read-only trees), `kinds.rs` (a game's declared question kinds, read from
//! `scripts/<game>/questions.lua` once per VM), `sandbox.lua` (what scripts may reach, and the
//! tables `posse.once` keeps across the games of a VM), `budget.rs` (the step budget), `watchdog.rs`
//! (batches' budget without the count hook), `compile.rs` (compiling scripts, and
//! `Content::load`), `shape.rs` (a decision read from Lua values), `render.rs` (the
//! renderer's VM), `strategy.rs` (strategy bots' VMs), `playout.rs` (a search playout's
//! script for the in-flow bots), `twin.rs` (the leak check's twin
//! mode) and `errors.rs` (error messages with file and line).

mod api;
mod boardapi;
mod budget;
mod compile;
mod diceapi;
mod errors;
mod gridapi;
pub(crate) mod kinds;
mod mapapi;
mod playout;
mod register;
mod render;
pub(crate) mod shape;
mod strategy;
mod twin;
pub(crate) mod watchdog;

pub(crate) use budget::{refused_by_budget, unmetered, Budget};
pub(crate) use errors::{flow_message, lua_err, script_message};
pub(crate) use playout::{Guide, Playout};
pub(crate) use render::Renderer;
pub use strategy::{names as bot_names, Strategy};
pub use twin::Twin;

use crate::content::Content;
use crate::diag::Error;
use crate::limits::MEMORY_LIMIT;
use crate::record::Choice;
use crate::rng::Rng;
use crate::state::State;
pub(crate) use budget::Metered;
use budget::{charge_function, install_budget, unmetered_function};
use compile::{compile, engine_chunk, module_loader, FREEZE, PRELUDE, SANDBOX};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// Instructions between two charges of the count hook to the budget.
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
    /// Who leads by the game's `lead:` counter, noted at every decision (sim's
    /// decisiveness).
    pub lead: RefCell<crate::state::Lead>,
    /// When the leak check audits the log (`Game::audit_log`): for each line logged since,
    /// the (line, seat, definition) whose name the line gives to a seat that could see no
    /// copy of it at that moment.
    pub log_audit: RefCell<Option<Vec<(usize, usize, usize)>>>,
    /// When the leak check watches what seats glimpse (`Game::watch_glimpses`): by object,
    /// the seats (a bit each) that could see it when a line was logged since.
    pub glimpses: RefCell<Option<Vec<u64>>>,
    /// Twin mode (`twin.rs`): the leak check's twin game, whose hidden dice and counters
    /// take other values as the script rolls and sets them.
    pub twin: RefCell<Option<Twin>>,
    /// The game's declared question kinds (kinds.rs), when it declares them.
    pub kinds: RefCell<Option<Arc<crate::decision::Kinds>>>,
    /// `posse.changes`'s parts ("zone:ID", "counter:ID", "map"): (the name's hash, the
    /// name, its slot in [`crate::state::Changes`]), sorted, made at the first call (they
    /// depend on the content alone; api.rs `change_part`).
    pub change_parts: std::cell::OnceCell<Vec<(u64, Vec<u8>, usize)>>,
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
    /// Options offered over the decisions made (the branching factor's sum).
    pub options: usize,
    /// What the options' tags (the def id a choice plays or uses) saw.
    pub tags: TagTally,
    /// Restricted play: a seat that never picks a tag when it has another option.
    pub ban: Option<crate::decision::Ban>,
    /// Seats (1-based) whose decisions yield to the engine all the same: strategy bots
    /// answer them, while the random seats go on answering in the flow.
    pub yields: Vec<usize>,
    /// A search playout's script (playout.rs): the bots replay it before they play.
    pub playout: Option<Playout>,
}

impl AutoBots {
    /// The random bot's answer to a yielded decision of `shape` whose options carry
    /// `tags`, from the bots' one stream, under the ban (as [`AutoBots::allowed`]).
    pub fn pick_yielded(&mut self, shape: crate::decision::Shape, tags: &[Option<String>]) -> Vec<u32> {
        if let Some(ban) = self.ban.as_ref().filter(|b| b.seat == shape.seat && !shape.multi) {
            let banned = |i: u32| tags.get(i as usize - 1).and_then(Option::as_deref) == Some(ban.tag.as_str());
            let allowed: Vec<u32> = (1..=shape.count as u32).filter(|&i| !banned(i)).collect();
            if !allowed.is_empty() && allowed.len() < shape.count {
                return vec![allowed[self.rng.below(allowed.len() as u64) as usize]];
            }
        }
        crate::bot::random_choice(shape, &mut self.rng)
    }

    /// The options the ban leaves `seat` among `count` tagged by `tags` (None: no ban
    /// applies, or it would leave nothing to pick).
    pub fn allowed(&self, seat: usize, tags: &Table, count: usize) -> mlua::Result<Option<Vec<u32>>> {
        let Some(ban) = self.ban.as_ref().filter(|b| b.seat == seat) else { return Ok(None) };
        let mut allowed = Vec::with_capacity(count);
        for i in 1..=count {
            let banned =
                matches!(tags.raw_get::<Value>(i)?, Value::String(t) if t.as_bytes().as_ref() == ban.tag.as_bytes());
            if !banned {
                allowed.push(i as u32);
            }
        }
        Ok((allowed.len() < count && !allowed.is_empty()).then_some(allowed))
    }

    /// Notes the tags of a decision of `seat` (`tags[i]`: option i's tag, a string, or
    /// none) offering `count` options, of which `picks` were chosen. At most
    /// [`MAX_TAG_BYTES`] of tag a name.
    pub fn note_tags(&mut self, lua: &Lua, seat: usize, tags: &Table, count: usize, picks: &[u32]) -> mlua::Result<()> {
        use mlua::ffi;
        let mut long = None;
        // Read on the C stack: a decision's tags cost no Lua values of mlua's.
        // SAFETY: the closure runs in a protected call with the tags table at index 1; it
        // reads it raw (lua_rawgeti, no metamethod), copies each string's bytes before
        // popping it, and leaves the stack empty.
        unsafe {
            lua.exec_raw::<()>(tags.clone(), |s| {
                for i in 1..=count {
                    if ffi::lua_rawgeti(s, 1, i as ffi::lua_Integer) == ffi::LUA_TSTRING {
                        let mut len = 0usize;
                        let p = ffi::lua_tolstring(s, -1, &mut len);
                        if len > MAX_TAG_BYTES {
                            long = Some(i);
                            break;
                        }
                        let bytes = std::slice::from_raw_parts(p as *const u8, len);
                        self.tags.of(bytes).note(seat, picks.contains(&(i as u32)));
                    }
                    ffi::lua_settop(s, 1);
                }
                ffi::lua_settop(s, 0);
            })?;
        }
        match long {
            Some(i) => Err(mlua::Error::runtime(format!("option {i}'s tag is longer than {MAX_TAG_BYTES} bytes"))),
            None => Ok(()),
        }
    }
}

/// What the options' tags saw in a game's decisions made in the flow, a tag once each. A
/// tag is a short Lua string, interned: it is found again by the address of its bytes (and
/// checked against them, an address being reused once a string is collected), without
/// reading or hashing its text at every option.
#[derive(Default)]
pub(crate) struct TagTally {
    names: Vec<String>,
    uses: Vec<crate::decision::TagUse>,
    /// The address of a Lua string's bytes -> its tag's index.
    seen: std::collections::HashMap<usize, usize, std::hash::BuildHasherDefault<AddrHasher>>,
}

impl TagTally {
    /// The use of the tag whose text is `bytes` (a Lua string's, kept while it is noted).
    pub(super) fn of(&mut self, bytes: &[u8]) -> &mut crate::decision::TagUse {
        let addr = bytes.as_ptr() as usize;
        let i = match self.seen.get(&addr) {
            Some(&i) if self.names[i].as_bytes() == bytes => i,
            _ => {
                let name = String::from_utf8_lossy(bytes);
                let i = self.names.iter().position(|n| *n == name).unwrap_or_else(|| {
                    self.names.push(name.into_owned());
                    self.uses.push(Default::default());
                    self.names.len() - 1
                });
                self.seen.insert(addr, i);
                i
            }
        };
        &mut self.uses[i]
    }

    /// The uses by tag.
    pub fn into_map(self) -> BTreeMap<String, crate::decision::TagUse> {
        self.names.into_iter().zip(self.uses).collect()
    }
}

/// A hasher for addresses: one multiplication (addresses are already spread).
#[derive(Default)]
pub(crate) struct AddrHasher(u64);

impl std::hash::Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The longest tag an option may carry.
pub const MAX_TAG_BYTES: usize = 256;

/// A game's VM: the `posse` module, the game's modules, and the engine hooks.
pub(crate) struct Vm {
    /// Dropped first: puts the VM's own allocator back.
    _metered: Metered,
    pub lua: Lua,
    pub shared: Rc<Shared>,
    hooks: Table,
    /// The tables sandbox.lua saved after setup, put back between games (contents and
    /// metatables), so a VM is reused for another game as if fresh.
    metatables: Saved,
    /// The state at the start of the last game this VM was given (`fresh_state`).
    fresh: RefCell<Option<State>>,
    /// Set while the engine loads the game's modules ([`Vm::require`]): what `posse.once`
    /// builds then is kept for the VM's later games.
    loading: Rc<Cell<bool>>,
    /// sandbox.lua's `forget_kept`: what `posse.once` kept, forgotten when the VM is given
    /// other seats.
    forget_kept: Function,
}

/// freeze.lua's module: `freeze(t, what)`, read-only trees, and `set_ordered`.
fn frozen(lua: &Lua) -> Result<Table, Error> {
    engine_chunk(lua, &FREEZE, include_str!("freeze.lua"), "=posse.freeze")?.call::<Table>(()).map_err(lua_err)
}

/// The incremental collector's pause, in percent: a cycle starts when the heap has grown
/// to this much of what the last cycle left alive (Lua's default is 200). A game's VM
/// holds about 2 MB alive (the content, its definitions and the compiled scripts) and
/// makes garbage at every decision, so at 200 each cycle marks that whole heap again for
/// a little garbage; at 1000 the cycles are five times fewer (dice_town 4p: 470 to 580
/// instructions a decision less). The heap stays bounded, at about ten times what is
/// alive (some 20 MB for such a VM; a 100-game batch's resident size grew by 4 MB), and
/// under [`MEMORY_LIMIT`] all the same: an allocation the limit refuses makes Lua
/// collect everything and try again, so what fails is what is alive, not its garbage.
/// No outcome depends on the collector's timing (sandbox.lua: no finalizers, no weak
/// tables in scripts' reach).
const GC_PAUSE: std::ffi::c_int = 1000;

/// The VM's main thread, as the C API knows it (its allocator, its hook, its extra space
/// are set there).
pub(super) fn main_thread(lua: &Lua) -> mlua::Result<*mut mlua::ffi::lua_State> {
    let mut main = std::ptr::null_mut();
    // SAFETY: in a protected call, reads the main thread from the registry (raw, no
    // metamethod); the stack is left as it was.
    unsafe {
        lua.exec_raw::<()>((), |s| {
            mlua::ffi::lua_rawgeti(s, mlua::ffi::LUA_REGISTRYINDEX, mlua::ffi::LUA_RIDX_MAINTHREAD);
            main = mlua::ffi::lua_tothread(s, -1);
            mlua::ffi::lua_pop(s, 1);
        })?;
    }
    Ok(main)
}

fn sandboxed_lua() -> Result<Lua, Error> {
    let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
    let lua = Lua::new_with(libs, LuaOptions::new()).map_err(lua_err)?;
    lua.set_memory_limit(MEMORY_LIMIT).map_err(lua_err)?;
    // SAFETY: lua_gc with LUA_GCINC only sets the collector's parameters (0: unchanged).
    unsafe {
        lua.exec_raw::<()>((), |s| {
            mlua::ffi::lua_gc(s, mlua::ffi::LUA_GCINC, GC_PAUSE, 0, 0);
        })
    }
    .map_err(lua_err)?;
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
    keep: Option<Keep>,
) -> Result<Table, Error> {
    let charge = charge_function(lua, budget.clone())?;
    let unmetered = unmetered_function(lua)?;
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
        .call::<Table>((
            loader,
            provided,
            exhausted,
            counted,
            charge,
            crate::limits::FREE_WORK,
            unmetered,
            keep.as_ref().map(|k| k.frozen.clone()),
            keep.map(|k| k.seal),
        ))
        .map_err(lua_err)
}

/// What sandbox.lua needs for `posse.once` (a game's VM): freeze.lua's module, and `seal`.
struct Keep {
    frozen: Table,
    seal: Function,
}

/// `seal(builder)` for sandbox.lua's `posse.once`: calls the builder read-only (it may read
/// the game, never change it or draw a random number: the functions that change the state
/// refuse, as in a prompt function) and returns what it returned and whether it may be
/// kept for the VM's later games: only while the engine loads the game's modules
/// (`loading`, [`Vm::require`]), before the game's first step, when the state is the fresh
/// state every game of the VM starts from. The dice's revealed flags, which no `posse`
/// function guards, are checked unchanged.
fn seal_function(lua: &Lua, shared: &Rc<Shared>, loading: Rc<Cell<bool>>) -> Result<Function, Error> {
    let sh = shared.clone();
    lua.create_function(move |_, builder: Function| {
        let revealed = |sh: &Shared| {
            let st = sh.state.borrow();
            (st.dice_revealed, st.shared_dice_revealed)
        };
        let before = revealed(&sh);
        let was = sh.read_only.replace(true);
        let made = builder.call::<Value>(());
        sh.read_only.set(was);
        let made = made?;
        if revealed(&sh) != before {
            return Err(mlua::Error::runtime(
                "posse.once: a builder may read the game, not change it (dice shown or hidden)",
            ));
        }
        Ok((made, loading.get()))
    })
    .map_err(lua_err)
}

/// The tables sandbox.lua saves after setup (`snapshot`: the globals, the libraries, the
/// provided modules), each with its metatable then, a copy of its contents then (which no
/// script can reach) and how many keys the copy has. [`Saved::reset`] puts them back.
struct Saved {
    tables: Vec<SavedTable>,
    /// sandbox.lua's `fresh_loaded`: every loaded module forgotten.
    fresh_loaded: Function,
}

struct SavedTable {
    table: Table,
    metatable: Option<Table>,
    copy: Table,
    keys: i64,
}

impl Saved {
    fn snapshot(sandbox: &Table) -> Result<Saved, Error> {
        let (tables, copies): (Vec<Table>, Vec<Table>) =
            sandbox.get::<Function>("snapshot").and_then(|f| f.call(())).map_err(lua_err)?;
        let tables = tables
            .into_iter()
            .zip(copies)
            .map(|(table, copy)| {
                let keys = copy.pairs::<Value, Value>().count() as i64;
                SavedTable { metatable: table.metatable(), table, copy, keys }
            })
            .collect();
        let fresh_loaded = sandbox.get::<Function>("fresh_loaded").map_err(lua_err)?;
        Ok(Saved { tables, fresh_loaded })
    }

    /// Puts the saved tables back as they were after setup, and forgets every loaded
    /// module, so the next game (or view) starts as in a fresh VM: first the metatables
    /// (which a script may have protected from Lua itself), then the contents. The
    /// contents are walked here, raw (no metamethod runs), in one protected call: each
    /// table's keys once, clearing what the copy lacks and writing back only the values
    /// that differ; the copy is walked only when keys were removed from the table. The
    /// result does not depend on the order of the walk.
    fn reset(&self, lua: &Lua) -> Result<(), Error> {
        use mlua::ffi;
        for t in &self.tables {
            t.table.set_metatable(t.metatable.clone()).map_err(lua_err)?;
        }
        let mut args = mlua::MultiValue::new();
        for t in &self.tables {
            args.push_back(Value::Table(t.table.clone()));
            args.push_back(Value::Table(t.copy.clone()));
        }
        let keys: Vec<i64> = self.tables.iter().map(|t| t.keys).collect();
        // SAFETY: the closure runs in a protected call with the tables and their copies on
        // the stack at 1..=2n (table at 2i+1, copy at 2i+2); it uses raw reads and writes
        // only (lua_rawget, lua_rawset, lua_next), keeps the stack balanced within each
        // step of a walk and empties it at the end. During a walk of a table it only
        // clears or overwrites fields it has just been given, which lua_next allows; keys
        // the table lacks are added in the walk of the copy, not of the table.
        unsafe {
            lua.exec_raw::<()>(args, |s| {
                for (i, &want) in keys.iter().enumerate() {
                    let (t, was) = (2 * i as i32 + 1, 2 * i as i32 + 2);
                    let mut kept = 0i64;
                    ffi::lua_pushnil(s);
                    while ffi::lua_next(s, t) != 0 {
                        // key, value
                        ffi::lua_pushvalue(s, -2);
                        if ffi::lua_rawget(s, was) == ffi::LUA_TNIL {
                            // key, value, nil: a key the game added
                            ffi::lua_pop(s, 2);
                            ffi::lua_pushvalue(s, -1);
                            ffi::lua_pushnil(s);
                            ffi::lua_rawset(s, t);
                        } else {
                            // key, value, value then
                            kept += 1;
                            if ffi::lua_rawequal(s, -1, -2) == 0 {
                                ffi::lua_pushvalue(s, -3);
                                ffi::lua_insert(s, -2);
                                ffi::lua_rawset(s, t);
                                ffi::lua_pop(s, 1);
                            } else {
                                ffi::lua_pop(s, 2);
                            }
                        }
                    }
                    if kept != want {
                        // Keys the game removed: put back from the copy.
                        ffi::lua_pushnil(s);
                        while ffi::lua_next(s, was) != 0 {
                            // key, value then
                            ffi::lua_pushvalue(s, -2);
                            if ffi::lua_rawget(s, t) == ffi::LUA_TNIL {
                                ffi::lua_pop(s, 1);
                                ffi::lua_pushvalue(s, -2);
                                ffi::lua_insert(s, -2);
                                ffi::lua_rawset(s, t);
                            } else {
                                ffi::lua_pop(s, 2);
                            }
                        }
                    }
                }
                ffi::lua_settop(s, 0);
            })
        }
        .map_err(lua_err)?;
        self.fresh_loaded.call::<()>(()).map_err(lua_err)
    }
}

impl Vm {
    pub fn new(content: Arc<Content>, state: State) -> Result<Vm, Error> {
        let lua = sandboxed_lua()?;
        let watched = Arc::<watchdog::Watched>::default();
        let shared = Rc::new(Shared {
            content: content.clone(),
            state: RefCell::new(state),
            budget: Budget::new(watched.clone()),
            printed: RefCell::new(Vec::new()),
            auto: RefCell::new(None),
            read_only: Cell::new(false),
            watched,
            fast: Cell::new(None),
            lead: RefCell::new(crate::state::Lead::default()),
            log_audit: RefCell::new(None),
            glimpses: RefCell::new(None),
            twin: RefCell::new(None),
            kinds: RefCell::new(None),
            change_parts: std::cell::OnceCell::new(),
        });
        let metered = install_budget(&lua, shared.budget.clone(), shared.watched.clone())?;
        let raw = api::register(&lua, &shared).map_err(lua_err)?;
        raw.set("unmetered", unmetered_function(&lua)?).map_err(lua_err)?;
        let data = mlua::LuaSerdeExt::to_value_with(&lua, &content.data, api::serde_options()).map_err(lua_err)?;
        let loader = module_loader(&lua, &content).map_err(lua_err)?;
        let prelude = engine_chunk(&lua, &PRELUDE, include_str!("prelude.lua"), "=posse")?;
        let frozen = frozen(&lua)?;
        let hooks: Table = prelude.call((raw, data, frozen.clone())).map_err(lua_err)?;
        let loaded = lua.create_table().map_err(lua_err)?;
        loaded.set("posse", hooks.get::<Value>("posse").map_err(lua_err)?).map_err(lua_err)?;
        let loading = Rc::new(Cell::new(false));
        let keep = Keep { frozen, seal: seal_function(&lua, &shared, loading.clone())? };
        let sandbox = sandbox(&lua, loader, loaded, shared.budget.clone(), Some(shared.clone()), Some(keep))?;
        let forget_kept: Function = sandbox.get("forget_kept").map_err(lua_err)?;
        let ordered: Function = sandbox.get("ordered").map_err(lua_err)?;
        hooks.get::<Function>("set_ordered").and_then(|f| f.call::<()>(ordered)).map_err(lua_err)?;
        // A script's `print` goes to the omniscient debugging output, never to a seat.
        lua.globals().set("print", hooks.get::<Value>("print").map_err(lua_err)?).map_err(lua_err)?;
        let metatables = Saved::snapshot(&sandbox)?;
        let vm =
            Vm { _metered: metered, lua, shared, hooks, metatables, fresh: RefCell::new(None), loading, forget_kept };
        vm.load_defs(&content)?;
        vm.load_kinds(&content)?;
        Ok(vm)
    }

    /// The state at the start of a game of this content for `seats` and `seed`, for
    /// [`Vm::reset`]: a copy of the one this VM last made for the same seats (a batch
    /// plays game after game in one VM), else a new one.
    pub fn fresh_state(&self, seats: &[String], seed: u64) -> State {
        let mut fresh = self.fresh.borrow_mut();
        if let Some(f) = fresh.as_ref().filter(|f| f.seats.iter().map(|s| &s.name).eq(seats.iter())) {
            return f.copy_for(seed);
        }
        let state = State::new(&self.shared.content, seats, seed);
        *fresh = Some(state.clone());
        state
    }

    /// Makes this VM ready for a new game of the same content, as if it were fresh: the
    /// globals, libraries and `posse` module as they were after setup, no module loaded,
    /// and the new state. The definitions stay: made once per VM and frozen (prelude.lua),
    /// they are the same for every game, and a card's script keeps no game state (its
    /// behaviour reaches the game through the context the game passes it). So do the
    /// tables `posse.once` kept (sandbox.lua), built from the fresh state of these seats:
    /// other seats forget them.
    pub fn reset(&self, state: State) -> Result<(), Error> {
        let same_seats =
            self.shared.state.borrow().seats.iter().map(|s| &s.name).eq(state.seats.iter().map(|s| &s.name));
        if !same_seats {
            self.forget_kept.call::<()>(()).map_err(lua_err)?;
        }
        *self.shared.state.borrow_mut() = state;
        self.shared.printed.borrow_mut().clear();
        self.refill();
        // The reset puts back `posse.data` as the VM first made it: no script can change
        // it (prelude.lua), so it is the data of every game of this content.
        self.metatables.reset(&self.lua)?;
        self.hooks.get::<Function>("zero_resolved").and_then(|f| f.call::<()>(())).map_err(lua_err)?;
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

    /// Reads the game's declared question kinds (kinds.rs), once per VM, and hands them to
    /// prelude.lua, which refuses a question of any other kind.
    fn load_kinds(&self, content: &Content) -> Result<(), Error> {
        let Some(file) = kinds::file(content) else { return Ok(()) };
        let v = self.require(&format!("{}.{}", content.game, kinds::MODULE))?;
        let declared = kinds::read(v, &file)?;
        let r: mlua::Result<()> = (|| {
            let t = self.lua.create_table()?;
            for (name, kind) in &declared.kinds {
                t.set(name.as_str(), self.lua.create_table_from(kind.ids.keys().map(|id| (id.as_str(), true)))?)?;
            }
            self.hooks.get::<Function>("set_kinds")?.call::<()>((t, file.as_str()))
        })();
        r.map_err(lua_err)?;
        *self.shared.kinds.borrow_mut() = Some(Arc::new(declared));
        Ok(())
    }

    /// The game's declared question kinds, if it declares them.
    pub fn kinds(&self) -> Option<Arc<crate::decision::Kinds>> {
        self.shared.kinds.borrow().clone()
    }

    /// How many questions of each kind this game has asked so far.
    pub fn asked(&self) -> Result<BTreeMap<String, u64>, Error> {
        let t: Table = self.hooks.get::<Function>("asked").and_then(|f| f.call(())).map_err(lua_err)?;
        let mut out = BTreeMap::new();
        for pair in t.pairs::<String, i64>() {
            let (k, n) = pair.map_err(lua_err)?;
            out.insert(k, n.max(0) as u64);
        }
        Ok(out)
    }

    /// How many times each definition's behaviour ran in this game (by definition index:
    /// every part of its script but `can` and `label`; prelude.lua counts).
    pub fn resolved(&self) -> Result<Vec<u32>, Error> {
        self.per_def("resolved")
    }

    /// How many parts of each definition's script are counted in [`Vm::resolved`] (by
    /// definition index; 0: nothing of it can run, a card of data alone).
    pub fn parts(&self) -> Result<Vec<u32>, Error> {
        self.per_def("parts")
    }

    /// A list of prelude.lua's by definition index, read raw.
    fn per_def(&self, name: &str) -> Result<Vec<u32>, Error> {
        let t: Table = self.hooks.get(name).map_err(lua_err)?;
        (1..=self.shared.content.defs.len())
            .map(|i| t.raw_get::<Option<i64>>(i).map(|n| n.unwrap_or(0).clamp(0, u32::MAX as i64) as u32))
            .collect::<mlua::Result<_>>()
            .map_err(lua_err)
    }

    /// Resets the work budget for a new step.
    pub fn refill(&self) {
        self.shared.budget.refill();
    }

    /// Units of work the VM's steps have spent since it was made (budget.rs).
    pub fn work(&self) -> u64 {
        self.shared.budget.work()
    }

    /// Turns the in-flow random bots on (with their RNG) or off.
    pub fn set_auto(&self, bots: Option<AutoBots>) -> Result<(), Error> {
        let on = bots.is_some();
        let yields = match &bots {
            Some(b) if !b.yields.is_empty() => {
                Some(self.lua.create_table_from(b.yields.iter().map(|&s| (s, true))).map_err(lua_err)?)
            }
            _ => None,
        };
        *self.shared.auto.borrow_mut() = bots;
        let f: Function = self.hooks.get("set_auto").map_err(lua_err)?;
        f.call::<()>((on, yields)).map_err(lua_err)
    }

    pub fn set_flow(&self, flow: &mlua::Thread) -> Result<(), Error> {
        let f: Function = self.hooks.get("set_flow").map_err(lua_err)?;
        f.call::<()>(flow.clone()).map_err(lua_err)
    }

    /// [`Vm::require`] for a batch game (its flow runs without the count hook under the
    /// watchdog, watchdog.rs): the modules load without the hook too, watched the same way.
    /// A load the watchdog or the budget interrupts fails with the game interrupted, and
    /// the engine plays the game again counted from a fresh VM, as it does for the flow.
    pub fn require_watched(&self, module: &str) -> Result<Value, Error> {
        let Ok(main) = main_thread(&self.lua) else { return self.require(module) };
        let Some(h) = watchdog::Hook::of(main).filter(|_| watchdog::available()) else { return self.require(module) };
        let watched = &self.shared.watched;
        watched.interrupted.store(false, std::sync::atomic::Ordering::Relaxed);
        watched.signalled.store(false, std::sync::atomic::Ordering::Relaxed);
        let unwatched = || {
            self.shared.fast.set(None);
            self.shared.budget.set_fast(false);
            h.arm(main);
        };
        watchdog::Hook::disarm(main);
        self.shared.fast.set(Some(h));
        self.shared.budget.set_fast(true);
        let Some(guard) = watchdog::watch(main, h, watched) else {
            unwatched();
            return self.require(module);
        };
        let r = self.require(module);
        drop(guard);
        unwatched();
        r
    }

    /// Loads `module` (and what it requires) before the game's first step: what
    /// `posse.once` builds meanwhile is kept for the VM's later games.
    pub fn require(&self, module: &str) -> Result<Value, Error> {
        let f: Function = self.lua.globals().get("require").map_err(lua_err)?;
        self.refill();
        self.loading.set(true);
        let r = f.call(module);
        self.loading.set(false);
        r.map_err(|e| Error::Script(script_message(&e)))
    }
}
