//! Rule tests of Desperados: the rulebook's worked examples (`examples.rs`) and one test per
//! checklist line and gap decision of `shared/rules/desperados.gaps.md` (`setup_moves.rs`:
//! C, R, S, G, K, H, M; `activities_exam.rs`: A, E, B, U, W and the G-... decisions), a
//! movement card added in YAML alone (`new_card.rs`), and the questions' kinds and ids
//! (`questions.rs`).
//!
//! The harness is the shared one of `posse_tests` (content variants, answers by label or
//! by kind and id, `sorted`); what is this game's own is here: its variants by `game.yaml`
//! edits, the set-up and move steps, and the towns' names and numbers.
//!
//! Tests drive the real flow by the labels of its decisions. Seat 1 is the Marshal (the
//! default `data.marshal_seat`); seats 2.. are the desperadoes. Setup asks, in order: the
//! Marshal's town, each Sheriff's town, each desperado's town. Each move then asks the
//! Marshal about each Sheriff ("Stay in X" / "Ride to Y"), then every seat at once for a
//! card, then the desperadoes who can do something for an activity.

mod activities_exam;
mod examples;
mod new_card;
mod questions;
mod setup_moves;

use posse::{Content, Game};
use posse_tests::*;
use std::sync::Arc;

/// The game as shipped.
pub fn content() -> Arc<Content> {
    shipped("desperados")
}

/// A variant: the game with `edits` (from, to) made to `scenarios/desperados/game.yaml`.
pub fn variant(edits: &[(&str, &str)]) -> Arc<Content> {
    let edits: Vec<_> = edits.iter().map(|&(from, to)| ("scenarios/desperados/game.yaml", from, to)).collect();
    posse_tests::variant(env!("CARGO_TARGET_TMPDIR"), "desperados", &edits)
}

/// The shipped game with the schedules in a fixed order, starting with `first` (1 = A ... 5 = E).
pub fn with_first_schedule(first: u32) -> Arc<Content> {
    variant(&[("first_schedule: 0", &format!("first_schedule: {first}"))])
}

/// Setup: the Marshal's town, the Sheriffs' towns, then each desperado's town (seat order).
pub fn place(g: &mut Game, marshal: &str, sheriffs: &[&str], desperadoes: &[&str]) {
    answer(g, 1, marshal);
    for s in sheriffs {
        answer(g, 1, s);
    }
    for (i, d) in desperadoes.iter().enumerate() {
        answer(g, i + 2, d);
    }
}

/// The Marshal leaves every Sheriff where he is (`n` Sheriffs).
pub fn sheriffs_stay(g: &mut Game, n: usize) {
    for _ in 0..n {
        answer(g, 1, "Stay in ");
    }
}

/// Every seat plays its card for the move: `cards[i]` for seat i + 1 (a card name).
pub fn play(g: &mut Game, cards: &[&str]) {
    for (i, c) in cards.iter().enumerate() {
        answer(g, i + 1, c);
    }
}

/// Town name of a position counter (global when `seat` is None), "-" for 0.
pub fn town(g: &Game, counter_name: &str, seat: Option<usize>) -> String {
    town_name(counter(g, counter_name, seat))
}

/// The name of town number `n` (board order), "-" for 0.
pub fn town_name(n: i64) -> String {
    let c = content();
    let cities = c.data["cities"].as_array().expect("data.cities");
    if n == 0 {
        return "-".into();
    }
    cities[n as usize - 1]["name"].as_str().expect("a name").to_string()
}

/// The number of town `name` in board order (the value of position counters).
pub fn town_no(name: &str) -> i64 {
    let c = content();
    let cities = c.data["cities"].as_array().expect("data.cities");
    let i = cities.iter().position(|t| t["name"] == name).unwrap_or_else(|| panic!("no town {name}"));
    i as i64 + 1
}

/// The board node id of town `name`.
pub fn node(name: &str) -> String {
    let c = content();
    c.data["cities"][town_no(name) as usize - 1]["id"].as_str().expect("an id").to_string()
}

/// `seat`'s row of cards played this turn, left to right, as `viewer` sees it.
pub fn row(g: &Game, viewer: Option<usize>, seat: usize) -> Vec<String> {
    let mut r = names(&g.view(viewer).seats[seat - 1].zones["display"]);
    r.reverse();
    r
}

/// Every desperado asked about an activity takes none.
pub fn no_activity(g: &mut Game) {
    let asked: Vec<usize> = g.pending().iter().filter(|r| r.prompt().contains("an activity")).map(|r| r.seat).collect();
    for s in asked {
        answer(g, s, "No activity");
    }
}
