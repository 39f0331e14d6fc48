//! A zone map in characters, for a terminal: a grid scaled from the board's units (three
//! columns a unit across at most, and half as many rows a unit down, since a character
//! is about twice as tall as it is wide; smaller when the board would not fit the
//! columns given or `limits::PICTURE_ROWS` rows, so the grid is bounded whatever the
//! board's proportions), each zone's id at its centre with how many things stand there; then
//! the legend, what the game changed on the map, and each zone with its name and what
//! stands there in the view.
//!
//! Strokes are drawn in order, each over the ones before: zone borders, walls and
//! fences, openings, breached borders, trees, then the ids.

use super::{changed_borders, item, several_kinds, standing, whose};
use crate::limits::PICTURE_ROWS;
use crate::view::View;
use crate::zonemap::{OpeningKind, Pt, WallKind, ZoneMap};

/// What the grid's characters are.
pub const LEGEND: [&str; 2] = [
    "= | wall   - ! fence   d door   w window   G gate   b barred window",
    "c cell door   X locked cell door   * breached   T tree   . : zone border",
];

/// The grid of `map` as `view` shows it, at most `columns` wide.
pub fn grid(map: &ZoneMap, view: &View, columns: usize) -> Vec<String> {
    let mut c = Canvas::new(map, columns);
    let (locked, breached) = changed_borders(map, view);
    for z in map.zones() {
        for i in 0..z.poly.len() {
            c.stroke(z.poly[i], z.poly[(i + 1) % z.poly.len()], ['.', ':', '.']);
        }
    }
    for &(p, q, kind) in &map.walls {
        let chars = match kind {
            WallKind::Wall => ['=', '|', '#'],
            WallKind::Fence => ['-', '!', '-'],
        };
        c.stroke(p, q, chars);
    }
    for (o, &(p, q, kind)) in map.openings.iter().enumerate() {
        let ch = match kind {
            OpeningKind::Door => 'd',
            OpeningKind::Window => 'w',
            OpeningKind::Gate => 'G',
            OpeningKind::Barred => 'b',
            OpeningKind::CellDoor if map.opening_borders(o).iter().any(|k| locked.contains(k)) => 'X',
            OpeningKind::CellDoor => 'c',
        };
        c.stroke(p, q, [ch; 3]);
    }
    for &k in &breached {
        for &(p, q) in map.border_pieces(k) {
            c.stroke(p, q, ['*'; 3]);
        }
    }
    for &t in &map.trees {
        let (x, y) = c.cell(t);
        c.cells[y][x] = 'T';
    }
    for z in map.zones() {
        let (cx, cy) = c.cell(z.centre);
        // The columns inside the zone's box.
        let left = z.poly.iter().map(|&p| c.cell(p).0).min().unwrap_or(0) + 1;
        let right = z.poly.iter().map(|&p| c.cell(p).0).max().unwrap_or(0).saturating_sub(1);
        let bottom = z.poly.iter().map(|&p| c.cell(p).1).max().unwrap_or(0);
        c.write(&z.id, cx, cy, left, right);
        let n: usize = standing(view, &z.id).iter().flat_map(|s| &s.items).map(|(_, n)| n).sum();
        if n > 0 && cy + 1 < bottom {
            c.write(&format!("({n})"), cx, cy + 1, left, right);
        }
    }
    c.cells.iter().map(|row| row.iter().collect::<String>().trim_end().to_string()).collect()
}

/// Each zone of `map`, one entry a zone (wrapped to `columns`): its id, its name and
/// what stands there in `view`; then the cell doors locked and the borders breached.
pub fn listing(map: &ZoneMap, view: &View, columns: usize) -> Vec<String> {
    let width = map.zones().iter().map(|z| z.id.chars().count()).max().unwrap_or(0);
    let kinds = several_kinds(view);
    let mut out = Vec::new();
    for z in map.zones() {
        let mut line = format!("{:width$}  {}", z.id, z.name);
        let groups: Vec<String> = standing(view, &z.id)
            .iter()
            .map(|s| {
                let items: Vec<String> = s.items.iter().map(|(name, n)| item(name, *n, "x")).collect();
                if kinds {
                    format!("{}: {}", s.zone, items.join(", "))
                } else {
                    items.join(", ")
                }
            })
            .collect();
        if !groups.is_empty() {
            line.push_str(": ");
            line.push_str(&groups.join("; "));
        }
        out.extend(wrap(&line, columns, width + 2));
    }
    if let Some(m) = &view.map {
        let pairs = |list: &[[String; 2]]| list.iter().map(|[a, b]| format!("{a}-{b}")).collect::<Vec<_>>().join(", ");
        if !m.locked.is_empty() {
            out.extend(wrap(&format!("cell doors locked: {}", pairs(&m.locked)), columns, 2));
        }
        if !m.breached.is_empty() {
            out.extend(wrap(&format!("borders breached: {}", pairs(&m.breached)), columns, 2));
        }
    }
    out
}

/// What `:map` shows of a zone map: a title, the grid, the legend and the listing, at
/// most `columns` wide.
pub fn text(map: &ZoneMap, view: &View, columns: usize) -> String {
    let mut out = vec![format!("{}: {} ({} zones), {}", view.game, map.id, map.len(), whose(view))];
    out.extend(grid(map, view, columns));
    out.extend(LEGEND.iter().map(|l| l.to_string()));
    out.extend(listing(map, view, columns));
    out.join("\n")
}

/// The characters of a grid and its scale (columns and rows a board unit).
struct Canvas {
    cells: Vec<Vec<char>>,
    sx: f64,
    sy: f64,
}

impl Canvas {
    fn new(map: &ZoneMap, columns: usize) -> Canvas {
        // One scale both ways (a row is two columns high), the largest at which the board
        // fits both the columns and `PICTURE_ROWS`: whatever its proportions, the grid is
        // at most `columns` by `PICTURE_ROWS`. A board no drawing can measure (not a
        // positive finite size, which a loaded map always has) is drawn on one cell.
        let fit = |room: usize, extent: f64| if extent > 0.0 { (room - 1) as f64 / extent } else { f64::INFINITY };
        let sx = 3.0_f64.min(fit(columns.max(10), map.width)).min(2.0 * fit(PICTURE_ROWS, map.height));
        let sx = if sx.is_finite() && sx > 0.0 { sx } else { 0.0 };
        let sy = sx / 2.0;
        let cols = ((map.width * sx).round() as usize).min(columns.max(10) - 1) + 1;
        let rows = ((map.height * sy).round() as usize).min(PICTURE_ROWS - 1) + 1;
        Canvas { cells: vec![vec![' '; cols]; rows], sx, sy }
    }

    /// The cell a point of the board falls in.
    fn cell(&self, p: Pt) -> (usize, usize) {
        let clamp = |v: f64, n: usize| (v.round().max(0.0) as usize).min(n - 1);
        (clamp(p.x * self.sx, self.cells[0].len()), clamp(p.y * self.sy, self.cells.len()))
    }

    /// Draws the segment p–q with `chars` (across, down, slanted); a stroke across
    /// meeting one down makes a `+`.
    fn stroke(&mut self, p: Pt, q: Pt, [across, down, slanted]: [char; 3]) {
        let (dx, dy) = ((q.x - p.x) * self.sx, (q.y - p.y) * self.sy);
        let ch = if dy.abs() <= dx.abs() * 0.25 {
            across
        } else if dx.abs() <= dy.abs() * 0.25 {
            down
        } else {
            slanted
        };
        // Two points a cell, but never more than the grid has cells across and down: a
        // stroke that runs far off the board costs no more than one across it.
        let most = 2 * (self.cells.len() + self.cells[0].len());
        let steps = ((dx.abs().max(dy.abs()) * 2.0).ceil() as usize).min(most) + 1;
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            let (x, y) = self.cell(Pt::new(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t));
            let old = self.cells[y][x];
            self.cells[y][x] = match (old, ch) {
                ('=', '|') | ('|', '=') | ('+', '=' | '|') => '+',
                _ => ch,
            };
        }
    }

    /// Writes `text` centred on column `cx` of row `y`, kept within columns
    /// `left..=right` (cut when it does not fit).
    fn write(&mut self, text: &str, cx: usize, y: usize, left: usize, right: usize) {
        if right < left {
            return;
        }
        let room = right - left + 1;
        let chars: Vec<char> = text.chars().take(room).collect();
        let start = cx.saturating_sub(chars.len() / 2).clamp(left, right + 1 - chars.len());
        for (i, ch) in chars.into_iter().enumerate() {
            self.cells[y][start + i] = ch;
        }
    }
}

/// `text` broken between words into lines of at most `columns` characters, the lines
/// after the first indented by `indent`.
pub(super) fn wrap(text: &str, columns: usize, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // Whether the line holds nothing but its indent yet.
    let mut fresh = true;
    for word in text.split(' ') {
        if !fresh && line.chars().count() + 1 + word.chars().count() > columns {
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::super::tests::{rooms, view};
    use super::*;

    #[test]
    fn the_grid_draws_walls_openings_locks_breaches_and_ids() {
        let (map, view) = (rooms(), view());
        let g = grid(&map, &view, 80);
        // 6 x 2 units: 19 columns, 4 rows.
        assert_eq!(g.len(), 4, "{g:#?}");
        assert!(g.iter().all(|l| l.chars().count() <= 19), "{g:#?}");
        let all = g.join("\n");
        assert!(all.contains('X'), "the locked cell door: {all}");
        assert!(all.contains('*'), "the breach: {all}");
        assert!(all.contains('T'), "the tree: {all}");
        assert!(g[2].contains(" A ") && g[2].contains(" B ") && g[2].contains(" C"), "{all}");
        assert!(g[0].contains('.'), "zone borders: {all}");
    }

    #[test]
    fn the_listing_says_what_stands_where_as_the_view_shows_it() {
        let (map, view) = (rooms(), view());
        let l = listing(&map, &view, 80);
        assert_eq!(l[0], "A  Bar & <Grill>: Deputy x2, ?, Smith & Wesson");
        assert_eq!(l[1], "B  Back \"room\"");
        assert_eq!(l[2], "C  Yard: ?");
        assert_eq!(l[3], "cell doors locked: A-B");
        assert_eq!(l[4], "borders breached: B-C");
        let narrow = listing(&map, &view, 20);
        assert!(narrow.iter().all(|l| l.chars().count() <= 20), "{narrow:#?}");
        assert!(narrow[1].starts_with("   "), "{narrow:#?}");
    }

    #[test]
    fn the_text_fits_its_columns() {
        let t = text(&rooms(), &view(), 79);
        assert!(t.lines().all(|l| l.chars().count() <= 79), "{t}");
        assert!(t.starts_with("rooms: rooms (3 zones), the view of Ann"), "{t}");
    }

    #[test]
    fn wrapping_keeps_words_and_indents() {
        assert_eq!(wrap("aa bb cc dd", 6, 2), vec!["aa bb", "  cc", "  dd"]);
        assert_eq!(wrap("short", 80, 4), vec!["short"]);
    }
}
