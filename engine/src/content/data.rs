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
//!
//! A problem is reported where the parser saw it: a rule's at its key under `schema:`, a
//! value's at the value under `data:` (by its path, [`data_path`]), a key a scenario may
//! not give at that key. Here too the loader reads game.yaml's `schema:` and `data:`
//! ([`Loader::game_data`]).

use super::loader::{Doc, Loader};
use super::schema::Strict;
use super::{Def, Template};
use crate::yaml::{Pos, Positions, Step, Step::Key};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

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

impl Loader<'_> {
    /// The rules of game.yaml's `schema:` (`decls`), its `data:` checked against them,
    /// and the texts with placeholders: the definitions' (`defs`, read before) and the
    /// data's, filled. Problems are reported against `doc`.
    pub(super) fn game_data(
        &mut self,
        doc: &Doc,
        decls: BTreeMap<String, RuleDecl>,
        mut data: Value,
        mut defs: Vec<Def>,
    ) -> (Vec<DataRule>, Value, Vec<Template>, Vec<Def>) {
        let (schema, problems) = rules(decls.into_iter().collect(), &doc.rel, &doc.at, &data);
        for (at, msg) in problems {
            self.at(doc, at, msg);
        }
        for (path, problem) in check(&schema, &mut Vec::new(), &data) {
            self.at(doc, doc.at.value(&data_path(&path)), format!("data: {}: {problem}", path.join(".")));
        }
        let mut templates = std::mem::take(&mut self.templates);
        templates.extend(super::texts::data_templates(&doc.rel, &doc.at, &data));
        self.diags.extend(super::texts::fill(&templates, &mut defs, &mut data));
        (schema, data, templates, defs)
    }
}

/// The path in a YAML file of the value of `data:` at `path` (keys, or list indices as
/// numbers).
pub(super) fn data_path(path: &[String]) -> Vec<Step<'_>> {
    std::iter::once(Key("data")).chain(path.iter().map(|p| Key(p))).collect()
}

/// The rules of `decls` (path -> rule) of game.yaml `file`, whose positions are `at` and
/// whose data is `data`, and the problems of the schema itself, where they are.
pub(super) fn rules(
    decls: Vec<(String, RuleDecl)>,
    file: &str,
    at: &Positions,
    data: &Value,
) -> (Vec<DataRule>, Vec<(Pos, String)>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (key, d) in decls {
        let pos = at.key(&[Key("schema"), Key(&key)]);
        let line = pos.line;
        let path: Vec<String> = key.split('.').map(str::to_string).collect();
        let mut bad = |msg: String| problems.push((pos, format!("schema: {key}: {msg}")));
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
/// path of each value that breaks one and what is wrong with it (without the path).
pub fn check(rules: &[DataRule], path: &mut Vec<String>, value: &Value) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    for r in rules.iter().filter(|r| matches(&r.path, path)) {
        if let Some(msg) = r.problem(value) {
            out.push((path.clone(), msg));
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

/// A key of a scenario's data that its game's data does not take.
pub(super) struct Foreign {
    /// Where it is in the data.
    pub(super) path: Vec<String>,
    /// The game's data lacks the key (its line is the key's); else the value is of another
    /// kind than the game's (its line is the value's).
    pub(super) unknown: bool,
    pub(super) message: String,
}

/// The keys of scenario data `over` that the game's data `base` lacks, or whose value is
/// of another kind, unless `rules` allow them.
pub(super) fn unknown_keys(rules: &[DataRule], base: &Value, over: &Value, path: &mut Vec<String>) -> Vec<Foreign> {
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
                let message = format!("data: {}: expected {}, not {}", path.join("."), kind(slot), kind(v));
                out.push(Foreign { path: path.clone(), unknown: false, message })
            }
            Some(_) => {}
            None if rules.iter().any(|r| r.optional && matches(&r.path, path)) => {}
            None => {
                let there = if b.is_empty() { "none".to_string() } else { keys(b) };
                let message = format!("data: no key '{}' in the game's data (there: {there})", path.join("."));
                out.push(Foreign { path: path.clone(), unknown: true, message });
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
