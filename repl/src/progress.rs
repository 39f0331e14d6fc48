//! How a batch shows its progress on standard error while it runs (`sim`, `compare`,
//! restricted play, sweeps): on a terminal a bar with the time left; elsewhere (a file, a
//! pipe, a job's log) a line every few seconds, `sim hilo: 300 of 1000 games`; with
//! `--progress N` a line every N games, whatever stderr is (what a test can count on);
//! `POSSE_PROGRESS=off` (or `--json` on a terminal) keeps stderr quiet but for errors.
//! The clock only says when a line is written, never what a batch plays.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often the lines come when stderr is not a terminal.
const EVERY: Duration = Duration::from_secs(5);

/// What `--progress` asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// A bar on a terminal, else a line every few seconds (none with POSSE_PROGRESS=off).
    #[default]
    Auto,
    /// A line every N games.
    Every(usize),
    /// Nothing (`--json` on a terminal).
    Quiet,
}

impl Mode {
    /// The mode of `--progress [N]` (`Some(None)`: bare, a line every few seconds even on
    /// a terminal; `Some(Some(N))`: every N games) and `--json`.
    pub fn of(flag: Option<Option<usize>>, json: bool) -> Mode {
        match flag {
            Some(Some(n)) => Mode::Every(n.max(1)),
            Some(None) => Mode::Every(0),
            None if json && std::io::stderr().is_terminal() => Mode::Quiet,
            None => Mode::Auto,
        }
    }
}

/// The progress of one batch: `label` names it in each line.
pub struct Progress {
    label: String,
    total: usize,
    done: AtomicUsize,
    every: Option<usize>,
    timed: bool,
    last: Mutex<Instant>,
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    pub fn new(mode: Mode, label: &str, total: usize) -> Progress {
        let quiet = std::env::var("POSSE_PROGRESS").is_ok_and(|v| v.trim() == "off");
        let terminal = std::io::stderr().is_terminal();
        let (every, timed, bar) = match mode {
            Mode::Every(0) => (None, true, None),
            Mode::Every(n) => (Some(n), false, None),
            Mode::Quiet => (None, false, None),
            Mode::Auto if quiet => (None, false, None),
            Mode::Auto if terminal => {
                let bar = indicatif::ProgressBar::new(total as u64);
                let style = indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games, {eta} left")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
                bar.set_style(style);
                bar.set_message(label.to_string());
                (None, false, Some(bar))
            }
            Mode::Auto => (None, true, None),
        };
        Progress {
            label: label.to_string(),
            total,
            done: AtomicUsize::new(0),
            every,
            timed,
            last: Mutex::new(Instant::now()),
            bar,
        }
    }

    /// One more game played (from any thread of the batch).
    pub fn tick(&self) {
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
        let due = match self.every {
            Some(k) => n.is_multiple_of(k) || n == self.total,
            None if self.timed => match self.last.try_lock() {
                Ok(mut last) if last.elapsed() >= EVERY => {
                    *last = Instant::now();
                    true
                }
                _ => false,
            },
            None => false,
        };
        if due {
            eprintln!("{}: {n} of {}", self.label, crate::words::count(self.total, "game"));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
