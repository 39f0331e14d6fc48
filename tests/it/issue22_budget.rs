//! Issue 22, the step budget counts work, never time: one test per finding (C functions
//! that worked for long between two looks of the count hook, a bot's `math.random` that
//! panicked), each asserting that the step ends by its count with the same message on
//! every machine, and that a batch's outcome is that of counted play whatever its speed.

use posse::Game;
use posse_tests::*;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

fn game() -> Game {
    new_game(&load_fixture("hilo"), 1, 2)
}

use posse_tests::{hilo_fails as fails, hilo_value as value};

/// Each of these did its work in C between two runs of the count hook, so the budget saw
/// a few instructions while the step ran for minutes (the first ran 137 s past a 1 s limit).
/// Each now ends by its count, with the same message in every run.
#[test]
fn work_done_inside_c_functions_is_charged_memory() {
    charged(&[
        // Padding written by pack: 20 MB a call, charged as the memory it allocates.
        "while true do local s = string.pack('c20000000', '') end",
        // A string copied a byte at a time into a new one.
        "local big = ('x'):rep(10 << 20) while true do local s = big .. 'y' end",
    ]);
}

#[test]
fn work_done_inside_c_functions_is_charged_scans() {
    charged(&[
        // A format of spaces and alignments: no output, but every byte of it walked.
        "local f = (' '):rep(1 << 20) while true do string.pack(f) end",
        "local f = ('!'):rep(1 << 20) while true do string.packsize(f) end",
        // Scans to the subject's end for a zero, or measures a string it then cuts.
        "local s = ('x'):rep(1 << 20) while true do pcall(string.unpack, 'z', s) end",
        "local s = ('x'):rep(1 << 20) while true do local f = string.format('%.0s', s) end",
        // Elements past a table's border, asked for by position.
        "local t = {} for i = 1000001, 1500000 do t[i] = '' end while true do table.concat(t, '', 1000001, 1500000) end",
        // A number read from a long string scans all of it.
        "local s = (' '):rep(1 << 20) .. '1' while true do local n = tonumber(s) end",
        "local s = (' '):rep(1 << 20) .. '1' while true do local n = s + 0 end",
    ]);
}

#[test]
fn work_done_inside_c_functions_is_charged_tables() {
    charged(&[
        // Elements walked on a plain table.
        "local t = {} for i = 1, 1e6 do t[i] = '' end while true do local s = table.concat(t) end",
        "local t = {} for i = 1, 1e6 do t[i] = i end while true do table.move(t, 1, 1e6, 1) end",
        "local t = {} for i = 1, 1e5 do t[i] = i end while true do local n = select('#', table.unpack(t)) end",
        "local t = {} for i = 1, 1e6 do t[i] = i end while true do table.insert(t, 1, 0) table.remove(t, 1) end",
    ]);
}

#[test]
fn work_done_inside_c_functions_is_charged_strings() {
    charged(&[
        // Values a byte and scans of a long string.
        "local s = ('x'):rep(1e5) while true do local n = select('#', s:byte(1, -1)) end",
        "local s = ('x'):rep(1 << 20) while true do local n = utf8.len(s) end",
        // A pattern's backtracking, within what one call may do.
        "local s = ('a'):rep(200) while true do local m = s:find('a-a-b') end",
        "local s = ('a'):rep(1 << 20) while true do local m = s:find(('a'):rep(40), 1, true) end",
    ]);
}

/// Each loop ends by the work it did inside C functions, with the same message twice.
fn charged(codes: &[&str]) {
    for code in codes {
        let e = fails(code);
        assert!(e.contains("work limit exceeded"), "{code}: {e}");
        // The line each names is tested in the flow, below (`eval`'s chunk is no file).
        // Counted, not timed: the same text, counts and all, every time.
        assert_eq!(fails(code), e, "{code}");
    }
}

#[test]
fn a_spent_budget_in_the_flow_names_the_line() {
    for (name, code, spent) in [
        ("flow_pack", "while true do local s = string.pack('c20000000', '') end", "on memory allocated"),
        (
            "flow_move",
            "local t = {} for i = 1, 1e6 do t[i] = i end while true do table.move(t, 1, 1e6, 1) end",
            "on library",
        ),
        ("flow_loop", "while true do end", "on Lua instructions"),
    ] {
        let to = format!("posse.roll()\n    if round == 2 then {code} end");
        let c = edited_hilo(tmp(), name, "scripts/hilo/main.lua", "posse.roll()", &to);
        let e = counted_play(&c, 3, 2).err().expect("the loop ends by its count");
        assert!(e.starts_with("scripts/hilo/main.lua:22: work limit exceeded"), "{code}: {e}");
        assert!(e.contains(spent), "{code}: {e}");
        // A batch plays it again counted and fails the same way.
        let batch = posse::sim::play_random(&c, 3, Some(2)).err().expect("the loop ends").to_string();
        assert_eq!(batch, e, "{code}");
    }
}

#[test]
fn the_work_limit_says_what_spent_the_budget() {
    let e = fails("local big = ('x'):rep(10 << 20) while true do local s = big .. 'y' end");
    assert!(e.contains("spent most of them on memory allocated"), "{e}");
    let e = fails("while true do end");
    assert!(e.contains("a step may do 100000000 units of work") && e.contains("on Lua instructions"), "{e}");
    let e = fails("local t = {} for i = 1, 1e6 do t[i] = i end while true do table.move(t, 1, 1e6, 1) end");
    assert!(e.contains("on library functions' work"), "{e}");
}

/// A message handler runs without the count hook when the hook raised the error: a
/// handler that loops once the budget is spent ran for ever.
#[test]
fn a_message_handler_cannot_outrun_a_spent_budget() {
    let e = fails("xpcall(function() while true do end end, function(e) while true do end end)");
    assert!(e.contains("work limit exceeded"), "{e}");
    // Below the budget the handler runs as in Lua.
    assert_eq!(value("return select(2, xpcall(error, function(m) return 'handled ' .. m end, 'x', 0))"), "handled x");
}

/// `gmatch` tries every position whatever the pattern starts with (`^` anchors nothing
/// there): its worst case is that of a pattern without the `^`.
#[test]
fn gmatch_is_charged_every_position() {
    let e = fails("for m in (('^'):rep(2600)):gmatch('^.-.-x') do end");
    assert!(e.contains("string.gmatch") && e.contains("could run past the step budget"), "{e}");
    assert_eq!(value("local n = 0 for w in ('a b c'):gmatch('%a') do n = n + 1 end return n"), 3);
    assert_eq!(value("return ('^ab'):gmatch('^a')()"), "^a");
}

/// Past a tenth of the budget in charged work a batch game is played again counted; if
/// its flow then runs on in plain Lua, the watchdog still stops it.
#[test]
fn a_batch_game_interrupted_by_its_charges_still_ends() {
    let to = "posse.roll()\n    if round == 2 then local big = ('x'):rep(1 << 20) local keep \
              for i = 1, 100 do keep = big .. i end while true do end end";
    let c = edited_hilo(tmp(), "batch_charged_loop", "scripts/hilo/main.lua", "posse.roll()", to);
    let batch = posse::sim::play_random(&c, 3, Some(2)).err().expect("the loop ends").to_string();
    let counted = counted_play(&c, 3, 2).err().expect("the loop ends");
    assert_eq!(batch, counted);
    assert!(counted.contains("work limit exceeded"), "{counted}");
}

#[test]
fn charged_functions_still_give_what_lua_gives() {
    // utf8.codepoint's lax flag passes through.
    assert_eq!(value("return utf8.codepoint('\\u{D800}', 1, 1, true)"), 55296);
    assert_eq!(
        value(
            "local t = {} for i = 1, 100 do t[i] = i end
             table.insert(t, 1, 0) local first = table.remove(t, 1)
             return {first, #t, select('#', table.unpack(t)), #table.concat(t, ','), table.move(t, 1, 100, 2)[101],
                     select('#', ('x'):rep(100):byte(1, -1)), utf8.len(('é'):rep(100)), tonumber((' '):rep(100) .. '7'),
                     ('5'):rep(70) + 0 > 0, #string.pack((' '):rep(100) .. 'i4', 1), string.packsize(('!'):rep(70) .. 'i8')}"
        ),
        serde_json::json!([0, 100, 100, 291, 100, 100, 100, 7, true, 4, 8])
    );
    // Lua's errors for bad arguments, as before.
    for (code, says) in [
        ("return table.concat({1, {}, 3})", "at index 2 in table for 'concat'"),
        ("return table.insert({}, 5, 1)", "position out of bounds"),
        ("return ('x'):byte(1.5)", "number has no integer representation"),
    ] {
        let e = fails(code);
        assert!(e.contains(says), "{code}: {e}");
    }
}

/// A batch runs the flow without the count hook (watchdog.rs). Allocation and library
/// work are counted there all the same; past half the budget the game is played again
/// counted, so its outcome is counted play's whatever the machine's speed.
#[test]
fn a_batch_step_heavy_in_charged_work_is_played_again_counted() {
    let to = "posse.roll()\n    if round == 2 then local big = ('x'):rep(1 << 20) \
              for i = 1, 500 do local s = big .. i end end";
    let c = edited_hilo(tmp(), "batch_alloc", "scripts/hilo/main.lua", "posse.roll()", to);
    let batch = posse::sim::play_random(&c, 5, Some(2)).unwrap();
    assert!(batch.replayed_after_watchdog(), "more than half the budget in allocation replays the game counted");
    let counted = counted_play(&c, 5, 2).unwrap();
    assert_eq!(batch.choices(), counted.choices());
    assert_eq!(batch.state_hash(), counted.state_hash());
}

/// A strategy bot's `math.random(math.mininteger, math.maxinteger)` divided by zero in
/// the bot VM's range and panicked `play` and `check`. The bots' `math.random` is now the
/// game VM's, for every argument.
#[test]
fn a_bots_math_random_behaves_as_the_games() {
    let cases = [
        "math.random(math.mininteger, math.maxinteger)",
        "math.random(math.maxinteger)",
        "math.random(-5, math.maxinteger)",
        "math.random(3, 3)",
        "math.random(2.0)",
        "math.random()",
        "math.random(0)",
        "math.random(4, 3)",
        "math.random(nil, 3)",
        "math.random(1.5)",
        "math.random('x')",
    ];
    let root = scratch_root(tmp(), "bot_random");
    let each = |case: &str| format!("return {{ pick = function(view, q) local v = {case} return 1 end }}\n");
    for case in cases {
        // In the game's VM: a value, or an error.
        let in_game = game().eval(&format!("return {case}")).map_err(|e| e.to_string());
        // In a bot's VM.
        std::fs::write(root.join("scripts/hilo/bots/rnd.lua"), each(case)).unwrap();
        let c = std::sync::Arc::new(posse::Content::load(&root, "hilo").unwrap());
        let bot = posse::Strategy::new(&c, "rnd").unwrap();
        let g = new_game(&c, 1, 2);
        let seat = g.next_request().unwrap().seat;
        let in_bot = g.strategy_pick(&bot, seat, 7, None).map_err(|e| e.to_string());
        match (&in_game, &in_bot) {
            (Ok(_), Ok(_)) => {}
            (Err(a), Err(b)) => {
                let what = |m: &str| m.split(": ").last().unwrap_or_default().to_string();
                assert_eq!(what(a), what(b), "{case}: game {a:?}, bot {b:?}");
            }
            _ => panic!("{case}: game {in_game:?}, bot {in_bot:?}"),
        }
    }
    // The whole range of integers is drawn from, in both.
    let v = value(
        "local lo, hi = 0, 0 for i = 1, 200 do local x = math.random(math.mininteger, math.maxinteger) \
                   if x < 0 then lo = lo + 1 else hi = hi + 1 end end return {lo > 50, hi > 50}",
    );
    assert_eq!(v, serde_json::json!([true, true]));
}

/// A bot's pick that spends its budget on memory names the bot (the memory error has no
/// position of its own).
#[test]
fn a_bots_spent_memory_names_the_bot() {
    let root = scratch_root(tmp(), "bot_alloc");
    std::fs::write(
        root.join("scripts/hilo/bots/hog.lua"),
        "return { pick = function() local s = 'x' while true do s = s .. s end end }\n",
    )
    .unwrap();
    let c = std::sync::Arc::new(posse::Content::load(&root, "hilo").unwrap());
    let bot = posse::Strategy::new(&c, "hog").unwrap();
    let g = new_game(&c, 1, 2);
    let seat = g.next_request().unwrap().seat;
    let e = g.strategy_pick(&bot, seat, 7, None).unwrap_err().to_string();
    assert!(e.starts_with("scripts/hilo/bots/hog.lua: bot 'hog' of seat"), "{e}");
    assert!(e.contains("limit exceeded"), "{e}");
}

/// `Game::work` counts what the scripts did, never the time: the same steps give the same
/// figure in every run, more steps more work, and a game on a reused VM counts from its
/// own start.
#[test]
fn a_games_work_is_counted_the_same_in_every_run() {
    let c = posse_tests::load("dice_town");
    let played = |steps| {
        let mut g = posse_tests::new_game(&c, 7, 3);
        posse_tests::play_random_steps(&mut g, 7, steps);
        g.work()
    };
    let (short, long) = (played(10), played(40));
    assert!(short > 0 && long > short, "{short} {long}");
    assert_eq!(played(40), long);
    let mut g = posse_tests::new_game(&c, 7, 3);
    posse_tests::play_random_steps(&mut g, 7, 40);
    let setup = posse::Setup::new(&c, 7, Some(3)).unwrap();
    let again = g.restart(setup).unwrap();
    // Instructions are charged a thousand at a time, wherever the VM's count stands.
    let fresh = posse_tests::new_game(&c, 7, 3).work();
    assert!(again.work().abs_diff(fresh) <= 1_000, "a restarted game counts from its start: {} {fresh}", again.work());
}

/// A batch loads the game's modules without the count hook too, watched the same way
/// (`Vm::require_watched`): a module that never ends loading is stopped, and the game's
/// error is counted play's.
#[test]
fn a_batch_module_that_loops_at_load_ends_as_counted_play_does() {
    let to = "local M = {}\nif posse.players() > 1 then while true do end end\n";
    let c = edited_hilo(tmp(), "batch_load_loop", "scripts/hilo/main.lua", "local M = {}\n", to);
    let batch = posse::sim::play_random(&c, 3, Some(2)).err().expect("the loop ends").to_string();
    let counted = counted_play(&c, 3, 2).err().expect("the loop ends");
    assert_eq!(batch, counted);
    assert!(counted.contains("work limit exceeded") && counted.contains("main.lua"), "{counted}");
}

/// A module heavy in charged work at load makes a batch game be played again counted.
#[test]
fn a_batch_module_heavy_in_charged_work_at_load_is_played_again_counted() {
    let to = "local M = {}\ndo local big = ('x'):rep(1 << 20) for i = 1, 500 do local s = big .. i end end\n";
    let c = edited_hilo(tmp(), "batch_load_alloc", "scripts/hilo/main.lua", "local M = {}\n", to);
    let batch = posse::sim::play_random(&c, 5, Some(2)).unwrap();
    assert!(batch.replayed_after_watchdog(), "more than a tenth of the budget in allocation replays the game counted");
    let counted = counted_play(&c, 5, 2).unwrap();
    assert_eq!(batch.choices(), counted.choices());
    assert_eq!(batch.state_hash(), counted.state_hash());
}
