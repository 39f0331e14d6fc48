//! Zone maps: a board drawn as geometry (zones as polygons, walls, fences, openings,
//! trees) from which the rules' tables are derived once, at load: each zone's centre, the
//! movement graph, static line of sight, range and the blockers of every line (gaps §5.1,
//! steps 1–8).
//!
//! The design decision: **geometry is the source of truth, tables are what queries
//! read.** Every N×N table is computed when the map is built; a query is a lookup. What
//! can change during a game is the [`MapState`]: lockable openings (`cell_door`) locked,
//! and borders breached (every wall, fence and opening piece on a border stops blocking).
//! A changed state recomputes the tables that depend on it (movement, sight) from
//! per-pair facts kept at load (which borders' pieces a line crosses), never from the
//! geometry again.
//!
//! This module knows nothing of YAML or content: the content layer reads a map file into
//! a [`Spec`] and turns each [`Problem`] into a diagnostic at its entry's line. Files:
//! this one (the map, its state and queries), `derive.rs` (building the tables and
//! validating the map) and `geom.rs` (points, segments, polygons).

mod derive;
mod geom;

pub use geom::Pt;

use crate::board::Board;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What a wall entry is: both block sight and movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WallKind {
    Wall,
    Fence,
}

/// What an opening entry is: a gap between walls. None blocks sight; `barred` blocks
/// movement, and `cell_door` blocks movement while it is locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningKind {
    Door,
    Window,
    Gate,
    Barred,
    CellDoor,
}

/// A map as its file declares it, in file order (what [`ZoneMap::build`] derives from).
#[derive(Debug, Clone, Default)]
pub struct Spec {
    pub id: String,
    pub width: f64,
    pub height: f64,
    pub centre_radius: f64,
    pub tree_radius: f64,
    pub zones: Vec<ZoneSpec>,
    pub walls: Vec<(Pt, Pt, WallKind)>,
    pub openings: Vec<(Pt, Pt, OpeningKind)>,
    pub trees: Vec<Pt>,
    pub overrides: Vec<Override>,
}

/// A zone: its id (the board node's name), display name, whether it is indoors, its
/// outline and its centre.
#[derive(Debug, Clone)]
pub struct ZoneSpec {
    pub id: String,
    pub name: String,
    pub indoor: bool,
    pub poly: Vec<Pt>,
    pub centre: Pt,
}

/// A hand-tuned result for a pair of zones, applied both ways.
#[derive(Debug, Clone)]
pub struct Override {
    pub a: String,
    pub b: String,
    pub visible: Option<bool>,
    pub range: Option<u32>,
}

/// The entry of the map file a problem is about, by its index in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    Board,
    Zone(usize),
    Wall(usize),
    Opening(usize),
    Tree(usize),
    Override(usize),
}

/// A problem found in a map: an error stops the map; a warning (a grazing or fragile
/// pair) is only reported.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub entry: Entry,
    pub message: String,
    pub warning: bool,
}

/// A zone as queries see it.
#[derive(Debug, Clone)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub indoor: bool,
    pub centre: Pt,
    /// The outline, as the file gives it (a rectangle's corners clockwise on the board,
    /// from its top left).
    pub poly: Vec<Pt>,
}

/// A border: two zones (a < b by index) that share boundary of positive length.
#[derive(Debug, Clone)]
struct Border {
    a: usize,
    b: usize,
    /// Whether movement crosses it with nothing locked, and with its cell doors locked.
    open: bool,
    open_locked: bool,
    /// Whether a `cell_door` lies on it.
    lockable: bool,
    /// The boundary pieces the two zones share (for pictures of the map).
    pieces: Vec<(Pt, Pt)>,
}

/// What a line from one zone's centre to another's crosses, as far as sight goes.
#[derive(Debug, Clone, Default)]
struct Line {
    /// A tree, or a wall piece on no border: blocked whatever the map state.
    always: bool,
    /// The borders whose wall or fence pieces the line meets: blocked unless all breached.
    borders: Vec<usize>,
}

/// A zone map: its zones and every derived table (see the module's notes).
#[derive(Debug, Clone)]
pub struct ZoneMap {
    pub id: String,
    pub width: f64,
    pub height: f64,
    zones: Vec<Zone>,
    borders: Vec<Border>,
    /// Border index by pair, N×N (None: the zones share no border).
    border_of: Vec<Option<usize>>,
    /// N×N, by ordered pair.
    lines: Vec<Line>,
    range: Vec<u32>,
    blockers: Vec<Vec<usize>>,
    /// Overridden sight, N×N.
    visible_override: Vec<Option<bool>>,
    /// The tables with nothing locked or breached.
    fresh: Arc<Tables>,
    /// The geometry, kept for pictures of the map.
    pub walls: Vec<(Pt, Pt, WallKind)>,
    pub openings: Vec<(Pt, Pt, OpeningKind)>,
    /// The borders each opening lies on, by opening (in file order).
    opening_borders: Vec<Vec<usize>>,
    pub trees: Vec<Pt>,
    pub tree_radius: f64,
    pub centre_radius: f64,
}

/// The tables that depend on the map state: movement and sight.
#[derive(Debug, Clone)]
pub struct Tables {
    board: Board,
    sight: Vec<bool>,
}

impl Tables {
    /// The movement graph under this state.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// What has changed on a zone map during a game: borders whose lockable openings are
/// locked, and borders breached, each a sorted list of border indices. The tables of
/// the state are kept with it (not serialised: they follow from the lists).
#[derive(Debug, Clone, Default, Serialize)]
pub struct MapState {
    locked: Vec<usize>,
    breached: Vec<usize>,
    #[serde(skip)]
    tables: Option<Arc<Tables>>,
}

impl MapState {
    /// Whether nothing has changed (the state of every game's start).
    pub fn is_empty(&self) -> bool {
        self.locked.is_empty() && self.breached.is_empty()
    }

    /// The tables of this state (the map's fresh ones when nothing changed).
    pub fn tables<'a>(&'a self, map: &'a ZoneMap) -> &'a Tables {
        self.tables.as_deref().unwrap_or(&map.fresh)
    }

    pub fn is_locked(&self, border: usize) -> bool {
        self.locked.binary_search(&border).is_ok()
    }

    pub fn is_breached(&self, border: usize) -> bool {
        self.breached.binary_search(&border).is_ok()
    }

    /// Locks (or unlocks) the lockable openings of a border.
    pub fn set_locked(&mut self, map: &ZoneMap, border: usize, locked: bool) {
        match (self.locked.binary_search(&border), locked) {
            (Err(i), true) => self.locked.insert(i, border),
            (Ok(i), false) => {
                self.locked.remove(i);
            }
            _ => return,
        }
        self.tables = Some(Arc::new(map.tables_for(self)));
    }

    /// Breaches a border for the rest of the game.
    pub fn breach(&mut self, map: &ZoneMap, border: usize) {
        if let Err(i) = self.breached.binary_search(&border) {
            self.breached.insert(i, border);
            self.tables = Some(Arc::new(map.tables_for(self)));
        }
    }

    /// The locked and the breached borders as pairs of zone ids, each pair in string
    /// order and the lists sorted (what views show).
    pub fn pairs(&self, map: &ZoneMap) -> (Vec<[String; 2]>, Vec<[String; 2]>) {
        let pairs = |list: &[usize]| {
            let mut out: Vec<[String; 2]> = list
                .iter()
                .map(|&k| {
                    let (a, b) = (&map.zones[map.borders[k].a].id, &map.zones[map.borders[k].b].id);
                    if a <= b {
                        [a.clone(), b.clone()]
                    } else {
                        [b.clone(), a.clone()]
                    }
                })
                .collect();
            out.sort();
            out
        };
        (pairs(&self.locked), pairs(&self.breached))
    }
}

impl ZoneMap {
    /// Derives every table of the map from `spec`, validating it: the map (None when
    /// an error was found) and every problem, errors and warnings, in file order.
    pub fn build(spec: &Spec) -> (Option<ZoneMap>, Vec<Problem>) {
        derive::build(spec)
    }

    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    pub fn len(&self) -> usize {
        self.zones.len()
    }

    pub fn is_empty(&self) -> bool {
        self.zones.is_empty()
    }

    /// A zone's index by id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.zones.iter().position(|z| z.id == id)
    }

    /// The movement graph with nothing locked or breached.
    pub fn board(&self) -> &Board {
        &self.fresh.board
    }

    /// The border zones `a` and `b` share, if any.
    pub fn border(&self, a: usize, b: usize) -> Option<usize> {
        self.border_of[a * self.zones.len() + b]
    }

    /// How many borders the map has (border indices are `0..borders()`).
    pub fn borders(&self) -> usize {
        self.borders.len()
    }

    /// The two zones of a border (by index, the lower first).
    pub fn border_zones(&self, border: usize) -> (usize, usize) {
        (self.borders[border].a, self.borders[border].b)
    }

    /// The boundary pieces of a border: the segments its two zones share.
    pub fn border_pieces(&self, border: usize) -> &[(Pt, Pt)] {
        &self.borders[border].pieces
    }

    /// The borders opening `o` (an index of [`ZoneMap::openings`]) lies on: one, unless
    /// it spans the borders of several zones.
    pub fn opening_borders(&self, o: usize) -> &[usize] {
        &self.opening_borders[o]
    }

    /// Whether a border has lockable openings (`cell_door`).
    pub fn lockable(&self, border: usize) -> bool {
        self.borders[border].lockable
    }

    /// Whether movement goes from `a` to `b` under `state`.
    pub fn adjacent(&self, a: usize, b: usize, state: &MapState) -> bool {
        self.border(a, b).is_some_and(|k| self.open(k, state))
    }

    /// Static line of sight from `a` to `b` under `state` (a zone sees itself).
    pub fn sight(&self, a: usize, b: usize, state: &MapState) -> bool {
        state.tables(self).sight[a * self.zones.len() + b]
    }

    /// The zones the line from `a` to `b` crosses, `a` not counted (0 for a = b).
    pub fn range(&self, a: usize, b: usize) -> u32 {
        self.range[a * self.zones.len() + b]
    }

    /// The zones whose centre circle lies on the line from `a` to `b`, in order from `a`.
    pub fn blockers(&self, a: usize, b: usize) -> &[usize] {
        &self.blockers[a * self.zones.len() + b]
    }

    fn open(&self, k: usize, state: &MapState) -> bool {
        let b = &self.borders[k];
        if state.is_breached(k) {
            true
        } else if state.is_locked(k) {
            b.open_locked
        } else {
            b.open
        }
    }

    /// The tables under `state`, from the per-border and per-line facts kept at load.
    fn tables_for(&self, state: &MapState) -> Tables {
        let n = self.zones.len();
        let mut board = Board::default();
        for z in &self.zones {
            board.add_node(&z.id);
        }
        for (k, b) in self.borders.iter().enumerate() {
            if self.open(k, state) {
                board.add_edge(&self.zones[b.a].id, &self.zones[b.b].id);
            }
        }
        board.finish();
        let sight = (0..n * n)
            .map(|i| {
                if i / n == i % n {
                    return true;
                }
                if let Some(v) = self.visible_override[i] {
                    return v;
                }
                let line = &self.lines[i];
                !line.always && line.borders.iter().all(|&k| state.is_breached(k))
            })
            .collect();
        Tables { board, sight }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three rooms in a row: A | B through a cell door, B | C through a wall.
    fn rooms() -> ZoneMap {
        let rect = |id: &str, x0: f64, x1: f64| ZoneSpec {
            id: id.into(),
            name: id.into(),
            indoor: true,
            poly: vec![Pt::new(x0, 0.), Pt::new(x1, 0.), Pt::new(x1, 2.), Pt::new(x0, 2.)],
            centre: Pt::new((x0 + x1) / 2., 1.),
        };
        let spec = Spec {
            id: "rooms".into(),
            width: 6.,
            height: 2.,
            centre_radius: 0.4,
            tree_radius: 0.35,
            zones: vec![rect("A", 0., 2.), rect("B", 2., 4.), rect("C", 4., 6.)],
            walls: vec![
                (Pt::new(2., 0.), Pt::new(2., 0.5), WallKind::Wall),
                (Pt::new(2., 1.5), Pt::new(2., 2.), WallKind::Wall),
                (Pt::new(4., 0.), Pt::new(4., 2.), WallKind::Fence),
            ],
            openings: vec![(Pt::new(2., 0.5), Pt::new(2., 1.5), OpeningKind::CellDoor)],
            ..Spec::default()
        };
        let (map, problems) = ZoneMap::build(&spec);
        // C is walled off: the one error.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].entry, Entry::Zone(2));
        let mut spec = spec;
        spec.walls.pop();
        spec.walls.push((Pt::new(4., 0.), Pt::new(4., 1.9), WallKind::Fence));
        assert!(map.is_none());
        let (map, problems) = ZoneMap::build(&spec);
        assert!(problems.iter().all(|p| p.warning), "{problems:?}");
        map.expect("a map")
    }

    #[test]
    fn locks_and_breaches_change_only_their_tables() {
        let m = rooms();
        let mut st = MapState::default();
        let ab = m.border(0, 1).unwrap();
        let bc = m.border(1, 2).unwrap();
        assert!(m.lockable(ab) && !m.lockable(bc) && m.border(0, 2).is_none());
        assert!(m.adjacent(0, 1, &st) && m.adjacent(1, 2, &st) && m.sight(0, 1, &st));
        assert!(!m.sight(1, 2, &st), "the fence blocks the line between the centres");
        assert_eq!((m.range(0, 2), m.blockers(0, 2)), (2, &[1][..]));
        st.set_locked(&m, ab, true);
        assert!(!m.adjacent(0, 1, &st) && m.sight(0, 1, &st), "a locked door blocks movement, not sight");
        assert_eq!(st.tables(&m).board().neighbours("A").unwrap(), Vec::<&str>::new());
        assert!(!m.sight(0, 2, &st));
        st.breach(&m, bc);
        assert!(m.sight(1, 2, &st) && m.sight(2, 1, &st) && m.adjacent(1, 2, &st));
        assert!(m.sight(0, 2, &st), "A - C crosses the cell door's gap and the breached fence");
        st.breach(&m, ab);
        assert!(m.adjacent(0, 1, &st) && st.is_locked(ab), "a breach opens a locked border");
        let (locked, breached) = st.pairs(&m);
        assert_eq!(locked, [["A".to_string(), "B".to_string()]]);
        assert_eq!(breached.len(), 2);
    }
}
