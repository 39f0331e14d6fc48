//! Hardening found by review: the renderer VM, host memory, messages to seats.

use posse_tests::*;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

/// A render.lua that keeps the viewer's hand, after each view, in places a reset of the
/// globals' contents alone would miss: the metatables of `_G`, of the libraries and of
/// the strings' metatable, and the strings' metatable itself. It draws what it finds.
const STASHING_RENDER: &str = r#"local function stash(t)
  local mt = getmetatable(t) or {}
  setmetatable(t, mt)
  return mt
end
local slots = {
  stash(_G), stash(string), stash(table), stash(math), stash(utf8), stash(coroutine),
  stash(getmetatable("")), getmetatable(""),
}
return function(view)
  local found = {}
  for i, mt in ipairs(slots) do found[i] = tostring(mt.last) end
  local mine = {}
  for _, o in ipairs(view.seats[view.seat].zones.hand.objects) do mine[#mine + 1] = o.name end
  for _, mt in ipairs(slots) do mt.last = table.concat(mine, ",") end
  if true then return "remembered: " .. table.concat(found, " ") end"#;

#[test]
fn a_renderer_draws_every_view_as_a_fresh_renderer_would() {
    let c = edited_hilo(tmp(), "render_stash", "scripts/hilo/render.lua", "return function(view)", STASHING_RENDER);
    let g = new_game(&c, 1, 2);
    let first = g.render(Some(1)).unwrap();
    assert_eq!(first, format!("remembered: {}", ["nil"; 8].join(" ")));
    g.render(Some(2)).unwrap();
    assert_eq!(g.render(Some(1)).unwrap(), first, "seat 1's view must not remember seat 2's hand");
    assert_eq!(g.render(Some(2)).unwrap(), first);
}

/// The hilo fixture with one decision first: seat 1 is asked `prompt` with `labels`
/// (Lua expressions).
fn decision_first(name: &str, prompt: &str, labels: &str) -> posse::Game {
    let c = edited_hilo(
        tmp(),
        name,
        "scripts/hilo/main.lua",
        "function M.play()",
        &format!("function M.play()\n  posse.choose(1, {prompt}, {labels})"),
    );
    new_game(&c, 1, 2)
}

#[test]
fn a_label_over_the_decision_text_limit_is_a_script_error() {
    let over = posse::limits::DECISION_TEXT_BYTES + 1;
    let g = decision_first("big_label", "'big'", &format!("{{ ('x'):rep({over}) }}"));
    let hash = g.state_hash();
    let e = g.next_request().unwrap().try_labels().unwrap_err().to_string();
    assert!(e.contains("labels are too long") && e.contains("label 1") && e.contains("at most 1 MiB"), "{e}");
    assert!(g.next_request().unwrap().labels()[0].contains("the labels failed"));
    assert_eq!(g.state_hash(), hash);
}

#[test]
fn one_string_named_by_many_labels_counts_each_time() {
    // 17 labels of 64 KiB (one Lua string) pass 1 MiB with the prompt at label 16.
    let g = decision_first(
        "many_labels",
        "'pick'",
        "(function() local s, o = ('x'):rep(65536), {} for i = 1, 17 do o[i] = s end return o end)()",
    );
    let e = g.next_request().unwrap().try_labels().unwrap_err().to_string();
    assert!(e.contains("label 16 is 65536 bytes"), "{e}");
}

#[test]
fn the_prompt_counts_in_the_decision_text_limit() {
    let limit = posse::limits::DECISION_TEXT_BYTES;
    let over = decision_first("big_prompt", &format!("('p'):rep({})", limit + 1), "{ 'ok' }");
    let e = over.next_request().unwrap().try_prompt().unwrap_err().to_string();
    assert!(e.contains("the prompt is") && e.contains("at most 1 MiB"), "{e}");
    // Up to the limit exactly, prompt and labels together, is fine; a byte more is not.
    let full = decision_first("full_decision", &format!("('p'):rep({})", limit - 4), "{ 'ab', 'cd' }");
    assert_eq!(full.next_request().unwrap().try_labels().unwrap(), ["ab", "cd"]);
    let mut past =
        decision_first("past_decision", &format!("function() return ('p'):rep({}) end", limit - 4), "{ 'ab', 'cde' }");
    let e = past.next_request().unwrap().try_labels().unwrap_err().to_string();
    assert!(e.contains("label 2 is 3 bytes"), "{e}");
    // The decision can still be answered, and the game goes on.
    past.choose(1, &[1]).unwrap();
    assert_eq!(waiting(&past), [1, 2]);
}

#[test]
fn printed_text_is_bounded_per_game() {
    let c = load_fixture("hilo");
    let mut g = new_game(&c, 1, 2);
    let hash = g.state_hash();
    let mib = "local s = ('x'):rep(1 << 20) for i = 1, N do print(s) end";
    g.eval(&mib.replace('N', "64")).unwrap();
    let e = g.eval(&mib.replace('N', "1")).unwrap_err().to_string();
    assert!(e.contains("print: the printed text would pass 64 MiB"), "{e}");
    assert_eq!(g.printed().len(), 64);
    assert_eq!(g.state_hash(), hash);
    // The next game in the same VM starts with nothing printed.
    let mut next = g.restart(posse::Setup::new(&c, 2, Some(2)).unwrap()).unwrap();
    next.eval(&mib.replace('N', "64")).unwrap();
}

#[test]
fn printing_past_the_bound_in_a_step_leaves_the_game_as_it_was() {
    let c = edited_hilo(
        tmp(),
        "print_flood",
        "scripts/hilo/main.lua",
        "posse.roll()",
        "posse.roll() local s = ('x'):rep(1 << 20) for i = 1, 65 do print(s) end",
    );
    let mut g = new_game(&c, 1, 2);
    g.choose(1, &[1]).unwrap();
    let hash = g.state_hash();
    let e = g.choose(2, &[1]).unwrap_err().to_string();
    assert!(e.contains("64 MiB"), "{e}");
    assert_eq!(g.state_hash(), hash);
    assert_eq!(g.choices().len(), 1);
}

#[test]
fn an_answer_out_of_turn_does_not_name_seats_deciding_in_secret() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    g.choose(1, &[1]).unwrap();
    // Answered, not revisable: the message names the seat still deciding in the open.
    let e = g.choose(1, &[1]).unwrap_err().to_string();
    assert_eq!(e, "seat 1 has no decision to make (waiting for seat 2)");
    g.choose(2, &[1]).unwrap();
    // Now seat 1 decides in secret whether to discard its kept card.
    assert_eq!(waiting(&g), [1]);
    assert!(g.view(Some(2)).deciding.is_empty());
    let e = g.choose(2, &[1]).unwrap_err().to_string();
    assert_eq!(e, "seat 2 has no decision to make");
}

/// Only the engine resumes the game flow: script code that kept it (here a global set by
/// the flow) cannot answer a decision behind the engine's back or end the flow.
#[test]
fn scripts_cannot_resume_or_close_the_flow() {
    let c = edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "keeps_flow",
        "scripts/hilo/main.lua",
        "function M.play()\n",
        "function M.play()\n  KEPT_FLOW = coroutine.running()\n",
    );
    let mut g = new_game(&c, 3, 2);
    let before = g.state_hash();
    for code in
        ["local ok = coroutine.resume(KEPT_FLOW, 1) return ok", "local ok = coroutine.close(KEPT_FLOW) return ok"]
    {
        let e = g.eval(code).unwrap_err().to_string();
        assert!(e.contains("the game flow is resumed by the engine alone"), "{code}: {e}");
        assert!(e.contains("eval:1"), "the message names the script's line: {e}");
    }
    assert_eq!(g.state_hash(), before);
    let plain = posse::sim::play_random(&load_fixture("hilo"), 3, Some(2)).unwrap();
    let kept = posse::sim::play_random(&c, 3, Some(2)).unwrap();
    assert_eq!(kept.result(), plain.result(), "the game goes on as the engine drives it");
}
