//! Dice Town: Drawing (§1.5), money (§1.6) and the end (§1.7): the W, M and E lines.

use super::*;

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
    let line = text.lines().find(|l| l.trim_start().starts_with("Jailbreak ")).unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("your turn: rotate one of your In-Jail Desperados one rank"), "{text}");
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
        let got = LUA.run(&mut g, &code);
        let got = if got == json!({}) { json!([]) } else { got };
        assert_eq!(got, *want, "active {active} money {money:?} free {free:?} out {out:?}");
    }
}
