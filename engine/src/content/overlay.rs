//! Scenarios (modes, variants): an overlay file that `game.yaml` lists changes the loaded
//! game. Its players replace the game's, its `data:` is merged into the game's key by
//! key (only keys the game has or its schema declares, by the schema's rules: data.rs),
//! its `cards:` takes definitions by tag (modes.rs), and its `defs:` change component
//! counts (0 leaves a component out), props and the starting values of per-object
//! counters, after `cards:`; its `board:` replaces the game's; its `dice:`, `zones:` and
//! `counters:` are merged into the game's by id (sections.rs), checked as game.yaml's. Its
//! `script:` is the scenario's own Lua (`posse.scenario()`), checked like every script.
//! A scenario is loaded as `game/name`; its hash covers the game's and the overlay file.

use super::checks::{about_problem, class_problem, Sizes};
use super::data::data_path;
use super::loader::{counter_problems, per_object_counters, per_object_zones, players_problem, Doc, Loader, Measures};
use super::schema::{DefOverlay, Evaluate, Length, OverlayFile, PictureDecl, ResultDecl};
use super::texts::{is_template, Slot, Template};
use super::{CheckScripts, Content, Source};
use crate::diag::{Diagnostic, Error, Result};
use crate::limits::MAX_OBJECTS;
use crate::yaml::Step::Key;

impl Loader<'_> {
    /// Applies scenario `name` of the loaded game `base`.
    pub(super) fn overlay(mut self, mut base: Content, name: &str, scripts: &mut CheckScripts) -> Result<Content> {
        let game = base.game.clone();
        // A file from outside the game's root (a designer's root, `--variant FILE`:
        // roots.rs), else the one its game lists.
        let listed = base.scenarios.get(name).map(|file| format!("scenarios/{game}/{file}"));
        let Some(file) = self.scenario_file.clone().or(listed) else {
            let names: Vec<&str> = base.scenarios.keys().map(String::as_str).collect();
            let known = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            return Err(Error::Content(vec![Diagnostic::file(
                format!("scenarios/{game}/game.yaml"),
                format!("no scenario '{name}' in {game} (its scenarios: {known})"),
            )]));
        };
        let Some((o, doc)) = self.open::<OverlayFile>(&file) else {
            return Err(Error::Content(self.diags));
        };
        base.id = format!("{game}/{name}");
        base.name = o.name;
        if let Some(about) = o.about {
            if let Some(msg) = about_problem(&about) {
                self.at(&doc, doc.at.value(&[Key("about")]), msg);
            }
            base.about = Some(about);
        }
        base.rules = std::mem::take(&mut base.rules).with(o.rules);
        if let Some(p) = o.players {
            if let Some(msg) = players_problem(&p) {
                self.at(&doc, doc.at.key(&[Key("players")]), msg);
            }
            base.players = p;
        }
        if let Some(b) = &o.board {
            (base.board, base.map, base.grid) = self.board(&game, &doc, Some(b));
        }
        self.overlay_data(&doc, &mut base, o.data.0);
        self.overlay_sections(&doc, &mut base, o.dice, o.zones, o.counters, o.players.is_some());
        self.overlay_measures(&doc, &mut base, o.length, o.lead, o.result, o.evaluate, o.picture);
        if let Some(code) = o.script {
            let line = super::loader::code_line(&doc, &[Key("script")]);
            base.scenario = Some(Source { file: doc.rel.clone(), line, code });
        }
        if let Some(class) = &o.returns {
            if let Some(msg) = class_problem(class) {
                self.at(&doc, doc.at.value(&[Key("returns")]), msg);
            }
            base.returns.insert(doc.rel.clone(), class.clone());
        }
        if let Some(decl) = o.cards {
            self.take_cards(&doc, &mut base, decl);
        }
        self.overlay_defs(&doc, &mut base, o.defs.0);
        self.overlay_sizes(&doc, &base);
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

    /// The scenario's `length:`, `lead:`, `result:`, `evaluate:` and `picture:`, each in
    /// place of the game's, checked as the game's are, against the scenario's counters
    /// and zones (those the game's named may have changed with its `counters:`).
    #[allow(clippy::too_many_arguments)]
    fn overlay_measures(
        &mut self,
        doc: &Doc,
        base: &mut Content,
        length: Option<Length>,
        lead: Option<String>,
        result: Option<ResultDecl>,
        evaluate: Option<Evaluate>,
        picture: Option<PictureDecl>,
    ) {
        let given = length.is_some() || lead.is_some() || result.is_some() || evaluate.is_some();
        base.length = length.or(base.length.take());
        base.lead = lead.or(base.lead.take());
        base.result = result.unwrap_or(std::mem::take(&mut base.result));
        base.evaluate = evaluate.or(base.evaluate.take());
        if given {
            let m = Measures {
                length: base.length.as_ref(),
                lead: base.lead.as_ref(),
                evaluate: base.evaluate.as_ref(),
                result: &base.result,
            };
            self.length_and_lead(doc, &m, &base.counters);
        }
        if let Some(p) = picture {
            self.picture(doc, &p, &base.zones, &base.counters);
            base.picture = p;
        }
    }

    /// The scenario's `data:` merged into its game's: only the game's keys (or the
    /// schema's), each by the schema's rules; its texts with placeholders replace those
    /// they change.
    fn overlay_data(&mut self, doc: &Doc, base: &mut Content, data: serde_json::Value) {
        for f in super::data::unknown_keys(&base.schema, &base.data, &data, &mut Vec::new()) {
            let path = data_path(&f.path);
            self.at(doc, if f.unknown { doc.at.key(&path) } else { doc.at.value(&path) }, f.message);
        }
        for (path, problem) in super::data::check(&base.schema, &mut Vec::new(), &data) {
            self.at(doc, doc.at.value(&data_path(&path)), format!("data: {}: {problem}", path.join(".")));
        }
        // A text the scenario replaces is no longer the game's to fill; its own are.
        base.templates.retain(|t| match &t.slot {
            super::Slot::Data(path) => !replaces(&data, path),
            super::Slot::Def(_) => true,
        });
        base.templates.extend(super::texts::data_templates(&doc.rel, &doc.at, &data));
        merge(&mut base.data, data);
    }

    /// The scenario's `defs:` changes: counts, names, rules texts, props and per-object
    /// counters' starts.
    pub(super) fn overlay_defs(
        &mut self,
        doc: &Doc,
        base: &mut Content,
        defs: std::collections::BTreeMap<String, DefOverlay>,
    ) {
        let counters = base.counters.clone();
        let per_object = per_object_counters(&counters);
        for (id, change) in defs {
            let at = |key| doc.at.value(&[Key("defs"), Key(&id), Key(key)]);
            let Some(def) = base.defs.iter_mut().find(|d| d.id == id) else {
                let game = &base.game;
                self.at(doc, doc.at.key(&[Key("defs"), Key(&id)]), format!("defs: no component '{id}' in {game}"));
                continue;
            };
            if let Some(n) = change.count {
                // Left out by this scenario: the game has copies of it, the scenario none.
                def.left_out = n == 0 && (def.count > 0 || def.left_out);
                def.count = n;
            }
            let objects = base.defs.iter().fold(0usize, |n, d| n.saturating_add(d.count));
            if objects > MAX_OBJECTS {
                self.at(doc, at("count"), format!("{id}: {objects} objects in all: a game has at most {MAX_OBJECTS}"));
                break;
            }
            let index = base.defs.iter().position(|d| d.id == id).expect("found above");
            if let Some(text) = change.text {
                // The scenario's text in place of the game's, a template where it has
                // placeholders (filled with the rest once the changes are made).
                base.templates.retain(|t| t.slot != Slot::Def(index));
                if is_template(&text) {
                    let pos = at("text");
                    let file = doc.rel.clone();
                    base.templates.push(Template {
                        file,
                        line: pos.line,
                        column: pos.column,
                        slot: Slot::Def(index),
                        text: text.clone(),
                    });
                }
                base.defs[index].text = Some(text);
            }
            let def = &mut base.defs[index];
            if let Some(name) = change.name {
                if name.trim().is_empty() {
                    self.at(doc, at("name"), format!("{id}: name: expected a name, not an empty text"));
                } else {
                    def.name = name;
                }
            }
            if !(change.props.0.is_null() || change.props.0.is_object()) {
                self.at(doc, at("props"), format!("{id}: props: expected a map"));
            }
            merge(&mut def.props, change.props.0);
            for (name, msg) in counter_problems(&per_object, &id, &change.counters.0) {
                self.at(doc, doc.at.key(&[Key("defs"), Key(&id), Key("counters"), Key(&name)]), msg);
            }
            def.counters.extend(change.counters.0);
        }
    }

    /// Sizes once the counts are known: a scenario changes seats and copies (reported at
    /// its `players:`).
    pub(super) fn overlay_sizes(&mut self, doc: &Doc, base: &Content) {
        let sizes = Sizes {
            players: base.players.max,
            nodes: base.board.nodes().len(),
            per_object: per_object_zones(&base.zones, &base.defs),
        };
        let problems = [
            sizes.zones(&base.zones),
            sizes.counters(&base.counters),
            sizes.object_counters(&base.counters, &base.defs),
        ];
        for msg in problems.into_iter().flatten() {
            self.at(doc, doc.at.key(&[Key("players")]), msg);
        }
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
