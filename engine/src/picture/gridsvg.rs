//! The SVG of a grid board (`board: {grid: ...}`) as one seat sees it: a square a cell,
//! the grid's tiles apart from the ring's street, the links as doorways, and in each cell
//! what stands there, one short label an object (its `letter` prop, else the initials and
//! number of its name, then its `number` counter when it has one that is not 0; `?` for what the view
//! hides; in italics what is face down but known to the view), the full names in each
//! cell's title. A grid has at most `limits::MAX_NODES` cells, its ring's included, so
//! the drawing and its text are bounded; the picture is shown at most
//! `limits::PICTURE_PIXELS` on its longer side, as a zone map's is.
//! Like the zone map's, it is drawn from the view alone (see the module's notes).

use super::svg::{cut, esc, num, shown};
use super::whose;
use crate::board::grid::Grid;
use crate::view::{ObjectView, View};
use std::fmt::Write as _;

const CELL: f64 = 56.0;
const MARGIN: f64 = 20.0;
const HEAD: f64 = 34.0;

const STYLE: &str = "
.tile { fill: #ead9bb; stroke: #6b5a3e; stroke-width: 1 }
.street { fill: #dcdcdc; stroke: #aaa; stroke-width: 1; stroke-dasharray: 3 2 }
.link { stroke: #b5793a; stroke-width: 6; stroke-linecap: butt }
.coord { fill: #8a8a8a; font-size: 8px }
.label { fill: #1a1a1a; font-size: 11px; text-anchor: middle }
.up { font-weight: bold }
.known { font-style: italic; fill: #1d4f91 }
.hidden { fill: #8a8a8a }
.title { font-weight: bold }
";

/// An object's short label as the view shows it, and its class: `up` (face up), `known`
/// (face down, known to this view), `hidden`.
fn label(o: &ObjectView) -> (String, &'static str) {
    match o {
        ObjectView::Hidden { .. } => ("?".into(), "hidden"),
        ObjectView::Shown { name, props, face_up, counters, .. } => {
            let mut text = match props.get("letter").and_then(|l| l.as_str()) {
                Some(l) => l.to_string(),
                None => short(name),
            };
            if let Some(n) = counters.get("number").filter(|&&n| n != 0) {
                text.push_str(&n.to_string());
            }
            (text, if *face_up { "up" } else { "known" })
        }
    }
}

/// "Guard 5" -> "G5", "Vault (2 blue)" -> "V2": the initials of its words, then its first
/// number.
fn short(name: &str) -> String {
    let mut out = String::new();
    let mut number = String::new();
    for word in name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        match word.chars().next() {
            Some(c) if c.is_ascii_digit() && number.is_empty() => number = word.to_string(),
            Some(c) if c.is_ascii_digit() => {}
            Some(c) if out.chars().count() < 2 => out.extend(c.to_uppercase()),
            _ => {}
        }
    }
    out + &number
}

/// The SVG of `grid` as `view` shows it.
pub fn grid_svg(grid: &Grid, view: &View) -> String {
    let (cols, rows) = (grid.cols() as i32, grid.rows() as i32);
    let ring = i32::from(grid.has_ring());
    let (w, h) = (f64::from(cols + 2 * ring) * CELL, f64::from(rows + 2 * ring) * CELL);
    let title = format!("{}: the board, {}", view.game, whose(view));
    let (width, height) =
        ((w + 2.0 * MARGIN).max(title.chars().count() as f64 * 8.0 + 2.0 * MARGIN), HEAD + h + MARGIN);
    // The top-left corner of cell (c, r).
    let at = |c: i32, r: i32| (MARGIN + f64::from(c + ring) * CELL, HEAD + f64::from(r + ring) * CELL);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{sw}" height="{sh}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        sw = num(shown(width, height).0),
        sh = num(shown(width, height).1),
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, "<title>{}</title>\n<style>{STYLE}</style>", esc(&title));
    let _ = writeln!(s, r#"<text class="title" x="{}" y="20" font-size="14">{}</text>"#, num(MARGIN), esc(&title));
    s.push_str("<g id=\"cells\">\n");
    for i in 0..grid.cells() {
        let (c, r) = grid.coords(i);
        let (x, y) = at(c, r);
        let class = if grid.on_ring(i) { "street" } else { "tile" };
        let name = grid.name(i);
        let mut names = Vec::new();
        let mut labels = Vec::new();
        for zone in view.board.get(&name).into_iter().flat_map(|z| z.values()) {
            for o in &zone.objects {
                labels.push(label(o));
                names.push(match o {
                    ObjectView::Hidden { .. } => "?".to_string(),
                    ObjectView::Shown { name, face_up: false, .. } => format!("{name} (face down)"),
                    ObjectView::Shown { name, .. } => name.clone(),
                });
            }
        }
        let tip = if names.is_empty() { name.clone() } else { format!("{name}: {}", names.join(", ")) };
        let _ = writeln!(
            s,
            r#"<rect class="{class}" id="cell-{name}" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>"#,
            num(x),
            num(y),
            num(CELL),
            num(CELL),
            esc(&tip)
        );
        let _ = writeln!(s, r#"<text class="coord" x="{}" y="{}">{name}</text>"#, num(x + 2.0), num(y + 9.0));
        // Up to three lines of three labels; the rest is in the title.
        for (k, line) in labels.chunks(3).take(3).enumerate() {
            let _ = write!(
                s,
                r#"<text class="label" x="{}" y="{}">"#,
                num(x + CELL / 2.0),
                num(y + 22.0 + 13.0 * k as f64)
            );
            for (j, (text, class)) in line.iter().enumerate() {
                let sep = if j > 0 { " " } else { "" };
                let _ = write!(s, r#"<tspan class="{class}">{sep}{}</tspan>"#, esc(&cut(text, 4)));
            }
            s.push_str("</text>\n");
        }
    }
    s.push_str("</g>\n<g id=\"links\">\n");
    for (outside, inside) in grid.links() {
        // A doorway on the border the two cells share.
        let ((oc, or), (ic, ir)) = (grid.coords(outside), grid.coords(inside));
        let (x, y) = at(ic, ir);
        let (x1, y1, x2, y2) = match (oc - ic, or - ir) {
            (0, -1) => (x + 14.0, y, x + CELL - 14.0, y),
            (0, _) => (x + 14.0, y + CELL, x + CELL - 14.0, y + CELL),
            (-1, _) => (x, y + 14.0, x, y + CELL - 14.0),
            _ => (x + CELL, y + 14.0, x + CELL, y + CELL - 14.0),
        };
        let _ =
            writeln!(s, r#"<line class="link" x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x1), num(y1), num(x2), num(y2));
    }
    s.push_str("</g>\n</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn short_labels_take_initials_and_the_first_number() {
        assert_eq!(short("Guard 5"), "G5");
        assert_eq!(short("Vault (2 blue)"), "VB2");
        assert_eq!(short("lock-down marker"), "LD");
        assert_eq!(short("Patrol"), "P");
    }
}
