//! Checklist lines C, R, S, G, K, H, M of desperados.gaps.md (sections 1.1 to 1.7), one test
//! each, named after its line; a doc comment quotes the line's id and names any neighbour
//! line the test also covers.
//!
//! Most tests start from [`quiet_game`]: schedule A first (brown follows A, B, C, D, E in
//! turns 1 to 5), three players, the law and the pawns placed where the five moves of
//! [`ROWS`] make nobody meet the Marshal. Where a test needs to be at a given move without
//! caring how it got there, [`to_move`] plays the quiet way (Sheriffs stay, each seat its
//! first offered card, no activity) up to that move.

mod coaches_sheriffs_hidden;
mod components_players;
mod setup_structure;

use super::*;
use posse::view::{ObjectView, ZoneView};
use posse::Setup;
use std::collections::{BTreeMap, BTreeSet};

// ------------------------------------------------------------------------------ helpers

/// The cards of turn 1 in [`quiet_game`], move by move, for the Marshal, p2 and p3. Nobody
/// ends a step in the Marshal's town and nobody ends the turn in a bank town.
const ROWS: [[&str; 3]; 5] = [
    ["Flagstaff", "Santa Fe", "Nogales"],
    ["Payson", "Los Lunas", "Tombstone"],
    ["Phoenix", "Socorro", "Silver City"],
    ["Saloon", "Salem", "St. Johns"],
    ["Globe", "El Paso", "Gallup"],
];

/// Schedule A first, three players: the Marshal in Tuba City, both Sheriffs in Salem, p2 in
/// Aztec, p3 in Tucson. Waits for the Marshal's first Sheriff decision of turn 1, move 1.
fn quiet_game() -> Game {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    g
}

/// The names of the towns joined to town `name` by a road.
fn roads(name: &str) -> BTreeSet<String> {
    let c = content();
    let ns = c.board.neighbours(&node(name)).expect("a town on the board");
    ns.iter().map(|n| town_name(c.board.index_of(n).expect("a node") as i64 + 1)).collect()
}

/// The values of a zone's tiles, top first (an omniscient view sees them all).
fn values(z: &ZoneView) -> Vec<i64> {
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { props, .. } => props["value"].as_i64().expect("a tile has a value"),
            ObjectView::Hidden { .. } => panic!("a hidden tile where every tile should be shown"),
        })
        .collect()
}

/// Whether every object of the zone is hidden from the viewer.
fn all_hidden(z: &ZoneView) -> bool {
    z.objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. }))
}

/// Whether no object of the zone lies face up.
fn face_down(z: &ZoneView) -> bool {
    z.objects.iter().all(|o| !matches!(o, ObjectView::Shown { face_up: true, .. }))
}

/// The number of cards in `seat`'s hand.
fn hand_size(g: &Game, seat: usize) -> usize {
    g.view(None).seats[seat - 1].zones["hand"].count
}

/// A set of labels.
fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

/// Whether a pending decision's prompt starts with `prefix`.
fn asking(g: &Game, prefix: &str) -> bool {
    g.pending().iter().any(|r| r.prompt().starts_with(prefix))
}

/// Answers every pending decision the quiet way: Sheriffs stay, each seat plays the first
/// card it is offered, nobody takes up an activity.
fn step(g: &mut Game) {
    let asked: Vec<(usize, String)> = g.pending().iter().map(|r| (r.seat, r.prompt())).collect();
    for (seat, p) in asked {
        if p.starts_with("Sheriff ") {
            answer(g, seat, "Stay in ");
        } else if p.starts_with("Move ") {
            answer(g, seat, "No activity");
        } else if p.starts_with("Turn ") {
            g.choose(seat, &[1]).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        } else {
            panic!("seat {seat}: no quiet answer to {p:?}");
        }
    }
}

/// Plays the quiet way until `done` holds.
fn until(g: &mut Game, done: impl Fn(&Game) -> bool) {
    while !done(g) {
        assert!(!g.is_over(), "the game ended first");
        step(g);
    }
}

/// Plays the quiet way until move `k` of turn `t` has begun: the coaches have moved and the
/// Marshal is asked about Sheriff 1.
fn to_move(g: &mut Game, t: i64, k: i64) {
    until(g, |g| asking(g, "Sheriff 1 is in") && counter(g, "turn", None) == t && counter(g, "move", None) == k);
}

/// Plays the quiet way to the end of the game.
fn finish(g: &mut Game) {
    while !g.is_over() {
        step(g);
    }
}

/// Plays one move per row (a card for every seat, in seat order): Sheriffs stay, nobody
/// takes up an activity.
fn moves<R: AsRef<[&'static str]>>(g: &mut Game, rows: &[R]) {
    let sheriffs = g.players() - 1;
    for r in rows {
        sheriffs_stay(g, sheriffs);
        play(g, r.as_ref());
        no_activity(g);
    }
}

/// Answers again, changing the answer `seat` already gave to the pending decision.
fn revise(g: &mut Game, seat: usize, label: &str) {
    let (r, _) = g.revisable(seat).unwrap_or_else(|| panic!("seat {seat} has no answer to change"));
    let i = r.labels().iter().position(|l| l == label).unwrap_or_else(|| panic!("no option {label:?}"));
    g.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("seat {seat} changing to {label:?}: {e}"));
}

/// The label of the answer `seat` gave to the pending decision, while it may change it.
fn revisable_label(g: &Game, seat: usize) -> Option<String> {
    let (r, picks) = g.revisable(seat)?;
    Some(r.labels()[picks[0] as usize - 1].clone())
}

/// The labels of the answers to the pending decision that `viewer` sees, by seat.
fn answers_seen(g: &Game, viewer: usize) -> Vec<(usize, String)> {
    g.view(Some(viewer)).answers.iter().map(|a| (a.seat, a.labels.join(", "))).collect()
}

/// The route (town names) of the schedule laid out as number `i` (1..5).
fn route(g: &Game, i: i64) -> Vec<String> {
    let c = g.content();
    let s = &c.data["schedules"][counter(g, &format!("schedule_{i}"), None) as usize - 1];
    let ids = s["route"].as_array().expect("a route");
    ids.iter().map(|id| town_name(c.board.index_of(id.as_str().expect("an id")).expect("a town") as i64 + 1)).collect()
}

/// Turn and move of a card prompt ("Turn 2, move 3: ...").
fn turn_move(prompt: &str) -> Option<(i64, i64)> {
    let rest = prompt.strip_prefix("Turn ")?;
    let (t, rest) = rest.split_once(", move ")?;
    let (k, _) = rest.split_once(':')?;
    Some((t.parse().ok()?, k.parse().ok()?))
}

/// The index of the first log line (omniscient) that contains `text`.
fn line_of(g: &Game, text: &str) -> usize {
    let log = g.log_lines(None);
    log.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line {text:?}"))
}
