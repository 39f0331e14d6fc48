//! The sandbox: one test per thing a script may not reach, and the step budgets.

use posse_tests::*;

fn game() -> posse::Game {
    new_game(&load_fixture("hilo"), 1, 2)
}

use posse_tests::{hilo_fails as fails, hilo_value as value};

#[test]
fn no_io() {
    assert_eq!(value("return io == nil"), true);
    assert!(fails("io.open('/etc/passwd')").contains("io"));
}

#[test]
fn no_os_no_clock_no_processes() {
    assert_eq!(value("return os == nil"), true);
    assert!(fails("return os.time()").contains("os"));
    assert!(fails("return os.execute('true')").contains("os"));
}

#[test]
fn no_debug_library() {
    assert_eq!(value("return debug == nil"), true);
}

#[test]
fn no_package_and_no_loading_from_disk() {
    assert_eq!(value("return package == nil and dofile == nil and loadfile == nil"), true);
    let e = fails("return require 'io'");
    assert!(e.contains("module 'io' not found"), "{e}");
    let e = fails("return require '../../etc/passwd'");
    assert!(e.contains("not found"), "{e}");
    // The game's own modules and the posse module are what require reaches.
    assert_eq!(value("return type(require 'hilo.main') == 'table' and require 'posse' ~= nil"), true);
}

#[test]
fn no_code_from_strings_and_no_binary_chunks() {
    assert_eq!(value("return load == nil and string.dump == nil"), true);
    assert!(fails("return ('x'):dump()").contains("dump"));
}

#[test]
fn binary_chunk_files_are_refused() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "binary_chunk");
    std::fs::write(root.join("scripts/hilo/main.lua"), b"\x1bLua\x54\x00rest-of-a-binary-chunk").unwrap();
    let Err(e) = posse::Content::load(&root, "hilo") else { panic!("a binary chunk was loaded") };
    let e = e.to_string();
    assert!(e.contains("binary") || e.contains("attempt to load"), "{e}");
}

#[test]
fn no_unseeded_randomness() {
    assert_eq!(value("return math.randomseed == nil"), true);
    // math.random draws from the game's seeded RNG: same seed, same numbers.
    let a = value("local t = {} for i = 1, 10 do t[i] = math.random(1, 100) end return t");
    let b = value("local t = {} for i = 1, 10 do t[i] = math.random(1, 100) end return t");
    assert_eq!(a, b);
    let c = new_game(&load_fixture("hilo"), 2, 2)
        .eval("local t = {} for i = 1, 10 do t[i] = math.random(1, 100) end return t");
    assert_ne!(a, c.unwrap());
}

#[test]
fn no_garbage_collector_control() {
    assert_eq!(value("return collectgarbage == nil"), true);
}

#[test]
fn endless_loop_hits_the_work_limit() {
    let e = fails("local n = 0\nwhile true do n = n + 1 end");
    assert!(e.contains("work limit exceeded"), "{e}");
    assert!(e.contains("eval:2"), "the message names the chunk and line: {e}");
}

#[test]
fn memory_hog_hits_the_memory_limit() {
    let e = fails("local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1 << 20) .. i end");
    assert!(e.contains("memory limit"), "{e}");
}

#[test]
fn data_is_read_only() {
    let e = fails("local posse = require 'posse' posse.data.rounds = 9");
    assert!(e.contains("read-only"), "{e}");
    let e = fails("local posse = require 'posse' setmetatable(posse.data, nil)");
    assert!(e.contains("protected metatable"), "{e}");
    assert_eq!(value("return getmetatable(require('posse').data)"), false);
}

#[test]
fn data_stays_read_only_through_pairs_and_rawset() {
    // The state pairs() hands the loop is not the table behind the data.
    let e = fails("local posse = require 'posse' local _, t = pairs(posse.data) t.rounds = 9");
    assert!(e.contains("read-only"), "{e}");
    let e = fails("local posse = require 'posse' rawset(posse.data, 'rounds', 9)");
    assert!(e.contains("read-only"), "{e}");
    // pairs still lists every key, and rawset still works on the script's own tables.
    assert_eq!(value("local n = 0 for k, v in pairs(require('posse').data) do n = n + 1 end return n > 0"), true);
    assert_eq!(value("local t = {} rawset(t, 'a', 1) return t.a"), 1);
}

#[test]
fn decisions_only_from_the_flow() {
    let e = fails("local posse = require 'posse' return posse.choose(1, 'x', {'a'})");
    assert!(e.contains("only be made from the game flow"), "{e}");
}

#[test]
fn print_goes_to_debugging_output_not_to_seats() {
    let mut g = game();
    g.eval("print('secret', 42)").unwrap();
    assert_eq!(g.printed(), vec!["secret\t42"]);
    assert!(g.log_lines(None).iter().all(|l| !l.contains("secret")));
}

#[test]
fn the_renderer_has_no_game_state() {
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "renderer_state",
        "scripts/hilo/render.lua",
        "return function(view)",
        "local posse = require 'posse'\nreturn function(view)",
    );
    let g = new_game(&c, 1, 2);
    let e = g.render(Some(1)).unwrap_err().to_string();
    assert!(e.contains("scripts/hilo/render.lua:1:") && e.contains("module 'posse' not found"), "{e}");
}

#[test]
fn the_renderer_has_no_randomness() {
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "renderer_random",
        "scripts/hilo/render.lua",
        "return function(view)",
        "return function(view) math.random(2)",
    );
    let e = new_game(&c, 1, 2).render(Some(1)).unwrap_err().to_string();
    assert!(e.contains("scripts/hilo/render.lua:1:"), "{e}");
}

#[test]
fn counter_errors_name_the_script_line() {
    let e = fails("local posse = require 'posse'\nlocal v = posse.get(nil)\nreturn v");
    assert!(e.contains("eval:2") && e.contains("expected a counter name"), "{e}");
    let e = fails("local posse = require 'posse'\nreturn posse.add('score', 1)");
    assert!(e.contains("counter 'score' is per seat"), "{e}");
    assert_eq!(value("local posse = require 'posse' posse.add('score', 5, 2) return posse.get('score', 2)"), 5);
}

#[test]
fn the_step_budget_cannot_be_caught() {
    for catcher in [
        "pcall(function() while true do end end)",
        "xpcall(function() while true do end end, function(m) return m end)",
        "coroutine.resume(coroutine.create(function() while true do end end))",
    ] {
        let e = fails(&format!("while true do {catcher} end"));
        assert!(e.contains("work limit exceeded"), "{catcher}: {e}");
    }
    // Below the budget, catching works as usual.
    assert_eq!(value("local ok, e = pcall(error, 'x', 0) return {ok, e}"), serde_json::json!([false, "x"]));
}

#[test]
fn long_loops_inside_c_are_bounded() {
    let e = fails("return string.find(('a'):rep(28), ('a*'):rep(28) .. 'b')");
    assert!(e.contains("string.find") && e.contains("step budget"), "{e}");
    let e = fails("return (('a'):rep(100000)):match('.-b')");
    assert!(e.contains("string.match"), "{e}");
    let e = fails("return table.move({}, 1, 1e13, 2)");
    assert!(e.contains("table.move"), "{e}");
    assert_eq!(value("return {('key=value'):match('(%w+)=(%w+)')}"), serde_json::json!(["key", "value"]));
    assert_eq!(value("return ('x'):rep(5):find('xx', 1, true)"), 1);
}

#[test]
fn no_finalizers() {
    let e = fails("setmetatable({}, {__gc = function() end})");
    assert!(e.contains("__gc"), "{e}");
}

#[test]
fn the_log_is_bounded_too() {
    let e = fails("local posse = require 'posse' local s = ('x'):rep(1 << 20) for i = 1, 100 do posse.log(s) end");
    assert!(e.contains("the log is full"), "{e}");
}

#[test]
fn counters_do_not_overflow() {
    let e = fails("local posse = require 'posse' posse.add('score', math.maxinteger, 1) posse.add('score', 1, 1)");
    assert!(e.contains("overflow"), "{e}");
}

#[test]
fn a_view_draws_the_same_whatever_was_drawn_before() {
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "renderer_memory",
        "scripts/hilo/render.lua",
        "return function(view)",
        "drawn = 0\nreturn function(view) drawn = drawn + 1 if drawn > 1 then return 'again' end",
    );
    let g = new_game(&c, 1, 2);
    let first = g.render(Some(1)).unwrap();
    assert_eq!(g.render(Some(1)).unwrap(), first);
}

// ------------------------------------------------------------- batches and the watchdog
// Batch games (random bots in the flow) run without the count hook under the watchdog
// (engine/src/lua/watchdog.rs). Whatever a step does, the outcome is that of counted play.

/// The hilo fixture with `code` run in the flow at the start of round 2.
fn hilo_running(name: &str, code: &str) -> std::sync::Arc<posse::Content> {
    let to = format!("posse.roll()\n    if round == 2 then {code} end");
    edited_hilo(env!("CARGO_TARGET_TMPDIR"), name, "scripts/hilo/main.lua", "posse.roll()", &to)
}

#[test]
fn a_batch_game_stuck_in_a_loop_fails_as_counted_play_does() {
    let c = hilo_running("batch_endless", "while true do end");
    let Err(batch) = posse::sim::play_random(&c, 3, Some(2)) else { panic!("an endless loop ended") };
    let batch = batch.to_string();
    assert!(batch.contains("work limit exceeded"), "{batch}");
    assert!(batch.contains("scripts/hilo/main.lua:22"), "the message names the line: {batch}");
    let Err(counted) = counted_play(&c, 3, 2) else { panic!("an endless loop ended") };
    assert_eq!(batch, counted);
    // The batch carries on with the next games.
    let report = posse::sim::run(&c, 2, 3, Some(2), 1);
    assert_eq!(report.errors.len(), 2);
    assert!(report.errors[0].message.contains("work limit exceeded"));
}

#[test]
fn a_long_step_within_the_budget_gives_the_game_counted_play_gives() {
    // About 75 million instructions: within the budget, longer than the watchdog waits on
    // this machine.
    let c = hilo_running("batch_long", "local x = 0 for i = 1, 2.5e7 do x = x + (i % 7) end posse.set('round', 2)");
    // Whether the watchdog stopped the first run depends on the machine's speed (it does
    // here); the game does not.
    let batch = posse::sim::play_random(&c, 5, Some(2)).unwrap();
    let counted = counted_play(&c, 5, 2).unwrap();
    assert_eq!(batch.choices(), counted.choices());
    assert_eq!(batch.state_hash(), counted.state_hash());
}

#[test]
fn coroutines_made_in_a_batch_game_count_their_steps() {
    for (name, code) in [
        ("batch_wrap", "coroutine.wrap(function() while true do end end)()"),
        ("batch_create", "coroutine.resume(coroutine.create(function() while true do end end))"),
    ] {
        let c = hilo_running(name, code);
        let Err(e) = posse::sim::play_random(&c, 1, Some(2)) else { panic!("{code}: an endless loop ended") };
        let e = e.to_string();
        assert!(e.contains("work limit exceeded") && e.contains("main.lua:22"), "{code}: {e}");
    }
    // coroutine.wrap still passes errors and values on as Lua's does.
    let v = value(
        "local f = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) error('boom ' .. b) end)
         local first = f(1)
         local ok, e = pcall(f, 'x')
         return {first, ok, e}",
    );
    assert_eq!(v[0], 2);
    assert_eq!(v[1], false);
    assert!(v[2].as_str().unwrap().ends_with("boom x"), "{v}");
    // As in Lua: the caller's position before the coroutine's; a bad argument names the
    // script's line; calling a wrapped function from inside itself is refused.
    let e = fails("local f = coroutine.wrap(function() error('x') end)\nf()");
    assert_eq!(e, "eval:2: eval:1: x");
    let e = fails("coroutine.create(1)");
    assert!(e.starts_with("eval:1: bad argument #1 to 'create' (function expected, got number)"), "{e}");
    let e = fails("local f\nf = coroutine.wrap(function() f() end)\nf()");
    assert!(e.contains("cannot resume non-suspended coroutine"), "{e}");
}

#[test]
fn an_error_without_a_message_says_what_and_where() {
    // Lua would print the table's address, which changes from one process to the next.
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "error_table",
        "scripts/hilo/main.lua",
        "posse.roll()",
        "posse.roll()\n    if round == 2 then error({}) end",
    );
    let mut g = new_game(&c, 1, 2);
    let e = loop {
        let Some(r) = g.next_request() else { panic!("the game should fail in round 2") };
        let (seat, picks) = (r.seat, vec![1]);
        if let Err(e) = g.choose(seat, &picks) {
            break e.to_string();
        }
    };
    assert_eq!(e, "scripts/hilo/main.lua:22: error raised with a table value instead of a message");
    // A table with __tostring is its own message.
    let custom = fails("error(setmetatable({}, {__tostring = function() return 'custom' end}))");
    assert_eq!(custom, "custom");
}

#[test]
fn a_batch_game_left_at_a_decision_goes_on_counted() {
    // The flow yields a decision the in-flow bots do not answer, then loops forever: the
    // game continued by hand must still fail at the budget, as counted play does.
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "batch_left",
        "scripts/hilo/main.lua",
        "function M.play()",
        "function M.play()\n  coroutine.yield(1, 'Go on?', { 'yes' })\n  while true do end",
    );
    let setup = posse::Setup::new(&c, 1, Some(2)).unwrap();
    let mut g = posse::Game::new_with_random_bots(c.clone(), setup).unwrap();
    assert_eq!(g.next_request().map(|r| r.seat), Some(1));
    let e = g.choose(1, &[1]).unwrap_err().to_string();
    assert!(e.contains("work limit exceeded"), "{e}");
}

/// Lua's C sort takes a pivot from the clock when a partition comes out unbalanced; the
/// sandbox's sort never does. An input built to unbalance it sorts the same every time.
#[test]
fn table_sort_never_reads_the_clock() {
    let code = r#"
local N = 3000
local val, gas, nsolid, cand = {}, N + 1, 0, nil
for i = 1, N do val[i] = gas end
local t = {} for i = 1, N do t[i] = i end
table.sort(t, function(x, y)
  if val[x] == gas and val[y] == gas then
    if x == cand then val[x] = nsolid else val[y] = nsolid end
    nsolid = nsolid + 1
  end
  if val[x] == gas then cand = x elseif val[y] == gas then cand = y end
  return val[x] < val[y]
end)
local orders = {}
for k = 1, 3 do
  local a = {} for i = 1, N do a[i] = {v = val[i] // 20, id = i} end
  table.sort(a, function(x, y) return x.v < y.v end)
  local h = 0 for i = 1, N do h = (h * 31 + a[i].id) % 1000000007 end
  orders[k] = h
end
return orders
"#;
    let first = value(code);
    assert_eq!(first[0], first[1], "{first}");
    assert_eq!(first[1], first[2], "{first}");
    assert_eq!(value(code), first, "another VM sorts the same");
}

#[test]
fn table_sort_sorts_as_lua_does() {
    assert_eq!(
        value("local t = {5, 3, 9, 1, 3, 8, 2} table.sort(t) return t"),
        serde_json::json!([1, 2, 3, 3, 5, 8, 9])
    );
    assert_eq!(
        value("local t = {'b', 'c', 'a'} table.sort(t, function(a, b) return a > b end) return t"),
        serde_json::json!(["c", "b", "a"])
    );
    assert_eq!(
        value(
            "local t = {} for i = 1, 500 do t[i] = (i * 7919) % 503 end table.sort(t)
               for i = 2, #t do if t[i - 1] > t[i] then return false end end return #t"
        ),
        500
    );
    let e = fails("table.sort({5, 4, 3, 2, 1, 6, 7}, function(a, b) return true end)");
    assert!(e.contains("invalid order function for sorting"), "{e}");
    let e = fails("table.sort({3, nil, 1, 2})");
    assert!(e.contains("attempt to compare") && !e.contains("posse.sandbox"), "{e}");
    let e = fails("table.sort({2, 1}, 3)");
    assert!(e.contains("bad argument #2 to 'sort'"), "{e}");
}

#[test]
fn no_weak_tables() {
    let e = fails("setmetatable({}, {__mode = 'k'})");
    assert!(e.contains("weak tables"), "{e}");
}

/// Addresses differ from run to run, so scripts never see them.
#[test]
fn no_addresses() {
    assert_eq!(
        value("return {tostring({}), tostring(print), tostring(coroutine.create(function() end)),
                       string.format('%s|%s', {}, 1), tostring(setmetatable({}, {__name = 'Card'})),
                       tostring(setmetatable({}, {__tostring = function() return 'ok' end})), string.format('%d%%p', 5)}"),
        serde_json::json!(["table", "function", "thread", "table|1", "Card", "ok", "5%p"])
    );
    let e = fails("return string.format('%p', {})");
    assert!(e.contains("%p is not available"), "{e}");
}

#[test]
fn spairs_walks_the_data_in_key_order() {
    assert_eq!(
        value(
            "local posse = require 'posse' local n, m = 0, 0
               for _ in posse.spairs(posse.data) do n = n + 1 end
               for _ in pairs(posse.data) do m = m + 1 end
               return n > 0 and n == m"
        ),
        true
    );
}

/// C code runs without counting instructions, so the string functions that could run long
/// in C refuse work that could pass the step budget.
#[test]
fn long_pattern_work_in_c_is_refused() {
    for code in [
        "return (('('):rep(3e5)):find('%b()')",
        "return (('a'):rep(2e5)):find(('%a'):rep(2e3) .. 'b')",
        "return (('a'):rep(2e5)):find(('a'):rep(2e3) .. 'b', 1, true)",
        "return (('a'):rep(2e4)):match('(a*)*b')",
    ] {
        let e = fails(code);
        assert!(e.contains("could run past the step budget"), "{code}: {e}");
    }
    assert_eq!(value("return ('The Boss'):gsub('^The ', '')"), "Boss");
    assert_eq!(value("return (('x'):rep(1000) .. 'needle'):find('needle', 1, true)"), 1001);
}

/// Definitions are made once per VM and serve every game it plays, so no game may change
/// them: not a field, not their props, not their script's table.
#[test]
fn definitions_are_read_only() {
    let find_high = "local posse = require 'posse'
        local high
        for _, c in ipairs(posse.contents(posse.zone('deck'))) do
          if posse.def_id(c) == 'high' then high = c end
        end";
    for change in
        ["posse.def(high).name = 'x'", "posse.def(high).props.value = 9", "posse.def(high).script.bonus = nil"]
    {
        let e = fails(&format!("{find_high}\n{change}"));
        assert!(e.contains("a definition (posse.def) is read-only"), "{change}: {e}");
    }
    let e = fails(&format!("{find_high}\nrawset(posse.def(high).props, 'value', 9)"));
    assert!(e.contains("read-only"), "{e}");
    // Reading works as before, pairs included.
    assert_eq!(
        value(&format!(
            "{find_high}\nlocal n = 0 for k in pairs(posse.def(high)) do n = n + 1 end
            return {{posse.def(high).props.value, n, type(posse.def(high).script.bonus)}}"
        )),
        serde_json::json!([3, 4, "function"])
    );
}
