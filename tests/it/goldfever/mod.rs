//! Rule tests of Goldfever: the worked examples of `shared/rules/goldfever.gaps.md` §2
//! (`examples.rs`: GF-T01-GF-T36), one test per checklist line of §1 (`checklist.rs` and
//! `checklist_play.rs`: GF-R01-GF-R56), the fill-ins of §5 (`fillins.rs`: the board's notable pairs GF-T40-T49,
//! decks, panic, jokers) and the eight scenarios (`scenarios.rs`); the sharp bot playing a
//! scenario written after it by its stated aims (`new_scenario.rs`).
//!
//! The harness is the shared one of `posse_tests` (content variants, arranging Lua read
//! typed, `advance_to` by kind, `sorted`, `stack_on` for the decks); what is this game's own
//! is here: its Lua helpers ([`PRELUDE`], bound as [`LUA`]), [`turn`] and its readers.
//!
//! Tests drive the real flow by the labels of its decisions. Chance is arranged with
//! [`LUA`]: the engine's state is the truth and the flow keeps no copy of it, so between
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
use std::sync::Arc;

/// A scenario as shipped ("high_noon", "claim_jumpers", ...; "" for the base game).
pub fn content(scenario: &str) -> Arc<Content> {
    shipped(&game_id("goldfever", scenario))
}

/// Lua helpers for [`LUA`], after the shared ones (`posse_tests::PRELUDE`: `ids(zone)`,
/// `stack_on`...): `ch(id)` (a character), `put(id, zone)`, `strip(id)` (it
/// carries nothing), `give(id, item [, ammo])` (from the supply, face up; returns it),
/// `gun(id, item)` (the first carried object of that definition), `ammo(id, item)`,
/// `get(id, counter)`, `set(id, counter, v)`, `where(id)`, `gear(id)` and `ground(zone)`
/// (definition ids), `lay(zone, item, face_up)` (an object from the supply on the ground),
/// `top(deck, id, ...)` (those cards on top of a deck, the first on top), `no_jokers()`
/// (every character's joker back in the deck), `joker(id, joker)` (that joker for him,
/// known to his player), `only(id)` (every other chip out of the mug this round).
const PRELUDE: &str = r#"
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
local function gear(id) return ids(posse.zone('gear', ch(id))) end
local function ground(zone) return ids(game.ground(zone)) end
local function lay(zone, item, up)
  local o = assert(game.things.take(item), 'no ' .. item .. ' left')
  posse.flip(o, up ~= false)
  posse.move(o, game.ground(zone))
  return o
end
local function top(deck, ...)
  local z = posse.zone(deck)
  for _, o in ipairs(stack_on(z, { z, posse.zone(deck .. '_discard') }, { ... })) do posse.flip(o, false) end
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

/// Arranging Lua with the helpers of [`PRELUDE`].
pub const LUA: Arrange = Arrange(PRELUDE);

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
    advance_to(&mut g, "joker");
    LUA.run(&mut g, &format!("no_jokers()\n{arrange}\nonly('{who}')"));
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

/// A variant of scenario `scenario` ("" for the base game) with `edits` (from, to) made to
/// `scenarios/goldfever/game.yaml`: an optional rule switched on, say.
pub fn variant(scenario: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    let edits: Vec<_> = edits.iter().map(|&(from, to)| ("scenarios/goldfever/game.yaml", from, to)).collect();
    posse_tests::variant(env!("CARGO_TARGET_TMPDIR"), &game_id("goldfever", scenario), &edits)
}
