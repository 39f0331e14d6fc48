//! Dice Town: The gap decisions of shared/rules/dice_town.gaps.md (§3): the G-... lines.

use super::*;

#[test]
fn g_ranks_g_bad_ugly_printed_ranks_brain_2_ugly_fist_3_bad_knife_4_lady_5_boss_6() {
    // The real setups use these values: s2_s3_g_ranks_... checks ranks = printed - faces.
    let mut g = game(2);
    let d = LUA.run(
        &mut g,
        "local t = {} for _, r in ipairs(posse.data.desperados) do t[#t + 1] = {r.id, r.symbol, r.ranks} end return t",
    );
    assert_eq!(
        d,
        json!([
            ["brain", "bottle", 2],
            ["ugly", "fist", 3],
            ["bad", "knife", 4],
            ["lady", "pistol", 5],
            ["boss", "two pistols", 6]
        ])
    );
    // A Desperado at his printed maximum takes that many Actions to escape.
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    assert!(log_has(&g, None, "p1's Boss turns one rank (5 ranks left)."));
}

#[test]
fn g_brain_el_contador_takes_3_from_the_centre_per_action_capped_by_the_centre() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {0, 3, 4, 5, 6}) centre(10) money(2, 40)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: El Contador x2");
    assert_eq!((money(&g, 1), centre(&g)), (56, 4), "two Actions, two uses");
    assert!(log_has(&g, None, "p1's El Contador: p1 takes $3 from the centre."));
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {0, 3, 4, 5, 6}) centre(2) money(2, 48)");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: El Contador");
    assert_eq!((money(&g, 1), centre(&g)), (52, 0), "only what the centre holds");
}

#[test]
fn g_brain_the_cardsharp_draws_the_top_card_not_playable_this_turn() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'gamblers') ranks(1, {0, 3, 4, 5, 6}) stack('poker_winnings') centre(10) money(2, 40)");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: Cardsharp");
    assert_eq!(hand(&g, 1), ["poker_winnings"]);
    assert_eq!(asked(&g), 2, "the Poker Winnings he drew was not offered this turn");
    assert!(log_has(&g, Some(2), "p1's Cardsharp: p1 draws 1 Wild West card."));
    assert!(log_has(&g, Some(1), "p1 draws Poker Winnings."));
    assert!(!log_has(&g, Some(2), "Poker Winnings"), "the card is named to its owner only");
    verify(&mut g);
}

#[test]
fn g_brain_the_locksmith_turns_one_of_his_own_jailed_desperados_one_rank() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'rustlers') ranks(1, {0, 1, 4, 5, 6})");
    reroll(&mut g, ["action", "brain", "bad", "lady"]);
    pick(&mut g, "Act: Locksmith");
    assert_eq!(prompt(&g), "p1's Locksmith: rotate which Desperado?");
    assert_eq!(labels(&g), ["Ugly (1 rank left)", "Bad (4 ranks left)", "Lady (5 ranks left)", "Boss (6 ranks left)"]);
    pick(&mut g, "Ugly");
    assert_eq!(ranks(&g, 1), [0, 0, 4, 5, 6], "the Ugly escapes although his face was not rolled");
    assert!(log_has(&g, None, "p1's Locksmith: p1's Ugly escapes from jail!"));
    verify(&mut g);
}

#[test]
fn g_brain_the_forger_makes_an_opponent_of_his_choice_pay_him_2() {
    let mut g = game(3);
    setup(&mut g, "gang(1, 'railroad') ranks(1, {0, 3, 4, 5, 6}) money(2, 1)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: Forger x2");
    pick(&mut g, "Forger: One opponent of your choice pays you $2. [2 Actions]");
    assert_eq!(prompt(&g), "p1's Forger: who pays you?");
    assert_eq!(labels(&g), ["p2 ($1)", "p3 ($50)"], "each with the money he has");
    pick(&mut g, "p3");
    assert_eq!((money(&g, 1), money(&g, 3), centre(&g)), (52, 48, 0), "a transfer, not from the centre");
    pick(&mut g, "Forger");
    pick(&mut g, "p2");
    assert_eq!(money(&g, 1), 53, "p2 had only $1");
    assert!(eliminated(&g, 2), "and is eliminated by it");
    verify(&mut g);
}

#[test]
fn g_brain_a_jailed_brain_uses_actions_to_escape_like_the_others() {
    let mut g = game(2);
    setup(&mut g, "gang(1, 'bandidos') ranks(1, {2, 3, 4, 5, 6}) centre(10)");
    reroll(&mut g, ["action", "action", "brain", "ugly"]);
    pick(&mut g, "Act: El Contador x2");
    assert_eq!(ranks(&g, 1)[0], 0, "two Actions: two ranks, free");
    assert_eq!((money(&g, 1), centre(&g)), (50, 10), "no ability used while he was in jail");
}

#[test]
fn g_gangs_gangs_are_dealt_at_random() {
    let c = content();
    let mut seen: Vec<i64> = (0..20).map(|seed| seat_counter(&new_game(&c, seed, 2), 1, "gang")).collect();
    seen.sort_unstable();
    seen.dedup();
    assert!(seen.len() >= 3, "seat 1's gang over 20 seeds: {seen:?}");
}

#[test]
fn g_decline_an_attack_may_be_forfeited_but_safe_actions_are_not_asked() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "lady", "boss"]);
    pick(&mut g, "Act: Lady + Boss");
    assert_eq!(
        labels(&g),
        ["Lady: attack, $5 from p2", "Boss: turn one rank (6 ranks left)", "Forfeit the 2 Actions left"]
    );
    pick(&mut g, "Forfeit");
    assert_eq!((money(&g, 2), centre(&g), ranks(&g, 1)[4]), (50, 0, 6), "nothing happened");
    assert!(log_has(&g, None, "p1 forfeits 2 Actions."));
    assert_eq!(asked(&g), 2);
    // Only safe Actions (turning a rank): no question at all.
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    assert_eq!((asked(&g), ranks(&g, 1)[4]), (2, 5));
    verify(&mut g);
}

#[test]
fn g_action_order_the_player_resolves_his_actions_in_the_order_he_likes() {
    let mut g = game(2);
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 6}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "lady", "boss"]);
    pick(&mut g, "Act: Lady + Boss");
    let n = log_count(&g);
    pick(&mut g, "Boss: turn one rank");
    assert_eq!(labels(&g), ["Lady: attack, $5 from p2", "Forfeit the 1 Action left"]);
    pick(&mut g, "Lady: attack");
    assert_eq!(
        log_since(&g, n)[..2],
        ["p1's Boss turns one rank (5 ranks left).", "p1's Lady: p2 pays $5 to the centre."]
    );
}

#[test]
fn g_overkill_loses_only_what_he_has() {
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 0}) money(2, 3)");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((money(&g, 2), money(&g, 3), centre(&g)), (0, 42, 11), "the centre gets $3 + $8");
    assert!(eliminated(&g, 2));
    let mut g = game(2);
    for (m, a, want) in [(7, 5, 5), (2, 5, 2), (0, 5, 0), (5, -1, 0), (8, 8, 8)] {
        assert_eq!(LUA.run(&mut g, &format!("return main.paid({m}, {a})")), want, "paid({m}, {a})");
    }
}

#[test]
fn g_eliminated_cards_discarded_seat_skipped_and_no_longer_a_target() {
    // Also D7.
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {2, 0, 4, 5, 6}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 0, 4, 5, 6}) money(2, 2)
         give(2, 'jailbreak') give(2, 'snitch') give(1, 'pickpocket')",
    );
    reroll(&mut g, ["action", "ugly", "boss", "bad"]);
    g.rig_dice(&MISERY); // p3's turn
    pick(&mut g, "Act: Ugly");
    pick(&mut g, "Ugly: attack, $2 from p2");
    assert!(eliminated(&g, 2));
    assert_eq!(hand_size(&g, 2), 0);
    let mut d = discard(&g);
    d.sort();
    assert_eq!(d, ["jailbreak", "snitch"], "his hand went to the discard pile");
    assert!(g.render(Some(3)).unwrap().lines().any(|l| l.contains("p2 ") && l.contains("(eliminated)")));
    // Pickpocket: p3 is the only opponent left, so nobody is asked whom to rob.
    pick(&mut g, "Play Pickpocket");
    assert_eq!((money(&g, 1), money(&g, 3)), (53, 47));
    assert_eq!((asked(&g), g.current()), (3, Some(3)), "p2's turn is skipped");
    assert!(!log_has(&g, None, "p2's turn"));
    assert!(!g.is_over());
    verify(&mut g);
}

#[test]
fn g_win_check_time_a_card_played_before_any_action_wins_at_once() {
    // Victory is checked after every change, here a Dynamite played before any Action.
    let mut g = game(3);
    setup(&mut g, "ranks(1, {0, 0, 0, 0, 0}) money(1, 45) money(2, 47) money(3, 30) give(1, 'dynamite')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert!(g.is_over());
    assert_eq!(winners(&g), [1]);
    assert_eq!((money(&g, 2), money(&g, 3)), (44, 27));
}

#[test]
fn g_centre_starts_empty_receives_every_loss_and_caps_income_but_not_transfers() {
    // Also M2.
    let mut g = game(2);
    assert_eq!(centre(&g), 0);
    setup(&mut g, "give(1, 'poker_winnings') give(1, 'pickpocket')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Poker Winnings"), "nothing to take from an empty centre");
    pick(&mut g, "Play Pickpocket");
    assert_eq!((money(&g, 1), money(&g, 2), centre(&g)), (53, 47, 0), "a transfer needs no centre");
}

#[test]
fn g_deck_empty_the_discard_pile_is_shuffled_into_a_new_draw_pile() {
    let mut g = game(2);
    setup(&mut g, "local d = posse.zone('draw') while posse.count(d) > 1 do posse.draw(d, posse.zone('discard')) end");
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard")), (1, 27));
    reroll(&mut g, ["bad", "bad", "bad", "boss"]);
    pick(&mut g, "Trio");
    assert_eq!(labels(&g).len(), 3, "three cards drawn");
    assert!(log_has(&g, None, "The discard pile is shuffled into a new draw pile."));
    pick(&mut g, "");
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard"), hand_size(&g, 1)), (25, 2, 1));
    verify(&mut g);
}

#[test]
fn g_deck_empty_with_both_piles_short_he_draws_what_there_is() {
    // Two cards left in all: a Set of four keeps both without a question.
    let mut g = game(2);
    setup(
        &mut g,
        "local d, h = posse.zone('draw'), posse.zone('hand', 1)
         while posse.count(d) > 2 do posse.draw(d, h) end
         posse.draw(d, posse.zone('discard'))",
    );
    reroll(&mut g, ["lady", "lady", "lady", "lady"]);
    pick(&mut g, "Set of four");
    assert_eq!(hand_size(&g, 1), 28);
    assert_eq!((zone_count(&g, "draw"), zone_count(&g, "discard")), (0, 0));
    assert!(log_has(&g, None, "Set of four: p1 draws 2, keeps 2."));
    // No card left anywhere: Misery draws nothing.
    let mut g = game(2);
    setup(
        &mut g,
        "local d, h = posse.zone('draw'), posse.zone('hand', 1) while posse.count(d) > 0 do posse.draw(d, h) end",
    );
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(hand_size(&g, 1), 28);
    assert!(log_has(&g, None, "Misery: no Wild West cards left to draw."));
}

#[test]
fn g_discard_vis_hands_and_picks_hidden_discards_public_the_kept_card_told_to_its_owner() {
    let mut g = game(3);
    setup(&mut g, "stack('jinx', 'dynamite', 'snitch')");
    reroll(&mut g, ["bad", "bad", "bad", "boss"]);
    pick(&mut g, "Trio");
    let hidden = |z: &posse::view::ZoneView| z.objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. }));
    let mine = &g.view(Some(1)).seats[0].zones["pick"];
    assert!(mine.count == 3 && !hidden(mine), "he sees what he drew");
    for s in [2, 3] {
        let theirs = &g.view(Some(s)).seats[0].zones["pick"];
        assert!(theirs.count == 3 && hidden(theirs), "seat {s} sees three hidden cards");
    }
    pick(&mut g, "Dynamite");
    for s in [2, 3] {
        let v = g.view(Some(s));
        assert!(
            v.seats[0].zones["hand"].count == 1 && hidden(&v.seats[0].zones["hand"]),
            "hand size public, card hidden"
        );
        let mut d = def_ids(&v.zones["discard"]);
        d.sort();
        assert_eq!(d, ["jinx", "snitch"], "discards are face up for seat {s}");
        assert!(log_has(&g, Some(s), "Trio: p1 draws 3, keeps 1 and discards"));
        assert!(!log_has(&g, Some(s), "p1 keeps"));
        assert!(!g.render(Some(s)).unwrap().contains("Dynamite"), "seat {s} learns nothing of the kept card");
    }
    assert!(log_has(&g, Some(1), "p1 keeps Dynamite."));
    assert!(g.render(Some(1)).unwrap().contains("Dynamite"));
    verify(&mut g);
}

#[test]
fn g_discard_vis_a_reaction_window_does_not_show_others_who_holds_a_card() {
    // Windows ask only seats holding a card playable now (DECISIONS.md), so being asked
    // tells what is in a hand; the engine's `secret` requests exist for this
    // (docs/authoring.md). p1 must not see that p2 is deciding whether to play his Jinx
    // (OPP-ROLL) or his Take Cover (LOSS).
    let mut g = game(2);
    setup(&mut g, "give(2, 'jinx') give(2, 'take_cover') ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "boss", "lady", "ugly"]);
    assert_eq!((asked(&g), g.view(None).deciding), (2, vec![2]));
    assert!(g.view(Some(1)).deciding.is_empty(), "p1's view shows p2 deciding: he holds a Jinx");
    assert!(!g.render(Some(1)).unwrap().contains("Waiting for: p2"));
    pick(&mut g, "Pass");
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1's Boss costs you $8.".to_string()));
    assert!(g.view(Some(1)).deciding.is_empty(), "p1's view shows p2 deciding: he holds a Take Cover");
}

#[test]
fn g_hand_limit_there_is_none() {
    let mut g = game(2);
    setup(
        &mut g,
        "for _, id in ipairs {'take_cover', 'take_cover', 'take_cover', 'take_cover', 'stand_off', 'double_trouble',
           'double_trouble', 'marked_die', 'marked_die', 'card_sharp', 'card_sharp', 'poker_winnings'} do give(1, id) end",
    );
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(hand_size(&g, 1), 13);
    assert_eq!(g.view(Some(2)).seats[0].zones["hand"].count, 13, "hand sizes are public");
    assert_eq!(zone_count(&g, "discard"), 0, "nothing was discarded");
}

#[test]
fn g_reaction_windows_opponents_clockwise_from_the_left_until_all_pass() {
    let mut g = game(3);
    setup(&mut g, "give(2, 'jinx') give(3, 'jinx')");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert_eq!((asked(&g), labels(&g)), (2, vec!["Pass".to_string(), "Play Jinx".to_string()]), "p1's left first");
    pick(&mut g, "Play Jinx");
    assert_eq!(prompt(&g), "Jinx: which of p1's dice is rerolled?");
    g.rig_dice(&["bad"]);
    pick(&mut g, "Die 1");
    assert_eq!(asked(&g), 3, "then p3");
    pick(&mut g, "Pass");
    assert_eq!(asked(&g), 3, "someone played: the round goes again (p2 has nothing left)");
    pick(&mut g, "Pass");
    assert_eq!(asked(&g), 1, "all passed: back to p1");
    assert_eq!(g.view(None).dice, ["bad", "lady", "boss", "ugly"]);
    // LOSS windows ask each victim, clockwise from the attacker's left.
    let mut g = game(3);
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) give(2, 'take_cover') give(3, 'take_cover')");
    reroll(&mut g, ["action", "boss", "ugly", "bad"]);
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1's Boss costs you $8.".to_string()));
    pick(&mut g, "Lose $8");
    assert_eq!(asked(&g), 3);
    assert_eq!(money(&g, 2), 50, "nobody pays before every victim has answered");
    pick(&mut g, "Lose $8");
    assert_eq!((money(&g, 2), money(&g, 3)), (42, 42));
    verify(&mut g);
}

#[test]
fn g_card_vs_draw_card_effects_still_turn_desperados_after_drawing() {
    let mut g = game(2);
    // Double Trouble, an extra Action, is not offered after drawing.
    setup(&mut g, "ranks(1, {2, 3, 4, 5, 6}) give(1, 'jailbreak') give(1, 'double_trouble') stack('snitch')");
    reroll(&mut g, MISERY);
    pick(&mut g, "Misery");
    assert_eq!(labels(&g), ["End turn", "Play Jailbreak"]);
    pick(&mut g, "Play Jailbreak");
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 4, 6]);
    verify(&mut g);
}
