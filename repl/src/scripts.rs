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

/// Writes the blocks under `out` (emptied first); returns how many there are.
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
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("{}: cannot empty it", out.display()))?;
    }
    for ((file, line), text) in &blocks {
        let path = out.join(format!("{file}.L{line}.lua"));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create it", dir.display()))?;
        }
        posse::savefile::write(&path, text.as_bytes())
            .with_context(|| format!("{}: cannot write it", path.display()))?;
    }
    // The checker reads the game scripts' configuration, with the API types and the game
    // modules (what the blocks `require`) as its library.
    let scripts =
        std::fs::canonicalize(root.join("scripts")).with_context(|| format!("{}: no scripts/", root.display()))?;
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
