//! Rule tests of Marshals: each card's behaviour (`cards/`), one test per checklist line of
//! `shared/rules/marshals.gaps.md` (`rules/`: R01-R67) and per resolution of its gaps and
//! the modes (`decisions/`: Z01-Z40, duo, basic), and a card added in YAML alone
//! (`new_card.rs`).
//!
//! Tests drive the real flow by the labels of its decisions. The deck is random: a test
//! arranges what matters with [`lua`] (the engine's state is the truth, and the flow keeps
//! no copy of it, so arranging it between two decisions is safe; such changes are not in
//! the log, so such games are not replayed). [`fixed`] gives a game whose map is in
//! `data.terrains` order (Forest, Desert, Plain, Mountain), whose seat s is the Marshal of
//! terrain s (so seat 1 starts in the Forest at position 1, seat 2 in the Desert...) and
//! whose first player is seat 1.
//!
//! A new game stops at the first player's Step 2, after his first draw (the flow draws
//! before anyone is asked anything): arrange the deck then, and the next draw (after a move,
//! or the next player's turn) is what the test put on top.

mod cards;
mod decisions;
mod new_card;
mod rules;

use posse::{Content, Game};
use posse_tests::*;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The game as shipped (3-4 players); `marshals/duo` and `marshals/basic` are its modes.
pub fn content() -> Arc<Content> {
    static C: OnceLock<Arc<Content>> = OnceLock::new();
    C.get_or_init(|| load("marshals")).clone()
}

/// A mode (`"duo"`, `"basic"`) as shipped.
pub fn mode(name: &str) -> Arc<Content> {
    Arc::new(Content::load(&root(), &format!("marshals/{name}")).unwrap_or_else(|e| panic!("{e}")))
}

/// A variant of the game (or of mode `scenario`: "", "duo", "basic") with the fixed map,
/// characters and first player described above, and `edits` (from, to) made to
/// `scenarios/marshals/game.yaml`. Loaded once per distinct (scenario, edits).
pub fn fixed(scenario: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    static LOADED: Mutex<BTreeMap<String, Arc<Content>>> = Mutex::new(BTreeMap::new());
    let key = format!("{scenario}|{edits:?}");
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(c) = loaded.get(&key) {
        return c.clone();
    }
    let name = format!("marshals_{:016x}", posse::hash::fnv(key.as_bytes()));
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), &name);
    let yaml = "scenarios/marshals/game.yaml";
    edit(&root, yaml, "first_player: 0", "first_player: 1");
    edit(&root, yaml, "character_assignment: random", "character_assignment: seat");
    edit(&root, yaml, "map_order: random", "map_order: fixed");
    for (from, to) in edits {
        edit(&root, yaml, from, to);
    }
    let id = if scenario.is_empty() { "marshals".to_string() } else { format!("marshals/{scenario}") };
    let c = Arc::new(Content::load(&root, &id).unwrap_or_else(|e| panic!("{e}")));
    loaded.insert(key, c.clone());
    c
}

/// Lua helpers for [`lua`]: `find(id)` (a card anywhere, by definition id; the n-th copy
/// with `find(id, n)`), `top(id, ...)` (those cards on top of the deck, the first on top),
/// `give(seat, id, ...)` (into a hand), `discard(id)` (on top of the discard pile, face up),
/// `hand(seat)` (definition ids in a hand), `set(name, value, seat)`, `captured(seat, id, ...)`
/// (Outlaws in his trophies, counted), `badge(seat)` (the Corrupt Marshal revealed by him).
const PRELUDE: &str = r#"
local posse = require 'posse'
local zones = { 'deck', 'aside', 'discard', 'pending' }
local function all_zones()
  local out = {}
  for _, z in ipairs(zones) do out[#out + 1] = posse.zone(z) end
  for s = 1, posse.players() do
    for _, z in ipairs { 'hand', 'look', 'trophies', 'badge' } do out[#out + 1] = posse.zone(z, s) end
  end
  return out
end
local function find(id, n)
  n = n or 1
  local k = 0
  for _, z in ipairs(all_zones()) do
    for _, c in ipairs(posse.contents(z)) do
      if posse.def_id(c) == id then
        k = k + 1
        if k == n then return c end
      end
    end
  end
  error('no card ' .. id)
end
local function top(...)
  local ids = { ... }
  for i = #ids, 1, -1 do posse.move(find(ids[i]), posse.zone('deck')) end
end
local function give(seat, ...)
  for _, id in ipairs { ... } do posse.move(find(id), posse.zone('hand', seat)) end
end
local function discard(id)
  local c = find(id)
  posse.move(c, posse.zone('discard'))
  posse.flip(c, true)
end
local function hand(seat)
  local out = {}
  for i, c in ipairs(posse.contents(posse.zone('hand', seat))) do out[i] = posse.def_id(c) end
  return out
end
local function set(name, value, seat) posse.set(name, value, seat) end
local function captured(seat, ...)
  for _, id in ipairs { ... } do
    local c = find(id)
    posse.move(c, posse.zone('trophies', seat))
    posse.flip(c, true)
    posse.add('captures', 1, seat)
  end
end
local function badge(seat)
  local c = find('corrupt_marshal')
  posse.move(c, posse.zone('badge', seat))
  posse.flip(c, true)
end
"#;

/// Runs `code` (with the helpers of [`PRELUDE`]) in the game's VM; returns its value.
pub fn lua(g: &mut Game, code: &str) -> serde_json::Value {
    g.eval(&format!("{PRELUDE}\n{code}")).unwrap_or_else(|e| panic!("{e}\n{code}"))
}

/// The definition ids of the cards in `seat`'s hand.
pub fn hand(g: &mut Game, seat: usize) -> Vec<String> {
    serde_json::from_value(lua(g, &format!("return hand({seat})"))).unwrap_or_default()
}
