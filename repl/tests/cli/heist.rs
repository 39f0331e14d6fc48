//! A newcomer plays American Desperado's Tiny heist alone, running the whole crew, to its
//! end in the REPL (issue 13's "done when"): the answers typed in one such game, read off
//! the screens as it went (scout the middle, take the loot found, gather on E1).

use super::*;

/// The answers typed, in order (each a number of the options shown).
const ANSWERS: [&str; 37] = [
    "1", "3", "2", "1", "3", "6", "4", "3", "2", "1", "8", "2", "1", "2", "8", "7", "4", "2", "1", "13", "8", "2", "3",
    "2", "2", "2", "1", "1", "2", "2", "2", "10", "1", "3", "2", "5", "1",
];

#[test]
fn a_newcomer_gets_away_with_the_tiny_heist_alone() {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let input = ANSWERS.join("\n") + "\n";
    let o = posse_in(&project, &["play", "american_desperado/tiny", "--players", "1", "--seed", "21"], &input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // The grid a newcomer reads: column and row numbers, the legend, the crew's lines.
    assert!(out.contains("    -1   0   1   2   3   4"), "{out}");
    assert!(out.contains("### face down, g4? known to you"), "{out}");
    assert!(out.contains("Brains sees Vault (1) at (1,1)."), "the scout's own log line: {out}");
    assert!(out.contains("The crew wins: the crew gets away through E1 with loot worth 5 of the 3 needed."), "{out}");
    assert!(out.contains("result: crew=won winners=1"), "{out}");
}
