//! Rule tests of Goldfever: the worked examples of `shared/rules/goldfever.gaps.md` §2
//! (`examples.rs`: GF-T01-GF-T36), one test per checklist line of §1 (`checklist.rs` and
//! `checklist_play.rs`: GF-R01-GF-R56), the fill-ins of §5 (`fillins.rs`: the board's notable pairs GF-T40-T49,
//! decks, panic, jokers) and the eight scenarios (`scenarios.rs`); the sharp bot playing a
//! scenario written after it by its stated aims (`new_scenario.rs`).
//!
//! Tests drive the real flow by the labels of its decisions. Chance is arranged with
//! [`lua`]: the engine's state is the truth and the flow keeps no copy of it, so between
//! two decisions a test may move characters, change counters, take jokers away and stack
//! the decks (such games are not replayed). [`turn`] starts a game and arranges it at the
//! first round's start, before any chip is drawn, so the character a test names is the
//! one whose chip comes out and whose first question is pending.

mod checklist;
mod checklist_play;
mod examples;
mod fillins;
mod new_scenario;
mod scenarios;

use posse::{Content, Game};
use posse_tests::*;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// A scenario as shipped ("high_noon", "claim_jumpers", ...; "" for the base game).
pub fn content(scenario: &str) -> Arc<Content> {
    static LOADED: Mutex<BTreeMap<String, Arc<Content>>> = Mutex::new(BTreeMap::new());
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    loaded
        .entry(scenario.to_string())
        .or_insert_with(|| {
            let id = if scenario.is_empty() { "goldfever".to_string() } else { format!("goldfever/{scenario}") };
            Arc::new(Content::load(&root(), &id).unwrap_or_else(|e| panic!("{e}")))
        })
        .clone()
}

/// Lua helpers for [`lua`]: `ch(id)` (a character), `put(id, zone)`, `strip(id)` (it
/// carries nothing), `give(id, item [, ammo])` (from the supply, face up; returns it),
/// `gun(id, item)` (the first carried object of that definition), `ammo(id, item)`,
/// `get(id, counter)`, `set(id, counter, v)`, `where(id)`, `gear(id)` and `ground(zone)`
/// (definition ids), `lay(zone, item, face_up)` (an object from the supply on the ground),
/// `top(deck, id, ...)` (those cards on top of a deck, the first on top), `no_jokers()`
/// (every character's joker back in the deck), `joker(id, joker)` (that joker for him,
/// known to his player), `only(id)` (every other chip out of the mug this round).
const PRELUDE: &str = r#"
local posse = require 'posse'
local game = require 'goldfever.game'
local events = require 'goldfever.events'
local function ch(id) return assert(game.by_id(id), 'no character ' .. id) end
local function put(id, zone) game.place(ch(id), zone) end
local function strip(id)
  for _, o in ipairs(posse.contents(posse.zone('gear', ch(id)))) do posse.move(o, posse.zone('supply')) end
end
local function give(id, item, ammo)
  local o = game.things.equip(ch(id), item)
  if ammo then posse.obj_set(o, 'ammo', ammo) end
  return o
end
local function gun(id, item)
  for _, o in ipairs(posse.contents(posse.zone('gear', ch(id)))) do
    if posse.def_id(o) == item then return o end
  end
  error(id .. ' carries no ' .. item)
end
local function ammo(id, item) return posse.obj_get(gun(id, item), 'ammo') end
local function get(id, name) return posse.obj_get(ch(id), name) end
local function set(id, name, v) posse.obj_set(ch(id), name, v) end
local function where(id) return game.node(ch(id)) end
local function ids(z)
  local out = {}
  for i, o in ipairs(posse.contents(z)) do out[i] = posse.def_id(o) end
  return out
end
local function gear(id) return ids(posse.zone('gear', ch(id))) end
local function ground(zone) return ids(game.ground(zone)) end
local function lay(zone, item, up)
  local o = assert(game.things.take(item), 'no ' .. item .. ' left')
  posse.flip(o, up ~= false)
  posse.move(o, game.ground(zone))
  return o
end
local function top(deck, ...)
  local want = { ... }
  local z, d = posse.zone(deck), posse.zone(deck .. '_discard')
  local taken = {}
  for i = #want, 1, -1 do
    local found
    for _, zz in ipairs({ z, d }) do
      for _, o in ipairs(posse.contents(zz)) do
        if not found and not taken[o] and posse.def_id(o) == want[i] then found = o end
      end
    end
    assert(found, 'no card ' .. want[i])
    taken[found] = true
    posse.flip(found, false)
    posse.move(found, z)
  end
end
local function no_jokers()
  for _, c in ipairs(game.chars()) do
    for _, j in ipairs(posse.contents(posse.zone('joker', c))) do posse.move(j, posse.zone('jokers')) end
  end
end
local function joker(id, name)
  local c = ch(id)
  for _, j in ipairs(posse.contents(posse.zone('joker', c))) do posse.move(j, posse.zone('jokers')) end
  for _, zz in ipairs({ posse.zone('jokers'), posse.zone('jokers_used') }) do
    for _, j in ipairs(posse.contents(zz)) do
      if posse.def_id(j) == name then
        posse.flip(j, false)
        posse.move(j, posse.zone('joker', c))
        posse.reveal(j, { game.seat(c) })
        return j
      end
    end
  end
  error('no joker ' .. name)
end
local function only(id)
  for _, c in ipairs(game.chars()) do posse.obj_set(c, 'acted', c == ch(id) and 0 or 1) end
end
"#;

/// Runs `code` (with the helpers of [`PRELUDE`]) in the game's VM; returns its value.
pub fn lua(g: &mut Game, code: &str) -> serde_json::Value {
    g.eval(&format!("{PRELUDE}\n{code}")).unwrap_or_else(|e| panic!("{e}\n{code}"))
}

/// The string `code` returns.
pub fn lua_str(g: &mut Game, code: &str) -> String {
    lua(g, code).as_str().unwrap_or_else(|| panic!("not a string: {code}")).to_string()
}

/// The integer `code` returns.
pub fn lua_int(g: &mut Game, code: &str) -> i64 {
    lua(g, code).as_i64().unwrap_or_else(|| panic!("not an integer: {code}"))
}

/// The strings of the list `code` returns.
pub fn lua_list(g: &mut Game, code: &str) -> Vec<String> {
    serde_json::from_value(lua(g, code)).unwrap_or_default()
}

/// A game of `scenario` with `players`, arranged at the first round's start: no joker for
/// anyone (unless `arrange` deals some), `arrange` run, and only `who`'s chip left in the
/// mug for round 1; returns with `who`'s first question pending.
pub fn turn(scenario: &str, players: usize, who: &str, arrange: &str) -> Game {
    turn_in(&content(scenario), players, who, arrange)
}

/// [`turn`] in the content `c` (a variant: [`variant`]).
pub fn turn_in(c: &Arc<Content>, players: usize, who: &str, arrange: &str) -> Game {
    let mut g = new_game(c, 1, players);
    // Setup's questions (Ted's second joker in High Noon, the Payroll's hiding places):
    // the first option; then the round's joker question.
    while g.next_request().is_some() && !asked(&g).starts_with("A new round begins") {
        let s = deciding(&g);
        g.choose(s, &[1]).unwrap();
    }
    assert!(asked(&g).starts_with("A new round begins"), "at the round's start: {}", asked(&g));
    lua(&mut g, &format!("no_jokers()\n{arrange}\nonly('{who}')"));
    for s in waiting(&g) {
        answer(&mut g, s, "No joker now");
    }
    g
}

/// Ends the turn of the character whose question is pending.
pub fn end_turn(g: &mut Game) {
    pick(g, "End the turn");
}

/// The seat whose decision is pending first.
pub fn deciding(g: &Game) -> usize {
    g.next_request().map(|r| r.seat).unwrap_or(0)
}

/// `v` sorted (where the order of a zone is incidental).
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// A variant of scenario `scenario` ("" for the base game) with `edits` (from, to) made to
/// `scenarios/goldfever/game.yaml`: an optional rule switched on, say. Loaded once per
/// distinct (scenario, edits).
pub fn variant(scenario: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    static LOADED: Mutex<BTreeMap<String, Arc<Content>>> = Mutex::new(BTreeMap::new());
    let key = format!("{scenario}|{edits:?}");
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(c) = loaded.get(&key) {
        return c.clone();
    }
    let name = format!("goldfever_{:016x}", posse::hash::fnv(key.as_bytes()));
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), &name);
    for (from, to) in edits {
        edit(&root, "scenarios/goldfever/game.yaml", from, to);
    }
    let id = if scenario.is_empty() { "goldfever".to_string() } else { format!("goldfever/{scenario}") };
    let c = Arc::new(Content::load(&root, &id).unwrap_or_else(|e| panic!("{e}")));
    loaded.insert(key, c.clone());
    c
}
