//! A scenario's `dice:`, `zones:` and `counters:` (overlay.rs), merged into its game's by
//! id: an entry whose id the game declares changes the fields it gives, one with
//! `add: true` declares a new one, and any other id is a slip, reported with the closest
//! id the game has. What an existing die, zone or counter is per (`per_seat`, `per_node`,
//! `per_object`) stays the game's: its scripts and components count on it. The result is
//! checked by the same functions as game.yaml's sections (loader/zones.rs, counters.rs,
//! dice.rs), each problem at the scenario's entry it comes from ([`Items`]). `--set`
//! (sets.rs) changes these sections through the same merge and checks.

use super::checks::closest;
use super::loader::{Doc, Items, Loader};
use super::schema::{CounterOverlay, DiceDecl, DiceOverlay, ZoneOverlay};
use super::{Content, CounterDecl, ZoneDecl};
use crate::yaml::Step::{Item, Key};

/// What an entry changes of the item it names (None: a new one), or the field and what is
/// wrong with it.
type Change<'a, D, O> = &'a mut dyn FnMut(Option<&D>, O) -> Result<D, (&'static str, String)>;

impl Loader<'_> {
    /// Merges the scenario's (or a `--set`'s) sections into `base` and checks the result.
    pub(super) fn overlay_sections(
        &mut self,
        doc: &Doc,
        base: &mut Content,
        dice: Vec<DiceOverlay>,
        zones: Vec<ZoneOverlay>,
        counters: Vec<CounterOverlay>,
        players: bool,
    ) {
        let game = base.game.clone();
        if !zones.is_empty() {
            let mut list = std::mem::take(&mut base.zones);
            let adds: Vec<bool> = zones.iter().map(|z| z.add).collect();
            let ids = zones.iter().map(|z| z.id.clone()).collect();
            let from = self.by_id(doc, "zones", &game, &mut list, |z| &z.id, (ids, adds), zones, &mut zone);
            let board = !base.board.nodes().is_empty();
            self.zones(doc, &list, board, Items { list: "zones", from: Some(&from) });
            base.zones = list;
        }
        if !counters.is_empty() {
            let mut list = std::mem::take(&mut base.counters);
            let adds: Vec<bool> = counters.iter().map(|c| c.add).collect();
            let ids = counters.iter().map(|c| c.id.clone()).collect();
            let from = self.by_id(doc, "counters", &game, &mut list, |c| &c.id, (ids, adds), counters, &mut counter);
            self.counters(doc, &list, Items { list: "counters", from: Some(&from) });
            base.counters = list;
        }
        if !dice.is_empty() || players {
            let mut list = dice_decls(base);
            let adds: Vec<bool> = dice.iter().map(|d| d.add).collect();
            let ids = dice.iter().map(|d| d.id.clone()).collect();
            let from = self.by_id(doc, "dice", &game, &mut list, |d| &d.id, (ids, adds), dice, &mut die);
            (base.dice, base.seat_dice) =
                self.dice(doc, &list, base.players.max, Items { list: "dice", from: Some(&from) });
        }
    }

    /// Merges the entries `over` of section `list` into `base` by id (`ids` and `adds`:
    /// each entry's id and `add:`); for each item of the result, the index of the entry
    /// it comes from.
    #[allow(clippy::too_many_arguments)]
    fn by_id<D, O>(
        &mut self,
        doc: &Doc,
        list: &'static str,
        game: &str,
        base: &mut Vec<D>,
        id: impl Fn(&D) -> &String,
        (ids, adds): (Vec<String>, Vec<bool>),
        over: Vec<O>,
        change: Change<'_, D, O>,
    ) -> Vec<Option<usize>> {
        let mut from = vec![None; base.len()];
        let mut seen: Vec<&String> = Vec::new();
        for (j, o) in over.into_iter().enumerate() {
            let at = |key| doc.at.value(&[Key(list), Item(j), Key(key)]);
            let name = &ids[j];
            if seen.contains(&name) {
                self.at(doc, at("id"), format!("{list}: '{name}' is given twice"));
                continue;
            }
            seen.push(name);
            let i = base.iter().position(|d| id(d) == name);
            match (i, adds[j]) {
                (Some(_), true) => {
                    let msg =
                        format!("{list}: '{name}' is declared by {game} already: leave out `add: true` to change it");
                    self.at(doc, at("add"), msg);
                    continue;
                }
                (None, false) => {
                    let near = closest(name, base.iter().map(|d| id(d).as_str()))
                        .map(|n| format!(" (did you mean '{n}'?)"))
                        .unwrap_or_default();
                    let msg = format!("{list}: no '{name}' in {game}{near}; a new one says `add: true`");
                    self.at(doc, at("id"), msg);
                    continue;
                }
                _ => {}
            }
            match change(i.map(|i| &base[i]), o) {
                Ok(d) => match i {
                    Some(i) => {
                        base[i] = d;
                        from[i] = Some(j);
                    }
                    None => {
                        base.push(d);
                        from.push(Some(j));
                    }
                },
                Err((key, msg)) => self.at(doc, at(key), format!("{list}: '{name}': {msg}")),
            }
        }
        from
    }
}

/// What is wrong with changing what an item is per (`key`) from `was` to `to`, if anything.
fn kept<T: PartialEq>(key: &'static str, was: &T, to: Option<T>) -> Result<(), (&'static str, String)> {
    match to {
        Some(to) if &to != was => {
            Err((key, format!("{key} stays the game's (its scripts count on it): add a new one")))
        }
        _ => Ok(()),
    }
}

fn die(old: Option<&DiceDecl>, o: DiceOverlay) -> Result<DiceDecl, (&'static str, String)> {
    match old {
        Some(d) => {
            kept("per_seat", &d.per_seat, o.per_seat)?;
            Ok(DiceDecl {
                id: d.id.clone(),
                count: o.count.unwrap_or(d.count),
                faces: o.faces.unwrap_or_else(|| d.faces.clone()),
                per_seat: d.per_seat,
                visibility: o.visibility.unwrap_or(d.visibility),
            })
        }
        None => Ok(DiceDecl {
            id: o.id,
            count: o.count.unwrap_or(1),
            faces: o.faces.ok_or(("id", "a new kind of dice needs `faces:`".to_string()))?,
            per_seat: o.per_seat.unwrap_or(false),
            visibility: o.visibility.unwrap_or(super::Visibility::Public),
        }),
    }
}

fn zone(old: Option<&ZoneDecl>, o: ZoneOverlay) -> Result<ZoneDecl, (&'static str, String)> {
    match old {
        Some(z) => {
            kept("per_seat", &z.per_seat, o.per_seat)?;
            kept("per_node", &z.per_node, o.per_node)?;
            kept("per_object", &z.per_object, o.per_object.map(Some))?;
            Ok(ZoneDecl { visibility: o.visibility.unwrap_or(z.visibility), ..z.clone() })
        }
        None => Ok(ZoneDecl {
            id: o.id,
            per_seat: o.per_seat.unwrap_or(false),
            per_node: o.per_node.unwrap_or(false),
            per_object: o.per_object,
            visibility: o.visibility.ok_or(("id", "a new zone needs `visibility:`".to_string()))?,
        }),
    }
}

fn counter(old: Option<&CounterDecl>, o: CounterOverlay) -> Result<CounterDecl, (&'static str, String)> {
    match old {
        Some(c) => {
            kept("per_seat", &c.per_seat, o.per_seat)?;
            kept("per_object", &c.per_object, o.per_object)?;
            Ok(CounterDecl {
                visibility: o.visibility.unwrap_or(c.visibility),
                initial: o.initial.unwrap_or(c.initial),
                ..c.clone()
            })
        }
        None => Ok(CounterDecl {
            id: o.id,
            per_seat: o.per_seat.unwrap_or(false),
            per_object: o.per_object.unwrap_or(false),
            visibility: o.visibility.unwrap_or_default(),
            initial: o.initial.unwrap_or(0),
        }),
    }
}

/// The declarations `base`'s dice were made from: each run of dice of one kind is one
/// declaration of as many copies (the shared ones first, then each seat's), which makes
/// the same dice again.
pub(super) fn dice_decls(base: &Content) -> Vec<DiceDecl> {
    let mut out: Vec<DiceDecl> = Vec::new();
    for (per_seat, dice) in [(false, &base.dice), (true, &base.seat_dice)] {
        for d in dice {
            match out.last_mut() {
                Some(l)
                    if l.per_seat == per_seat
                        && l.id == d.kind
                        && l.faces == d.faces
                        && l.visibility == d.visibility =>
                {
                    l.count += 1
                }
                _ => out.push(DiceDecl {
                    id: d.kind.clone(),
                    count: 1,
                    faces: d.faces.clone(),
                    per_seat,
                    visibility: d.visibility,
                }),
            }
        }
    }
    out
}
