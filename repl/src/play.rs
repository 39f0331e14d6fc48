//! `posse play`: sets a game up from the command line (or the menu) and runs the REPL.
//!
//! The seed is the one thing taken from outside the game: `--seed`, or the clock. It is
//! printed first (`seed: N`) so that any game can be replayed, except in table play
//! (two or more people at one screen, see `session`): the seed and the choices, which
//! everyone at the table sees made, rebuild every hidden card. There `--save` keeps the
//! game to replay; its file is locked before anything is shown, so a second writer is
//! refused at once.

use crate::bots;
use crate::games;
use crate::input::LineSource;
use crate::session::{self, Io, Session};
use anyhow::{anyhow, bail, Result};
use posse::savefile::SaveLock;
use posse::{Content, Game, Setup};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
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
}

/// Plays game `id` with the given options, reading answers from `input`.
pub fn play(id: &str, opts: PlayOptions, input: &mut dyn LineSource) -> Result<()> {
    let content = games::load(&opts.root, id)?;
    let setup = setup(&content, opts.seed, opts.players)?;
    let bots = bots::parse(&opts.bots, &setup.seats).map_err(|e| anyhow!(e))?;
    run(content, setup, bots, opts.root, opts.save, opts.designer, input)
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

/// Starts the game and runs the REPL until it ends.
pub fn run(
    content: Arc<Content>,
    setup: Setup,
    bots: BTreeSet<usize>,
    root: PathBuf,
    save: Option<PathBuf>,
    designer: bool,
    input: &mut dyn LineSource,
) -> Result<()> {
    let save = save.map(|p| SaveLock::acquire(&p)).transpose().map_err(|e| anyhow!("{e}"))?;
    let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
    let seats: Vec<String> = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| if bots.contains(&(i + 1)) { format!("{s} (bot)") } else { s.clone() })
        .collect();
    writeln!(out, "{} ({}): {}", content.name, content.id, seats.join(", "))?;
    if !session::table_play(setup.seats.len(), &bots, designer) {
        writeln!(out, "seed: {}", setup.seed)?;
    }
    if input.is_terminal() {
        writeln!(out, "Type :help for commands.")?;
    }
    let game = Game::new(content, setup).map_err(|e| anyhow!("{e}"))?;
    let io = Io { input, out: &mut out, err: &mut err };
    let mut session = Session::new(game, root, bots, save, io).designer(designer);
    session.run();
    Ok(())
}
