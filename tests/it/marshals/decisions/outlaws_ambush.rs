//! The resolutions of the Outlaws (Z15-Z20) and of Ambush and Camping (Z21-Z25).

use super::*;

// ------------------------------------------------------------------------------ Outlaws

/// Z15 (`claim_cards: movement_only`, `claim_mode: all_matching`): the capturer gains danger,
/// doubled in his Character's terrain; non-eliminated players other than the capturer,
/// excluding a revealed Corrupt Marshal, either decline or reveal all Movement cards of the
/// zone terrain (Wild and Action cards never count), gain the sum and discard those cards; the
/// capturer keeps the Outlaw in a public trophy area, and the turn ends.
#[test]
fn z15_capture_then_all_or_nothing_claims() {
    let code = "give(2, 'mv_forest_03', 'mv_forest_05', 'wild', 'ambush_forest_1', 'mv_desert_02')
                give(3, 'mv_desert_09') give(4, 'mv_forest_09') badge(4) top('mv_desert_07')";
    let mut g = game("", 4, code, "outlaw_2");
    assert_eq!(counter(&g, "coins", Some(1)), 50, "$20 doubled in his own Forest");
    assert_eq!(waiting(&g), [2, 3], "claims, asked at once; not the revealed Corrupt Marshal");
    let l2 = labels(&g, 2);
    assert_eq!(l2.len(), 2, "all or nothing: {l2:?}");
    assert!(l2[1].starts_with("Claim $8 (") && l2[1].contains("Forest 3") && l2[1].contains("Forest 5"), "{l2:?}");
    assert_eq!(labels(&g, 3), ["No claim"]);
    answer(&mut g, 2, "Claim");
    answer(&mut g, 3, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 18);
    assert_eq!(held(&g, 2), ["ambush_forest_1", "mv_desert_02", "mv_desert_07", "wild"], "and his turn's draw");
    let discard: BTreeSet<_> = ids(&g, "discard", None).into_iter().collect();
    assert_eq!(discard, set(&["mv_forest_03", "mv_forest_05"]));
    let trophies = &g.view(Some(3)).seats[0].zones["trophies"];
    assert!(matches!(&trophies.objects[..], [ObjectView::Shown { def, .. }] if def == "outlaw_2"), "seen by p3");
    assert!(at_step2(&g, 2), "the capture ended p1's turn");
}

/// Z16 (`corrupt_payout: per_escape`): the $30 is paid every time the Corrupt Marshal's draw
/// makes an Outlaw escape, including the draw that reveals them.
#[test]
fn z16_the_corrupt_cut_is_paid_on_every_escape() {
    let code = "give(1, 'corrupt_marshal') top('mv_plain_01', 'mv_mountain_01', 'outlaw_2', 'mv_desert_05')";
    let mut g = game("", 3, code, "outlaw_1");
    assert_eq!(counter(&g, "coins", Some(1)), 40);
    assert_eq!(ids(&g, "badge", Some(1)), ["corrupt_marshal"]);
    pass(&mut g, 2);
    pass(&mut g, 3);
    assert_eq!(counter(&g, "coins", Some(1)), 70, "paid again");
    assert_eq!([counter(&g, "escapes_1", None), counter(&g, "escapes_2", None)], [1, 1]);
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("reveals the Corrupt Marshal")).count(), 1);
    assert!(at_step2(&g, 2));
}

/// Z17 (`corrupt_may_capture: false`): escape is mandatory, the Corrupt Marshal can never
/// capture; Outlaws they captured before getting the card stay theirs.
#[test]
fn z17_the_corrupt_marshal_cannot_capture() {
    let mut g = game("", 3, "top('mv_plain_01', 'mv_mountain_01', 'outlaw_2', 'mv_desert_05')", "outlaw_1");
    for s in [2, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "captures", Some(1)), 1);
    arrange(&mut g, "give(1, 'corrupt_marshal')");
    pass(&mut g, 2);
    pass(&mut g, 3);
    assert!(at_step2(&g, 2), "no choice offered: the Sundance Kid escaped");
    assert_eq!(ids(&g, "deck", None).last().map(String::as_str), Some("outlaw_2"));
    assert_eq!(ids(&g, "trophies", Some(1)), ["outlaw_1"]);
    assert_eq!(counter(&g, "captures", Some(1)), 1);
    assert_eq!(counter(&g, "coins", Some(1)), 60, "$20 for Ketchum, then the $30 cut");
}

/// Z18 (before reveal): the Corrupt Marshal card is an ordinary hidden hand card; Hideout(b)
/// can take it, and the taker becomes the (secret) Corrupt Marshal while the former holder
/// stops being one.
#[test]
fn z18_hideout_takes_the_corrupt_role_before_the_reveal() {
    let code = "give(1, 'hideout_forest') give(2, 'corrupt_marshal', 'mv_desert_01')
                top('outlaw_1', 'mv_mountain_01', 'outlaw_2', 'mv_desert_05')";
    let mut g = game("", 3, code, "mv_plain_01");
    assert!(matches!(
        g.view(Some(1)).seats[1].zones["hand"].objects[..],
        [ObjectView::Hidden { .. }, ObjectView::Hidden { .. }]
    ));
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Look at 2 cards of p2's hand");
    g.choose(1, &[1, 2]).unwrap();
    answer(&mut g, 1, "Corrupt Marshal");
    assert_eq!(held(&g, 1), ["corrupt_marshal", "mv_plain_01"]);
    assert!(g.view(Some(3)).seats[0].zones["hand"].objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. })));
    // p2 now captures the Outlaw he draws; p1 lets his escape.
    for s in [3, 1] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(ids(&g, "trophies", Some(2)), ["outlaw_1"]);
    pass(&mut g, 3);
    assert_eq!(ids(&g, "badge", Some(1)), ["corrupt_marshal"]);
    assert_eq!(counter(&g, "coins", Some(1)), 40);
    assert_eq!(counter(&g, "escapes_2", None), 1);
}

/// Z18 (before reveal): Hideout(a) can return the Corrupt Marshal card to the top of the
/// deck.
#[test]
fn z18_hideout_may_put_the_corrupt_card_back() {
    let code = "give(1, 'hideout_forest') top('corrupt_marshal', 'mv_plain_03')";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Draw 2 cards, keep 1");
    assert_eq!(offered(&g, 1), set(&["Corrupt Marshal", "Plain 3"]));
    answer(&mut g, 1, "Plain 3");
    assert!(at_step2(&g, 2));
    assert_eq!(held(&g, 2), ["corrupt_marshal"], "p2 drew it back from the top");
}

/// Z18 (on reveal): the card moves face-up in front of the holder for good; it leaves the
/// hand and cannot be stolen or discarded.
#[test]
fn z18_a_revealed_corrupt_card_stays_in_front() {
    let code =
        "give(2, 'corrupt_marshal', 'mv_desert_01') give(3, 'ambush_desert_1') set('pos', 2, 3) set('bullets', 1, 2)
                top('outlaw_1', 'mv_plain_02', 'mv_plain_03')";
    let mut g = game("", 3, code, "mv_plain_01");
    pass(&mut g, 1);
    assert!(log_has(&g, Some(3), "p2 reveals the Corrupt Marshal card!"));
    let badge = &g.view(Some(3)).seats[1].zones["badge"];
    assert!(matches!(&badge.objects[..], [ObjectView::Shown { def, face_up: true, .. }] if def == "corrupt_marshal"));
    assert_eq!(held(&g, 2), ["mv_desert_01"], "no longer in his hand");
    answer(&mut g, 3, "Play Ambush (Desert, 1 Bullet)");
    assert!(g.view(None).seats[1].eliminated);
    assert_eq!(ids(&g, "badge", Some(2)), ["corrupt_marshal"], "not discarded with the hand");
    assert_eq!(ids(&g, "discard", None), ["ambush_desert_1", "mv_desert_01"]);
}

/// Z18 (before reveal): if its holder is eliminated, it is discarded face-up with the rest of
/// the hand; the role then ends and V2 is unavailable.
#[test]
fn z18_an_eliminated_holder_discards_the_unrevealed_card() {
    let code = "give(1, 'ambush_forest_1') give(2, 'corrupt_marshal') set('pos', 1, 2) set('bullets', 1, 2) set('coins', 20, 3)
                only('outlaw_4') set('escapes_4', 1)";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    assert!(log_has(&g, Some(1), "p2 was the Corrupt Marshal."));
    let discard = &g.view(Some(1)).zones["discard"];
    assert!(discard
        .objects
        .iter()
        .any(|o| matches!(o, ObjectView::Shown { def, face_up: true, .. } if def == "corrupt_marshal")));
    // p3 draws Sam Bass under the Ambush: he gets away for good, and nobody is corrupt.
    assert!(g.is_over());
    assert_eq!(outcome(&g), (vec![3], "the most money earned".to_string()));
}

/// Z19 (`hideout_keep_outlaw: resolve_as_draw`): Hideout(a) draws min(2, deck) cards and the
/// player keeps one; keeping an Outlaw resolves it at once as if drawn in Step 1 (capture and
/// claims); the discard top is whatever was there before; the other card goes back on top.
#[test]
fn z19_a_kept_outlaw_is_resolved_as_if_drawn() {
    let code =
        "give(1, 'hideout_forest') give(2, 'mv_forest_04') discard('mv_desert_01') top('outlaw_3', 'mv_plain_05')";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Draw 2 cards, keep 1");
    answer(&mut g, 1, "Belle Starr");
    assert_eq!(counter(&g, "coins", Some(1)), 70, "$30 doubled in the Forest");
    assert_eq!(labels(&g, 2), ["No claim", "Claim $4 (Forest 4)"]);
    answer(&mut g, 2, "Claim");
    answer(&mut g, 3, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 14);
    assert_eq!(ids(&g, "trophies", Some(1)), ["outlaw_3"]);
    assert!(at_step2(&g, 2), "p1's turn ended");
    assert_eq!(held(&g, 2), ["mv_plain_05"], "the other card went back on top");
    assert_eq!(ids(&g, "discard", None)[0], "hideout_forest");
}

/// Z19: a kept Outlaw escapes when an Ambush/Camping is the current discard top (the Hideout
/// is still in the play area).
#[test]
fn z19_a_kept_outlaw_escapes_under_a_camping() {
    let code = "give(1, 'hideout_forest') discard('camping_plain_1') top('outlaw_3', 'mv_plain_05')";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Draw 2 cards, keep 1");
    answer(&mut g, 1, "Belle Starr");
    assert_eq!(counter(&g, "captures", Some(1)), 0);
    assert_eq!(counter(&g, "escapes_3", None), 1);
    assert_eq!(ids(&g, "deck", None).last().map(String::as_str), Some("outlaw_3"));
    assert!(at_step2(&g, 2));
    assert_eq!(held(&g, 2), ["mv_plain_05"]);
}

/// Z19 (with Z16): an Outlaw kept by the Corrupt Marshal escapes as if he had drawn it, and
/// he reveals himself and cashes his $30.
#[test]
fn z19_an_outlaw_kept_by_the_corrupt_marshal_escapes() {
    let code = "give(1, 'hideout_forest', 'corrupt_marshal') top('outlaw_3', 'mv_plain_05')";
    let mut g = game("", 3, code, "mv_plain_01");
    answer(&mut g, 1, "Play Hideout (Forest)");
    for s in [2, 3] {
        answer(&mut g, s, "Let it be");
    }
    answer(&mut g, 1, "Draw 2 cards, keep 1");
    answer(&mut g, 1, "Belle Starr");
    assert_eq!(ids(&g, "badge", Some(1)), ["corrupt_marshal"]);
    assert_eq!([counter(&g, "coins", Some(1)), counter(&g, "captures", Some(1))], [40, 0]);
    assert_eq!(counter(&g, "escapes_3", None), 1);
    assert!(at_step2(&g, 2));
    assert_eq!(held(&g, 2), ["mv_plain_05"]);
}

/// Z20 (`jurisdiction_priority: turn_order_last`, `jurisdiction_window:
/// simultaneous_sealed`): every other player is asked at once, sealed; of the declarers, the
/// one last in turn order before the active player's next turn resolves; only he is
/// revealed, the others keep their cards; the Jurisdiction goes on the discard pile, the Clue
/// or Hideout has no effect and goes to his hand, and the active player's turn ends; the
/// active player cannot play Jurisdiction on his own turn.
#[test]
fn z20_the_declarer_last_in_turn_order_resolves() {
    let code = "give(1, 'clue_forest') give(2, 'jurisdiction') give(4, 'jurisdiction') top('mv_desert_05')";
    let mut g = game("", 4, code, "mv_plain_01");
    answer(&mut g, 1, "Play Clue (Forest)");
    assert_eq!(waiting(&g), [2, 3, 4], "everyone is asked at once");
    assert_eq!(ids(&g, "pending", None), ["clue_forest"]);
    assert_eq!(labels(&g, 2), ["Let it be", "Play Jurisdiction"]);
    assert_eq!(labels(&g, 3), ["Let it be"]);
    answer(&mut g, 2, "Play Jurisdiction");
    assert!(g.view(Some(3)).answers.is_empty(), "sealed");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 4, "Play Jurisdiction");
    assert_eq!(held(&g, 4), ["clue_forest"], "p4, last before p1's next turn, resolves");
    assert_eq!(ids(&g, "discard", None), ["jurisdiction"]);
    assert!(log_has(&g, Some(3), "p4 plays Jurisdiction"));
    assert!(!g.log_lines(Some(3)).iter().any(|l| l.contains("p2") && l.contains("Jurisdiction")));
    assert!(at_step2(&g, 2), "the Clue had no effect and p1's turn ended");
    assert_eq!(held(&g, 2), ["jurisdiction", "mv_desert_05"], "p2 keeps his");
    assert!(!labels(&g, 2).iter().any(|l| l.contains("Jurisdiction")), "not on his own turn");
}

// ------------------------------------------------------------------------------ Ambush and Camping

/// Z21 (`ambush_target: own_location`): the target is the active player's location; with
/// nobody else there nothing happens, but the card is still discarded and still blocks the
/// next Outlaw capture.
#[test]
fn z21_an_ambush_on_nobody_still_blocks_a_capture() {
    let code = "give(1, 'ambush_forest_2') top('outlaw_1', 'mv_plain_01')";
    let mut g = game("", 3, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 2 Bullets)");
    assert_eq!((1..=3).map(|s| counter(&g, "bullets", Some(s))).collect::<Vec<_>>(), [4, 4, 4]);
    assert_eq!(ids(&g, "discard", None), ["ambush_forest_2"]);
    assert_eq!(counter(&g, "captures", Some(2)), 0, "p2's Outlaw escaped");
    assert_eq!(counter(&g, "escapes_1", None), 1);
    assert!(at_step2(&g, 3));
}

/// Z22 (`ambush_payers: min_score_non_reveal_zero`): members of S, clockwise from the active
/// player's left, may each reveal one Movement card of the location terrain (not Wild), or
/// decline; score = the revealed value, or 0; every member with the minimum score pays; the
/// highest revealer gives that card to the active player.
#[test]
fn z22_all_targets_with_the_lowest_score_pay() {
    let code = "for s = 2, 4 do set('pos', 1, s) end give(1, 'camping_forest_2') give(2, 'mv_forest_07')
                give(3, 'mv_forest_02', 'wild') give(4, 'mv_desert_08', 'wild') top('mv_plain_04')";
    let mut g = game("", 4, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Camping (Forest, 2 Provisions)");
    assert_eq!(waiting(&g), [2]);
    assert_eq!(labels(&g, 2), ["Show nothing", "Show Forest 7"]);
    answer(&mut g, 2, "Show Forest 7");
    assert_eq!(labels(&g, 3), ["Show nothing", "Show Forest 2"], "never a Wild");
    answer(&mut g, 3, "Show nothing");
    assert!(at_step2(&g, 2), "p4, without a Forest card, is not asked");
    assert!(log_has(&g, Some(4), "p2 shows Forest 7."));
    assert_eq!((2..=4).map(|s| counter(&g, "provisions", Some(s))).collect::<Vec<_>>(), [4, 2, 2]);
    assert_eq!(held(&g, 1), ["mv_forest_07", "mv_mountain_01"]);
    assert!(!held(&g, 2).contains(&"mv_forest_07".to_string()));
    assert_eq!(ids(&g, "discard", None)[0], "camping_forest_2");
    assert!(log_has(&g, None, "p2 gives Forest 7 to p1."));
}

/// Z22: when everyone reveals, the lowest pays and the highest gives; other revealed cards go
/// back to their owners' hands.
#[test]
fn z22_when_all_reveal_the_lowest_pays_and_the_highest_gives() {
    let code = "for s = 2, 4 do set('pos', 1, s) end give(1, 'ambush_forest_1') give(2, 'mv_forest_07')
                give(3, 'mv_forest_02') give(4, 'mv_forest_05') top('mv_plain_04')";
    let mut g = game("", 4, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    for (s, card) in [(2, "Show Forest 7"), (3, "Show Forest 2"), (4, "Show Forest 5")] {
        answer(&mut g, s, card);
    }
    assert_eq!((2..=4).map(|s| counter(&g, "bullets", Some(s))).collect::<Vec<_>>(), [4, 3, 4]);
    assert_eq!(held(&g, 1), ["mv_forest_07", "mv_mountain_01"]);
    assert_eq!(held(&g, 3), ["mv_forest_02"]);
    assert_eq!(held(&g, 4), ["mv_forest_05"]);
}

/// Z22: |S| = 1: that Marshal pays the printed amount; no reveal is possible.
#[test]
fn z22_a_lone_target_pays_without_a_reveal() {
    let code = "set('pos', 1, 2) give(1, 'ambush_forest_2') give(2, 'mv_forest_09') top('mv_plain_04')";
    let mut g = game("", 3, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 2 Bullets)");
    assert!(at_step2(&g, 2), "p2 is not asked to show his Forest 9");
    assert_eq!(counter(&g, "bullets", Some(2)), 2);
    assert_eq!(held(&g, 2), ["mv_forest_09", "mv_plain_04"]);
}

/// Z23 (`elimination_threshold: must_keep_one`): a forced payment of N succeeds only if
/// resource >= N+1; otherwise the player is eliminated and nothing is deducted: his hand is
/// discarded face-up, his Marshal leaves the map, he keeps his Coins and trophies, and the
/// Ambush/Camping card goes on top after all payments; his turns are skipped.
#[test]
fn z23_a_forced_payment_must_leave_one() {
    let code = "set('pos', 1, 2) set('pos', 1, 3) set('bullets', 3, 2) set('bullets', 2, 3) set('coins', 25, 3)
                captured(3, 'outlaw_1') give(1, 'ambush_forest_2') give(3, 'mv_desert_04', 'wild')
                top('mv_plain_04', 'mv_plain_05')";
    let mut g = game("", 4, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 2 Bullets)");
    assert_eq!(counter(&g, "bullets", Some(2)), 1, "3 pays 2 and keeps 1");
    let v = g.view(Some(2));
    assert!(v.seats[2].eliminated, "2 cannot be paid and leave 1");
    assert_eq!([counter(&g, "bullets", Some(3)), counter(&g, "pos", Some(3))], [2, 0]);
    assert_eq!(counter(&g, "coins", Some(3)), 25);
    assert_eq!(ids(&g, "trophies", Some(3)), ["outlaw_1"]);
    let discard = &v.zones["discard"];
    assert!(discard.objects.iter().all(|o| matches!(o, ObjectView::Shown { face_up: true, .. })), "all seen by p2");
    assert_eq!(ids(&g, "discard", None)[0], "ambush_forest_2");
    let mut rest = ids(&g, "discard", None)[1..].to_vec();
    rest.sort();
    assert_eq!(rest, ["mv_desert_04", "wild"]);
    pass(&mut g, 2);
    assert!(at_step2(&g, 4), "p3's turn is skipped");
}

/// Z23: voluntary spends (Special A/B, paying to stay) are legal only if the resource stays
/// >= 1.
#[test]
fn z23_voluntary_spends_keep_one() {
    let code = "set('pos', 1, 3) set('provisions', 2, 1) set('bullets', 1, 1) top('mv_mountain_02')";
    let mut g = game("", 3, code, "mv_mountain_01");
    assert_eq!(offered(&g, 1), set(&["Spend 1 Provision: move to the Desert", "End your turn"]), "no push on 1 Bullet");
    answer(&mut g, 1, "Spend 1 Provision");
    assert_eq!(labels(&g, 1), ["End your turn"], "1 Provision left; p2 here, but 1 Bullet");
}

/// Z23: several eliminations from one card are handled in reveal order; if exactly one live
/// player remains, the game ends (E3) and he wins (Z35 V1), whatever the Coins.
#[test]
fn z23_the_last_marshal_standing_wins() {
    let code = "set('pos', 1, 2) set('pos', 1, 3) set('bullets', 1, 2) set('bullets', 1, 3) set('coins', 50, 2)
                give(1, 'ambush_forest_1')";
    let mut g = game("", 3, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Ambush (Forest, 1 Bullet)");
    assert!(line_of(&g, "p2 is eliminated.") < line_of(&g, "p3 is eliminated."));
    assert_eq!(outcome(&g), (vec![1], "the last Marshal in the game".to_string()));
    assert_eq!(g.result().unwrap().scores[&2], 50, "p2 keeps his Coins");
}

/// Z24 (`resource_cap: {bullets: 10, provisions: 10}`): Bullets and Provisions are capped at
/// 10; Coins never go below 0, since unaffordable payments are illegal.
#[test]
fn z24_resources_are_capped_at_ten() {
    let code = "set('bullets', 10, 1) set('provisions', 9, 1) set('coins', 100, 1) set('pos', 1, 2) set('coins', 7, 2)
                set('pos', 1, 3) set('coins', 4, 3) top('mv_desert_02')";
    let mut g = game("", 3, code, "village");
    assert_eq!(labels(&g, 1), ["Done", "Buy a Provision"], "10 Bullets already");
    answer(&mut g, 1, "Buy a Provision");
    assert_eq!(labels(&g, 2), ["Done", "Buy a Bullet", "Buy a Provision"], "p1 is full: not asked again");
    answer(&mut g, 2, "Buy a Bullet");
    assert!(at_step2(&g, 2), "p2 has $2 left and p3 $4: nothing to buy");
    assert_eq!([counter(&g, "provisions", Some(1)), counter(&g, "coins", Some(1))], [10, 95]);
    assert_eq!([counter(&g, "coins", Some(2)), counter(&g, "coins", Some(3))], [2, 4]);
}

/// Z25: "money earned" means the Coin balance at game end.
#[test]
fn z25_money_earned_is_the_coin_balance() {
    let code = "captured(3, 'outlaw_1', 'outlaw_3') captured(2, 'outlaw_4')
                give(2, 'mv_forest_10', 'mv_forest_09', 'mv_forest_08', 'mv_forest_07')
                top('mv_desert_01', 'mv_plain_01', 'outlaw_2')";
    let mut g = game("", 3, code, "village");
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 2, "Stay away");
    pass(&mut g, 2);
    pass(&mut g, 3);
    // p1 earns $40 (Sundance in his Forest), p2 claims $34: all the Outlaws are caught.
    answer(&mut g, 2, "Claim");
    answer(&mut g, 3, "No claim");
    assert_eq!(outcome(&g), (vec![2], "the most money earned".to_string()), "$44 beat $40, though p1 earned more");
    let scores = &g.result().unwrap().scores;
    assert_eq!([scores[&1], scores[&2], scores[&3]], [40, 44, 10]);
}
