//! Pictures of a board: of a zone map, an SVG (`svg.rs`) and a grid of characters with a
//! list of the zones (`chars.rs`); of a grid board, an SVG and the same grid in characters
//! (`gridsvg.rs`); each as one seat sees the game, with what the content adds (the game's
//! `picture:` declaration and the places its data names: `setting.rs`).
//!
//! The design decision: **a picture is drawn from a view, never from the state.** Its
//! inputs are the map's static geometry (content: the same for every seat) and a
//! [`View`], which the engine has already redacted for the seat: what stands in each
//! zone (an object the seat may not see is `?`), which cell doors are locked and which
//! borders breached (`view.map`). So a picture cannot show more than the seat's view,
//! whoever asks for it; this module names neither the state nor the game. What a token
//! shows of a piece (its side, wounds, ambush) is read from the view's object, and what
//! the content adds is the same for every seat.

mod chars;
mod gridsvg;
mod setting;
mod svg;

pub use chars::{grid, listing, text, LEGEND};
pub use gridsvg::{grid_svg, grid_text};
pub use setting::{sides, Setting, Token};
pub use svg::svg;

use crate::view::{ObjectView, View};
use crate::zonemap::ZoneMap;
use std::collections::BTreeSet;

/// What stands in one per-node zone of a map's zone, as a view shows it: the per-node
/// zone's id and its objects top first, grouped by name (a hidden object is `?`), each
/// name with how many of it there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub zone: String,
    pub items: Vec<(String, usize)>,
}

/// What stands in the map's zone `id` in `view`: one entry per per-node zone that holds
/// anything, in the order of their ids.
pub fn standing(view: &View, id: &str) -> Vec<Standing> {
    let Some(zones) = view.board.get(id) else { return Vec::new() };
    let mut out = Vec::new();
    for (zone, zv) in zones {
        let mut items: Vec<(String, usize)> = Vec::new();
        for o in &zv.objects {
            let name = match o {
                ObjectView::Hidden { .. } => "?",
                ObjectView::Shown { name, .. } => name.as_str(),
            };
            match items.iter_mut().find(|(n, _)| n == name) {
                Some((_, k)) => *k += 1,
                None => items.push((name.to_string(), 1)),
            }
        }
        if !items.is_empty() {
            out.push(Standing { zone: zone.clone(), items });
        }
    }
    out
}

/// Whether the view's board has more than one per-node zone (the pictures then say
/// which one an object is in).
fn several_kinds(view: &View) -> bool {
    let kinds: BTreeSet<&String> = view.board.values().flat_map(|z| z.keys()).collect();
    kinds.len() > 1
}

/// One group of a [`Standing`] as text: `Deputy`, or `Deputy ×2` (`times` is the sign).
fn item(name: &str, n: usize, times: &str) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{name} {times}{n}")
    }
}

/// The borders the view shows locked and breached, as border indices of `map`.
fn changed_borders(map: &ZoneMap, view: &View) -> (BTreeSet<usize>, BTreeSet<usize>) {
    let border = |[a, b]: &[String; 2]| map.border(map.index_of(a)?, map.index_of(b)?);
    match &view.map {
        Some(m) => (m.locked.iter().filter_map(border).collect(), m.breached.iter().filter_map(border).collect()),
        None => Default::default(),
    }
}

/// Whose view a picture is: `the view of NAME`, or the omniscient one.
fn whose(view: &View) -> String {
    match view.seat {
        Some(s) => {
            let name = view.seats.get(s - 1).map(|v| v.name.clone()).unwrap_or_else(|| format!("seat {s}"));
            format!("the view of {name}")
        }
        None => "everything (the omniscient view)".to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::view::{MapView, ObjectView, SeatView, View, ZoneView};
    use crate::zonemap::{OpeningKind, Pt, Spec, WallKind, ZoneMap, ZoneSpec};
    use std::collections::BTreeMap;

    /// Three rooms in a row: A | B through a cell door, B | C through a fence with a
    /// gate, a tree in C.
    pub fn rooms() -> ZoneMap {
        let rect = |id: &str, name: &str, x0: f64, x1: f64| ZoneSpec {
            id: id.into(),
            name: name.into(),
            indoor: id != "C",
            poly: vec![Pt::new(x0, 0.), Pt::new(x1, 0.), Pt::new(x1, 2.), Pt::new(x0, 2.)],
            centre: Pt::new((x0 + x1) / 2., 1.),
        };
        let spec = Spec {
            id: "rooms".into(),
            width: 6.,
            height: 2.,
            centre_radius: 0.4,
            tree_radius: 0.3,
            zones: vec![
                rect("A", "Bar & <Grill>", 0., 2.),
                rect("B", "Back \"room\"", 2., 4.),
                rect("C", "Yard", 4., 6.),
            ],
            walls: vec![
                (Pt::new(2., 0.), Pt::new(2., 0.5), WallKind::Wall),
                (Pt::new(2., 1.5), Pt::new(2., 2.), WallKind::Wall),
                (Pt::new(4., 0.), Pt::new(4., 0.5), WallKind::Fence),
                (Pt::new(4., 1.5), Pt::new(4., 2.), WallKind::Fence),
            ],
            openings: vec![
                (Pt::new(2., 0.5), Pt::new(2., 1.5), OpeningKind::CellDoor),
                (Pt::new(4., 0.5), Pt::new(4., 1.5), OpeningKind::Gate),
            ],
            trees: vec![Pt::new(5.5, 0.4)],
            overrides: Vec::new(),
        };
        let (map, problems) = ZoneMap::build(&spec);
        map.unwrap_or_else(|| panic!("{problems:?}"))
    }

    pub fn shown(name: &str) -> ObjectView {
        ObjectView::Shown {
            def: name.to_lowercase(),
            name: name.into(),
            text: None,
            props: serde_json::Value::Null,
            face_up: true,
            counters: BTreeMap::new(),
            zones: BTreeMap::new(),
        }
    }

    /// Seat 1's view of the rooms: three deputies and a hidden object in A, a crate in C
    /// hidden from the seat, the cell door locked, B - C breached.
    pub fn view() -> View {
        let zone = |objects: Vec<ObjectView>| ZoneView { count: objects.len(), objects };
        let hidden = || ObjectView::Hidden { hidden: true };
        let mut board = BTreeMap::new();
        let here = |objects| BTreeMap::from([("here".to_string(), zone(objects))]);
        board.insert("A".to_string(), here(vec![shown("Deputy"), hidden(), shown("Deputy"), shown("Smith & Wesson")]));
        board.insert("B".to_string(), here(vec![]));
        board.insert("C".to_string(), here(vec![hidden()]));
        View {
            seat: Some(1),
            game: "rooms".into(),
            players: 1,
            current: Some(1),
            seats: vec![SeatView {
                name: "Ann".into(),
                role: None,
                team: None,
                eliminated: false,
                counters: BTreeMap::new(),
                zones: BTreeMap::new(),
                dice: Vec::new(),
            }],
            counters: BTreeMap::new(),
            zones: BTreeMap::new(),
            board,
            dice: Vec::new(),
            log: Vec::new(),
            deciding: Vec::new(),
            asking: Vec::new(),
            answers: Vec::new(),
            result: None,
            map: Some(MapView { locked: vec![["A".into(), "B".into()]], breached: vec![["B".into(), "C".into()]] }),
        }
    }

    #[test]
    fn what_stands_in_a_zone_is_grouped_by_name_and_hidden_objects_are_marks() {
        let v = view();
        let s = super::standing(&v, "A");
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].zone, "here");
        let want = [("Deputy".to_string(), 2), ("?".to_string(), 1), ("Smith & Wesson".to_string(), 1)];
        assert_eq!(s[0].items, want);
        assert!(super::standing(&v, "B").is_empty(), "an empty zone lists nothing");
        let (locked, breached) = super::changed_borders(&rooms(), &v);
        assert_eq!((locked.len(), breached.len()), (1, 1));
    }
}
