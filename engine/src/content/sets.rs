//! `--set KEY=VALUE`: a value of a loaded game changed for one run, without editing a
//! file. KEY is a dotted path into the game's `data:` (`start_money`, `tracks.easy.guard`,
//! `teams.0.name`), or `ID.props.PATH` into a component definition's props. The key must
//! exist and the value keep its kind (a number stays a number), so a typo is an error that
//! says what was expected rather than a run of the base game. VALUE is read as YAML
//! (`50`, `true`, `[1, 2]`, `Bob`). The changes are kept in [`Content::sets`] and in its
//! hash, so a save and a report say what they were played with.

use super::Content;
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
            let (root, path, what) = match parts.as_slice() {
                [id, "props", rest @ ..] if !rest.is_empty() => match c.defs.iter_mut().find(|d| d.id == *id) {
                    Some(d) => (&mut d.props, rest.to_vec(), format!("the props of '{id}'")),
                    None => return Err(format!("--set {key}: no component '{id}' in {}", c.id)),
                },
                _ => (&mut c.data, parts.clone(), "data".to_string()),
            };
            if find(root, &path).is_none() {
                let known = known_keys(root, &path);
                return Err(format!(
                    "--set {key}: no key '{}' in {what} of {} (there: {known})",
                    path.join("."),
                    self.id
                ));
            }
            let Some(slot) = find(root, &path) else { unreachable!("found just above") };
            if kind(slot) != kind(&value) {
                return Err(format!("--set {key}: expected {}, not {} ({text})", kind(slot), kind(&value)));
            }
            *slot = value;
            c.sets.push(format!("{key}={text}"));
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

/// The value at `path` in `v` (map keys, or list indices as numbers).
fn find<'a>(v: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    let mut at = v;
    for p in path {
        at = match at {
            Value::Object(m) => m.get_mut(*p)?,
            Value::Array(a) => a.get_mut(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// The keys next to where `path` failed, for the error.
fn known_keys(v: &Value, path: &[&str]) -> String {
    let mut at = v;
    for p in path {
        let next = match at {
            Value::Object(m) => m.get(*p),
            Value::Array(a) => p.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        };
        match next {
            Some(n) => at = n,
            None => break,
        }
    }
    match at {
        Value::Object(m) => m.keys().cloned().collect::<Vec<_>>().join(", "),
        Value::Array(a) => format!("0..{}", a.len()),
        _ => "no keys".into(),
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
