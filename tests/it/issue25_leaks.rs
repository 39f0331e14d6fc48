//! Issue 25, twin games for objects: a shipped game whose public line tells the kind of a
//! card drawn into a hidden hand, without naming it, is caught by the no-leak check
//! (twins that deal the cards its seat never sees otherwise), and the same game unchanged
//! is not.

use posse::leaks::{check_first, Leak, Positions};
use posse_tests::*;
use std::sync::Arc;

/// The first finding of the no-leak check over seeds 0 to 5 of Marshals (3 players)
/// under `root`, if any.
fn first_finding(root: &std::path::Path) -> Option<posse::leaks::Finding> {
    first_finding_of(root, "marshals")
}

/// The first finding of the no-leak check over seeds 0 to 5 of `game` (3 players).
fn first_finding_of(root: &std::path::Path, game: &str) -> Option<posse::leaks::Finding> {
    let c = Arc::new(posse::Content::load(root, game).unwrap_or_else(|e| panic!("{e}")));
    (0..6).find_map(|seed| {
        let report = check_first(&c, seed, 3, 60, Positions::Sampled).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        report.findings.into_iter().next()
    })
}

#[test]
fn a_public_line_that_tells_a_hidden_cards_kind_is_caught_in_a_shipped_game() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "issue25_marshals_wild");
    edit(
        &root,
        "scripts/marshals/main.lua",
        r#"posse.log(name(a) .. " draws a card.")"#,
        r#"posse.log(name(a) .. " draws a card" .. (game.kind(c) == "wild" and "!" or "."))"#,
    );
    let f = first_finding(&root).expect("the line that tells a Wild is caught");
    assert_eq!(f.leak, Leak::LogValue, "{f:?}");
    assert!(f.diff.contains("draws a card"), "{}", f.diff);
}

#[test]
fn marshals_unchanged_has_no_finding_on_the_same_games() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "issue25_marshals_clean");
    assert!(first_finding(&root).is_none());
}

/// Marshals' basic mode calls its eight Ambushes "Ambush" (basic.yaml): a public "p1 plays
/// Ambush." names one the seat sees in the discard pile, whatever others of that name are
/// hidden in hands. Components of one name are one name to a reader (issue 27).
#[test]
fn a_name_several_components_share_is_seen_when_one_of_them_is() {
    assert!(first_finding_of(&root(), "marshals/basic").is_none());
}
