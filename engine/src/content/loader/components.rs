//! The component files `game.yaml` lists (`components:`): each file's starting zone and
//! `returns:` class, and its definitions (`defs:`): ids snake_case and given once in the
//! game, props a map, tags snake_case, the starting values of per-object counters, the
//! objects and definitions in all against the limits. A definition's `script:` is kept
//! with the line its code starts on, and its `text:` with placeholders with its position
//! (content/texts.rs). Each problem is at the value that breaks it; a definition's own
//! line is the line of its `id:`.

use super::{Doc, Loader};
use crate::content::checks::{class_problem, is_id};
use crate::content::schema::{ComponentFile, DefDecl};
use crate::content::{CounterDecl, Def, Slot, Source, Template, ZoneDecl};
use crate::limits::{MAX_DEFS, MAX_OBJECTS};
use crate::yaml::Step::{self, Item, Key};
use std::collections::{BTreeMap, HashMap};

impl Loader<'_> {
    /// The component definitions of the files `game.yaml` lists, in order.
    pub(super) fn components(
        &mut self,
        id: &str,
        zones: &[ZoneDecl],
        counters: &[CounterDecl],
        files: &[String],
    ) -> Vec<Def> {
        let mut defs = Vec::new();
        let per_object = per_object_counters(counters);
        for comp in files {
            let rel = format!("scenarios/{id}/{comp}");
            let Some((file, doc)) = self.open::<ComponentFile>(&rel) else {
                continue;
            };
            let zone = self.start_zone(&doc, &file, zones);
            for (i, d) in file.defs.into_iter().enumerate() {
                self.def(&doc, i, &d, &defs, &per_object);
                let def = self.made(&doc, i, d, zone, defs.len());
                defs.push(def);
            }
        }
        defs
    }

    /// The zone a file's components start in (its index; 0 when there is no such zone,
    /// reported), and its `returns:` class, kept.
    fn start_zone(&mut self, doc: &Doc, file: &ComponentFile, zones: &[ZoneDecl]) -> usize {
        if let Some(class) = &file.returns {
            if let Some(msg) = class_problem(class) {
                self.at(doc, doc.at.value(&[Key("returns")]), msg);
            }
            self.returns.insert(doc.rel.clone(), class.clone());
        }
        let at = doc.at.value(&[Key("zone")]);
        let Some(zone) = zones.iter().position(|z| z.id == file.zone) else {
            self.at(doc, at, format!("unknown zone '{}'", file.zone));
            return 0;
        };
        let z = &zones[zone];
        if z.per_seat || z.per_node || z.per_object.is_some() {
            self.at(doc, at, "components must start in a zone that is not per seat, per node or per object");
        }
        zone
    }

    /// Checks definition `i` of `doc`, `d`, against those read before it (`defs`).
    fn def(&mut self, doc: &Doc, i: usize, d: &DefDecl, defs: &[Def], per_object: &HashMap<&str, bool>) {
        let path = |key| [Key("defs"), Item(i), Key(key)];
        let id_at = doc.at.value(&path("id"));
        if !is_id(&d.id) {
            self.at(doc, id_at, format!("id '{}': expected snake_case", d.id));
        }
        if defs.iter().any(|x| x.id == d.id) {
            self.at(doc, id_at, format!("id '{}' is defined twice", d.id));
        }
        if !(d.props.0.is_null() || d.props.0.is_object()) {
            self.at(doc, doc.at.value(&path("props")), format!("{}: props: expected a map", d.id));
        }
        if let Some((j, t)) = d.tags.iter().enumerate().find(|(_, t)| !is_id(t)) {
            let at = doc.at.value(&[Key("defs"), Item(i), Key("tags"), Item(j)]);
            self.at(doc, at, format!("{}: tags: '{t}': expected a snake_case tag", d.id));
        }
        for (name, msg) in counter_problems(per_object, &d.id, &d.counters.0) {
            self.at(doc, doc.at.key(&[Key("defs"), Item(i), Key("counters"), Key(&name)]), msg);
        }
        let objects = defs.iter().fold(d.count, |n, x| n.saturating_add(x.count));
        if objects > MAX_OBJECTS && objects.saturating_sub(d.count) <= MAX_OBJECTS {
            let at = doc.at.value(&path("count"));
            self.at(doc, at, format!("{}: {objects} objects in all: a game has at most {MAX_OBJECTS}", d.id));
        }
        if defs.len() == MAX_DEFS {
            self.at(doc, id_at, format!("{}: a game has at most {MAX_DEFS} components", d.id));
        }
    }

    /// Definition `i` of `doc` as the game keeps it, the game's definition `index`,
    /// starting in zone `zone`; its text kept as a template when it has placeholders.
    fn made(&mut self, doc: &Doc, i: usize, d: DefDecl, zone: usize, index: usize) -> Def {
        let path = |key| [Key("defs"), Item(i), Key(key)];
        let script = d.script.map(|code| Source { file: doc.rel.clone(), line: code_line(doc, &path("script")), code });
        if let Some(text) = d.text.as_deref().filter(|t| crate::content::texts::is_template(t)) {
            let at = doc.at.value(&path("text"));
            let (file, text) = (doc.rel.clone(), text.to_string());
            self.templates.push(Template { file, line: at.line, column: at.column, slot: Slot::Def(index), text });
        }
        Def {
            id: d.id,
            name: d.name,
            text: d.text,
            props: d.props.0,
            script,
            counters: d.counters.0,
            tags: d.tags,
            count: d.count,
            zone,
            left_out: false,
            file: doc.rel.clone(),
            line: doc.at.value(&path("id")).line,
        }
    }
}

/// The line on which the code of the `script:` at `path` starts (1 when it is not found).
pub(in crate::content) fn code_line(doc: &Doc, path: &[Step<'_>]) -> usize {
    doc.at.text_line(path).unwrap_or(1)
}

/// Whether each counter of the game is per object, by id: looked up once a definition
/// names it (a search of the declarations would cost their number each time).
pub(in crate::content) fn per_object_counters(counters: &[CounterDecl]) -> HashMap<&str, bool> {
    counters.iter().map(|c| (c.id.as_str(), c.per_object)).collect()
}

/// What is wrong with the starting values definition `def` gives per-object counters:
/// (the counter's id, the message) for each name that is no per-object counter.
pub(in crate::content) fn counter_problems(
    per_object: &HashMap<&str, bool>,
    def: &str,
    values: &BTreeMap<String, i64>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in values.keys() {
        match per_object.get(name.as_str()) {
            Some(true) => {}
            Some(false) => out.push((name.clone(), format!("{def}: counters: '{name}' is not a per-object counter"))),
            None => out.push((
                name.clone(),
                format!("{def}: counters: no counter '{name}' is declared in game.yaml (per_object: true)"),
            )),
        }
    }
    out
}

/// How many per-object zones the definitions make: for each per-object zone declaration,
/// one per object starting in the zone it names.
pub(in crate::content) fn per_object_zones(zones: &[ZoneDecl], defs: &[Def]) -> usize {
    zones.iter().filter_map(|z| z.per_object.as_ref()).fold(0usize, |n, of| {
        let starting = defs
            .iter()
            .filter(|d| zones.get(d.zone).is_some_and(|z| &z.id == of))
            .fold(0usize, |n, d| n.saturating_add(d.count));
        n.saturating_add(starting)
    })
}
