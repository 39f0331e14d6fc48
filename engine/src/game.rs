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

use crate::content::Content;
use crate::decision::{GameResult, Shape};
use crate::diag::{Error, Result};
use crate::hash::{fnv, hex};
use crate::limits::{DECISION_TEXT_BYTES, MAX_DECISIONS, REASON_BYTES};
use crate::lua::watchdog::{self, Hook};
use crate::lua::{lua_err, script_message, AutoBots, Renderer, Vm};
use crate::record::{Choice, Record, SAVE_VERSION};
use crate::state::State;
use crate::view::{self, View};
use mlua::thread::ThreadStatus;
use mlua::{FromLua, IntoLua, MultiValue, Table, Thread, Value};
use std::cell::{Ref, RefCell};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How a game starts: its seed and its seats (names, in play order).
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub seed: u64,
    pub seats: Vec<String>,
}

impl Setup {
    /// Seats named `p1`, `p2`, ...; `players` defaults to the game's default (or its minimum).
    pub fn new(content: &Content, seed: u64, players: Option<usize>) -> Result<Setup> {
        let p = content.players;
        let n = players.unwrap_or(p.default.unwrap_or(p.min));
        if n < p.min || n > p.max {
            return Err(Error::Usage(format!("{} is for {} to {} players, not {n}", content.id, p.min, p.max)));
        }
        Ok(Setup { seed, seats: (1..=n).map(|i| format!("p{i}")).collect() })
    }
}

/// One seat's pending decision: choose one of `count` options, or several (`multi`)
/// between `min` and `max` of them. The prompt and labels may be given by the script as
/// functions, called only when someone reads them (a random bot needs only `count`).
pub struct Request {
    pub seat: usize,
    pub count: usize,
    pub multi: bool,
    pub min: usize,
    pub max: usize,
    /// Only the deciding seat may know that it is being asked (e.g. whether it holds a
    /// card it could play now): other seats' views do not list it as deciding.
    pub secret: bool,
    /// `posse.choose_each` only: the seat may answer again, changing its answer, until
    /// every seat asked has answered (a card played face down and taken back).
    pub revisable: bool,
    /// `posse.choose_each` only: the seat's team sees its answer while the others decide
    /// (teammates showing each other the cards they played).
    pub shown_to_team: bool,
    prompt: Lazy,
    options: Lazy,
    /// The prompt once made, like `labels`: nothing changes the game between two steps.
    prompt_text: RefCell<Option<String>>,
    labels: RefCell<Option<Vec<String>>>,
    shared: std::rc::Rc<crate::lua::Shared>,
}

/// A string or list given as is, or a Lua function that makes it.
enum Lazy {
    Value(Value),
    Make(mlua::Function),
}

impl Request {
    fn make(&self, lazy: &Lazy) -> Result<Value> {
        match lazy {
            Lazy::Value(v) => Ok(v.clone()),
            Lazy::Make(f) => {
                // Made between steps: the function may read the game, never change it.
                self.shared.read_only.set(true);
                self.shared.budget.refill();
                let v = f.call(());
                self.shared.read_only.set(false);
                v.map_err(|e| Error::Script(script_message(&e)))
            }
        }
    }

    /// The question put to the seat, or the error of the script's prompt function.
    pub fn try_prompt(&self) -> Result<String> {
        if let Some(p) = self.prompt_text.borrow().as_ref() {
            return Ok(p.clone());
        }
        let prompt = match self.make(&self.prompt)? {
            Value::String(s) => {
                let len = s.as_bytes().len();
                if len > DECISION_TEXT_BYTES {
                    return Err(Error::Script(format!(
                        "posse.choose: the prompt is {len} bytes long: {}",
                        decision_text_limit()
                    )));
                }
                s.to_string_lossy()
            }
            Value::Nil => String::new(),
            v => {
                return Err(Error::Script(format!("posse.choose: the prompt must be a string, not {}", v.type_name())))
            }
        };
        *self.prompt_text.borrow_mut() = Some(prompt.clone());
        Ok(prompt)
    }

    /// The option labels in order (option `i` is `labels[i - 1]`), or the error of the
    /// script's labels function.
    pub fn try_labels(&self) -> Result<Vec<String>> {
        if let Some(l) = self.labels.borrow().as_ref() {
            return Ok(l.clone());
        }
        let table = match self.make(&self.options)? {
            Value::Table(t) => t,
            v => return Err(Error::Script(format!("posse.choose: the labels must be a list, not {}", v.type_name()))),
        };
        // The prompt and the labels share the decision's text budget (a prompt that
        // failed crosses nothing); sizes are checked before the text is copied from Lua.
        let prompt = self.try_prompt().map_or(0, |p| p.len());
        let mut total = prompt;
        let mut labels = Vec::with_capacity(self.count);
        for i in 1..=self.count {
            let label = match table.raw_get::<Value>(i).map_err(lua_err)? {
                Value::String(s) if total + s.as_bytes().len() > DECISION_TEXT_BYTES => {
                    return Err(Error::Script(format!(
                        "posse.choose: the labels are too long (label {i} is {} bytes, after {} bytes of prompt and labels): {}",
                        s.as_bytes().len(),
                        total,
                        decision_text_limit()
                    )))
                }
                Value::String(s) => s.to_string_lossy(),
                Value::Integer(n) => n.to_string(),
                Value::Number(n) => n.to_string(),
                v => {
                    return Err(Error::Script(format!(
                        "posse.choose: label {i} must be a string, not {}",
                        v.type_name()
                    )))
                }
            };
            total += label.len();
            labels.push(label);
        }
        *self.labels.borrow_mut() = Some(labels.clone());
        Ok(labels)
    }

    /// The question put to the seat (an error shows in its place).
    pub fn prompt(&self) -> String {
        self.try_prompt().unwrap_or_else(|e| format!("(the prompt failed: {e})"))
    }

    /// The option labels (an error shows in the first label's place).
    pub fn labels(&self) -> Vec<String> {
        self.try_labels().unwrap_or_else(|e| {
            (1..=self.count)
                .map(|i| if i == 1 { format!("(the labels failed: {e})") } else { format!("option {i}") })
                .collect()
        })
    }
}

impl Request {
    /// The decision's shape: who decides, how many options, how many to pick.
    pub fn shape(&self) -> Shape {
        Shape { seat: self.seat, count: self.count, multi: self.multi, min: self.min, max: self.max }
    }
}

/// A request is a decision: bots pick from its shape (see [`crate::bot::random_choice`]).
impl From<&Request> for Shape {
    fn from(r: &Request) -> Shape {
        r.shape()
    }
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("seat", &self.seat)
            .field("prompt", &self.prompt())
            .field("labels", &self.labels())
            .field("min", &self.min)
            .field("max", &self.max)
            .field("secret", &self.secret)
            .finish()
    }
}

fn decision_text_limit() -> String {
    format!(
        "a decision's prompt and labels may hold at most {} MiB ({DECISION_TEXT_BYTES} bytes) together",
        DECISION_TEXT_BYTES >> 20
    )
}

fn check_players(content: &Content, setup: &Setup) -> Result<()> {
    let p = content.players;
    let n = setup.seats.len();
    if n < p.min || n > p.max {
        return Err(Error::Usage(format!("{} is for {} to {} players, not {n}", content.id, p.min, p.max)));
    }
    if let Some(bad) = setup.seats.iter().find(|s| !crate::record::seat_name_ok(s)) {
        return Err(Error::Usage(format!(
            "{:?} is not a seat name (1 to {} bytes, no control characters)",
            bad.chars().take(crate::limits::SEAT_NAME_BYTES).collect::<String>(),
            crate::limits::SEAT_NAME_BYTES
        )));
    }
    Ok(())
}

/// The first choice of a replayed log that no longer fits the game.
#[derive(Debug, Clone)]
pub struct Divergence {
    /// 1-based position of the choice in the log.
    pub index: usize,
    pub choice: Choice,
    pub message: String,
}

/// Who answers the decisions of a game being started.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bots {
    /// People (or callers) answer each yielded decision.
    None,
    /// Random bots answer in the flow, the budget counted on every step.
    Counted,
    /// Random bots answer in the flow, which runs without its count hook under the watchdog.
    Fast,
}

struct Pending {
    requests: Vec<Request>,
    answers: Vec<Option<Vec<u32>>>,
    /// From `posse.choose_each`: answered with a list, one answer per request.
    each: bool,
}

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
    renderer: RefCell<Option<Renderer>>,
    /// See [`Game::replayed_after_watchdog`].
    replayed: bool,
}

impl Game {
    /// Starts a game: runs the flow up to its first decision.
    pub fn new(content: Arc<Content>, setup: Setup) -> Result<Game> {
        check_players(&content, &setup)?;
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        Game::start(content, setup, vm, Bots::None)
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
        check_players(&content, &setup)?;
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        Game::start_bots(content, setup, vm)
    }

    /// [`Game::new_with_random_bots`] in this game's VM (see [`Game::restart`]).
    pub fn restart_with_random_bots(self, setup: Setup) -> Result<Game> {
        check_players(&self.content, &setup)?;
        let state = State::new(&self.content, &setup.seats, setup.seed);
        self.vm.reset(state)?;
        Game::start_bots(self.content, setup, self.vm)
    }

    fn start_bots(content: Arc<Content>, setup: Setup, vm: Vm) -> Result<Game> {
        let shared = vm.shared.clone();
        let fast = Game::start(content.clone(), setup.clone(), vm, Bots::Fast);
        if !shared.watched.interrupted() {
            return fast;
        }
        drop(fast);
        let state = State::new(&content, &setup.seats, setup.seed);
        let vm = Vm::new(content.clone(), state)?;
        let mut game = Game::start(content, setup, vm, Bots::Counted)?;
        game.replayed = true;
        Ok(game)
    }

    /// Whether this batch game was interrupted by the watchdog and played again with the
    /// budget counted (for tests of the watchdog).
    #[doc(hidden)]
    pub fn replayed_after_watchdog(&self) -> bool {
        self.replayed
    }

    /// Starts a new game of the same content in this game's Lua VM, which saves building a
    /// VM and loading the scripts again: what batches of games (sim, check) use. The new
    /// game is the same as one from [`Game::new`] (tested: same state hashes).
    pub fn restart(self, setup: Setup) -> Result<Game> {
        check_players(&self.content, &setup)?;
        let state = State::new(&self.content, &setup.seats, setup.seed);
        self.vm.reset(state)?;
        Game::start(self.content, setup, self.vm, Bots::None)
    }

    fn start(content: Arc<Content>, setup: Setup, vm: Vm, bots: Bots) -> Result<Game> {
        let main_module = format!(
            "{}.{}",
            content.game,
            content.main.file.rsplit('/').next().unwrap_or("main").trim_end_matches(".lua")
        );
        let main = vm.require(&main_module)?;
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
        vm.set_flow(&flow)?;
        let on = bots != Bots::None;
        vm.set_auto(on.then(|| AutoBots {
            rng: crate::bot::bot_rng(setup.seed),
            choices: Vec::new(),
            limit: MAX_DECISIONS,
            made: 0,
        }))?;
        let mut game = Game {
            content,
            setup,
            vm,
            flow,
            pending: None,
            result: None,
            choices: Vec::new(),
            redo: Vec::new(),
            asked_at: 0,
            renderer: RefCell::new(None),
            replayed: false,
        };
        let watched = game.vm.shared.watched.clone();
        watched.interrupted.store(false, std::sync::atomic::Ordering::Relaxed);
        // Batches: the flow runs without its count hook while the watchdog watches it.
        let flow_state = game.flow.state();
        let hook = if bots == Bots::Fast { Hook::of(flow_state).filter(|_| watchdog::available()) } else { None };
        let guard = hook.and_then(|h| {
            Hook::disarm(flow_state);
            game.vm.shared.fast.set(Some(h));
            let guard = watchdog::watch(flow_state, h, &watched);
            if guard.is_none() {
                h.arm(flow_state);
                game.vm.shared.fast.set(None);
            }
            guard
        });
        let started = game.resume(MultiValue::new());
        drop(guard);
        game.vm.shared.fast.set(None);
        // Whatever follows (a game the bots left at a decision) runs counted again.
        if let Some(h) = hook {
            h.arm(flow_state);
        }
        if on {
            game.vm.set_auto(None)?;
        }
        started?;
        Ok(game)
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

    /// Decisions still waiting for an answer, one per seat asked (empty when over).
    pub fn pending(&self) -> Vec<&Request> {
        match &self.pending {
            None => Vec::new(),
            Some(p) => p.requests.iter().zip(&p.answers).filter(|(_, a)| a.is_none()).map(|(r, _)| r).collect(),
        }
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

    /// The first unanswered request, if any (cheap; what bots and the sim use).
    pub fn next_request(&self) -> Option<&Request> {
        let p = self.pending.as_ref()?;
        p.requests.iter().zip(&p.answers).find(|(_, a)| a.is_none()).map(|(r, _)| r)
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
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

    /// Answers the pending decision of `seat` with 1-based `picks`. On any error the game
    /// is as it was before the call.
    pub fn choose(&mut self, seat: usize, picks: &[u32]) -> Result<()> {
        let idx = self.validate(seat, picks)?;
        let mut picks = picks.to_vec();
        let pending = self.pending.as_mut().expect("validated");
        if pending.requests[idx].multi {
            picks.sort_unstable();
        }
        pending.answers[idx] = Some(picks.clone());
        self.choices.push(Choice { seat, picks });
        if pending.answers.iter().any(|a| a.is_none()) {
            return Ok(());
        }
        let pending = self.pending.take().expect("validated");
        match self.resume_with(&pending) {
            Ok(()) => {
                self.redo.clear();
                Ok(())
            }
            Err(e) => {
                // Roll back: replay the log without the failing choice.
                // (Rebuilding replays steps that all succeeded before, so it succeeds.)
                let choices = &self.choices[..self.choices.len() - 1];
                let mut back = Game::rebuild(self.content.clone(), self.setup.clone(), choices)?;
                back.redo = std::mem::take(&mut self.redo);
                *self = back;
                Err(e)
            }
        }
    }

    fn validate(&self, seat: usize, picks: &[u32]) -> Result<usize> {
        let Some(p) = &self.pending else {
            return Err(Error::Illegal("the game is over: there is no decision to make".into()));
        };
        let unanswered = p.requests.iter().zip(&p.answers).position(|(r, a)| r.seat == seat && a.is_none());
        let revised = || p.requests.iter().position(|r| r.seat == seat && r.revisable);
        let Some(idx) = unanswered.or_else(revised) else {
            // Only the seats this seat's view shows as deciding: a secret request is no
            // one else's business.
            let waiting: Vec<String> = self.deciding_for(Some(seat)).iter().map(|s| (s + 1).to_string()).collect();
            if waiting.is_empty() {
                return Err(Error::Illegal(format!("seat {seat} has no decision to make")));
            }
            return Err(Error::Illegal(format!(
                "seat {seat} has no decision to make (waiting for seat {})",
                waiting.join(", ")
            )));
        };
        p.requests[idx].shape().check(picks).map_err(Error::Illegal)?;
        Ok(idx)
    }

    fn resume_with(&mut self, pending: &Pending) -> Result<()> {
        let lua = &self.vm.lua;
        let answer = |r: &Request, a: &Vec<u32>| -> mlua::Result<Value> {
            if r.multi {
                Ok(Value::Table(lua.create_sequence_from(a.iter().copied())?))
            } else {
                Ok(Value::Integer(a[0] as i64))
            }
        };
        let arg = if pending.each {
            let t = lua.create_table().map_err(lua_err)?;
            for (r, a) in pending.requests.iter().zip(&pending.answers) {
                t.push(answer(r, a.as_ref().expect("all answered")).map_err(lua_err)?).map_err(lua_err)?;
            }
            Value::Table(t)
        } else {
            answer(&pending.requests[0], pending.answers[0].as_ref().expect("answered")).map_err(lua_err)?
        };
        let mut args = MultiValue::new();
        args.push_back(arg);
        self.resume(args)
    }

    /// Runs the flow to its next decision or its end.
    fn resume(&mut self, args: MultiValue) -> Result<()> {
        self.vm.refill();
        let out = self.flow.resume::<MultiValue>(args);
        if let Some(bots) = self.vm.shared.auto.borrow_mut().as_mut() {
            self.choices.append(&mut bots.choices);
        }
        let out = out.map_err(|e| Error::Script(script_message(&e)))?;
        if self.flow.status() != ThreadStatus::Resumable {
            self.result = Some(self.parse_result(out.into_iter().next().unwrap_or(Value::Nil))?);
            self.pending = None;
            return Ok(());
        }
        let mut vals = out.into_iter();
        let pending = match vals.next() {
            Some(Value::Table(reqs)) => {
                // One request a seat: a longer list is refused before anything is copied.
                if reqs.raw_len() > self.players() {
                    return Err(Error::Script("posse.choose_each: at most one request per seat".into()));
                }
                let mut requests = Vec::new();
                for r in reqs.sequence_values::<Table>() {
                    let r = r.map_err(lua_err)?;
                    let get = |k: &str| r.get::<Value>(k).map_err(lua_err);
                    let (min, max) = match (get("min")?, get("max")?) {
                        (Value::Nil, Value::Nil) => (Value::Nil, Value::Nil),
                        (Value::Nil, max) => (Value::Integer(1), max),
                        (min, Value::Nil) => (min.clone(), min),
                        pair => pair,
                    };
                    let (seat, prompt, options) = (get("seat")?, get("prompt")?, get("options")?);
                    requests.push(self.parse_request(
                        seat,
                        prompt,
                        options,
                        min,
                        max,
                        get("count")?,
                        get("secret")?,
                        get("revisable")?,
                        get("shown_to_team")?,
                    )?);
                }
                if requests.is_empty() {
                    return Err(Error::Script("posse.choose_each: expected at least one request".into()));
                }
                let mut seats: Vec<usize> = requests.iter().map(|r| r.seat).collect();
                seats.sort_unstable();
                seats.dedup();
                if seats.len() != requests.len() {
                    return Err(Error::Script("posse.choose_each: at most one request per seat".into()));
                }
                Pending { answers: vec![None; requests.len()], requests, each: true }
            }
            Some(seat) => {
                let mut next = || vals.next().unwrap_or(Value::Nil);
                let (prompt, options, min, max, count, secret) = (next(), next(), next(), next(), next(), next());
                let r = self.parse_request(seat, prompt, options, min, max, count, secret, Value::Nil, Value::Nil)?;
                Pending { requests: vec![r], answers: vec![None], each: false }
            }
            None => return Err(Error::Script("the flow yielded without a decision: use posse.choose".into())),
        };
        self.pending = Some(pending);
        self.asked_at = self.choices.len();
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn parse_request(
        &self,
        seat: Value,
        prompt: Value,
        options: Value,
        min: Value,
        max: Value,
        count: Value,
        secret: Value,
        revisable: Value,
        shown_to_team: Value,
    ) -> Result<Request> {
        let shape =
            crate::lua::shape::shape(self.players(), &seat, &options, &count, &min, &max).map_err(Error::Script)?;
        let prompt = match prompt {
            Value::Function(f) => Lazy::Make(f),
            v @ (Value::String(_) | Value::Nil) => Lazy::Value(v),
            other => {
                return Err(Error::Script(format!(
                    "posse.choose: expected a prompt string or function, got {}",
                    other.type_name()
                )))
            }
        };
        let options = match options {
            Value::Function(f) => Lazy::Make(f),
            v => Lazy::Value(v),
        };
        let flag = |v: &Value| !matches!(v, Value::Nil | Value::Boolean(false));
        let (secret, revisable, shown_to_team) = (flag(&secret), flag(&revisable), flag(&shown_to_team));
        let Shape { seat, count, multi, min, max } = shape;
        let shared = self.vm.shared.clone();
        Ok(Request {
            seat,
            count,
            multi,
            min,
            max,
            secret,
            revisable,
            shown_to_team,
            prompt,
            options,
            prompt_text: RefCell::new(None),
            labels: RefCell::new(None),
            shared,
        })
    }

    fn parse_result(&self, v: Value) -> Result<GameResult> {
        let file = &self.content.main.file;
        let Value::Table(t) = v else {
            return Err(Error::Script(format!(
                "{file}: play must return a result table {{winners = {{...}}, scores = {{...}}}}"
            )));
        };
        let bad = |what: &str, e: String| Error::Script(format!("{file}: result.{what}: {e}"));
        // Sizes are checked before anything is copied: the lists are at most one entry a
        // seat, the reason is a sentence.
        let winners: Vec<usize> = match t.get::<Value>("winners").map_err(|e| bad("winners", script_message(&e)))? {
            Value::Nil => Vec::new(),
            Value::Table(w) if w.raw_len() > self.players() => {
                return Err(bad("winners", format!("{} seats listed, the game has {}", w.raw_len(), self.players())))
            }
            w => match Vec::<i64>::from_lua(w, &self.vm.lua) {
                Ok(w) => w.into_iter().map(|s| s as usize).collect(),
                Err(e) => return Err(bad("winners", format!("expected a list of seats ({})", script_message(&e)))),
            },
        };
        if let Some(&w) = winners.iter().find(|&&w| w < 1 || w > self.players()) {
            return Err(bad("winners", format!("seat {w} does not exist")));
        }
        let mut scores = BTreeMap::new();
        if let Ok(Some(s)) = t.get::<Option<Table>>("scores") {
            for pair in s.pairs::<i64, i64>() {
                let (k, v) =
                    pair.map_err(|e| bad("scores", format!("expected seat = integer ({})", script_message(&e))))?;
                if k < 1 || k as usize > self.players() {
                    return Err(bad("scores", format!("seat {k} does not exist")));
                }
                scores.insert(k as usize, v);
            }
        }
        let reason = match t.get::<Value>("reason").map_err(|e| bad("reason", script_message(&e)))? {
            Value::String(r) if r.as_bytes().len() > REASON_BYTES => {
                return Err(bad("reason", format!("{} bytes (at most {REASON_BYTES})", r.as_bytes().len())))
            }
            Value::String(r) => Some(r.to_string_lossy()),
            _ => None,
        };
        Ok(GameResult { winners, scores, reason })
    }

    fn rebuild(content: Arc<Content>, setup: Setup, choices: &[Choice]) -> Result<Game> {
        let mut g = Game::new(content, setup)?;
        for c in choices {
            g.choose(c.seat, &c.picks)?;
        }
        Ok(g)
    }

    /// Takes back the last `n` choices (fewer if there are fewer). Returns how many.
    pub fn undo(&mut self, n: usize) -> Result<usize> {
        let n = n.min(self.choices.len());
        if n == 0 {
            return Err(Error::Usage("nothing to undo".into()));
        }
        let keep = self.choices.len() - n;
        let mut g = Game::rebuild(self.content.clone(), self.setup.clone(), &self.choices[..keep])?;
        let mut redo = std::mem::take(&mut self.redo);
        redo.extend(self.choices[keep..].iter().rev().cloned());
        g.redo = redo;
        *self = g;
        Ok(n)
    }

    /// Makes again the last `n` undone choices. Returns how many.
    pub fn redo(&mut self, n: usize) -> Result<usize> {
        let mut done = 0;
        while done < n {
            let Some(c) = self.redo.pop() else { break };
            let rest = std::mem::take(&mut self.redo);
            let r = self.choose(c.seat, &c.picks);
            self.redo = rest;
            if let Err(e) = r {
                self.redo.push(c);
                return Err(e);
            }
            done += 1;
        }
        if done == 0 {
            return Err(Error::Usage("nothing to redo".into()));
        }
        Ok(done)
    }

    /// The view of `seat` (1-based), or the omniscient view for None.
    pub fn view(&self, seat: Option<usize>) -> View {
        self.view_with_log(seat, view::LOG_TAIL)
    }

    /// A view carrying up to `log_tail` of the newest log lines.
    pub fn view_with_log(&self, seat: Option<usize>, log_tail: usize) -> View {
        let deciding = self.deciding_for(seat);
        let answers = self.answers_for(seat);
        let st = self.vm.shared.state.borrow();
        view::compute(&self.content, &st, seat.map(|s| s - 1), deciding, answers, self.result.as_ref(), log_tail)
    }

    /// The answers to the pending decision that `seat` (1-based; None = omniscient) may
    /// see: its own, its teammates' where the request is `shown_to_team`.
    pub fn answers_for(&self, seat: Option<usize>) -> Vec<view::AnswerView> {
        let Some(p) = &self.pending else { return Vec::new() };
        // Teams first: labels may run script code, which must find the state unborrowed.
        let teammate = self.teammates();
        let sees = |r: &Request| match seat {
            None => true,
            Some(v) => v == r.seat || (r.shown_to_team && teammate(seat, r.seat)),
        };
        let mut out = Vec::new();
        for (r, a) in p.requests.iter().zip(&p.answers) {
            if let (Some(picks), true) = (a, sees(r)) {
                let labels = r.labels();
                let labels = picks.iter().map(|&i| labels.get(i as usize - 1).cloned().unwrap_or_default()).collect();
                out.push(view::AnswerView { seat: r.seat, picks: picks.clone(), labels });
            }
        }
        out
    }

    /// The seats (0-based) that `seat`'s view shows as deciding: secret requests are seen
    /// only by the seat asked (and the omniscient view), and by its team when the request
    /// shows its answer to the team.
    pub fn deciding_for(&self, seat: Option<usize>) -> Vec<usize> {
        let teammate = self.teammates();
        self.pending()
            .iter()
            .filter(|r| {
                !r.secret || seat.is_none() || seat == Some(r.seat) || (r.shown_to_team && teammate(seat, r.seat))
            })
            .map(|r| r.seat - 1)
            .collect()
    }

    /// Whether seat `viewer` (1-based) and `seat` share a team (not for an omniscient or
    /// unknown viewer).
    fn teammates(&self) -> impl Fn(Option<usize>, usize) -> bool {
        let teams: Vec<Option<String>> = self.vm.shared.state.borrow().seats.iter().map(|x| x.team.clone()).collect();
        move |viewer, seat| {
            let team = |s: usize| s.checked_sub(1).and_then(|i| teams.get(i)).cloned().flatten();
            viewer.is_some_and(|v| team(v).is_some() && team(v) == team(seat))
        }
    }

    /// Draws the view of `seat` with the game's Lua renderer.
    pub fn render(&self, seat: Option<usize>) -> Result<String> {
        let mut r = self.renderer.borrow_mut();
        if r.is_none() {
            *r = Some(Renderer::new(&self.content)?);
        }
        r.as_ref().expect("just made").render(&self.view(seat))
    }

    /// The log lines `seat` may read (all for None), oldest first.
    pub fn log_lines(&self, seat: Option<usize>) -> Vec<String> {
        let st = self.vm.shared.state.borrow();
        st.log.iter().filter(|l| l.audience.admits(seat.map(|s| s - 1))).map(|l| l.text.clone()).collect()
    }

    /// Lines scripts `print`ed (debugging output; omniscient only).
    pub fn printed(&self) -> Vec<String> {
        self.vm.shared.printed.borrow().clone()
    }

    /// A hash of the whole state and result: equal hashes mean the same game position.
    pub fn state_hash(&self) -> u64 {
        let st = self.vm.shared.state.borrow();
        let mut bytes = serde_json::to_vec(&*st).unwrap_or_default();
        bytes.extend(serde_json::to_vec(&self.result).unwrap_or_default());
        bytes.extend(st.rng.position().to_le_bytes());
        fnv(&bytes)
    }

    /// The log as a record (what save files hold).
    pub fn record(&self) -> Record {
        Record {
            posse_save: SAVE_VERSION,
            game: self.content.id.clone(),
            content_hash: hex(self.content.hash),
            seed: self.setup.seed,
            seats: self.setup.seats.clone(),
            choices: self.choices.clone(),
        }
    }

    /// The full state, read-only: for tests and tools, never for seats (use [`Game::view`]).
    pub fn state(&self) -> Ref<'_, State> {
        self.vm.shared.state.borrow()
    }

    /// Makes the next dice rolls show these faces, in order (tests of worked examples).
    /// Rigged rolls are not part of the log: a rigged game does not replay.
    pub fn rig_dice(&mut self, faces: &[&str]) {
        self.vm.shared.state.borrow_mut().rigged.extend(faces.iter().map(|f| f.to_string()));
    }

    /// Shortens the wall-clock limit of a step ([`crate::limits::STEP_TIME`]) for this
    /// game's VM, for tests of it (a game rebuilt after a failing step has the usual one).
    #[doc(hidden)]
    pub fn set_step_time(&mut self, limit: std::time::Duration) {
        self.vm.shared.budget.time.set(limit);
    }

    /// Runs a Lua chunk in the game's VM, outside the flow, and returns its value as JSON.
    /// For tests and tools: changes it makes are not in the log.
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
}
