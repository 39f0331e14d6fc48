//! The resolutions of `shared/rules/marshals.gaps.md` (section 5.3, Z01-Z40, with the rule
//! flags of 5.2 they set) and the modes (`marshals/duo`: R56, R57; `marshals/basic`: R58-R61,
//! Z39, Z40), one test each at least, named after the id; a doc comment quotes it. Where a
//! resolution is about a card, the test checks the decision's own point; the cards are tested
//! in depth in `cards.rs`, the checklist lines in `rules.rs`.
//!
//! Most tests start from [`game`]: empty hands, a table arranged in Lua, and seat 1 asked his
//! Step 2 (or done with a drawn Event or Outlaw) with options computed from that table.

use super::*;
use posse::view::ObjectView;
use posse::Setup;
use std::collections::BTreeSet;

// ------------------------------------------------------------------------------ helpers

/// Lua helpers beyond those of mod.rs: `only(id, ...)` (the deck is those cards, top first;
/// the rest of it is set aside), `captured(seat, id, ...)` (Outlaws already captured by a
/// seat: in his trophies, counted), `badge(seat)` (the Corrupt Marshal revealed in front of
/// the seat).
const MORE: &str = r#"
local function only(...)
  for _, c in ipairs(posse.contents(posse.zone('deck'))) do posse.move(c, posse.zone('aside')) end
  top(...)
end
"#;

/// Lua that empties every hand into the bottom of the deck and sets the Corrupt Marshal
/// aside (a test that wants it gives it).
const CLEAR: &str = r#"
for s = 1, posse.players() do
  for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck'), 'bottom') end
end
for _, c in ipairs(posse.contents(posse.zone('deck'))) do
  if posse.def_id(c) == 'corrupt_marshal' then posse.move(c, posse.zone('aside')) end
end
"#;

/// Lua that makes the next draw end the game by an indefinite escape (Z30): the deck is
/// Sam Bass alone, who escaped once already, under an Ambush on the discard pile.
const LAST_ESCAPE: &str = "only('outlaw_4') set('escapes_4', 1) discard('ambush_plain_1')";

/// A game of `players` Marshals in mode `scenario` ("" for the full game) on the fixed map
/// (seat s is the Marshal of the s-th terrain and starts there) whose last seat plays first.
/// While he is asked his first Step 2, every hand is emptied ([`CLEAR`]), `code` (Lua with
/// the helpers of mod.rs and [`MORE`]) arranges the table and `draw` goes on top of the
/// deck; he ends his turn. Seat 1 has then drawn `draw`: he has resolved it (an Event, an
/// Outlaw) or is asked his Step 2 with the options of the table as arranged.
fn game(scenario: &str, players: usize, code: &str, draw: &str) -> Game {
    game_from(1, scenario, players, code, draw)
}

/// [`game`], with the first seed from `seed` whose first decision is the last seat's Step 2
/// (his first draw may be an Event or an Outlaw, which asks others first).
fn game_from(seed: u64, scenario: &str, players: usize, code: &str, draw: &str) -> Game {
    let first = format!("first_player: {players}");
    let c = fixed(scenario, &[("first_player: 1", &first)]);
    let mut g = (seed..)
        .map(|s| new_game(&c, s, players))
        .find(|g| waiting(g) == [players] && prompt(g, players).starts_with("Your turn"))
        .expect("a seed whose first decision is a Step 2");
    arrange(&mut g, &format!("{CLEAR}\n{code}\ntop('{draw}')"));
    pass(&mut g, players);
    g
}

/// Runs `code` (Lua with the helpers of mod.rs and [`MORE`]) to arrange the table.
fn arrange(g: &mut Game, code: &str) {
    lua(g, &format!("{MORE}\n{code}"));
}

/// `seat` ends his turn.
fn pass(g: &mut Game, seat: usize) {
    answer(g, seat, "End your turn");
}

/// The definition ids of a zone, top first, from the omniscient view: `seat`'s zone when
/// given, else the shared zone.
fn ids(g: &Game, zone: &str, seat: Option<usize>) -> Vec<String> {
    let v = g.view(None);
    let z = match seat {
        Some(s) => &v.seats[s - 1].zones[zone],
        None => &v.zones[zone],
    };
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { def, .. } => def.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides a card of {zone}"),
        })
        .collect()
}

/// The definition ids in `seat`'s hand, sorted.
fn held(g: &Game, seat: usize) -> Vec<String> {
    let mut h = ids(g, "hand", Some(seat));
    h.sort();
    h
}

/// A set of labels.
fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

/// `seat`'s labels as a set.
fn offered(g: &Game, seat: usize) -> BTreeSet<String> {
    labels(g, seat).into_iter().collect()
}

/// Whether `seat` is asked his Step 2.
fn at_step2(g: &Game, seat: usize) -> bool {
    waiting(g) == [seat] && prompt(g, seat).starts_with("Your turn")
}

/// The winners and reason of a game that has ended.
fn outcome(g: &Game) -> (Vec<usize>, String) {
    let r = g.result().expect("the game is over");
    (r.winners.clone(), r.reason.clone().unwrap_or_default())
}

/// Every card of the game (all zones, hands included), as definition ids.
fn all_cards(g: &Game) -> Vec<String> {
    let v = g.view(None);
    let zones = v.zones.values().chain(v.seats.iter().flat_map(|s| s.zones.values()));
    zones
        .flat_map(|z| &z.objects)
        .map(|o| match o {
            ObjectView::Shown { def, .. } => def.clone(),
            ObjectView::Hidden { .. } => panic!("the omniscient view hides a card"),
        })
        .collect()
}

/// The `kind` prop of every card of the game.
fn kinds(g: &Game) -> Vec<String> {
    let c = g.content().clone();
    let kind =
        |id: &String| c.defs.iter().find(|d| &d.id == id).expect("a def").props["kind"].as_str().unwrap().to_string();
    all_cards(g).iter().map(kind).collect()
}

/// How many cards of the game have this kind.
fn of_kind(g: &Game, kind: &str) -> usize {
    kinds(g).iter().filter(|k| *k == kind).count()
}

/// The map: the terrain number (data.terrains, 1..4) at each position.
fn map(g: &Game) -> [i64; 4] {
    [1, 2, 3, 4].map(|p| counter(g, &format!("map_{p}"), None))
}

/// The first log line (omniscient) containing `text`.
fn line_of(g: &Game, text: &str) -> usize {
    g.log_lines(None).iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line {text:?}"))
}

// ------------------------------------------------------------------------------ content

/// Z01: Movement cards: 10 per terrain, values 1..10, one card of each.
#[test]
fn z01_ten_movement_cards_per_terrain_valued_one_to_ten() {
    let g = new_game(&content(), 1, 3);
    let c = g.content().clone();
    let movement: Vec<_> = all_cards(&g)
        .into_iter()
        .map(|id| c.defs.iter().find(|d| d.id == id).unwrap().props.clone())
        .filter(|p| p["kind"] == "movement")
        .collect();
    assert_eq!(movement.len(), 40, "Movement cards in the game");
    for t in ["forest", "desert", "plain", "mountain"] {
        let mut values: Vec<i64> =
            movement.iter().filter(|p| p["terrain"] == t).map(|p| p["value"].as_i64().unwrap()).collect();
        values.sort();
        assert_eq!(values, (1..=10).collect::<Vec<_>>(), "the {t} cards");
    }
}

/// Z02: Action cards: 8 Ambush (one 1-Bullet and one 2-Bullet card per terrain), 8 Camping
/// (the same with Provisions), 1 Clue and 1 Hideout per terrain; 2 Jurisdiction without
/// terrain, playable only in the response window of Z20; every other Action card needs
/// `location.terrain == card.terrain`.
#[test]
fn z02_actions_split_by_terrain_and_played_on_their_terrain() {
    let c = content();
    for t in ["forest", "desert", "plain", "mountain"] {
        for (kind, resource) in [("ambush", "bullets"), ("camping", "provisions")] {
            let mut costs: Vec<i64> = c
                .defs
                .iter()
                .filter(|d| d.props["kind"] == kind && d.props["terrain"] == t)
                .inspect(|d| assert_eq!(d.props["resource"], resource, "{}", d.id))
                .map(|d| d.props["cost"].as_i64().unwrap())
                .collect();
            costs.sort();
            assert_eq!(costs, [1, 2], "{kind} in the {t}");
        }
        for kind in ["clue", "hideout"] {
            let n: usize =
                c.defs.iter().filter(|d| d.props["kind"] == kind && d.props["terrain"] == t).map(|d| d.count).sum();
            assert_eq!(n, 1, "{kind} in the {t}");
        }
    }
    let j: Vec<_> = c.defs.iter().filter(|d| d.props["kind"] == "jurisdiction").collect();
    assert_eq!(j.iter().map(|d| d.count).sum::<usize>(), 2);
    assert!(j.iter().all(|d| d.props.get("terrain").is_none()), "Jurisdiction has no terrain");
    let g = new_game(&c, 1, 3);
    assert_eq!(of_kind(&g, "ambush") + of_kind(&g, "camping") + of_kind(&g, "clue") + of_kind(&g, "hideout"), 24);
    assert_eq!(of_kind(&g, "jurisdiction"), 2);

    // In the Forest, only the Forest actions are offered; Jurisdiction never in Step 2.
    let code = "give(1, 'ambush_forest_1', 'ambush_desert_1', 'camping_plain_2', 'clue_desert', 'hideout_forest', 'jurisdiction')";
    let g = game("", 3, code, "mv_plain_01");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Ambush (Forest, 1 Bullet)",
            "Play Hideout (Forest)",
            "Spend 1 Provision: move to the Desert",
            "End your turn",
        ])
    );
}

/// Z03: Events: 1 Border, 2 Trains (one heading right, one left, each costing 5 Coins per
/// rider), and 2 Villages (5 Coins per unit of either resource, any quantity, subject to
/// Z24).
#[test]
fn z03_one_border_two_trains_two_villages() {
    let c = content();
    let def = |id: &str| c.defs.iter().find(|d| d.id == id).unwrap_or_else(|| panic!("no {id}"));
    assert_eq!((def("border").count, def("border").props["kind"].as_str()), (1, Some("border")));
    assert_eq!(
        (def("train_east").props["direction"].as_i64(), def("train_east").props["cost"].as_i64()),
        (Some(1), Some(5))
    );
    assert_eq!(
        (def("train_west").props["direction"].as_i64(), def("train_west").props["cost"].as_i64()),
        (Some(-1), Some(5))
    );
    assert_eq!((def("village").count, def("village").props["price"].as_i64()), (2, Some(5)));
    let g = new_game(&c, 1, 3);
    assert_eq!(
        (of_kind(&g, "border"), of_kind(&g, "train"), of_kind(&g, "village")),
        (1, 2, 2),
        "the Events in the game"
    );

    // A Village sells any number of either resource at $5 each: $20 buys 4.
    let mut g = game("", 3, "set('coins', 20, 1) top('mv_desert_02')", "village");
    for buy in ["Buy a Bullet", "Buy a Provision", "Buy a Provision", "Buy a Bullet"] {
        answer(&mut g, 1, buy);
    }
    assert_eq!(
        [counter(&g, "coins", Some(1)), counter(&g, "bullets", Some(1)), counter(&g, "provisions", Some(1))],
        [0, 6, 6]
    );
    assert!(at_step2(&g, 2), "with no Coin left he is not asked again");
}

/// Z04: Outlaws: danger (= reward) 10, 20, 30 and 40.
#[test]
fn z04_outlaw_dangers_are_ten_to_forty() {
    let c = content();
    let mut dangers: Vec<i64> =
        c.defs.iter().filter(|d| d.props["kind"] == "outlaw").map(|d| d.props["danger"].as_i64().unwrap()).collect();
    dangers.sort();
    assert_eq!(dangers, [10, 20, 30, 40]);
    // Belle Starr caught outside the capturer's terrain pays her danger, 30.
    let mut g = game("", 3, "set('pos', 2, 1)", "outlaw_3");
    for s in [2, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "coins", Some(1)), 40);
}

/// Z05: Characters: one per terrain, dealt at random to the players (`character_assignment:
/// random`); with 3 or 2 players, the unused Characters stay out of the game.
#[test]
fn z05_characters_are_dealt_at_random_one_per_terrain() {
    let mut deals = BTreeSet::new();
    for seed in 1..=30 {
        let g = new_game(&content(), seed, 3);
        let chars: Vec<i64> = (1..=3).map(|s| counter(&g, "character", Some(s))).collect();
        assert_eq!(chars.iter().collect::<BTreeSet<_>>().len(), 3, "seed {seed}: one terrain each: {chars:?}");
        assert!(chars.iter().all(|c| (1..=4).contains(c)));
        let m = map(&g);
        for s in 1..=3 {
            let at = counter(&g, "pos", Some(s));
            assert_eq!(m[at as usize - 1], chars[s - 1], "seed {seed}: seat {s} starts on his terrain");
        }
        deals.insert(chars);
    }
    assert!(deals.len() >= 8, "the deal is random: {deals:?}");
}

/// Z06: the map is a uniformly random permutation; positions i and j are adjacent iff
/// |i-j| = 1, with no wrap-around; each terrain appears once, so a Movement card has at most
/// one legal destination.
#[test]
fn z06_a_random_map_without_wrap_around() {
    let mut maps = BTreeSet::new();
    for seed in 1..=40 {
        let m = map(&new_game(&content(), seed, 3));
        assert_eq!(m.iter().collect::<BTreeSet<_>>().len(), 4, "seed {seed}: {m:?}");
        maps.insert(m);
    }
    assert!(maps.len() >= 12, "the map is shuffled: {maps:?}");
    // In the Forest (position 1), the Mountain (position 4) is out of reach: no wrap-around.
    let g = game("", 3, "give(1, 'mv_mountain_05', 'mv_desert_05')", "wild");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Wild: move to the Desert",
            "Play Desert 5: move to the Desert",
            "Spend 1 Provision: move to the Desert",
            "End your turn",
        ])
    );
    // In the Desert (position 2), both neighbours.
    let g = game("", 3, "set('pos', 2, 1) set('pos', 3, 2)", "wild");
    assert_eq!(
        offered(&g, 1),
        set(&[
            "Play Wild: move to the Forest",
            "Play Wild: move to the Plain",
            "Spend 1 Provision: move to the Forest",
            "Spend 1 Provision: move to the Plain",
            "End your turn",
        ])
    );
}

/// Z07: the colours are cosmetic; the engine stores `bullets`, `provisions` and `coins` as
/// integers (public).
#[test]
fn z07_resources_are_public_integer_counters() {
    let mut g = game("", 3, "top('mv_desert_02')", "village");
    for s in 1..=3 {
        let seen = &g.view(Some(3)).seats[s - 1].counters;
        assert_eq!([seen["bullets"], seen["provisions"], seen["coins"]], [4, 4, 10], "seat {s}, as seat 3 sees it");
    }
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Done");
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "coins", Some(1))], [5, 5]);
}

/// Z07: money bags are shown as floor(coins / 30) (`data.money_bag`).
#[test]
fn z07_money_bags_are_shown() {
    let g = game("", 3, "set('coins', 95, 1)", "mv_plain_01");
    let r = g.render(Some(1)).unwrap();
    let line = r.lines().find(|l| l.contains("p1 ")).expect("p1's line").to_lowercase();
    assert!(line.contains("bag") && line.contains('3'), "3 money bags for $95: {line}");
}

// ------------------------------------------------------------------------------ turn

/// Z08 (`return_to_step1_draws: true`): "Return to Step 1" means draw again; the Step-1
/// rules apply to every draw: an Event resolves and ends the turn, and an Outlaw resolves
/// and ends the turn.
#[test]
fn z08_a_move_draws_again_until_an_event_or_an_outlaw() {
    let code =
        "give(1, 'mv_desert_03', 'wild') top('mv_mountain_04', 'border', 'mv_forest_01', 'outlaw_1', 'mv_plain_09')";
    let mut g = game("", 3, code, "mv_plain_02");
    answer(&mut g, 1, "Play Desert 3");
    assert!(at_step2(&g, 1), "a move draws again");
    assert_eq!(held(&g, 1), ["mv_mountain_04", "mv_plain_02", "wild"]);
    answer(&mut g, 1, "Play Wild");
    assert!(log_has(&g, None, "p1 draws Border."));
    assert!(at_step2(&g, 2), "the Border ended p1's turn");
    assert_eq!(held(&g, 2), ["mv_forest_01"]);
    answer(&mut g, 2, "Spend 1 Provision");
    // The Outlaw is captured (claims follow) and ends p2's turn.
    for s in [1, 3] {
        answer(&mut g, s, "No claim");
    }
    assert_eq!(counter(&g, "captures", Some(2)), 1);
    assert!(at_step2(&g, 3), "the Outlaw ended p2's turn");
    assert_eq!(held(&g, 2), ["mv_forest_01"], "no draw after the Outlaw");
}

/// Z09 (`allow_pass: true`): passing is allowed and ends the turn.
#[test]
fn z09_a_player_may_pass() {
    let mut g = game("", 3, "give(1, 'wild') top('mv_desert_06')", "mv_desert_01");
    assert!(labels(&g, 1).contains(&"Play Wild: move to the Desert".to_string()));
    pass(&mut g, 1);
    assert!(at_step2(&g, 2));
    assert_eq!(held(&g, 1), ["mv_desert_01", "wild"]);
    assert_eq!(counter(&g, "pos", Some(1)), 1);
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "provisions", Some(1))], [4, 4]);
}

/// Z10: there is no loop limit; each loop costs a card or a resource and draws a card.
#[test]
fn z10_moves_draw_again_without_limit() {
    let code = "give(1, 'mv_desert_01', 'mv_desert_02', 'mv_desert_03', 'mv_desert_04', 'mv_desert_05', 'mv_desert_06',
                'mv_forest_01', 'mv_forest_02', 'mv_forest_03', 'mv_forest_04', 'mv_forest_05', 'mv_forest_06')
              top('mv_plain_01', 'mv_plain_02', 'mv_plain_03', 'mv_plain_04', 'mv_plain_05', 'mv_plain_06',
                  'mv_plain_07', 'mv_plain_08', 'mv_plain_09', 'mv_plain_10', 'mv_mountain_01', 'mv_mountain_02',
                  'mv_mountain_03', 'mv_mountain_04')";
    let mut g = game("", 3, code, "mv_mountain_10");
    for i in 0..14 {
        assert!(at_step2(&g, 1), "loop {i}");
        let to = if i % 2 == 0 { "Desert" } else { "Forest" };
        if i < 12 {
            answer(&mut g, 1, &format!("Play {to}"));
        } else {
            answer(&mut g, 1, &format!("Spend 1 Provision: move to the {to}"));
        }
    }
    assert!(at_step2(&g, 1), "still p1's turn after 14 moves");
    assert_eq!(ids(&g, "hand", Some(1)).len(), 15, "14 draws and the first");
    assert_eq!(counter(&g, "provisions", Some(1)), 2);
}

/// Z11 (`event_from_hand: own_step2_ends_turn`): an Event in hand may be played only as an
/// option of its owner's own Step 2; it resolves exactly like a drawn Event with the owner as
/// active player, and ends the turn. It can never be played out of turn.
#[test]
fn z11_an_event_in_hand_is_played_in_its_owners_step_2() {
    let mut g = game("", 3, "give(1, 'village') give(2, 'border') top('mv_desert_02')", "mv_plain_01");
    assert_eq!(waiting(&g), [1], "p2's Border cannot be played in p1's turn");
    answer(&mut g, 1, "Play Village (event)");
    assert_eq!(labels(&g, 1), ["Done", "Buy a Bullet", "Buy a Provision"], "the Village is in p1's place");
    answer(&mut g, 1, "Buy a Bullet");
    answer(&mut g, 1, "Done");
    assert!(at_step2(&g, 2), "the Event ended p1's turn");
    assert_eq!(ids(&g, "discard", None)[0], "village");
    assert_eq!([counter(&g, "bullets", Some(1)), counter(&g, "coins", Some(1))], [5, 5]);
    assert!(labels(&g, 2).contains(&"Play Border (event)".to_string()));
}

/// Z12 (`push_requires_target: true`): Special B needs at least one other non-eliminated
/// Marshal at your location.
#[test]
fn z12_a_push_needs_another_marshal_here() {
    let push = "Spend 1 Bullet: push the Marshals here away".to_string();
    let mut g = game("", 3, "top('mv_mountain_02')", "mv_mountain_01");
    assert!(!labels(&g, 1).contains(&push), "alone in the Forest");
    answer(&mut g, 1, "Spend 1 Provision: move to the Desert");
    assert!(at_step2(&g, 1));
    assert!(labels(&g, 1).contains(&push), "p2 is in the Desert");
}

/// Z13: pushed Marshals decide one by one, clockwise from the active player's left, and
/// every decision is public. Each either pays 1 Bullet to stay (only if >= 1 remains) or
/// moves to an adjacent location of their choice. The pusher is not affected.
#[test]
fn z13_pushed_marshals_decide_in_turn_order() {
    let code = "for s = 2, 4 do set('pos', 1, s) end set('bullets', 1, 3) top('mv_plain_02')";
    let mut g = game("", 4, code, "mv_plain_01");
    answer(&mut g, 1, "Spend 1 Bullet: push the Marshals here away");
    assert_eq!(waiting(&g), [2]);
    assert_eq!(labels(&g, 2), ["Spend 1 Bullet and stay", "Move to the Desert"]);
    answer(&mut g, 2, "Spend 1 Bullet and stay");
    assert_eq!(waiting(&g), [3]);
    assert_eq!(labels(&g, 3), ["Move to the Desert"], "one Bullet left: he cannot stay");
    answer(&mut g, 3, "Move to the Desert");
    assert_eq!(waiting(&g), [4]);
    answer(&mut g, 4, "Move to the Desert");
    assert!(at_step2(&g, 1), "the push draws again");
    assert_eq!((1..=4).map(|s| counter(&g, "pos", Some(s))).collect::<Vec<_>>(), [1, 1, 2, 2]);
    assert_eq!((1..=4).map(|s| counter(&g, "bullets", Some(s))).collect::<Vec<_>>(), [3, 3, 1, 4]);
    assert!(log_has(&g, Some(4), "p2 spends a Bullet and stays."));
    assert!(log_has(&g, Some(2), "p3 moves to the Desert (pushed)."));
}

/// Z14: special actions cannot be used out of turn; the only out-of-turn movement is by card
/// during a Village, or by ticket during a Train.
#[test]
fn z14_no_special_action_out_of_turn() {
    let mut g = game("", 3, "give(2, 'wild') top('mv_mountain_06')", "village");
    answer(&mut g, 1, "Done");
    assert_eq!(labels(&g, 2), ["Stay away", "Travel there, playing Wild"], "no Provision spent to travel");
    answer(&mut g, 2, "Stay away");
    assert!(at_step2(&g, 2), "p3, with no card to travel, is not asked");
    let mut g = game("", 3, "set('pos', 2, 1)", "train_east");
    answer(&mut g, 1, "Stay off the train");
    assert_eq!(labels(&g, 2), ["Stay off the train", "Ride to the Plain", "Ride to the Mountain"]);
    assert_eq!(labels(&g, 2).iter().filter(|l| l.starts_with("Spend")).count(), 0);
}

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

// ------------------------------------------------------------------------------ setup

/// For `seed`: whether Outlaws were shuffled back at setup, and the place the Corrupt Marshal
/// had in the deck before the deal (0 = top), from where it is now (3 players: 12 cards
/// dealt, 1 drawn).
fn corrupt_place(seed: u64) -> (bool, usize) {
    let g = new_game(&content(), seed, 3);
    let reshuffled = log_has(&g, None, "shuffled back");
    let place = match ids(&g, "deck", None).iter().position(|d| d == "corrupt_marshal") {
        Some(i) => i + 13,
        None => {
            let cm = "corrupt_marshal".to_string();
            let dealt =
                (1..=3).any(|s| ids(&g, "hand", Some(s)).contains(&cm) || ids(&g, "badge", Some(s)).contains(&cm));
            assert!(dealt, "seed {seed}: the Corrupt Marshal is in the deck, a hand or revealed");
            0
        }
    };
    (reshuffled, place)
}

/// Z36 (`deck_split: exact_half`): upper = the top floor(n/2) cards (n = 81 in STD); the CM
/// is shuffled uniformly into the upper part.
#[test]
fn z36_the_corrupt_marshal_starts_in_the_upper_half() {
    let g = new_game(&content(), 1, 3);
    assert_eq!(all_cards(&g).len(), 82);
    let places: Vec<usize> = (1..=200).map(corrupt_place).filter(|(r, _)| !r).map(|(_, p)| p).collect();
    assert!(places.len() > 50, "enough games without Outlaws drawn at setup");
    assert!(places.iter().all(|&p| p <= 40), "never below the 40 cards of the upper part");
    assert!(places.iter().any(|&p| p >= 35), "down to the bottom of the upper part");
    assert!(places.iter().any(|&p| p < 13), "and dealt to a hand");
}

/// Z37 (`setup_outlaw_return: full_reshuffle`): 4 cards each; Outlaws dealt are set aside
/// and replaced until no hand holds one, then the whole deck is reshuffled (which can move
/// the CM out of the upper half); Events and the CM stay in starting hands.
#[test]
fn z37_outlaws_dealt_are_replaced_and_the_whole_deck_reshuffled() {
    let (mut events, mut deep) = (0, 0);
    for seed in 1..=200 {
        let g = new_game(&content(), seed, 3);
        let first = g.current().expect("a turn");
        for s in 1..=3 {
            let hand = ids(&g, "hand", Some(s));
            // The first player has drawn, and may have revealed the Corrupt Marshal.
            let n = hand.len() + ids(&g, "badge", Some(s)).len();
            assert!(n == 4 || (s == first && n == 5), "seed {seed}, seat {s}: {hand:?}");
            assert!(!hand.iter().any(|d| d.starts_with("outlaw")), "seed {seed}: an Outlaw in hand");
            let ev = ["border", "train_east", "train_west", "village"];
            events += hand.iter().filter(|d| ev.contains(&d.as_str())).count();
        }
        let (reshuffled, place) = corrupt_place(seed);
        deep += usize::from(reshuffled && place > 40);
    }
    assert!(events > 0, "Events stay in starting hands");
    assert!(deep > 0, "the reshuffle can take the Corrupt Marshal below the upper half");
}

/// Z38 (`first_player: random`): the first player is chosen at random; the table may
/// override (`data.first_player`).
#[test]
fn z38_the_first_player_is_random_unless_set() {
    let firsts: BTreeSet<usize> = (1..=30).map(|seed| new_game(&content(), seed, 3).current().unwrap()).collect();
    assert_eq!(firsts, BTreeSet::from([1, 2, 3]));
    let c = fixed("", &[("first_player: 1", "first_player: 2")]);
    for seed in 1..=5 {
        assert_eq!(new_game(&c, seed, 3).current(), Some(2));
    }
}

/// Z39: player counts: STD 3-4, DUO 2, BASIC 2-4.
#[test]
fn z39_player_counts_per_mode() {
    let modes: [(Arc<Content>, &[usize], [usize; 2]); 3] =
        [(content(), &[3, 4], [2, 5]), (mode("duo"), &[2], [1, 3]), (mode("basic"), &[2, 3, 4], [1, 5])];
    for (c, ok, bad) in modes {
        for &n in ok {
            let g = new_game(&c, 1, n);
            assert_eq!(g.players(), n, "{}", c.id);
        }
        for n in bad {
            assert!(Setup::new(&c, 1, Some(n)).is_err(), "{} with {n} players", c.id);
        }
    }
}

// ------------------------------------------------------------------------------ modes

/// The cards a mode leaves out or changes (R56, R58), by definition id and count.
fn changed_counts(name: &str) -> Vec<(String, usize)> {
    let ids = match name {
        "duo" => return vec![("corrupt_marshal".into(), 0), ("jurisdiction".into(), 0), ("wild".into(), 3)],
        _ => ["corrupt_marshal", "jurisdiction", "border", "train_east", "train_west", "village"],
    };
    let t = ["forest", "desert", "plain", "mountain"];
    let actions = t.iter().flat_map(|t| [format!("clue_{t}"), format!("hideout_{t}")]);
    ids.iter().map(|id| id.to_string()).chain(actions).map(|id| (id, 0)).collect()
}

/// The modes are YAML overlays of the base game (DECISIONS.md): `marshals/duo` and
/// `marshals/basic` equal `marshals` but for the player counts, `data.mode` (and BASIC's
/// `data.resources`) and the card counts of R56/R58.
#[test]
fn modes_are_overlays_of_the_base_game() {
    let base = content();
    for (name, players, data) in [
        ("duo", (2, 2), serde_json::json!({"mode": "duo"})),
        ("basic", (2, 4), serde_json::json!({"mode": "basic", "resources": false})),
    ] {
        let m = mode(name);
        assert_eq!((m.id.as_str(), m.game.as_str()), (&*format!("marshals/{name}"), "marshals"));
        assert_eq!((m.players.min, m.players.max), players, "{name}");
        let mut expected = base.data.clone();
        for (k, v) in data.as_object().unwrap() {
            expected[k] = v.clone();
        }
        assert_eq!(m.data, expected, "{name}: data");
        assert_eq!(format!("{:?}", m.zones), format!("{:?}", base.zones), "{name}: zones");
        assert_eq!(format!("{:?}", m.counters), format!("{:?}", base.counters), "{name}: counters");
        assert_eq!((&m.main.code, &m.render.code), (&base.main.code, &base.render.code), "{name}: the same flow");
        assert!(m.modules.keys().eq(base.modules.keys()), "{name}: the same Lua modules");
        assert_eq!(m.defs.len(), base.defs.len(), "{name}: the same cards");
        let changes = changed_counts(name);
        for (d, b) in m.defs.iter().zip(&base.defs) {
            assert_eq!((&d.id, &d.name, &d.props, d.zone), (&b.id, &b.name, &b.props, b.zone), "{name}");
            assert_eq!(d.script.as_ref().map(|s| &s.code), b.script.as_ref().map(|s| &s.code), "{name}: {}", d.id);
            let want = changes.iter().find(|(id, _)| *id == d.id).map_or(b.count, |(_, n)| *n);
            assert_eq!(d.count, want, "{name}: copies of {}", d.id);
        }
    }
}

/// R56: DUO is identical to STD except that the Corrupt Marshal, all Jurisdiction cards and
/// 3 of the 6 Wild cards are removed from the deck.
#[test]
fn duo_has_no_corrupt_marshal_no_jurisdiction_and_three_wilds() {
    let g = new_game(&mode("duo"), 1, 2);
    assert_eq!(all_cards(&g).len(), 76);
    assert_eq!([of_kind(&g, "corrupt"), of_kind(&g, "jurisdiction"), of_kind(&g, "wild")], [0, 0, 3]);
    assert_eq!(
        [of_kind(&g, "movement"), of_kind(&g, "clue"), of_kind(&g, "hideout"), of_kind(&g, "outlaw")],
        [40, 4, 4, 4]
    );
    // With no Jurisdiction card, a Clue opens no window: p2 is not asked.
    let mut g = game("duo", 2, "give(1, 'clue_forest')", "mv_plain_01");
    answer(&mut g, 1, "Play Clue (Forest)");
    assert_eq!(waiting(&g), [1]);
    assert!(prompt(&g, 1).starts_with("Clue:"));
}

/// R57: DUO becomes a race to capture the most Outlaws or earn the most Coins: no Corrupt
/// Marshal can win.
#[test]
fn duo_is_a_race_for_outlaws_and_coins() {
    let g = game("duo", 2, &format!("set('coins', 30, 2) {LAST_ESCAPE}"), "outlaw_4");
    assert_eq!(outcome(&g), (vec![2], "the most money earned".to_string()), "an escape for good scores money");
    let r = posse::sim::run(&mode("duo"), 20, 1, Some(2), 1);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.finished, 20);
    let reasons: BTreeSet<&str> = r.reasons.keys().map(String::as_str).collect();
    assert!(!reasons.contains("the Corrupt Marshal let an Outlaw get away"), "{reasons:?}");
}

/// R58: BASIC removes the Corrupt Marshal, Jurisdiction, Clue and Hideout cards and all
/// Events: the deck holds only Movement, Wild (all 6, Z40), Ambush, Camping and the 4
/// Outlaws.
#[test]
fn basic_deck_holds_movement_wild_ambush_camping_and_outlaws() {
    let g = new_game(&mode("basic"), 1, 2);
    assert_eq!(all_cards(&g).len(), 66);
    let k: BTreeSet<String> = kinds(&g).into_iter().collect();
    assert_eq!(k, set(&["movement", "wild", "ambush", "camping", "outlaw"]));
    assert_eq!([of_kind(&g, "wild"), of_kind(&g, "ambush"), of_kind(&g, "camping")], [6, 8, 8]);
}

/// R59: in BASIC, the aim is to travel to as many locations as possible to draw cards: a move
/// draws again.
#[test]
fn basic_travelling_draws_cards() {
    let mut g = game("basic", 2, "give(1, 'mv_desert_02') top('mv_plain_06')", "mv_mountain_01");
    answer(&mut g, 1, "Play Desert 2");
    assert!(at_step2(&g, 1));
    assert_eq!(held(&g, 1), ["mv_mountain_01", "mv_plain_06"]);
}

/// R60: in BASIC, Ambush takes 1 card from a rival's hand and Camping makes a player skip
/// his turn; terrain and location do not matter.
#[test]
fn basic_actions_ignore_terrain_and_location() {
    let code = "give(1, 'ambush_mountain_2', 'camping_desert_1') give(3, 'mv_plain_03') top('mv_desert_01')";
    let mut g = game("basic", 3, code, "mv_mountain_01");
    let l = labels(&g, 1);
    assert!(l.contains(&"Play Ambush (Mountain, 2 Bullets)".to_string()), "in the Forest: {l:?}");
    assert!(l.contains(&"Play Camping (Desert, 1 Provision)".to_string()), "{l:?}");
    answer(&mut g, 1, "Play Ambush");
    // p3 in the Plain may be robbed; p2 holds nothing: with one rival to rob, nobody is asked.
    assert!(!waiting(&g).contains(&1), "p3 in the Plain is robbed without a question; p2 holds nothing");
    assert!(held(&g, 1).contains(&"mv_plain_03".to_string()));
    assert_eq!(ids(&g, "discard", None), ["ambush_mountain_2"]);
    assert!(at_step2(&g, 2), "the Ambush ended p1's turn");
}

/// R61: in BASIC there are no Coins, Bullets or Provisions (so no special actions, rewards
/// or claims); the only goal is to capture Outlaws.
#[test]
fn basic_has_no_coins_bullets_or_provisions() {
    let code = "give(1, 'mv_desert_02', 'mv_plain_02') give(2, 'mv_desert_05') top('outlaw_1', 'mv_desert_07')";
    let mut g = game("basic", 2, code, "mv_mountain_01");
    for s in 1..=2 {
        let c = &g.view(None).seats[s - 1].counters;
        assert_eq!([c["coins"], c["bullets"], c["provisions"]], [0, 0, 0]);
    }
    assert_eq!(offered(&g, 1), set(&["Play Desert 2: move to the Desert", "End your turn"]), "no special action");
    answer(&mut g, 1, "Play Desert 2");
    assert_eq!(counter(&g, "captures", Some(1)), 1);
    assert_eq!(counter(&g, "coins", Some(1)), 0, "no reward");
    assert!(at_step2(&g, 2), "no claim asked of p2 and his Desert 5");
}

/// Z40: BASIC Ambush takes one card at random from a rival holding one.
#[test]
fn z40_basic_ambush_takes_a_card_at_random() {
    let mut taken = BTreeSet::new();
    for seed in 1..=12 {
        let code = "give(1, 'ambush_plain_1') give(2, 'mv_forest_01', 'mv_forest_02') top('mv_desert_01')";
        let mut g = game_from(seed, "basic", 2, code, "mv_mountain_01");
        answer(&mut g, 1, "Play Ambush");
        assert!(at_step2(&g, 2), "the one rival is robbed without a question, of a card nobody picks");
        let h = held(&g, 2);
        assert_eq!(h.len(), 2, "one of two taken, one drawn: {h:?}");
        taken.extend(["mv_forest_01", "mv_forest_02"].into_iter().filter(|c| !h.contains(&c.to_string())));
    }
    assert_eq!(taken.len(), 2, "either card may go");
}

/// Z40: BASIC Camping: pick a rival, who skips his next turn; skips stack.
#[test]
fn z40_basic_camping_skips_stack() {
    let code = "give(1, 'camping_plain_1') give(2, 'camping_mountain_2')
                top('mv_desert_01', 'mv_desert_02', 'mv_desert_03', 'mv_desert_04')";
    let mut g = game("basic", 3, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Camping");
    assert_eq!(labels(&g, 1), ["p2", "p3"]);
    answer(&mut g, 1, "p3");
    answer(&mut g, 2, "Play Camping");
    answer(&mut g, 2, "p3");
    assert!(at_step2(&g, 1), "p3 skipped");
    assert_eq!(counter(&g, "skip", Some(3)), 1, "one more to skip");
    pass(&mut g, 1);
    pass(&mut g, 2);
    assert!(at_step2(&g, 1), "p3 skipped again");
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("p3 skips this turn.")).count(), 2);
    assert_eq!(counter(&g, "skip", Some(3)), 0);
}

/// Z40 with lib.seats.choose: with one rival (two players), Camping asks nobody whom to skip.
#[test]
fn z40_basic_camping_with_one_rival_asks_nobody() {
    let code = "give(1, 'camping_plain_1') top('mv_desert_01', 'mv_desert_02')";
    let mut g = game("basic", 2, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Camping");
    assert!(log_has(&g, Some(1), "p2 will skip a turn."));
    assert!(log_has(&g, Some(1), "p2 skips this turn."));
    assert!(at_step2(&g, 1), "p2 skipped; p1 plays again");
}

/// Z40: in BASIC an Outlaw drawn under an Ambush/Camping top still escapes, and Z30 still
/// applies; the winner is the player with the most captured Outlaws.
#[test]
fn z40_basic_outlaws_escape_and_may_get_away() {
    let code = format!("captured(2, 'outlaw_1') {LAST_ESCAPE}");
    let g = game("basic", 3, &code, "outlaw_4");
    assert_eq!(counter(&g, "escapes_4", None), 2);
    assert_eq!(outcome(&g), (vec![2], "the most Outlaws captured".to_string()));
}

/// Z40: BASIC: the most captured Outlaws wins, ties shared.
#[test]
fn z40_basic_ties_are_shared() {
    let g = game("basic", 3, "captured(1, 'outlaw_1') captured(2, 'outlaw_2', 'outlaw_3')", "outlaw_4");
    assert!(g.is_over(), "all the Outlaws are caught");
    assert_eq!(outcome(&g), (vec![1, 2], "the most Outlaws captured".to_string()));
    let scores = &g.result().unwrap().scores;
    assert_eq!([scores[&1], scores[&2], scores[&3]], [2, 2, 0]);
}
