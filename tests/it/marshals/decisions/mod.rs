//! The resolutions of `shared/rules/marshals.gaps.md` (section 5.3, Z01-Z40, with the rule
//! flags of 5.2 they set) and the modes (`marshals/duo`: R56, R57; `marshals/basic`: R58-R61,
//! Z39, Z40), one test each at least, named after the id; a doc comment quotes it. Where a
//! resolution is about a card, the test checks the decision's own point; the cards are tested
//! in depth in `cards/`, the checklist lines in `rules/`.
//!
//! Most tests start from [`game`]: empty hands, a table arranged in Lua, and seat 1 asked his
//! Step 2 (or done with a drawn Event or Outlaw) with options computed from that table.

use super::*;
use posse::view::ObjectView;
use posse::Setup;
use std::collections::BTreeSet;

mod content_turn;
mod events_end;
mod outlaws_ambush;
mod setup_modes;

// ------------------------------------------------------------------------------ helpers

/// Lua helpers beyond those of mod.rs: `only(id, ...)` (the deck is those cards, top first;
/// the rest of it is set aside), `captured(seat, id, ...)` (Outlaws already captured by a
/// seat: in his trophies, counted), `badge(seat)` (the Corrupt Marshal revealed in front of
/// the seat).
const MORE: &str = r#"
local function only(...)
  for _, c in ipairs(posse.contents(posse.zone('deck'))) do posse.move(c, posse.zone('aside')) end
  top(...)
end
"#;

/// Lua that empties every hand into the bottom of the deck and sets the Corrupt Marshal
/// aside (a test that wants it gives it).
const CLEAR: &str = r#"
for s = 1, posse.players() do
  for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck'), 'bottom') end
end
for _, c in ipairs(posse.contents(posse.zone('deck'))) do
  if posse.def_id(c) == 'corrupt_marshal' then posse.move(c, posse.zone('aside')) end
end
"#;

/// Lua that makes the next draw end the game by an indefinite escape (Z30): the deck is
/// Sam Bass alone, who escaped once already, under an Ambush on the discard pile.
const LAST_ESCAPE: &str = "only('outlaw_4') set('escapes_4', 1) discard('ambush_plain_1')";

/// A game of `players` Marshals in mode `scenario` ("" for the full game) on the fixed map
/// (seat s is the Marshal of the s-th terrain and starts there) whose last seat plays first.
/// While he is asked his first Step 2, every hand is emptied ([`CLEAR`]), `code` (Lua with
/// the helpers of mod.rs and [`MORE`]) arranges the table and `draw` goes on top of the
/// deck; he ends his turn. Seat 1 has then drawn `draw`: he has resolved it (an Event, an
/// Outlaw) or is asked his Step 2 with the options of the table as arranged.
fn game(scenario: &str, players: usize, code: &str, draw: &str) -> Game {
    game_from(1, scenario, players, code, draw)
}

/// [`game`], with the first seed from `seed` whose first decision is the last seat's Step 2
/// (his first draw may be an Event or an Outlaw, which asks others first).
fn game_from(seed: u64, scenario: &str, players: usize, code: &str, draw: &str) -> Game {
    let first = format!("first_player: {players}");
    let c = fixed(scenario, &[("first_player: 1", &first)]);
    let mut g = (seed..)
        .map(|s| new_game(&c, s, players))
        .find(|g| waiting(g) == [players] && prompt(g, players).starts_with("Your turn"))
        .expect("a seed whose first decision is a Step 2");
    arrange(&mut g, &format!("{CLEAR}\n{code}\ntop('{draw}')"));
    pass(&mut g, players);
    g
}

/// Runs `code` (Lua with the helpers of mod.rs and [`MORE`]) to arrange the table.
fn arrange(g: &mut Game, code: &str) {
    LUA.run(g, &format!("{MORE}\n{code}"));
}

/// `seat` ends his turn.
fn pass(g: &mut Game, seat: usize) {
    answer(g, seat, "End your turn");
}

/// The definition ids of a zone, top first, from the omniscient view: `seat`'s zone when
/// given, else the shared zone.
fn ids(g: &Game, zone: &str, seat: Option<usize>) -> Vec<String> {
    let v = g.view(None);
    let z = match seat {
        Some(s) => &v.seats[s - 1].zones[zone],
        None => &v.zones[zone],
    };
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { def, .. } => def.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides a card of {zone}"),
        })
        .collect()
}

/// The definition ids in `seat`'s hand, sorted.
fn held(g: &Game, seat: usize) -> Vec<String> {
    let mut h = ids(g, "hand", Some(seat));
    h.sort();
    h
}

/// A set of labels.
fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

/// `seat`'s labels as a set.
fn offered(g: &Game, seat: usize) -> BTreeSet<String> {
    labels(g, seat).into_iter().collect()
}

/// Whether `seat` is asked his Step 2.
fn at_step2(g: &Game, seat: usize) -> bool {
    waiting(g) == [seat] && prompt(g, seat).starts_with("Your turn")
}

/// The winners and reason of a game that has ended.
fn outcome(g: &Game) -> (Vec<usize>, String) {
    let r = g.result().expect("the game is over");
    (r.winners.clone(), r.reason.clone().unwrap_or_default())
}

/// Every card of the game (all zones, hands included), as definition ids.
fn all_cards(g: &Game) -> Vec<String> {
    let v = g.view(None);
    let zones = v.zones.values().chain(v.seats.iter().flat_map(|s| s.zones.values()));
    zones
        .flat_map(|z| &z.objects)
        .map(|o| match o {
            ObjectView::Shown { def, .. } => def.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides a card"),
        })
        .collect()
}

/// The `kind` prop of every card of the game.
fn kinds(g: &Game) -> Vec<String> {
    let c = g.content().clone();
    let kind =
        |id: &String| c.defs.iter().find(|d| &d.id == id).expect("a def").props["kind"].as_str().unwrap().to_string();
    all_cards(g).iter().map(kind).collect()
}

/// How many cards of the game have this kind.
fn of_kind(g: &Game, kind: &str) -> usize {
    kinds(g).iter().filter(|k| *k == kind).count()
}

/// The map: the terrain number (data.terrains, 1..4) at each position.
fn map(g: &Game) -> [i64; 4] {
    [1, 2, 3, 4].map(|p| counter(g, &format!("map_{p}"), None))
}

/// The first log line (omniscient) containing `text`.
fn line_of(g: &Game, text: &str) -> usize {
    g.log_lines(None).iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line {text:?}"))
}
