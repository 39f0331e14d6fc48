//! Plane geometry for zone maps: points, segments and simple polygons, with the
//! tolerances of gaps §5.1 (orientation tests with ε = 1e-9, closed segment tests where
//! touching counts).

/// The tolerance of orientation and containment tests.
pub(super) const EPS: f64 = 1e-9;
/// Lengths shorter than this count as none (shared borders, sub-intervals of a line).
pub(super) const LEN_EPS: f64 = 1e-7;

/// A point of the board, in board units: x to the right, y downwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
    pub(super) fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    pub(super) fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
    pub(super) fn scale(self, k: f64) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
    pub(super) fn dot(self, o: Pt) -> f64 {
        self.x * o.x + self.y * o.y
    }
    pub(super) fn cross(self, o: Pt) -> f64 {
        self.x * o.y - self.y * o.x
    }
    pub(super) fn len(self) -> f64 {
        self.dot(self).sqrt()
    }
    pub(super) fn finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// Twice the signed area of the triangle a, b, c (positive when counter-clockwise in a
/// y-up frame).
pub(super) fn orient(a: Pt, b: Pt, c: Pt) -> f64 {
    b.sub(a).cross(c.sub(a))
}

fn sign(v: f64) -> i8 {
    if v > EPS {
        1
    } else if v < -EPS {
        -1
    } else {
        0
    }
}

/// Whether `p` lies in the bounding box of segment a–b (with ε), for collinear points.
fn in_box(p: Pt, a: Pt, b: Pt) -> bool {
    p.x >= a.x.min(b.x) - EPS && p.x <= a.x.max(b.x) + EPS && p.y >= a.y.min(b.y) - EPS && p.y <= a.y.max(b.y) + EPS
}

/// Whether the closed segments a–b and c–d meet (touching counts).
///
/// Segments whose bounding boxes lie more than ε apart are told apart by the boxes
/// alone, as the tests below would: touching is tested within the boxes (with ε), and a
/// crossing is told by orientations beyond ε, which for points of a board (at most
/// `MAP_EXTENT` = 1000 units, rounding errors below 5e-10) are the exact signs, so the
/// segments do cross and their boxes meet.
pub(super) fn segments_meet(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    if Bounds::of(a, b).apart(&Bounds::of(c, d)) {
        return false;
    }
    let (d1, d2) = (sign(orient(c, d, a)), sign(orient(c, d, b)));
    let (d3, d4) = (sign(orient(a, b, c)), sign(orient(a, b, d)));
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && in_box(a, c, d))
        || (d2 == 0 && in_box(b, c, d))
        || (d3 == 0 && in_box(c, a, b))
        || (d4 == 0 && in_box(d, a, b))
}

/// The bounding box of a segment: its lowest and highest x and y.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bounds {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Bounds {
    pub(super) fn of(a: Pt, b: Pt) -> Bounds {
        Bounds { x0: a.x.min(b.x), x1: a.x.max(b.x), y0: a.y.min(b.y), y1: a.y.max(b.y) }
    }

    /// Whether the boxes lie more than ε apart: segments in them do not meet, as
    /// [`segments_meet`] tells first. A caller that keeps the boxes of many segments
    /// passes over those apart with this test alone, the same test.
    pub(super) fn apart(&self, o: &Bounds) -> bool {
        self.x1 + EPS < o.x0 || o.x1 + EPS < self.x0 || self.y1 + EPS < o.y0 || o.y1 + EPS < self.y0
    }
}

/// The distance from `p` to the closed segment a–b.
pub(super) fn dist_to_segment(p: Pt, a: Pt, b: Pt) -> f64 {
    let ab = b.sub(a);
    let l2 = ab.dot(ab);
    if l2 == 0.0 {
        return p.sub(a).len();
    }
    let t = (p.sub(a).dot(ab) / l2).clamp(0.0, 1.0);
    p.sub(a.add(ab.scale(t))).len()
}

/// Where `p` projects on the line a → b, as a parameter (0 at a, 1 at b).
pub(super) fn param(p: Pt, a: Pt, b: Pt) -> f64 {
    let ab = b.sub(a);
    let l2 = ab.dot(ab);
    if l2 == 0.0 {
        0.0
    } else {
        p.sub(a).dot(ab) / l2
    }
}

/// Whether segment c–d lies on the line through a–b (both ends within [`LEN_EPS`]).
pub(super) fn collinear(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let l = b.sub(a).len();
    l > 0.0 && (orient(a, b, c) / l).abs() < LEN_EPS && (orient(a, b, d) / l).abs() < LEN_EPS
}

/// The part of segment c–d that overlaps segment a–b when they are collinear, as
/// parameters along a → b in board units (from a), clamped to a–b; None when they are
/// not collinear or overlap by no length.
pub(super) fn overlap(a: Pt, b: Pt, c: Pt, d: Pt) -> Option<(f64, f64)> {
    if !collinear(a, b, c, d) {
        return None;
    }
    let l = b.sub(a).len();
    let (tc, td) = (param(c, a, b) * l, param(d, a, b) * l);
    let (lo, hi) = (tc.min(td).max(0.0), tc.max(td).min(l));
    (hi - lo > LEN_EPS).then_some((lo, hi))
}

/// The parameters t ∈ (0, 1) of segment p → q where it meets segment c–d: one for a
/// crossing, the ends of the overlap when they are collinear.
pub(super) fn crossings(p: Pt, q: Pt, c: Pt, d: Pt, out: &mut Vec<f64>) {
    let r = q.sub(p);
    let s = d.sub(c);
    let den = r.cross(s);
    let inside = |t: f64| t > EPS && t < 1.0 - EPS;
    if den.abs() > EPS {
        let t = c.sub(p).cross(s) / den;
        let u = c.sub(p).cross(r) / den;
        if inside(t) && (-EPS..=1.0 + EPS).contains(&u) {
            out.push(t);
        }
    } else if sign(orient(p, q, c)) == 0 {
        for e in [c, d] {
            let t = param(e, p, q);
            if inside(t) {
                out.push(t);
            }
        }
    }
}

/// The edges of a polygon, each as (from, to), closing it.
pub(super) fn edges(poly: &[Pt]) -> impl Iterator<Item = (Pt, Pt)> + '_ {
    (0..poly.len()).map(move |i| (poly[i], poly[(i + 1) % poly.len()]))
}

/// Twice the signed area of a polygon.
pub(super) fn area2(poly: &[Pt]) -> f64 {
    edges(poly).map(|(a, b)| a.cross(b)).sum()
}

/// Whether `p` lies strictly inside the polygon (not on its boundary).
pub(super) fn strictly_inside(poly: &[Pt], p: Pt) -> bool {
    if edges(poly).any(|(a, b)| dist_to_segment(p, a, b) < LEN_EPS) {
        return false;
    }
    let mut inside = false;
    for (a, b) in edges(poly) {
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Whether the polygon is simple: at least three corners, an area, and no two edges
/// meeting but neighbours at their shared corner.
pub(super) fn simple(poly: &[Pt]) -> bool {
    let n = poly.len();
    if n < 3 || area2(poly).abs() < LEN_EPS {
        return false;
    }
    for i in 0..n {
        for j in i + 1..n {
            let neighbours = j == i + 1 || (i == 0 && j == n - 1);
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let (c, d) = (poly[j], poly[(j + 1) % n]);
            if neighbours {
                // Only the shared corner: not folding back along each other.
                if collinear(a, b, c, d) && b.sub(a).dot(d.sub(c)) < 0.0 {
                    return false;
                }
            } else if segments_meet(a, b, c, d) {
                return false;
            }
        }
    }
    true
}

/// The polygon as triangles (ear clipping); the polygon must be simple.
pub(super) fn triangles(poly: &[Pt]) -> Vec<[Pt; 3]> {
    let mut pts: Vec<Pt> = poly.to_vec();
    if area2(&pts) < 0.0 {
        pts.reverse();
    }
    let mut out = Vec::new();
    let mut guard = 0;
    while pts.len() > 3 && guard < 10_000 {
        guard += 1;
        let n = pts.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
            orient(a, b, c) > EPS
                && pts.iter().all(|&p| {
                    p == a
                        || p == b
                        || p == c
                        || !(orient(a, b, p) >= 0.0 && orient(b, c, p) >= 0.0 && orient(c, a, p) >= 0.0)
                })
        });
        match ear {
            Some(i) => {
                out.push([pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]]);
                pts.remove(i);
            }
            // A collinear corner: drop it.
            None => match (0..n).find(|&i| sign(orient(pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n])) == 0) {
                Some(i) => {
                    pts.remove(i);
                }
                None => break,
            },
        }
    }
    if pts.len() == 3 {
        out.push([pts[0], pts[1], pts[2]]);
    }
    out
}

/// The area two counter-clockwise triangles share (Sutherland–Hodgman).
pub(super) fn shared_area(s: &[Pt; 3], c: &[Pt; 3]) -> f64 {
    let mut poly: Vec<Pt> = s.to_vec();
    for i in 0..3 {
        let (a, b) = (c[i], c[(i + 1) % 3]);
        let input = std::mem::take(&mut poly);
        for j in 0..input.len() {
            let (p, q) = (input[j], input[(j + 1) % input.len()]);
            let (dp, dq) = (orient(a, b, p), orient(a, b, q));
            if dp >= 0.0 {
                poly.push(p);
            }
            if (dp >= 0.0) != (dq >= 0.0) {
                let t = dp / (dp - dq);
                poly.push(p.add(q.sub(p).scale(t)));
            }
        }
        if poly.is_empty() {
            return 0.0;
        }
    }
    area2(&poly).abs() / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Pt> {
        vec![Pt::new(x0, y0), Pt::new(x1, y0), Pt::new(x1, y1), Pt::new(x0, y1)]
    }

    #[test]
    fn segments_touching_meet() {
        let p = Pt::new;
        assert!(segments_meet(p(0., 0.), p(2., 2.), p(0., 2.), p(2., 0.)));
        assert!(segments_meet(p(0., 0.), p(1., 1.), p(1., 1.), p(2., 0.)));
        assert!(segments_meet(p(0., 0.), p(2., 0.), p(1., 0.), p(3., 0.)));
        assert!(!segments_meet(p(0., 0.), p(1., 0.), p(1.5, 0.), p(3., 0.)));
        assert!(!segments_meet(p(0., 0.), p(1., 0.), p(0., 1.), p(1., 1.)));
    }

    #[test]
    fn polygons_inside_and_overlap() {
        let a = rect(0., 0., 2., 2.);
        assert!(strictly_inside(&a, Pt::new(1., 1.)));
        assert!(!strictly_inside(&a, Pt::new(2., 1.)));
        assert!(simple(&a));
        assert!(!simple(&[Pt::new(0., 0.), Pt::new(2., 2.), Pt::new(2., 0.), Pt::new(0., 2.)]));
        let area = |p: &[Pt], q: &[Pt]| -> f64 {
            let (tp, tq) = (triangles(p), triangles(q));
            tp.iter().flat_map(|s| tq.iter().map(move |c| shared_area(s, c))).sum()
        };
        assert!((area(&a, &rect(1., 1., 3., 3.)) - 1.0).abs() < 1e-9);
        assert!(area(&a, &rect(2., 0., 3., 2.)) < 1e-9);
        assert!((area(&a, &a) - 4.0).abs() < 1e-9);
        let l =
            vec![Pt::new(0., 0.), Pt::new(3., 0.), Pt::new(3., 1.), Pt::new(1., 1.), Pt::new(1., 3.), Pt::new(0., 3.)];
        assert_eq!(triangles(&l).len(), 4);
        assert!(area(&l, &rect(1.5, 1.5, 3., 3.)) < 1e-9);
    }
}
