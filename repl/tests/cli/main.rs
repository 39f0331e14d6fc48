//! The `posse` command as people and scripts use it: arguments in, a game piped through
//! stdin, lines and exit codes out. Every test plays the fixture game `hilo`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod coverage;
mod dice;
mod errors;
mod heist;
mod issue22_batches;
mod issue27_ends;
mod issue27_rules;
mod issue27_words;
mod issue28_pictures;
mod issue28_reports;
mod issue28_root;
mod issue28_sets;
mod leaks;
mod modes;
mod pictures;
mod play;
mod questions;
mod saves;
mod serve;
mod table;
mod tools;
mod trace;
mod tutorial;
mod writes;

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
        // No progress lines by the clock (a slow machine would write some): a test that
        // wants them asks `--progress N`.
        .env("POSSE_PROGRESS", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("posse starts");
    if let Err(e) = child.stdin.take().expect("stdin").write_all(input.as_bytes()) {
        // posse may end before it reads its input (a game refused at load): then the pipe
        // is closed, whenever the write comes.
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "input written: {e}");
    }
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

/// The project's own content (the games), for tests that play them.
fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Waits until `path` exists (at most 2 minutes: generous for a loaded machine, and it
/// returns as soon as the file is there).
fn wait_for(path: &Path) {
    for _ in 0..12_000 {
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
