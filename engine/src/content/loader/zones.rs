//! `zones:` of `game.yaml`: ids given once, the kinds of zone that exclude each other
//! (per seat, per node, per object), a per-node zone without a board, visibility by owner
//! or team without a seat to own the zone, and the zone a per-object zone hangs on; each
//! problem at the value that breaks it.

use super::{Doc, Items, Loader};
use crate::content::checks::check_unique;
use crate::content::{Visibility, ZoneDecl};

impl Loader<'_> {
    /// Checks the zones' declarations (`board`: whether the game declares a board).
    pub(in crate::content) fn zones(&mut self, doc: &Doc, zones: &[ZoneDecl], board: bool, items: Items<'_>) {
        check_unique(self, doc, items, zones.iter().map(|z| z.id.as_str()), "zone");
        for (i, z) in zones.iter().enumerate() {
            let at = |key| items.at(doc, i, key);
            if z.per_seat && z.per_node {
                self.at(doc, at("per_node"), format!("zone '{}': per_seat and per_node exclude each other", z.id));
            }
            if let Some(of) = &z.per_object {
                self.per_object_zone(doc, zones, i, of, items);
                continue;
            }
            if z.per_node && !board {
                self.at(doc, at("per_node"), format!("zone '{}': per_node needs a board", z.id));
            }
            if !z.per_seat && matches!(z.visibility, Visibility::Owner | Visibility::Team) {
                let msg = format!("zone '{}': visibility {:?} needs per_seat: true", z.id, z.visibility);
                self.at(doc, at("visibility"), msg.to_lowercase());
            }
        }
    }

    /// Checks zone `i`, one per object of the zone `of`.
    fn per_object_zone(&mut self, doc: &Doc, zones: &[ZoneDecl], i: usize, of: &str, items: Items<'_>) {
        let z = &zones[i];
        let at = |key| items.at(doc, i, key);
        if z.per_seat || z.per_node {
            self.at(doc, at("per_object"), format!("zone '{}': per_object excludes per_seat and per_node", z.id));
        }
        if matches!(z.visibility, Visibility::Owner | Visibility::Team) {
            let msg = format!("zone '{}': a per-object zone is public or hidden, not {:?}", z.id, z.visibility);
            self.at(doc, at("visibility"), msg.to_lowercase());
        }
        match zones.iter().find(|t| t.id == of) {
            None => self.at(doc, at("per_object"), format!("zone '{}': per_object: no zone '{of}'", z.id)),
            Some(t) if t.per_seat || t.per_node || t.per_object.is_some() => self.at(
                doc,
                at("per_object"),
                format!("zone '{}': per_object: '{of}' is not a single zone components start in", z.id),
            ),
            Some(_) => {}
        }
    }
}
