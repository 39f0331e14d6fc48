//! The fuzz targets that run in-process: content files, save files and strategy bots'
//! files (the REPL's and the shard files' are in `repl/tests/fuzz.rs`). Each target sends
//! its mutants to a worker: this test binary started again to run only [`serve`], which
//! answers case after case until its input ends. See `tests/fuzz/mod.rs` for the harness
//! and docs/fuzzing.md for benchmark runs.

use posse_tests::fuzz::mutate::{self, Seed};
use posse_tests::fuzz::run::Worker;
use posse_tests::fuzz::{cases, drive, known, limits, seeds, worker_tmp, Checked};
use std::path::Path;
use std::process::Command;

fn out() -> &'static Path {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
}

/// A worker: this binary, running only `fuzz::serve`, in a scratch folder of its own.
fn worker(target: &str) -> Worker {
    let tmp = worker_tmp(out(), target);
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).expect("a scratch folder");
    Worker::new(
        move || {
            let mut c = Command::new(std::env::current_exe().expect("the test binary"));
            c.args(["fuzz::serve", "--exact", "--nocapture", "--test-threads=1"])
                .env("POSSE_FUZZ_SERVE", "1")
                .env("POSSE_FUZZ_TMP", &tmp);
            c
        },
        limits(),
    )
}

/// The worker's side. Without `POSSE_FUZZ_SERVE` (a normal test run) it does nothing.
#[test]
fn serve() {
    if std::env::var_os("POSSE_FUZZ_SERVE").is_some() {
        posse_tests::fuzz::run::serve(&cases::by_name);
    }
}

/// A damaged content file (YAML, or a game's Lua) loads or fails with diagnostics naming
/// files; what loads plays, and a failing step leaves the game as it was.
#[test]
fn content_files_load_or_fail_cleanly() {
    let files = seeds::content_files();
    let all: Vec<Seed> = files.iter().map(|(_, s)| s.clone()).collect();
    let w = std::cell::RefCell::new(worker("content"));
    drive("content", 48, 4, out(), |m| {
        let input = m.apply(&all, &mutate::YAML);
        if let Some(class) = known::skip(known::CLASSES, &input) {
            return Checked::Skipped(class);
        }
        let (file, _) = &files[m.seed_index(all.len())];
        let header = format!("{} {} {}", file.root.display(), file.load, file.rel);
        let outcome = w.borrow_mut().run("content", &header, &input);
        let mut shown = format!("{}: ", file.rel).into_bytes();
        shown.extend(input);
        Checked::Ran { outcome, input: shown }
    });
}

/// A damaged save file loads with an error that names it, or replays to a game, or to a
/// game stopped where a choice no longer fits, which is the game replayed up to there.
#[test]
fn save_files_load_or_fail_cleanly() {
    let all = seeds::saves();
    let w = std::cell::RefCell::new(worker("save"));
    drive("save", 48, 4, out(), |m| {
        let input = m.apply(&all, &mutate::SAVE);
        if let Some(class) = known::skip(known::CLASSES, &input) {
            return Checked::Skipped(class);
        }
        let outcome = w.borrow_mut().run("save", "-", &input);
        Checked::Ran { outcome, input }
    });
}

/// A damaged strategy bot (its file, or a module of its folder) is refused naming it, or
/// plays: its games end, or fail with an error that names the bot, and the batch counts
/// every game; never a panic, an abort or a hang.
#[test]
fn bot_scripts_play_or_fail_naming_the_bot() {
    let files = seeds::bot_files();
    let all: Vec<Seed> = files.iter().map(|(_, s)| s.clone()).collect();
    let w = std::cell::RefCell::new(worker("bot"));
    drive("bot", 16, 4, out(), |m| {
        let input = m.apply(&all, &mutate::LUA);
        let (f, _) = &files[m.seed_index(all.len())];
        let header =
            format!("{} {} {} {} {} {} {}", f.root.display(), f.game, f.bot, f.players, f.seats, f.games, f.rel);
        let outcome = w.borrow_mut().run("bot", &header, &input);
        let mut shown = format!("{}: ", f.rel).into_bytes();
        shown.extend(input);
        Checked::Ran { outcome, input: shown }
    });
}
