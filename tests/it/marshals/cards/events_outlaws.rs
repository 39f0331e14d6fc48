//! The Events (Border, Train, Village), the Outlaws and the Corrupt Marshal.

use super::*;

// ------------------------------------------------------------------------ Border

#[test]
fn border_makes_a_new_map_and_sends_every_marshal_in_the_game_home() {
    let mut maps = Vec::new();
    for seed in [0, 100, 200, 300, 400, 500] {
        let mut g = start_from(4, seed);
        set(&mut g, "pos", 3, 1);
        set(&mut g, "pos", 4, 2);
        set(&mut g, "pos", 1, 3);
        // Seat 4 is out of the game: he stays off the map.
        LUA.run(&mut g, "posse.eliminate(4) posse.set('pos', 0, 4)");
        let before = g.log_lines(None).len();
        pass(&mut g, 1, &["border", "mv_mountain_08"]);
        let map: Vec<i64> = (1..=4).map(|p| counter(&g, &format!("map_{p}"), None)).collect();
        let mut sorted = map.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4], "four terrains, each once");
        for s in 1..=3 {
            let p = counter(&g, "pos", Some(s));
            assert!((1..=4).contains(&p));
            assert_eq!(map[p as usize - 1], counter(&g, "character", Some(s)), "seat {s} is on his own terrain");
        }
        assert_eq!(counter(&g, "pos", Some(4)), 0);
        assert_eq!(discard_top(&g), "Border");
        assert!(at_step_2(&g, 3), "an Event ends the turn");
        assert!(log_since(&g, 1, before).iter().any(|l| l.starts_with("Border! The new map:")));
        maps.push(map);
    }
    assert!(maps.iter().any(|m| m != &[1, 2, 3, 4]), "the map cards are reshuffled: {maps:?}");
}

// ------------------------------------------------------------------------ Train

#[test]
fn train_east_takes_riders_at_or_ahead_of_the_player_for_the_ticket() {
    let mut g = start(4);
    pass(&mut g, 1, &["train_east", "mv_mountain_08"]);
    assert_eq!(waiting(&g), [2]);
    assert!(prompt(&g, 2).contains("$5"), "{}", prompt(&g, 2));
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    answer(&mut g, 2, "Ride to the Mountain");
    // Seat 3 (Plain) is ahead; seat 4 (Mountain) has nowhere to go; seat 1 is behind.
    assert_eq!(labels(&g, 3), ["Stay off the train", "Ride to the Mountain"]);
    answer(&mut g, 3, "Ride to the Mountain");
    assert!(at_step_2(&g, 3), "nobody else is asked, and the Event ends the turn");
    assert_eq!(counter(&g, "pos", Some(2)), 4);
    assert_eq!(counter(&g, "pos", Some(3)), 4);
    assert_eq!([1, 2, 3, 4].map(|s| counter(&g, "coins", Some(s))), [10, 5, 5, 10]);
    assert!(hand(&mut g, 2).is_empty(), "riders draw nothing");
    assert_eq!(discard_top(&g), "Train (eastbound)");
}

#[test]
fn train_west_takes_riders_the_other_way_whether_or_not_the_player_rides() {
    let mut g = start(4);
    set(&mut g, "pos", 3, 2);
    pass(&mut g, 1, &["train_west", "mv_mountain_08"]);
    // Seat 2 and seat 3 in the Plain; seat 4 (Mountain) is behind; seat 1 (Forest) at the end.
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Desert", "Ride to the Forest"]);
    answer(&mut g, 2, "Stay off the train");
    assert_eq!(labels(&g, 3), ["Stay off the train", "Ride to the Desert", "Ride to the Forest"]);
    answer(&mut g, 3, "Ride to the Forest");
    assert!(at_step_2(&g, 3));
    assert_eq!([1, 2, 3, 4].map(|s| counter(&g, "pos", Some(s))), [1, 3, 1, 4]);
    assert_eq!([1, 2, 3, 4].map(|s| counter(&g, "coins", Some(s))), [10, 10, 5, 10]);
    assert_eq!(discard_top(&g), "Train (westbound)");
}

#[test]
fn train_with_no_location_ahead_cannot_be_ridden() {
    let mut g = start(3);
    set(&mut g, "pos", 4, 2);
    pass(&mut g, 1, &["train_east", "mv_mountain_08"]);
    // The player is at the eastern end, and the others are behind him.
    assert!(at_step_2(&g, 3), "nobody was asked; waiting for {:?}", waiting(&g));
    assert_eq!(counter(&g, "pos", Some(2)), 4);
    assert_eq!(counter(&g, "coins", Some(2)), 10);
    assert_eq!(discard_top(&g), "Train (eastbound)");
}

#[test]
fn train_is_not_offered_to_a_marshal_who_cannot_pay_the_ticket() {
    let mut g = start(3);
    set(&mut g, "coins", 4, 3);
    pass(&mut g, 1, &["train_east", "mv_mountain_08"]);
    answer(&mut g, 2, "Ride to the Plain");
    assert!(at_step_2(&g, 3), "seat 3 ($4) is not asked; waiting for {:?}", waiting(&g));
    assert_eq!(counter(&g, "coins", Some(3)), 4);
    assert_eq!(counter(&g, "pos", Some(3)), 3);
}

// ------------------------------------------------------------------------ Village

#[test]
fn village_sells_bullets_and_provisions_at_its_price_up_to_the_cap() {
    let mut g = start(3);
    set(&mut g, "coins", 14, 2);
    set(&mut g, "bullets", 9, 2);
    set(&mut g, "pos", 2, 3);
    pass(&mut g, 1, &["village", "mv_mountain_08"]);
    assert!(prompt(&g, 2).contains("$5"), "{}", prompt(&g, 2));
    assert_eq!(labels(&g, 2), ["Done", "Buy a Bullet", "Buy a Provision"]);
    answer(&mut g, 2, "Buy a Bullet");
    assert_eq!(counter(&g, "coins", Some(2)), 9);
    assert_eq!(counter(&g, "bullets", Some(2)), 10);
    assert_eq!(labels(&g, 2), ["Done", "Buy a Provision"], "10 Bullets is the cap");
    answer(&mut g, 2, "Buy a Provision");
    assert_eq!(counter(&g, "coins", Some(2)), 4);
    assert_eq!(counter(&g, "provisions", Some(2)), 5);
    // $4 buys nothing: seat 2 is done; seat 3, in the Desert too, may buy.
    assert_eq!(waiting(&g), [3]);
    assert_eq!(labels(&g, 3), ["Done", "Buy a Bullet", "Buy a Provision"]);
    answer(&mut g, 3, "Buy a Provision");
    answer(&mut g, 3, "Done");
    assert_eq!(counter(&g, "coins", Some(3)), 5);
    assert_eq!(counter(&g, "provisions", Some(3)), 5);
    // Seat 1, in the Forest without a card, is not asked.
    assert!(at_step_2(&g, 3), "waiting for {:?}", waiting(&g));
    assert_eq!(discard_top(&g), "Village");
}

#[test]
fn village_others_travel_there_by_their_movement_and_wild_cards() {
    let mut g = start(4);
    give(&mut g, 3, &["wild"]);
    give(&mut g, 4, &["mv_plain_07", "mv_plain_02", "mv_desert_05", "wild"]);
    // Seat 1 can reach the Desert from the Forest only with a Desert card or a Wild.
    give(&mut g, 1, &["mv_plain_09"]);
    pass(&mut g, 1, &["village", "mv_mountain_08"]);
    answer(&mut g, 2, "Done");
    assert_eq!(labels(&g, 3), ["Stay away", "Travel there, playing Wild"]);
    answer(&mut g, 3, "Travel there");
    assert_eq!(counter(&g, "pos", Some(3)), 2);
    answer(&mut g, 3, "Done");
    // The lowest card of each step's terrain, a Wild only when he has none (DECISIONS.md).
    assert_eq!(labels(&g, 4), ["Stay away", "Travel there, playing Plain 2, Desert 5"]);
    answer(&mut g, 4, "Travel there");
    assert_eq!(counter(&g, "pos", Some(4)), 2);
    answer(&mut g, 4, "Buy a Bullet");
    answer(&mut g, 4, "Done");
    assert_eq!(counter(&g, "bullets", Some(4)), 5);
    assert_eq!(counter(&g, "coins", Some(4)), 5);
    assert!(at_step_2(&g, 3), "seat 1 is not asked; waiting for {:?}", waiting(&g));
    assert_eq!(counter(&g, "pos", Some(1)), 1);
    assert_eq!(sorted_hand(&mut g, 4), ["mv_plain_07", "wild"], "no draw on the way");
    assert_eq!(hand(&mut g, 1), ["mv_plain_09"]);
    // The cards played, in order, under the Village (Z27, Z28).
    assert_eq!(names(&g, None, "discard"), ["Village", "Desert 5", "Plain 2", "Wild"]);
}

// ------------------------------------------------------------------------ Outlaw

#[test]
fn outlaw_captured_pays_its_danger_to_the_capturer() {
    let mut g = start(3);
    set(&mut g, "pos", 3, 2);
    pass(&mut g, 1, &["outlaw_3", "mv_mountain_08"]);
    // Every other Marshal is asked about a claim, with nothing to claim.
    assert_eq!(labels(&g, 3), ["No claim"]);
    assert_eq!(labels(&g, 1), ["No claim"]);
    answer(&mut g, 3, "No claim");
    answer(&mut g, 1, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 30, "the Plain is not his terrain");
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert_eq!(seen(&g, Some(1), Some(2), "trophies"), [Some("Belle Starr".to_string())]);
    assert!(log_has(&g, Some(1), "p2 captures Belle Starr in the Plain."));
    assert!(at_step_2(&g, 3), "an Outlaw ends the turn");
}

#[test]
fn outlaw_captured_on_the_capturers_terrain_pays_double() {
    let mut g = start(3);
    pass(&mut g, 1, &["outlaw_3", "mv_mountain_08"]);
    answer(&mut g, 3, "No claim");
    answer(&mut g, 1, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 2 * 30);
    assert_eq!(counter(&g, "captures", Some(2)), 1);
}

#[test]
fn outlaw_claims_pay_others_their_matching_movement_cards_never_doubled() {
    let mut g = start(3);
    set(&mut g, "pos", 3, 2);
    give(&mut g, 3, &["mv_plain_04", "mv_plain_06", "wild", "mv_desert_05"]);
    give(&mut g, 1, &["mv_plain_09"]);
    pass(&mut g, 1, &["outlaw_1", "mv_mountain_08"]);
    let ls = labels(&g, 3);
    assert!(ls == ["No claim", "Claim $10 (Plain 4, Plain 6)"] || ls == ["No claim", "Claim $10 (Plain 6, Plain 4)"]);
    answer(&mut g, 3, "Claim $10");
    assert_eq!(labels(&g, 1), ["No claim", "Claim $9 (Plain 9)"]);
    answer(&mut g, 1, "No claim");
    // Seat 3 is the Plain Marshal: a claim is never doubled.
    assert_eq!(counter(&g, "coins", Some(3)), 10 + 10);
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 10);
    assert_eq!(counter(&g, "coins", Some(1)), 10, "a claim is optional");
    assert_eq!(hand(&mut g, 1), ["mv_plain_09"]);
    let pile = names(&g, None, "discard");
    assert!(pile.contains(&"Plain 4".to_string()) && pile.contains(&"Plain 6".to_string()), "{pile:?}");
    assert!(at_step_2(&g, 3));
    assert_eq!(sorted_hand(&mut g, 3), ["mv_desert_05", "mv_mountain_08", "wild"]);
}

#[test]
fn outlaw_escapes_under_an_ambush_or_camping_on_top_of_the_discard_pile() {
    for card in ["ambush_forest_1", "camping_mountain_2"] {
        let mut g = start(3);
        LUA.run(&mut g, &format!("discard('{card}')"));
        give(&mut g, 3, &["mv_desert_05"]);
        pass(&mut g, 1, &["outlaw_4", "mv_mountain_08"]);
        // No capture, hence no claims: the turn passed at once.
        assert!(at_step_2(&g, 3), "under {card}: waiting for {:?}", waiting(&g));
        assert_eq!(counter(&g, "coins", Some(2)), 10);
        assert_eq!(counter(&g, "captures", Some(2)), 0);
        assert_eq!(counter(&g, "escapes_4", None), 1);
        // At the bottom of the deck, known to all since everyone saw it drawn.
        assert_eq!(seen(&g, Some(1), None, "deck").last(), Some(&Some("Sam Bass".to_string())));
        assert!(log_has(&g, Some(1), "Sam Bass escapes"));
    }
}

// ------------------------------------------------------------------------ Corrupt Marshal

#[test]
fn corrupt_marshal_drawn_is_a_secret_in_hand() {
    let mut g = start(3);
    let from = g.log_lines(Some(1)).len();
    pass(&mut g, 1, &["corrupt_marshal"]);
    assert!(at_step_2(&g, 2));
    assert!(!labels(&g, 2).iter().any(|l| l.contains("Corrupt")), "{:?}", labels(&g, 2));
    assert_eq!(hand(&mut g, 2), ["corrupt_marshal"]);
    assert_eq!(seen(&g, Some(2), Some(2), "hand"), [Some("Corrupt Marshal".to_string())]);
    for s in [1, 3] {
        assert_eq!(seen(&g, Some(s), Some(2), "hand"), [None]);
        assert!(!g.log_lines(Some(s)).iter().any(|l| l.contains("Corrupt")));
    }
    assert!(log_since(&g, 1, from).iter().any(|l| l == "p2 draws a card."));
    assert!(log_has(&g, Some(2), "p2 draws Corrupt Marshal."));
    assert!(names(&g, Some(2), "badge").is_empty());
}

#[test]
fn corrupt_marshal_reveals_himself_on_an_outlaw_and_earns_30_each_time() {
    let mut g = start(3);
    give(&mut g, 2, &["corrupt_marshal"]);
    // Seat 2 in his own Desert: a capture would have paid double; he lets it go instead.
    pass(&mut g, 1, &["outlaw_1", "mv_mountain_08"]);
    assert!(at_step_2(&g, 3), "no claims, the turn ended: waiting for {:?}", waiting(&g));
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 30);
    assert_eq!(counter(&g, "captures", Some(2)), 0);
    assert_eq!(counter(&g, "escapes_1", None), 1);
    assert_eq!(names(&g, None, "deck").last().map(String::as_str), Some("Black Jack Ketchum"));
    assert_eq!(seen(&g, Some(1), Some(2), "badge"), [Some("Corrupt Marshal".to_string())]);
    assert!(!hand(&mut g, 2).contains(&"corrupt_marshal".to_string()));
    assert!(log_has(&g, Some(3), "p2 reveals the Corrupt Marshal card!"));
    // His next Outlaw pays again.
    pass(&mut g, 3, &["mv_mountain_07"]);
    pass(&mut g, 1, &["outlaw_2", "mv_mountain_06"]);
    assert!(at_step_2(&g, 3));
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 30 + 30);
    assert_eq!(counter(&g, "escapes_2", None), 1);
    assert_eq!(names(&g, None, "deck").last().map(String::as_str), Some("The Sundance Kid"));
    assert_eq!(names(&g, Some(2), "badge"), ["Corrupt Marshal"]);
    let reveals = g.log_lines(None).iter().filter(|l| l.contains("reveals the Corrupt Marshal")).count();
    assert_eq!(reveals, 1, "revealed once, for good");
}

#[test]
fn corrupt_marshal_once_revealed_claims_nothing() {
    let mut g = start(3);
    LUA.run(&mut g, "local c = find('corrupt_marshal') posse.move(c, posse.zone('badge', 3)) posse.flip(c, true)");
    give(&mut g, 3, &["mv_desert_05"]);
    pass(&mut g, 1, &["outlaw_1", "mv_mountain_08"]);
    assert_eq!(waiting(&g), [1], "seat 3 is not asked");
    answer(&mut g, 1, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 20);
    assert_eq!(counter(&g, "coins", Some(3)), 10);
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 3).contains(&"mv_desert_05".to_string()));
}
