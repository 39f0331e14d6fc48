//! The games under a content root as a menu lists them: each game and each of its
//! scenarios with its name, its player counts and its `about:` line.
//!
//! The catalogue reads the YAML of `game.yaml` and the overlay files only, with the
//! schema the loader uses, and compiles no script: listing five games costs a few
//! milliseconds. It is lenient where loading is strict: a file that does not read or
//! parse gives an entry with its id alone (loading that game reports why), so one broken
//! game never hides the others from a menu.

use super::schema::{GameFile, OverlayFile, Players};
use super::Content;
use crate::diag::Result;
use crate::limits::CONTENT_FILE_BYTES;
use std::path::Path;

/// A game or a scenario as a menu shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// `game` or `game/scenario`, as `posse play` takes it.
    pub id: String,
    /// Its name from the YAML (the id when the file does not parse).
    pub name: String,
    /// How many may play (None when the file does not parse).
    pub players: Option<Players>,
    /// Its `about:` line (a scenario without one has its game's).
    pub about: Option<String>,
}

impl Content {
    /// Every game under `root` (in [`Content::list`]'s order), each followed by its
    /// scenarios.
    pub fn catalogue(root: &Path) -> Result<Vec<Entry>> {
        Ok(Content::list(root)?.iter().map(|id| entry(root, id, None)).collect())
    }
}

/// The entry of `id` (a game of `root`, or one of its scenarios), its scenario read from
/// `overlay` when it is a file from elsewhere (content/roots.rs), else from the file its
/// game lists.
pub(super) fn entry(root: &Path, id: &str, overlay: Option<&Path>) -> Entry {
    let (game, scenario) = match id.split_once('/') {
        Some((g, s)) => (g.to_string(), Some(s.to_string())),
        None => (id.to_string(), None),
    };
    let dir = root.join("scenarios").join(&game);
    let bare = Entry { id: id.to_string(), name: id.to_string(), players: None, about: None };
    let Some(g) = parse::<GameFile>(&dir.join("game.yaml")) else {
        return bare;
    };
    let Some(scenario) = scenario else {
        return Entry { id: id.to_string(), name: g.name, players: Some(g.players), about: g.about };
    };
    let file = overlay.map(Path::to_path_buf).or_else(|| g.scenarios.0.get(&scenario).map(|file| dir.join(file)));
    match file.and_then(|f| parse::<OverlayFile>(&f)) {
        Some(o) => Entry {
            id: id.to_string(),
            name: o.name,
            players: Some(o.players.unwrap_or(g.players)),
            about: o.about.or(g.about),
        },
        None => bare,
    }
}

/// A YAML file read as `T`, or None when it does not read or parse.
fn parse<T: serde::de::DeserializeOwned>(path: &Path) -> Option<T> {
    let text = crate::yaml::read_limited(path, CONTENT_FILE_BYTES).ok()?;
    crate::yaml::check_depth(&text).ok()?;
    serde_yaml::from_str(&text).ok()
}
