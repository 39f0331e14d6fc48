//! `--set KEY=VALUE`: a value of a loaded game changed for one run, without editing a
//! file. KEY is a dotted path into the game's `data:` (`start_money`, `tracks.easy.guard`,
//! `teams.0.name`), or `ID.props.PATH` into a component definition's props. The key must
//! exist and the value keep its kind (a number stays a number), so a typo is an error that
//! says what was expected rather than a run of the base game. VALUE is read as YAML
//! (`50`, `true`, `[1, 2]`, `Bob`). The changes are kept in [`Content::sets`] and in its
//! hash, so a save and a report say what they were played with. A value of the data also
//! keeps the game's `schema:` (data.rs), and texts with placeholders are filled again
//! (texts.rs), so that a text shows the number set.

use super::data::{get_mut, keys_near};
use super::texts::data_templates;
use super::{Content, Slot};
use crate::hash::fnv;
use serde_json::Value;

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
