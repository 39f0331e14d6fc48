//! A zone-map file (`board: {map: FILE}` in game.yaml): its YAML as serde reads it, read
//! into a [`Spec`] and built into a [`ZoneMap`], each problem the map has turned into a
//! diagnostic at the line of its entry (warnings kept apart: they do not stop a load).
//!
//! The format is gaps §5.1's: `board`, `zones` (rectangles `[x0, y0, x1, y1, name,
//! indoor]` or `{poly, centre, name, indoor}`, in file order), `walls`, `openings`,
//! `trees` and `los_overrides`.

use super::checks::find_line;
use super::loader::Loader;
use crate::diag::Diagnostic;
use crate::limits::{MAP_CORNERS, MAP_ENTRIES, MAP_ZONES};
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
        let text = self.read(rel)?;
        let file: MapFile = self.parse(rel, &text)?;
        let lines = Lines::new(&text);
        let entries = file.zones.0.len() + file.walls.len() + file.openings.len() + file.trees.len();
        if file.zones.0.len() > MAP_ZONES {
            self.err(
                rel,
                lines.key("zones"),
                format!("{} zones: a zone map has at most {MAP_ZONES}", file.zones.0.len()),
            );
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
            self.err(
                rel,
                lines.key("zones"),
                format!("{corners} corners of zones: a zone map has at most {MAP_CORNERS}"),
            );
            return None;
        }
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
            let line = match entry {
                Entry::Board => lines.key("board"),
                Entry::Zone(i) => lines.item("zones", i),
                Entry::Wall(i) => lines.item("walls", i),
                Entry::Opening(i) => lines.item("openings", i),
                Entry::Tree(i) => lines.item("trees", i),
                Entry::Override(i) => lines.item("los_overrides", i),
            };
            let d = Diagnostic::new(rel, line, 0, message);
            if warning {
                self.warnings.push(d);
            } else {
                self.diags.push(d);
            }
        }
        map.map(Arc::new)
    }
}

/// The lines of a map file's top-level keys and of their entries (block style: a list's
/// `- ` items, a map's keys; a collection written on one line has its key's line).
struct Lines<'a> {
    text: &'a str,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines { text }
    }

    /// The line of top-level key `key` (1 when it is not found).
    fn key(&self, key: &str) -> usize {
        self.text
            .lines()
            .position(|l| l.starts_with(&format!("{key}:")))
            .map_or_else(|| find_line(self.text, key, 1).unwrap_or(1), |i| i + 1)
    }

    /// The line of entry `i` of top-level key `key`.
    fn item(&self, key: &str, i: usize) -> usize {
        let at = self.key(key);
        let mut items = Vec::new();
        let mut indent = None;
        for (n, line) in self.text.lines().enumerate().skip(at) {
            let body = line.trim_start();
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            let ind = line.len() - body.len();
            if ind == 0 && !body.starts_with("- ") {
                break;
            }
            let ind_here = *indent.get_or_insert(ind);
            if ind == ind_here && (ind > 0 || body.starts_with("- ")) {
                items.push(n + 1);
            }
        }
        items.get(i).copied().unwrap_or(at)
    }
}
