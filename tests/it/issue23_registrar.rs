//! Issue 23, item 5: every `posse` function is registered once (engine/src/lua/register.rs),
//! with the name scripts call it by, which its argument errors say, and whether scripts
//! see it: prelude.lua's helpers never reach `posse`.

use posse_tests::*;

#[test]
fn a_wrong_argument_names_the_function_the_argument_and_what_it_takes() {
    for (code, says) in [
        ("posse.flip(nil, true)", "posse.flip: argument 1: expected an object handle, got nil"),
        ("posse.seat_name({})", "posse.seat_name: argument 1: expected a seat number, got table"),
        ("posse.count(1.5)", "posse.count: argument 1: expected a zone handle (posse.zone(name)), got 1.5"),
        ("posse.roll(nil, 'x')", "posse.roll: argument 2: expected a seat number or nil, got string"),
        ("posse.zone_of('x')", "posse.zone_of: argument 1: expected an object handle, got string"),
        ("posse.random(nil)", "posse.random: argument 1: expected an integer, got nil"),
        // Functions prelude.lua writes over a helper of its own: the error names the one
        // the script called, with the argument where the script gave it.
        ("posse.def(nil)", "posse.def: argument 1: expected an object handle, got nil"),
        ("posse.set('round', 'x')", "posse.set: argument 2: expected an integer, got string"),
        ("posse.add('score', 1, true)", "posse.add: argument 3: expected a seat number or nil, got boolean"),
        ("posse.face(1, 'x')", "posse.face: argument 2: expected a seat number or nil, got string"),
        ("math.random(1.5)", "math.random: argument 1: expected an integer or nil, got 1.5"),
    ] {
        let e = hilo_fails(&format!("local posse = require('posse') {code}"));
        assert!(e.contains(says), "{code}: {e}");
    }
}

#[test]
fn the_module_shows_no_helper_of_the_prelude() {
    let shown = hilo_value(
        "local posse, out = require('posse'), {}
         for _, k in ipairs({'slot_get', 'slot_set', 'slot_add', 'counter_slot', 'object_slot', 'object_get',
                             'object_set', 'object_add', 'def_index', 'face_index', 'math_random', 'print',
                             'auto_pick', 'grid_info', '__names'}) do
           if posse[k] ~= nil then out[#out + 1] = k end
         end
         return table.concat(out, ' ')",
    );
    assert_eq!(shown, "");
    // A string that reads as a number is still taken for one, as Lua takes it.
    assert_eq!(hilo_value("local posse = require('posse') return posse.seat_name('2') == posse.seat_name(2)"), true);
    // What is registered for scripts is there, wrapped by the prelude or not.
    let types = "local posse = require('posse') return type(posse.flip) .. type(posse.get) .. type(posse.grid_ring)";
    assert_eq!(hilo_value(types), "functionfunctionfunction");
}
