//! Issue 15, "Authoring": a typo in a game's own `data:` is an error at its line. A data
//! key no script, renderer, bot or text placeholder mentions is reported with the closest
//! name the scripts use (content/unread.rs); the keys of `open` maps are ids and exempt,
//! and so is a key the schema marks `unread: true`.

use posse::Content;
use posse_tests::{edit, scratch_project, scratch_root};
use std::path::Path;

fn errors(root: &Path, id: &str) -> String {
    match Content::load(root, id) {
        Ok(_) => panic!("{id} loads"),
        Err(e) => e.to_string(),
    }
}

/// The line of the first line of `file` under `root` that starts with `start`.
fn line_of(root: &Path, file: &str, start: &str) -> usize {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    text.lines().position(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no {start:?} in {file}")) + 1
}

#[test]
fn a_typo_in_a_fixtures_data_names_its_line_and_the_right_name() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "unread_hilo");
    edit(&root, "scenarios/hilo/game.yaml", "  rounds: 3", "  runds: 3");
    let e = errors(&root, "hilo");
    let line = line_of(&root, "scenarios/hilo/game.yaml", "  runds:");
    assert!(
        e.contains(&format!(
            "scenarios/hilo/game.yaml:{line}:3: data: runds: no script or text reads 'runds' (did you mean 'rounds'?)"
        )),
        "{e}"
    );
    // Its scenario, which loads the game first, says so too.
    assert!(errors(&root, "hilo/short").contains("runds"));
}

#[test]
fn a_typo_in_a_games_data_at_any_depth_is_an_error() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "unread_dice_town");
    let file = "scenarios/dice_town/game.yaml";
    edit(&root, file, "  start_money: 50 ", "  start_mony: 50 ");
    edit(&root, file, "    max_same: 2 ", "    max_sam: 2 ");
    edit(&root, file, "ranks: 3, attack: 2}", "ranks: 3, attak: 2}");
    // A key the schema says no script reads (`unread: true`) passes; without it, it would not.
    edit(&root, file, "  desperados.*.symbol: {type: text, unread: true}", "");
    let e = errors(&root, "dice_town");
    let at = |start: &str| line_of(&root, file, start);
    let want = [
        format!("game.yaml:{}:3: data: start_mony: no script or text reads 'start_mony' (did you mean 'start_money'?)", at("  start_mony:")),
        format!("game.yaml:{}:5: data: setup.max_sam: no script or text reads 'max_sam' (did you mean 'max_same'?); a map whose keys are ids is `open: true` in schema:", at("    max_sam:")),
        // A key of the maps of a list, once.
        "data: desperados.*.attak: no script or text reads 'attak' (did you mean 'attack'?)\n".to_string(),
        "data: desperados.*.symbol: no script or text reads 'symbol'".to_string(),
    ];
    for w in want {
        assert!(e.contains(&w), "{w}\nnot in:\n{e}");
    }
    assert_eq!(e.matches("attak: no script").count(), 1, "{e}");
}

#[test]
fn the_keys_of_an_open_map_are_ids_and_not_checked() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "unread_open");
    let file = "scenarios/marshals/game.yaml";
    edit(&root, file, "mountain: Mountain}", "mountain: Mountain, swamp: Swamp}");
    Content::load(&root, "marshals").unwrap_or_else(|e| panic!("{e}"));
    edit(&root, file, "  terrain_names: {type: map, open: true}", "");
    let e = errors(&root, "marshals");
    assert!(e.contains("data: terrain_names.swamp: no script or text reads 'swamp'"), "{e}");
}
