//! The worked examples of the Desperados rulebook (T1-T6 of desperados.gaps.md), one test
//! each, named after the example. Every test plays a real game from its setup decisions,
//! with the cards of the example and of the gaps file's fill-ins, and checks the example's
//! "Expect" lines (and the circumstances the example starts from, so that a change of map
//! or schedules cannot make a test pass on another position).
//!
//! T4, T5 and T6 are one story (the turn of Gregor, Patrick, Sabine and Leon): each test
//! replays it from the start through [`story`] up to its own point.

use super::*;
use posse::view::{ObjectView, ZoneView};

// ------------------------------------------------------------------------------ helpers

/// One quiet move: the `sheriffs` Sheriffs stay, everyone plays `cards`, nobody acts.
fn quiet_move(g: &mut Game, sheriffs: usize, cards: &[&str]) {
    sheriffs_stay(g, sheriffs);
    play(g, cards);
    no_activity(g);
}

/// Whether every card of `seat`'s row lies face down (omniscient view).
fn face_down(g: &Game, seat: usize) -> bool {
    g.view(None).seats[seat - 1].zones["display"]
        .objects
        .iter()
        .all(|o| matches!(o, ObjectView::Shown { face_up: false, .. }))
}

/// The names of the cards in `seat`'s hand (omniscient view).
fn hand(g: &Game, seat: usize) -> Vec<String> {
    names(&g.view(None).seats[seat - 1].zones["hand"])
}

/// A town's zone (`bank` or `poker`, by node id) as `viewer` sees it.
fn town_zone(g: &Game, viewer: Option<usize>, node: &str, zone: &str) -> ZoneView {
    g.view(viewer).board[node][zone].clone()
}

/// The omniscient log of turn `t`'s examination (up to the next turn's first line).
fn exam_log(g: &Game, t: u32) -> Vec<String> {
    let log = g.log_lines(None);
    let start = log.iter().position(|l| *l == format!("Turn {t}: the examination.")).expect("the examination");
    let end = log.iter().position(|l| *l == format!("Turn {} begins.", t + 1)).unwrap_or(log.len());
    log[start..end].to_vec()
}

/// The index of the first line of `lines` containing `text`.
fn line(lines: &[String], text: &str) -> usize {
    lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no line {text:?} in {lines:#?}"))
}

/// Whether a line containing `text` lies between the first line containing `from` and
/// the first line containing `to`.
fn between(lines: &[String], from: &str, text: &str, to: &str) -> bool {
    let (a, b) = (line(lines, from), line(lines, to));
    lines[a..b].iter().any(|l| l.contains(text))
}

// ------------------------------------------------------ T1: Matthias's five hidden moves

/// T1 (Matthias: five hidden moves): the Marshal, in Tuba City, plays Gallup, St. Johns,
/// Saloon, Globe, Tucson. His pawn stays in Tuba City while the cards lie face down in his
/// row, hidden from the desperadoes; only neighbours not used this turn and the unused
/// Saloon are offered (not Tuba City before move 1; not Gallup, the Saloon or St. Johns
/// before move 4); the examination walks him Gallup, St. Johns, St. Johns, Globe, Tucson.
/// Fill-ins: 3 players; the Sheriffs and both desperadoes stay out of his way.
#[test]
fn t1_matthias_five_hidden_moves_of_the_marshal() {
    let mut g = new_game(&content(), 1, 3);
    place(&mut g, "Tuba City", &["Santa Fe", "Santa Fe"], &["Aztec", "Nogales"]);
    let moves = [
        ["Gallup", "Santa Fe", "Tombstone"],
        ["St. Johns", "Los Lunas", "Silver City"],
        ["Saloon", "Socorro", "El Paso"],
        ["Globe", "Salem", "La Luz"],
        ["Tucson", "Saloon", "Saloon"],
    ];
    for (k, cards) in moves.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        // Only the legal cards are offered: Tuba City (staying) before move 1, and Gallup and
        // the Saloon (used) and St. Johns (staying) before move 4, are not.
        match k {
            0 => assert_eq!(sorted(labels(&g, 1)), sorted(["Flagstaff", "Gallup", "Shiprock", "Saloon"])),
            3 => assert_eq!(sorted(labels(&g, 1)), sorted(["Globe", "Socorro", "Silver City", "Payson", "Flagstaff"])),
            _ => {}
        }
        answer(&mut g, 1, cards[0]);
        assert_eq!(town(&g, "at", Some(1)), "Tuba City", "move {}: the pawn does not move", k + 1);
        for s in [2, 3] {
            assert!(g.view(Some(s)).answers.iter().all(|a| a.seat != 1), "move {}: seat {s} sees his card", k + 1);
        }
        answer(&mut g, 2, cards[1]);
        answer(&mut g, 3, cards[2]);
        // All cards are down; the desperadoes (in poker towns) are asked for activities.
        assert_eq!(waiting(&g), [2, 3]);
        assert_eq!(town(&g, "at", Some(1)), "Tuba City", "move {}: the pawn does not move", k + 1);
        let mine: Vec<&str> = moves[..=k].iter().map(|m| m[0]).collect();
        assert_eq!(row(&g, Some(1), 1), mine, "move {}: his row, left to right", k + 1);
        assert!(face_down(&g, 1), "move {}: his cards lie face down", k + 1);
        for s in [2, 3] {
            assert_eq!(row(&g, Some(s), 1), vec!["?"; k + 1], "move {}: seat {s} sees no card of his", k + 1);
        }
        no_activity(&mut g);
    }
    let exam = exam_log(&g, 1);
    let steps = [
        "p1's card 1: Gallup.",
        "p1's card 2: St. Johns.",
        "p1's card 3: the Saloon; p1 stays in St. Johns.",
        "p1's card 4: Globe.",
        "p1's card 5: Tucson.",
    ];
    let at: Vec<usize> = steps.iter().map(|s| line(&exam, s)).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "steps in order: {exam:#?}");
    assert_eq!(town(&g, "at", Some(1)), "Tucson");
}

// --------------------------------------------------------------- T2: Sheriff movement

/// A game at the first Sheriff decision of turn 1, with Sheriff 1 in Globe (3 players).
fn t2_game() -> Game {
    let mut g = new_game(&content(), 2, 3);
    place(&mut g, "Tuba City", &["Globe", "Aztec"], &["Shiprock", "Gallup"]);
    assert_eq!(prompt(&g, 1), "Sheriff 1 is in Globe.");
    g
}

/// T2 (Sheriff movement): the Sheriff in Globe (the gaps file's fill-in for the town of
/// the lost picture) may ride to Tucson or Silver City or stay, not to Tombstone; from
/// Silver City he could ride to Tombstone on the next move. He rides to Tucson, in the
/// open. Fill-ins: 3 players; everyone else stays.
#[test]
fn t2_sheriff_may_ride_to_tucson_or_silver_city_not_tombstone() {
    let mut g = t2_game();
    let ls = labels(&g, 1);
    for l in ["Stay in Globe", "Ride to Tucson", "Ride to Silver City"] {
        assert!(ls.contains(&l.to_string()), "{l:?} in {ls:?}");
    }
    assert!(!ls.contains(&"Ride to Tombstone".to_string()), "{ls:?}");
    // He could ride to Silver City now and to Tombstone on the next move.
    answer(&mut g, 1, "Ride to Silver City");
    sheriffs_stay(&mut g, 1);
    play(&mut g, &["Saloon", "Saloon", "Saloon"]);
    no_activity(&mut g);
    assert!(labels(&g, 1).contains(&"Ride to Tombstone".to_string()), "{:?}", labels(&g, 1));
    // He rides to Tucson instead, and everyone sees it.
    let mut g = t2_game();
    answer(&mut g, 1, "Ride to Tucson");
    for s in 1..=3 {
        assert_eq!(g.view(Some(s)).counters["sheriff_1"], town_no("Tucson"), "seat {s} sees him in Tucson");
        assert!(log_has(&g, Some(s), "Sheriff 1 rides from Globe to Tucson."), "seat {s} is told");
    }
}

// ------------------------------------------------------------------------ T3: coaches

/// T3 (coaches: blue Shiprock to Aztec, brown robbed in El Paso). The example is in turn
/// 5 of a game whose first schedule is B; here the schedules start with E
/// ([`schedules_from`]`(5)`), so brown follows A and blue follows E already in turn 2,
/// after a first turn played with fill-in cards. In move 2 a desperado (p2, card El Paso,
/// no Sheriff there) robs the brown coach: it stays in El Paso while blue rides on to
/// Aztec in move 3, then Santa Fe and Los Lunas; the robbery is evaluated at step 2.
/// Deviation: the return of the robbed coach to its next start city (Gallup, start of B)
/// happens between two decisions and is overwritten by turn 3's first coach step before
/// anyone decides, so the test sees it only as that step: brown rides from there along B
/// to St. Johns.
#[test]
fn t3_coaches_blue_rides_shiprock_to_aztec_while_brown_robbed_stays_in_el_paso() {
    let mut g = new_game(&with_first_schedule(5), 3, 3);
    place(&mut g, "Tuba City", &["Tuba City", "Tuba City"], &["Socorro", "Tucson"]);
    for cards in [
        ["Saloon", "Saloon", "Nogales"],
        ["Gallup", "La Luz", "Tombstone"],
        ["Shiprock", "El Paso", "Saloon"],
        ["Aztec", "Silver City", "Silver City"],
        ["Santa Fe", "Salem", "Globe"],
    ] {
        quiet_move(&mut g, 2, &cards);
    }
    // Turn 2: brown on schedule 2 (A), blue on schedule 1 (E).
    assert_eq!(
        (counter(&g, "turn", None), counter(&g, "schedule_2", None), counter(&g, "schedule_1", None)),
        (2, 1, 5)
    );
    let coaches = |g: &Game| (town(g, "brown_at", None), town(g, "blue_at", None));
    assert_eq!(coaches(&g), ("La Luz".into(), "Gallup".into()), "move 1");
    quiet_move(&mut g, 2, &["Aztec", "Silver City", "Phoenix"]);
    assert_eq!(coaches(&g), ("El Paso".into(), "Shiprock".into()), "move 2");
    sheriffs_stay(&mut g, 2);
    play(&mut g, &["Shiprock", "El Paso", "Tucson"]);
    answer(&mut g, 2, "Rob the brown coach in El Paso");
    no_activity(&mut g);
    assert_eq!(counter(&g, "disc", Some(2)), town_no("El Paso"));
    assert!(log_has(&g, Some(1), "p2 shows El Paso and lays down a disc: Rob the brown coach in El Paso."));
    assert_eq!(coaches(&g), ("El Paso".into(), "Aztec".into()), "move 3");
    assert!(log_has(&g, Some(3), "The blue coach rides to Aztec."));
    quiet_move(&mut g, 2, &["Tuba City", "La Luz", "Nogales"]);
    assert_eq!(coaches(&g), ("El Paso".into(), "Santa Fe".into()), "move 4");
    quiet_move(&mut g, 2, &["Flagstaff", "Los Lunas", "Tombstone"]);
    assert_eq!(coaches(&g), ("El Paso".into(), "Los Lunas".into()), "move 5");
    quiet_move(&mut g, 2, &["Saloon", "Saloon", "Saloon"]);
    let exam = exam_log(&g, 2);
    assert!(
        between(&exam, "p2's card 2: El Paso.", "Rob the brown coach in El Paso succeeds", "p1's card 3:"),
        "evaluated at step 2: {exam:#?}"
    );
    assert_eq!(counter(&g, "turn", None), 3);
    assert_eq!(town(&g, "brown_at", None), "St. Johns", "turn 3, move 1: brown follows B from Gallup");
}

// ------------------------------------------------- T4-T6: Gregor, Patrick, Sabine, Leon

/// The cards of T4's table, move by move: Marshal, Gregor, Patrick, Sabine, Leon.
const STORY: [[&str; 5]; 5] = [
    ["Silver City", "Gallup", "El Paso", "Los Lunas", "Phoenix"],
    ["Salem", "Los Lunas", "Saloon", "La Luz", "Payson"],
    ["La Luz", "Socorro", "La Luz", "Salem", "Globe"],
    ["Saloon", "Salem", "Salem", "Saloon", "Silver City"],
    ["Socorro", "Silver City", "Socorro", "Socorro", "Saloon"],
];

/// The story's game (5 players: the Marshal, then Gregor, Patrick, Sabine, Leon), set up
/// as in T4's table: the Marshal in Tombstone, Sheriffs in Salem, Silver City, Tucson and
/// Gallup, the desperadoes in St. Johns, Silver City, Socorro and Tucson. The schedules
/// start with C, so the brown coach follows C in turn 1 (the example's turn 3, where blue
/// also runs on B: no blue coach runs in turn 1).
fn story_start() -> Game {
    let mut g = new_game(&with_first_schedule(3), 4, 5);
    place(
        &mut g,
        "Tombstone",
        &["Salem", "Silver City", "Tucson", "Gallup"],
        &["St. Johns", "Silver City", "Socorro", "Tucson"],
    );
    g
}

/// The Sheriffs of move `k` of the story: only in move 5 does one move (Salem to Socorro).
fn story_law(g: &mut Game, k: usize) {
    if k == 5 {
        answer(g, 1, "Ride to Socorro");
        sheriffs_stay(g, 3);
    } else {
        sheriffs_stay(g, 4);
    }
}

/// Move `k` of the story up to the cards: the Sheriffs, then everyone's card.
fn story_cards(g: &mut Game, k: usize) {
    story_law(g, k);
    play(g, &STORY[k - 1]);
}

/// The activity Gregor, Patrick and (in the story as told) Sabine choose in move 4.
const ROB: &str = "Rob the brown coach in Salem";

/// The activities of move 4: Gregor and Patrick rob the brown coach, Sabine answers
/// `sabine`, Leon spies on the bank in Silver City.
fn story_move_4_activities(g: &mut Game, sabine: &str) {
    answer(g, 2, ROB);
    answer(g, 3, ROB);
    answer(g, 4, sabine);
    answer(g, 5, "Spy on the bank in Silver City");
}

/// The story's game after moves 1 to `moves` in full (no activity but in move 4, where
/// Sabine answers `sabine`); after move 5 the turn ends and turn 2 waits for the Marshal.
fn story(moves: usize, sabine: &str) -> Game {
    let mut g = story_start();
    for k in 1..=moves {
        story_cards(&mut g, k);
        if k == 4 {
            story_move_4_activities(&mut g, sabine);
        } else {
            no_activity(&mut g);
        }
    }
    g
}

/// T4 (desperadoes' move, move 4): in Salem are a poker tile, the brown coach and one
/// Sheriff, one Sheriff is in Silver City; Gregor (cards leading to Socorro) and Patrick
/// (La Luz) play Salem, Sabine (in Salem) the Saloon, Leon (Globe) Silver City. Gregor,
/// Patrick and Sabine put their discs next to the coach, showing Salem, Salem, and Saloon
/// with Salem; Leon shows Silver City and sees the bank tile. Expected: the coach stays in
/// Salem in move 5, the three discs lie there, Leon knows the tile, the Marshal has seen
/// the shown cards and no other. Sabine alone may not cheat at poker (1 disc against 1
/// Sheriff): her disc is not placed. Adaptation: turn 1 with schedule C (see
/// [`story_start`]) instead of turn 3.
#[test]
fn t4_desperadoes_move_three_discs_rob_the_brown_coach_in_salem_and_leon_spies() {
    let mut g = story(3, ROB);
    story_law(&mut g, 4);
    // The example's circumstances after the coach and the Sheriffs moved.
    assert_eq!(town(&g, "brown_at", None), "Salem");
    assert_eq!(town_zone(&g, None, "salem", "poker").count, 1, "a poker tile in Salem");
    let law: Vec<String> = (1..=4).map(|i| town(&g, &format!("sheriff_{i}"), None)).collect();
    assert_eq!(law, ["Salem", "Silver City", "Tucson", "Gallup"]);
    for (s, at) in [(2, "Socorro"), (3, "La Luz"), (4, "Salem"), (5, "Globe")] {
        assert!(prompt(&g, s).contains(&format!("your cards lead to {at}.")), "seat {s}: {}", prompt(&g, s));
    }
    let tile = names(&town_zone(&g, None, "silver_city", "bank"));
    play(&mut g, &STORY[3]);
    assert_eq!(names(&town_zone(&g, Some(5), "silver_city", "bank")), ["?"], "Leon has not seen the tile yet");

    story_move_4_activities(&mut g, ROB);
    // The coach is held up: it does not ride on to Silver City in move 5.
    assert_eq!(counter(&g, "move", None), 5);
    assert_eq!(town(&g, "brown_at", None), "Salem");
    // The robbery: Gregor, Patrick and Sabine's discs in Salem, their proofs public. (Its
    // threshold, the 1 Sheriff in Salem now, shows at its evaluation: see T5.)
    for s in [2, 3, 4] {
        assert_eq!(counter(&g, "disc", Some(s)), town_no("Salem"), "seat {s}'s disc");
    }
    assert_eq!(counter(&g, "disc", Some(5)), 0, "spying takes no disc");
    for (s, shown) in [(2, "Salem"), (3, "Salem"), (4, "Saloon and Salem")] {
        let l = format!("p{s} shows {shown} and lays down a disc: Rob the brown coach in Salem.");
        assert!(log_has(&g, Some(1), &l), "{l}");
    }
    // Leon knows the tile.
    assert!(log_has(&g, Some(1), "p5 shows Silver City and spies on the bank in Silver City."));
    assert_eq!(names(&town_zone(&g, Some(5), "silver_city", "bank")), tile);
    // The Marshal has seen the shown cards, and only those.
    assert_eq!(row(&g, Some(1), 2), ["?", "?", "?", "Salem"]);
    assert_eq!(row(&g, Some(1), 3), ["?", "?", "?", "Salem"]);
    assert_eq!(row(&g, Some(1), 4), ["?", "?", "Salem", "Saloon"]);
    assert_eq!(row(&g, Some(1), 5), ["?", "?", "?", "Silver City"]);

    // Sabine may not cheat at poker alone: 1 disc is not more than 1 Sheriff.
    let mut g = story(3, ROB);
    story_cards(&mut g, 4);
    story_move_4_activities(&mut g, "Cheat at poker in Salem");
    assert_eq!(counter(&g, "disc", Some(4)), 0, "Sabine's disc is not placed");
    assert!(log_has(&g, Some(4), "Too few discs for Cheat at poker in Salem (1 against 1 Sheriff): none is placed."));
}

/// T5 (examination, continues T4): steps 1 and 2 arrest nobody; at step 3 the Marshal
/// and Patrick both reach La Luz: Patrick is arrested, hands over the La Luz card and
/// reveals no more cards, while Sabine, who left La Luz for Salem, is free. At step 4
/// Gregor and Sabine reach Salem: 2 against the 1 Sheriff who was there when the discs
/// were placed, so the coach robbery succeeds and the desperadoes take the top coach
/// tile; without Sabine's disc it would fail (1 against 1).
#[test]
fn t5_examination_patrick_arrested_in_la_luz_the_coach_robbery_succeeds_two_against_one() {
    let g = story(5, ROB);
    let exam = exam_log(&g, 1);
    let step_3 = line(&exam, "p1's card 3:");
    assert!(!exam[..step_3].iter().any(|l| l.contains("arrested")), "no arrest at steps 1-2: {exam:#?}");
    for l in [
        "p2's card 3: Socorro.",
        "p3's card 3: La Luz.",
        "p4's card 3: Salem.",
        "p5's card 3: Globe.",
        "p1's card 3: La Luz.",
    ] {
        assert!(exam.contains(&l.to_string()), "{l}: {exam:#?}");
    }
    assert!(between(
        &exam,
        "p1's card 3: La Luz.",
        "p3 is arrested in La Luz and hands over the La Luz card for the rest of the game.",
        "p1's card 4:"
    ));
    assert!(!exam.iter().any(|l| l.starts_with("p4 is arrested in La Luz")), "Sabine left La Luz");
    assert!(!exam.iter().any(|l| l.starts_with("p3's card 4") || l.starts_with("p3's card 5")), "no more reveals");
    assert_eq!(town(&g, "at", Some(3)), "La Luz", "Patrick stays where he was arrested");
    assert!(names(&g.view(None).zones["lost"]).contains(&"La Luz".to_string()));
    assert!(!hand(&g, 3).contains(&"La Luz".to_string()), "Patrick's La Luz card is gone for the game");
    // Step 4: Gregor and Sabine reach Salem; the robbery succeeds.
    for l in ["p2's card 4: Salem.", "p4's card 4: the Saloon; p4 stays in Salem.", "p5's card 4: Silver City."] {
        assert!(exam.contains(&l.to_string()), "{l}: {exam:#?}");
    }
    assert!(exam.contains(&"p1's card 4: the Saloon; p1 stays in La Luz.".to_string()));
    let booty = g.view(None).zones["booty"].clone();
    let coach: Vec<&ObjectView> = booty
        .objects
        .iter()
        .filter(|o| matches!(o, ObjectView::Shown { def, .. } if def.starts_with("coach_")))
        .collect();
    let [ObjectView::Shown { props, .. }] = coach[..] else { panic!("one coach tile in the booty: {booty:?}") };
    let won = format!("Rob the brown coach in Salem succeeds (2 against 1): the desperadoes take ${}.", props["value"]);
    assert!(between(&exam, "p1's card 4:", &won, "p1's card 5:"), "{won}: {exam:#?}");

    // Without Sabine's disc: 1 against 1, the robbery fails.
    let g = story(5, "No activity");
    let exam = exam_log(&g, 1);
    let lost = "Rob the brown coach in Salem fails: 1 desperado made it against 1 Sheriff.";
    assert!(between(&exam, "p1's card 4:", lost, "p1's card 5:"), "{exam:#?}");
    assert!(!names(&g.view(None).zones["booty"]).iter().any(|n| n.starts_with("Coach")));
}

/// T6 (bank hold-up, continues T5): in move 5 the Sheriff in Salem rode to Socorro. At
/// step 5 Leon stays in Silver City (Saloon) and Gregor arrives: 2 against its 1 Sheriff,
/// the bank is robbed and the desperadoes take its tile (the one Leon saw); Sabine and
/// the Marshal reach Socorro: Sabine is arrested and hands over her Socorro card, so
/// Socorro is not robbed; Patrick's fifth card stays hidden. At the end of the turn the
/// Marshal puts a new tile from the bank stack face down on Silver City, Patrick has lost
/// La Luz and Sabine Socorro, every other card and every disc is back.
#[test]
fn t6_bank_hold_up_silver_city_robbed_two_against_one_sabine_arrested_in_socorro() {
    let mut g = story(4, ROB);
    let stack = g.view(None).zones["bank_stack"].count;
    let socorro = names(&town_zone(&g, None, "socorro", "bank"));
    story_cards(&mut g, 5);
    no_activity(&mut g);
    let exam = exam_log(&g, 1);
    assert_eq!(town(&g, "sheriff_1", None), "Socorro", "the Salem Sheriff rode to Socorro in move 5");
    assert_eq!(town(&g, "sheriff_2", None), "Silver City");
    // Step 5.
    for l in [
        "p5's card 5: the Saloon; p5 stays in Silver City.",
        "p2's card 5: Silver City.",
        "p4's card 5: Socorro.",
        "p1's card 5: Socorro.",
    ] {
        assert!(exam.contains(&l.to_string()), "{l}: {exam:#?}");
    }
    let arrest = line(&exam, "p4 is arrested in Socorro and hands over the Socorro card for the rest of the game.");
    assert!(arrest > line(&exam, "p1's card 5:"));
    assert!(!exam.iter().any(|l| l.starts_with("p3's card 5")), "Patrick's card stays hidden");
    // The hold-ups, after step 5: Silver City is robbed of the tile Leon saw; Socorro is not.
    let spied = g.log_lines(Some(5));
    let spied = spied.iter().find_map(|l| l.strip_prefix("The bank in Silver City holds $")).expect("Leon's tile");
    let robbed =
        line(&exam, &format!("The bank in Silver City is robbed (2 against 1): the desperadoes take ${spied}"));
    assert!(robbed > arrest);
    assert!(!exam.iter().any(|l| l.contains("in Socorro is robbed")));
    assert_eq!(names(&town_zone(&g, None, "socorro", "bank")), socorro, "Socorro keeps its tile");
    // The end of the turn.
    assert_eq!(counter(&g, "turn", None), 2);
    assert!(log_has(&g, None, "The Marshal puts a new tile face down on the bank in Silver City."));
    assert_eq!(g.view(None).zones["bank_stack"].count, stack - 1);
    let refill = town_zone(&g, Some(1), "silver_city", "bank");
    assert!(
        matches!(refill.objects[..], [ObjectView::Shown { face_up: false, .. }]),
        "the Marshal may look: {refill:?}"
    );
    for s in 2..=5 {
        assert_eq!(names(&town_zone(&g, Some(s), "silver_city", "bank")), ["?"], "seat {s}");
    }
    let mut lost = names(&g.view(None).zones["lost"]);
    lost.sort();
    assert_eq!(lost, ["La Luz", "Socorro"]);
    for (s, gone) in [(1, None), (2, None), (3, Some("La Luz")), (4, Some("Socorro")), (5, None)] {
        let h = hand(&g, s);
        assert_eq!(h.len(), if gone.is_some() { 19 } else { 20 }, "seat {s}'s hand");
        if let Some(c) = gone {
            assert!(!h.contains(&c.to_string()), "seat {s} has lost {c}");
        }
        assert_eq!(g.view(None).seats[s - 1].zones["display"].count, 0, "seat {s}'s row");
        assert_eq!(counter(&g, "disc", Some(s)), 0, "seat {s}'s disc");
    }
}
