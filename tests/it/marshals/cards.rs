//! Each kind of card of Marshals, as the rulebook (`shared/rules/marshals.txt`) and the
//! decisions (`shared/rules/marshals.gaps.md` sections 1 and 5, `scripts/marshals/DECISIONS.md`)
//! say it behaves: a few focused tests per kind, named after the card and the behaviour.
//!
//! Every test starts from [`start`]: the fixed map (Forest 1, Desert 2, Plain 3, Mountain 4),
//! seat s the Marshal of terrain s standing there, every hand emptied into a shuffled deck, at
//! seat 1's first Step 2. Step 2 options are made right after a draw, so cards are given
//! before the draw that opens the Step 2 that should offer them ([`pass`]); every card a
//! test lets anyone draw is put on top of the deck first, so no stray Event or Outlaw
//! interferes. Hidden information is checked through seats' views ([`seen`]) and logs.

use super::*;
use posse::view::ObjectView;

// ------------------------------------------------------------------------ helpers

/// A game of `players` Marshals at seat 1's first Step 2 (a seed whose first draw is neither
/// an Event nor an Outlaw), with every hand put back into the deck and the deck shuffled, so
/// that nobody holds or knows any card.
fn start(players: usize) -> Game {
    start_from(players, 0)
}

/// [`start`] with the first quiet seed from `seed` on.
fn start_from(players: usize, seed: u64) -> Game {
    let c = fixed("", &[]);
    let mut g = (seed..seed + 100)
        .map(|seed| new_game(&c, seed, players))
        .find(|g| waiting(g) == [1] && labels(g, 1).contains(&"End your turn".to_string()))
        .expect("a quiet first draw");
    lua(
        &mut g,
        "for s = 1, posse.players() do
           for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck')) end
         end
         posse.shuffle(posse.zone('deck'))",
    );
    g
}

fn quoted(ids: &[&str]) -> String {
    ids.iter().map(|id| format!("'{id}'")).collect::<Vec<_>>().join(", ")
}

/// Puts these cards into `seat`'s hand.
fn give(g: &mut Game, seat: usize, ids: &[&str]) {
    lua(g, &format!("give({seat}, {})", quoted(ids)));
}

/// Puts these cards on top of the deck, the first on top.
fn top(g: &mut Game, ids: &[&str]) {
    lua(g, &format!("top({})", quoted(ids)));
}

/// Sets `seat`'s counter `name`.
fn set(g: &mut Game, name: &str, value: i64, seat: usize) {
    lua(g, &format!("set('{name}', {value}, {seat})"));
}

/// `seat` ends his turn after `draws` are put on top of the deck: the next players draw them.
fn pass(g: &mut Game, seat: usize, draws: &[&str]) {
    top(g, draws);
    answer(g, seat, "End your turn");
}

/// What `viewer` (None: omniscient) sees of a zone, top first: each card's name, or None
/// when it is hidden from him. `owner`: the seat whose zone it is (None: a shared zone).
fn seen(g: &Game, viewer: Option<usize>, owner: Option<usize>, zone: &str) -> Vec<Option<String>> {
    let v = g.view(viewer);
    let z = match owner {
        Some(s) => &v.seats[s - 1].zones[zone],
        None => &v.zones[zone],
    };
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { name, .. } => Some(name.clone()),
            ObjectView::Hidden { .. } => None,
        })
        .collect()
}

/// The names of the cards in a zone, top first (omniscient).
fn names(g: &Game, owner: Option<usize>, zone: &str) -> Vec<String> {
    seen(g, None, owner, zone).into_iter().flatten().collect()
}

fn discard_top(g: &Game) -> String {
    names(g, None, "discard").first().cloned().unwrap_or_default()
}

fn eliminated(g: &Game, seat: usize) -> bool {
    g.view(None).seats[seat - 1].eliminated
}

/// The log lines `seat` may read that were written after the first `from`.
fn log_since(g: &Game, seat: usize, from: usize) -> Vec<String> {
    g.log_lines(Some(seat)).split_off(from)
}

/// The definition ids in `seat`'s hand, sorted.
fn sorted_hand(g: &mut Game, seat: usize) -> Vec<String> {
    let mut h = hand(g, seat);
    h.sort();
    h
}

fn has_label(g: &Game, seat: usize, prefix: &str) -> bool {
    labels(g, seat).iter().any(|l| l.starts_with(prefix))
}

/// `seat` is at the Step 2 of his own turn.
fn at_step_2(g: &Game, seat: usize) -> bool {
    waiting(g) == [seat] && prompt(g, seat).starts_with("Your turn")
}

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
    lua(&mut g, "discard('ambush_plain_1')");
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
        lua(&mut g, "posse.eliminate(4) posse.set('pos', 0, 4)");
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
        lua(&mut g, &format!("discard('{card}')"));
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
    lua(&mut g, "local c = find('corrupt_marshal') posse.move(c, posse.zone('badge', 3)) posse.flip(c, true)");
    give(&mut g, 3, &["mv_desert_05"]);
    pass(&mut g, 1, &["outlaw_1", "mv_mountain_08"]);
    assert_eq!(waiting(&g), [1], "seat 3 is not asked");
    answer(&mut g, 1, "No claim");
    assert_eq!(counter(&g, "coins", Some(2)), 10 + 20);
    assert_eq!(counter(&g, "coins", Some(3)), 10);
    assert!(at_step_2(&g, 3));
    assert!(hand(&mut g, 3).contains(&"mv_desert_05".to_string()));
}

/// A card reads the game only through its context, never through a game module it kept
/// (scripts/marshals/cards.lua says why): the shipped behaviours believe a context that
/// contradicts the table. Seat 1 stands in the Forest, position 2 is the Desert.
#[test]
fn cards_read_the_game_through_their_context_only() {
    let mut g = start(3);
    let code = "
      local cards = require 'lib.cards'
      local function can(id, to, here, basic)
        local c = find(id)
        local ctx = {
          seat = 1, card = c, def = posse.def(c), props = posse.def(c).props, to = to,
          game = { basic = function() return basic end },
          here = function() return here end,
          terrain_at = function(_, p) return p == to and 'mountain' or nil end,
        }
        return cards.of(c).can(ctx)
      end
      return { can('mv_mountain_03', 2, 'forest', false), can('mv_desert_02', 2, 'forest', false),
               can('clue_plain', nil, 'plain', false), can('clue_forest', nil, 'plain', false),
               can('ambush_desert_1', nil, 'forest', true) }";
    assert_eq!(lua(&mut g, code), serde_json::json!([true, false, true, false, true]));
}
