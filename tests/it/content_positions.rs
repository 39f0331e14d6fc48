//! Issue 23, item 4: a content error is reported at its own line and column, where the
//! YAML parser saw the value (or key) it is about, never at another line that a search of
//! the text for a word would find first. A test per section of the content; each puts
//! the word searched for on an earlier line (a comment, another section, another item).

use posse::{Content, Diagnostic, Error};
use posse_tests::*;
use std::path::{Path, PathBuf};

/// A scratch copy of the fixtures for test `name`.
fn scratch(name: &str) -> PathBuf {
    scratch_root(env!("CARGO_TARGET_TMPDIR"), &format!("positions_{name}"))
}

/// The problems loading `id` from `root` reports.
fn problems(root: &Path, id: &str) -> Vec<Diagnostic> {
    match Content::load(root, id) {
        Ok(_) => panic!("{id} should not load"),
        Err(Error::Content(d)) => d,
        Err(e) => panic!("{id}: not a content problem: {e}"),
    }
}

/// Where loading `id` reports the one problem whose message contains `what`: its file,
/// line and column.
fn at(root: &Path, id: &str, what: &str) -> (String, usize, usize) {
    let all = problems(root, id);
    let found: Vec<&Diagnostic> = all.iter().filter(|d| d.message.contains(what)).collect();
    assert_eq!(found.len(), 1, "one problem {what:?} in {all:#?}");
    (found[0].file.clone(), found[0].line, found[0].column)
}

const GAME: &str = "scenarios/hilo/game.yaml";
const CARDS: &str = "scenarios/hilo/cards.yaml";
const SHORT: &str = "scenarios/hilo/short.yaml";

/// Puts `line` (a comment) first in `file`, so every line after it moves down one.
fn first_line(root: &Path, file: &str, line: &str) {
    let p = root.join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(p, format!("{line}\n{text}")).unwrap();
}

#[test]
fn the_head_of_game_yaml() {
    let root = scratch("head");
    edit(&root, GAME, "api: 1", "api: 2");
    edit(&root, GAME, "lead: score ", "lead: round ");
    first_line(&root, GAME, "# lead: score, api: 1");
    assert_eq!(at(&root, "hilo", "written for Lua API 2"), (GAME.into(), 6, 6));
    assert_eq!(at(&root, "hilo", "lead: counter 'round' must be per seat"), (GAME.into(), 31, 7));
}

#[test]
fn a_counter_with_a_bad_visibility() {
    // The issue's own case: the id is mentioned above its declaration.
    let root = scratch("counters");
    edit(&root, GAME, "  - {id: round}", "  - {id: round, visibility: owner}");
    first_line(&root, GAME, "# One round, then another.");
    assert_eq!(at(&root, "hilo", "counter 'round': visibility owner needs per_seat"), (GAME.into(), 19, 29));
}

#[test]
fn zones_a_bad_visibility_and_an_id_twice() {
    let root = scratch("zones");
    // "discard" is in the comment on line 2.
    edit(&root, GAME, "  - {id: discard, visibility: public}", "  - {id: discard, visibility: team}");
    edit(
        &root,
        GAME,
        "  - {id: spot, per_node: true, visibility: public}\n",
        "  - {id: spot, per_node: true, visibility: public}\n  - {id: deck, visibility: public}\n",
    );
    assert_eq!(at(&root, "hilo", "zone 'discard': visibility team needs per_seat"), (GAME.into(), 11, 31));
    assert_eq!(at(&root, "hilo", "zone 'deck' is declared twice"), (GAME.into(), 15, 10));
}

#[test]
fn dice_without_faces() {
    let root = scratch("dice");
    edit(&root, GAME, r#"faces: ["1", "2", "3", "4", "5", "6"]"#, "faces: []");
    first_line(&root, GAME, "# Two d6 dice.");
    assert_eq!(at(&root, "hilo", "dice 'd6': expected at least one face"), (GAME.into(), 21, 31));
}

#[test]
fn a_board_edge_to_no_node() {
    let root = scratch("edges");
    edit(&root, GAME, "edges: [[a, b], [b, c]]", "edges: [[a, b], [b, z]]");
    first_line(&root, GAME, "# edges: none to z");
    assert_eq!(at(&root, "hilo", "edge b - z: both ends must be listed"), (GAME.into(), 25, 19));
}

#[test]
fn a_grid_link_given_twice_on_a_line_of_its_own() {
    let root = scratch("grid");
    edit(
        &root,
        GAME,
        "  nodes: [a, b, c]\n  edges: [[a, b], [b, c]]",
        "  grid:\n    cols: 2\n    rows: 2\n    ring: true\n    links: [[0, -1],\n            [0, -1]]",
    );
    assert_eq!(at(&root, "hilo", "declared twice"), (GAME.into(), 28, 13));
}

#[test]
fn a_definition_whose_props_are_no_map() {
    let root = scratch("defs");
    edit(&root, CARDS, "    props: {value: 3}", "    props: 3");
    edit(&root, CARDS, "  - id: mid\n", "  - id: mid\n    tags: [middle, Top]\n");
    assert_eq!(at(&root, "hilo", "high: props: expected a map"), (CARDS.into(), 15, 12));
    assert_eq!(at(&root, "hilo", "mid: tags: 'Top'"), (CARDS.into(), 8, 20));
}

#[test]
fn a_component_file_with_an_unknown_zone() {
    let root = scratch("component_zone");
    first_line(&root, CARDS, "# zone: nowhere would be wrong");
    edit(&root, CARDS, "zone: deck", "zone: nowhere");
    assert_eq!(at(&root, "hilo", "unknown zone 'nowhere'"), (CARDS.into(), 2, 7));
}

#[test]
fn data_broken_by_the_schema() {
    let root = scratch("data");
    // `rounds:` is written inside `setup` first: a search from `data:` finds that one.
    edit(&root, GAME, "data:\n  rounds: 3", "data:\n  setup: {rounds: 9}\n  rounds: -3");
    edit(
        &root,
        GAME,
        "scenarios:\n",
        "schema:\n  # rounds: at least one\n  rounds: {type: int, min: 1}\n  setup: {unread: true}\n  setup.rounds: {min: 5, max: 1}\nscenarios:\n",
    );
    assert_eq!(at(&root, "hilo", "data: rounds: -3 is below the least allowed, 1"), (GAME.into(), 27, 11));
    assert_eq!(at(&root, "hilo", "schema: setup.rounds: min 5 is above max 1"), (GAME.into(), 32, 3));
}

#[test]
fn a_data_key_nothing_reads_and_a_placeholder_that_names_nothing() {
    let root = scratch("unread");
    edit(
        &root,
        GAME,
        "data:\n  rounds: 3",
        "data:\n  rounds: 3\n  tips: {rouns: 1}\n  rouns: 2\n  intro: \"{data.nope}\"",
    );
    edit(&root, GAME, "scenarios:\n", "schema:\n  tips: {unread: true}\n  intro: {unread: true}\nscenarios:\n");
    assert_eq!(at(&root, "hilo", "data: rouns: no script or text reads 'rouns'"), (GAME.into(), 28, 3));
    assert_eq!(at(&root, "hilo", "{data.nope}: no key 'nope'"), (GAME.into(), 29, 10));
}

#[test]
fn a_scenario_that_changes_no_component() {
    let root = scratch("overlay");
    edit(&root, SHORT, "  mid: {props: {value: 5}}", "  middle: {props: {value: 5}}");
    first_line(&root, SHORT, "# middle: the mid cards");
    assert_eq!(at(&root, "hilo/short", "defs: no component 'middle' in hilo"), (SHORT.into(), 9, 3));
}

#[test]
fn a_scenarios_data_key_the_game_lacks() {
    let root = scratch("overlay_data");
    edit(&root, SHORT, "data:\n  rounds: 1", "data:\n  # rouns: a typo, below\n  rounds: 1\n  rouns: 2");
    assert_eq!(at(&root, "hilo/short", "data: no key 'rouns' in the game's data"), (SHORT.into(), 7, 3));
}

#[test]
fn a_modes_tag_no_definition_has() {
    let root = scratch("modes");
    edit(&root, CARDS, "  - id: mid\n", "  - id: mid\n    tags: [basic]\n");
    edit(&root, SHORT, "defs:\n", "cards:\n  include:   # basc? no: basic\n    - basic\n    - basc\ndefs:\n");
    assert_eq!(at(&root, "hilo/short", "no definition has the tag 'basc'"), (SHORT.into(), 9, 7));
}

#[test]
fn a_zone_map_entry_written_across_lines() {
    let root = scratch("map").join("zonemap");
    let map = "scenarios/broken/map.yaml";
    std::fs::write(
        root.join(map),
        "# zones: A and B overlap\nboard: {id: broken, width: 10, height: 4, centre_radius: 0.4, tree_radius: 0.35}\n\
         zones: {A: [0, 0, 4, 2, \"A\", false],\n  B: [3, 0, 6, 2, \"B\", false]}\n",
    )
    .unwrap();
    // A map's problems name their entry's line alone.
    assert_eq!(at(&root, "broken", "zone 'B' overlaps zone 'A'"), (map.into(), 4, 0));
}
