//! The fuzz targets of the `posse` binary, black box.
//!
//! REPL: `posse play` on mutated lines piped to its stdin (games with a zone map and a
//! map of extreme proportions among them, with `:map` and `:svg` among the lines).
//! Whatever the lines, it must end by itself with exit code 0 or 1 (never a signal, never
//! an abort, never a panic's message on stderr), answering every line within the time
//! limit: the REPL echoes each piped line it reads, so a step that does not end is the
//! limit without output. (The whole run has a limit ten times as long, [`total`]: a run
//! of 5,000 `:reload`s is slow only because it is long.) Each run gets a scratch folder
//! as its working folder, holding save files for `:load` to find; `:save` and `:svg` may
//! only write there (the harness takes the slashes out of their lines).
//!
//! Shards: `posse merge` (text or `--json`) of the shards of a batch, one of them a
//! mutant of a file `posse sim --shard K/N --out FILE` wrote. It must print the batch's
//! report (finished and failed adding up to the games asked for, the exit code 1 exactly
//! when a game failed) or refuse with exit code 1 and a message naming one of the files,
//! never panic, abort or hang.
//!
//! See `tests/fuzz/mod.rs` for the harness and docs/fuzzing.md for benchmark runs.

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
    b":map\n",
    b":svg fuzz.svg\n",
    b":svg \n",
    b":svg /dev/null\n",
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

const VALUES: &[&str] =
    &["1", "2", "-", "", ":undo 2", ":as 1", ":auto", ":save s.yaml", ":load saved.yaml", ":map", ":svg s.svg"];

const REPL: Dict = Dict { tokens: LINES, values: VALUES };

/// The most a whole run may take, however many lines it has: ten times the limit of one
/// line (a guard against output that never ends; a run over it is run again once too).
fn total() -> Duration {
    limits().time * 10
}

/// The games played: `posse ARGS` (the root and the seed are added).
fn programs() -> Vec<(PathBuf, Vec<&'static str>)> {
    let (p, f) = (posse_tests::root(), posse_tests::fixtures());
    vec![
        (f.clone(), vec!["play", "hilo"]),
        (f.clone(), vec!["play", "hilo/short"]),
        (f, vec!["play", "hilo", "--players", "3", "--bot", "2=random"]),
        (p.clone(), vec!["play", "dice_town", "--players", "2", "--bot", "2=random"]),
        (p.clone(), vec!["play", "marshals/duo"]),
        (p, vec!["play", "goldfever", "--bot", "2=random"]),
        (posse_tests::fixtures().join("tallmap"), vec!["play", "tall"]),
    ]
}

/// Transcripts: a whole hilo game, one with many commands, and plain runs of answers.
fn transcripts() -> Vec<Vec<u8>> {
    let mut t: Vec<Vec<u8>> = vec![
        b"1\n2\n-\n2\n2\n1\n1\n1\n\n".to_vec(),
        b"1\n:undo\n1\n2\n:as 2\n:god\n:log 3\n:save a.yaml\n-\n:load a.yaml\n:redo\n2\n:change 1\n1\n2\n:auto 9999\n"
            .to_vec(),
        b":load saved.yaml\n1\n:undo 2\n:reload\n:load other.yaml\n:load damaged.yaml\n2\n:auto 3\n".to_vec(),
        b":map\n1\n:svg a.svg\n2\n:as 2\n:map\n:god\n:map\n:svg b.svg\n1\n".to_vec(),
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

/// `:save FILE` and `:svg FILE` may write only in the run's folder: in a line that holds
/// `:save` or `:svg` anywhere (whatever whitespace, Unicode's included, comes before it),
/// slashes become underscores.
fn confined(input: &[u8]) -> Vec<u8> {
    let writes = |line: &[u8]| [&b":save"[..], b":svg"].iter().any(|c| line.windows(c.len()).any(|w| w == *c));
    let lines: Vec<Vec<u8>> = input
        .split(|&b| b == b'\n')
        .map(|line| {
            if writes(line) {
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
        let outcome = match run_program(&mut cmd, &input, limits(), total()) {
            Ok(ran) => judge(ran),
            Err(e) => panic!("posse does not start: {e}"),
        };
        let mut shown = format!("posse {} --seed {game_seed} <<< ", args.join(" ")).into_bytes();
        shown.extend(input);
        Checked::Ran { outcome, input: shown }
    });
}

/// The batches shards are made of: the content root, `posse sim` arguments, and the number
/// of shards. Random bots and a strategy bot, three players, a cooperative game, a game
/// with cards and a unit of length, a `--set`, and games that fail (a bot answering
/// wrong).
fn batches(wrong: &Path) -> Vec<(PathBuf, Vec<&'static str>, usize)> {
    let (p, f) = (posse_tests::root(), posse_tests::fixtures());
    vec![
        (f.clone(), vec!["hilo", "-n", "12", "--seed", "5", "--players", "2"], 3),
        (f.clone(), vec!["hilo", "-n", "6", "--players", "3", "--bot", "1=high", "--set", "rounds=2"], 2),
        (f, vec!["vault", "-n", "6"], 2),
        (p, vec!["dice_town", "-n", "4", "--players", "2"], 2),
        (wrong.to_path_buf(), vec!["hilo", "-n", "4", "--seed", "18446744073709551614", "--bot", "2=wrong"], 2),
    ]
}

/// The shards of each batch, as `posse sim --shard K/N --out FILE` writes them: by batch,
/// each shard's text.
fn shard_files() -> Vec<Vec<Vec<u8>>> {
    let tmp = out().join(format!("fuzz-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).expect("a scratch folder");
    // The fixtures with a bot that answers wrong, so that a batch has failed games.
    let wrong = posse_tests::scratch_root(tmp.to_str().expect("a UTF-8 path"), "wrong_bot");
    std::fs::copy(posse_tests::fixtures().join("bad_bots/wrong.lua"), wrong.join("scripts/hilo/bots/wrong.lua"))
        .expect("the wrong bot");
    let mut all = Vec::new();
    for (b, (root, args, n)) in batches(&wrong).into_iter().enumerate() {
        let mut files = Vec::new();
        for k in 1..=n {
            let file = tmp.join(format!("batch{b}-{k}.json"));
            let o = Command::new(env!("CARGO_BIN_EXE_posse"))
                .arg("--root")
                .arg(&root)
                .arg("sim")
                .args(&args)
                .args(["--jobs", "1", "--shard", &format!("{k}/{n}"), "--out"])
                .arg(&file)
                .env_remove("POSSE_ROOT")
                .output()
                .expect("posse sim runs");
            let text = std::fs::read(&file).unwrap_or_else(|e| {
                panic!("posse sim {}: no shard ({e}): {}", args.join(" "), String::from_utf8_lossy(&o.stderr))
            });
            files.push(text);
        }
        all.push(files);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    all
}

/// How a merge ended, judged: `files` are the names given, `damaged` the mutant's.
fn judge_merge(ran: posse_tests::fuzz::run::Ran, files: &[String], damaged: &str, json: bool) -> Outcome {
    let elapsed = ran.elapsed;
    let (stdout, stderr) = (String::from_utf8_lossy(&ran.stdout), String::from_utf8_lossy(&ran.stderr));
    let failed = |kind, message: String| Outcome::Failed { kind, elapsed, message };
    let Some(status) = ran.status else {
        return failed(Failure::Hang, format!("killed after {} ms", ran.elapsed.as_millis()));
    };
    if stderr.contains("panicked at") {
        return failed(Failure::Panic, format!("{}: {}", describe_status(&status), tail(&ran.stderr, 2000)));
    }
    let code = match status.code() {
        Some(c @ (0 | 1)) => c,
        _ => return failed(Failure::Abort, format!("{}: {}", describe_status(&status), tail(&ran.stderr, 2000))),
    };
    if stdout.trim().is_empty() {
        // Refused: exit code 1 and a message naming a file of the batch.
        let line = stderr.lines().next().unwrap_or("");
        let whose = if code != 1 || !line.starts_with("posse: ") {
            return failed(Failure::Property, format!("no report, exit code {code}: {}", tail(&ran.stderr, 2000)));
        } else if line.contains(damaged) {
            "the damaged file"
        } else if files.iter().any(|f| line.contains(f.as_str())) {
            "another file"
        } else {
            return failed(Failure::Property, format!("a refusal that names no file: {}", tail(&ran.stderr, 2000)));
        };
        return Outcome::Clean { elapsed, note: format!("refused, naming {whose}: {}", why(line)) };
    }
    let failed_games = if json {
        let r: serde_json::Value = match serde_json::from_str(&stdout) {
            Ok(r) => r,
            Err(e) => {
                return failed(Failure::Property, format!("--json printed what is not JSON ({e}): {stdout:.2000}"))
            }
        };
        let n = |k: &str| r.get(k).and_then(|v| v.as_u64());
        let errors = r.get("errors").and_then(|e| e.as_array()).map(|e| e.len() as u64);
        match (n("games"), n("finished"), n("failed"), errors) {
            (Some(g), Some(f), Some(x), Some(e)) if f.checked_add(x) == Some(g) && e == x => x,
            _ => return failed(Failure::Property, format!("a report whose counts do not add up: {stdout:.2000}")),
        }
    } else {
        let counts = stdout.lines().find_map(|l| l.strip_prefix("finished: ")).and_then(|l| l.split_once(" of "));
        // `failed: N`, then the kinds in brackets when N > 0.
        let failed_line = stdout
            .lines()
            .find_map(|l| l.strip_prefix("failed: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse().ok());
        match (counts, failed_line) {
            (Some((f, g)), Some(x)) => {
                let (f, g): (u64, u64) = (f.trim().parse().unwrap_or(u64::MAX), g.trim().parse().unwrap_or(0));
                if f.checked_add(x) != Some(g) {
                    return failed(Failure::Property, format!("finished {f} and failed {x} of {g}: {stdout:.2000}"));
                }
                x
            }
            _ => return failed(Failure::Property, format!("a report without its counts: {stdout:.2000}")),
        }
    };
    if (failed_games > 0) != (code == 1) {
        return failed(Failure::Property, format!("exit code {code} with {failed_games} games failed"));
    }
    let note = if failed_games > 0 { "merged, with failed games" } else { "merged" };
    Outcome::Clean { elapsed, note: format!("{note}{}", if json { " (json)" } else { "" }) }
}

/// What a refusal says, for counting: its words after the file's name up to the first
/// detail, numbers blanked.
fn why(line: &str) -> String {
    let said = line.splitn(3, ": ").nth(2).unwrap_or(line);
    let said = said.split([':', '(', '\'', '"']).next().unwrap_or("");
    let mut out = String::new();
    for c in said.chars().take(50) {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('N') {
            out.push('N');
        }
    }
    out.trim().to_string()
}

/// A damaged shard among its batch's merges into the batch's report or is refused by
/// name: never a panic, an abort or a hang.
#[test]
fn shard_files_merge_or_are_refused_by_name() {
    let batches = shard_files();
    // Each shard twice: to be edited as bytes, and as JSON (fuzz/json.rs), whose edits
    // mostly keep it a shard the merge reads, so that its own checks are reached.
    let mut seeds = Vec::new();
    for (b, files) in batches.iter().enumerate() {
        for (k, text) in files.iter().enumerate() {
            let name = format!("batch {b}, shard {} of {}", k + 1, files.len());
            seeds.push((b, k, false, Seed { name: name.clone(), bytes: text.clone() }));
            seeds.push((b, k, true, Seed { name: format!("{name}, as JSON"), bytes: text.clone() }));
        }
    }
    let all: Vec<Seed> = seeds.iter().map(|(_, _, _, s)| s.clone()).collect();
    let dir = out().join(format!("fuzz-merge-{}", std::process::id()));
    drive("shard", 24, 4, out(), |m| {
        let (b, k, tree, _) = &seeds[m.seed_index(all.len())];
        let input = match tree {
            true => posse_tests::fuzz::json::apply(m, &all, &posse_tests::fuzz::mutate::JSON),
            false => m.apply(&all, &posse_tests::fuzz::mutate::JSON),
        };
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let files: Vec<String> = (1..=batches[*b].len()).map(|i| format!("shard-{i}.json")).collect();
        for (i, text) in batches[*b].iter().enumerate() {
            let text = if i == *k { &input } else { text };
            std::fs::write(dir.join(&files[i]), text).expect("a shard");
        }
        let json = posse::hash::fnv(&input) % 2 == 1;
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_posse"));
        cmd.arg("merge").args(json.then_some("--json")).args(&files).current_dir(&dir).env_remove("POSSE_ROOT");
        let outcome = match run_program(&mut cmd, b"", limits(), total()) {
            Ok(ran) => judge_merge(ran, &files, &files[*k], json),
            Err(e) => panic!("posse does not start: {e}"),
        };
        let flag = if json { "--json " } else { "" };
        let mut shown = format!("posse merge {flag}{} with {}: ", files.join(" "), files[*k]).into_bytes();
        shown.extend(input);
        Checked::Ran { outcome, input: shown }
    });
}
