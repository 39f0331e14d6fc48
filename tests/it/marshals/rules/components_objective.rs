//! Checklist sections 1.1 (components) and 1.2 (objective, victory, end).

use super::*;

// ------------------------------------------------------------------------ 1.1 components

/// R01: 40 Movement cards in four terrains, each valued 1 to 10.
#[test]
fn r01_forty_movement_cards_in_four_terrains_valued_1_to_10() {
    let g = new_game(&content(), 1, 3);
    let mut values: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for p in all_props(&g).iter().filter(|p| p["kind"] == "movement") {
        values.entry(p["terrain"].as_str().unwrap().to_string()).or_default().push(p["value"].as_i64().unwrap());
    }
    assert_eq!(values.keys().collect::<Vec<_>>(), ["desert", "forest", "mountain", "plain"]);
    for (t, v) in &mut values {
        v.sort();
        assert_eq!(*v, (1..=10).collect::<Vec<_>>(), "{t}");
    }
}

/// R02: 6 Wild cards of value 0, which move to either neighbouring terrain, whatever it is.
#[test]
fn r02_six_wild_cards_of_value_0_move_to_any_adjacent_terrain() {
    let g = new_game(&content(), 1, 3);
    let wilds: Vec<_> = all_props(&g).into_iter().filter(|p| p["kind"] == "wild").collect();
    assert_eq!(wilds.len(), 6);
    assert!(wilds.iter().all(|p| p["value"] == 0));

    let mut g = game(3, "give(2, 'wild')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    let ls = labels(&g, 2);
    assert!(ls.contains(&"Play Wild: move to the Forest".to_string()), "{ls:?}");
    assert!(ls.contains(&"Play Wild: move to the Plain".to_string()), "{ls:?}");
    answer(&mut g, 2, "Play Wild: move to the Plain");
    assert_eq!(counter(&g, "pos", Some(2)), 3);
}

/// R03: 4 Map cards form the map: one per terrain, in a row, the same for everyone.
#[test]
fn r03_four_map_cards_form_the_map() {
    for seed in 1..=6 {
        let g = new_game(&content(), seed, 4);
        let mut m = map(&g);
        m.sort();
        assert_eq!(m, [1, 2, 3, 4], "seed {seed}");
        for s in 1..=4 {
            let v = g.view(Some(s)).counters;
            assert_eq!((1..=4).map(|p| v[&format!("map_{p}")]).collect::<Vec<_>>(), map(&g));
        }
    }
}

/// R04: 26 Action cards: Ambush, Camping, Clue, Hideout and Jurisdiction.
#[test]
fn r04_twenty_six_action_cards_of_five_types() {
    let k = kinds(&new_game(&content(), 1, 3));
    let actions = ["ambush", "camping", "clue", "hideout", "jurisdiction"];
    assert_eq!(actions.iter().map(|a| k[*a]).collect::<Vec<_>>(), [8, 8, 4, 4, 2]);
    assert_eq!(actions.iter().map(|a| k[*a]).sum::<usize>(), 26);
}

/// R05: 5 Event cards: Border, Train and Village.
#[test]
fn r05_five_event_cards_border_train_village() {
    let k = kinds(&new_game(&content(), 1, 3));
    assert_eq!((k["border"], k["train"], k["village"]), (1, 2, 2));
}

/// R06: 4 Outlaws, each with a danger rating that is the reward for capturing it.
#[test]
fn r06_four_outlaws_whose_danger_is_the_reward() {
    let g = new_game(&content(), 1, 3);
    let mut danger: Vec<i64> =
        all_props(&g).iter().filter(|p| p["kind"] == "outlaw").map(|p| p["danger"].as_i64().unwrap()).collect();
    danger.sort();
    assert_eq!(danger, [10, 20, 30, 40]);

    // Seat 2 (the Desert Marshal) captures the 30 in the Forest: 30, not doubled.
    let mut g = game(3, "set('pos', 1, 2)");
    turn(&mut g, 2, &["outlaw_3", "mv_mountain_01"]);
    no_claims(&mut g);
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 30);
    assert_eq!(seat_zone(&g, None, 2, "trophies"), ["outlaw_3"]);
}

/// R07: 1 Corrupt Marshal card, which pays $30 for letting an Outlaw escape.
#[test]
fn r07_one_corrupt_marshal_card_paying_30() {
    let g = new_game(&content(), 1, 3);
    let cm: Vec<_> = all_props(&g).into_iter().filter(|p| p["kind"] == "corrupt").collect();
    assert_eq!(cm.len(), 1);
    assert_eq!(cm[0]["payout"], 30);

    let mut g = game(3, "give(2, 'corrupt_marshal')");
    turn(&mut g, 2, &["outlaw_1", "mv_mountain_01"]);
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 30);
}

/// R09: each player's board holds his Bullets, Provisions and Coins beside his Character:
/// the engine keeps them as per-seat counters that every seat sees.
#[test]
fn r09_each_player_has_a_board_of_resources_seen_by_all() {
    let g = game(3, "");
    for viewer in 1..=3 {
        let v = g.view(Some(viewer));
        for s in &v.seats {
            for c in ["bullets", "provisions", "coins", "character"] {
                assert!(s.counters.contains_key(c), "seat {viewer} sees {}'s {c}", s.name);
            }
        }
    }
}

/// R10: 4 Characters, one terrain each: the players' Characters are distinct terrains
/// (dealt at random, Z05).
#[test]
fn r10_four_characters_one_terrain_each() {
    let mut deals = Vec::new();
    for seed in 1..=8 {
        let g = new_game(&content(), seed, 4);
        let mut chars = per_seat(&g, "character");
        deals.push(chars.clone());
        chars.sort();
        assert_eq!(chars, [1, 2, 3, 4], "seed {seed}");
        let mut three = per_seat(&new_game(&content(), seed, 3), "character");
        three.sort();
        three.dedup();
        assert_eq!(three.len(), 3, "seed {seed}: three distinct Characters");
        assert!(three.iter().all(|c| (1..=4).contains(c)));
    }
    deals.dedup();
    assert!(deals.len() > 1, "the Characters are dealt at random: {deals:?}");
}

/// R11: the Marshals' pawns: the engine keeps each Marshal's map position as a counter
/// every seat sees, and moves it.
#[test]
fn r11_every_marshal_has_a_position_on_the_map_seen_by_all() {
    let mut g = game(3, "");
    for viewer in 1..=3 {
        let v = g.view(Some(viewer));
        assert_eq!(v.seats.iter().map(|s| s.counters["pos"]).collect::<Vec<_>>(), [1, 2, 3]);
    }
    act(&mut g, 1, "Spend 1 Provision: move to the Desert", &["mv_mountain_01"]);
    for viewer in 1..=3 {
        assert_eq!(g.view(Some(viewer)).seats[0].counters["pos"], 2);
    }
}

/// R13: the Far West deck is every black-backed card: Movement, Wild, Action, Event, Outlaw
/// and the Corrupt Marshal (82 cards; the hands were dealt from it).
#[test]
fn r13_the_far_west_deck_holds_every_black_backed_card() {
    let g = new_game(&content(), 1, 3);
    let v = g.view(None);
    let in_hands: usize = v.seats.iter().map(|s| s.zones["hand"].count).sum();
    assert_eq!(v.zones["deck"].count + in_hands + v.zones["discard"].count, 82);
    assert_eq!(v.zones["aside"].count, 0);
    let k = kinds(&g);
    let all: usize = k.values().sum();
    assert_eq!(all, 82);
    assert_eq!(k["corrupt"], 1);
    assert_eq!(k["movement"] + k["wild"], 46);
}

/// R14: the discard pile is a zone of its own, seen by all, with played cards on top.
#[test]
fn r14_the_discard_pile_is_a_public_zone_played_cards_on_top() {
    let mut g = game(3, "give(2, 'mv_plain_04')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    answer(&mut g, 2, "Play Plain 4: move to the Plain");
    for viewer in 1..=3 {
        assert_eq!(zone(&g, Some(viewer), "discard"), ["mv_plain_04"], "seat {viewer}");
    }
}

/// R15: there is no hand limit.
#[test]
fn r15_there_is_no_hand_limit() {
    let all: Vec<String> =
        (1..=10).flat_map(|v| [format!("mv_forest_{v:02}"), format!("mv_mountain_{v:02}")]).collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let mut g = game(3, &format!("give(2, {})", quoted(&all)));
    turn(&mut g, 2, &["mv_plain_01", "mv_plain_02"]);
    assert_eq!(hand(&mut g, 2).len(), 21);
    assert_eq!(prompt(&g, 2), "Your turn: you are in the Desert. Play a card or act.");
    answer(&mut g, 2, "End your turn");
    assert_eq!(hand(&mut g, 2).len(), 21);
    assert_eq!(waiting(&g), [3]);
}

// ------------------------------------------------------------------------ 1.2 objective, victory, end

/// R16: the objective: the 4 Outlaws hide in the Far West deck, where nobody sees them.
#[test]
fn r16_the_four_outlaws_hide_in_the_far_west_deck() {
    let g = game(3, "");
    let deck = zone(&g, None, "deck");
    let mut outlaws: Vec<&String> = deck.iter().filter(|d| d.starts_with("outlaw_")).collect();
    outlaws.sort();
    assert_eq!(outlaws, ["outlaw_1", "outlaw_2", "outlaw_3", "outlaw_4"]);
    for s in 1..=3 {
        assert!(zone(&g, Some(s), "deck").iter().all(|d| d == "?"), "seat {s} sees into the deck");
    }
}

/// R17: the winner is, in this order: the only Marshal left (V1); the revealed Corrupt
/// Marshal when an Outlaw gets away for good (V2); the richest, unless another Marshal
/// captured 3 Outlaws or more (V3).
#[test]
fn r17_victory_conditions_are_checked_in_order() {
    // V1: seats 3 and 1 are eliminated by one Ambush; seat 2 wins though seat 1 is richer.
    let mut g = game(
        3,
        "give(2, 'ambush_desert_1') set('pos', 2, 3) set('pos', 2, 1) set('bullets', 1, 3) \
         set('bullets', 1, 1) set('coins', 100, 1)",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    answer(&mut g, 2, "Play Ambush (Desert, 1 Bullet)");
    assert_eq!(winners(&g), [2]);
    assert_eq!(reason(&g), "the last Marshal in the game");

    // V2: the last Outlaw escapes a second time; the revealed Corrupt Marshal (seat 1) wins
    // over a richer Marshal with 3 captures.
    let mut g = game(
        3,
        "badge(1) captured(3, 'outlaw_1') captured(3, 'outlaw_3') captured(3, 'outlaw_4') set('coins', 200, 3) \
         set('escapes_2', 1) discard('ambush_plain_1') only('outlaw_2')",
    );
    turn(&mut g, 2, &["outlaw_2"]);
    assert_eq!(winners(&g), [1]);
    assert_eq!(reason(&g), "the Corrupt Marshal let an Outlaw get away");

    // V3: all captured; the richest wins, unless another has 3 captures.
    for (three, expected, why) in [(false, 3, "the most money earned"), (true, 1, "captured three Outlaws")] {
        let fourth = if three { "captured(1, 'outlaw_4')" } else { "captured(3, 'outlaw_4')" };
        let mut g = game(
            3,
            &format!("captured(1, 'outlaw_1') captured(1, 'outlaw_2') {fourth} set('coins', 100, 3) set('pos', 1, 2)"),
        );
        turn(&mut g, 2, &["outlaw_3"]);
        no_claims(&mut g);
        assert_eq!(winners(&g), [expected], "three captures: {three}");
        assert_eq!(reason(&g), why);
    }
}

/// R18: the game ends when all the Outlaws are captured (E1), when the last Outlaw gets away
/// for good (E2), or when one Marshal is left (E3); not before.
#[test]
fn r18_the_game_ends_on_all_captured_an_escape_for_good_or_one_marshal_left() {
    // E1: the third capture does not end the game, the fourth does.
    let mut g = game(3, "captured(1, 'outlaw_1') captured(1, 'outlaw_2')");
    turn(&mut g, 2, &["outlaw_3", "outlaw_4"]);
    no_claims(&mut g);
    assert!(!g.is_over());
    assert_eq!(per_seat(&g, "captures"), [2, 1, 1]);
    no_claims(&mut g);
    assert!(g.is_over());
    assert!(log_has(&g, None, "All the Outlaws are captured."));

    // E2: the last card of the deck is an Outlaw that escapes, then escapes again.
    let mut g = game(3, "discard('camping_plain_1') only('outlaw_2')");
    turn(&mut g, 2, &["outlaw_2"]);
    assert!(g.is_over());
    assert_eq!(counter(&g, "escapes_2", None), 2);
    assert!(log_has(&g, None, "The last Outlaw gets away for good."));

    // E3: one elimination of two leaves the game running; the second ends it.
    let mut g = game(
        3,
        "give(2, 'ambush_desert_1') give(1, 'camping_desert_1') set('pos', 2, 3) set('pos', 2, 1) \
         set('bullets', 1, 3) set('provisions', 1, 2)",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
    assert!(eliminated(&g, 3) && !g.is_over());
    answer(&mut g, 1, "Play Camping (Desert, 1 Provision)");
    assert!(eliminated(&g, 2) && g.is_over());
    assert_eq!(winners(&g), [1]);
}

/// R19: an eliminated Marshal can still win by money, unless another captured 3 Outlaws or
/// the Corrupt Marshal let an Outlaw get away for good.
#[test]
fn r19_an_eliminated_marshal_can_still_win_by_money() {
    for three in [false, true] {
        // Seat 2 eliminates seat 3 (rich), then captures the last Outlaw after a move.
        let first = if three { "captured(1, 'outlaw_4')" } else { "captured(2, 'outlaw_4')" };
        let mut g = game(
            3,
            &format!(
                "captured(1, 'outlaw_1') captured(1, 'outlaw_2') {first} give(2, 'ambush_desert_1', 'mv_plain_03') \
                 set('pos', 2, 3) set('bullets', 1, 3) set('coins', 100, 3)"
            ),
        );
        turn(&mut g, 2, &["mv_mountain_01"]);
        act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
        assert!(eliminated(&g, 3));
        turn(&mut g, 2, &["mv_mountain_03", "outlaw_3"]);
        answer(&mut g, 2, "Play Plain 3: move to the Plain");
        assert_eq!(waiting(&g), [1], "the eliminated Marshal does not claim");
        no_claims(&mut g);
        assert_eq!(winners(&g), if three { [1] } else { [3] }, "three captures: {three}");
    }

    // The Corrupt Marshal (seat 1) lets the last Outlaw get away: the rich eliminated seat 3
    // does not win.
    let mut g = game(
        3,
        "give(2, 'ambush_desert_1') set('pos', 2, 3) set('bullets', 1, 3) set('coins', 100, 3) badge(1) \
         set('escapes_4', 1)",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    run(&mut g, "only('outlaw_4')");
    answer(&mut g, 2, "Play Ambush (Desert, 1 Bullet)");
    assert!(eliminated(&g, 3));
    assert_eq!(winners(&g), [1]);
}

/// R20: players take turns until the game is over and a winner is declared.
#[test]
fn r20_players_take_turns_until_a_winner_is_declared() {
    for (seed, players) in [(1, 3), (2, 4), (3, 3), (4, 4)] {
        let g = posse::sim::play_random(&content(), seed, Some(players)).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.is_over(), "seed {seed}");
        assert!(!winners(&g).is_empty(), "seed {seed}: {:?}", g.result());
        assert!(counter(&g, "turn", None) >= players as i64, "seed {seed}: every player had a turn");
    }
}
