//! Desperados: 1.11 upkeep (U) and 1.12 the end of the game (W).

use super::*;

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
    let five = variant(&[("first_schedule: 0", "first_schedule: 1")]);
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
    assert!((2..=6).all(|s| scores[&s] == 2500) && scores[&1] == -2500, "the margin: {scores:?}");
}

/// W2: "Optional: groups may adjust the 4,000 target for skill (engine option, default
/// 4,000)."
#[test]
fn w2_the_target_is_a_setting() {
    let easy = variant(&[
        ("turns: 5", "turns: 1"),
        ("moves: 5", "moves: 1"),
        ("first_schedule: 0", "first_schedule: 1"),
        ("target_per_desperado: 4000", "target_per_desperado: 100"),
    ]);
    for (content, won) in [(short(1, 1), false), (easy, true)] {
        let mut g = start(&content, 3, "Tuba City", &["Tombstone", "Tombstone"], &["Salem", "Socorro"]);
        step(&mut g, &["Flagstaff", "La Luz", "Salem"], &[(2, "Cheat at poker in La Luz")]);
        let goal =
            if won { "of the $200 they needed: they win." } else { "of the $8000 they needed: the Marshal wins." };
        assert!(log_has(&g, None, goal), "{:?}", g.log_lines(None).last());
        assert_eq!(winners(&g), if won { vec![2, 3] } else { vec![1] });
    }
}
