//! The step budget: every step (a resume of the flow, a prompt or label function, a view
//! drawn, a bot's pick) may do [`STEP_WORK`] units of work, counted, never timed, so a
//! step runs out at the same place on every machine at any load.
//!
//! Work is counted three ways into one budget:
//! - **Instructions**: a count hook spends [`QUANTUM`] units every `QUANTUM` Lua
//!   instructions (batches run the flow without it under the watchdog, watchdog.rs).
//! - **Allocation**: the VM's allocator is wrapped ([`install_budget`]): every new string
//!   of [`SMALL_ALLOC`] bytes or more, and every new table, closure, coroutine and upvalue,
//!   costs a unit per [`ALLOC_BYTES_PER_UNIT`] bytes (at least one), charged *before* the
//!   object is made; one the budget cannot pay for is refused, which Lua raises as an error
//!   at once, inside any C function (so a loop of `string.pack("c20000000", "")` or `s .. s`
//!   ends by its count). Only objects the script makes count: Lua's own blocks whose moment
//!   depends on what the VM did before (stacks, call frames, the string table, interned
//!   short strings, the parts of a table as it grows, mlua's userdata) never change the
//!   count, nor does compiling a module or filling the engine's caches that live across
//!   games (`unmetered`), so the count is the same in a fresh VM and in one a batch reuses.
//! - **Library work**: the sandbox's wrappers charge what a C function walks or scans
//!   (elements moved, bytes scanned, a pattern's worst case) through [`Budget::charge`]
//!   before calling it (sandbox.lua; docs/sandbox.md lists each function's charge).
//!
//! A spent step fails with the script's file and line, and `pcall` cannot catch it, nor
//! can a message handler of `xpcall` run on (sandbox.lua). What remains timed is one guard against an engine fault: a step that
//! runs [`ENGINE_FAULT_TIME`] of wall time is stopped as an engine fault, never as the
//! script's error; no game, test or fuzz case comes near it.

use super::{lua_err, watchdog, INTERRUPTED, QUANTUM};
use crate::diag::Error;
use crate::limits::{ALLOC_BYTES_PER_UNIT, ENGINE_FAULT_TIME, SMALL_ALLOC, STEP_WORK};
use mlua::{HookTriggers, Lua, VmState};
use std::cell::Cell;
use std::ffi::c_void;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

/// The type Lua 5.4 gives the allocator of a new object (its `osize`): strings (short and
/// long alike), tables, closures, coroutines and upvalues.
const STRING: usize = 4;
const TABLE: usize = 5;
const FUNCTION: usize = 6;
const THREAD: usize = 8;
const UPVALUE: usize = 9;

/// A batch game's uncounted flow is played again counted once its charged work passes
/// this share of the budget: the rest is for its uncounted instructions, which the watchdog
/// stops long before they could reach it (watchdog.rs).
const FAST_SHARE: i64 = 10;

/// Bytes a spent step may still allocate (its error message, a traceback, the unwinding),
/// in blocks of at most [`GRACE_BLOCK`].
const GRACE_BYTES: i64 = 4 << 20;
const GRACE_BLOCK: usize = 64 << 10;

/// Why a step's budget ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Spent {
    No,
    /// Counted work passed [`STEP_WORK`].
    Work,
    /// A batch game's uncounted flow charged more than a tenth of the budget in allocation
    /// and library work: played again counted (see [`Budget::set_fast`]).
    Interrupted,
}

/// A step's budget: work units left, and what spent them. Every step starts with a full
/// one ([`Budget::refill`]).
pub(crate) struct Budget {
    left: Cell<i64>,
    /// Units spent this step on allocation and on library work.
    alloc: Cell<i64>,
    library: Cell<i64>,
    /// Bytes a spent step may still allocate.
    grace: Cell<i64>,
    spent: Cell<Spent>,
    started: Cell<Instant>,
    /// Quanta the hook has spent this step (it looks at the clock every 64th).
    ticks: Cell<u32>,
    /// Set while a batch game's flow runs without its count hook: allocation and library
    /// work past a tenth of the budget then interrupt the game, so it is played again
    /// counted.
    fast: Cell<bool>,
    watched: Arc<watchdog::Watched>,
    /// Units the steps before this one spent, since the VM was made.
    before: Cell<u64>,
}

thread_local! {
    /// Set when this thread's last refused allocation was refused by a budget (not by the
    /// memory limit): the memory error it raises is then reported as spent work.
    static REFUSED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// Nonzero while the engine compiles a module: its allocations are not counted.
    static UNMETERED: Cell<u32> = const { Cell::new(0) };
}

/// Runs `f` with allocations uncounted (compiling a module: a fresh VM compiles what a
/// reused one has already, and the count must not tell them apart).
pub(crate) fn unmetered<T>(f: impl FnOnce() -> T) -> T {
    struct Counted;
    impl Drop for Counted {
        fn drop(&mut self) {
            UNMETERED.with(|u| u.set(u.get() - 1));
        }
    }
    UNMETERED.with(|u| u.set(u.get() + 1));
    let _counted = Counted;
    f()
}

/// Why the memory error just raised on this thread was a budget's refusal, if it was
/// one (and forgets it).
pub(crate) fn refused_by_budget() -> Option<String> {
    REFUSED.with(|r| r.borrow_mut().take())
}

impl Budget {
    pub(super) fn new(watched: Arc<watchdog::Watched>) -> Rc<Budget> {
        Rc::new(Budget {
            left: Cell::new(STEP_WORK as i64),
            alloc: Cell::new(0),
            library: Cell::new(0),
            grace: Cell::new(GRACE_BYTES),
            spent: Cell::new(Spent::No),
            started: Cell::new(Instant::now()),
            ticks: Cell::new(0),
            fast: Cell::new(false),
            watched,
            before: Cell::new(0),
        })
    }

    /// A full budget for a new step.
    pub fn refill(&self) {
        self.before.set(self.work());
        self.left.set(STEP_WORK as i64);
        self.alloc.set(0);
        self.library.set(0);
        self.grace.set(GRACE_BYTES);
        self.spent.set(Spent::No);
        self.started.set(Instant::now());
        self.ticks.set(0);
        REFUSED.with(|r| r.borrow_mut().take());
    }

    /// Units of work spent since the VM was made, by every step and the one running: the
    /// same in every run of the same steps (the work of a batch's uncounted flow is its
    /// allocation and library work alone).
    pub fn work(&self) -> u64 {
        self.before.get() + (STEP_WORK as i64 - self.left.get()).max(0) as u64
    }

    /// Whether the step is over its budget (what sandbox.lua's `pcall` asks).
    pub fn exhausted(&self) -> bool {
        self.spent.get() != Spent::No
    }

    /// Marks a batch game's flow as running without its count hook (or with it again).
    pub fn set_fast(&self, fast: bool) {
        self.fast.set(fast);
    }

    /// Spends `units` of `kind`'s work (`None`: instructions). The error says why the
    /// step must stop.
    fn take(&self, units: i64, kind: Option<&Cell<i64>>) -> Result<(), String> {
        if self.exhausted() {
            return Err(self.why());
        }
        let left = self.left.get() - units;
        self.left.set(left);
        if let Some(k) = kind {
            k.set(k.get() + units);
            if self.fast.get() && self.alloc.get() + self.library.get() > STEP_WORK as i64 / FAST_SHARE {
                self.spent.set(Spent::Interrupted);
                self.watched.interrupted.store(true, std::sync::atomic::Ordering::Relaxed);
                return Err(INTERRUPTED.to_string());
            }
        }
        if left < 0 {
            self.spent.set(Spent::Work);
            return Err(self.why());
        }
        Ok(())
    }

    fn why(&self) -> String {
        if self.spent.get() == Spent::Interrupted {
            return INTERRUPTED.to_string();
        }
        // What spent most of it, not how much of each: where a count hook's quantum falls
        // differs by a few hundred instructions between a batch and a game played step by
        // step, and the message must not.
        let (alloc, library) = (self.alloc.get(), self.library.get());
        let instructions = STEP_WORK as i64 - self.left.get() - alloc - library;
        let most = if alloc >= library && alloc >= instructions {
            "memory allocated (a unit per 8 bytes: building strings or tables in a loop?)"
        } else if library >= instructions {
            "library functions' work (elements moved, bytes scanned, pattern matching)"
        } else {
            "Lua instructions (an endless loop?)"
        };
        format!(
            "work limit exceeded: a step may do {STEP_WORK} units of work, and this one spent most of them on {most}"
        )
    }

    /// Charges library work a sandbox wrapper is about to do (elements, bytes scanned).
    pub fn charge(&self, units: i64) -> Result<(), String> {
        self.take(units.max(0), Some(&self.library))
    }

    /// Whether a new block of `bytes` may be made, for an object of Lua type `tag` (0: a
    /// table's parts, a buffer, a stack); its cost is spent when it may. Tables, closures,
    /// coroutines and upvalues cost at least a unit each, whatever their size, and strings
    /// of [`SMALL_ALLOC`] bytes or more a unit per [`ALLOC_BYTES_PER_UNIT`]: each is made
    /// by the script, in the same way in every VM. Other blocks cost nothing: interned short
    /// strings, the VM's own blocks (call frames, mlua's userdata) and the parts of tables
    /// (which grow by one element an instruction, or as a charged library function fills
    /// them) come and go with what the VM did before, which the count must not see.
    fn allocate(&self, bytes: usize, tag: usize) -> bool {
        let charged = match tag {
            TABLE | FUNCTION | THREAD | UPVALUE => bytes.max(ALLOC_BYTES_PER_UNIT),
            STRING if bytes >= SMALL_ALLOC => bytes,
            _ => return true,
        };
        if UNMETERED.with(Cell::get) > 0 {
            return true;
        }
        match self.spent.get() {
            Spent::No => self.take((charged / ALLOC_BYTES_PER_UNIT) as i64, Some(&self.alloc)).is_ok(),
            // Played again counted: nothing more for this run.
            Spent::Interrupted => false,
            // The step is failing: small blocks for its error and the engine after it,
            // within a bound. Lua tries a refused block again after collecting: a large one
            // is refused again, so the C function that asked for it stops there.
            Spent::Work => {
                let g = self.grace.get() - charged as i64;
                if charged > GRACE_BLOCK || g < 0 {
                    return false;
                }
                self.grace.set(g);
                true
            }
        }
    }

    /// The count hook's quantum. Also the one look at the clock: the engine-fault guard.
    fn spend_quantum(&self) -> Result<(), String> {
        self.take(QUANTUM as i64, None)?;
        let ticks = self.ticks.get().wrapping_add(1);
        self.ticks.set(ticks);
        if ticks.is_multiple_of(64) && self.started.get().elapsed() > ENGINE_FAULT_TIME {
            self.spent.set(Spent::Work);
            return Err(format!(
                "engine fault: the step ran for {ENGINE_FAULT_TIME:?} of wall time within its work budget; the \
                 engine counts no work that takes this long, so this is a fault of posse's, not of the game \
                 (please report it with the game and seed)"
            ));
        }
        Ok(())
    }
}

/// What the wrapped allocator needs: the allocator it wraps and the budget it charges.
struct Meter {
    inner: mlua::ffi::lua_Alloc,
    inner_ud: *mut c_void,
    budget: Rc<Budget>,
}

/// The VM's allocator wrapped to charge the step budget; dropped, it puts the VM's own
/// allocator back (a VM is dropped by its owner after this, see [`install_budget`]).
pub(crate) struct Metered {
    main: *mut mlua::ffi::lua_State,
    meter: *mut Meter,
}

impl Drop for Metered {
    fn drop(&mut self) {
        // SAFETY: `main` is the VM's main thread, alive as long as the VM, which outlives
        // this guard (its owner keeps a handle to the VM declared after it, or the VM
        // itself is kept alive by `lua` below). Setting the allocator allocates nothing.
        unsafe {
            let meter = Box::from_raw(self.meter);
            mlua::ffi::lua_setallocf(self.main, meter.inner, meter.inner_ud);
        }
    }
}

unsafe extern "C" fn metered_alloc(ud: *mut c_void, ptr: *mut c_void, osize: usize, nsize: usize) -> *mut c_void {
    // SAFETY: `ud` is the `Meter` installed with this function, freed only after it is
    // taken out again.
    let meter = unsafe { &*(ud as *const Meter) };
    if ptr.is_null() && nsize > 0 && !meter.budget.allocate(nsize, osize) {
        REFUSED.with(|r| {
            if let Ok(mut r) = r.try_borrow_mut() {
                r.get_or_insert_with(|| meter.budget.why());
            }
        });
        return std::ptr::null_mut();
    }
    // SAFETY: the wrapped allocator with its own data, as Lua would call it.
    unsafe { (meter.inner)(meter.inner_ud, ptr, osize, nsize) }
}

/// Installs the step budget: the count hook (every `QUANTUM` instructions one quantum is
/// spent, and the step fails with the script's file and line when the budget is spent)
/// and the metered allocator. The returned guard must be dropped before the VM.
pub(super) fn install_budget(lua: &Lua, budget: Rc<Budget>, watched: Arc<watchdog::Watched>) -> Result<Metered, Error> {
    let hook_budget = budget.clone();
    let triggers = HookTriggers { every_nth_instruction: Some(QUANTUM), ..HookTriggers::new() };
    lua.set_global_hook(triggers, move |lua, debug| {
        if watched.interrupted() {
            // Played again with the budget counted (watchdog.rs); nothing may catch this.
            hook_budget.spent.set(Spent::Interrupted);
            return Err(mlua::Error::runtime(INTERRUPTED));
        }
        if let Err(why) = hook_budget.spend_quantum() {
            if why.starts_with("engine fault") {
                return Err(mlua::Error::runtime(why));
            }
            return Err(mlua::Error::runtime(format!("{}: {why}", script_position(lua, debug))));
        }
        Ok(VmState::Continue)
    })
    .map_err(lua_err)?;
    let main = super::main_thread(lua).map_err(lua_err)?;
    // SAFETY: reads the allocator of the VM's main thread and puts the wrapper in its
    // place.
    unsafe {
        let mut inner_ud = std::ptr::null_mut();
        let inner = mlua::ffi::lua_getallocf(main, &mut inner_ud);
        let meter = Box::into_raw(Box::new(Meter { inner, inner_ud, budget }));
        mlua::ffi::lua_setallocf(main, metered_alloc, meter as *mut c_void);
        Ok(Metered { main, meter })
    }
}

/// A Lua function for sandbox.lua: `charge(units)` spends library work, raising the
/// budget's error when it is spent.
pub(super) fn charge_function(lua: &Lua, budget: Rc<Budget>) -> Result<mlua::Function, Error> {
    lua.create_function(move |_, units: f64| {
        let units = if units.is_finite() { units.min(i64::MAX as f64) as i64 } else { i64::MAX };
        budget.charge(units).map_err(mlua::Error::runtime)
    })
    .map_err(lua_err)
}

/// A Lua function for the engine's own Lua: `unmetered(f, ...)` calls `f` with its
/// allocations uncounted. For the caches the engine keeps in a VM across the games of a
/// batch (counter slots, zone handles, a grid's neighbours, copies of metatables): a
/// fresh VM fills them where a reused one finds them, and the count must not tell them
/// apart.
pub(super) fn unmetered_function(lua: &Lua) -> Result<mlua::Function, Error> {
    lua.create_function(|_, (f, args): (mlua::Function, mlua::MultiValue)| {
        unmetered(|| f.call::<mlua::MultiValue>(args))
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
