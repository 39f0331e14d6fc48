//! Scenarios (modes, variants): an overlay file that `game.yaml` lists changes the loaded
//! game. Its players replace the game's, its `data:` is merged into the game's key by
//! key (only keys the game has or its schema declares, by the schema's rules: data.rs),
//! its `cards:` takes definitions by tag (modes.rs), and its `defs:` change component
//! counts (0 leaves a component out), props and the starting values of per-object
//! counters, after `cards:`; its `board:` replaces the game's. Its
//! `script:` is the scenario's own Lua (`posse.scenario()`), checked like every script.
//! A scenario is loaded as `game/name`; its hash covers the game's and the overlay file.

use super::checks::{about_problem, find_line, script_line, Sizes};
use super::loader::{counter_problems, per_object_counters, per_object_zones, Loader};
use super::schema::OverlayFile;
use super::{CheckScripts, Content, Source};
use crate::diag::{Diagnostic, Error, Result};
use crate::limits::MAX_OBJECTS;

impl Loader<'_> {
    /// Applies scenario `name` of the loaded game `base`.
    pub(super) fn overlay(mut self, mut base: Content, name: &str, scripts: &mut CheckScripts) -> Result<Content> {
        let game = base.game.clone();
        let game_rel = format!("scenarios/{game}/game.yaml");
        let Some(file) = base.scenarios.get(name).cloned() else {
            let names: Vec<&str> = base.scenarios.keys().map(String::as_str).collect();
            let known = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            return Err(Error::Content(vec![Diagnostic::file(
                game_rel,
                format!("no scenario '{name}' in {game} (its scenarios: {known})"),
            )]));
        };
        let rel = format!("scenarios/{game}/{file}");
        let text = self.read(&rel).ok_or_else(|| Error::Content(self.diags.clone()))?;
        let o: OverlayFile = self.parse(&rel, &text).ok_or_else(|| Error::Content(self.diags.clone()))?;
        base.id = format!("{game}/{name}");
        base.name = o.name;
        if let Some(about) = o.about {
            if let Some(msg) = about_problem(&about) {
                self.err(&rel, find_line(&text, "about:", 1).unwrap_or(0), msg);
            }
            base.about = Some(about);
        }
        if let Some(p) = o.players {
            if p.min == 0 || p.min > p.max || p.max > 64 || p.default.is_some_and(|d| d < p.min || d > p.max) {
                self.err(
                    &rel,
                    find_line(&text, "players:", 1).unwrap_or(0),
                    "expected 1 <= min <= default <= max <= 64",
                );
            }
            base.players = p;
        }
        if let Some(b) = &o.board {
            let (board, map, grid) = self.board(&game, &rel, &text, Some(b));
            (base.board, base.map, base.grid) = (board, map, grid);
        }
        // Its data: only the game's keys (or the schema's), each by the schema's rules.
        let data_at = |path: &[String]| super::data::data_line(&text, path);
        for (path, msg) in super::data::unknown_keys(&base.schema, &base.data, &o.data.0, &mut Vec::new()) {
            self.err(&rel, data_at(&path), msg);
        }
        for (path, msg) in super::data::check(&base.schema, &mut Vec::new(), &o.data.0) {
            self.err(&rel, data_at(&path), format!("data: {msg}"));
        }
        // A text the scenario replaces is no longer the game's to fill; its own are.
        base.templates.retain(|t| match &t.slot {
            super::Slot::Data(path) => !replaces(&o.data.0, path),
            super::Slot::Def(_) => true,
        });
        base.templates.extend(super::texts::data_templates(&rel, &text, &o.data.0));
        merge(&mut base.data, o.data.0);
        if let Some(code) = o.script {
            // The top-level key (a `script:` inside `data:` is not it).
            let at = text.lines().position(|l| l.starts_with("script:")).map_or(1, |i| i + 1);
            let line = script_line(&text, at, &code);
            base.scenario = Some(Source { file: rel.clone(), line, code });
        }
        if let Some(class) = &o.returns {
            if let Some(msg) = super::checks::class_problem(class) {
                self.err(&rel, find_line(&text, "returns:", 1).unwrap_or(0), msg);
            }
            base.returns.insert(rel.clone(), class.clone());
        }
        if let Some(decl) = o.cards {
            self.take_cards(&rel, &text, &mut base, decl);
        }
        let counters = base.counters.clone();
        let per_object = per_object_counters(&counters);
        for (id, change) in o.defs.0 {
            let line = find_line(&text, &format!("{id}:"), 1).unwrap_or(0);
            let Some(def) = base.defs.iter_mut().find(|d| d.id == id) else {
                self.err(&rel, line, format!("defs: no component '{id}' in {game}"));
                continue;
            };
            if let Some(n) = change.count {
                // Left out by this scenario: the game has copies of it, the scenario none.
                def.left_out = n == 0 && (def.count > 0 || def.left_out);
                def.count = n;
            }
            let objects = base.defs.iter().fold(0usize, |n, d| n.saturating_add(d.count));
            if objects > MAX_OBJECTS {
                self.err(&rel, line, format!("{id}: {objects} objects in all: a game has at most {MAX_OBJECTS}"));
                break;
            }
            let def = base.defs.iter_mut().find(|d| d.id == id).expect("found above");
            if !(change.props.0.is_null() || change.props.0.is_object()) {
                self.err(&rel, line, format!("{id}: props: expected a map"));
            }
            merge(&mut def.props, change.props.0);
            for (name, msg) in counter_problems(&per_object, &id, &change.counters.0) {
                let at = find_line(&text, &format!("{name}:"), line).unwrap_or(line);
                self.err(&rel, at, msg);
            }
            let def = base.defs.iter_mut().find(|d| d.id == id).expect("found above");
            def.counters.extend(change.counters.0);
        }
        // Sizes once the counts are known: a scenario changes seats and copies.
        let sizes = Sizes {
            players: base.players.max,
            nodes: base.board.nodes().len(),
            per_object: per_object_zones(&base.zones, &base.defs),
        };
        for msg in [
            sizes.zones(&base.zones),
            sizes.counters(&base.counters),
            sizes.object_counters(&base.counters, &base.defs),
        ]
        .into_iter()
        .flatten()
        {
            self.err(&rel, find_line(&text, "players:", 1).unwrap_or(0), msg);
        }
        self.diags.extend(base.fill_texts());
        if let Some(src) = &base.scenario {
            self.diags.extend(scripts(&[src]));
        }
        if !self.diags.is_empty() {
            return Err(Error::Content(self.diags));
        }
        base.hash = self.hash.finish();
        Ok(base)
    }
}

/// Merges `over` into `base`: maps key by key (recursively), anything else replaces; a
/// null `over` changes nothing.
fn merge(base: &mut serde_json::Value, over: serde_json::Value) {
    match (base, over) {
        (_, serde_json::Value::Null) => {}
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(slot) if v.is_object() => merge(slot, v),
                    _ => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, o) => *b = o,
    }
}

/// Whether merging `over` replaces the value at `path` (or a value holding it).
fn replaces(over: &serde_json::Value, path: &[String]) -> bool {
    let mut at = over;
    for p in path {
        match at {
            serde_json::Value::Object(m) => match m.get(p) {
                Some(next) => at = next,
                None => return false,
            },
            serde_json::Value::Null => return false,
            _ => return true,
        }
    }
    !at.is_null()
}
