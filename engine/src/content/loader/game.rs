//! The head of `game.yaml`: its id (the folder's), the API it is written for, its `about:`
//! line, its players, the counters `length:` and `lead:` name, and its scenarios' names
//! and files; each problem at the value it is about (`players:` at its key).

use super::{Doc, Loader};
use crate::content::checks::{about_problem, is_id};
use crate::content::schema::{CounterDecl, Evaluate, GameFile, Length, PictureDecl, Players, ResultDecl, ZoneDecl};
use crate::content::API_VERSION;
use crate::yaml::Step::{Item, Key};

impl Loader<'_> {
    /// Checks the head of game `id`'s `game.yaml`.
    pub(super) fn header(&mut self, doc: &Doc, game: &GameFile, id: &str) {
        if game.id != id {
            self.at(doc, doc.at.value(&[Key("id")]), format!("id '{}' should match its folder '{id}'", game.id));
        }
        if game.api != API_VERSION {
            let msg = format!("written for Lua API {}, this engine provides API {}", game.api, API_VERSION);
            self.at(doc, doc.at.value(&[Key("api")]), msg);
        }
        if let Some(msg) = game.about.as_deref().and_then(about_problem) {
            self.at(doc, doc.at.value(&[Key("about")]), msg);
        }
        if let Some(msg) = players_problem(&game.players) {
            self.at(doc, doc.at.key(&[Key("players")]), msg);
        }
        self.length_and_lead(doc, &Measures::of(game), &game.counters);
        self.picture(doc, &game.picture, &game.zones, &game.counters);
        for (name, file) in &game.scenarios.0 {
            let plain = file.ends_with(".yaml") && !file.contains('/') && !file.contains('\\') && file != "game.yaml";
            if !is_id(name) || !plain {
                let msg = format!(
                    "scenario '{name}': expected a snake_case name and a .yaml file of this folder, not '{file}'"
                );
                self.at(doc, doc.at.key(&[Key("scenarios"), Key(name)]), msg);
            }
        }
    }

    /// `length:` names a global counter, `lead:` a per-seat one; `evaluate:` and `result:`
    /// are in their bounds. A game's, or a scenario's in place of its game's (`counters`
    /// then the scenario's).
    pub(in crate::content) fn length_and_lead(&mut self, doc: &Doc, game: &Measures, counters: &[CounterDecl]) {
        if let Some(l) = game.length {
            let at = doc.at.value(&[Key("length"), Key("counter")]);
            match counters.iter().find(|c| c.id == l.counter) {
                Some(c) if !c.per_seat && !c.per_object => {}
                Some(_) => self.at(
                    doc,
                    at,
                    format!("length: counter '{}' must be global (not per seat or per object)", l.counter),
                ),
                None => self.at(doc, at, format!("length: no counter '{}' is declared", l.counter)),
            }
        }
        if let Some(e) = game.evaluate {
            if !(1..=crate::limits::MAX_DECISIONS).contains(&e.depth) {
                let msg =
                    format!("evaluate: depth must be 1 to {} decisions, got {}", crate::limits::MAX_DECISIONS, e.depth);
                self.at(doc, doc.at.value(&[Key("evaluate"), Key("depth")]), msg);
            }
            if !is_id(&e.bot) {
                let msg =
                    format!("evaluate: bot must name a strategy bot (scripts/<game>/bots/NAME.lua), not '{}'", e.bot);
                self.at(doc, doc.at.value(&[Key("evaluate"), Key("bot")]), msg);
            }
        }
        if let Some(r) = game.result.scores.filter(|r| r.min > r.max) {
            let msg = format!("result: scores: min {} is above max {}", r.min, r.max);
            self.at(doc, doc.at.value(&[Key("result"), Key("scores"), Key("min")]), msg);
        }
        if let Some(l) = game.lead {
            let at = doc.at.value(&[Key("lead")]);
            match counters.iter().find(|c| &c.id == l) {
                Some(c) if c.per_seat => {}
                Some(_) => self.at(doc, at, format!("lead: counter '{l}' must be per seat")),
                None => self.at(doc, at, format!("lead: no counter '{l}' is declared")),
            }
        }
    }
}

impl Loader<'_> {
    /// `picture:` names per-object counters and a declared zone (a game's, or a scenario's
    /// against the scenario's zones and counters).
    pub(in crate::content) fn picture(
        &mut self,
        doc: &Doc,
        p: &PictureDecl,
        zones: &[ZoneDecl],
        counters: &[CounterDecl],
    ) {
        for (key, counter) in [
            ("owner", &p.owner),
            ("wounds", &p.wounds),
            ("ambush", &p.ambush),
            ("beaten", &p.beaten),
            ("down", &p.down),
        ] {
            let Some(id) = counter else { continue };
            if !counters.iter().any(|c| &c.id == id && c.per_object) {
                let msg = format!("picture: {key}: no per-object counter '{id}' is declared");
                self.at(doc, doc.at.value(&[Key("picture"), Key(key)]), msg);
            }
        }
        for (i, m) in p.marks.iter().enumerate() {
            let at = doc.at.value(&[Key("picture"), Key("marks"), Item(i)]);
            let shape = match (&m.data, &m.prop) {
                (Some(_), Some(_)) | (None, None) => {
                    Some("expected `data:` (a path into data) or `prop:`, one of them")
                }
                (None, Some(_)) if m.counter.is_some() => Some("`counter:` goes with `data:`, not `prop:`"),
                (Some(_), None) if m.face_down => Some("`face_down:` goes with `prop:`, not `data:`"),
                _ => None,
            };
            if let Some(msg) = shape {
                self.at(doc, at, format!("picture: marks: {msg}"));
            }
            let Some(id) = &m.counter else { continue };
            if !counters.iter().any(|c| &c.id == id && c.per_object) {
                let msg = format!("picture: marks: counter: no per-object counter '{id}' is declared");
                self.at(doc, doc.at.value(&[Key("picture"), Key("marks"), Item(i), Key("counter")]), msg);
            }
        }
        for (key, zone) in [("dead", &p.dead), ("escaped", &p.escaped)] {
            let Some(id) = zone else { continue };
            if !zones.iter().any(|z| &z.id == id) {
                let msg = format!("picture: {key}: no zone '{id}' is declared");
                self.at(doc, doc.at.value(&[Key("picture"), Key(key)]), msg);
            }
        }
        if let Some(h) = &p.hiding {
            let at = |key| doc.at.value(&[Key("picture"), Key("hiding"), Key(key)]);
            if !zones.iter().any(|z| z.id == h.zone && z.per_seat) {
                self.at(doc, at("zone"), format!("picture: hiding: zone: no per-seat zone '{}' is declared", h.zone));
            }
            if let Some(place) = &h.place {
                let first = format!("{place}_1");
                if !counters.iter().any(|c| c.id == first && c.per_seat) {
                    let msg = format!("picture: hiding: place: no per-seat counter '{first}' is declared");
                    self.at(doc, at("place"), msg);
                }
                if h.order.is_none() || p.owner.is_none() {
                    let msg = "picture: hiding: place: needs `order:` (a prop) and `picture: {owner}` to count a seat's pieces";
                    self.at(doc, at("place"), msg.to_string());
                }
            }
        }
    }
}

/// The sections `sim` and the search read beside the rules (`length:`, `lead:`,
/// `evaluate:`, `result:`), as a game or a scenario gives them, for their checks.
pub(in crate::content) struct Measures<'a> {
    pub length: Option<&'a Length>,
    pub lead: Option<&'a String>,
    pub evaluate: Option<&'a Evaluate>,
    pub result: &'a ResultDecl,
}

impl<'a> Measures<'a> {
    fn of(game: &'a GameFile) -> Self {
        Measures {
            length: game.length.as_ref(),
            lead: game.lead.as_ref(),
            evaluate: game.evaluate.as_ref(),
            result: &game.result,
        }
    }
}

/// What is wrong with a `players:` declaration (a game's or a scenario's), if anything.
pub(in crate::content) fn players_problem(p: &Players) -> Option<&'static str> {
    let bad = p.min == 0 || p.min > p.max || p.max > 64 || p.default.is_some_and(|d| d < p.min || d > p.max);
    bad.then_some("expected 1 <= min <= default <= max <= 64")
}
