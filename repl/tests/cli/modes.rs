//! Issue 15, "Authoring" 7: `check` shows how each mode takes its game's cards.

use super::*;

/// A scratch copy of the project's games, with a new untagged card in Marshals' deck.
fn marshals_with_new_card(name: &str) -> PathBuf {
    let root = scratch(name);
    for dir in ["scripts", "scenarios"] {
        copy_dir(&project().join(dir), &root.join(dir));
    }
    let file = root.join("scenarios/marshals/cards.yaml");
    let text = std::fs::read_to_string(&file).expect("cards.yaml");
    let card = "  - id: stagecoach\n    name: Stagecoach\n    props: {kind: village, when: event, price: 5}\n    script: return require('marshals.cards').village\n";
    std::fs::write(&file, format!("{}\n{card}", text.trim_end())).expect("written");
    root
}

#[test]
fn check_shows_how_each_mode_takes_the_cards() {
    let o = posse_in(&project(), &["check", "marshals", "marshals/basic", "marshals/duo", "--seeds", "1"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("marshals/basic: cards: 61 of 75 definitions (include: basic)\n"), "{out}");
    assert!(
        out.contains("marshals/duo: cards: 73 of 75 definitions (no include or exclude: a new card joins; left out by defs: jurisdiction, corrupt_marshal)"),
        "{out}"
    );
    assert!(!out.contains("marshals: cards:"), "the game takes every card: {out}");
    // A new card without tags: in the game and the duo, named as left out of the basic mode.
    let root = marshals_with_new_card("modes_new_card");
    let o = posse_in(&root, &["check", "marshals/basic", "marshals/duo", "--seeds", "1"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(
        out.contains(
            "marshals/basic: cards: 61 of 76 definitions (include: basic); untagged, so left out: stagecoach\n"
        ),
        "{out}"
    );
    assert!(out.contains("marshals/duo: cards: 74 of 76 definitions"), "{out}");
}
