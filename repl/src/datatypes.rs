//! `posse scripts --types`: a LuaLS class for each game's `data:`, written to
//! `scripts/types/data/GAME.lua`, so that `local D = posse.data --[[@as GAME.Data]]` gives
//! the checker every key, its type and its YAML comment, and a misspelt key is an error in
//! the editor. The class is made from the data itself, the game's and every mode's (a key
//! only some modes give says which: their scripts read it as it is), and from the schema's `open` maps (their keys are
//! ids: a `table<string, T>`), as are maps whose values are maps of one shape (records by
//! id). A map becomes a class named by its path
//! (`dice_town.Data.gangs` for the entries of `gangs`).

use crate::games;
use anyhow::{Context as _, Result};
use posse::content::DataRule;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A value's type, as the data shows it.
#[derive(Debug, Clone, PartialEq)]
enum Ty {
    /// Nothing seen yet (an empty list's entries, a null).
    Unknown,
    Int,
    Num,
    Str,
    Bool,
    /// Values of different kinds.
    Any,
    List(Box<Ty>),
    /// A map with named keys: each key's type and whether some data lacks it.
    Map(BTreeMap<String, (Ty, bool)>),
    /// A map whose keys are ids (an `open` map, or keys that are not Lua names).
    Dict(Box<Ty>),
}

/// Whether `key` can be a field's name in an annotation.
fn is_name(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether the schema declares the map at `path` open (`*` matching any key or index).
fn open(rules: &[DataRule], path: &[String]) -> bool {
    rules
        .iter()
        .any(|r| r.open && r.path.len() == path.len() && r.path.iter().zip(path).all(|(a, b)| a == "*" || a == b))
}

/// The type of `v` at `path`.
fn of(v: &Value, path: &mut Vec<String>, rules: &[DataRule]) -> Ty {
    match v {
        Value::Null => Ty::Unknown,
        Value::Bool(_) => Ty::Bool,
        Value::Number(n) if n.is_i64() || n.is_u64() => Ty::Int,
        Value::Number(_) => Ty::Num,
        Value::String(_) => Ty::Str,
        Value::Array(items) => {
            path.push("*".into());
            let t = items.iter().fold(Ty::Unknown, |t, x| merge(t, of(x, path, rules)));
            path.pop();
            Ty::List(Box::new(t))
        }
        Value::Object(map) => {
            let dict = open(rules, path) || !map.keys().all(|k| is_name(k));
            let mut fields = BTreeMap::new();
            let mut all = Ty::Unknown;
            for (k, x) in map {
                path.push(k.clone());
                let t = of(x, path, rules);
                path.pop();
                all = merge(all, t.clone());
                fields.insert(k.clone(), (t, false));
            }
            // Two or more maps of one shape, by key, are records by id (`draws: {trio: {draw,
            // keep}, four: {draw, keep}}`): scripts index them with an id they hold.
            let records = fields.len() > 1 && {
                let mut shapes = fields.values().map(|(t, _)| t);
                let first = shapes.next();
                matches!(first, Some(Ty::Map(_))) && shapes.all(|t| Some(t) == first)
            };
            if dict || records {
                Ty::Dict(Box::new(all))
            } else {
                Ty::Map(fields)
            }
        }
    }
}

/// One type for values seen as `a` in some data and `b` in other.
fn merge(a: Ty, b: Ty) -> Ty {
    match (a, b) {
        (Ty::Unknown, t) | (t, Ty::Unknown) => t,
        (Ty::Int, Ty::Num) | (Ty::Num, Ty::Int) => Ty::Num,
        (Ty::List(x), Ty::List(y)) => Ty::List(Box::new(merge(*x, *y))),
        (Ty::Dict(x), Ty::Dict(y)) => Ty::Dict(Box::new(merge(*x, *y))),
        (Ty::Dict(x), Ty::Map(m)) | (Ty::Map(m), Ty::Dict(x)) => {
            Ty::Dict(Box::new(m.into_values().fold(*x, |t, (f, _)| merge(t, f))))
        }
        (Ty::Map(mut x), Ty::Map(y)) => {
            for (_, (_, optional)) in x.iter_mut().filter(|(k, _)| !y.contains_key(*k)) {
                *optional = true;
            }
            for (k, (t, o)) in y {
                match x.remove(&k) {
                    Some((s, p)) => x.insert(k, (merge(s, t), p || o)),
                    None => x.insert(k, (t, true)),
                };
            }
            Ty::Map(x)
        }
        (a, b) if a == b => a,
        _ => Ty::Any,
    }
}

/// The classes of one game's data, written out.
struct Writer<'a> {
    /// The classes, by name, in the order they are first named.
    classes: Vec<(String, String)>,
    /// Each top-level key's comment in game.yaml.
    notes: &'a BTreeMap<String, String>,
}

impl Writer<'_> {
    /// The annotation of `t`, whose maps become classes named after `name`.
    fn name(&mut self, t: &Ty, name: &str) -> String {
        match t {
            Ty::Unknown | Ty::Any => "any".into(),
            Ty::Int => "integer".into(),
            Ty::Num => "number".into(),
            Ty::Str => "string".into(),
            Ty::Bool => "boolean".into(),
            Ty::List(x) => {
                let inner = self.name(x, name);
                if inner.contains('|') {
                    format!("({inner})[]")
                } else {
                    format!("{inner}[]")
                }
            }
            Ty::Dict(x) => format!("table<string, {}>", self.name(x, name)),
            Ty::Map(fields) => {
                self.class(name, fields);
                name.to_string()
            }
        }
    }

    fn class(&mut self, name: &str, fields: &BTreeMap<String, (Ty, bool)>) {
        let at = self.classes.len();
        self.classes.push((name.to_string(), String::new()));
        let top = !name.contains(".Data.");
        let mut text = format!("---@class {name}\n");
        for (k, (t, optional)) in fields {
            let ty = self.name(t, &format!("{name}.{k}"));
            let ty = if *optional { format!("{ty}|nil") } else { ty };
            let note =
                if top { self.notes.get(k).map(|n| format!(" # {n}")).unwrap_or_default() } else { String::new() };
            text.push_str(&format!("---@field {k} {ty}{note}\n"));
        }
        self.classes[at].1 = text;
    }
}

/// The comment after each top-level key of game.yaml's `data:` (`start_money: 50  # S1`).
fn notes(yaml: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut inside = false;
    for line in yaml.lines() {
        if !line.starts_with(' ') && !line.starts_with('#') && !line.trim().is_empty() {
            inside = line.starts_with("data:");
            continue;
        }
        let Some(rest) = line.strip_prefix("  ").filter(|r| inside && !r.starts_with([' ', '#', '-'])) else {
            continue;
        };
        let Some((key, value)) = rest.split_once(':') else { continue };
        if let Some((_, note)) = value.split_once(" # ") {
            out.insert(key.trim().to_string(), note.trim().to_string());
        }
    }
    out
}

/// The class file of game `id`: its data and its modes'.
fn file(root: &Path, id: &str, modes: &[String]) -> Result<String> {
    let base = games::load_with(root, id, &[])?;
    let mut path = Vec::new();
    let mut t = of(&base.data, &mut path, &base.schema);
    // The keys the game lacks and some modes give, with the modes that give them.
    let mut given: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for m in modes {
        let c = games::load_with(root, m, &[])?;
        for key in c.data.as_object().into_iter().flat_map(|o| o.keys()) {
            if base.data.get(key).is_none() {
                given.entry(key.clone()).or_default().push(m.rsplit('/').next().unwrap_or(m));
            }
        }
        t = merge(t, of(&c.data, &mut path, &c.schema));
    }
    let yaml = std::fs::read_to_string(root.join("scenarios").join(id).join("game.yaml"))
        .with_context(|| format!("scenarios/{id}/game.yaml"))?;
    let mut notes = notes(&yaml);
    // A mode's own key is there for the mode's script, which reads it without a check; the
    // game's scripts, which may run without it, test it (the note says which modes give it).
    if let Ty::Map(fields) = &mut t {
        for (key, modes) in &given {
            if let Some((_, optional)) = fields.get_mut(key) {
                *optional = false;
            }
            notes.insert(key.clone(), format!("only in: {} (nil in the others)", modes.join(", ")));
        }
    }
    let mut w = Writer { classes: Vec::new(), notes: &notes };
    let name = format!("{id}.Data");
    match &t {
        Ty::Map(fields) => w.class(&name, fields),
        _ => w.class(&name, &BTreeMap::new()),
    }
    let mut out = format!(
        "---@meta\n-- The `data:` of {id} (scenarios/{id}/game.yaml and its modes) for the Lua checker, written by\n\
         -- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script\n\
         -- reads it as `local D = posse.data --[[@as {id}.Data]]`.\n"
    );
    for (_, text) in &w.classes {
        out.push('\n');
        out.push_str(text);
    }
    Ok(out)
}

/// Writes `scripts/types/data/GAME.lua` for each game under `root` (`only`: that game
/// alone; in a root stacked on the shipped one, its own games only); returns the files
/// written.
pub fn write(root: &Path, only: Option<&str>) -> Result<Vec<PathBuf>> {
    let catalogue = games::catalogue(root)?;
    let own = games::own(root)?;
    let mut written = Vec::new();
    for entry in catalogue.iter().filter(|e| !e.id.contains('/') && own.contains(&e.id)) {
        if only.is_some_and(|g| g != entry.id) {
            continue;
        }
        let prefix = format!("{}/", entry.id);
        let modes: Vec<String> = catalogue.iter().filter(|e| e.id.starts_with(&prefix)).map(|e| e.id.clone()).collect();
        let text = file(root, &entry.id, &modes)?;
        let dir = root.join("scripts/types/data");
        std::fs::create_dir_all(&dir).with_context(|| format!("{}: cannot create it", dir.display()))?;
        let path = dir.join(format!("{}.lua", entry.id));
        posse::savefile::write(&path, text.as_bytes())
            .with_context(|| format!("{}: cannot write it", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
