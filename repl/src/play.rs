//! `posse play`: sets a game up from the command line (or the menu), or continues a saved
//! one (`--load`), and runs the REPL.
//!
//! The seed is the one thing taken from outside the game: `--seed`, or the clock. It is
//! printed first (`seed: N`) so that any game can be replayed, except in table play
//! (two or more people at one screen, see `session`): the seed and the choices, which
//! everyone at the table sees made, rebuild every hidden card. There `--save` keeps the
//! game to replay; its file is locked before anything is shown, so a second writer is
//! refused at once.
//!
//! A session that met a script error (a step rolled back, a renderer, a bot, a question's
//! text) ends with a line saying how many and a non-zero exit, so that a script or CI
//! that plays a game notices.
//!
//! `--load FILE` continues a save exactly: the game is the save's (its seed, seats and
//! choices, replayed), its seats are played as the save says (people, and bots of their
//! kind; `--bot` given with it plays them instead, and says so) and the bots pick as the
//! saved session's would have. It goes through the session's `:load`, so both continue a
//! save alike.

use crate::bots;
use crate::games;
use crate::input::LineSource;
use crate::session::{self, Io, Session};
use anyhow::{anyhow, bail, Result};
use posse::savefile::SaveLock;
use posse::{Content, Game, Record, Setup};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How to start a game.
pub struct PlayOptions {
    pub root: PathBuf,
    pub seed: Option<u64>,
    pub players: Option<usize>,
    /// `--bot` arguments, as typed.
    pub bots: Vec<String>,
    pub save: Option<PathBuf>,
    /// Designer mode: every command for everyone (`--designer`).
    pub designer: bool,
    /// `--set KEY=VALUE` arguments, as typed.
    pub sets: Vec<String>,
}

/// Plays game `id` with the given options, reading answers from `input`. False when a
/// script error happened on the way.
pub fn play(id: &str, opts: PlayOptions, input: &mut dyn LineSource) -> Result<bool> {
    let content = games::load_with(&opts.root, id, &opts.sets)?;
    let setup = setup(&content, opts.seed, opts.players)?;
    let bots = bots::parse(&opts.bots, &setup.seats, &bots::kinds(&content)).map_err(|e| anyhow!(e))?;
    run(content, setup, bots, opts.root, opts.save, opts.designer, input)
}

/// Continues the game saved in `file` (`posse play --load FILE`); `id`, when given, must
/// be the save's game. False when a script error happened on the way.
pub fn resume(file: &Path, id: Option<&str>, opts: PlayOptions, input: &mut dyn LineSource) -> Result<bool> {
    let save = opts.save.as_deref().map(SaveLock::acquire).transpose().map_err(|e| anyhow!("{e}"))?;
    let record = Record::load(file).map_err(|e| anyhow!("{e}"))?;
    if let Some(id) = id.filter(|&id| id != record.game) {
        bail!("{} is a game of {}, not {id}", file.display(), record.game);
    }
    let content = games::load_with(&opts.root, &record.game, &record.set)?;
    let kinds = bots::kinds(&content);
    let bots = if opts.bots.is_empty() {
        None
    } else {
        Some(bots::parse(&opts.bots, &record.seats, &kinds).map_err(|e| anyhow!(e))?)
    };
    // The session starts on the save's first position and loads the save as `:load` does.
    let setup = Setup { seed: record.seed, seats: record.seats.clone() };
    let game = Game::new(content.clone(), setup).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
    writeln!(out, "{} ({})", content.name, content.id)?;
    let terminal = input.is_terminal();
    let io = Io { input, out: &mut out, err: &mut err };
    let mut session = Session::new(game, opts.root, BTreeSet::new(), save, io).designer(opts.designer);
    session.load_record(content, &record, &file.display().to_string(), bots).map_err(|e| anyhow!(e))?;
    if !session.at_the_table() {
        session.say(format!("seed: {}", record.seed));
    }
    if terminal {
        session.say("Type :help for commands.");
    }
    session.run();
    Ok(no_script_errors(session.script_errors()))
}

/// True when there were none; else says how many on stderr.
fn no_script_errors(n: usize) -> bool {
    if n > 0 {
        eprintln!("posse: {n} script error{} in this game", if n == 1 { "" } else { "s" });
    }
    n == 0
}

/// The setup for a new game, the seed taken from the clock when none is given. A number
/// of players the game is not for is refused with the modes that are for it.
pub fn setup(content: &Content, seed: Option<u64>, players: Option<usize>) -> Result<Setup> {
    if let Some(n) = players.filter(|&n| n < content.players.min || n > content.players.max) {
        bail!("{}", games::wrong_players(content, n));
    }
    let seed = seed.unwrap_or_else(games::time_seed);
    Setup::new(content, seed, players).map_err(|e| anyhow!("{e}"))
}

/// Starts the game and runs the REPL until it ends. False when a script error happened.
pub fn run(
    content: Arc<Content>,
    setup: Setup,
    kinds: BTreeMap<usize, String>,
    root: PathBuf,
    save: Option<PathBuf>,
    designer: bool,
    input: &mut dyn LineSource,
) -> Result<bool> {
    let save = save.map(|p| SaveLock::acquire(&p)).transpose().map_err(|e| anyhow!("{e}"))?;
    let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
    let bots: BTreeSet<usize> = kinds.keys().copied().collect();
    let seats: Vec<String> = (1..=setup.seats.len())
        .map(|s| match kinds.get(&s).map(String::as_str) {
            None => setup.seats[s - 1].clone(),
            Some(bots::RANDOM) => format!("{} (bot)", setup.seats[s - 1]),
            Some(kind) => format!("{} (bot: {kind})", setup.seats[s - 1]),
        })
        .collect();
    writeln!(out, "{} ({}): {}", content.name, content.id, seats.join(", "))?;
    if !session::table_play(setup.seats.len(), &bots, designer) {
        writeln!(out, "seed: {}", setup.seed)?;
    }
    if input.is_terminal() {
        writeln!(out, "Type :help for commands.")?;
    }
    let game = Game::new(content.clone(), setup).map_err(|e| anyhow!("{e}"))?;
    let io = Io { input, out: &mut out, err: &mut err };
    let session = Session::new(game, root, bots, save, io).designer(designer);
    let mut session = session.strategies(&content, &kinds).map_err(|e| anyhow!(e))?;
    session.run();
    Ok(no_script_errors(session.script_errors()))
}
