//! Desperados: 1.3 setup (S) and 1.4 the game's structure (G).

use super::*;

/// S1: the board in the middle: every seat sees the same board, with the same tiles on the
/// same towns and the same pieces in the open.
#[test]
fn s1_one_board_shared_by_all() {
    let mut g = new_game(&content(), 1, 4);
    place(&mut g, "Tuba City", &["Salem", "Salem", "Globe"], &["Aztec", "Tucson", "Nogales"]);
    let all = g.view(None);
    let c = content();
    let nodes: BTreeSet<&String> = c.board.nodes().iter().collect();
    for seat in 1..=4 {
        let v = g.view(Some(seat));
        assert_eq!(v.board.keys().collect::<BTreeSet<_>>(), nodes, "seat {seat}");
        for (n, zones) in &v.board {
            let tiles = |z: &BTreeMap<String, ZoneView>| (z["bank"].count, z["poker"].count);
            assert_eq!(tiles(zones), tiles(&all.board[n]), "seat {seat}, {n}");
            assert_eq!(tiles(zones).0 + tiles(zones).1, 1, "{n} has one tile");
        }
        assert_eq!(v.counters, all.counters, "seat {seat}: coaches, Sheriffs, schedules");
        for s in 1..=4 {
            assert_eq!(v.seats[s - 1].counters["at"], all.seats[s - 1].counters["at"], "seat {seat} sees pawn {s}");
        }
    }
}

/// S2: two 2000 bank tiles aside; three low and two high tiles, shuffled, on the banks;
/// the other three low and two high shuffled into the bank stack, the two 2000s at its
/// bottom; all face down.
#[test]
fn s2_bank_tiles_three_low_two_high_on_the_banks_two_2000_at_the_bottom() {
    let c = content();
    let banks: Vec<String> =
        c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
    let low = |v: &i64| *v <= 2000;
    let mut layouts = BTreeSet::new();
    let mut stacks = BTreeSet::new();
    for seed in 1..=8 {
        let g = new_game(&content(), seed, 3);
        let v = g.view(None);
        let on: Vec<i64> = banks.iter().map(|b| values(&v.board[b]["bank"])[0]).collect();
        assert_eq!(on.iter().filter(|v| low(v)).count(), 3, "seed {seed}: banks hold {on:?}");
        let stack = values(&v.zones["bank_stack"]);
        assert_eq!(stack.len(), 7, "seed {seed}: {stack:?}");
        assert_eq!(stack[5..], [2000, 2000], "seed {seed}: the two set-aside 2000s at the bottom: {stack:?}");
        assert_eq!(stack[..5].iter().filter(|v| low(v)).count(), 3, "seed {seed}: {stack:?}");
        assert_eq!(v.zones["set_aside"].count, 0);
        for b in &banks {
            assert!(face_down(&v.board[b]["bank"]), "seed {seed}: {b}");
            assert!(all_hidden(&g.view(Some(2)).board[b]["bank"]), "seed {seed}: a desperado sees {b}'s tile");
        }
        assert!(face_down(&v.zones["bank_stack"]) && all_hidden(&g.view(Some(1)).zones["bank_stack"]));
        layouts.insert(on);
        stacks.insert(stack);
    }
    assert!(layouts.len() > 4, "the banks' tiles are shuffled: {layouts:?}");
    assert!(stacks.len() > 4, "the bank stack is shuffled: {stacks:?}");
}

/// S3: the poker tiles shuffled face down, one on each of the 14 towns without a bank.
#[test]
fn s3_one_poker_tile_face_down_on_each_town_without_a_bank() {
    let c = content();
    let banks: BTreeSet<&str> = c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()).collect();
    let mut layouts = BTreeSet::new();
    for seed in 1..=6 {
        let g = new_game(&content(), seed, 3);
        let v = g.view(None);
        let mut layout = Vec::new();
        for n in c.board.nodes() {
            let poker = &v.board[n]["poker"];
            let want = if banks.contains(n.as_str()) { 0 } else { 1 };
            assert_eq!(poker.count, want, "seed {seed}: {n}");
            assert!(face_down(poker), "seed {seed}: {n}");
            for seat in 1..=3 {
                assert!(all_hidden(&g.view(Some(seat)).board[n]["poker"]), "seed {seed}: seat {seat} sees {n}");
            }
            layout.extend(values(poker));
        }
        layouts.insert(layout);
    }
    assert!(layouts.len() > 4, "the poker tiles are shuffled: {layouts:?}");
}

/// S4: the coach tiles shuffled face down into one stack.
#[test]
fn s4_coach_tiles_shuffled_face_down_into_one_stack() {
    let mut orders = BTreeSet::new();
    for seed in 1..=6 {
        let g = new_game(&content(), seed, 3);
        let stack = &g.view(None).zones["coach_stack"];
        assert_eq!(stack.count, 10);
        assert!(face_down(stack), "seed {seed}");
        for seat in 1..=3 {
            assert!(all_hidden(&g.view(Some(seat)).zones["coach_stack"]), "seed {seed}: seat {seat}");
        }
        orders.insert(values(stack));
    }
    assert!(orders.len() > 4, "the coach stack is shuffled: {orders:?}");
}

/// S5: a random first schedule, then each next one starts where the one before ends, all
/// five laid out: a cycle with five different starts (rulebook example: #1 Los Lunas to
/// Gallup, #2 Gallup to Flagstaff).
#[test]
fn s5_schedules_chained_from_a_random_first() {
    let mut firsts = BTreeSet::new();
    for seed in 1..=10 {
        let g = new_game(&content(), seed, 3);
        let routes: Vec<Vec<String>> = (1..=5).map(|i| route(&g, i)).collect();
        for i in 0..5 {
            let (this, next) = (&routes[i], &routes[(i + 1) % 5]);
            assert_eq!(this.last(), next.first(), "seed {seed}: schedule {} ends where {} starts", i + 1, i + 2);
        }
        let starts: BTreeSet<&String> = routes.iter().map(|r| &r[0]).collect();
        assert_eq!(starts.len(), 5, "seed {seed}");
        firsts.insert(counter(&g, "schedule_1", None));
    }
    assert!(firsts.len() > 2, "the first schedule is drawn at random: {firsts:?}");
    let g = new_game(&with_first_schedule(1), 1, 3);
    assert!(log_has(&g, Some(2), "The schedules: A (Los Lunas to Gallup), B (Gallup to Flagstaff), C "));
}

/// S6: the brown coach on the start of schedule #1; the blue coach beside the board, out of
/// play in turn 1.
#[test]
fn s6_brown_coach_on_the_first_start_blue_beside_the_board() {
    for seed in [1, 2, 3] {
        let mut g = new_game(&content(), seed, 3);
        place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
        let first = route(&g, 1);
        assert!(log_has(&g, Some(2), &format!("The brown coach waits in {}.", first[0])), "seed {seed}");
        for k in 1..=5 {
            to_move(&mut g, 1, k);
            assert_eq!(town(&g, "brown_at", None), first[k as usize], "seed {seed}, move {k}");
            assert_eq!(counter(&g, "blue_at", None), 0, "seed {seed}, move {k}: blue beside the board");
        }
        assert!(g.render(Some(2)).unwrap().contains("Blue coach: beside the board"));
    }
}

/// S7: the Marshal (with the white deck) places his pawn and all his Sheriffs in towns of
/// his choice, several in one town if he likes, before the desperadoes place theirs.
#[test]
fn s7_the_marshal_places_himself_and_his_sheriffs_anywhere() {
    let mut g = new_game(&content(), 1, 4);
    assert_eq!(prompt(&g, 1), "Setup: where does the Marshal start?");
    assert_eq!(labels(&g, 1).len(), 19);
    assert_eq!(hand_size(&g, 1), 20, "the Marshal has his deck");
    answer(&mut g, 1, "Salem");
    for i in 1..=3 {
        assert_eq!(waiting(&g), [1], "the desperadoes wait for the law");
        assert_eq!(prompt(&g, 1), format!("Setup: where does Sheriff {i} start?"));
        assert_eq!(labels(&g, 1).len(), 19);
        answer(&mut g, 1, "Salem");
    }
    assert_eq!(counter(&g, "at", Some(1)), town_no("Salem"));
    for i in 1..=3 {
        assert_eq!(counter(&g, &format!("sheriff_{i}"), None), town_no("Salem"), "Sheriff {i} shares Salem");
    }
    assert_eq!(waiting(&g), [2]);
    let v = g.view(Some(2));
    assert_eq!(v.counters["sheriff_1"], town_no("Salem"), "p2 sees where the Sheriffs are");
    assert_eq!(v.seats[0].counters["at"], town_no("Salem"), "p2 sees where the Marshal is");
}

/// S8: each desperado places his pawn in any town; sharing a town with the Marshal or a
/// Sheriff then has no effect (also G-START-COLOCATION: only end-of-step positions count).
#[test]
fn s8_desperadoes_place_their_pawns_anywhere_without_effect() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    answer(&mut g, 1, "Salem");
    answer(&mut g, 1, "Globe");
    answer(&mut g, 1, "Globe");
    assert_eq!(prompt(&g, 2), "Setup: where does your desperado start?");
    assert_eq!(labels(&g, 2).len(), 19);
    answer(&mut g, 2, "Salem");
    assert_eq!(labels(&g, 3).len(), 19);
    answer(&mut g, 3, "Globe");
    assert_eq!((counter(&g, "at", Some(2)), counter(&g, "at", Some(3))), (town_no("Salem"), town_no("Globe")));
    assert_eq!(waiting(&g), [1], "the game goes on to the first move");
    moves(
        &mut g,
        &[
            ["El Paso", "Socorro", "Phoenix"],
            ["Silver City", "Los Lunas", "Payson"],
            ["Tombstone", "Santa Fe", "Flagstaff"],
            ["Nogales", "Aztec", "Tuba City"],
            ["Tucson", "Shiprock", "Gallup"],
        ],
    );
    assert!(!log_has(&g, None, "arrested"), "{:?}", g.log_lines(None));
    assert_eq!(town(&g, "at", Some(2)), "Shiprock", "p2 played his whole turn");
    assert_eq!(town(&g, "at", Some(3)), "Gallup", "p3 played his whole turn");
}

// ----------------------------------------------------------------- 1.4 game structure

/// G1: five turns of five moves, each turn closed by the examination, the bank hold-ups
/// and the upkeep; then the game is over.
#[test]
fn g1_five_turns_of_five_moves_then_examination() {
    let mut g = new_game(&content(), 7, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    let mut seen = Vec::new();
    while !g.is_over() {
        let card = g.pending().iter().find(|r| r.seat == 1).and_then(|r| turn_move(&r.prompt()));
        if let Some((t, k)) = card {
            if seen.last() != Some(&(t, k)) {
                seen.push((t, k));
                if k == 1 {
                    let v = g.view(None);
                    let rows: usize = v.seats.iter().map(|s| s.zones["display"].count).sum();
                    let hands: usize = v.seats.iter().map(|s| s.zones["hand"].count).sum();
                    assert_eq!(rows, 0, "turn {t}: the rows were taken back");
                    assert_eq!(hands + v.zones["lost"].count, 60, "turn {t}: every card but the lost in hand");
                }
            }
        }
        step(&mut g);
    }
    let want: Vec<(i64, i64)> = (1..=5).flat_map(|t| (1..=5).map(move |k| (t, k))).collect();
    assert_eq!(seen, want);
    let log = g.log_lines(None);
    for t in 1..=5 {
        let begins = line_of(&g, &format!("Turn {t} begins."));
        let exam = line_of(&g, &format!("Turn {t}: the examination."));
        let end = if t < 5 { line_of(&g, &format!("Turn {} begins.", t + 1)) } else { log.len() };
        assert!(begins < exam && exam < end, "turn {t}");
        let plays = log[begins..exam].iter().filter(|l| l.ends_with("plays a card face down.")).count();
        assert_eq!(plays, 15, "turn {t}: five moves of three cards before the examination");
        assert!(log[begins..exam].iter().all(|l| !l.contains("'s card ")), "turn {t}: nothing revealed before");
        assert!(log[exam..end].iter().any(|l| l.contains("'s card 1")), "turn {t}: the examination reveals");
    }
    assert_eq!(counter(&g, "turn", None), 5);
    assert!(g.result().is_some());
}

/// G2: each move in this order: (a) the coaches ride, (b) the Marshal moves his Sheriffs,
/// (c, d) the hidden cards, then the desperadoes' activities (the Marshal has none). The
/// Marshal's card and the desperadoes' are asked at once, each revisable until all have
/// played (DECISIONS.md, G-CHANGE-WINDOW): nobody plays after seeing a final card.
#[test]
fn g2_each_move_coaches_then_sheriffs_then_hidden_cards_then_activities() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Globe", "Phoenix"], &["Aztec", "Tucson"]);
    assert_eq!(waiting(&g), [1]);
    assert_eq!(prompt(&g, 1), "Sheriff 1 is in Globe.");
    assert_eq!(town(&g, "brown_at", None), "La Luz", "(a) the coach rode first");
    assert!(log_has(&g, Some(2), "The brown coach rides to La Luz."), "(a) in the open");
    answer(&mut g, 1, "Ride to Payson");
    assert_eq!(prompt(&g, 1), "Sheriff 2 is in Phoenix.");
    answer(&mut g, 1, "Stay in Phoenix");
    assert_eq!(waiting(&g), [1, 2, 3], "(c, d) every card at once");
    for s in 1..=3 {
        assert!(prompt(&g, s).starts_with("Turn 1, move 1: "), "seat {s}: {}", prompt(&g, s));
    }
    assert_eq!(g.view(Some(2)).counters["sheriff_1"], town_no("Payson"), "(b) the Sheriff rode before the cards");
    play(&mut g, &["Flagstaff", "Santa Fe", "Nogales"]);
    assert_eq!(waiting(&g), [2, 3], "then the desperadoes' activities, not the Marshal's");
    assert!(prompt(&g, 2).starts_with("Move 1: an activity"));
    no_activity(&mut g);
    assert_eq!(prompt(&g, 1), "Sheriff 1 is in Payson.", "the next move begins");
    assert_eq!(town(&g, "brown_at", None), "El Paso", "with the coaches again");
}

/// G3: coaches and Sheriffs move in the open at once; the pawns of the Marshal and the
/// desperadoes stay where they are until the examination.
#[test]
fn g3_pawns_move_only_at_the_examination() {
    let mut g = quiet_game();
    let brown = ["La Luz", "El Paso", "Silver City", "St. Johns", "Gallup"];
    let pawns = |g: &Game, viewer: usize| -> Vec<i64> {
        let v = g.view(Some(viewer));
        (1..=3).map(|s| v.seats[s - 1].counters["at"]).collect()
    };
    let start = [town_no("Tuba City"), town_no("Aztec"), town_no("Tucson")];
    for (k, r) in ROWS.iter().enumerate() {
        assert_eq!(town_name(g.view(Some(2)).counters["brown_at"]), brown[k], "move {}: the coach", k + 1);
        if k == 0 {
            answer(&mut g, 1, "Ride to Silver City");
            assert_eq!(g.view(Some(3)).counters["sheriff_1"], town_no("Silver City"), "the Sheriff, at once");
            answer(&mut g, 1, "Stay in Salem");
        } else {
            sheriffs_stay(&mut g, 2);
        }
        play(&mut g, r);
        no_activity(&mut g);
        if k < 4 {
            for viewer in 1..=3 {
                assert_eq!(pawns(&g, viewer), start, "move {}: seat {viewer} sees the pawns", k + 1);
            }
        }
    }
    assert_eq!(pawns(&g, 2), [town_no("Globe"), town_no("El Paso"), town_no("Gallup")], "moved at the examination");
}

/// G4: the Marshal knows the tiles on the banks at any time: those of the setup and those
/// put down after a hold-up; the desperadoes do not.
#[test]
fn g4_the_marshal_knows_the_bank_tiles() {
    let c = content();
    let banks: Vec<String> =
        c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
    let check = |g: &Game, when: &str| {
        let all = g.view(None);
        for b in &banks {
            let tile = names(&all.board[b]["bank"]);
            assert_eq!(tile.len(), 1, "{when}: {b}");
            assert_eq!(names(&g.view(Some(1)).board[b]["bank"]), tile, "{when}: the Marshal knows {b}");
            for s in 2..=3 {
                assert!(all_hidden(&g.view(Some(s)).board[b]["bank"]), "{when}: seat {s} sees {b}");
            }
        }
    };
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tucson", &["Salem", "Salem"], &["Tuba City", "Phoenix"]);
    check(&g, "setup");
    let rows = [
        ["Nogales", "Gallup", "Globe"],
        ["Tombstone", "Shiprock", "Payson"],
        ["Saloon", "Saloon", "Flagstaff"],
        ["Silver City", "Aztec", "Saloon"],
        ["El Paso", "Santa Fe", "Tuba City"],
    ];
    moves(&mut g, &rows[..3]);
    check(&g, "move 4");
    let before = names(&g.view(None).board["santa_fe"]["bank"]);
    moves(&mut g, &rows[3..]);
    assert!(log_has(&g, Some(2), "The bank in Santa Fe is robbed"));
    assert!(log_has(&g, Some(2), "The Marshal puts a new tile face down on the bank in Santa Fe."));
    assert_eq!(g.view(None).zones["bank_stack"].count, 6, "the new tile came from the stack");
    assert_eq!(names(&g.view(None).zones["booty"]), before, "the old one is booty");
    check(&g, "turn 2");
}
