//! One test per line of the rules checklist of gaps §1, the sequence of play, the actions
//! and line of sight (GF-R34-GF-R56; the rest is in `checklist.rs`).

use super::*;

#[test]
fn r34_the_chips_of_the_characters_in_play_go_in_the_mug() {
    let mut g = new_game(&content("claim_jumpers"), 1, 2);
    assert_eq!(LUA.int(&mut g, "local n = 0 for _, c in ipairs(game.living()) do if posse.obj_get(c, 'acted') == 0 then n = n + 1 end end return n"), 4);
}

#[test]
fn r35_one_turn_per_character_per_round() {
    let mut g = new_game(&content("claim_jumpers"), 4, 2);
    LUA.run(&mut g, "no_jokers()");
    for s in waiting(&g) {
        answer(&mut g, s, "No joker now");
    }
    let mut rng = posse::rng::Rng::new(4);
    while counter(&g, "round", None) < 2 && g.next_request().is_some() {
        let r = g.next_request().unwrap();
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).unwrap();
    }
    let log = g.log_lines(None);
    let end = log.iter().position(|l| l == "Round 2.").unwrap_or(log.len());
    let mut drawn: Vec<&String> = log[..end].iter().filter(|l| l.ends_with("'s chip is drawn.")).collect();
    let n = drawn.len();
    drawn.sort();
    drawn.dedup();
    assert_eq!(drawn.len(), n, "nobody twice in a round");
}

#[test]
fn r36_chips_drawn_at_random_until_the_mug_is_empty() {
    let mut g = turn("claim_jumpers", 2, "gus", "");
    end_turn(&mut g);
    assert!(log_has(&g, None, "Round 2."), "Gus's was the last chip: the round ends");
}

#[test]
fn r37_an_ambusher_may_stay_in_ambush_and_the_next_chip_is_drawn() {
    let mut g = turn("claim_jumpers", 2, "gus", "set('gus', 'ambush', 1)");
    LUA.run(&mut g, "posse.obj_set(ch('kid'), 'acted', 0)");
    pick(&mut g, "Stay in ambush");
    assert!(asked(&g).starts_with("Kid Cassidy: 4 AP left"), "{}", asked(&g));
}

#[test]
fn r38_four_action_points_an_ambush_costs_two() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4')");
    assert!(asked(&g).starts_with("Sheriff Ted: 4 AP left"));
    pick(&mut g, "Lay an ambush (2 AP");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 1);
}

#[test]
fn r39_the_actions_and_their_costs() {
    let g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S2'); put('cole', 'S2'); put('kid', 'S2'); put('lefty', 'N4'); lay('S2', 'whisky')
         give('gus', 'rifle', 3); set('gus', 'wounds', 1); posse.obj_set(gun('gus', 'colt'), 'jammed', 1)",
    );
    for o in [
        "Move to",
        "Shoot Kid Cassidy with your Rifle",
        "Reload your Rifle",
        "Un-jam your Colt",
        "Throw your knife at Kid",
        "Throw dynamite into",
        "Pick up Whisky",
        "Give",
        "Attack Kid Cassidy",
        "Lay an ambush (2 AP; ends your turn) [2 AP]",
        "End the turn",
    ] {
        assert!(offered(&g, o), "{o}: {:?}", options(&g));
    }
    // Gus carries no whisky (dynamite and knife): no drink is offered.
    assert!(!offered(&g, "Drink"));
}

#[test]
fn r40_actions_in_any_order_and_repeated() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4')");
    pick(&mut g, "Move to Main street (S2)");
    pick(&mut g, "Move to Main street W (S1)");
    pick(&mut g, "Move to Main street (S2)");
    assert_eq!(LUA.str(&mut g, "return where('ted')"), "S2");
}

#[test]
fn r41_an_impossible_action_is_not_offered_and_costs_nothing() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4'); strip('ted')");
    assert_eq!(
        options(&g),
        [
            "Move to Livery stable (LIV)",
            "Move to Main street (S2)",
            "Move to Sheriff's office (SHF)",
            "Lay an ambush (2 AP; ends your turn) [2 AP]",
            "End the turn"
        ]
    );
}

#[test]
fn r42_moves_to_adjacent_zones_through_doors_and_windows_only() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'BAR'); put('fred', 'N4')");
    let moves: Vec<String> = sorted(options(&g).into_iter().filter(|o| o.starts_with("Move to")));
    // The bar: its street door and the tables; no way north (a wall), none west (a wall).
    assert_eq!(moves, ["Move to Main street (S2)", "Move to Saloon - tables (TAB)"]);
}

#[test]
fn r43_with_two_guns_the_shooter_names_the_gun() {
    let g = turn("high_noon", 2, "ted", "give('ted', 'rifle'); put('ted', 'S2'); put('fred', 'S3')");
    assert!(offered(&g, "Shoot Fred with your Colt") && offered(&g, "Shoot Fred with your Rifle"), "{:?}", options(&g));
}

#[test]
fn r44_reload_one_bullet_per_ap() {
    let mut g = turn("high_noon", 2, "ted", "posse.obj_set(gun('ted', 'colt'), 'ammo', 2)");
    pick(&mut g, "Reload your Colt");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 3);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn r45_un_jam_removes_the_counter() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); posse.obj_set(gun('ted', 'colt'), 'jammed', 1)",
    );
    assert!(!offered(&g, "Shoot Fred"));
    pick(&mut g, "Un-jam your Colt");
    assert!(offered(&g, "Shoot Fred"));
}

#[test]
fn r46_thrown_markers_land_in_the_target_zone() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); top('moyen', 'moyen_hit')");
    pick(&mut g, "Throw your knife at Fred");
    assert_eq!(LUA.list(&mut g, "return ground('S2')"), ["knife"]);
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 1);
}

#[test]
fn r47_pick_up_and_give_in_the_same_zone() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "cole",
        "put('cole', 'S2'); put('gus', 'S2'); put('kid', 'N4'); put('lefty', 'N4'); strip('gus')",
    );
    pick(&mut g, "Give Rifle");
    assert_eq!(LUA.list(&mut g, "return gear('gus')"), ["rifle"]);
}

#[test]
fn r48_a_gun_picked_up_keeps_its_ammunition() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S1'); put('fred', 'N4'); posse.obj_set(lay('S1', 'rifle'), 'ammo', 2)",
    );
    pick(&mut g, "Pick up Rifle (2)");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'rifle')"), 2);
}

#[test]
fn r49_dropping_is_free_and_leaves_the_marker_in_the_zone() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4'); lay('S1', 'whisky')");
    pick(&mut g, "Pick up Whisky");
    pick(&mut g, "Drop Whisky");
    assert_eq!(LUA.list(&mut g, "return ground('S1')"), ["whisky"]);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn r50_laying_an_ambush_ends_the_phase_and_lasts() {
    let mut g = turn("claim_jumpers", 2, "gus", "put('kid', 'N4'); put('lefty', 'N4')");
    pick(&mut g, "Lay an ambush");
    assert!(!asked(&g).starts_with("Gus:"), "his phase ended: {}", asked(&g));
    // Round 2 and after: the marker stays until he acts or springs it.
    play_random_steps(&mut g, 1, 3);
    if !log_has(&g, None, "Gus's chip is drawn.") {
        assert_eq!(LUA.int(&mut g, "return get('gus', 'ambush')"), 1);
    }
}

#[test]
fn r51_a_knife_fight_in_the_same_zone() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); top('facile', 'facile_hit')");
    pick(&mut g, "Attack Fred with your knife");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 1, "Fred holds no knife: facile");
}

#[test]
fn r52_the_dead_do_not_drink() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S2'); put('kid', 'S2'); set('kid', 'wounds', 2); top('facile', 'facile_hit')",
    );
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(log_has(&g, None, "Kid Cassidy is dead."));
    assert_eq!(LUA.str(&mut g, "return tostring(game.alive(ch('kid')))"), "false");
}

#[test]
fn r53_line_of_sight_joins_the_centres() {
    let mut g = new_game(&content(""), 1, 2);
    // The jail sees the saloon's bar through the bars and the swinging door (gaps §5.2).
    assert_eq!(
        LUA.list(&mut g, "return { tostring(posse.sight('JAL', 'BAR')), tostring(posse.range('JAL', 'BAR')) }"),
        ["true", "2"]
    );
}

#[test]
fn r54_walls_trees_and_characters_are_obstacles() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(LUA.str(&mut g, "return tostring(posse.sight('SHF', 'S2'))"), "false");
    assert_eq!(LUA.str(&mut g, "return tostring(posse.visible('S1', 'S3', { S2 = true }))"), "false");
    assert_eq!(LUA.str(&mut g, "return tostring(posse.visible('S1', 'S3', {}))"), "true");
}

#[test]
fn r55_characters_block_only_on_the_centre_they_stand_in() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(LUA.list(&mut g, "return posse.blockers('S1', 'S4')"), ["S2", "S3"]);
    assert!(LUA.list(&mut g, "return posse.blockers('N2', 'S3')").is_empty(), "TAB is crossed off its centre");
}

#[test]
fn r56_what_the_rulebook_lacks_is_data() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(
        LUA.list(&mut g, "local out = {} for i, d in ipairs(posse.data.decks) do out[i] = d end return out"),
        ["facile", "moyen", "difficile"]
    );
    assert_eq!(LUA.int(&mut g, "return posse.def_by_id('colt').props.bands.moyen"), 3);
}
