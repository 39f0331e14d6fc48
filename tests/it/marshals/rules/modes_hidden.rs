//! Checklist sections 1.11 (two players), 1.12 (basic mode) and 1.13 (hidden information).

use super::*;

// ------------------------------------------------------------------------ 1.11 two players

/// R56: the 2-player game leaves out the Corrupt Marshal, the Jurisdiction cards and 3 of
/// the 6 Wilds.
#[test]
fn r56_duo_leaves_out_the_corrupt_marshal_jurisdiction_and_three_wilds() {
    let g = new_game(&mode("duo"), 1, 2);
    let k = kinds(&g);
    assert_eq!(k.get("corrupt"), None);
    assert_eq!(k.get("jurisdiction"), None);
    assert_eq!(k["wild"], 3);
    assert_eq!(k["movement"], 40);
    assert_eq!((k["ambush"], k["camping"], k["clue"], k["hideout"]), (8, 8, 4, 4));
    assert_eq!((k["border"], k["train"], k["village"], k["outlaw"]), (1, 2, 2, 4));
    assert_eq!(k.values().sum::<usize>(), 76);
}

/// R57: the 2-player game is a race for Outlaws and Coins: the richer wins unless the other
/// captured 3 Outlaws.
#[test]
fn r57_duo_is_a_race_for_outlaws_and_coins() {
    let duo = fixed("duo", &[]);
    let seed = quiet_seeds(&duo, 2, 1)[0];
    let mut g = game_in(&duo, seed, 2, "captured(1, 'outlaw_1') captured(1, 'outlaw_2') captured(2, 'outlaw_3')");
    turn(&mut g, 2, &["outlaw_4"]);
    no_claims(&mut g);
    assert_eq!(per_seat(&g, "captures"), [2, 2]);
    assert_eq!(winners(&g), [2]);
    assert_eq!(reason(&g), "the most money earned");

    let mut g = game_in(
        &duo,
        seed,
        2,
        "captured(1, 'outlaw_1') captured(1, 'outlaw_2') captured(1, 'outlaw_3') set('pos', 1, 2)",
    );
    turn(&mut g, 2, &["outlaw_4"]);
    no_claims(&mut g);
    assert_eq!(winners(&g), [1]);
    assert_eq!(reason(&g), "captured three Outlaws");
}

// ------------------------------------------------------------------------ 1.12 basic mode

/// R58: the basic deck holds only Movement, Wild, Ambush, Camping and the 4 Outlaws.
#[test]
fn r58_basic_deck_holds_movement_wild_ambush_camping_and_outlaws() {
    let k = kinds(&new_game(&mode("basic"), 1, 2));
    let expected: BTreeMap<String, usize> =
        [("movement", 40), ("wild", 6), ("ambush", 8), ("camping", 8), ("outlaw", 4)]
            .into_iter()
            .map(|(k, n)| (k.to_string(), n))
            .collect();
    assert_eq!(k, expected);
}

/// R59: basic mode: travel to draw cards and find the Outlaws: a move draws again, and an
/// Outlaw drawn is captured.
#[test]
fn r59_basic_marshals_travel_to_draw_and_find_outlaws() {
    let mut g = basic(2, "give(2, 'mv_plain_01')");
    turn(&mut g, 2, &["mv_mountain_01", "outlaw_1", "mv_mountain_02"]);
    answer(&mut g, 2, "Play Plain 1: move to the Plain");
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert_eq!(seat_zone(&g, None, 2, "trophies"), ["outlaw_1"]);
    assert_eq!(waiting(&g), [1], "no claims in basic mode");
}

/// R60: basic Ambush takes a card from a rival's hand, basic Camping makes a rival skip his
/// turn; terrain and location do not matter.
#[test]
fn r60_basic_ambush_steals_a_card_and_camping_skips_a_turn() {
    let mut g = basic(3, "give(1, 'ambush_mountain_1', 'camping_plain_2') give(3, 'mv_desert_05')");
    turn(&mut g, 1, &["mv_mountain_01"]);
    let ls = labels(&g, 1);
    assert!(ls.contains(&"Play Ambush: take a card from a rival".to_string()), "{ls:?}");
    assert!(ls.contains(&"Play Camping: a rival skips a turn".to_string()), "{ls:?}");
    act(&mut g, 1, "Play Ambush", &["mv_mountain_02"]);
    // p2 holds no card, so p3 is the one rival to rob: nobody is asked (lib.seats.choose).
    assert_eq!(waiting(&g), [2], "only rivals holding a card: p3, robbed without a question");
    assert!(hand(&mut g, 1).contains(&"mv_desert_05".to_string()));
    assert!(hand(&mut g, 3).is_empty());

    turn(&mut g, 1, &["mv_mountain_03"]);
    answer(&mut g, 1, "Play Camping");
    act(&mut g, 1, "p2", &["mv_mountain_04"]);
    // Seat 2 skips; seat 3 plays.
    assert!(log_has(&g, Some(3), "p2 skips this turn."));
    assert_eq!(waiting(&g), [3]);
    assert_eq!(hand(&mut g, 3), ["mv_mountain_04"]);
}

/// R61: basic mode has no Coins, Bullets or Provisions; the only goal is Outlaws.
#[test]
fn r61_basic_has_no_resources_the_goal_is_outlaws() {
    let mut g = basic(2, "captured(1, 'outlaw_1') captured(2, 'outlaw_2') captured(2, 'outlaw_3')");
    for c in ["coins", "bullets", "provisions"] {
        assert_eq!(per_seat(&g, c), [0, 0], "{c}");
    }
    turn(&mut g, 2, &["mv_mountain_01"]);
    assert!(!labels(&g, 2).iter().any(|l| l.starts_with("Spend")), "{:?}", labels(&g, 2));
    turn(&mut g, 2, &["outlaw_4"]);
    assert!(g.is_over());
    assert_eq!(per_seat(&g, "coins"), [0, 0]);
    assert_eq!(winners(&g), [2]);
    assert_eq!(reason(&g), "the most Outlaws captured");
    assert_eq!(g.result().unwrap().scores, [(1, 1), (2, 3)].into_iter().collect());
}

// ------------------------------------------------------------------------ 1.13 hidden information

/// R62: hands are secret, their sizes are not; so is the card a player draws.
#[test]
fn r62_hands_are_secret_their_sizes_public() {
    let mut g = game(3, "give(2, 'mv_plain_05', 'clue_forest')");
    turn(&mut g, 2, &["mv_mountain_07"]);
    for viewer in [1, 3] {
        assert_eq!(seat_zone(&g, Some(viewer), 2, "hand"), ["?", "?", "?"], "seat {viewer}");
        assert!(log_has(&g, Some(viewer), "p2 draws a card."));
        assert!(!log_has(&g, Some(viewer), "Mountain 7"));
    }
    let mut own = seat_zone(&g, Some(2), 2, "hand");
    own.sort();
    assert_eq!(own, ["clue_forest", "mv_mountain_07", "mv_plain_05"]);
    assert!(log_has(&g, Some(2), "p2 draws Mountain 7."));
}

/// R63: the Corrupt Marshal's holder stays secret until he reveals himself.
#[test]
fn r63_the_corrupt_marshal_stays_secret_until_revealed() {
    let mut g = game(3, "");
    turn(&mut g, 2, &["corrupt_marshal"]);
    for viewer in [1, 3] {
        assert_eq!(seat_zone(&g, Some(viewer), 2, "hand"), ["?"]);
        assert!(!g.log_lines(Some(viewer)).iter().any(|l| l.contains("Corrupt")), "seat {viewer}");
    }
    assert!(log_has(&g, Some(2), "p2 draws Corrupt Marshal."));

    act(&mut g, 2, "End your turn", &["mv_mountain_01"]);
    turn(&mut g, 2, &["outlaw_1", "mv_mountain_02"]);
    for viewer in [1, 3] {
        assert!(log_has(&g, Some(viewer), "p2 reveals the Corrupt Marshal card!"));
        assert_eq!(seat_zone(&g, Some(viewer), 2, "badge"), ["corrupt_marshal"]);
    }
}

/// R64: the order a Clue puts the cards back in is seen by its player only.
#[test]
fn r64_the_clue_order_is_private() {
    let mut g = clue_played();
    for viewer in [1, 3] {
        assert_eq!(seat_zone(&g, Some(viewer), 2, "look"), ["?", "?", "?"], "seat {viewer}");
    }
    answer(&mut g, 2, "Plain 2");
    answer(&mut g, 2, "Black Jack Ketchum");
    // Seat 3 drew Plain 2 (his turn has begun); the two below are the Clue's.
    assert_eq!(zone(&g, Some(2), "deck")[..2], strings(&["outlaw_1", "village"]));
    for viewer in [1, 3] {
        assert_eq!(zone(&g, Some(viewer), "deck")[..2], strings(&["?", "?"]), "seat {viewer}");
        let log = g.log_lines(Some(viewer));
        assert!(!log.iter().any(|l| l.contains("Ketchum") || l.contains("Village")), "seat {viewer}: {log:?}");
        assert!(log_has(&g, Some(viewer), "p2 looks at the top 3 cards of the deck and puts them back."));
    }
}

/// R65: the deck order is unknown to all, but what a Hideout put back is known to its player.
#[test]
fn r65_the_deck_order_is_unknown_but_for_what_a_player_put_back() {
    // After a setup whose dealt Outlaws went back into the deck, nobody knows any of it.
    let g = (1..)
        .map(|seed| new_game(&content(), seed, 3))
        .find(|g| log_has(g, None, "shuffled back"))
        .expect("a setup that shuffles Outlaws back");
    for s in 1..=3 {
        assert!(zone(&g, Some(s), "deck").iter().all(|c| c == "?"), "seat {s}");
    }

    let mut g = game(3, "give(2, 'hideout_desert')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_plain_02", "mv_desert_03"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    answer(&mut g, 2, "Draw 2 cards, keep 1");
    answer(&mut g, 2, "Desert 3");
    // Plain 2 went back on top and seat 3 drew it: seat 2 knows it, seat 1 does not.
    assert_eq!(hand(&mut g, 3), ["mv_plain_02"]);
    assert_eq!(seat_zone(&g, Some(2), 3, "hand"), ["mv_plain_02"]);
    assert_eq!(seat_zone(&g, Some(1), 3, "hand"), ["?"]);
    assert!(log_has(&g, Some(1), "p2 searches a hideout: keeps one card, puts one back on the deck."));
    assert!(!log_has(&g, Some(1), "Desert 3"));
    assert!(log_has(&g, Some(2), "p2 keeps Desert 3."));
    assert!(zone(&g, Some(1), "deck").iter().all(|c| c == "?"));
}

/// R66: cards shown to escape an Ambush, cards claimed and the discard pile are public.
#[test]
fn r66_ambush_reveals_claims_and_the_discard_pile_are_public() {
    let mut g = game(
        4,
        "give(2, 'ambush_desert_1') set('pos', 2, 3) set('pos', 2, 1) give(3, 'mv_desert_05') \
         give(1, 'mv_desert_08')",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
    answer(&mut g, 3, "Show Desert 5");
    answer(&mut g, 1, "Show Desert 8");
    // Seat 4 took no part and saw it all.
    assert!(log_has(&g, Some(4), "p3 shows Desert 5."));
    assert!(log_has(&g, Some(4), "p1 shows Desert 8."));
    assert!(log_has(&g, Some(4), "p1 gives Desert 8 to p2."));
    assert!(seat_zone(&g, Some(4), 3, "hand").contains(&"mv_desert_05".to_string()));
    let mut given = seat_zone(&g, Some(4), 2, "hand");
    given.sort();
    assert_eq!(given, ["?", "mv_desert_08"]);

    let mut g = game(4, "set('pos', 3, 2) give(3, 'mv_plain_03') discard('mv_forest_01')");
    turn(&mut g, 2, &["outlaw_1", "mv_mountain_01"]);
    answer(&mut g, 3, "Claim");
    answer(&mut g, 4, "No claim");
    answer(&mut g, 1, "No claim");
    assert!(log_has(&g, Some(4), "p3 claims with Plain 3."));
    for viewer in 1..=4 {
        assert_eq!(zone(&g, Some(viewer), "discard"), ["mv_plain_03", "mv_forest_01"], "seat {viewer}");
    }
}

/// R67: Hideout on a rival's hand: the pick is blind, and the chooser sees only the two
/// cards he picked.
#[test]
fn r67_hideout_picks_blind_and_sees_only_two_cards() {
    let mut g = game(3, "give(2, 'hideout_desert') give(3, 'mv_plain_07', 'mv_plain_08', 'mv_plain_09')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    answer(&mut g, 2, "Look at 2 cards of p3's hand");
    assert_eq!(labels(&g, 2), ["Card 1", "Card 2", "Card 3"]);
    assert_eq!(seat_zone(&g, Some(2), 3, "hand"), ["?", "?", "?"]);
    g.choose(2, &[1, 3]).unwrap();
    let seen = labels(&g, 2);
    answer(&mut g, 2, &seen[1]);
    // Seat 2 knows the card he gave back, not the one he did not pick.
    let view = seat_zone(&g, Some(2), 3, "hand");
    let name = |id: &str| format!("Plain {}", id.trim_start_matches("mv_plain_0"));
    let known: Vec<&String> = view.iter().filter(|c| *c != "?").collect();
    assert_eq!(known.len(), 1, "{view:?}");
    assert_eq!(name(known[0]), seen[0], "the card he gave back");
    assert_eq!(view.iter().filter(|c| *c == "?").count(), 2, "the card he did not pick and seat 3's draw");
    // Seat 1 saw nothing of it.
    assert!(!g
        .log_lines(Some(1))
        .iter()
        .any(|l| l.contains("Plain 7") || l.contains("Plain 8") || l.contains("Plain 9")));
}
