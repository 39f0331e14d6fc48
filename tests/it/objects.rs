//! Objects that carry things, on the fixture game `outfit`: per-object counters (a gun's
//! ammunition, a character's wounds), per-object zones (a character's gear and holster),
//! and a scenario's own Lua (`posse.scenario()`).
//!
//! In `outfit` the objects are, in YAML order: the Sheriff (1), two Deputies (2, 3), four
//! Colts (4-7), two Rifles (8, 9) and two Knives (10, 11); the characters (1-3) start in
//! `characters`, so each has a `gear` and a `holster`.

use posse::record::Record;
use posse::view::{ObjectView, View, ZoneView};
use posse::{Content, Game, Setup};
use posse_tests::*;
use serde_json::json;
use std::sync::Arc;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

fn load_err(root: &std::path::Path, id: &str) -> String {
    match Content::load(root, id) {
        Ok(_) => panic!("the content should not load"),
        Err(e) => e.to_string(),
    }
}

fn eval(g: &mut Game, code: &str) -> serde_json::Value {
    g.eval(&format!("local posse = require 'posse' {code}")).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn eval_err(g: &mut Game, code: &str) -> String {
    match g.eval(&format!("local posse = require 'posse' {code}")) {
        Ok(v) => panic!("{code}: expected an error, got {v}"),
        Err(e) => e.to_string(),
    }
}

/// Each object's ammunition and wounds, in handle order.
fn counters(g: &mut Game, name: &str) -> Vec<i64> {
    let v = eval(g, &format!("local t = {{}} for o = 1, 11 do t[o] = posse.obj_get(o, '{name}') end return t"));
    serde_json::from_value(v).unwrap()
}

/// Seat 1 hires the Sheriff and holsters its gun; seat 2 hires a Deputy and keeps its gun
/// in its gear.
fn hired(content: &Arc<Content>) -> Game {
    let mut g = new_game(content, 1, 2);
    pick(&mut g, "Sheriff");
    pick(&mut g, "holster");
    pick(&mut g, "Deputy");
    pick(&mut g, "keep");
    g
}

fn shown(
    o: &ObjectView,
) -> (&str, &std::collections::BTreeMap<String, i64>, &std::collections::BTreeMap<String, ZoneView>) {
    match o {
        ObjectView::Shown { def, counters, zones, .. } => (def, counters, zones),
        ObjectView::Hidden { .. } => panic!("the object is hidden"),
    }
}

fn posse_of(v: &View, seat: usize) -> &ObjectView {
    let z = &v.seats[seat - 1].zones["posse"];
    assert_eq!(z.count, 1);
    &z.objects[0]
}

// ------------------------------------------------------------- per-object counters

#[test]
fn per_object_counters_start_at_their_definitions_values() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    // ammo: initial 1; Colts 6 and Rifles 2 by their definitions.
    assert_eq!(counters(&mut g, "ammo"), [1, 1, 1, 6, 6, 6, 6, 2, 2, 1, 1]);
    // wounds: initial 0; the Sheriff starts with 1.
    assert_eq!(counters(&mut g, "wounds"), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // A scenario's defs change them; its game's other values stay.
    let mut g = new_game(&Arc::new(Content::load(&fixtures(), "outfit/few").unwrap()), 1, 2);
    assert_eq!(counters(&mut g, "ammo"), [1, 1, 1, 3, 3, 3, 3, 2, 2, 1, 1]);
    let c = Content::load(&fixtures(), "outfit/few").unwrap();
    let colt = c.defs.iter().find(|d| d.id == "colt").unwrap();
    assert_eq!(colt.counters.get("ammo"), Some(&3));
}

#[test]
fn obj_get_set_and_add() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    assert_eq!(eval(&mut g, "return posse.obj_add(4, 'ammo', -2)"), json!(4));
    assert_eq!(eval(&mut g, "return posse.obj_get(4, 'ammo')"), json!(4));
    eval(&mut g, "posse.obj_set(5, 'ammo', -7) posse.obj_set(2, 'wounds', 9)");
    assert_eq!(counters(&mut g, "ammo"), [1, 1, 1, 4, -7, 6, 6, 2, 2, 1, 1]);
    assert_eq!(counters(&mut g, "wounds"), [1, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // The per-seat and single counters are apart.
    assert_eq!(eval(&mut g, "return posse.get('score', 1)"), json!(0));
}

#[test]
fn per_object_counters_refuse_wrong_names_objects_and_overflow() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    let e = eval_err(&mut g, "return posse.obj_get(4, 'bullets')");
    assert!(e.contains("posse.obj_get: no counter 'bullets' is declared in game.yaml"), "{e}");
    let e = eval_err(&mut g, "return posse.obj_add(4, 'score', 1)");
    assert!(e.contains("posse.obj_add: counter 'score' is not per object: use posse.add"), "{e}");
    let e = eval_err(&mut g, "return posse.get('ammo')");
    assert!(e.contains("posse.get: counter 'ammo' is per object: use posse.obj_get(obj, name)"), "{e}");
    let e = eval_err(&mut g, "return posse.obj_set(99, 'ammo', 1)");
    assert!(e.contains("posse.obj_set: 99 is not an object handle"), "{e}");
    let e = eval_err(&mut g, "return posse.obj_get(4, 7)");
    assert!(e.contains("posse.obj_get: expected a counter name, got number"), "{e}");
    eval(&mut g, "posse.obj_set(4, 'ammo', math.maxinteger)");
    let e = eval_err(&mut g, "return posse.obj_add(4, 'ammo', 1)");
    assert!(e.contains("posse.obj_add: the counter would overflow"), "{e}");
    assert_eq!(eval(&mut g, "return posse.obj_get(4, 'ammo') == math.maxinteger"), json!(true));
}

// ---------------------------------------------------------------- per-object zones

#[test]
fn each_character_has_its_zones_and_each_zone_its_character() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    // Zones: characters, armoury, two posses, then gear and holster of each character.
    assert_eq!(
        eval(&mut g, "return {posse.zone('gear', 1), posse.zone('gear', 3), posse.zone('holster', 2)}"),
        json!([5, 7, 9])
    );
    assert_eq!(
        eval(&mut g, "return {posse.zone_object(5), posse.zone_object(7), posse.zone_object(9)}"),
        json!([1, 3, 2])
    );
    assert_eq!(eval(&mut g, "return posse.zone_object(posse.zone('armoury')) == nil"), json!(true));
    let e = eval_err(&mut g, "return posse.zone('gear', 4)");
    assert!(e.contains("posse.zone: object 4 (colt) has no zone 'gear': it did not start in 'characters'"), "{e}");
    let e = eval_err(&mut g, "return posse.zone('gear')");
    assert!(e.contains("posse.zone: zone 'gear' is per object: give the object"), "{e}");
    let e = eval_err(&mut g, "return posse.zone('gear', 12)");
    assert!(e.contains("posse.zone: 12 is not an object handle"), "{e}");
    let e = eval_err(&mut g, "return posse.zone_object(99)");
    assert!(e.contains("posse.zone_object: 99 is not a zone handle"), "{e}");
    // A per-object zone is a zone like any other: objects move in and out, and stay
    // there when the character moves.
    eval(&mut g, "posse.move(10, posse.zone('gear', 1)) posse.move(1, posse.zone('posse', 2))");
    assert_eq!(eval(&mut g, "return {posse.zone_of(10), posse.count(posse.zone('gear', 1))}"), json!([5, 1]));
}

// --------------------------------------------------------------------------- views

#[test]
fn a_shown_object_carries_its_public_counters_and_its_zones() {
    let g = hired(&load_fixture("outfit"));
    let v1 = g.view(Some(1));
    let (def, counters, zones) = shown(posse_of(&v1, 1));
    assert_eq!(def, "sheriff");
    assert_eq!(counters.clone().into_iter().collect::<Vec<_>>(), [("ammo".to_string(), 1)], "wounds are hidden");
    assert_eq!(zones.keys().collect::<Vec<_>>(), ["gear", "holster"]);
    assert_eq!(zones["gear"].count, 0);
    // The holstered gun: public, with its ammunition.
    assert_eq!(zones["holster"].count, 1);
    let (gun, gun_counters, gun_zones) = shown(&zones["holster"].objects[0]);
    assert!(["colt", "rifle", "knife"].contains(&gun), "{gun}");
    assert_eq!(gun_counters.keys().collect::<Vec<_>>(), ["ammo"]);
    assert!(gun_zones.is_empty(), "a gun has no zones");
    // The Deputy left for hire is public: everybody sees it and its zones.
    let pool = &v1.zones["characters"];
    assert_eq!(pool.count, 1);
    let (def, _, zones) = shown(&pool.objects[0]);
    assert_eq!((def, zones.len()), ("deputy", 2));
    // Per-object zones are not listed as zones of the game.
    assert!(!v1.zones.contains_key("gear") && !v1.zones.contains_key("holster"));
}

#[test]
fn a_hidden_object_shows_neither_counters_nor_zones() {
    let g = hired(&load_fixture("outfit"));
    let v2 = g.view(Some(2));
    assert_eq!(posse_of(&v2, 1), &ObjectView::Hidden { hidden: true }, "seat 1's Sheriff, holster and all");
    let json = serde_json::to_string(&v2.seats[0]).unwrap();
    assert!(!json.contains("ammo") && !json.contains("holster"), "{json}");
    // Seat 2's own Deputy: its gear's gun was revealed to seat 2 alone.
    let (_, _, zones) = shown(posse_of(&v2, 2));
    let (gun, counters, _) = shown(&zones["gear"].objects[0]);
    assert!(counters.contains_key("ammo") && !counters.contains_key("wounds"), "{gun}");
    // An object shown without per-object things keeps the view's old shape.
    let hilo = new_game(&load_fixture("hilo"), 1, 2).view(None);
    let json = serde_json::to_string(&hilo).unwrap();
    assert!(!json.contains("\"zones\":{}}") && !json.contains("\"counters\":{}}"), "{json}");
}

#[test]
fn hidden_counters_are_for_the_omniscient_view_alone() {
    let g = hired(&load_fixture("outfit"));
    let god = g.view(None);
    let (_, counters, zones) = shown(posse_of(&god, 1));
    assert_eq!(counters["wounds"], 1);
    assert_eq!(counters["ammo"], 1);
    let (_, _, zones2) = shown(posse_of(&god, 2));
    let (_, gun_counters, _) = shown(&zones2["gear"].objects[0]);
    assert_eq!(gun_counters.keys().collect::<Vec<_>>(), ["ammo", "wounds"]);
    assert_eq!(zones["holster"].count, 1);
    for seat in [1, 2] {
        let v = g.view(Some(seat));
        assert!(!serde_json::to_string(&v).unwrap().contains("wounds"), "seat {seat}");
    }
}

#[test]
fn an_object_revealed_to_a_seat_shows_it_its_zones_redacted() {
    let mut g = hired(&load_fixture("outfit"));
    // Seat 1 is shown seat 2's Deputy (object 2 or 3, the one in seat 2's posse).
    let deputy = eval(&mut g, "return posse.at(posse.zone('posse', 2))");
    eval(&mut g, &format!("posse.reveal({deputy}, 1)"));
    let v1 = g.view(Some(1));
    let (def, counters, zones) = shown(posse_of(&v1, 2));
    assert_eq!(def, "deputy");
    assert_eq!(counters.keys().collect::<Vec<_>>(), ["ammo"]);
    // Its gear is hidden and its gun known to seat 2 alone: a count and a hidden object.
    assert_eq!(zones["gear"].count, 1);
    assert_eq!(zones["gear"].objects, [ObjectView::Hidden { hidden: true }]);
    assert_eq!(zones["holster"].count, 0);
    // Seat 2 has still not seen seat 1's Sheriff.
    assert_eq!(posse_of(&g.view(Some(2)), 1), &ObjectView::Hidden { hidden: true });
    // A gun in the holster is public: once the Deputy's gun is there, seat 1 sees it.
    eval(&mut g, &format!("posse.move(posse.at(posse.zone('gear', {deputy})), posse.zone('holster', {deputy}))"));
    let v1 = g.view(Some(1));
    let (_, _, zones) = shown(posse_of(&v1, 2));
    let (_, counters, _) = shown(&zones["holster"].objects[0]);
    assert!(counters.contains_key("ammo"));
}

#[test]
fn objects_inside_objects_are_shown_inside_each_other_to_a_bound() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    // A Deputy in the other Deputy's gear, a Colt in its holster: seen inside each other.
    eval(&mut g, "posse.move(3, posse.zone('holster', 2)) posse.move(4, posse.zone('holster', 3))");
    let god = g.view(None);
    let (_, _, zones) = shown(&god.zones["characters"].objects[1]);
    let (def, _, inner) = shown(&zones["holster"].objects[0]);
    assert_eq!(def, "deputy");
    assert_eq!(shown(&inner["holster"].objects[0]).0, "colt");
    // The Sheriff kept in its own gear is in no zone a view reaches, and the view ends.
    eval(&mut g, "posse.move(1, posse.zone('gear', 1))");
    let json = serde_json::to_string(&g.view(None)).unwrap();
    assert!(!json.contains("\"sheriff\""), "{json}");
    g.render(None).unwrap();

    // A chain of 200 Deputies, each in the last one's holster: shown to a depth of 16.
    let root = scratch_root(tmp(), "objects_chain");
    let chars = root.join("scenarios/outfit/characters.yaml");
    let text = std::fs::read_to_string(&chars).unwrap().replace("count: 2", "count: 200");
    std::fs::write(&chars, text).unwrap();
    let c = Arc::new(Content::load(&root, "outfit").unwrap());
    let mut g = new_game(&c, 1, 2);
    eval(&mut g, "for o = 3, 201 do posse.move(o, posse.zone('holster', o - 1)) end");
    let god = g.view(None);
    let mut depth = 0;
    let mut o = &god.zones["characters"].objects[1];
    loop {
        let (_, _, zones) = shown(o);
        let Some(z) = zones.get("holster") else { break };
        let Some(inner) = z.objects.first() else { break };
        o = inner;
        depth += 1;
    }
    assert_eq!(depth, posse::limits::VIEW_DEPTH);
    g.render(None).unwrap();
}

// ------------------------------------------------------- state: hash, replay, save

#[test]
fn per_object_state_is_hashed_replayed_and_saved() {
    let c = load_fixture("outfit");
    let mut a = hired(&c);
    let b = hired(&c);
    assert_eq!(a.state_hash(), b.state_hash());
    // A counter of one object changes the hash; so does an object moving between two
    // characters' gear.
    let before = a.state_hash();
    eval(&mut a, "posse.obj_add(9, 'ammo', 1)");
    assert_ne!(a.state_hash(), before);
    eval(&mut a, "posse.obj_add(9, 'ammo', -1)");
    assert_eq!(a.state_hash(), before);
    eval(&mut a, "posse.move(11, posse.zone('gear', 1))");
    let one = a.state_hash();
    eval(&mut a, "posse.move(11, posse.zone('gear', 2))");
    assert_ne!(a.state_hash(), one);
    // Played to the end, saved, loaded, and replayed: the same game.
    let mut g = hired(&c);
    play_random_steps(&mut g, 3, 100);
    assert!(g.is_over());
    let record = Record::from_yaml(&g.record().to_yaml(), "save.yaml").unwrap();
    let (loaded, div) = Game::from_record(c.clone(), &record).unwrap();
    assert!(div.is_none(), "{div:?}");
    assert_eq!(loaded.state_hash(), g.state_hash());
    assert_eq!(loaded.view(None), g.view(None));
    let shots = g.state().object_counters.clone();
    assert_ne!(shots, new_game(&c, 1, 2).state().object_counters, "the game fired");
    assert_eq!(loaded.state().object_counters, shots);
}

#[test]
fn games_without_per_object_things_hash_as_before() {
    let g = new_game(&load_fixture("hilo"), 1, 2);
    let st = g.state();
    assert!(st.object_counters.is_empty() && st.zones.iter().all(|z| z.object.is_none()));
    let json = serde_json::to_string(&*st).unwrap();
    assert!(!json.contains("object_counters") && !json.contains("\"object\""), "{json}");
}

// --------------------------------------------------------------- scenario's own Lua

#[test]
fn a_scenario_script_is_posse_scenario_made_once_and_frozen() {
    let c = Arc::new(Content::load(&fixtures(), "outfit/few").unwrap());
    let src = c.scenario.as_ref().expect("the scenario's script");
    assert_eq!((src.file.as_str(), src.line), ("scenarios/outfit/few.yaml", 6));
    let mut g = new_game(&c, 1, 2);
    assert_eq!(eval(&mut g, "return posse.scenario().name"), json!("scarce"));
    assert_eq!(eval(&mut g, "return posse.scenario().points(0)"), json!(3));
    assert_eq!(eval(&mut g, "return posse.scenario() == posse.scenario()"), json!(true));
    let e = eval_err(&mut g, "posse.scenario().name = 'x'");
    assert!(e.contains("posse.scenario() is read-only"), "{e}");
    let e = eval_err(&mut g, "rawset(posse.scenario(), 'name', 'x')");
    assert!(e.contains("read-only"), "{e}");
    // A VM reused for the next game keeps the same one.
    let kept = eval(&mut g, "_G.kept = posse.scenario() return true");
    assert_eq!(kept, json!(true));
    let mut next = g.restart(Setup::new(&c, 2, Some(2)).unwrap()).unwrap();
    assert_eq!(eval(&mut next, "return posse.scenario().name"), json!("scarce"));
    // The scenario's points decide the score: 2 a shot, 3 for the last bullet.
    let mut g = hired(&c);
    play_random_steps(&mut g, 5, 100);
    let scores = &g.result().unwrap().scores;
    assert!(scores.values().all(|&s| s != 1) && scores.values().any(|&s| s > 0), "{scores:?}");
}

#[test]
fn posse_scenario_is_nil_without_a_scenario_or_its_script() {
    for id in ["outfit", "outfit/one"] {
        let c = Arc::new(Content::load(&fixtures(), id).unwrap());
        assert!(c.scenario.is_none());
        let mut g = new_game(&c, 1, 2);
        assert_eq!(eval(&mut g, "return posse.scenario() == nil"), json!(true), "{id}");
    }
}

// ------------------------------------------------------------------ content errors

#[test]
fn unknown_counter_names_are_load_errors_with_file_and_line() {
    let root = scratch_root(tmp(), "objects_bad_counter");
    let guns = root.join("scenarios/outfit/guns.yaml");
    let text = std::fs::read_to_string(&guns).unwrap().replace("ammo: 2", "bullets: 2");
    std::fs::write(&guns, text).unwrap();
    let e = load_err(&root, "outfit");
    assert!(e.contains("scenarios/outfit/guns.yaml:8:7: rifle: counters: no counter 'bullets' is declared"), "{e}");

    let root = scratch_root(tmp(), "objects_bad_counter_kind");
    let chars = root.join("scenarios/outfit/characters.yaml");
    let text = std::fs::read_to_string(&chars).unwrap().replace("{wounds: 1}", "{score: 1}");
    std::fs::write(&chars, text).unwrap();
    let e = load_err(&root, "outfit");
    assert!(
        e.contains("scenarios/outfit/characters.yaml:3:49: sheriff: counters: 'score' is not a per-object counter"),
        "{e}"
    );

    let root = scratch_root(tmp(), "objects_bad_overlay_counter");
    let scarce = root.join("scenarios/outfit/few.yaml");
    let text = std::fs::read_to_string(&scarce).unwrap().replace("{ammo: 3}", "{amo: 3}");
    std::fs::write(&scarce, text).unwrap();
    let e = load_err(&root, "outfit/few");
    assert!(e.contains("scenarios/outfit/few.yaml:4:21: colt: counters: no counter 'amo'"), "{e}");
}

#[test]
fn per_object_declarations_are_checked() {
    let cases = [
        (
            "{id: ammo, per_object: true, initial: 1}",
            "{id: ammo, per_object: true, visibility: owner}",
            "counter 'ammo': a per-object counter is public or hidden, not owner",
        ),
        (
            "{id: ammo, per_object: true, initial: 1}",
            "{id: ammo, per_object: true, per_seat: true}",
            "counter 'ammo': per_seat and per_object exclude each other",
        ),
        (
            "{id: gear, per_object: characters, visibility: hidden}",
            "{id: gear, per_object: characters, visibility: owner}",
            "zone 'gear': a per-object zone is public or hidden, not owner",
        ),
        (
            "{id: gear, per_object: characters, visibility: hidden}",
            "{id: gear, per_object: characters, per_seat: true, visibility: hidden}",
            "zone 'gear': per_object excludes per_seat and per_node",
        ),
        (
            "{id: gear, per_object: characters, visibility: hidden}",
            "{id: gear, per_object: people, visibility: hidden}",
            "zone 'gear': per_object: no zone 'people'",
        ),
        (
            "{id: gear, per_object: characters, visibility: hidden}",
            "{id: gear, per_object: posse, visibility: hidden}",
            "zone 'gear': per_object: 'posse' is not a single zone components start in",
        ),
    ];
    for (i, (from, to, msg)) in cases.iter().enumerate() {
        let root = scratch_root(tmp(), &format!("objects_decl_{i}"));
        let game = root.join("scenarios/outfit/game.yaml");
        let text = std::fs::read_to_string(&game).unwrap();
        let line = text.lines().position(|l| l.contains(from)).unwrap() + 1;
        std::fs::write(&game, text.replace(from, to)).unwrap();
        let e = load_err(&root, "outfit");
        // At the line of the declaration, and the column of the value that breaks it.
        let at = format!("scenarios/outfit/game.yaml:{line}:");
        assert!(e.lines().any(|l| l.starts_with(&at) && l.ends_with(&format!(": {msg}"))), "{e}");
    }
    // Components cannot start in a per-object zone.
    let root = scratch_root(tmp(), "objects_start_in_gear");
    let guns = root.join("scenarios/outfit/guns.yaml");
    let text = std::fs::read_to_string(&guns).unwrap().replace("zone: armoury", "zone: gear");
    std::fs::write(&guns, text).unwrap();
    let e = load_err(&root, "outfit");
    assert!(e.contains("scenarios/outfit/guns.yaml:1:7: components must start in a zone that is not per seat, per node or per object"), "{e}");
}

#[test]
fn a_scenario_script_reports_errors_at_its_yaml_line() {
    let root = scratch_root(tmp(), "objects_scenario_syntax");
    let scarce = root.join("scenarios/outfit/few.yaml");
    let text = std::fs::read_to_string(&scarce).unwrap().replace("name = \"scarce\",", "name = = 1,");
    std::fs::write(&scarce, text).unwrap();
    let e = load_err(&root, "outfit/few");
    assert!(e.contains("scenarios/outfit/few.yaml:8:"), "{e}");

    let root = scratch_root(tmp(), "objects_scenario_runtime");
    let scarce = root.join("scenarios/outfit/few.yaml");
    let text = std::fs::read_to_string(&scarce).unwrap().replace("return {", "error('no bullets') return {");
    std::fs::write(&scarce, text).unwrap();
    let c = Arc::new(Content::load(&root, "outfit/few").unwrap());
    let e = match Game::new(c.clone(), Setup::new(&c, 1, None).unwrap()) {
        Ok(_) => panic!("the game should not start"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("scenarios/outfit/few.yaml:7: no bullets"), "{e}");
}

#[test]
fn per_object_zones_and_counters_count_against_the_limits() {
    let root = scratch_root(tmp(), "objects_too_many_zones");
    let chars = root.join("scenarios/outfit/characters.yaml");
    let text = std::fs::read_to_string(&chars).unwrap().replace("count: 2", "count: 60000");
    std::fs::write(&chars, text).unwrap();
    let e = load_err(&root, "outfit");
    assert!(e.contains("scenarios/outfit/game.yaml:10:1: 120007 zones at 3 players: a game has at most 100000"), "{e}");
    // The scenario's counts count too.
    let root = scratch_root(tmp(), "objects_too_many_zones_scenario");
    let one = root.join("scenarios/outfit/one.yaml");
    let text = std::fs::read_to_string(&one).unwrap() + "defs: {deputy: {count: 60000}}\n";
    std::fs::write(&one, text).unwrap();
    assert!(Content::load(&root, "outfit").is_ok());
    let e = load_err(&root, "outfit/one");
    assert!(e.contains("zones at 3 players: a game has at most 100000"), "{e}");
    // Values of per-object counters: counters times objects.
    let root = scratch_root(tmp(), "objects_too_many_values");
    let game = root.join("scenarios/outfit/game.yaml");
    let many: String = (0..100).map(|i| format!("  - {{id: c{i}, per_object: true}}\n")).collect();
    let text = std::fs::read_to_string(&game).unwrap().replace("counters:\n", &format!("counters:\n{many}"));
    std::fs::write(&game, text).unwrap();
    let guns = root.join("scenarios/outfit/guns.yaml");
    let text = std::fs::read_to_string(&guns).unwrap().replace("count: 4", "count: 10000");
    std::fs::write(&guns, text).unwrap();
    let e = load_err(&root, "outfit");
    assert!(e.contains("102 per-object counters of 10007 objects: at most 1000000 values in all"), "{e}");
}
