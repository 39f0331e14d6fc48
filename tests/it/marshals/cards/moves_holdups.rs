//! Movement, Wild, Ambush and Camping.

use super::*;

// ------------------------------------------------------------------------ Movement

#[test]
fn movement_moves_to_its_terrain_next_door_and_draws_again() {
    let mut g = start(3);
    give(&mut g, 2, &["mv_plain_05", "mv_forest_02", "mv_mountain_07"]);
    pass(&mut g, 1, &["mv_desert_09"]);
    // Seat 2 is in the Desert (2): the Forest and the Plain are next door, not the Mountain.
    let ls = labels(&g, 2);
    assert!(ls.contains(&"Play Plain 5: move to the Plain".to_string()), "{ls:?}");
    assert!(ls.contains(&"Play Forest 2: move to the Forest".to_string()), "{ls:?}");
    assert!(!has_label(&g, 2, "Play Mountain 7"), "{ls:?}");
    assert!(!has_label(&g, 2, "Play Desert 9"), "no move to where he stands: {ls:?}");
    top(&mut g, &["mv_desert_01"]);
    answer(&mut g, 2, "Play Plain 5: move to the Plain");
    assert_eq!(counter(&g, "pos", Some(2)), 3);
    assert_eq!(discard_top(&g), "Plain 5");
    assert!(hand(&mut g, 2).contains(&"mv_desert_01".to_string()), "a move draws again");
    assert!(at_step_2(&g, 2), "and the turn goes on");
    assert!(labels(&g, 2).contains(&"Play Mountain 7: move to the Mountain".to_string()));
}

/// The same move, answered as bots and tests read a question (scripts/marshals/questions.lua):
/// Step 2 is a `turn` question whose options say what they do by id and args.
#[test]
fn a_move_is_offered_and_played_by_its_id_and_args() {
    let mut g = start(3);
    give(&mut g, 2, &["mv_plain_05", "mv_mountain_07"]);
    pass(&mut g, 1, &["mv_desert_09"]);
    assert_eq!(kind(&g, 2).as_deref(), Some("turn"));
    top(&mut g, &["mv_desert_01"]);
    answer_id(&mut g, 2, "move", &[("card", "mv_plain_05"), ("to", "3"), ("terrain", "plain")]);
    assert_eq!(counter(&g, "pos", Some(2)), 3);
    assert_eq!(discard_top(&g), "Plain 5");
    assert_eq!(kind(&g, 2).as_deref(), Some("turn"), "a move draws again and the turn goes on");
    top(&mut g, &["mv_forest_01"]);
    answer_id(&mut g, 2, "end", &[]);
    assert_eq!(waiting(&g), [3]);
    assert_eq!(kind(&g, 3).as_deref(), Some("turn"));
}

// ------------------------------------------------------------------------ Wild

#[test]
fn wild_moves_to_either_neighbour_and_no_further() {
    let mut g = start(3);
    give(&mut g, 2, &["wild"]);
    pass(&mut g, 1, &["mv_desert_09"]);
    let wilds: Vec<String> = labels(&g, 2).into_iter().filter(|l| l.starts_with("Play Wild")).collect();
    assert_eq!(wilds, ["Play Wild: move to the Forest", "Play Wild: move to the Plain"]);
    top(&mut g, &["mv_desert_01"]);
    answer(&mut g, 2, "Play Wild: move to the Forest");
    assert_eq!(counter(&g, "pos", Some(2)), 1);
    assert_eq!(discard_top(&g), "Wild");
    assert_eq!(sorted_hand(&mut g, 2), ["mv_desert_01", "mv_desert_09"]);
    assert!(at_step_2(&g, 2));
}

#[test]
fn wild_is_no_escape_from_an_ambush_and_no_claim() {
    // An Ambush in the Desert on two Marshals: the Wild is not offered as a card to show.
    let mut g = start(3);
    set(&mut g, "pos", 2, 1);
    set(&mut g, "pos", 2, 3);
    give(&mut g, 2, &["ambush_desert_1"]);
    pass(&mut g, 1, &["mv_mountain_09"]);
    give(&mut g, 3, &["wild", "mv_desert_04"]);
    give(&mut g, 1, &["wild"]);
    top(&mut g, &["mv_mountain_08"]);
    answer(&mut g, 2, "Play Ambush (Desert, 1 Bullet)");
    assert_eq!(labels(&g, 3), ["Show nothing", "Show Desert 4"]);
    answer(&mut g, 3, "Show Desert 4");
    // Seat 1 holds only a Wild: he is not even asked, and pays.
    assert!(at_step_2(&g, 3), "waiting for {:?}", waiting(&g));
    assert_eq!(counter(&g, "bullets", Some(1)), 3);
    assert_eq!(counter(&g, "bullets", Some(3)), 4);

    // A capture in the Desert: a Wild never counts in a claim.
    let mut g = start(3);
    give(&mut g, 3, &["wild", "mv_desert_06"]);
    give(&mut g, 1, &["wild"]);
    pass(&mut g, 1, &["outlaw_1", "mv_mountain_08"]);
    assert_eq!(labels(&g, 3), ["No claim", "Claim $6 (Desert 6)"]);
    assert_eq!(labels(&g, 1), ["No claim"]);
}

// ------------------------------------------------------------------------ Ambush and Camping

/// Ambush and Camping differ only in the resource they cost (R42): (card id prefix, card
/// name prefix, counter).
type HoldUp = (&'static str, &'static str, &'static str);
const AMBUSH: HoldUp = ("ambush", "Ambush", "bullets");
const CAMPING: HoldUp = ("camping", "Camping", "provisions");

fn other(k: HoldUp) -> &'static str {
    if k.2 == "bullets" {
        "provisions"
    } else {
        "bullets"
    }
}

/// Seat 2 (in the Desert) at his Step 2 holding the Desert `k` card of `cost`, with the
/// seats `with` moved to the Desert; seat 3's next draw is on top.
fn hold_up_game(players: usize, k: HoldUp, cost: u32, with: &[usize]) -> Game {
    let mut g = start(players);
    for &s in with {
        set(&mut g, "pos", 2, s);
    }
    let card = format!("{}_desert_{cost}", k.0);
    give(&mut g, 2, &[&card, &format!("{}_forest_1", k.0)]);
    pass(&mut g, 1, &["mv_mountain_09"]);
    top(&mut g, &["mv_mountain_08"]);
    g
}

fn play_hold_up(g: &mut Game, k: HoldUp, cost: u32) {
    answer(g, 2, &format!("Play {} (Desert, {cost} ", k.1));
}

fn one_target_pays_as_printed(k: HoldUp) {
    for cost in [1, 2] {
        let mut g = hold_up_game(3, k, cost, &[3]);
        // Actions are played only on their own terrain.
        assert!(!has_label(&g, 2, &format!("Play {} (Forest", k.1)), "{:?}", labels(&g, 2));
        set(&mut g, k.2, 3, 3);
        give(&mut g, 3, &["mv_desert_05"]);
        play_hold_up(&mut g, k, cost);
        // Alone in the Desert, seat 3 pays: no card can get him off (R41).
        assert_eq!(counter(&g, k.2, Some(3)), 3 - cost as i64);
        assert_eq!(counter(&g, other(k), Some(3)), 4);
        assert!(!eliminated(&g, 3));
        assert_eq!(counter(&g, k.2, Some(1)), 4, "seat 1 is in the Forest");
        assert_eq!(counter(&g, k.2, Some(2)), 4, "the player is not affected");
        assert!(hand(&mut g, 3).contains(&"mv_desert_05".to_string()));
        assert!(discard_top(&g).starts_with(&format!("{} (Desert, {cost} ", k.1)));
        assert!(at_step_2(&g, 3), "the Action ends the turn");
    }
}

fn nobody_else_here_costs_nothing(k: HoldUp) {
    let mut g = hold_up_game(3, k, 2, &[]);
    play_hold_up(&mut g, k, 2);
    for s in 1..=3 {
        assert_eq!(counter(&g, k.2, Some(s)), 4);
    }
    assert!(discard_top(&g).starts_with(k.1), "still discarded");
    assert!(at_step_2(&g, 3));
}

fn two_targets_lowest_reveal_pays_and_highest_gives(k: HoldUp) {
    let mut g = hold_up_game(3, k, 1, &[1, 3]);
    give(&mut g, 3, &["mv_desert_03"]);
    give(&mut g, 1, &["mv_desert_08"]);
    play_hold_up(&mut g, k, 1);
    // In turn order from the player's left: seat 3, then seat 1.
    assert_eq!(waiting(&g), [3]);
    assert_eq!(labels(&g, 3), ["Show nothing", "Show Desert 3"]);
    answer(&mut g, 3, "Show Desert 3");
    assert_eq!(labels(&g, 1), ["Show nothing", "Show Desert 8"]);
    answer(&mut g, 1, "Show Desert 8");
    assert_eq!(counter(&g, k.2, Some(3)), 3, "the lowest pays");
    assert_eq!(counter(&g, k.2, Some(1)), 4);
    assert!(hand(&mut g, 2).contains(&"mv_desert_08".to_string()), "the highest gives his card");
    assert!(!hand(&mut g, 1).contains(&"mv_desert_08".to_string()));
    assert!(hand(&mut g, 3).contains(&"mv_desert_03".to_string()), "the other keeps his");
    // The reveals are public.
    assert!(log_has(&g, Some(2), "p3 shows Desert 3."));
    assert!(log_has(&g, Some(2), "p1 shows Desert 8."));
    assert!(discard_top(&g).starts_with(k.1));
    assert!(at_step_2(&g, 3));
}

fn one_who_shows_nothing_pays_alone(k: HoldUp) {
    let mut g = hold_up_game(4, k, 2, &[1, 3, 4]);
    give(&mut g, 3, &["mv_desert_03"]);
    give(&mut g, 4, &["mv_desert_06"]);
    give(&mut g, 1, &["mv_desert_08"]);
    play_hold_up(&mut g, k, 2);
    answer(&mut g, 3, "Show Desert 3");
    // Declining is allowed with a matching card (Z22).
    answer(&mut g, 4, "Show nothing");
    answer(&mut g, 1, "Show Desert 8");
    assert_eq!(counter(&g, k.2, Some(4)), 2, "the one with no card shown pays");
    assert_eq!(counter(&g, k.2, Some(3)), 4);
    assert_eq!(counter(&g, k.2, Some(1)), 4);
    assert!(hand(&mut g, 2).contains(&"mv_desert_08".to_string()));
    assert!(hand(&mut g, 3).contains(&"mv_desert_03".to_string()));
    assert!(hand(&mut g, 4).contains(&"mv_desert_06".to_string()));
}

fn nobody_shows_so_all_pay(k: HoldUp) {
    let mut g = hold_up_game(3, k, 2, &[1, 3]);
    give(&mut g, 1, &["mv_desert_02"]);
    play_hold_up(&mut g, k, 2);
    // Seat 3 has no Desert card: only seat 1 is asked, and he declines.
    assert_eq!(waiting(&g), [1]);
    answer(&mut g, 1, "Show nothing");
    assert_eq!(counter(&g, k.2, Some(3)), 2);
    assert_eq!(counter(&g, k.2, Some(1)), 2);
    assert!(!hand(&mut g, 2).iter().any(|c| c.starts_with("mv_desert")), "nobody gives anything");
    assert!(at_step_2(&g, 3));
}

fn payment_leaving_none_eliminates(k: HoldUp) {
    for cost in [1, 2] {
        let mut g = hold_up_game(3, k, cost, &[3]);
        set(&mut g, k.2, cost as i64, 3);
        give(&mut g, 3, &["mv_plain_04", "wild"]);
        top(&mut g, &["mv_mountain_07"]);
        play_hold_up(&mut g, k, cost);
        assert!(eliminated(&g, 3), "paying {cost} would leave him none");
        assert_eq!(counter(&g, k.2, Some(3)), cost as i64, "nothing is deducted");
        assert_eq!(counter(&g, "pos", Some(3)), 0, "off the map");
        assert!(hand(&mut g, 3).is_empty());
        // His hand goes face up onto the discard pile, under the card that did it.
        let pile = seen(&g, Some(1), None, "discard");
        assert!(pile[0].as_deref().unwrap_or("").starts_with(k.1), "{pile:?}");
        assert!(pile.contains(&Some("Plain 4".to_string())) && pile.contains(&Some("Wild".to_string())), "{pile:?}");
        // His turn is skipped: seat 1 draws next.
        assert!(at_step_2(&g, 1), "waiting for {:?}", waiting(&g));
        assert!(hand(&mut g, 1).contains(&"mv_mountain_07".to_string()));
    }
}

#[test]
fn ambush_one_target_pays_one_or_two_bullets_as_printed() {
    one_target_pays_as_printed(AMBUSH);
}

#[test]
fn ambush_with_nobody_else_here_costs_nobody_anything() {
    nobody_else_here_costs_nothing(AMBUSH);
}

#[test]
fn ambush_two_targets_lowest_reveal_pays_and_highest_gives_his_card() {
    two_targets_lowest_reveal_pays_and_highest_gives(AMBUSH);
}

#[test]
fn ambush_three_targets_the_one_who_shows_nothing_pays_alone() {
    one_who_shows_nothing_pays_alone(AMBUSH);
}

#[test]
fn ambush_nobody_shows_a_card_so_all_pay() {
    nobody_shows_so_all_pay(AMBUSH);
}

#[test]
fn ambush_payment_that_would_leave_no_bullet_eliminates() {
    payment_leaving_none_eliminates(AMBUSH);
}

#[test]
fn camping_one_target_pays_one_or_two_provisions_as_printed() {
    one_target_pays_as_printed(CAMPING);
}

#[test]
fn camping_with_nobody_else_here_costs_nobody_anything() {
    nobody_else_here_costs_nothing(CAMPING);
}

#[test]
fn camping_two_targets_lowest_reveal_pays_and_highest_gives_his_card() {
    two_targets_lowest_reveal_pays_and_highest_gives(CAMPING);
}

#[test]
fn camping_three_targets_the_one_who_shows_nothing_pays_alone() {
    one_who_shows_nothing_pays_alone(CAMPING);
}

#[test]
fn camping_nobody_shows_a_card_so_all_pay() {
    nobody_shows_so_all_pay(CAMPING);
}

#[test]
fn camping_payment_that_would_leave_no_provision_eliminates() {
    payment_leaving_none_eliminates(CAMPING);
}
