//! `--set KEY=VALUE`: a value of a loaded game changed for one run, without editing a
//! file. The key grammar, by its first word:
//!
//! - `dice.KIND.FIELD` (`count`, `faces`, `visibility`), `counters.ID.FIELD` (`initial`,
//!   `visibility`), `zones.ID.visibility`: a die, counter or zone game.yaml declares;
//! - `players.FIELD` (`min`, `max`, `default`);
//! - `ID.FIELD`, ID a component definition: `ID.count`, `ID.name`, `ID.text`,
//!   `ID.counters.NAME` (a per-object counter's start) and `ID.props.PATH` into its props;
//! - `data.PATH`, or any other key: a dotted path into the game's `data:` (`start_money`,
//!   `tracks.easy.guard`, `teams.0.name`). The words above are not data keys of any
//!   shipped game; a game's data key of that name is reached as `data.WORD`, and a
//!   component id shadows a data key of the same name.
//!
//! The key must exist and the value keep its kind (a number stays a number), so a typo is
//! an error that says what was expected (with the closest id) rather than a run of the
//! base game. VALUE is read as YAML (`50`, `true`, `[1, 2]`, `Bob`). The changes are kept
//! in [`Content::sets`] and in its hash, so a save and a report say what they were played
//! with. A value of the data also keeps the game's `schema:` (data.rs), and texts with
//! placeholders are filled again (texts.rs), so that a text shows the number set.
//!
//! Where the change is made: on the loaded content, not on the YAML before a load. The
//! content does not keep its files' YAML, and a batch applies its sets to one load many
//! times (sweeps); so a set of dice, zones, counters, players and definitions is turned
//! into the one-entry scenario change it stands for (`dice: [{id: KIND, FIELD: VALUE}]`)
//! and goes through the scenario's own merge and checks (overlay.rs, sections.rs): a set
//! is checked exactly as a variant's file, only without a line to point at.

use super::checks::closest;
use super::data::{get_mut, keys_near};
use super::loader::{players_problem, Doc, Loader};
use super::schema::{CounterOverlay, DefOverlay, DiceOverlay, ZoneOverlay};
use super::sections::dice_decls;
use super::texts::data_templates;
use super::{Content, Slot};
use crate::hash::fnv;
use serde_json::{json, Value};

impl Content {
    /// This content with `sets` ("KEY=VALUE" each) applied, or what is wrong with one.
    pub fn with_sets(&self, sets: &[String]) -> Result<Content, String> {
        let mut c = self.clone();
        for set in sets {
            let Some((key, text)) = set.split_once('=') else {
                return Err(format!("--set {set}: expected KEY=VALUE"));
            };
            let (key, text) = (key.trim(), text.trim());
            let value: Value =
                serde_yaml::from_str(text).map_err(|e| format!("--set {key}: {text:?} is not a value: {e}"))?;
            let parts: Vec<&str> = key.split('.').collect();
            if let Some(done) = c.set_section(key, &parts, &value, text) {
                done?;
                c.sets.push(format!("{key}={text}"));
                continue;
            }
            let parts: Vec<&str> = match parts.as_slice() {
                ["data", rest @ ..] if !rest.is_empty() => rest.to_vec(),
                _ => parts,
            };
            let (def, path) = match parts.as_slice() {
                [id, "props", rest @ ..] if !rest.is_empty() => match c.defs.iter().position(|d| d.id == *id) {
                    Some(i) => (Some(i), rest.to_vec()),
                    None => return Err(format!("--set {key}: no component '{id}' in {}", c.id)),
                },
                _ => (None, parts.clone()),
            };
            let at: Vec<String> = path.iter().map(|p| p.to_string()).collect();
            let (root, what) = match def {
                Some(i) => (&mut c.defs[i].props, format!("the props of '{}'", parts[0])),
                None => (&mut c.data, "data".to_string()),
            };
            if get_mut(root, &path).is_none() {
                let known = keys_near(root, &path);
                return Err(format!(
                    "--set {key}: no key '{}' in {what} of {} (there: {known})",
                    path.join("."),
                    self.id
                ));
            }
            let Some(slot) = get_mut(root, &path) else { unreachable!("found just above") };
            if kind(slot) != kind(&value) {
                return Err(format!("--set {key}: expected {}, not {} ({text})", kind(slot), kind(&value)));
            }
            if def.is_none() {
                // The schema's rules (data.rs), with where the broken one is declared.
                if let Some((p, problem)) = super::data::check(&c.schema, &mut at.clone(), &value).into_iter().next() {
                    // The path is the key's already, unless the value broken is inside it.
                    let msg = if p == at { problem.clone() } else { format!("{}: {problem}", p.join(".")) };
                    let inner: Vec<&str> = p[at.len()..].iter().map(String::as_str).collect();
                    let broken = super::data::get(&value, &inner);
                    let rule = c
                        .schema
                        .iter()
                        .find(|r| super::data::matches(&r.path, &p) && broken.is_some_and(|v| r.problem(v).is_some()));
                    let from = rule.map(|r| format!(" (schema: {}:{})", r.file, r.line)).unwrap_or_default();
                    return Err(format!("--set {key}: {msg}{from}"));
                }
            }
            let root = match def {
                Some(i) => &mut c.defs[i].props,
                None => &mut c.data,
            };
            let Some(slot) = get_mut(root, &path) else { unreachable!("found just above") };
            *slot = value.clone();
            c.sets.push(format!("{key}={text}"));
            if def.is_none() {
                // A text set here is no longer the game's to fill; one with placeholders is
                // filled like the game's.
                c.templates.retain(|t| !matches!(&t.slot, Slot::Data(p) if p.starts_with(&at)));
                let mut set = data_templates("--set", &Default::default(), &value);
                for t in &mut set {
                    if let Slot::Data(p) = &mut t.slot {
                        *p = at.iter().chain(p.iter()).cloned().collect();
                    }
                }
                c.templates.extend(set);
            }
        }
        if let Some(d) = c.fill_texts().into_iter().next() {
            let at = if d.line > 0 { format!(" ({}:{})", d.file, d.line) } else { String::new() };
            return Err(format!("--set: {}{at}", d.message));
        }
        let mut bytes = c.hash.to_le_bytes().to_vec();
        for s in &c.sets {
            bytes.extend(s.as_bytes());
            bytes.push(0);
        }
        if !sets.is_empty() {
            c.hash = fnv(&bytes);
        }
        Ok(c)
    }
}

impl Content {
    /// Applies a set of a die, zone, counter, `players` or a definition's field other
    /// than its props (None: the key names none of them).
    fn set_section(&mut self, key: &str, parts: &[&str], value: &Value, text: &str) -> Option<Result<(), String>> {
        let def = |c: &Content, id: &str| c.defs.iter().position(|d| d.id == id);
        let (view, ids): (Option<Value>, Vec<String>) = match parts {
            ["dice", id, _] => {
                let decls = dice_decls(self);
                let d = decls.iter().find(|d| d.id == *id);
                let view = d.map(|d| json!({"count": d.count, "faces": d.faces, "visibility": lower(&d.visibility)}));
                (view, decls.iter().map(|d| d.id.clone()).collect())
            }
            ["counters", id, _] => {
                let c = self.counters.iter().find(|c| c.id == *id);
                let view = c.map(|c| json!({"initial": c.initial, "visibility": lower(&c.visibility)}));
                (view, self.counters.iter().map(|c| c.id.clone()).collect())
            }
            ["zones", id, _] => {
                let z = self.zones.iter().find(|z| z.id == *id);
                (
                    z.map(|z| json!({"visibility": lower(&z.visibility)})),
                    self.zones.iter().map(|z| z.id.clone()).collect(),
                )
            }
            ["players", _] => {
                let p = self.players;
                (Some(json!({"min": p.min, "max": p.max, "default": p.default.unwrap_or(p.min)})), Vec::new())
            }
            [id, "count" | "name" | "text"] | [id, "counters", _] if def(self, id).is_some() => {
                let d = &self.defs[def(self, id)?];
                let mut counters = serde_json::Map::new();
                for c in self.counters.iter().filter(|c| c.per_object) {
                    counters.insert(c.id.clone(), json!(d.counters.get(&c.id).copied().unwrap_or(c.initial)));
                }
                let view = json!({"count": d.count, "name": d.name, "text": d.text.clone().unwrap_or_default(), "counters": counters});
                (Some(view), Vec::new())
            }
            ["dice" | "counters" | "zones" | "players", ..] => {
                let shape = match parts[0] {
                    "players" => "players.FIELD",
                    "dice" => "dice.KIND.FIELD",
                    _ => "SECTION.ID.FIELD",
                };
                return Some(Err(format!("--set {key}: expected {shape}")));
            }
            _ => return None,
        };
        let section = parts[0];
        let field = if matches!(section, "dice" | "counters" | "zones") { &parts[2..] } else { &parts[1..] };
        let Some(view) = view else {
            let id = parts[1];
            let near = closest(id, ids.iter().map(String::as_str)).map(|n| format!(" (did you mean '{n}'?)"));
            let there = near.unwrap_or_else(|| format!(" (there: {})", ids.join(", ")));
            return Some(Err(format!("--set {key}: no {section} '{id}' in {}{there}", self.id)));
        };
        let mut view = view;
        let Some(slot) = get_mut(&mut view, field) else {
            return Some(Err(format!(
                "--set {key}: no field '{}' here (there: {})",
                field.join("."),
                keys_near(&view, field)
            )));
        };
        if kind(slot) != kind(value) {
            return Some(Err(format!("--set {key}: expected {}, not {} ({text})", kind(slot), kind(value))));
        }
        Some(self.apply_set(key, parts, value))
    }

    /// Applies a set `set_section` has checked, through a scenario's merge and checks.
    fn apply_set(&mut self, key: &str, parts: &[&str], value: &Value) -> Result<(), String> {
        let bad = |e: serde_json::Error| format!("--set {key}: {e}");
        let root = self.root.clone();
        let mut l = Loader::new(&root);
        let doc = Doc { rel: format!("--set {key}"), at: Default::default() };
        match parts {
            ["dice", id, field] => {
                let o: DiceOverlay = serde_json::from_value(json!({"id": id, *field: value})).map_err(bad)?;
                l.overlay_sections(&doc, self, vec![o], Vec::new(), Vec::new(), false);
            }
            ["counters", id, field] => {
                let o: CounterOverlay = serde_json::from_value(json!({"id": id, *field: value})).map_err(bad)?;
                l.overlay_sections(&doc, self, Vec::new(), Vec::new(), vec![o], false);
            }
            ["zones", id, field] => {
                let o: ZoneOverlay = serde_json::from_value(json!({"id": id, *field: value})).map_err(bad)?;
                l.overlay_sections(&doc, self, Vec::new(), vec![o], Vec::new(), false);
            }
            ["players", field] => {
                let n = value
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or(format!("--set {key}: expected a count"))?;
                match *field {
                    "min" => self.players.min = n,
                    "max" => self.players.max = n,
                    _ => self.players.default = Some(n),
                }
                if let Some(msg) = players_problem(&self.players) {
                    return Err(format!("--set {key}: {msg}"));
                }
                l.overlay_sections(&doc, self, Vec::new(), Vec::new(), Vec::new(), true);
                l.overlay_sizes(&doc, self);
            }
            [id, rest @ ..] => {
                let mut o = DefOverlay::default();
                match rest {
                    ["count"] => o.count = Some(serde_json::from_value(value.clone()).map_err(bad)?),
                    ["name"] => o.name = Some(serde_json::from_value(value.clone()).map_err(bad)?),
                    ["text"] => o.text = Some(serde_json::from_value(value.clone()).map_err(bad)?),
                    [_, name] => {
                        let n = serde_json::from_value(value.clone()).map_err(bad)?;
                        o.counters.0.insert(name.to_string(), n);
                    }
                    _ => unreachable!("set_section matched these"),
                }
                l.overlay_defs(&doc, self, [(id.to_string(), o)].into());
                l.overlay_sizes(&doc, self);
            }
            [] => unreachable!("a key has a word"),
        }
        match l.diags.into_iter().next() {
            Some(d) => Err(format!("--set {key}: {}", d.message)),
            None => Ok(()),
        }
    }
}

/// An enum's name as YAML writes it (`public`, `owner`).
fn lower(v: &impl std::fmt::Debug) -> String {
    format!("{v:?}").to_lowercase()
}

/// A value's kind as an error names it; integers and decimals are both numbers.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a map",
    }
}
