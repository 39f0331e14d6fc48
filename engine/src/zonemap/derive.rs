//! Building a zone map: validating its geometry and deriving every table (gaps §5.1).
//!
//! The order: the board and each entry on its own (finite numbers, a board at most
//! `limits::MAP_EXTENT` on a side, simple polygons, zones, walls, openings and trees on
//! the board, centres inside their zones and clear of trees and walls),
//! zones against each other (overlaps); then, on a sound map, the borders (shared
//! boundary of positive length), the openings (each on borders), movement (the part of a
//! border no wall, fence, barred opening or locked cell door covers), the lines between
//! centres (what each meets: trees, wall pieces by border), range and blockers, the
//! overrides, and the checks of the result (symmetry, every zone reachable). Warnings
//! last: grazing pairs and fragile pairs (step 8's robustness check).

use super::geom::{
    collinear, crossings, dist_to_segment, edges, overlap, param, segments_meet, shared_area, simple, strictly_inside,
    triangles, Bounds, Pt, EPS, LEN_EPS,
};
use super::{Border, Entry, Line, MapState, OpeningKind, Problem, Spec, Tables, Zone, ZoneMap};
use crate::limits::{MAP_EXTENT, MAP_WALL_PIECES};
use std::collections::VecDeque;
use std::sync::Arc;

/// How far a centre must stay from every wall, and how near a line may pass a wall's end
/// or a tree's rim before it is "grazing"; also how much the robustness check moves
/// walls' ends and trees' rims.
const CLEARANCE: f64 = 0.05;

struct Build<'a> {
    spec: &'a Spec,
    problems: Vec<Problem>,
}

impl Build<'_> {
    fn error(&mut self, entry: Entry, message: String) {
        self.problems.push(Problem { entry, message, warning: false });
    }
    fn warn(&mut self, entry: Entry, message: String) {
        self.problems.push(Problem { entry, message, warning: true });
    }
    fn failed(&self) -> bool {
        self.problems.iter().any(|p| !p.warning)
    }
}

/// A wall or fence piece: part of a wall entry, on one border or on none.
struct Piece {
    from: Pt,
    to: Pt,
    border: Option<usize>,
}

pub(super) fn build(spec: &Spec) -> (Option<ZoneMap>, Vec<Problem>) {
    let mut b = Build { spec, problems: Vec::new() };
    check_entries(&mut b);
    if b.failed() {
        return (None, b.problems);
    }
    let map = derive(&mut b);
    if b.failed() {
        return (None, b.problems);
    }
    let mut problems = b.problems;
    // Errors first within an entry's kind, then by entry: file order.
    problems.sort_by_key(|p| order(p.entry));
    (map, problems)
}

fn order(e: Entry) -> (u8, usize) {
    match e {
        Entry::Board => (0, 0),
        Entry::Zone(i) => (1, i),
        Entry::Wall(i) => (2, i),
        Entry::Opening(i) => (3, i),
        Entry::Tree(i) => (4, i),
        Entry::Override(i) => (5, i),
    }
}

/// Each entry on its own, and zones against each other.
fn check_entries(b: &mut Build) {
    let s = b.spec;
    let num = |v: f64| v.is_finite() && v > 0.0;
    let board_ok = num(s.width) && num(s.height) && num(s.centre_radius) && s.tree_radius.is_finite();
    if !board_ok || s.tree_radius < 0.0 {
        b.error(
            Entry::Board,
            "board: width, height and centre_radius must be positive numbers, tree_radius at least 0".into(),
        );
        return;
    }
    if s.width > MAP_EXTENT || s.height > MAP_EXTENT {
        b.error(
            Entry::Board,
            format!("board: {} x {}: a zone map is at most {MAP_EXTENT} units wide and high", s.width, s.height),
        );
        return;
    }
    if s.zones.is_empty() {
        b.error(Entry::Board, "a zone map needs at least one zone".into());
    }
    let on_board = |p: &Pt| p.x >= -EPS && p.y >= -EPS && p.x <= s.width + EPS && p.y <= s.height + EPS;
    let outside = |what: &str| format!("{what} lies outside the board ({} x {})", s.width, s.height);
    let walls: Vec<(Pt, Pt)> = s.walls.iter().map(|w| (w.0, w.1)).collect();
    for (i, &(p, q, _)) in s.walls.iter().enumerate() {
        if !p.finite() || !q.finite() || p.sub(q).len() < LEN_EPS {
            b.error(Entry::Wall(i), "a wall runs between two different points".into());
        } else if !on_board(&p) || !on_board(&q) {
            b.error(Entry::Wall(i), outside("a wall"));
        }
    }
    for (i, &(p, q, _)) in s.openings.iter().enumerate() {
        if !p.finite() || !q.finite() || p.sub(q).len() < LEN_EPS {
            b.error(Entry::Opening(i), "an opening runs between two different points".into());
        } else if !on_board(&p) || !on_board(&q) {
            b.error(Entry::Opening(i), outside("an opening"));
        }
    }
    for (i, t) in s.trees.iter().enumerate() {
        if !t.finite() {
            b.error(Entry::Tree(i), "a tree needs a finite position".into());
        } else if !on_board(t) {
            b.error(Entry::Tree(i), outside("a tree"));
        }
    }
    let mut sound = vec![false; s.zones.len()];
    for (i, z) in s.zones.iter().enumerate() {
        let e = Entry::Zone(i);
        if s.zones[..i].iter().any(|o| o.id == z.id) {
            b.error(e, format!("zone '{}' is declared twice", z.id));
        }
        if z.id.is_empty() {
            b.error(e, "a zone needs an id".into());
        }
        if !z.poly.iter().all(|p| p.finite()) || !simple(&z.poly) {
            b.error(e, format!("zone '{}': its outline is not a simple polygon of three corners or more", z.id));
            continue;
        }
        sound[i] = true;
        if !z.poly.iter().all(on_board) {
            b.error(e, format!("zone '{}' lies outside the board ({} x {})", z.id, s.width, s.height));
        }
        let c = z.centre;
        if !c.finite() || !strictly_inside(&z.poly, c) {
            b.error(e, format!("zone '{}': its centre ({}, {}) is not inside the zone", z.id, c.x, c.y));
            continue;
        }
        for (t, tree) in s.trees.iter().enumerate() {
            if tree.sub(c).len() <= s.tree_radius {
                b.error(e, format!("zone '{}': its centre is within tree_radius of tree {}", z.id, t + 1));
            }
        }
        for (w, &(p, q)) in walls.iter().enumerate() {
            if dist_to_segment(c, p, q) <= CLEARANCE {
                b.error(e, format!("zone '{}': its centre is within {CLEARANCE} of wall {}", z.id, w + 1));
            }
        }
    }
    let tris: Vec<Vec<[Pt; 3]>> =
        s.zones.iter().enumerate().map(|(i, z)| if sound[i] { triangles(&z.poly) } else { Vec::new() }).collect();
    for j in 0..s.zones.len() {
        for i in 0..j {
            let area: f64 = tris[i].iter().flat_map(|t| tris[j].iter().map(move |u| shared_area(t, u))).sum();
            if area > LEN_EPS {
                let (a, c) = (&s.zones[i].id, &s.zones[j].id);
                b.error(Entry::Zone(j), format!("zone '{c}' overlaps zone '{a}'"));
            }
        }
    }
}

/// Every table of a sound map, and the checks of the result.
fn derive(b: &mut Build) -> Option<ZoneMap> {
    let s = b.spec;
    let n = s.zones.len();
    let zones: Vec<Zone> = s
        .zones
        .iter()
        .map(|z| Zone {
            id: z.id.clone(),
            name: z.name.clone(),
            indoor: z.indoor,
            centre: z.centre,
            poly: z.poly.clone(),
        })
        .collect();

    // Borders: the boundary pieces two zones share.
    let mut borders = Vec::new();
    let mut pieces_of: Vec<Vec<(Pt, Pt)>> = Vec::new();
    let mut border_of = vec![None; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let mut pieces = Vec::new();
            for (p, q) in edges(&zones[i].poly) {
                for (c, d) in edges(&zones[j].poly) {
                    if let Some((lo, hi)) = overlap(p, q, c, d) {
                        let u = q.sub(p).scale(1.0 / q.sub(p).len());
                        pieces.push((p.add(u.scale(lo)), p.add(u.scale(hi))));
                    }
                }
            }
            if !pieces.is_empty() {
                border_of[i * n + j] = Some(borders.len());
                border_of[j * n + i] = Some(borders.len());
                borders.push(Border {
                    a: i,
                    b: j,
                    open: false,
                    open_locked: false,
                    lockable: false,
                    pieces: pieces.clone(),
                });
                pieces_of.push(pieces);
            }
        }
    }

    // Openings lie on borders.
    let opening_borders: Vec<Vec<usize>> = s
        .openings
        .iter()
        .map(|&(p, q, _)| {
            (0..borders.len()).filter(|&k| pieces_of[k].iter().any(|&(c, d)| overlap(p, q, c, d).is_some())).collect()
        })
        .collect();
    for (o, &(p, q, _)) in s.openings.iter().enumerate() {
        let spans: Vec<(f64, f64)> = pieces_of.iter().flatten().filter_map(|&(c, d)| overlap(p, q, c, d)).collect();
        if covered(spans) < p.sub(q).len() - LEN_EPS {
            b.error(Entry::Opening(o), "this opening lies on no border between two zones".into());
        }
    }

    // Movement: the part of each border nothing that blocks it covers.
    for (k, border) in borders.iter_mut().enumerate() {
        let blocks = |locked: bool| -> Vec<(Pt, Pt)> {
            let walls = s.walls.iter().map(|w| (w.0, w.1));
            let openings = s.openings.iter().filter(|o| match o.2 {
                OpeningKind::Barred => true,
                OpeningKind::CellDoor => locked,
                _ => false,
            });
            walls.chain(openings.map(|o| (o.0, o.1))).collect()
        };
        let free = |blocking: &[(Pt, Pt)]| -> f64 {
            pieces_of[k]
                .iter()
                .map(|&(p, q)| {
                    let spans = blocking.iter().filter_map(|&(c, d)| overlap(p, q, c, d)).collect();
                    p.sub(q).len() - covered(spans)
                })
                .sum()
        };
        border.open = free(&blocks(false)) > LEN_EPS;
        border.open_locked = free(&blocks(true)) > LEN_EPS;
        border.lockable = s.openings.iter().any(|o| {
            o.2 == OpeningKind::CellDoor && pieces_of[k].iter().any(|&(p, q)| overlap(p, q, o.0, o.1).is_some())
        });
    }

    // Wall pieces, each on one border or on none.
    let mut pieces = Vec::new();
    for &(p, q, _) in &s.walls {
        let len = p.sub(q).len();
        let mut cuts = vec![0.0, len];
        for &(c, d) in pieces_of.iter().flatten() {
            if collinear(p, q, c, d) {
                for e in [c, d] {
                    cuts.push((param(e, p, q) * len).clamp(0.0, len));
                }
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|x, y| (*x - *y).abs() < LEN_EPS);
        let at = |t: f64| p.add(q.sub(p).scale(t / len));
        for w in cuts.windows(2) {
            let mid = at((w[0] + w[1]) / 2.0);
            let border = pieces_of.iter().position(|ps| {
                ps.iter().any(|&(c, d)| collinear(c, d, mid, mid) && dist_to_segment(mid, c, d) < LEN_EPS)
            });
            pieces.push(Piece { from: at(w[0]), to: at(w[1]), border });
        }
    }

    if pieces.len() > MAP_WALL_PIECES {
        let n = pieces.len();
        b.error(
            Entry::Board,
            format!("the walls cut into {n} pieces at borders: a zone map has at most {MAP_WALL_PIECES}"),
        );
        return None;
    }

    // Lines between centres.
    let piece_bounds: Vec<Bounds> = pieces.iter().map(|piece| Bounds::of(piece.from, piece.to)).collect();
    let mut near_zones = Vec::new();
    let mut lines = vec![Line::default(); n * n];
    let mut range = vec![0u32; n * n];
    let mut blockers = vec![Vec::new(); n * n];
    let mut ts = Vec::new();
    let boxes: Vec<(Pt, Pt)> = zones
        .iter()
        .map(|z| {
            let lo =
                z.poly.iter().fold(Pt::new(f64::INFINITY, f64::INFINITY), |m, p| Pt::new(m.x.min(p.x), m.y.min(p.y)));
            let hi = z
                .poly
                .iter()
                .fold(Pt::new(f64::NEG_INFINITY, f64::NEG_INFINITY), |m, p| Pt::new(m.x.max(p.x), m.y.max(p.y)));
            (lo, hi)
        })
        .collect();
    for a in 0..n {
        for c in 0..n {
            if a == c {
                continue;
            }
            let (p, q) = (zones[a].centre, zones[c].centre);
            let line = &mut lines[a * n + c];
            line.always = s.trees.iter().any(|&t| dist_to_segment(t, p, q) < s.tree_radius);
            let bounds = Bounds::of(p, q);
            for (piece, piece_bounds) in pieces.iter().zip(&piece_bounds) {
                if !bounds.apart(piece_bounds) && segments_meet(p, q, piece.from, piece.to) {
                    match piece.border {
                        None => line.always = true,
                        Some(k) => line.borders.push(k),
                    }
                }
            }
            line.borders.sort_unstable();
            line.borders.dedup();
            // Range: the zones whose interiors the line enters, `a` not counted. Only the
            // zones whose boxes come near the line's can cross it (see `near`).
            let line_box = (Pt::new(p.x.min(q.x), p.y.min(q.y)), Pt::new(p.x.max(q.x), p.y.max(q.y)));
            near_zones.clear();
            near_zones.extend((0..n).filter(|&z| near(&boxes[z], &line_box, NEAR)));
            ts.clear();
            ts.extend([0.0, 1.0]);
            for &z in &near_zones {
                for (e0, e1) in edges(&zones[z].poly) {
                    crossings(p, q, e0, e1, &mut ts);
                }
            }
            ts.sort_by(f64::total_cmp);
            let len = q.sub(p).len();
            let mut entered: Vec<usize> = Vec::new();
            for w in ts.windows(2) {
                if (w[1] - w[0]) * len <= LEN_EPS {
                    continue;
                }
                // A point of the line lies in no zone whose box is not near the line's:
                // the first zone (by index) it is inside is among the near ones.
                let mid = p.add(q.sub(p).scale((w[0] + w[1]) / 2.0));
                let inside = |z: &usize| {
                    let (lo, hi) = &boxes[*z];
                    mid.x > lo.x
                        && mid.x < hi.x
                        && mid.y > lo.y
                        && mid.y < hi.y
                        && strictly_inside(&zones[*z].poly, mid)
                };
                if let Some(z) = near_zones.iter().copied().find(inside) {
                    if z != a && !entered.contains(&z) {
                        entered.push(z);
                    }
                }
            }
            range[a * n + c] = entered.len() as u32;
            // Blockers: centre circles on the line, in order from `a`.
            let reach = s.centre_radius + NEAR;
            let mut on: Vec<(f64, usize)> = (0..n)
                .filter(|&z| z != a && z != c && near(&(zones[z].centre, zones[z].centre), &line_box, reach))
                .filter(|&z| dist_to_segment(zones[z].centre, p, q) < s.centre_radius)
                .map(|z| (param(zones[z].centre, p, q), z))
                .collect();
            on.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            blockers[a * n + c] = on.into_iter().map(|(_, z)| z).collect();
        }
    }

    // Overrides replace the computed values, both ways.
    let mut visible_override = vec![None; n * n];
    for (o, ov) in s.overrides.iter().enumerate() {
        let find = |id: &str| zones.iter().position(|z| z.id == id);
        let (Some(a), Some(c)) = (find(&ov.a), find(&ov.b)) else {
            let unknown = if find(&ov.a).is_none() { &ov.a } else { &ov.b };
            b.error(Entry::Override(o), format!("this override names an unknown zone '{unknown}'"));
            continue;
        };
        if a == c {
            b.error(Entry::Override(o), format!("this override pairs zone '{}' with itself", ov.a));
            continue;
        }
        for (x, y) in [(a, c), (c, a)] {
            if ov.visible.is_some() {
                visible_override[x * n + y] = ov.visible;
            }
            if let Some(r) = ov.range {
                range[x * n + y] = r;
            }
        }
    }

    let mut map = ZoneMap {
        id: s.id.clone(),
        width: s.width,
        height: s.height,
        zones,
        borders,
        border_of,
        lines,
        range,
        blockers,
        visible_override,
        fresh: Arc::new(Tables { board: Default::default(), sight: Vec::new() }),
        walls: s.walls.clone(),
        openings: s.openings.clone(),
        opening_borders,
        trees: s.trees.clone(),
        tree_radius: s.tree_radius,
        centre_radius: s.centre_radius,
    };
    map.fresh = Arc::new(map.tables_for(&MapState::default()));

    // The result is symmetric.
    let fresh = MapState::default();
    for a in 0..n {
        for c in a + 1..n {
            let back: Vec<usize> = map.blockers(c, a).iter().rev().copied().collect();
            if map.sight(a, c, &fresh) != map.sight(c, a, &fresh)
                || map.range(a, c) != map.range(c, a)
                || map.blockers(a, c) != back.as_slice()
            {
                let (x, y) = (&map.zones[a].id, &map.zones[c].id);
                b.error(Entry::Zone(a), format!("{x} - {y}: sight, range or blockers differ from {y} - {x}"));
            }
        }
    }
    // Every zone is reachable from the first.
    let mut seen = vec![false; n];
    let mut queue = VecDeque::from([0]);
    seen[0] = true;
    while let Some(z) = queue.pop_front() {
        for (y, seen) in seen.iter_mut().enumerate() {
            if !*seen && map.adjacent(z, y, &fresh) {
                *seen = true;
                queue.push_back(y);
            }
        }
    }
    for (z, _) in seen.iter().enumerate().filter(|(_, s)| !**s) {
        b.error(
            Entry::Zone(z),
            format!("zone '{}' cannot be reached from zone '{}'", map.zones[z].id, map.zones[0].id),
        );
    }
    warnings(b, &map);
    Some(map)
}

/// How far apart two boxes may be and still hold points the geometry's tests take to
/// meet: far more than their tolerances ([`EPS`] times a board's diagonal, a few
/// rounding errors), far less than a zone.
const NEAR: f64 = 1e-3;

/// Whether boxes `a` and `b` (lowest corner, highest corner) come within `by` of each
/// other. A line's crossings with a zone's edges lie on both (within the tolerances of
/// `crossings`), and a centre less than a radius from a line lies within that radius of
/// the line's box: a zone or centre whose box is further is passed over, as the tests
/// would.
fn near(a: &(Pt, Pt), b: &(Pt, Pt), by: f64) -> bool {
    a.0.x <= b.1.x + by && b.0.x <= a.1.x + by && a.0.y <= b.1.y + by && b.0.y <= a.1.y + by
}

/// The length a set of spans (from, to) covers together.
fn covered(mut spans: Vec<(f64, f64)>) -> f64 {
    spans.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut total = 0.0;
    let mut end = f64::NEG_INFINITY;
    for (lo, hi) in spans {
        let lo = lo.max(end);
        if hi > lo {
            total += hi - lo;
            end = hi;
        }
    }
    total
}

/// What a line grazes, when its sight hangs on a graze: a clear line that passes within
/// [`CLEARANCE`] of a wall's end or a tree's rim, or a blocked line whose every blocker
/// it only grazes (it meets a wall within [`CLEARANCE`] of its end, or a tree within as
/// much of its rim). A blocked line that also meets something squarely is not grazing:
/// moving what it grazes would not change its sight. `hit` says which walls the line
/// meets, `trees` how far each tree is from it.
fn grazing(p: Pt, q: Pt, walls: &[(Pt, Pt)], hit: &[bool], trees: &[f64], r: f64) -> Option<&'static str> {
    let end_near =
        |&(w0, w1): &(Pt, Pt)| dist_to_segment(w0, p, q) < CLEARANCE || dist_to_segment(w1, p, q) < CLEARANCE;
    let rim_near = |d: f64| (d - r).abs() < CLEARANCE;
    let walls_hit: Vec<&(Pt, Pt)> = walls.iter().zip(hit).filter(|(_, &h)| h).map(|(w, _)| w).collect();
    let trees_hit: Vec<f64> = trees.iter().copied().filter(|&d| d < r).collect();
    let (ends, rims) = if walls_hit.is_empty() && trees_hit.is_empty() {
        (walls.iter().any(end_near), trees.iter().any(|&d| rim_near(d)))
    } else {
        let all_grazed = walls_hit.iter().all(|w| end_near(w)) && trees_hit.iter().all(|&d| rim_near(d));
        (all_grazed && walls_hit.iter().any(|w| end_near(w)), all_grazed && trees_hit.iter().any(|&d| rim_near(d)))
    };
    match (ends, rims) {
        (true, _) => Some("a wall's end"),
        (false, true) => Some("a tree's rim"),
        _ => None,
    }
}

/// Grazing pairs (see [`grazing`]) and
/// fragile pairs (sight that changes when every wall is lengthened or shortened by
/// [`CLEARANCE`] at each end, or the tree radius changes by as much). Overridden pairs
/// are left out.
fn warnings(b: &mut Build, map: &ZoneMap) {
    let s = b.spec;
    let n = map.zones.len();
    let walls: Vec<(Pt, Pt)> = s.walls.iter().map(|w| (w.0, w.1)).collect();
    let moved = |by: f64| -> Vec<(Pt, Pt)> {
        walls
            .iter()
            .map(|&(p, q)| {
                let len = q.sub(p).len();
                if len + 2.0 * by <= 0.0 {
                    let m = p.add(q.sub(p).scale(0.5));
                    return (m, m);
                }
                let u = q.sub(p).scale(by / len);
                (p.sub(u), q.add(u))
            })
            .collect()
    };
    // The walls as they are, longer and shorter, and their boxes.
    let moved = [walls.clone(), moved(CLEARANCE), moved(-CLEARANCE)];
    let wall_bounds: Vec<Vec<Bounds>> =
        moved.iter().map(|ws| ws.iter().map(|&(p, q)| Bounds::of(p, q)).collect()).collect();
    let r = s.tree_radius;
    for a in 0..n {
        for c in a + 1..n {
            if map.visible_override[a * n + c].is_some() {
                continue;
            }
            let (p, q) = (map.zones[a].centre, map.zones[c].centre);
            let (x, y) = (&map.zones[a].id, &map.zones[c].id);
            // Static line of sight against walls and trees of a radius: clear when no tree
            // is nearer the line than the radius and no wall meets it. Each tree's distance
            // and each wall's meeting are found once for every test below.
            let bounds = Bounds::of(p, q);
            let meet = |(c, d): (Pt, Pt), b: &Bounds| !bounds.apart(b) && segments_meet(p, q, c, d);
            let trees: Vec<f64> = s.trees.iter().map(|&t| dist_to_segment(t, p, q)).collect();
            let hit: Vec<bool> = walls.iter().zip(&wall_bounds[0]).map(|(&w, b)| meet(w, b)).collect();
            let no_tree = |r: f64| !trees.iter().any(|&d| d < r);
            let no_wall = !hit.contains(&true);
            // Whether the walls moved one way (1: longer, 2: shorter) meet the line.
            let meets = |k: usize| moved[k].iter().zip(&wall_bounds[k]).any(|(&w, b)| meet(w, b));
            let base = no_tree(r) && no_wall;
            let fragile = (no_tree(r) && !meets(1)) != base
                || (no_tree(r) && !meets(2)) != base
                || (no_tree(r + CLEARANCE) && no_wall) != base
                || (no_tree((r - CLEARANCE).max(0.0)) && no_wall) != base;
            if fragile {
                b.warn(
                    Entry::Zone(a),
                    format!("{x} - {y} is fragile: its sight changes when walls or trees move by {CLEARANCE}"),
                );
            }
            if let Some(what) = grazing(p, q, &walls, &hit, &trees, r) {
                b.warn(Entry::Zone(a), format!("{x} - {y} is grazing: the line passes within {CLEARANCE} of {what}"));
            }
        }
    }
}
