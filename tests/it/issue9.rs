//! Issue 9, hardening: one test per finding of the review that attacked posse as a hostile
//! content author, each from its smallest reproduction, asserting the safe outcome (a clear
//! error within a bounded time, no abort, the same game in every process). The REPL's
//! findings (saves, secrets at the keyboard) are tested in the `posse` crate.

use posse::{Content, Game, Record, Setup};
use posse_tests::*;
use std::sync::Arc;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

fn game() -> Game {
    new_game(&load_fixture("hilo"), 1, 2)
}

fn value(code: &str) -> serde_json::Value {
    game().eval(code).unwrap_or_else(|e| panic!("{code:?}: {e}"))
}

/// The error of `code` (which must fail: a loop the budget counts ends by its count).
fn fails(code: &str) -> String {
    match game().eval(code) {
        Ok(v) => panic!("{code:?} should fail, returned {v}"),
        Err(e) => e.to_string(),
    }
}

/// A renderer that runs `code` before drawing.
fn rendering(name: &str, code: &str) -> Game {
    let c = edited_hilo(
        tmp(),
        name,
        "scripts/hilo/render.lua",
        "return function(view)",
        &format!("{code}\nreturn function(view)"),
    );
    new_game(&c, 1, 2)
}

// ------------------------------------------------- 1. C loops the budget cannot stop

#[test]
fn f1_string_rep_of_nothing_ends_at_once() {
    assert_eq!(value("return string.rep('', math.maxinteger)"), "");
    assert_eq!(value("return ('').rep('', math.maxinteger, '')"), "");
    assert_eq!(value("return string.rep('', '9e18')"), "");
    // Lua's own answers and errors otherwise.
    assert_eq!(value("return string.rep('ab', 3, ',')"), "ab,ab,ab");
    assert_eq!(value("return string.rep('', 3, ',')"), ",,");
    let e = fails("return string.rep('', 2.5)");
    assert!(e.contains("number has no integer representation"), "{e}");
    let g = rendering("render_rep", "local s = string.rep('', math.maxinteger)");
    assert!(g.render(Some(1)).is_ok());
}

#[test]
fn f1_table_concat_through_a_c_index_counts_its_steps() {
    // Not a tail call, so that the script's line is on the stack to be named.
    let e = fails("local s = table.concat(setmetatable({}, {__index = table.concat}), '', 1, math.maxinteger)");
    // The budget stops it by its count.
    assert!(e.starts_with("eval:1: ") && e.contains("work limit exceeded"), "{e}");
    let g = rendering(
        "render_concat",
        "local s = table.concat(setmetatable({}, {__index = table.concat}), '', 1, math.maxinteger)",
    );
    let e = g.render(Some(1)).unwrap_err().to_string();
    assert!(e.starts_with("scripts/hilo/render.lua:1: ") && e.contains("work limit exceeded"), "{e}");
}

#[test]
fn f1_every_table_walk_through_metamethods_counts_its_steps() {
    // Each walks a table whose elements come from C functions or whose length is huge: in
    // C no instruction would be counted and none would end. Each ends by its count.
    for code in [
        "getmetatable('').__index = string.rep local n = select('#', table.unpack('abc', 1, 999999))",
        "local t = setmetatable({}, {__len = function() return math.maxinteger // 2 end}) table.insert(t, 1, 'x')",
        "local t = setmetatable({}, {__len = function() return math.maxinteger // 2 end}) table.remove(t, 1)",
        "local t = setmetatable({}, {__index = rawlen}) table.move(t, 1, math.maxinteger // 2, 2)",
        "local t = setmetatable({}, {__index = function() return '' end}) table.concat(t, '', 1, math.maxinteger)",
    ] {
        let e = fails(code);
        assert!(
            e.starts_with("eval:1: ") && e.contains("work limit exceeded") || e.starts_with("memory limit"),
            "{code}: {e}"
        );
    }
    // Through metamethods they give what Lua's own give.
    assert_eq!(
        value(
            "local log = {}
             local t = setmetatable({}, {__index = function(_, i) return 'v' .. i end,
                                         __len = function() return 3 end,
                                         __newindex = function(t, k, v) log[#log + 1] = k rawset(t, k, v) end})
             local a = table.concat(t, ',')
             local b = {table.unpack(t)}
             table.insert(t, 2, 'new')
             local moved = table.move(setmetatable({1, 2, 3}, {}), 1, 3, 2)
             return {a, b, log, moved, table.remove(setmetatable({1, 2, 3}, {}), 1)}"
        ),
        serde_json::json!(["v1,v2,v3", ["v1", "v2", "v3"], [4, 3, 2], [1, 1, 2, 3], 1])
    );
}

#[test]
fn f1_gsub_replacements_are_bounded_by_the_matches() {
    let e = fails("local s = (('x'):rep(3e7)):gsub('', ('%0'):rep(100))");
    assert!(e.contains("string.gsub: a replacement of 200 characters") && e.contains("eval:1"), "{e}");
    assert_eq!(value("return (('ab'):rep(3)):gsub('a', '<%0>')"), "<a>b<a>b<a>b");
}

// ----------------------------------------------------- 2. host memory outside Lua's

#[test]
fn f2_names_a_script_gives_seats_are_bounded() {
    for f in ["set_role", "set_team"] {
        let e = fails(&format!(
            "local posse = require 'posse' local s = ('x'):rep(100 << 20) for i = 1, 2 do posse.{f}(i, s) end"
        ));
        assert!(e.contains(&format!("posse.{f}: a name of 104857600 bytes (at most 256)")), "{e}");
    }
    assert_eq!(value("local posse = require 'posse' posse.set_role(1, ('r'):rep(256)) return #posse.role(1)"), 256);
}

/// The hilo fixture whose result is `result` (a Lua expression).
fn ending_with(name: &str, result: &str) -> Result<Game, String> {
    let c = edited_hilo(
        tmp(),
        name,
        "scripts/hilo/main.lua",
        "return { winners = winners, scores = scores, reason = \"most points\" }",
        &format!("return {result}"),
    );
    counted_play(&c, 4, 2)
}

#[test]
fn f2_a_result_is_bounded() {
    let e = ending_with("long_reason", "{ winners = {1}, reason = ('r'):rep(100 << 20) }").err().unwrap();
    assert!(e.contains("result.reason: 104857600 bytes (at most 4096)"), "{e}");
    let e = ending_with(
        "many_winners",
        "{ winners = (function() local w = {} for i = 1, 1e6 do w[i] = 1 end return w end)() }",
    )
    .err()
    .unwrap();
    assert!(e.contains("result.winners: 1000000 seats listed, the game has 2"), "{e}");
    let e = ending_with(
        "many_scores",
        "{ winners = {1}, scores = (function() local s = {} for i = 1, 1e6 do s[i] = 0 end return s end)() }",
    )
    .err()
    .unwrap();
    assert!(e.contains("result.scores: seat 3 does not exist"), "{e}");
    let g = ending_with("fine_result", "{ winners = {2}, scores = {[1] = 4, [2] = 9}, reason = 'fine' }").unwrap();
    assert_eq!(g.result().unwrap().line(), "result: winners=2 scores=1:4,2:9 reason=\"fine\"");
}

#[test]
fn f2_a_decision_asks_each_seat_once_before_anything_is_copied() {
    let c = edited_hilo(
        tmp(),
        "many_requests",
        "scripts/hilo/main.lua",
        "function M.play()",
        "function M.play()\n  local r = {} for i = 1, 1e5 do r[i] = { seat = 1, options = { 'a' } } end posse.choose_each(r)",
    );
    let setup = Setup::new(&c, 1, Some(2)).unwrap();
    let e = Game::new(c, setup).err().unwrap().to_string();
    assert!(e.contains("posse.choose_each: at most one request per seat"), "{e}");
}

#[test]
fn f2_a_view_and_an_error_message_are_bounded() {
    let c = edited_hilo(
        tmp(),
        "big_view",
        "scripts/hilo/render.lua",
        "return function(view)",
        "return function(view) if true then return ('v'):rep(2 << 20) end",
    );
    let e = new_game(&c, 1, 2).render(Some(1)).unwrap_err().to_string();
    assert!(e.contains("the renderer returned 2097152 bytes for one view (at most 1 MiB)"), "{e}");
    let e = fails("error(('x'):rep(1 << 20))");
    assert!(e.len() < posse::limits::ERROR_BYTES + 100 && e.ends_with("bytes more)"), "{}", &e[e.len() - 40..]);
    // A message as large as Lua's memory fails as memory, never in the host.
    let e = fails("error(('x'):rep(200 << 20))");
    assert!(e.starts_with("memory limit exceeded"), "{e}");
}

// --------------------------------------------------------------- 3. content sizes

fn load_err(root: &std::path::Path, id: &str) -> String {
    match Content::load(root, id) {
        Ok(_) => panic!("the content should not load"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn f3_a_huge_count_is_an_error_at_its_line() {
    for (name, count) in [("count_max", "18446744073709551615"), ("count_200m", "200000000")] {
        let root = scratch_root(tmp(), name);
        edit(&root, "scenarios/hilo/short.yaml", "  high: {count: 0}", &format!("  high: {{count: {count}}}"));
        let e = load_err(&root, "hilo/short");
        assert!(e.starts_with("scenarios/hilo/short.yaml:7:17: high:") && e.contains("at most 100000"), "{e}");
        let root = scratch_root(tmp(), &format!("{name}_base"));
        edit(
            &root,
            "scenarios/hilo/cards.yaml",
            "    count: 4\n    props: {value: 3}",
            &format!("    count: {count}\n    props: {{value: 3}}"),
        );
        let e = load_err(&root, "hilo");
        assert!(e.starts_with("scenarios/hilo/cards.yaml:13:12: high:") && e.contains("objects in all"), "{e}");
    }
}

#[test]
fn f3_dice_boards_zones_and_counters_are_capped() {
    for (name, from, to, want) in [
        (
            "dice_count",
            "{id: d6, count: 2,",
            "{id: d6, count: 18446744073709551615,",
            ":19:1: 18446744073709551615 dice: a game has at most 1000",
        ),
        (
            "dice_faces",
            "faces: [\"1\",",
            "faces: [\"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"1\",",
            "",
        ),
        (
            "grid",
            "  nodes: [a, b, c]",
            "  grid: {width: 100000, height: 100000}\n  nodes: [a, b, c]",
            ":23:3: 10000000003 board nodes: a board has at most 100000",
        ),
    ] {
        let root = scratch_root(tmp(), name);
        edit(&root, "scenarios/hilo/game.yaml", from, to);
        if want.is_empty() {
            assert!(Content::load(&root, "hilo").is_ok(), "{name}");
            continue;
        }
        let e = load_err(&root, "hilo");
        assert!(e.starts_with("scenarios/hilo/game.yaml") && e.contains(want), "{name}: {e}");
    }
    // Zones one per node of a big board, many times over.
    let root = scratch_root(tmp(), "zones");
    let many: String = (0..20).map(|i| format!("  - {{id: z{i}, per_node: true, visibility: public}}\n")).collect();
    edit(&root, "scenarios/hilo/game.yaml", "counters:\n", &format!("{many}counters:\n"));
    edit(
        &root,
        "scenarios/hilo/game.yaml",
        "  nodes: [a, b, c]",
        "  grid: {width: 100, height: 100}\n  nodes: [a, b, c]",
    );
    let e = load_err(&root, "hilo");
    assert!(e.contains("zones at 3 players: a game has at most 100000"), "{e}");
}

// ------------------------------------------------------------------- 4. parsing

#[test]
fn f4_deep_yaml_is_refused_at_once() {
    let deep = "{a: ".repeat(100_000);
    let root = scratch_root(tmp(), "deep_game");
    std::fs::write(root.join("scenarios/hilo/game.yaml"), &deep).unwrap();
    let e = load_err(&root, "hilo");
    assert!(e.starts_with("scenarios/hilo/game.yaml:1:257: nested more than 64 levels deep"), "{e}");
    // Listing games reads each game.yaml too.
    let listed = Content::list(&root).unwrap();
    assert_eq!(listed.iter().filter(|id| id.starts_with("hilo")).collect::<Vec<_>>(), ["hilo"]);
    let e = Record::from_yaml(&format!("posse_save: 1\ngame: {deep}"), "deep.yaml").unwrap_err().to_string();
    // The save's own map is the first level.
    assert!(e.starts_with("deep.yaml:2:259: nested more than 64 levels deep"), "{e}");
    let e = Record::from_yaml(&"- ".repeat(100_000), "block.yaml").unwrap_err().to_string();
    assert!(e.starts_with("block.yaml:1:129: nested"), "{e}");
}

#[test]
fn f4_files_are_read_up_to_their_limit() {
    let e = Record::load(std::path::Path::new("/dev/zero")).unwrap_err().to_string();
    assert_eq!(e, "/dev/zero: cannot read: not a regular file (expected a posse save file)");
    let root = scratch_root(tmp(), "huge_file");
    let big = root.join("huge.yaml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(posse::limits::SAVE_FILE_BYTES + 1).unwrap();
    let e = Record::load(&big).unwrap_err().to_string();
    assert!(e.contains("67108865 bytes is too large (at most 64 MiB)"), "{e}");
    let lua = root.join("scripts/hilo/main.lua");
    std::fs::File::options().append(true).open(&lua).unwrap().set_len(posse::limits::CONTENT_FILE_BYTES + 1).unwrap();
    let e = load_err(&root, "hilo");
    assert!(e.starts_with("scripts/hilo/main.lua: 8388609 bytes is too large (at most 8 MiB)"), "{e}");
}

#[test]
fn f4_a_file_that_is_not_text_names_its_line() {
    let root = scratch_root(tmp(), "not_utf8");
    let cards = root.join("scenarios/hilo/cards.yaml");
    let mut bytes = std::fs::read(&cards).unwrap();
    bytes.splice(30..30, [b'x', 0xff]);
    std::fs::write(&cards, bytes).unwrap();
    let e = load_err(&root, "hilo");
    assert_eq!(e, "scenarios/hilo/cards.yaml:4: not UTF-8 text (byte 3 of the line)");
}

#[test]
fn f4_a_save_names_its_seats_plainly() {
    let save =
        |seats: &str| format!("posse_save: 1\ngame: hilo\ncontent_hash: \"0\"\nseed: 1\nseats: {seats}\nchoices: []\n");
    let e = Record::from_yaml(&save("[\"a\\u001b[2J\"]"), "s.yaml").unwrap_err().to_string();
    assert!(e.contains("is not a seat name"), "{e}");
    let many = format!("[{}]", (0..65).map(|i| format!("p{i}")).collect::<Vec<_>>().join(", "));
    let e = Record::from_yaml(&save(&many), "s.yaml").unwrap_err().to_string();
    assert!(e.contains("expected 1 to 64 seats, not 65"), "{e}");
    assert!(Record::from_yaml(&save("[Ann, Bo]"), "s.yaml").is_ok());
}

// ------------------------------------------------------- 6. run-dependent games

#[test]
fn f6_a_metatable_cannot_become_weak_afterwards() {
    for code in [
        "local mt = {} local t = setmetatable({}, mt) mt.__mode = 'k'",
        "local mt = {} local t = setmetatable({}, mt) rawset(mt, '__mode', 'k')",
        "local mt = {} setmetatable({}, mt) setmetatable(mt, {__newindex = function(t, k, v) rawset(t, k, v) end})",
    ] {
        let e = fails(code);
        assert!(e.contains("weak tables (__mode) are not allowed") && e.contains("eval:1"), "{code}: {e}");
    }
    // A class inheriting from another: the value's metatable is a copy of the class's
    // metamethods, and getmetatable still answers the class.
    assert_eq!(
        value(
            "local Base = {} Base.__index = Base
             function Base.hello() return 'hello' end
             local Derived = setmetatable({}, Base) Derived.__index = Derived
             Derived.__tostring = function() return 'a derived' end
             local o = setmetatable({}, Derived)
             Derived.__mode = 'k'
             return {o.hello(), tostring(o), getmetatable(o) == Derived, getmetatable(Derived) == Base,
                     getmetatable(Base) == nil}"
        ),
        serde_json::json!(["hello", "a derived", true, true, true])
    );
    // A protected metatable stays protected through the copy.
    let e = fails(
        "local Base = {} local C = setmetatable({__metatable = 'locked'}, Base)
         local o = setmetatable({}, C) assert(getmetatable(o) == 'locked') setmetatable(o, nil)",
    );
    assert!(e.contains("cannot change a protected metatable"), "{e}");
}

#[test]
fn f6_pairs_and_next_walk_keys_in_order() {
    assert_eq!(
        value(
            "local t = {b = 1, a = 2, [3] = 3, [1.5] = 4, [true] = 5, [false] = 6, c = 7}
             t.c = nil
             local keys = {}
             for k in pairs(t) do keys[#keys + 1] = tostring(k) end
             local walked, k = {}, nil
             repeat k = next(t, k) walked[#walked + 1] = tostring(k) until k == nil
             return {table.concat(keys, ' '), table.concat(walked, ' '), next({}) == nil}"
        ),
        serde_json::json!(["false true 1.5 3 a b", "false true 1.5 3 a b nil", true])
    );
    let e = fails("local t = {[{}] = 1}\nfor k in pairs(t) do end");
    assert!(e.starts_with("eval:2: pairs: a table with a key of type table has no fixed order"), "{e}");
    // posse.data walks in order too, and spairs is pairs.
    assert_eq!(value("local posse = require 'posse' return posse.spairs == pairs"), true);
}

/// A game that walks a table with pairs: Lua seeds its string hash per process, so the
/// order of pairs (and with it the game) used to change from one process to the next.
#[test]
fn f6_a_game_walking_a_table_is_the_same_in_two_processes() {
    let c = edited_hilo(
        tmp(),
        "pairs_game",
        "scripts/hilo/main.lua",
        "    posse.roll()\n",
        "    posse.roll()\n    local seen = {}\n    for i = 1, 40 do seen['key' .. i] = i end\n    \
         for k, v in pairs(seen) do if v % 7 == round then posse.log(k) posse.roll() end end\n",
    );
    determinism_in_child_process(&c, "pairs_game");
}

/// Runs [`f6_child`] in another process with the same content and compares state hashes.
fn determinism_in_child_process(c: &Arc<Content>, name: &str) {
    let here = posse::sim::play_random(c, 11, Some(2)).unwrap().state_hash();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "issue9::f6_child", "--nocapture", "--test-threads=1"])
        .env("POSSE_CHILD_ROOT", c.root.as_os_str())
        .env("POSSE_CHILD_NAME", name)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let there = text.split("child-hash: ").nth(1).and_then(|t| t.get(..16)).unwrap_or_else(|| panic!("{text}"));
    assert_eq!(format!("{here:016x}"), there, "two processes disagree");
}

#[test]
fn f6_child() {
    let Some(root) = std::env::var_os("POSSE_CHILD_ROOT") else { return };
    let c = Arc::new(Content::load(std::path::Path::new(&root), "hilo").unwrap());
    let g = posse::sim::play_random(&c, 11, Some(2)).unwrap();
    println!("child-hash: {:016x}", g.state_hash());
}

// ------------------------------------------------------------ 7. addresses in messages

#[test]
fn f7_an_error_value_with_a_name_shows_no_address() {
    let e = fails("error(setmetatable({}, {__name = 'my card'}))");
    assert_eq!(e, "error raised with a value named \"my card\" instead of a message");
    let e = fails("error(coroutine.create(print))");
    assert_eq!(e, "error raised with a thread value instead of a message");
}
