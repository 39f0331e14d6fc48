//! The resolutions of the Events (Z26-Z29) and of escapes, the deck and the end (Z30-Z35).

use super::*;

// ------------------------------------------------------------------------------ Events

/// Z26 (`train_others_distance: any`): riders are the active player and the Marshals at or
/// ahead of him with a place ahead, fixed when the Train is revealed; each decides in turn
/// order from the active player, pays the cost and rides on; riders never draw.
#[test]
fn z26_train_riders_are_fixed_when_it_is_revealed() {
    let code = "set('pos', 2, 1) set('pos', 3, 2) set('pos', 4, 3) set('pos', 1, 4) top('mv_plain_08')";
    let mut g = game("", 4, code, "train_east");
    assert_eq!(labels(&g, 1), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    answer(&mut g, 1, "Ride to the Mountain");
    assert_eq!(waiting(&g), [2], "p2 was ahead when the Train came");
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Mountain"]);
    answer(&mut g, 2, "Ride to the Mountain");
    assert!(at_step2(&g, 2), "p3 (nothing ahead) and p4 (behind) are not asked");
    assert_eq!((1..=4).map(|s| counter(&g, "pos", Some(s))).collect::<Vec<_>>(), [4, 4, 4, 1]);
    assert_eq!((1..=4).map(|s| counter(&g, "coins", Some(s))).collect::<Vec<_>>(), [5, 5, 10, 10]);
    assert_eq!(held(&g, 2), ["mv_plain_08"], "only his turn's draw");
}

/// Z26 (`train_others_need_active_ride: false`): others ride whether or not the active player
/// does, any distance ahead; no cards are played.
#[test]
fn z26_others_ride_any_distance_without_the_active_player() {
    let code = "set('pos', 4, 1) set('pos', 3, 2) set('pos', 2, 3) set('pos', 1, 4) give(2, 'wild') top('mv_plain_08')";
    let mut g = game("", 4, code, "train_west");
    answer(&mut g, 1, "Stay off the train");
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Desert", "Ride to the Forest"]);
    answer(&mut g, 2, "Ride to the Forest");
    assert_eq!(labels(&g, 3), ["Stay off the train", "Ride to the Forest"]);
    answer(&mut g, 3, "Stay off the train");
    assert!(at_step2(&g, 2), "p4, in the Forest, has nowhere to go");
    assert_eq!((1..=4).map(|s| counter(&g, "pos", Some(s))).collect::<Vec<_>>(), [4, 1, 2, 1]);
    assert_eq!(counter(&g, "coins", Some(2)), 5);
    assert_eq!(held(&g, 2), ["mv_plain_08", "wild"], "no card played");
}

/// Z27 (`village_partial_trip: false`): players act in order from the active player; one at
/// the Village buys; one elsewhere may play Movement/Wild cards, each a legal step, ending
/// exactly at the Village (no partial trip); buying is optional; these moves never draw; the
/// cards go to the discard pile in the order played, the Village last (Z28).
#[test]
fn z27_a_village_is_reached_by_a_whole_trip_of_cards() {
    let code =
        "set('pos', 3, 2) set('pos', 4, 3) give(2, 'mv_desert_09', 'mv_desert_04', 'wild') give(3, 'mv_plain_01')
                top('mv_mountain_07')";
    let mut g = game("", 3, code, "village");
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Done");
    assert_eq!(labels(&g, 2), ["Stay away", "Travel there, playing Desert 4, Wild"]);
    answer(&mut g, 2, "Travel there");
    assert_eq!(counter(&g, "pos", Some(2)), 1);
    answer(&mut g, 2, "Buy a Provision");
    answer(&mut g, 2, "Done");
    assert!(at_step2(&g, 2), "p3 cannot reach the Village with his Plain 1 alone");
    assert_eq!(counter(&g, "pos", Some(3)), 4);
    assert_eq!(held(&g, 2), ["mv_desert_09", "mv_mountain_07"], "no draw on the trip");
    assert_eq!(ids(&g, "discard", None), ["village", "wild", "mv_desert_04"]);
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "provisions", Some(2))], [5, 5]);
}

/// Z28 (`event_after_resolution: discard`): a resolved Event goes on top of the discard pile,
/// so the next Outlaw drawn can be captured.
#[test]
fn z28_an_event_covers_an_ambush_on_the_discard_pile() {
    let code = "discard('ambush_plain_1') top('outlaw_1', 'mv_plain_01')";
    let mut g = game("", 3, code, "village");
    answer(&mut g, 1, "Done");
    assert_eq!(ids(&g, "discard", None), ["village", "ambush_plain_1"]);
    for s in [3, 1] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert!(at_step2(&g, 3));
}

/// Z29: Border moves live Marshals only; the new map is a fresh uniform permutation, which
/// may repeat the old one.
#[test]
fn z29_border_deals_a_fresh_map_to_live_marshals() {
    let code = "set('pos', 1, 3) set('bullets', 1, 3) set('pos', 3, 2) set('pos', 2, 4) give(1, 'ambush_forest_1')
                top('border', 'mv_mountain_03')";
    let mut g = game("", 4, code, "mv_plain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    assert!(log_has(&g, None, "Border!"));
    assert!(at_step2(&g, 4), "p2 drew the Border; p3 is out");
    let m = map(&g);
    assert_eq!(m.iter().collect::<BTreeSet<_>>().len(), 4);
    for s in [1, 2, 4] {
        let at = counter(&g, "pos", Some(s)) as usize;
        assert_eq!(m[at - 1], counter(&g, "character", Some(s)), "p{s} is back on his terrain");
    }
    assert_eq!(counter(&g, "pos", Some(3)), 0, "the eliminated Marshal stays off the map");
    // Many Borders: every order comes up, and sometimes the same map again.
    let (mut seen, mut repeats) = (BTreeSet::new(), 0);
    let mut before = m;
    for _ in 0..200 {
        let seat = waiting(&g)[0];
        arrange(&mut g, "top('border', 'wild')");
        pass(&mut g, seat);
        let now = map(&g);
        repeats += usize::from(now == before);
        seen.insert(now);
        before = now;
    }
    assert_eq!(seen.len(), 24, "every order of the four terrains");
    assert!(repeats > 0, "the new map may be the old one");
}

// ------------------------------------------------------------------------------ escapes, deck, end

/// Z30 (`indefinite_escape: outlaw_only_deck_all_escaped_twice`): each Outlaw counts its
/// escapes over the whole game; right after a temporary escape, a deck of Outlaws only, each
/// escaped twice, means they get away for good (E2).
#[test]
fn z30_the_last_outlaw_escaping_a_second_time_gets_away() {
    let g = game("", 3, LAST_ESCAPE, "outlaw_4");
    assert!(g.is_over());
    assert!(log_has(&g, Some(2), "gets away for good"));
    assert_eq!(counter(&g, "escapes_4", None), 2);
    assert_eq!(outcome(&g), (vec![1, 2, 3], "the most money earned".to_string()), "no Corrupt Marshal: Z35");
}

/// Z30: with several Outlaws left and nothing else, the game goes on until each has escaped
/// twice.
#[test]
fn z30_several_outlaws_get_away_once_each_escaped_twice() {
    let code = "only('outlaw_3', 'outlaw_4') set('escapes_4', 1) discard('camping_plain_1')";
    let g = game("", 3, code, "outlaw_3");
    assert!(g.is_over());
    assert!(log_has(&g, None, "p3 draws Belle Starr"), "Sam Bass's second escape did not end it");
    assert_eq!([counter(&g, "escapes_3", None), counter(&g, "escapes_4", None)], [2, 2]);
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("gets away for good")).count(), 1);
}

/// Z31: Clue and Hideout(a) use min(k, deck size).
#[test]
fn z31_clue_and_hideout_take_at_most_the_deck() {
    let mut g = game("", 3, "give(1, 'clue_forest') only('mv_plain_02', 'outlaw_1')", "mv_plain_01");
    answer(&mut g, 1, "Play Clue (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    assert_eq!(offered(&g, 1), set(&["Plain 2", "Black Jack Ketchum"]), "two cards to order, not three");
    answer(&mut g, 1, "Black Jack Ketchum");
    assert!(log_has(&g, None, "looks at the top 2 cards"));
    assert!(log_has(&g, None, "p2 draws Black Jack Ketchum"), "the order p1 chose");

    let mut g = game("", 3, "give(1, 'hideout_forest') only('mv_plain_02')", "mv_plain_01");
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Draw 2 cards, keep 1");
    assert_eq!(held(&g, 1), ["mv_plain_01", "mv_plain_02"], "the one card there was, kept without asking");
}

/// Z31: engine guard: a draw from an empty deck ends the game, scored by Z35.
#[test]
fn z31_an_empty_deck_ends_and_scores_the_game() {
    let mut g = game("", 3, "only('mv_plain_02') set('coins', 12, 3)", "mv_plain_01");
    arrange(&mut g, "posse.move(find('mv_plain_02'), posse.zone('aside'))");
    pass(&mut g, 1);
    assert!(log_has(&g, None, "The Far West deck is empty."));
    assert_eq!(outcome(&g), (vec![3], "the most money earned".to_string()));
}

/// Z32 (`corrupt_win_if_eliminated: true`): V2 applies only if the Corrupt Marshal card has
/// been revealed; that player wins even if eliminated.
#[test]
fn z32_a_revealed_corrupt_marshal_wins_even_eliminated() {
    let code =
        "give(2, 'corrupt_marshal') set('pos', 1, 2) set('bullets', 1, 2) set('pos', 1, 3) give(3, 'ambush_forest_1')
                set('coins', 90, 3) top('outlaw_1', 'mv_plain_02')";
    let mut g = game("", 3, code, "mv_plain_01");
    pass(&mut g, 1);
    assert_eq!(ids(&g, "badge", Some(2)), ["corrupt_marshal"]);
    arrange(&mut g, "only('outlaw_1')");
    answer(&mut g, 3, "Play Ambush (Forest, 1 Bullet)");
    // p2 is out; p1 draws Ketchum under the Ambush: his second escape, for good.
    assert!(g.view(None).seats[1].eliminated);
    assert_eq!(outcome(&g), (vec![2], "the Corrupt Marshal let an Outlaw get away".to_string()));
}

/// Z32: when E2 happens with no revealed Corrupt Marshal, Z35 scores normally.
#[test]
fn z32_an_unrevealed_corrupt_marshal_does_not_win_by_an_escape() {
    let code = format!("give(3, 'corrupt_marshal') set('coins', 30, 2) {LAST_ESCAPE}");
    let g = game("", 3, &code, "outlaw_4");
    assert_eq!(outcome(&g), (vec![2], "the most money earned".to_string()));
}

/// Z33: ties under V3 are broken by most captured Outlaws, then by not eliminated over
/// eliminated, then the victory is shared.
#[test]
fn z33_money_ties_go_to_captures_then_to_the_live_then_shared() {
    let code = format!("set('coins', 50, 1) set('coins', 50, 2) captured(1, 'outlaw_1') {LAST_ESCAPE}");
    assert_eq!(outcome(&game("", 3, &code, "outlaw_4")).0, [1], "more captures");
    let code = format!("set('coins', 50, 1) set('coins', 50, 2) {LAST_ESCAPE}");
    assert_eq!(outcome(&game("", 3, &code, "outlaw_4")).0, [1, 2], "shared");
    let code =
        "give(1, 'ambush_forest_1') set('pos', 1, 2) set('bullets', 1, 2) set('coins', 50, 2) set('coins', 50, 3)
                only('outlaw_4') set('escapes_4', 1)";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    assert_eq!(outcome(&g).0, [3], "p2, as rich, is out");
}

/// Z34 (`early_end_on_3_captures: false`): the game ends only by E1, E2 or E3; a third
/// capture does not end it.
#[test]
fn z34_a_third_capture_does_not_end_the_game() {
    let code = "captured(1, 'outlaw_1', 'outlaw_2') top('mv_desert_03')";
    let mut g = game("", 3, code, "outlaw_3");
    for s in [2, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "captures", Some(1)), 3);
    assert!(!g.is_over());
    assert!(at_step2(&g, 2));
}

/// Z35: final scoring, the first rule that matches: (3) a player, live or eliminated, with
/// >= 3 captured Outlaws wins, before (4) the most Coins.
#[test]
fn z35_three_captures_beat_money_even_eliminated() {
    let code = "give(1, 'ambush_forest_1') set('pos', 1, 2) set('bullets', 1, 2) captured(2, 'outlaw_1', 'outlaw_2', 'outlaw_3')
                set('coins', 90, 3) only('outlaw_4') set('escapes_4', 1)";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    assert!(g.view(None).seats[1].eliminated);
    assert_eq!(outcome(&g), (vec![2], "captured three Outlaws".to_string()));
}

/// Z35: (2) V2, a game ended by E2 with a revealed Corrupt Marshal, comes before (3).
#[test]
fn z35_a_revealed_corrupt_marshal_beats_three_captures() {
    let code = "badge(1) captured(2, 'outlaw_1', 'outlaw_2', 'outlaw_3') only('outlaw_4') set('escapes_4', 1)";
    let g = game("", 3, code, "outlaw_4");
    assert_eq!(outcome(&g), (vec![1], "the Corrupt Marshal let an Outlaw get away".to_string()));
    assert_eq!(counter(&g, "coins", Some(1)), 40, "with his cut");
}
