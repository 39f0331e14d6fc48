//! The SVG of a grid board (`board: {grid: ...}`) as one seat sees it: a square a cell,
//! the grid's tiles apart from the ring's street, the links as doorways, and in each cell
//! what stands there, one short label an object: its `letter` prop (the letters the
//! game's terminal renderer uses), else the initials of its name, then the first of the
//! game's `picture: {numbers}` (per-object counters, then props) that is not 0 (the
//! `number` counter when none is declared), in lower case when the game's `picture:
//! {down}` counter says it is knocked down. `?` is what the view hides; a face-down
//! object the view knows is in lower case, italic, with `?` (`y4?`); a face-up one
//! stands in bold; one the game's `picture: {beaten}` counter says is beaten is grey and
//! struck out. What a piece carries (the objects of its per-object zones) follows it,
//! underlined (`B $2`). The full names are in each cell's title; below the grid, a legend
//! of every letter drawn (with the names it stands for) and of the styles. A cell holding
//! a piece that a `picture: {marks}` entry with a `counter` names (an entrance whose
//! number the heist's `aims.exits` lists), or a shown piece with a `prop` entry's prop
//! (loot lying there; a vault seen face down) is marked (exit, goal, start: a coloured
//! border each, the next inside, and an entry of the legend with the entry's `label`);
//! under the legend, how to win (the content's `rules: {win}`). The title is shrunk to the
//! picture's width.
//!
//! [`grid_text`] is the same grid in characters, for `:map`: a cell three characters, the
//! same labels, the same legend.
//!
//! A grid has at most `limits::MAX_NODES` cells, its ring's included, so the drawing and
//! its text are bounded; the picture is shown at most `limits::PICTURE_PIXELS` on its
//! longer side, as a zone map's is. Like the zone map's, it is drawn from the view alone
//! (see the module's notes).

use super::setting::Setting;
use super::svg::{cut, esc, num, shown};
use super::whose;
use crate::board::grid::Grid;
use crate::content::MarkKind;
use crate::view::{ObjectView, View};
use std::collections::BTreeMap;
use std::fmt::Write as _;

const CELL: f64 = 56.0;
const MARGIN: f64 = 20.0;
const HEAD: f64 = 34.0;
/// A legend line's height, and the width of a character of it (11 pixels, sans-serif).
const LEGEND_LINE: f64 = 16.0;
const LEGEND_CHAR: f64 = 6.4;

const STYLE: &str = "
.tile { fill: #ead9bb; stroke: #6b5a3e; stroke-width: 1 }
.street { fill: #dcdcdc; stroke: #aaa; stroke-width: 1; stroke-dasharray: 3 2 }
.link { stroke: #b5793a; stroke-width: 6; stroke-linecap: butt }
.coord { fill: #8a8a8a; font-size: 8px }
.label { fill: #1a1a1a; font-size: 11px; text-anchor: middle }
.key { fill: #1a1a1a; font-size: 11px }
.up { font-weight: bold }
.known { font-style: italic; fill: #1d4f91 }
.hidden { fill: #8a8a8a }
.beaten { fill: #9a9a9a; text-decoration: line-through }
.carried { fill: #8a5a00; text-decoration: underline }
.title { font-weight: bold }
.mark-exit { fill: none; stroke: #2e9d32; stroke-width: 4; stroke-opacity: 0.8; stroke-dasharray: 8 4 }
.mark-goal { fill: none; stroke: #e0a000; stroke-width: 4; stroke-opacity: 0.8 }
.mark-start { fill: none; stroke: #1565c0; stroke-width: 4; stroke-opacity: 0.6; stroke-dasharray: 2 3 }
.aim { fill: #1a1a1a; font-size: 11px }
";

/// The marks a cell may carry, their class, and what the legend says of them: the word,
/// then the declaration's `label` or the default.
const MARKS: [(MarkKind, &str, &str, &str); 3] = [
    (MarkKind::Exit, "mark-exit", "exit", "a way out"),
    (MarkKind::Goal, "mark-goal", "goal", "what to reach"),
    (MarkKind::Start, "mark-start", "start", "where pieces start"),
];

/// How an object is drawn: hidden, face down and known, face up, beaten, carried by the
/// piece drawn before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Hidden,
    Known,
    Up,
    Beaten,
    Carried,
}

impl Style {
    fn class(self) -> &'static str {
        match self {
            Style::Hidden => "hidden",
            Style::Known => "known",
            Style::Up => "up",
            Style::Beaten => "beaten",
            Style::Carried => "carried",
        }
    }
}

/// What a shown piece carries: the objects of its per-object zones (by zone id), as the
/// view shows them.
fn carried(o: &ObjectView) -> impl Iterator<Item = &ObjectView> {
    let zones = match o {
        ObjectView::Shown { zones, .. } => Some(zones),
        ObjectView::Hidden { .. } => None,
    };
    zones.into_iter().flat_map(|z| z.values()).flat_map(|z| &z.objects)
}

/// An object's letter (its `letter` prop, else its name's initials), its number (see the
/// module's notes), and how it is drawn.
fn parts(o: &ObjectView, setting: &Setting) -> (String, String, Style) {
    match o {
        ObjectView::Hidden { .. } => ("?".into(), String::new(), Style::Hidden),
        ObjectView::Shown { name, props, face_up, counters, .. } => {
            let letter = match props.get("letter").and_then(|l| l.as_str()) {
                Some(l) => l.to_string(),
                None => short(name),
            };
            let letter = if setting.down(o) { letter.to_lowercase() } else { letter };
            let default = ["number".to_string()];
            let keys = if setting.decl.numbers.is_empty() { &default[..] } else { &setting.decl.numbers[..] };
            let number = keys
                .iter()
                .find_map(|k| {
                    let n = counters.get(k).copied().or_else(|| props.get(k).and_then(|v| v.as_i64()));
                    n.filter(|&n| n != 0)
                })
                .map(|n| n.to_string())
                .unwrap_or_default();
            let style = if setting.beaten(o) {
                Style::Beaten
            } else if *face_up {
                Style::Up
            } else {
                Style::Known
            };
            (letter, number, style)
        }
    }
}

/// An object's short label as the view shows it, and how it is drawn.
fn label(o: &ObjectView, setting: &Setting) -> (String, Style) {
    let (letter, number, style) = parts(o, setting);
    match style {
        Style::Known => (format!("{}{number}?", letter.to_lowercase()), style),
        _ => (letter + &number, style),
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

/// What each cell holds in the view: its labels and the full names, by cell. What a piece
/// carries follows it (`B $2`: Brains carrying the loot worth 2).
fn cell_contents(grid: &Grid, view: &View, setting: &Setting, i: usize) -> (Vec<(String, Style)>, Vec<String>) {
    let mut labels = Vec::new();
    let mut names = Vec::new();
    for zone in view.board.get(&grid.name(i)).into_iter().flat_map(|z| z.values()) {
        for o in &zone.objects {
            let (text, style) = label(o, setting);
            names.push(match o {
                ObjectView::Hidden { .. } => "?".to_string(),
                ObjectView::Shown { name, face_up: false, .. } => format!("{name} (face down)"),
                ObjectView::Shown { name, .. } if style == Style::Beaten => format!("{name} (beaten)"),
                ObjectView::Shown { name, .. } if setting.down(o) => format!("{name} (down)"),
                ObjectView::Shown { name, .. } => name.clone(),
            });
            labels.push((text, style));
            let carrier = match o {
                ObjectView::Shown { name, .. } => name.as_str(),
                ObjectView::Hidden { .. } => "?",
            };
            for c in carried(o) {
                let (text, style) = label(c, setting);
                let style = if style == Style::Hidden { style } else { Style::Carried };
                let name = match c {
                    ObjectView::Shown { name, .. } => name.as_str(),
                    ObjectView::Hidden { .. } => "?",
                };
                names.push(format!("{name} (carried by {carrier})"));
                labels.push((text, style));
            }
        }
    }
    (labels, names)
}

/// The legend's lines: each letter drawn, with the names it stands for (numbers left
/// out: `Y Bystander`), then the styles (as the SVG draws them, or `text` as `:map` does).
pub(super) fn legend(grid: &Grid, view: &View, setting: &Setting, text: bool) -> Vec<String> {
    let mut letters: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut carrying = false;
    for zone in (0..grid.cells()).filter_map(|i| view.board.get(&grid.name(i))).flat_map(|z| z.values()) {
        let pieces = zone.objects.iter().flat_map(|o| {
            let c: Vec<&ObjectView> = carried(o).collect();
            carrying |= !c.is_empty();
            std::iter::once(o).chain(c)
        });
        for o in pieces.collect::<Vec<_>>() {
            let ObjectView::Shown { name, .. } = o else { continue };
            let (letter, _, _) = parts(o, setting);
            let bare: String =
                name.split(|c: char| c.is_ascii_digit() || c == '(').next().unwrap_or(name).trim().to_string();
            let bare = if bare.is_empty() { name.clone() } else { bare };
            let names = letters.entry(letter).or_default();
            if !names.contains(&bare) {
                names.push(bare);
            }
        }
    }
    let mut out: Vec<String> = letters.into_iter().map(|(l, names)| format!("{l} {}", names.join(", "))).collect();
    out.push("? hidden from this view".into());
    out.push("y4? face down, known to this view".into());
    out.push("Y4 face up".into());
    if setting.decl.down.is_some() {
        out.push("b lower case: knocked down".into());
    }
    match (setting.decl.beaten.is_some(), text) {
        (true, true) => out.push(". beaten, or an empty tile".into()),
        (true, false) => out.push("Y4 beaten (struck out)".into()),
        _ => {}
    }
    if carrying && !text {
        out.push("$2 carried by the piece before it".into());
    }
    out
}

/// The SVG of `grid` as `view` shows it, with what `setting` adds.
pub fn grid_svg(grid: &Grid, view: &View, setting: &Setting) -> String {
    let (cols, rows) = (grid.cols() as i32, grid.rows() as i32);
    let ring = i32::from(grid.has_ring());
    let (w, h) = (f64::from(cols + 2 * ring) * CELL, f64::from(rows + 2 * ring) * CELL);
    let title = format!("{}: the board, {}", view.game, whose(view));
    let width = (w + 2.0 * MARGIN).max(480.0);
    // The cells the aims mark (an exit, a goal), and the marks drawn, for the legend.
    let marked: Vec<_> = (0..grid.cells())
        .map(|i| {
            setting
                .marks_of(view.board.get(&grid.name(i)).into_iter().flat_map(|z| z.values()).flat_map(|z| &z.objects))
        })
        .collect();
    let kinds: Vec<(&str, String)> = MARKS
        .iter()
        .filter(|(k, ..)| marked.iter().any(|m| m.contains(k)))
        .map(|&(k, class, word, default)| (class, format!("{word}: {}", setting.mark_label(k, default))))
        .collect();
    // The legend in rows of entries, as many as fit across: the letters and styles, then
    // the marks (a sample border before each).
    let entries = legend(grid, view, setting, false);
    let widths = entries.iter().map(|e| e.chars().count() as f64 * LEGEND_CHAR + 18.0);
    let widths = widths.chain(kinds.iter().map(|(_, what)| what.chars().count() as f64 * LEGEND_CHAR + 44.0));
    let mut places = Vec::new();
    let (mut x, mut line) = (MARGIN, 0.0);
    for ew in widths {
        if x > MARGIN && x + ew > width - MARGIN {
            x = MARGIN;
            line += 1.0;
        }
        places.push((x, line));
        x += ew;
    }
    let legend_top = HEAD + h + 18.0;
    // How to win, under the legend, in lines that fit across.
    let columns = ((width - 2.0 * MARGIN) / LEGEND_CHAR) as usize;
    let aim =
        setting.aim.as_deref().map(|a| super::chars::wrap(&format!("To win: {a}"), columns, 0)).unwrap_or_default();
    let aim_top = legend_top + (line + 1.0) * LEGEND_LINE + 4.0;
    let height = aim_top + aim.len() as f64 * LEGEND_LINE + MARGIN;
    // The title at 14 pixels, smaller when it would not fit across (7.7 pixels a
    // character of bold sans-serif at 14).
    let title_size = (14.0 * (width - 2.0 * MARGIN) / (title.chars().count().max(1) as f64 * 7.7)).clamp(6.0, 14.0);
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
    let _ = writeln!(
        s,
        r#"<text class="title" x="{}" y="22" font-size="{}">{}</text>"#,
        num(MARGIN),
        num(title_size),
        esc(&title)
    );
    s.push_str("<g id=\"cells\">\n");
    for (i, marks) in marked.iter().enumerate() {
        let (c, r) = grid.coords(i);
        let (x, y) = at(c, r);
        let class = if grid.on_ring(i) { "street" } else { "tile" };
        let name = grid.name(i);
        let (labels, names) = cell_contents(grid, view, setting, i);
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
        // Each mark a border, the next inside the one before, so that both show.
        for (k, (_, class, ..)) in MARKS.iter().filter(|(kind, ..)| marks.contains(kind)).enumerate() {
            let inset = 3.0 + 5.0 * k as f64;
            let _ = writeln!(
                s,
                r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}"/>"#,
                num(x + inset),
                num(y + inset),
                num(CELL - 2.0 * inset),
                num(CELL - 2.0 * inset)
            );
        }
        // Up to three lines of three labels; the rest is in the title.
        for (k, line) in labels.chunks(3).take(3).enumerate() {
            let _ = write!(
                s,
                r#"<text class="label" x="{}" y="{}">"#,
                num(x + CELL / 2.0),
                num(y + 22.0 + 13.0 * k as f64)
            );
            for (j, (text, style)) in line.iter().enumerate() {
                let sep = if j > 0 { " " } else { "" };
                let _ = write!(s, r#"<tspan class="{}">{sep}{}</tspan>"#, style.class(), esc(&cut(text, 4)));
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
    s.push_str("</g>\n<g id=\"legend\">\n");
    for (e, &(x, line)) in entries.iter().zip(&places) {
        // The sample (what comes before the first space) in its style, then what it is.
        let (sample, what) = e.split_once(' ').unwrap_or((e, ""));
        let style = match e.as_str() {
            _ if e.starts_with("? ") => Style::Hidden,
            _ if e.starts_with("y4?") => Style::Known,
            _ if e.contains("beaten") => Style::Beaten,
            _ if e.contains("carried") => Style::Carried,
            _ => Style::Up,
        };
        let _ = writeln!(
            s,
            r#"<text class="key" x="{}" y="{}"><tspan class="{}">{}</tspan> {}</text>"#,
            num(x),
            num(legend_top + line * LEGEND_LINE),
            style.class(),
            esc(sample),
            esc(what)
        );
    }
    let mark_places = places.iter().skip(entries.len());
    for ((class, what), (x, line)) in kinds.iter().zip(mark_places) {
        let y = legend_top + line * LEGEND_LINE;
        let _ = writeln!(s, r#"<rect class="{class}" x="{}" y="{}" width="18" height="10"/>"#, num(*x), num(y - 9.0));
        let _ = writeln!(s, r#"<text class="key" x="{}" y="{}">{}</text>"#, num(x + 24.0), num(y), esc(what));
    }
    s.push_str("</g>\n");
    if !aim.is_empty() {
        s.push_str("<g id=\"aim\">\n");
        for (k, l) in aim.iter().enumerate() {
            let y = aim_top + k as f64 * LEGEND_LINE;
            let _ = writeln!(s, r#"<text class="aim" x="{}" y="{}">{}</text>"#, num(MARGIN), num(y), esc(l));
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// The grid in characters, for `:map`: a title, the column numbers, a row of cells three
/// characters wide each, and the legend; lines cut to `columns`. A cell shows the labels
/// of the SVG of its first zone (by id) that holds anything (`+` when more than fit; `.`
/// a beaten object or an empty tile, blank the empty street).
pub fn grid_text(grid: &Grid, view: &View, setting: &Setting, columns: usize) -> String {
    let (cols, rows) = (grid.cols() as i32, grid.rows() as i32);
    let ring = i32::from(grid.has_ring());
    let mut out = vec![format!("{}: the board ({} x {}), {}", view.game, cols, rows, whose(view))];
    let mut head = String::from("    ");
    for c in -ring..cols + ring {
        head.push_str(&format!("{c:^3} "));
    }
    out.push(head.trim_end().to_string());
    for r in -ring..rows + ring {
        let mut line = format!("{r:>3} ");
        for c in -ring..cols + ring {
            let cell = match grid.index(c, r) {
                Some(i) => {
                    // The first of the cell's zones (by id) that holds anything, as the
                    // pieces stand on the tile; a beaten object is `.`.
                    let zones = view.board.get(&grid.name(i));
                    let top = zones.into_iter().flat_map(|z| z.values()).find(|z| !z.objects.is_empty());
                    let labels: Vec<(String, Style)> =
                        top.into_iter().flat_map(|z| &z.objects).map(|o| label(o, setting)).collect();
                    let mut text: String = labels
                        .iter()
                        .map(|(t, style)| if *style == Style::Beaten { "." } else { t.as_str() })
                        .collect::<Vec<_>>()
                        .join("");
                    if text.chars().count() > 3 {
                        text = text.chars().take(2).collect::<String>() + "+";
                    }
                    if text.is_empty() && !grid.on_ring(i) {
                        text = ".".into();
                    }
                    text
                }
                None => String::new(),
            };
            line.push_str(&format!("{cell:^3} "));
        }
        out.push(line.trim_end().to_string());
    }
    let entries = legend(grid, view, setting, true);
    let mut line = String::new();
    for e in entries {
        if !line.is_empty() && line.chars().count() + 3 + e.chars().count() > columns {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(";  ");
        }
        line.push_str(&e);
    }
    out.push(line);
    out.iter().map(|l| cut(l, columns.max(10))).collect::<Vec<_>>().join("\n")
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
