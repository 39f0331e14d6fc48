//! A game in progress: the state, the rules' flow coroutine, the pending decision and the
//! log of choices.
//!
//! The flow is the `play` function of the game's main script, run as a Lua coroutine that
//! yields at every decision (`posse.choose`, `posse.choose_each`). A step is one seat's
//! answer; the coroutine resumes once every seat asked has answered. A step that fails
//! (an illegal answer, a Lua error, a blown budget) leaves the game exactly as it was:
//! illegal answers are refused before anything runs, and after a script error the game
//! is rebuilt by replaying its log, which is deterministic by construction.
//!
//! Seats are numbered from 1 in this API, as in Lua and on the command line.
//!
//! This is the top of the engine: it drives the Lua bridge (`crate::lua`) and knows
//! everything below it; nothing below knows it. Files: this one (starting a game, batches,
//! what it holds), `bots.rs` (strategy bots' questions and picks), `setup.rs` (seeds and seats, divergence of a replayed log),
//! `request.rs` (a pending decision and its lazy prompt and labels), `flow.rs` (reading
//! what the flow yields and returns), `step.rs` (answering: validation, resuming the
//! flow, rollback, undo points, undo and redo), `views.rs` (views, the log and rendering), `probe.rs` (what
//! the leak check and the search read and change), `search.rs` (the built-in search
//! player) and `hooks.rs` (hooks for tests, behind the `test-hooks` feature).

mod bots;
mod flow;
#[cfg(feature = "test-hooks")]
mod hooks;
mod probe;
pub use probe::Sight;
mod request;
mod search;
mod setup;
mod step;
mod views;

pub use request::Request;
pub use search::{Player, Search, Searcher};
pub use setup::{Divergence, Setup};
pub use step::MARKS;

use crate::bot::bot_rng;
use crate::content::Content;
use crate::decision::{Ban, GameResult};
use crate::diag::{Error, Result};
use crate::hash::{fnv, hex};
use crate::limits::MAX_DECISIONS;
use crate::lua::watchdog::{self, Hook};
use crate::lua::{lua_err, AutoBots, Renderer, Vm};
use crate::record::{Choice, Record, SAVE_VERSION};
use crate::state::{Seat, State};
use flow::Pending;
use mlua::{MultiValue, Thread, Value};
use setup::check_players;
use std::cell::RefCell;
use std::sync::Arc;

/// A game in progress (see the module's notes).
pub struct Game {
    content: Arc<Content>,
    setup: Setup,
    vm: Vm,
    flow: Thread,
    pending: Option<Pending>,
    result: Option<GameResult>,
    choices: Vec<Choice>,
    redo: Vec<Choice>,
    /// The length of the log when the pending decision was asked: the choices after it
    /// answer that decision, and the game has not acted on them yet.
    asked_at: usize,
    /// The options the bots were offered over the decisions they made in the flow.
    offered: usize,
    /// What the options' tags saw in the bots' decisions (by tag).
    tags: std::collections::BTreeMap<String, crate::decision::TagUse>,
    renderer: RefCell<Option<Renderer>>,
    /// Games of the same setup standing at earlier positions of this one ([`Game::mark`]),
    /// oldest first, each having made a prefix of `choices`: what [`Game::undo`] and a
    /// step's rollback go back to instead of replaying the whole game.
    marks: Vec<Game>,
    /// The VM's work when this game started (a batch's VM plays many games).
    work_from: u64,
    /// Whether the watchdog stopped this batch game and it was played again counted.
    #[cfg(feature = "test-hooks")]
    replayed: bool,
}

impl Game {
    /// Starts a game: runs the flow up to its first decision.
    pub fn new(content: Arc<Content>, setup: Setup) -> Result<Game> {
        check_players(&content, &setup)?;
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        Game::start(content, setup, vm, Bots::None, Lineup::default())
    }

    /// Plays a whole game with random bots in every seat, drawing from
    /// [`crate::bot::bot_rng`] of the seed. The bots answer where the flow asks, without a
    /// yield per decision, so a batch runs far faster; the game and its log are those of
    /// [`crate::bot::random_choice`] answering each yielded decision from the same RNG.
    /// The game returned is over (or stopped at a decision the bots could not make).
    ///
    /// The flow runs without its count hook, under the watchdog (lua/watchdog.rs); a game
    /// the watchdog interrupts is played again from its start with the budget counted, so
    /// the game returned is always the one counted play gives.
    pub fn new_with_random_bots(content: Arc<Content>, setup: Setup) -> Result<Game> {
        Game::new_with_bots(content, setup, None)
    }

    /// [`Game::new_with_random_bots`], the bots held to `ban` (restricted play).
    pub fn new_with_bots(content: Arc<Content>, setup: Setup, ban: Option<Ban>) -> Result<Game> {
        Game::new_with_lineup(content, setup, Vec::new(), ban)
    }

    /// [`Game::new_with_bots`] but for the seats `yields` (1-based), played by strategy
    /// bots: their decisions yield to the caller, who answers them (and the random seats'
    /// of a yielded `posse.choose_each`, with [`Game::auto_random_pick`]), while the other
    /// seats' random bots go on answering in the flow, from the one stream.
    pub fn new_with_lineup(content: Arc<Content>, setup: Setup, yields: Vec<usize>, ban: Option<Ban>) -> Result<Game> {
        check_players(&content, &setup)?;
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        Game::start_bots(content, setup, vm, Lineup { yields, ban, playout: None })
    }

    /// Starts a new game of the same content in this game's Lua VM, which saves building a
    /// VM and loading the scripts again: what batches of games (sim, check) use. The new
    /// game is the same as one from [`Game::new`] (tested: same state hashes).
    pub fn restart(self, setup: Setup) -> Result<Game> {
        check_players(&self.content, &setup)?;
        self.vm.reset(self.vm.fresh_state(&setup.seats, setup.seed))?;
        Game::start(self.content, setup, self.vm, Bots::None, Lineup::default())
    }

    /// [`Game::new_with_random_bots`] in this game's VM (see [`Game::restart`]).
    pub fn restart_with_random_bots(self, setup: Setup) -> Result<Game> {
        self.restart_with_bots(setup, None)
    }

    /// [`Game::restart_with_random_bots`], the bots held to `ban` (restricted play).
    pub fn restart_with_bots(self, setup: Setup, ban: Option<Ban>) -> Result<Game> {
        self.restart_with_lineup(setup, Vec::new(), ban)
    }

    /// [`Game::new_with_lineup`] in this game's VM (see [`Game::restart`]).
    pub fn restart_with_lineup(self, setup: Setup, yields: Vec<usize>, ban: Option<Ban>) -> Result<Game> {
        check_players(&self.content, &setup)?;
        self.vm.set_auto(None)?;
        self.vm.reset(self.vm.fresh_state(&setup.seats, setup.seed))?;
        Game::start_bots(self.content, setup, self.vm, Lineup { yields, ban, playout: None })
    }

    /// Replays a record as far as it fits. Returns the game and, when a choice no longer
    /// fits (the scripts changed, or the file was edited), where and why replay stopped.
    pub fn from_record(content: Arc<Content>, record: &Record) -> Result<(Game, Option<Divergence>)> {
        if record.game != content.id {
            return Err(Error::Save(format!("the save is a game of '{}', not '{}'", record.game, content.id)));
        }
        let setup = Setup { seed: record.seed, seats: record.seats.clone() };
        let mut game = Game::new(content, setup)?;
        for (i, c) in record.choices.iter().enumerate() {
            if let Err(e) = game.choose(c.seat, &c.picks) {
                let d = Divergence { index: i + 1, choice: c.clone(), message: e.to_string() };
                return Ok((game, Some(d)));
            }
        }
        Ok((game, None))
    }

    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn players(&self) -> usize {
        self.setup.seats.len()
    }

    /// The seats' public facts (names, roles, teams, who is out), as every view shows
    /// them.
    pub fn seats(&self) -> Vec<Seat> {
        self.vm.shared.state.borrow().seats.clone()
    }

    /// Decisions still waiting for an answer, one per seat asked (empty when over).
    pub fn pending(&self) -> Vec<&Request> {
        match &self.pending {
            None => Vec::new(),
            Some(p) => p.requests.iter().zip(&p.answers).filter(|(_, a)| a.is_none()).map(|(r, _)| r).collect(),
        }
    }

    /// The first unanswered request, if any (cheap; what bots and the sim use).
    pub fn next_request(&self) -> Option<&Request> {
        let p = self.pending.as_ref()?;
        p.requests.iter().zip(&p.answers).find(|(_, a)| a.is_none()).map(|(r, _)| r)
    }

    /// `seat`'s request of the pending decision when it has answered it and may still
    /// change its answer (`revisable`), with the answer it gave.
    pub fn revisable(&self, seat: usize) -> Option<(&Request, &[u32])> {
        let p = self.pending.as_ref()?;
        p.requests.iter().zip(&p.answers).find_map(|(r, a)| match a {
            Some(picks) if r.seat == seat && r.revisable => Some((r, picks.as_slice())),
            _ => None,
        })
    }

    /// How many choices at the end of the log answer the pending decision, which still
    /// waits for other seats: nothing has run since they were made, so taking them back
    /// takes back nothing the game showed anyone.
    pub fn unacted(&self) -> usize {
        if self.pending.is_some() {
            self.choices.len() - self.asked_at
        } else {
            0
        }
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// How many options the bots were offered over the decisions they made in the flow (a
    /// batch game's; 0 when none played there).
    pub fn options_offered(&self) -> usize {
        self.offered
    }

    /// What the tags of the options the bots were offered saw (a batch game's): by tag, the
    /// seats offered it, the seats that chose it, and how often it was chosen.
    pub fn tags(&self) -> &std::collections::BTreeMap<String, crate::decision::TagUse> {
        &self.tags
    }

    /// By definition id: how many copies came into seats' zones in this game (drawn), and
    /// how many are in seats' zones now (held); only the definitions with either.
    pub fn card_counts(&self) -> std::collections::BTreeMap<String, (u32, u32)> {
        let st = self.vm.shared.state.borrow();
        let held = st.held();
        let mut out = std::collections::BTreeMap::new();
        for (d, def) in self.content.defs.iter().enumerate() {
            let (dr, he) = (st.drawn.get(d).copied().unwrap_or(0), held.get(d).copied().unwrap_or(0));
            if dr > 0 || he > 0 {
                out.insert(def.id.clone(), (dr, he));
            }
        }
        out
    }

    /// By definition id: how many times its behaviour ran in this game (its script's
    /// `play`, `drawn` or any other part but `can` and `label`); only those that ran.
    pub fn resolved(&self) -> std::collections::BTreeMap<String, u32> {
        let counts = self.vm.resolved().unwrap_or_default();
        self.content.defs.iter().zip(counts).filter(|(_, n)| *n > 0).map(|(d, n)| (d.id.clone(), n)).collect()
    }

    /// The question kinds the game declares (`scripts/<game>/questions.lua`), if it does.
    pub fn kinds(&self) -> Option<std::sync::Arc<crate::decision::Kinds>> {
        self.vm.kinds()
    }

    /// By kind: how many questions of it this game's flow has asked so far; only kinds
    /// asked.
    pub fn asked(&self) -> std::collections::BTreeMap<String, u64> {
        self.vm.asked().unwrap_or_default()
    }

    /// By definition index: whether its script has a part that [`Game::resolved`] counts
    /// (false for a card of data alone, or a script of `can` and `label` only).
    pub fn has_behaviour(&self) -> Vec<bool> {
        self.vm.parts().unwrap_or_default().into_iter().map(|n| n > 0).collect()
    }

    /// How early the winner was settled (Ludii's decisiveness): when one seat won and it
    /// led alone by the game's `lead:` counter at the end, the share of the game's
    /// decisions made before it took the lead for good (0: it led from the start).
    pub fn settled(&self) -> Option<f64> {
        let winners = &self.result.as_ref()?.winners;
        let mut lead = self.vm.shared.lead.borrow_mut();
        lead.note(&self.vm.shared.state.borrow(), self.choices.len());
        (winners.len() == 1 && lead.leader == Some(winners[0]) && !self.choices.is_empty())
            .then(|| lead.since as f64 / self.choices.len() as f64)
    }

    /// A global counter's value now (None: no such global counter).
    pub fn counter(&self, name: &str) -> Option<i64> {
        let st = self.vm.shared.state.borrow();
        let slot = st.counter_index.get(name)?;
        (!slot.per_seat && !slot.per_object).then(|| st.counters[slot.first])
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The choices made so far, in order.
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// The seat whose turn it is, as the script last set it.
    pub fn current(&self) -> Option<usize> {
        self.vm.shared.state.borrow().current.map(|s| s + 1)
    }

    /// The log as a record (what save files hold).
    pub fn record(&self) -> Record {
        Record {
            posse_save: SAVE_VERSION,
            game: self.content.id.clone(),
            content_hash: hex(self.content.hash),
            set: self.content.sets.clone(),
            seed: self.setup.seed,
            seats: self.setup.seats.clone(),
            played_by: Vec::new(),
            bots: None,
            choices: self.choices.clone(),
        }
    }

    /// Units of work the game's scripts have done since it started: Lua instructions,
    /// allocation and library work as the step budget counts them (`lua/budget.rs`), the
    /// prompts and labels made on request included. Counted, never timed, so a run of the
    /// same steps gives the same figure on any machine: a budget for tests and searches.
    /// Instructions are charged a thousand at a time wherever the VM's count stands, so a
    /// game on a VM that played before may differ from a fresh one by that much a step.
    pub fn work(&self) -> u64 {
        self.vm.work() - self.work_from
    }

    /// A hash of the whole state and result: equal hashes mean the same game position.
    pub fn state_hash(&self) -> u64 {
        let st = self.vm.shared.state.borrow();
        let mut bytes = serde_json::to_vec(&*st).unwrap_or_default();
        bytes.extend(serde_json::to_vec(&self.result).unwrap_or_default());
        bytes.extend(st.rng.position().to_le_bytes());
        fnv(&bytes)
    }

    pub(super) fn start_bots(content: Arc<Content>, setup: Setup, vm: Vm, lineup: Lineup) -> Result<Game> {
        let shared = vm.shared.clone();
        let fast = Game::start(content.clone(), setup.clone(), vm, Bots::Fast, lineup.clone());
        if !shared.watched.interrupted() {
            return fast;
        }
        drop(fast);
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        let game = Game::start(content, setup, vm, Bots::Counted, lineup)?;
        #[cfg(feature = "test-hooks")]
        let game = Game { replayed: true, ..game };
        Ok(game)
    }

    pub(super) fn start(content: Arc<Content>, setup: Setup, vm: Vm, bots: Bots, lineup: Lineup) -> Result<Game> {
        let Lineup { yields, ban, playout } = lineup;
        let main_module = format!(
            "{}.{}",
            content.game,
            content.main.file.rsplit('/').next().unwrap_or("main").trim_end_matches(".lua")
        );
        let main = if bots == Bots::Fast { vm.require_watched(&main_module)? } else { vm.require(&main_module)? };
        let play = match &main {
            Value::Table(t) => match t.get::<Value>("play") {
                Ok(Value::Function(f)) => f,
                _ => {
                    return Err(Error::Script(format!(
                        "{}: expected the script to return a table with a play function",
                        content.main.file
                    )))
                }
            },
            _ => {
                return Err(Error::Script(format!(
                    "{}: expected the script to return a table with a play function",
                    content.main.file
                )))
            }
        };
        let flow = vm.lua.create_thread(play).map_err(lua_err)?;
        *vm.shared.lead.borrow_mut() = crate::state::Lead::new(&vm.shared.state.borrow(), content.lead.as_deref());
        vm.set_flow(&flow)?;
        let on = bots != Bots::None;
        vm.set_auto(on.then(|| AutoBots {
            rng: bot_rng(setup.seed),
            choices: Vec::new(),
            limit: MAX_DECISIONS,
            made: 0,
            options: 0,
            tags: Default::default(),
            ban,
            yields,
            playout,
        }))?;
        let work_from = vm.work();
        let mut game = Game {
            work_from,
            content,
            setup,
            vm,
            flow,
            pending: None,
            result: None,
            choices: Vec::new(),
            redo: Vec::new(),
            asked_at: 0,
            offered: 0,
            tags: Default::default(),
            renderer: RefCell::new(None),
            marks: Vec::new(),
            #[cfg(feature = "test-hooks")]
            replayed: false,
        };
        let watched = game.vm.shared.watched.clone();
        watched.interrupted.store(false, std::sync::atomic::Ordering::Relaxed);
        watched.signalled.store(false, std::sync::atomic::Ordering::Relaxed);
        // Batches: the flow runs without its count hook while the watchdog watches it.
        let flow_state = game.flow.state();
        let hook = if bots == Bots::Fast { Hook::of(flow_state).filter(|_| watchdog::available()) } else { None };
        let guard = hook.and_then(|h| {
            Hook::disarm(flow_state);
            game.vm.shared.fast.set(Some(h));
            game.vm.shared.budget.set_fast(true);
            let guard = watchdog::watch(flow_state, h, &watched);
            if guard.is_none() {
                h.arm(flow_state);
                game.vm.shared.fast.set(None);
                game.vm.shared.budget.set_fast(false);
            }
            guard
        });
        let started = game.resume(MultiValue::new());
        drop(guard);
        game.vm.shared.fast.set(None);
        game.vm.shared.budget.set_fast(false);
        // Whatever follows (a game the bots left at a decision) runs counted again.
        if let Some(h) = hook {
            h.arm(flow_state);
        }
        // The bots stay in the flow while strategy bots' decisions are to come.
        let yielding = game.vm.shared.auto.borrow().as_ref().is_some_and(|b| !b.yields.is_empty());
        if on && !(yielding && game.pending.is_some()) {
            game.finish_auto()?;
        }
        started?;
        Ok(game)
    }

    /// Takes the in-flow bots out of the flow, keeping what their decisions offered.
    pub(super) fn finish_auto(&mut self) -> Result<()> {
        let Some(b) = self.vm.shared.auto.borrow_mut().take() else { return Ok(()) };
        self.offered += b.options;
        for (tag, u) in b.tags.into_map() {
            self.tags.entry(tag).or_default().merge(u);
        }
        self.vm.set_auto(None)
    }
}

/// What the in-flow bots of a game being started do besides answering at random.
#[derive(Clone, Default)]
pub(super) struct Lineup {
    /// Seats (1-based) whose decisions yield: strategy bots answer them.
    pub yields: Vec<usize>,
    /// Restricted play's ban.
    pub ban: Option<Ban>,
    /// A search playout's script (lua/playout.rs).
    pub playout: Option<crate::lua::Playout>,
}

/// Who answers the decisions of a game being started.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Bots {
    /// People (or callers) answer each yielded decision.
    None,
    /// Random bots answer in the flow, the budget counted on every step.
    Counted,
    /// Random bots answer in the flow, which runs without its count hook under the watchdog.
    Fast,
}
