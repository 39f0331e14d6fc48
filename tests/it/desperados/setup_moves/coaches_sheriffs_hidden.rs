//! Desperados: 1.5 stage coaches (K), 1.6 sheriffs (H) and 1.7 hidden movement (M).

use super::*;

/// K1: in turn t the brown coach follows schedule #t; from turn 2 the blue coach follows
/// #(t-1), flipped; in turn 1 it is out of play.
#[test]
fn k1_brown_follows_schedule_t_blue_follows_t_minus_1() {
    let mut g = quiet_game();
    for t in 1..=5 {
        assert_eq!(counter(&g, &format!("schedule_{t}"), None), t, "schedule A first, then B, C, D, E");
        for k in 1..=5 {
            to_move(&mut g, t, k);
            let i = k as usize;
            assert_eq!(town(&g, "brown_at", None), route(&g, t)[i], "turn {t}, move {k}: brown");
            let blue = if t == 1 { "-".to_string() } else { route(&g, t - 1)[i].clone() };
            assert_eq!(town(&g, "blue_at", None), blue, "turn {t}, move {k}: blue");
        }
    }
}

/// K2: at the end of turn 1 the blue coach enters at the start of schedule #1 (flipped),
/// one schedule behind the brown coach (G-BLUE-ENTRY).
#[test]
fn k2_blue_coach_enters_after_turn_1_at_the_start_of_schedule_1() {
    let mut g = quiet_game();
    moves(&mut g, &ROWS);
    let enters = line_of(&g, "The blue coach enters in Los Lunas.");
    assert!(line_of(&g, "Turn 1: the examination.") < enters, "after the examination");
    assert!(enters < line_of(&g, "Turn 2 begins."), "before turn 2");
    assert!(log_has(&g, Some(2), "The blue coach enters in Los Lunas."), "in the open");
    assert_eq!(town(&g, "blue_at", None), "La Luz", "turn 2, move 1: on from Los Lunas");
    assert_eq!(town(&g, "brown_at", None), "St. Johns", "turn 2, move 1: brown on from Gallup");
    to_move(&mut g, 3, 1);
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("blue coach enters")).count(), 1, "once");
}

/// K3: the coaches ride every move, one road step, exactly as their schedules say; nobody
/// chooses it (the Marshal is asked only about his Sheriffs).
#[test]
fn k3_coaches_move_every_move_exactly_by_schedule() {
    let mut g = new_game(&content(), 3, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    let mut brown_was = route(&g, 1)[0].clone();
    for t in 1..=2 {
        let mut blue_was = (t == 2).then(|| route(&g, 1)[0].clone());
        for k in 1..=5 {
            to_move(&mut g, t, k);
            let brown = town(&g, "brown_at", None);
            assert!(roads(&brown_was).contains(&brown), "turn {t}, move {k}: brown {brown_was} -> {brown}");
            assert_eq!(brown, route(&g, t)[k as usize], "turn {t}, move {k}: brown");
            brown_was = brown;
            if let Some(was) = &mut blue_was {
                let blue = town(&g, "blue_at", None);
                assert!(roads(was).contains(&blue), "turn {t}, move {k}: blue {was} -> {blue}");
                assert_eq!(blue, route(&g, 1)[k as usize], "turn {t}, move {k}: blue");
                *was = blue;
            }
            for i in 1..=2 {
                assert!(prompt(&g, 1).starts_with(&format!("Sheriff {i} is in ")), "{}", prompt(&g, 1));
                answer(&mut g, 1, "Stay in ");
            }
            assert!(asking(&g, &format!("Turn {t}, move {k}: ")), "then the cards");
        }
    }
}

/// Turn 1 of schedule A first, three players: p2 holds up the brown coach in La Luz at move
/// 1 (no Sheriff there) while the Marshal, from Salem, plays `marshal`. Returns the game at
/// turn 2, move 1 (coaches ridden) and the brown coach's town at each move of turn 1.
fn brown_held_up_in_la_luz(marshal: [&'static str; 5]) -> (Game, Vec<String>) {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Salem", &["Tucson", "Tucson"], &["Los Lunas", "Tuba City"]);
    let p2 = ["La Luz", "Socorro", "Salem", "Silver City", "Globe"];
    let p3 = ["Gallup", "Shiprock", "Aztec", "Santa Fe", "Los Lunas"];
    let mut brown = Vec::new();
    for k in 0..5 {
        brown.push(town(&g, "brown_at", None));
        sheriffs_stay(&mut g, 2);
        play(&mut g, &[marshal[k], p2[k], p3[k]]);
        if k == 0 {
            answer(&mut g, 2, "Rob the brown coach in La Luz");
            no_activity(&mut g);
            assert_eq!(counter(&g, "brown_robbed", None), 1);
            assert!(log_has(&g, Some(1), "p2 shows La Luz and lays down a disc: Rob the brown coach in La Luz."));
        }
        no_activity(&mut g);
    }
    (g, brown)
}

/// The Marshal's cards with which p2 is arrested in La Luz at step 1: the hold-up fails.
const ARREST_IN_LA_LUZ: [&str; 5] = ["La Luz", "El Paso", "Silver City", "Tombstone", "Nogales"];
/// The Marshal's cards that meet nobody: the hold-up succeeds.
const ELSEWHERE: [&str; 5] = ["El Paso", "Silver City", "Tombstone", "Nogales", "Tucson"];

/// K4: a coach that had discs placed next to it stops and stays in its town for the rest of
/// the turn, whether the hold-up succeeds at the examination or not.
#[test]
fn k4_a_held_up_coach_stays_until_the_examination() {
    for (marshal, outcome) in [(ARREST_IN_LA_LUZ, "fails"), (ELSEWHERE, "succeeds")] {
        let (g, brown) = brown_held_up_in_la_luz(marshal);
        assert_eq!(brown, ["La Luz"; 5], "the hold-up {outcome}");
        assert!(log_has(&g, Some(2), &format!("Rob the brown coach in La Luz {outcome}")), "{:?}", g.log_lines(None));
        let log = g.log_lines(None);
        let turn_1 = &log[..line_of(&g, "Turn 1: the examination.")];
        let rides = turn_1.iter().filter(|l| l.starts_with("The brown coach rides")).count();
        assert_eq!(rides, 1, "the hold-up {outcome}: brown rode at move 1 only");
    }
}

/// K5: at the end of the turn a coach that was held up (hold-up successful or not) goes to
/// the start of its next schedule; a coach that was not is at the end of its schedule,
/// which is the next one's start (also U3).
#[test]
fn k5_end_of_turn_coaches_go_to_the_start_of_their_next_schedule() {
    for marshal in [ARREST_IN_LA_LUZ, ELSEWHERE] {
        let (mut g, _) = brown_held_up_in_la_luz(marshal);
        assert_eq!(counter(&g, "brown_robbed", None), 0, "no longer held up");
        assert_eq!(town(&g, "brown_at", None), "St. Johns", "turn 2, move 1: on from Gallup, the start of B");
        let log = g.log_lines(None);
        let turn_2 = &log[line_of(&g, "Turn 2 begins.")..];
        assert!(turn_2.iter().any(|l| l == "The brown coach rides to St. Johns."));
        assert!(roads("Gallup").contains("St. Johns") && !roads("La Luz").contains("St. Johns"));
        for k in 2..=5 {
            to_move(&mut g, 2, k);
        }
        assert_eq!(town(&g, "brown_at", None), "Flagstaff", "turn 2 ends at the end of B");
        assert_eq!(town(&g, "blue_at", None), "Gallup", "and blue at the end of A");
        to_move(&mut g, 3, 1);
        assert_eq!(town(&g, "brown_at", None), "Payson", "turn 3, move 1: on from Flagstaff, the start of C");
        assert_eq!(town(&g, "blue_at", None), "St. Johns", "turn 3, move 1: on from Gallup, the start of B");
    }
}

// ------------------------------------------------------------------------ 1.6 sheriffs

/// H1: each Sheriff may ride one road or stay; all, some or none may ride; several may
/// share a town (also T2: from Globe to Tucson or Silver City, not to Tombstone).
#[test]
fn h1_each_sheriff_may_ride_one_road_or_stay() {
    let mut g = new_game(&with_first_schedule(1), 1, 4);
    place(&mut g, "Tuba City", &["Globe", "Phoenix", "Salem"], &["Aztec", "Nogales", "Santa Fe"]);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    let mut want = set(&["Stay in Globe"]);
    want.extend(roads("Globe").iter().map(|t| format!("Ride to {t}")));
    assert_eq!(offered, want);
    assert!(offered.contains("Ride to Tucson") && offered.contains("Ride to Silver City"));
    assert!(!offered.contains("Ride to Tombstone"));
    answer(&mut g, 1, "Stay in Globe");
    answer(&mut g, 1, "Ride to Globe");
    answer(&mut g, 1, "Ride to Silver City");
    let sheriffs = |g: &Game| -> Vec<String> { (1..=3).map(|i| town(g, &format!("sheriff_{i}"), None)).collect() };
    assert_eq!(sheriffs(&g), ["Globe", "Globe", "Silver City"], "some ride, two share Globe");
    assert!(log_has(&g, Some(2), "Sheriff 2 rides from Phoenix to Globe."), "in the open");
    assert!(!log_has(&g, None, "Sheriff 1 rides"));
    play(&mut g, &["Gallup", "Shiprock", "Tucson", "Los Lunas"]);
    no_activity(&mut g);
    answer(&mut g, 1, "Stay in Globe");
    answer(&mut g, 1, "Stay in Globe");
    assert!(labels(&g, 1).contains(&"Ride to Tombstone".to_string()), "T2: Silver City to Tombstone");
    answer(&mut g, 1, "Stay in Silver City");
    assert_eq!(sheriffs(&g), ["Globe", "Globe", "Silver City"], "none rides");
    assert!(asking(&g, "Turn 1, move 2: "));
}

/// H2: Sheriffs never arrest: a desperado who ends steps in the Sheriffs' town goes on.
#[test]
fn h2_sheriffs_never_arrest() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Socorro", "Aztec"]);
    moves(
        &mut g,
        &[
            ["Flagstaff", "Salem", "Shiprock"],
            ["Payson", "Saloon", "Gallup"],
            ["Phoenix", "La Luz", "Los Lunas"],
            ["Globe", "El Paso", "Santa Fe"],
            ["Tucson", "Silver City", "Saloon"],
        ],
    );
    assert!(log_has(&g, None, "p2's card 1: Salem."));
    assert!(log_has(&g, None, "p2's card 2: the Saloon; p2 stays in Salem."));
    assert!(log_has(&g, None, "p2's card 5: Silver City."), "p2 went on");
    assert!(!log_has(&g, None, "arrested"), "{:?}", g.log_lines(None));
    assert_eq!(town(&g, "at", Some(2)), "Silver City");
}

// ----------------------------------------------------------------- 1.7 hidden movement

/// M1: every move every player places exactly one card of his hand, to the right of those
/// already placed: after move 5 each has a row of five, in move order.
#[test]
fn m1_one_card_a_move_into_a_row_of_five() {
    let mut g = quiet_game();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for req in g.pending() {
            let s = req.seat;
            assert!(!req.multi, "move {}: seat {s} plays one card", k + 1);
            let hand: BTreeSet<String> = names(&g.view(Some(s)).seats[s - 1].zones["hand"]).into_iter().collect();
            let offered = req.labels();
            assert!(!offered.is_empty(), "move {}: seat {s} must play", k + 1);
            assert!(offered.iter().all(|l| hand.contains(l)), "move {}: seat {s}: {offered:?}", k + 1);
        }
        assert_eq!(waiting(&g), [1, 2, 3]);
        play(&mut g, r);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..=k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, None, s), want, "move {}: seat {s}'s row", k + 1);
            assert_eq!(hand_size(&g, s), 19 - k, "move {}: seat {s}'s hand", k + 1);
        }
        if k == 4 {
            assert!(asking(&g, "Move 5: "), "an activity is offered: the rows are seen before the examination");
        }
        no_activity(&mut g);
    }
    assert!(log_has(&g, None, "p1's card 5: Globe."));
}

/// M2: a town card moves to that town, which must be joined by a road to the town the
/// previous card led to (the pawn's town for the first card); no other town is offered.
#[test]
fn m2_a_town_card_must_be_a_road_from_the_previous_town() {
    let mut g = quiet_game();
    let mut at = ["Tuba City", "Aztec", "Tucson"].map(String::from);
    let mut used: [BTreeSet<String>; 3] = Default::default();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for s in 1..=3 {
            let mut want: BTreeSet<String> = roads(&at[s - 1]).difference(&used[s - 1]).cloned().collect();
            if !used[s - 1].contains("Saloon") {
                want.insert("Saloon".into());
            }
            let offered: BTreeSet<String> = labels(&g, s).into_iter().collect();
            assert_eq!(offered, want, "move {}: seat {s}, cards leading to {}", k + 1, at[s - 1]);
        }
        if k == 0 {
            let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
            assert_eq!(offered, set(&["Flagstaff", "Gallup", "Shiprock", "Saloon"]), "T1: from Tuba City");
            let n = labels(&g, 1).len() as u32;
            assert!(g.choose(1, &[n + 1]).is_err(), "no card beyond those offered");
        }
        play(&mut g, r);
        for s in 1..=3 {
            used[s - 1].insert(r[s - 1].to_string());
            if r[s - 1] != "Saloon" {
                at[s - 1] = r[s - 1].to_string();
            }
        }
        no_activity(&mut g);
    }
    for (s, t) in at.iter().enumerate() {
        assert_eq!(&town(&g, "at", Some(s + 1)), t, "seat {}: the cards moved the pawn", s + 1);
    }
}

/// M3: the Saloon is the only way to stay (the card of the town one is in is never
/// offered), and only once a turn; it comes back the next turn.
#[test]
fn m3_the_saloon_is_the_only_way_to_stay_and_only_once_a_turn() {
    let mut g = quiet_game();
    let mut at = ["Tuba City", "Aztec", "Tucson"].map(String::from);
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for s in 1..=3 {
            assert!(!labels(&g, s).contains(&at[s - 1]), "move {}: seat {s} may not stay by {}", k + 1, at[s - 1]);
        }
        if k == 0 {
            assert!(names(&g.view(Some(1)).seats[0].zones["hand"]).contains(&"Tuba City".to_string()));
        }
        assert_eq!(labels(&g, 1).contains(&"Saloon".to_string()), k <= 3, "move {}: the Marshal's Saloon", k + 1);
        play(&mut g, r);
        for s in 1..=3 {
            if r[s - 1] != "Saloon" {
                at[s - 1] = r[s - 1].to_string();
            }
        }
        no_activity(&mut g);
    }
    assert!(log_has(&g, Some(2), "p1's card 4: the Saloon; p1 stays in Phoenix."));
    sheriffs_stay(&mut g, 2);
    let offered = labels(&g, 1);
    assert!(offered.contains(&"Saloon".to_string()), "turn 2: the Saloon is back: {offered:?}");
    assert!(names(&g.view(Some(1)).seats[0].zones["hand"]).contains(&"Globe".to_string()));
    assert!(!offered.contains(&"Globe".to_string()), "turn 2: no staying in Globe by its card");
}

/// M4: each card once a turn, so no town is entered twice in a turn (Matthias: from St.
/// Johns, after Gallup, Gallup is not offered); the cards come back for the next turn.
#[test]
fn m4_each_card_once_a_turn_no_town_entered_twice() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Nogales"]);
    let rows = [
        ["Gallup", "Santa Fe", "Tombstone"],
        ["St. Johns", "Los Lunas", "Silver City"],
        ["Saloon", "Socorro", "El Paso"],
        ["Globe", "Salem", "La Luz"],
        ["Tucson", "El Paso", "Los Lunas"],
    ];
    moves(&mut g, &rows[..2]);
    sheriffs_stay(&mut g, 2);
    assert!(roads("St. Johns").contains("Gallup"));
    assert!(!labels(&g, 1).contains(&"Gallup".to_string()), "move 3: Gallup again");
    play(&mut g, &rows[2]);
    no_activity(&mut g);
    sheriffs_stay(&mut g, 2);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    assert_eq!(offered, set(&["Globe", "Socorro", "Silver City", "Payson", "Flagstaff"]), "T1, move 4");
    assert!(roads("El Paso").contains("Silver City"));
    assert!(!labels(&g, 3).contains(&"Silver City".to_string()), "move 4: p3 back to Silver City");
    play(&mut g, &rows[3]);
    no_activity(&mut g);
    moves(&mut g, &rows[4..]);
    sheriffs_stay(&mut g, 2);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    assert_eq!(offered, set(&["Phoenix", "Globe", "Nogales", "Silver City", "Saloon"]), "turn 2 from Tucson");
}

/// M5: a player may look at his own placed cards at any time, also while the cards of a
/// move are being played.
#[test]
fn m5_a_player_sees_his_own_placed_cards() {
    let mut g = quiet_game();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        answer(&mut g, 1, r[0]);
        answer(&mut g, 2, r[1]);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, Some(s), s), want, "move {}, p3 still to play: seat {s}'s own row", k + 1);
        }
        assert_eq!(revisable_label(&g, 1).as_deref(), Some(r[0]), "and the card he is playing");
        answer(&mut g, 3, r[2]);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..=k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, Some(s), s), want, "move {}: seat {s}'s own row", k + 1);
        }
        no_activity(&mut g);
    }
}

/// M6: until every player has placed his card for the move, anyone, the Marshal included,
/// may take his card back and play another; then the cards are locked.
#[test]
fn m6_cards_may_be_changed_until_all_have_played() {
    let mut g = quiet_game();
    sheriffs_stay(&mut g, 2);
    answer(&mut g, 2, "Santa Fe");
    revise(&mut g, 2, "Shiprock");
    assert_eq!(revisable_label(&g, 2).as_deref(), Some("Shiprock"));
    assert_eq!(answers_seen(&g, 3), [(2, "Shiprock".to_string())], "p3 sees the new card");
    answer(&mut g, 1, "Gallup");
    revise(&mut g, 1, "Flagstaff");
    assert_eq!(revisable_label(&g, 1).as_deref(), Some("Flagstaff"));
    assert_eq!(waiting(&g), [3]);
    answer(&mut g, 3, "Nogales");
    assert_eq!(row(&g, None, 1), ["Flagstaff"]);
    assert_eq!(row(&g, None, 2), ["Shiprock"]);
    assert_eq!(row(&g, None, 3), ["Nogales"]);
    assert!(names(&g.view(None).seats[0].zones["hand"]).contains(&"Gallup".to_string()), "taken back");
    assert!(names(&g.view(None).seats[1].zones["hand"]).contains(&"Santa Fe".to_string()), "taken back");
    assert!(g.revisable(1).is_none() && g.revisable(2).is_none() && g.revisable(3).is_none(), "locked");
    assert!(g.choose(1, &[1]).is_err(), "the Marshal may not change his card any more");
    assert!(labels(&g, 2).contains(&"Cheat at poker in Shiprock".to_string()), "the move goes on from Shiprock");
}

/// M7: the desperadoes see each other's cards, while playing them and in their rows, and
/// plan their activities together; the Marshal sees none of their cards, nor they his.
#[test]
fn m7_desperadoes_see_each_others_cards_the_marshal_does_not() {
    let mut g = quiet_game();
    sheriffs_stay(&mut g, 2);
    answer(&mut g, 2, "Santa Fe");
    assert_eq!(answers_seen(&g, 3), [(2, "Santa Fe".to_string())], "p3 sees p2's card");
    assert_eq!(answers_seen(&g, 1), [], "the Marshal does not");
    answer(&mut g, 1, "Flagstaff");
    assert_eq!(answers_seen(&g, 1), [(1, "Flagstaff".to_string())]);
    assert_eq!(answers_seen(&g, 3), [(2, "Santa Fe".to_string())], "the Marshal's card is his alone");
    assert!(!g.log_lines(Some(1)).iter().any(|l| l.contains("Santa Fe")), "nor does his log tell");
    answer(&mut g, 3, "Nogales");
    assert_eq!(row(&g, Some(3), 2), ["Santa Fe"]);
    assert_eq!(row(&g, Some(2), 3), ["Nogales"]);
    assert_eq!((row(&g, Some(1), 2), row(&g, Some(1), 3)), (vec!["?".to_string()], vec!["?".to_string()]));
    assert_eq!((row(&g, Some(2), 1), row(&g, Some(3), 1)), (vec!["?".to_string()], vec!["?".to_string()]));
    assert!(g.view(Some(1)).deciding.is_empty(), "the Marshal is not told who plans an activity");
    answer(&mut g, 3, "No activity");
    assert_eq!(answers_seen(&g, 2), [(3, "No activity".to_string())], "p2 sees p3's intent");
    assert_eq!(answers_seen(&g, 1), [], "the Marshal does not");
    answer(&mut g, 2, "No activity");
    assert_eq!(row(&g, Some(1), 2), ["?"], "still hidden after the activities");
}
