//! Issue 15, "Authoring" 7: modes declare how new cards join them. A definition carries
//! `tags:`, a scenario's `cards:` includes or excludes by tag (content/modes.rs), its
//! `defs:` changes come after, and a tag no definition has is an error at its line.

use posse::Content;
use posse_tests::{edit, load, scratch_project};
use std::path::{Path, PathBuf};

/// A scratch copy of the project whose Marshals has the mode `v` (`v.yaml`: `body`).
fn with_mode(name: &str, body: &str) -> PathBuf {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    edit(&root, "scenarios/marshals/game.yaml", "  basic: basic.yaml", "  basic: basic.yaml\n  v: v.yaml");
    std::fs::write(root.join("scenarios/marshals/v.yaml"), format!("name: Mode\n{body}")).unwrap();
    root
}

/// A card no mode has heard of, appended to Marshals' deck with these extra lines.
fn new_card(root: &Path, extra: &str) {
    let file = root.join("scenarios/marshals/cards.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let card = format!(
        "  - id: stagecoach\n    name: Stagecoach\n{extra}    props: {{kind: village, when: event, price: 5}}\n    script: return require('marshals.cards').village\n"
    );
    std::fs::write(&file, format!("{}\n{card}", text.trim_end())).unwrap();
}

fn count(c: &Content, id: &str) -> usize {
    c.defs.iter().find(|d| d.id == id).unwrap_or_else(|| panic!("no {id}")).count
}

fn errors(root: &Path, id: &str) -> String {
    match Content::load(root, id) {
        Ok(_) => panic!("{id} loads"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_basic_mode_takes_by_tag_the_cards_of_the_rulebooks_basic_mode() {
    let (game, basic) = (load("marshals"), load("marshals/basic"));
    assert_eq!(basic.cards.include, vec!["basic".to_string()]);
    let kinds = ["movement", "wild", "ambush", "camping", "outlaw"];
    for (g, b) in game.defs.iter().zip(&basic.defs) {
        assert_eq!(g.id, b.id);
        let kind = g.props["kind"].as_str().unwrap_or("");
        let want = if kinds.contains(&kind) { g.count } else { 0 };
        assert_eq!(b.count, want, "{}", g.id);
        assert_eq!(b.left_out, g.count > 0 && want == 0, "{}", g.id);
    }
    assert_eq!(basic.defs.iter().filter(|d| d.left_out).count(), 14);
}

#[test]
fn include_exclude_and_defs_after_them() {
    let root = with_mode("modes_rules", "cards: {exclude: [advanced]}\n");
    let (v, basic) = (Content::load(&root, "marshals/v").unwrap(), Content::load(&root, "marshals/basic").unwrap());
    let counts = |c: &Content| c.defs.iter().map(|d| (d.id.clone(), d.count, d.left_out)).collect::<Vec<_>>();
    assert_eq!(counts(&v), counts(&basic), "exclude: [advanced] is include: [basic] here");
    // Both: included and not excluded; then `defs:` brings one back and leaves one out.
    let root = with_mode(
        "modes_both",
        "cards:\n  include: [basic, advanced]\n  exclude: [advanced]\ndefs:\n  village: {count: 1}\n  wild: {count: 0}\n",
    );
    let v = Content::load(&root, "marshals/v").unwrap();
    assert_eq!((count(&v, "village"), count(&v, "jurisdiction"), count(&v, "wild")), (1, 0, 0));
    let left_out = |id: &str| v.defs.iter().find(|d| d.id == id).unwrap().left_out;
    assert!(!left_out("village") && left_out("jurisdiction") && left_out("wild"));
}

#[test]
fn a_new_card_joins_an_include_mode_only_when_tagged() {
    let root = with_mode("modes_new_card", "cards: {exclude: [advanced]}\n");
    new_card(&root, "");
    let load = |id: &str| Content::load(&root, id).unwrap_or_else(|e| panic!("{e}"));
    // Untagged: in the game, the duo and an exclude mode; not in the basic mode.
    assert_eq!(count(&load("marshals"), "stagecoach"), 1);
    assert_eq!(count(&load("marshals/duo"), "stagecoach"), 1);
    assert_eq!(count(&load("marshals/v"), "stagecoach"), 1);
    assert_eq!(count(&load("marshals/basic"), "stagecoach"), 0);
    let root = with_mode("modes_new_tagged", "cards: {exclude: [advanced]}\n");
    new_card(&root, "    tags: [basic]\n");
    assert_eq!(count(&Content::load(&root, "marshals/basic").unwrap(), "stagecoach"), 1);
}

#[test]
fn a_tag_no_definition_has_is_an_error_at_its_line() {
    let root = with_mode("modes_typo", "cards:\n  include: [basic]\n  exclude: [advnced]\n");
    let e = errors(&root, "marshals/v");
    assert!(
        e.contains("scenarios/marshals/v.yaml:4:13: cards: exclude: no definition has the tag 'advnced' (did you mean 'advanced'? tags there: advanced, basic)"),
        "{e}"
    );
    let e = errors(&with_mode("modes_empty", "cards: {include: []}\n"), "marshals/v");
    assert!(e.contains("v.yaml:2:9: cards: include: expected at least one tag"), "{e}");
    let e = errors(&with_mode("modes_key", "cards: {only: [basic]}\n"), "marshals/v");
    assert!(e.contains("v.yaml:2") && e.contains("unknown field `only`"), "{e}");
    // A definition's tag is a snake_case id.
    let root = with_mode("modes_bad_tag", "cards: {include: [basic]}\n");
    new_card(&root, "    tags: [Basic Mode]\n");
    let e = errors(&root, "marshals");
    assert!(e.contains("stagecoach: tags: 'Basic Mode': expected a snake_case tag"), "{e}");
}
