//! `data:` checked, so that a typo is an error rather than a run of the base game.
//!
//! Two checks. A scenario's `data:` may only change keys its game's `data:` has (with a
//! value of the same kind), as `--set` may: a key the game lacks is an error at the
//! scenario's line that lists the keys there. And a game may declare a `schema:` for its
//! data: by dotted path (`start_money`, `setup.max_same`, `desperados.*.ranks`, where `*`
//! is any key or index), a value's type (`int`, `number`, `text`, `bool`, `list`, `map`),
//! its least and greatest value (`min`, `max`) and the values allowed (`one_of`). The rules
//! hold for the game's data, for every scenario's and for every `--set` (sets.rs). A rule
//! with `optional: true` declares a key the game's data lacks and scenarios may give (a
//! heist's own map zones); a map with `open: true` takes any keys (players counts, team
//! ids). A rule for a key the game lacks that is not `optional` is an error: the schema's
//! own typo is caught too. `unread: true` says that no script reads a key, on purpose
//! (unread.rs reports the others).

use super::checks::find_line;
use super::schema::Strict;
use serde::Deserialize;
use serde_json::Value;

/// A value's type as a schema names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Int,
    Number,
    Text,
    Bool,
    List,
    Map,
}

/// One rule of a game's `schema:`: what the data at `path` must be, and where it is said.
#[derive(Debug, Clone)]
pub struct DataRule {
    /// The dotted path split at its dots; `*` is any key or index.
    pub path: Vec<String>,
    pub kind: Option<Kind>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub one_of: Option<Vec<Value>>,
    /// A key the game's data lacks and its scenarios may give.
    pub optional: bool,
    /// A map whose keys are free (each scenario may add its own).
    pub open: bool,
    /// A key no script reads, on purpose (a fact kept for reference and tests): the
    /// check of unread keys (unread.rs) passes it and everything under it.
    pub unread: bool,
    /// Where the rule is declared (game.yaml and its line).
    pub file: String,
    pub line: usize,
}

/// A rule as game.yaml writes it, before it is checked.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RuleDecl {
    #[serde(default, rename = "type")]
    kind: Option<Kind>,
    #[serde(default)]
    min: Option<f64>,
    #[serde(default)]
    max: Option<f64>,
    #[serde(default)]
    one_of: Option<Vec<Strict>>,
    #[serde(default)]
    optional: bool,
    #[serde(default)]
    open: bool,
    #[serde(default)]
    unread: bool,
}

/// The rules of `decls` (path -> rule) of game.yaml `file`, whose text is `text` and
/// whose data is `data`, and the problems of the schema itself as (line, message).
pub(super) fn rules(
    decls: Vec<(String, RuleDecl)>,
    file: &str,
    text: &str,
    data: &Value,
) -> (Vec<DataRule>, Vec<(usize, String)>) {
    let at = text.lines().position(|l| l.starts_with("schema:")).map_or(1, |i| i + 1);
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (key, d) in decls {
        let line = key_line(text, &key, at).unwrap_or(at);
        let path: Vec<String> = key.split('.').map(str::to_string).collect();
        let mut bad = |msg: String| problems.push((line, format!("schema: {key}: {msg}")));
        if path.iter().any(String::is_empty) {
            bad("expected a dotted path of data keys ('*' for any key or index)".into());
            continue;
        }
        if (d.min.is_some() || d.max.is_some()) && !matches!(d.kind, None | Some(Kind::Int | Kind::Number)) {
            bad("min and max are for numbers (type: int or number)".into());
        }
        if let (Some(lo), Some(hi)) = (d.min, d.max) {
            if lo > hi {
                bad(format!("min {lo} is above max {hi}"));
            }
        }
        if d.one_of.as_ref().is_some_and(Vec::is_empty) {
            bad("one_of: expected at least one value".into());
        }
        if d.open && !matches!(d.kind, None | Some(Kind::Map)) {
            bad("open is for maps (type: map)".into());
        }
        // The part of the path before any `*` must be in the game's data, unless optional.
        let fixed: Vec<&str> = path.iter().take_while(|p| *p != "*").map(String::as_str).collect();
        if !d.optional && get(data, &fixed).is_none() {
            bad(format!(
                "no key '{}' in the game's data (there: {}); a key only scenarios give is declared with optional: true",
                fixed.join("."),
                keys_near(data, &fixed)
            ));
        }
        let one_of = d.one_of.map(|v| v.into_iter().map(|s| s.0).collect());
        out.push(DataRule {
            path,
            kind: d.kind,
            min: d.min,
            max: d.max,
            one_of,
            optional: d.optional,
            open: d.open,
            unread: d.unread,
            file: file.to_string(),
            line,
        });
    }
    (out, problems)
}

/// What breaks a rule in `value`, at `path` in the data, and in everything under it: the
/// path of each value that breaks one and the message.
pub fn check(rules: &[DataRule], path: &mut Vec<String>, value: &Value) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    for r in rules.iter().filter(|r| matches(&r.path, path)) {
        if let Some(msg) = r.problem(value) {
            out.push((path.clone(), format!("{}: {msg}", path.join("."))));
        }
    }
    match value {
        Value::Object(m) => {
            for (k, v) in m {
                path.push(k.clone());
                out.extend(check(rules, path, v));
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                path.push(i.to_string());
                out.extend(check(rules, path, v));
                path.pop();
            }
        }
        _ => {}
    }
    out
}

impl DataRule {
    /// What is wrong with `v` by this rule, if anything.
    pub fn problem(&self, v: &Value) -> Option<String> {
        let kind_ok = match self.kind {
            None => true,
            Some(Kind::Int) => v.is_i64() || v.is_u64(),
            Some(Kind::Number) => v.is_number(),
            Some(Kind::Text) => v.is_string(),
            Some(Kind::Bool) => v.is_boolean(),
            Some(Kind::List) => v.is_array(),
            Some(Kind::Map) => v.is_object(),
        };
        if !kind_ok {
            let want = match self.kind {
                Some(Kind::Int) => "an integer",
                Some(Kind::Number) => "a number",
                Some(Kind::Text) => "text",
                Some(Kind::Bool) => "true or false",
                Some(Kind::List) => "a list",
                Some(Kind::Map) | None => "a map",
            };
            return Some(format!("expected {want}, not {}", shown(v)));
        }
        if self.min.is_some() || self.max.is_some() {
            let Some(n) = v.as_f64() else {
                return Some(format!("expected a number, not {}", shown(v)));
            };
            if let Some(lo) = self.min.filter(|lo| n < *lo) {
                return Some(format!("{n} is below the least allowed, {lo}"));
            }
            if let Some(hi) = self.max.filter(|hi| n > *hi) {
                return Some(format!("{n} is above the greatest allowed, {hi}"));
            }
        }
        if let Some(allowed) = &self.one_of {
            if !allowed.contains(v) {
                let list: Vec<String> = allowed.iter().map(|a| a.to_string().trim_matches('"').to_string()).collect();
                return Some(format!("{} is not one of {}", shown(v), list.join(", ")));
            }
        }
        None
    }
}

/// The keys of scenario data `over` that the game's data `base` lacks, or whose value is
/// of another kind, as (path, message), unless `rules` allow them.
pub(super) fn unknown_keys(
    rules: &[DataRule],
    base: &Value,
    over: &Value,
    path: &mut Vec<String>,
) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let (Value::Object(b), Value::Object(o)) = (base, over) else {
        return out;
    };
    if rules.iter().any(|r| r.open && matches(&r.path, path)) {
        return out;
    }
    for (k, v) in o {
        path.push(k.clone());
        match b.get(k) {
            Some(slot) if slot.is_object() && v.is_object() => out.extend(unknown_keys(rules, slot, v, path)),
            Some(slot) if !slot.is_null() && !v.is_null() && kind(slot) != kind(v) => {
                out.push((path.clone(), format!("data: {}: expected {}, not {}", path.join("."), kind(slot), kind(v))))
            }
            Some(_) => {}
            None if rules.iter().any(|r| r.optional && matches(&r.path, path)) => {}
            None => {
                let there = if b.is_empty() { "none".to_string() } else { keys(b) };
                out.push((
                    path.clone(),
                    format!("data: no key '{}' in the game's data (there: {there})", path.join(".")),
                ));
            }
        }
        path.pop();
    }
    out
}

/// Whether a rule's path (with `*`) names `path`.
pub(super) fn matches(rule: &[String], path: &[String]) -> bool {
    rule.len() == path.len() && rule.iter().zip(path).all(|(r, p)| r == "*" || r == p)
}

/// The value at `path` in `v` (map keys, or list indices as numbers).
pub(super) fn get<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let mut at = v;
    for p in path {
        at = match at {
            Value::Object(m) => m.get(*p)?,
            Value::Array(a) => a.get(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// The value at `path` in `v`, to change.
pub(super) fn get_mut<'a>(v: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
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

/// The keys of the map where `path` stops being found, for an error.
pub(super) fn keys_near(v: &Value, path: &[&str]) -> String {
    let mut at = v;
    for p in path {
        match get(at, &[p]) {
            Some(n) => at = n,
            None => break,
        }
    }
    match at {
        Value::Object(m) if !m.is_empty() => keys(m),
        Value::Array(a) => format!("0..{}", a.len()),
        _ => "none".into(),
    }
}

fn keys(m: &serde_json::Map<String, Value>) -> String {
    m.keys().cloned().collect::<Vec<_>>().join(", ")
}

/// A value as an error quotes it: short, on one line.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => format!("'{s}'"),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "a map".into(),
        Value::Null => "nothing".into(),
        other => other.to_string(),
    }
}

/// A value's kind as an error names it; integers and decimals are both numbers.
pub(super) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a map",
    }
}

/// The line of `key` (a whole key: `mode:` is not `game_mode:`) at or after line `from`,
/// also written quoted (`"3":`).
pub(super) fn key_line(text: &str, key: &str, from: usize) -> Option<usize> {
    let whole = |line: &str, needle: &str| {
        line.match_indices(needle).any(|(i, _)| {
            !line[..i].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        })
    };
    let (plain, quoted) = (format!("{key}:"), format!("\"{key}\":"));
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| whole(l, &plain) || l.contains(&quoted))
        .map(|(i, _)| i + 1)
}

/// The line of the data at `path` in a YAML file whose `data:` is a top-level key: each
/// key found after its parent's line (a list index stays on its list's line).
pub(super) fn data_line(text: &str, path: &[String]) -> usize {
    let Some(mut at) = text.lines().position(|l| l.starts_with("data:")).map(|i| i + 1) else {
        return find_line(text, "data:", 1).unwrap_or(0);
    };
    for p in path {
        if p.parse::<usize>().is_ok() && !text.contains(&format!("\"{p}\":")) {
            continue;
        }
        match key_line(text, p, at) {
            Some(l) => at = l,
            None => break,
        }
    }
    at
}
