//! The worked examples of gaps §2 as tests: GF-T01-GF-T36. High Noon (Sheriff Ted: Colt,
//! Whisky, Knife; Fred: Rifle, Whisky, Dynamite; seat 1 plays Ted, seat 2 Fred) unless a
//! test needs more characters (Claim Jumpers at 2 players: seat 1 plays Gus and Reverend
//! Cole, seat 2 Kid Cassidy and Lefty).

use super::*;
use posse::view::ObjectView;

#[test]
fn t01_a_colt_on_square_3_holds_3_bullets() {
    let mut g = turn("high_noon", 2, "ted", "posse.obj_set(gun('ted', 'colt'), 'ammo', 3)");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 3);
    assert!(g.render(Some(1)).unwrap().contains("Colt 3/6"), "the view shows the track");
}

#[test]
fn t02_an_empty_rifle_cannot_shoot_and_nothing_is_spent() {
    let g = turn(
        "high_noon",
        2,
        "fred",
        "put('ted', 'S2'); put('fred', 'S3'); posse.obj_set(gun('fred', 'rifle'), 'ammo', 0)",
    );
    assert!(asked(&g).starts_with("Fred: 4 AP left"), "{}", asked(&g));
    assert!(!offered(&g, "Shoot Sheriff Ted"), "{:?}", options(&g));
}

#[test]
fn t03_one_shot_moves_the_colt_from_3_to_2_and_costs_1_ap() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); posse.obj_set(gun('ted', 'colt'), 'ammo', 3); top('facile', 'facile_miss')");
    pick(&mut g, "Shoot Fred with your Colt");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 2);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "{}", asked(&g));
}

#[test]
fn t04_the_guns_loads_hunting_rifle_1_rifle_9() {
    let mut g = turn("high_noon", 2, "ted", "");
    let loads = LUA.list(
        &mut g,
        "local out = {} for i, id in ipairs({'colt', 'shotgun', 'rifle', 'hunting_rifle'}) do out[i] = tostring(posse.def_by_id(id).props.load) end return out",
    );
    assert_eq!(loads, ["6", "2", "9", "1"]);
}

#[test]
fn t05_every_gun_starts_fully_loaded_and_unjammed() {
    for (scenario, players) in
        [("high_noon", 2), ("claim_jumpers", 2), ("jailbreak", 3), ("bank_job", 4), ("goldfever", 12)]
    {
        let mut g = new_game(&content(scenario), 7, players);
        let bad = LUA.list(
            &mut g,
            "local out = {}
             for _, c in ipairs(game.chars()) do
               for _, o in ipairs(game.things.guns(c)) do
                 if posse.obj_get(o, 'ammo') ~= game.props(o).load or posse.obj_get(o, 'jammed') ~= 0 then
                   out[#out + 1] = game.name(c)
                 end
               end
             end
             return out",
        );
        assert!(bad.is_empty(), "{scenario}: {bad:?}");
    }
}

#[test]
fn t06_a_full_colt_cannot_be_reloaded() {
    let g = turn("high_noon", 2, "ted", "");
    assert!(!offered(&g, "Reload"), "{:?}", options(&g));
}

#[test]
fn t07_three_reloads_take_a_rifle_from_4_to_7_for_3_ap() {
    let mut g = turn("high_noon", 2, "fred", "posse.obj_set(gun('fred', 'rifle'), 'ammo', 4)");
    for _ in 0..3 {
        pick(&mut g, "Reload your Rifle");
    }
    assert_eq!(LUA.int(&mut g, "return ammo('fred', 'rifle')"), 7);
    assert!(asked(&g).starts_with("Fred: 1 AP left"), "{}", asked(&g));
}

#[test]
fn t08_ted_moves_four_zones_and_his_phase_ends() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4')");
    for to in ["Main street W (S1)", "Main street (S2)", "Main street (S3)", "Main street (S4)"] {
        pick(&mut g, &format!("Move to {to}"));
    }
    assert_eq!(LUA.str(&mut g, "return where('ted')"), "S4");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ap')"), 0);
    assert!(!asked(&g).starts_with("Sheriff Ted:"), "his phase is over: {}", asked(&g));
}

#[test]
fn t09_shoot_move_pick_up_shoot_in_any_order() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "strip('fred'); give('fred', 'rifle'); put('fred', 'S3'); put('ted', 'S6'); lay('S4', 'whisky')
         top('moyen', 'moyen_miss'); top('facile', 'facile_miss')",
    );
    pick(&mut g, "Shoot Sheriff Ted with your Rifle");
    pick(&mut g, "Move to Main street (S4)");
    pick(&mut g, "Pick up Whisky");
    pick(&mut g, "Shoot Sheriff Ted with your Rifle");
    assert_eq!(LUA.int(&mut g, "return ammo('fred', 'rifle')"), 7);
    assert_eq!(sorted(LUA.list(&mut g, "return gear('fred')")), ["rifle", "whisky"]);
    // 4 AP spent: his phase is over and the round with it (his was the only chip left).
    assert!(log_has(&g, None, "Round 2."));
}

#[test]
fn t10_no_bullets_no_shot_and_the_ap_are_kept() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S1'); put('fred', 'S4'); posse.obj_set(gun('ted', 'colt'), 'ammo', 0)",
    );
    pick(&mut g, "Move to Main street (S2)");
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "{}", asked(&g));
    assert!(!offered(&g, "Shoot"), "{:?}", options(&g));
    assert!(offered(&g, "Reload your Colt"), "another action instead");
}

#[test]
fn t11_no_line_of_sight_through_a_wall() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'SHF'); put('fred', 'S2')");
    assert!(!offered(&g, "Shoot Fred"), "{:?}", options(&g));
}

#[test]
fn t12_a_colt_reaches_range_4_not_5() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'S6')");
    assert!(!offered(&g, "Shoot Fred"), "range 5: {:?}", options(&g));
    let g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'S5')");
    assert!(offered(&g, "Shoot Fred with your Colt (6 bullets; range 4)"), "{:?}", options(&g));
}

#[test]
fn t13_in_the_same_zone_every_weapon_is_in_range() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S3'); put('fred', 'S3'); strip('ted'); give('ted', 'colt'); give('ted', 'knife'); give('ted', 'dynamite')");
    for o in [
        "Shoot Fred with your Colt (6 bullets; range 0)",
        "Throw your knife at Fred",
        "Attack Fred",
        "Throw dynamite into Main street (S3)",
    ] {
        assert!(offered(&g, o), "{o}: {:?}", options(&g));
    }
}

#[test]
fn t14_the_numbers_on_dynamite_and_knife_are_ranges() {
    let mut g = turn("high_noon", 2, "ted", "strip('ted'); give('ted', 'knife'); give('ted', 'dynamite')");
    assert_eq!(sorted(LUA.list(&mut g, "return gear('ted')")), ["dynamite", "knife"]);
    assert_eq!(LUA.int(&mut g, "return posse.def_by_id('knife').props.range"), 1);
    assert_eq!(LUA.int(&mut g, "return posse.def_by_id('dynamite').props.range"), 2);
}

#[test]
fn t15_a_thrown_knife_lies_in_the_target_zone_and_can_be_picked_up() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); top('moyen', 'moyen_miss'); top('difficile', 'difficile_miss')",
    );
    pick(&mut g, "Throw your knife at Fred");
    assert_eq!(LUA.list(&mut g, "return ground('S3')"), ["knife"]);
    end_turn(&mut g);
    LUA.run(&mut g, "only('fred')");
    while !asked(&g).starts_with("Fred:") {
        let s = deciding(&g);
        answer(&mut g, s, "No");
    }
    assert!(offered(&g, "Pick up Knife"), "{:?}", options(&g));
}

#[test]
fn t16_exploding_dynamite_is_removed() {
    let mut g = turn("high_noon", 2, "fred", "put('fred', 'S1'); put('ted', 'N4'); top('facile', 'facile_miss')");
    pick(&mut g, "Throw dynamite into Main street (S2)");
    assert!(log_has(&g, None, ": the dynamite explodes in "));
    assert!(LUA.list(&mut g, "return ground('S2')").is_empty());
    assert!(!LUA.list(&mut g, "return gear('fred')").contains(&"dynamite".to_string()));
}

#[test]
fn t17_a_fizzled_fuse_leaves_the_dynamite_jammed_in_the_zone() {
    let mut g = turn("high_noon", 2, "fred", "put('fred', 'S1'); put('ted', 'N4'); top('facile', 'facile_jam')");
    pick(&mut g, "Throw dynamite into Main street (S2)");
    assert_eq!(LUA.list(&mut g, "return ground('S2')"), ["dynamite"]);
    assert_eq!(LUA.int(&mut g, "return posse.obj_get(posse.at(game.ground('S2')), 'jammed')"), 1);
}

#[test]
fn t18_a_third_object_makes_him_drop_one_in_his_zone() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4'); lay('S1', 'nugget_2', false)");
    // Face down, it is "a face-down marker" until he holds it; then his player knows it.
    pick(&mut g, "Pick up a face-down marker");
    assert!(asked(&g).contains("carries too much"), "{}", asked(&g));
    assert!(offered(&g, "Drop Nugget (2)"), "{:?}", options(&g));
    pick(&mut g, "Drop Knife");
    assert_eq!(LUA.list(&mut g, "return ground('S1')"), ["knife"]);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "dropping is free: {}", asked(&g));
}

#[test]
fn t19_a_dropped_gun_keeps_its_ammunition() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S1'); put('fred', 'N4'); give('ted', 'rifle', 5); lay('S1', 'shotgun')",
    );
    pick(&mut g, "Pick up Shotgun");
    pick(&mut g, "Drop Rifle (5)");
    assert_eq!(LUA.list(&mut g, "return ground('S1')"), ["rifle"]);
    pick(&mut g, "Pick up Rifle (5)");
    pick(&mut g, "Drop Shotgun");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'rifle')"), 5);
}

#[test]
fn t20_friends_in_one_zone_give_objects_enemies_and_others_not() {
    let mut g =
        turn("claim_jumpers", 2, "gus", "put('gus', 'S2'); put('cole', 'S2'); put('kid', 'S2'); put('lefty', 'S3')");
    assert!(offered(&g, "Give Knife to Reverend Cole"), "{:?}", options(&g));
    assert!(!offered(&g, "Give Knife to Kid"), "no gifts to an enemy");
    pick(&mut g, "Give Knife to Reverend Cole");
    assert!(asked(&g).contains("Reverend Cole carries too much"), "Cole has Whisky and Knife: {}", asked(&g));
    pick(&mut g, "Drop Whisky");
    assert!(asked(&g).starts_with("Gus: 3 AP left"), "{}", asked(&g));
    let g = turn("claim_jumpers", 2, "gus", "put('gus', 'S2'); put('cole', 'S3')");
    assert!(!offered(&g, "Give"), "another zone: {:?}", options(&g));
    // Taking one of his and swapping one for one (GF-G41).
    let mut g =
        turn("claim_jumpers", 2, "gus", "put('gus', 'S2'); put('cole', 'S2'); put('kid', 'N4'); put('lefty', 'N4')");
    pick(&mut g, "Swap your Knife for Reverend Cole's Whisky");
    assert_eq!(sorted(LUA.list(&mut g, "return gear('gus')")), ["colt", "dynamite", "whisky"]);
    assert_eq!(sorted(LUA.list(&mut g, "return gear('cole')")), ["knife", "knife", "rifle"]);
    pick(&mut g, "Take Rifle (9) from Reverend Cole");
    assert_eq!(sorted(LUA.list(&mut g, "return gear('gus')")), ["colt", "dynamite", "rifle", "whisky"]);
    assert!(asked(&g).starts_with("Gus: 2 AP left"), "{}", asked(&g));
}

#[test]
fn t21_an_ambusher_interrupts_when_the_opponent_comes_into_sight() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BAR'); top('facile', 'facile_miss')",
    );
    pick(&mut g, "Move to Main street (S2)");
    assert_eq!(waiting(&g), [1], "Ted's player is asked");
    assert_eq!(labels(&g, 1), ["Spring the ambush with Sheriff Ted"]);
    g.choose(1, &[1]).unwrap();
    pick(&mut g, "Shoot Fred with your Colt");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 0, "the marker is removed");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 5);
    assert!(asked(&g).starts_with("Fred: 3 AP left"), "Fred goes on: {}", asked(&g));
}

#[test]
fn t22_no_interrupt_for_an_opponent_out_of_sight() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BAR'); set('fred', 'wounds', 1)",
    );
    pick(&mut g, "Drink whisky");
    assert!(asked(&g).starts_with("Fred: 3 AP left"), "nobody else is asked: {}", asked(&g));
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 1);
}

#[test]
fn t23_staying_in_ambush_skips_the_phase() {
    let mut g = turn("high_noon", 2, "ted", "set('ted', 'ambush', 1)");
    assert!(asked(&g).contains("Stay in ambush?"), "{}", asked(&g));
    pick(&mut g, "Stay in ambush");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 1);
    assert!(log_has(&g, None, "Sheriff Ted stays in ambush."));
    assert!(!asked(&g).starts_with("Sheriff Ted:"), "{}", asked(&g));
}

#[test]
fn t24_an_ambush_needs_2_ap() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4')");
    assert!(offered(&g, "Lay an ambush"));
    pick(&mut g, "Move to Main street W (S1)");
    pick(&mut g, "Move to Sheriff's office (SHF)");
    pick(&mut g, "Move to Main street W (S1)");
    assert!(asked(&g).starts_with("Sheriff Ted: 1 AP left"), "{}", asked(&g));
    assert!(!offered(&g, "Lay an ambush"), "{:?}", options(&g));
}

#[test]
fn t25_no_hand_to_hand_without_a_knife() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); strip('ted'); give('ted', 'colt')");
    assert!(!offered(&g, "Attack"), "{:?}", options(&g));
}

#[test]
fn t26_hand_to_hand_only_in_the_same_zone_a_throw_next_door() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3')");
    assert!(!offered(&g, "Attack"), "{:?}", options(&g));
    assert!(offered(&g, "Throw your knife at Fred"));
}

#[test]
fn t27_whisky_without_wounds_is_drunk_for_nothing() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4')");
    pick(&mut g, "Drink whisky");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 0);
    assert_eq!(sorted(LUA.list(&mut g, "return gear('ted')")), ["colt", "knife"]);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn t28_whisky_heals_one_wound() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); set('ted', 'wounds', 2)");
    pick(&mut g, "Drink whisky");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 1);
}

#[test]
fn t29_a_third_wound_kills_and_his_chip_leaves_the_mug() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S2'); put('kid', 'S2'); set('kid', 'wounds', 2); top('facile', 'facile_hit'); put('cole', 'N1'); put('lefty', 'R4')",
    );
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(log_has(&g, None, "Kid Cassidy is dead."));
    assert_eq!(LUA.str(&mut g, "return posse.zone_of(ch('kid')) == posse.zone('dead') and 'dead' or 'alive'"), "dead");
    assert_eq!(
        sorted(LUA.list(&mut g, "return ground('S2')")),
        ["colt", "knife", "whisky"],
        "what he carried lies there"
    );
    // The rest of the game: his chip never comes out again.
    let before = g.log_lines(None).len();
    play_random_steps(&mut g, 5, 400);
    assert!(!g.log_lines(None)[before..].iter().any(|l| l.contains("Kid Cassidy's chip is drawn")));
}

#[test]
fn t30_a_living_character_on_an_intermediate_centre_blocks() {
    let g =
        turn("claim_jumpers", 2, "gus", "put('gus', 'S1'); put('kid', 'S3'); put('cole', 'S2'); put('lefty', 'R4')");
    assert!(!offered(&g, "Shoot Kid Cassidy"), "Cole stands on S2's centre: {:?}", options(&g));
    let g =
        turn("claim_jumpers", 2, "gus", "put('gus', 'S1'); put('kid', 'S3'); put('cole', 'N1'); put('lefty', 'R4')");
    assert!(offered(&g, "Shoot Kid Cassidy"), "{:?}", options(&g));
}

#[test]
fn t31_a_crossed_zone_whose_centre_is_off_the_line_does_not_block() {
    // N2 -> S3 crosses the saloon's tables (TAB) but not its centre (gaps §5.2: range 2).
    let g =
        turn("claim_jumpers", 2, "gus", "put('gus', 'N2'); put('kid', 'S3'); put('cole', 'TAB'); put('lefty', 'R4')");
    assert!(offered(&g, "Shoot Kid Cassidy with your Colt (6 bullets; range 2)"), "{:?}", options(&g));
}

#[test]
fn t32_walls_fences_and_trees_block_the_line() {
    // A wall: the sheriff's office does not see the street beyond its door (gaps §5.2).
    let g = turn("high_noon", 2, "ted", "put('ted', 'SHF'); put('fred', 'S2')");
    assert!(!offered(&g, "Shoot Fred"), "{:?}", options(&g));
    // A fence: the corral's back gate lets through but the fence hides the pasture beyond.
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'COR'); put('fred', 'R3')");
    assert!(!offered(&g, "Shoot Fred"), "{:?}", options(&g));
    // Trees: the sight test of every pair is the engine's (tests/it/zonemap.rs).
    assert_eq!(LUA.str(&mut g, "return tostring(posse.sight('COR', 'R4'))"), "false");
}

#[test]
fn t33_each_character_has_one_joker_its_player_alone_sees() {
    let g = new_game(&content("claim_jumpers"), 3, 4);
    let god = g.view(None);
    // Seats: 1 Gus, 2 Kid, 3 Cole, 4 Lefty (gus and cole are teammates).
    for s in 1..=4 {
        let v = g.view(Some(s));
        for node in v.board.values() {
            for o in &node["at"].objects {
                let ObjectView::Shown { name, counters, zones, .. } = o else { continue };
                let joker = &zones["joker"];
                assert_eq!(joker.count, 1, "{name}");
                let mine = counters["seat"] as usize == s;
                assert_eq!(
                    matches!(joker.objects[0], ObjectView::Shown { .. }),
                    mine,
                    "seat {s} sees {name}'s joker: {mine}"
                );
            }
        }
    }
    assert!(god.board.values().all(|n| n["at"].objects.iter().all(|o| !matches!(o, ObjectView::Hidden { .. }))));
}

#[test]
fn t34_a_played_joker_is_face_up_and_gone() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); set('ted', 'wounds', 1); joker('ted', 'hip_flask')");
    pick(&mut g, "Hip Flask");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 0);
    assert!(!offered(&g, "Hip Flask"));
    assert_eq!(names(&g.view(Some(2)).zones["jokers_used"]), ["Hip Flask"], "Fred's player sees it");
}

#[test]
fn t35_four_face_down_decks_nobody_sees() {
    let g = new_game(&content("high_noon"), 3, 2);
    for s in [1, 2] {
        let v = g.view(Some(s));
        for (deck, n) in [("facile", 20), ("moyen", 20), ("difficile", 20), ("panique", 16)] {
            assert_eq!(v.zones[deck].count, n, "{deck}");
            assert!(names(&v.zones[deck]).iter().all(|x| x == "?"), "{deck} is face down for seat {s}");
        }
    }
}

#[test]
fn t36_every_round_all_chips_go_back_and_come_out_at_random() {
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut g = new_game(&content("claim_jumpers"), seed, 2);
        LUA.run(&mut g, "no_jokers()");
        for s in waiting(&g) {
            answer(&mut g, s, "No joker now");
        }
        let first = g.log_lines(None).iter().find(|l| l.ends_with("'s chip is drawn.")).cloned().unwrap();
        firsts.insert(first);
        // Round 2 draws every living character's chip again.
        let mut rng = posse::rng::Rng::new(seed);
        while counter(&g, "round", None) < 3 && g.next_request().is_some() {
            let r = g.next_request().unwrap();
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
            g.choose(seat, &picks).unwrap();
        }
        let log = g.log_lines(None);
        let (Some(r2), Some(r3)) = (log.iter().position(|l| l == "Round 2."), log.iter().position(|l| l == "Round 3."))
        else {
            continue;
        };
        let living = LUA.int(&mut g, "return #game.living()");
        let drawn = log[r2..r3].iter().filter(|l| l.ends_with("'s chip is drawn.")).count() as i64;
        assert!(drawn >= living, "seed {seed}: {drawn} chips for {living} living");
    }
    assert!(firsts.len() > 1, "the first chip varies: {firsts:?}");
}
