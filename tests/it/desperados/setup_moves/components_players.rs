//! Desperados: 1.1 components (C) and 1.2 players and roles (R).

use super::*;

/// C1: 19 towns joined by roads; a deck is the 19 town cards and the Saloon; [F] five of
/// the towns have a bank, the others a poker tile.
#[test]
fn c1_nineteen_cities_joined_by_roads() {
    let g = new_game(&content(), 1, 3);
    // The setup's labels are the towns, a bank's marked: "Flagstaff (bank)".
    let towns: Vec<String> = labels(&g, 1).iter().map(|l| l.trim_end_matches(" (bank)").to_string()).collect();
    assert_eq!(towns.iter().collect::<BTreeSet<_>>().len(), 19, "the Marshal may start in any town: {towns:?}");
    let c = content();
    let nodes = c.board.nodes();
    assert_eq!(nodes.len(), 19);
    for n in nodes {
        assert!(c.board.path(&nodes[0], n).is_some(), "no road leads from {} to {n}", nodes[0]);
    }
    let v = g.view(None);
    let mut deck = towns.clone();
    deck.push("Saloon".into());
    deck.sort();
    for s in 1..=3 {
        let mut hand = names(&v.seats[s - 1].zones["hand"]);
        hand.sort();
        assert_eq!(hand, deck, "seat {s}'s deck");
    }
    let banks = v.board.values().filter(|z| z["bank"].count == 1).count();
    let pokers = v.board.values().filter(|z| z["poker"].count == 1).count();
    assert_eq!((banks, pokers), (5, 14));
}

/// C2: two stage coaches, brown and blue: brown on the board from the start, blue beside
/// it in turn 1 and on it from turn 2.
#[test]
fn c2_two_stage_coaches_brown_and_blue() {
    let mut g = quiet_game();
    assert_ne!(counter(&g, "brown_at", None), 0, "the brown coach is on the board");
    assert_eq!(counter(&g, "blue_at", None), 0, "the blue coach is beside the board");
    to_move(&mut g, 2, 1);
    let (brown, blue) = (counter(&g, "brown_at", None), counter(&g, "blue_at", None));
    assert!(brown != 0 && blue != 0 && brown != blue, "two coaches on the board: {brown}, {blue}");
    let shown = g.render(Some(2)).unwrap();
    let on =
        |coach: &str, town: String| shown.lines().any(|l| l.starts_with(coach) && l.contains(&format!("[{town}]")));
    assert!(on("Brown coach: ", town_name(brown)) && on("Blue coach: ", town_name(blue)), "{shown}");
    let rides = g.log_lines(Some(2));
    let since = rides.iter().rposition(|l| l == "Turn 2 begins.").unwrap();
    let coaches: Vec<&String> = rides[since..].iter().filter(|l| l.contains(" coach rides to ")).collect();
    assert_eq!(coaches.len(), 2, "both coaches ride in move 1 of turn 2: {coaches:?}");
}

/// C3: five two-sided schedules: laid out in an order of all five, each a route of five
/// steps along roads; the route a schedule gives the brown coach (brown side) it gives the
/// blue coach one turn later (blue side).
#[test]
fn c3_five_two_sided_schedules() {
    for seed in 1..=3 {
        let mut g = new_game(&content(), seed, 3);
        place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
        let mut order: Vec<i64> = (1..=5).map(|i| counter(&g, &format!("schedule_{i}"), None)).collect();
        order.sort();
        assert_eq!(order, [1, 2, 3, 4, 5], "seed {seed}");
        for i in 1..=5 {
            let r = route(&g, i);
            assert_eq!(r.len(), 6, "schedule {i}: {r:?}");
            for w in r.windows(2) {
                assert!(roads(&w[0]).contains(&w[1]), "schedule {i}: no road {} - {}", w[0], w[1]);
            }
        }
        let mut brown = Vec::new();
        for k in 1..=5 {
            to_move(&mut g, 1, k);
            brown.push(counter(&g, "brown_at", None));
        }
        let mut blue = Vec::new();
        for k in 1..=5 {
            to_move(&mut g, 2, k);
            blue.push(counter(&g, "blue_at", None));
        }
        assert_eq!(blue, brown, "seed {seed}: blue in turn 2 rides the route brown rode in turn 1");
    }
}

/// C4: fourteen poker tiles: 5 x 300, 4 x 400, 3 x 500, 2 x 600 (sum 5,800).
#[test]
fn c4_fourteen_poker_tiles_5x300_4x400_3x500_2x600() {
    let g = new_game(&content(), 1, 3);
    let v = g.view(None);
    let mut vals: Vec<i64> = v.board.values().flat_map(|z| values(&z["poker"])).collect();
    vals.sort();
    let want: Vec<i64> =
        [(300, 5), (400, 4), (500, 3), (600, 2)].iter().flat_map(|&(v, n)| std::iter::repeat_n(v, n)).collect();
    assert_eq!(vals, want);
    assert_eq!(vals.iter().sum::<i64>(), 5_800);
    let c = content();
    let st = g.state();
    let pokers = st.objects.iter().filter(|o| c.defs[o.def].props["kind"] == "poker").count();
    assert_eq!(pokers, 14, "no poker tile besides those on the board");
}

/// C5: ten stage-coach tiles: 2 each of 800, 900, 1000, 1100, 1200 (sum 10,000).
#[test]
fn c5_ten_coach_tiles_two_each_of_800_to_1200() {
    let g = new_game(&content(), 1, 3);
    let mut vals = values(&g.view(None).zones["coach_stack"]);
    vals.sort();
    assert_eq!(vals, [800, 800, 900, 900, 1000, 1000, 1100, 1100, 1200, 1200]);
    assert_eq!(vals.iter().sum::<i64>(), 10_000);
}

/// C6: twelve bank tiles: 500, 800, 1100, 1400, 1700, 3 x 2000, 2300, 2600, 2900, 3200
/// (sum 22,500). Also the line after C8: all the money in the game is 38,300.
#[test]
fn c6_twelve_bank_tiles_sum_22500() {
    let g = new_game(&content(), 1, 3);
    let v = g.view(None);
    let mut vals: Vec<i64> = v.board.values().flat_map(|z| values(&z["bank"])).collect();
    vals.extend(values(&v.zones["bank_stack"]));
    vals.sort();
    assert_eq!(vals, [500, 800, 1100, 1400, 1700, 2000, 2000, 2000, 2300, 2600, 2900, 3200]);
    assert_eq!(vals.iter().sum::<i64>(), 22_500);
    let c = content();
    let st = g.state();
    let money: i64 = st.objects.iter().filter_map(|o| c.defs[o.def].props["value"].as_i64()).sum();
    assert_eq!(money, 38_300, "poker, coach and bank tiles together");
}

/// C7: one Marshal pawn, five Sheriffs, five desperado pawns and five discs (6 players:
/// all in play), each disc on its poster at the start.
#[test]
fn c7_marshal_five_sheriffs_five_desperadoes_five_discs() {
    let mut g = new_game(&content(), 1, 6);
    let sheriffs = ["Salem", "Globe", "Aztec", "Tucson", "Gallup"];
    let pawns = ["Phoenix", "Payson", "Shiprock", "Nogales", "El Paso"];
    place(&mut g, "Tuba City", &sheriffs, &pawns);
    let v = g.view(Some(2));
    assert_eq!(v.seats[0].role.as_deref(), Some("marshal"));
    assert_eq!(counter(&g, "at", Some(1)), town_no("Tuba City"), "the Marshal's pawn");
    for (i, s) in sheriffs.iter().enumerate() {
        assert_eq!(counter(&g, &format!("sheriff_{}", i + 1), None), town_no(s), "Sheriff {}", i + 1);
    }
    for (i, p) in pawns.iter().enumerate() {
        let seat = i + 2;
        assert_eq!(v.seats[seat - 1].role.as_deref(), Some("desperado"), "seat {seat}");
        assert_eq!(counter(&g, "at", Some(seat)), town_no(p), "seat {seat}'s pawn");
        assert_eq!(counter(&g, "disc", Some(seat)), 0, "seat {seat}'s disc is on his poster");
    }
    let shown = g.render(Some(2)).unwrap();
    assert!(!shown.contains("Discs laid"), "every disc on its poster, none laid: {shown}");
}

/// C8: 120 movement cards, six decks of 20 (19 towns and the Saloon); every seat, the
/// Marshal (white deck) included, gets one; unused decks stay out of play.
#[test]
fn c8_six_decks_of_twenty_movement_cards() {
    for players in [3, 6] {
        let g = new_game(&content(), 1, players);
        let v = g.view(None);
        let boxed = v.zones["box"].count;
        assert_eq!(boxed, (6 - players) * 20, "{players} players: decks left in the box");
        let mut total = boxed;
        for s in 1..=players {
            let hand = names(&v.seats[s - 1].zones["hand"]);
            let distinct: BTreeSet<&String> = hand.iter().collect();
            assert_eq!((hand.len(), distinct.len()), (20, 20), "{players} players, seat {s}: {hand:?}");
            assert!(hand.iter().any(|c| c == "Saloon"), "seat {s} has a Saloon");
            total += hand.len();
        }
        assert_eq!(total, 120);
    }
}

// ----------------------------------------------------------------- 1.2 players, roles

/// R1: one Marshal; all the others are desperadoes who win or lose together.
#[test]
fn r1_one_marshal_against_desperadoes_who_win_or_lose_together() {
    let target_0 = variant(&[("target_per_desperado: 4000", "target_per_desperado: 0")]);
    for (content, rich) in [(content(), false), (target_0, true)] {
        let mut g = new_game(&content, 5, 4);
        place(&mut g, "Tuba City", &["Salem", "Salem", "Globe"], &["Aztec", "Tucson", "Nogales"]);
        let v = g.view(None);
        assert_eq!((v.seats[0].role.as_deref(), v.seats[0].team.as_deref()), (Some("marshal"), None));
        for s in 2..=4 {
            assert_eq!(v.seats[s - 1].role.as_deref(), Some("desperado"), "seat {s}");
            assert_eq!(v.seats[s - 1].team.as_deref(), Some("desperadoes"), "seat {s}");
        }
        finish(&mut g);
        let r = g.result().expect("a result").clone();
        let booty = counter(&g, "booty_total", None);
        let goal = if rich { 0 } else { 12_000 };
        let want = if booty >= goal { vec![2, 3, 4] } else { vec![1] };
        assert_eq!(r.winners, want, "booty {booty} against {goal}");
        for s in 2..=4 {
            assert_eq!(r.scores.get(&s), Some(&(booty - goal)), "seat {s} scores the team's margin");
        }
        assert_eq!(r.scores.get(&1), Some(&(goal - booty)), "the Marshal scores what they lacked");
        if rich {
            assert_eq!(r.winners, [2, 3, 4], "all desperadoes win together");
        }
    }
}

/// R2: as many Sheriffs as desperadoes; the spare ones stay in the box.
#[test]
fn r2_as_many_sheriffs_as_desperadoes() {
    for players in 3..=6 {
        let mut g = new_game(&content(), 1, players);
        answer(&mut g, 1, "Tuba City");
        let mut placed = 0;
        while asking(&g, "Setup: where does Sheriff") {
            placed += 1;
            assert_eq!(prompt(&g, 1), format!("Setup: where does Sheriff {placed} start?"));
            answer(&mut g, 1, "Salem");
        }
        assert_eq!(placed, players - 1, "{players} players");
        for s in 2..=players {
            answer(&mut g, s, "Globe");
        }
        for i in 1..=5 {
            let want = if i < players { town_no("Salem") } else { 0 };
            assert_eq!(counter(&g, &format!("sheriff_{i}"), None), want, "{players} players, Sheriff {i}");
        }
        let mut decided = 0;
        while asking(&g, "Sheriff ") {
            decided += 1;
            answer(&mut g, 1, "Stay in ");
        }
        assert_eq!(decided, players - 1, "{players} players: Sheriffs the Marshal moves each move");
    }
}

/// R3: two to five desperadoes: 3 to 6 players.
#[test]
fn r3_three_to_six_players() {
    for players in [2, 7] {
        assert!(Setup::new(&content(), 1, Some(players)).is_err(), "{players} players must be refused");
    }
    for players in 3..=6 {
        let g = new_game(&content(), 1, players);
        assert_eq!(prompt(&g, 1), "Setup: where does the Marshal start?");
        let v = g.view(None);
        let desperadoes = v.seats.iter().filter(|s| s.role.as_deref() == Some("desperado")).count();
        assert_eq!(desperadoes, players - 1);
    }
}
