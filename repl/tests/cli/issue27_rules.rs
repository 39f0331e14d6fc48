//! Issue 27: `:rules` in a game explains it from inside: how to win, a turn, the numbers.

use super::*;

#[test]
fn rules_in_high_noon_say_how_to_win_a_turn_and_the_numbers() {
    let o = posse_in(&project(), &["play", "goldfever/high_noon", "--seed", "1"], ":rules\n:quit\n");
    let out = stdout(&o);
    let rules =
        out.split_once("Goldfever: High Noon — the rules in brief").map(|(_, r)| r).unwrap_or_else(|| panic!("{out}"));
    // Lines are wrapped to the terminal: compare the words.
    let flat = rules.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "To win:",
        "Kill the other side: a death wins at once.",
        "after round 8",
        "A turn:",
        "4 action points (AP)",
        "Numbers that matter:",
        "- 3 wounds kill",
        "- 8 rounds",
        "Sheriff Ted (the Law",
        ":cards lists every card",
    ] {
        assert!(flat.contains(want), "{want:?} not in:\n{rules}");
    }
}
