//! Dice Town: Turns (§1.3) and Desperado actions (§1.4): the T and D lines.

use super::*;

#[test]
fn t1_roll_all_four_then_reroll_any_dice_at_most_three_rolls() {
    let mut g = game(2);
    assert!(g.log_lines(None).iter().any(|l| l.starts_with("p1 rolls (1/3): ")), "roll 1 is made by the game");
    assert_eq!((global(&g, "roll"), global(&g, "roll_limit")), (1, 3));
    // Any subset may be rerolled: dice 2 and 4.
    let before = g.view(None).dice;
    pick(&mut g, "Choose which dice to reroll");
    let r = g.next_request().unwrap();
    assert!(r.multi && r.min == 1 && r.max == 4, "{r:?}");
    g.rig_dice(&["boss", "boss"]);
    pick_many(&mut g, &["Die 2", "Die 4"]);
    let after = g.view(None).dice;
    assert_eq!([&after[0], &after[2]], [&before[0], &before[2]], "dice 1 and 3 were kept");
    assert_eq!([after[1].face(), after[3].face()], [Some("boss"), Some("boss")]);
    assert_eq!(global(&g, "roll"), 2);
    // The third roll is the last: only the effects are left to choose.
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!(global(&g, "roll"), 3);
    assert_eq!(labels(&g), ["Act: Ugly", "Act: Lady", "Act: Boss"]);
    assert!(prompt(&g).starts_with("Roll 3 of 3: "), "{}", prompt(&g));
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
    LUA.list(
        g,
        &format!(
            "local t = {{}} for i, e in ipairs(main.effects_for({{{}}})) do
               t[i] = e.kind == 'act' and ('act:' .. table.concat(e.acts, '+')) or e.kind end return t",
            quoted(faces)
        ),
    )
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
        let combo = LUA.run(&mut g, &format!("return main.combo({{{}}})", quoted(faces)));
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
