//! Checklist sections 1.3 (setup), 1.4 (turn structure), 1.5 (out of turn) and 1.6
//! (elimination).

use super::*;

// ------------------------------------------------------------------------ 1.3 setup

/// R21: the map cards are shuffled into a row, and each Marshal starts on his Character's
/// terrain.
#[test]
fn r21_the_map_is_shuffled_and_each_marshal_starts_on_his_terrain() {
    let mut maps = Vec::new();
    for seed in 1..=8 {
        let g = new_game(&content(), seed, 4);
        let m = map(&g);
        for (s, (pos, ch)) in per_seat(&g, "pos").into_iter().zip(per_seat(&g, "character")).enumerate() {
            assert_eq!(m[pos as usize - 1], ch, "seed {seed}: seat {} on his terrain", s + 1);
        }
        maps.push(m);
    }
    maps.sort();
    maps.dedup();
    assert!(maps.len() > 1, "the map is shuffled: {maps:?}");
}

/// R22: the Corrupt Marshal is shuffled into the upper half of the deck (of 81 cards, so
/// at most 40 cards lie above it).
#[test]
fn r22_the_corrupt_marshal_is_shuffled_into_the_upper_half() {
    let mut checked = 0;
    for seed in 1..=40 {
        let g = new_game(&content(), seed, 3);
        // A setup that shuffled dealt Outlaws back reshuffles the whole deck (Z37).
        if log_has(&g, None, "shuffled back") || log_has(&g, None, "escapes") {
            continue;
        }
        checked += 1;
        let v = g.view(None);
        let deck = def_ids(&v.zones["deck"]);
        let dealt = 82 - deck.len();
        if let Some(i) = deck.iter().position(|d| d == "corrupt_marshal") {
            assert!(i + dealt <= 40, "seed {seed}: {} cards above the Corrupt Marshal", i + dealt);
        } else {
            assert!(v.seats.iter().any(|s| def_ids(&s.zones["hand"]).contains(&"corrupt_marshal".to_string())));
        }
    }
    assert!(checked >= 5, "only {checked} setups without a reshuffle");
}

/// R25: each Marshal starts with 4 Bullets, 4 Provisions and 10 Coins; money bags are no
/// state of their own: Coins are one number, past 30 too.
#[test]
fn r25_each_marshal_starts_with_4_bullets_4_provisions_10_coins() {
    let g = new_game(&content(), 1, 4);
    assert_eq!(per_seat(&g, "bullets"), [4; 4]);
    assert_eq!(per_seat(&g, "provisions"), [4; 4]);
    assert_eq!(per_seat(&g, "coins"), [10; 4]);

    let mut g = game(4, "");
    turn(&mut g, 4, &["outlaw_4", "mv_forest_01"]);
    no_claims(&mut g);
    assert_eq!(counter(&g, "coins", Some(4)), 10 + 80);
    let v = g.view(None);
    let names: Vec<&String> = v.seats[3].counters.keys().collect();
    assert_eq!(names, ["bullets", "captures", "character", "coins", "pos", "provisions", "skip"]);
}

/// R26: there is a discard pile, empty at the start and seen by all.
#[test]
fn r26_a_discard_pile_is_set_up_empty() {
    let g = new_game(&fixed("", &[]), 1, 3);
    for s in 1..=3 {
        assert_eq!(g.view(Some(s)).zones["discard"].count, 0);
    }
}

/// R27: the first player: the Western-film rule is not for a computer; the first player is
/// drawn at random (Z38).
#[test]
fn r27_the_first_player_is_drawn_at_random() {
    let mut firsts = Vec::new();
    for seed in 1..=30 {
        let g = new_game(&content(), seed, 3);
        let log = g.log_lines(None);
        let first = log.iter().find(|l| l.contains(" draws ")).expect("a first draw");
        firsts.push(first.split(' ').next().unwrap().to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts, ["p1", "p2", "p3"]);
}

/// R28: each player draws 4 cards; Outlaws drawn are replaced and shuffled back; Events drawn
/// are kept in hand, to be played from it.
#[test]
fn r28_each_player_draws_four_cards_outlaws_replaced_events_kept() {
    let (mut reshuffled, mut event_kept) = (false, false);
    for seed in 1..=20 {
        let g = new_game(&content(), seed, 3);
        reshuffled |= log_has(&g, None, "shuffled back");
        let v = g.view(None);
        for s in &v.seats {
            let h = &s.zones["hand"];
            assert!(h.count >= 4, "seed {seed}: {} holds {}", s.name, h.count);
            for o in &h.objects {
                let ObjectView::Shown { props, .. } = o else { panic!("omniscient") };
                assert_ne!(props["kind"], "outlaw", "seed {seed}: an Outlaw in {}'s hand", s.name);
                event_kept |= ["border", "train", "village"].contains(&props["kind"].as_str().unwrap());
            }
        }
    }
    assert!(reshuffled && event_kept);

    let mut g = game(3, "give(2, 'village')");
    turn(&mut g, 2, &["mv_mountain_01"]);
    assert!(labels(&g, 2).contains(&"Play Village (event)".to_string()));
}

// ------------------------------------------------------------------------ 1.4 turn structure

/// R29: Step 1: an Event drawn is resolved and ends the turn; any other card but an Outlaw
/// (the Corrupt Marshal included) goes to the hand, hidden, and the turn goes on.
#[test]
fn r29_step_1_events_resolve_and_end_the_turn_other_cards_are_kept() {
    let mut g = game(3, "set('pos', 3, 2)");
    turn(&mut g, 2, &["border", "mv_mountain_02"]);
    // Border put seat 2 back on his terrain and ended his turn: seat 3 drew.
    assert_eq!(map(&g)[counter(&g, "pos", Some(2)) as usize - 1], 2);
    assert_eq!(zone(&g, None, "discard"), ["border"]);
    assert_eq!(g.current(), Some(3));
    assert_eq!(hand(&mut g, 3), ["mv_mountain_02"]);
    assert_eq!(seat_zone(&g, Some(1), 3, "hand"), ["?"]);
    assert!(prompt(&g, 3).starts_with("Your turn"));

    turn(&mut g, 1, &["corrupt_marshal"]);
    assert!(hand(&mut g, 1).contains(&"corrupt_marshal".to_string()));
    assert!(seat_zone(&g, Some(2), 1, "hand").iter().all(|c| c == "?"));
    assert!(prompt(&g, 1).starts_with("Your turn"));
}

/// R30: an Outlaw drawn under an Ambush or Camping on the discard pile escapes to the bottom
/// of the deck and ends the turn; otherwise it is captured and its reward cashed.
#[test]
fn r30_an_outlaw_escapes_under_an_ambush_or_camping_else_is_captured() {
    for top in ["ambush_plain_1", "camping_forest_2"] {
        let mut g = game(3, &format!("discard('{top}')"));
        turn(&mut g, 2, &["outlaw_2", "mv_mountain_01"]);
        assert_eq!(zone(&g, None, "deck").last().map(String::as_str), Some("outlaw_2"), "under {top}");
        assert_eq!((counter(&g, "coins", Some(2)), counter(&g, "captures", Some(2))), (10, 0));
        assert_eq!(g.current(), Some(3));
    }
    let mut g = game(3, "discard('mv_plain_01') set('pos', 1, 2)");
    turn(&mut g, 2, &["outlaw_2", "mv_mountain_01"]);
    no_claims(&mut g);
    assert_eq!((counter(&g, "coins", Some(2)), counter(&g, "captures", Some(2))), (10 + 20, 1));
    assert_eq!(g.current(), Some(3));
}

/// R31: the capture zone is the capturer's location; in his own Character's terrain the
/// reward is doubled.
#[test]
fn r31_a_capture_in_the_marshals_own_terrain_pays_double() {
    for (pos, place, coins) in [(2, "Desert", 10 + 60), (3, "Plain", 10 + 30)] {
        let mut g = game(3, &format!("set('pos', {pos}, 2)"));
        turn(&mut g, 2, &["outlaw_3", "mv_mountain_01"]);
        assert!(log_has(&g, None, &format!("p2 captures Belle Starr in the {place}.")));
        no_claims(&mut g);
        assert_eq!(counter(&g, "coins", Some(2)), coins, "in the {place}");
    }
}

/// R32: the other Marshals (not a revealed Corrupt Marshal) may claim the sum of their cards
/// of the capture zone's terrain, never doubled, and discard them; the capturer keeps the
/// Outlaw and his turn ends.
#[test]
fn r32_other_marshals_claim_the_sum_of_their_cards_of_the_capture_terrain() {
    let mut g = game(
        3,
        "set('pos', 3, 2) give(3, 'mv_plain_03', 'mv_plain_05', 'wild', 'ambush_plain_1') badge(1) \
         give(1, 'mv_plain_09')",
    );
    turn(&mut g, 2, &["outlaw_1", "mv_mountain_01"]);
    assert_eq!(waiting(&g), [3], "the revealed Corrupt Marshal may not claim");
    let ls = labels(&g, 3);
    assert_eq!(ls.len(), 2);
    assert_eq!(ls[0], "No claim");
    assert!(ls[1] == "Claim $8 (Plain 3, Plain 5)" || ls[1] == "Claim $8 (Plain 5, Plain 3)", "{ls:?}");
    answer(&mut g, 3, "Claim");
    // Seat 3 is the Plain Marshal: still 8, not 16.
    assert_eq!(counter(&g, "coins", Some(3)), 10 + 8);
    assert_eq!(counter(&g, "coins", Some(1)), 10);
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 10);
    let mut claimed = zone(&g, None, "discard")[..2].to_vec();
    claimed.sort();
    assert_eq!(claimed, ["mv_plain_03", "mv_plain_05"]);
    assert_eq!(sorted_hand(&mut g, 3), ["ambush_plain_1", "mv_mountain_01", "wild"]);
    assert_eq!(seat_zone(&g, None, 2, "trophies"), ["outlaw_1"]);
    assert_eq!(g.current(), Some(3));
}

/// R33: the holder of the Corrupt Marshal lets an Outlaw he draws escape to the bottom of
/// the deck, reveals the card and cashes $30; his turn ends.
#[test]
fn r33_the_corrupt_marshal_lets_the_outlaw_escape_reveals_and_cashes_30() {
    let mut g = game(3, "give(2, 'corrupt_marshal') discard('mv_forest_01')");
    turn(&mut g, 2, &["outlaw_4", "mv_mountain_01"]);
    assert_eq!(zone(&g, None, "deck").last().map(String::as_str), Some("outlaw_4"));
    assert_eq!((counter(&g, "coins", Some(2)), counter(&g, "captures", Some(2))), (10 + 30, 0));
    assert_eq!(counter(&g, "escapes_4", None), 1);
    for viewer in 1..=3 {
        assert_eq!(seat_zone(&g, Some(viewer), 2, "badge"), ["corrupt_marshal"]);
    }
    assert!(!hand(&mut g, 2).contains(&"corrupt_marshal".to_string()));
    assert_eq!(g.current(), Some(3));
}

/// R34: Step 2: a Movement card moves to its terrain when adjacent and is discarded, then
/// the player draws again; 1 Provision moves to an adjacent location, then he draws again;
/// 1 Bullet pushes the Marshals here away unless each pays 1 Bullet to stay, then he draws.
#[test]
fn r34_step_2_plays_one_card_or_one_special_action() {
    let mut g = game(3, "give(2, 'mv_plain_04', 'mv_mountain_04')");
    turn(&mut g, 2, &["mv_forest_02", "mv_desert_07", "mv_forest_09", "mv_mountain_06"]);
    let ls = labels(&g, 2);
    assert!(ls.contains(&"Play Plain 4: move to the Plain".to_string()));
    assert!(!ls.iter().any(|l| l.starts_with("Play Mountain 4")), "the Mountain is not adjacent: {ls:?}");
    assert!(!ls.iter().any(|l| l.starts_with("Spend 1 Bullet")), "nobody to push: {ls:?}");

    answer(&mut g, 2, "Play Plain 4: move to the Plain");
    assert_eq!(counter(&g, "pos", Some(2)), 3);
    assert_eq!(zone(&g, None, "discard"), ["mv_plain_04"]);
    assert!(hand(&mut g, 2).contains(&"mv_desert_07".to_string()), "drew again");
    assert_eq!(waiting(&g), [2]);

    run(&mut g, "set('pos', 2, 1) set('pos', 2, 3)");
    answer(&mut g, 2, "Spend 1 Provision: move to the Desert");
    assert_eq!((counter(&g, "pos", Some(2)), counter(&g, "provisions", Some(2))), (2, 3));
    assert!(hand(&mut g, 2).contains(&"mv_forest_09".to_string()), "drew again");

    answer(&mut g, 2, "Spend 1 Bullet: push the Marshals here away");
    assert_eq!(counter(&g, "bullets", Some(2)), 3);
    assert_eq!(waiting(&g), [3], "clockwise from the pusher");
    assert_eq!(labels(&g, 3), ["Spend 1 Bullet and stay", "Move to the Forest", "Move to the Plain"]);
    answer(&mut g, 3, "Spend 1 Bullet and stay");
    answer(&mut g, 1, "Move to the Forest");
    assert_eq!(per_seat(&g, "pos"), [1, 2, 2]);
    assert_eq!(per_seat(&g, "bullets"), [4, 3, 3]);
    assert!(hand(&mut g, 2).contains(&"mv_mountain_06".to_string()), "drew again");
    assert_eq!(waiting(&g), [2]);
}

/// R35: playing a Wild keeps the turn going: the player moves and draws again.
#[test]
fn r35_a_wild_keeps_the_turn_going() {
    let mut g = game(3, "give(2, 'wild', 'wild')");
    turn(&mut g, 2, &["mv_forest_01", "mv_forest_02", "mv_forest_03"]);
    let t = counter(&g, "turn", None);
    answer(&mut g, 2, "Play Wild: move to the Plain");
    answer(&mut g, 2, "Play Wild: move to the Mountain");
    assert_eq!(counter(&g, "pos", Some(2)), 4);
    assert_eq!(counter(&g, "turn", None), t);
    assert_eq!(sorted_hand(&mut g, 2), ["mv_forest_01", "mv_forest_02", "mv_forest_03"]);
    assert!(prompt(&g, 2).starts_with("Your turn: you are in the Mountain"));
    // The Mountain is at the end of the row: it has one neighbour.
    let moves: Vec<String> = labels(&g, 2).into_iter().filter(|l| l.contains("move to")).collect();
    assert_eq!(moves, ["Spend 1 Provision: move to the Plain"]);
}

// ------------------------------------------------------------------------ 1.5 out of turn

/// R36: Jurisdiction, played in another's turn, cancels his Clue or Hideout: the Jurisdiction
/// goes on the discard pile, the cancelled card to its player's hand; of several, the one
/// farthest from the active player resolves.
#[test]
fn r36_jurisdiction_cancels_a_clue_the_farthest_declarer_resolves() {
    let mut g = game(4, "give(2, 'clue_desert') give(1, 'jurisdiction') give(3, 'jurisdiction')");
    turn(&mut g, 2, &["mv_mountain_01", "mv_mountain_02"]);
    answer(&mut g, 2, "Play Clue (Desert)");
    let mut asked = waiting(&g);
    asked.sort();
    assert_eq!(asked, [1, 3, 4]);
    answer(&mut g, 3, "Play Jurisdiction");
    answer(&mut g, 4, "Let it be");
    answer(&mut g, 1, "Play Jurisdiction");
    // Seat 1 plays last before seat 2's next turn: his Jurisdiction resolves.
    assert_eq!(zone(&g, None, "discard"), ["jurisdiction"]);
    assert_eq!(hand(&mut g, 1), ["clue_desert"]);
    // The Clue had no effect (seat 2 was not asked to order cards) and his turn is over.
    assert_eq!(sorted_hand(&mut g, 3), ["jurisdiction", "mv_mountain_02"]);
    assert!(prompt(&g, 3).starts_with("Your turn"));
    assert!(log_has(&g, Some(4), "p1 plays Jurisdiction"));
}

/// R37: during a Train, other Marshals may ride by paying its cost, in its direction.
#[test]
fn r37_other_marshals_may_ride_the_train_by_paying_its_cost() {
    let mut g = game(3, "set('pos', 2, 1) give(1, 'wild')");
    turn(&mut g, 2, &["train_east", "mv_mountain_01"]);
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    answer(&mut g, 2, "Stay off the train");
    assert_eq!(labels(&g, 3), ["Stay off the train", "Ride to the Mountain"]);
    answer(&mut g, 3, "Ride to the Mountain");
    answer(&mut g, 1, "Ride to the Plain");
    assert_eq!(per_seat(&g, "pos"), [3, 2, 4]);
    assert_eq!(per_seat(&g, "coins"), [5, 10, 5]);
    assert_eq!(hand(&mut g, 1), ["wild"], "the ticket is paid in Coins, not cards");
}

/// R38: during a Village, other Marshals may play the Movement or Wild cards that take
/// them to it, and buy there.
#[test]
fn r38_other_marshals_may_travel_to_the_village_by_card_and_buy() {
    let mut g = game(3, "set('pos', 4, 3) give(3, 'mv_plain_02', 'mv_desert_06')");
    turn(&mut g, 2, &["village", "mv_mountain_01"]);
    answer(&mut g, 2, "Done");
    assert_eq!(labels(&g, 3), ["Stay away", "Travel there, playing Plain 2, Desert 6"]);
    answer(&mut g, 3, "Travel there");
    assert_eq!(counter(&g, "pos", Some(3)), 2);
    answer(&mut g, 3, "Buy a Bullet");
    answer(&mut g, 3, "Done");
    assert_eq!((counter(&g, "bullets", Some(3)), counter(&g, "coins", Some(3))), (5, 5));
    assert_eq!(zone(&g, None, "discard"), ["village", "mv_desert_06", "mv_plain_02"]);
    // The trip drew no card: seat 3 holds only his own turn's draw.
    assert_eq!(g.current(), Some(3));
    assert_eq!(hand(&mut g, 3), ["mv_mountain_01"]);
}

// ------------------------------------------------------------------------ 1.6 elimination

/// R39: a Marshal who cannot pay an Ambush and keep 1 Bullet is eliminated: his hand goes
/// onto the discard pile and his turns are skipped; one who can pays and stays.
#[test]
fn r39_a_marshal_who_cannot_pay_and_keep_one_is_eliminated() {
    let mut g = game(
        4,
        "give(2, 'ambush_desert_2') set('pos', 2, 3) set('pos', 2, 4) set('bullets', 3, 3) set('bullets', 2, 4) \
         give(4, 'mv_plain_06', 'wild')",
    );
    turn(&mut g, 2, &["mv_mountain_01"]);
    act(&mut g, 2, "Play Ambush (Desert, 2 Bullets)", &["mv_mountain_02"]);
    assert!(!eliminated(&g, 3));
    assert_eq!(counter(&g, "bullets", Some(3)), 1);
    assert!(eliminated(&g, 4));
    assert_eq!(counter(&g, "bullets", Some(4)), 2, "nothing paid");
    assert!(hand(&mut g, 4).is_empty());
    let discard = zone(&g, Some(1), "discard");
    assert_eq!(discard[0], "ambush_desert_2");
    assert!(discard.contains(&"mv_plain_06".to_string()) && discard.contains(&"wild".to_string()));
    assert_eq!(counter(&g, "pos", Some(4)), 0);
    // Seat 4's turn is skipped.
    turn(&mut g, 1, &["mv_mountain_03"]);
    assert_eq!(waiting(&g), [1]);
    assert_eq!(counter(&g, "turn", None), 4);
}
