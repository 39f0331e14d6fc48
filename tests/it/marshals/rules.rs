//! One test per checklist line of section 1 of `shared/rules/marshals.gaps.md` (R01-R67),
//! named after the line. Each test plays the real flow by the labels of its decisions and
//! checks what the rulebook says happens; the cards' behaviour in depth is in `cards.rs`,
//! the gaps' resolutions in `decisions.rs`.
//!
//! Most tests start from [`game`]: the fixed map (Forest 1, Desert 2, Plain 3, Mountain 4),
//! seat s the Marshal of terrain s standing there, seat 1 first, every hand emptied under the
//! deck. Step 2 options are made right after a draw, so a test gives cards and places
//! Marshals first, then lets the turns run with [`turn`] (which puts on top of the deck every
//! card anyone draws) up to the draw that matters.
//!
//! Cosmetic lines get a test of what the engine has instead (R09 boards, R11 pawns, R25 money
//! bags, R27 the Western-film rule). Lines with nothing the engine could check have no test
//! of their own: R08 player aids, R23 placing them, R24 building boards, R12 tokens (the
//! resources they mark are R09's and R25's counters).

use super::*;
use posse::view::ObjectView;

// ------------------------------------------------------------------------ helpers

/// Lua helpers added to those of `mod.rs`: `empty_hands()` (every hand under the deck),
/// `stack(k, id, ...)` (those cards on top of the deck face down, the first on top; returns
/// the first `k`), `set_aside(cards)`, `captured(seat, id)` (a capture made earlier),
/// `badge(seat)` (the Corrupt Marshal revealed earlier by `seat`), `only(id, ...)` (the deck
/// holds nothing else; the rest is set aside).
const HELPERS: &str = r#"
local function empty_hands()
  for s = 1, posse.players() do
    for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck'), 'bottom') end
  end
end
local function stack(k, ...)
  local ids, seen, cs = { ... }, {}, {}
  for i, id in ipairs(ids) do
    seen[id] = (seen[id] or 0) + 1
    cs[i] = find(id, seen[id])
  end
  for i = #cs, 1, -1 do
    posse.move(cs[i], posse.zone('deck'))
    posse.flip(cs[i], false)
  end
  local out = {}
  for i = 1, k do out[i] = cs[i] end
  return out
end
local function set_aside(cs)
  for _, c in ipairs(cs) do posse.move(c, posse.zone('aside')) end
end
local function only(...)
  for _, c in ipairs(posse.contents(posse.zone('deck'))) do posse.move(c, posse.zone('aside')) end
  stack(0, ...)
end
"#;

/// Runs `code` with [`HELPERS`] in the game's VM.
fn run(g: &mut Game, code: &str) -> serde_json::Value {
    lua(g, &format!("{HELPERS}\n{code}"))
}

/// A fixed game (mod.rs) of `players` at seat 1's first Step 2, hands emptied, then `setup`.
fn game(players: usize, setup: &str) -> Game {
    game_in(&fixed("", &[]), 1, players, setup)
}

/// [`game`] with other content and seed (a seed whose first decision is seat 1's Step 2).
fn game_in(content: &Arc<Content>, seed: u64, players: usize, setup: &str) -> Game {
    let mut g = new_game(content, seed, players);
    assert!(quiet(&g), "seed {seed}: seat 1's Step 2 first");
    run(&mut g, &format!("empty_hands()\n{setup}"));
    g
}

/// [`game`] in basic mode.
fn basic(players: usize, setup: &str) -> Game {
    let c = fixed("basic", &[]);
    game_in(&c, quiet_seeds(&c, players, 1)[0], players, setup)
}

/// Whether a new game's first decision is seat 1's Step 2.
fn quiet(g: &Game) -> bool {
    waiting(g) == [1] && prompt(g, 1).starts_with("Your turn")
}

/// The first `n` seeds whose games of `players` stop first at seat 1's Step 2.
fn quiet_seeds(content: &Arc<Content>, players: usize, n: usize) -> Vec<u64> {
    (1..100).filter(|&seed| quiet(&new_game(content, seed, players))).take(n).collect()
}

fn quoted(ids: &[&str]) -> String {
    ids.iter().map(|id| format!("'{id}'")).collect::<Vec<_>>().join(", ")
}

/// Ends the turn of the Marshal at his Step 2, then the turns of those after him, until
/// `seat` draws `draws[0]`; the rest of `draws` lies under it, for the draws that follow.
/// Each Marshal on the way draws a Wild (set aside once the turns have run) and ends his turn.
fn turn(g: &mut Game, seat: usize, draws: &[&str]) {
    let cur = g.current().expect("a turn");
    assert!(prompt(g, cur).starts_with("Your turn"), "seat {cur} is not at Step 2: {}", prompt(g, cur));
    let v = g.view(None);
    let mut between = Vec::new();
    let mut s = cur % g.players() + 1;
    while s != seat {
        let sv = &v.seats[s - 1];
        if !sv.eliminated && sv.counters["skip"] == 0 {
            between.push(s);
        }
        s = s % g.players() + 1;
    }
    let mut ids = vec!["wild"; between.len()];
    ids.extend(draws);
    let fillers = run(g, &format!("return stack({}, {})", between.len(), quoted(&ids)));
    answer(g, cur, "End your turn");
    for s in between {
        answer(g, s, "End your turn");
    }
    let handles: Vec<String> =
        fillers.as_array().map(|a| a.iter().map(|h| h.to_string()).collect()).unwrap_or_default();
    run(g, &format!("set_aside({{ {} }})", handles.join(", ")));
}

/// Puts `next` on top of the deck (the first on top), then `seat` answers `label`.
fn act(g: &mut Game, seat: usize, label: &str, next: &[&str]) {
    if !next.is_empty() {
        run(g, &format!("stack(0, {})", quoted(next)));
    }
    answer(g, seat, label);
}

/// Every Marshal asked to claim after a capture declines.
fn no_claims(g: &mut Game) {
    for s in waiting(g) {
        assert!(prompt(g, s).contains("claim a reward"), "seat {s}: {}", prompt(g, s));
        answer(g, s, "No claim");
    }
}

/// A shared zone (`deck`, `discard`...) as `viewer` sees it (None: omniscient).
fn zone(g: &Game, viewer: Option<usize>, id: &str) -> Vec<String> {
    def_ids(&g.view(viewer).zones[id])
}

/// `seat`'s zone `id` (`hand`, `trophies`, `badge`...) as `viewer` sees it.
fn seat_zone(g: &Game, viewer: Option<usize>, seat: usize, id: &str) -> Vec<String> {
    def_ids(&g.view(viewer).seats[seat - 1].zones[id])
}

/// `seat`'s hand, sorted (omniscient).
fn sorted_hand(g: &mut Game, seat: usize) -> Vec<String> {
    let mut h = hand(g, seat);
    h.sort();
    h
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The props of every card in the game (omniscient view: shared and seats' zones).
fn all_props(g: &Game) -> Vec<serde_json::Value> {
    let v = g.view(None);
    let zones = v.zones.values().chain(v.seats.iter().flat_map(|s| s.zones.values()));
    zones
        .flat_map(|z| z.objects.iter())
        .map(|o| match o {
            ObjectView::Shown { props, .. } => props.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides nothing"),
        })
        .collect()
}

/// How many cards of each kind the game holds.
fn kinds(g: &Game) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for p in all_props(g) {
        *out.entry(p["kind"].as_str().unwrap_or("?").to_string()).or_insert(0) += 1;
    }
    out
}

/// The counter `name` of every seat, seat 1 first.
fn per_seat(g: &Game, name: &str) -> Vec<i64> {
    g.view(None).seats.iter().map(|s| s.counters[name]).collect()
}

/// The terrains (1..4, `data.terrains` order) at map positions 1..4.
fn map(g: &Game) -> Vec<i64> {
    (1..=4).map(|p| counter(g, &format!("map_{p}"), None)).collect()
}

fn winners(g: &Game) -> Vec<usize> {
    g.result().expect("the game is over").winners.clone()
}

fn reason(g: &Game) -> String {
    g.result().expect("the game is over").reason.clone().unwrap_or_default()
}

fn eliminated(g: &Game, seat: usize) -> bool {
    g.view(None).seats[seat - 1].eliminated
}

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

// ------------------------------------------------------------------------ 1.7 action cards

/// R40: an Action card drawn is kept in hand; it is played only on its terrain, does not
/// touch its player, and ends the turn.
#[test]
fn r40_action_cards_are_played_on_their_terrain_and_end_the_turn() {
    let mut g = game(3, "give(2, 'ambush_plain_1') set('pos', 2, 1)");
    turn(&mut g, 2, &["camping_desert_1", "mv_mountain_01"]);
    assert!(hand(&mut g, 2).contains(&"camping_desert_1".to_string()), "kept, not resolved");
    let ls = labels(&g, 2);
    assert!(ls.contains(&"Play Camping (Desert, 1 Provision)".to_string()));
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

/// Seat 2 (in the Desert) plays a Clue over five known cards; nobody cancels it. The game
/// waits for him to order the top three.
fn clue_played() -> Game {
    let mut g = game(3, "give(2, 'clue_desert')");
    turn(&mut g, 2, &["mv_mountain_01", "outlaw_1", "mv_plain_02", "village", "mv_mountain_08"]);
    answer(&mut g, 2, "Play Clue (Desert)");
    answer(&mut g, 3, "Let it be");
    answer(&mut g, 1, "Let it be");
    g
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
    assert!(ls.contains(&"Play Ambush (Mountain, 1 Bullet)".to_string()), "{ls:?}");
    assert!(ls.contains(&"Play Camping (Plain, 2 Provisions)".to_string()), "{ls:?}");
    act(&mut g, 1, "Play Ambush (Mountain, 1 Bullet)", &["mv_mountain_02"]);
    // p2 holds no card, so p3 is the one rival to rob: nobody is asked (lib.seats.choose).
    assert_eq!(waiting(&g), [2], "only rivals holding a card: p3, robbed without a question");
    assert!(hand(&mut g, 1).contains(&"mv_desert_05".to_string()));
    assert!(hand(&mut g, 3).is_empty());

    turn(&mut g, 1, &["mv_mountain_03"]);
    answer(&mut g, 1, "Play Camping (Plain, 2 Provisions)");
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
