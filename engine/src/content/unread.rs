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
//!
//! The check costs one pass over the sources: the data's keys are gathered first, and
//! the sources' words are looked up among them only (through a filter of 65536 bits).
//! The scenarios' files are read one at a time, and only while a key is left that
//! nothing read so far mentions (none, in a game without a typo). The sets of all the
//! words and fields that a suggestion draws from are made only for a key nothing reads.

use super::checks::closest;
use super::data::{data_path, matches, DataRule};
use super::texts::{expand, Template};
use crate::yaml::{Pos, Positions};
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};

/// The game's Lua sources and the words of its texts' placeholders, and what they read
/// of the data.
pub(super) struct Mentions<'a> {
    /// The sources: scanned for words, and searched for a key that is not a word.
    code: Vec<&'a str>,
    /// The scenarios' `script:` blocks read so far, sources too.
    hooks: Vec<String>,
    placeholders: BTreeSet<String>,
}

/// Whether `b` may be part of a Lua name (ASCII: a name's every byte is one).
fn ident(b: u8) -> bool {
    IDENT[usize::from(b)]
}

/// [`ident`] by byte.
static IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// The words of `code`: its runs of name bytes (a byte outside ASCII is never one, so a
/// run ends at a character boundary).
fn words(code: &str) -> impl Iterator<Item = &str> {
    let bytes = code.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && !ident(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && ident(bytes[at]) {
            at += 1;
        }
        Some(&code[start..at])
    })
}

/// The words of a source read as fields (`D.rounds`, `data.start_money`).
fn fields(code: &str) -> impl Iterator<Item = &str> {
    code.split('.').skip(1).filter_map(|rest| {
        let n = rest.bytes().take_while(|&b| ident(b)).count();
        (n > 0).then(|| &rest[..n])
    })
}

impl<'a> Mentions<'a> {
    /// The words of `sources` (Lua code) and of the placeholders of `templates`.
    pub(super) fn new(sources: impl IntoIterator<Item = &'a str>, templates: &[Template]) -> Mentions<'a> {
        let code: Vec<&str> = sources.into_iter().collect();
        let mut placeholders = BTreeSet::new();
        for t in templates {
            let _ = expand(&t.text, |key| {
                placeholders.extend(key.split('.').map(str::to_string));
                Ok(String::new())
            });
        }
        Mentions { code, hooks: Vec::new(), placeholders }
    }

    /// Every source: the code, then the hooks read so far.
    fn sources(&self) -> impl Iterator<Item = &str> {
        self.code.iter().copied().chain(self.hooks.iter().map(String::as_str))
    }

    /// The keys of game data `data` (game.yaml's positions are `at`) that nothing
    /// mentions, each at its key, unless under a map `rules` mark open. `hooks` gives
    /// the scenarios' `script:` blocks, taken one at a time while a key is unread.
    pub(super) fn unread(
        mut self,
        rules: &[DataRule],
        data: &Value,
        at: &Positions,
        hooks: impl IntoIterator<Item = String>,
    ) -> Vec<(Pos, String)> {
        let mut keys = HashSet::new();
        data_keys(rules, data, &mut Vec::new(), &mut keys);
        let mut read = Read { mentions: &self, words: HashSet::new() };
        read.scan(&keys, self.code.iter().copied());
        let mut hooks = hooks.into_iter();
        let unread = loop {
            let mut unread = Vec::new();
            read.walk(rules, data, &mut Vec::new(), &mut unread);
            if unread.is_empty() {
                return Vec::new();
            }
            match hooks.next() {
                Some(hook) => {
                    let found = std::mem::take(&mut read.words);
                    self.hooks.push(hook);
                    read = Read { mentions: &self, words: found };
                    read.scan(&keys, self.hooks.last().map(String::as_str));
                }
                None => break unread,
            }
        };
        // The words a suggestion draws from: fields (and placeholders) first, then all.
        let fields: BTreeSet<&str> = self.sources().flat_map(fields).collect();
        let all: BTreeSet<&str> = self.sources().flat_map(words).collect();
        let mut out: Vec<(Pos, String)> = Vec::new();
        for path in unread {
            let msg = self.message(&path, &fields, &all);
            // Once for a key of the maps of a list (`gangs.*.colour`).
            if !out.iter().any(|(_, m)| *m == msg) {
                out.push((at.key(&data_path(&path)), msg));
            }
        }
        out
    }

    /// Why the key at `path` is an error, with the closest name the sources use.
    fn message(&self, path: &[String], fields: &BTreeSet<&str>, all: &BTreeSet<&str>) -> String {
        let key = path.last().map(String::as_str).unwrap_or_default();
        // Fields and placeholders first (`rouns`: `D.rounds` rather than a string "round").
        let fields = fields.iter().copied().chain(self.placeholders.iter().map(String::as_str));
        let near = closest(key, fields.filter(|w| w.len() > 2))
            .or_else(|| closest(key, all.iter().copied().filter(|w| w.len() > 2)));
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

/// The keys of `v` (at `path`) the walk of [`Read::walk`] asks about as words when every
/// key is read: not under a map `rules` mark open, not one marked unread, not made of
/// digits, and a word (name bytes alone). Once the sources have them all, the scan stops.
fn data_keys<'v>(rules: &[DataRule], v: &'v Value, path: &mut Vec<String>, out: &mut HashSet<&'v str>) {
    match v {
        Value::Object(m) => {
            if rules.iter().any(|r| r.open && matches(&r.path, path)) {
                return;
            }
            for (k, x) in m {
                path.push(k.clone());
                if !rules.iter().any(|r| r.unread && matches(&r.path, path)) {
                    if !k.is_empty() && k.bytes().all(ident) && !k.bytes().all(|b| b.is_ascii_digit()) {
                        out.insert(k.as_str());
                    }
                    data_keys(rules, x, path, out);
                }
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                data_keys(rules, x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The sources, and the data's keys found in them as words so far.
struct Read<'m, 'a, 'v> {
    mentions: &'m Mentions<'a>,
    words: HashSet<&'v str>,
}

impl<'v> Read<'_, '_, 'v> {
    /// Notes which of `keys` (words) `sources` have as a word: one pass over them, until
    /// every key is found, each word looked up only when its slot in a filter of 65536
    /// bits (from its length and its first, middle and last bytes) is one a key marks.
    fn scan<'s>(&mut self, keys: &HashSet<&'v str>, sources: impl IntoIterator<Item = &'s str>) {
        let slot = |w: &[u8]| {
            let n = w.len();
            (usize::from(w[0]) * 131 + usize::from(w[n - 1]) * 31 + usize::from(w[n / 2]) * 7 + n) & 0xffff
        };
        if self.words.len() == keys.len() {
            return;
        }
        let mut filter = vec![0u64; 1024];
        for k in keys {
            let s = slot(k.as_bytes());
            filter[s >> 6] |= 1 << (s & 63);
        }
        for c in sources {
            // `words(c)`, as a loop over the bytes: the scan is most of the check's work.
            let bytes = c.as_bytes();
            let mut at = 0;
            while at < bytes.len() {
                if !ident(bytes[at]) {
                    at += 1;
                    continue;
                }
                let start = at;
                while at < bytes.len() && ident(bytes[at]) {
                    at += 1;
                }
                let s = slot(&bytes[start..at]);
                if filter[s >> 6] >> (s & 63) & 1 == 1 {
                    if let Some(k) = keys.get(&c[start..at]) {
                        self.words.insert(*k);
                        if self.words.len() == keys.len() {
                            return;
                        }
                    }
                }
            }
        }
    }

    fn reads(&self, key: &str) -> bool {
        let m = self.mentions;
        let word = key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        // An empty key is taken as read, as it always was (the empty text is between
        // any two marks of the code).
        key.is_empty()
            || m.placeholders.contains(key)
            || if word { self.words.contains(key) } else { m.sources().any(|c| c.contains(key)) }
    }

    /// The paths of the keys under `v` (at `path`) nothing reads.
    fn walk(&self, rules: &[DataRule], v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
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
                        self.walk(rules, x, path, out);
                    } else {
                        out.push(path.clone());
                    }
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    path.push(i.to_string());
                    self.walk(rules, x, path, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
}

/// The `script:` block of scenario file `file`, read beside game.yaml in `dir`: the
/// game's data keys its hooks read are read too. A file that cannot be read gives none
/// (loading the scenario reports it).
pub(super) fn scenario_script(dir: &std::path::Path, file: &str) -> Option<String> {
    let t = crate::yaml::read_limited(&dir.join(file), crate::limits::CONTENT_FILE_BYTES).ok()?;
    crate::yaml::check_depth(&t).ok()?;
    let v = serde_yaml::from_str::<serde_yaml::Value>(&t).ok()?;
    v.get("script").and_then(|s| s.as_str()).map(str::to_string)
}
