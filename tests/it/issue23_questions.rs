//! Typed questions (issue 23): a game that declares its question kinds
//! (`scripts/<game>/questions.lua`) asks only questions of those kinds, offers only
//! options of their ids, and bots, views, tests and batches read the kinds and ids. Here
//! on a scratch copy of the fixture hilo, typed.

use posse::sim::{self, Lineup};
use posse::{Content, Game, Strategy};
use posse_tests::{answer_id, edit, kind, new_game, scratch_root};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const QUESTIONS: &str = r#"---@type table<string, QuestionKind>
return {
  play = { asks = "Which of its two cards the seat plays.", ids = { first = "its first card", second = "its second card" } },
  discard = { asks = "Whether seat 1 discards its kept card.", ids = { discard = "discards it" } },
}
"#;

/// A scratch copy of the fixtures with hilo typed: its kinds declared and every question
/// of main.lua given a kind and option records (labels unchanged).
fn typed_hilo(name: &str) -> PathBuf {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), name);
    std::fs::write(root.join("scripts/hilo/questions.lua"), QUESTIONS).unwrap();
    edit(
        &root,
        "scripts/hilo/main.lua",
        r#"reqs[s] = { seat = s, prompt = "Play which card?", options = { "first", "second" } }"#,
        r#"reqs[s] = { seat = s, kind = "play", prompt = "Play which card?",
        options = { { id = "first", label = "first" }, { id = "second", label = "second", args = { slot = 2 } } } }"#,
    );
    edit(
        &root,
        "scripts/hilo/main.lua",
        r#"function() return { "discard it" } end, { min = 0, max = 1, count = 1, secret = true })"#,
        r#"function() return { { id = "discard", label = "discard it" } } end,
      { kind = "discard", min = 0, max = 1, count = 1, secret = true })"#,
    );
    root
}

fn load(root: &Path) -> Arc<Content> {
    Arc::new(Content::load(root, "hilo").unwrap_or_else(|e| panic!("{e}")))
}

/// Plays seat 1's and seat 2's first cards: the game then asks seat 1 the secret discard.
fn to_the_discard(g: &mut Game) {
    answer_id(g, 1, "first", &[]);
    answer_id(g, 2, "second", &[("slot", "2")]);
}

#[test]
fn a_typed_question_carries_its_kind_and_its_options_ids_and_arguments() {
    let c = load(&typed_hilo("typed_kinds"));
    let mut g = new_game(&c, 1, 2);
    assert_eq!(kind(&g, 1).as_deref(), Some("play"));
    let r = g.pending().into_iter().find(|r| r.seat == 2).unwrap();
    let (ids, args) = r.ids();
    assert_eq!(ids, [Some("first".to_string()), Some("second".to_string())]);
    assert!(args[0].is_empty());
    assert_eq!(args[1].get("slot").map(|a| a.to_string()).as_deref(), Some("2"));
    assert_eq!(r.labels(), ["first", "second"], "labels stay, for people");
    let q = g.question(2).unwrap();
    assert_eq!(q.kind.as_deref(), Some("play"));
    // Views name the kinds of the questions they show as pending.
    let asking: Vec<(usize, String)> = g.view(Some(1)).asking.into_iter().map(|a| (a.seat, a.kind)).collect();
    assert_eq!(asking, [(1, "play".to_string()), (2, "play".to_string())]);
    to_the_discard(&mut g);
    assert_eq!(kind(&g, 1).as_deref(), Some("discard"));
    // The discard is secret: seat 2's view shows neither the seat deciding nor its kind.
    assert!(g.view(Some(2)).asking.is_empty() && g.view(Some(2)).deciding.is_empty());
    assert_eq!(g.view(Some(1)).asking.len(), 1);
    assert_eq!(g.asked().get("play"), Some(&2));
}

#[test]
fn answering_by_id_names_what_was_offered_when_nothing_or_several_fit() {
    let c = load(&typed_hilo("typed_by_id"));
    let g = new_game(&c, 1, 2);
    let r = g.pending().into_iter().find(|r| r.seat == 1).unwrap();
    assert_eq!(r.option_by_id("second", &[]).unwrap(), 2);
    let e = r.option_by_id("third", &[]).unwrap_err().to_string();
    assert!(e.contains("no option 'third'") && e.contains("first; second slot=2"), "{e}");
    let e = r.option_by_id("second", &[("slot", "3")]).unwrap_err().to_string();
    assert!(e.contains("no option 'second' with slot=3"), "{e}");
}

#[test]
fn a_kind_the_game_does_not_declare_is_refused_where_it_is_asked() {
    let root = typed_hilo("typed_undeclared");
    edit(&root, "scripts/hilo/main.lua", r#"kind = "discard""#, r#"kind = "dicsard""#);
    let c = load(&root);
    let mut g = new_game(&c, 1, 2);
    answer_id(&mut g, 1, "first", &[]);
    let e = g.choose(2, &[1]).unwrap_err().to_string();
    assert!(
        e.contains("scripts/hilo/main.lua:")
            && e.contains("question kind 'dicsard' is not declared in scripts/hilo/questions.lua"),
        "{e}"
    );
}

#[test]
fn a_typed_game_refuses_a_question_without_a_kind() {
    let root = typed_hilo("typed_kindless");
    edit(&root, "scripts/hilo/main.lua", r#"kind = "play", "#, "");
    let c = load(&root);
    let setup = posse::Setup::new(&c, 1, Some(2)).unwrap();
    let e = Game::new(c.clone(), setup).err().expect("refused").to_string();
    assert!(e.contains("every question of this game says its kind (opts.kind"), "{e}");
    // In a batch too, where random bots answer in the flow and nothing is yielded.
    let r = sim::run(&c, 2, 0, Some(2), 1);
    assert_eq!(r.failed, 2);
    assert!(r.errors[0].message.contains("says its kind"), "{:?}", r.errors[0]);
}

#[test]
fn an_option_whose_id_its_kind_does_not_declare_is_refused_when_the_options_are_made() {
    let root = typed_hilo("typed_bad_id");
    edit(&root, "scripts/hilo/main.lua", r#"{ id = "first", label = "first" }"#, r#"{ id = "1st", label = "first" }"#);
    let c = load(&root);
    let g = new_game(&c, 1, 2);
    let r = g.pending().into_iter().next().unwrap();
    let e = r.try_labels().unwrap_err().to_string();
    assert!(
        e.contains("option 1 of a 'play' question has id '1st'")
            && e.contains("scripts/hilo/questions.lua does not declare")
            && e.contains("its ids: first, second"),
        "{e}"
    );
    // `check` makes every option while it replays its games: the game fails there.
    let bad = Game::new(c.clone(), posse::Setup::new(&c, 1, Some(2)).unwrap()).unwrap();
    assert!(bad.question(1).is_err(), "a bot cannot read options that are refused");
}

#[test]
fn a_malformed_declaration_is_an_error_naming_the_file_and_the_kind() {
    for (decl, says) in [
        ("return 3", "expected a table of question kinds"),
        ("return {}", "declares no question kind"),
        ("return { play = { ids = { a = 'x' } } }", "kind 'play': asks = \"...\" says what it asks"),
        ("return { play = { asks = 'x', ids = {} } }", "kind 'play': declares no option id"),
        ("return { play = { asks = 'x', ids = { a = 3 } } }", "kind 'play': id 'a' = \"...\" says what it means"),
    ] {
        let root = typed_hilo("typed_malformed");
        std::fs::write(root.join("scripts/hilo/questions.lua"), decl).unwrap();
        let c = load(&root);
        let e = Game::new(c.clone(), posse::Setup::new(&c, 1, Some(2)).unwrap()).err().expect(decl).to_string();
        assert!(e.contains("scripts/hilo/questions.lua: ") && e.contains(says), "{decl}: {e}");
    }
}

#[test]
fn a_strategy_bot_reads_the_kind_the_ids_the_board_and_the_aims() {
    let root = typed_hilo("typed_bot");
    edit(&root, "scenarios/hilo/game.yaml", "  rounds: 3\n", "  rounds: 3\n  aims: {most: score}\n");
    std::fs::write(
        root.join("scripts/hilo/bots/byid.lua"),
        r#"-- Plays its second card by id; checks what it is given.
return {
  about = "plays by ids",
  pick = function(view, q, data, setting)
    assert(setting.aims.most == "score", "the aims are data.aims")
    assert(#setting.board.nodes == 3 and setting.board.next_to.b[1] == "a", "the board's graph")
    if q.kind == "discard" then return {} end
    assert(q.kind == "play", "kind " .. tostring(q.kind))
    for i, id in ipairs(q.ids) do
      if id == "second" and q.args[i].slot == 2 then return i end
    end
    error("no second card")
  end,
}
"#,
    )
    .unwrap();
    let c = load(&root);
    let lineup = Lineup { bots: vec!["byid".into(), "random".into()], ban: None };
    let r = sim::run_with_progress(&c, 10, 0, Some(2), 1, &lineup, &|| {});
    assert!(r.errors.is_empty(), "{:?}", r.errors.first());
    assert_eq!(r.finished, 10);
    // The bot's picks: always the second card.
    let bot = Strategy::new(&c, "byid").unwrap();
    let g = new_game(&c, 3, 2);
    assert_eq!(g.strategy_pick(&bot, 1, 7, None).unwrap(), [2]);
}

#[test]
fn a_batch_counts_the_questions_of_each_kind() {
    let c = load(&typed_hilo("typed_sim"));
    let r = sim::run(&c, 20, 0, Some(2), 2);
    let counts: Vec<(&str, u64, usize)> = r.questions.iter().map(|q| (q.kind.as_str(), q.asked, q.games)).collect();
    // Three rounds: each seat plays a card a round (2 × 3), and seat 1 is asked the
    // discard each round.
    assert_eq!(counts, [("discard", 60, 20), ("play", 120, 20)]);
    // The same in each game's row, and from every way of playing it.
    assert!(r.rows.iter().all(|row| row.questions.get("play") == Some(&6)));
}
