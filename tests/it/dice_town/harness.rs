//! The shared harness's forcing helpers (`posse_tests::PRELUDE`) on this game's components:
//! `stack_on` takes each card once, even three of one kind, and fails on a card there is
//! none of; `set_dice` turns the dice, which the views then show.

use super::*;

#[test]
fn stack_on_puts_three_copies_on_top_each_taken_once() {
    let mut g = game(2);
    let top =
        LUA.list(&mut g, "stack('jailbreak', 'dynamite', 'jailbreak', 'jailbreak') return ids(posse.zone('draw'))");
    assert_eq!(top[..4], ["jailbreak", "dynamite", "jailbreak", "jailbreak"]);
    let e = LUA
        .str(&mut g, "local ok, e = pcall(stack_on, posse.zone('draw'), piles, { 'no_such_card' }) return tostring(e)");
    assert!(e.contains("no no_such_card to put on top"), "{e}");
}

#[test]
fn set_dice_turns_the_shared_dice_to_the_faces_given() {
    let mut g = game(2);
    let faces = ["boss", "lady", "action", "brain"];
    let read = LUA.list(
        &mut g,
        &format!(
            "set_dice({{{}}}) return {{ posse.face(1), posse.face(2), posse.face(3), posse.face(4) }}",
            quoted(&faces)
        ),
    );
    assert_eq!(read, faces);
    let shown: Vec<_> = g.view(None).dice.iter().map(|d| d.face().map(str::to_string)).collect();
    assert_eq!(shown, faces.map(|f| Some(f.to_string())));
}
