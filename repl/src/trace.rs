//! `posse trace GAME --seed S` and `posse replay FILE --log`: every log line of one game,
//! in order, each after who may read it (`[all]`, or the seats' names), so a designer
//! sees what the bots did without stepping through the REPL.
//!
//! A trace plays the game with bots exactly as `posse play GAME --seed S --bot all` does
//! (the same [`bots::Picker`], one stream when every seat is a bot), so it is game S of
//! `posse sim` and `posse check` too; `replay --log` makes a save's choices again. The
//! god view is the default; `--as SEAT` keeps only the lines that seat may read (its view
//! of the log). With `--decisions` each decision is a line too, `p3 chose: Play
//! Telegraph` (`p3 [card] chose: ...` with the question's kind, where the game types its
//! questions), its labels made only then (with `--as`, only the seat's own decisions).
//! The lines are written as the engine's playthroughs write them
//! ([`posse::playthrough::log_line`]); the last two are the machine lines `result: ...`
//! (or `unfinished: N choices`) and `state-hash: ...`, as `play` ends.

use crate::bots;
use crate::games;
use anyhow::{anyhow, Result};
use posse::hash::hex;
use posse::playthrough::{log_line, one_line};
use posse::{Choice, Game, Record, Setup};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to trace and how to show it.
pub struct TraceOptions {
    pub root: PathBuf,
    pub seed: u64,
    pub players: Option<usize>,
    /// `--bot` arguments, as typed (the other seats play `random`).
    pub bots: Vec<String>,
    /// `--set KEY=VALUE` arguments, as typed.
    pub sets: Vec<String>,
    /// `--as SEAT`, as typed (a number from 1 or a seat name); None: the god view.
    pub seat: Option<String>,
    /// `--decisions`: each decision as a line too.
    pub decisions: bool,
}

/// How a trace shows the game: whose lines, and whether decisions too.
struct Show {
    names: Vec<String>,
    /// The reader, from 1 (None: every line).
    seat: Option<usize>,
    decisions: bool,
}

/// `posse trace GAME`: plays game `id` with bots and writes its log to stdout. Ok(false)
/// when the game stopped on an error (written to stderr).
pub fn run(id: &str, opts: TraceOptions) -> Result<bool> {
    let content = games::load_with(&opts.root, id, &opts.sets)?;
    let setup = crate::play::setup(&content, Some(opts.seed), opts.players)?;
    let mut kinds: BTreeMap<usize, String> = (1..=setup.seats.len()).map(|s| (s, bots::RANDOM.to_string())).collect();
    kinds.extend(bots::parse(&opts.bots, &setup.seats, &bots::kinds(&content)).map_err(|e| anyhow!(e))?);
    let show = Show {
        seat: reader(opts.seat.as_deref(), &setup.seats)?,
        names: setup.seats.clone(),
        decisions: opts.decisions,
    };
    let mut picker = bots::Picker::new(setup.seed, true).with_strategies(&content, &kinds).map_err(|e| anyhow!(e))?;
    let players: Vec<String> = (1..=setup.seats.len())
        .map(|s| match kinds[&s].as_str() {
            bots::RANDOM => setup.seats[s - 1].clone(),
            kind => format!("{}={kind}", setup.seats[s - 1]),
        })
        .collect();
    let header = format!("# trace of {id}, seed {}: {} ({})", setup.seed, players.join(", "), show.whose());
    let game = Game::new(content, setup).map_err(|e| anyhow!("{e}"))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{header}")?;
    let next = |game: &Game| crate::walk::bot_answer(&mut picker, game);
    write(game, next, &show, &mut out)
}

/// `posse replay FILE --log`: the saved game's log, its choices made again.
pub fn replay(root: &Path, file: &Path, seat: Option<&str>, decisions: bool) -> Result<bool> {
    let record = Record::load(file).map_err(|e| anyhow!("{e}"))?;
    let content = games::load_with(root, &record.game, &record.set)?;
    let show = Show { seat: reader(seat, &record.seats)?, names: record.seats.clone(), decisions };
    let setup = Setup { seed: record.seed, seats: record.seats.clone() };
    let game = Game::new(content, setup).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "# log of {} ({}, seed {}; {})", file.display(), record.game, record.seed, show.whose())?;
    let mut choices = record.choices.iter();
    let next = |_: &Game| -> Result<Option<(usize, Vec<u32>)>, String> {
        Ok(choices.next().map(|c: &Choice| (c.seat, c.picks.clone())))
    };
    write(game, next, &show, &mut out)
}

/// The seat `--as` names, from 1, checked against the game's seats.
fn reader(text: Option<&str>, seats: &[String]) -> Result<Option<usize>> {
    text.map(|t| bots::seat_number(t.trim(), seats).map_err(|e| anyhow!("--as {t}: {e}"))).transpose()
}

impl Show {
    /// Whose log this is, for the header.
    fn whose(&self) -> String {
        match self.seat {
            Some(s) => format!("the log as {} reads it", self.names[s - 1]),
            None => "god view: every line, with who may read it".to_string(),
        }
    }

    /// The log lines from `from` that the reader may read.
    fn lines(&self, game: &Game, from: usize, out: &mut dyn Write) -> std::io::Result<usize> {
        let log = game.log_entries();
        for line in log.iter().skip(from).filter(|l| l.audience.admits(self.seat.map(|s| s - 1))) {
            writeln!(out, "{}", log_line(line, &self.names))?;
        }
        Ok(log.len())
    }
}

/// Plays `game` on with the answers `next` gives (None: no more), writing the log as it
/// grows and, with `--decisions`, each decision before the lines it wrote; then the
/// machine lines. Ok(false) when an answer failed (the error on stderr).
fn write(
    mut game: Game,
    mut next: impl FnMut(&Game) -> Result<Option<(usize, Vec<u32>)>, String>,
    show: &Show,
    out: &mut dyn Write,
) -> Result<bool> {
    let mut logged = show.lines(&game, 0, out)?;
    let mut failed = None;
    while !game.is_over() {
        let (seat, picks) = match next(&game) {
            Ok(Some(answer)) => answer,
            Ok(None) => break,
            Err(e) => {
                failed = Some(e);
                break;
            }
        };
        if show.decisions && show.seat.is_none_or(|s| s == seat) {
            if let Some(r) = game.pending().into_iter().find(|r| r.seat == seat) {
                let labels = r.labels();
                let label =
                    |p: &u32| labels.get((*p as usize).wrapping_sub(1)).map_or(format!("option {p}"), |l| one_line(l));
                let chosen: Vec<String> = picks.iter().map(label).collect();
                let chosen = if chosen.is_empty() { "nothing".to_string() } else { chosen.join(", ") };
                let kind = r.kind.as_ref().map(|k| format!(" [{k}]")).unwrap_or_default();
                writeln!(out, "{}{kind} chose: {chosen}", show.names[seat - 1])?;
            }
        }
        let pos = game.choices().len() + 1;
        if let Err(e) = game.choose(seat, &picks) {
            failed = Some(format!("choice {pos} ({} picked {picks:?}): {e}", show.names[seat - 1]));
            break;
        }
        logged = show.lines(&game, logged, out)?;
    }
    match game.result() {
        Some(r) => writeln!(out, "{}", r.line())?,
        None => writeln!(out, "unfinished: {}", crate::words::count(game.choices().len(), "choice"))?,
    }
    writeln!(out, "state-hash: {}", hex(game.state_hash()))?;
    out.flush()?;
    match failed {
        Some(e) => {
            eprintln!("posse: {e}");
            Ok(false)
        }
        None => Ok(true),
    }
}
