//! Which definitions a scenario (a mode) takes, so that a new card's place in each mode
//! is a decision rather than an accident. A definition may carry `tags: [basic, ...]`,
//! and a scenario's `cards:` says which it takes: `include: [TAG, ...]` takes only the
//! definitions carrying one of these tags (one with no tags is left out: joining an
//! include mode is declared), `exclude: [TAG, ...]` leaves out those carrying one; with
//! both, a definition must be included and not excluded. A scenario without `cards:`
//! takes every definition. Left out means count 0, as `defs: {ID: {count: 0}}` does;
//! the scenario's `defs:` changes come after, so one can still bring a definition back.
//! A tag no definition carries is an error at its line, with the closest tag there is.

use super::checks::closest;
use super::loader::{Doc, Loader};
use super::schema::CardsDecl;
use super::{CardRule, Content};
use crate::yaml::Step::{Item, Key};
use std::collections::BTreeSet;

impl Loader<'_> {
    /// Applies `decl`, the `cards:` of scenario file `doc`, to `base`'s definitions, and
    /// keeps it as `base.cards`.
    pub(super) fn take_cards(&mut self, doc: &Doc, base: &mut Content, decl: CardsDecl) {
        let known: BTreeSet<&str> = base.defs.iter().flat_map(|d| d.tags.iter().map(String::as_str)).collect();
        let mut problems = Vec::new();
        for (key, tags) in [("include", &decl.include), ("exclude", &decl.exclude)] {
            let Some(tags) = tags else { continue };
            if tags.is_empty() {
                problems
                    .push((doc.at.key(&[Key("cards"), Key(key)]), format!("cards: {key}: expected at least one tag")));
            }
            for (i, t) in tags.iter().enumerate().filter(|(_, t)| !known.contains(t.as_str())) {
                let there = if known.is_empty() {
                    "no definition has tags".to_string()
                } else {
                    format!("tags there: {}", known.iter().copied().collect::<Vec<_>>().join(", "))
                };
                let hint =
                    closest(t, known.iter().copied()).map(|n| format!("did you mean '{n}'? ")).unwrap_or_default();
                let at = doc.at.value(&[Key("cards"), Key(key), Item(i)]);
                problems.push((at, format!("cards: {key}: no definition has the tag '{t}' ({hint}{there})")));
            }
        }
        for (at, msg) in problems {
            self.at(doc, at, msg);
        }
        let rule = CardRule { include: decl.include.unwrap_or_default(), exclude: decl.exclude.unwrap_or_default() };
        for d in &mut base.defs {
            if !rule.takes(&d.tags) {
                d.left_out = d.count > 0 || d.left_out;
                d.count = 0;
            }
        }
        base.cards = rule;
    }
}

impl CardRule {
    /// Whether a definition with these tags is in the scenario.
    pub fn takes(&self, tags: &[String]) -> bool {
        let has = |list: &[String]| tags.iter().any(|t| list.contains(t));
        (self.include.is_empty() || has(&self.include)) && !has(&self.exclude)
    }

    /// Whether the scenario declares anything (`cards:` with include or exclude).
    pub fn is_declared(&self) -> bool {
        !self.include.is_empty() || !self.exclude.is_empty()
    }
}
