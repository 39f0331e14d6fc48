//! Strategy bots: a game's `scripts/<game>/bots/NAME.lua`, each in a Lua VM of its own
//! that holds no game state and has no `posse` module, like the renderer's. A bot is
//! given a seat's view, the question (its kind, its options' ids, arguments and tags,
//! how many to pick; never the prompt or the labels), the game's public `data:` and the
//! setting (the board and the scenario's aims), and returns its pick. Every pick runs in
//! the VM as it was after setup, with `math.random` drawing from a stream the caller
//! seeds: what a bot picks depends on what it is given alone, so undo, reload and replay
//! meet the same picks.

use super::compile::{compile, module_loader};
use super::{api, frozen, install_budget, lua_err, sandbox, sandboxed_lua, script_message, Budget, Metered, Saved};
use crate::content::Content;
use crate::decision::{Arg, Question};
use crate::diag::Error;
use crate::rng::Rng;
use crate::view::View;
use mlua::{Function, Lua, Table, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The folder of a game's scripts that holds its strategy bots (module `<game>.bots.NAME`).
const FOLDER: &str = "bots";

/// The names of the strategy bots of `content`'s game, sorted.
pub fn names(content: &Content) -> Vec<String> {
    let prefix = format!("{}.{FOLDER}.", content.game);
    content
        .modules
        .keys()
        .filter_map(|m| m.strip_prefix(&prefix))
        .filter(|n| !n.contains('.'))
        .map(String::from)
        .collect()
}

/// A strategy bot of a game, in its VM.
pub struct Strategy {
    /// Dropped first: puts the VM's own allocator back.
    _metered: Metered,
    lua: Lua,
    budget: Rc<Budget>,
    /// The compiled bot module, run afresh for every pick.
    chunk: Function,
    file: String,
    name: String,
    metatables: Saved,
    rng: Rc<RefCell<Rng>>,
    /// The game's `data:`, the bot's third argument: made once, read-only (freeze.lua),
    /// so no pick can leave anything in it for the next.
    data: Value,
    /// The bot's fourth argument, `{board = ..., aims = ...}` (see [`setting`]), made
    /// once and read-only like `data`.
    setting: Value,
}

impl Strategy {
    /// The bot `name` of `content`'s game (an error lists the game's bots).
    pub fn new(content: &Arc<Content>, name: &str) -> Result<Strategy, Error> {
        let module = format!("{}.{FOLDER}.{name}", content.game);
        let Some(source) = content.modules.get(&module) else {
            let known = names(content);
            let list = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(Error::Usage(format!(
                "{} has no bot '{name}' (scripts/{}/{FOLDER}/{name}.lua); its bots: random, {list}",
                content.game, content.game
            )));
        };
        let lua = sandboxed_lua()?;
        let budget = Budget::new(Arc::default());
        let metered = install_budget(&lua, budget.clone(), Arc::default())?;
        let loader = module_loader(&lua, content).map_err(lua_err)?;
        let rng = Rc::new(RefCell::new(Rng::new(0)));
        let provided = lua.create_table().map_err(lua_err)?;
        let frozen = frozen(&lua)?;
        let sandboxed = sandbox(&lua, loader, provided, budget.clone(), None, None)?;
        let ordered: Function = sandboxed.get("ordered").map_err(lua_err)?;
        frozen.get::<Function>("set_ordered").and_then(|f| f.call::<()>(ordered)).map_err(lua_err)?;
        let data = mlua::LuaSerdeExt::to_value_with(&lua, &content.data, api::serde_options()).map_err(lua_err)?;
        let data: Value = frozen.get::<Function>("freeze").and_then(|f| f.call((data, "data"))).map_err(lua_err)?;
        let setting = setting(&lua, content).map_err(lua_err)?;
        let setting: Value =
            frozen.get::<Function>("freeze").and_then(|f| f.call((setting, "the board and aims"))).map_err(lua_err)?;
        // math.random draws from the stream of the pick (the sandbox keeps this function).
        let math: Table = lua.globals().get("math").map_err(lua_err)?;
        let r = rng.clone();
        let random =
            super::register::function(&lua, "math.random".into(), move |_, (m, n): (Option<i64>, Option<i64>)| {
                api::math_random(&mut r.borrow_mut(), m, n)
            })
            .map_err(lua_err)?;
        math.set("random", random).map_err(lua_err)?;
        let metatables = Saved::snapshot(&sandboxed)?;
        let chunk = compile(&lua, content, source).map_err(|e| Error::Script(script_message(&e)))?;
        Ok(Strategy {
            _metered: metered,
            lua,
            budget,
            chunk,
            file: source.file.clone(),
            name: name.to_string(),
            metatables,
            rng,
            data,
            setting,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The bot's one-line description (its table's `about`), if it gives one.
    pub fn about(&self) -> Result<Option<String>, Error> {
        self.budget.refill();
        self.metatables.reset(&self.lua)?;
        let bot = self.table()?;
        Ok(bot.get::<Option<String>>("about").ok().flatten())
    }

    fn table(&self) -> Result<Table, Error> {
        match self.chunk.call::<Value>(()) {
            Ok(Value::Table(t)) => Ok(t),
            Ok(_) => Err(Error::Script(format!(
                "{}: expected the bot to return a table {{about = ..., pick = function(view, question, data, setting)}}",
                self.file
            ))),
            Err(e) => Err(Error::Script(script_message(&e))),
        }
    }

    /// The bot's answer to `question`, seen as `view` shows the game to the seat, with
    /// `math.random` drawing from a stream seeded by `seed`. The answer is checked: one
    /// option (1..n), or for a question of several a list of distinct options in range.
    pub fn pick(&self, view: &View, question: &Question, seed: u64) -> Result<Vec<u32>, Error> {
        self.budget.refill();
        self.metatables.reset(&self.lua)?;
        *self.rng.borrow_mut() = Rng::new(seed);
        let bot = self.table()?;
        let pick = match bot.get::<Value>("pick") {
            Ok(Value::Function(f)) => f,
            _ => return Err(Error::Script(format!("{}: expected the bot's table to have a pick function", self.file))),
        };
        let v = mlua::LuaSerdeExt::to_value_with(&self.lua, view, api::serde_options()).map_err(lua_err)?;
        let q = self.question(question).map_err(lua_err)?;
        let answer = pick.call::<Value>((v, q, self.data.clone(), self.setting.clone())).map_err(|e| {
            // A memory error (the budget or the memory limit refusing a block) has no
            // position of its own: the bot's file says whose it was.
            let m = script_message(&e);
            if m.starts_with("work limit exceeded") || m.starts_with("memory limit exceeded") {
                Error::Script(format!("{}: bot '{}' of seat {}: {m}", self.file, self.name, question.seat))
            } else {
                Error::Script(m)
            }
        })?;
        let bad = |what: String| {
            Error::Script(format!("{}: bot '{}' of seat {}: {what}", self.file, self.name, question.seat))
        };
        let count = question.labels.len();
        let picks: Vec<u32> = match answer {
            Value::Integer(i) if !question.multi => vec![u32::try_from(i).unwrap_or(0)],
            Value::Number(n) if !question.multi && n.fract() == 0.0 => vec![n as u32],
            Value::Table(t) if question.multi => {
                if t.raw_len() > count {
                    return Err(bad(format!("picked {} options of {count}", t.raw_len())));
                }
                let mut out = Vec::new();
                for v in t.sequence_values::<i64>() {
                    out.push(u32::try_from(v.map_err(|e| bad(script_message(&e)))?).unwrap_or(0));
                }
                out
            }
            other => {
                let want = if question.multi { "a list of option numbers" } else { "an option number" };
                return Err(bad(format!("pick returned {}, expected {want}", other.type_name())));
            }
        };
        let shape = crate::decision::Shape {
            seat: question.seat,
            count,
            multi: question.multi,
            min: question.min,
            max: question.max,
        };
        shape.check(&picks).map_err(|e| bad(format!("pick returned {picks:?}: {e}")))?;
        Ok(picks)
    }

    /// The bot's judgement of `seat`'s chances as `view` shows the game to it: its table's
    /// `evaluate(view, seat, data, setting)`, a number from 0 (lost) to 1 (won), which the
    /// search player takes where its playouts stop (game.yaml's `evaluate:`).
    pub fn evaluate(&self, view: &View, seat: usize) -> Result<f64, Error> {
        self.budget.refill();
        self.metatables.reset(&self.lua)?;
        *self.rng.borrow_mut() = Rng::new(0);
        let bot = self.table()?;
        let Ok(Value::Function(evaluate)) = bot.get::<Value>("evaluate") else {
            return Err(Error::Script(format!(
                "{}: expected the bot's table to have an evaluate function (game.yaml's evaluate: names this bot)",
                self.file
            )));
        };
        let v = mlua::LuaSerdeExt::to_value_with(&self.lua, view, api::serde_options()).map_err(lua_err)?;
        let value = evaluate
            .call::<Value>((v, seat, self.data.clone(), self.setting.clone()))
            .map_err(|e| Error::Script(script_message(&e)))?;
        match value {
            Value::Integer(i) if (0..=1).contains(&i) => Ok(i as f64),
            Value::Number(x) if (0.0..=1.0).contains(&x) => Ok(x),
            other => Err(Error::Script(format!(
                "{}: bot '{}': evaluate returned {}, expected a number from 0 to 1",
                self.file,
                self.name,
                match other {
                    Value::Integer(i) => i.to_string(),
                    Value::Number(x) => x.to_string(),
                    o => o.type_name().to_string(),
                }
            ))),
        }
    }

    /// The question as a Lua table: `kind`, `ids` (false where an option has none),
    /// `args` (a table each, empty where an option has none), `tags` (false where an
    /// option has none), `multi`, `min`, `max`, `count`. Never the prompt or the labels:
    /// they are for people, and a bot that read them would play otherwise when one is
    /// reworded.
    fn question(&self, q: &Question) -> mlua::Result<Table> {
        let t = self.lua.create_table()?;
        t.set("seat", q.seat)?;
        let tags = self.lua.create_table()?;
        for (i, tag) in q.tags.iter().enumerate() {
            match tag {
                Some(s) => tags.raw_set(i + 1, s.as_str())?,
                None => tags.raw_set(i + 1, false)?,
            }
        }
        t.set("tags", tags)?;
        t.set("kind", q.kind.as_deref())?;
        let ids = self.lua.create_table()?;
        let args = self.lua.create_table()?;
        for (i, (id, a)) in q.ids.iter().zip(&q.args).enumerate() {
            match id {
                Some(s) => ids.raw_set(i + 1, s.as_str())?,
                None => ids.raw_set(i + 1, false)?,
            }
            let at = self.lua.create_table()?;
            for (k, v) in a {
                match v {
                    Arg::Flag(b) => at.raw_set(k.as_str(), *b)?,
                    Arg::Int(n) => at.raw_set(k.as_str(), *n)?,
                    Arg::Num(n) => at.raw_set(k.as_str(), *n)?,
                    Arg::Text(s) => at.raw_set(k.as_str(), s.as_str())?,
                }
            }
            args.raw_set(i + 1, at)?;
        }
        t.set("ids", ids)?;
        t.set("args", args)?;
        t.set("multi", q.multi)?;
        t.set("min", q.min)?;
        t.set("max", q.max)?;
        t.set("count", q.labels.len())?;
        Ok(t)
    }
}

/// What a bot knows of the game beyond the view: `board`, the movement graph at the
/// game's start (`nodes`, `next_to`; on a zone map also `zones`, `sight` and `range`; on
/// a grid `grid = {cols, rows, ring}`, cells named `c,r`), and `aims`, the scenario's
/// declared aims (its `data.aims`: exits, goals, targets, round limit, who wins how), an
/// empty table where it declares none.
fn setting(lua: &Lua, content: &Content) -> mlua::Result<Table> {
    let board = lua.create_table()?;
    let g = &content.board;
    board.set("nodes", lua.create_sequence_from(g.nodes().iter().map(String::as_str))?)?;
    let next_to = lua.create_table()?;
    for n in g.nodes() {
        let near = g.neighbours(n).unwrap_or_default();
        next_to.set(n.as_str(), lua.create_sequence_from(near)?)?;
    }
    board.set("next_to", next_to)?;
    if let Some(map) = &content.map {
        let fresh = crate::zonemap::MapState::default();
        let (zones, sight, range) = (lua.create_table()?, lua.create_table()?, lua.create_table()?);
        for (a, za) in map.zones().iter().enumerate() {
            let z = lua.create_table()?;
            z.set("name", za.name.as_str())?;
            z.set("indoor", za.indoor)?;
            zones.set(za.id.as_str(), z)?;
            let (seen, far) = (lua.create_table()?, lua.create_table()?);
            for (b, zb) in map.zones().iter().enumerate() {
                if map.sight(a, b, &fresh) {
                    seen.set(zb.id.as_str(), true)?;
                }
                far.set(zb.id.as_str(), map.range(a, b))?;
            }
            sight.set(za.id.as_str(), seen)?;
            range.set(za.id.as_str(), far)?;
        }
        board.set("zones", zones)?;
        board.set("sight", sight)?;
        board.set("range", range)?;
    }
    if let Some(grid) = &content.grid {
        let t = lua.create_table()?;
        t.set("cols", grid.cols())?;
        t.set("rows", grid.rows())?;
        t.set("ring", grid.has_ring())?;
        board.set("grid", t)?;
    }
    let aims = match content.data.get("aims") {
        Some(a) => mlua::LuaSerdeExt::to_value_with(lua, a, api::serde_options())?,
        None => Value::Table(lua.create_table()?),
    };
    let out = lua.create_table()?;
    out.set("board", board)?;
    out.set("aims", aims)?;
    Ok(out)
}
