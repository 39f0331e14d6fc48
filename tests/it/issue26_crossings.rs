//! Issue 26, "Performance III": the hottest `posse` functions are raw C functions with the
//! registered body behind them (lua/register.rs, `fast_path!`). They answer as the body
//! does, every call they do not take goes to the body, and its errors are the ones a
//! script gets; `posse.roll` returns the faces it rolled.

use posse_tests::*;

#[test]
fn posse_roll_returns_the_faces_it_rolled() {
    // The shared dice (Dice Town's four).
    let mut g = new_game(&load("dice_town"), 5, 4);
    let v = g
        .eval(
            "local posse = require 'posse'
             local a, b, c, d = posse.roll({ 3, 1, 3 })
             local some = a == posse.face(3) and b == posse.face(1) and c == a and d == nil
             local all = { posse.roll() }
             local n = #all == posse.dice()
             for i = 1, #all do n = n and all[i] == posse.face(i) end
             return { some, n }",
        )
        .unwrap();
    assert_eq!(v, serde_json::json!([true, true]));
    // A seat's own dice (the fixture liars_dice: five each).
    let mut g = new_game(&load_fixture("liars_dice"), 7, 3);
    let v = g
        .eval(
            "local posse = require 'posse'
             local all = { posse.roll(nil, 2) }
             local n = #all == posse.dice(2)
             for i = 1, #all do n = n and all[i] == posse.face(i, 2) end
             local a, b = posse.roll({ 5 }, 3)
             return { n, a == posse.face(5, 3) and b == nil }",
        )
        .unwrap();
    assert_eq!(v, serde_json::json!([true, true]));
}

#[test]
fn a_fast_path_refuses_what_the_body_refuses_in_its_words() {
    let c = load("dice_town");
    for (code, says) in [
        ("posse.roll({ 0 })", "posse.roll: die 0 does not exist (dice are 1..4)"),
        ("posse.roll('x')", "posse.roll: argument 1: expected a table or nil, got string"),
        ("posse.roll(nil, 9)", "posse.roll: seat 9 does not exist (seats are 1..4)"),
        ("posse.face(7)", "posse.face: die 7 does not exist (dice are 1..4)"),
        ("posse.is_eliminated(0)", "posse.is_eliminated: seat 0 does not exist (seats are 1..4)"),
        ("posse.set_current(5)", "posse.set_current: seat 5 does not exist (seats are 1..4)"),
        ("posse.draw(1, {})", "posse.draw: argument 2: expected a zone handle (posse.zone(name)), got table"),
        ("posse.draw(1, 10000)", "posse.draw: 10000 is not a zone handle (use posse.zone(name))"),
        ("posse.move(1, 1, 'middle')", "posse.move: where must be \"top\" or \"bottom\", not \"middle\""),
        ("posse.contents(nil)", "posse.contents: argument 1: expected a zone handle (posse.zone(name)), got nil"),
        ("posse.log({})", "posse.log: argument 1: expected a string, got table"),
        ("posse.log('x', 0)", "posse.log: seat 0 does not exist (seats are 1..4)"),
        ("posse.random(0)", "posse.random: n must be at least 1, got 0"),
        ("posse.def(0)", "posse.def: 0 is not an object handle"),
    ] {
        let mut g = new_game(&c, 1, 4);
        let e = g.eval(&format!("local posse = require 'posse'\n{code}")).unwrap_err().to_string();
        assert!(e.starts_with(says), "{code}: {e}");
    }
}

#[test]
fn a_fast_path_takes_the_plain_calls_as_the_body_would() {
    // A float with an integer value is the integer, as mlua reads it; a number given as a
    // string is converted by the body.
    let mut g = new_game(&load("dice_town"), 3, 4);
    let v = g
        .eval(
            "local posse = require 'posse'
             local hand = posse.zone('hand', 2)
             local n = posse.count(hand + 0.0)
             local top = posse.draw(posse.zone('draw'), hand)
             return { posse.count(hand) == n + 1, posse.zone_of(top) == hand,
               posse.is_eliminated(1.0), posse.is_eliminated('2'), math.type(posse.random('3')) }",
        )
        .unwrap();
    assert_eq!(v, serde_json::json!([true, true, false, false, "integer"]));
}
