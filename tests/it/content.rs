//! Bad content: every problem is reported with the file and line it is at, and a failing
//! step leaves the game as it was.

use posse::{Content, Game, Setup};
use posse_tests::*;
use std::sync::Arc;

fn load_err(root: &std::path::Path) -> String {
    match Content::load(root, "hilo") {
        Ok(_) => panic!("the content should not load"),
        Err(e) => e.to_string(),
    }
}

fn start_err(root: &std::path::Path) -> String {
    let c = Arc::new(Content::load(root, "hilo").unwrap_or_else(|e| panic!("{e}")));
    match Game::new(c.clone(), Setup::new(&c, 1, None).unwrap()) {
        Ok(_) => panic!("the game should not start"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn broken_yaml_names_file_and_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "broken_yaml");
    edit(
        &root,
        "scenarios/hilo/game.yaml",
        "  - {id: discard, visibility: public}",
        "  - {id: discard, visibility: public",
    );
    let e = load_err(&root);
    assert!(e.starts_with("scenarios/hilo/game.yaml:1"), "{e}");
}

#[test]
fn unknown_key_is_an_error_with_its_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "unknown_key");
    edit(
        &root,
        "scenarios/hilo/cards.yaml",
        "    count: 4\n    props: {value: 2}",
        "    count: 4\n    colour: red\n    props: {value: 2}",
    );
    let e = load_err(&root);
    assert!(e.starts_with("scenarios/hilo/cards.yaml:10:"), "{e}");
    assert!(e.contains("unknown field `colour`"), "{e}");
    assert!(e.contains("expected one of"), "{e}");
}

#[test]
fn a_key_given_twice_in_data_or_props_is_an_error_with_its_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "duplicate_props");
    edit(&root, "scenarios/hilo/cards.yaml", "    props: {value: 2}", "    props:\n      value: 2\n      value: 5");
    let e = load_err(&root);
    assert!(e.starts_with("scenarios/hilo/cards.yaml:11:"), "{e}");
    assert!(e.contains("duplicate key 'value'"), "{e}");

    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "duplicate_data");
    edit(&root, "scenarios/hilo/game.yaml", "  rounds: 3", "  rounds: 3\n  rounds: 4");
    let e = load_err(&root);
    assert!(e.starts_with("scenarios/hilo/game.yaml:"), "{e}");
    assert!(e.contains("duplicate key 'rounds'"), "{e}");
    // Nested maps, lists and scalars of every kind still load as they did.
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "nested_data");
    edit(
        &root,
        "scenarios/hilo/game.yaml",
        "  rounds: 3",
        "  rounds: 3\n  more: {a: [1, 2.5, true, null, x], 7: {b: -1}}",
    );
    // No script reads it: said in the schema (content/unread.rs).
    edit(&root, "scenarios/hilo/game.yaml", "data:\n", "schema:\n  more: {unread: true}\ndata:\n");
    let c = Arc::new(Content::load(&root, "hilo").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(c.data["more"], serde_json::json!({"a": [1, 2.5, true, null, "x"], "7": {"b": -1}}));
}

#[test]
fn wrong_type_says_what_was_expected() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "wrong_type");
    edit(&root, "scenarios/hilo/game.yaml", "players: {min: 2, max: 3, default: 2}", "players: {min: two, max: 3}");
    let e = load_err(&root);
    assert!(e.starts_with("scenarios/hilo/game.yaml:"), "{e}");
    assert!(e.contains("expected"), "{e}");
}

#[test]
fn several_problems_are_reported_at_once() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "several");
    edit(&root, "scenarios/hilo/game.yaml", "render: render.lua", "render: missing.lua");
    edit(&root, "scenarios/hilo/cards.yaml", "zone: deck", "zone: nowhere");
    let e = load_err(&root);
    assert!(e.contains("scenarios/hilo/game.yaml:") && e.contains("missing.lua"), "{e}");
    assert!(e.contains("scenarios/hilo/cards.yaml:1") && e.contains("unknown zone 'nowhere'"), "{e}");
}

#[test]
fn lua_syntax_error_names_script_and_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "syntax");
    edit(&root, "scripts/hilo/main.lua", "function M.value(obj)", "function M.value(obj) local = 1");
    let e = load_err(&root);
    assert!(e.contains("scripts/hilo/main.lua:5:"), "{e}");
}

#[test]
fn error_in_a_card_script_names_the_yaml_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "card_runtime");
    edit(&root, "scenarios/hilo/cards.yaml", "      return { bonus", "      local x = nil + 1\n      return { bonus");
    let e = start_err(&root);
    assert!(e.contains("scenarios/hilo/cards.yaml:17:"), "{e}");
    assert!(e.contains("arithmetic"), "{e}");
}

#[test]
fn syntax_error_in_a_card_script_names_the_yaml_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "card_syntax");
    edit(&root, "scenarios/hilo/cards.yaml", "      return { bonus", "      return ) { bonus");
    let e = load_err(&root);
    assert!(e.contains("scenarios/hilo/cards.yaml:17:"), "{e}");
}

#[test]
fn runtime_error_in_a_step_leaves_the_game_as_it_was() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "step_error");
    // The card bonus fails when a high card is played: a failure in the middle of a step,
    // after the step has already changed zones and counters.
    edit(
        &root,
        "scenarios/hilo/cards.yaml",
        "return { bonus = function(seat) return",
        "return { bonus = function(seat) error('bonus broke') return",
    );
    let c = Arc::new(Content::load(&root, "hilo").unwrap());
    let mut failures = 0;
    for seed in 0..10 {
        let mut g = Game::new(c.clone(), Setup::new(&c, seed, None).unwrap()).unwrap();
        let mut rng = posse::rng::Rng::new(seed);
        while let Some(r) = g.next_request() {
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
            let (hash, n, view) = (g.state_hash(), g.choices().len(), g.view(None));
            match g.choose(seat, &picks) {
                Ok(()) => {}
                Err(e) => {
                    let e = e.to_string();
                    assert!(e.contains("scenarios/hilo/cards.yaml:17:") && e.contains("bonus broke"), "{e}");
                    assert_eq!(g.state_hash(), hash, "the state changed");
                    assert_eq!(g.choices().len(), n, "the log changed");
                    assert_eq!(g.view(None), view);
                    failures += 1;
                    break;
                }
            }
        }
    }
    assert!(failures > 0, "no game reached the broken card");
}

#[test]
fn illegal_choices_are_refused_with_a_reason() {
    let mut g = new_game(&load_fixture("hilo"), 3, 2);
    let hash = g.state_hash();
    let e = g.choose(1, &[7]).unwrap_err().to_string();
    assert!(e.contains("option 7 does not exist"), "{e}");
    let e = g.choose(1, &[1, 2]).unwrap_err().to_string();
    assert!(e.contains("exactly one"), "{e}");
    let e = g.choose(5, &[1]).unwrap_err().to_string();
    assert!(e.contains("no decision"), "{e}");
    assert_eq!(g.state_hash(), hash);
}

#[test]
fn undeclared_counter_names_the_script_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "undeclared");
    edit(&root, "scripts/hilo/main.lua", "posse.set(\"round\", round)", "posse.set(\"rounds\", round)");
    let e = start_err(&root);
    assert!(e.contains("scripts/hilo/main.lua:") && e.contains("no counter 'rounds'"), "{e}");
}

#[test]
fn labels_may_read_the_game_but_not_change_it() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "labels_change");
    edit(
        &root,
        "scripts/hilo/main.lua",
        "function() return { \"discard it\" } end",
        "function() posse.add(\"score\", 10, 2) return { \"discard it\" } end",
    );
    let c = Arc::new(Content::load(&root, "hilo").unwrap());
    let mut g = Game::new(c.clone(), Setup::new(&c, 1, None).unwrap()).unwrap();
    g.choose(1, &[1]).unwrap();
    g.choose(2, &[1]).unwrap();
    let hash = g.state_hash();
    let r = g.next_request().unwrap();
    let e = r.try_labels().unwrap_err().to_string();
    assert!(e.contains("scripts/hilo/main.lua:") && e.contains("may read the game, not change it"), "{e}");
    assert!(r.labels()[0].contains("the labels failed"), "{:?}", r.labels());
    assert_eq!(g.state_hash(), hash);
}

#[test]
fn script_before_id_runs_its_own_code_at_its_own_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "script_first");
    edit(
        &root,
        "scenarios/hilo/cards.yaml",
        "  - id: low\n    name: Low card",
        "  - script: |\n      error('LOW')\n    id: low\n    name: Low card",
    );
    let e = start_err(&root);
    assert!(e.contains("scenarios/hilo/cards.yaml:4:") && e.contains("LOW"), "{e}");
}

#[test]
fn components_cannot_start_in_a_zone_per_node() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "per_node_start");
    edit(&root, "scenarios/hilo/cards.yaml", "zone: deck", "zone: spot");
    let e = load_err(&root);
    assert!(e.contains("scenarios/hilo/cards.yaml:1") && e.contains("per node"), "{e}");
}

#[test]
fn a_scenario_is_an_overlay_of_its_game() {
    let root = fixtures();
    let ids = Content::list(&root).unwrap();
    assert!(ids.contains(&"hilo".to_string()) && ids.contains(&"hilo/short".to_string()), "{ids:?}");
    let base = load_fixture("hilo");
    let c = Arc::new(Content::load(&root, "hilo/short").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((c.id.as_str(), c.game.as_str(), c.name.as_str()), ("hilo/short", "hilo", "Hi-Lo, one round"));
    assert_eq!((c.players.min, c.players.max), (2, 2));
    assert_eq!(c.data["rounds"], 1);
    let def = |c: &Content, id: &str| c.defs.iter().find(|d| d.id == id).cloned().expect("a def");
    assert_eq!(def(&c, "high").count, 0, "a component left out");
    assert_eq!(def(&c, "mid").props["value"], 5, "props merged");
    assert_eq!(def(&c, "low").props, def(&base, "low").props, "the rest as in the game");
    assert_ne!(c.hash, base.hash);
    // It plays with the game's scripts, and its saves name the scenario.
    let g = posse::sim::play_random(&c, 3, Some(2)).unwrap();
    assert_eq!(g.record().game, "hilo/short");
    assert!(g.choices().len() < posse::sim::play_random(&base, 3, Some(2)).unwrap().choices().len());
    let e = Content::load(&root, "hilo/long").unwrap_err().to_string();
    assert!(e.contains("no scenario 'long' in hilo (its scenarios: short)"), "{e}");
}

#[test]
fn a_broken_scenario_names_its_file_and_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "bad_scenario");
    edit(&root, "scenarios/hilo/short.yaml", "  mid: {props: {value: 5}}", "  middle: {count: 2}");
    let e = Content::load(&root, "hilo/short").unwrap_err().to_string();
    assert!(e.contains("scenarios/hilo/short.yaml:8") && e.contains("no component 'middle' in hilo"), "{e}");
    edit(&root, "scenarios/hilo/short.yaml", "  rounds: 1", "  rounds: 1\nrulez: none");
    let e = Content::load(&root, "hilo/short").unwrap_err().to_string();
    assert!(e.contains("scenarios/hilo/short.yaml:") && e.contains("unknown field `rulez`"), "{e}");
}

#[test]
fn scenario_lists_and_overlays_take_each_key_once_and_plain_file_names() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "scenario_keys");
    edit(&root, "scenarios/hilo/short.yaml", "  high: {count: 0}", "  high: {count: 0}\n  high: {count: 5}");
    let e = Content::load(&root, "hilo/short").unwrap_err().to_string();
    assert!(e.contains("scenarios/hilo/short.yaml:") && e.contains("duplicate key 'high'"), "{e}");
    edit(&root, "scenarios/hilo/game.yaml", "  short: short.yaml", "  short: short.yaml\n  up: ../../../etc/hostname");
    let e = Content::load(&root, "hilo").unwrap_err().to_string();
    assert!(e.contains("scenario 'up': expected a snake_case name and a .yaml file of this folder"), "{e}");
}

/// Issue 11: the menu shows each game's and mode's name, player counts and `about:` line,
/// read from the YAML alone; a mode without its own line has its game's.
#[test]
fn the_catalogue_lists_games_and_modes_with_their_about_lines() {
    let entries = Content::catalogue(&root()).expect("the catalogue");
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, Content::list(&root()).expect("the list"), "the same games, in the same order");
    for e in &entries {
        let about = e.about.as_deref().unwrap_or_else(|| panic!("{}: no about line", e.id));
        assert!(about.len() <= 75, "{}: an about line fits a menu's 80 columns: {about}", e.id);
        let loaded = load(&e.id);
        assert_eq!((e.name.as_str(), e.players), (loaded.name.as_str(), Some(loaded.players)), "{}", e.id);
        assert_eq!(e.about, loaded.about, "{}", e.id);
    }
    let duo = entries.iter().find(|e| e.id == "marshals/duo").expect("marshals/duo");
    assert_eq!(duo.players.map(|p| (p.min, p.max)), Some((2, 2)));

    // A scenario without an about line has its game's; a game.yaml that does not parse is
    // listed by its id alone.
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "catalogue");
    edit(&root, "scenarios/hilo/short.yaml", "about: One round of Hi-Lo for two.\n", "");
    let short = Content::catalogue(&root).expect("the catalogue").into_iter().find(|e| e.id == "hilo/short");
    assert_eq!(short.and_then(|e| e.about).as_deref(), Some("A tiny test game of hidden hands, bets and dice."));
    edit(&root, "scenarios/hilo/game.yaml", "api: 1", "api: [");
    let hilo = Content::catalogue(&root).expect("the catalogue").into_iter().find(|e| e.id == "hilo");
    assert_eq!(hilo.map(|e| (e.name, e.players)), Some(("hilo".to_string(), None)));
}

#[test]
fn an_about_line_is_one_short_line() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "about_long");
    let long = format!("about: {}", "x".repeat(201));
    edit(&root, "scenarios/hilo/game.yaml", "about: A tiny test game of hidden hands, bets and dice.", &long);
    let e = load_err(&root);
    assert!(e.contains("scenarios/hilo/game.yaml:29") && e.contains("about: 201 bytes, at most 200"), "{e}");
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "about_empty");
    edit(&root, "scenarios/hilo/short.yaml", "about: One round of Hi-Lo for two.", "about: \"\\t\"");
    let e = Content::load(&root, "hilo/short").map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("scenarios/hilo/short.yaml:9") && e.contains("about: expected one line of text"), "{e}");
}

/// A scenario that sets a component's count to 0 leaves it out; a definition the game
/// itself gives no copies (an ability) is not left out.
#[test]
fn a_scenario_leaves_components_out() {
    let basic = load("marshals/basic");
    let def = |c: &Content, id: &str| c.defs.iter().find(|d| d.id == id).map(|d| d.left_out);
    assert_eq!(def(&basic, "jurisdiction"), Some(true));
    assert_eq!(def(&basic, "camping_forest_1"), Some(false));
    assert_eq!(def(&load("marshals"), "jurisdiction"), Some(false));
    let dice_town = load("dice_town");
    assert!(dice_town.defs.iter().any(|d| d.count == 0 && !d.left_out), "the gangs' Brains are abilities");
}

/// Issue 27, point 1: `rules:` in game.yaml gives the rules in brief, a scenario's fields
/// replace its game's, and `check`'s text warnings name a missing `win:`/`turn:` and each
/// component in play with no rules text (file and line).
#[test]
fn rules_in_brief_come_from_yaml_and_a_scenarios_replace_its_games() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "rules_in_brief");
    edit(&root, "scenarios/hilo/game.yaml", "  numbers: [3 rounds, 2 points a round won]", "  numbers: [3 rounds]");
    edit(
        &root,
        "scenarios/hilo/short.yaml",
        "about: One round of Hi-Lo for two.",
        "about: One round of Hi-Lo for two.\nrules:\n  numbers: [1 round]",
    );
    let hilo = Content::load(&root, "hilo").expect("hilo loads");
    assert_eq!(hilo.rules.win.as_deref(), Some("Most points after the rounds."));
    assert_eq!(hilo.rules.numbers, Some(vec!["3 rounds".to_string()]));
    let short = Content::load(&root, "hilo/short").expect("hilo/short loads");
    assert_eq!(short.rules.turn, hilo.rules.turn, "the game's, where the scenario gives none");
    assert_eq!(short.rules.numbers, Some(vec!["1 round".to_string()]), "the scenario's");
    let warnings: Vec<String> = hilo.text_warnings().iter().map(|w| w.to_string()).collect();
    assert!(!warnings.iter().any(|w| w.contains("rules: no")), "{warnings:?}");
    let untexted = hilo.defs.iter().filter(|d| d.text.is_none()).count();
    assert_eq!(warnings.iter().filter(|w| w.contains("has no rules text")).count(), untexted, "{warnings:?}");
    // A `rules:` field the engine does not know is an error at its line.
    edit(&root, "scenarios/hilo/short.yaml", "  numbers: [1 round]", "  goal: x");
    let e = Content::load(&root, "hilo/short").map(|_| ()).expect_err("an unknown field");
    assert!(e.to_string().contains("scenarios/hilo/short.yaml") && e.to_string().contains("goal"), "{e}");
}
