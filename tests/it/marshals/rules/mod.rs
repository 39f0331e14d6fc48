//! One test per checklist line of section 1 of `shared/rules/marshals.gaps.md` (R01-R67),
//! named after the line. Each test plays the real flow by the labels of its decisions and
//! checks what the rulebook says happens; the cards' behaviour in depth is in `cards/`,
//! the gaps' resolutions in `decisions/`.
//!
//! Most tests start from [`game`]: the fixed map (Forest 1, Desert 2, Plain 3, Mountain 4),
//! seat s the Marshal of terrain s standing there, seat 1 first, every hand emptied under the
//! deck. Step 2 options are made right after a draw, so a test gives cards and places
//! Marshals first, then lets the turns run with [`turn`] (which puts on top of the deck every
//! card anyone draws) up to the draw that matters.
//!
//! Cosmetic lines get a test of what the engine has instead (R09 boards, R11 pawns, R25 money
//! bags, R27 the Western-film rule). Lines with nothing the engine could check have no test
//! of their own: R08 player aids, R23 placing them, R24 building boards, R12 tokens (the
//! resources they mark are R09's and R25's counters).

use super::*;
use posse::view::ObjectView;
use std::collections::BTreeMap;

mod actions_events;
mod components_objective;
mod modes_hidden;
mod setup_turn;

// ------------------------------------------------------------------------ helpers

/// Lua helpers added to those of `mod.rs`: `empty_hands()` (every hand under the deck),
/// `stack(k, id, ...)` (those cards on top of the deck face down, the first on top; returns
/// the first `k`), `set_aside(cards)`, `captured(seat, id)` (a capture made earlier),
/// `badge(seat)` (the Corrupt Marshal revealed earlier by `seat`), `only(id, ...)` (the deck
/// holds nothing else; the rest is set aside).
const HELPERS: &str = r#"
local function empty_hands()
  for s = 1, posse.players() do
    for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck'), 'bottom') end
  end
end
local function stack(k, ...)
  local cs, out = stack_on(posse.zone('deck'), all_zones(), { ... }), {}
  for i, c in ipairs(cs) do
    posse.flip(c, false)
    if i <= k then out[i] = c end
  end
  return out
end
local function set_aside(cs)
  for _, c in ipairs(cs) do posse.move(c, posse.zone('aside')) end
end
local function only(...)
  for _, c in ipairs(posse.contents(posse.zone('deck'))) do posse.move(c, posse.zone('aside')) end
  stack(0, ...)
end
"#;

/// Runs `code` with [`HELPERS`] in the game's VM.
fn run(g: &mut Game, code: &str) -> serde_json::Value {
    LUA.run(g, &format!("{HELPERS}\n{code}"))
}

/// A fixed game (mod.rs) of `players` at seat 1's first Step 2, hands emptied, then `setup`.
fn game(players: usize, setup: &str) -> Game {
    game_in(&fixed("", &[]), 1, players, setup)
}

/// [`game`] with other content and seed (a seed whose first decision is seat 1's Step 2).
fn game_in(content: &Arc<Content>, seed: u64, players: usize, setup: &str) -> Game {
    let mut g = new_game(content, seed, players);
    assert!(quiet(&g), "seed {seed}: seat 1's Step 2 first");
    run(&mut g, &format!("empty_hands()\n{setup}"));
    g
}

/// [`game`] in basic mode.
fn basic(players: usize, setup: &str) -> Game {
    let c = fixed("basic", &[]);
    game_in(&c, quiet_seeds(&c, players, 1)[0], players, setup)
}

/// Whether a new game's first decision is seat 1's Step 2.
fn quiet(g: &Game) -> bool {
    waiting(g) == [1] && prompt(g, 1).starts_with("Your turn")
}

/// The first `n` seeds whose games of `players` stop first at seat 1's Step 2.
fn quiet_seeds(content: &Arc<Content>, players: usize, n: usize) -> Vec<u64> {
    (1..100).filter(|&seed| quiet(&new_game(content, seed, players))).take(n).collect()
}

/// Ends the turn of the Marshal at his Step 2, then the turns of those after him, until
/// `seat` draws `draws[0]`; the rest of `draws` lies under it, for the draws that follow.
/// Each Marshal on the way draws a Wild (set aside once the turns have run) and ends his turn.
fn turn(g: &mut Game, seat: usize, draws: &[&str]) {
    let cur = g.current().expect("a turn");
    assert!(prompt(g, cur).starts_with("Your turn"), "seat {cur} is not at Step 2: {}", prompt(g, cur));
    let v = g.view(None);
    let mut between = Vec::new();
    let mut s = cur % g.players() + 1;
    while s != seat {
        let sv = &v.seats[s - 1];
        if !sv.eliminated && sv.counters["skip"] == 0 {
            between.push(s);
        }
        s = s % g.players() + 1;
    }
    let mut ids = vec!["wild"; between.len()];
    ids.extend(draws);
    let fillers = run(g, &format!("return stack({}, {})", between.len(), quoted(&ids)));
    answer(g, cur, "End your turn");
    for s in between {
        answer(g, s, "End your turn");
    }
    let handles: Vec<String> =
        fillers.as_array().map(|a| a.iter().map(|h| h.to_string()).collect()).unwrap_or_default();
    run(g, &format!("set_aside({{ {} }})", handles.join(", ")));
}

/// Puts `next` on top of the deck (the first on top), then `seat` answers `label`.
fn act(g: &mut Game, seat: usize, label: &str, next: &[&str]) {
    if !next.is_empty() {
        run(g, &format!("stack(0, {})", quoted(next)));
    }
    answer(g, seat, label);
}

/// Every Marshal asked to claim after a capture declines.
fn no_claims(g: &mut Game) {
    for s in waiting(g) {
        assert!(prompt(g, s).contains("claim a reward"), "seat {s}: {}", prompt(g, s));
        answer(g, s, "No claim");
    }
}

/// A shared zone (`deck`, `discard`...) as `viewer` sees it (None: omniscient).
fn zone(g: &Game, viewer: Option<usize>, id: &str) -> Vec<String> {
    def_ids(&g.view(viewer).zones[id])
}

/// `seat`'s zone `id` (`hand`, `trophies`, `badge`...) as `viewer` sees it.
fn seat_zone(g: &Game, viewer: Option<usize>, seat: usize, id: &str) -> Vec<String> {
    def_ids(&g.view(viewer).seats[seat - 1].zones[id])
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The props of every card in the game (omniscient view: shared and seats' zones).
fn all_props(g: &Game) -> Vec<serde_json::Value> {
    let v = g.view(None);
    let zones = v.zones.values().chain(v.seats.iter().flat_map(|s| s.zones.values()));
    zones
        .flat_map(|z| z.objects.iter())
        .map(|o| match o {
            ObjectView::Shown { props, .. } => props.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides nothing"),
        })
        .collect()
}

/// How many cards of each kind the game holds.
fn kinds(g: &Game) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for p in all_props(g) {
        *out.entry(p["kind"].as_str().unwrap_or("?").to_string()).or_insert(0) += 1;
    }
    out
}

/// The counter `name` of every seat, seat 1 first.
fn per_seat(g: &Game, name: &str) -> Vec<i64> {
    g.view(None).seats.iter().map(|s| s.counters[name]).collect()
}

/// The terrains (1..4, `data.terrains` order) at map positions 1..4.
fn map(g: &Game) -> Vec<i64> {
    (1..=4).map(|p| counter(g, &format!("map_{p}"), None)).collect()
}

fn winners(g: &Game) -> Vec<usize> {
    g.result().expect("the game is over").winners.clone()
}

fn reason(g: &Game) -> String {
    g.result().expect("the game is over").reason.clone().unwrap_or_default()
}

fn eliminated(g: &Game, seat: usize) -> bool {
    g.view(None).seats[seat - 1].eliminated
}

/// Seat 2 (in the Desert) plays a Clue over five known cards; nobody cancels it. The game
/// waits for him to order the top three.
fn clue_played() -> Game {
    let mut g = game(3, "give(2, 'clue_desert')");
    turn(&mut g, 2, &["mv_mountain_01", "outlaw_1", "mv_plain_02", "village", "mv_mountain_08"]);
    answer(&mut g, 2, "Play Clue (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    g
}
