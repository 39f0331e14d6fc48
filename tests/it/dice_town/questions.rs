//! Dice Town's questions are typed (scripts/dice_town/questions.lua, issue 23): each has a
//! kind, each option an id with its args, and a test or a bot answers by them alone.

use super::*;

/// The option of the pending question with this id and these args (1-based).
fn option(g: &Game, id: &str, args: &[(&str, &str)]) -> u32 {
    let r = g.next_request().expect("a decision is pending");
    r.option_by_id(id, args).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_roll_menu_the_opp_act_window_and_stand_off_answer_by_id() {
    let mut g = game(2);
    setup(&mut g, "give(2, 'stand_off') ranks(1, {2, 3, 4, 5, 6})");
    reroll(&mut g, ["action", "action", "ugly", "boss"]);
    assert_eq!(kind(&g, 1).as_deref(), Some("roll"));
    // An effect's option says how many Actions each Desperado gets.
    answer_id(&mut g, 1, "act", &[("ugly", "1"), ("boss", "1")]);
    assert_eq!(kind(&g, 2).as_deref(), Some("opp_act"));
    // Passing lets p1's declared Actions happen: its args say whose and which.
    assert_eq!(option(&g, "pass", &[("seat", "1"), ("ugly", "1"), ("boss", "1")]), 1);
    answer_id(&mut g, 2, "play", &[("card", "stand_off")]);
    assert_eq!(kind(&g, 2).as_deref(), Some("stand_off"));
    answer_id(&mut g, 2, "desperado", &[("seat", "1"), ("desperado", "boss"), ("actions", "1")]);
    assert_eq!(ranks(&g, 1), [2, 2, 4, 5, 6], "only the Ugly acted");
    verify(&mut g);
}

#[test]
fn the_loss_window_says_how_much_is_lost() {
    let mut g = game(3);
    setup(
        &mut g,
        "ranks(1, {2, 3, 4, 5, 0}) ranks(2, {2, 3, 4, 5, 6}) ranks(3, {2, 3, 4, 5, 6}) give(2, 'take_cover')",
    );
    reroll(&mut g, ["action", "action", "boss", "ugly"]);
    answer_id(&mut g, 1, "act", &[("boss", "2")]);
    assert_eq!(kind(&g, 1).as_deref(), Some("actions"));
    answer_id(&mut g, 1, "attack", &[("desperado", "boss"), ("amount", "8"), ("victims", "2"), ("actions", "2")]);
    assert_eq!(kind(&g, 2).as_deref(), Some("loss"));
    assert_eq!(option(&g, "pass", &[("amount", "8")]), 1);
    answer_id(&mut g, 2, "play", &[("card", "take_cover")]);
    assert_eq!((money(&g, 2), money(&g, 3)), (50, 42), "p2 lost nothing, p3 paid");
    verify(&mut g);
}

#[test]
fn the_dice_to_reroll_are_options_with_their_die_and_face() {
    let mut g = game(2);
    reroll(&mut g, ["action", "lady", "boss", "ugly"]);
    answer_id(&mut g, 1, "reroll_some", &[]);
    assert_eq!(kind(&g, 1).as_deref(), Some("reroll"));
    let (lady, boss) = (option(&g, "die", &[("die", "2"), ("face", "lady")]), option(&g, "die", &[("face", "boss")]));
    g.rig_dice(&["brain", "brain"]);
    g.choose(1, &[lady, boss]).unwrap();
    assert!(log_has(&g, None, "p1 rolls (3/3): Action, Brain, Brain, Ugly."), "the Lady and the Boss rerolled");
}
