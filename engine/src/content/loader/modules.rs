//! The game's Lua: every module it may `require` (its own folder's, `scripts/<game>/`,
//! and the shared helpers', `scripts/lib/`, and those a designer's root above the game's
//! adds in its `scripts/<game>/`: content/roots.rs), found by walking the folders, and
//! the modules `game.yaml` names as its `main:` and `render:`.

use super::{Doc, Loader};
use crate::content::Source;
use crate::yaml::Step::Key;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Folders of scripts inside folders of scripts: deeper than this is a mistake (or a link
/// to a folder above).
const SCRIPT_FOLDER_DEPTH: usize = 8;

impl Loader<'_> {
    /// Every Lua module the game may `require`: its own folder's and the shared helpers'.
    pub(super) fn modules(&mut self, id: &str) -> BTreeMap<String, Source> {
        let mut modules = BTreeMap::new();
        for (dir, prefix) in [(format!("scripts/{id}"), id.to_string()), ("scripts/lib".to_string(), "lib".to_string())]
        {
            // The shared Lua may come from a root below (content/roots.rs): read from
            // there, named by its path, hashed by its name under a root.
            let from = if prefix == "lib" { self.lib.clone() } else { None };
            let mut files = lua_files(&from.as_deref().unwrap_or(self.root).join(&dir), 0);
            files.sort();
            for f in files {
                let mut rel = format!("{dir}/{f}");
                if let Some(lib) = &from {
                    let path = lib.join(&rel);
                    let shown = crate::content::roots::shown(&path);
                    self.elsewhere(shown.clone(), path, rel);
                    rel = shown;
                }
                if let Some(code) = self.read(&rel) {
                    let module = format!("{prefix}.{}", f.trim_end_matches(".lua").replace('/', "."));
                    modules.insert(module, Source { file: rel, line: 1, code });
                }
            }
        }
        // A designer's root above the game's may add modules of its own (for its
        // scenarios), named by their real paths; one the game has already is refused.
        for above in self.above.clone() {
            let dir = format!("scripts/{id}");
            let mut files = lua_files(&above.join(&dir), 0);
            files.sort();
            for f in files {
                let rel = format!("{dir}/{f}");
                let path = above.join(&rel);
                let shown = crate::content::roots::shown(&path);
                let module = format!("{id}.{}", f.trim_end_matches(".lua").replace('/', "."));
                if modules.contains_key(&module) {
                    let msg = format!("module {module} is the game's own already: name yours otherwise");
                    self.err(&shown, 0, msg);
                    continue;
                }
                self.elsewhere(shown.clone(), path, rel);
                if let Some(code) = self.read(&shown) {
                    modules.insert(module, Source { file: shown, line: 1, code });
                }
            }
        }
        modules
    }

    /// The module file `name` of game `id` that `game.yaml`'s key `what` (`main`,
    /// `render`) names; an empty source when there is none (reported).
    pub(super) fn script(
        &mut self,
        doc: &Doc,
        modules: &BTreeMap<String, Source>,
        id: &str,
        name: &str,
        what: &str,
    ) -> Source {
        let module = format!("{id}.{}", name.trim_end_matches(".lua"));
        if let Some(s) = modules.get(&module) {
            return s.clone();
        }
        self.at(doc, doc.at.value(&[Key(what)]), format!("{what}: no file scripts/{id}/{name}"));
        Source { file: String::new(), line: 1, code: String::new() }
    }
}

/// The `.lua` files under `dir`, as paths relative to it.
fn lua_files(dir: &Path, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        let Some(name) = p.file_name().and_then(|n| n.to_str()).map(str::to_string) else {
            continue;
        };
        if p.is_dir() {
            if depth < SCRIPT_FOLDER_DEPTH {
                out.extend(lua_files(&p, depth + 1).into_iter().map(|f| format!("{name}/{f}")));
            }
        } else if name.ends_with(".lua") {
            out.push(name);
        }
    }
    out
}
