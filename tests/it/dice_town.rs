//! Rule tests of Desperados of Dice Town: the rulebook's worked examples (DT1-DT5), one test
//! per checklist line and per gap decision of `shared/rules/dice_town.gaps.md`, one per Wild
//! West card kind. Each test is named after the line it checks; a comment names any other
//! line it also covers.
//!
//! Tests drive the real flow. A new game stops at seat 1's first roll menu (roll 1 of 3);
//! a test sets the position with [`setup`] (Lua run in the game's VM, then the script's
//! mirrors are resynced), rigs the dice and picks "Reroll all the dice", so the menu it
//! reads is computed from the rigged faces. Later turns start with rolls rigged ahead.
//! The pure functions of `scripts/dice_town/rules.lua` are checked where a table of cases
//! says it best.

use posse::view::ObjectView;
use posse::{Content, Game};
use posse_tests::*;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};

// ------------------------------------------------------------------------------ helpers

/// Desperado ids in canonical order: the rank counters and the character faces.
const IDS: [&str; 5] = ["brain", "ugly", "bad", "lady", "boss"];
/// Printed ranks (G-RANKS), in the order of `IDS`.
const MAX: [i64; 5] = [2, 3, 4, 5, 6];
/// A Misery roll (no Action face, no trio): the quickest way to end a turn.
const MISERY: [&str; 4] = ["brain", "ugly", "bad", "lady"];

fn content() -> Arc<Content> {
    static C: OnceLock<Arc<Content>> = OnceLock::new();
    C.get_or_init(|| load("dice_town")).clone()
}

/// A new game (seed 1), waiting for seat 1's choice after his first roll.
fn game(players: usize) -> Game {
    let g = new_game(&content(), 1, players);
    assert_eq!(g.next_request().map(|r| r.seat), Some(1), "the game starts with seat 1's roll menu");
    g
}

/// Lua helpers for [`lua`] and [`setup`]: seats are 1-based, ranks in the order of `IDS`.
const PRELUDE: &str = r#"
local posse = require 'posse'
local game = require 'dice_town.game'
local main = require 'dice_town.main'
local IDS = { 'brain', 'ugly', 'bad', 'lady', 'boss' }
local function ranks(s, r) for i, id in ipairs(IDS) do posse.set(id, r[i], s) end end
local function money(s, v) posse.set('money', v, s) end
local function centre(v) posse.set('centre', v) end
local function gang(s, id)
  for i, g in ipairs(posse.data.gangs) do
    if g.id == id then posse.set('gang', i, s) return end
  end
  error('no gang ' .. id)
end
-- The bottom-most card with this definition in the draw pile, else in the discard pile.
local function find(def)
  for _, z in ipairs { posse.zone('draw'), posse.zone('discard') } do
    local objs = posse.contents(z)
    for i = #objs, 1, -1 do
      if posse.def_id(objs[i]) == def then return objs[i] end
    end
  end
  error('no ' .. def .. ' left in the draw or discard pile')
end
local function give(s, def, n)
  for _ = 1, n or 1 do posse.move(find(def), posse.zone('hand', s)) end
end
-- Puts these cards on top of the draw pile, the first one on top.
local function stack(...)
  local t = { ... }
  for i = #t, 1, -1 do posse.move(find(t[i]), posse.zone('draw')) end
end
"#;

/// Runs Lua (after [`PRELUDE`]) in the game's VM and returns its value.
fn lua(g: &mut Game, code: &str) -> Value {
    g.eval(&format!("{PRELUDE}\n{code}")).unwrap_or_else(|e| panic!("{e}\n{code}"))
}

/// Changes the position behind the script's back, then resyncs its mirrors. First checks
/// that the mirrors agreed with the engine up to now.
fn setup(g: &mut Game, code: &str) {
    lua(g, &format!("game.verify()\n{code}\ngame.resync()"));
}

/// Fails when the script's mirrors of the state differ from the engine's state.
fn verify(g: &mut Game) {
    if !g.is_over() {
        lua(g, "game.verify()");
    }
}

fn seat_counter(g: &Game, s: usize, id: &str) -> i64 {
    g.view(None).seats[s - 1].counters[id]
}

fn money(g: &Game, s: usize) -> i64 {
    seat_counter(g, s, "money")
}

fn centre(g: &Game) -> i64 {
    g.view(None).counters["centre"]
}

fn counter(g: &Game, id: &str) -> i64 {
    g.view(None).counters[id]
}

/// Ranks left of seat `s`'s Desperados, in the order of `IDS` (0 = escaped).
fn ranks(g: &Game, s: usize) -> [i64; 5] {
    let v = g.view(None);
    IDS.map(|id| v.seats[s - 1].counters[id])
}

/// Card ids in seat `s`'s hand (omniscient view), top first.
fn hand(g: &Game, s: usize) -> Vec<String> {
    def_ids(&g.view(None).seats[s - 1].zones["hand"])
}

fn hand_size(g: &Game, s: usize) -> usize {
    g.view(None).seats[s - 1].zones["hand"].count
}

fn zone_count(g: &Game, z: &str) -> usize {
    g.view(None).zones[z].count
}

fn discard(g: &Game) -> Vec<String> {
    def_ids(&g.view(None).zones["discard"])
}

fn eliminated(g: &Game, s: usize) -> bool {
    g.view(None).seats[s - 1].eliminated
}

/// The seat asked next.
fn asked(g: &Game) -> usize {
    g.next_request().expect("a decision is pending").seat
}

fn labels(g: &Game) -> Vec<String> {
    g.next_request().expect("a decision is pending").labels()
}

fn prompt(g: &Game) -> String {
    g.next_request().expect("a decision is pending").prompt()
}

fn has_option(g: &Game, prefix: &str) -> bool {
    labels(g).iter().any(|l| l.starts_with(prefix))
}

/// The effect options of the roll menu ("Act: ...", "Trio: ...", ...), in order.
fn effects(g: &Game) -> Vec<String> {
    labels(g)
        .into_iter()
        .filter(|l| ["Act: ", "Trio: ", "Set of four: ", "Misery: "].iter().any(|p| l.starts_with(p)))
        .collect()
}

/// The active seat rerolls all four dice, which show `faces`.
fn reroll(g: &mut Game, faces: [&str; 4]) {
    g.rig_dice(&faces);
    pick(g, "Reroll all the dice");
}

/// Picks several options of a multi-choice by label prefix.
fn pick_many(g: &mut Game, prefixes: &[&str]) {
    let r = g.next_request().expect("a decision is pending");
    let labels = r.labels();
    let mut picks: Vec<u32> = prefixes
        .iter()
        .map(|p| {
            let i = labels.iter().position(|l| l.starts_with(p));
            i.unwrap_or_else(|| panic!("no option {p:?} in {labels:?}")) as u32 + 1
        })
        .collect();
    picks.sort_unstable();
    picks.dedup();
    let seat = r.seat;
    g.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
}

fn log_has(g: &Game, seat: Option<usize>, text: &str) -> bool {
    g.log_lines(seat).iter().any(|l| l.contains(text))
}

fn log_count(g: &Game) -> usize {
    g.log_lines(None).len()
}

/// Log lines (omniscient) written since there were `n` of them.
fn log_since(g: &Game, n: usize) -> Vec<String> {
    g.log_lines(None)[n..].to_vec()
}

fn winners(g: &Game) -> Vec<usize> {
    g.result().expect("the game is over").winners.clone()
}

fn reason(g: &Game) -> String {
    g.result().expect("the game is over").reason.clone().unwrap_or_default()
}

/// A Lua list literal of strings: `{'a', 'b'}`.
fn lua_list(items: &[&str]) -> String {
    format!("{{{}}}", items.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", "))
}

/// Strings of a JSON array (an empty Lua table may come back as an empty object).
fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a.iter().map(|x| x.as_str().unwrap_or_else(|| panic!("{x}")).to_string()).collect(),
        Value::Object(o) if o.is_empty() => Vec::new(),
        other => panic!("expected a list of strings, got {other}"),
    }
}

/// Integers of a JSON array (an empty Lua table may come back as an empty object).
fn ints(v: &Value) -> Vec<i64> {
    match v {
        Value::Array(a) => a.iter().map(|x| x.as_i64().unwrap_or_else(|| panic!("{x}"))).collect(),
        Value::Object(o) if o.is_empty() => Vec::new(),
        other => panic!("expected a list of integers, got {other}"),
    }
}

/// Runs the game's real `play` again, outside the engine's flow, with the dice rigged:
/// it shuffles, deals gangs and money and makes every seat's setup roll, then stops with
/// an error at the first decision (only the flow may decide). The game is used for its
/// state only afterwards.
fn rigged_setup(players: usize, faces: &[&str]) -> Game {
    let mut g = game(players);
    g.rig_dice(faces);
    let r = lua(&mut g, "local ok, e = pcall(main.play) return { ok = ok, e = tostring(e) }");
    assert_eq!(r["ok"], false);
    let e = r["e"].as_str().unwrap();
    assert!(e.contains("only be made from the game flow"), "setup did not reach the first decision: {e}");
    g
}

/// Final setup faces and ranks of every seat, read from the setup log lines
/// ("p1's setup roll: Bad, Bad, Lady, Boss. Ranks left: ...").
fn setup_faces(g: &Game, s: usize) -> Vec<String> {
    let head = format!("p{s}'s setup roll: ");
    let lines = g.log_lines(None);
    let line = lines.iter().rev().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no {head:?} in the log"));
    let faces = line[head.len()..].split(". Ranks left").next().unwrap();
    faces.split(", ").map(|f| f.to_lowercase()).collect()
}

// ---------------------------------------------------------------- worked examples (§2)

#[test]
fn dt1_setup_roll_bad_bad_lady_boss_turns_bad_two_ranks_lady_and_boss_one() {
    let g = rigged_setup(2, &["bad", "bad", "lady", "boss", "ugly", "bad", "lady", "boss"]);
    assert_eq!(setup_faces(&g, 1), ["bad", "bad", "lady", "boss"]);
    assert_eq!(ranks(&g, 1), [2, 3, 2, 4, 5], "Bad two ranks, Lady one, Boss one; all still In Jail");
    assert_eq!(money(&g, 1), 50);
    assert_eq!(ranks(&g, 2), [2, 2, 3, 4, 5]);
}

#[test]
fn dt2_setup_reroll_action_and_third_lady_are_rerolled_before_rotating() {
    // Also G-SETUP-REROLL (surplus reading, in the real setup) and S3.
    // Seat 1 first shows Action, Lady, Lady, Lady: die 1 (Action) and die 4 (the third
    // Lady) are rerolled and show Boss, Brain; seat 2 then rolls the next four faces.
    let g = rigged_setup(2, &["action", "lady", "lady", "lady", "boss", "brain", "ugly", "bad", "lady", "boss"]);
    assert_eq!(setup_faces(&g, 1), ["boss", "lady", "lady", "brain"]);
    assert_eq!(ranks(&g, 1), [1, 3, 4, 3, 5]);
    assert_eq!(setup_faces(&g, 2), ["ugly", "bad", "lady", "boss"], "seat 2 used the faces after the two rerolled");
    // A reroll that is still invalid is rerolled again, as often as needed.
    let g = rigged_setup(
        2,
        &["action", "lady", "lady", "lady", "action", "lady", "ugly", "boss", "ugly", "bad", "lady", "boss"],
    );
    // Dice 1, 4 -> Action, Lady (Action and a third Lady again) -> dice 1, 4 -> Ugly, Boss.
    assert_eq!(setup_faces(&g, 1), ["ugly", "lady", "lady", "boss"]);
    assert_eq!(ranks(&g, 1), [2, 2, 4, 3, 5]);
    // The pure rule: which dice are rerolled.
    let cases: &[(&[&str], &[i64])] = &[
        (&["action", "lady", "lady", "lady"], &[1, 4]),
        (&["bad", "bad", "lady", "boss"], &[]),
        (&["lady", "lady", "lady", "lady"], &[3, 4]),
        (&["action", "action", "action", "action"], &[1, 2, 3, 4]),
        (&["boss", "action", "boss", "boss"], &[2, 4]),
        (&["brain", "brain", "ugly", "boss"], &[]),
    ];
    let mut g = game(2);
    for (faces, want) in cases {
        let got = ints(&lua(&mut g, &format!("return main.setup_rerolls({})", lua_list(faces))));
        assert_eq!(got, *want, "setup_rerolls({faces:?})");
    }
}

#[test]
fn dt2_two_brain_faces_free_the_brain_at_setup() {
    // Also S4.
    let g = rigged_setup(2, &["brain", "brain", "ugly", "boss", "ugly", "bad", "lady", "boss"]);
    assert_eq!(ranks(&g, 1), [0, 2, 4, 5, 5], "Brain escaped, Ugly 3->2, Boss 6->5");
    assert!(log_has(&g, None, "p1's setup roll: Brain, Brain, Ugly, Boss. Ranks left: Brain free"));
    assert_eq!(ranks(&g, 2), [2, 2, 3, 4, 5], "one Brain face would only turn him one rank");
}

#[test]
fn dt3_action_example_1_offers_lady_or_boss_once_and_no_draw() {
    // Also D1 (a second Lady face adds nothing) and T3/T4 (an Action face, no trio: no draw).
    let mut g = game(2);
    reroll(&mut g, ["action", "lady", "lady", "boss"]);
    assert_eq!(effects(&g), ["Act: Lady", "Act: Boss"]);
    let e = lua(&mut g, "return main.effects_for({'action', 'lady', 'lady', 'boss'})");
    assert_eq!(e, json!([{"kind": "act", "acts": ["lady"]}, {"kind": "act", "acts": ["boss"]}]));
}

#[test]
fn dt4_action_example_2_assignments_are_ugly_and_boss_boss_twice_or_ugly_twice() {
    // Also D2 and G-ONE-DESPERADO (Actions may be split between Desperados).
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "ugly", "boss"]);
    let mut got = effects(&g);
    got.sort();
    assert_eq!(got, ["Act: Boss x2", "Act: Ugly + Boss", "Act: Ugly x2"]);
    let a = lua(&mut g, "return main.assignments({'action', 'action', 'ugly', 'boss'})");
    assert_eq!(a, json!([["ugly", "ugly"], ["ugly", "boss"], ["boss", "boss"]]));
    // The split assignment turns each of them one rank, in the order the player likes.
    pick(&mut g, "Act: Ugly + Boss");
    assert_eq!(labels(&g), ["Ugly: turn one rank (3 ranks left)", "Boss: turn one rank (6 ranks left)"]);
    pick(&mut g, "Boss: turn one rank");
    assert_eq!(ranks(&g, 1), [2, 2, 4, 5, 5]);
}

/// DT5's table: P (seat 1) has his Lady one rank from the keys; Q (2) has his Lady In
/// Jail and $20, R (3) an escaped Lady and $20, S (4) his Lady In Jail and $7.
fn dt5_position() -> Game {
    let mut g = game(4);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 1, 6}) ranks(2, {2, 3, 4, 3, 6}) ranks(3, {2, 3, 4, 0, 6}) ranks(4, {2, 3, 4, 2, 6})
         money(2, 20) money(3, 20) money(4, 7)",
    );
    reroll(&mut g, ["action", "action", "action", "lady"]);
    g
}

#[test]
fn dt5_lady_escapes_then_two_attacks_q_pays_10_r_is_immune_s_is_eliminated() {
    // Also D3, D4, D5, D7, G-OVERKILL and G-ACTION-TRIO (three Actions + one Lady: act or draw).
    let mut g = dt5_position();
    assert_eq!(effects(&g), ["Act: Lady x3", "Trio: draw 3 Wild West cards, keep 1"]);
    pick(&mut g, "Act: Lady x3");
    // Action 1 frees her (no question: it cannot hurt him); then two attacks.
    assert_eq!(ranks(&g, 1)[3], 0, "the Lady escaped with the first Action");
    assert!(log_has(&g, None, "p1's Lady escapes from jail!"));
    assert_eq!(labels(&g), ["Lady: attack, $5 from p2, p4 [2 Actions]", "Forfeit the 2 Actions left"]);
    pick(&mut g, "Lady: attack");
    assert_eq!((money(&g, 2), money(&g, 3), money(&g, 4)), (15, 20, 2));
    assert!(!eliminated(&g, 4), "S still has $2");
    pick(&mut g, "Lady: attack");
    assert_eq!(money(&g, 2), 10, "Q $20 -> $10");
    assert_eq!(money(&g, 3), 20, "R is immune: his Lady is free");
    assert_eq!(money(&g, 4), 0);
    assert!(eliminated(&g, 4), "S is eliminated at once");
    assert_eq!(centre(&g), 17, "+$10 from Q, +$7 from S");
    assert_eq!(money(&g, 1), 50, "the attacker wins nothing");
    assert!(log_has(&g, None, "p1's Lady: p2 pays $5, p4 pays $2 to the centre."));
    assert!(log_has(&g, None, "p4 has lost his last dollar and is eliminated."));
    assert!(!g.is_over());
    verify(&mut g);
}

// ------------------------------------------------------------------- components (§1.1)

#[test]
fn c1_c2_four_gangs_of_five_desperados_with_different_symbols_jailed_or_escaped() {
    // Also G-NAMES (Brain, Ugly, Bad, Lady, Boss) and G-GANGS (one gang per seat).
    let mut g = game(4);
    let d = lua(
        &mut g,
        "local t = {} for i, r in ipairs(posse.data.desperados) do t[i] = {r.id, r.name, r.symbol} end return t",
    );
    assert_eq!(
        d,
        json!([
            ["brain", "Brain", "bottle"],
            ["ugly", "Ugly", "fist"],
            ["bad", "Bad", "knife"],
            ["lady", "Lady", "pistol"],
            ["boss", "Boss", "two pistols"]
        ])
    );
    let mut gangs: Vec<i64> = (1..=4).map(|s| seat_counter(&g, s, "gang")).collect();
    gangs.sort_unstable();
    assert_eq!(gangs, [1, 2, 3, 4], "each seat leads one of the four gangs");
    for s in 1..=4 {
        for (r, max) in ranks(&g, s).iter().zip(MAX) {
            assert!((0..=max).contains(r), "seat {s}: ranks {:?}", ranks(&g, s));
        }
    }
    // The two sides of a card: In Jail shows the ranks left, Escaped shows "free".
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 1})");
    let text = g.render(Some(2)).unwrap();
    let row = text.lines().find(|l| l.contains("p1 ")).unwrap();
    assert!(row.ends_with("2     3     4  free     1      0"), "{row}");
}

#[test]
fn c3_four_dice_each_with_one_action_face_and_five_character_faces() {
    let mut g = game(2);
    let d = lua(&mut g, "local t = {} for i = 1, posse.dice() do t[i] = posse.faces(i) end return t");
    let faces = json!(["action", "brain", "ugly", "bad", "lady", "boss"]);
    assert_eq!(d, json!([faces, faces, faces, faces]));
    assert_eq!(g.view(Some(2)).dice.len(), 4);
}

/// §5.4: the 28 Wild West cards, kind by kind, with their timings.
const CARDS: [(&str, &str, usize, &str); 12] = [
    ("second_wind", "Second Wind", 3, "roll"),
    ("marked_die", "Marked Die", 2, "roll"),
    ("jinx", "Jinx", 2, "opp_roll"),
    ("jailbreak", "Jailbreak", 3, "own"),
    ("double_trouble", "Double Trouble", 2, "act"),
    ("dynamite", "Dynamite", 2, "own"),
    ("take_cover", "Take Cover", 4, "loss"),
    ("stand_off", "Stand-Off", 1, "opp_act"),
    ("poker_winnings", "Poker Winnings", 3, "own"),
    ("pickpocket", "Pickpocket", 2, "own"),
    ("card_sharp", "Card Sharp", 2, "own"),
    ("snitch", "Snitch", 2, "own"),
];

#[test]
fn c4_g_cards_28_wild_west_cards_in_12_kinds_with_the_counts_and_timings_of_5_4() {
    let g = game(2);
    let v = g.view(None);
    let deck = &v.zones["draw"];
    assert_eq!(deck.count, 28);
    for (id, name, count, when) in CARDS {
        let copies: Vec<&ObjectView> =
            deck.objects.iter().filter(|o| matches!(o, ObjectView::Shown { def, .. } if def == id)).collect();
        assert_eq!(copies.len(), count, "{id}");
        let ObjectView::Shown { name: n, props, text, .. } = copies[0] else { unreachable!() };
        assert_eq!(n, name);
        assert_eq!(props["when"], when, "{id}");
        assert!(text.as_deref().is_some_and(|t| !t.is_empty()), "{id} states its effect");
    }
    let kinds: Vec<&str> = CARDS.iter().map(|c| c.0).collect();
    assert!(def_ids(deck).iter().all(|d| kinds.contains(&d.as_str())), "no other card");
}

#[test]
fn c5_s6_m1_money_in_play_is_50_per_player_and_never_created_or_destroyed() {
    // Also G-CENTRE (the centre starts empty; every loss goes there). Random games: after
    // every decision, the players' money and the centre add up to $50 per player.
    let c = content();
    for players in [2, 3, 4] {
        for seed in 0..8 {
            let mut g = new_game(&c, seed, players);
            let mut steps = 0;
            loop {
                {
                    let st = g.state();
                    let m = st.counter_index["money"].first;
                    let money = &st.counters[m..m + players];
                    let centre = st.counters[st.counter_index["centre"].first];
                    if steps == 0 {
                        assert!(money.iter().all(|&x| x == 50) && centre == 0, "{money:?} {centre}");
                    }
                    assert!(money.iter().all(|&x| x >= 0) && centre >= 0, "seed {seed}: {money:?} {centre}");
                    assert_eq!(money.iter().sum::<i64>() + centre, 50 * players as i64, "seed {seed} step {steps}");
                }
                if g.is_over() {
                    break;
                }
                play_random_steps(&mut g, seed * 31 + steps, 1);
                steps += 1;
                assert!(steps < 20_000);
            }
        }
    }
}

#[test]
fn c6_each_gang_card_gives_its_brain_a_different_ability() {
    let mut g = game(4);
    let gangs = lua(
        &mut g,
        "local t = {} for i, r in ipairs(posse.data.gangs) do t[i] = {r.name, r.brain, r.ability, r.amount} end return t",
    );
    assert_eq!(
        gangs,
        json!([
            ["Los Bandidos", "El Contador", "centre_cash", 3],
            ["The Gamblers", "The Cardsharp", "draw_card", 1],
            ["The Rustlers", "The Locksmith", "rotate_own", 1],
            ["The Railroad Gang", "The Forger", "extort", 2]
        ])
    );
    // Every player is told his gang and its Brain's ability.
    for s in 1..=4 {
        assert!(
            g.log_lines(Some(1)).iter().any(|l| l.starts_with(&format!("p{s} leads ")) && l.contains("their Brain")),
            "seat {s}"
        );
    }
}

// ------------------------------------------------------------------------ setup (§1.2)

#[test]
fn s1_g_dt_opening_each_player_starts_with_50_dollars_not_60() {
    for players in [2, 3, 4] {
        let g = new_game(&content(), 7, players);
        for s in 1..=players {
            assert_eq!(money(&g, s), 50, "{players} players, seat {s}");
        }
    }
}

#[test]
fn s2_s3_g_ranks_every_setup_roll_is_valid_and_turns_full_ranks_by_its_faces() {
    // Desperados start at their printed ranks (2, 3, 4, 5, 6); the final setup dice show no
    // Action face and no face more than twice; each face turns its Desperado one rank
    // (two Brain faces free the Brain: S4). Checked on the real setups of many games.
    let c = content();
    for seed in 0..60 {
        let g = new_game(&c, seed, 4);
        for s in 1..=4 {
            let faces = setup_faces(&g, s);
            assert_eq!(faces.len(), 4);
            assert!(faces.iter().all(|f| f != "action"), "seed {seed} seat {s}: {faces:?}");
            let count = |id: &str| faces.iter().filter(|f| *f == id).count() as i64;
            assert!(IDS.iter().all(|id| count(id) <= 2), "seed {seed} seat {s}: {faces:?}");
            let mut want = [0; 5];
            for (i, id) in IDS.iter().enumerate() {
                want[i] = MAX[i] - count(id);
            }
            if count("brain") == 2 {
                want[0] = 0;
            }
            assert_eq!(ranks(&g, s), want, "seed {seed} seat {s}: {faces:?}");
        }
    }
}

#[test]
fn s3_g_setup_reroll_four_ladies_keep_two_and_reroll_the_other_two() {
    let g = rigged_setup(2, &["lady", "lady", "lady", "lady", "ugly", "bad", "ugly", "bad", "lady", "boss"]);
    assert_eq!(setup_faces(&g, 1), ["lady", "lady", "ugly", "bad"]);
    assert_eq!(ranks(&g, 1), [2, 2, 3, 3, 6]);
    // With the other reading ("reroll every matching die") all four would be rerolled.
    assert_eq!(setup_faces(&g, 2), ["ugly", "bad", "lady", "boss"]);
}

#[test]
fn s4_g_two_brain_the_brain_freed_at_setup_acts_from_the_first_turn() {
    let c = content();
    let seed = (0..500)
        .find(|&seed| ranks(&new_game(&c, seed, 2), 1)[0] == 0)
        .expect("a seed whose first setup roll shows two Brain faces");
    let mut g = new_game(&c, seed, 2);
    assert!(setup_faces(&g, 1).iter().filter(|f| *f == "brain").count() == 2);
    setup(&mut g, "gang(1, 'gamblers')");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: Cardsharp");
    assert_eq!(hand_size(&g, 1), 1, "the Cardsharp drew a card on turn 1");
    assert!(log_has(&g, None, "p1's Cardsharp: p1 draws 1 Wild West card."));
}

#[test]
fn s5_nobody_starts_with_cards_and_the_draw_pile_is_shuffled_face_down() {
    let c = content();
    let a = new_game(&c, 1, 3);
    let b = new_game(&c, 2, 3);
    for s in 1..=3 {
        assert_eq!(hand_size(&a, s), 0);
        let v = a.view(Some(s));
        assert_eq!(v.zones["draw"].count, 28);
        assert!(v.zones["draw"].objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. })), "seat {s}");
    }
    assert_eq!(zone_count(&a, "discard"), 0);
    let da = def_ids(&a.view(None).zones["draw"]);
    let db = def_ids(&b.view(None).zones["draw"]);
    let listed: Vec<String> = CARDS.iter().flat_map(|c| std::iter::repeat_n(c.0.to_string(), c.2)).collect();
    let reversed: Vec<String> = listed.iter().rev().cloned().collect();
    assert!(da != listed && da != reversed, "the draw pile is not in list order");
    assert_ne!(da, db, "two seeds, two orders");
}

#[test]
fn s6_two_or_three_players_have_only_their_own_50_dollars_in_play() {
    for players in [2, 3] {
        let g = new_game(&content(), 3, players);
        let total: i64 = (1..=players).map(|s| money(&g, s)).sum();
        assert_eq!(total, 50 * players as i64);
        assert_eq!(centre(&g), 0);
    }
}

/// Puts three Jailbreaks (played only in their holder's own turn, never the turn they are
/// drawn) on top of the draw pile, so that Misery draws ask nobody anything.
const QUIET_DECK: &str = "stack('jailbreak', 'jailbreak', 'jailbreak')";

#[test]
fn s7_g_turn_order_seat_one_starts_then_turns_go_clockwise() {
    let mut g = game(3);
    assert_eq!(g.current(), Some(1));
    assert!(g.log_lines(None).iter().any(|l| l == "Round 1: p1's turn."));
    setup(&mut g, QUIET_DECK);
    // p1's reroll, then p2's and p3's first rolls, then p1's in round 2.
    g.rig_dice(&[MISERY, MISERY, MISERY, ["action", "lady", "boss", "ugly"]].concat());
    pick(&mut g, "Reroll all the dice");
    let n = log_count(&g);
    for s in [1, 2, 3] {
        assert_eq!((asked(&g), g.current()), (s, Some(s)));
        pick(&mut g, "Misery");
    }
    assert_eq!((asked(&g), g.current()), (1, Some(1)));
    assert_eq!(counter(&g, "round"), 2);
    let turns: Vec<String> = log_since(&g, n).into_iter().filter(|l| l.starts_with("Round")).collect();
    assert_eq!(turns, ["Round 1: p2's turn.", "Round 1: p3's turn.", "Round 2: p1's turn."]);
}

// ------------------------------------------------------------------------- turns (§1.3)

#[test]
fn t1_roll_all_four_then_reroll_any_dice_at_most_three_rolls() {
    let mut g = game(2);
    assert!(g.log_lines(None).iter().any(|l| l.starts_with("p1 rolls (1/3): ")), "roll 1 is made by the game");
    assert_eq!((counter(&g, "roll"), counter(&g, "roll_limit")), (1, 3));
    // Any subset may be rerolled: dice 2 and 4.
    let before = g.view(None).dice;
    pick(&mut g, "Choose which dice to reroll");
    let r = g.next_request().unwrap();
    assert!(r.multi && r.min == 1 && r.max == 4, "{r:?}");
    g.rig_dice(&["boss", "boss"]);
    pick_many(&mut g, &["Die 2", "Die 4"]);
    let after = g.view(None).dice;
    assert_eq!([&after[0], &after[2]], [&before[0], &before[2]], "dice 1 and 3 were kept");
    assert_eq!([after[1].as_str(), after[3].as_str()], ["boss", "boss"]);
    assert_eq!(counter(&g, "roll"), 2);
    // The third roll is the last: only the effects are left to choose.
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!(counter(&g, "roll"), 3);
    assert_eq!(labels(&g), ["Act: Ugly", "Act: Lady", "Act: Boss"]);
    assert!(prompt(&g).contains("(roll 3 of 3)"), "{}", prompt(&g));
    verify(&mut g);
}

#[test]
fn t1_keeping_the_action_dice_rerolls_only_the_others() {
    let mut g = game(2);
    reroll(&mut g, ["action", "lady", "action", "boss"]);
    g.rig_dice(&["ugly", "bad"]);
    pick(&mut g, "Keep the Action dice, reroll the others");
    assert_eq!(g.view(None).dice, ["action", "ugly", "action", "bad"]);
}

#[test]
fn t1_a_single_effect_after_the_third_roll_applies_without_a_question() {
    let mut g = game(2);
    setup(&mut g, QUIET_DECK);
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    g.rig_dice(&MISERY);
    g.rig_dice(&["action", "lady", "boss", "ugly"]); // p2's first roll
    pick(&mut g, "Reroll all the dice");
    assert_eq!(hand(&g, 1), ["jailbreak"], "Misery was drawn at once");
    assert_eq!(asked(&g), 2, "p2's turn");
}

#[test]
fn t2_t5_drawing_cards_means_no_desperado_actions_this_turn() {
    // Dice that allow both: three Lady faces and an Action face (G-ACTION-TRIO).
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "lady", "lady"]);
    assert_eq!(effects(&g), ["Act: Lady", "Trio: draw 3 Wild West cards, keep 1"]);
    pick(&mut g, "Trio");
    pick(&mut g, "");
    assert_eq!(hand_size(&g, 1), 1);
    assert_eq!(ranks(&g, 1), [2, 3, 4, 5, 6], "no Desperado acted");
    assert!(!log_has(&g, None, "p1 acts"));
    assert_eq!(asked(&g), 2, "the turn is over");
}

#[test]
fn g_action_trio_with_a_trio_and_an_action_face_the_player_may_act_instead() {
    // Also T2 (acting means no card is drawn).
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "lady", "lady"]);
    pick(&mut g, "Act: Lady");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 4, 6]);
    assert_eq!((hand_size(&g, 1), zone_count(&g, "draw")), (0, 28), "no card drawn");
}

/// Effects offered by `rules.effects_for` (T2-T4), as labels: "act:lady+boss", "trio"...
fn effect_kinds(g: &mut Game, faces: &[&str]) -> Vec<String> {
    let v = lua(
        g,
        &format!(
            "local t = {{}} for i, e in ipairs(main.effects_for({})) do
               t[i] = e.kind == 'act' and ('act:' .. table.concat(e.acts, '+')) or e.kind end return t",
            lua_list(faces)
        ),
    );
    strings(&v)
}

#[test]
fn t3_t4_g_trio_def_the_effects_the_final_dice_allow() {
    let cases: &[(&[&str], &[&str])] = &[
        // T3: Actions need an Action face and a rolled Desperado.
        (&["action", "action", "action", "action"], &["four"]),
        (&["brain", "ugly", "bad", "lady"], &["misery"]),
        (&["action", "brain", "ugly", "bad"], &["act:brain", "act:ugly", "act:bad"]),
        (&["action", "action", "lady", "lady"], &["act:lady+lady"]),
        // T4 / G-TRIO-DEF: a trio is exactly three, four of a kind is a set of four.
        (&["bad", "bad", "bad", "boss"], &["trio"]),
        (&["lady", "lady", "lady", "lady"], &["four"]),
        (&["action", "action", "action", "lady"], &["act:lady+lady+lady", "trio"]),
        (&["action", "lady", "lady", "lady"], &["act:lady", "trio"]),
        (&["lady", "lady", "boss", "boss"], &["misery"]),
        (&["action", "lady", "lady", "boss"], &["act:lady", "act:boss"]),
    ];
    let mut g = game(2);
    for (faces, want) in cases {
        assert_eq!(effect_kinds(&mut g, faces), *want, "{faces:?}");
        let combo = lua(&mut g, &format!("return main.combo({})", lua_list(faces)));
        let draw = want.iter().find(|k| !k.starts_with("act:"));
        assert_eq!(combo.as_str(), draw.copied(), "combo({faces:?})");
    }
    // The same in the real menu.
    let menus: &[([&str; 4], &[&str])] = &[
        (["action", "action", "action", "action"], &["Set of four: draw 4 Wild West cards, keep 2"]),
        (["lady", "lady", "lady", "lady"], &["Set of four: draw 4 Wild West cards, keep 2"]),
        (["bad", "bad", "bad", "boss"], &["Trio: draw 3 Wild West cards, keep 1"]),
        (["brain", "ugly", "bad", "lady"], &["Misery: draw 1 Wild West card"]),
    ];
    for (faces, want) in menus {
        let mut g = game(2);
        reroll(&mut g, *faces);
        assert_eq!(effects(&g), *want, "{faces:?}");
    }
}

// ------------------------------------------------------------ Desperado actions (§1.4)

#[test]
fn d1_only_rolled_desperados_act_and_a_repeated_face_adds_nothing() {
    let mut g = game(2);
    reroll(&mut g, ["action", "lady", "lady", "lady"]);
    assert_eq!(effects(&g), ["Act: Lady", "Trio: draw 3 Wild West cards, keep 1"], "one Action, not three");
    let mut g = game(2);
    reroll(&mut g, ["action", "action", "boss", "boss"]);
    assert_eq!(effects(&g), ["Act: Boss x2"], "two Actions, both for the only Desperado rolled");
}

#[test]
fn d2_g_one_desperado_several_action_faces_may_all_go_to_one_desperado() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "ugly", "boss"]);
    pick(&mut g, "Act: Boss x2");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 5, 4]);
}

#[test]
fn d3_each_action_turns_a_jailed_desperado_one_rank_and_the_keys_free_him() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 2})");
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    let n = log_count(&g);
    pick(&mut g, "Act: Boss x2");
    assert_eq!(ranks(&g, 1)[4], 0);
    assert_eq!(
        log_since(&g, n)[..3],
        ["p1 acts: Boss x2.", "p1's Boss turns one rank (1 rank left).", "p1's Boss escapes from jail!"]
    );
    assert!(g.render(Some(2)).unwrap().lines().any(|l| l.contains("p1 ") && l.trim_end().ends_with("free      0")));
}

#[test]
fn d4_an_escaped_desperado_hits_every_opponent_whose_own_is_still_in_jail() {
    // Also F7 (an escaped one makes his owner immune).
    let mut g = game(4);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 0}) ranks(4, {2, 3, 4, 5, 1})",
    );
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack, $8 from p2, p4");
    assert_eq!((1..=4).map(|s| money(&g, s)).collect::<Vec<_>>(), [50, 42, 50, 42]);
    assert_eq!(centre(&g), 16, "the money goes to the centre, not to the attacker");
}

#[test]
fn d4_an_action_of_an_escaped_desperado_with_nobody_to_hit_is_spent() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 0})");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    assert!(log_has(&g, None, "p1's Boss finds nobody to attack."));
    assert_eq!((money(&g, 2), centre(&g), asked(&g)), (50, 0, 2));
}

#[test]
fn g_attack_amounts_are_ugly_2_bad_3_lady_5_boss_8() {
    for (i, (id, name, amount)) in
        [(1, ("ugly", "Ugly", 2)), (2, ("bad", "Bad", 3)), (3, ("lady", "Lady", 5)), (4, ("boss", "Boss", 8))]
    {
        let mut g = game(2);
        let mut mine = [2, 3, 4, 5, 6];
        mine[i] = 0;
        setup(&mut g, &format!("ranks(1, {{{}}}) ranks(2, {{2, 3, 4, 5, 6}})", mine.map(|r| r.to_string()).join(", ")));
        let other = if id == "ugly" { "bad" } else { "ugly" };
        reroll(&mut g, ["action", id, other, "brain"]);
        pick(&mut g, &format!("Act: {name}"));
        pick(&mut g, &format!("{name}: attack, ${amount} from p2"));
        assert_eq!((money(&g, 2), centre(&g)), (50 - amount, amount), "{id}");
    }
}

#[test]
fn d6_an_escaped_brain_never_attacks() {
    // For every gang the Brain's Action is his ability: nothing goes to the centre and no
    // option speaks of an attack (the Forger's $2 is a transfer to his boss).
    for (gang, brain) in
        [("bandidos", "El Contador"), ("gamblers", "Cardsharp"), ("rustlers", "Locksmith"), ("railroad", "Forger")]
    {
        let mut g = game(2);
        setup(&mut g, &format!("gang(1, '{gang}') ranks(1, {{0, 3, 4, 5, 6}}) ranks(2, {{2, 3, 4, 5, 6}})"));
        reroll(&mut g, ["action", "brain", "bad", "lady"]);
        pick(&mut g, &format!("Act: {brain}"));
        while asked(&g) == 1 {
            assert!(labels(&g).iter().all(|l| !l.contains("attack")), "{gang}: {:?}", labels(&g));
            pick(&mut g, "");
        }
        assert_eq!(centre(&g), 0, "{gang}");
        assert!(!log_has(&g, None, "to the centre"), "{gang}");
    }
}

#[test]
fn d7_g_action_order_an_attack_eliminates_at_once_before_the_next_action() {
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) money(2, 5)");
    reroll(&mut g, ["action", "action", "lady", "ugly"]);
    pick(&mut g, "Act: Lady x2");
    pick(&mut g, "Lady: attack, $5 from p2, p3 [2 Actions]");
    assert!(eliminated(&g, 2), "p2 is out before the second Action");
    assert_eq!(labels(&g), ["Lady: attack, $5 from p3", "Forfeit the 1 Action left"]);
    pick(&mut g, "Lady: attack");
    assert_eq!((money(&g, 2), money(&g, 3), centre(&g)), (0, 40, 15));
    verify(&mut g);
}

// ------------------------------------------------------------------------- drawing (§1.5)

#[test]
fn w1_trio_draws_three_keeps_one_and_discards_two() {
    let mut g = game(2);
    setup(&mut g, "stack('jinx', 'dynamite', 'snitch')");
    reroll(&mut g, ["bad", "bad", "bad", "boss"]);
    pick(&mut g, "Trio");
    assert_eq!(prompt(&g), "Keep which card?");
    let mut l = labels(&g);
    l.sort();
    assert_eq!(l, ["Dynamite", "Jinx", "Snitch"]);
    pick(&mut g, "Dynamite");
    assert_eq!(hand(&g, 1), ["dynamite"]);
    let mut d = discard(&g);
    d.sort();
    assert_eq!(d, ["jinx", "snitch"]);
    assert_eq!(zone_count(&g, "draw"), 25);
}

#[test]
fn w2_set_of_four_draws_four_keeps_two_and_discards_two() {
    let mut g = game(2);
    setup(&mut g, "stack('jinx', 'dynamite', 'snitch', 'take_cover')");
    reroll(&mut g, ["lady", "lady", "lady", "lady"]);
    pick(&mut g, "Set of four");
    let r = g.next_request().unwrap();
    assert!(r.multi && r.min == 2 && r.max == 2, "{r:?}");
    let mut l = r.labels();
    l.sort();
    assert_eq!(l, ["Dynamite", "Jinx", "Snitch", "Take Cover"]);
    pick_many(&mut g, &["Jinx", "Take Cover"]);
    let mut h = hand(&g, 1);
    h.sort();
    assert_eq!(h, ["jinx", "take_cover"]);
    let mut d = discard(&g);
    d.sort();
    assert_eq!(d, ["dynamite", "snitch"]);
    assert_eq!(zone_count(&g, "draw"), 24);
}

#[test]
fn w3_misery_draws_the_top_card_into_the_hand() {
    let mut g = game(2);
    setup(&mut g, "stack('snitch')");
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(hand(&g, 1), ["snitch"]);
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard")), (27, 0));
    assert_eq!(asked(&g), 2, "no choice to make");
}

#[test]
fn w4_each_card_shows_its_effect_and_timing_and_several_may_be_played_in_a_turn() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'dynamite') give(1, 'poker_winnings') give(1, 'jailbreak') ranks(1, {2, 3, 4, 5, 6})");
    let text = g.render(Some(1)).unwrap();
    assert!(text.contains("Jailbreak - any time in your turn"), "{text}");
    assert!(text.contains("rotate one of your In-Jail Desperados one rank"), "{text}");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert_eq!((money(&g, 2), centre(&g)), (47, 3));
    pick(&mut g, "Play Poker Winnings");
    assert_eq!((money(&g, 1), centre(&g)), (53, 0));
    pick(&mut g, "Play Jailbreak");
    pick(&mut g, "Boss");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 5, 5]);
    assert_eq!(hand_size(&g, 1), 0);
    assert_eq!(zone_count(&g, "discard"), 3, "played cards go face up to the discard pile");
    verify(&mut g);
}

/// W5: how a card may be obtained in one's own turn, and what to pick to keep a Jailbreak.
const OBTAIN: [([&str; 4], &str, &[&str]); 3] = [
    (MISERY, "Misery", &[]),
    (["bad", "bad", "bad", "boss"], "Trio", &["Jailbreak"]),
    (["lady", "lady", "lady", "lady"], "Set of four", &["Jailbreak", "Snitch"]),
];

#[test]
fn w5_a_card_is_not_playable_in_the_turn_it_was_drawn() {
    // Card Sharp (stolen card) and the Cardsharp (Brain) are checked in their own tests.
    for (faces, effect, keep) in OBTAIN {
        let mut g = game(2);
        // p1 draws 1, 3 or 4 of these; p2 then draws the next (a card for his own turns).
        setup(&mut g, "ranks(1, {2, 3, 4, 5, 6}) stack('jailbreak', 'snitch', 'dynamite', 'pickpocket', 'jailbreak')");
        reroll(&mut g, faces);
        g.rig_dice(&MISERY); // p2's turn
        g.rig_dice(&["action", "lady", "boss", "ugly"]); // p1's next turn
        pick(&mut g, effect);
        match keep.len() {
            0 => {}
            1 => pick(&mut g, keep[0]),
            _ => pick_many(&mut g, keep),
        }
        assert!(hand(&g, 1).contains(&"jailbreak".to_string()), "{effect}");
        assert_eq!(asked(&g), 2, "{effect}: p1 was not offered the Jailbreak he just drew");
        pick(&mut g, "Misery");
        assert_eq!(asked(&g), 1);
        assert!(has_option(&g, "Play Jailbreak"), "{effect}: playable in his next turn: {:?}", labels(&g));
    }
}

#[test]
fn w6_some_cards_are_played_in_other_players_turns() {
    // Jinx (OPP-ROLL) is offered to p2 in p1's turn; Dynamite (OWN) is not.
    let mut g = game(2);
    setup(&mut g, "give(2, 'dynamite')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!(asked(&g), 1, "nobody else holds a card for p1's turn");
    let mut g = game(2);
    setup(&mut g, "give(2, 'jinx')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!(asked(&g), 2);
    assert_eq!(prompt(&g), "p1 rolled Action, Lady, Boss, Ugly. Play a card?");
    assert_eq!(labels(&g), ["Pass", "Play Jinx"]);
}

// --------------------------------------------------------------------------- money (§1.6)

#[test]
fn m2_card_income_comes_from_the_centre_and_stops_at_what_it_holds() {
    // Also G-CENTRE. (El Contador: g_brain_el_contador_...)
    let mut g = game(2);
    setup(&mut g, "give(1, 'poker_winnings', 2) centre(7) money(2, 43)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Poker Winnings");
    assert_eq!((money(&g, 1), centre(&g)), (55, 2));
    pick(&mut g, "Play Poker Winnings");
    assert_eq!((money(&g, 1), centre(&g)), (57, 0), "only the $2 left in the centre");
}

#[test]
fn m3_every_players_money_and_the_centre_are_public() {
    let mut g = game(3);
    setup(&mut g, "money(1, 41) money(2, 37) money(3, 59) centre(13)");
    for s in 1..=3 {
        let v = g.view(Some(s));
        let m: Vec<i64> = v.seats.iter().map(|sv| sv.counters["money"]).collect();
        assert_eq!(m, [41, 37, 59], "seat {s}");
        assert_eq!(v.counters["centre"], 13);
        let text = g.render(Some(s)).unwrap();
        assert!(text.contains("Centre $13"), "{text}");
        assert!(text.lines().any(|l| l.contains("p2 ") && l.contains(" 37 ")), "{text}");
    }
}

// ----------------------------------------------------------------------- the end (§1.7)

#[test]
fn e1_freeing_the_last_desperado_while_richest_wins_at_once_ties_included() {
    let mut g = game(3);
    setup(&mut g, "ranks(1, {0, 0, 0, 1, 0}) money(1, 50) money(2, 50) money(3, 20)");
    reroll(&mut g, ["action", "action", "lady", "boss"]);
    pick(&mut g, "Act: Lady x2");
    assert!(g.is_over(), "the win comes before the second Action");
    assert_eq!(winners(&g), [1]);
    assert_eq!(reason(&g), "all Desperados free and richest");
    assert_eq!((money(&g, 2), money(&g, 3)), (50, 20), "the second Action never happened");
}

#[test]
fn e1_e2_g_win_check_time_not_richest_play_on_and_win_the_moment_he_is() {
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {0, 0, 0, 1, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6})
         money(1, 45) money(2, 48) money(3, 40)",
    );
    reroll(&mut g, ["action", "action", "action", "lady"]);
    pick(&mut g, "Act: Lady x3");
    assert_eq!(ranks(&g, 1), [0; 5]);
    assert!(!g.is_over(), "all free but $45 < $48: the game goes on");
    pick(&mut g, "Lady: attack");
    assert!(g.is_over(), "richest after the attack: he wins mid-turn");
    assert_eq!(winners(&g), [1]);
    assert_eq!((money(&g, 1), money(&g, 2), money(&g, 3)), (45, 43, 35), "his third Action never happened");
}

#[test]
fn e2_g_richest_another_player_can_win_in_the_active_players_turn() {
    // p2 and p4 are free and tie as richest once p1's Lady hits p3: the first of them
    // clockwise from p1 wins.
    let mut g = game(4);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {0, 0, 0, 0, 0}) ranks(3, {2, 3, 4, 5, 6}) ranks(4, {0, 0, 0, 0, 0})
         money(1, 30) money(2, 40) money(3, 45) money(4, 40)",
    );
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Act: Lady");
    pick(&mut g, "Lady: attack, $5 from p3");
    assert!(g.is_over());
    assert_eq!(winners(&g), [2]);
    assert_eq!(reason(&g), "all Desperados free and richest");
}

#[test]
fn e3_eliminating_every_opponent_wins() {
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 0, 4, 5, 6}) money(2, 2) money(3, 1)");
    reroll(&mut g, ["action", "ugly", "boss", "bad"]);
    pick(&mut g, "Act: Ugly");
    pick(&mut g, "Ugly: attack, $2 from p2, p3");
    assert!(eliminated(&g, 2) && eliminated(&g, 3));
    assert_eq!(winners(&g), [1]);
    assert_eq!(reason(&g), "last gang standing");
}

/// (active seat, money, all free, out, expected [seat, reason] or []).
type WinnerCase = (i64, &'static [i64], &'static [bool], &'static [bool], Value);

#[test]
fn g_richest_the_pure_winner_check() {
    // winner_of(active, n, money, free, out) -> seat, reason.
    let cases: &[WinnerCase] = &[
        // Nobody free, nobody out: no winner.
        (1, &[50, 50, 50], &[false, false, false], &[false, false, false], json!([])),
        // Free and richest (ties count).
        (
            2,
            &[40, 50, 50],
            &[false, true, false],
            &[false, false, false],
            json!([2, "all Desperados free and richest"]),
        ),
        // Free but poorer than someone still in.
        (2, &[40, 45, 50], &[false, true, false], &[false, false, false], json!([])),
        // The richer one is out: he does not count.
        (2, &[0, 45, 30], &[false, true, false], &[true, false, false], json!([2, "all Desperados free and richest"])),
        // Two qualify: the active one wins...
        (3, &[50, 50, 50], &[true, false, true], &[false, false, false], json!([3, "all Desperados free and richest"])),
        // ...else the first clockwise from the active seat.
        (2, &[50, 40, 50, 50], &[true, false, true, false], &[false; 4], json!([3, "all Desperados free and richest"])),
        (4, &[50, 40, 50, 50], &[true, false, true, false], &[false; 4], json!([1, "all Desperados free and richest"])),
        // The last gang standing.
        (1, &[0, 3, 0], &[false, false, false], &[true, false, true], json!([2, "last gang standing"])),
    ];
    let mut g = game(2);
    let list = |v: &[i64]| format!("{{{}}}", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    let bools = |v: &[bool]| format!("{{{}}}", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    for (active, money, free, out, want) in cases {
        let code = format!(
            "local s, why = main.winner_of({active}, {}, {}, {}, {}) if s then return {{s, why}} end return {{}}",
            money.len(),
            list(money),
            bools(free),
            bools(out)
        );
        let got = lua(&mut g, &code);
        let got = if got == json!({}) { json!([]) } else { got };
        assert_eq!(got, *want, "active {active} money {money:?} free {free:?} out {out:?}");
    }
}

// ------------------------------------------------------------------- gap decisions (§3)

#[test]
fn g_ranks_g_bad_ugly_printed_ranks_brain_2_ugly_fist_3_bad_knife_4_lady_5_boss_6() {
    // The real setups use these values: s2_s3_g_ranks_... checks ranks = printed - faces.
    let mut g = game(2);
    let d = lua(
        &mut g,
        "local t = {} for _, r in ipairs(posse.data.desperados) do t[#t + 1] = {r.id, r.symbol, r.ranks} end return t",
    );
    assert_eq!(
        d,
        json!([
            ["brain", "bottle", 2],
            ["ugly", "fist", 3],
            ["bad", "knife", 4],
            ["lady", "pistol", 5],
            ["boss", "two pistols", 6]
        ])
    );
    // A Desperado at his printed maximum takes that many Actions to escape.
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    assert!(log_has(&g, None, "p1's Boss turns one rank (5 ranks left)."));
}

#[test]
fn g_brain_el_contador_takes_3_from_the_centre_per_action_capped_by_the_centre() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {0, 3, 4, 5, 6}) centre(10) money(2, 40)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: El Contador x2");
    assert_eq!((money(&g, 1), centre(&g)), (56, 4), "two Actions, two uses");
    assert!(log_has(&g, None, "p1's El Contador: p1 takes $3 from the centre."));
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {0, 3, 4, 5, 6}) centre(2) money(2, 48)");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: El Contador");
    assert_eq!((money(&g, 1), centre(&g)), (52, 0), "only what the centre holds");
}

#[test]
fn g_brain_the_cardsharp_draws_the_top_card_not_playable_this_turn() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'gamblers') ranks(1, {0, 3, 4, 5, 6}) stack('poker_winnings') centre(10) money(2, 40)");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: Cardsharp");
    assert_eq!(hand(&g, 1), ["poker_winnings"]);
    assert_eq!(asked(&g), 2, "the Poker Winnings he drew was not offered this turn");
    assert!(log_has(&g, Some(2), "p1's Cardsharp: p1 draws 1 Wild West card."));
    assert!(log_has(&g, Some(1), "p1 draws Poker Winnings."));
    assert!(!log_has(&g, Some(2), "Poker Winnings"), "the card is named to its owner only");
    verify(&mut g);
}

#[test]
fn g_brain_the_locksmith_turns_one_of_his_own_jailed_desperados_one_rank() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'rustlers') ranks(1, {0, 1, 4, 5, 6})");
    reroll(&mut g, ["action", "brain", "bad", "lady"]);
    pick(&mut g, "Act: Locksmith");
    assert_eq!(prompt(&g), "p1's Locksmith: rotate which Desperado?");
    assert_eq!(labels(&g), ["Ugly (1 rank left)", "Bad (4 ranks left)", "Lady (5 ranks left)", "Boss (6 ranks left)"]);
    pick(&mut g, "Ugly");
    assert_eq!(ranks(&g, 1), [0, 0, 4, 5, 6], "the Ugly escapes although his face was not rolled");
    assert!(log_has(&g, None, "p1's Locksmith: p1's Ugly escapes from jail!"));
    verify(&mut g);
}

#[test]
fn g_brain_the_forger_makes_an_opponent_of_his_choice_pay_him_2() {
    let mut g = game(3);
    setup(&mut g, "gang(1, 'railroad') ranks(1, {0, 3, 4, 5, 6}) money(2, 1)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: Forger x2");
    pick(&mut g, "Forger: One opponent of your choice pays you $2. [2 Actions]");
    assert_eq!(prompt(&g), "p1's Forger: who pays you?");
    assert_eq!(labels(&g), ["p2", "p3"]);
    pick(&mut g, "p3");
    assert_eq!((money(&g, 1), money(&g, 3), centre(&g)), (52, 48, 0), "a transfer, not from the centre");
    pick(&mut g, "Forger");
    pick(&mut g, "p2");
    assert_eq!(money(&g, 1), 53, "p2 had only $1");
    assert!(eliminated(&g, 2), "and is eliminated by it");
    verify(&mut g);
}

#[test]
fn g_brain_a_jailed_brain_uses_actions_to_escape_like_the_others() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {2, 3, 4, 5, 6}) centre(10)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: El Contador x2");
    assert_eq!(ranks(&g, 1)[0], 0, "two Actions: two ranks, free");
    assert_eq!((money(&g, 1), centre(&g)), (50, 10), "no ability used while he was in jail");
}

#[test]
fn g_gangs_gangs_are_dealt_at_random() {
    let c = content();
    let mut seen: Vec<i64> = (0..20).map(|seed| seat_counter(&new_game(&c, seed, 2), 1, "gang")).collect();
    seen.sort_unstable();
    seen.dedup();
    assert!(seen.len() >= 3, "seat 1's gang over 20 seeds: {seen:?}");
}

#[test]
fn g_decline_an_attack_may_be_forfeited_but_safe_actions_are_not_asked() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "lady", "boss"]);
    pick(&mut g, "Act: Lady + Boss");
    assert_eq!(
        labels(&g),
        ["Lady: attack, $5 from p2", "Boss: turn one rank (6 ranks left)", "Forfeit the 2 Actions left"]
    );
    pick(&mut g, "Forfeit");
    assert_eq!((money(&g, 2), centre(&g), ranks(&g, 1)[4]), (50, 0, 6), "nothing happened");
    assert!(log_has(&g, None, "p1 forfeits 2 Actions."));
    assert_eq!(asked(&g), 2);
    // Only safe Actions (turning a rank): no question at all.
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    assert_eq!((asked(&g), ranks(&g, 1)[4]), (2, 5));
    verify(&mut g);
}

#[test]
fn g_action_order_the_player_resolves_his_actions_in_the_order_he_likes() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "lady", "boss"]);
    pick(&mut g, "Act: Lady + Boss");
    let n = log_count(&g);
    pick(&mut g, "Boss: turn one rank");
    assert_eq!(labels(&g), ["Lady: attack, $5 from p2", "Forfeit the 1 Action left"]);
    pick(&mut g, "Lady: attack");
    assert_eq!(
        log_since(&g, n)[..2],
        ["p1's Boss turns one rank (5 ranks left).", "p1's Lady: p2 pays $5 to the centre."]
    );
}

#[test]
fn g_overkill_loses_only_what_he_has() {
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 0}) money(2, 3)");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((money(&g, 2), money(&g, 3), centre(&g)), (0, 42, 11), "the centre gets $3 + $8");
    assert!(eliminated(&g, 2));
    let mut g = game(2);
    for (m, a, want) in [(7, 5, 5), (2, 5, 2), (0, 5, 0), (5, -1, 0), (8, 8, 8)] {
        assert_eq!(lua(&mut g, &format!("return main.paid({m}, {a})")), want, "paid({m}, {a})");
    }
}

#[test]
fn g_eliminated_cards_discarded_seat_skipped_and_no_longer_a_target() {
    // Also D7.
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {2, 0, 4, 5, 6}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 0, 4, 5, 6}) money(2, 2)
         give(2, 'jailbreak') give(2, 'snitch') give(1, 'pickpocket')",
    );
    reroll(&mut g, ["action", "ugly", "boss", "bad"]);
    g.rig_dice(&MISERY); // p3's turn
    pick(&mut g, "Act: Ugly");
    pick(&mut g, "Ugly: attack, $2 from p2");
    assert!(eliminated(&g, 2));
    assert_eq!(hand_size(&g, 2), 0);
    let mut d = discard(&g);
    d.sort();
    assert_eq!(d, ["jailbreak", "snitch"], "his hand went to the discard pile");
    assert!(g.render(Some(3)).unwrap().lines().any(|l| l.contains("p2 ") && l.contains("(eliminated)")));
    // Pickpocket: p3 is the only opponent left, so nobody is asked whom to rob.
    pick(&mut g, "Play Pickpocket");
    assert_eq!((money(&g, 1), money(&g, 3)), (53, 47));
    assert_eq!((asked(&g), g.current()), (3, Some(3)), "p2's turn is skipped");
    assert!(!log_has(&g, None, "p2's turn"));
    assert!(!g.is_over());
    verify(&mut g);
}

#[test]
fn g_win_check_time_a_card_played_before_any_action_wins_at_once() {
    // Victory is checked after every change, here a Dynamite played before any Action.
    let mut g = game(3);
    setup(&mut g, "ranks(1, {0, 0, 0, 0, 0}) money(1, 45) money(2, 47) money(3, 30) give(1, 'dynamite')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert!(g.is_over());
    assert_eq!(winners(&g), [1]);
    assert_eq!((money(&g, 2), money(&g, 3)), (44, 27));
}

#[test]
fn g_centre_starts_empty_receives_every_loss_and_caps_income_but_not_transfers() {
    // Also M2.
    let mut g = game(2);
    assert_eq!(centre(&g), 0);
    setup(&mut g, "give(1, 'poker_winnings') give(1, 'pickpocket')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Poker Winnings"), "nothing to take from an empty centre");
    pick(&mut g, "Play Pickpocket");
    assert_eq!((money(&g, 1), money(&g, 2), centre(&g)), (53, 47, 0), "a transfer needs no centre");
}

#[test]
fn g_deck_empty_the_discard_pile_is_shuffled_into_a_new_draw_pile() {
    let mut g = game(2);
    setup(&mut g, "local d = posse.zone('draw') while posse.count(d) > 1 do posse.draw(d, posse.zone('discard')) end");
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard")), (1, 27));
    reroll(&mut g, ["bad", "bad", "bad", "boss"]);
    pick(&mut g, "Trio");
    assert_eq!(labels(&g).len(), 3, "three cards drawn");
    assert!(log_has(&g, None, "The discard pile is shuffled into a new draw pile."));
    pick(&mut g, "");
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard"), hand_size(&g, 1)), (25, 2, 1));
    verify(&mut g);
}

#[test]
fn g_deck_empty_with_both_piles_short_he_draws_what_there_is() {
    // Two cards left in all: a Set of four keeps both without a question.
    let mut g = game(2);
    setup(
        &mut g,
        "local d, h = posse.zone('draw'), posse.zone('hand', 1)
         while posse.count(d) > 2 do posse.draw(d, h) end
         posse.draw(d, posse.zone('discard'))",
    );
    reroll(&mut g, ["lady", "lady", "lady", "lady"]);
    pick(&mut g, "Set of four");
    assert_eq!(hand_size(&g, 1), 28);
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard")), (0, 0));
    assert!(log_has(&g, None, "Set of four: p1 draws 2, keeps 2."));
    // No card left anywhere: Misery draws nothing.
    let mut g = game(2);
    setup(
        &mut g,
        "local d, h = posse.zone('draw'), posse.zone('hand', 1) while posse.count(d) > 0 do posse.draw(d, h) end",
    );
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(hand_size(&g, 1), 28);
    assert!(log_has(&g, None, "Misery: no Wild West cards left to draw."));
}

#[test]
fn g_discard_vis_hands_and_picks_hidden_discards_public_the_kept_card_told_to_its_owner() {
    let mut g = game(3);
    setup(&mut g, "stack('jinx', 'dynamite', 'snitch')");
    reroll(&mut g, ["bad", "bad", "bad", "boss"]);
    pick(&mut g, "Trio");
    let hidden = |z: &posse::view::ZoneView| z.objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. }));
    let mine = &g.view(Some(1)).seats[0].zones["pick"];
    assert!(mine.count == 3 && !hidden(mine), "he sees what he drew");
    for s in [2, 3] {
        let theirs = &g.view(Some(s)).seats[0].zones["pick"];
        assert!(theirs.count == 3 && hidden(theirs), "seat {s} sees three hidden cards");
    }
    pick(&mut g, "Dynamite");
    for s in [2, 3] {
        let v = g.view(Some(s));
        assert!(
            v.seats[0].zones["hand"].count == 1 && hidden(&v.seats[0].zones["hand"]),
            "hand size public, card hidden"
        );
        let mut d = def_ids(&v.zones["discard"]);
        d.sort();
        assert_eq!(d, ["jinx", "snitch"], "discards are face up for seat {s}");
        assert!(log_has(&g, Some(s), "Trio: p1 draws 3, keeps 1 and discards"));
        assert!(!log_has(&g, Some(s), "p1 keeps"));
        assert!(!g.render(Some(s)).unwrap().contains("Dynamite"), "seat {s} learns nothing of the kept card");
    }
    assert!(log_has(&g, Some(1), "p1 keeps Dynamite."));
    assert!(g.render(Some(1)).unwrap().contains("Dynamite"));
    verify(&mut g);
}

#[test]
fn g_discard_vis_a_reaction_window_does_not_show_others_who_holds_a_card() {
    // Windows ask only seats holding a card playable now (DECISIONS.md), so being asked
    // tells what is in a hand; the engine's `secret` requests exist for this
    // (docs/authoring.md). p1 must not see that p2 is deciding whether to play his Jinx
    // (OPP-ROLL) or his Take Cover (LOSS).
    let mut g = game(2);
    setup(&mut g, "give(2, 'jinx') give(2, 'take_cover') ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "lady", "ugly"]);
    assert_eq!((asked(&g), g.view(None).deciding), (2, vec![2]));
    assert!(g.view(Some(1)).deciding.is_empty(), "p1's view shows p2 deciding: he holds a Jinx");
    assert!(!g.render(Some(1)).unwrap().contains("Waiting for: p2"));
    pick(&mut g, "Pass");
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1's Boss costs you $8.".to_string()));
    assert!(g.view(Some(1)).deciding.is_empty(), "p1's view shows p2 deciding: he holds a Take Cover");
}

#[test]
fn g_hand_limit_there_is_none() {
    let mut g = game(2);
    setup(
        &mut g,
        "for _, id in ipairs {'take_cover', 'take_cover', 'take_cover', 'take_cover', 'stand_off', 'double_trouble',
           'double_trouble', 'marked_die', 'marked_die', 'card_sharp', 'card_sharp', 'poker_winnings'} do give(1, id) end",
    );
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(hand_size(&g, 1), 13);
    assert_eq!(g.view(Some(2)).seats[0].zones["hand"].count, 13, "hand sizes are public");
    assert_eq!(zone_count(&g, "discard"), 0, "nothing was discarded");
}

#[test]
fn g_reaction_windows_opponents_clockwise_from_the_left_until_all_pass() {
    let mut g = game(3);
    setup(&mut g, "give(2, 'jinx') give(3, 'jinx')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!((asked(&g), labels(&g)), (2, vec!["Pass".to_string(), "Play Jinx".to_string()]), "p1's left first");
    pick(&mut g, "Play Jinx");
    assert_eq!(prompt(&g), "Jinx: which of p1's dice is rerolled?");
    g.rig_dice(&["bad"]);
    pick(&mut g, "Die 1");
    assert_eq!(asked(&g), 3, "then p3");
    pick(&mut g, "Pass");
    assert_eq!(asked(&g), 3, "someone played: the round goes again (p2 has nothing left)");
    pick(&mut g, "Pass");
    assert_eq!(asked(&g), 1, "all passed: back to p1");
    assert_eq!(g.view(None).dice, ["bad", "lady", "boss", "ugly"]);
    // LOSS windows ask each victim, clockwise from the attacker's left.
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) give(2, 'take_cover') give(3, 'take_cover')");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1's Boss costs you $8.".to_string()));
    pick(&mut g, "Lose $8");
    assert_eq!(asked(&g), 3);
    assert_eq!(money(&g, 2), 50, "nobody pays before every victim has answered");
    pick(&mut g, "Lose $8");
    assert_eq!((money(&g, 2), money(&g, 3)), (42, 42));
    verify(&mut g);
}

#[test]
fn g_card_vs_draw_card_effects_still_turn_desperados_after_drawing() {
    let mut g = game(2);
    // Double Trouble, an extra Action, is not offered after drawing.
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6}) give(1, 'jailbreak') give(1, 'double_trouble') stack('snitch')");
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(labels(&g), ["End turn", "Play Jailbreak"]);
    pick(&mut g, "Play Jailbreak");
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 4, 6]);
    verify(&mut g);
}

// ----------------------------------------------------- the 12 Wild West card kinds (§5.4)

#[test]
fn card_second_wind_one_more_roll_beyond_three_and_copies_stack() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'second_wind', 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    reroll(&mut g, ["action", "lady", "boss", "bad"]);
    assert!(!has_option(&g, "Reroll"), "three rolls made");
    pick(&mut g, "Play Second Wind");
    assert_eq!(counter(&g, "roll_limit"), 4);
    assert!(log_has(&g, None, "p1 may roll 4 times this turn."));
    pick(&mut g, "Play Second Wind");
    assert_eq!(counter(&g, "roll_limit"), 5, "copies stack");
    reroll(&mut g, ["action", "lady", "boss", "brain"]);
    reroll(&mut g, ["action", "action", "boss", "brain"]);
    assert_eq!(counter(&g, "roll"), 5);
    assert!(prompt(&g).contains("(roll 5 of 5)"));
    assert!(!has_option(&g, "Reroll") && !has_option(&g, "Play"));
    verify(&mut g);
}

#[test]
fn card_marked_die_turns_one_die_to_any_face_and_makes_the_dice_final() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'marked_die') give(1, 'second_wind') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Marked Die");
    assert_eq!(prompt(&g), "Marked Die: which die do you turn?");
    pick(&mut g, "Die 4");
    assert_eq!(labels(&g), ["Action", "Brain", "Bad", "Lady", "Boss"], "any other face");
    pick(&mut g, "Action");
    assert_eq!(g.view(None).dice, ["action", "lady", "boss", "action"]);
    assert_eq!(labels(&g), ["Act: Lady x2", "Act: Lady + Boss", "Act: Boss x2"], "no reroll, no Second Wind");
    pick(&mut g, "Act: Boss x2");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 5, 4]);
    verify(&mut g);
}

#[test]
fn card_jinx_an_opponent_rerolls_one_of_the_active_players_dice_not_counted() {
    let mut g = game(2);
    setup(&mut g, "give(2, 'jinx') gang(1, 'rustlers')");
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    pick(&mut g, "Play Jinx");
    assert_eq!(labels(&g), ["Die 1: Action", "Die 2: Action", "Die 3: Boss", "Die 4: Ugly"]);
    g.rig_dice(&["brain"]);
    pick(&mut g, "Die 2");
    assert!(log_has(&g, None, "Die 2 is rerolled: Brain. Dice: Action, Brain, Boss, Ugly."));
    assert_eq!(asked(&g), 1);
    assert_eq!(counter(&g, "roll"), 2, "the Jinx reroll is not one of p1's rolls");
    assert_eq!(effects(&g), ["Act: Locksmith", "Act: Ugly", "Act: Boss"]);
    assert_eq!(hand_size(&g, 2), 0);
    verify(&mut g);
}

#[test]
fn card_jailbreak_turns_one_of_his_jailed_desperados_one_rank_and_may_free_him() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'jailbreak', 2) ranks(1, {0, 3, 4, 1, 6})");
    reroll(&mut g, ["action", "brain", "boss", "ugly"]);
    pick(&mut g, "Play Jailbreak");
    assert_eq!(prompt(&g), "Jailbreak: which Desperado?");
    assert_eq!(labels(&g), ["Ugly (3 ranks left)", "Bad (4 ranks left)", "Lady (1 rank left)", "Boss (6 ranks left)"]);
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [0, 3, 4, 0, 6]);
    assert!(log_has(&g, None, "Jailbreak: p1's Lady escapes from jail!"));
    // After acting too (in the end-of-turn window).
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Play Jailbreak");
    pick(&mut g, "Bad");
    assert_eq!(ranks(&g, 1), [0, 3, 3, 0, 5]);
    verify(&mut g);
}

#[test]
fn card_double_trouble_one_more_action_for_a_desperado_rolled_this_turn() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'double_trouble') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Double Trouble"), "only while resolving Actions");
    pick(&mut g, "Act: Lady");
    assert_eq!(labels(&g), ["Lady: turn one rank (5 ranks left)", "Play Double Trouble"]);
    pick(&mut g, "Play Double Trouble");
    assert_eq!(labels(&g), ["Ugly (3 ranks left)", "Lady (5 ranks left)", "Boss (6 ranks left)"], "rolled ones only");
    pick(&mut g, "Boss");
    assert!(log_has(&g, None, "p1's Boss gets one more Action."));
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 4, 5]);
    verify(&mut g);
}

#[test]
fn card_double_trouble_after_the_last_action_before_done() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'double_trouble') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Act: Lady");
    pick(&mut g, "Lady");
    assert_eq!(labels(&g), ["Play Double Trouble", "Done"]);
    pick(&mut g, "Play Double Trouble");
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1)[3], 3);
}

#[test]
fn card_dynamite_every_opponent_loses_3_to_the_centre() {
    let mut g = game(3);
    setup(&mut g, "give(1, 'dynamite') money(3, 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert_eq!([money(&g, 1), money(&g, 2), money(&g, 3), centre(&g)], [50, 47, 0, 5]);
    assert!(eliminated(&g, 3));
    verify(&mut g);
}

#[test]
fn card_take_cover_cancels_one_loss_to_an_opponents_desperado() {
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) give(2, 'take_cover')",
    );
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    pick(&mut g, "Act: Boss x2");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), labels(&g)), (2, vec!["Lose $8".to_string(), "Play Take Cover".to_string()]));
    pick(&mut g, "Play Take Cover");
    assert_eq!((money(&g, 2), money(&g, 3), centre(&g)), (50, 42, 8), "p2 lost nothing, p3 paid");
    pick(&mut g, "Boss: attack");
    assert_eq!((money(&g, 2), money(&g, 3)), (42, 34), "one attack only: the next one hits");
    verify(&mut g);
}

#[test]
fn card_take_cover_also_against_cards_and_the_forger() {
    // Dynamite and Pickpocket (cards), the Forger (Brain).
    let mut g = game(2);
    setup(
        &mut g,
        "gang(1, 'railroad') ranks(1, {0, 3, 4, 5, 6}) give(1, 'dynamite') give(1, 'pickpocket') give(2, 'take_cover', 3)",
    );
    reroll(&mut g, ["action", "brain", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert_eq!(prompt(&g), "p1's Dynamite costs you $3.");
    pick(&mut g, "Play Take Cover");
    pick(&mut g, "Play Pickpocket");
    assert_eq!(prompt(&g), "p1's Pickpocket costs you $3.");
    pick(&mut g, "Play Take Cover");
    pick(&mut g, "Act: Forger");
    pick(&mut g, "Forger");
    assert_eq!(prompt(&g), "p1's Forger costs you $2.");
    pick(&mut g, "Play Take Cover");
    assert_eq!((money(&g, 1), money(&g, 2), centre(&g)), (50, 50, 0));
    assert_eq!(hand_size(&g, 2), 0);
    verify(&mut g);
}

#[test]
fn card_stand_off_cancels_one_declared_action() {
    let mut g = game(2);
    setup(&mut g, "give(2, 'stand_off') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "ugly", "boss"]);
    assert_eq!(asked(&g), 1, "not after a roll");
    pick(&mut g, "Act: Ugly + Boss");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1 acts: Ugly + Boss. Play a card?".to_string()));
    pick(&mut g, "Play Stand-Off");
    assert_eq!(labels(&g), ["Ugly (1 Action)", "Boss (1 Action)"]);
    pick(&mut g, "Boss");
    assert!(log_has(&g, None, "One Action of p1's Boss is cancelled."));
    assert_eq!(ranks(&g, 1), [2, 2, 4, 5, 6], "only the Ugly acted");
    verify(&mut g);
}

#[test]
fn card_poker_winnings_takes_5_from_the_centre() {
    // The cap at what the centre holds: m2_card_income_...
    let mut g = game(2);
    setup(&mut g, "give(1, 'poker_winnings') centre(12) money(2, 38)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Poker Winnings");
    assert_eq!((money(&g, 1), centre(&g)), (55, 7));
}

#[test]
fn card_pickpocket_an_opponent_of_his_choice_pays_him_3() {
    let mut g = game(3);
    setup(&mut g, "give(1, 'pickpocket', 2) money(3, 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Pickpocket");
    assert_eq!(
        (prompt(&g), labels(&g)),
        ("Pickpocket: who pays you?".to_string(), vec!["p2".to_string(), "p3".into()])
    );
    pick(&mut g, "p2");
    assert_eq!((money(&g, 1), money(&g, 2)), (53, 47));
    pick(&mut g, "Play Pickpocket");
    pick(&mut g, "p3");
    assert_eq!((money(&g, 1), money(&g, 3)), (55, 0), "p3 had only $2");
    assert!(eliminated(&g, 3));
    verify(&mut g);
}

#[test]
fn card_card_sharp_takes_a_random_card_from_an_opponent_not_playable_this_turn() {
    let mut g = game(3);
    setup(&mut g, &format!("give(1, 'card_sharp') give(2, 'poker_winnings') centre(10) money(3, 40) {QUIET_DECK}"));
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Card Sharp");
    // p3 has no card: p2 is the only victim, so nobody is asked whose hand.
    assert_eq!(hand(&g, 1), ["poker_winnings"]);
    assert_eq!(hand_size(&g, 2), 0);
    assert!(log_has(&g, Some(3), "p1 takes a card from p2's hand."));
    for s in [1, 2] {
        assert!(log_has(&g, Some(s), "p1 takes Poker Winnings from p2."), "seat {s}");
    }
    assert!(!log_has(&g, Some(3), "Poker Winnings"));
    assert!(!has_option(&g, "Play Poker Winnings"), "stolen this turn");
    g.rig_dice(&[MISERY, MISERY, MISERY, ["action", "lady", "boss", "ugly"]].concat());
    pick(&mut g, "Reroll all the dice"); // roll 3 of 3: Misery applies at once
    pick(&mut g, "Misery"); // p2
    pick(&mut g, "Misery"); // p3
    assert_eq!(asked(&g), 1);
    assert!(has_option(&g, "Play Poker Winnings"), "his next turn: {:?}", labels(&g));
    verify(&mut g);
}

#[test]
fn card_snitch_turns_an_opponents_jailed_desperado_one_rank_back() {
    let mut g = game(3);
    // Targets: jailed and below the printed maximum (p2's Lady, p3's Bad); not p2's Boss
    // (escaped) nor anyone at his maximum.
    setup(&mut g, "give(1, 'snitch', 2) give(2, 'take_cover') ranks(2, {2, 3, 4, 3, 0}) ranks(3, {2, 3, 2, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Snitch");
    assert_eq!(prompt(&g), "Snitch: whose Desperado goes back?");
    assert_eq!(labels(&g), ["p2's Lady (3 of 5 ranks left)", "p3's Bad (2 of 4 ranks left)"]);
    pick(&mut g, "p2's Lady");
    assert_eq!(ranks(&g, 2), [2, 3, 4, 4, 0]);
    assert_eq!(asked(&g), 1, "Take Cover is no answer to a Snitch");
    assert!(log_has(&g, None, "Snitch: p2's Lady turns back one rank (4 ranks left)."));
    // With every target at its maximum or escaped, no Snitch is offered.
    let mut g = game(2);
    setup(&mut g, "give(1, 'snitch') ranks(2, {2, 0, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Snitch"));
    verify(&mut g);
}

#[test]
fn g_cards_each_card_is_offered_in_its_own_windows_only() {
    // p1 holds one card of eleven kinds, p2 the reaction cards; each window offers
    // exactly the cards of its timing (§5.3).
    let mut g = game(2);
    setup(
        &mut g,
        "for _, id in ipairs {'second_wind', 'marked_die', 'jinx', 'jailbreak', 'double_trouble', 'dynamite',
           'take_cover', 'poker_winnings', 'pickpocket', 'card_sharp', 'snitch'} do give(1, id) end
         for _, id in ipairs {'jinx', 'stand_off', 'take_cover', 'dynamite', 'double_trouble'} do give(2, id) end
         ranks(1, {2, 3, 4, 5, 6}) ranks(2, {1, 3, 4, 5, 6}) centre(5) money(2, 45)",
    );
    let plays = |g: &Game| -> Vec<String> {
        let mut p: Vec<String> =
            labels(g).into_iter().filter_map(|l| l.strip_prefix("Play ").map(String::from)).collect();
        p.sort();
        p
    };
    let own = ["Card Sharp", "Dynamite", "Jailbreak", "Pickpocket", "Poker Winnings", "Snitch"];
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    // OPP-ROLL: p2 may Jinx, nothing else.
    assert_eq!((asked(&g), plays(&g)), (2, vec!["Jinx".to_string()]));
    pick(&mut g, "Pass");
    // ROLL and OWN for p1.
    let mut want: Vec<&str> = own.iter().copied().chain(["Marked Die", "Second Wind"]).collect();
    want.sort();
    assert_eq!((asked(&g), plays(&g)), (1, want.iter().map(|s| s.to_string()).collect()));
    pick(&mut g, "Act: Lady");
    // OPP-ACT: p2 may Stand-Off, nothing else.
    assert_eq!((asked(&g), plays(&g)), (2, vec!["Stand-Off".to_string()]));
    pick(&mut g, "Pass");
    // ACT and OWN while resolving.
    let mut want: Vec<&str> = own.iter().copied().chain(["Double Trouble"]).collect();
    want.sort();
    assert_eq!((asked(&g), plays(&g)), (1, want.iter().map(|s| s.to_string()).collect()));
    pick(&mut g, "Lady");
    // ACT cards until Done.
    assert_eq!(labels(&g).last().map(String::as_str), Some("Done"));
    pick(&mut g, "Done");
    // OWN at the end of the turn.
    assert_eq!((asked(&g), plays(&g)), (1, own.iter().map(|s| s.to_string()).collect()));
    verify(&mut g);
}

#[test]
fn the_renderer_draws_names_from_the_game_data() {
    // A variant renames a gang, a Brain and a Desperado in YAML only: the view draws them.
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "dt_renamed");
    let yaml = "scenarios/dice_town/game.yaml";
    edit(&root, yaml, "name: Los Bandidos", "name: Los Lobos");
    edit(&root, yaml, "brain: El Contador", "brain: El Tesorero");
    edit(&root, yaml, "{id: lady, name: Lady,", "{id: lady, name: Belle,");
    edit(&root, yaml, "gang_assignment: random", "gang_assignment: seat");
    let c = Arc::new(Content::load(&root, "dice_town").unwrap_or_else(|e| panic!("{e}")));
    let g = new_game(&c, 1, 2);
    let text = g.render(Some(1)).unwrap();
    assert!(text.contains("Los Lobos") && text.contains("El Tesorero") && text.contains("Belle"), "{text}");
    assert!(!text.contains("Los Bandidos") && !text.contains("El Contador") && !text.contains(" Lady"), "{text}");
}
