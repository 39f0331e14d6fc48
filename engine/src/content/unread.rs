//! Data keys nothing reads: a typo in a game's own `data:` (`start_mony: 40` where the
//! scripts read `posse.data.start_money`) is an error at its line, with the closest name
//! the scripts use. Scenarios' data may only change the game's keys (data.rs), so this
//! check of the game's own data covers its modes' too.
//!
//! A key is read when its name appears as a word (or, for a name that is not a word,
//! anywhere) in a Lua source of the game: its modules (rules, renderer, bots, and the
//! shared `scripts/lib/`), the definitions' `script:` blocks and its scenarios' `script:`
//! blocks; or in a text's placeholder (`{data.KEY}`). Matching words rather than parsing
//! Lua finds every way a script reaches a key (`posse.data.x`, `D.x` after
//! `local D = posse.data`, `data["x"]`, `ipairs(data.gangs)`), at the price of taking a
//! key whose name a script uses for something else as read. Keys at every depth are
//! checked, in maps and in maps inside lists; the keys of a map the schema marks `open`
//! (ids, not names: team ids, players counts) and everything under them are not, nor are
//! keys made of digits, nor a key the schema marks `unread: true` (kept for reference).

use super::checks::closest;
use super::data::{data_path, matches, DataRule};
use super::texts::{expand, Template};
use crate::yaml::{Pos, Positions};
use serde_json::Value;
use std::collections::BTreeSet;

/// The words of the game's Lua sources and of its texts' placeholders.
pub(super) struct Mentions<'a> {
    words: BTreeSet<&'a str>,
    /// The words read as fields (`D.rounds`, `data.start_money`): the names a suggestion
    /// tries first.
    fields: BTreeSet<&'a str>,
    /// The sources, for a key that is not a word.
    code: Vec<&'a str>,
    placeholders: BTreeSet<String>,
}

impl<'a> Mentions<'a> {
    /// The words of `sources` (Lua code) and of the placeholders of `templates`.
    pub(super) fn new(sources: impl IntoIterator<Item = &'a str>, templates: &[Template]) -> Mentions<'a> {
        let code: Vec<&str> = sources.into_iter().collect();
        let ident = |ch: char| ch.is_ascii_alphanumeric() || ch == '_';
        let words = code.iter().flat_map(|c| c.split(|ch: char| !ident(ch))).collect();
        let fields = code
            .iter()
            .flat_map(|c| {
                c.split('.').skip(1).map(move |rest| &rest[..rest.find(|ch: char| !ident(ch)).unwrap_or(rest.len())])
            })
            .filter(|w| !w.is_empty())
            .collect();
        let mut placeholders = BTreeSet::new();
        for t in templates {
            let _ = expand(&t.text, |key| {
                placeholders.extend(key.split('.').map(str::to_string));
                Ok(String::new())
            });
        }
        Mentions { words, fields, code, placeholders }
    }

    fn reads(&self, key: &str) -> bool {
        let word = key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        self.placeholders.contains(key)
            || if word { self.words.contains(key) } else { self.code.iter().any(|c| c.contains(key)) }
    }

    /// The keys of game data `data` (game.yaml's positions are `at`) that nothing
    /// mentions, each at its key, unless under a map `rules` mark open.
    pub(super) fn unread(&self, rules: &[DataRule], data: &Value, at: &Positions) -> Vec<(Pos, String)> {
        let mut out = Vec::new();
        self.walk(rules, data, &mut Vec::new(), at, &mut out);
        out
    }

    fn walk(
        &self,
        rules: &[DataRule],
        v: &Value,
        path: &mut Vec<String>,
        at: &Positions,
        out: &mut Vec<(Pos, String)>,
    ) {
        match v {
            Value::Object(m) => {
                if rules.iter().any(|r| r.open && matches(&r.path, path)) {
                    return;
                }
                for (k, x) in m {
                    path.push(k.clone());
                    if rules.iter().any(|r| r.unread && matches(&r.path, path)) {
                        path.pop();
                        continue;
                    }
                    if k.chars().all(|c| c.is_ascii_digit()) || self.reads(k) {
                        self.walk(rules, x, path, at, out);
                    } else {
                        // Once for a key of the maps of a list (`gangs.*.colour`).
                        let msg = self.message(path);
                        if !out.iter().any(|(_, m)| *m == msg) {
                            out.push((at.key(&data_path(path)), msg));
                        }
                    }
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    path.push(i.to_string());
                    self.walk(rules, x, path, at, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    fn message(&self, path: &[String]) -> String {
        let key = path.last().map(String::as_str).unwrap_or_default();
        // Fields and placeholders first (`rouns`: `D.rounds` rather than a string "round").
        let fields = self.fields.iter().copied().chain(self.placeholders.iter().map(String::as_str));
        let near = closest(key, fields.filter(|w| w.len() > 2))
            .or_else(|| closest(key, self.words.iter().copied().filter(|w| w.len() > 2)));
        let hint = match near {
            Some(n) => format!(" (did you mean '{n}'?)"),
            None => String::new(),
        };
        let index = |p: &String| p.chars().all(|c| c.is_ascii_digit());
        // A map's keys may be ids (not a list's maps', which are records).
        let ids = match path.len().checked_sub(2).map(|i| &path[i]) {
            Some(parent) if !index(parent) => "; a map whose keys are ids is `open: true` in schema:",
            _ => "",
        };
        let at: Vec<&str> = path.iter().map(|p| if index(p) { "*" } else { p.as_str() }).collect();
        format!("data: {}: no script or text reads '{key}'{hint}{ids}", at.join("."))
    }
}

/// The `script:` blocks of a game's scenario files, read beside game.yaml in `dir`: the
/// game's data keys their hooks read are read too. A file that cannot be read is skipped
/// (loading the scenario reports it).
pub(super) fn scenario_scripts<'a>(dir: &std::path::Path, files: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    files
        .into_iter()
        .filter_map(|f| crate::yaml::read_limited(&dir.join(f), crate::limits::CONTENT_FILE_BYTES).ok())
        .filter(|t| crate::yaml::check_depth(t).is_ok())
        .filter_map(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
        .filter_map(|v| v.get("script").and_then(|s| s.as_str()).map(str::to_string))
        .collect()
}
