//! The `posse` command at a real terminal: a pseudo-terminal of 80 × 24 (expectrl), with
//! rustyline reading keys as a person types them. Each test waits for what a person would
//! see before typing the next line (rustyline drops what it read ahead of a line's end),
//! and plays the fixture game `hilo` (one, the biggest Goldfever table), so all of them
//! together take a few seconds.
#![cfg(unix)]

use expectrl::process::unix::WaitStatus;
use expectrl::{Eof, Expect, Session};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

/// A scratch folder for this test, emptied first (the history file goes there too).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("posse-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

type Pty = Session<expectrl::process::unix::UnixProcess, expectrl::process::unix::PtyStream>;

/// `posse --root <fixtures> ARGS` in a terminal of 80 × 24.
fn posse(dir: &Path, args: &[&str]) -> Pty {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_posse"));
    cmd.arg("--root").arg(fixtures()).args(args);
    cmd.env_remove("POSSE_ROOT").env("TERM", "xterm").env("XDG_DATA_HOME", dir).current_dir(dir);
    let mut p = Session::spawn(cmd).expect("posse starts in a terminal");
    p.get_process_mut().set_window_size(80, 24).expect("a terminal of 80 x 24");
    p.set_expect_timeout(Some(Duration::from_secs(120)));
    p
}

/// Waits for `text` on the screen.
fn see(p: &mut Pty, text: &str) {
    if let Err(e) = p.expect(text) {
        panic!("waiting for {text:?}: {e}");
    }
}

/// Types `keys` (`\r` is Enter).
fn type_(p: &mut Pty, keys: &str) {
    p.send(keys).expect("typed");
}

/// Waits for the end and says whether posse exited with 0.
fn exits_well(p: &mut Pty) -> bool {
    p.expect(Eof).expect("the end of the output");
    matches!(p.get_process().wait(), Ok(WaitStatus::Exited(_, 0)))
}

/// Issue 11, point 5: the menu lists each game and mode with its name, players and
/// about line, and Ctrl-C leaves it.
#[test]
fn the_menu_lists_the_games_and_ctrl_c_leaves_it() {
    let dir = scratch("menu");
    let mut p = posse(&dir, &[]);
    see(&mut p, "  1) Hi-Lo (hilo), 2-3 players: A tiny test game");
    see(&mut p, "     modes: 2) one round [2]");
    see(&mut p, "Game (number or id; q to leave): ");
    type_(&mut p, "\x03");
    assert!(exits_well(&mut p));
    // `q` leaves too, after a game was picked.
    let mut p = posse(&dir, &[]);
    see(&mut p, "q to leave): ");
    type_(&mut p, "hi\t");
    see(&mut p, "hilo");
    type_(&mut p, "\r");
    see(&mut p, "Players (2 to 3, Enter for 2): ");
    type_(&mut p, "q\r");
    assert!(exits_well(&mut p));
    let _ = std::fs::remove_dir_all(dir);
}

/// Two people at one screen: the keyboard is handed over before each one's screen; Tab
/// completes answers and card names; a line that is not UTF-8 is dropped with a message.
#[test]
fn a_handover_completion_and_a_line_that_is_not_text() {
    let dir = scratch("table");
    let mut p = posse(&dir, &["play", "hilo", "--seed", "7"]);
    see(&mut p, "Pass the keyboard to p1. Press Enter.");
    type_(&mut p, "\r");
    see(&mut p, "--- view of p1 ---");
    see(&mut p, "p1> ");
    type_(&mut p, "fi\t");
    see(&mut p, "first");
    type_(&mut p, "\r");
    see(&mut p, "Pass the keyboard to p2. Press Enter.");
    type_(&mut p, "\r");
    see(&mut p, "--- view of p2 ---");
    see(&mut p, "p2> ");
    type_(&mut p, ":card lo\t");
    see(&mut p, "Low card");
    type_(&mut p, "\r");
    see(&mut p, "Low card (4 in the game)");
    see(&mut p, "p2> ");
    p.send(b"\xff\xfe\r").expect("typed");
    see(&mut p, "that line is not UTF-8 text");
    see(&mut p, "p2> ");
    type_(&mut p, ":quit\r");
    see(&mut p, "The game stops after 1 choice: not saved");
    assert!(exits_well(&mut p));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11, points 3 and 6: a game saved against a bot, resumed with `play --load`,
/// played to its end; the end screen shows the standings, and there `:undo` takes the
/// last answer back, `:save` keeps the game and Enter leaves.
#[test]
fn resume_after_load_and_the_end_screen() {
    let dir = scratch("resume");
    let save = dir.join("g.yaml");
    let again = dir.join("again.yaml");
    let run = |input: &str| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_posse"))
            .arg("--root")
            .arg(fixtures())
            .args(["play", "hilo", "--seed", "5", "--bot", "2=random", "--save"])
            .arg(&save)
            .env_remove("POSSE_ROOT")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("posse starts");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input");
        let out = child.wait_with_output().expect("posse runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // Straight through, piped: the state hash to meet. Then a save after one answer.
    let straight = run("1\n-\n2\n1\n1\n\n");
    let hash = straight.lines().find(|l| l.starts_with("state-hash: ")).expect("a state hash").to_string();
    run("1\n");
    let mut p = posse(&dir, &["play", "--load", save.to_str().expect("utf8")]);
    see(&mut p, "seats (as saved): p1, p2 (bot)");
    for (question, answer) in
        [("Discard your kept card?", "-"), ("Play which card?", "2"), ("Discard", "1"), ("Play which", "1")]
    {
        see(&mut p, question);
        see(&mut p, "p1> ");
        type_(&mut p, &format!("{answer}\r"));
    }
    see(&mut p, "Discard your kept card?");
    see(&mut p, "p1> ");
    type_(&mut p, "1\r");
    see(&mut p, "=== The game is over ===");
    see(&mut p, "game over> ");
    type_(&mut p, ":undo\r");
    see(&mut p, "took back 1 choice");
    see(&mut p, "Discard your kept card?");
    see(&mut p, "p1> ");
    type_(&mut p, "\r");
    see(&mut p, "=== The game is over ===");
    // People read the standings; the machine lines are for scripts (piped) and designers.
    let end = p.expect("game over> ").expect("the end screen");
    let end = String::from_utf8_lossy(end.before()).into_owned();
    assert!(!end.contains("state-hash") && !end.contains("result: winners="), "{end}");
    type_(&mut p, &format!(":save {}\r", again.display()));
    see(&mut p, "saved 9 choices");
    see(&mut p, "game over> ");
    type_(&mut p, "\r");
    assert!(exits_well(&mut p));
    assert!(std::fs::read_to_string(&again).expect("saved").contains("played_by: [\"person\",\"random\"]"));
    // The game undone and answered again is the one played straight through.
    let resumed = Command::new(env!("CARGO_BIN_EXE_posse"))
        .arg("--root")
        .arg(fixtures())
        .args(["play", "--load"])
        .arg(&again)
        .env_remove("POSSE_ROOT")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("posse runs");
    assert!(String::from_utf8_lossy(&resumed.stdout).contains(&hash), "{hash}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 14: on a terminal, `sim` shows a progress bar with the time left, then the report.
#[test]
fn sim_on_a_terminal_shows_its_progress() {
    let dir = scratch("sim-progress");
    let mut p = posse(&dir, &["sim", "hilo", "-n", "20000", "--jobs", "1"]);
    see(&mut p, "/20000 games, ");
    see(&mut p, " left");
    see(&mut p, "finished: 20000 of 20000");
    assert!(exits_well(&mut p));
}

/// Issue 27, point 4: at a terminal, `:auto` plays to the end without pausing and says so
/// above the end screen (no machine lines for people); at a short terminal, text typed at
/// a pager's "(press Enter to go on)" is the next answer; `:quit` says where the game is
/// saved and how to go on with it.
#[test]
fn auto_to_the_end_typed_ahead_and_quit_says_how_to_resume() {
    let dir = scratch("auto");
    let mut p = posse(&dir, &["play", "hilo", "--seed", "5", "--bot", "2=random"]);
    see(&mut p, "p1> ");
    type_(&mut p, ":auto\r");
    see(&mut p, "(:auto made ");
    let end = p.expect("game over> ").expect("the end screen");
    let end = String::from_utf8_lossy(end.before()).into_owned();
    assert!(end.contains("=== The game is over ===") && !end.contains("state-hash"), "{end}");
    type_(&mut p, "\r");
    assert!(exits_well(&mut p));

    // A terminal of 8 rows: `:help` comes a page at a time; `q` leaves the pager, and
    // text typed at a page's prompt leaves it too and is the answer to the question.
    let mut p = posse(&dir, &["play", "hilo", "--seed", "5", "--bot", "2=random"]);
    p.get_process_mut().set_window_size(80, 8).expect("a terminal of 80 x 8");
    see(&mut p, "p1> ");
    type_(&mut p, ":help\r");
    see(&mut p, "(more: press Enter, q to stop)");
    type_(&mut p, "q\r");
    see(&mut p, "p1> ");
    type_(&mut p, ":help\r");
    see(&mut p, "(more: press Enter, q to stop)");
    type_(&mut p, "1\r");
    see(&mut p, "p1> 1");
    see(&mut p, "Discard your kept card?");
    see(&mut p, "p1> ");
    type_(&mut p, ":quit\r");
    see(&mut p, "The game stops after 2 choices: not saved");
    assert!(exits_well(&mut p));

    let save = dir.join("g.yaml");
    let mut p =
        posse(&dir, &["play", "hilo", "--seed", "5", "--bot", "2=random", "--save", save.to_str().expect("utf8")]);
    see(&mut p, "p1> ");
    type_(&mut p, ":quit\r");
    see(&mut p, &format!("saved in {}; `posse play --load {}` goes on with it.", save.display(), save.display()));
    assert!(exits_well(&mut p));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 27, point 3: at a real terminal of 80 × 24, the biggest Goldfever table (The Bank
/// Job, eight players, seat 1 a person) shows each question under its view on one screen:
/// from the view's first line to the prompt, at most 24 rows of at most 80 columns, at each
/// of the person's first questions.
#[test]
fn the_bank_job_at_eight_players_fits_the_terminal() {
    let dir = scratch("bank_job");
    let project = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_posse"));
    cmd.arg("--root").arg(&project).args(["play", "goldfever/bank_job", "--players", "8", "--seed", "4"]);
    for s in 2..=8 {
        cmd.args(["--bot", &format!("{s}=random")]);
    }
    cmd.env_remove("POSSE_ROOT").env("TERM", "xterm").env("XDG_DATA_HOME", &dir).current_dir(&dir);
    let mut p = Session::spawn(cmd).expect("posse starts in a terminal");
    p.get_process_mut().set_window_size(80, 24).expect("a terminal of 80 x 24");
    p.set_expect_timeout(Some(Duration::from_secs(120)));
    let ansi = |s: &str| {
        // The text as a person reads it: escape sequences and carriage returns left out.
        let mut out = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\u{1b}' => {
                    if chars.peek() == Some(&'[') {
                        chars.next();
                        for d in chars.by_ref() {
                            if d.is_ascii_alphabetic() {
                                break;
                            }
                        }
                    }
                }
                '\r' => {}
                c => out.push(c),
            }
        }
        out
    };
    let (mut question, mut text) = (0, String::new());
    loop {
        // A recap longer than the screen comes a page at a time first: Enter goes on.
        let shown = p
            .expect(expectrl::Regex("p1> |press Enter"))
            .unwrap_or_else(|e| panic!("question {question}: {e}; after:\n{text}"));
        text.push_str(&ansi(&String::from_utf8_lossy(shown.before())));
        if shown.get(0).is_some_and(|m| m != b"p1> ") {
            type_(&mut p, "\r");
            continue;
        }
        let Some(at) = text.rfind("--- view of p1 ---") else {
            // A folded entry's sub-list, on a screen of its own: its first choice.
            text.clear();
            type_(&mut p, "1\r");
            continue;
        };
        let screen = std::mem::take(&mut text)[at..].to_string();
        if question == 6 {
            break;
        }
        let rows = screen.lines().count() + 1;
        assert!(rows <= 24, "question {question}: {rows} rows:\n{screen}");
        for line in screen.lines() {
            assert!(line.chars().count() <= 80, "question {question}: a line past 80 columns: {line:?}");
        }
        type_(&mut p, "1\r");
        question += 1;
    }
    type_(&mut p, ":quit\r");
    assert!(exits_well(&mut p));
    let _ = std::fs::remove_dir_all(dir);
}
