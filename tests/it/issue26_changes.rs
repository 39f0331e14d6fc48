//! Issue 26: `posse.changes`, the engine's change counters (state/changes.rs), which a
//! script reads to keep what it worked out while the parts it read are the same. A count
//! must move whatever script made the change (a scenario's `posse.move` as much as a game's
//! helper), stay still when nothing there changed, and never be read by a prompt or label;
//! Goldfever's action lists, which keep their stages by them, must follow a character moved
//! behind the game's back.

use crate::goldfever::{turn, LUA};
use posse::{Content, Game, Setup};
use posse_tests::*;
use serde_json::json;
use std::sync::Arc;

fn eval(g: &mut posse::Game, code: &str) -> serde_json::Value {
    g.eval(&format!("local posse = require 'posse'\n{code}")).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn eval_err(g: &mut posse::Game, code: &str) -> String {
    match g.eval(&format!("local posse = require 'posse'\n{code}")) {
        Ok(v) => panic!("{code}: expected an error, got {v}"),
        Err(e) => e.to_string(),
    }
}

/// Runs `change` and says which of the parts `parts` (Lua strings) it moved.
fn moved(g: &mut posse::Game, parts: &str, change: &str) -> Vec<bool> {
    let v = eval(
        g,
        &format!(
            "local before = {{ posse.changes({parts}) }}
             {change}
             local after, out = {{ posse.changes({parts}) }}, {{}}
             for i = 1, #before do out[i] = after[i] ~= before[i] end
             return out"
        ),
    );
    serde_json::from_value(v).unwrap()
}

#[test]
fn each_kind_of_change_moves_its_own_count_alone() {
    // outfit: the Sheriff (1), Deputies (2, 3), Colts (4-7), Rifles (8, 9), Knives (10, 11).
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    let parts = "'zone:gear', 'zone:armoury', 'zone:holster', 'counter:ammo', 'counter:score', 'counter:wounds'";
    // A move changes the zones it leaves and enters, nothing else.
    let c = "posse.move(4, posse.zone('gear', 1))";
    assert_eq!(moved(&mut g, parts, c), [true, true, false, false, false, false]);
    let c = "posse.move(4, posse.zone('holster', 1))";
    assert_eq!(moved(&mut g, parts, c), [true, false, true, false, false, false]);
    // A flip, a reveal, a shuffle: the zone of the object.
    assert_eq!(moved(&mut g, parts, "posse.flip(4, true)"), [false, false, true, false, false, false]);
    assert_eq!(moved(&mut g, parts, "posse.reveal(5, { 1 })"), [false, true, false, false, false, false]);
    assert_eq!(moved(&mut g, parts, "posse.shuffle(posse.zone('armoury'))"), [false, true, false, false, false, false]);
    // Counters: any value, any seat's or object's, even set to the value it had.
    assert_eq!(moved(&mut g, parts, "posse.obj_add(8, 'ammo', -1)"), [false, false, false, true, false, false]);
    assert!(moved(&mut g, parts, "posse.obj_set(8, 'ammo', posse.obj_get(8, 'ammo'))")[3]);
    assert_eq!(moved(&mut g, parts, "posse.set('score', 3, 2)"), [false, false, false, false, true, false]);
    assert!(moved(&mut g, parts, "posse.add('score', 1, 1)")[4]);
    assert!(moved(&mut g, parts, "posse.obj_set(1, 'wounds', 2)")[5]);
    // Reading changes nothing.
    let c = "posse.contents(posse.zone('armoury')); posse.obj_get(8, 'ammo'); posse.get('score', 1)";
    assert_eq!(moved(&mut g, parts, c), [false; 6]);
    // One value a part, in order; the same part twice reads the same.
    let v = eval(
        &mut g,
        "local a, b, c = posse.changes('zone:gear', 'counter:ammo', 'zone:gear') return a == c and b ~= nil",
    );
    assert_eq!(v, json!(true));
}

#[test]
fn the_map_count_moves_with_locks_and_breaches() {
    let mut g = crate::zonemap::game();
    let parts = "'map', 'zone:here'";
    let m = |g: &mut posse::Game, c: &str| moved(g, parts, c);
    assert_eq!(m(&mut g, "posse.lock('SHF', 'JAL')"), [true, false]);
    assert_eq!(m(&mut g, "posse.unlock('JAL', 'SHF')"), [true, false]);
    assert_eq!(m(&mut g, "posse.breach('JAL', 'S2')"), [true, false]);
    assert_eq!(m(&mut g, "local _ = posse.locked('JAL', 'SHF') and posse.neighbours('JAL')"), [false, false]);
}

#[test]
fn wrong_parts_are_named() {
    let mut g = new_game(&load_fixture("outfit"), 1, 2);
    let e = eval_err(&mut g, "return posse.changes('zone:nowhere')");
    assert!(e.contains("posse.changes: 'zone:nowhere' is not a part of the game"), "{e}");
    let e = eval_err(&mut g, "return posse.changes('ammo')");
    assert!(e.contains("'ammo' is not a part of the game: \"zone:ID\" or \"counter:ID\""), "{e}");
    let e = eval_err(&mut g, "return posse.changes('zone:gear', 7)");
    assert!(e.contains("posse.changes: argument 2: expected a part's name, got integer"), "{e}");
    let e = eval_err(&mut g, "return posse.changes()");
    assert!(e.contains("posse.changes: name a part"), "{e}");
}

#[test]
fn labels_may_not_read_change_counts() {
    // A label made for a seat reads the game, never its change counts (a number that moves
    // when a hidden hand changes would tell the seat what its labels must not).
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "labels_changes");
    edit(
        &root,
        "scripts/hilo/main.lua",
        "function() return { \"discard it\" } end",
        "function() posse.changes(\"counter:score\") return { \"discard it\" } end",
    );
    let c = Arc::new(Content::load(&root, "hilo").unwrap());
    let mut g = Game::new(c.clone(), Setup::new(&c, 1, None).unwrap()).unwrap();
    g.choose(1, &[1]).unwrap();
    g.choose(2, &[1]).unwrap();
    let r = g.next_request().unwrap();
    let e = r.try_labels().unwrap_err().to_string();
    assert!(e.contains("posse.changes: prompts and labels may not read change counters"), "{e}");
}

/// The "Move to ..." options of the pending question.
fn moves(g: &posse::Game) -> Vec<String> {
    sorted(options(g).into_iter().filter(|l| l.starts_with("Move to ")))
}

/// The "Move to ..." labels from zone `node` of High Noon's map, as the game writes them.
fn moves_from(g: &mut posse::Game, node: &str) -> Vec<String> {
    let v = LUA.list(
        g,
        &format!("local out = {{}} for i, n in ipairs(posse.neighbours('{node}')) do out[i] = 'Move to ' .. game.zone_name(n) end return out"),
    );
    sorted(v)
}

#[test]
fn goldfever_lists_follow_a_character_moved_by_a_plain_posse_move() {
    // Ted (SHF) with a Colt two bullets short: he may reload twice without moving.
    let mut g = turn("high_noon", 2, "ted", "strip('ted') give('ted', 'colt', 4)");
    let open = moves(&g);
    assert_eq!(open, moves_from(&mut g, "SHF"));
    assert!(open.iter().any(|l| l.contains("(JAL)")), "{open:?}");
    // A script locks the jail's cell door, then he reloads: the moves kept for where he
    // stands are not offered again.
    LUA.run(&mut g, "posse.lock('SHF', 'JAL')");
    pick(&mut g, "Reload your Colt");
    let shut = moves(&g);
    assert!(!shut.iter().any(|l| l.contains("(JAL)")), "{shut:?}");
    assert_eq!(shut, moves_from(&mut g, "SHF"));
    // A scenario's script moves him with posse.move, behind game.place's back, then he
    // reloads: his next list is made where he now stands.
    LUA.run(&mut g, "posse.move(ch('ted'), posse.zone('at', 'BAR'))");
    pick(&mut g, "Reload your Colt");
    assert_eq!(LUA.str(&mut g, "return where('ted')"), "BAR");
    assert_eq!(moves(&g), moves_from(&mut g, "BAR"));
}
