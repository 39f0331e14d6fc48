//! Desperados: the play decisions of the gaps file (G-...).

use super::*;

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
    let content =
        variant(&[("turns: 5", "turns: 2"), ("moves: 5", "moves: 4"), ("first_schedule: 0", "first_schedule: 2")]);
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
    let (ids, _) = g.pending().into_iter().find(|r| r.seat == 1).expect("p1 is asked").ids();
    assert!(ids.iter().all(|id| id.as_deref() == Some("impossible")), "{ids:?}");
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
    // The scores are the margin against the target ($4,000 a desperado, two here).
    let scores = &g.result().unwrap().scores;
    assert_eq!((scores[&1], scores[&2], scores[&3]), (8000 - total, total - 8000, total - 8000));
}

/// G-BLUE-ENTRY: "Blue coach enters at the start city of flipped schedule #1, i.e. it
/// starts turn 2 one schedule behind the brown coach; it never uses schedule #5."
#[test]
fn g_blue_entry_one_schedule_behind_the_brown_coach() {
    let five = variant(&[("first_schedule: 0", "first_schedule: 1")]);
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
    let tie = variant(&[
        ("turns: 5", "turns: 1"),
        ("moves: 5", "moves: 1"),
        ("first_schedule: 0", "first_schedule: 1"),
        ("target_per_desperado: 4000", &target),
    ]);
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
