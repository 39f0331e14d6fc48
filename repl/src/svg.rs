//! `posse svg GAME [--seed N] [--players N] [--load SAVE] [--seat N | --god] [-o FILE]`:
//! the SVG of a zone-map or grid board, at a game's start or where a saved game stands.
//!
//! It draws one seat's view: seat 1's unless `--seat` says another. The omniscient view,
//! which shows every hidden thing, is drawn only when asked for by name (`--god`), so a
//! picture made to be shown around never gives a secret away by default.

use crate::games;
use crate::play;
use crate::session::describe_choice;
use anyhow::{anyhow, bail, Result};
use posse::hash::hex;
use posse::{Game, Record};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `posse svg` was asked for.
pub struct SvgOptions {
    pub game: Option<String>,
    pub seed: u64,
    pub players: Option<usize>,
    pub load: Option<PathBuf>,
    /// The seat whose view is drawn (1-based); None with `god`.
    pub seat: Option<usize>,
    pub god: bool,
    pub out: Option<PathBuf>,
}

pub fn run(root: &Path, opts: SvgOptions) -> Result<()> {
    let game = match &opts.load {
        Some(file) => {
            let record = Record::load(file).map_err(|e| anyhow!("{e}"))?;
            if let Some(id) = opts.game.as_deref().filter(|&id| id != record.game) {
                bail!("{} is a game of {}, not {id}", file.display(), record.game);
            }
            let content = games::load_with(root, &record.game, &record.set)?;
            drawable(&content)?;
            if record.content_hash != hex(content.hash) {
                eprintln!(
                    "warning: {} was saved with other content than {}'s now; the replay may diverge",
                    file.display(),
                    record.game
                );
            }
            let (game, divergence) =
                Game::from_record(content, &record).map_err(|e| anyhow!("{}: {e}", file.display()))?;
            if let Some(d) = divergence {
                eprintln!(
                    "warning: {}: choice {} ({}) no longer fits: {}; drawn as the game stands after choice {}",
                    file.display(),
                    d.index,
                    describe_choice(&d.choice),
                    d.message,
                    d.index - 1
                );
            }
            game
        }
        None => {
            let id = opts.game.as_deref().ok_or_else(|| anyhow!("name a game, or --load a save"))?;
            let content = games::load(root, id)?;
            drawable(&content)?;
            let setup = play::setup(&content, Some(opts.seed), opts.players)?;
            Game::new(content, setup).map_err(|e| anyhow!("{e}"))?
        }
    };
    let seat = if opts.god { None } else { Some(opts.seat.unwrap_or(1)) };
    if let Some(s) = seat.filter(|&s| s == 0 || s > game.players()) {
        bail!("--seat {s}: {} has seats 1 to {}", game.content().id, game.players());
    }
    drawable(game.content())?;
    let text = picture(game.content(), &game.view(seat)).unwrap_or_default();
    match &opts.out {
        Some(file) => {
            posse::savefile::write(file, text.as_bytes())
                .map_err(|e| anyhow!("{}: cannot write: {e}", file.display()))?;
            let whose = match seat {
                Some(s) => format!("the view of {}", game.setup().seats[s - 1]),
                None => "everything (the omniscient view)".into(),
            };
            println!("wrote {} ({whose})", file.display());
        }
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// The SVG of `content`'s board as `view` shows it: a zone map or a grid; None for a
/// board with no geometry to draw.
pub fn picture(content: &posse::Content, view: &posse::view::View) -> Option<String> {
    let setting = posse::picture::Setting::of(content);
    if let Some(map) = content.map.as_deref() {
        return Some(posse::picture::svg(map, view, &setting));
    }
    content.grid.as_deref().map(|grid| posse::picture::grid_svg(grid, view, &setting))
}

/// Whether the game's board can be drawn, or why not.
fn drawable(content: &posse::Content) -> Result<()> {
    if content.map.is_some() || content.grid.is_some() {
        return Ok(());
    }
    bail!(
        "{}'s board has no picture: only a zone map (board: {{map: FILE}}) or a grid (board: {{grid: ...}}) \
         is drawn; `posse play {}` shows its board",
        content.id,
        content.id
    )
}
