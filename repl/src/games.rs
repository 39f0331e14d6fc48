//! Finding and loading games under the content root, with errors that name the root and
//! the games there (and, for a number of players a game is not for, its modes that are),
//! and the one place that reads the clock (for default seeds). A root other than the
//! shipped one stands on it: its games are listed and loaded with the shipped ones, and
//! the scenarios it adds to them (`posse::content::stack`, docs/authoring.md).

use anyhow::{bail, Context as _, Result};
use posse::content::{Entry, Players};
use posse::Content;
use std::path::Path;
use std::sync::Arc;

/// The ids of the games under `root`.
pub fn list(root: &Path) -> Result<Vec<String>> {
    Content::list_stacked(root)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("no games under {}", root.display()))
}

/// The games and their modes as the menu shows them.
pub fn catalogue(root: &Path) -> Result<Vec<Entry>> {
    Content::catalogue_stacked(root)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("no games under {}", root.display()))
}

/// `2-4 players`, or `2 players`.
pub fn player_counts(p: &Players) -> String {
    if p.min == p.max {
        format!("{} player{}", p.min, if p.min == 1 { "" } else { "s" })
    } else {
        format!("{}-{} players", p.min, p.max)
    }
}

/// Why `n` players cannot play `content`, naming the game's modes (or the game itself,
/// for a mode) that are for `n`: "marshals is for 3 to 4 players; for 2: marshals/basic,
/// marshals/duo".
pub fn wrong_players(content: &Content, n: usize) -> String {
    let p = content.players;
    let range = if p.min == p.max { player_counts(&p) } else { format!("{} to {} players", p.min, p.max) };
    let family = |id: &str| id == content.game || id.strip_prefix(&content.game).is_some_and(|r| r.starts_with('/'));
    let fits: Vec<String> = Content::catalogue_stacked(&content.root)
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e.id != content.id && family(&e.id))
        .filter(|e| e.players.is_some_and(|q| q.min <= n && n <= q.max))
        .map(|e| e.id)
        .collect();
    if fits.is_empty() {
        format!("{} is for {range}, not {n}", content.id)
    } else {
        format!("{} is for {range}; for {n}: {}", content.id, fits.join(", "))
    }
}

/// The ids whose files are in `root` itself (not in the shipped root it stands on).
pub fn own(root: &Path) -> Result<Vec<String>> {
    Content::list_own(root)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("no games under {}", root.display()))
}

/// Loads game `id`; an unknown id is a one-line error listing the games there are.
pub fn load(root: &Path, id: &str) -> Result<Arc<Content>> {
    // Whether a scenario is one its game lists, loading it finds out; the games are
    // listed only to say which there are.
    let loaded = (id.contains('/') || Content::is_listed_stacked(root, id)).then(|| Content::load(root, id));
    match loaded {
        Some(Ok(content)) => Ok(Arc::new(content)),
        Some(Err(e)) if Content::is_listed_stacked(root, id) => Err(anyhow::anyhow!("{e}")),
        _ => {
            let ids = list(root)?;
            let known = if ids.is_empty() { "none".to_string() } else { ids.join(", ") };
            bail!("unknown game '{id}' under {} (games: {known})", root.display());
        }
    }
}

/// Game `id` with the values `sets` changes ("KEY=VALUE", `--set`).
pub fn load_with(root: &Path, id: &str, sets: &[String]) -> Result<Arc<Content>> {
    let content = load(root, id)?;
    if sets.is_empty() {
        return Ok(content);
    }
    content.with_sets(sets).map(Arc::new).map_err(|e| anyhow::anyhow!("{e}"))
}

/// A seed from the clock, for games started without `--seed` (printed, so they replay).
pub fn time_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    // Keep it short enough to type back.
    (now.as_nanos() as u64 ^ u64::from(std::process::id())) % 1_000_000_000
}
