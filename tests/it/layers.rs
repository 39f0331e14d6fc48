//! The engine's layers, enforced. Every module of `engine/src` names other modules only
//! through `crate::` paths (in code and in doc links alike), and each such path must name
//! a module of a lower layer than its own: a module never reaches up, nor sideways to a
//! module of its own layer, so the modules cannot import one another in a circle. The
//! crate root (`lib.rs`) sits above every layer; a module names the module that defines
//! an item, never the root's re-export of it. Only the Lua bridge and the game above it
//! use `mlua`: nothing below the bridge knows Lua.
//!
//! The table is written twice, here and in ARCHITECTURE.md ("Layers"), and the test
//! fails when they differ, when a module is in no layer, or when a layer names a module
//! that does not exist.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The engine's layers, bottom first.
const LAYERS: [(&str, &[&str]); 10] = [
    ("foundations", &["limits", "diag", "hash", "rng", "board", "stats"]),
    ("geometry", &["zonemap"]),
    ("files", &["yaml", "savefile"]),
    ("data", &["content", "record", "decision"]),
    ("made from data", &["state", "bot"]),
    ("views", &["view"]),
    ("pictures", &["picture"]),
    ("Lua bridge", &["lua"]),
    ("game", &["game"]),
    ("batches and tools", &["sim", "playthrough", "leaks"]),
];

/// Modules a module may not name though they are below it: pictures draw from a seat's
/// view, never from the state, so that they cannot show what the seat may not see.
const NEVER_NAMES: [(&str, &str); 1] = [("picture", "state")];

/// The modules that may use the `mlua` crate: the bridge and the game that drives it.
const KNOW_LUA: [&str; 2] = ["lua", "game"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, modules)| modules.contains(&module))
}

fn engine_src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/src")
}

/// Every `.rs` file under `dir`, as a path relative to it with `/` separators.
fn rust_files(dir: &Path, prefix: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if p.is_dir() {
            rust_files(&p, &format!("{prefix}{name}/"), out);
        } else if name.ends_with(".rs") {
            out.push(format!("{prefix}{name}"));
        }
    }
}

/// The top-level module a file of `engine/src` belongs to (`lua/api.rs` is `lua`).
fn module_of(file: &str) -> &str {
    file.split('/').next().unwrap().trim_end_matches(".rs")
}

/// The first name of every `crate::` path in `text`, with its line: `crate::game::Game`
/// names `game`, `crate::{state::State, view}` names `state` and `view`.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let line = text[..at].matches('\n').count() + 1;
        let rest = &text[at + "crate::".len()..];
        let name =
            |s: &str| -> String { s.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect() };
        if let Some(group) = rest.strip_prefix('{') {
            // A group: the first name of each of its top-level members.
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.push((line, name(&group[start..i])));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push((line, name(&group[start..i])));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.push((line, name(rest)));
        }
    }
    out.retain(|(_, n)| !n.is_empty());
    out
}

/// What is wrong with the references of `file` (a path under engine/src) whose text is
/// `text`: each `crate::` path to a module not below its own, and any use of `mlua`
/// below the Lua bridge.
fn violations(file: &str, text: &str) -> Vec<String> {
    let own = module_of(file);
    let Some(level) = layer_of(own) else {
        return vec![format!("{file}: module `{own}` is in no layer (add it to the table)")];
    };
    let mut out = Vec::new();
    for (line, target) in crate_paths(text) {
        if target == own {
            continue;
        }
        if NEVER_NAMES.contains(&(own, target.as_str())) {
            out.push(format!(
                "{file}:{line}: `{own}` names `crate::{target}`: it draws from views, never from the state"
            ));
            continue;
        }
        match layer_of(&target) {
            Some(l) if l < level => {}
            Some(l) => out.push(format!(
                "{file}:{line}: `{own}` ({}) names `crate::{target}` ({}), a layer {}",
                LAYERS[level].0,
                LAYERS[l].0,
                if l == level { "of its own: name only layers below" } else { "above it" }
            )),
            None => out.push(format!(
                "{file}:{line}: `crate::{target}` is the crate root (lib.rs), above every layer: name the module \
                 that defines it"
            )),
        }
    }
    if !KNOW_LUA.contains(&own) && text.contains("mlua") {
        let line = text.lines().position(|l| l.contains("mlua")).unwrap_or(0) + 1;
        out.push(format!(
            "{file}:{line}: `{own}` uses mlua, but only {KNOW_LUA:?} may: nothing below the bridge knows Lua"
        ));
    }
    out
}

#[test]
fn no_engine_module_names_a_layer_above_its_own() {
    let mut files = Vec::new();
    rust_files(&engine_src(), "", &mut files);
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for file in files.iter().filter(|f| *f != "lib.rs") {
        seen.insert(module_of(file).to_string());
        let text = std::fs::read_to_string(engine_src().join(file)).unwrap();
        problems.extend(violations(file, &text));
    }
    for (name, modules) in LAYERS {
        for m in modules.iter().filter(|m| !seen.contains(**m)) {
            problems.push(format!("layer {name}: no module `{m}` in engine/src"));
        }
    }
    assert!(problems.is_empty(), "the engine's layers are broken:\n{}", problems.join("\n"));
}

#[test]
fn the_layer_check_catches_what_it_must() {
    // The example of the issue: a view that reaches up into the game.
    assert_eq!(violations("view.rs", "use crate::game::GameResult;\n").len(), 1);
    assert_eq!(violations("view.rs", "use crate::{state::State, game::Game};").len(), 1);
    assert_eq!(violations("content/loader.rs", "let x = crate::lua::precompile(y);").len(), 1);
    assert_eq!(violations("bot.rs", "/// See [`crate::game::Request`].").len(), 1);
    // Sideways, within a layer, and through the crate root.
    assert_eq!(violations("state.rs", "use crate::bot::bot_rng;").len(), 1);
    assert_eq!(violations("sim.rs", "crate::Error::Script(m)").len(), 1);
    // Knowing Lua below the bridge.
    assert_eq!(violations("decision.rs", "use mlua::Value;").len(), 1);
    // What is allowed: down, within the module itself, and names that only end in `crate`.
    assert!(violations("view.rs", "use crate::{content::Content, decision::GameResult, state::State};").is_empty());
    assert!(violations("lua/api.rs", "use crate::lua::Shared; use super::Shared; pub(crate) fn f() {}").is_empty());
    assert!(violations("game/step.rs", "use crate::lua::{lua_err, script_message}; use mlua::Value;").is_empty());
    // A picture draws from views only.
    assert_eq!(violations("picture/svg.rs", "use crate::state::State;").len(), 1);
    assert!(violations("picture/svg.rs", "use crate::{view::View, zonemap::ZoneMap};").is_empty());
    // A module in no layer is reported.
    assert_eq!(violations("extra.rs", "").len(), 1);
}

#[test]
fn the_architecture_shows_the_same_layers() {
    let doc = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ARCHITECTURE.md")).unwrap();
    let section = doc.split("\n## Layers").nth(1).expect("ARCHITECTURE.md has a \"## Layers\" section");
    let section = section.split("\n## ").next().unwrap();
    // Rows of the table: `| N | name | `module`, `module` | ... |`.
    let mut rows = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Ok(n) = cells[1].parse::<usize>() else { continue };
        let modules: Vec<String> = cells[3].split('`').skip(1).step_by(2).map(str::to_string).collect();
        rows.push((n, modules));
    }
    let want: Vec<(usize, Vec<String>)> =
        LAYERS.iter().enumerate().map(|(i, (_, m))| (i + 1, m.iter().map(|s| s.to_string()).collect())).collect();
    assert_eq!(rows, want, "ARCHITECTURE.md's layer table and tests/it/layers.rs differ");
}
