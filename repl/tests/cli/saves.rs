//! The `posse` command: Saves: replaying, loading, reloading, a second writer, a killed session, resuming.

use super::*;

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
    // Once the save exists, the game has read those lines: now change the rules (waiting
    // as long as a loaded machine needs).
    for _ in 0..12_000 {
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
