//! Desperados: 1.8 activities (the A lines).

use super::*;

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
    assert_eq!(
        labels(&g, 3),
        [
            "No activity",
            "Rob the brown coach in Silver City (1 Sheriff there: 2 discs needed)",
            "Spy on the bank in Silver City"
        ]
    );
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
