//! Rule tests of Marshals: each card's behaviour (`cards/`), one test per checklist line of
//! `shared/rules/marshals.gaps.md` (`rules/`: R01-R67) and per resolution of its gaps and
//! the modes (`decisions/`: Z01-Z40, duo, basic), and a card added in YAML alone
//! (`new_card.rs`).
//!
//! The harness is the shared one of `posse_tests` (content variants, arranging Lua read
//! typed, `stack_on` for the deck, `quoted`, `sorted`); what is this game's own is here:
//! its Lua helpers ([`PRELUDE`], bound as [`LUA`]), the fixed variant and the hand.
//!
//! Tests drive the real flow by the labels of its decisions. The deck is random: a test
//! arranges what matters with [`LUA`] (the engine's state is the truth, and the flow keeps
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
use std::sync::Arc;

/// The game as shipped (3-4 players); `marshals/duo` and `marshals/basic` are its modes.
pub fn content() -> Arc<Content> {
    shipped("marshals")
}

/// A mode (`"duo"`, `"basic"`) as shipped.
pub fn mode(name: &str) -> Arc<Content> {
    shipped(&game_id("marshals", name))
}

/// A variant of the game (or of mode `scenario`: "", "duo", "basic") with the fixed map,
/// characters and first player described above, and `edits` (from, to) made to
/// `scenarios/marshals/game.yaml`.
pub fn fixed(scenario: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    let fixed = [
        ("first_player: 0", "first_player: 1"),
        ("character_assignment: random", "character_assignment: seat"),
        ("map_order: random", "map_order: fixed"),
    ];
    let edits: Vec<_> =
        fixed.iter().chain(edits).map(|&(from, to)| ("scenarios/marshals/game.yaml", from, to)).collect();
    variant(env!("CARGO_TARGET_TMPDIR"), &game_id("marshals", scenario), &edits)
}

/// Lua helpers for [`LUA`], after the shared ones (`posse_tests::PRELUDE`): `find(id)` (a card anywhere, by definition id; the n-th copy
/// with `find(id, n)`), `top(id, ...)` (those cards on top of the deck, the first on top),
/// `give(seat, id, ...)` (into a hand), `discard(id)` (on top of the discard pile, face up),
/// `hand(seat)` (definition ids in a hand), `set(name, value, seat)`, `captured(seat, id, ...)`
/// (Outlaws in his trophies, counted), `badge(seat)` (the Corrupt Marshal revealed by him).
const PRELUDE: &str = r#"
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
local function top(...) stack_on(posse.zone('deck'), all_zones(), { ... }) end
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

/// Arranging Lua with the helpers of [`PRELUDE`].
pub const LUA: Arrange = Arrange(PRELUDE);

/// The definition ids of the cards in `seat`'s hand.
pub fn hand(g: &mut Game, seat: usize) -> Vec<String> {
    LUA.list(g, &format!("return hand({seat})"))
}

/// [`hand`], sorted.
pub fn sorted_hand(g: &mut Game, seat: usize) -> Vec<String> {
    sorted(hand(g, seat))
}
