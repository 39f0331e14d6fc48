//! Checklist lines A, E, B, U, W and the gap decisions (G-...) of desperados.gaps.md.
//!
//! Each test plays the real flow by the labels of its decisions, from a setup chosen for
//! the line, on the shipped game or on a short variant of it: the schedules start with A
//! (Los Lunas, La Luz, El Paso, Silver City, St. Johns, Gallup for the brown coach in
//! turn 1) and a turn has as few moves as the line needs. Hidden facts are read from the
//! seats' views and log audiences; tile values from the omniscient view.

mod activities;
mod decisions;
mod examination_holdups;
mod upkeep_end;

use super::*;
use posse::view::{ObjectView, ZoneView};
use posse::View;

// ------------------------------------------------------------------------------ helpers

/// The game with `turns` turns of `moves` moves, schedule A first.
fn short(turns: u32, moves: u32) -> Arc<Content> {
    let (t, m) = (format!("turns: {turns}"), format!("moves: {moves}"));
    variant(&[("turns: 5", &t), ("moves: 5", &m), ("first_schedule: 0", "first_schedule: 1")])
}

/// One turn of five moves, schedule A first, and two dead ends: the roads Aztec-Santa Fe
/// and Nogales-Tombstone are gone, so Santa Fe (a bank) and Nogales (a poker town) have one
/// road each. A player can get stuck there within a turn.
fn dead_ends() -> Arc<Content> {
    variant(&[
        ("turns: 5", "turns: 1"),
        ("first_schedule: 0", "first_schedule: 1"),
        ("    - [aztec, santa_fe]\n", ""),
        ("    - [nogales, tombstone]\n", ""),
    ])
}

/// A new game (seed 1) after setup.
fn start(content: &Arc<Content>, players: usize, marshal: &str, sheriffs: &[&str], desperadoes: &[&str]) -> Game {
    let mut g = new_game(content, 1, players);
    place(&mut g, marshal, sheriffs, desperadoes);
    g
}

/// The Sheriffs' orders (`rides[i]` for Sheriff i + 1, a label or its start; missing ones
/// stay), then every seat's card (`cards[i]` for seat i + 1).
fn cards(g: &mut Game, rides: &[&str], cards: &[&str]) {
    for i in 0..g.players() - 1 {
        answer(g, 1, rides.get(i).copied().unwrap_or("Stay in "));
    }
    play(g, cards);
}

/// Seats asked for an activity now.
fn asked(g: &Game) -> Vec<usize> {
    g.pending().iter().filter(|r| r.prompt().contains("an activity")).map(|r| r.seat).collect()
}

/// The seats asked for an activity that may do something ("No activity" is not all they
/// are offered). Every desperado is asked, so that being asked tells the Marshal nothing.
fn offered(g: &Game) -> Vec<usize> {
    g.pending().iter().filter(|r| r.prompt().contains("an activity") && r.count > 1).map(|r| r.seat).collect()
}

/// Answers the activity requests: `choices` (seat, label); every other seat asked takes
/// "No activity". Each seat in `choices` must have been asked.
fn acts(g: &mut Game, choices: &[(usize, &str)]) {
    let seats = asked(g);
    for (s, l) in choices {
        assert!(seats.contains(s), "seat {s} is not asked for an activity ({l}); asked: {seats:?}");
    }
    for s in seats {
        let label = choices.iter().find(|(x, _)| *x == s).map_or("No activity", |(_, l)| *l);
        answer(g, s, label);
    }
}

/// One move with every Sheriff staying.
fn step(g: &mut Game, cs: &[&str], choices: &[(usize, &str)]) {
    cards(g, &[], cs);
    acts(g, choices);
}

/// Changes `seat`'s answer to the pending decision (taking back a card played face down).
fn change(g: &mut Game, seat: usize, label: &str) {
    let i = {
        let (r, _) = g.revisable(seat).unwrap_or_else(|| panic!("seat {seat} has no answer to change"));
        let ls = r.labels();
        ls.iter().position(|l| l == label).unwrap_or_else(|| panic!("seat {seat}: no option {label:?} in {ls:?}"))
    };
    g.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("seat {seat}, {label:?}: {e}"));
}

/// The zone `id` of a town (`bank`, `poker`) in a view.
fn on<'a>(v: &'a View, town: &str, id: &str) -> &'a ZoneView {
    &v.board[node(town).as_str()][id]
}

/// A seat's zone in a view.
fn of<'a>(v: &'a View, seat: usize, id: &str) -> &'a ZoneView {
    &v.seats[seat - 1].zones[id]
}

/// The names of the objects a view shows in a zone, top first (hidden ones left out).
fn shown(z: &ZoneView) -> Vec<String> {
    z.objects
        .iter()
        .filter_map(|o| match o {
            ObjectView::Shown { name, .. } => Some(name.clone()),
            ObjectView::Hidden { .. } => None,
        })
        .collect()
}

/// How many objects of a zone a view hides.
fn hidden(z: &ZoneView) -> usize {
    z.objects.iter().filter(|o| matches!(o, ObjectView::Hidden { .. })).count()
}

/// The value of a shown tile.
fn value(o: &ObjectView) -> i64 {
    match o {
        ObjectView::Shown { props, .. } => props["value"].as_i64().expect("a value"),
        ObjectView::Hidden { .. } => panic!("the tile is hidden"),
    }
}

/// The name and value of the top tile of a zone, from the omniscient view.
fn top(z: &ZoneView) -> (String, i64) {
    let o = z.objects.first().expect("a tile");
    (shown(z)[0].clone(), value(o))
}

/// The value of the poker tile of a town (omniscient).
fn poker_value(g: &Game, town: &str) -> i64 {
    top(on(&g.view(None), town, "poker")).1
}

/// The name and value of the bank tile of a town (omniscient).
fn bank_tile(g: &Game, town: &str) -> (String, i64) {
    top(on(&g.view(None), town, "bank"))
}

/// How many log lines the seat may read that contain `text`.
fn log_count(g: &Game, seat: Option<usize>, text: &str) -> usize {
    g.log_lines(seat).iter().filter(|l| l.contains(text)).count()
}

/// The town number of step `k` (0: the start) of the schedule in position `i` (1..5).
fn schedule_step(g: &Game, i: usize, k: usize) -> i64 {
    let s = counter(g, &format!("schedule_{i}"), None) as usize;
    let c = content();
    let id = c.data["schedules"][s - 1]["route"][k].as_str().expect("a town");
    let cities = c.data["cities"].as_array().expect("data.cities");
    cities.iter().position(|t| t["id"] == id).expect("a listed town") as i64 + 1
}

/// The winners of a finished game.
fn winners(g: &Game) -> Vec<usize> {
    g.result().expect("the game is over").winners.clone()
}

/// The Marshal's quiet turn in the north, from Tuba City and back.
const MARSHAL_NORTH: [&str; 5] = ["Flagstaff", "St. Johns", "Gallup", "Tuba City", "Saloon"];
/// A desperado's quiet turn in the south, from El Paso and back (never meets the Marshal
/// of [`MARSHAL_NORTH`]).
const OUTLAW_SOUTH: [&str; 5] = ["La Luz", "Socorro", "Salem", "El Paso", "Saloon"];

/// A game of `players` on `content` where nobody takes anything: the Marshal and his
/// Sheriffs stay north, the desperadoes ride their loop in the south. `before` sees the
/// game at each move (turn, move), after the coaches have moved.
fn quiet_game(content: &Arc<Content>, players: usize, mut before: impl FnMut(&Game, usize, usize)) -> Game {
    let sheriffs = vec!["Tuba City"; players - 1];
    let outlaws = vec!["El Paso"; players - 1];
    let mut g = start(content, players, "Tuba City", &sheriffs, &outlaws);
    let (turns, moves) =
        (content.data["turns"].as_u64().unwrap() as usize, content.data["moves"].as_u64().unwrap() as usize);
    for t in 1..=turns {
        for k in 1..=moves {
            before(&g, t, k);
            let mut row = vec![OUTLAW_SOUTH[k - 1]; players];
            row[0] = MARSHAL_NORTH[k - 1];
            step(&mut g, &row, &[]);
        }
    }
    g
}

/// Three turns, six players: each desperado starts in his own bank (Flagstaff, Santa Fe,
/// Socorro, Silver City, Tucson) and rides a loop back to it every turn, so every bank
/// that holds a tile is robbed at the end of every turn. The Marshal rides a loop from
/// Tuba City that meets nobody; the Sheriffs stay in Tuba City.
fn bank_tour() -> Game {
    let content = variant(&[("turns: 5", "turns: 3"), ("first_schedule: 0", "first_schedule: 1")]);
    start(&content, 6, "Tuba City", &["Tuba City"; 5], &["Flagstaff", "Santa Fe", "Socorro", "Silver City", "Tucson"])
}

/// The rows of [`bank_tour`], seat by seat (each returns to its start).
const TOUR: [[&str; 5]; 6] = [
    ["Saloon", "Flagstaff", "St. Johns", "Gallup", "Tuba City"],
    ["Payson", "Globe", "Phoenix", "Flagstaff", "Saloon"],
    ["Aztec", "Shiprock", "Gallup", "Los Lunas", "Santa Fe"],
    ["La Luz", "El Paso", "Salem", "Socorro", "Saloon"],
    ["Tombstone", "Nogales", "Tucson", "Silver City", "Saloon"],
    ["Globe", "Payson", "Phoenix", "Tucson", "Saloon"],
];

/// The cards of move `k` (1..5) of [`TOUR`].
fn tour_move(k: usize) -> Vec<&'static str> {
    TOUR.iter().map(|row| row[k - 1]).collect()
}

/// Plays one turn of [`bank_tour`], nobody taking part in anything.
fn tour_turn(g: &mut Game) {
    for k in 1..=5 {
        step(g, &tour_move(k), &[]);
    }
}

/// The banks in board order.
const BANKS: [&str; 5] = ["Flagstaff", "Santa Fe", "Socorro", "Silver City", "Tucson"];

/// One turn on [`dead_ends`], played to the cards of move 4, where p2 (seat 2) and p3
/// (seat 3) are stuck: p2 rode Globe, Tucson, Nogales and the Saloon (Nogales' one road
/// leads to Tucson, used), p3 Gallup, Los Lunas, Santa Fe and the Saloon (Santa Fe's one
/// road leads to Los Lunas, used). Nobody took part in anything.
fn stuck_game() -> Game {
    let mut g = start(&dead_ends(), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Globe", "Gallup"]);
    step(&mut g, &["Flagstaff", "Tucson", "Los Lunas"], &[]);
    step(&mut g, &["St. Johns", "Nogales", "Santa Fe"], &[]);
    step(&mut g, &["Gallup", "Saloon", "Saloon"], &[]);
    sheriffs_stay(&mut g, 2);
    g
}

/// [`stuck_game`] played to its end: at move 4 p2 plays Phoenix and p3 Tuba City (neither
/// is a road from where they are), at move 5 El Paso and Flagstaff.
fn finish_stuck(g: &mut Game) {
    play(g, &["Tuba City", "Phoenix", "Tuba City"]);
    assert_eq!(asked(g), [2, 3], "stuck players are asked too, so that the Marshal learns nothing");
    assert_eq!(offered(g), Vec::<usize>::new(), "a stuck player may do nothing more");
    acts(g, &[]);
    sheriffs_stay(g, 2);
    play(g, &["Saloon", "El Paso", "Flagstaff"]);
    acts(g, &[]);
    assert!(g.is_over());
}
