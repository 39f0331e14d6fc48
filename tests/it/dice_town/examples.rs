//! Dice Town: Worked examples of the rulebook (§2): DT1-DT5.

use super::*;

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
        let got = LUA.ints(&mut g, &format!("return main.setup_rerolls({{{}}})", quoted(faces)));
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
    let e = LUA.run(&mut g, "return main.effects_for({'action', 'lady', 'lady', 'boss'})");
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
    let a = LUA.run(&mut g, "return main.assignments({'action', 'action', 'ugly', 'boss'})");
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
