//! The fill-ins of gaps §5 beyond the worked examples: the hit decks and their shifts
//! (§5.4), jams (§5.5), throws and blasts (§5.6), knife fights (§5.7), death (§5.8), the
//! Panic deck (§5.9), ambush with several ambushers (§5.10), each joker (§5.11) and the
//! optional rules (§5.13). High Noon (seat 1 Sheriff Ted, seat 2 Fred) unless said.

use super::*;

fn deck_faces(g: &mut Game, deck: &str) -> Vec<String> {
    let code = format!(
        "local n = {{}}
         for _, o in ipairs(posse.contents(posse.zone('{deck}'))) do
           local f = posse.def(o).props.face
           n[f] = (n[f] or 0) + 1
         end
         local out = {{}}
         for _, f in ipairs({{'hit', 'hit2', 'near', 'miss', 'jam'}}) do out[#out + 1] = tostring(n[f] or 0) end
         return out"
    );
    LUA.list(g, &code)
}

#[test]
fn the_hit_decks_hold_the_cards_of_5_4() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(deck_faces(&mut g, "facile"), ["9", "2", "3", "5", "1"]);
    assert_eq!(deck_faces(&mut g, "moyen"), ["6", "1", "4", "7", "2"]);
    assert_eq!(deck_faces(&mut g, "difficile"), ["3", "1", "4", "10", "2"]);
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('panique'))"), 16);
    // Fred has drawn his joker, Ted two: he is choosing which to keep.
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('jokers'))"), 18 - 3);
    pick(&mut g, "Keep");
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('jokers'))"), 18 - 2, "the other went back");
}

#[test]
fn cover_makes_a_shot_one_step_harder() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'BAR')");
    pick(&mut g, "Shoot Fred with your Colt (6 bullets; range 1)");
    assert!(log_has(&g, None, "with his Colt (medium)"), "range 1 is facile; indoors one step harder");
}

#[test]
fn a_badly_wounded_shooter_shoots_one_step_harder_but_never_past_difficile() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); set('ted', 'wounds', 2)");
    pick(&mut g, "Shoot Fred");
    assert!(log_has(&g, None, "with his Colt (medium)"));
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'TAB'); set('ted', 'wounds', 2)");
    pick(&mut g, "Shoot Fred with your Colt (6 bullets; range 3)");
    assert!(log_has(&g, None, "with his Colt (hard)"), "moyen, cover and wounds: still difficile");
}

#[test]
fn both_barrels_spend_two_shells_draw_one_card_and_double_the_wounds() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "strip('ted'); give('ted', 'shotgun'); put('ted', 'S2'); put('fred', 'S3'); top('facile', 'facile_hit')",
    );
    pick(&mut g, "Shoot Fred with both barrels");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 2);
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'shotgun')"), 0);
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('facile_discard'))"), 1);
}

#[test]
fn a_jam_jams_the_gun_just_fired_and_spends_the_bullet() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); top('facile', 'facile_jam')");
    pick(&mut g, "Shoot Fred");
    assert_eq!(LUA.int(&mut g, "return posse.obj_get(gun('ted', 'colt'), 'jammed')"), 1);
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 5);
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 0);
    assert!(offered(&g, "Reload your Colt"), "a jammed gun can be reloaded (GF-G46)");
}

#[test]
fn a_near_miss_makes_the_target_panic() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); top('facile', 'facile_near'); top('panique', 'frozen')",
    );
    pick(&mut g, "Shoot Fred");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'frozen')"), 1);
}

#[test]
fn an_empty_deck_is_its_discard_pile_shuffled() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3')
         for _, o in ipairs(posse.contents(posse.zone('facile'))) do posse.flip(o, true) posse.move(o, posse.zone('facile_discard')) end",
    );
    pick(&mut g, "Shoot Fred");
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('facile'))"), 19);
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('facile_discard'))"), 1);
}

#[test]
fn a_thrown_knifes_jam_is_a_miss() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); top('difficile', 'difficile_jam')");
    pick(&mut g, "Throw your knife at Fred");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 0);
    assert_eq!(LUA.list(&mut g, "return ground('S3')"), ["knife"]);
}

#[test]
fn a_knife_attacks_jam_knocks_the_knife_away() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); top('facile', 'facile_jam')");
    pick(&mut g, "Attack Fred");
    assert_eq!(LUA.list(&mut g, "return ground('S2')"), ["knife"]);
    assert!(!LUA.list(&mut g, "return gear('ted')").contains(&"knife".to_string()));
}

#[test]
fn an_armed_defender_ripostes_after_a_miss() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S2'); give('fred', 'knife'); top('moyen', 'moyen_miss', 'moyen_hit')",
    );
    pick(&mut g, "Attack Fred");
    assert_eq!(deciding(&g), 2, "a riposte is Fred's choice");
    pick(&mut g, "Riposte");
    assert!(log_has(&g, None, "Fred ripostes."));
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 1);
}

#[test]
fn a_blast_panics_the_unwounded_in_its_zone_and_the_near_missed_next_door() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S1'); put('kid', 'S3'); set('kid', 'wounds', 1); put('lefty', 'S4'); put('cole', 'N1')
         top('moyen', 'moyen_miss'); top('facile', 'facile_miss'); top('difficile', 'difficile_miss'); top('panique', 'frozen')",
    );
    pick(&mut g, "Throw dynamite into Main street (S3)");
    assert_eq!(
        LUA.int(&mut g, "return get('kid', 'frozen')"),
        1,
        "unwounded by the blast in its zone (a wound from before counts not)"
    );
    assert_eq!(LUA.int(&mut g, "return get('lefty', 'frozen')"), 0, "a miss next door: no panic");
}

#[test]
fn the_thrower_is_caught_in_his_own_blast_and_walls_shield() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S2'); put('kid', 'S2'); put('lefty', 'SHF'); put('cole', 'N1')
         top('facile', 'facile_miss', 'facile_hit', 'facile_hit')",
    );
    pick(&mut g, "Throw dynamite into Main street (S2)");
    assert_eq!(LUA.int(&mut g, "return get('kid', 'wounds')"), 1);
    assert_eq!(LUA.int(&mut g, "return get('gus', 'wounds')"), 1, "the thrower too");
    assert!(!log_has(&g, None, "Lefty:"), "the sheriff's office is not next to S2 for movement");
}

#[test]
fn the_dead_do_not_block_a_line() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S1'); put('kid', 'S2'); set('kid', 'wounds', 2); put('lefty', 'S3'); put('cole', 'N1'); top('facile', 'facile_hit')",
    );
    assert!(!offered(&g, "Shoot Lefty"), "Kid stands on S2's centre");
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(offered(&g, "Shoot Lefty"), "{:?}", options(&g));
}

/// Ted shoots Fred from S2 into S3 with a near miss on top and `panic` on the Panic deck.
fn near_miss(panic: &str, arrange: &str) -> Game {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        &format!(
            "put('ted', 'S2'); put('fred', 'S3'); top('facile', 'facile_near'); top('panique', '{panic}'); {arrange}"
        ),
    );
    pick(&mut g, "Shoot Fred");
    g
}

#[test]
fn panic_steady_does_nothing() {
    let g = near_miss("steady", "");
    assert!(log_has(&g, None, "Fred keeps a cool head."));
}

#[test]
fn panic_hit_the_dirt_costs_an_ap_and_the_ambush() {
    let mut g = near_miss("hit_the_dirt", "set('fred', 'ambush', 1)");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'ambush')"), 0);
    assert_eq!(LUA.int(&mut g, "return get('fred', 'hit_dirt')"), 1);
    end_turn(&mut g);
    LUA.run(&mut g, "only('fred')");
    assert!(asked(&g).starts_with("Fred: 3 AP left"), "{}", asked(&g));
}

#[test]
fn panic_run_for_it_moves_out_of_sight_of_the_shooter() {
    let mut g = near_miss("run_for_it", "");
    assert_eq!(deciding(&g), 2);
    let mut runs = options(&g);
    runs.sort();
    // From S3, out of S2's sight: the bank, the saloon's tables, the undertaker's (S4 is
    // in sight once he has left S3's centre).
    assert_eq!(runs, ["Run to Bank (BNK)", "Run to Saloon - tables (TAB)", "Run to Undertaker (UND)"]);
    pick(&mut g, "Run to Bank");
    assert_eq!(LUA.str(&mut g, "return where('fred')"), "BNK");
}

#[test]
fn panic_frozen_leaves_two_ap() {
    let mut g = near_miss("frozen", "");
    end_turn(&mut g);
    LUA.run(&mut g, "only('fred')");
    assert!(asked(&g).starts_with("Fred: 2 AP left"), "{}", asked(&g));
}

#[test]
fn panic_shaky_hands_drops_a_gun() {
    let mut g = near_miss("shaky_hands", "");
    assert_eq!(LUA.list(&mut g, "return ground('S3')"), ["rifle"]);
}

#[test]
fn panic_wild_shot_loses_a_bullet() {
    let mut g = near_miss("wild_shot", "");
    assert_eq!(LUA.int(&mut g, "return ammo('fred', 'rifle')"), 8);
}

#[test]
fn several_ambushers_answer_at_once_and_resolve_in_code_order() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "kid",
        "put('gus', 'S1'); set('gus', 'ambush', 1); put('cole', 'S4'); set('cole', 'ambush', 1)
         put('kid', 'BAR'); put('lefty', 'N4'); top('facile', 'facile_miss', 'facile_miss')",
    );
    pick(&mut g, "Move to Main street (S2)");
    assert_eq!(labels(&g, 1), ["Spring the ambush with Gus", "Spring the ambush with Reverend Cole"]);
    g.choose(1, &[1, 2]).unwrap();
    assert!(asked(&g).starts_with("Gus springs the ambush"), "T2 before T5: {}", asked(&g));
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(asked(&g).starts_with("Reverend Cole springs the ambush"), "{}", asked(&g));
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(asked(&g).starts_with("Kid Cassidy: 3 AP left"), "{}", asked(&g));
}

#[test]
fn joker_quick_draw_gives_two_more_ap_before_anything_else() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); joker('ted', 'quick_draw')");
    pick(&mut g, "Quick Draw");
    assert!(asked(&g).starts_with("Sheriff Ted: 6 AP left"), "{}", asked(&g));
    let g = turn("high_noon", 2, "ted", "put('fred', 'N4'); joker('ted', 'quick_draw')");
    let mut g2 = g;
    pick(&mut g2, "Move to Main street W");
    assert!(!offered(&g2, "Quick Draw"), "only at the start of the phase");
}

#[test]
fn joker_lucky_charm_ignores_the_wounds_of_one_card() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); joker('fred', 'lucky_charm'); top('facile', 'facile_hit2')",
    );
    pick(&mut g, "Shoot Fred");
    assert!(asked(&g).contains("shoots at Fred. Play a joker?"), "{}", asked(&g));
    assert_eq!(options(&g), ["No"], "the same question whatever he holds");
    pick(&mut g, "No");
    assert!(asked(&g).contains("about to take 2 wounds"), "{}", asked(&g));
    pick(&mut g, "Lucky Charm");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 0);
}

#[test]
fn joker_dead_eye_draws_again_from_facile() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'S4'); joker('ted', 'dead_eye'); top('difficile', 'difficile_miss'); top('facile', 'facile_hit')");
    pick(&mut g, "Shoot Fred with your Colt (6 bullets; range 3)");
    pick(&mut g, "Dead Eye");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 1);
}

#[test]
fn joker_sixth_sense_cancels_an_ambush_reaction() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BAR'); joker('fred', 'sixth_sense')",
    );
    pick(&mut g, "Move to Main street (S2)");
    g.choose(1, &[1]).unwrap();
    pick(&mut g, "Shoot Fred");
    assert!(asked(&g).contains("ambush targets Fred"), "{}", asked(&g));
    pick(&mut g, "Sixth Sense");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 0);
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 6);
    assert!(asked(&g).starts_with("Fred: 3 AP left"), "{}", asked(&g));
}

#[test]
fn joker_speed_loader_fills_a_gun_for_one_ap() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('fred', 'N4'); joker('ted', 'speed_loader'); posse.obj_set(gun('ted', 'colt'), 'ammo', 1)",
    );
    pick(&mut g, "Speed Loader");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 6);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn joker_nerves_of_steel_spares_the_panic_for_the_round() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); joker('fred', 'nerves_of_steel'); top('facile', 'facile_near', 'facile_near')");
    pick(&mut g, "Shoot Fred");
    pick(&mut g, "No");
    pick(&mut g, "Nerves of Steel");
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('panique'))"), 16);
    pick(&mut g, "Shoot Fred");
    assert!(log_has(&g, None, "Fred keeps steady."));
}

#[test]
fn joker_fan_the_hammer_fires_three_bullets_for_one_ap() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); joker('ted', 'fan_the_hammer'); top('facile', 'facile_miss', 'facile_miss', 'facile_miss')");
    pick(&mut g, "Fan the Hammer at Fred");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 3);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn joker_hideout_derringer_shoots_back_in_the_same_zone() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); joker('fred', 'hideout_derringer'); top('facile', 'facile_miss'); top('moyen', 'moyen_hit')");
    pick(&mut g, "Attack Fred");
    pick(&mut g, "Hideout Derringer");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 1);
    assert_eq!(LUA.int(&mut g, "return ammo('fred', 'rifle')"), 9, "no ammunition used");
}

#[test]
fn joker_sprint_moves_three_zones_for_one_ap() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); joker('ted', 'sprint')");
    pick(&mut g, "Sprint");
    pick(&mut g, "Run to Main street W (S1)");
    pick(&mut g, "Run to Main street (S2)");
    pick(&mut g, "Run to Main street (S3)");
    assert_eq!(LUA.str(&mut g, "return where('ted')"), "S3");
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "{}", asked(&g));
}

#[test]
fn joker_early_bird_takes_the_first_turn_of_a_round() {
    let mut g = turn("high_noon", 2, "fred", "put('ted', 'N4'); put('fred', 'R4'); joker('ted', 'early_bird')");
    end_turn(&mut g);
    assert_eq!(waiting(&g), [1], "only seats with a joker are asked");
    answer(&mut g, 1, "Early Bird");
    assert!(asked(&g).starts_with("Sheriff Ted: 4 AP left"), "{}", asked(&g));
}

#[test]
fn joker_double_trouble_gives_a_reaction_a_second_action() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BAR'); joker('ted', 'double_trouble'); top('facile', 'facile_miss', 'facile_miss')",
    );
    pick(&mut g, "Move to Main street (S2)");
    g.choose(1, &[1]).unwrap();
    pick(&mut g, "Shoot Fred");
    pick(&mut g, "No"); // his own draw: Dead Eye would answer it, Double Trouble not
    pick(&mut g, "Double Trouble");
    pick(&mut g, "Shoot Fred");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 4);
}

#[test]
fn joker_pickpocket_takes_an_object_from_an_opponent() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); joker('ted', 'pickpocket')");
    pick(&mut g, "Pickpocket");
    pick(&mut g, "Fred's Dynamite");
    pick(&mut g, "Drop Knife");
    assert_eq!(sorted(LUA.list(&mut g, "return gear('ted')")), ["colt", "dynamite", "whisky"]);
    assert_eq!(sorted(LUA.list(&mut g, "return gear('fred')")), ["rifle", "whisky"]);
}

#[test]
fn joker_card_sharp_stacks_a_deck_only_he_sees() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); joker('ted', 'card_sharp')");
    pick(&mut g, "Card Sharp");
    pick(&mut g, "The easy deck");
    let first = options(&g)[2].clone();
    g.choose(1, &[3]).unwrap();
    g.choose(1, &[1]).unwrap();
    assert_eq!(LUA.str(&mut g, "return posse.def(posse.at(posse.zone('facile'))).name"), first);
    assert_eq!(LUA.str(&mut g, "return tostring(posse.knows(1, posse.at(posse.zone('facile'))))"), "true");
    assert_eq!(LUA.str(&mut g, "return tostring(posse.knows(2, posse.at(posse.zone('facile'))))"), "false");
}

#[test]
fn joker_prospectors_eye_shows_the_markers_around_to_his_player() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4'); joker('ted', 'prospectors_eye'); lay('S1', 'nugget_3', false); lay('LIV', 'rock', false); lay('S3', 'nugget_1', false)");
    pick(&mut g, "Prospector's Eye");
    let known = |g: &mut Game, z: &str, s: u32| {
        LUA.str(g, &format!("return tostring(posse.knows({s}, posse.at(game.ground('{z}'))))"))
    };
    assert_eq!(known(&mut g, "S1", 1), "true");
    assert_eq!(known(&mut g, "LIV", 1), "true");
    assert_eq!(known(&mut g, "S3", 1), "false", "not next to S1");
    assert_eq!(known(&mut g, "S1", 2), "false");
}

#[test]
fn joker_last_breath_fires_before_dying() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); set('fred', 'wounds', 2); joker('fred', 'last_breath'); top('facile', 'facile_hit'); top('moyen', 'moyen_hit')");
    pick(&mut g, "Shoot Fred");
    pick(&mut g, "No"); // shot at
    pick(&mut g, "No"); // about to take a wound
    pick(&mut g, "Last Breath");
    pick(&mut g, "Shoot Sheriff Ted");
    assert!(log_has(&g, None, "with his Rifle (medium)"), "range 1 is facile; three wounds make it harder");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 1);
    assert!(log_has(&g, None, "Fred is dead."));
}

#[test]
fn joker_intimidate_makes_an_opponent_in_sight_panic() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); joker('ted', 'intimidate'); top('panique', 'frozen')",
    );
    pick(&mut g, "Intimidate");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'frozen')"), 1);
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"));
}

#[test]
fn joker_take_cover_lets_the_target_choose_the_card() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); joker('fred', 'take_cover'); top('facile', 'facile_hit', 'facile_miss')",
    );
    pick(&mut g, "Shoot Fred");
    pick(&mut g, "Take Cover");
    assert_eq!(deciding(&g), 2);
    pick(&mut g, "Miss");
    assert_eq!(LUA.int(&mut g, "return get('fred', 'wounds')"), 0);
}

#[test]
fn optional_steady_aim_makes_a_reaction_one_step_easier() {
    let c = variant("high_noon", &[("steady_aim: false", "steady_aim: true")]);
    let mut g = turn_in(&c, 2, "fred", "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BNK')");
    pick(&mut g, "Move to Main street (S3)");
    g.choose(1, &[1]).unwrap();
    pick(&mut g, "Shoot Fred with your Colt (6 bullets; range 2)");
    assert!(log_has(&g, None, "with his Colt (easy)"), "range 2 is moyen; a reaction one step easier");
}

#[test]
fn optional_lethal_west_kills_with_a_hard_hit() {
    let c = variant("high_noon", &[("lethal_west: false", "lethal_west: true")]);
    let mut g = turn_in(&c, 2, "ted", "put('ted', 'S2'); put('fred', 'S3'); top('facile', 'facile_hit2')");
    pick(&mut g, "Shoot Fred");
    assert!(log_has(&g, None, "Fred is dead."));
}

#[test]
fn optional_fast_play_three_ap_and_two_rounds_less() {
    let c = variant("high_noon", &[("fast_play: false", "fast_play: true")]);
    let g = turn_in(&c, 2, "ted", "");
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "{}", asked(&g));
    let mut g = new_game(&c, 3, 2);
    play_random_steps(&mut g, 3, 5000);
    assert!(!log_has(&g, None, "Round 7."), "six rounds at most");
}

#[test]
fn optional_grim_sight_panics_a_dead_mans_friends() {
    let c = variant("claim_jumpers", &[("grim_sight: false", "grim_sight: true")]);
    let mut g = turn_in(
        &c,
        2,
        "gus",
        "put('gus', 'S2'); put('kid', 'S2'); put('lefty', 'S2'); set('kid', 'wounds', 2); put('cole', 'N1'); top('facile', 'facile_hit'); top('panique', 'frozen')",
    );
    pick(&mut g, "Shoot Kid Cassidy");
    assert_eq!(LUA.int(&mut g, "return get('lefty', 'frozen')"), 1);
}

#[test]
fn the_derringer_answers_an_attack_that_jammed() {
    let mut g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2'); joker('fred', 'hideout_derringer'); top('facile', 'facile_jam'); top('moyen', 'moyen_hit')");
    pick(&mut g, "Attack Fred");
    pick(&mut g, "Hideout Derringer");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 1);
}

#[test]
fn a_jokers_effect_opens_no_ambush_window() {
    let mut g = turn(
        "high_noon",
        2,
        "ted",
        "put('ted', 'S2'); put('fred', 'S3'); set('fred', 'ambush', 1); joker('ted', 'intimidate'); top('panique', 'steady')",
    );
    pick(&mut g, "Intimidate");
    assert!(asked(&g).starts_with("Sheriff Ted: 3 AP left"), "Fred is not asked: {}", asked(&g));
    pick(&mut g, "Drink whisky");
    assert_eq!(labels(&g, 2), ["Spring the ambush with Fred"], "an action opens it");
}

#[test]
fn an_ambusher_may_hold_fire_and_keep_the_ambush() {
    let mut g = turn("high_noon", 2, "fred", "put('ted', 'S1'); set('ted', 'ambush', 1); put('fred', 'BAR')");
    pick(&mut g, "Move to Main street (S2)");
    g.choose(1, &[1]).unwrap();
    pick(&mut g, "Hold fire");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'ambush')"), 1);
    assert!(asked(&g).starts_with("Fred: 3 AP left"), "{}", asked(&g));
}

#[test]
fn optional_cartridge_belt_reloads_from_spare_rounds_only_their_player_sees() {
    let c = variant("high_noon", &[("cartridge_belt: false", "cartridge_belt: true")]);
    let g = new_game(&c, 1, 2);
    assert_eq!(counter(&g, "spare_1", Some(1)), 12);
    assert_eq!(counter(&g, "spare_1", Some(2)), 12);
    let mut g = turn_in(
        &c,
        2,
        "ted",
        "put('fred', 'N4'); posse.obj_set(gun('ted', 'colt'), 'ammo', 4); posse.set('spare_1', 1, 1)",
    );
    pick(&mut g, "Reload your Colt");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 5);
    assert_eq!(counter(&g, "spare_1", Some(1)), 0);
    assert!(!offered(&g, "Reload"), "no spare round left: {:?}", options(&g));
    assert!(!g.view(Some(2)).seats[0].counters.contains_key("spare_1"), "Fred's player does not see Ted's");
    assert!(g.render(Some(1)).unwrap().contains("(0 spare)"));
    let fred_sees = g.render(Some(2)).unwrap();
    assert!(!fred_sees.contains("(0 spare)") && fred_sees.contains("(12 spare)"), "only his own: {fred_sees}");
}
