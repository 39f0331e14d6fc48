//! `posse replay FILE [--step]`: replays a saved game with the current content.
//!
//! Straight through, it prints how the game ended (`result:`) or how far the record goes
//! (`unfinished: N choices`), then `state-hash:`, the same hash the game had when it was
//! saved if nothing changed. A choice that no longer fits is an error (exit 1). With
//! `--step` the record is walked one choice per Enter in the REPL, from the omniscient
//! view (or any seat's, with `:as`); when the record ends, the game can be played on.

use crate::games;
use crate::input;
use crate::session::{describe_choice, Io, Session};
use anyhow::{anyhow, bail, Result};
use posse::hash::hex;
use posse::{Game, Record, Setup};
use std::io::Write;
use std::path::{Path, PathBuf};

pub fn run(root: &Path, file: &Path, step: bool) -> Result<()> {
    let record = Record::load(file).map_err(|e| anyhow!("{e}"))?;
    let content = games::load_with(root, &record.game, &record.set)?;
    if record.content_hash != hex(content.hash) {
        eprintln!(
            "warning: {} was saved with other content than {}'s now (hash {}, now {}); the replay may diverge",
            file.display(),
            record.game,
            record.content_hash,
            hex(content.hash)
        );
    }
    if step {
        let setup = Setup { seed: record.seed, seats: record.seats.clone() };
        let game = Game::new(content, setup).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
        writeln!(
            out,
            "{}: {}, seed: {}, seats: {}, {}",
            file.display(),
            record.game,
            record.seed,
            record.seats.join(", "),
            crate::words::count(record.choices.len(), "choice")
        )?;
        let mut input = input::stdin_source();
        let io = Io { input: input.as_mut(), out: &mut out, err: &mut err };
        let mut session =
            Session::new(game, PathBuf::from(root), Default::default(), None, io).stepping(&record.choices);
        session.run();
        if session.diverged() {
            bail!("{}: the record no longer fits the game", file.display());
        }
        return Ok(());
    }
    let (game, divergence) = Game::from_record(content, &record).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    if let Some(d) = divergence {
        bail!("{}: choice {} ({}) no longer fits: {}", file.display(), d.index, describe_choice(&d.choice), d.message);
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}, seed: {}, seats: {}", file.display(), record.game, record.seed, record.seats.join(", "))?;
    match game.result() {
        Some(r) => writeln!(out, "{}", r.line())?,
        None => writeln!(out, "unfinished: {}", crate::words::count(game.choices().len(), "choice"))?,
    }
    writeln!(out, "state-hash: {}", hex(game.state_hash()))?;
    Ok(())
}
