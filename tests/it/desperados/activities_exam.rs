//! Checklist lines A, E, B, U, W and the gap decisions (G-...) of desperados.gaps.md.
//!
//! Each test plays the real flow by the labels of its decisions, from a setup chosen for
//! the line, on the shipped game or on a short variant of it: the schedules start with A
//! (Los Lunas, La Luz, El Paso, Silver City, St. Johns, Gallup for the brown coach in
//! turn 1) and a turn has as few moves as the line needs. Hidden facts are read from the
//! seats' views and log audiences; tile values from the omniscient view.

use super::*;
use posse::view::{ObjectView, ZoneView};
use posse::View;
use std::collections::BTreeMap;
use std::sync::Mutex;

// ------------------------------------------------------------------------------ helpers

/// A variant made once per test process (variants share names across tests).
fn cached(name: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    static CACHE: Mutex<BTreeMap<String, Arc<Content>>> = Mutex::new(BTreeMap::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(name.to_string()).or_insert_with(|| variant(name, edits)).clone()
}

/// The game with `turns` turns of `moves` moves, schedule A first.
fn short(turns: u32, moves: u32) -> Arc<Content> {
    let (t, m) = (format!("turns: {turns}"), format!("moves: {moves}"));
    cached(
        &format!("ae_t{turns}_m{moves}_a"),
        &[("turns: 5", &t), ("moves: 5", &m), ("first_schedule: 0", "first_schedule: 1")],
    )
}

/// One turn of five moves, schedule A first, and two dead ends: the roads Aztec-Santa Fe
/// and Nogales-Tombstone are gone, so Santa Fe (a bank) and Nogales (a poker town) have one
/// road each. A player can get stuck there within a turn.
fn dead_ends() -> Arc<Content> {
    cached(
        "ae_dead_ends",
        &[
            ("turns: 5", "turns: 1"),
            ("first_schedule: 0", "first_schedule: 1"),
            ("    - [aztec, santa_fe]\n", ""),
            ("    - [nogales, tombstone]\n", ""),
        ],
    )
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
    let content = cached("ae_t3_a", &[("turns: 5", "turns: 3"), ("first_schedule: 0", "first_schedule: 1")]);
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

// ----------------------------------------------------------------- 1.8 activities (A)

/// A1: "Poker (cheating): in a city that still has a poker tile. Coach robbery: in a city
/// where a coach currently is."
#[test]
fn a1_poker_needs_a_tile_and_robbery_needs_the_coach() {
    let mut g = start(&short(2, 3), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    cards(&mut g, &[], &["Flagstaff", "La Luz", "Salem"]);
    assert_eq!(town(&g, "brown_at", None), "La Luz");
    assert_eq!(labels(&g, 2), ["No activity", "Cheat at poker in La Luz", "Rob the brown coach in La Luz"]);
    assert_eq!(labels(&g, 3), ["No activity", "Cheat at poker in Salem"], "no coach in Salem");
    acts(&mut g, &[(2, "Cheat at poker in La Luz")]);
    step(&mut g, &["St. Johns", "El Paso", "El Paso"], &[]);
    step(&mut g, &["Gallup", "Salem", "La Luz"], &[]);
    assert_eq!(on(&g.view(None), "La Luz", "poker").count, 0, "the La Luz tile was won in turn 1");
    // Turn 2: the blue coach comes to La Luz, whose poker tile is gone.
    cards(&mut g, &[], &["Tuba City", "La Luz", "Saloon"]);
    assert_eq!(town(&g, "blue_at", None), "La Luz");
    assert_eq!(labels(&g, 2), ["No activity", "Rob the blue coach in La Luz"]);
}

/// A2: "To take part, a desperado places his disc on the poker tile / next to the coach and
/// proves presence by showing the Marshal his last placed card (the last two if the last is
/// the Saloon), then puts it back face down."
#[test]
fn a2_a_disc_is_placed_with_the_last_card_as_proof() {
    let mut g = start(&short(1, 3), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    cards(&mut g, &[], &["Flagstaff", "La Luz", "Salem"]);
    assert_eq!(hidden(of(&g.view(Some(1)), 2, "display")), 1, "before the proof the Marshal sees no card");
    acts(&mut g, &[(2, "Cheat at poker in La Luz")]);
    assert_eq!(counter(&g, "disc", Some(2)), town_no("La Luz"));
    assert_eq!(shown(of(&g.view(Some(1)), 2, "display")), ["La Luz"]);
    assert!(log_has(&g, Some(1), "p2 shows La Luz and lays down a disc: Cheat at poker in La Luz."));
    // The Saloon is shown with the card before it.
    step(&mut g, &["St. Johns", "El Paso", "Saloon"], &[(3, "Cheat at poker in Salem")]);
    assert_eq!(counter(&g, "disc", Some(3)), town_no("Salem"));
    let marshal = g.view(Some(1));
    assert_eq!(shown(of(&marshal, 3, "display")), ["Saloon", "Salem"]);
    assert!(log_has(&g, Some(1), "p3 shows Saloon and Salem and lays down a disc: Cheat at poker in Salem."));
    let row = of(&marshal, 2, "display");
    assert_eq!((shown(row), hidden(row)), (vec!["La Luz".to_string()], 1), "p2's El Paso stays face down");
}

/// A3: "Majority: an activity may be declared only if the number of discs placed for it is
/// greater than the number of sheriffs in that city at that moment. Insufficient discs may
/// not be placed at all. Each activity (poker / each coach) needs its own majority."
#[test]
fn a3_an_activity_needs_more_discs_than_sheriffs() {
    let mut g = start(
        &short(1, 2),
        5,
        "Tuba City",
        &["La Luz", "Salem", "Tombstone", "Tombstone"],
        &["Salem", "Socorro", "El Paso", "El Paso"],
    );
    step(
        &mut g,
        &["Flagstaff", "La Luz", "La Luz", "La Luz", "Salem"],
        &[
            (2, "Cheat at poker in La Luz"),
            (3, "Cheat at poker in La Luz"),
            (4, "Rob the brown coach in La Luz"),
            (5, "Cheat at poker in Salem"),
        ],
    );
    // Two discs against one Sheriff: placed. One against one, on the coach in the same town
    // or on the poker game in Salem: not placed at all.
    assert_eq!(counter(&g, "disc", Some(2)), town_no("La Luz"));
    assert_eq!(counter(&g, "disc", Some(3)), town_no("La Luz"));
    assert_eq!(counter(&g, "disc", Some(4)), 0);
    assert_eq!(counter(&g, "disc", Some(5)), 0);
    assert_eq!(counter(&g, "brown_robbed", None), 0);
    assert_eq!(town(&g, "brown_at", None), "El Paso", "the coach was not held up");
    let refused = "Too few discs for Rob the brown coach in La Luz (1 against 1 Sheriff): none is placed.";
    assert!(log_has(&g, Some(2), refused));
    assert!(log_has(&g, Some(2), "Too few discs for Cheat at poker in Salem (1 against 1 Sheriff)"));
    assert!(!log_has(&g, Some(1), "Too few discs"), "the Marshal is not told of discs never placed");
}

/// A4: "One disc per desperado per turn ⇒ at most one disc activity per desperado per turn.
/// Placing is optional; a desperado may keep his disc for a later move."
#[test]
fn a4_one_disc_per_turn_kept_for_a_later_move() {
    let mut g = start(&short(1, 3), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Nogales"]);
    step(&mut g, &["Flagstaff", "La Luz", "Tucson"], &[(2, "No activity")]);
    assert_eq!(counter(&g, "disc", Some(2)), 0, "p2 keeps his disc");
    step(&mut g, &["St. Johns", "El Paso", "Phoenix"], &[(2, "Cheat at poker in El Paso")]);
    assert_eq!(counter(&g, "disc", Some(2)), town_no("El Paso"));
    cards(&mut g, &[], &["Gallup", "Salem", "Payson"]);
    assert_eq!(on(&g.view(None), "Salem", "poker").count, 1, "Salem still has its poker tile");
    assert_eq!(asked(&g), [2, 3], "every desperado is asked");
    assert_eq!(labels(&g, 2), ["No activity"], "p2, his disc spent, is offered nothing in Salem");
    assert_eq!(offered(&g), [3]);
}

/// A5: "Discs beyond the minimum may be added (placed aside) as insurance against arrests
/// (Sabine)."
#[test]
fn a5_extra_discs_insure_against_arrests() {
    let mut g = start(
        &short(1, 2),
        4,
        "Los Lunas",
        &["Salem", "Tombstone", "Tombstone"],
        &["Socorro", "Silver City", "El Paso"],
    );
    step(&mut g, &["La Luz", "Saloon", "Saloon", "La Luz"], &[]);
    let v = poker_value(&g, "Salem");
    let poker = "Cheat at poker in Salem";
    step(&mut g, &["Los Lunas", "Salem", "Salem", "Salem"], &[(2, poker), (3, poker), (4, poker)]);
    // Three discs against one Sheriff; p4 is arrested at step 1 in La Luz; two reach Salem.
    assert!(log_has(&g, None, "p4 is arrested in La Luz"));
    assert!(log_has(&g, None, "Cheat at poker in Salem succeeds (2 against 1)"));
    assert_eq!(counter(&g, "booty_total", None), v);
}

/// A6: "Activities can happen in several cities in the same move."
#[test]
fn a6_activities_in_several_towns_in_one_move() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let (a, b) = (poker_value(&g, "La Luz"), poker_value(&g, "Salem"));
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz"), (3, "Cheat at poker in Salem")]);
    assert!(log_has(&g, None, "Cheat at poker in La Luz succeeds"));
    assert!(log_has(&g, None, "Cheat at poker in Salem succeeds"));
    assert_eq!(counter(&g, "booty_total", None), a + b);
}

/// A7: "No booty during the movement phase; everything is evaluated in the examination
/// phase."
#[test]
fn a7_no_booty_before_the_examination() {
    let mut g = start(&short(1, 2), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let v = poker_value(&g, "La Luz");
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
    let before = g.view(None);
    assert_eq!((counter(&g, "booty_total", None), before.zones["booty"].count), (0, 0));
    assert_eq!(on(&before, "La Luz", "poker").count, 1);
    step(&mut g, &["St. Johns", "El Paso", "El Paso"], &[]);
    let after = g.view(None);
    assert_eq!((counter(&g, "booty_total", None), after.zones["booty"].count), (v, 1));
    assert_eq!(on(&after, "La Luz", "poker").count, 0);
}

/// A8: "Spying: a desperado in a bank city may show his last card(s) and secretly look at
/// that bank tile, then put it back face down. No disc, sheriffs irrelevant. He may spy
/// even if his disc is used (or will be) this turn, but may not do any other activity in
/// the same move."
#[test]
fn a8_spying_needs_no_disc_and_ignores_sheriffs() {
    let mut g = start(&short(1, 4), 3, "Tuba City", &["Silver City", "Tombstone"], &["Salem", "El Paso"]);
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
    step(&mut g, &["St. Johns", "El Paso", "Saloon"], &[]);
    cards(&mut g, &[], &["Gallup", "Silver City", "Silver City"]);
    // A Sheriff is in Silver City; p2's disc is spent; p3 must choose one thing.
    assert_eq!(labels(&g, 2), ["No activity", "Spy on the bank in Silver City"]);
    assert_eq!(labels(&g, 3), ["No activity", "Rob the brown coach in Silver City", "Spy on the bank in Silver City"]);
    assert!(g.pending().iter().all(|r| !r.multi), "one activity per move");
    assert_eq!(hidden(on(&g.view(Some(2)), "Silver City", "bank")), 1);
    let (_, v) = bank_tile(&g, "Silver City");
    acts(&mut g, &[(2, "Spy on the bank in Silver City"), (3, "Spy on the bank in Silver City")]);
    assert_eq!(value(&on(&g.view(Some(2)), "Silver City", "bank").objects[0]), v);
    assert_eq!(counter(&g, "disc", Some(2)), town_no("La Luz"), "p2's disc stays in La Luz");
    assert_eq!(counter(&g, "disc", Some(3)), 0, "spying takes no disc");
    assert!(log_has(&g, Some(1), "p2 shows Silver City and spies on the bank in Silver City."));
    assert_eq!(counter(&g, "brown_robbed", None), 0);
}

// ----------------------------------------------------------------- 1.9 examination (E)

/// E1: "For step k = 1..5: every player still active reveals his k-th card and moves his
/// pawn accordingly (simultaneously)."
#[test]
fn e1_cards_are_revealed_move_by_move() {
    let mut g = start(&short(1, 3), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Nogales"]);
    step(&mut g, &["Flagstaff", "La Luz", "Tucson"], &[]);
    step(&mut g, &["St. Johns", "Saloon", "Phoenix"], &[]);
    assert_eq!(town(&g, "at", Some(2)), "Salem", "pawns wait for the examination");
    step(&mut g, &["Gallup", "El Paso", "Payson"], &[]);
    let reveals: Vec<String> = g.log_lines(Some(1)).into_iter().filter(|l| l.contains("'s card ")).collect();
    assert_eq!(
        reveals,
        [
            "p1's card 1: Flagstaff.",
            "p2's card 1: La Luz.",
            "p3's card 1: Tucson.",
            "p1's card 2: St. Johns.",
            "p2's card 2: the Saloon; p2 stays in La Luz.",
            "p3's card 2: Phoenix.",
            "p1's card 3: Gallup.",
            "p2's card 3: El Paso.",
            "p3's card 3: Payson.",
        ]
    );
    assert_eq!(
        [town(&g, "at", Some(1)), town(&g, "at", Some(2)), town(&g, "at", Some(3))],
        ["Gallup", "El Paso", "Payson"]
    );
}

/// E2: "Any desperado whose pawn ends the step in the Marshal's city is arrested: he hands
/// the movement card of that city to the Marshal (lost for the rest of the game ⇒ he can
/// never enter that city again) — except if the card that led to the arrest was the Saloon
/// (he keeps it). His turn is over: his remaining cards are not revealed, he takes no
/// further part this turn; he plays normally next turn." (The Saloon case: G-ARREST.)
#[test]
fn e2_an_arrested_desperado_hands_over_the_card_and_stops() {
    let mut g = start(&short(2, 3), 3, "Los Lunas", &["Tuba City", "Tuba City"], &["Socorro", "Tombstone"]);
    step(&mut g, &["La Luz", "Salem", "Nogales"], &[]);
    step(&mut g, &["El Paso", "El Paso", "Tucson"], &[]);
    // Arrested at step 2, p2 still declares a poker game for move 3: it must not count.
    step(&mut g, &["Silver City", "La Luz", "Phoenix"], &[(2, "Cheat at poker in La Luz")]);
    assert!(log_has(
        &g,
        Some(3),
        "p2 is arrested in El Paso and hands over the El Paso card for the rest of the game."
    ));
    assert_eq!(shown(&g.view(Some(3)).zones["lost"]), ["El Paso"], "the lost card is public");
    assert_eq!(town(&g, "at", Some(2)), "El Paso");
    assert!(!log_has(&g, None, "p2's card 3"), "his remaining cards are not revealed");
    assert!(log_has(&g, None, "Cheat at poker in La Luz fails"));
    assert_eq!(counter(&g, "booty_total", None), 0);
    assert_eq!(on(&g.view(None), "La Luz", "poker").count, 1);
    // Turn 2: he plays again, from El Paso, and never holds the El Paso card again.
    sheriffs_stay(&mut g, 2);
    assert_eq!(labels(&g, 2), ["La Luz", "Salem", "Silver City", "Saloon"]);
    play(&mut g, &["Tombstone", "La Luz", "Payson"]);
    acts(&mut g, &[]);
    sheriffs_stay(&mut g, 2);
    assert_eq!(labels(&g, 2), ["Los Lunas", "Socorro", "Salem", "Saloon"], "no El Paso from La Luz");
}

/// E3: "Only end-of-step positions matter: a desperado who leaves the city the Marshal
/// enters is not caught (Sabine)."
#[test]
fn e3_only_the_end_of_a_step_counts() {
    let mut g = start(&short(1, 1), 3, "La Luz", &["Tombstone", "Tombstone"], &["Salem", "Salem"]);
    step(&mut g, &["Salem", "La Luz", "El Paso"], &[]);
    assert!(g.is_over());
    assert!(!log_has(&g, None, "arrested"));
    assert_eq!(town(&g, "at", Some(1)), "Salem");
    assert_eq!(town(&g, "at", Some(2)), "La Luz", "p2 passed the Marshal on the road");
    assert_eq!(town(&g, "at", Some(3)), "El Paso", "p3 left the town the Marshal entered");
    assert_eq!(g.view(None).zones["lost"].count, 0);
}

/// E4: "After the step's moves/arrests, activities declared in move k are evaluated in
/// their city: success if the number of participating desperadoes who reached it
/// un-arrested is greater than the number of sheriffs that were there when the discs were
/// placed (present sheriffs are irrelevant now)."
#[test]
fn e4_success_counts_sheriffs_at_declaration() {
    let mut g =
        start(&short(1, 3), 4, "El Paso", &["Socorro", "Salem", "Tuba City"], &["Los Lunas", "Socorro", "Tombstone"]);
    let v = poker_value(&g, "La Luz");
    // Move 1: p2 alone in La Luz, no Sheriff there.
    step(&mut g, &["Silver City", "La Luz", "Saloon", "Silver City"], &[(2, "Cheat at poker in La Luz")]);
    // Move 2: a Sheriff rides into La Luz; p3 and p4 against Sheriff 2 in Salem.
    let poker = "Cheat at poker in Salem";
    cards(&mut g, &["Ride to La Luz"], &["Tombstone", "Los Lunas", "Salem", "Salem"]);
    acts(&mut g, &[(3, poker), (4, poker)]);
    assert_eq!(counter(&g, "disc", Some(4)), town_no("Salem"));
    // Move 3: Sheriff 2 leaves Salem.
    cards(&mut g, &["Stay in ", "Ride to Socorro"], &["Nogales", "Saloon", "El Paso", "El Paso"]);
    acts(&mut g, &[]);
    assert!(g.is_over());
    assert_eq!((town(&g, "sheriff_1", None), town(&g, "sheriff_2", None)), ("La Luz".into(), "Socorro".into()));
    // p4 was arrested in Silver City at step 1; in Salem one desperado against the one
    // Sheriff of move 2 fails, in La Luz one against none succeeds.
    assert!(log_has(&g, None, "p4 is arrested in Silver City"));
    assert!(log_has(&g, None, "Cheat at poker in La Luz succeeds (1 against 0)"));
    assert!(log_has(&g, None, "Cheat at poker in Salem fails: 1 desperado made it against 1 Sheriff."));
    assert_eq!(counter(&g, "booty_total", None), v);
}

/// E5: "Booty: poker success → the city's poker tile; coach success → top tile of the coach
/// stack."
#[test]
fn e5_poker_pays_its_tile_and_a_coach_the_top_of_the_stack() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let v = g.view(None);
    let (poker, coach) = (top(on(&v, "La Luz", "poker")), top(&v.zones["coach_stack"]));
    step(
        &mut g,
        &["Flagstaff", "La Luz", "La Luz"],
        &[(2, "Cheat at poker in La Luz"), (3, "Rob the brown coach in La Luz")],
    );
    let v = g.view(None);
    let mut booty = shown(&v.zones["booty"]);
    booty.sort();
    let mut expected = vec![poker.0, coach.0];
    expected.sort();
    assert_eq!(booty, expected);
    assert_eq!(counter(&g, "booty_total", None), poker.1 + coach.1);
    assert_eq!((v.zones["coach_stack"].count, on(&v, "La Luz", "poker").count), (9, 0));
}

/// E6: "Impossible move revealed (non-adjacent city, etc.): that player's movement stops
/// there, all his further activities are void — as if arrested, but he keeps the card."
#[test]
fn e6_an_impossible_move_stops_the_player_who_keeps_the_card() {
    let mut g = stuck_game();
    finish_stuck(&mut g);
    assert!(log_has(&g, Some(1), "p2's card 4 is Phoenix: an impossible move. p2 stops for this turn."));
    assert!(!log_has(&g, None, "p2's card 5"), "his later cards are not revealed");
    assert_eq!(town(&g, "at", Some(2)), "Nogales", "he stops where his last legal card led");
    assert!(!log_has(&g, None, "arrested"));
    let v = g.view(None);
    assert_eq!(v.zones["lost"].count, 0, "he keeps the card");
    assert_eq!(of(&v, 2, "hand").count, 20);
}

/// E7: "A player who cannot legally move any more must still play a card (an impossible
/// move) and is treated per E6."
#[test]
fn e7_a_stuck_player_must_still_play_a_card() {
    let mut g = stuck_game();
    // p2 holds 17 cards (not Tucson, Nogales, the Saloon): none leads along a road.
    let offered = labels(&g, 2);
    assert_eq!(offered.len(), 17);
    assert!(offered.contains(&"Phoenix".to_string()) && !offered.contains(&"Tucson".to_string()));
    assert!(prompt(&g, 2).contains("No card you hold is a legal move"));
    answer(&mut g, 1, "Tuba City");
    answer(&mut g, 3, "Tuba City");
    assert_eq!(waiting(&g), [2], "the move waits for the stuck player's card");
    answer(&mut g, 2, "Phoenix");
    acts(&mut g, &[]);
    sheriffs_stay(&mut g, 2);
    assert_eq!(labels(&g, 2).len(), 16, "after an impossible move every card is offered");
    play(&mut g, &["Saloon", "El Paso", "Flagstaff"]);
    acts(&mut g, &[]);
    assert!(log_has(&g, None, "p2's card 4 is Phoenix: an impossible move."));
    assert!(log_has(&g, None, "p3's card 4 is Tuba City: an impossible move."));
}

// ----------------------------------------------------------------- 1.10 hold-ups (B)

/// B1: "Every bank city where the number of non-arrested desperadoes present is greater
/// than the number of sheriffs present is robbed: desperadoes take its bank tile."
#[test]
fn b1_a_bank_falls_to_more_free_desperadoes_than_sheriffs() {
    let mut g = start(
        &short(1, 1),
        5,
        "Phoenix",
        &["Silver City", "Socorro", "Tuba City", "Tuba City"],
        &["Salem", "El Paso", "La Luz", "Globe"],
    );
    let (silver, socorro, tucson) = (bank_tile(&g, "Silver City"), bank_tile(&g, "Socorro"), bank_tile(&g, "Tucson"));
    // Silver City: two against one. Socorro: one against one. Tucson: one, arrested, against none.
    step(&mut g, &["Tucson", "Silver City", "Silver City", "Socorro", "Tucson"], &[]);
    assert!(log_has(&g, None, "p5 is arrested in Tucson"));
    assert!(log_has(
        &g,
        None,
        &format!("The bank in Silver City is robbed (2 against 1): the desperadoes take ${}.", silver.1)
    ));
    assert!(log_has(&g, None, "The hold-up in Socorro fails: 1 against 1 Sheriff."));
    assert!(!log_has(&g, None, "Tucson is robbed"));
    assert_eq!(counter(&g, "booty_total", None), silver.1);
    assert_eq!((bank_tile(&g, "Socorro"), bank_tile(&g, "Tucson")), (socorro, tucson));
}

// ------------------------------------------------------------------ 1.11 upkeep (U)

/// U1: "Players take their movement cards back into hand (except cards handed to the
/// Marshal) and take back their discs."
#[test]
fn u1_cards_and_discs_come_back() {
    let mut g = start(&short(2, 2), 3, "Los Lunas", &["Tuba City", "Tuba City"], &["Salem", "El Paso"]);
    step(&mut g, &["La Luz", "El Paso", "La Luz"], &[(2, "Cheat at poker in El Paso")]);
    assert_eq!(counter(&g, "disc", Some(2)), town_no("El Paso"));
    step(&mut g, &["Los Lunas", "La Luz", "Salem"], &[]);
    assert!(log_has(&g, None, "p3 is arrested in La Luz"));
    // Turn 2 begins.
    let v = g.view(None);
    for s in 1..=3 {
        assert_eq!(of(&v, s, "display").count, 0, "seat {s}'s row is empty");
        assert_eq!(counter(&g, "disc", Some(s)), 0, "seat {s}'s disc is back");
    }
    let hands: Vec<usize> = (1..=3).map(|s| of(&v, s, "hand").count).collect();
    assert_eq!(hands, [20, 20, 19], "p3 lost his La Luz card");
    assert_eq!(shown(&v.zones["lost"]), ["La Luz"]);
}

/// U2: "For each robbed bank the Marshal draws a tile from the bank stack and places it
/// face down on that bank before looking (he may not place by value); he may look
/// afterwards."
#[test]
fn u2_a_robbed_bank_is_refilled_blind_from_the_stack() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let (old, next) = (bank_tile(&g, "Silver City"), top(&g.view(None).zones["bank_stack"]));
    assert_eq!(g.view(None).zones["bank_stack"].count, 7);
    step(&mut g, &["Flagstaff", "Silver City", "Salem"], &[]);
    assert_eq!(counter(&g, "booty_total", None), old.1);
    assert!(log_has(&g, Some(2), "The Marshal puts a new tile face down on the bank in Silver City."));
    assert_eq!(g.view(None).zones["bank_stack"].count, 6);
    assert_eq!(bank_tile(&g, "Silver City"), next, "the new tile is the top of the stack");
    assert_eq!(shown(on(&g.view(Some(1)), "Silver City", "bank")), [next.0], "the Marshal may look");
    for s in [2, 3] {
        assert_eq!(hidden(on(&g.view(Some(s)), "Silver City", "bank")), 1, "face down to seat {s}");
    }
}

/// U3: "Flip the schedule just finished by the brown coach; move coaches per K5; blue coach
/// enters after turn 1." (K5 too: the brown coach, held up in La Luz, starts turn 2 on its
/// next schedule.)
#[test]
fn u3_schedules_flip_and_coaches_go_to_their_next_start() {
    let mut g = start(&short(2, 2), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    assert_eq!(counter(&g, "blue_at", None), 0, "no blue coach in turn 1");
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Rob the brown coach in La Luz")]);
    assert_eq!(town(&g, "brown_at", None), "La Luz");
    step(&mut g, &["St. Johns", "Saloon", "El Paso"], &[]);
    // Turn 2, move 1: blue follows schedule #1 (A), brown schedule #2 (B).
    assert!(log_has(&g, Some(2), "The blue coach enters in Los Lunas."));
    assert_eq!(counter(&g, "brown_robbed", None), 0);
    assert_eq!(
        (counter(&g, "blue_at", None), counter(&g, "brown_at", None)),
        (schedule_step(&g, 1, 1), schedule_step(&g, 2, 1))
    );
    assert_eq!((town(&g, "blue_at", None), town(&g, "brown_at", None)), ("La Luz".into(), "St. Johns".into()));
    step(&mut g, &["Gallup", "Salem", "La Luz"], &[]);
    assert_eq!((town(&g, "blue_at", None), town(&g, "brown_at", None)), ("El Paso".into(), "Globe".into()));
}

// -------------------------------------------------------------- 1.12 end of game (W)

/// W1: "After turn 5 (last schedule flipped) desperadoes total their booty. Win for all
/// desperadoes if total ≥ 4,000 × number of desperadoes (8,000 / 12,000 / 16,000 /
/// 20,000); otherwise the Marshal wins."
#[test]
fn w1_the_desperadoes_need_4000_each() {
    // Three desperadoes take nothing in five turns: the Marshal wins.
    let five = cached("ae_t5_a", &[("first_schedule: 0", "first_schedule: 1")]);
    let mut last = (0, 0);
    let g = quiet_game(&five, 4, |g, t, k| {
        assert!(!g.is_over(), "over before turn {t}, move {k}");
        last = (t, k);
    });
    assert_eq!(last, (5, 5));
    assert_eq!(winners(&g), [1]);
    assert!(log_has(&g, Some(2), "The desperadoes have $0 of the $12000 they needed: the Marshal wins."));
    // Five desperadoes take all twelve bank tiles ($22,500 ≥ $20,000): they all win.
    let mut g = bank_tour();
    for _ in 0..3 {
        tour_turn(&mut g);
    }
    assert_eq!(winners(&g), [2, 3, 4, 5, 6]);
    assert!(log_has(&g, Some(1), "The desperadoes have $22500 of the $20000 they needed: they win."));
    let scores = &g.result().unwrap().scores;
    assert!((2..=6).all(|s| scores[&s] == 22500) && scores[&1] == 0);
}

/// W2: "Optional: groups may adjust the 4,000 target for skill (engine option, default
/// 4,000)."
#[test]
fn w2_the_target_is_a_setting() {
    let easy = cached(
        "ae_t1_m1_a_target_100",
        &[
            ("turns: 5", "turns: 1"),
            ("moves: 5", "moves: 1"),
            ("first_schedule: 0", "first_schedule: 1"),
            ("target_per_desperado: 4000", "target_per_desperado: 100"),
        ],
    );
    for (content, won) in [(short(1, 1), false), (easy, true)] {
        let mut g = start(&content, 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
        step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
        let goal =
            if won { "of the $200 they needed: they win." } else { "of the $8000 they needed: the Marshal wins." };
        assert!(log_has(&g, None, goal), "{:?}", g.log_lines(None).last());
        assert_eq!(winners(&g), if won { vec![2, 3] } else { vec![1] });
    }
}

// ------------------------------------------------------------------ decisions (G-...)

/// G-ARREST: "the card that caused the arrest is what is lost; if that card is the Saloon,
/// nothing is lost (this is the only reading in which the exception is meaningful).
/// Arrested desperado's pawn stays in the arrest city; next turn starts there; being in the
/// Marshal's city at turn start causes no arrest (same as setup)."
#[test]
fn g_arrest_the_saloon_keeps_every_card_and_the_pawn_stays() {
    let mut g = start(&short(2, 2), 3, "Socorro", &["Tuba City", "Tuba City"], &["Salem", "Tombstone"]);
    step(&mut g, &["Los Lunas", "La Luz", "Nogales"], &[]);
    step(&mut g, &["La Luz", "Saloon", "Tombstone"], &[]);
    // Arrested in La Luz by the Saloon: even his La Luz card of move 1 stays his.
    assert!(log_has(&g, Some(3), "p2 is arrested in La Luz and keeps the Saloon card."));
    let v = g.view(None);
    assert_eq!((v.zones["lost"].count, of(&v, 2, "hand").count), (0, 20));
    // Turn 2 starts with p2 and the Marshal in La Luz, and nobody is arrested for it.
    assert_eq!((town(&g, "at", Some(2)), town(&g, "at", Some(1))), ("La Luz".into(), "La Luz".into()));
    sheriffs_stay(&mut g, 2);
    assert!(prompt(&g, 2).contains("your cards lead to La Luz"));
    assert_eq!(labels(&g, 2), ["Los Lunas", "Socorro", "Salem", "El Paso", "Saloon"]);
    assert_eq!(log_count(&g, None, "arrested"), 1);
}

/// G-START-COLOCATION: "Sharing a city with the Marshal at turn start (after setup, or
/// after an arrest in step 5 of the previous turn) never arrests; only end-of-step
/// positions during the examination count — so if both then play the Saloon at step 1 the
/// desperado IS arrested."
#[test]
fn g_start_colocation_arrests_only_at_a_step() {
    // p3 starts with the Marshal in Socorro; p2 is arrested in Salem at the last step.
    let mut g = start(&short(2, 1), 3, "Socorro", &["Tuba City", "Tuba City"], &["Salem", "Socorro"]);
    step(&mut g, &["Salem", "Saloon", "La Luz"], &[]);
    assert_eq!(log_count(&g, None, "p2 is arrested in Salem"), 1);
    assert!(!log_has(&g, None, "p3 is arrested"), "sharing the start town arrests nobody");
    // Turn 2 starts with both in Salem: no arrest until both show the Saloon at step 1.
    sheriffs_stay(&mut g, 2);
    assert_eq!(log_count(&g, None, "arrested"), 1);
    play(&mut g, &["Saloon", "Saloon", "El Paso"]);
    acts(&mut g, &[]);
    assert!(g.is_over());
    assert_eq!(log_count(&g, None, "p2 is arrested in Salem and keeps the Saloon card."), 2);
    assert!(!log_has(&g, None, "p3 is arrested"));
}

/// G-ARREST-INFO: "Arrested player's remaining cards are never revealed (Patrick's 4th/5th
/// card are only told for narration). → keep hidden; they return to hand."
#[test]
fn g_arrest_info_the_cards_after_an_arrest_stay_secret() {
    let mut g = start(&short(2, 3), 3, "Los Lunas", &["Tuba City", "Tuba City"], &["El Paso", "Tombstone"]);
    step(&mut g, &["La Luz", "La Luz", "Nogales"], &[]);
    step(&mut g, &["Salem", "Socorro", "Tucson"], &[]);
    step(&mut g, &["El Paso", "Salem", "Phoenix"], &[]);
    assert!(log_has(&g, None, "p2's card 1: La Luz."));
    assert!(log_has(&g, None, "p2 is arrested in La Luz"));
    for seat in [None, Some(1), Some(2), Some(3)] {
        for line in g.log_lines(seat) {
            assert!(!line.contains("p2's card 2") && !line.contains("p2's card 3"), "{line}");
        }
    }
    // Turn 2: the cards are back in his hand, which only he sees.
    let v = g.view(Some(1));
    assert_eq!((of(&v, 2, "hand").count, hidden(of(&v, 2, "hand"))), (19, 19));
    assert_eq!(of(&v, 2, "display").count, 0);
}

/// G-TWO-COACHES: "Both coaches can share a city (a robbed coach stays while the other
/// passes). → [P] a robbery targets one named coach; each coach is a separate activity with
/// its own majority and its own booty tile."
#[test]
fn g_two_coaches_each_coach_is_its_own_robbery() {
    // Schedule B first: in turn 2 brown follows C (Payson at move 1), blue B (Payson at move 4).
    let content = cached(
        "ae_t2_m4_b",
        &[("turns: 5", "turns: 2"), ("moves: 5", "moves: 4"), ("first_schedule: 0", "first_schedule: 2")],
    );
    let mut g = start(&content, 4, "El Paso", &["Tombstone"; 3], &["Phoenix", "Phoenix", "Tuba City"]);
    let marshal = ["La Luz", "Socorro", "Salem", "El Paso"];
    let circuit = ["Flagstaff", "Payson", "Globe", "Phoenix"];
    let north = ["Flagstaff", "St. Johns", "Gallup", "Tuba City"];
    for k in 0..4 {
        step(&mut g, &[marshal[k], circuit[k], circuit[k], north[k]], &[]);
    }
    let rob = "Rob the brown coach in Payson";
    step(&mut g, &[marshal[0], "Payson", "Payson", "Flagstaff"], &[(2, rob), (3, rob)]);
    step(&mut g, &[marshal[1], "Saloon", "Saloon", "Saloon"], &[]);
    step(&mut g, &[marshal[2], "Globe", "Flagstaff", "Phoenix"], &[]);
    cards(&mut g, &[], &[marshal[3], "Phoenix", "Phoenix", "Payson"]);
    assert_eq!((town(&g, "brown_at", None), town(&g, "blue_at", None)), ("Payson".into(), "Payson".into()));
    assert_eq!(labels(&g, 4), ["No activity", "Cheat at poker in Payson", "Rob the blue coach in Payson"]);
    let stack = g.view(None).zones["coach_stack"].clone();
    let (first, second) = (top(&stack), (shown(&stack)[1].clone(), value(&stack.objects[1])));
    acts(&mut g, &[(4, "Rob the blue coach in Payson")]);
    assert!(log_has(&g, None, "Rob the brown coach in Payson succeeds (2 against 0)"));
    assert!(log_has(&g, None, "Rob the blue coach in Payson succeeds (1 against 0)"));
    // The booty zone lists its top (the later tile) first.
    assert_eq!(shown(&g.view(None).zones["booty"]), [second.0, first.0]);
    assert_eq!(counter(&g, "booty_total", None), first.1 + second.1);
}

/// G-JOIN: "Can more discs join an activity in a later move (e.g. a coach frozen at move 2
/// joined at move 3)? → [P] no: an activity is declared in one move by the discs placed in
/// that move; a coach or poker tile that already has discs this turn cannot get a second
/// activity."
#[test]
fn g_join_no_second_activity_on_a_coach_or_a_poker_tile() {
    let mut g = start(&short(1, 2), 5, "Tuba City", &["Tombstone"; 4], &["Salem", "Los Lunas", "El Paso", "Socorro"]);
    step(
        &mut g,
        &["Flagstaff", "La Luz", "Saloon", "Salem", "Saloon"],
        &[(2, "Rob the brown coach in La Luz"), (4, "Cheat at poker in Salem")],
    );
    cards(&mut g, &[], &["Payson", "Saloon", "La Luz", "El Paso", "Salem"]);
    assert_eq!(town(&g, "brown_at", None), "La Luz", "the held-up coach waits");
    assert_eq!(labels(&g, 3), ["No activity", "Cheat at poker in La Luz"], "no second robbery of the coach");
    assert_eq!(offered(&g), [3], "p5 in Salem is offered no second poker game");
    assert_eq!(counter(&g, "disc", Some(5)), 0);
}

/// G-COACH-START: "A coach is never robbable at its start city at move 1 (it moves before
/// desperadoes act). Intentional; note for tests."
#[test]
fn g_coach_start_no_robbery_where_the_coach_waited() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Los Lunas", "Salem"]);
    assert!(log_has(&g, Some(2), "The brown coach waits in Los Lunas."));
    cards(&mut g, &[], &["Flagstaff", "Saloon", "La Luz"]);
    assert_eq!(labels(&g, 2), ["No activity", "Cheat at poker in Los Lunas"]);
    assert!(labels(&g, 3).contains(&"Rob the brown coach in La Luz".to_string()));
}

/// G-SALOON-FIRST: "Proof when the Saloon is the first card of the turn: there is no "last
/// but one" card; the pawn's public start city is the proof. → [P] showing the Saloon alone
/// suffices."
#[test]
fn g_saloon_first_the_saloon_alone_is_proof() {
    let mut g = start(&short(1, 2), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let v = poker_value(&g, "Salem");
    step(&mut g, &["Flagstaff", "Saloon", "La Luz"], &[(2, "Cheat at poker in Salem")]);
    assert!(log_has(&g, Some(1), "p2 shows Saloon and lays down a disc: Cheat at poker in Salem."));
    assert_eq!(shown(of(&g.view(Some(1)), 2, "display")), ["Saloon"]);
    step(&mut g, &["St. Johns", "El Paso", "Los Lunas"], &[]);
    assert_eq!(counter(&g, "booty_total", None), v);
}

/// G-PROOF-AUDIENCE: "Rulebook: card shown "to the sheriff" = Marshal player. → [P]
/// revealed card(s) become public (all players) and are logged; the Marshal thereby learns
/// that desperado's position at that move."
#[test]
fn g_proof_audience_shown_cards_are_public() {
    let mut g = start(&short(1, 3), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    step(&mut g, &["Flagstaff", "La Luz", "Los Lunas"], &[]);
    step(&mut g, &["St. Johns", "Saloon", "Saloon"], &[(2, "Cheat at poker in La Luz")]);
    for s in 1..=3 {
        let v = g.view(Some(s));
        assert_eq!(shown(of(&v, 2, "display")), ["Saloon", "La Luz"], "seat {s} sees the proof");
        assert!(log_has(&g, Some(s), "p2 shows Saloon and La Luz and lays down a disc"), "seat {s}'s log");
    }
    assert_eq!(hidden(of(&g.view(Some(1)), 3, "display")), 2, "p3 showed nothing");
}

/// G-SPY-AUDIENCE: "Who sees a spied tile? → [P] the spying player and his team (the
/// Marshal already knows all bank tiles, so team-sharing leaks nothing). Spying allowed once
/// per move per desperado, any number of times per turn, including in a move where others
/// place discs."
#[test]
fn g_spy_audience_the_team_sees_the_tile() {
    let mut g = start(&short(1, 3), 4, "Tuba City", &["Tombstone"; 3], &["La Luz", "Salem", "Nogales"]);
    let (_, v) = bank_tile(&g, "Socorro");
    cards(&mut g, &[], &["Flagstaff", "Socorro", "Saloon", "Tucson"]);
    assert_eq!(hidden(on(&g.view(Some(3)), "Socorro", "bank")), 1);
    acts(&mut g, &[(2, "Spy on the bank in Socorro")]);
    for s in [1, 2, 3, 4] {
        assert_eq!(value(&on(&g.view(Some(s)), "Socorro", "bank").objects[0]), v, "seat {s} knows the tile");
    }
    for s in [2, 3, 4] {
        assert!(log_has(&g, Some(s), &format!("The bank in Socorro holds ${v}.")), "seat {s}'s log");
    }
    // Again in move 2, while p3 places his disc in La Luz.
    step(
        &mut g,
        &["St. Johns", "Saloon", "La Luz", "Globe"],
        &[(2, "Spy on the bank in Socorro"), (3, "Cheat at poker in La Luz")],
    );
    assert_eq!(log_count(&g, Some(1), "spies on the bank in Socorro"), 2);
    assert_eq!(counter(&g, "disc", Some(3)), town_no("La Luz"));
}

/// G-SPY-BANK-ROBBED: "Robbed bank is empty until upkeep; spying it in the same turn is
/// impossible anyway (hold-up is after move 5)." The next turn, a spy finds the tile the
/// Marshal dealt at the upkeep.
#[test]
fn g_spy_bank_robbed_the_next_spy_finds_the_new_tile() {
    let mut g = start(&short(2, 2), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let next = top(&g.view(None).zones["bank_stack"]);
    step(&mut g, &["Flagstaff", "Silver City", "Salem"], &[]);
    step(&mut g, &["Tuba City", "Saloon", "El Paso"], &[]);
    assert!(log_has(&g, None, "The bank in Silver City is robbed"));
    cards(&mut g, &[], &["Flagstaff", "Saloon", "Salem"]);
    assert!(labels(&g, 2).contains(&"Spy on the bank in Silver City".to_string()));
    acts(&mut g, &[(2, "Spy on the bank in Silver City")]);
    assert_eq!(shown(on(&g.view(Some(3)), "Silver City", "bank")), [next.0]);
}

/// G-POKER-VALUES: "Face-down poker tiles: may anyone look? → [P] nobody (Marshal included)
/// until won; won tiles (all booty) are revealed to everyone at capture (public running
/// total)."
#[test]
fn g_poker_values_nobody_sees_a_tile_until_it_is_won() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let pokers: Vec<String> =
        g.view(None).board.iter().filter(|(_, z)| z["poker"].count > 0).map(|(n, _)| n.clone()).collect();
    assert_eq!(pokers.len(), 14);
    for s in 1..=3 {
        let v = g.view(Some(s));
        assert!(pokers.iter().all(|n| hidden(&v.board[n]["poker"]) == 1), "seat {s} sees a poker tile");
    }
    let won = poker_value(&g, "La Luz");
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
    for s in 1..=3 {
        let v = g.view(Some(s));
        assert_eq!(value(&v.zones["booty"].objects[0]), won, "seat {s} sees the won tile");
        assert_eq!(v.counters["booty_total"], won);
        assert_eq!(hidden(on(&v, "Salem", "poker")), 1, "seat {s} still does not see Salem's tile");
        assert!(log_has(&g, Some(s), &format!("the desperadoes take ${won}")));
    }
}

/// G-MARSHAL-COUNT: "Does the hidden Marshal count against majorities? → No (only sheriffs
/// count; the Marshal acts by arresting)."
#[test]
fn g_marshal_count_only_sheriffs_count() {
    let mut g = start(&short(1, 1), 4, "Salem", &["Tombstone"; 3], &["El Paso", "Los Lunas", "Tuba City"]);
    let v = poker_value(&g, "Salem");
    // p2 joins the Marshal's pawn in Salem; p3 goes where the Marshal's card leads.
    cards(&mut g, &[], &["La Luz", "Salem", "La Luz", "Shiprock"]);
    let (p2, p3) = ("Cheat at poker in Salem", "Cheat at poker in La Luz");
    acts(&mut g, &[(2, p2), (3, p3)]);
    assert!(log_has(&g, None, "p2 shows Salem and lays down a disc"));
    assert!(log_has(&g, None, "p3 shows La Luz and lays down a disc"));
    assert!(log_has(&g, None, "p3 is arrested in La Luz"));
    assert!(log_has(&g, None, "Cheat at poker in Salem succeeds (1 against 0)"));
    assert_eq!(counter(&g, "booty_total", None), v);
}

/// G-IMPOSSIBLE-DETECT: "[P] reject illegal cards while a legal card exists; only when no
/// legal card exists (E7, "stuck") accept any card and flag it as impossible, resolved per
/// E6 at reveal. Treat an impossible-move player like an arrested one for the bank hold-up
/// (not counted)."
#[test]
fn g_impossible_detect_only_legal_cards_until_stuck() {
    let mut g = start(&dead_ends(), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Globe", "Gallup"]);
    sheriffs_stay(&mut g, 2);
    assert_eq!(labels(&g, 2), ["St. Johns", "Payson", "Phoenix", "Silver City", "Tucson", "Saloon"]);
    assert!(g.choose(2, &[7]).is_err(), "no seventh card");
    assert!(!prompt(&g, 2).contains("impossible"));
    // Stuck in Santa Fe, a bank, p3 is alone there with no Sheriff: he is not counted.
    let mut g = stuck_game();
    let tile = bank_tile(&g, "Santa Fe");
    finish_stuck(&mut g);
    assert_eq!(town(&g, "at", Some(3)), "Santa Fe");
    assert!(log_has(&g, None, "p3's card 4 is Tuba City: an impossible move."));
    assert!(!log_has(&g, None, "Santa Fe is robbed"));
    assert_eq!((bank_tile(&g, "Santa Fe"), counter(&g, "booty_total", None)), (tile, 0));
}

/// G-MARSHAL-STUCK: "Stuck/impossible Marshal not covered. → [P] his pawn stops at the last
/// legal city; "all further activities invalid" ⇒ he makes no further arrests this turn."
#[test]
fn g_marshal_stuck_stops_and_arrests_nobody_after() {
    let mut g = start(&dead_ends(), 3, "Globe", &["Tuba City", "Tuba City"], &["Phoenix", "Salem"]);
    step(&mut g, &["Tucson", "Payson", "El Paso"], &[]);
    step(&mut g, &["Nogales", "Globe", "La Luz"], &[]);
    step(&mut g, &["Saloon", "Saloon", "Socorro"], &[]);
    sheriffs_stay(&mut g, 2);
    assert!(prompt(&g, 1).contains("No card you hold is a legal move"));
    play(&mut g, &["Globe", "Tucson", "Salem"]);
    acts(&mut g, &[]);
    // p2 rides into Nogales, where the stuck Marshal's pawn stands, at step 5.
    step(&mut g, &["Phoenix", "Nogales", "Saloon"], &[]);
    assert!(log_has(&g, None, "p1's card 4 is Globe: an impossible move. p1 stops for this turn."));
    assert!(!log_has(&g, None, "p1's card 5"));
    assert_eq!((town(&g, "at", Some(1)), town(&g, "at", Some(2))), ("Nogales".into(), "Nogales".into()));
    assert!(!log_has(&g, None, "arrested"));
    assert_eq!(g.view(None).zones["lost"].count, 0);
}

/// G-CHANGE-WINDOW: "[P] per move: Marshal places → desperadoes place → any player may swap
/// his card while not all have placed → lock → activity declarations (discs/spy) → next
/// move."
#[test]
fn g_change_window_cards_change_until_all_have_played() {
    let mut g = start(&short(1, 2), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    sheriffs_stay(&mut g, 2);
    answer(&mut g, 1, "Flagstaff");
    answer(&mut g, 2, "La Luz");
    assert_eq!(waiting(&g), [3]);
    assert_eq!(g.view(Some(1)).deciding, [3], "the Marshal sees who hesitates");
    assert!(asked(&g).is_empty(), "no activity before every card is down");
    change(&mut g, 1, "Gallup");
    change(&mut g, 2, "El Paso");
    answer(&mut g, 3, "Salem");
    // Locked: activities are asked; nobody may change his card any more.
    assert_eq!(asked(&g), [2, 3]);
    assert!(g.revisable(1).is_none());
    assert!(g.choose(1, &[1]).is_err());
    acts(&mut g, &[]);
    step(&mut g, &["Tuba City", "La Luz", "La Luz"], &[]);
    assert!(log_has(&g, None, "p1's card 1: Gallup."));
    assert!(log_has(&g, None, "p2's card 1: El Paso."));
    assert!(!log_has(&g, None, "p1's card 1: Flagstaff."));
}

/// G-BOOTY-OWNERSHIP: "Booty is collective (only the team total matters). → store in one
/// team pool."
#[test]
fn g_booty_ownership_one_pool_for_the_team() {
    let mut g = start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    let total = poker_value(&g, "La Luz") + poker_value(&g, "Salem");
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz"), (3, "Cheat at poker in Salem")]);
    let v = g.view(None);
    assert_eq!(v.zones["booty"].count, 2);
    assert!(v.seats.iter().all(|s| !s.zones.contains_key("booty")), "no seat has booty of its own");
    assert_eq!(counter(&g, "booty_total", None), total);
    let scores = &g.result().unwrap().scores;
    assert_eq!((scores[&1], scores[&2], scores[&3]), (0, total, total));
}

/// G-BLUE-ENTRY: "Blue coach enters at the start city of flipped schedule #1, i.e. it
/// starts turn 2 one schedule behind the brown coach; it never uses schedule #5."
#[test]
fn g_blue_entry_one_schedule_behind_the_brown_coach() {
    let five = cached("ae_t5_a", &[("first_schedule: 0", "first_schedule: 1")]);
    let g = quiet_game(&five, 3, |g, t, k| {
        let blue = if t == 1 { 0 } else { schedule_step(g, t - 1, k) };
        assert_eq!(counter(g, "blue_at", None), blue, "blue coach, turn {t}, move {k}");
        assert_eq!(counter(g, "brown_at", None), schedule_step(g, t, k), "brown coach, turn {t}, move {k}");
    });
    assert!(g.is_over());
    assert_eq!(log_count(&g, None, "The blue coach enters in Los Lunas."), 1);
    assert_eq!(counter(&g, "blue_at", None), schedule_step(&g, 4, 5), "blue ends where schedule #4 ends");
}

/// G-DISC-HOLDUP: "Bank hold-up needs no disc; a desperado whose disc is spent still
/// counts (Gregor)."
#[test]
fn g_disc_holdup_a_spent_disc_still_counts() {
    let mut g = start(&short(1, 2), 3, "Tuba City", &["Tuba City", "Tuba City"], &["Salem", "Nogales"]);
    let total = poker_value(&g, "La Luz") + bank_tile(&g, "Socorro").1;
    step(&mut g, &["Flagstaff", "La Luz", "Tombstone"], &[(2, "Cheat at poker in La Luz")]);
    step(&mut g, &["St. Johns", "Socorro", "Saloon"], &[]);
    assert_eq!(counter(&g, "disc", Some(2)), 0, "discs are back after the turn");
    assert!(log_has(&g, None, "The bank in Socorro is robbed (1 against 0)"));
    assert_eq!(counter(&g, "booty_total", None), total);
}

/// G-WIN-TIE: ""4000 or more" — equality wins (≥)."
#[test]
fn g_win_tie_equality_wins() {
    let v =
        poker_value(&start(&short(1, 1), 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]), "La Luz");
    // Two desperadoes, a target of half the La Luz tile: the tile is exactly the goal.
    let target = format!("target_per_desperado: {}", v / 2);
    let tie = cached(
        &format!("ae_tie_{v}"),
        &[
            ("turns: 5", "turns: 1"),
            ("moves: 5", "moves: 1"),
            ("first_schedule: 0", "first_schedule: 1"),
            ("target_per_desperado: 4000", &target),
        ],
    );
    let mut g = start(&tie, 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
    assert_eq!(poker_value(&g, "La Luz"), v, "the same seed deals the same tiles");
    step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
    assert_eq!(counter(&g, "booty_total", None), v);
    assert!(log_has(&g, None, &format!("The desperadoes have ${v} of the ${v} they needed: they win.")));
    assert_eq!(winners(&g), [2, 3]);
}

/// G-BANKSTACK: "7 refill tiles but up to 25 bank robberies possible (5 banks × 5 turns).
/// Exhaustion not covered. → [P] when the stack is empty a robbed bank is not refilled; a
/// bank with no tile cannot be robbed or spied (hold-up yields nothing, spying shows
/// "empty")."
#[test]
fn g_bankstack_an_empty_stack_leaves_banks_empty() {
    let mut g = bank_tour();
    // Turn 1: every desperado is asked in his bank at move 4 (spying at least).
    for k in 1..=3 {
        step(&mut g, &tour_move(k), &[]);
    }
    cards(&mut g, &[], &tour_move(4));
    assert_eq!(asked(&g), [2, 3, 4, 5, 6]);
    assert!(labels(&g, 4).contains(&"Spy on the bank in Socorro".to_string()));
    acts(&mut g, &[]);
    step(&mut g, &tour_move(5), &[]);
    // Turn 2: five robberies, two tiles left: Flagstaff and Santa Fe get them (board order).
    tour_turn(&mut g);
    let v = g.view(None);
    let counts: Vec<usize> = BANKS.iter().map(|b| on(&v, b, "bank").count).collect();
    assert_eq!(counts, [1, 1, 0, 0, 0]);
    assert_eq!(v.zones["bank_stack"].count, 0);
    assert!(log_has(&g, Some(1), "The bank stack is empty: the bank in Socorro stays empty."));
    // Turn 3: the empty banks can be neither spied on nor robbed.
    for k in 1..=3 {
        step(&mut g, &tour_move(k), &[]);
    }
    cards(&mut g, &[], &tour_move(4));
    assert_eq!(offered(&g), [2, 3], "p4, p5 and p6 in the empty banks are offered nothing");
    acts(&mut g, &[]);
    cards(&mut g, &[], &tour_move(5));
    assert_eq!(town(&g, "brown_at", None), "Silver City");
    assert_eq!(labels(&g, 5), ["No activity", "Rob the brown coach in Silver City"], "no spying on an empty bank");
    acts(&mut g, &[]);
    assert!(g.is_over());
    for (bank, robbed) in [("Flagstaff", 3), ("Santa Fe", 3), ("Socorro", 2), ("Silver City", 2), ("Tucson", 2)] {
        assert_eq!(log_count(&g, None, &format!("The bank in {bank} is robbed")), robbed, "{bank}");
    }
    assert_eq!(counter(&g, "booty_total", None), 22500, "all twelve bank tiles");
}

/// G-REFILL-ORDER: "Several banks robbed in one turn: order of placing the face-down
/// refills unspecified. → [P] engine deals the drawn tiles face down in fixed board order
/// (city list order of §5.1) — equivalent to blind placement; Marshal then sees them."
#[test]
fn g_refill_order_tiles_are_dealt_in_board_order() {
    let mut g = bank_tour();
    let stack: Vec<String> = shown(&g.view(None).zones["bank_stack"]);
    assert_eq!(stack.len(), 7);
    tour_turn(&mut g);
    assert_eq!(log_count(&g, None, "is robbed"), 5);
    let (omniscient, marshal, outlaw) = (g.view(None), g.view(Some(1)), g.view(Some(2)));
    let dealt: Vec<String> = BANKS.iter().map(|b| shown(on(&omniscient, b, "bank"))[0].clone()).collect();
    assert_eq!(dealt, stack[..5], "the top of the stack goes to the first bank in board order");
    for b in BANKS {
        assert_eq!(shown(on(&marshal, b, "bank")).len(), 1, "the Marshal sees the tile in {b}");
        assert_eq!(hidden(on(&outlaw, b, "bank")), 1, "p2 does not see the tile in {b}");
    }
}

/// The activity question must tell the Marshal nothing: after every move's cards each
/// desperado is asked (secretly), also when "No activity" is all he may answer, so the
/// Marshal's next decision comes after the same steps whatever the desperadoes could do.
#[test]
fn every_desperado_is_asked_for_an_activity_after_every_move() {
    let c = content();
    for seed in 0..3 {
        let mut g = new_game(&c, seed, 4);
        let mut rng = posse::bot::bot_rng(seed);
        let mut rounds = 0;
        while !g.is_over() {
            let asked_now = asked(&g);
            if !asked_now.is_empty() {
                assert_eq!(asked_now, [2, 3, 4], "seed {seed}");
                assert!(g.view(Some(1)).deciding.is_empty(), "the Marshal does not see who is asked");
                rounds += 1;
            }
            let r = g.next_request().expect("a decision");
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
            g.choose(seat, &picks).unwrap();
            // Count each round once: skip the rest of its answers.
            while !asked(&g).is_empty() && asked(&g).len() < 3 {
                let r = g.next_request().expect("a decision");
                let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
                g.choose(seat, &picks).unwrap();
            }
        }
        assert_eq!(rounds, 25, "seed {seed}: one activity round per move");
    }
}
