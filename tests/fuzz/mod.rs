//! The fuzz harness: mutants of real inputs (content YAML, save files, REPL input) fed to
//! the engine and the `posse` binary, checking that bad input never crashes, never hangs
//! and never corrupts.
//!
//! proptest (stable Rust, no libFuzzer) generates and shrinks [`mutate::Mutant`]s over
//! seeds from [`seeds`]. Every case runs in a child process ([`run`]) under a time limit
//! and a memory limit, so that a panic, an abort and a hang are each seen and reported
//! with the input that caused it, instead of taking the test binary down. The time limit
//! is a guard, not a measure: the engine's budgets count work, so no case should come
//! near it; it is generous (30 s), and a case that goes over it is run once more before
//! it counts as a hang, so that a busy machine never makes one. The
//! same tests run a quick subset in `cargo test` (a few dozen fixed-seed cases each) and,
//! with `POSSE_FUZZ_CASES=N`, a benchmark of N cases (docs/fuzzing.md). Known failures
//! that are being fixed are skipped by a named filter ([`known`]) that reports what it
//! skipped.
//!
//! Settings, all from the environment: `POSSE_FUZZ_CASES` (cases per target),
//! `POSSE_FUZZ_SEED` (the proptest seed, a number or `random`), `POSSE_FUZZ_LIMIT_MS`
//! (time limit per case, 30000), `POSSE_FUZZ_KEEP_GOING=1` (record failures and go on, for
//! counting them in a benchmark; by default the first failure is shrunk and reported),
//! `POSSE_FUZZ_KNOWN=1` (test the known failures too).

pub mod cases;
pub mod dicts;
pub mod json;
pub mod known;
pub mod mutate;
pub mod pictures;
pub mod run;
pub mod seeds;

use mutate::Mutant;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use run::{Failure, Limits, Outcome};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The seed of the quick subset, so that `cargo test` runs the same cases every time.
const QUICK_SEED: u64 = 0x5EED_F022;

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The time limit's default: far beyond what any case takes on a quiet machine (the
/// slowest take about a second), so that only a case that does not end reaches it.
const LIMIT_MS: u64 = 30_000;

/// The limits every case runs under.
pub fn limits() -> Limits {
    let ms = env_number("POSSE_FUZZ_LIMIT_MS").unwrap_or(LIMIT_MS);
    Limits { time: Duration::from_millis(ms), memory: 8 << 30 }
}

/// Whether a benchmark records failures and goes on.
fn keep_going() -> bool {
    std::env::var("POSSE_FUZZ_KEEP_GOING").is_ok_and(|v| v == "1")
}

/// The proptest settings: `quick` cases unless `POSSE_FUZZ_CASES` says otherwise.
fn config(quick: u32) -> Config {
    let cases = env_number("POSSE_FUZZ_CASES").map(|n| n as u32).unwrap_or(quick);
    let rng_seed = match std::env::var("POSSE_FUZZ_SEED").ok().as_deref() {
        Some("random") => RngSeed::Random,
        Some(s) => RngSeed::Fixed(s.parse().expect("POSSE_FUZZ_SEED: a number or `random`")),
        None => RngSeed::Fixed(QUICK_SEED),
    };
    Config {
        cases,
        rng_seed,
        failure_persistence: None,
        max_shrink_time: 300_000,
        max_shrink_iters: 2000,
        ..Config::default()
    }
}

/// What a target did with one mutant.
pub enum Checked {
    /// The input is of a known failure's class (its name) and was not run.
    Skipped(&'static str),
    /// It ran; `input` shows the input in reports.
    Ran { outcome: Outcome, input: Vec<u8> },
}

/// Counts for the report printed after a run.
#[derive(Default)]
struct Tally {
    ran: u64,
    skipped: BTreeMap<&'static str, u64>,
    notes: BTreeMap<String, u64>,
    failures: BTreeMap<String, u64>,
    /// The slowest clean case run once (a case run twice is not compared: its first run
    /// went over the limit).
    slowest: Option<(Duration, Vec<u8>)>,
    kept: Vec<String>,
    /// Cases run a second time for going over the limit, and those of them that then
    /// ended within it (clean).
    repeated: u64,
    repeated_clean: u64,
}

/// Runs `target`: `quick` cases (or the benchmark's number) of mutants of up to
/// `max_ops` edits, each checked by `check`. A case that goes over the time limit is
/// checked once more, and is a hang only when it goes over again. Prints a report; fails
/// on the first failure (shrunk), or with keep-going after all cases, listing them. `out`
/// is a folder for inputs too long to print.
pub fn drive(target: &str, quick: u32, max_ops: usize, out: &Path, check: impl Fn(&Mutant) -> Checked) {
    let config = config(quick);
    let cases = config.cases;
    let limit = limits().time;
    let tally = RefCell::new(Tally::default());
    let start = Instant::now();
    let mut runner = TestRunner::new(config);
    let result = runner.run(&mutate::mutant(max_ops), |m| {
        let (mut outcome, mut input) = match check(&m) {
            Checked::Skipped(class) => {
                *tally.borrow_mut().skipped.entry(class).or_default() += 1;
                return Ok(());
            }
            Checked::Ran { outcome, input } => (outcome, input),
        };
        // Over the limit: run once more, so that a machine busy for a while is not a hang.
        let mut first = None;
        if over(&outcome, limit) {
            first = Some(said(&outcome));
            if let Checked::Ran { outcome: again, input: i } = check(&m) {
                (outcome, input) = (again, i);
            }
        }
        let mut t = tally.borrow_mut();
        t.ran += 1;
        if first.is_some() {
            t.repeated += 1;
        }
        let elapsed = outcome.elapsed();
        let failure = match outcome {
            Outcome::Clean { note, .. } if elapsed <= limit => {
                *t.notes.entry(note).or_default() += 1;
                if first.is_some() {
                    t.repeated_clean += 1;
                } else if t.slowest.as_ref().is_none_or(|(d, _)| elapsed > *d) {
                    t.slowest = Some((elapsed, input));
                }
                return Ok(());
            }
            Outcome::Clean { .. } => {
                (Failure::Hang, format!("took {} ms, over the limit of {} ms", elapsed.as_millis(), limit.as_millis()))
            }
            Outcome::Failed { kind, message, .. } => (kind, message),
        };
        let (kind, mut message) = failure;
        if let Some(first) = &first {
            message = format!("{message} (its second run; the first: {first})");
        }
        *t.failures.entry(format!("{kind:?}")).or_default() += 1;
        let report = format!("{kind:?}: {message}\n  input ({}): {}", describe(&m), saved(out, target, &input, 1500));
        if keep_going() {
            eprintln!("[fuzz {target}] FAILURE {report}");
            t.kept.push(report);
            return Ok(());
        }
        Err(TestCaseError::fail(report))
    });
    let t = tally.into_inner();
    let mut e = std::io::stderr().lock();
    let _ = writeln!(
        e,
        "[fuzz {target}] {} cases asked, {} ran, {:?} skipped as known, {:.1} s; failures (with shrinking): {:?}",
        cases,
        t.ran,
        t.skipped,
        start.elapsed().as_secs_f64(),
        t.failures
    );
    let _ = writeln!(e, "[fuzz {target}] outcomes: {:?}", t.notes);
    let _ = writeln!(
        e,
        "[fuzz {target}] run twice for going over the limit of {} ms: {}, of which {} within it the second time",
        limit.as_millis(),
        t.repeated,
        t.repeated_clean
    );
    if let Some((d, input)) = &t.slowest {
        let _ =
            writeln!(e, "[fuzz {target}] slowest clean case: {} ms: {}", d.as_millis(), saved(out, target, input, 200));
    }
    drop(e);
    match result {
        Ok(()) if t.kept.is_empty() => {}
        Ok(()) => panic!("[fuzz {target}] {} failures:\n{}", t.kept.len(), t.kept.join("\n")),
        Err(TestError::Fail(why, m)) => panic!("[fuzz {target}] minimal failure: {why}\n  mutant: {m:?}"),
        Err(e) => panic!("[fuzz {target}] {e}"),
    }
}

/// Whether a case went over the time limit: killed for it, or ended after it.
fn over(outcome: &Outcome, limit: Duration) -> bool {
    match outcome {
        Outcome::Failed { kind: Failure::Hang, .. } => true,
        Outcome::Clean { elapsed, .. } => *elapsed > limit,
        Outcome::Failed { .. } => false,
    }
}

/// A run over the limit, for the report of the run after it.
fn said(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Failed { message, .. } => message.clone(),
        Outcome::Clean { elapsed, note } => format!("ended after {} ms ({note})", elapsed.as_millis()),
    }
}

/// The edits of a mutant, short.
fn describe(m: &Mutant) -> String {
    format!("{} edits", m.ops.len())
}

/// The input for a report: shown whole when short; when longer than twice `keep`,
/// written to a file under `out` whose name is given, with its start and end shown.
fn saved(out: &Path, target: &str, input: &[u8], keep: usize) -> String {
    if input.len() <= 2 * keep {
        return mutate::show(input, keep);
    }
    let file = out.join(format!("fuzz-{target}-{:016x}.bin", posse::hash::fnv(input)));
    let _ = std::fs::create_dir_all(out);
    let _ = std::fs::write(&file, input);
    format!("{} (whole input in {})", mutate::show(input, keep), file.display())
}

/// The folder a worker child writes its scratch files in.
pub fn worker_tmp(out: &Path, target: &str) -> PathBuf {
    out.join(format!("fuzz-worker-{target}-{}", std::process::id()))
}
