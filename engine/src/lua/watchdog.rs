//! The step budget without its cost, for batches of bot games.
//!
//! The budget is a Lua count hook, and any count hook sends every Lua instruction through
//! Lua's debug path: a third of a batch's time. Batches (`Game::new_with_random_bots`)
//! therefore run the game flow, and the loading of the game's modules before it
//! (`Vm::require_watched`), with no hook at all, watched from another thread instead:
//! when a game makes no decision for [`STALE`], the watchdog signals the thread running
//! it, whose signal handler arms the count hook on the flow (`lua_sethook` is safe to call
//! from a signal handler; the standalone `lua` interpreter stops scripts on Ctrl-C the
//! same way). The hook sees the game interrupted and raises; the engine then plays that
//! game again from its start with the budget counted as usual.
//!
//! So the outcome is always that of counted play: a step either runs within the budget
//! or fails at the same instruction on every machine. What makes it sound is that no
//! machine runs nine tenths of [`crate::limits::STEP_WORK`] in Lua instructions within
//! [`STALE`]: a step that could exceed the budget is always interrupted first, and a step
//! that was not interrupted ran well within it (this machine runs 90 million instructions
//! of an empty loop in about 150 ms: the margin assumes the watchdog thread, which sleeps
//! 10 ms at a time, is scheduled well within that). The other tenth is for the work the
//! budget counts without the hook (memory allocated, library work, budget.rs): past a
//! tenth of the budget of it, the budget interrupts the game itself, and it is played
//! again counted. A game the budget interrupted is still signalled when it goes stale
//! (`Watched::signalled`), so its flow cannot run on without the hook.
//! Coroutines a script makes are counted as always (the sandbox arms them when they are
//! made). A thread that blocks the signal, or a process that already handles it, plays
//! counted.
//!
//! "No decision for [`STALE`]" is measured in the CPU time of the thread playing the game
//! (its own clock, `pthread_getcpuclockid`), not on the wall clock: a thread waiting for a
//! core on a loaded machine does no work, so load alone never makes a game stale and
//! played again (which changed no outcome, but made a batch's instruction counts and time
//! depend on the load). Under valgrind, whose emulation runs a program about fifty times
//! slower in CPU time too, the period is a hundred times longer, the same margin in the
//! emulated program's instructions, so that callgrind's counts of a batch repeat exactly.
//!
//! Linux only; elsewhere batches count every step ([`available`] is false).

use mlua::ffi::{lua_Hook, lua_State};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How long (CPU time of its thread) a batch game may go without a decision before it is
/// interrupted and played again with the budget counted. Far below the time any machine
/// needs for a step's budget of instructions, far above the few microseconds a decision
/// takes. Under valgrind, [`VALGRIND_SLOWER`] times as long ([`stale`]).
pub const STALE: Duration = Duration::from_millis(50);
/// How much longer [`STALE`] is under valgrind's emulation.
const VALGRIND_SLOWER: u32 = 100;

/// [`STALE`], or under valgrind (its preloaded core library in `LD_PRELOAD`) that many
/// times [`VALGRIND_SLOWER`].
fn stale() -> Duration {
    static STALE_HERE: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *STALE_HERE.get_or_init(|| {
        let emulated = std::env::var_os("LD_PRELOAD").is_some_and(|p| p.to_string_lossy().contains("vgpreload"));
        if emulated {
            STALE * VALGRIND_SLOWER
        } else {
            STALE
        }
    })
}
const TICK: Duration = Duration::from_millis(10);

/// The count hook of a VM (the one every thread of the VM inherits), to arm on a thread.
#[derive(Clone, Copy)]
pub(crate) struct Hook {
    pub func: lua_Hook,
    pub mask: std::ffi::c_int,
    pub count: std::ffi::c_int,
}

impl Hook {
    /// The hook `thread` has now (a thread gets its VM's budget hook when it is made).
    pub fn of(thread: *mut lua_State) -> Option<Hook> {
        // SAFETY: `thread` is a live thread of a VM this thread owns.
        unsafe {
            let func = mlua::ffi::lua_gethook(thread)?;
            Some(Hook { func, mask: mlua::ffi::lua_gethookmask(thread), count: mlua::ffi::lua_gethookcount(thread) })
        }
    }

    /// Arms the hook on `thread`. Call from the thread that owns the VM.
    pub fn arm(&self, thread: *mut lua_State) {
        // SAFETY: as for `of`.
        unsafe { mlua::ffi::lua_sethook(thread, Some(self.func), self.mask, self.count) }
    }

    /// Removes any hook from `thread`. Call from the thread that owns the VM.
    pub fn disarm(thread: *mut lua_State) {
        // SAFETY: as for `of`.
        unsafe { mlua::ffi::lua_sethook(thread, None, 0, 0) }
    }
}

/// What a VM shares with the watchdog: decisions made (progress), whether the game was
/// interrupted (by the watchdog, or by the budget's charged work: budget.rs) and whether
/// the watchdog has signalled its thread. The budget hook checks `interrupted` each time
/// it runs; a game the budget interrupted is still signalled when it goes stale, so a flow
/// that runs on without its hook is stopped all the same.
#[derive(Default)]
pub(crate) struct Watched {
    pub progress: AtomicU64,
    pub interrupted: AtomicBool,
    pub signalled: AtomicBool,
}

impl Watched {
    pub fn progress(&self) {
        self.progress.fetch_add(1, Ordering::Relaxed);
    }

    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }
}

#[cfg(target_os = "linux")]
mod imp {
    use super::{stale, Hook, Watched, TICK};
    use mlua::ffi::lua_State;
    use std::cell::Cell;
    use std::sync::atomic::{compiler_fence, AtomicPtr, Ordering};
    use std::sync::{Arc, Condvar, Mutex, OnceLock};
    use std::time::{Duration, Instant};

    /// Where the signal handler arms the hook: the flow watched on this thread (null when
    /// none) and its VM's hook. The handler runs on this same thread, so program order
    /// (kept by the atomic and the fences) is all it needs: the hook is written before the
    /// flow is published, and the flow withdrawn before anything else changes.
    struct Target {
        thread: AtomicPtr<lua_State>,
        hook: Cell<Option<Hook>>,
    }

    thread_local! {
        static TARGET: Target = const { Target { thread: AtomicPtr::new(std::ptr::null_mut()), hook: Cell::new(None) } };
    }

    extern "C" fn on_signal(_: libc::c_int) {
        // Only async-signal-safe work here: thread-local reads and `lua_sethook`.
        TARGET.with(|t| {
            let thread = t.thread.load(Ordering::SeqCst);
            compiler_fence(Ordering::SeqCst);
            if let (false, Some(hook)) = (thread.is_null(), t.hook.get()) {
                hook.arm(thread);
            }
        });
    }

    fn publish(thread: *mut lua_State, hook: Option<Hook>) {
        TARGET.with(|t| {
            t.thread.store(std::ptr::null_mut(), Ordering::SeqCst);
            compiler_fence(Ordering::SeqCst);
            t.hook.set(hook);
            compiler_fence(Ordering::SeqCst);
            t.thread.store(thread, Ordering::SeqCst);
        });
    }

    struct Entry {
        watched: Arc<Watched>,
        pthread: libc::pthread_t,
        /// The CPU-time clock of the thread (None where it has none: the wall clock then).
        clock: Option<libc::clockid_t>,
        /// The progress seen last, and when it was first seen (on `clock`).
        last: u64,
        since: Duration,
    }

    impl Entry {
        /// Now on the entry's clock. The thread is alive: entries are read under the lock
        /// its guard takes to remove it.
        fn now(&self) -> Duration {
            match self.clock {
                Some(clock) => cpu_time(clock).unwrap_or_else(wall),
                None => wall(),
            }
        }
    }

    /// The wall clock, from the first time it is read.
    fn wall() -> Duration {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }

    fn cpu_time(clock: libc::clockid_t) -> Option<Duration> {
        // SAFETY: writes the time into a local; `clock` is a live thread's CPU clock.
        unsafe {
            let mut t: libc::timespec = std::mem::zeroed();
            (libc::clock_gettime(clock, &mut t) == 0).then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
        }
    }

    struct Dog {
        entries: Mutex<Vec<(u64, Entry)>>,
        wake: Condvar,
        signal: libc::c_int,
    }

    static DOG: OnceLock<Option<Dog>> = OnceLock::new();

    fn dog() -> Option<&'static Dog> {
        DOG.get_or_init(|| {
            let signal = libc::SIGRTMIN() + 5;
            if signal > libc::SIGRTMAX() {
                return None;
            }
            // SAFETY: installs a handler that only does async-signal-safe work; a handler
            // the host program already has for this signal is put back and left alone.
            let ok = unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                let mut old: libc::sigaction = std::mem::zeroed();
                let installed = libc::sigaction(signal, &action, &mut old) == 0;
                let theirs = old.sa_sigaction != libc::SIG_DFL && old.sa_sigaction != libc::SIG_IGN;
                if installed && theirs {
                    libc::sigaction(signal, &old, std::ptr::null_mut());
                }
                installed && !theirs
            };
            if !ok {
                return None;
            }
            let started = std::thread::Builder::new().name("posse-watchdog".into()).spawn(watch_loop);
            started.ok().map(|_| Dog { entries: Mutex::new(Vec::new()), wake: Condvar::new(), signal })
        })
        .as_ref()
    }

    fn watch_loop() {
        let Some(dog) = (loop {
            if let Some(d) = DOG.get() {
                break d.as_ref();
            }
            std::thread::sleep(TICK);
        }) else {
            return;
        };
        let Ok(mut entries) = dog.entries.lock() else { return };
        loop {
            while entries.is_empty() {
                entries = match dog.wake.wait(entries) {
                    Ok(e) => e,
                    Err(_) => return,
                };
            }
            drop(entries);
            std::thread::sleep(TICK);
            entries = match dog.entries.lock() {
                Ok(e) => e,
                Err(_) => return,
            };
            for (_, e) in entries.iter_mut() {
                let now = e.watched.progress.load(Ordering::Relaxed);
                if now != e.last {
                    e.last = now;
                    e.since = e.now();
                    continue;
                }
                if e.now().saturating_sub(e.since) >= stale() && !e.watched.signalled.swap(true, Ordering::Relaxed) {
                    e.watched.interrupted.store(true, Ordering::Relaxed);
                    // SAFETY: the entry is removed (under this lock) before its thread
                    // stops being watched, so the thread is alive.
                    unsafe { libc::pthread_kill(e.pthread, dog.signal) };
                }
            }
        }
    }

    /// Dropped on the thread that made it (it clears that thread's target).
    pub(crate) struct Guard {
        id: u64,
        _not_send: std::marker::PhantomData<*const ()>,
    }

    pub(crate) fn available() -> bool {
        dog().is_some()
    }

    pub(crate) fn watch(flow: *mut lua_State, hook: Hook, watched: &Arc<Watched>) -> Option<Guard> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let dog = dog()?;
        // A thread that blocks the signal could not be stopped: it plays counted.
        // SAFETY: reads this thread's signal mask.
        let blocked = unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut set) != 0
                || libc::sigismember(&set, dog.signal) != 0
        };
        if blocked {
            return None;
        }
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        // SAFETY: always safe to call.
        let pthread = unsafe { libc::pthread_self() };
        // SAFETY: writes this thread's CPU clock id into a local.
        let clock = unsafe {
            let mut clock: libc::clockid_t = 0;
            (libc::pthread_getcpuclockid(pthread, &mut clock) == 0 && cpu_time(clock).is_some()).then_some(clock)
        };
        let mut entry = Entry {
            watched: watched.clone(),
            pthread,
            clock,
            last: watched.progress.load(Ordering::Relaxed),
            since: Duration::ZERO,
        };
        entry.since = entry.now();
        let mut entries = dog.entries.lock().ok()?;
        publish(flow, Some(hook));
        entries.push((id, entry));
        dog.wake.notify_one();
        Some(Guard { id, _not_send: std::marker::PhantomData })
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            if let Some(dog) = DOG.get().and_then(Option::as_ref) {
                let mut entries = match dog.entries.lock() {
                    Ok(e) => e,
                    Err(p) => p.into_inner(),
                };
                entries.retain(|(id, _)| *id != self.id);
                publish(std::ptr::null_mut(), None);
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use super::{Hook, Watched};
    use mlua::ffi::lua_State;
    use std::sync::Arc;

    pub(crate) struct Guard;

    pub(crate) fn available() -> bool {
        false
    }

    pub(crate) fn watch(_: *mut lua_State, _: Hook, _: &Arc<Watched>) -> Option<Guard> {
        None
    }
}

pub(crate) use imp::{available, watch};
