//! Rule tests of American Desperado: the worked examples of
//! `shared/rules/american_desperado.gaps.md` §2 (`examples.rs`: AD-T01-AD-T30), the
//! checklist lines of §1 the examples leave out (`checklist.rs`), the police's moves of
//! §5.10-§5.12 against hand-worked positions (`police.rs`) and private scouting (§5.14,
//! `peeks.rs`), the optional rules and the parts' names (`options.rs`), what no
//! position may show in random play (`invariants.rs`), and the sharp bot's bounded games
//! and its play of a heist it was not written for (`sharp.rs`).
//!
//! The harness is the shared one of `posse_tests` (content variants, arranging Lua read
//! typed, `advance_to` by kind, `sorted`); what is this game's own is here: its Lua helpers
//! ([`PRELUDE`], bound as [`LUA`]), the paused variant and the start, and its readers.
//!
//! Positions are arranged with [`LUA`] at one moment: [`start`] plays the set-up (every
//! criminal on the first entrance offered) and stops before round 1 on a pause (a question
//! of kind `pause`) that a scratch copy of the game adds after the set-up (the only change
//! to the game's code; nothing else in the flow asks a question there), so the first
//! criminal's options are listed from the arranged position. The criminal who acts first is the first of the
//! crew, which a test chooses (`crew:` in game.yaml). The police's algorithms are also
//! run directly (`police.movement()`, `police.deploy(u)`) from a position, with only
//! rigged dice and no question.
//!
//! Coordinates are `(col,row)`, row 0 the front, column 0 the left; the Medium heist's
//! entrances are E1 (1,-1), E2 (3,-1), E3 (3,6), E4 (1,6), E5 (-1,4), E6 (-1,1).

mod checklist;
mod examples;
mod invariants;
mod options;
mod peeks;
mod police;
mod sharp;

use posse::view::ObjectView;
use posse::{Content, Game};
use posse_tests::*;
use std::sync::Arc;

/// The game of `scenario` ("" for the base game, the Medium heist) with `crew` (criminal
/// ids, C1 first), the pause added after the set-up.
pub fn content(scenario: &str, crew: &[&str]) -> Arc<Content> {
    content_with(scenario, crew, &[])
}

/// [`content`] with more `edits` (file, from, to) made to the scratch copy.
pub fn content_with(scenario: &str, crew: &[&str], edits: &[(&str, &str, &str)]) -> Arc<Content> {
    let pause = "  place_crew()\n  ask.pick(1, \"pause\", function() return \"Arrange the position\" end, function() return { ask.option(\"go\", \"Go\") } end, 1)\nend".to_string();
    let crew = format!("crew: [{}]", crew.join(", "));
    let mut all = vec![
        ("scripts/american_desperado/main.lua", "  place_crew()\nend", pause.as_str()),
        (
            "scripts/american_desperado/questions.lua",
            "return {\n",
            "return {\n  pause = { asks = \"The tests' pause after the set-up.\", ids = { go = \"goes on\" } },\n",
        ),
        ("scenarios/american_desperado/game.yaml", "crew: [brains, thug, engineer, shadow]", crew.as_str()),
    ];
    all.extend_from_slice(edits);
    variant(env!("CARGO_TARGET_TMPDIR"), &game_id("american_desperado", scenario), &all)
}

/// The game as shipped (no pause), for the deal and the set-up's questions.
pub fn shipped(scenario: &str) -> Arc<Content> {
    posse_tests::shipped(&game_id("american_desperado", scenario))
}

/// Lua helpers for [`LUA`], after the shared ones (`posse_tests::PRELUDE`: `ids(zone)`...).
/// Pieces move by `game.put` and criminals are subdued by `game.set_subdued`, and a tile
/// turned or a lock-down marker moved is followed by `game.board_changed()`, as the game's
/// own scripts do (game.lua mirrors the first two and keeps the board's epoch).
/// Criminals by id: `crim(id)`, `put(id, c, r)`, `at(id)` ("(c,r)" or "nowhere"),
/// `get(id, k)`, `set(id, k, v)`, `give(id, piece)` (a loot piece carried), `carried(id)`
/// (piece ids). Tiles: `lay(c, r, def [, up])` (that tile there, face down
/// unless `up`, not cleared; returns it), `floor(c, r)` (the tile there revealed and
/// cleared), `tile(c, r)`, `tid(c, r)` (its definition id), `up(c, r)` (face up),
/// `cleared(c, r)`, `locked(c, r)`, `lockdown(lock, c, r)` (a marker of tile `lock` on
/// (c,r)). Ground: `ground(c, r)` (ids), `drop(c, r, piece)`, `hostage(c, r)`.
/// Police: `unit(kind [, n])`, `cop(kind, n, c, r [, mode])` (on the board, not fresh),
/// `where_is(kind, n)` ("(c,r)" or the zone: "police", "arriving", "defeated", "gone"),
/// `no_police()` (every unit back in the supply), `gone_patrols()` (both patrols out for
/// good). Modules: `game`, `threat`, `police`, `obstacles`, `combat`.
const PRELUDE: &str = r#"
local game = require 'american_desperado.game'
local threat = require 'american_desperado.threat'
local police = require 'american_desperado.police'
local obstacles = require 'american_desperado.obstacles'
local combat = require 'american_desperado.combat'
local function cell(c, r) return assert(posse.cell(c, r), 'no cell') end
local function crim(id) return assert(game.criminal(id), 'no criminal ' .. id) end
local function put(id, c, r) game.put(crim(id), game.at_zone(cell(c, r))) end
local function get(id, k) return posse.obj_get(crim(id), k) end
local function set(id, k, v)
  if k == 'subdued' then game.set_subdued(crim(id), v > 0) else posse.obj_set(crim(id), k, v) end
end
local function at(id)
  local x = game.cell_of(crim(id))
  return x and game.where(x) or 'nowhere'
end
local function piece(def)
  local zones = { posse.zone('loot_side') }
  for _, x in ipairs(game.cells) do zones[#zones + 1] = game.ground(x) end
  for _, c in ipairs(game.crew()) do zones[#zones + 1] = posse.zone('carry', c) end
  for _, z in ipairs(zones) do
    for _, o in ipairs(posse.contents(z)) do
      if posse.def_id(o) == def then return o end
    end
  end
  error('no piece ' .. def)
end
local function give(id, def) posse.move(piece(def), posse.zone('carry', crim(id))) end
local function carried(id) return ids(posse.zone('carry', crim(id))) end
local function tile(c, r) return game.tile(cell(c, r)) end
local function tid(c, r) return posse.def_id(tile(c, r)) end
local function up(c, r) return posse.face_up(tile(c, r)) end
local function cleared(c, r) return posse.obj_get(tile(c, r), 'cleared') > 0 end
local function locked(c, r) return game.locked(cell(c, r)) end
local function find_tile(def, not_cell)
  for _, z in ipairs({ posse.zone('unused'), posse.zone('bag') }) do
    for _, o in ipairs(posse.contents(z)) do
      if posse.def_id(o) == def then return o end
    end
  end
  for _, x in ipairs(game.cells) do
    if x ~= not_cell and game.inside(x) then
      local t = game.tile(x)
      if t and posse.def_id(t) == def then return t end
    end
  end
  error('no tile ' .. def)
end
local function lay(c, r, def, face_up)
  local x = cell(c, r)
  local t = game.tile(x)
  if not (t and posse.def_id(t) == def) then
    local new = find_tile(def, x)
    local from = posse.zone_of(new)
    posse.move(new, game.tile_zone(x))
    if t then posse.move(t, from) end
    t = new
  end
  posse.flip(t, face_up == true)
  posse.obj_set(t, 'cleared', 0)
  game.board_changed()
  return t
end
local function floor(c, r)
  local t = tile(c, r)
  if game.props(t).class == 'loot' then t = lay(c, r, 'camera_2') end
  posse.flip(t, true)
  posse.obj_set(t, 'cleared', 1)
  game.board_changed()
  return t
end
local function lockdown(lock, c, r)
  local m = assert(posse.at(posse.zone('markers')), 'no marker left')
  posse.move(m, game.locks(cell(c, r)))
  posse.obj_set(m, 'by', lock)
  game.board_changed()
end
local function ground(c, r) return ids(game.ground(cell(c, r))) end
local function drop(c, r, def) posse.move(piece(def), game.ground(cell(c, r))) end
local function hostage(c, r) posse.move(posse.at(posse.zone('hostages')), game.ground(cell(c, r))) end
local function unit(kind, n) return assert(threat.units(kind)[n or 1], 'no ' .. kind) end
local function cop(kind, n, c, r, mode)
  local u = unit(kind, n)
  game.put(u, game.at_zone(cell(c, r)))
  posse.obj_set(u, 'fresh', 0)
  posse.add('arrivals', 1)
  posse.obj_set(u, 'arrival', posse.get('arrivals'))
  if mode then posse.obj_set(u, 'mode', mode) end
  return u
end
local ZONES = { 'police', 'arriving', 'defeated', 'gone' }
local function where_is(kind, n)
  local u = unit(kind, n)
  local x = game.cell_of(u)
  if x then return game.where(x) end
  for _, z in ipairs(ZONES) do
    if posse.zone_of(u) == posse.zone(z) then return z end
  end
  return '?'
end
local function no_police()
  for _, u in ipairs(game.police()) do game.put(u, posse.zone('police')) end
end
local function gone_patrols()
  for _, u in ipairs(threat.units('patrol')) do game.put(u, posse.zone('gone')) end
end
"#;

/// Arranging Lua with the helpers of [`PRELUDE`].
pub const LUA: Arrange = Arrange(PRELUDE);

/// The threat.
pub fn threat(g: &Game) -> i64 {
    counter(g, "threat", None)
}

/// Whether the game ended with the crew's win (None: not over).
pub fn won(g: &Game) -> Option<bool> {
    g.result().map(|r| r.crew == Some(true))
}

/// A game of `scenario` with `crew` (C1 first) shared among `players`, set up (each
/// criminal on the first entrance offered), arranged by `arrange` (Lua with the helpers of
/// [`PRELUDE`]), and started: C1's first question is pending.
pub fn start(scenario: &str, crew: &[&str], players: usize, arrange: &str) -> Game {
    start_in(&content(scenario, crew), players, arrange)
}

/// [`start`] in the content `c` (from [`content_with`]).
pub fn start_in(c: &Arc<Content>, players: usize, arrange: &str) -> Game {
    let mut g = paused_in(c, players);
    LUA.run(&mut g, arrange);
    pick(&mut g, "Go");
    g
}

/// A game set up and stopped at the pause before round 1 (nothing arranged).
pub fn paused(scenario: &str, crew: &[&str], players: usize) -> Game {
    paused_in(&content(scenario, crew), players)
}

fn paused_in(c: &Arc<Content>, players: usize) -> Game {
    let mut g = new_game(c, 1, players);
    advance_to(&mut g, "pause");
    g
}

/// The name of the object the view of `seat` (None: omniscient) shows as the tile of
/// grid cell (c, r), or None when it hides it.
pub fn tile_seen(g: &Game, seat: Option<usize>, c: i32, r: i32) -> Option<String> {
    let v = g.view(seat);
    let z = &v.board[&format!("{c},{r}")]["tile"];
    match z.objects.first() {
        Some(ObjectView::Shown { name, .. }) => Some(name.clone()),
        _ => None,
    }
}
