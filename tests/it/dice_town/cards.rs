//! Dice Town: The 12 Wild West card kinds (§5.4): one test per kind.

use super::*;

#[test]
fn card_second_wind_one_more_roll_beyond_three_and_copies_stack() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'second_wind', 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    reroll(&mut g, ["action", "lady", "boss", "bad"]);
    assert!(!has_option(&g, "Reroll"), "three rolls made");
    pick(&mut g, "Play Second Wind");
    assert_eq!(global(&g, "roll_limit"), 4);
    assert!(log_has(&g, None, "p1 may roll 4 times this turn."));
    pick(&mut g, "Play Second Wind");
    assert_eq!(global(&g, "roll_limit"), 5, "copies stack");
    reroll(&mut g, ["action", "lady", "boss", "brain"]);
    reroll(&mut g, ["action", "action", "boss", "brain"]);
    assert_eq!(global(&g, "roll"), 5);
    assert!(prompt(&g).starts_with("Roll 5 of 5: "), "{}", prompt(&g));
    assert!(!has_option(&g, "Reroll") && !has_option(&g, "Play"));
    verify(&mut g);
}

#[test]
fn card_marked_die_turns_one_die_to_any_face_and_makes_the_dice_final() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'marked_die') give(1, 'second_wind') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Marked Die");
    assert_eq!(prompt(&g), "Marked Die: which die do you turn?");
    pick(&mut g, "Die 4");
    assert_eq!(labels(&g), ["Action", "Brain", "Bad", "Lady", "Boss"], "any other face");
    pick(&mut g, "Action");
    assert_eq!(g.view(None).dice, ["action", "lady", "boss", "action"]);
    assert_eq!(labels(&g), ["Act: Lady x2", "Act: Lady + Boss", "Act: Boss x2"], "no reroll, no Second Wind");
    pick(&mut g, "Act: Boss x2");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 5, 4]);
    verify(&mut g);
}

#[test]
fn card_jinx_an_opponent_rerolls_one_of_the_active_players_dice_not_counted() {
    let mut g = game(2);
    setup(&mut g, "give(2, 'jinx') gang(1, 'rustlers')");
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    pick(&mut g, "Play Jinx");
    assert_eq!(labels(&g), ["Die 1: Action", "Die 2: Action", "Die 3: Boss", "Die 4: Ugly"]);
    g.rig_dice(&["brain"]);
    pick(&mut g, "Die 2");
    assert!(log_has(&g, None, "Die 2 is rerolled: Brain. Dice: Action, Brain, Boss, Ugly."));
    assert_eq!(asked(&g), 1);
    assert_eq!(global(&g, "roll"), 2, "the Jinx reroll is not one of p1's rolls");
    assert_eq!(effects(&g), ["Act: Locksmith", "Act: Ugly", "Act: Boss"]);
    assert_eq!(hand_size(&g, 2), 0);
    verify(&mut g);
}

#[test]
fn card_jailbreak_turns_one_of_his_jailed_desperados_one_rank_and_may_free_him() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'jailbreak', 2) ranks(1, {0, 3, 4, 1, 6})");
    reroll(&mut g, ["action", "brain", "boss", "ugly"]);
    pick(&mut g, "Play Jailbreak");
    assert_eq!(prompt(&g), "Jailbreak: which Desperado?");
    assert_eq!(labels(&g), ["Ugly (3 ranks left)", "Bad (4 ranks left)", "Lady (1 rank left)", "Boss (6 ranks left)"]);
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [0, 3, 4, 0, 6]);
    assert!(log_has(&g, None, "Jailbreak: p1's Lady escapes from jail!"));
    // After acting too (in the end-of-turn window).
    pick(&mut g, "Act: Boss");
    pick(&mut g, "Play Jailbreak");
    pick(&mut g, "Bad");
    assert_eq!(ranks(&g, 1), [0, 3, 3, 0, 5]);
    verify(&mut g);
}

#[test]
fn card_double_trouble_one_more_action_for_a_desperado_rolled_this_turn() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'double_trouble') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Double Trouble"), "only while resolving Actions");
    pick(&mut g, "Act: Lady");
    assert_eq!(labels(&g), ["Lady: turn one rank (5 ranks left)", "Play Double Trouble"]);
    pick(&mut g, "Play Double Trouble");
    assert_eq!(labels(&g), ["Ugly (3 ranks left)", "Lady (5 ranks left)", "Boss (6 ranks left)"], "rolled ones only");
    pick(&mut g, "Boss");
    assert!(log_has(&g, None, "p1's Boss gets one more Action."));
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1), [2, 3, 4, 4, 5]);
    verify(&mut g);
}

#[test]
fn card_double_trouble_after_the_last_action_before_done() {
    let mut g = game(2);
    setup(&mut g, "give(1, 'double_trouble') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Act: Lady");
    pick(&mut g, "Lady");
    assert_eq!(labels(&g), ["Play Double Trouble", "Done"]);
    pick(&mut g, "Play Double Trouble");
    pick(&mut g, "Lady");
    assert_eq!(ranks(&g, 1)[3], 3);
}

#[test]
fn card_dynamite_every_opponent_loses_3_to_the_centre() {
    let mut g = game(3);
    setup(&mut g, "give(1, 'dynamite') money(3, 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert_eq!([money(&g, 1), money(&g, 2), money(&g, 3), centre(&g)], [50, 47, 0, 5]);
    assert!(eliminated(&g, 3));
    verify(&mut g);
}

#[test]
fn card_take_cover_cancels_one_loss_to_an_opponents_desperado() {
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) give(2, 'take_cover')",
    );
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    pick(&mut g, "Act: Boss x2");
    pick(&mut g, "Boss: attack");
    assert_eq!((asked(&g), labels(&g)), (2, vec!["Lose $8".to_string(), "Play Take Cover".to_string()]));
    pick(&mut g, "Play Take Cover");
    assert_eq!((money(&g, 2), money(&g, 3), centre(&g)), (50, 42, 8), "p2 lost nothing, p3 paid");
    pick(&mut g, "Boss: attack");
    assert_eq!((money(&g, 2), money(&g, 3)), (42, 34), "one attack only: the next one hits");
    verify(&mut g);
}

#[test]
fn card_take_cover_also_against_cards_and_the_forger() {
    // Dynamite and Pickpocket (cards), the Forger (Brain).
    let mut g = game(2);
    setup(
        &mut g,
        "gang(1, 'railroad') ranks(1, {0, 3, 4, 5, 6}) give(1, 'dynamite') give(1, 'pickpocket') give(2, 'take_cover', 3)",
    );
    reroll(&mut g, ["action", "brain", "boss", "ugly"]);
    pick(&mut g, "Play Dynamite");
    assert_eq!(prompt(&g), "p1's Dynamite costs you $3.");
    pick(&mut g, "Play Take Cover");
    pick(&mut g, "Play Pickpocket");
    assert_eq!(prompt(&g), "p1's Pickpocket costs you $3.");
    pick(&mut g, "Play Take Cover");
    pick(&mut g, "Act: Forger");
    pick(&mut g, "Forger");
    assert_eq!(prompt(&g), "p1's Forger costs you $2.");
    pick(&mut g, "Play Take Cover");
    assert_eq!((money(&g, 1), money(&g, 2), centre(&g)), (50, 50, 0));
    assert_eq!(hand_size(&g, 2), 0);
    verify(&mut g);
}

#[test]
fn card_stand_off_cancels_one_declared_action() {
    let mut g = game(2);
    setup(&mut g, "give(2, 'stand_off') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "ugly", "boss"]);
    assert_eq!(asked(&g), 1, "not after a roll");
    pick(&mut g, "Act: Ugly + Boss");
    assert_eq!((asked(&g), prompt(&g)), (2, "p1 acts: Ugly + Boss. Play a card?".to_string()));
    pick(&mut g, "Play Stand-Off");
    assert_eq!(labels(&g), ["Ugly (1 Action)", "Boss (1 Action)"]);
    pick(&mut g, "Boss");
    assert!(log_has(&g, None, "One Action of p1's Boss is cancelled."));
    assert_eq!(ranks(&g, 1), [2, 2, 4, 5, 6], "only the Ugly acted");
    verify(&mut g);
}

#[test]
fn card_poker_winnings_takes_5_from_the_centre() {
    // The cap at what the centre holds: m2_card_income_...
    let mut g = game(2);
    setup(&mut g, "give(1, 'poker_winnings') centre(12) money(2, 38)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Poker Winnings");
    assert_eq!((money(&g, 1), centre(&g)), (55, 7));
}

#[test]
fn card_pickpocket_an_opponent_of_his_choice_pays_him_3() {
    let mut g = game(3);
    setup(&mut g, "give(1, 'pickpocket', 2) money(3, 2)");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Pickpocket");
    assert_eq!(
        (prompt(&g), labels(&g)),
        ("Pickpocket: who pays you?".to_string(), vec!["p2 ($50)".to_string(), "p3 ($2)".into()]),
        "each with the money he has"
    );
    pick(&mut g, "p2");
    assert_eq!((money(&g, 1), money(&g, 2)), (53, 47));
    pick(&mut g, "Play Pickpocket");
    pick(&mut g, "p3");
    assert_eq!((money(&g, 1), money(&g, 3)), (55, 0), "p3 had only $2");
    assert!(eliminated(&g, 3));
    verify(&mut g);
}

#[test]
fn card_card_sharp_takes_a_random_card_from_an_opponent_not_playable_this_turn() {
    let mut g = game(3);
    setup(&mut g, &format!("give(1, 'card_sharp') give(2, 'poker_winnings') centre(10) money(3, 40) {QUIET_DECK}"));
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Card Sharp");
    // p3 has no card: p2 is the only victim, so nobody is asked whose hand.
    assert_eq!(hand(&g, 1), ["poker_winnings"]);
    assert_eq!(hand_size(&g, 2), 0);
    assert!(log_has(&g, Some(3), "p1 takes a card from p2's hand."));
    for s in [1, 2] {
        assert!(log_has(&g, Some(s), "p1 takes Poker Winnings from p2."), "seat {s}");
    }
    assert!(!log_has(&g, Some(3), "Poker Winnings"));
    assert!(!has_option(&g, "Play Poker Winnings"), "stolen this turn");
    g.rig_dice(&[MISERY, MISERY, MISERY, ["action", "lady", "boss", "ugly"]].concat());
    pick(&mut g, "Reroll all the dice"); // roll 3 of 3: Misery applies at once
    pick(&mut g, "Misery"); // p2
    pick(&mut g, "Misery"); // p3
    assert_eq!(asked(&g), 1);
    assert!(has_option(&g, "Play Poker Winnings"), "his next turn: {:?}", labels(&g));
    verify(&mut g);
}

#[test]
fn card_snitch_turns_an_opponents_jailed_desperado_one_rank_back() {
    let mut g = game(3);
    // Targets: jailed and below the printed maximum (p2's Lady, p3's Bad); not p2's Boss
    // (escaped) nor anyone at his maximum.
    setup(&mut g, "give(1, 'snitch', 2) give(2, 'take_cover') ranks(2, {2, 3, 4, 3, 0}) ranks(3, {2, 3, 2, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    pick(&mut g, "Play Snitch");
    assert_eq!(prompt(&g), "Snitch: whose Desperado goes back?");
    assert_eq!(labels(&g), ["p2's Lady (3 of 5 ranks left)", "p3's Bad (2 of 4 ranks left)"]);
    pick(&mut g, "p2's Lady");
    assert_eq!(ranks(&g, 2), [2, 3, 4, 4, 0]);
    assert_eq!(asked(&g), 1, "Take Cover is no answer to a Snitch");
    assert!(log_has(&g, None, "Snitch: p2's Lady turns back one rank (4 ranks left)."));
    // With every target at its maximum or escaped, no Snitch is offered.
    let mut g = game(2);
    setup(&mut g, "give(1, 'snitch') ranks(2, {2, 0, 4, 5, 6})");
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    assert!(!has_option(&g, "Play Snitch"));
    verify(&mut g);
}

#[test]
fn g_cards_each_card_is_offered_in_its_own_windows_only() {
    // p1 holds one card of eleven kinds, p2 the reaction cards; each window offers
    // exactly the cards of its timing (§5.3).
    let mut g = game(2);
    setup(
        &mut g,
        "for _, id in ipairs {'second_wind', 'marked_die', 'jinx', 'jailbreak', 'double_trouble', 'dynamite',
           'take_cover', 'poker_winnings', 'pickpocket', 'card_sharp', 'snitch'} do give(1, id) end
         for _, id in ipairs {'jinx', 'stand_off', 'take_cover', 'dynamite', 'double_trouble'} do give(2, id) end
         ranks(1, {2, 3, 4, 5, 6}) ranks(2, {1, 3, 4, 5, 6}) centre(5) money(2, 45)",
    );
    let plays = |g: &Game| -> Vec<String> {
        let mut p: Vec<String> =
            labels(g).into_iter().filter_map(|l| l.strip_prefix("Play ").map(String::from)).collect();
        p.sort();
        p
    };
    let own = ["Card Sharp", "Dynamite", "Jailbreak", "Pickpocket", "Poker Winnings", "Snitch"];
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    // OPP-ROLL: p2 may Jinx, nothing else.
    assert_eq!((asked(&g), plays(&g)), (2, vec!["Jinx".to_string()]));
    pick(&mut g, "Pass");
    // ROLL and OWN for p1.
    let mut want: Vec<&str> = own.iter().copied().chain(["Marked Die", "Second Wind"]).collect();
    want.sort();
    assert_eq!((asked(&g), plays(&g)), (1, want.iter().map(|s| s.to_string()).collect()));
    pick(&mut g, "Act: Lady");
    // OPP-ACT: p2 may Stand-Off, nothing else.
    assert_eq!((asked(&g), plays(&g)), (2, vec!["Stand-Off".to_string()]));
    pick(&mut g, "Pass");
    // ACT and OWN while resolving.
    let mut want: Vec<&str> = own.iter().copied().chain(["Double Trouble"]).collect();
    want.sort();
    assert_eq!((asked(&g), plays(&g)), (1, want.iter().map(|s| s.to_string()).collect()));
    pick(&mut g, "Lady");
    // ACT cards until Done.
    assert_eq!(labels(&g).last().map(String::as_str), Some("Done"));
    pick(&mut g, "Done");
    // OWN at the end of the turn.
    assert_eq!((asked(&g), plays(&g)), (1, own.iter().map(|s| s.to_string()).collect()));
    verify(&mut g);
}

#[test]
fn the_renderer_draws_names_from_the_game_data() {
    // A variant renames a gang, a Brain and a Desperado in YAML only: the view draws them.
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "dt_renamed");
    let yaml = "scenarios/dice_town/game.yaml";
    edit(&root, yaml, "name: Los Bandidos", "name: Los Lobos");
    edit(&root, yaml, "brain: El Contador", "brain: El Tesorero");
    edit(&root, yaml, "{id: lady, name: Lady,", "{id: lady, name: Belle,");
    edit(&root, yaml, "gang_assignment: random", "gang_assignment: seat");
    let c = Arc::new(Content::load(&root, "dice_town").unwrap_or_else(|e| panic!("{e}")));
    let g = new_game(&c, 1, 2);
    let text = g.render(Some(1)).unwrap();
    assert!(text.contains("Los Lobos") && text.contains("El Tesorero") && text.contains("Belle"), "{text}");
    assert!(!text.contains("Los Bandidos") && !text.contains("El Contador") && !text.contains(" Lady"), "{text}");
}
