//! Issue 15, "Authoring": dice with a visibility policy. The fixture `liars_dice` gives
//! each seat five dice of its own (`per_seat: true, visibility: owner`): a seat sees its
//! own faces and not the others', the GOD VIEW sees them all, `posse.reveal_dice` shows a
//! seat's dice to every seat until they are rolled again, and a replayed or reloaded game
//! shows the same. Dice Town's shared public dice are what they were (its tests and
//! golden playthrough).

use posse::view::DieView;
use posse::{Content, Game, Record};
use posse_tests::*;

/// Seat `seat`'s dice (1-based) as `viewer` sees them: faces, "?" for hidden ones.
fn dice(g: &Game, viewer: Option<usize>, seat: usize) -> Vec<String> {
    g.view(viewer).seats[seat - 1].dice.iter().map(|d| d.face().unwrap_or("?").to_string()).collect()
}

/// A game of three with seat 1 rolling 1 2 3 4 5, seat 2 6 6 6 6 6 and seat 3 2 2 3 3 4.
fn rigged() -> Game {
    let c = load_fixture("liars_dice");
    let mut g = new_game(&c, 7, 3);
    // The first roll happened as the game started: set the faces, then roll them rigged.
    g.rig_dice(&["1", "2", "3", "4", "5", "6", "6", "6", "6", "6", "2", "2", "3", "3", "4"]);
    g.eval("local posse = require 'posse' for s = 1, 3 do posse.roll(nil, s) end").unwrap();
    g
}

#[test]
fn a_seat_sees_its_own_dice_and_not_the_others() {
    let g = rigged();
    assert_eq!(dice(&g, Some(1), 1), ["1", "2", "3", "4", "5"]);
    assert_eq!(dice(&g, Some(1), 2), ["?"; 5]);
    assert_eq!(dice(&g, Some(1), 3), ["?"; 5]);
    assert_eq!(dice(&g, Some(2), 2), ["6"; 5]);
    assert_eq!(dice(&g, Some(2), 1), ["?"; 5]);
    // A hidden die is `{hidden = true}` and nothing else, whatever its face.
    assert_eq!(g.view(Some(1)).seats[1].dice[0], DieView::Hidden { hidden: true });
    let json = serde_json::to_string(&g.view(Some(1)).seats[1].dice).unwrap();
    assert_eq!(json, r#"[{"hidden":true},{"hidden":true},{"hidden":true},{"hidden":true},{"hidden":true}]"#);
    // The rendered text as well.
    let text = g.render(Some(1)).unwrap();
    assert!(text.contains("1 p1 lost 0: 1 2 3 4 5"), "{text}");
    assert!(text.contains("2 p2 lost 0: ? ? ? ? ?"), "{text}");
    assert!(!text.contains("6 6"), "{text}");
    let text = g.render(Some(2)).unwrap();
    assert!(text.contains("2 p2 lost 0: 6 6 6 6 6") && text.contains("1 p1 lost 0: ? ? ? ? ?"), "{text}");
}

#[test]
fn the_god_view_sees_every_seats_dice() {
    let g = rigged();
    assert_eq!(dice(&g, None, 1), ["1", "2", "3", "4", "5"]);
    assert_eq!(dice(&g, None, 2), ["6"; 5]);
    assert_eq!(dice(&g, None, 3), ["2", "2", "3", "3", "4"]);
    let text = g.render(None).unwrap();
    assert!(text.contains("2 p2 lost 0: 6 6 6 6 6") && text.contains("3 p3 lost 0: 2 2 3 3 4"), "{text}");
}

#[test]
fn a_challenge_reveals_every_seats_dice_until_the_next_roll() {
    let mut g = rigged();
    pick(&mut g, "3 x 6");
    pick(&mut g, "challenge");
    // p2 challenged p1's bid of three sixes: five sixes are shown, so p2 loses.
    for viewer in [Some(1), Some(2), Some(3), None] {
        assert_eq!(dice(&g, viewer, 2), ["6"; 5], "{viewer:?}");
        assert_eq!(dice(&g, viewer, 3), ["2", "2", "3", "3", "4"], "{viewer:?}");
    }
    assert!(g.render(Some(3)).unwrap().contains("1 p1 lost 0: 1 2 3 4 5"));
    assert_eq!(counter(&g, "lost", Some(2)), 1);
    assert!(log_has(&g, Some(3), "p2 shows 6 6 6 6 6."));
    // The reveal is state, and the next roll hides the dice again.
    assert_eq!(g.state().dice_revealed, 0b111);
    pick(&mut g, "next");
    assert_eq!(g.state().dice_revealed, 0);
    assert_eq!(dice(&g, Some(1), 2), ["?"; 5]);
    assert_eq!(dice(&g, Some(2), 2).iter().filter(|f| *f == "?").count(), 0);
}

#[test]
fn hide_dice_takes_a_reveal_back_and_a_reveal_is_in_the_state_hash() {
    let mut g = rigged();
    let hidden = g.state_hash();
    g.eval("local posse = require 'posse' posse.reveal_dice(2)").unwrap();
    assert_eq!(dice(&g, Some(1), 2), ["6"; 5]);
    assert_eq!(dice(&g, Some(1), 3), ["?"; 5]);
    assert_ne!(g.state_hash(), hidden);
    g.eval("local posse = require 'posse' posse.hide_dice(2)").unwrap();
    assert_eq!(dice(&g, Some(1), 2), ["?"; 5]);
    assert_eq!(g.state_hash(), hidden);
}

#[test]
fn replay_and_a_save_give_the_same_dice_and_views() {
    let c = load_fixture("liars_dice");
    let mut g = new_game(&c, 11, 4);
    play_random_steps(&mut g, 11, 3);
    let record = Record::from_yaml(&g.record().to_yaml(), "save.yaml").unwrap();
    let (again, div) = Game::from_record(c.clone(), &record).unwrap();
    assert!(div.is_none(), "{div:?}");
    assert_eq!(again.state_hash(), g.state_hash());
    for viewer in (1..=4).map(Some).chain([None]) {
        assert_eq!(again.view(viewer), g.view(viewer));
        assert_eq!(again.render(viewer).unwrap(), g.render(viewer).unwrap());
    }
    // Play on to the end: the reveals replay too.
    while let Some(r) = g.next_request() {
        let seat = r.seat;
        g.choose(seat, &[1]).unwrap();
    }
    let (end, _) = Game::from_record(c, &Record::from_yaml(&g.record().to_yaml(), "s").unwrap()).unwrap();
    assert_eq!(end.state_hash(), g.state_hash());
    assert_eq!(end.view(Some(1)), g.view(Some(1)));
}

#[test]
fn a_seats_dice_through_posse() {
    let mut g = rigged();
    let v = g
        .eval(
            "local posse = require 'posse'
             posse.set_face(2, '5', 3)
             return { posse.dice(), posse.dice(1), posse.face(2, 3), #posse.faces(1, 2), posse.face(5, 1) }",
        )
        .unwrap();
    assert_eq!(v, serde_json::json!([0, 5, "5", 6, "5"]));
    let e = g.eval("local posse = require 'posse' return posse.face(6, 1)").unwrap_err().to_string();
    assert!(e.contains("posse.face: seat 1 has no die 6 (a seat's dice are 1..5)"), "{e}");
    let e = g.eval("local posse = require 'posse' posse.roll(nil, 4)").unwrap_err().to_string();
    assert!(e.contains("posse.roll: seat 4 does not exist (seats are 1..3)"), "{e}");
    let e = g.eval("local posse = require 'posse' posse.reveal_dice(9)").unwrap_err().to_string();
    assert!(e.contains("posse.reveal_dice: seat 9 does not exist"), "{e}");
}

#[test]
fn owner_visibility_needs_dice_per_seat() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "dice_owner_shared");
    edit(&root, "scenarios/liars_dice/game.yaml", "count: 5, per_seat: true,", "count: 5,");
    let e = Content::load(&root, "liars_dice").map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("scenarios/liars_dice/game.yaml:14"), "{e}");
    assert!(e.contains("dice 'cup': visibility owner needs per_seat: true"), "{e}");

    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "dice_bad_visibility");
    edit(&root, "scenarios/liars_dice/game.yaml", "visibility: owner", "visibility: secret");
    let e = Content::load(&root, "liars_dice").map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("scenarios/liars_dice/game.yaml:14"), "{e}");
    assert!(e.contains("unknown variant `secret`"), "{e}");
}

#[test]
fn hidden_shared_dice_are_hidden_from_every_seat_until_revealed() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "dice_hidden_shared");
    edit(&root, "scenarios/hilo/game.yaml", "count: 2, faces", "count: 2, visibility: hidden, faces");
    let c = std::sync::Arc::new(Content::load(&root, "hilo").unwrap());
    let mut g = new_game(&c, 3, 2);
    g.eval("local posse = require 'posse' posse.set_face(1, '4') posse.set_face(2, '6')").unwrap();
    assert_eq!(g.view(Some(1)).dice, [DieView::Hidden { hidden: true }, DieView::Hidden { hidden: true }]);
    assert_eq!(g.view(None).dice, ["4", "6"]);
    g.eval("local posse = require 'posse' posse.reveal_dice()").unwrap();
    assert_eq!(g.view(Some(2)).dice, ["4", "6"]);
    g.eval("local posse = require 'posse' posse.roll({1})").unwrap();
    assert!(g.view(Some(2)).dice.iter().all(|d| d.face().is_none()));
}

#[test]
fn team_dice_are_seen_by_the_owners_team() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "dice_team");
    edit(&root, "scenarios/liars_dice/game.yaml", "visibility: owner", "visibility: team");
    let c = std::sync::Arc::new(Content::load(&root, "liars_dice").unwrap());
    let mut g = new_game(&c, 5, 3);
    g.eval("local posse = require 'posse' posse.set_team(1, 'red') posse.set_team(2, 'red') posse.set_team(3, 'blue')")
        .unwrap();
    let own = dice(&g, None, 1);
    assert_eq!(dice(&g, Some(2), 1), own);
    assert_eq!(dice(&g, Some(3), 1), ["?"; 5]);
    assert_eq!(dice(&g, Some(1), 3), ["?"; 5]);
    assert_eq!(dice(&g, Some(3), 3), dice(&g, None, 3));
}
