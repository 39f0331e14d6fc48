//! The resolutions of the content (Z01-Z07) and of the turn (Z08-Z14).

use super::*;

// ------------------------------------------------------------------------------ content

/// Z01: Movement cards: 10 per terrain, values 1..10, one card of each.
#[test]
fn z01_ten_movement_cards_per_terrain_valued_one_to_ten() {
    let g = new_game(&content(), 1, 3);
    let c = g.content().clone();
    let movement: Vec<_> = all_cards(&g)
        .into_iter()
        .map(|id| c.defs.iter().find(|d| d.id == id).unwrap().props.clone())
        .filter(|p| p["kind"] == "movement")
        .collect();
    assert_eq!(movement.len(), 40, "Movement cards in the game");
    for t in ["forest", "desert", "plain", "mountain"] {
        let mut values: Vec<i64> =
            movement.iter().filter(|p| p["terrain"] == t).map(|p| p["value"].as_i64().unwrap()).collect();
        values.sort();
        assert_eq!(values, (1..=10).collect::<Vec<_>>(), "the {t} cards");
    }
}

/// Z02: Action cards: 8 Ambush (one 1-Bullet and one 2-Bullet card per terrain), 8 Camping
/// (the same with Provisions), 1 Clue and 1 Hideout per terrain; 2 Jurisdiction without
/// terrain, playable only in the response window of Z20; every other Action card needs
/// `location.terrain == card.terrain`.
#[test]
fn z02_actions_split_by_terrain_and_played_on_their_terrain() {
    let c = content();
    for t in ["forest", "desert", "plain", "mountain"] {
        for (kind, resource) in [("ambush", "bullets"), ("camping", "provisions")] {
            let mut costs: Vec<i64> = c
                .defs
                .iter()
                .filter(|d| d.props["kind"] == kind && d.props["terrain"] == t)
                .inspect(|d| assert_eq!(d.props["resource"], resource, "{}", d.id))
                .map(|d| d.props["cost"].as_i64().unwrap())
                .collect();
            costs.sort();
            assert_eq!(costs, [1, 2], "{kind} in the {t}");
        }
        for kind in ["clue", "hideout"] {
            let n: usize =
                c.defs.iter().filter(|d| d.props["kind"] == kind && d.props["terrain"] == t).map(|d| d.count).sum();
            assert_eq!(n, 1, "{kind} in the {t}");
        }
    }
    let j: Vec<_> = c.defs.iter().filter(|d| d.props["kind"] == "jurisdiction").collect();
    assert_eq!(j.iter().map(|d| d.count).sum::<usize>(), 2);
    assert!(j.iter().all(|d| d.props.get("terrain").is_none()), "Jurisdiction has no terrain");
    let g = new_game(&c, 1, 3);
    assert_eq!(of_kind(&g, "ambush") + of_kind(&g, "camping") + of_kind(&g, "clue") + of_kind(&g, "hideout"), 24);
    assert_eq!(of_kind(&g, "jurisdiction"), 2);

    // In the Forest, only the Forest actions are offered; Jurisdiction never in Step 2.
    let code = "give(1, 'ambush_forest_1', 'ambush_desert_1', 'camping_plain_2', 'clue_desert', 'hideout_forest', 'jurisdiction')";
    let g = game("", 3, code, "mv_plain_01");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Ambush (Forest, 1 Bullet): nobody else is here",
            "Play Hideout (Forest)",
            "Spend 1 Provision: move to the Desert",
            "End your turn",
        ])
    );
}

/// Z03: Events: 1 Border, 2 Trains (one heading right, one left, each costing 5 Coins per
/// rider), and 2 Villages (5 Coins per unit of either resource, any quantity, subject to
/// Z24).
#[test]
fn z03_one_border_two_trains_two_villages() {
    let c = content();
    let def = |id: &str| c.defs.iter().find(|d| d.id == id).unwrap_or_else(|| panic!("no {id}"));
    assert_eq!((def("border").count, def("border").props["kind"].as_str()), (1, Some("border")));
    assert_eq!(
        (def("train_east").props["direction"].as_i64(), def("train_east").props["cost"].as_i64()),
        (Some(1), Some(5))
    );
    assert_eq!(
        (def("train_west").props["direction"].as_i64(), def("train_west").props["cost"].as_i64()),
        (Some(-1), Some(5))
    );
    assert_eq!((def("village").count, def("village").props["price"].as_i64()), (2, Some(5)));
    let g = new_game(&c, 1, 3);
    assert_eq!(
        (of_kind(&g, "border"), of_kind(&g, "train"), of_kind(&g, "village")),
        (1, 2, 2),
        "the Events in the game"
    );

    // A Village sells any number of either resource at $5 each: $20 buys 4.
    let mut g = game("", 3, "set('coins', 20, 1) top('mv_desert_02')", "village");
    for buy in ["Buy a Bullet", "Buy a Provision", "Buy a Provision", "Buy a Bullet"] {
        answer(&mut g, 1, buy);
    }
    assert_eq!(
        [counter(&g, "coins", Some(1)), counter(&g, "bullets", Some(1)), counter(&g, "provisions", Some(1))],
        [0, 6, 6]
    );
    assert!(at_step2(&g, 2), "with no Coin left he is not asked again");
}

/// Z04: Outlaws: danger (= reward) 10, 20, 30 and 40.
#[test]
fn z04_outlaw_dangers_are_ten_to_forty() {
    let c = content();
    let mut dangers: Vec<i64> =
        c.defs.iter().filter(|d| d.props["kind"] == "outlaw").map(|d| d.props["danger"].as_i64().unwrap()).collect();
    dangers.sort();
    assert_eq!(dangers, [10, 20, 30, 40]);
    // Belle Starr caught outside the capturer's terrain pays her danger, 30.
    let mut g = game("", 3, "set('pos', 2, 1)", "outlaw_3");
    for s in [2, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "coins", Some(1)), 40);
}

/// Z05: Characters: one per terrain, dealt at random to the players (`character_assignment:
/// random`); with 3 or 2 players, the unused Characters stay out of the game.
#[test]
fn z05_characters_are_dealt_at_random_one_per_terrain() {
    let mut deals = BTreeSet::new();
    for seed in 1..=30 {
        let g = new_game(&content(), seed, 3);
        let chars: Vec<i64> = (1..=3).map(|s| counter(&g, "character", Some(s))).collect();
        assert_eq!(chars.iter().collect::<BTreeSet<_>>().len(), 3, "seed {seed}: one terrain each: {chars:?}");
        assert!(chars.iter().all(|c| (1..=4).contains(c)));
        let m = map(&g);
        for s in 1..=3 {
            let at = counter(&g, "pos", Some(s));
            assert_eq!(m[at as usize - 1], chars[s - 1], "seed {seed}: seat {s} starts on his terrain");
        }
        deals.insert(chars);
    }
    assert!(deals.len() >= 8, "the deal is random: {deals:?}");
}

/// Z06: the map is a uniformly random permutation; positions i and j are adjacent iff
/// |i-j| = 1, with no wrap-around; each terrain appears once, so a Movement card has at most
/// one legal destination.
#[test]
fn z06_a_random_map_without_wrap_around() {
    let mut maps = BTreeSet::new();
    for seed in 1..=40 {
        let m = map(&new_game(&content(), seed, 3));
        assert_eq!(m.iter().collect::<BTreeSet<_>>().len(), 4, "seed {seed}: {m:?}");
        maps.insert(m);
    }
    assert!(maps.len() >= 12, "the map is shuffled: {maps:?}");
    // In the Forest (position 1), the Mountain (position 4) is out of reach: no wrap-around.
    let g = game("", 3, "give(1, 'mv_mountain_05', 'mv_desert_05')", "wild");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Wild: move to the Desert",
            "Play Desert 5: move to the Desert",
            "Spend 1 Provision: move to the Desert",
            "End your turn",
        ])
    );
    // In the Desert (position 2), both neighbours.
    let g = game("", 3, "set('pos', 2, 1) set('pos', 3, 2)", "wild");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Wild: move to the Forest",
            "Play Wild: move to the Plain",
            "Spend 1 Provision: move to the Forest",
            "Spend 1 Provision: move to the Plain",
            "End your turn",
        ])
    );
}

/// Z07: the colours are cosmetic; the engine stores `bullets`, `provisions` and `coins` as
/// integers (public).
#[test]
fn z07_resources_are_public_integer_counters() {
    let mut g = game("", 3, "top('mv_desert_02')", "village");
    for s in 1..=3 {
        let seen = &g.view(Some(3)).seats[s - 1].counters;
        assert_eq!([seen["bullets"], seen["provisions"], seen["coins"]], [4, 4, 10], "seat {s}, as seat 3 sees it");
    }
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Done");
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "coins", Some(1))], [5, 5]);
}

/// Z07: money bags are shown as floor(coins / 30) (`data.money_bag`).
#[test]
fn z07_money_bags_are_shown() {
    let g = game("", 3, "set('coins', 95, 1)", "mv_plain_01");
    let r = g.render(Some(1)).unwrap();
    let line = r.lines().find(|l| l.contains("p1 ")).expect("p1's line").to_lowercase();
    assert!(line.contains("bag") && line.contains('3'), "3 money bags for $95: {line}");
}

// ------------------------------------------------------------------------------ turn

/// Z08 (`return_to_step1_draws: true`): "Return to Step 1" means draw again; the Step-1
/// rules apply to every draw: an Event resolves and ends the turn, and an Outlaw resolves
/// and ends the turn.
#[test]
fn z08_a_move_draws_again_until_an_event_or_an_outlaw() {
    let code =
        "give(1, 'mv_desert_03', 'wild') top('mv_mountain_04', 'border', 'mv_forest_01', 'outlaw_1', 'mv_plain_09')";
    let mut g = game("", 3, code, "mv_plain_02");
    answer(&mut g, 1, "Play Desert 3");
    assert!(at_step2(&g, 1), "a move draws again");
    assert_eq!(held(&g, 1), ["mv_mountain_04", "mv_plain_02", "wild"]);
    answer(&mut g, 1, "Play Wild");
    assert!(log_has(&g, None, "p1 draws Border."));
    assert!(at_step2(&g, 2), "the Border ended p1's turn");
    assert_eq!(held(&g, 2), ["mv_forest_01"]);
    answer(&mut g, 2, "Spend 1 Provision");
    // The Outlaw is captured (claims follow) and ends p2's turn.
    for s in [1, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert!(at_step2(&g, 3), "the Outlaw ended p2's turn");
    assert_eq!(held(&g, 2), ["mv_forest_01"], "no draw after the Outlaw");
}

/// Z09 (`allow_pass: true`): passing is allowed and ends the turn.
#[test]
fn z09_a_player_may_pass() {
    let mut g = game("", 3, "give(1, 'wild') top('mv_desert_06')", "mv_desert_01");
    assert!(labels(&g, 1).contains(&"Play Wild: move to the Desert".to_string()));
    pass(&mut g, 1);
    assert!(at_step2(&g, 2));
    assert_eq!(held(&g, 1), ["mv_desert_01", "wild"]);
    assert_eq!(counter(&g, "pos", Some(1)), 1);
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "provisions", Some(1))], [4, 4]);
}

/// Z10: there is no loop limit; each loop costs a card or a resource and draws a card.
#[test]
fn z10_moves_draw_again_without_limit() {
    let code = "give(1, 'mv_desert_01', 'mv_desert_02', 'mv_desert_03', 'mv_desert_04', 'mv_desert_05', 'mv_desert_06',
                'mv_forest_01', 'mv_forest_02', 'mv_forest_03', 'mv_forest_04', 'mv_forest_05', 'mv_forest_06')
              top('mv_plain_01', 'mv_plain_02', 'mv_plain_03', 'mv_plain_04', 'mv_plain_05', 'mv_plain_06',
                  'mv_plain_07', 'mv_plain_08', 'mv_plain_09', 'mv_plain_10', 'mv_mountain_01', 'mv_mountain_02',
                  'mv_mountain_03', 'mv_mountain_04')";
    let mut g = game("", 3, code, "mv_mountain_10");
    for i in 0..14 {
        assert!(at_step2(&g, 1), "loop {i}");
        let to = if i % 2 == 0 { "Desert" } else { "Forest" };
        if i < 12 {
            answer(&mut g, 1, &format!("Play {to}"));
        } else {
            answer(&mut g, 1, &format!("Spend 1 Provision: move to the {to}"));
        }
    }
    assert!(at_step2(&g, 1), "still p1's turn after 14 moves");
    assert_eq!(ids(&g, "hand", Some(1)).len(), 15, "14 draws and the first");
    assert_eq!(counter(&g, "provisions", Some(1)), 2);
}

/// Z11 (`event_from_hand: own_step2_ends_turn`): an Event in hand may be played only as an
/// option of its owner's own Step 2; it resolves exactly like a drawn Event with the owner as
/// active player, and ends the turn. It can never be played out of turn.
#[test]
fn z11_an_event_in_hand_is_played_in_its_owners_step_2() {
    let mut g = game("", 3, "give(1, 'village') give(2, 'border') top('mv_desert_02')", "mv_plain_01");
    assert_eq!(waiting(&g), [1], "p2's Border cannot be played in p1's turn");
    answer(&mut g, 1, "Play Village (event)");
    assert_eq!(labels(&g, 1), ["Done", "Buy a Bullet", "Buy a Provision"], "the Village is in p1's place");
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Done");
    assert!(at_step2(&g, 2), "the Event ended p1's turn");
    assert_eq!(ids(&g, "discard", None)[0], "village");
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "coins", Some(1))], [5, 5]);
    assert!(labels(&g, 2).contains(&"Play Border (event)".to_string()));
}

/// Z12 (`push_requires_target: true`): Special B needs at least one other non-eliminated
/// Marshal at your location.
#[test]
fn z12_a_push_needs_another_marshal_here() {
    let push = |g: &Game| labels(g, 1).iter().any(|l| l.starts_with("Spend 1 Bullet: push the Marshals here away"));
    let mut g = game("", 3, "top('mv_mountain_02')", "mv_mountain_01");
    assert!(!push(&g), "alone in the Forest");
    answer(&mut g, 1, "Spend 1 Provision: move to the Desert");
    assert!(at_step2(&g, 1));
    assert!(
        labels(&g, 1).contains(&"Spend 1 Bullet: push the Marshals here away (p2)".to_string()),
        "p2 is in the Desert"
    );
}

/// Z13: pushed Marshals decide one by one, clockwise from the active player's left, and
/// every decision is public. Each either pays 1 Bullet to stay (only if >= 1 remains) or
/// moves to an adjacent location of their choice. The pusher is not affected.
#[test]
fn z13_pushed_marshals_decide_in_turn_order() {
    let code = "for s = 2, 4 do set('pos', 1, s) end set('bullets', 1, 3) top('mv_plain_02')";
    let mut g = game("", 4, code, "mv_plain_01");
    answer(&mut g, 1, "Spend 1 Bullet: push the Marshals here away");
    assert_eq!(waiting(&g), [2]);
    assert_eq!(labels(&g, 2), ["Spend 1 Bullet and stay", "Move to the Desert"]);
    answer(&mut g, 2, "Spend 1 Bullet and stay");
    assert_eq!(waiting(&g), [3]);
    assert_eq!(labels(&g, 3), ["Move to the Desert"], "one Bullet left: he cannot stay");
    answer(&mut g, 3, "Move to the Desert");
    assert_eq!(waiting(&g), [4]);
    answer(&mut g, 4, "Move to the Desert");
    assert!(at_step2(&g, 1), "the push draws again");
    assert_eq!((1..=4).map(|s| counter(&g, "pos", Some(s))).collect::<Vec<_>>(), [1, 1, 2, 2]);
    assert_eq!((1..=4).map(|s| counter(&g, "bullets", Some(s))).collect::<Vec<_>>(), [3, 3, 1, 4]);
    assert!(log_has(&g, Some(4), "p2 spends a Bullet and stays."));
    assert!(log_has(&g, Some(2), "p3 moves to the Desert (pushed)."));
}

/// Z14: special actions cannot be used out of turn; the only out-of-turn movement is by card
/// during a Village, or by ticket during a Train.
#[test]
fn z14_no_special_action_out_of_turn() {
    let mut g = game("", 3, "give(2, 'wild') top('mv_mountain_06')", "village");
    answer(&mut g, 1, "Done");
    assert_eq!(labels(&g, 2), ["Stay away", "Travel there, playing Wild"], "no Provision spent to travel");
    answer(&mut g, 2, "Stay away");
    assert!(at_step2(&g, 2), "p3, with no card to travel, is not asked");
    let mut g = game("", 3, "set('pos', 2, 1)", "train_east");
    answer(&mut g, 1, "Stay off the train");
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    assert_eq!(labels(&g, 2).iter().filter(|l| l.starts_with("Spend")).count(), 0);
}
