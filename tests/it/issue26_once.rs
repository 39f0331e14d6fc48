//! Issue 26: `posse.once`, a table a module builds from the content alone, built once a VM
//! and the same read-only table in every later game of that VM (sandbox.lua, "Kept
//! tables"). A game cannot write into it, its builder cannot change the game, and a reused
//! VM plays the games a fresh one plays.

use posse_tests::*;
use std::sync::Arc;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

/// hilo whose card values come from a kept table (built from the deck's definitions), and
/// whose builder says when it runs.
fn kept_hilo(name: &str, builder: &str) -> Arc<posse::Content> {
    let code = format!("local M = {{}}\nM.kept = posse.once('hilo.values', function()\n{builder}\nend)\n");
    let root = scratch_root(tmp(), name);
    edit(&root, "scripts/hilo/main.lua", "local M = {}\n", &code);
    edit(
        &root,
        "scripts/hilo/main.lua",
        "function M.value(obj) return posse.def(obj).props.value end",
        "function M.value(obj) return M.kept.value[posse.def_id(obj)] end",
    );
    Arc::new(posse::Content::load(&root, "hilo").unwrap_or_else(|e| panic!("{e}")))
}

const VALUES: &str = "print('built')
  local value = {}
  for _, c in ipairs(posse.contents(posse.zone('deck'))) do value[posse.def_id(c)] = posse.def(c).props.value end
  return { value = value, rounds = posse.data.rounds, list = { 1, 2, { 3 } }, data = posse.data }";

#[test]
fn a_kept_table_is_built_once_a_vm_and_a_game_cannot_write_into_it() {
    let c = kept_hilo("once_kept", VALUES);
    let mut g = new_game(&c, 1, 2);
    assert_eq!(g.printed(), vec!["built".to_string()]);
    for code in [
        "require('hilo.main').kept.list[1] = 9",
        "require('hilo.main').kept.list[3][1] = 9",
        "require('hilo.main').kept.value.high = 0",
        "require('hilo.main').kept.extra = {}",
        "rawset(require('hilo.main').kept.value, 'high', 0)",
        "setmetatable(require('hilo.main').kept, nil)",
    ] {
        let e = g.eval(code).unwrap_err().to_string();
        assert!(e.contains("read-only") || e.contains("protected metatable"), "{code}: {e}");
    }
    let read = "local k = require('hilo.main').kept
        local n = 0
        for _ in pairs(k.value) do n = n + 1 end
        return { k.list[1], k.list[3][1], #k.list, n, k.rounds, k.data == require('posse').data }";
    let before = g.eval(read).unwrap();
    assert_eq!(before, serde_json::json!([1, 3, 3, 3, 3, true]));
    // The next game of the VM finds it as it was, without building it again.
    let mut g = g.restart(posse::Setup::new(&c, 2, Some(2)).unwrap()).unwrap();
    assert!(g.printed().is_empty(), "built again: {:?}", g.printed());
    assert_eq!(g.eval(read).unwrap(), before);
    // Other seats: built again, for them.
    let g = g.restart(posse::Setup::new(&c, 3, Some(3)).unwrap()).unwrap();
    assert_eq!(g.printed(), vec!["built".to_string()]);
}

/// Batches reuse a VM; its kept tables must not change any game (other player counts
/// included, which build them again).
#[test]
fn a_reused_vm_with_kept_tables_plays_the_games_a_fresh_one_plays() {
    let c = kept_hilo("once_reused", VALUES);
    let mut previous: Option<posse::Game> = None;
    for (seed, players) in [(0, 2), (1, 2), (2, 3), (3, 3), (4, 2), (5, 2)] {
        let fresh = posse::sim::play_random(&c, seed, Some(players)).unwrap();
        let reused = posse::sim::play_random_reusing(&c, seed, Some(players), previous.take()).unwrap();
        assert_eq!(fresh.state_hash(), reused.state_hash(), "seed {seed}, {players} players");
        assert_eq!(fresh.choices(), reused.choices());
        previous = Some(reused);
    }
}

#[test]
fn a_builder_may_read_the_game_but_not_change_it() {
    for (name, builder, says) in [
        ("once_move", "posse.move(posse.at(posse.zone('deck')), posse.zone('discard')) return {}", "posse.move"),
        ("once_random", "return { posse.random(6) }", "posse.random"),
        ("once_math_random", "return { math.random(6) }", "math.random"),
        ("once_log", "posse.log('hello') return {}", "posse.log"),
        ("once_function", "return { f = function() end }", "holds a function"),
        ("once_metatable", "return { setmetatable({}, {}) }", "holds a table with a metatable"),
        ("once_key", "return { [{}] = 1 }", "a key of type table"),
        ("once_value", "return 7", "returned a number, not a table"),
    ] {
        let c = kept_hilo(name, builder);
        let setup = posse::Setup::new(&c, 1, Some(2)).unwrap();
        let e = posse::Game::new(c.clone(), setup).err().unwrap_or_else(|| panic!("{name}: no error")).to_string();
        assert!(e.contains(says), "{name}: {e}");
    }
}

/// A table asked for in the middle of a game (a module required late, or code run then)
/// is built then, for that game alone: the game's state at that moment is not kept.
#[test]
fn a_table_built_in_the_middle_of_a_game_is_not_kept() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let code = "local posse = require 'posse'
        local a = posse.once('late', function() return { n = 1 } end)
        local b = posse.once('late', function() return { n = 2 } end)
        return { a.n, b.n, (pcall(function() a.n = 3 end)) }";
    assert_eq!(g.eval(code).unwrap(), serde_json::json!([1, 2, false]));
}
