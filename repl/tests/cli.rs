//! The `posse` command as people and scripts use it: arguments in, a game piped through
//! stdin, lines and exit codes out. Every test plays the fixture game `hilo`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

/// Runs `posse --root <fixtures> ARGS` with `input` on stdin.
fn posse(args: &[&str], input: &str) -> Output {
    posse_in(&fixtures(), args, input)
}

fn posse_in(root: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_posse"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env_remove("POSSE_ROOT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("posse starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("posse runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The last two lines of stdout, which must be `result:` and `state-hash:`; returns the hash.
fn finished(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}\n{}\n{}", o.status, stdout(o), stderr(o));
    let out = stdout(o);
    let last: Vec<&str> = out.lines().rev().take(2).collect();
    assert_eq!(last.len(), 2, "{out}");
    assert!(last[1].starts_with("result: winners="), "{out}");
    assert!(last[0].starts_with("state-hash: "), "{out}");
    last[0].to_string()
}

/// The `state-hash:` line of any output.
fn hash_line(o: &Output) -> String {
    stdout(o).lines().find(|l| l.starts_with("state-hash: ")).unwrap_or_default().to_string()
}

/// A scratch folder for this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("posse-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Answers for a whole 2-player game of hilo (3 rounds: both seats pick a card, then
/// seat 1 may discard), whatever the seed.
const GAME: &str = "1\n2\n-\n2\n2\n1\n1\n1\n\n";

#[test]
fn list_prints_one_game_per_line() {
    let o = posse(&["list"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "hilo"), "{out}");
    assert!(out.lines().any(|l| l == "hilo/short"), "a scenario is listed as game/scenario: {out}");
    let id = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    assert!(out.lines().all(|l| l.split('/').all(id) && l.split('/').count() <= 2), "{out}");
}

#[test]
fn a_piped_game_ends_with_result_and_state_hash() {
    let o = posse(&["play", "hilo", "--seed", "7", "--designer"], GAME);
    finished(&o);
    assert!(stdout(&o).contains("seed: 7"), "{}", stdout(&o));
}

#[test]
fn same_seed_and_answers_give_the_same_game() {
    let a = finished(&posse(&["play", "hilo", "--seed", "11"], GAME));
    let b = finished(&posse(&["play", "hilo", "--seed", "11"], GAME));
    assert_eq!(a, b);
}

#[test]
fn the_default_seed_is_printed_and_replays() {
    let o = posse(&["play", "hilo", "--designer"], GAME);
    let first = finished(&o);
    let seed = stdout(&o).lines().find_map(|l| l.strip_prefix("seed: ").map(str::to_string)).expect("a seed line");
    assert_eq!(finished(&posse(&["play", "hilo", "--seed", &seed], GAME)), first);
}

#[test]
fn bots_play_a_whole_game_without_input() {
    let a = finished(&posse(&["play", "hilo", "--seed", "3", "--bot", "all=random"], ""));
    let b = finished(&posse(&["play", "hilo", "--seed", "3", "--players", "3", "--bot", "all=random"], ""));
    assert_ne!(a, b);
    // Bots by number and by name; the human seat answers only its own decisions.
    finished(&posse(
        &["play", "hilo", "--seed", "3", "--players", "3", "--bot", "2=random", "--bot", "p3=random"],
        "1\n-\n2\n1\n1\n\n",
    ));
}

#[test]
fn undo_then_the_same_answer_is_as_if_never_undone() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "5"], GAME));
    let designer = ["play", "hilo", "--seed", "5", "--designer"];
    let undone = finished(&posse(&designer, "1\n2\n-\n2\n:undo\n2\n2\n1\n1\n1\n\n"));
    assert_eq!(straight, undone);
    let redone = finished(&posse(&designer, "1\n2\n-\n2\n2\n:undo 3\n:redo 3\n1\n1\n1\n\n"));
    assert_eq!(straight, redone);
}

#[test]
fn bad_commands_and_answers_change_nothing() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "9"], GAME));
    let o = posse(&["play", "hilo", "--seed", "9"], "1\n:frobnicate\n3\n0\n1 2\nzzz\n2\n-\n2\n2\n1\n1\n1\n\n");
    assert_eq!(finished(&o), straight);
    let err = stderr(&o);
    assert!(err.contains("unknown command ':frobnicate'"), "{err}");
    assert!(err.contains("there is no option 3: options are 1..2"), "{err}");
    assert_eq!(err.lines().count(), 5, "one line per bad input:\n{err}");
}

#[test]
fn views_commands_and_labels_work_in_a_pipe() {
    let o =
        posse(&["play", "hilo", "--seed", "4", "--designer"], ":help\n:view\n:as p2\n:god\n:log 5\nfir\nSECOND\n-\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(":undo [N]"), "{out}");
    assert!(out.contains("--- view of p2 ---"), "{out}");
    assert!(out.contains("=== GOD VIEW"), "{out}");
    assert!(out.contains("unfinished: 3 choices"), "{out}");
}

#[test]
fn a_saved_game_replays_to_the_same_state() {
    let dir = scratch("save");
    let file = dir.join("game.yaml");
    let cmd = format!("1\n2\n-\n:save {}\n2\n2\n1\n1\n1\n\n", file.display());
    let o = posse(&["play", "hilo", "--seed", "8"], &cmd);
    let played_hash = finished(&o);
    // The record was saved after 3 choices: it replays to that position.
    let r = posse(&["replay", file.to_str().expect("utf8 path")], "");
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stdout(&r).contains("unfinished: 3 choices"), "{}", stdout(&r));
    let part = posse(&["play", "hilo", "--seed", "8"], "1\n2\n-\n");
    assert_eq!(hash_line(&r), hash_line(&part));
    // Autosave keeps the whole game: replaying it gives the final state.
    let auto = dir.join("auto.yaml");
    let o = posse(&["play", "hilo", "--seed", "8", "--save", auto.to_str().expect("utf8")], GAME);
    assert_eq!(finished(&o), played_hash);
    let r = posse(&["replay", auto.to_str().expect("utf8")], "");
    assert_eq!(finished(&r), played_hash);
    // Stepping through it with Enter reaches the same end.
    let steps = "\n".repeat(9);
    assert_eq!(finished(&posse(&["replay", auto.to_str().expect("utf8"), "--step"], &steps)), played_hash);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn load_and_reload_replay_the_game() {
    let dir = scratch("load");
    let file = dir.join("g.yaml");
    let straight = finished(&posse(&["play", "hilo", "--seed", "2"], GAME));
    finished(&posse(&["play", "hilo", "--seed", "2", "--save", file.to_str().expect("utf8")], GAME));
    // Load the finished game's record into another game: it ends at once, the same.
    let o = posse(&["play", "hilo", "--seed", "99"], &format!("1\n:load {}\n", file.display()));
    assert_eq!(finished(&o), straight);
    let o = posse(&["play", "hilo", "--seed", "2"], "1\n2\n-\n:reload\n2\n2\n1\n1\n1\n\n");
    assert_eq!(finished(&o), straight);
    assert!(stdout(&o).contains("replayed 3 of 3 choices"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn reload_reports_the_first_choice_that_no_longer_fits() {
    let root = scratch("reload");
    copy_dir(&fixtures(), &root);
    let save = root.join("g.yaml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_posse"))
        .args(["--root", root.to_str().expect("utf8"), "play", "hilo", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("posse starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "1\n2\n-\n:save {}", save.display()).expect("input");
    stdin.flush().expect("flushed");
    // Once the save exists, the game has read those lines: now change the rules.
    for _ in 0..500 {
        if save.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    std::fs::write(&main, text.replace("options = { \"first\", \"second\" }", "options = { \"first\" }"))
        .expect("written");
    writeln!(stdin, ":reload").expect("input");
    drop(stdin);
    let o = child.wait_with_output().expect("posse runs");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("scripts and content reloaded; replayed 1 of 3 choices"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("choice 2 (seat 2 picked 2) no longer fits: option 2 does not exist"), "{err}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn unknown_game_is_a_one_line_error() {
    let o = posse(&["play", "no_such_game"], "");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("unknown game 'no_such_game'"), "{err}");
}

#[test]
fn a_damaged_save_names_the_file_and_line() {
    let dir = scratch("damaged");
    let file = dir.join("broken.yaml");
    std::fs::write(&file, "posse_save: 1\ngame: hilo\ncontent_hash: \"00\"\nseed: [oops\n").expect("written");
    let o = posse(&["replay", file.to_str().expect("utf8")], "");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains(&format!("{}:4:", file.display())), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_diverging_save_fails_to_replay() {
    let dir = scratch("diverge");
    let file = dir.join("g.yaml");
    std::fs::write(&file, "posse_save: 1\ngame: hilo\ncontent_hash: \"00\"\nseed: 1\nseats: [\"p1\", \"p2\"]\nchoices:\n  - [1, 1]\n  - [2, 5]\n")
        .expect("written");
    let o = posse(&["replay", file.to_str().expect("utf8")], "");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("choice 2 (seat 2 picked 5) no longer fits"), "{err}");
    assert!(err.contains("warning:"), "content hash differs: {err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sim_json_is_one_object() {
    let o = posse(&["sim", "hilo", "-n", "20", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["finished"], 20);
    assert_eq!(v["games"], 20);
    let text = posse(&["sim", "hilo", "-n", "5", "--players", "3"], "");
    assert!(text.status.success());
    assert!(stdout(&text).contains("finished: 5 of 5"), "{}", stdout(&text));
    assert!(stdout(&text).contains("decisions per game: mean"), "{}", stdout(&text));
}

#[test]
fn check_passes_on_the_fixtures() {
    let o = posse(&["check"], "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).lines().any(|l| l.starts_with("hilo: ok (")), "{}", stdout(&o));
}

#[test]
fn check_and_sim_report_script_errors_with_file_line_and_seed() {
    let root = scratch("broken");
    copy_dir(&fixtures(), &root);
    let render = root.join("scripts/hilo/render.lua");
    let text = std::fs::read_to_string(&render).expect("render.lua");
    std::fs::write(
        &render,
        text.replacen("return function(view)", "return function(view)\n  if view.result then error(\"boom\") end", 1),
    )
    .expect("written");
    let o = posse_in(&root, &["check"], "");
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(out.contains("scripts/hilo/render.lua:2"), "{out}");
    assert!(out.contains("seed 0, 2 players"), "{out}");
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    std::fs::write(
        &main,
        text.replacen("posse.roll()", "posse.roll() if posse.get(\"round\") == 3 then error(\"late\") end", 1),
    )
    .expect("written");
    let o = posse_in(&root, &["sim", "hilo", "-n", "3"], "");
    assert!(!o.status.success());
    assert!(stdout(&o).contains("seed 0: scripts/hilo/main.lua:"), "{}", stdout(&o));
    // The failing seed replays in the REPL and stops, with the error, where it failed.
    let o = posse_in(&root, &["play", "hilo", "--seed", "0", "--bot", "all=random"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("(bot) could not decide: scripts/hilo/main.lua:"), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished: "), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn the_menu_reads_plain_lines_from_a_pipe() {
    let o = posse(&[], "99\nhilo\n\nall\n");
    let hash = finished(&o);
    // Each game and mode: its name, id and player counts, and its about line under it.
    let out = stdout(&o);
    assert!(out.contains("  1) Hi-Lo             hilo        2-3 players\n"), "{out}");
    assert!(out.contains("\n     A tiny test game of hidden hands, bets and dice.\n"), "{out}");
    assert!(out.contains("  2) Hi-Lo, one round  hilo/short  2 players\n     One round of Hi-Lo for two.\n"), "{out}");
    assert!(stderr(&o).contains("there is no game 99"), "{}", stderr(&o));
    let seed = stdout(&o).lines().find_map(|l| l.strip_prefix("seed: ").map(str::to_string)).expect("a seed line");
    assert_eq!(finished(&posse(&["play", "hilo", "--seed", &seed, "--bot", "all=random"], "")), hash);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for e in std::fs::read_dir(from).expect("readable").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copied");
        }
    }
}

#[test]
fn auto_does_not_show_another_human_seats_questions() {
    let o = posse(&["play", "hilo", "--seed", "4"], "1\n:auto 300\n");
    let out = stdout(&o);
    // p2 typed `:auto`: its own decisions are shown to it, p1's are not.
    assert!(out.contains("p1 (auto): decided"), "{out}");
    assert!(!out.contains("p1 (auto): Play") && !out.contains("p1 (auto): Discard"), "{out}");
    assert!(out.contains("p2 (auto): Play which card?"), "{out}");
}

#[test]
fn change_takes_back_an_answer_while_others_still_decide() {
    // Hilo with revisable bets that the team sees (seats 1 and 2 are a team).
    let root = scratch("change");
    copy_dir(&fixtures(), &root);
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    let edited = text.replacen(
        r#"options = { "first", "second" } }"#,
        r#"options = { "first", "second" }, revisable = true, shown_to_team = true }
      posse.set_team(s, "pair")"#,
        1,
    );
    std::fs::write(&main, edited).expect("written");
    let run = |input: &str| posse_in(&root, &["play", "hilo", "--seed", "5", "--designer"], input);
    let straight = run(GAME);
    let changed = run("2\n:change 1\n1\n2\n-\n2\n2\n1\n1\n1\n\n");
    assert_eq!(finished(&changed), finished(&straight));
    let out = stdout(&changed);
    assert!(out.contains("p1, answer again (now: second):"), "{out}");
    assert!(out.contains("p1 answered: first (:change 1 to take it back)"), "p2 sees its teammate's card: {out}");
    // Nothing to change: a clear message, and the game goes on unchanged.
    let o = run(":change 2\n:change 9\n1\n1\n:change 1\n2\n-\n2\n2\n1\n1\n1\n\n");
    let err = stderr(&o);
    assert!(err.contains(":change: p2 has no answer it may change now"), "{err}");
    assert!(err.contains(":change:"), "{err}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn as_a_role_shows_that_seat_and_the_marshal_never_sees_the_desperadoes_cards() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    // Desperados, 3 players: the Marshal (seat 1) places his pawn and two Sheriffs, the two
    // desperadoes their pawns; move 1: the Sheriffs stay, everyone plays a card.
    let input = "Tuba City\nTuba City\nTuba City\nSalem\nSocorro\n1\n1\nFlagstaff\nLa Luz\nLos Lunas\n\
                 :as marshal\n:as p3\n:as desperado\n:quit\n";
    let o = posse_in(&root, &["play", "desperados", "--seed", "1", "--players", "3", "--designer"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // A seat's row of the table ends with the cards it played this turn, as the view sees them.
    let played = |view: &str, seat: &str| {
        let row = view.lines().find(|l| l.get(4..).is_some_and(|r| r.starts_with(&format!("{seat} "))));
        row.map(|l| l.trim_end().to_string()).unwrap_or_else(|| panic!("no row of {seat}: {view}"))
    };
    let marshal = out.split("p2> :as marshal").nth(1).and_then(|s| s.split("p2> :as p3").next()).expect("the view");
    assert!(marshal.contains("--- view of p1 ---"), "{marshal}");
    assert!(played(marshal, "p1").ends_with("Flagstaff"), "his own card: {marshal}");
    assert!(
        played(marshal, "p2").ends_with('?') && played(marshal, "p3").ends_with('?'),
        "no desperado's card: {marshal}"
    );
    let p3 = out.split("p2> :as p3").nth(1).expect("p3's view");
    assert!(played(p3, "p2").ends_with("La Luz") && played(p3, "p3").ends_with("Los Lunas"), "{p3}");
    assert!(played(p3, "p1").ends_with('?'), "{p3}");
    assert!(stderr(&o).contains("2 seats are 'desperado': name one of them"), "{}", stderr(&o));
}

/// The project's own content (the games), for tests that play them.
fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_seed_is_printed_for_designers_and_people_alone_only() {
    let seed_line = |o: &Output| stdout(o).lines().find(|l| l.starts_with("seed: ")).map(str::to_string);
    // Two people at one screen: the seed and the choices would rebuild every hidden card.
    let table = posse(&["play", "hilo", "--seed", "7"], GAME);
    finished(&table);
    assert_eq!(seed_line(&table), None, "{}", stdout(&table));
    for args in [
        &["play", "hilo", "--seed", "7", "--designer"][..],
        &["--designer", "play", "hilo", "--seed", "7"],
        &["play", "hilo", "--seed", "7", "--bot", "2=random"],
    ] {
        let o = posse(args, GAME);
        assert_eq!(seed_line(&o).as_deref(), Some("seed: 7"), "{args:?}: {}", stdout(&o));
    }
    // The menu: designer mode with `posse --designer`.
    let menu = |args: &[&str]| seed_line(&posse(args, &format!("hilo\n\n\n{GAME}")));
    assert_eq!(menu(&[]), None);
    assert!(menu(&["--designer"]).is_some());
}

#[test]
fn at_the_table_commands_that_would_show_secrets_are_refused() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "6"], GAME));
    // p1 asks for p2's view, everything, p2's answer, and, once the round was played, to
    // take its answer back; then reads its own log and view.
    let input = format!("1\n2\n:as p2\n:god\n:change 2\n:undo\n:log\n:as 1\n{}", &GAME[4..]);
    let o = posse(&["play", "hilo", "--seed", "6"], &input);
    assert_eq!(finished(&o), straight, "the game is as it was");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 4, "{err}");
    assert!(err.lines().all(|l| l.contains("at the table") && l.contains("--designer")), "{err}");
    let out = stdout(&o);
    assert!(!out.contains("GOD VIEW") && !out.contains("log (GOD VIEW"), "{out}");
    let after = out.split("p1> :as p2").nth(1).and_then(|s| s.split("p1> :log").next()).expect("the commands");
    assert!(!after.contains("view of"), "{after}");
    assert!(out.contains("p1> :log\nlog (as p1;"), "{out}");
    assert!(out.contains("p1> :as 1\n--- view of p1 ---"), "{out}");
}

#[test]
fn the_god_view_shows_every_hand_in_each_game() {
    // Designer mode, every seat a person's. Dice Town deals cards as it goes: 80
    // decisions in, three seats hold some.
    for (game, before, hand, seats) in [
        ("desperados", "", "'s hand (", 4),
        ("marshals", "", "'s hand (", 3),
        ("dice_town", ":auto 80\n", "'s hand (", 3),
    ] {
        let o = posse_in(&project(), &["play", game, "--seed", "1", "--designer"], &format!("{before}:god\n"));
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let out = stdout(&o);
        let god = out.split("=== GOD VIEW").nth(1).and_then(|s| s.split("=== end of GOD VIEW").next());
        let god = god.unwrap_or_else(|| panic!("{game}: no god view: {out}"));
        assert_eq!(god.matches(hand).count(), seats, "{game}: every seat's hand: {god}");
        // The seat's own view, drawn first, shows its own hand only.
        let own = out.split("=== GOD VIEW").next().expect("the first view");
        assert!(own.matches(hand).count() <= 1, "{game}: {own}");
    }
}

/// Waits until `path` exists (at most 10 s).
fn wait_for(path: &Path) {
    for _ in 0..1000 {
        if path.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{} did not appear", path.display());
}

/// `posse play hilo --save FILE` waiting for input with stdin kept open.
fn waiting_game(save: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_posse"))
        .args(["--root", fixtures().to_str().expect("utf8"), "play", "hilo", "--seed", "3", "--save"])
        .arg(save)
        .env_remove("POSSE_ROOT")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("posse starts")
}

#[test]
fn a_second_writer_of_a_save_is_refused() {
    let dir = scratch("two-writers");
    let file = dir.join("g.yaml");
    let mut first = waiting_game(&file);
    // The first session saved the game as it started, and holds the lock.
    wait_for(&file);
    let second = posse(&["play", "hilo", "--save", file.to_str().expect("utf8")], GAME);
    assert!(!second.status.success(), "{}", stdout(&second));
    let err = stderr(&second);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("{}: another posse is saving to this file", file.display())), "{err}");
    assert!(stdout(&second).is_empty(), "refused before anything is shown: {}", stdout(&second));
    // `:save` to it from a third is refused too, and that game goes on.
    let third = posse(&["play", "hilo", "--seed", "3"], &format!(":save {}\n{GAME}", file.display()));
    finished(&third);
    assert!(stderr(&third).contains("another posse is saving to this file"), "{}", stderr(&third));
    // The first game ends: the lock goes with it, and the save is its whole game.
    first.stdin.take().expect("stdin").write_all(GAME.as_bytes()).expect("input");
    assert!(first.wait().expect("the first game ends").success());
    assert!(!dir.join("g.yaml.lock").exists());
    assert_eq!(finished(&posse(&["replay", file.to_str().expect("utf8")], "")), hash_line(&third));
    let again = posse(&["play", "hilo", "--seed", "3", "--save", file.to_str().expect("utf8")], GAME);
    finished(&again);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_lock_file_left_by_a_killed_session_blocks_nothing() {
    let dir = scratch("stale-lock");
    let file = dir.join("g.yaml");
    let mut killed = waiting_game(&file);
    wait_for(&file);
    killed.kill().expect("killed");
    let _ = killed.wait();
    assert!(dir.join("g.yaml.lock").exists(), "a killed run leaves its lock file");
    let o = posse(&["play", "hilo", "--seed", "3", "--save", file.to_str().expect("utf8")], GAME);
    let hash = finished(&o);
    assert_eq!(finished(&posse(&["replay", file.to_str().expect("utf8")], "")), hash);
    let _ = std::fs::remove_dir_all(dir);
}

/// Finding 5 of the hardening issue: `kill -9` during a game left an empty save. Now a
/// killed game leaves no save (killed before it began) or a record that replays. Half
/// the delays count from the start of the process, half from the first save (so that,
/// however slow the machine, those land in the game).
#[test]
fn a_game_killed_at_any_moment_leaves_a_save_that_replays() {
    let dir = scratch("kill");
    let file = dir.join("g.yaml");
    let content = std::sync::Arc::new(posse::Content::load(&project(), "dice_town").expect("dice_town loads"));
    // A pseudo-random sequence of delays from 0 to 150 ms (a 64-bit LCG), the same each run.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let (mut mid_game, mut absent) = (0, 0);
    for seed in 0..50 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let delay = (x >> 33) % 151;
        let _ = std::fs::remove_file(&file);
        let mut child = Command::new(env!("CARGO_BIN_EXE_posse"))
            .arg("--root")
            .arg(project())
            .args(["play", "dice_town", "--players", "4", "--bot", "all=random", "--seed", &seed.to_string()])
            .arg("--save")
            .arg(&file)
            .env_remove("POSSE_ROOT")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("posse starts");
        if seed % 2 == 1 {
            wait_for(&file);
        }
        std::thread::sleep(std::time::Duration::from_millis(delay));
        child.kill().expect("killed");
        let _ = child.wait();
        if !file.exists() {
            absent += 1;
            continue;
        }
        let record = posse::Record::load(&file).unwrap_or_else(|e| panic!("seed {seed}, killed at {delay} ms: {e}"));
        let (game, divergence) = posse::Game::from_record(content.clone(), &record)
            .unwrap_or_else(|e| panic!("seed {seed}, killed at {delay} ms: {e}"));
        assert!(divergence.is_none(), "seed {seed}, killed at {delay} ms: {divergence:?}");
        if !game.is_over() {
            mid_game += 1;
        }
    }
    // Kills must land in the middle of games, or the test proves little.
    assert!(mid_game >= 25, "{mid_game} of 50 kills landed mid-game ({absent} before the first save)");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 9, finding 4: what is no file, or a file with no end, is refused at once.
#[test]
fn a_device_or_endless_input_is_refused_at_once() {
    let o = posse(&["replay", "/dev/zero"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/dev/zero: cannot read: not a regular file"), "{}", stderr(&o));
    let o = posse(&["play", "hilo", "--seed", "7"], ":load /dev/zero\n1\n");
    assert!(stderr(&o).contains("/dev/zero: cannot read: not a regular file"), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished: 1 choices"), "the game goes on: {}", stdout(&o));
    // A pipe that never ends its line ends the game as the end of input would.
    let child = Command::new(env!("CARGO_BIN_EXE_posse"))
        .args(["--root"])
        .arg(fixtures())
        .args(["play", "hilo", "--seed", "7"])
        .env_remove("POSSE_ROOT")
        .stdin(Stdio::from(std::fs::File::open("/dev/zero").expect("/dev/zero")))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("posse starts");
    let o = child.wait_with_output().expect("posse runs");
    assert!(stdout(&o).contains("unfinished: 0 choices"), "{}", stdout(&o));
    assert!(stderr(&o).contains("the input counts as ended"), "{}", stderr(&o));
}

#[test]
fn a_playthrough_starts_with_the_command_that_writes_it() {
    let o = posse(&["playthrough", "hilo", "--players", "2", "--seed", "3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("# posse playthrough hilo --players 2 --seed 3\n"), "{out}");
    assert!(out.contains("\n== step 1: p1") && out.contains("\nstate-hash: "), "{out}");
    assert_eq!(posse(&["playthrough", "hilo", "--players", "2", "--seed", "3"], "").stdout, o.stdout);
}

/// Issue 11, point 5: the menu is left with `q`, `:quit` and their kin at any question,
/// quietly, without starting a game.
#[test]
fn the_menu_is_left_with_q_or_quit() {
    for input in ["q\n", ":quit\n", "hilo\nexit\n", "hilo\n3\nQ\n", "hilo\n\n:q\n"] {
        let o = posse(&[], input);
        assert!(o.status.success(), "{input:?}: {}", stderr(&o));
        assert!(!stdout(&o).contains("state-hash"), "{input:?}: no game: {}", stdout(&o));
        assert!(stderr(&o).is_empty(), "{input:?}: {}", stderr(&o));
    }
}

/// Issue 11, point 10: a number of players a game is not for names its modes that are.
#[test]
fn wrong_player_counts_name_the_modes_that_fit() {
    let o = posse(&["play", "hilo", "--players", "4"], "");
    assert_eq!(stderr(&o).trim(), "posse: hilo is for 2 to 3 players, not 4");
    let o = posse(&["play", "hilo/short", "--players", "3"], "");
    assert_eq!(stderr(&o).trim(), "posse: hilo/short is for 2 players; for 3: hilo");
    let o = posse_in(&project(), &["play", "marshals", "--players", "2"], "");
    assert_eq!(stderr(&o).trim(), "posse: marshals is for 3 to 4 players; for 2: marshals/duo, marshals/basic");
    // At the menu: the same words, and the question again.
    let o = posse_in(&project(), &[], "marshals\n2\nq\n");
    assert!(
        stderr(&o).contains("marshals is for 3 to 4 players; for 2: marshals/duo, marshals/basic"),
        "{}",
        stderr(&o)
    );
}

/// Issue 11, point 3: a save says who plays each seat and what the bots' picks depend on;
/// `play --load FILE` continues it exactly, in any process, whatever the clock.
#[test]
fn the_same_save_continued_twice_gives_the_same_game() {
    let dir = scratch("resume");
    let file = dir.join("g.yaml");
    let f = file.to_str().expect("utf8");
    // p1 plays against a bot; the session ends after p1's first card.
    let o = posse(&["play", "hilo", "--seed", "5", "--bot", "2=random", "--save", f], "1\n");
    assert!(stdout(&o).contains("unfinished: "), "{}", stdout(&o));
    let saved = std::fs::read_to_string(&file).expect("the save");
    assert!(saved.contains("posse_save: 2\n"), "{saved}");
    assert!(saved.contains("played_by: [\"person\",\"random\"]\nbots: {seed: 5, drawn: 0}\n"), "{saved}");
    let rest = "-\n2\n1\n1\n\n";
    let straight = finished(&posse(&["play", "hilo", "--seed", "5", "--bot", "2=random"], &format!("1\n{rest}")));
    let a = posse(&["play", "--load", f], rest);
    let b = posse(&["play", "hilo", "--load", f], rest);
    assert_eq!(finished(&a), straight, "{}", stdout(&a));
    assert_eq!(finished(&b), straight);
    let out = stdout(&a);
    assert!(
        out.contains(&format!("loaded {f}: hilo, replayed 2 of 2 choices\nseats (as saved): p1, p2 (bot)\n")),
        "{out}"
    );
    // `:load` in another session (another seed, no bots) continues it the same way.
    let c = posse(&["play", "hilo", "--seed", "99"], &format!(":load {f}\n{rest}"));
    assert_eq!(finished(&c), straight, "{}", stdout(&c));
    // --bot with --load plays the seats instead, and says so; --seed does not go with it.
    let d = posse(&["play", "--load", f, "--bot", "all=random"], "");
    finished(&d);
    assert!(stdout(&d).contains("seats (from --bot, not from the save): p1 (bot), p2 (bot)"), "{}", stdout(&d));
    let e = posse(&["play", "--load", f, "--seed", "3"], "");
    assert!(!e.status.success() && stderr(&e).contains("--seed"), "{}", stderr(&e));
    let g = posse(&["play", "hilo/short", "--load", f], "");
    assert!(stderr(&g).contains("is a game of hilo, not hilo/short"), "{}", stderr(&g));
    // A format 1 save (no seats' players) still loads: every seat a person's.
    let v1 = dir.join("v1.yaml");
    let text = saved.replace("posse_save: 2", "posse_save: 1");
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("played_by") && !l.starts_with("bots"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&v1, text).expect("written");
    let o = posse(&["play", "--load", v1.to_str().expect("utf8")], "-\n2\n");
    assert!(stdout(&o).contains("seats (as saved): p1, p2\n"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11, point 10: stepping through a record shows the answer about to be made.
#[test]
fn replay_step_shows_the_answer_it_is_about_to_make() {
    let dir = scratch("step");
    let file = dir.join("g.yaml");
    finished(&posse(&["play", "hilo", "--seed", "8", "--save", file.to_str().expect("utf8")], GAME));
    let o = posse(&["replay", file.to_str().expect("utf8"), "--step"], "\n\n");
    let out = stdout(&o);
    assert!(out.contains("next: choice 1 of 9, p1: Play which card? -> 1 (first) (Enter to make it)"), "{out}");
    assert!(out.contains("next: choice 2 of 9, p2: Play which card? -> 2 (second) (Enter to make it)"), "{out}");
    assert!(out.contains("next: choice 3 of 9, p1: Discard your kept card? -> none (Enter to make it)"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11, point 2: every card's and ability's rules text and the board, from inside
/// the game, at the table too (content is public).
#[test]
fn cards_abilities_and_the_map_are_read_from_inside_the_game() {
    let o = posse_in(
        &project(),
        &["play", "desperados", "--seed", "1"],
        ":card saloon\n:card tuba\n:map\n:cards\n:card zz\n:quit\n",
    );
    let out = stdout(&o);
    assert!(out.contains("Saloon (6 in the game)\n  Stay in the town your cards lead to;"), "{out}");
    assert!(out.contains("Tuba City (6 in the game)\n  Ride to Tuba City,"), "{out}");
    assert!(out.contains("Desperados: 19 places, 35 roads"), "{out}");
    assert!(out.contains("\n  Tuba City: Flagstaff, Gallup, Shiprock\n"), "names from data.cities: {out}");
    assert!(out.contains("cards and abilities (:card NAME shows one)") && out.contains("Bank $1400"), "{out}");
    assert!(stderr(&o).contains(":card: no card or ability is called 'zz' (:cards lists them)"), "{}", stderr(&o));
    // Dice Town's gangs' Brains are abilities (no copies); Marshals' basic mode leaves
    // Jurisdiction out; a game without a board says so.
    let o = posse_in(&project(), &["play", "dice_town", "--seed", "1"], ":card centre cash\n:card cardsharp\n:quit\n");
    let out = stdout(&o);
    assert!(
        out.contains("Centre Cash (the ability of: El Contador, Los Bandidos)\n  Take $3 from the centre.\n"),
        "{out}"
    );
    assert!(
        out.contains("Draw a Card (the ability of: The Cardsharp, The Gamblers)\n"),
        "a Brain's name finds it: {out}"
    );
    let o = posse_in(
        &project(),
        &["play", "marshals/basic", "--seed", "1"],
        ":card jurisdiction\n:card ambush\n:map\n:quit\n",
    );
    assert!(stderr(&o).contains("no card or ability is called 'jurisdiction'"), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Ambush (Forest, 1 Bullet) (1 in the game)\n  Action, played when"), "{out}");
    assert!(out.contains("Also 'ambush': Ambush (Forest, 2 Bullets), "), "{out}");
    assert!(out.contains("Marshals (basic mode) has no board"), "{out}");
    let o = posse_in(&project(), &["play", "marshals", "--seed", "1"], ":cards\n:quit\n");
    assert!(stdout(&o).contains("Forest 1 to 10, Desert 1 to 10"), "kinds together: {}", stdout(&o));
}
