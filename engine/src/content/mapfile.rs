//! A zone-map file (`board: {map: FILE}` in game.yaml): its YAML as serde reads it, read
//! into a [`Spec`] and built into a [`ZoneMap`], each problem the map has turned into a
//! diagnostic at the line where the parser saw its entry (a zone's key, a wall's item;
//! the line alone: an entry is one line), warnings kept apart: they do not stop a load.
//!
//! The format is gaps §5.1's: `board`, `zones` (rectangles `[x0, y0, x1, y1, name,
//! indoor]` or `{poly, centre, name, indoor}`, in file order), `walls`, `openings`,
//! `trees` and `los_overrides`.

use super::loader::Loader;
use crate::diag::Diagnostic;
use crate::limits::{MAP_CORNERS, MAP_ENTRIES, MAP_ZONES};
use crate::yaml::Step::{Item, Key};
use crate::zonemap::{Entry, OpeningKind, Override, Problem, Pt, Spec, WallKind, ZoneMap, ZoneSpec};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    board: BoardEntry,
    zones: Ordered<ZoneEntry>,
    #[serde(default)]
    walls: Vec<(f64, f64, f64, f64, WallKind)>,
    #[serde(default)]
    openings: Vec<(f64, f64, f64, f64, OpeningKind)>,
    #[serde(default)]
    trees: Vec<(f64, f64)>,
    #[serde(default)]
    los_overrides: Vec<OverrideEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardEntry {
    id: String,
    width: f64,
    height: f64,
    centre_radius: f64,
    tree_radius: f64,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ZoneEntry {
    Rect(f64, f64, f64, f64, String, bool),
    Poly(PolyZone),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolyZone {
    poly: Vec<(f64, f64)>,
    centre: (f64, f64),
    name: String,
    #[serde(default)]
    indoor: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OverrideEntry {
    a: String,
    b: String,
    #[serde(default)]
    visible: Option<bool>,
    #[serde(default)]
    range: Option<u32>,
}

/// A map in file order whose keys must be unique.
#[derive(Debug)]
struct Ordered<V>(Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of zone ids")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
                let mut out: Vec<(String, V)> = Vec::new();
                while let Some(k) = map.next_key::<String>()? {
                    if out.iter().any(|(x, _)| *x == k) {
                        return Err(serde::de::Error::custom(format!("zone '{k}' is declared twice")));
                    }
                    out.push((k, map.next_value()?));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

impl Loader<'_> {
    /// Reads the zone map `rel` and builds it; None when it has errors (reported).
    pub(super) fn zone_map(&mut self, rel: &str) -> Option<Arc<ZoneMap>> {
        let (file, doc): (MapFile, _) = self.open(rel)?;
        let zones_at = doc.at.key(&[Key("zones")]).line;
        let entries = file.zones.0.len() + file.walls.len() + file.openings.len() + file.trees.len();
        if file.zones.0.len() > MAP_ZONES {
            self.err(rel, zones_at, format!("{} zones: a zone map has at most {MAP_ZONES}", file.zones.0.len()));
            return None;
        }
        if entries + file.los_overrides.len() > MAP_ENTRIES {
            self.err(rel, 1, format!("{entries} entries: a zone map has at most {MAP_ENTRIES}"));
            return None;
        }
        let pt = |(x, y): (f64, f64)| Pt::new(x, y);
        let mut spec = Spec {
            id: file.board.id,
            width: file.board.width,
            height: file.board.height,
            centre_radius: file.board.centre_radius,
            tree_radius: file.board.tree_radius,
            ..Spec::default()
        };
        let corners = file.zones.0.iter().fold(0usize, |n, (_, z)| match z {
            ZoneEntry::Rect(..) => n.saturating_add(4),
            ZoneEntry::Poly(p) => n.saturating_add(p.poly.len()),
        });
        if corners > MAP_CORNERS {
            self.err(rel, zones_at, format!("{corners} corners of zones: a zone map has at most {MAP_CORNERS}"));
            return None;
        }
        let ids: Vec<String> = file.zones.0.iter().map(|(id, _)| id.clone()).collect();
        for (id, z) in file.zones.0 {
            spec.zones.push(match z {
                ZoneEntry::Rect(x0, y0, x1, y1, name, indoor) => ZoneSpec {
                    id,
                    name,
                    indoor,
                    poly: vec![Pt::new(x0, y0), Pt::new(x1, y0), Pt::new(x1, y1), Pt::new(x0, y1)],
                    centre: Pt::new((x0 + x1) / 2.0, (y0 + y1) / 2.0),
                },
                ZoneEntry::Poly(p) => ZoneSpec {
                    id,
                    name: p.name,
                    indoor: p.indoor,
                    poly: p.poly.into_iter().map(pt).collect(),
                    centre: pt(p.centre),
                },
            });
        }
        spec.walls = file.walls.into_iter().map(|(a, b, c, d, k)| (Pt::new(a, b), Pt::new(c, d), k)).collect();
        spec.openings = file.openings.into_iter().map(|(a, b, c, d, k)| (Pt::new(a, b), Pt::new(c, d), k)).collect();
        spec.trees = file.trees.into_iter().map(pt).collect();
        spec.overrides = file
            .los_overrides
            .into_iter()
            .map(|o| Override { a: o.a, b: o.b, visible: o.visible, range: o.range })
            .collect();
        let (map, problems) = ZoneMap::build(&spec);
        for Problem { entry, message, warning } in problems {
            let zone = |i: usize| ids.get(i).map_or("", String::as_str);
            let at = match entry {
                Entry::Board => doc.at.key(&[Key("board")]),
                Entry::Zone(i) => doc.at.key(&[Key("zones"), Key(zone(i))]),
                Entry::Wall(i) => doc.at.key(&[Key("walls"), Item(i)]),
                Entry::Opening(i) => doc.at.key(&[Key("openings"), Item(i)]),
                Entry::Tree(i) => doc.at.key(&[Key("trees"), Item(i)]),
                Entry::Override(i) => doc.at.key(&[Key("los_overrides"), Item(i)]),
            };
            let d = Diagnostic::new(rel, at.line, 0, message);
            if warning {
                self.warnings.push(d);
            } else {
                self.diags.push(d);
            }
        }
        map.map(Arc::new)
    }
}
