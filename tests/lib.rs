//! Shared helpers for the integration tests: where content lives, loading it, and driving
//! games with scripted or random choices.
//!
//! It is also the one harness every game's rule tests use (`tests/it/<game>/mod.rs` keeps
//! only what is its game's own: its Lua helpers, its start positions, its readers):
//! - **content**: [`shipped`] (a game, scenario or mode as shipped) and [`variant`] (a
//!   scratch copy of the project with edits made to its files), each loaded once per test
//!   process; [`game_id`] names a scenario of a game;
//! - **arranging a position**: an [`Arrange`] holds a game's Lua helpers and runs code
//!   after them and the shared [`PRELUDE`] in the game's VM (`Game::eval`), its value read
//!   typed ([`Arrange::run`], [`Arrange::str`], [`Arrange::int`], [`Arrange::bool`],
//!   [`Arrange::list`], [`Arrange::ints`]; a failing chunk panics with its code); [`quoted`]
//!   writes Rust strings as Lua arguments;
//! - **forcing chance**: in the [`PRELUDE`], `stack_on(zone, from, defs)` puts the cards
//!   with those definition ids on top of a zone and `set_dice(faces [, seat])` turns the
//!   dice to those faces now; `Game::rig_dice` makes the next rolls show given faces;
//! - **answering**: by kind and option id ([`kind`], [`answer_id`], [`advance_to`]: the
//!   questions before the first of a kind played with their first option), or by label
//!   ([`answer`], [`pick`]) where a rules test reads like the rulebook;
//! - **reading**: [`counter`], [`names`], [`def_ids`], [`log_has`], [`sorted`], ...

pub mod fuzz;

use posse::view::{ObjectView, ZoneView};
use posse::{Content, Game, Setup};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// The project's own content root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The error of `code` run in a fresh game of the fixture hilo (`Game::eval`); the code
/// must fail.
pub fn hilo_fails(code: &str) -> String {
    match new_game(&load_fixture("hilo"), 1, 2).eval(code) {
        Ok(v) => panic!("{code:?} should fail, returned {v}"),
        Err(e) => e.to_string(),
    }
}

/// The value of `code` run in a fresh game of the fixture hilo, as JSON.
pub fn hilo_value(code: &str) -> serde_json::Value {
    new_game(&load_fixture("hilo"), 1, 2).eval(code).unwrap_or_else(|e| panic!("{code:?}: {e}"))
}

/// The test fixtures' content root (small games that exercise the engine).
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

pub fn load(game: &str) -> Arc<Content> {
    Arc::new(Content::load(&root(), game).unwrap_or_else(|e| panic!("{e}")))
}

pub fn load_fixture(game: &str) -> Arc<Content> {
    Arc::new(Content::load(&fixtures(), game).unwrap_or_else(|e| panic!("{e}")))
}

pub fn new_game(content: &Arc<Content>, seed: u64, players: usize) -> Game {
    let setup = Setup::new(content, seed, Some(players)).unwrap_or_else(|e| panic!("{e}"));
    Game::new(content.clone(), setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Answers the next pending decision with the option whose label starts with `prefix`.
pub fn pick(game: &mut Game, prefix: &str) {
    let r = game.next_request().expect("a decision is pending");
    let labels = r.labels();
    let i = labels
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no option starting with {prefix:?} in {labels:?} (prompt {:?})", r.prompt()));
    let seat = r.seat;
    game.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("{e}"));
}

/// Plays a game of `players` to its end with yielding random bots (the bots of
/// [`posse::bot::bot_rng`], as a batch game has them), every step counted: the game a
/// batch plays, the plain way.
pub fn counted_play(c: &Arc<Content>, seed: u64, players: usize) -> Result<Game, String> {
    let setup = Setup::new(c, seed, Some(players)).map_err(|e| e.to_string())?;
    let mut g = Game::new(c.clone(), setup).map_err(|e| e.to_string())?;
    let mut rng = posse::bot::bot_rng(seed);
    while let Some(r) = g.next_request() {
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).map_err(|e| e.to_string())?;
    }
    Ok(g)
}

/// Plays random choices from a bot seeded with `seed` for at most `steps` decisions.
pub fn play_random_steps(game: &mut Game, seed: u64, steps: usize) {
    let mut rng = posse::rng::Rng::new(seed);
    for _ in 0..steps {
        let Some(r) = game.next_request() else { return };
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        game.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A fresh copy of the fixtures' content root, to break on purpose. `name` keeps
/// concurrent tests apart.
pub fn scratch_root(tmp: &str, name: &str) -> PathBuf {
    let dst = PathBuf::from(tmp).join(name);
    let _ = std::fs::remove_dir_all(&dst);
    copy_dir(&fixtures(), &dst);
    dst
}

/// A fresh copy of the project's own content (`scripts/`, `scenarios/`), for variants.
pub fn scratch_project(tmp: &str, name: &str) -> PathBuf {
    let dst = PathBuf::from(tmp).join(name);
    let _ = std::fs::remove_dir_all(&dst);
    for dir in ["scripts", "scenarios"] {
        copy_dir(&root().join(dir), &dst.join(dir));
    }
    dst
}

/// Copies a folder and everything in it.
pub fn copy_dir(src: &std::path::Path, dst: &std::path::Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        let to = dst.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &to);
        } else {
            std::fs::copy(e.path(), to).unwrap();
        }
    }
}

/// The fixture game `hilo`, loaded from a scratch copy with one edit made to `file`.
pub fn edited_hilo(tmp: &str, name: &str, file: &str, from: &str, to: &str) -> Arc<Content> {
    let root = scratch_root(tmp, name);
    edit(&root, file, from, to);
    Arc::new(Content::load(&root, "hilo").unwrap_or_else(|e| panic!("{e}")))
}

/// Replaces `from` by `to` in a file under `root` (the text must be there).
pub fn edit(root: &std::path::Path, file: &str, from: &str, to: &str) {
    let p = root.join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(from), "{file} does not contain {from:?}");
    std::fs::write(p, text.replacen(from, to, 1)).unwrap();
}

/// A counter's value from the omniscient view (global when `seat` is None).
pub fn counter(g: &Game, name: &str, seat: Option<usize>) -> i64 {
    let v = g.view(None);
    let counters = match seat {
        Some(s) => &v.seats[s - 1].counters,
        None => &v.counters,
    };
    *counters.get(name).unwrap_or_else(|| panic!("no counter {name}"))
}

/// Whether `seat` (None: the omniscient log) may read a log line containing `text`.
pub fn log_has(g: &Game, seat: Option<usize>, text: &str) -> bool {
    g.log_lines(seat).iter().any(|l| l.contains(text))
}

/// The prompt of the first pending decision.
pub fn asked(g: &Game) -> String {
    g.next_request().map(|r| r.prompt()).unwrap_or_default()
}

/// The labels of the first pending decision.
pub fn options(g: &Game) -> Vec<String> {
    g.next_request().map(|r| r.labels()).unwrap_or_default()
}

/// Whether an option of the pending decision starts with `prefix`.
pub fn offered(g: &Game, prefix: &str) -> bool {
    options(g).iter().any(|l| l.starts_with(prefix))
}

/// The labels of `seat`'s unanswered request.
pub fn labels(g: &Game, seat: usize) -> Vec<String> {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).labels()
}

/// The prompt of `seat`'s unanswered request.
pub fn prompt(g: &Game, seat: usize) -> String {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).prompt()
}

/// Seats with an unanswered request.
pub fn waiting(g: &Game) -> Vec<usize> {
    g.pending().iter().map(|r| r.seat).collect()
}

/// Answers `seat`'s unanswered request with the option whose label is `label`, or starts
/// with it when no label is equal.
pub fn answer(g: &mut Game, seat: usize, label: &str) {
    let ls = labels(g, seat);
    let i = ls
        .iter()
        .position(|l| l == label)
        .or_else(|| ls.iter().position(|l| l.starts_with(label)))
        .unwrap_or_else(|| panic!("seat {seat}: no option {label:?} in {ls:?}"));
    g.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("seat {seat}, {label:?}: {e}"));
}

/// Answers `seat`'s unanswered request with the option whose id is `id` and whose
/// arguments include `args` (`&[("to", "BNK")]`): the way to answer a typed question.
pub fn answer_id(g: &mut Game, seat: usize, id: &str, args: &[(&str, &str)]) {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    let r = r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g)));
    let kind = r.kind.clone().unwrap_or_default();
    let i = r.option_by_id(id, args).unwrap_or_else(|e| panic!("seat {seat}, a '{kind}' question: {e}"));
    g.choose(seat, &[i]).unwrap_or_else(|e| panic!("seat {seat}, {id:?}: {e}"));
}

/// The kind of `seat`'s unanswered request (None: untyped).
pub fn kind(g: &Game, seat: usize) -> Option<String> {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).kind.clone()
}

/// The names of a zone's objects, top first; "?" for those the viewer cannot see.
pub fn names(z: &ZoneView) -> Vec<String> {
    shown(z, |name, _| name.to_string())
}

/// The definition ids of a zone's objects, top first; "?" for those the viewer cannot see.
pub fn def_ids(z: &ZoneView) -> Vec<String> {
    shown(z, |_, def| def.to_string())
}

fn shown(z: &ZoneView, f: impl Fn(&str, &str) -> String) -> Vec<String> {
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { name, def, .. } => f(name, def),
            ObjectView::Hidden { .. } => "?".into(),
        })
        .collect()
}

/// `v`, sorted (where the order of a zone or a question's options is incidental).
pub fn sorted<T: Ord>(v: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = v.into_iter().collect();
    v.sort();
    v
}

/// The id of `game`'s scenario or mode `scenario` ("" for the game itself).
pub fn game_id(game: &str, scenario: &str) -> String {
    if scenario.is_empty() {
        game.to_string()
    } else {
        format!("{game}/{scenario}")
    }
}

/// The game, scenario or mode `id` ("goldfever", "goldfever/payroll") as shipped, loaded
/// once per test process.
pub fn shipped(id: &str) -> Arc<Content> {
    once(id.to_string(), || Content::load(&root(), id))
}

/// The game, scenario or mode `id` loaded from a scratch copy of the project in `tmp`
/// ([`scratch_project`]; the test binary's `env!("CARGO_TARGET_TMPDIR")`) with `edits`
/// (file, from, to) made in order ([`edit`]): an optional rule switched on, a fixed order,
/// a pause added. Loaded once per (id, edits) and test process, whichever tests ask for it
/// at the same time.
pub fn variant(tmp: &str, id: &str, edits: &[(&str, &str, &str)]) -> Arc<Content> {
    let key = format!("{id}|{edits:?}");
    let name = format!("{}_{:016x}", id.replace('/', "_"), posse::hash::fnv(key.as_bytes()));
    once(key, || {
        let root = scratch_project(tmp, &name);
        for (file, from, to) in edits {
            edit(&root, file, from, to);
        }
        Content::load(&root, id)
    })
}

/// The content cached under `key`, loaded by `load` the first time; tests that ask for
/// other keys meanwhile do not wait.
fn once(key: String, load: impl FnOnce() -> Result<Content, posse::Error>) -> Arc<Content> {
    type Cell = Arc<OnceLock<Arc<Content>>>;
    static LOADED: Mutex<BTreeMap<String, Cell>> = Mutex::new(BTreeMap::new());
    let cell = LOADED.lock().unwrap_or_else(|p| p.into_inner()).entry(key).or_default().clone();
    cell.get_or_init(|| Arc::new(load().unwrap_or_else(|e| panic!("{e}")))).clone()
}

/// Lua helpers every game's arranging code has (before the game's own, see [`Arrange`]):
/// `posse`; `ids(zone)` (the definition ids of its objects, top first);
/// `find_in(zones, def [, from_bottom [, taken]])` (the first object of that definition in
/// the first of `zones` holding one, searched top first or bottom first, skipping the
/// objects `taken` marks; nil when none); `stack_on(zone, from, defs [, from_bottom])` (the
/// objects with the definition ids `defs`, each found in the zones `from` and each taken
/// once, put on top of `zone`, `defs[1]` on top; returns them in the order of `defs`);
/// `set_dice(faces [, seat])` (the shared dice, or `seat`'s own, turned to these faces,
/// die 1 first).
pub const PRELUDE: &str = r#"
local posse = require 'posse'
local function ids(z)
  local out = {}
  for i, o in ipairs(posse.contents(z)) do out[i] = posse.def_id(o) end
  return out
end
local function find_in(zones, def, from_bottom, taken)
  for _, z in ipairs(zones) do
    local objs = posse.contents(z)
    local first, last, step = 1, #objs, 1
    if from_bottom then first, last, step = #objs, 1, -1 end
    for i = first, last, step do
      local o = objs[i]
      if posse.def_id(o) == def and not (taken and taken[o]) then return o end
    end
  end
end
local function stack_on(zone, from, defs, from_bottom)
  local taken, out = {}, {}
  for i = #defs, 1, -1 do
    local o = find_in(from, defs[i], from_bottom, taken)
    if not o then error('no ' .. defs[i] .. ' to put on top', 2) end
    taken[o] = true
    posse.move(o, zone)
    out[i] = o
  end
  return out
end
local function set_dice(faces, seat)
  for i, f in ipairs(faces) do posse.set_face(i, f, seat) end
end
"#;

/// A game's arranging Lua: its own helpers (a prelude of `local` functions), run after the
/// shared [`PRELUDE`] and before the code of each call, in the game's VM (`Game::eval`:
/// outside the flow, not in the log). Each game binds its helpers once
/// (`const LUA: Arrange = Arrange(PRELUDE);`) and reads values through the methods.
#[derive(Clone, Copy)]
pub struct Arrange(pub &'static str);

impl Arrange {
    /// Runs `code` and returns its value; panics with the error and the code on failure.
    pub fn run(self, g: &mut Game, code: &str) -> Value {
        g.eval(&format!("{PRELUDE}\n{}\n{code}", self.0)).unwrap_or_else(|e| panic!("{e}\n{code}"))
    }

    /// The string `code` returns.
    pub fn str(self, g: &mut Game, code: &str) -> String {
        self.run(g, code).as_str().unwrap_or_else(|| panic!("not a string: {code}")).to_string()
    }

    /// The integer `code` returns.
    pub fn int(self, g: &mut Game, code: &str) -> i64 {
        self.run(g, code).as_i64().unwrap_or_else(|| panic!("not an integer: {code}"))
    }

    /// The boolean `code` returns.
    pub fn bool(self, g: &mut Game, code: &str) -> bool {
        self.run(g, code).as_bool().unwrap_or_else(|| panic!("not a boolean: {code}"))
    }

    /// The strings of the list `code` returns ([`strings`]).
    pub fn list(self, g: &mut Game, code: &str) -> Vec<String> {
        strings(&self.run(g, code))
    }

    /// The integers of the list `code` returns ([`ints`]).
    pub fn ints(self, g: &mut Game, code: &str) -> Vec<i64> {
        ints(&self.run(g, code))
    }
}

/// The strings of a list from Lua (an empty table comes back as an empty object: the empty
/// list); panics on anything else, nil included.
pub fn strings(v: &Value) -> Vec<String> {
    items(v, |x| x.as_str().map(str::to_string))
}

/// The integers of a list from Lua, as [`strings`].
pub fn ints(v: &Value) -> Vec<i64> {
    items(v, Value::as_i64)
}

fn items<T>(v: &Value, f: impl Fn(&Value) -> Option<T>) -> Vec<T> {
    match v {
        Value::Array(a) => a.iter().map(|x| f(x).unwrap_or_else(|| panic!("an item of {v}: {x}"))).collect(),
        Value::Object(o) if o.is_empty() => Vec::new(),
        other => panic!("expected a list, got {other}"),
    }
}

/// Rust strings as Lua string arguments: `'a', 'b'` (wrap in braces for a list).
pub fn quoted(items: &[&str]) -> String {
    items.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ")
}

/// Answers each pending question before the first of kind `kind` with its first option
/// (the seat asked first, one question at a time: a set-up's questions, say); panics
/// unless a question of that kind is then pending.
pub fn advance_to(g: &mut Game, kind: &str) {
    while let Some(seat) = g.next_request().filter(|r| r.kind.as_deref() != Some(kind)).map(|r| r.seat) {
        g.choose(seat, &[1]).unwrap_or_else(|e| panic!("seat {seat}, before a '{kind}' question: {e}"));
    }
    let at = g.next_request().map(|r| (r.kind.clone(), r.prompt()));
    assert!(matches!(&at, Some((Some(k), _)) if k == kind), "no '{kind}' question came; at {at:?}");
}
