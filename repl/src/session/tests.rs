//! Session logic on scripted lines, with the fixture game `hilo`.

use super::*;
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

fn play_on(mut input: Scripted, bots: &[usize]) -> (u64, usize, String, String) {
    let content = Arc::new(Content::load(&root(), "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let io = Io { input: &mut input, out: &mut out, err: &mut err };
    let mut s = Session::new(game, root(), bots.iter().copied().collect(), None, io);
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
    let (again, _, out, err) = play(&lines, &[]);
    assert_eq!(straight, again, "{out}\n{err}");
    let mut lines = GAME.to_vec();
    lines.splice(4..4, [":undo", ":redo"]);
    let (redone, _, out, err) = play(&lines, &[]);
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
    let (_, _, out, _) = play(&["1", "2", ":log", ":as 2", ":god"], &[]);
    assert!(out.contains("--- view of p2 ---"), "{out}");
    assert!(out.contains("GOD VIEW"), "{out}");
    assert!(out.contains("log (as p1"), "{out}");
}

#[test]
fn hot_seat_pauses_between_people_at_a_terminal_only() {
    // Seat 1 answers, Enter hands over to seat 2, who answers; seat 1 next: another pause.
    // Seat 1's next question is secret: a round, so the keyboard goes on to seat 2 after it.
    let lines = ["1", "", "2", "", "-"];
    let (_, n, out, err) = play_on(Scripted::new(lines).at_a_terminal(), &[]);
    assert_eq!(n, 3, "{out}\n{err}");
    assert_eq!(out.matches("Pass the keyboard to p2. Press Enter.").count(), 2, "{out}");
    assert_eq!(out.matches("Pass the keyboard to p1. Press Enter.").count(), 1, "{out}");
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
    let dir = std::env::temp_dir().join(format!("posse-secret-round-{}", std::process::id()));
    copy(&root(), &dir);
    let main = dir.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    let asked = "posse.choose(1, function() return \"Discard your kept card?\" end";
    assert!(text.contains(asked));
    std::fs::write(&main, text.replacen(asked, &asked.replacen("(1,", "(2,", 1), 1)).expect("write");
    dir
}

/// Hot-seat play hides who is asked a secret question: the keyboard visits every person
/// in seat order, and those not asked are told so, as they would be if they were.
#[test]
fn a_secret_question_is_a_round_of_the_keyboard() {
    let dir = secret_to_seat_2();
    let content = Arc::new(Content::load(&dir, "hilo").expect("hilo loads"));
    let game = Game::new(content.clone(), Setup::new(&content, 7, None).expect("setup")).expect("game");
    // p1 plays, p2 plays; the secret question to p2: p1 is visited first (nothing to
    // decide), then p2 answers it; then p1's next question.
    let mut input = Scripted::new(["1", "", "2", "", "", "", "-", "", "1"]).at_a_terminal();
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
