//! `posse init DIR`: a designer's own content root, which stands on the installed posse's
//! (content/roots.rs): empty `scenarios/` and `scripts/`, a README of the next commands,
//! and the Lua checker's configuration (`scripts/.emmyrc.json`) reading the shipped API
//! types and shared Lua as its library, so `emmylua_check scripts` works there without a
//! copy of them. The shared Lua is never copied: games load it from the shipped root.
//! A folder that holds anything is refused: nothing is overwritten.
//!
//! `--variant FILE` is wired here too: the game an overlay file from anywhere is run on.

use anyhow::{bail, Context as _, Result};
use std::path::{Path, PathBuf};

/// Makes the content root `dir`; returns the files written (paths under `dir`).
pub fn run(dir: &Path) -> Result<Vec<PathBuf>> {
    match std::fs::symlink_metadata(dir) {
        Ok(m) if !m.is_dir() => {
            bail!("{}: already there and not a folder; `posse init` makes a new one", dir.display())
        }
        Ok(_) => {
            let mut entries = std::fs::read_dir(dir).with_context(|| format!("{}: cannot read it", dir.display()))?;
            if let Some(e) = entries.next() {
                let first = e.map(|e| e.file_name().to_string_lossy().into_owned()).unwrap_or_default();
                bail!(
                    "{}: not empty (it holds {first}); `posse init` writes only into a new or empty folder, \
                     so that nothing is overwritten",
                    dir.display()
                );
            }
        }
        Err(_) => std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create it", dir.display()))?,
    }
    let shipped = std::fs::canonicalize(posse::content::shipped_root())
        .context("cannot find the installed posse's content (scenarios/ and scripts/lib/)")?;
    for sub in ["scenarios", "scripts"] {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).with_context(|| format!("{}: cannot create it", d.display()))?;
    }
    let mut written = Vec::new();
    let readme = dir.join("README.md");
    posse::savefile::write(&readme, readme_text(dir, &shipped).as_bytes())
        .with_context(|| format!("{}: cannot write it", readme.display()))?;
    written.push(readme);
    let rc = dir.join("scripts/.emmyrc.json");
    posse::savefile::write(&rc, emmyrc(&shipped)?.as_bytes())
        .with_context(|| format!("{}: cannot write it", rc.display()))?;
    written.push(rc);
    Ok(written)
}

/// The Lua checker's configuration: the shipped one's, reading the shipped API types and
/// `scripts/` (the shared `lib.*` modules, and the shipped games' modules) as its library.
fn emmyrc(shipped: &Path) -> Result<String> {
    let scripts = shipped.join("scripts");
    let mut rc: serde_json::Value = std::fs::read_to_string(scripts.join(".emmyrc.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| serde_json::json!({ "runtime": { "version": "Lua5.4" } }));
    let library = [scripts.join("types"), scripts].map(|p| p.display().to_string());
    rc["workspace"] = serde_json::json!({ "library": library });
    Ok(serde_json::to_string_pretty(&rc)? + "\n")
}

fn readme_text(dir: &Path, shipped: &Path) -> String {
    let name = dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned());
    format!(
        "# {name}: games and scenarios of my own for posse\n\
         \n\
         This folder is a posse content root. It stands on the installed posse's games\n\
         ({shipped}): they are listed and played from here beside yours, and the Lua\n\
         every game shares (`scripts/lib/`) and the API types come from there, never copied.\n\
         \n\
         Next, in this folder (from elsewhere: `posse --root {dir} ...` or `POSSE_ROOT={dir}`):\n\
         \n\
         ```\n\
         posse new my_game                 # a game of your own that plays at once\n\
         posse new goldfever/stagecoach    # a scenario of a shipped game: scenarios/goldfever/stagecoach.yaml\n\
         posse list                        # yours beside the shipped games\n\
         posse check my_game               # load it, play random games, check every view\n\
         posse play my_game                # play it\n\
         posse sim goldfever/stagecoach -n 100\n\
         posse sim goldfever --variant ../idea.yaml   # an overlay file from anywhere, on a game\n\
         emmylua_check scripts             # type-check your Lua (scripts/.emmyrc.json reads the shipped types)\n\
         ```\n\
         \n\
         Every `*.yaml` directly in `scenarios/GAME/` of this folder, for a game this folder\n\
         does not define, is scenario `GAME/NAME` of that game (an overlay, as in the game's own\n\
         scenarios). See docs/authoring.md, \"Your own folder\".\n",
        dir = dir.display(),
        shipped = shipped.display(),
    )
}

/// Registers `file` as a variant of `game` (a game id) for this run; returns the id to
/// play (`game/stem`).
pub fn variant(game: &str, file: &Path) -> Result<String> {
    posse::content::register_variant(game, file).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Whether `--against-variant`'s value names a file rather than a listed GAME/VARIANT.
pub fn is_file(spec: &str) -> bool {
    spec.ends_with(".yaml") || spec.ends_with(".yml") || Path::new(spec).is_file()
}
