//! Clue, Hideout and Jurisdiction.

use super::*;

// ------------------------------------------------------------------------ Clue and Hideout

/// Seat 2 (in the Desert) at his Step 2 holding `card`; nobody holds Jurisdiction.
fn action_game(players: usize, card: &str) -> Game {
    let mut g = start(players);
    give(&mut g, 2, &[card]);
    pass(&mut g, 1, &["mv_mountain_09"]);
    g
}

/// Every other seat lets seat 2's Clue or Hideout be (the Jurisdiction window, Z20).
fn let_it_be(g: &mut Game, players: usize) {
    let mut asked = waiting(g);
    asked.sort_unstable();
    let others: Vec<usize> = (1..=players).filter(|&s| s != 2).collect();
    assert_eq!(asked, others, "every other Marshal is asked");
    for s in others {
        answer(g, s, "Let it be");
    }
}

#[test]
fn clue_peeks_at_three_and_puts_them_back_in_the_chosen_order_seen_only_by_the_player() {
    let mut g = action_game(3, "clue_desert");
    top(&mut g, &["mv_forest_01", "mv_plain_02", "mv_mountain_03", "mv_forest_10"]);
    let from = g.log_lines(Some(1)).len();
    answer(&mut g, 2, "Play Clue (Desert)");
    let_it_be(&mut g, 3);
    let mut ls = labels(&g, 2);
    ls.sort();
    assert_eq!(ls, ["Forest 1", "Mountain 3", "Plain 2"]);
    // While he decides, the three cards are his alone to see.
    assert_eq!(seen(&g, Some(2), Some(2), "look").iter().flatten().count(), 3);
    for s in [1, 3] {
        assert_eq!(seen(&g, Some(s), Some(2), "look"), [None, None, None]);
    }
    answer(&mut g, 2, "Mountain 3");
    assert_eq!(labels(&g, 2).len(), 2);
    answer(&mut g, 2, "Forest 1");
    // The turn ended: seat 3 drew the new top card.
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 3).contains(&"mv_mountain_03".to_string()));
    assert_eq!(names(&g, None, "deck")[..3], ["Forest 1", "Plain 2", "Forest 10"]);
    assert_eq!(discard_top(&g), "Clue (Desert)");
    // Seat 2 still knows the order he chose; seat 1 knows nothing of the deck.
    let deck2 = seen(&g, Some(2), None, "deck");
    assert_eq!(deck2[..3], [Some("Forest 1".to_string()), Some("Plain 2".to_string()), None]);
    assert_eq!(seen(&g, Some(1), None, "deck")[..3], [None, None, None]);
    let lines = log_since(&g, 1, from);
    assert!(lines.iter().any(|l| l == "p2 looks at the top 3 cards of the deck and puts them back."), "{lines:?}");
    for name in ["Forest 1", "Plain 2", "Mountain 3"] {
        assert!(!lines.iter().any(|l| l.contains(name)), "seat 1 reads {name:?} in {lines:?}");
    }
}

#[test]
fn hideout_draws_two_keeps_one_and_returns_the_other_on_top() {
    let mut g = action_game(3, "hideout_desert");
    top(&mut g, &["mv_forest_04", "wild", "mv_mountain_08"]);
    let from = g.log_lines(Some(1)).len();
    answer(&mut g, 2, "Play Hideout (Desert)");
    let_it_be(&mut g, 3);
    // Nobody else holds a card: drawing is the only search.
    assert_eq!(labels(&g, 2), ["Draw 2 cards, keep 1"]);
    answer(&mut g, 2, "Draw 2 cards, keep 1");
    let mut ls = labels(&g, 2);
    ls.sort();
    assert_eq!(ls, ["Forest 4", "Wild"]);
    assert_eq!(seen(&g, Some(1), Some(2), "look"), [None, None], "the pair is his alone to see");
    answer(&mut g, 2, "Wild");
    assert_eq!(sorted_hand(&mut g, 2), ["mv_mountain_09", "wild"]);
    assert_eq!(discard_top(&g), "Hideout (Desert)");
    // The other went back on top: seat 3, next, drew it.
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 3).contains(&"mv_forest_04".to_string()));
    assert_eq!(seen(&g, Some(1), Some(2), "hand"), [None, None]);
    let lines = log_since(&g, 1, from);
    assert!(lines.iter().any(|l| l.contains("keeps one card, puts one back")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("Wild") || l.contains("Forest 4")), "{lines:?}");
    assert!(log_has(&g, Some(2), "p2 keeps Wild."));
}

#[test]
fn hideout_keeping_an_outlaw_captures_it_at_once() {
    let mut g = action_game(3, "hideout_desert");
    top(&mut g, &["outlaw_2", "mv_forest_04", "mv_mountain_08"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    let_it_be(&mut g, 3);
    answer(&mut g, 2, "Draw 2 cards, keep 1");
    answer(&mut g, 2, "The Sundance Kid");
    // Resolved as if drawn (Z19): a capture in his own terrain, then the claims.
    for s in [3, 1] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 2 * 20);
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert_eq!(names(&g, Some(2), "trophies"), ["The Sundance Kid"]);
    assert!(!hand(&mut g, 2).contains(&"outlaw_2".to_string()));
    assert_eq!(discard_top(&g), "Hideout (Desert)");
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 3).contains(&"mv_forest_04".to_string()), "the other card went back on top");
}

#[test]
fn hideout_keeping_an_outlaw_under_an_ambush_lets_it_escape() {
    let mut g = start(3);
    LUA.run(&mut g, "discard('ambush_plain_1')");
    give(&mut g, 2, &["hideout_desert"]);
    pass(&mut g, 1, &["mv_mountain_09"]);
    top(&mut g, &["outlaw_2", "mv_forest_04", "mv_mountain_08"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    let_it_be(&mut g, 3);
    answer(&mut g, 2, "Draw 2 cards, keep 1");
    answer(&mut g, 2, "The Sundance Kid");
    assert_eq!(counter(&g, "coins", Some(2)), 10);
    assert_eq!(counter(&g, "captures", Some(2)), 0);
    assert_eq!(counter(&g, "escapes_2", None), 1);
    assert_eq!(names(&g, None, "deck").last().map(String::as_str), Some("The Sundance Kid"));
    assert_eq!(discard_top(&g), "Hideout (Desert)");
    assert!(at_step_2(&g, 3));
}

#[test]
fn hideout_takes_one_of_two_blind_cards_from_a_rivals_hand() {
    let mut g = action_game(3, "hideout_desert");
    give(&mut g, 3, &["mv_plain_06", "camping_plain_1"]);
    top(&mut g, &["mv_mountain_08"]);
    let from = g.log_lines(Some(1)).len();
    answer(&mut g, 2, "Play Hideout (Desert)");
    let_it_be(&mut g, 3);
    // Seat 1's hand is empty: only seat 3's can be searched.
    assert_eq!(labels(&g, 2), ["Draw 2 cards, keep 1", "Look at 2 cards of p3's hand, keep 1"]);
    answer(&mut g, 2, "Look at 2 cards of p3's hand, keep 1");
    assert_eq!(labels(&g, 2), ["Card 1", "Card 2"], "face-down picks");
    g.choose(2, &[1, 2]).unwrap();
    let mut ls = labels(&g, 2);
    ls.sort();
    assert_eq!(ls, ["Camping (Plain, 1 Provision)", "Plain 6"]);
    answer(&mut g, 2, "Plain 6");
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 2).contains(&"mv_plain_06".to_string()));
    assert_eq!(sorted_hand(&mut g, 3), ["camping_plain_1", "mv_mountain_08"]);
    // Seat 2 saw the card he gave back; seat 1 saw neither.
    assert!(seen(&g, Some(2), Some(3), "hand").contains(&Some("Camping (Plain, 1 Provision)".to_string())));
    assert_eq!(seen(&g, Some(1), Some(3), "hand"), [None, None]);
    assert_eq!(seen(&g, Some(1), Some(2), "hand"), [None, None]);
    assert!(log_has(&g, Some(3), "and takes Plain 6."), "the rival knows which card left");
    let lines = log_since(&g, 1, from);
    assert!(lines.iter().any(|l| l == "p2 searches p3's hand and takes a card."), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("Plain 6") || l.contains("Camping")), "{lines:?}");
}

// ------------------------------------------------------------------------ Jurisdiction

#[test]
fn jurisdiction_cancels_a_clue_which_goes_to_his_hand() {
    let mut g = action_game(3, "clue_desert");
    give(&mut g, 3, &["jurisdiction"]);
    top(&mut g, &["mv_forest_01", "mv_plain_02", "mv_mountain_03"]);
    answer(&mut g, 2, "Play Clue (Desert)");
    assert_eq!(labels(&g, 3), ["Let it be", "Play Jurisdiction"]);
    assert_eq!(labels(&g, 1), ["Let it be"], "asked too, so the question tells nothing");
    answer(&mut g, 1, "Let it be");
    answer(&mut g, 3, "Play Jurisdiction");
    // No peek: the turn ended at once, and seat 3 drew the unchanged top card.
    assert!(at_step_2(&g, 3));
    assert_eq!(sorted_hand(&mut g, 3), ["clue_desert", "mv_forest_01"]);
    assert_eq!(names(&g, None, "deck")[..2], ["Plain 2", "Mountain 3"]);
    assert_eq!(discard_top(&g), "Jurisdiction");
    assert!(!names(&g, None, "discard").contains(&"Clue (Desert)".to_string()));
    assert!(seen(&g, Some(1), Some(3), "hand").contains(&Some("Clue (Desert)".to_string())), "now public");
    assert!(log_has(&g, Some(1), "p3 plays Jurisdiction: Clue (Desert) has no effect and goes to p3's hand."));
}

#[test]
fn jurisdiction_cancels_a_hideout_which_goes_to_his_hand() {
    let mut g = action_game(3, "hideout_desert");
    give(&mut g, 1, &["jurisdiction", "mv_plain_03"]);
    top(&mut g, &["mv_forest_01", "mv_plain_02"]);
    answer(&mut g, 2, "Play Hideout (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Play Jurisdiction");
    assert!(at_step_2(&g, 3));
    assert_eq!(hand(&mut g, 3), ["mv_forest_01"], "nothing drawn by the Hideout");
    assert_eq!(sorted_hand(&mut g, 1), ["hideout_desert", "mv_plain_03"]);
    assert_eq!(hand(&mut g, 2), ["mv_mountain_09"]);
    assert_eq!(discard_top(&g), "Jurisdiction");
}

#[test]
fn jurisdiction_of_the_farthest_in_turn_order_resolves() {
    let mut g = action_game(4, "clue_desert");
    give(&mut g, 3, &["jurisdiction"]);
    give(&mut g, 1, &["jurisdiction"]);
    top(&mut g, &["mv_forest_01", "mv_plain_02", "mv_mountain_03"]);
    let from = g.log_lines(Some(4)).len();
    answer(&mut g, 2, "Play Clue (Desert)");
    answer(&mut g, 3, "Play Jurisdiction");
    answer(&mut g, 4, "Let it be");
    answer(&mut g, 1, "Play Jurisdiction");
    // After seat 2 come 3, 4, 1: seat 1 is the farthest.
    assert!(at_step_2(&g, 3));
    assert_eq!(hand(&mut g, 1), ["clue_desert"]);
    assert_eq!(sorted_hand(&mut g, 3), ["jurisdiction", "mv_forest_01"], "the other declarer keeps his card");
    let pile = names(&g, None, "discard");
    assert_eq!(pile.iter().filter(|n| *n == "Jurisdiction").count(), 1);
    let lines = log_since(&g, 4, from);
    assert!(lines.iter().any(|l| l.starts_with("p1 plays Jurisdiction")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("p3 plays")), "nobody learns seat 3 declared: {lines:?}");
}

#[test]
fn jurisdiction_is_never_offered_on_ones_own_turn() {
    let mut g = start(3);
    give(&mut g, 2, &["jurisdiction", "clue_desert"]);
    pass(&mut g, 1, &["mv_mountain_09"]);
    assert!(!labels(&g, 2).iter().any(|l| l.contains("Jurisdiction")), "{:?}", labels(&g, 2));
    top(&mut g, &["mv_forest_01", "mv_plain_02", "mv_mountain_03"]);
    answer(&mut g, 2, "Play Clue (Desert)");
    let mut asked = waiting(&g);
    asked.sort_unstable();
    assert_eq!(asked, [1, 3], "he cannot cancel his own Clue");
}

#[test]
fn jurisdiction_answers_only_clue_and_hideout() {
    let mut g = action_game(3, "ambush_desert_1");
    give(&mut g, 3, &["jurisdiction"]);
    give(&mut g, 1, &["jurisdiction"]);
    top(&mut g, &["mv_mountain_08"]);
    answer(&mut g, 2, "Play Ambush (Desert, 1 Bullet)");
    // No window: the Ambush resolved (nobody else in the Desert) and the turn passed.
    assert!(at_step_2(&g, 3));
    assert_eq!(discard_top(&g), "Ambush (Desert, 1 Bullet)");
    assert!(hand(&mut g, 3).contains(&"jurisdiction".to_string()));
}
