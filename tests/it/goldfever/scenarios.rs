//! The eight scenarios of gaps §5.14: each one's set-up, what is special in it and how it
//! is won.

use super::*;

/// Answers every pending question as a player who does nothing: ends his turn, plays no
/// joker, springs no ambush, takes the first option of anything else; until round
/// `round` has begun (its first question pending) or the game is over.
fn idle_until(g: &mut Game, round: i64) {
    let mut guard = 0;
    while g.next_request().is_some() && counter(g, "round", None) < round {
        guard += 1;
        assert!(guard < 5000, "idle_until {round}: stuck at {}", asked(g));
        for s in waiting(g) {
            let ls = labels(g, s);
            if ls.iter().any(|l| l == "End the turn") {
                answer(g, s, "End the turn");
            } else if ls.iter().any(|l| l == "No" || l == "No joker now") {
                answer(g, s, if ls.iter().any(|l| l == "No") { "No" } else { "No joker now" });
            } else if ls.iter().all(|l| l.starts_with("Spring the ambush")) {
                g.choose(s, &[]).unwrap();
            } else {
                g.choose(s, &[1]).unwrap();
            }
        }
    }
}

fn result(g: &Game) -> (Vec<usize>, String) {
    let r = g.result().expect("the game is over");
    (r.winners.clone(), r.reason.clone().unwrap_or_default())
}

#[test]
fn high_noon_ted_keeps_one_of_two_jokers_and_fewer_wounds_win_after_round_8() {
    let mut g = new_game(&content("high_noon"), 2, 2);
    assert_eq!(deciding(&g), 1);
    assert_eq!(options(&g).len(), 2);
    pick(&mut g, "Keep");
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('joker', ch('ted')))"), 1);
    LUA.run(&mut g, "put('ted', 'N1'); put('fred', 'R4'); set('fred', 'wounds', 1)");
    idle_until(&mut g, 99);
    let (winners, reason) = result(&g);
    assert_eq!(winners, [1], "{reason}");
    assert!(reason.contains("fewer wounds after the last round"), "{reason}");
    assert!(log_has(&g, None, "Round 8.") && !log_has(&g, None, "Round 9."));
}

#[test]
fn high_noon_a_death_wins_at_once() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); set('fred', 'wounds', 2); top('facile', 'facile_hit')",
    );
    pick(&mut g, "Shoot Fred");
    let (winners, reason) = result(&g);
    assert_eq!(winners, [1]);
    assert!(reason.contains("Desperados are all down"), "{reason}");
}

#[test]
fn claim_jumpers_nine_face_down_markers_and_gold_wins_after_round_8() {
    let mut g = new_game(&content("claim_jumpers"), 2, 2);
    let zones = LUA.list(
        &mut g,
        "local out = {} for _, n in ipairs(posse.nodes()) do if posse.count(game.ground(n)) == 1 then out[#out + 1] = n end end return out",
    );
    assert_eq!(sorted(zones), ["COR", "N1", "N2", "N3", "N4", "R1", "R2", "R3", "R4"]);
    let v = g.view(Some(1));
    assert!(names(&v.board["N1"]["ground"]).iter().all(|n| n == "?"), "face down for everyone");
    // Gus (seat 1) carries the 3 and Kid the 1: after round 8 the prospectors win.
    LUA.run(
        &mut g,
        "no_jokers(); strip('gus'); strip('kid'); posse.move(game.things.take('nugget_3'), posse.zone('gear', ch('gus')))
         posse.move(game.things.take('nugget_1'), posse.zone('gear', ch('kid')))
         put('gus', 'N1'); put('cole', 'N1'); put('kid', 'R4'); put('lefty', 'R4')",
    );
    idle_until(&mut g, 99);
    let (winners, reason) = result(&g);
    assert_eq!(winners, [1], "{reason}");
    assert!(reason.contains("more gold"), "{reason}");
    assert!(log_has(&g, Some(2), "Gus carries Nugget (3)."), "values are shown at scoring");
}

#[test]
fn jailbreak_the_cell_the_keys_the_breach_and_the_escape() {
    let mut g = new_game(&content("jailbreak"), 2, 3);
    assert_eq!(LUA.list(&mut g, "return posse.neighbours('JAL')"), Vec::<String>::new(), "the cell door is locked");
    assert!(LUA.list(&mut g, "return gear('kid')").is_empty(), "the prisoner has nothing");
    assert!(LUA.list(&mut g, "return gear('ted')").contains(&"keys".to_string()));
    assert!(g.render(Some(1)).unwrap().contains("JAL|SHF locked"));
    // The Keys: Ted in his office unlocks the door.
    let mut g = turn("jailbreak", 3, "ted", "");
    pick(&mut g, "Unlock the cell door");
    assert_eq!(LUA.list(&mut g, "return posse.neighbours('JAL')"), ["SHF"]);
    // A blast in S2 breaches the jail's front; the prisoner draws from difficile.
    let mut g = turn(
        "jailbreak",
        3,
        "hank",
        "put('hank', 'S1'); top('facile', 'facile_miss'); top('difficile', 'difficile_miss')",
    );
    pick(&mut g, "Throw dynamite into Main street (S2)");
    assert!(log_has(&g, None, "The blast breaches the wall of Jail cell (JAL)!"));
    assert_eq!(LUA.str(&mut g, "return tostring(posse.breached('S2', 'JAL'))"), "true");
    assert!(LUA.list(&mut g, "return posse.neighbours('JAL')").contains(&"S2".to_string()));
    // Kid leaves over the south edge: the desperados win.
    let mut g = turn("jailbreak", 3, "kid", "put('kid', 'R1')");
    pick(&mut g, "Leave the town from Creek (R1)");
    let (winners, reason) = result(&g);
    assert!(reason.contains("Kid Cassidy got away"), "{reason}");
    assert_eq!(winners, [1, 3], "the desperados' players");
}

#[test]
fn jailbreak_the_law_wins_if_kid_dies() {
    let mut g = turn(
        "jailbreak",
        3,
        "bob",
        "put('bob', 'S2'); put('kid', 'S2'); set('kid', 'wounds', 2); top('facile', 'facile_hit')",
    );
    pick(&mut g, "Shoot Kid Cassidy");
    let (winners, reason) = result(&g);
    assert_eq!(winners, [2]);
    assert!(reason.contains("Kid Cassidy is dead"), "{reason}");
}

#[test]
fn payroll_the_desperados_deploy_in_ambush_and_the_strongbox_slows_its_carrier() {
    let mut g = new_game(&content("payroll"), 2, 4);
    // Four questions, in code order: D1 Fred, D3 Pedro, D4 Slim, D6 Lefty.
    for who in ["Fred", "Pedro", "Slim", "Lefty"] {
        assert!(asked(&g).starts_with(&format!("Where does {who} wait in ambush?")), "{}", asked(&g));
        g.choose(deciding(&g), &[1]).unwrap();
    }
    let hidden = LUA.list(&mut g, "local out = {} for _, id in ipairs({'fred', 'pedro', 'slim', 'lefty'}) do out[#out + 1] = where(id) .. get(id, 'ambush') end return out");
    assert_eq!(hidden, ["N21", "N31", "HOT1", "CHU1"]);
    let mut g =
        turn("payroll", 4, "earl", "for _, id in ipairs({'fred', 'pedro', 'slim', 'lefty'}) do put(id, 'R4') end");
    assert!(!offered(&g, "Lay an ambush"), "the carrier cannot lie in ambush");
    pick(&mut g, "Move to Main street W (S1)");
    assert!(!offered(&g, "Move to"), "one Move a phase: {:?}", options(&g));
}

#[test]
fn payroll_delivery_wins_for_the_law_and_an_exit_for_the_desperados() {
    let mut g = turn(
        "payroll",
        4,
        "earl",
        "for _, id in ipairs({'fred', 'pedro', 'slim', 'lefty'}) do put(id, 'R4') end; put('earl', 'S3')",
    );
    pick(&mut g, "Move to Bank (BNK)");
    end_turn(&mut g);
    let (winners, reason) = result(&g);
    assert!(reason.contains("the payroll is in the bank"), "{reason}");
    assert_eq!(winners, [1, 3]);
    let mut g = turn(
        "payroll",
        4,
        "fred",
        "for _, id in ipairs({'pedro', 'slim', 'lefty'}) do put(id, 'R4') end
         put('fred', 'N1'); posse.move(gun('earl', 'strongbox'), posse.zone('gear', ch('fred')))",
    );
    pick(&mut g, "Take the action phase");
    pick(&mut g, "Leave the town from Boot Hill (N1)");
    let (winners, reason) = result(&g);
    assert!(reason.contains("the Strongbox left town"), "{reason}");
    assert_eq!(winners, [2, 4]);
}

#[test]
fn bank_job_the_safe_the_reinforcements_and_the_haul() {
    let mut g = new_game(&content("bank_job"), 2, 4);
    assert_eq!(LUA.int(&mut g, "return posse.count(game.ground('BNK'))"), 4);
    // A line of its own, or in the list of what follows the characters on a full screen.
    let text = g.render(Some(1)).unwrap();
    assert!(text.to_lowercase().contains("still to come: deputy jim, doc holloway"), "{text}");
    LUA.run(&mut g, "no_jokers(); for _, id in ipairs({'fred', 'slim', 'pedro', 'hank'}) do put(id, 'R4') end");
    idle_until(&mut g, 3);
    assert_eq!(LUA.list(&mut g, "return { where('jim'), where('doc') }"), ["S1", "S6"], "they ride in at round 3");
    // Robbers who carry off 4 points win at once.
    let mut g = turn(
        "bank_job",
        4,
        "fred",
        "put('fred', 'N2'); strip('fred'); posse.move(game.things.take('nugget_3'), posse.zone('gear', ch('fred')))
         posse.move(game.things.take('nugget_1'), posse.zone('gear', ch('fred')))",
    );
    pick(&mut g, "Leave the town from Back lot (N2)");
    let (_, reason) = result(&g);
    assert!(reason.contains("carried off 4 points"), "{reason}");
}

#[test]
fn bank_job_a_blast_next_to_the_bank_breaches_its_wall() {
    let mut g = turn("bank_job", 4, "hank", "put('hank', 'N3'); top('facile', 'facile_miss', 'facile_miss', 'facile_miss'); top('difficile', 'difficile_miss', 'difficile_miss')");
    pick(&mut g, "Throw dynamite into Back lot (N2)");
    assert!(log_has(&g, None, "The blast breaches the wall of Bank (BNK)!"));
    assert!(LUA.list(&mut g, "return posse.neighbours('BNK')").contains(&"N2".to_string()));
}

#[test]
fn saloon_brawl_guns_at_the_sheriffs_and_no_shots_before_round_3() {
    let mut g = new_game(&content("saloon_brawl"), 2, 6);
    assert_eq!(LUA.int(&mut g, "return posse.count(game.ground('SHF'))"), 8);
    let dynamite = LUA.int(&mut g, "local n = 0 for _, c in ipairs(game.chars()) do for _, o in ipairs(game.things.pockets(c)) do if posse.def_id(o) == 'dynamite' then n = n + 1 end end end return n");
    assert_eq!(dynamite, 0, "dynamite became whisky");
    let g = turn("saloon_brawl", 6, "kid", "give('kid', 'colt'); put('kid', 'TAB')");
    assert!(!offered(&g, "Shoot"), "round 1: {:?}", options(&g));
    let mut g = new_game(&content("saloon_brawl"), 2, 6);
    let may = |g: &mut Game, round: i64| {
        LUA.str(g, &format!("posse.set('round', {round}) return tostring(game.hook('may_shoot')(game, ch('kid')))"))
    };
    assert_eq!(may(&mut g, 2), "false");
    assert_eq!(may(&mut g, 3), "true");
}

#[test]
fn range_war_key_buildings_score_from_round_3() {
    let mut g = new_game(&content("range_war"), 2, 10);
    LUA.run(&mut g, "no_jokers()");
    idle_until(&mut g, 3);
    assert_eq!(counter(&g, "score_1", None), 0, "no points in rounds 1-2");
    idle_until(&mut g, 4);
    // Townsfolk hold the saloon (Doc in BAR) and the sheriff's office (Bob); the ranch
    // hands the church (Pedro): three points a round, from round 3.
    assert_eq!(counter(&g, "score_1", None), 2);
    assert_eq!(counter(&g, "score_2", None), 1);
    assert!(log_has(&g, None, "Townsfolk hold the Saloon."));
}

#[test]
fn goldfever_gold_fever_and_the_score() {
    let mut g = turn(
        "goldfever",
        12,
        "ted",
        "strip('ted'); give('ted', 'colt'); posse.move(game.things.take('nugget_2'), posse.zone('gear', ch('ted')))",
    );
    assert!(!offered(&g, "Lay an ambush"), "a nugget carrier cannot lie in ambush");
    end_turn(&mut g);
    let mut g2 = turn(
        "goldfever",
        12,
        "fred",
        "for _, id in ipairs({'ted', 'bob', 'jim', 'doc', 'lucy', 'morgan'}) do set(id, 'wounds', 0) end
         for _, id in ipairs({'bob', 'jim', 'doc', 'lucy', 'morgan'}) do events.die(ch(id)) end
         put('ted', 'S2'); set('ted', 'wounds', 2); put('fred', 'S2'); top('facile', 'facile_hit')",
    );
    pick(&mut g2, "Shoot Sheriff Ted");
    let (winners, reason) = result(&g2);
    assert!(reason.contains("the higher score when a team went down"), "{reason}");
    assert_eq!(winners, [2, 4, 6, 8, 10, 12]);
    assert!(log_has(&g2, None, "Law and Town score 0, Desperados 12."));
}

#[test]
fn payroll_sprint_does_not_outrun_the_strongbox() {
    let mut g = turn(
        "payroll",
        4,
        "earl",
        "for _, id in ipairs({'fred', 'pedro', 'slim', 'lefty'}) do put(id, 'R4') end; joker('earl', 'sprint')",
    );
    pick(&mut g, "Sprint");
    pick(&mut g, "Run to Main street W (S1)");
    assert!(asked(&g).starts_with("Marshal Earl: 3 AP left"), "one zone and no more: {}", asked(&g));
    assert!(!offered(&g, "Move to"));
}

#[test]
fn bank_job_the_town_is_not_down_while_reinforcements_are_to_come() {
    let mut g = turn(
        "bank_job",
        4,
        "fred",
        "for _, id in ipairs({'ted', 'ma_baker', 'lucy'}) do events.die(ch(id)) end
         put('fred', 'BNK'); put('morgan', 'BNK'); set('morgan', 'wounds', 2); top('facile', 'facile_hit')",
    );
    pick(&mut g, "Shoot Morgan");
    assert!(g.result().is_none(), "Jim and Doc ride in at round 3");
}

#[test]
fn saloon_brawl_no_rock_is_thrown_in_the_first_rounds() {
    let g = turn("saloon_brawl", 6, "ma_baker", "put('ma_baker', 'S2'); put('kid', 'S3')");
    assert!(!offered(&g, "Throw a rock"), "{:?}", options(&g));
    assert!(offered(&g, "Drink whisky") || offered(&g, "Move to"), "{:?}", options(&g));
}

#[test]
fn every_face_down_marker_is_shown_when_the_game_ends() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); set('fred', 'wounds', 2); lay('N1', 'nugget_2', false); top('facile', 'facile_hit')");
    pick(&mut g, "Shoot Fred");
    assert!(g.result().is_some());
    assert_eq!(names(&g.view(Some(1)).board["N1"]["ground"]), ["Nugget (2)"]);
    assert!(log_has(&g, Some(2), "The face-down markers are turned over."));
}

#[test]
fn payroll_hidden_deployment_keeps_the_desperados_off_the_board_until_seen() {
    let c = variant("payroll", &[("hidden_deployment: false", "hidden_deployment: true")]);
    let mut g = new_game(&c, 2, 4);
    // Seats: 1 Earl and Bob, 2 Fred and Slim, 3 Doc and Sam, 4 Pedro and Lefty. Each player
    // hides his own in zones of his own choosing, in secret (first options: N2, then N3).
    for _ in 0..4 {
        let r = g.next_request().unwrap();
        assert!(r.secret, "{}", r.prompt());
        let s = r.seat;
        g.choose(s, &[1]).unwrap();
    }
    // Who hides is public; where, his player alone reads.
    let law = g.render(Some(1)).unwrap();
    assert!(law.contains("Hiding: D1 Fred, D3 Pedro, D4 Slim, D6 Lefty"), "{law}");
    let fred = g.render(Some(2)).unwrap();
    assert!(fred.contains("Hiding: D1 Fred in N2, D3 Pedro, D4 Slim in N3, D6 Lefty"), "{fred}");
    let v = g.view(Some(1));
    assert!(v.board.values().all(|z| names(&z["at"]).iter().all(|n| !n.contains("Fred"))), "Fred is on no board zone");
    assert!(!v.seats[1].counters.contains_key("lurk_1"), "nor where, in the view");
    assert!(log_has(&g, Some(1), "Fred hides somewhere.") && !log_has(&g, Some(1), "Fred hides in"));
    // Bob walks into the back lot: Fred and Pedro, hidden there, may spring the ambush (in
    // secret); they pass, and Bob sees them.
    let mut g = turn_in(&c, 4, "bob", "put('bob', 'N1')");
    pick(&mut g, "Move to Back lot (N2)");
    let mut asked_seats = waiting(&g);
    asked_seats.sort();
    assert_eq!(asked_seats, [2, 4]);
    g.choose(2, &[]).unwrap();
    g.choose(4, &[]).unwrap();
    assert!(log_has(&g, Some(3), "Fred was hiding in Back lot (N2)!"));
    assert_eq!(LUA.str(&mut g, "return where('fred')"), "N2");
}

#[test]
fn payroll_hidden_deployment_leaks_nothing() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "goldfever_o5_generic");
    edit(&root, "scenarios/goldfever/game.yaml", "hidden_deployment: false", "hidden_deployment: true");
    for players in [4, 6] {
        crate::generic::no_leaks(&root, "goldfever/payroll", players);
        crate::generic::god_view_draws_secrets(&root, "goldfever/payroll", players);
    }
}
