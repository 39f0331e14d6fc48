//! Issue 26: American Desperado keeps copies of where pieces stand, who is subdued and
//! which spaces the police may cross (game.lua, police.lua), kept true by rules every
//! script follows. Content that breaks one fails its games, naming the copy, in every
//! batch (and so in `posse check`), instead of playing on with wrong positions.

use posse::sim;
use posse_tests::*;
use std::sync::Arc;

/// A batch of American Desperado from a copy of the project with `file` edited.
fn failures(name: &str, file: &str, from: &str, to: &str) -> Vec<String> {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    edit(&root, file, from, to);
    let content = Arc::new(posse::Content::load(&root, "american_desperado").unwrap());
    let report = sim::run(&content, 40, 0, Some(4), 1);
    report.errors.iter().map(|e| e.message.clone()).collect()
}

#[test]
fn a_piece_moved_behind_the_copies_fails_the_game_by_name() {
    let errors = failures(
        "ad_raw_move",
        "scripts/american_desperado/actions.lua",
        "    game.put(c, game.at_zone(n))\n",
        "    posse.move(c, game.at_zone(n))\n",
    );
    assert!(!errors.is_empty(), "a criminal moved by posse.move must show");
    assert!(errors.iter().all(|e| e.contains("mirror out of step") && e.contains("game.put")), "{errors:?}");
}

#[test]
fn a_tile_turned_without_board_changed_fails_the_game_by_name() {
    let errors = failures(
        "ad_tile_unnoted",
        "scripts/american_desperado/obstacles.lua",
        "    posse.flip(tile, true)\n    game.board_changed()\n",
        "    posse.flip(tile, true)\n",
    );
    assert!(!errors.is_empty(), "a tile turned without game.board_changed must show");
    assert!(errors.iter().all(|e| e.contains("mirror out of step") && e.contains("board_changed")), "{errors:?}");
}
