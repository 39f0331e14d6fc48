//! `counters:` of `game.yaml`: ids given once, and the combinations a counter cannot
//! have (per seat and per object; owner visibility without a seat to own it), each at the
//! value that breaks it.

use super::{Doc, Items, Loader};
use crate::content::checks::check_unique;
use crate::content::{CounterDecl, CounterVisibility};

impl Loader<'_> {
    /// Checks the counters' declarations.
    pub(in crate::content) fn counters(&mut self, doc: &Doc, counters: &[CounterDecl], items: Items<'_>) {
        check_unique(self, doc, items, counters.iter().map(|c| c.id.as_str()), "counter");
        for (i, c) in counters.iter().enumerate() {
            let at = |key| items.at(doc, i, key);
            if c.per_object && c.per_seat {
                self.at(
                    doc,
                    at("per_object"),
                    format!("counter '{}': per_seat and per_object exclude each other", c.id),
                );
            } else if c.per_object && c.visibility == CounterVisibility::Owner {
                let msg = format!("counter '{}': a per-object counter is public or hidden, not owner", c.id);
                self.at(doc, at("visibility"), msg);
            } else if !c.per_seat && c.visibility == CounterVisibility::Owner {
                self.at(doc, at("visibility"), format!("counter '{}': visibility owner needs per_seat: true", c.id));
            }
        }
    }
}
