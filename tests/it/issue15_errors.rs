//! Issue 15: a script error carries a traceback of the game's scripts, innermost first,
//! each frame with its file and line (a card's `script:` at its YAML line), never the
//! engine's own Lua, at most ten frames and the count of the rest.

use posse_tests::*;

/// The error of seed 0, 2 players, of hilo edited so.
fn error_of(name: &str, file: &str, from: &str, to: &str) -> String {
    let c = edited_hilo(env!("CARGO_TARGET_TMPDIR"), name, file, from, to);
    match counted_play(&c, 0, 2) {
        Ok(_) => panic!("the edit does not fail the game"),
        Err(e) => e,
    }
}

#[test]
fn a_script_error_lists_the_scripts_frames_innermost_first_with_the_cards_yaml_line() {
    // The high card's bonus calls a helper of main.lua that fails; main.lua's flow calls
    // the bonus (seed 0 plays a high card in round 1).
    let e = error_of(
        "traceback-card",
        "scenarios/hilo/cards.yaml",
        "return { bonus = function(seat) return posse.add(\"score\", 1, seat) end }",
        "return { bonus = function(seat) local v = require(\"hilo.main\").value(nil) return v end }",
    );
    assert_eq!(
        e,
        "scripts/hilo/main.lua:5: posse.def: argument 1: expected an object handle, got nil\n  \
         at scripts/hilo/main.lua:5, in value\n  \
         at scenarios/hilo/cards.yaml:17, in bonus\n  \
         at scripts/hilo/main.lua:32, in the function of line 7"
    );
}

#[test]
fn a_deep_error_lists_ten_frames_and_counts_the_rest() {
    let e = error_of(
        "traceback-deep",
        "scripts/hilo/main.lua",
        "posse.roll()",
        "local function deep(n) if n == 0 then error(\"deep\") end return 1 + deep(n - 1) end deep(30) posse.roll()",
    );
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines[0], "scripts/hilo/main.lua:21: deep", "{e}");
    assert_eq!(&lines[1..11], ["  at scripts/hilo/main.lua:21, in deep"; 10], "{e}");
    // 31 calls of deep and the flow's: 22 more, the engine's own frames not counted.
    assert_eq!(lines[11..], ["  ... (22 more frames)"], "{e}");
    assert!(!e.contains("posse:") && !e.contains("[C]") && !e.contains("posse.sandbox"), "{e}");
}

#[test]
fn an_error_in_one_frame_says_its_place_once() {
    let e = error_of("traceback-one", "scripts/hilo/main.lua", "posse.roll()", "posse.roll() error(\"flat\")");
    assert_eq!(e, "scripts/hilo/main.lua:21: flat");
}

#[test]
fn a_frames_name_is_kept_short() {
    let name = "x".repeat(500);
    let code = format!("local function {name}() error(\"named\") end local v = {name}() posse.roll()");
    let e = error_of("traceback-name", "scripts/hilo/main.lua", "posse.roll()", &code);
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines[0], "scripts/hilo/main.lua:21: named", "{e}");
    assert_eq!(lines[1], format!("  at scripts/hilo/main.lua:21, in {}...", "x".repeat(80)), "{e}");
}
