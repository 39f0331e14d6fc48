//! Issue 15, "A schema for `data:`": a scenario's data may only change keys its game has,
//! a game's `schema:` holds for its data, every scenario and every `--set`, and texts take
//! their numbers from the data and props (`{data.KEY}`, `{props.KEY}`), so that a variant
//! that changes a number shows it.

use posse::Content;
use posse_tests::{edit, load, new_game, scratch_project};
use std::path::PathBuf;
use std::sync::Arc;

/// A scratch copy of the project whose Dice Town has the variant `v` (`v.yaml`: `body`).
fn with_variant(name: &str, body: &str) -> PathBuf {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    let game = root.join("scenarios/dice_town/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, format!("{text}scenarios:\n  v: v.yaml\n")).unwrap();
    std::fs::write(root.join("scenarios/dice_town/v.yaml"), format!("name: Variant\n{body}")).unwrap();
    root
}

fn errors(root: &std::path::Path, id: &str) -> String {
    match Content::load(root, id) {
        Ok(_) => panic!("{id} loads"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_typo_in_a_variants_data_is_an_error_at_its_line_with_the_keys_there() {
    let root = with_variant("schema_typo", "data:\n  roll_limit: 4\n  start_mony: 40\n  setup: {max_sam: 3}\n");
    let e = errors(&root, "dice_town/v");
    assert!(e.contains("scenarios/dice_town/v.yaml:4:3: data: no key 'start_mony' in the game's data (there: "), "{e}");
    assert!(e.contains("start_money"), "{e}");
    assert!(e.contains("v.yaml:5:11: data: no key 'setup.max_sam' in the game's data (there: max_same, reroll"), "{e}");
    // A value of another kind than the game's is one too.
    let root = with_variant("schema_kind", "data:\n  roll_limit: lots\n");
    let e = errors(&root, "dice_town/v");
    assert!(e.contains("v.yaml:3:15: data: roll_limit: expected a number, not text"), "{e}");
    // Without the typo the variant loads and plays with its value.
    let root = with_variant("schema_fine", "data:\n  start_money: 40\n");
    let c = Arc::new(Content::load(&root, "dice_town/v").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(posse_tests::counter(&new_game(&c, 1, 2), "money", Some(1)), 40);
}

#[test]
fn the_schema_holds_for_the_game_its_variants_and_every_set() {
    let root =
        with_variant("schema_rules", "data:\n  start_money: 0\n  gang_assignment: randm\n  draws: {trio: {keep: 0}}\n");
    let e = errors(&root, "dice_town/v");
    assert!(e.contains("v.yaml:3:16: data: start_money: 0 is below the least allowed, 1"), "{e}");
    assert!(e.contains("v.yaml:4:20: data: gang_assignment: 'randm' is not one of random, seat, choose"), "{e}");
    assert!(e.contains("v.yaml:5:24: data: draws.trio.keep: 0 is below the least allowed, 1"), "{e}");
    // The game's own data.
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "schema_base");
    edit(&root, "scenarios/dice_town/game.yaml", "  roll_limit: 3 ", "  roll_limit: three ");
    let e = errors(&root, "dice_town");
    let line = std::fs::read_to_string(root.join("scenarios/dice_town/game.yaml"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("  roll_limit: three"))
        .unwrap()
        + 1;
    assert!(e.contains(&format!("game.yaml:{line}:15: data: roll_limit: expected an integer, not 'three'")), "{e}");
    // --set, which names where the rule is.
    let c = load("dice_town");
    let e = c.with_sets(&["first_player=7".into()]).map(|_| ()).unwrap_err();
    assert!(
        e.starts_with("--set first_player: 7 is above the greatest allowed, 4 (schema: scenarios/dice_town/game.yaml:"),
        "{e}"
    );
    let e = c.with_sets(&["setup.reroll=some".into()]).map(|_| ()).unwrap_err();
    assert!(e.contains("'some' is not one of surplus, all"), "{e}");
    assert!(c.with_sets(&["first_player=2".into(), "setup.reroll=all".into()]).is_ok());
    let e = load("marshals").with_sets(&["map_order=shuffled".into()]).map(|_| ()).unwrap_err();
    assert!(e.contains("'shuffled' is not one of random, fixed"), "{e}");
}

#[test]
fn the_schema_itself_is_checked_and_declares_the_keys_only_scenarios_give() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "schema_self");
    edit(&root, "scenarios/dice_town/game.yaml", "  start_money: {type: int", "  start_mony: {type: int");
    edit(
        &root,
        "scenarios/dice_town/game.yaml",
        "  max_rounds: {type: int, min: 1}",
        "  max_rounds: {type: text, min: 1}",
    );
    let e = errors(&root, "dice_town");
    assert!(e.contains("schema: start_mony: no key 'start_mony' in the game's data"), "{e}");
    assert!(e.contains("optional: true"), "{e}");
    assert!(e.contains("schema: max_rounds: min and max are for numbers"), "{e}");
    // Goldfever's heists add their own keys, declared optional, and their own player
    // counts to an open map; they load.
    for id in ["goldfever/jailbreak", "goldfever/bank_job", "goldfever/range_war"] {
        let c = load(id);
        assert!(c.data["splits"].as_object().unwrap().len() > 1, "{id}");
    }
    // An optional key keeps its rule.
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "schema_optional");
    edit(&root, "scenarios/goldfever/jailbreak.yaml", "  jail: JAL", "  jail: 3");
    let e = errors(&root, "goldfever/jailbreak");
    assert!(e.contains("jailbreak.yaml:67:9: data: jail: expected text, not 3"), "{e}");
}

#[test]
fn texts_take_their_numbers_from_the_data_and_props_so_a_variant_shows_its_own() {
    let c = load("dice_town");
    let text = |c: &Content, id: &str| c.defs.iter().find(|d| d.id == id).unwrap().text.clone().unwrap();
    assert_eq!(text(&c, "extort"), "One opponent of your choice pays you $2.");
    assert_eq!(text(&c, "centre_cash"), "Take $3 from the centre.");
    assert!(text(&c, "second_wind").contains("beyond the limit of 3)"));
    // A variant that changes a gang's amount changes its text, and the renderer's.
    let root = with_variant("schema_texts", "data: {roll_limit: 4}\ndefs:\n  extort: {props: {amount: 6}}\n");
    let v = Arc::new(Content::load(&root, "dice_town/v").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(text(&v, "extort"), "One opponent of your choice pays you $6.");
    assert_eq!(v.data["brain_texts"]["extort"], "One opponent of your choice pays you $6.");
    assert!(text(&v, "second_wind").contains("beyond the limit of 4)"));
    let g = new_game(&v, 1, 4);
    let shown = g.render(Some(1)).unwrap();
    assert!(shown.contains("Forger when free: One opponent of your choice pays you $6."), "{shown}");
    // So does --set.
    let s = c.with_sets(&["centre_cash.props.amount=9".into(), "roll_limit=5".into()]).unwrap();
    assert_eq!(text(&s, "centre_cash"), "Take $9 from the centre.");
    assert_eq!(s.data["brain_texts"]["centre_cash"], "Take $9 from the centre.");
    assert!(text(&s, "second_wind").contains("beyond the limit of 5)"));
    // A placeholder that names nothing is an error at its text's line.
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "schema_placeholder");
    edit(&root, "scenarios/dice_town/gangs.yaml", "{props.amount} from", "{props.amont} from");
    edit(&root, "scenarios/dice_town/game.yaml", "{extort.props.amount}", "{data.extort}");
    edit(&root, "scenarios/dice_town/cards.yaml", "limit of {data.roll_limit}", "limit of {data.roll_limit");
    let e = errors(&root, "dice_town");
    assert!(e.contains("gangs.yaml:22:11: {props.amont}: no key 'amont' in its props"), "{e}");
    assert!(e.contains("{data.extort}: no key 'extort' in the data"), "{e}");
    assert!(e.contains("cards.yaml:19:11: a '{' without its '}'"), "{e}");
}
