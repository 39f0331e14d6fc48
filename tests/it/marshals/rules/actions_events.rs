//! Checklist sections 1.7 (action cards), 1.8 (Wild, Jurisdiction), 1.9 (events) and 1.10
//! (escapes).

use super::*;

// ------------------------------------------------------------------------ 1.7 action cards

/// R40: an Action card drawn is kept in hand; it is played only on its terrain, does not
/// touch its player, and ends the turn.
#[test]
fn r40_action_cards_are_played_on_their_terrain_and_end_the_turn() {
    let mut g = game(3, "give(2, 'ambush_plain_1') set('pos', 2, 1)");
    turn(&mut g, 2, &["camping_desert_1", "mv_mountain_01"]);
    assert!(hand(&mut g, 2).contains(&"camping_desert_1".to_string()), "kept, not resolved");
    let ls = labels(&g, 2);
    assert!(ls.iter().any(|l| l.starts_with("Play Camping (Desert, 1 Provision)")), "{ls:?}");
    assert!(!ls.iter().any(|l| l.starts_with("Play Ambush")), "not in the Plain: {ls:?}");
    answer(&mut g, 2, "Play Camping (Desert, 1 Provision)");
    assert_eq!(per_seat(&g, "provisions"), [3, 4, 4]);
    assert_eq!(g.current(), Some(3));
}

/// R41: Ambush: a lone Marshal at the location pays the printed Bullets; of several, each
/// may show a card of the terrain (no Wild) in turn order, and the lowest (no card: 0) pays;
/// when nobody shows one, all pay.
#[test]
fn r41_ambush_the_lowest_or_cardless_marshal_pays() {
    // Alone: he pays, with no chance to show a card.
    let mut g = game(3, "give(2, 'ambush_desert_2') set('pos', 2, 3) give(3, 'mv_desert_09')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 2 Bullets)", &["mv_mountain_02"]);
    assert_eq!(counter(&g, "bullets", Some(3)), 2);
    assert!(prompt(&g, 3).starts_with("Your turn"));

    // Several: seat 3 then seat 1 show (seat 4 has no Desert card); seat 4 pays.
    let mut g = game(
        4,
        "give(2, 'ambush_desert_2') set('pos', 2, 3) set('pos', 2, 4) set('pos', 2, 1) \
         give(3, 'mv_desert_05', 'wild') give(4, 'wild') give(1, 'mv_desert_08')",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 2 Bullets)", &["mv_mountain_02"]);
    assert_eq!(waiting(&g), [3]);
    assert_eq!(labels(&g, 3), ["Show nothing", "Show Desert 5"]);
    answer(&mut g, 3, "Show Desert 5");
    assert_eq!(waiting(&g), [1]);
    answer(&mut g, 1, "Show Desert 8");
    assert_eq!(per_seat(&g, "bullets"), [4, 4, 4, 2]);

    // Nobody shows a card: all pay.
    let mut g = game(3, "give(2, 'ambush_desert_1') set('pos', 2, 3) set('pos', 2, 1) give(3, 'mv_desert_05')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
    answer(&mut g, 3, "Show nothing");
    assert_eq!(per_seat(&g, "bullets"), [3, 4, 3]);
}

/// R42: Camping works like Ambush, with Provisions.
#[test]
fn r42_camping_costs_provisions_like_ambush_costs_bullets() {
    let mut g = game(3, "give(2, 'camping_desert_2') set('pos', 2, 3) set('pos', 2, 1) give(3, 'mv_desert_04')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Camping (Desert, 2 Provisions)", &["mv_mountain_02"]);
    answer(&mut g, 3, "Show Desert 4");
    assert_eq!(per_seat(&g, "provisions"), [2, 4, 4]);
    assert_eq!(per_seat(&g, "bullets"), [4, 4, 4]);
}

/// R43: of the Marshals who showed a card to escape, the one with the highest gives it to
/// the player of the Ambush; the others keep theirs.
#[test]
fn r43_the_highest_card_shown_goes_to_the_ambusher() {
    let mut g = game(
        4,
        "give(2, 'ambush_desert_1') set('pos', 2, 3) set('pos', 2, 4) set('pos', 2, 1) \
         give(3, 'mv_desert_05') give(4, 'mv_desert_08')",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
    answer(&mut g, 3, "Show Desert 5");
    answer(&mut g, 4, "Show Desert 8");
    assert_eq!(sorted_hand(&mut g, 2), ["mv_desert_08", "mv_mountain_01"]);
    assert_eq!(sorted_hand(&mut g, 3), ["mv_desert_05", "mv_mountain_02"]);
    assert_eq!(per_seat(&g, "bullets"), [3, 4, 4, 4]);
}

/// R44: the resolved Ambush goes on top of the discard pile (after an eliminated Marshal's
/// hand), so the next Outlaw drawn escapes.
#[test]
fn r44_the_resolved_ambush_tops_the_discard_pile_and_the_next_outlaw_escapes() {
    let mut g = game(3, "give(2, 'ambush_desert_2') set('pos', 2, 3) set('bullets', 2, 3) give(3, 'mv_plain_06')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 2 Bullets)", &["outlaw_4", "mv_mountain_02"]);
    assert!(eliminated(&g, 3));
    assert_eq!(zone(&g, None, "discard")[..2], strings(&["ambush_desert_2", "mv_plain_06"]));
    // Seat 1 drew the Outlaw: it escaped.
    assert_eq!(zone(&g, None, "deck").last().map(String::as_str), Some("outlaw_4"));
    assert_eq!(counter(&g, "captures", Some(1)), 0);
    assert_eq!(waiting(&g), [2]);
}

/// R45: Clue: the player on its terrain looks at the top 3 cards of the deck and puts them
/// back in the order he likes.
#[test]
fn r45_clue_reorders_the_top_three_cards() {
    let mut g = clue_played();
    let mut ls = labels(&g, 2);
    ls.sort();
    assert_eq!(ls, ["Black Jack Ketchum", "Plain 2", "Village"]);
    answer(&mut g, 2, "Plain 2");
    answer(&mut g, 2, "Village");
    // The turn ended; seat 3 drew the new top card.
    assert_eq!(hand(&mut g, 3), ["mv_plain_02"]);
    assert_eq!(zone(&g, None, "deck")[..3], strings(&["village", "outlaw_1", "mv_mountain_08"]));
    assert_eq!(zone(&g, None, "discard"), ["clue_desert"]);
}

/// R46: Hideout: draw 2 cards, keep 1 and put the other back on top; or look at 2 cards of a
/// rival's hand, keep 1 and give the other back.
#[test]
fn r46_hideout_keeps_one_of_two_cards_from_the_deck_or_a_rival() {
    let mut g = game(3, "give(2, 'hideout_desert')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_plain_02", "mv_desert_03"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    answer(&mut g, 2, "Draw 2 cards, keep 1");
    let mut ls = labels(&g, 2);
    ls.sort();
    assert_eq!(ls, ["Desert 3", "Plain 2"]);
    answer(&mut g, 2, "Desert 3");
    assert_eq!(sorted_hand(&mut g, 2), ["mv_desert_03", "mv_mountain_01"]);
    assert_eq!(hand(&mut g, 3), ["mv_plain_02"], "the other went back on top, for seat 3's draw");

    let mut g = game(3, "give(2, 'hideout_desert') give(3, 'mv_plain_07', 'mv_plain_08', 'mv_plain_09')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    assert_eq!(labels(&g, 2), ["Draw 2 cards, keep 1", "Look at 2 cards of p3's hand, keep 1"]);
    answer(&mut g, 2, "Look at 2 cards of p3's hand");
    g.choose(2, &[1, 2]).unwrap();
    let seen = labels(&g, 2);
    assert_eq!(seen.len(), 2);
    answer(&mut g, 2, &seen[0]);
    let kept = hand(&mut g, 2).into_iter().find(|c| c.starts_with("mv_plain")).expect("a card taken");
    assert_eq!(format!("Plain {}", kept.trim_start_matches("mv_plain_0")), seen[0]);
    let mut all = hand(&mut g, 3);
    all.retain(|c| c.starts_with("mv_plain"));
    assert_eq!(all.len(), 2);
    all.push(kept);
    all.sort();
    assert_eq!(all, ["mv_plain_07", "mv_plain_08", "mv_plain_09"]);
}

// ------------------------------------------------------------------------ 1.8 Wild, Jurisdiction

/// R47: a Wild replaces a Movement card, but only to an adjacent terrain, and never counts
/// in a claim.
#[test]
fn r47_a_wild_moves_only_next_door_and_never_claims() {
    let mut g = game(3, "give(2, 'wild', 'mv_plain_03')");
    turn(&mut g, 2, &["mv_mountain_05", "outlaw_1", "mv_mountain_06"]);
    let ls = labels(&g, 2);
    assert!(!ls.iter().any(|l| l == "Play Wild: move to the Mountain"), "{ls:?}");
    answer(&mut g, 2, "End your turn");
    // Seat 3 captures in the Plain; seat 2's claim counts his Plain 3, not his Wild.
    assert_eq!(labels(&g, 2), ["No claim", "Claim $3 (Plain 3)"]);
    answer(&mut g, 2, "Claim");
    answer(&mut g, 1, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 13);
    assert_eq!(sorted_hand(&mut g, 2), ["mv_mountain_05", "wild"]);
}

/// R48: Jurisdiction cancels other players' Clue and Hideout cards, never its own player's.
#[test]
fn r48_jurisdiction_cancels_only_other_players_cards() {
    let mut g = game(3, "give(2, 'hideout_desert', 'jurisdiction') give(3, 'jurisdiction')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    assert!(!labels(&g, 2).iter().any(|l| l.contains("Jurisdiction")));
    answer(&mut g, 2, "Play Hideout (Desert)");
    let mut asked = waiting(&g);
    asked.sort();
    assert_eq!(asked, [1, 3]);
    assert_eq!(labels(&g, 1), ["Let it be"]);
    answer(&mut g, 1, "Let it be");
    answer(&mut g, 3, "Play Jurisdiction");
    assert_eq!(sorted_hand(&mut g, 3), ["hideout_desert", "mv_mountain_02"]);
    assert_eq!(sorted_hand(&mut g, 2), ["jurisdiction", "mv_mountain_01"]);
}

// ------------------------------------------------------------------------ 1.9 events

/// R49: Border: a new map row, and every Marshal back on his starting terrain.
#[test]
fn r49_border_reshuffles_the_map_and_sends_marshals_home() {
    let mut changed = false;
    for seed in quiet_seeds(&fixed("", &[]), 3, 6) {
        let mut g = game_in(&fixed("", &[]), seed, 3, "set('pos', 1, 2) set('pos', 4, 3)");
        turn(&mut g, 2, &["border", "mv_mountain_01"]);
        let m = map(&g);
        let mut sorted = m.clone();
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3, 4], "seed {seed}");
        changed |= m != [1, 2, 3, 4];
        for s in 1..=3 {
            let pos = counter(&g, "pos", Some(s));
            assert_eq!(m[pos as usize - 1], s as i64, "seed {seed}: seat {s} on his terrain");
        }
    }
    assert!(changed, "Border shuffles the map");
}

/// R50: Train: the drawer may ride in its direction to any location ahead, paying its cost;
/// others at his location or ahead may ride too; nobody rides without a location ahead.
#[test]
fn r50_train_riders_pay_and_ride_ahead() {
    let mut g = game(4, "");
    turn(&mut g, 2, &["train_east", "mv_forest_04"]);
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    answer(&mut g, 2, "Ride to the Mountain");
    // Seat 3 (ahead) may ride; seat 4 (nothing ahead) and seat 1 (behind) may not.
    assert_eq!(waiting(&g), [3]);
    answer(&mut g, 3, "Stay off the train");
    assert_eq!(per_seat(&g, "pos"), [1, 4, 3, 4]);
    assert_eq!(per_seat(&g, "coins"), [10, 5, 10, 10]);
    assert!(prompt(&g, 3).starts_with("Your turn"));

    // Seat 4 draws it in the Mountain, the last location east: nobody is asked.
    turn(&mut g, 4, &["train_east", "mv_forest_06"]);
    assert_eq!(waiting(&g), [1]);
    assert!(prompt(&g, 1).starts_with("Your turn"));
    assert_eq!(per_seat(&g, "coins"), [10, 5, 10, 10]);
}

/// R51: Village: everyone at the drawer's location may buy Bullets and Provisions at the
/// printed price.
#[test]
fn r51_village_sells_bullets_and_provisions_to_everyone_there() {
    let mut g = game(3, "set('pos', 2, 1)");
    turn(&mut g, 2, &["village", "mv_mountain_01"]);
    assert_eq!(labels(&g, 2), ["Done", "Buy a Bullet", "Buy a Provision"]);
    answer(&mut g, 2, "Buy a Provision");
    answer(&mut g, 2, "Done");
    // Seat 3, in the Plain without cards, is not asked; seat 1, in the Desert, buys.
    assert_eq!(waiting(&g), [1]);
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Buy a Bullet");
    assert_eq!(per_seat(&g, "coins"), [0, 5, 10]);
    assert_eq!(per_seat(&g, "bullets"), [6, 4, 4]);
    assert_eq!(per_seat(&g, "provisions"), [4, 5, 4]);
    assert_eq!(g.current(), Some(3));
}

// ------------------------------------------------------------------------ 1.10 escapes

/// R52: a temporary escape, under a Camping or by the Corrupt Marshal, puts the Outlaw at
/// the bottom of the deck.
#[test]
fn r52_a_temporary_escape_puts_the_outlaw_under_the_deck() {
    for setup in ["discard('camping_desert_1')", "give(2, 'corrupt_marshal')"] {
        let mut g = game(3, setup);
        turn(&mut g, 2, &["outlaw_2", "mv_mountain_01"]);
        assert_eq!(zone(&g, None, "deck").last().map(String::as_str), Some("outlaw_2"), "{setup}");
        assert_eq!(counter(&g, "escapes_2", None), 1);
        assert!(seat_zone(&g, None, 2, "trophies").is_empty());
    }
}

/// R53: an Outlaw that is the last card of the deck and escapes a second time gets away for
/// good, and the Corrupt Marshal who revealed himself wins.
#[test]
fn r53_the_last_outlaw_escaping_a_second_time_gets_away_for_good() {
    let mut g = game(3, "badge(1) discard('ambush_plain_1') only('outlaw_2')");
    turn(&mut g, 2, &["outlaw_2"]);
    // Seat 2 drew it (first escape, the game goes on), then seat 3 (second escape).
    let escapes = g.log_lines(None).iter().filter(|l| l.starts_with("The Sundance Kid escapes")).count();
    assert_eq!(escapes, 2);
    assert!(g.is_over());
    assert_eq!(winners(&g), [1]);
}

/// R54: the Corrupt Marshal has a victory of his own (V2) and an end of his own (E2): here
/// he reveals himself by letting the last Outlaw get away for good.
#[test]
fn r54_the_corrupt_marshal_wins_when_the_last_outlaw_gets_away() {
    let mut g = game(
        3,
        "give(2, 'corrupt_marshal') captured(3, 'outlaw_1') captured(3, 'outlaw_2') captured(3, 'outlaw_4') \
         set('coins', 300, 3) set('escapes_3', 1) only('outlaw_3')",
    );
    turn(&mut g, 2, &["outlaw_3"]);
    assert!(g.is_over());
    assert_eq!(seat_zone(&g, Some(1), 2, "badge"), ["corrupt_marshal"]);
    assert_eq!(winners(&g), [2]);
}

/// R55: the Ambush-on-top escape applies to whoever draws the Outlaw, even the player who
/// put the Ambush there.
#[test]
fn r55_the_escape_test_applies_to_whoever_draws() {
    let mut g = game(3, "give(2, 'ambush_desert_1')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 1 Bullet)", &["mv_mountain_02"]);
    turn(&mut g, 2, &["outlaw_1", "mv_mountain_03"]);
    assert_eq!(zone(&g, None, "deck").last().map(String::as_str), Some("outlaw_1"));
    assert_eq!(counter(&g, "captures", Some(2)), 0);
    assert_eq!(g.current(), Some(3));
}
