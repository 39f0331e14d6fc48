//! Issue 15: a seat's own dice at the terminal (the fixture `liars_dice`: five dice each,
//! `visibility: owner`): a seat sees its own faces and `?` for the others', the GOD VIEW
//! sees them all, a challenge reveals every seat's dice, and the next roll hides them again.

use super::*;

#[test]
fn a_seat_sees_its_own_dice_the_god_view_all_and_a_challenge_reveals_them() {
    let o = posse(
        &["play", "liars_dice", "--players", "2", "--seed", "3", "--designer"],
        ":as p2\n:god\n1\n1\n:as p1\n:quit\n",
    );
    let out = stdout(&o);
    let (p1, p2) = ("6 1 3 3 6", "5 6 1 3 6");
    let view = |who: &str| {
        let from = out.find(&format!("--- view of {who} ---")).unwrap_or_else(|| panic!("{out}"));
        out[from..].lines().skip(1).take(3).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(view("p1"), format!("Liar's Dice\n1 p1 lost 0: {p1}\n2 p2 lost 0: ? ? ? ? ?"), "{out}");
    assert_eq!(view("p2"), format!("Liar's Dice\n1 p1 lost 0: ? ? ? ? ?\n2 p2 lost 0: {p2}"), "{out}");
    let god = out.find("=== GOD VIEW").unwrap_or_else(|| panic!("{out}"));
    assert!(out[god..].contains(&format!("1 p1 lost 0: {p1}\n2 p2 lost 0: {p2}")), "{out}");
    // p1 bid one 1, p2 challenged: p2 reads p1's dice once shown; the next round's roll
    // hides them again (the question between is answered alone at the terminal).
    let shown = out.find(&format!(" * p1 shows {p1}.")).unwrap_or_else(|| panic!("{out}"));
    let again = out[shown..].find("--- view of p1 ---").map(|i| shown + i).unwrap_or_else(|| panic!("{out}"));
    assert!(out[again..].contains("2 p2 lost 1: ? ? ? ? ?"), "{out}");
}

#[test]
fn the_dice_revealed_at_the_end_are_in_every_seats_view() {
    let o = posse(&["playthrough", "liars_dice", "--players", "2", "--seed", "3"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    let start = out.find("== start: p1's view").unwrap_or_else(|| panic!("{out}"));
    assert!(out[start..].contains("  | 2 p2 lost 0: ? ? ? ? ?\n"), "{out}");
    for who in ["p1", "p2"] {
        let end = out.find(&format!("== end: {who}'s view")).unwrap_or_else(|| panic!("{out}"));
        assert!(out[end..].contains("  | 1 p1 lost 1: 1 6 1 4 6\n  | 2 p2 lost 1: 5 6 5 2 4\n"), "{who}: {out}");
    }
}
