//! Desperados: 1.9 examination (E) and 1.10 hold-ups (B).

use super::*;

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
