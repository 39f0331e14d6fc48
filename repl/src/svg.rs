//! `posse svg GAME [--seed N] [--players N] [--load SAVE] [--seat N | --god] [-o FILE]`:
//! the SVG of a zone-map board, at a game's start or where a saved game stands.
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
            let content = games::load(root, &record.game)?;
            zone_map(&content)?;
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
            zone_map(&content)?;
            let setup = play::setup(&content, Some(opts.seed), opts.players)?;
            Game::new(content, setup).map_err(|e| anyhow!("{e}"))?
        }
    };
    let seat = if opts.god { None } else { Some(opts.seat.unwrap_or(1)) };
    if let Some(s) = seat.filter(|&s| s == 0 || s > game.players()) {
        bail!("--seat {s}: {} has seats 1 to {}", game.content().id, game.players());
    }
    let map = zone_map(game.content())?;
    let text = posse::picture::svg(map, &game.view(seat));
    match &opts.out {
        Some(file) => {
            std::fs::write(file, &text).map_err(|e| anyhow!("{}: cannot write: {e}", file.display()))?;
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

/// The game's zone map, or why there is none to draw.
fn zone_map(content: &posse::Content) -> Result<&posse::zonemap::ZoneMap> {
    match content.map.as_deref() {
        Some(m) => Ok(m),
        None => bail!(
            "{}'s board is not a zone map: only a board drawn as geometry (board: {{map: FILE}} in its game.yaml) \
             has a picture; `posse play {}` and :map show its board",
            content.id,
            content.id
        ),
    }
}
