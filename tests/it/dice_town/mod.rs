//! Rule tests of Desperados of Dice Town: the rulebook's worked examples (DT1-DT5), one test
//! per checklist line and per gap decision of `shared/rules/dice_town.gaps.md`, one per Wild
//! West card kind. Each test is named after the line it checks; a comment names any other
//! line it also covers.
//!
//! The harness is the shared one of `posse_tests` (arranging Lua read typed, `stack_on`
//! for the draw pile, lists from Lua, answers by kind and id); what is this game's own is
//! here: its Lua helpers ([`PRELUDE`], bound as [`LUA`]), [`setup`] with the script's
//! mirrors checked and resynced, rigged rolls and set-ups, and its readers.
//!
//! Tests drive the real flow. A new game stops at seat 1's first roll menu (roll 1 of 3);
//! a test sets the position with [`setup`] (Lua run in the game's VM, then the script's
//! mirrors are resynced), rigs the dice and picks "Reroll all the dice", so the menu it
//! reads is computed from the rigged faces. Later turns start with rolls rigged ahead.
//! The pure functions of `scripts/dice_town/rules.lua` are checked where a table of cases
//! says it best.
//!
//! The tests are in files by section of the checklist: `examples.rs` (§2), then §1 in
//! `components_setup.rs`, `turns_actions.rs` and `drawing_money_end.rs`, the gap decisions
//! in `gaps.rs` and the cards in `cards.rs`; `new_gang.rs` adds a gang in YAML only;
//! `questions.rs` answers the typed questions by their options' ids; `harness.rs` checks
//! the shared harness's forcing helpers on this game's cards and dice.

mod cards;
mod components_setup;
mod drawing_money_end;
mod examples;
mod gaps;
mod harness;
mod new_gang;
mod questions;
mod turns_actions;

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

/// Lua helpers for [`LUA`] and [`setup`], after the shared ones (`posse_tests::PRELUDE`):
/// seats are 1-based, ranks in the order of `IDS`.
const PRELUDE: &str = r#"
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
local piles = { posse.zone('draw'), posse.zone('discard') }
-- The bottom-most card with this definition in the draw pile, else in the discard pile.
local function find(def)
  return find_in(piles, def, true) or error('no ' .. def .. ' left in the draw or discard pile')
end
local function give(s, def, n)
  for _ = 1, n or 1 do posse.move(find(def), posse.zone('hand', s)) end
end
-- Puts these cards on top of the draw pile, the first one on top, each the bottom-most.
local function stack(...) stack_on(posse.zone('draw'), piles, { ... }, true) end
"#;

/// Arranging Lua with the helpers of [`PRELUDE`].
const LUA: Arrange = Arrange(PRELUDE);

/// Changes the position behind the script's back, then resyncs its mirrors. First checks
/// that the mirrors agreed with the engine up to now.
fn setup(g: &mut Game, code: &str) {
    LUA.run(g, &format!("game.verify()\n{code}\ngame.resync()"));
}

/// Fails when the script's mirrors of the state differ from the engine's state.
fn verify(g: &mut Game) {
    if !g.is_over() {
        LUA.run(g, "game.verify()");
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

fn global(g: &Game, id: &str) -> i64 {
    counter(g, id, None)
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

/// Runs the game's real `play` again, outside the engine's flow, with the dice rigged:
/// it shuffles, deals gangs and money and makes every seat's setup roll, then stops with
/// an error at the first decision (only the flow may decide). The game is used for its
/// state only afterwards.
fn rigged_setup(players: usize, faces: &[&str]) -> Game {
    let mut g = game(players);
    g.rig_dice(faces);
    let r = LUA.run(&mut g, "local ok, e = pcall(main.play) return { ok = ok, e = tostring(e) }");
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

/// Puts three Jailbreaks (played only in their holder's own turn, never the turn they are
/// drawn) on top of the draw pile, so that Misery draws ask nobody anything.
const QUIET_DECK: &str = "stack('jailbreak', 'jailbreak', 'jailbreak')";
