//! Rule tests of Desperados: the rulebook's worked examples (`examples.rs`) and one test per
//! checklist line and gap decision of `shared/rules/desperados.gaps.md` (`setup_moves.rs`:
//! C, R, S, G, K, H, M; `activities_exam.rs`: A, E, B, U, W and the G-... decisions), a
//! movement card added in YAML alone (`new_card.rs`), and the questions' kinds and ids
//! (`questions.rs`).
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
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The game as shipped.
pub fn content() -> Arc<Content> {
    static C: OnceLock<Arc<Content>> = OnceLock::new();
    C.get_or_init(|| load("desperados")).clone()
}

/// A variant: a scratch copy of the project's content with `edits` (from, to) made to
/// `scenarios/desperados/game.yaml`. `name` keeps concurrent tests apart.
pub fn variant(name: &str, edits: &[(&str, &str)]) -> Arc<Content> {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    for (from, to) in edits {
        edit(&root, "scenarios/desperados/game.yaml", from, to);
    }
    Arc::new(Content::load(&root, "desperados").unwrap_or_else(|e| panic!("{e}")))
}

/// The shipped game with the schedules in a fixed order, starting with `first` (1 = A ... 5 = E).
/// Loaded once per order, whichever tests ask for it at the same time.
pub fn with_first_schedule(first: u32) -> Arc<Content> {
    static LOADED: Mutex<BTreeMap<u32, Arc<Content>>> = Mutex::new(BTreeMap::new());
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    loaded
        .entry(first)
        .or_insert_with(|| {
            let to = format!("first_schedule: {first}");
            variant(&format!("desperados_first_{first}"), &[("first_schedule: 0", &to)])
        })
        .clone()
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
