//! Session logic on scripted lines, with the fixture game `hilo` (two people at the table
//! unless a test says otherwise).

use super::*;
use crate::answer::Question;
use crate::input::Scripted;
use posse::{Content, Setup};
use std::sync::Arc;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

/// Plays hilo with seed 7 on `lines`; returns the game's state hash, the number of
/// choices made, stdout and stderr.
fn play(lines: &[&str], bots: &[usize]) -> (u64, usize, String, String) {
    play_on(Scripted::new(lines.iter().copied()), bots)
}

fn play_on(input: Scripted, bots: &[usize]) -> (u64, usize, String, String) {
    play_as(input, bots, false)
}

/// The same in designer mode (`--designer`).
fn design(lines: &[&str], bots: &[usize]) -> (u64, usize, String, String) {
    play_as(Scripted::new(lines.iter().copied()), bots, true)
}

fn play_as(mut input: Scripted, bots: &[usize], designer: bool) -> (u64, usize, String, String) {
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, root(), bots.iter().copied().collect(), None, io).designer(designer);
    s.run();
    let (hash, n) = (s.game().state_hash(), s.game().choices().len());
    drop(s);
    (hash, n, String::from_utf8(out).expect("utf8"), String::from_utf8(err).expect("utf8"))
}

const GAME: [&str; 9] = ["1", "2", "-", "2", "2", "1", "1", "1", ""];

#[test]
fn a_whole_game_ends_with_result_and_hash() {
    let (_, n, out, err) = play(&GAME, &[]);
    assert_eq!(n, 9, "{out}\n{err}");
    let last: Vec<&str> = out.lines().rev().take(2).collect();
    assert!(last[1].starts_with("result: winners="), "{out}");
    assert!(last[0].starts_with("state-hash: "), "{out}");
}

#[test]
fn undo_and_the_same_answer_change_nothing() {
    let (straight, ..) = play(&GAME, &[]);
    let mut lines = GAME.to_vec();
    lines.splice(3..3, [":undo 2", "2", "-"]);
    let (again, _, out, err) = design(&lines, &[]);
    assert_eq!(straight, again, "{out}\n{err}");
    let mut lines = GAME.to_vec();
    lines.splice(4..4, [":undo", ":redo"]);
    let (redone, _, out, err) = design(&lines, &[]);
    assert_eq!(straight, redone, "{out}\n{err}");
}

#[test]
fn undo_takes_back_bot_decisions_too() {
    // Seat 2 is a bot: undoing seat 1's last answer also takes back the bot's since.
    let (straight, ..) = play(&["1", "-", "2", "1", "1", ""], &[2]);
    let (again, _, out, err) = play(&["1", "-", "2", ":undo", "2", "1", "1", ""], &[2]);
    assert_eq!(straight, again, "{out}\n{err}");
    assert!(out.contains("took back 2 choices"), "{out}");
}

#[test]
fn bad_input_changes_nothing() {
    let mut lines = GAME.to_vec();
    lines.splice(2..2, [":bogus", "7", "zzz", ":undo x", ":as 9"]);
    let (straight, ..) = play(&GAME, &[]);
    let (again, _, out, err) = play(&lines, &[]);
    assert_eq!(straight, again, "{out}\n{err}");
    assert_eq!(err.lines().count(), 5, "{err}");
    assert!(err.contains("unknown command ':bogus'"), "{err}");
    assert!(err.contains("there is no option 7"), "{err}");
}

#[test]
fn auto_plays_for_people() {
    let (_, n, out, err) = play(&[":auto"], &[]);
    // The first decision is seat 1's; :auto plays seat 1 until seat 2 must decide.
    assert_eq!(n, 1, "{out}\n{err}");
    let (_, n, out, err) = play(&[":auto 100"], &[]);
    assert_eq!(n, 9, "{out}\n{err}");
    assert!(out.contains("result: "), "{out}");
}

#[test]
fn views_and_logs_say_whose_they_are() {
    let (_, _, out, _) = design(&["1", "2", ":log", ":full", ":as 2", ":god"], &[]);
    assert!(out.contains("--- view of p2 ---"), "{out}");
    assert!(out.contains("GOD VIEW"), "{out}");
    assert!(out.contains("log (as p1"), "{out}");
    assert!(out.contains("--- the whole view of p1 ---"), "{out}");
    // At the table `:full` draws the asker's own view.
    let (_, _, out, _) = play(&[":full", ":quit"], &[]);
    assert!(out.contains("--- the whole view of p1 ---"), "{out}");
}

#[test]
fn hot_seat_pauses_between_people_at_a_terminal_only() {
    // Seat 1 is handed the keyboard first, answers; Enter hands over to seat 2, who
    // answers; seat 1 next: another pause. Seat 1's next question is secret: a round, so
    // the keyboard goes on to seat 2 after it.
    let lines = ["", "1", "", "2", "", "-"];
    let (_, n, out, err) = play_on(Scripted::new(lines).at_a_terminal(), &[]);
    assert_eq!(n, 3, "{out}\n{err}");
    assert_eq!(out.matches("Pass the keyboard to p2. Press Enter.").count(), 2, "{out}");
    assert_eq!(out.matches("Pass the keyboard to p1. Press Enter.").count(), 2, "{out}");
    // The view shown after the pause is the new seat's own.
    let after = out.split("Pass the keyboard to p2").nth(1).unwrap_or_default();
    assert!(after.trim_start().lines().find(|l| l.starts_with("---")) == Some("--- view of p2 ---"), "{out}");
    // Piped: no pauses. Against a bot: no pauses either.
    let (_, _, out, _) = play(&["1", "2", "-"], &[]);
    assert!(!out.contains("Pass the keyboard"), "{out}");
    let (_, n, out, _) = play_on(Scripted::new(["1", "-", "2"]).at_a_terminal(), &[2]);
    assert_eq!(n, 5, "{out}");
    assert!(!out.contains("Pass the keyboard"), "{out}");
}

#[test]
fn a_bot_position_gives_the_same_pick_after_undo() {
    // Seat 1 plays, bot 2 answers; undo and replay: the bot answers the same.
    let (a, ..) = play(&["1", "-", "1", "1", "2", ""], &[2]);
    let (b, _, out, err) = play(&["1", "-", ":undo 2", "1", "-", "1", "1", "2", ""], &[2]);
    assert_eq!(a, b, "{out}\n{err}");
}

#[test]
fn all_bots_play_the_sim_game_of_the_same_seed() {
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let sim = posse::sim::play_random(&content, 7, None).expect("a sim game");
    let (hash, n, out, err) = play(&[], &[1, 2]);
    assert_eq!(n, sim.choices().len(), "{out}\n{err}");
    assert_eq!(hash, sim.state_hash(), "{out}\n{err}");
}

/// A copy of the fixtures where the secret question goes to seat 2 instead of seat 1.
fn secret_to_seat_2() -> PathBuf {
    let asked = "posse.choose(1, function() return \"Discard your kept card?\" end";
    edited_fixtures("secret-round", asked, &asked.replacen("(1,", "(2,", 1))
}

/// Hot-seat play hides who is asked a secret question: the keyboard visits every person
/// in seat order, and those not asked are told so, as they would be if they were.
#[test]
fn a_secret_question_is_a_round_of_the_keyboard() {
    let dir = secret_to_seat_2();
    let content = Arc::new(Content::load(&dir, "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    // p1 is handed the keyboard and plays, p2 plays; the secret question to p2: p1 is
    // visited first (nothing to decide), then p2 answers it; then p1's next question.
    let mut input = Scripted::new(["", "1", "", "2", "", "", "", "-", "", "1"]).at_a_terminal();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, dir.clone(), BTreeSet::new(), None, io);
    s.run();
    let n = s.game().choices().len();
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
    let (out, err) = (String::from_utf8(out).expect("utf8"), String::from_utf8(err).expect("utf8"));
    assert_eq!(n, 4, "{out}\n{err}");
    assert_eq!(out.matches("p1: nothing for you to decide now. Press Enter.").count(), 1, "{out}");
    let idle = out.find("p1: nothing for you").unwrap_or(usize::MAX);
    let asked = out.find("p2: Discard your kept card?").unwrap_or(0);
    assert!(idle < asked, "seat 1 is visited before seat 2 is asked: {out}");
    // Between the two, the keyboard is passed to p2 as to anyone in the round.
    assert!(out[idle..asked].contains("Pass the keyboard to p2. Press Enter."), "{out}");
}

/// The fixtures copied to a folder of their own, with `from` replaced by `to` in hilo's
/// main.lua.
fn edited_fixtures(name: &str, from: &str, to: &str) -> PathBuf {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).expect("mkdir");
        for e in std::fs::read_dir(from).expect("read_dir").flatten() {
            let (src, dst) = (e.path(), to.join(e.file_name()));
            if src.is_dir() {
                copy(&src, &dst)
            } else {
                std::fs::copy(&src, &dst).expect("copy");
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("posse-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy(&root(), &dir);
    let main = dir.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    assert!(text.contains(from));
    std::fs::write(&main, text.replacen(from, to, 1)).expect("write");
    dir
}

/// Plays hilo (seed 7) from `root` on `input`; returns the state hash, the choices
/// made, stdout and stderr.
fn play_from(root: &std::path::Path, mut input: Scripted) -> (u64, usize, String, String) {
    let content = Arc::new(Content::load(root, "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, root.to_path_buf(), BTreeSet::new(), None, io);
    s.run();
    let (hash, n) = (s.game().state_hash(), s.game().choices().len());
    drop(s);
    (hash, n, String::from_utf8(out).expect("utf8"), String::from_utf8(err).expect("utf8"))
}

/// Plays hilo (seed 7) from the content root `dir` on `input`, `bots` bot seats; returns
/// the choices made, stdout and stderr, and removes `dir`.
fn run_in(dir: &std::path::Path, mut input: Scripted, bots: &[usize], designer: bool) -> (Vec<Choice>, String, String) {
    let content = Arc::new(Content::load(dir, "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, dir.to_path_buf(), bots.iter().copied().collect(), None, io).designer(designer);
    s.run();
    let choices = s.game().choices().to_vec();
    drop(s);
    let _ = std::fs::remove_dir_all(dir);
    (choices, String::from_utf8(out).expect("utf8"), String::from_utf8(err).expect("utf8"))
}

#[test]
fn at_the_table_what_shows_another_seats_secrets_is_refused() {
    let (straight, ..) = play(&GAME, &[]);
    // p1 has the keyboard, then (after both played) at p1's next question: the round was
    // played, so p1's answer cannot be taken back.
    let mut lines = GAME.to_vec();
    lines.splice(0..0, [":as 2", ":god", ":change 2", ":as p1"]);
    lines.splice(6..6, [":undo", ":log", ":change 1"]);
    let (again, _, out, err) = play(&lines, &[]);
    assert_eq!(straight, again, "the game is as it was:\n{out}\n{err}");
    let asked = out.split("p1> :as 2").nth(1).and_then(|s| s.split("p1> :as p1").next()).expect("the commands");
    assert!(!asked.contains("GOD VIEW") && !asked.contains("view of"), "{asked}");
    let refusals: Vec<&str> = err.lines().filter(|l| l.contains("at the table")).collect();
    assert_eq!(refusals.len(), 4, "{err}");
    assert!(refusals.iter().all(|l| l.contains("--designer")), "each says what allows more: {err}");
    assert!(err.contains(":as: at the table each person sees only their own view (p1's)"), "{err}");
    assert!(err.contains(":god: at the table no one sees everything"), "{err}");
    assert!(err.contains(":change: at the table only the person at the keyboard"), "{err}");
    assert!(err.contains(":undo: at the table you may take back only your own answers"), "{err}");
    // Their own view and their own answer: what anyone may ask for.
    assert!(err.contains(":change: p1 has no answer it may change now"), "{err}");
    assert_eq!(err.lines().count(), 5, "one line each: {err}");
    assert!(out.contains("p1> :as p1\n--- view of p1 ---"), "{out}");
    // The log is the keyboard's: p1 reads which card p1 kept, not which card p2 kept.
    let log = out.split("log (as p1").nth(1).and_then(|s| s.split("p1> ").next()).expect("the log as p1");
    assert!(log.contains("p1 keeps") && !log.contains("p2 keeps"), "{log}");
}

#[test]
fn alone_against_bots_and_in_designer_mode_everything_is_allowed() {
    for (out, err) in [
        {
            let (_, _, o, e) = play(&[":as 2", ":god", ":log"], &[2]);
            (o, e)
        },
        {
            let (_, _, o, e) = design(&[":as 2", ":god", ":log"], &[]);
            (o, e)
        },
    ] {
        assert!(out.contains("--- view of p2 ---") && out.contains("=== GOD VIEW"), "{out}\n{err}");
        assert!(out.contains("log (GOD VIEW, every line"), "{out}");
        assert!(!err.contains("at the table"), "{err}");
    }
}

#[test]
fn the_first_screen_comes_after_a_handover() {
    let (_, _, out, _) = play_on(Scripted::new(["", "1"]).at_a_terminal(), &[]);
    let pass = out.find("Pass the keyboard to p1. Press Enter.").expect("a handover");
    let view = out.find("--- view of p1 ---").expect("a view");
    assert!(pass < view, "{out}");
    assert!(!out[..pass].contains("hand ["), "nothing of the game before it: {out}");
}

#[test]
fn after_load_the_screen_comes_after_a_handover() {
    let dir = std::env::temp_dir().join(format!("posse-session-load-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("g.yaml");
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let mut g = Game::new(content.clone(), Setup::new(&content, 3, None).expect("setup")).expect("game");
    for (seat, picks) in [(1, vec![1]), (2, vec![2]), (1, vec![])] {
        g.choose(seat, &picks).expect("a choice");
    }
    g.record().save(&file).expect("saved");
    let load = format!(":load {}", file.display());
    // Table play: p1 loads; the next screen (p1's, as it happens) comes after a handover.
    let (_, n, out, err) = play_on(Scripted::new(["", load.as_str(), "", "1"]).at_a_terminal(), &[]);
    assert_eq!(n, 4, "{out}\n{err}");
    let after = out.split("loaded ").nth(1).expect("loaded");
    let pass = after.find("Pass the keyboard to p1.").expect("a handover after :load");
    assert!(pass < after.find("--- view of").expect("a view"), "{after}");
    // Designer mode draws it at once, as before.
    let (_, _, out, _) = play_as(Scripted::new([load.as_str()]).at_a_terminal(), &[], true);
    let after = out.split("loaded ").nth(1).expect("loaded");
    assert!(!after.contains("Pass the keyboard"), "{after}");
    let _ = std::fs::remove_dir_all(dir);
}

/// At the table the one moment to take an answer back is the handover right after it:
/// the person leaving types `:undo` instead of Enter, and answers again.
#[test]
fn at_the_table_an_answer_not_acted_on_is_taken_back_at_the_handover() {
    let (straight, ..) = play(&["2", "2", "-"], &[]);
    // p1 answers, takes it back at the handover to p2, is handed the keyboard again and
    // answers 2; p2 answers 2; the secret round: p1 answers none, the keyboard goes to p2.
    let lines = ["", "1", ":undo", "", "2", "", "2", "", "-", ""];
    let (again, n, out, err) = play_on(Scripted::new(lines).at_a_terminal(), &[]);
    assert_eq!((again, n), (straight, 3), "{out}\n{err}");
    assert!(out.contains("took back 1 choice"), "{out}");
    assert!(err.is_empty(), "{err}");
    // Once the round was played (p2 answered), nothing is taken back: not at the pause
    // that follows (a command there is not taken for Enter) nor at p1's prompt.
    let lines = ["", "1", "", "2", ":undo", "", ":undo", "-", ""];
    let (_, n, out, err) = play_on(Scripted::new(lines).at_a_terminal(), &[]);
    assert_eq!(n, 3, "{out}\n{err}");
    assert!(!out.contains("took back"), "{out}");
    assert!(err.contains("the keyboard goes to p1: press Enter"), "{err}");
    assert!(err.contains(":undo: at the table you may take back only your own answers"), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
}

/// `:redo` at the table makes again only the asker's own answers taken back.
#[test]
fn at_the_table_redo_makes_again_what_was_taken_back() {
    let (straight, ..) = play(&["1", "2", "-"], &[]);
    let lines = ["", "1", ":undo", "", ":redo", "", "2", "", "-", "", ""];
    let (again, n, out, err) = play_on(Scripted::new(lines).at_a_terminal(), &[]);
    assert_eq!((again, n), (straight, 3), "{out}\n{err}");
    assert!(out.contains("made again 1 choice"), "{out}");
}

/// `:change` at the table: the person leaving changes their own answer at the handover;
/// another seat's answer cannot be changed.
#[test]
fn at_the_table_change_is_for_ones_own_answer() {
    let dir = edited_fixtures(
        "change",
        r#"options = { "first", "second" } }"#,
        r#"options = { "first", "second" }, revisable = true }"#,
    );
    let (straight, ..) = play_from(&dir, Scripted::new(["2", "2"]));
    let lines = ["", "1", ":change 2", ":change 1", "2", "", ":change 1", "2", ""];
    let (again, n, out, err) = play_from(&dir, Scripted::new(lines).at_a_terminal());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(again, straight, "{out}\n{err}");
    assert_eq!(n, 3, "both answers of p1 are in the log: {out}\n{err}");
    assert!(out.contains("p1, answer again (now: first):"), "{out}");
    // p1 may not change p2's (nor p2 p1's at its own prompt).
    assert_eq!(err.matches(":change: at the table only the person at the keyboard").count(), 2, "{err}");
}

/// Issue 11: before a person's question, what happened since they last decided: their
/// own forced results and the others' moves, as far as they may read them, marked new.
#[test]
fn a_person_reads_what_happened_since_they_last_decided() {
    // p1 against a bot: after p1's card, the bot plays, the round resolves.
    let (_, _, out, err) = play(&["1", "-", "1"], &[2]);
    assert!(err.is_empty(), "{err}");
    let recap = out.split("--- Since p1 last decided (* new) ---").nth(1).expect("a recap");
    let recap = recap.split("--- view of").next().expect("before the view");
    assert!(recap.contains(" * p1 keeps ") && recap.contains(" * p2 plays "), "{recap}");
    assert!(!recap.contains("p2 keeps"), "p2's own line is not p1's to read: {recap}");
    // The first question of the game: since it began.
    assert!(
        out.starts_with("--- Since the game began (* new) ---\n") || !out.contains("Since the game began"),
        "{out}"
    );
    // At the table, each person's recap is their own.
    let (_, _, out, _) = play(&GAME, &[]);
    let recaps = out.split("--- Since p2 last decided").skip(1);
    let p2 = recaps.map(|s| s.split("--- view of").next().unwrap_or("")).collect::<String>();
    assert!(p2.contains("p2 keeps") && !p2.contains("p1 keeps"), "{p2}");
}

/// At a terminal too short for the recap and the screen after it, the recap comes a page
/// at a time, with an Enter after each, so that nothing scrolls away unseen; a recap the
/// screen itself shows, or piped output, is not paged.
#[test]
fn a_long_recap_is_paged_at_a_short_terminal() {
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    // p1 plays a card, bot p2 its own: the round resolves in four lines p1 may read.
    let typed_with = |input: &mut Scripted, screen: &str| -> (String, Option<String>) {
        let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let io = Io { input, out: &mut out, err: &mut err };
        let mut s = Session::new(game, root(), BTreeSet::from([2]), None, io);
        s.make(1, vec![1]).expect("p1 plays");
        s.make_by(2, vec![1], false).expect("p2 plays");
        assert!(s.recap(1, screen));
        let typed = s.recaps.typed.clone();
        drop(s);
        (String::from_utf8(out).expect("utf8"), typed)
    };
    let recap_with = |input: &mut Scripted, screen: &str| typed_with(input, screen).0;
    let screen = "the view\n".repeat(5);
    // 6 rows: the recap (4 lines) fits a page, but not with the screen: one Enter after it.
    let mut input = Scripted::new(["", "", "", "left"]).sized(80, 6);
    let out = recap_with(&mut input, &screen);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(input.left(), 3);
    // 4 rows: pages of 3 rows, an Enter after each, and one before the screen.
    let mut input = Scripted::new(["", "", "", "left"]).sized(80, 4);
    recap_with(&mut input, &screen);
    assert_eq!(input.left(), 2);
    // 40 rows: everything fits, nobody waits.
    let mut input = Scripted::new(["left"]).sized(80, 40);
    recap_with(&mut input, &screen);
    assert_eq!(input.left(), 1);
    // `q` at a page leaves the pager: the rest is not shown, nothing is kept.
    let mut input = Scripted::new(["q", "left"]).sized(80, 4);
    let (out, typed) = typed_with(&mut input, &screen);
    assert_eq!((out.lines().count(), input.left(), typed), (3, 1, None), "{out}");
    // Text typed at a pager's prompt leaves it too and is the next input.
    let mut input = Scripted::new(["2", "left"]).sized(80, 4);
    let (_, typed) = typed_with(&mut input, &screen);
    assert_eq!((input.left(), typed.as_deref()), (1, Some("2")));
    let mut input = Scripted::new([":log", "left"]).sized(80, 6);
    let (out, typed) = typed_with(&mut input, &screen);
    assert_eq!((out.lines().count(), typed.as_deref()), (4, Some(":log")), "at \"press Enter to go on\"");
    // A screen that shows every line of the recap (a renderer's log window): not paged.
    let mut input = Scripted::new(["left"]).sized(80, 40);
    let out = recap_with(&mut input, "");
    let lines: Vec<&str> = out.lines().skip(1).map(|l| l.trim_start_matches(" * ")).collect();
    let mut input = Scripted::new(["left"]).sized(80, 4);
    recap_with(&mut input, &format!("Log:\n  {}", lines.join("\n  ")));
    assert_eq!(input.left(), 1);
    // Piped: whole, without waiting.
    let mut input = Scripted::new(["left"]);
    recap_with(&mut input, &screen);
    assert_eq!(input.left(), 1);
}

/// The fixtures with hilo's discard question asked as `to` says.
fn discard_asked(name: &str, to: &str) -> PathBuf {
    let from = "posse.choose(1, function() return \"Discard your kept card?\" end,\n      function() return { \"discard it\" } end, { min = 0, max = 1, count = 1, secret = true })";
    edited_fixtures(name, from, to)
}

/// A question with only one answer is answered at once and not shown (the person decides
/// nothing), where nothing is given away by it; in a secret round its visit is the one
/// of a seat not asked.
#[test]
fn a_question_with_only_one_answer_is_answered_at_once() {
    let must = |seat: usize, secret: bool| {
        format!(
            "posse.choose({seat}, function() return \"Discard your kept card?\" end,\n      function() return {{ \"discard it\" }} end, {{ min = 1, max = 1, count = 1, secret = {secret} }})"
        )
    };
    // Alone against a bot, secret or not: answered at once.
    for secret in [false, true] {
        let dir = discard_asked(&format!("only-{secret}"), &must(1, secret));
        let (choices, out, _) = run_in(&dir, Scripted::new(["1", "1"]), &[2], false);
        let n = choices.len();
        assert!(n >= 5, "two rounds played on two answers: {out}");
        assert!(!out.contains("(the only choice)") && !out.contains("discard it"), "not shown: {out}");
        assert!(!out.contains("p1: Discard your kept card?"), "never asked: {out}");
    }
    // At the table, a secret one keeps its round of the keyboard: p1 is visited and told
    // there is nothing to decide (as a seat not asked is), not asked.
    let dir = discard_asked("only-table-secret", &must(1, true));
    let (_, n, out, _) = play_from(&dir, Scripted::new(["", "1", "", "2", "", ""]).at_a_terminal());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(n, 3, "{out}");
    assert!(out.contains("p1: nothing for you to decide now. Press Enter."), "{out}");
    assert!(!out.contains("Discard your kept card?") && !out.contains("(the only choice)"), "{out}");
    // At the table, an open one is answered at once only for the person at the keyboard:
    // p2 answered last, so p2's is; p1's (after p2) waits for p1.
    let dir = discard_asked("only-table-p2", &must(2, false));
    let (_, n, out, _) = play_from(&dir, Scripted::new(["1", "2", "1", "2"]));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(n >= 5, "{out}");
    assert!(!out.contains("p2: Discard your kept card?") && !out.contains("(the only choice)"), "{out}");
    let dir = discard_asked("only-table-p1", &must(1, false));
    let (_, _, out, _) = play_from(&dir, Scripted::new(["1", "2", "1"]));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        !out.contains("(the only choice)") && out.contains("p1: Discard your kept card?\n  1) discard it"),
        "{out}"
    );
}

/// `:undo` takes back the person's last decision: answers made because they were the
/// only one (and the bots' since) go back with it, and the person is asked that decision
/// again, not the one they were at.
#[test]
fn undo_passes_over_answers_that_had_only_one_choice() {
    let must = "posse.choose(1, function() return \"Discard your kept card?\" end,\n      function() return { \"discard it\" } end, { min = 1, max = 1, count = 1 })";
    let dir = discard_asked("undo-only", must);
    // p1 plays its first card, bot p2 plays, p1's discard is made at once; round 2: undo.
    let (choices, out, err) = run_in(&dir, Scripted::new(["1", ":undo", "2", "1", ""]), &[2], false);
    let first = choices[0].clone();
    assert!(out.contains("took back 3 choices"), "p1's play, p2's and the discard: {out}\n{err}");
    assert_eq!((first.seat, first.picks), (1, vec![2]), "round 1 played again with the other card: {out}");
    let rounds: Vec<&str> = out.matches("Play which card?").collect();
    assert!(rounds.len() >= 3, "asked round 1, round 2, round 1 again: {out}");
}

/// The end: the standings and the reason in words, then the machine lines last; at a
/// terminal `:undo` takes the end back and the game goes on.
#[test]
fn the_end_shows_standings_then_the_machine_lines() {
    let (_, _, out, _) = play(&GAME, &[]);
    let end = out.split("=== The game is over ===\n").nth(1).expect("the end screen");
    let lines: Vec<&str> = end.lines().collect();
    assert!(lines[0].ends_with(": most points."), "{end}");
    assert!(lines[1].starts_with("  * p") && lines[1].contains("  score "), "{end}");
    assert!(lines[3].starts_with("result: winners=") && lines[4].starts_with("state-hash: "), "{end}");
    assert_eq!(lines.len(), 5, "{end}");
    // At a terminal, alone against a bot: the end waits; :undo takes back p1's last
    // answer and the bot's since; p1 answers the same; Enter leaves.
    let (hash, ..) = play(&["1", "-", "2", "1", "1", ""], &[2]);
    let input = Scripted::new(["1", "-", "2", "1", "1", "", ":undo", "", ""]).at_a_terminal();
    let (again, _, out, err) = play_on(input, &[2]);
    assert_eq!(hash, again, "{out}\n{err}");
    assert_eq!(out.matches("=== The game is over ===").count(), 2, "{out}");
    assert!(out.contains(
        "Enter or :quit leaves; :undo takes your last decision back; :save FILE saves; :log reads the log.\n"
    ));
    assert!(out.contains("took back "), "{out}");
}

/// Issue 11, point 3: bots alone draw from one stream, and a save says how far it went:
/// a game of bots saved in its middle and loaded in another session (of another seed)
/// goes on to the very game the bots play straight.
#[test]
fn a_game_of_bots_saved_in_its_middle_goes_on_as_it_would_have() {
    let dir = std::env::temp_dir().join(format!("posse-session-bots-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("g.yaml");
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let start = |seed: u64| Game::new(content.clone(), Setup::new(&content, seed, None).expect("setup")).expect("game");
    let all = BTreeSet::from([1, 2]);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input = Scripted::new(Vec::<String>::new());
    // Straight.
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(start(7), root(), all.clone(), None, io);
    s.run();
    let straight = s.game().state_hash();
    drop(s);
    // Four bot moves, then saved.
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(start(7), root(), all.clone(), None, io);
    for _ in 0..4 {
        let q = s.game().next_request().map(Question::of).expect("a question");
        assert!(s.bot_move(&q));
    }
    s.save_as(file.to_str().expect("utf8"));
    let record = s.record();
    drop(s);
    assert!(record.bots.is_some_and(|b| b.drawn > 0), "{record:?}");
    // Loaded where another game was being played: the same end.
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(start(99), root(), BTreeSet::new(), None, io);
    let saved = posse::Record::load(&file).expect("the save");
    s.load_record(content.clone(), &saved, "g.yaml", None).expect("loaded");
    s.run();
    assert_eq!(s.game().state_hash(), straight);
    drop(s);
    let _ = std::fs::remove_dir_all(dir);
}

/// Long answers to commands are paged at a terminal: `:help` at 80 × 24 takes an Enter
/// between its two pages, then the prompt comes back.
#[test]
fn help_is_paged_at_a_terminal() {
    let mut input = Scripted::new([":help", "", ":quit", "left"]).sized(80, 24);
    let (_, _, out, err) = play_on_keeping(&mut input, &[2]);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains(":quit          leave") && out.contains("--step: Enter makes the next"), "{out}");
    assert_eq!(input.left(), 1, "one Enter between the pages, then :quit: {out}");
}

/// [`play_on`] with the input kept for the test to look at.
fn play_on_keeping(input: &mut Scripted, bots: &[usize]) -> (u64, usize, String, String) {
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, root(), bots.iter().copied().collect(), None, io);
    s.run();
    let (hash, n) = (s.game().state_hash(), s.game().choices().len());
    drop(s);
    (hash, n, String::from_utf8(out).expect("utf8"), String::from_utf8(err).expect("utf8"))
}

#[test]
fn a_cooperative_games_end_says_whether_the_crew_won() {
    let content = Arc::new(Content::load(&root(), "vault").expect("vault loads"));
    let mut seen = Vec::new();
    for seed in 0..6 {
        let game = Game::new(content.clone(), Setup::new(&content, seed, Some(2)).expect("setup")).expect("game");
        let (mut input, mut out, mut err) = (Scripted::new([""]), Vec::new(), Vec::new());
        let io = Io { input: &mut input, out: &mut out, err: &mut err };
        Session::new(game, root(), [1, 2].into_iter().collect(), None, io).run();
        let out = String::from_utf8(out).expect("utf8");
        let won = out.contains("The crew wins: the vault is open.") && out.contains("result: crew=won winners=1,2");
        let lost = out.contains("The crew loses: ") && out.contains("result: crew=lost winners=none");
        assert!(won != lost, "{out}");
        seen.push(won);
    }
    assert!(seen.contains(&true) && seen.contains(&false), "{seen:?}");
}

/// The commands' table decides what table play refuses: at the table every command the
/// table marks `Refused` is refused with its reason and changes nothing, and no other
/// command is; alone against a bot, or in designer mode, none is. (Commands marked `Own`
/// are used here on the asker's own seat: what they keep from others is tested above.)
#[test]
fn table_play_refuses_exactly_the_commands_the_table_marks() {
    use crate::command::{Arg, AtTable, COMMANDS};
    let dir = std::env::temp_dir().join(format!("posse-table-commands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let refusals: Vec<String> = COMMANDS
        .iter()
        .filter_map(|s| match s.at_table {
            AtTable::Refused(why) => Some(format!("{}: {why}", s.name)),
            _ => None,
        })
        .collect();
    assert!(!refusals.is_empty(), "the table refuses :god at least");
    for spec in COMMANDS {
        let arg = match spec.arg {
            Arg::None => String::new(),
            Arg::Count => " 1".into(),
            Arg::Seat => " 1".into(),
            Arg::Card => " Low card".into(),
            Arg::File => format!(" {}", dir.join(format!("{}.out", &spec.name[1..])).display()),
        };
        let line = format!("{}{arg}", spec.name);
        let (straight, ..) = play(&[":quit"], &[]);
        for (who, bots, designer) in
            [("at the table", &[][..], false), ("alone", &[2][..], false), ("designer", &[][..], true)]
        {
            let (hash, _, out, err) = play_as(Scripted::new([line.as_str(), ":quit"]), bots, designer);
            let refused: Vec<&str> = err.lines().filter(|l| refusals.iter().any(|r| r == l)).collect();
            match spec.at_table {
                AtTable::Refused(why) if who == "at the table" => {
                    assert_eq!(refused, [format!("{}: {why}", spec.name)], "{line} {who}:\n{out}\n{err}");
                    assert_eq!(hash, straight, "{line} {who} changed the game");
                    assert!(!out.contains("GOD VIEW"), "{line} {who}:\n{out}");
                }
                _ => assert!(refused.is_empty(), "{line} {who} is refused:\n{err}"),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// At a terminal of 80 × 24 a question of many options is folded by kind to fit under the
/// view: a number names an entry, a kind's entry opens its sub-list, `0` goes back, and
/// the answer made is the option's number in the question (issue 27, point 3).
#[test]
fn a_long_question_is_folded_to_fit_the_screen() {
    let mut labels: Vec<String> = (1..=15).map(|i| format!("Give card {i} to Ann, the sheriff's deputy")).collect();
    labels.extend((1..=12).map(|i| format!("Swap card {i} for Bob's card, face down")));
    labels.extend(["Pass".to_string(), "Wait".into()]);
    let list = labels.iter().map(|l| format!("{l:?}")).collect::<Vec<_>>().join(", ");
    let many = format!(
        "(function() posse.choose(1, function() return \"Discard your kept card?\" end,\n      function() return {{ {list} }} end, {{ count = {} }}) return {{}} end)()",
        labels.len()
    );
    let dir = discard_asked("folded", &many);
    let input = Scripted::new(["1", "1", "99", "0", "1", "1"]).at_a_terminal().sized(80, 24);
    let (choices, out, err) = run_in(&dir, input, &[2], true);
    let made: Vec<Vec<u32>> = choices.iter().filter(|c| c.seat == 1).map(|c| c.picks.clone()).collect();
    let screen = out.split("p1: Discard your kept card?\n").nth(1).expect("the question");
    assert!(
        screen.starts_with("  1) Give card … (15 choices)\n  2) Swap card … (12 choices)\n  3) Pass\n  4) Wait\n"),
        "{out}"
    );
    // "1" opens the gifts, "99" is none of them, "0" goes back, "1" opens them again and
    // "1" is Give card 1: option 1 of the question.
    assert!(out.contains("Give card … (15 choices):\n  1) Give card 1 to Ann, the sheriff's deputy\n"), "{out}");
    assert!(err.contains("there is no choice 99 here: 1..15 (0 goes back)"), "{err}");
    assert_eq!(made[..2], [vec![1], vec![1]], "round 1's play, then Give card 1: {out}");
}

/// When even folded by kind a question does not fit under the view, its last entries go
/// behind "More …": the screen keeps the question's line and a way to every option, the
/// "More …" entry opens the rest (numbered from 1, `0` goes back), and the answer made is
/// the option's number in the question (issue 27, point 3).
#[test]
fn what_does_not_fit_even_folded_is_behind_more() {
    let labels: Vec<String> =
        (1..=30).map(|i| format!("Town{i}: ride there along the long and dusty road by the river")).collect();
    let list = labels.iter().map(|l| format!("{l:?}")).collect::<Vec<_>>().join(", ");
    let many = format!(
        "(function() posse.choose(1, function() return \"Discard your kept card?\" end,\n      function() return {{ {list} }} end, {{ count = {} }}) return {{}} end)()",
        labels.len()
    );
    let dir = discard_asked("more", &many);
    let input = Scripted::new(["1", "14", "0", "14", "4"]).at_a_terminal().sized(80, 24);
    let (choices, out, err) = run_in(&dir, input, &[2], true);
    let made: Vec<Vec<u32>> = choices.iter().filter(|c| c.seat == 1).map(|c| c.picks.clone()).collect();
    let at = out.find("p1: Discard your kept card?").expect("the question");
    let view = out[..at].rfind("--- view of p1 ---").expect("its view");
    let hint = out[at..].find("  (an entry with …").expect("the hint") + at;
    let screen = out[view..hint].lines().count() + 2;
    assert_eq!(screen, 24, "the view, the question, its entries, the hint and the prompt:\n{out}");
    assert!(out.contains("  13) Town13: ride there") && out.contains("  14) More … (17 choices)\n"), "{out}");
    assert!(out.contains("More … (17 choices):\n   1) Town14: ride there"), "{out}");
    assert!(out.contains("  17) Town30: ride there along the long and dusty road by the river\n  0) back"), "{out}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(made[..2], [vec![1], vec![17]], "round 1's play, then Town17: {out}");
}

/// The screens a person at seat 1 sees at each of their questions (the view and the
/// question, as drawn at 80 × 24), each with the rows it takes there (the prompt's line
/// included) and the rows of the view alone, over the first `n` decisions of a game of `id` with `seed` at its largest
/// player count, seat 1 a person, the others random bots.
fn screens(id: &str, seed: u64, n: usize) -> Vec<(usize, usize, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let content = Arc::new(Content::load(&root, id).expect("loads"));
    let players = content.players.max;
    let game = Game::new(content.clone(), Setup::new(&content, seed, Some(players)).expect("setup")).expect("game");
    let mut input = Scripted::new(Vec::<String>::new()).at_a_terminal().sized(80, 24);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let bots: BTreeSet<usize> = (2..=players).collect();
    let mut s = Session::new(game, root, bots, None, io);
    let mut picker = bots::Picker::new(seed, false);
    let mut screens = Vec::new();
    for pos in 0..n {
        let Some(r) = s.game.next_request() else { break };
        let (seat, picks) = (r.seat, picker.pick(pos, r));
        if seat == 1 {
            let q = Question::of(r);
            if q.only_answer().is_none() {
                let view = s.view_text(Some(1));
                let screen = format!("{view}\n{}", s.question_under(&q, &view));
                let rows_of = |t: &str| super::recap::rows_of(t, 80);
                screens.push((rows_of(&screen) + 1, rows_of(&view), screen));
            }
        }
        if s.game.choose(seat, &picks).is_err() {
            break;
        }
    }
    screens
}

/// Every screen fits 80 × 24 (issue 27, point 3): in every game, mode and scenario at
/// its largest player count, over three seeds and the first 400 decisions, the view a
/// person at seat 1 sees and the question under it (folded where it must be) take at
/// most 24 rows, the line typed included. Run with `--nocapture`, it prints the most
/// rows each game takes (and with SHOW=1 in the environment, that screen).
#[test]
fn every_screen_fits_80_by_24_at_the_largest_table() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    // The first screen too long in each game, all reported at the end.
    let mut failures = Vec::new();
    for id in Content::list(&root).expect("games") {
        let (mut most, mut view) = ((0, String::new()), (0, String::new()));
        let (mut asked, mut folded, mut more) = (0, 0, 0);
        for seed in 1..=3 {
            let screens = screens(&id, seed, 400);
            assert!(!screens.is_empty(), "{id} seed {seed}: seat 1 was asked nothing");
            for (rows, view_rows, screen) in screens {
                asked += 1;
                folded += usize::from(screen.contains("\n  (an entry with … opens its choices"));
                more += usize::from(screen.contains(") More … ("));
                if rows > 24 && most.0 <= 24 {
                    failures.push(format!("{id} seed {seed}: a screen of {rows} rows:\n{screen}"));
                }
                if rows > most.0 {
                    most = (rows, screen.clone());
                }
                if view_rows > view.0 {
                    view = (view_rows, screen);
                }
            }
        }
        println!(
            "{id}: at most {} rows, the view (with its first line) at most {}; {asked} questions, {folded} folded, {more} with More",
            most.0, view.0
        );
        if std::env::var_os("SHOW").is_some() {
            println!("{}\n{}", most.1, view.1);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
