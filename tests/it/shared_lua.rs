//! The shared Lua of `scripts/lib/`: seats, decisions, the card contract, reaction windows
//! and text for renderers, on the fixture game `hilo` (every game can require them).

use posse_tests::*;
use serde_json::json;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

fn value(g: &mut posse::Game, code: &str) -> serde_json::Value {
    g.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

#[test]
fn seats_go_round_the_table_from_the_left_skipping_the_eliminated() {
    let mut g = new_game(&load_fixture("hilo"), 1, 3);
    let code = "local seats = require 'lib.seats'
        return {seats.clockwise(1), seats.clockwise(3, true), seats.from(2), seats.joined({3, 1}),
                seats.names({2}), seats.live_count()}";
    assert_eq!(value(&mut g, code), json!([[2, 3], [1, 2, 3], [2, 3, 1], "p3, p1", ["p2"], 3]));
    let code = "local posse, seats = require 'posse', require 'lib.seats'
        posse.eliminate(2)
        return {seats.clockwise(1), seats.clockwise(2, true), seats.live(2), seats.live_count(), seats.from(2)}";
    assert_eq!(value(&mut g, code), json!([[3], [3, 1], false, 2, [2, 3, 1]]));
}

#[test]
fn the_card_contract_reads_every_card_the_same_way() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let code = "local posse, cards = require 'posse', require 'lib.cards'
        local deck = posse.contents(posse.zone('deck'))
        local high, low
        for _, c in ipairs(deck) do
          if posse.def_id(c) == 'high' then high = c else low = low or c end
        end
        local CTX = {} CTX.__index = CTX
        function CTX:who() return 'seat ' .. self.seat end
        local ctx = cards.context(CTX, 2, high)
        local kinds = {}
        for _, c in ipairs(cards.one_per_kind(deck)) do kinds[#kinds + 1] = posse.def_id(c) end
        table.sort(kinds)
        return {cards.name(high), cards.text(low), cards.when(high), ctx:who(), ctx.props.value,
                type(cards.of(high).bonus), cards.can(high, ctx), cards.can(low, ctx), cards.label(high, ctx),
                kinds, cards.by_id('high') == cards.of(high), posse.def_by_id('nope') == nil}";
    assert_eq!(
        value(&mut g, code),
        json!([
            "High card",
            "",
            null,
            "seat 2",
            3,
            "function",
            false,
            false,
            "Play High card",
            ["high", "low", "mid"],
            true,
            true
        ])
    );
}

#[test]
fn text_pads_wraps_and_draws_tables() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let code = "local text = require 'lib.text'
        local out = {}
        text.table(out, {'Player', '$'}, {{'Ann', 12}, {'Bob', 3}}, {'left', 'right'}, '  ')
        text.wrap(out, 'one two three four five', '> ', '  ', 12)
        return {out, text.pad('ab', 4) .. '|', text.lpad(7, 3), text.count(1, 'card'), text.count(3, 'card'),
                text.names_of({objects = {{name = 'Jinx'}, {hidden = true}}}),
                text.seat_names({seats = {{name = 'Ann'}}}, {1, 2})}";
    assert_eq!(
        value(&mut g, code),
        json!([
            ["  Player   $", "  Ann     12", "  Bob      3", "> one two", "  three four", "  five"],
            "ab  |",
            "  7",
            "1 card",
            "3 cards",
            ["Jinx", "?"],
            "Ann, seat 2"
        ])
    );
}

#[test]
fn text_fits_a_terminal_marks_seats_and_shortens_rules_text() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    // A table whose last column would pass the width wraps it under the column's start.
    let code = "local text = require 'lib.text'
        local out = {}
        text.table(out, {'', 'Who', 'Notes'}, {{'>', 'Ann', 'one two three four five six seven'}, {'', 'Bo', 'ok'}},
          nil, nil, 24)
        return out";
    assert_eq!(
        value(&mut g, code),
        json!(["   Who  Notes", ">  Ann  one two three", "        four five six", "        seven", "   Bo   ok"])
    );
    let code = "local text = require 'lib.text'
        local view = {current = 2, seat = 1}
        return {text.mark(view, 1), text.mark(view, 2), text.mark({current = 1, seat = 1}, 1), text.mark(view, 3),
                text.legend(view), text.legend({current = 1}), text.legend({})}";
    assert_eq!(value(&mut g, code), json!([" *", "> ", ">*", "  ", "> whose turn, * you", "> whose turn", ""]));
    // Short forms: whole, then without asides, then cut after a whole word; never inside one.
    let code = "local text = require 'lib.text'
        local s = 'take $5 from the centre (no more than it holds).'
        return {text.short(s, 60), text.short(s, 30), text.short(s, 20), text.short('abcdefghij', 8),
                text.short('one two, three', 12)}";
    assert_eq!(
        value(&mut g, code),
        json!([
            "take $5 from the centre (no more than it holds).",
            "take $5 from the centre.",
            "take $5 from the...",
            "abcde...",
            "one two..."
        ])
    );
    // The newest lines that fit in so many rows once wrapped, oldest first.
    let code = "local text = require 'lib.text'
        local out = {'head'}
        local used = text.tail(out, {'old', 'a b c d e f', 'new'}, 3, '', ' ', 6)
        return {out, used, text.tail({}, {'x'}, 0)}";
    assert_eq!(value(&mut g, code), json!([["head", "a b c", " d e f", "new"], 3, 0]));
}

/// The hilo fixture whose flow starts with `code` (Lua, in `M.play`).
fn starting_with(name: &str, code: &str) -> posse::Game {
    let c = edited_hilo(
        tmp(),
        name,
        "scripts/hilo/main.lua",
        "function M.play()\n",
        &format!("function M.play()\n{code}\n"),
    );
    new_game(&c, 1, 3)
}

#[test]
fn choosing_a_seat_asks_only_when_there_is_a_choice() {
    let mut g = starting_with(
        "choose_seat",
        "  local seats = require 'lib.seats'
  local one = seats.choose(1, 'Who?', {3})
  local two = seats.choose(1, 'Who pays?', {2, 3})
  local three = seats.choose(1, 'Who else?', {3, 2}, { describe = function(s) return '$' .. (10 * s) end,
    tags = function(s) return s == 3 and 'far' or false end })
  posse.log('chose ' .. one .. ' then ' .. two .. ' then ' .. three)",
    );
    assert_eq!(prompt(&g, 1), "Who pays?");
    assert_eq!(labels(&g, 1), ["p2", "p3"]);
    g.choose(1, &[2]).unwrap();
    assert_eq!(labels(&g, 1), ["p3 ($30)", "p2 ($20)"], "what the asker needs to know of each");
    assert_eq!(g.next_request().unwrap().tags, [Some("far".to_string()), None], "tagged by seat");
    g.choose(1, &[2]).unwrap();
    assert!(log_has(&g, None, "chose 3 then 3 then 2"));
}

#[test]
fn a_window_in_turn_asks_holders_in_secret_until_everyone_passes() {
    // Seats 2 and 3 each hold a card; seat 2 plays its card, seat 3 passes, and the round
    // is asked again: seat 2 has nothing left, seat 3 passes again.
    let mut g = starting_with(
        "window_in_turn",
        "  local reactions = require 'lib.reactions'
  local deck = posse.zone('deck')
  for s = 2, 3 do posse.draw(deck, posse.zone('hand', s)) end
  local played = {}
  reactions.in_turn {
    seats = { 2, 3 }, again = true,
    offer = function(s) return posse.contents(posse.zone('hand', s)) end,
    prompt = 'React?',
    play = function(s, card) posse.move(card, posse.zone('discard')) played[#played + 1] = s end,
  }
  posse.log('played by ' .. table.concat(played, ','))",
    );
    assert_eq!(waiting(&g), [2]);
    assert!(g.view(Some(1)).deciding.is_empty(), "the question is secret");
    let ls = labels(&g, 2);
    assert_eq!(ls[0], "Pass");
    assert!(ls[1].starts_with("Play "), "{ls:?}");
    g.choose(2, &[2]).unwrap();
    assert_eq!(waiting(&g), [3]);
    g.choose(3, &[1]).unwrap();
    assert_eq!(waiting(&g), [3], "someone played: the round is asked again");
    g.choose(3, &[1]).unwrap();
    assert!(log_has(&g, None, "played by 2"));
}

#[test]
fn a_window_at_once_asks_every_seat_holder_or_not() {
    let mut g = starting_with(
        "window_at_once",
        "  local reactions = require 'lib.reactions'
  posse.draw(posse.zone('deck'), posse.zone('hand', 3))
  local got = reactions.at_once {
    seats = { 2, 3 },
    offer = function(s) return posse.contents(posse.zone('hand', s)) end,
    prompt = 'Cancel it?', pass = 'Let it be', label = function() return 'Cancel' end,
  }
  posse.log('answers ' .. tostring(got[1]) .. ' ' .. type(got[2]))",
    );
    assert_eq!(waiting(&g), [2, 3]);
    assert_eq!(labels(&g, 2), ["Let it be"]);
    assert_eq!(labels(&g, 3), ["Let it be", "Cancel"]);
    assert!(g.view(Some(1)).deciding.is_empty(), "the questions are secret");
    g.choose(2, &[1]).unwrap();
    g.choose(3, &[2]).unwrap();
    assert!(log_has(&g, None, "answers false number"));
}

/// `scripts/lib/` is the home of what the games share, not a shelf of what none uses:
/// every module there is required by a shipped game's scripts or YAML.
#[test]
fn every_lib_module_is_used_by_a_game() {
    let root = root();
    let mut sources = Vec::new();
    for dir in ["scripts", "scenarios"] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() && !p.ends_with("scripts/lib") && !p.ends_with("scripts/types") {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "lua" || x == "yaml") {
                    sources.push(std::fs::read_to_string(&p).unwrap());
                }
            }
        }
    }
    let mut unused = Vec::new();
    for e in std::fs::read_dir(root.join("scripts/lib")).unwrap() {
        let name = e.unwrap().file_name().to_str().unwrap().trim_end_matches(".lua").to_string();
        let required = [format!("\"lib.{name}\""), format!("'lib.{name}'")];
        if !sources.iter().any(|s| required.iter().any(|r| s.contains(r.as_str()))) {
            unused.push(name);
        }
    }
    assert!(unused.is_empty(), "lib modules no game requires: {unused:?}");
}

/// The hilo fixture whose `play` is replaced by `code` (Lua that defines `flow`) and
/// `return ending.run(flow)`.
fn ending_with(name: &str, code: &str) -> Result<posse::Game, String> {
    let c = edited_hilo(
        tmp(),
        name,
        "scripts/hilo/main.lua",
        "function M.play()\n",
        &format!("local ending = require 'lib.ending'\n{code}\nfunction M.play() do return ending.run(flow) end\n"),
    );
    let setup = posse::Setup::new(&c, 1, Some(2)).map_err(|e| e.to_string())?;
    posse::Game::new(c, setup).map_err(|e| e.to_string())
}

#[test]
fn a_game_ends_at_once_where_the_rules_finish_it() {
    // finish deep in the flow, after a decision: nothing after it runs, and whose turn it
    // is is cleared.
    let mut g = ending_with(
        "ending_deep",
        "local function deep()
  posse.set_current(2)
  local i = posse.choose(2, 'Win now?', { 'yes', 'no' })
  if i == 1 then ending.finish({ winners = { 2 }, reason = 'seat 2 said so' }) end
  posse.log('went on')
end
local function flow()
  deep()
  posse.log('after deep')
  ending.finish({ winners = { 1 }, reason = 'the end' })
end",
    )
    .unwrap();
    g.choose(2, &[1]).unwrap();
    let r = g.result().expect("over");
    assert_eq!((r.winners.clone(), r.reason.as_deref()), (vec![2], Some("seat 2 said so")));
    assert!(!log_has(&g, None, "went on") && !log_has(&g, None, "after deep"));
    assert_eq!(g.current(), None);
    // The other answer goes on to the flow's own end.
    let mut g = ending_with(
        "ending_deep2",
        "local function flow()
  local i = posse.choose(2, 'Win now?', { 'yes', 'no' })
  if i == 1 then ending.finish({ winners = { 2 }, reason = 'seat 2 said so' }) end
  posse.log('went on')
  ending.finish({ winners = { 1 }, reason = 'the end' })
end",
    )
    .unwrap();
    g.choose(2, &[2]).unwrap();
    assert_eq!(g.result().expect("over").winners, vec![1]);
    assert!(log_has(&g, None, "went on"));
}

#[test]
fn a_flow_that_forgets_to_finish_or_fails_says_so() {
    let e = ending_with("ending_none", "local function flow() posse.log('no end') end").err().expect("an error");
    assert!(e.contains("returned without ending.finish"), "{e}");
    // A script error inside run is the script's, with its line, not swallowed.
    let e = ending_with("ending_error", "local function flow()\n  local t = nil\n  return t.x\nend")
        .err()
        .expect("an error");
    assert!(e.contains("main.lua") && e.contains("index"), "{e}");
}
