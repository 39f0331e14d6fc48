//! The REPL fuzz target: the `posse` binary, black box, playing a game on mutated lines
//! piped to its stdin. Whatever the lines, it must end by itself with exit code 0 or 1
//! (never a signal, never an abort, never a panic's message on stderr), answering every
//! line within the time limit: the REPL echoes each piped line it reads, so a step that
//! hangs is 2 s without output. (A limit on the whole run would fail a run of 5,000
//! `:reload`s, which is slow only because it is long.) Each run gets a scratch folder as its working folder, holding save files for
//! `:load` to find; `:save` may only write there (the harness takes the slashes out of
//! its file name). See `tests/fuzz/mod.rs` for the harness and docs/fuzzing.md for
//! benchmark runs.

use posse_tests::fuzz::mutate::{Dict, Seed};
use posse_tests::fuzz::run::{describe_status, run_program, tail, Failure, Outcome};
use posse_tests::fuzz::{drive, known, limits, Checked};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn out() -> &'static Path {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
}

/// Lines people type, and lines nobody should: answers, every command with good and bad
/// arguments, huge numbers, control characters, bytes that are not UTF-8, a huge line.
const LINES: &[&[u8]] = &[
    b"1\n",
    b"2\n",
    b"3\n",
    b"-\n",
    b"\n",
    b"first\n",
    b"second\n",
    b"discard it\n",
    b"d\n",
    b"1 2\n",
    b"1,2\n",
    b"2 2\n",
    b":undo\n",
    b":undo 3\n",
    b":undo 99999\n",
    b":redo\n",
    b":redo 2\n",
    b":save fuzz.yaml\n",
    b":save \n",
    b":load fuzz.yaml\n",
    b":load saved.yaml\n",
    b":load damaged.yaml\n",
    b":load other.yaml\n",
    b":load missing.yaml\n",
    b":load .\n",
    b":load /dev/null\n",
    b":load /dev/zero\n",
    b":as 2\n",
    b":as p1\n",
    b":as 0\n",
    b":as 18446744073709551616\n",
    b":as marshal\n",
    b":change 1\n",
    b":change 2\n",
    b":auto\n",
    b":auto 1\n",
    b":auto 9999\n",
    b":auto 18446744073709551615\n",
    b":log\n",
    b":log 99999999\n",
    b":god\n",
    b":view\n",
    b":reload\n",
    b":help\n",
    b"?\n",
    b":quit\n",
    b":\n",
    b":: x\n",
    b"18446744073709551616\n",
    b"4294967296\n",
    b"0\n",
    b"-1\n",
    b"\0\n",
    b"\x1b[2J\x1b]0;x\x07\n",
    b"\r\n",
    b"\xff\xfe\n",
    b"\xe2\x80\xae1\n",
];

const VALUES: &[&str] = &["1", "2", "-", "", ":undo 2", ":as 1", ":auto", ":save s.yaml", ":load saved.yaml"];

const REPL: Dict = Dict { tokens: LINES, values: VALUES };

/// The most a whole run may take, however many lines it has.
const TOTAL: Duration = Duration::from_secs(60);

/// The games played: `posse ARGS` (the root and the seed are added).
fn programs() -> Vec<(PathBuf, Vec<&'static str>)> {
    let (p, f) = (posse_tests::root(), posse_tests::fixtures());
    vec![
        (f.clone(), vec!["play", "hilo"]),
        (f.clone(), vec!["play", "hilo/short"]),
        (f, vec!["play", "hilo", "--players", "3", "--bot", "2=random"]),
        (p.clone(), vec!["play", "dice_town", "--players", "2", "--bot", "2=random"]),
        (p, vec!["play", "marshals/duo"]),
    ]
}

/// Transcripts: a whole hilo game, one with many commands, and plain runs of answers.
fn transcripts() -> Vec<Vec<u8>> {
    let mut t: Vec<Vec<u8>> = vec![
        b"1\n2\n-\n2\n2\n1\n1\n1\n\n".to_vec(),
        b"1\n:undo\n1\n2\n:as 2\n:god\n:log 3\n:save a.yaml\n-\n:load a.yaml\n:redo\n2\n:change 1\n1\n2\n:auto 9999\n"
            .to_vec(),
        b":load saved.yaml\n1\n:undo 2\n:reload\n:load other.yaml\n:load damaged.yaml\n2\n:auto 3\n".to_vec(),
    ];
    t.push(b"1\n".repeat(60));
    t.push([b"2\n".repeat(30), b"1\n".repeat(30)].concat());
    t
}

/// A save of a hilo game half played, the same cut short, and a save of another game.
fn save_files() -> Vec<(&'static str, String)> {
    let hilo = posse_tests::load_fixture("hilo");
    let mut record = posse::sim::play_random(&hilo, 4, Some(2)).expect("a hilo game").record();
    record.choices.truncate(5);
    let saved = record.to_yaml();
    let damaged = saved[..saved.len() / 2].to_string();
    let other = posse::sim::play_random(&posse_tests::load("dice_town"), 1, Some(2)).expect("a game").record();
    vec![("saved.yaml", saved), ("damaged.yaml", damaged), ("other.yaml", other.to_yaml())]
}

/// `:save FILE` may write only in the run's folder: slashes in FILE become underscores.
fn confined(input: &[u8]) -> Vec<u8> {
    let lines: Vec<Vec<u8>> = input
        .split(|&b| b == b'\n')
        .map(|line| {
            let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
            let is_save =
                line[start..].starts_with(b":save") && line.get(start + 5).is_none_or(|b| b.is_ascii_whitespace());
            if is_save {
                line.iter().map(|&b| if b == b'/' { b'_' } else { b }).collect()
            } else {
                line.to_vec()
            }
        })
        .collect();
    lines.join(&b'\n')
}

/// How a run ended, judged.
fn judge(ran: posse_tests::fuzz::run::Ran) -> Outcome {
    // The time that counts is the longest the REPL took to answer a line.
    let elapsed = ran.quiet;
    let stderr = String::from_utf8_lossy(&ran.stderr);
    let failed = |kind, message: String| Outcome::Failed { kind, elapsed, message };
    let Some(status) = ran.status else {
        return failed(
            Failure::Hang,
            format!("killed after {} ms, {} ms without output", ran.elapsed.as_millis(), ran.quiet.as_millis()),
        );
    };
    if stderr.contains("panicked at") {
        return failed(Failure::Panic, format!("{}: {}", describe_status(&status), tail(&ran.stderr, 2000)));
    }
    match status.code() {
        Some(0) | Some(1) => {}
        _ => return failed(Failure::Abort, format!("{}: {}", describe_status(&status), tail(&ran.stderr, 2000))),
    }
    let out = String::from_utf8_lossy(&ran.stdout);
    let end = if out.contains("\nresult: ") {
        "the game ended"
    } else if out.contains("\nunfinished: ") {
        "the input ended"
    } else {
        "no game"
    };
    Outcome::Clean { elapsed, note: format!("exit {}, {end}", status.code().unwrap_or(-1)) }
}

/// Whatever lines are piped in, `posse play` ends by itself with exit code 0 or 1, within
/// the time limit, and says nothing of a panic.
#[test]
fn repl_input_never_crashes_or_hangs() {
    let programs = programs();
    let mut seeds = Vec::new();
    for (p, (_, args)) in programs.iter().enumerate() {
        for (i, t) in transcripts().into_iter().enumerate() {
            seeds.push((p, Seed { name: format!("{} transcript {i}", args.join(" ")), bytes: t }));
        }
    }
    let all: Vec<Seed> = seeds.iter().map(|(_, s)| s.clone()).collect();
    let files = save_files();
    let dir = out().join(format!("fuzz-repl-{}", std::process::id()));
    drive("repl", 24, 6, out(), |m| {
        let input = confined(&m.apply(&all, &REPL));
        if let Some(class) = known::skip(known::REPL_CLASSES, &input) {
            return Checked::Skipped(class);
        }
        let k = m.seed_index(all.len());
        let (root, args) = &programs[seeds[k].0];
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        for (name, text) in &files {
            std::fs::write(dir.join(name), text).expect("a save file");
        }
        let game_seed = (k % 7).to_string();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_posse"));
        cmd.arg("--root").arg(root).args(args).args(["--seed", &game_seed]).current_dir(&dir).env_remove("POSSE_ROOT");
        let outcome = match run_program(&mut cmd, &input, limits(), TOTAL) {
            Ok(ran) => judge(ran),
            Err(e) => panic!("posse does not start: {e}"),
        };
        let mut shown = format!("posse {} --seed {game_seed} <<< ", args.join(" ")).into_bytes();
        shown.extend(input);
        Checked::Ran { outcome, input: shown }
    });
}
