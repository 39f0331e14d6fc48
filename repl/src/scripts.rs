//! `posse scripts --out DIR`: the Lua of every YAML `script:` block of every game and mode
//! under the content root, each in a file of its own whose line numbers are the YAML's
//! (blank lines up to the block's first line), named after its YAML file and line, with
//! the Lua checker's configuration beside them (the game scripts' own, reading the API
//! types and `scripts/` as a library), so that `emmylua_check DIR` checks the Lua written
//! in YAML as it checks `scripts/`, and names the YAML file and line of each problem.

use crate::games;
use anyhow::{Context as _, Result};
use std::collections::BTreeMap;
use std::path::Path;

/// Writes the blocks under `out` (emptied first, if it holds only what this command
/// writes; refused otherwise); returns how many there are.
pub fn run(root: &Path, out: &Path) -> Result<usize> {
    let mut blocks: BTreeMap<(String, usize), String> = BTreeMap::new();
    for entry in games::catalogue(root)? {
        let content = games::load_with(root, &entry.id, &[])?;
        let scripts = content.defs.iter().filter_map(|d| d.script.as_ref()).chain(content.scenario.as_ref());
        for s in scripts {
            let class = content.returns.get(&s.file);
            blocks.entry((s.file.clone(), s.line)).or_insert_with(|| typed(&s.code, s.line, class));
        }
    }
    empty(out)?;
    for ((file, line), text) in &blocks {
        // A file from outside the root (content/roots.rs) may be named by an absolute
        // path or `..`: its blocks go under `out` all the same.
        let under: std::path::PathBuf =
            Path::new(file).components().filter(|c| matches!(c, std::path::Component::Normal(_))).collect();
        let path = out.join(format!("{}.L{line}.lua", under.display()));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create it", dir.display()))?;
        }
        posse::savefile::write(&path, text.as_bytes())
            .with_context(|| format!("{}: cannot write it", path.display()))?;
    }
    // The checker reads the game scripts' configuration, with the API types and the game
    // modules (what the blocks `require`) as its library.
    // The shipped root's, for a root that stands on it (`posse init`: content/roots.rs).
    let lib = posse::content::stack(root).into_iter().find(|r| r.join("scripts/lib").is_dir());
    let lib = lib.unwrap_or_else(|| root.to_path_buf());
    let scripts =
        std::fs::canonicalize(lib.join("scripts")).with_context(|| format!("{}: no scripts/", lib.display()))?;
    let conf = scripts.join(".emmyrc.json");
    let mut rc: serde_json::Value = match std::fs::read_to_string(&conf) {
        Ok(text) => serde_json::from_str(&text).with_context(|| format!("{}: not JSON", conf.display()))?,
        Err(_) => serde_json::json!({ "runtime": { "version": "Lua5.4" } }),
    };
    let library = [scripts.join("types"), scripts.clone()].map(|p| p.display().to_string());
    rc["workspace"] = serde_json::json!({ "library": library });
    posse::savefile::write(&out.join(".emmyrc.json"), serde_json::to_string_pretty(&rc)?.as_bytes())
        .with_context(|| format!("{}: cannot write the checker's configuration", out.display()))?;
    Ok(blocks.len())
}

/// Empties the folder `out` (followed if it is a link) of what an earlier run wrote, or
/// refuses: a path that is not a folder, or a folder holding anything this command does
/// not write (a typo of `--out` must not erase a folder of other files).
fn empty(out: &Path) -> Result<()> {
    if std::fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    let real = std::fs::canonicalize(out).with_context(|| format!("{}: cannot read it", out.display()))?;
    if !real.is_dir() {
        anyhow::bail!("{}: not a folder; --out names a folder of the blocks' files", out.display());
    }
    if let Some(other) = foreign(&real)? {
        anyhow::bail!(
            "{}: holds {}, which posse scripts does not write; --out empties its folder first, so give a new \
             folder or one an earlier --out wrote",
            out.display(),
            other.display()
        );
    }
    for e in std::fs::read_dir(&real).with_context(|| format!("{}: cannot read it", out.display()))? {
        let path = e?.path();
        let gone = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        gone.with_context(|| format!("{}: cannot empty it", out.display()))?;
    }
    Ok(())
}

/// The first thing under `dir` that this command does not write: anything but folders,
/// block files (`NAME.L12.lua`) and `.emmyrc.json`. Links count as foreign.
fn foreign(dir: &Path) -> Result<Option<std::path::PathBuf>> {
    for e in std::fs::read_dir(dir).with_context(|| format!("{}: cannot read it", dir.display()))? {
        let e = e?;
        let (path, kind) = (e.path(), e.file_type()?);
        let name = e.file_name().to_string_lossy().into_owned();
        let block = name
            .strip_suffix(".lua")
            .and_then(|n| n.rsplit_once(".L"))
            .is_some_and(|(_, line)| !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()));
        if kind.is_dir() {
            if let Some(other) = foreign(&path)? {
                return Ok(Some(other));
            }
        } else if !(kind.is_file() && (block || name == ".emmyrc.json")) {
            return Ok(Some(path));
        }
    }
    Ok(None)
}

/// The file written for a block of `code` starting at YAML line `line`: blank lines up to
/// it, so the checker's lines are the YAML's. When the block's file declares the class its
/// scripts return (`returns:`), the two lines above the block declare a local of that
/// class and the block's last top-level `return` assigns it instead, so that the checker
/// reads the returned table, its functions' `ctx` included, as that class (a `---@type`
/// on a local types a table's functions; a type on a `return` does not).
fn typed(code: &str, line: usize, class: Option<&String>) -> String {
    let blank = |n: usize| "\n".repeat(n);
    let lines: Vec<&str> = code.lines().collect();
    let last = lines.iter().rposition(|l| *l == "return" || l.starts_with("return ") || l.starts_with("return{"));
    let (Some(class), Some(last), true) = (class, last, line >= 3) else {
        return format!("{}{code}", blank(line.saturating_sub(1)));
    };
    let mut out = format!("{}---@type {class}\nlocal _script\n", blank(line - 3));
    for (i, l) in lines.iter().enumerate() {
        match l.strip_prefix("return") {
            Some(rest) if i == last => out.push_str(&format!("_script ={rest}")),
            _ => out.push_str(l),
        }
        out.push('\n');
    }
    out.push_str("return _script\n");
    out
}
