//! Where a game's files are: content roots stacked on the shipped one, and variants run
//! from a file.
//!
//! A designer's root (`--root`, `POSSE_ROOT`, or found from the current folder) that has
//! no `scripts/lib/` of its own (what `posse init` makes) sits on top of the shipped root
//! (the installed posse's content, [`shipped_root`]): the stack is the designer's root,
//! then the shipped one ([`stack`]). A root with its own `scripts/lib/` (the shipped root,
//! a full copy of it, a test's fixtures) stands alone. A game is read from the first root that has `scenarios/<game>/game.yaml`; the
//! shared Lua (`scripts/lib/`) from the game's root when it has one, else from the first
//! root of the stack that does, so a root made by `posse init` needs no copy of it.
//!
//! A designer's root that does not define a game may add scenarios to it: every `*.yaml`
//! directly in its `scenarios/<game>/` (but `game.yaml`) is scenario `<game>/<stem>` of
//! the game below, listed beside the game's own (and taking the place of one of the same
//! name); the Lua files of its `scripts/<game>/` are modules of the game too (for its
//! scenarios to `require`), beside the game's own, never in their place. Its problems name the file by its real path (the root joined to it), while the
//! content hash takes it as `scenarios/<game>/<stem>.yaml`, so a save reloads from the
//! same root wherever it is.
//!
//! A variant run from a file (`--variant FILE`) is registered for the process
//! ([`register_variant`]) and loaded as `<game>/<stem>` in the same way, named by the path
//! given.
//!
//! [`Content::list`], [`Content::catalogue`] and [`Content::is_listed`] keep to one root;
//! the `_stacked` forms here list the whole stack.

use super::{Content, Entry};
use crate::diag::{Diagnostic, Error, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The content root of the installed posse: the first folder above the executable that
/// holds `scenarios/`, `scripts/` and `scripts/lib/`, else the source tree it was built
/// from.
pub fn shipped_root() -> PathBuf {
    let has = |p: &Path| p.join("scenarios").is_dir() && p.join("scripts/lib").is_dir();
    if let Ok(mut dir) = std::env::current_exe() {
        while dir.pop() {
            if has(&dir) {
                return dir;
            }
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The roots `root` stands on, first first: `root`, then the shipped root, unless `root`
/// has a `scripts/lib/` of its own (the shipped root itself, a full copy of it, a test's
/// root): such a root stands alone.
pub fn stack(root: &Path) -> Vec<PathBuf> {
    if root.join("scripts/lib").is_dir() {
        return vec![root.to_path_buf()];
    }
    let shipped = shipped_root();
    let same = match (root.canonicalize(), shipped.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => root == shipped,
    };
    if same {
        vec![root.to_path_buf()]
    } else {
        vec![root.to_path_buf(), shipped]
    }
}

/// Where the files of game or scenario `id` are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Place {
    /// The root whose `scenarios/<game>/game.yaml` defines the game.
    pub(super) game_root: PathBuf,
    /// The root whose `scripts/lib/` the game shares.
    pub(super) lib_root: PathBuf,
    /// A scenario's file from outside the game's root (a designer's root above it, or a
    /// registered variant), as its problems name it.
    pub(super) overlay: Option<PathBuf>,
    /// The roots above the game's root, whose `scripts/<game>/` modules the game may
    /// `require` too (a designer's scenario's own Lua).
    pub(super) above: Vec<PathBuf>,
}

/// Where the files of `id` (`game` or `game/scenario`) are, from the stack on `root`.
pub(super) fn locate(root: &Path, id: &str) -> Place {
    let roots = stack(root);
    let (game, scenario) = id.split_once('/').map_or((id, None), |(g, s)| (g, Some(s)));
    let defines = |r: &PathBuf| r.join("scenarios").join(game).join("game.yaml").is_file();
    let at = roots.iter().position(defines).unwrap_or(0);
    let game_root = roots[at].clone();
    let lib_root = if game_root.join("scripts/lib").is_dir() {
        game_root.clone()
    } else {
        roots.iter().find(|r| r.join("scripts/lib").is_dir()).unwrap_or(&game_root).clone()
    };
    let overlay = scenario.and_then(|s| {
        variant(game, s).or_else(|| roots[..at].iter().map(|r| overlay_file(r, game, s)).find(|f| f.is_file()))
    });
    Place { game_root, lib_root, overlay, above: roots[..at].to_vec() }
}

/// The name a file from another root is shown by: its path from the current folder when
/// it is under it, else its path as found.
pub(super) fn shown(path: &Path) -> String {
    let here = std::env::current_dir().ok().filter(|h| h.parent().is_some());
    let rel = here.as_deref().and_then(|h| path.strip_prefix(h).ok()).filter(|r| !r.as_os_str().is_empty());
    rel.unwrap_or(path).display().to_string()
}

/// Scenario `name` of `game` as a designer's root holds it.
fn overlay_file(root: &Path, game: &str, name: &str) -> PathBuf {
    root.join("scenarios").join(game).join(format!("{name}.yaml"))
}

/// The scenarios a designer's root `root` adds to `game`, which it does not define: its
/// `scenarios/<game>/*.yaml` but `game.yaml`, by name, sorted.
fn added(root: &Path, game: &str) -> Vec<String> {
    let dir = root.join("scenarios").join(game);
    if dir.join("game.yaml").is_file() {
        return Vec::new();
    }
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".yaml")).map(str::to_string))
        .filter(|n| n != "game" && super::checks::is_id(n))
        .collect();
    out.sort();
    out
}

/// The variants registered for this process, by game and name.
fn variants() -> &'static Mutex<BTreeMap<(String, String), PathBuf>> {
    static VARIANTS: OnceLock<Mutex<BTreeMap<(String, String), PathBuf>>> = OnceLock::new();
    VARIANTS.get_or_init(Mutex::default)
}

fn variant(game: &str, name: &str) -> Option<PathBuf> {
    variants().lock().ok()?.get(&(game.to_string(), name.to_string())).cloned()
}

/// Registers overlay file `file` as a variant of `game` for this process (`--variant
/// FILE`): it loads as `<game>/<stem>`, which is returned, as if the game's `game.yaml`
/// listed it. The stem must be an id and `game` a game id.
pub fn register_variant(game: &str, file: &Path) -> Result<String> {
    let fail = |msg: String| Error::Content(vec![Diagnostic::file(file.display().to_string(), msg)]);
    if !super::checks::is_id(game) {
        return Err(fail(format!("--variant: '{game}' is not a game id (a variant is of a game, not of a mode)")));
    }
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    let yaml = file.extension().is_some_and(|e| e == "yaml" || e == "yml");
    if !yaml || !super::checks::is_id(stem) || stem == "game" {
        return Err(fail(
            "expected a .yaml overlay file named like a variant id (`stagecoach.yaml`: snake_case)".into(),
        ));
    }
    if !file.is_file() {
        return Err(fail("no such file".into()));
    }
    if let Ok(mut v) = variants().lock() {
        v.insert((game.to_string(), stem.to_string()), file.to_path_buf());
    }
    Ok(format!("{game}/{stem}"))
}

impl Content {
    /// Ids of the games of every root of the stack on `root` (a game once, from the first
    /// root that defines it), each followed by its scenarios: those its `game.yaml` lists,
    /// then those the roots above it add and the variants registered for it (a name once).
    pub fn list_stacked(root: &Path) -> Result<Vec<String>> {
        let roots = stack(root);
        let mut games: BTreeMap<String, usize> = BTreeMap::new();
        let mut first_err = None;
        for (i, r) in roots.iter().enumerate() {
            match Content::list(r) {
                Ok(ids) => {
                    for id in ids.into_iter().filter(|id| !id.contains('/')) {
                        games.entry(id).or_insert(i);
                    }
                }
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        if games.is_empty() {
            if let Some(e) = first_err {
                return Err(e);
            }
        }
        let mut out = Vec::new();
        for (game, at) in games {
            let own = Content::list(&roots[at]).unwrap_or_default();
            let prefix = format!("{game}/");
            let mut ids: Vec<String> =
                std::iter::once(game.clone()).chain(own.into_iter().filter(|id| id.starts_with(&prefix))).collect();
            let registered: Vec<String> = variants()
                .lock()
                .map(|v| v.keys().filter(|(g, _)| *g == game).map(|(_, n)| n.clone()).collect())
                .unwrap_or_default();
            let above = roots[..at].iter().flat_map(|r| added(r, &game));
            for name in above.chain(registered) {
                let id = format!("{game}/{name}");
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            out.extend(ids);
        }
        Ok(out)
    }

    /// Whether `id` is one of [`Content::list_stacked`]'s (or a registered variant).
    pub fn is_listed_stacked(root: &Path, id: &str) -> bool {
        let place = locate(root, id);
        place.overlay.is_some() || Content::is_listed(&place.game_root, id)
    }

    /// The ids of [`Content::list_stacked`] whose files are in `root` itself: its own
    /// games and their scenarios, and the scenarios it adds to games below (what `posse
    /// check` checks in a designer's root).
    pub fn list_own(root: &Path) -> Result<Vec<String>> {
        let top = stack(root).remove(0);
        let ids = Content::list_stacked(root)?;
        Ok(ids
            .into_iter()
            .filter(|id| {
                let place = locate(root, id);
                place.game_root == top || place.overlay.as_deref().is_some_and(|f| f.starts_with(&top))
            })
            .collect())
    }

    /// [`Content::catalogue`] over the stack on `root`: every id of
    /// [`Content::list_stacked`], each read from where it is.
    pub fn catalogue_stacked(root: &Path) -> Result<Vec<Entry>> {
        let ids = Content::list_stacked(root)?;
        Ok(ids
            .iter()
            .map(|id| {
                let place = locate(root, id);
                super::catalogue::entry(&place.game_root, id, place.overlay.as_deref())
            })
            .collect())
    }
}
