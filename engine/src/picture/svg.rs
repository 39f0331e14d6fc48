//! A zone map as an SVG file a browser opens: the board, each zone (indoors and out in
//! two fills, its border dashed) with its id, its name and what stands there in the
//! view, walls and fences, openings by kind (a locked cell door red and crossed), trees,
//! the centre circles and the breached borders; the places the scenario marks (starts,
//! goals, exits: a coloured border and a tag); below the board the sides in their colours,
//! those hiding, those who left alive and the dead, then a legend.
//!
//! What stands in a zone is a line each: a seat's piece (the game's `picture: {owner}`)
//! as a token, a disc in its side's colour, then its name, its wounds as red marks and
//! `ambush` with a dashed ring when it lies in ambush; a piece hiding (`picture:
//! {hiding}`), dashed and marked `hiding`, in the zone where the view says it hides (its
//! player's view, the omniscient one); anything else grouped by name (`nugget ×2`, `?`
//! for what the view hides). All of it from the view's objects and the content's
//! [`Setting`], never from the state.
//!
//! The drawing is to scale (40 pixels a unit; a board is at most `limits::MAP_EXTENT`
//! units on a side); the picture is shown at most `limits::PICTURE_PIXELS` on its longer
//! side, smaller when the drawing is larger ([`shown`]), so its size is bounded whatever
//! the board's proportions.
//!
//! Every text is escaped; a zone's list of what stands there is cut to the lines the
//! zone has room for (`+N more`), and the whole list is the zone's `<title>` (a browser
//! shows it on hover).

use super::setting::{side_of, sides, Setting, Token};
use super::{changed_borders, item, several_kinds, whose};
use crate::content::MarkKind;
use crate::limits::PICTURE_PIXELS;
use crate::view::{ObjectView, View};
use crate::zonemap::{OpeningKind, Pt, WallKind, ZoneMap};
use std::fmt::Write;

/// Pixels per board unit.
const SCALE: f64 = 40.0;
/// The margin around the board, the band above it (the title) and below it (the legend).
const MARGIN: f64 = 16.0;
const HEAD: f64 = 28.0;
/// The narrowest picture: a small board is drawn at the left, the legend beside it.
const MIN_WIDTH: f64 = 480.0;
/// Text sizes in pixels: a zone's name line and its list's lines.
const NAME_SIZE: f64 = 11.0;
const LINE_SIZE: f64 = 10.0;
/// The width of a character as a share of the font size (a sans-serif's, roughly).
const CHAR_WIDTH: f64 = 0.6;

const STYLE: &str = "
.board { fill: #f7f3ea; stroke: #444; stroke-width: 1 }
.zone { stroke: #8a8a8a; stroke-width: 1; stroke-dasharray: 4 3 }
.indoor { fill: #ead9bb }
.outdoor { fill: #dfead0 }
.wall { stroke: #2b2b2b; stroke-width: 5; stroke-linecap: square }
.fence { stroke: #7a5a2e; stroke-width: 3; stroke-dasharray: 7 3 }
.opening { stroke-width: 5; stroke-linecap: butt }
.door { stroke: #b5793a }
.window { stroke: #6fb3e0 }
.gate { stroke: #4e9a3a; stroke-dasharray: 5 2 }
.barred { stroke: #555; stroke-dasharray: 2 2 }
.cell_door { stroke: #8a55b5; stroke-dasharray: 6 2 }
.locked { stroke: #d0202a; stroke-width: 7; stroke-dasharray: none }
.lock { stroke: #d0202a; stroke-width: 2.5; fill: none }
.breached { stroke: #ff8c00; stroke-width: 9; stroke-opacity: 0.75; stroke-dasharray: 3 3 }
.tree { fill: #2f7d32; stroke: #1b4d1d; stroke-width: 1 }
.centre { fill: none; stroke: #666; stroke-width: 1; stroke-dasharray: 2 2 }
.id { font-weight: bold; fill: #555; text-anchor: middle; dominant-baseline: central }
.name { font-weight: bold; fill: #222 }
.stand { fill: #1a1a1a }
.hidden { fill: #8a8a8a }
.title { font-weight: bold }
.legend { fill: #222 }
.token { stroke: #1a1a1a; stroke-width: 1 }
.ambush { fill: none; stroke: #1a1a1a; stroke-width: 1.5; stroke-dasharray: 2 2 }
.wound { fill: #d0202a; font-weight: bold; font-size: 14px; letter-spacing: 1px }
.amb { fill: #1b4d1d; font-style: italic }
.dead { fill: #666; text-decoration: line-through }
.cross { stroke: #1a1a1a; stroke-width: 1.5 }
.token.hiding { fill-opacity: 0.35; stroke-dasharray: 2 1.5 }
.hid { fill: #555; font-style: italic }
.mark-start { fill: none; stroke: #1565c0; stroke-width: 4; stroke-opacity: 0.6; stroke-dasharray: 2 3 }
.mark-goal { fill: none; stroke: #e0a000; stroke-width: 5; stroke-opacity: 0.7 }
.mark-exit { fill: none; stroke: #2e9d32; stroke-width: 5; stroke-opacity: 0.7; stroke-dasharray: 8 4 }
.tag { font-size: 9px; font-weight: bold }
.tag-start { fill: #1565c0 }
.tag-goal { fill: #9a6b00 }
.tag-exit { fill: #1f7a23 }
.s0 { fill: #d32f2f } .s1 { fill: #1e63c4 } .s2 { fill: #2e9d32 } .s3 { fill: #f08a00 }
.s4 { fill: #8e3fb0 } .s5 { fill: #00a0a8 } .s6 { fill: #8d6e63 } .s7 { fill: #e91e8c }
";

/// How many side colours there are (`.s0` ...); sides past them take them again.
const COLOURS: usize = 8;
/// The band below the board: the sides' line and the dead's.
const BAND_LINE: f64 = 20.0;

/// The SVG of `map` as `view` shows it, with what `setting` adds (see the module's notes).
pub fn svg(map: &ZoneMap, view: &View, setting: &Setting) -> String {
    let (w, h) = (map.width * SCALE, map.height * SCALE);
    let width = (w + 2.0 * MARGIN).max(MIN_WIDTH);
    let (_, legend_height) = legend_places(width, 0.0);
    let band = band_lines(view, setting) as f64 * BAND_LINE;
    let hidden = hidden_at(map, view, setting);
    let height = HEAD + h + 10.0 + band + legend_height + MARGIN;
    let at = |p: Pt| (MARGIN + p.x * SCALE, HEAD + p.y * SCALE);
    let (locked, breached) = changed_borders(map, view);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="sans-serif" font-size="{}">"#,
        num(shown(width, height).0),
        num(shown(width, height).1),
        num(width),
        num(height),
        num(LINE_SIZE)
    );
    let title = format!("{}: {}, {}", view.game, map.id, whose(view));
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    let _ = writeln!(s, "<style>{STYLE}</style>");
    let _ = writeln!(
        s,
        r#"<text class="title" x="{}" y="{}" font-size="14">{}</text>"#,
        num(MARGIN),
        num(19.0),
        esc(&title)
    );
    let _ = writeln!(
        s,
        r#"<rect class="board" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(MARGIN),
        num(HEAD),
        num(w),
        num(h)
    );

    s.push_str("<g id=\"zones\">\n");
    for z in map.zones() {
        let points: Vec<String> =
            z.poly.iter().map(|&p| at(p)).map(|(x, y)| format!("{},{}", num(x), num(y))).collect();
        let class = if z.indoor { "indoor" } else { "outdoor" };
        let _ = writeln!(
            s,
            r#"<polygon class="zone {class}" id="zone-{}" points="{}"><title>{}</title></polygon>"#,
            esc(&z.id),
            points.join(" "),
            esc(&zone_title(view, setting, &hidden, &z.id, &z.name))
        );
    }
    s.push_str("</g>\n<g id=\"centres\">\n");
    for z in map.zones() {
        circle(&mut s, "centre", at(z.centre), map.centre_radius * SCALE);
    }
    s.push_str("</g>\n<g id=\"walls\">\n");
    for &(p, q, kind) in &map.walls {
        let class = match kind {
            WallKind::Wall => "wall",
            WallKind::Fence => "fence",
        };
        line(&mut s, class, at(p), at(q));
    }
    s.push_str("</g>\n<g id=\"openings\">\n");
    for (o, &(p, q, kind)) in map.openings.iter().enumerate() {
        let is_locked = kind == OpeningKind::CellDoor && map.opening_borders(o).iter().any(|k| locked.contains(k));
        let class = match kind {
            OpeningKind::Door => "opening door",
            OpeningKind::Window => "opening window",
            OpeningKind::Gate => "opening gate",
            OpeningKind::Barred => "opening barred",
            OpeningKind::CellDoor if is_locked => "opening cell_door locked",
            OpeningKind::CellDoor => "opening cell_door",
        };
        line(&mut s, class, at(p), at(q));
        if is_locked {
            // A cross on the door's middle.
            let ((x0, y0), (x1, y1)) = (at(p), at(q));
            let (cx, cy, r) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0, 6.0);
            let _ = writeln!(
                s,
                r#"<path class="lock" d="M{} {} L{} {} M{} {} L{} {}"/>"#,
                num(cx - r),
                num(cy - r),
                num(cx + r),
                num(cy + r),
                num(cx - r),
                num(cy + r),
                num(cx + r),
                num(cy - r)
            );
        }
    }
    s.push_str("</g>\n<g id=\"breached\">\n");
    for &k in &breached {
        for &(p, q) in map.border_pieces(k) {
            line(&mut s, "breached", at(p), at(q));
        }
    }
    s.push_str("</g>\n<g id=\"trees\">\n");
    for &t in &map.trees {
        circle(&mut s, "tree", at(t), map.tree_radius * SCALE);
    }
    s.push_str("</g>\n<g id=\"marks\">\n");
    for z in map.zones() {
        marks(&mut s, setting, z, at);
    }
    s.push_str("</g>\n<g id=\"labels\">\n");
    for z in map.zones() {
        labels(&mut s, view, setting, &hidden, z, at);
    }
    s.push_str("</g>\n");
    band_draw(&mut s, map, view, setting, width, HEAD + h + 10.0);
    legend(&mut s, width, HEAD + h + 10.0 + band);
    s.push_str("</svg>\n");
    s
}

/// The tokens of the pieces hiding where the view knows they hide, by zone id.
type Hidden = std::collections::BTreeMap<String, Vec<Line>>;

/// The pieces hiding (`picture: {hiding}`) that the view places, as tokens by zone.
fn hidden_at(map: &ZoneMap, view: &View, setting: &Setting) -> Hidden {
    let order = sides(view);
    let mut out = Hidden::new();
    for h in setting.hiding(view) {
        let Some(zone) = h.place.and_then(|p| map.zones().get(p - 1)) else { continue };
        let Some(t) = setting.token(h.piece) else { continue };
        let colour = order.iter().position(|x| *x == side_of(view, h.seat)).unwrap_or(order.len());
        out.entry(zone.id.clone()).or_default().push(Line::Token(Token { hiding: true, ..t }, colour));
    }
    out
}

/// A zone's id at its centre, its name at its top and what stands there below the name,
/// cut to the room the zone has above its marks' tags.
fn labels(
    s: &mut String,
    view: &View,
    setting: &Setting,
    hidden: &Hidden,
    z: &crate::zonemap::Zone,
    at: impl Fn(Pt) -> (f64, f64),
) {
    let (cx, cy) = at(z.centre);
    let _ = writeln!(s, r#"<text class="id" x="{}" y="{}">{}</text>"#, num(cx), num(cy), esc(&z.id));
    let (left, right, top, bottom) = bounds(z, &at);
    let bottom = bottom - TAG_STEP * setting.marks.get(&z.id).map_or(0, |m| m.len()) as f64;
    let room = (right - left - 8.0).max(10.0);
    let name_size = NAME_SIZE.min(room / (CHAR_WIDTH * z.name.chars().count().max(1) as f64)).max(6.0);
    let _ = writeln!(
        s,
        r#"<text class="name" x="{}" y="{}" font-size="{}">{}</text>"#,
        num(left + 4.0),
        num(top + 4.0 + name_size),
        num(name_size),
        esc(&z.name)
    );
    let lines = stand_lines(view, setting, hidden, &z.id);
    if lines.is_empty() {
        return;
    }
    let step = LINE_SIZE + 3.0;
    let first = top + 4.0 + name_size + step;
    let fit = (((bottom - 2.0 - first) / step).floor() as usize + 1).max(1);
    let cols = (room / (CHAR_WIDTH * LINE_SIZE)).floor().max(4.0) as usize;
    let shown = if lines.len() > fit { fit - 1 } else { lines.len() };
    for (i, line) in lines.iter().take(shown).enumerate() {
        let y = first + i as f64 * step;
        match line {
            Line::Thing(text, hidden) => {
                let class = if *hidden { "stand hidden" } else { "stand" };
                let _ = writeln!(
                    s,
                    r#"<text class="{class}" x="{}" y="{}">{}</text>"#,
                    num(left + 4.0),
                    num(y),
                    esc(&cut(text, cols))
                );
            }
            Line::Token(t, colour) => token(s, t, *colour, left + 4.0, y, cols.saturating_sub(2), ""),
        }
    }
    if shown < lines.len() {
        let _ = writeln!(
            s,
            r#"<text class="stand" x="{}" y="{}">{}</text>"#,
            num(left + 4.0),
            num(first + shown as f64 * step),
            esc(&format!("+{} more", lines.len() - shown))
        );
    }
}

/// The box of zone `z` in pixels: left, right, top, bottom.
fn bounds(z: &crate::zonemap::Zone, at: &impl Fn(Pt) -> (f64, f64)) -> (f64, f64, f64, f64) {
    let xs = z.poly.iter().map(|&p| at(p).0);
    let ys = z.poly.iter().map(|&p| at(p).1);
    let (left, right) = (xs.clone().fold(f64::MAX, f64::min), xs.fold(f64::MIN, f64::max));
    let (top, bottom) = (ys.clone().fold(f64::MAX, f64::min), ys.fold(f64::MIN, f64::max));
    (left, right, top, bottom)
}

/// A token on the line whose baseline is `y`, from `x`: a disc in the colour of its
/// side (ringed, dashed, in ambush), its name cut to `cols`, its wounds as red marks,
/// `ambush`, `hiding` (its disc dashed); `class` is added to the name's (`dead`, crossed
/// out, with a cross on the disc; `hiding`, the disc dashed, no word).
fn token(s: &mut String, t: &Token, colour: usize, x: f64, y: f64, cols: usize, class: &str) {
    let (cx, cy) = (x + 5.0, y - 3.5);
    let _ = writeln!(
        s,
        r#"<circle class="token s{}{}" cx="{}" cy="{}" r="5"><title>{}</title></circle>"#,
        colour % COLOURS,
        if t.hiding || class == "hiding" { " hiding" } else { "" },
        num(cx),
        num(cy),
        esc(&t.name)
    );
    if t.ambush {
        let _ = writeln!(s, r#"<circle class="ambush" cx="{}" cy="{}" r="7.5"/>"#, num(cx), num(cy));
    }
    if class == "dead" {
        let _ = writeln!(
            s,
            r#"<path class="cross" d="M{} {} L{} {} M{} {} L{} {}"/>"#,
            num(cx - 4.0),
            num(cy - 4.0),
            num(cx + 4.0),
            num(cy + 4.0),
            num(cx - 4.0),
            num(cy + 4.0),
            num(cx + 4.0),
            num(cy - 4.0)
        );
    }
    // The name gives way to the wounds, and the word `ambush` to both where room is short
    // (the dashed ring says it still).
    let wounds = t.wounds.clamp(0, 6) as usize;
    let marks_cols = if wounds > 0 { wounds + 1 } else { 0 };
    let word = t.ambush && cols >= 20 + marks_cols;
    // A piece hiding says so, before anything else gives way.
    let hid = if t.hiding { 7 } else { 0 };
    let name_cols = cols.saturating_sub(marks_cols + hid + if word { 7 } else { 0 }).max(3);
    let name_class = if class.is_empty() { "stand".to_string() } else { format!("stand {class}") };
    let _ = write!(
        s,
        r#"<text class="{name_class}" x="{}" y="{}">{}"#,
        num(x + 13.0),
        num(y),
        esc(&cut(&t.name, name_cols))
    );
    if wounds > 0 {
        let marks = "\u{2022}".repeat(wounds);
        let _ = write!(s, r#"<tspan class="wound"> {marks}</tspan>"#);
    }
    if word {
        s.push_str(r#"<tspan class="amb"> ambush</tspan>"#);
    }
    if t.hiding {
        s.push_str(r#"<tspan class="hid"> hiding</tspan>"#);
    }
    s.push_str("</text>\n");
}

/// One line of what stands in a zone: a seat's piece, with its side's colour (an index
/// into the colours), or a group of other things by name, with whether it is the hidden
/// objects' line.
#[derive(Clone)]
enum Line {
    Token(Token, usize),
    Thing(String, bool),
}

/// The lines of what stands in zone `id`: each token, those hiding there that the view
/// places, then everything else grouped by name (`nugget ×2`, `?` for what the seat
/// cannot see), with the per-node zone's id first when the board has several.
fn stand_lines(view: &View, setting: &Setting, hidden: &Hidden, id: &str) -> Vec<Line> {
    let kinds = several_kinds(view);
    let order = sides(view);
    let mut tokens = Vec::new();
    let mut things = Vec::new();
    for (zone, zv) in view.board.get(id).into_iter().flatten() {
        let mut groups: Vec<(String, usize)> = Vec::new();
        for o in &zv.objects {
            if let Some(t) = setting.token(o) {
                let side = side_of(view, t.owner.unwrap_or(0));
                let colour = order.iter().position(|x| *x == side).unwrap_or(order.len());
                tokens.push(Line::Token(t, colour));
                continue;
            }
            let name = match o {
                ObjectView::Hidden { .. } => "?",
                ObjectView::Shown { name, .. } => name.as_str(),
            };
            match groups.iter_mut().find(|(n, _)| n == name) {
                Some((_, k)) => *k += 1,
                None => groups.push((name.to_string(), 1)),
            }
        }
        for (name, n) in groups {
            let text = item(&name, n, "\u{d7}");
            let text = if kinds { format!("{zone}: {text}") } else { text };
            things.push(Line::Thing(text, name == "?"));
        }
    }
    tokens.extend(hidden.get(id).into_iter().flatten().cloned());
    tokens.extend(things);
    tokens
}

/// A zone's tooltip: its id, its name, its marks and all that stands there.
fn zone_title(view: &View, setting: &Setting, hidden: &Hidden, id: &str, name: &str) -> String {
    let mut t = format!("{id}: {name}");
    for (kind, labels) in setting.marks.get(id).into_iter().flatten() {
        t.push_str(&format!("\n  {}", tag_text(*kind, labels)));
    }
    for line in stand_lines(view, setting, hidden, id) {
        t.push_str("\n  ");
        match line {
            Line::Thing(text, _) => t.push_str(&text),
            Line::Token(tk, _) => {
                t.push_str(&tk.name);
                if tk.wounds > 0 {
                    t.push_str(&format!(", {} wound{}", tk.wounds, if tk.wounds == 1 { "" } else { "s" }));
                }
                if tk.ambush {
                    t.push_str(", in ambush");
                }
                if tk.hiding {
                    t.push_str(", hiding");
                }
            }
        }
    }
    t
}

/// The height of a mark's tag line.
const TAG_STEP: f64 = 11.0;

/// A mark's tag: `EXIT: Desperados`.
fn tag_text(kind: MarkKind, labels: &[String]) -> String {
    let word = match kind {
        MarkKind::Start => "START",
        MarkKind::Goal => "GOAL",
        MarkKind::Exit => "EXIT",
    };
    if labels.is_empty() {
        word.to_string()
    } else {
        format!("{word}: {}", labels.join(", "))
    }
}

fn mark_class(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Start => "start",
        MarkKind::Goal => "goal",
        MarkKind::Exit => "exit",
    }
}

/// Zone `z`'s marks: its border in each mark's colour, and a tag a kind at its bottom.
fn marks(s: &mut String, setting: &Setting, z: &crate::zonemap::Zone, at: impl Fn(Pt) -> (f64, f64)) {
    let Some(marks) = setting.marks.get(&z.id) else { return };
    let (left, right, _, bottom) = bounds(z, &at);
    let cols = ((right - left - 8.0) / (CHAR_WIDTH * 9.0)).floor().max(4.0) as usize;
    for (i, (kind, labels)) in marks.iter().rev().enumerate() {
        let class = mark_class(*kind);
        let inset = 3.0 + 4.0 * i as f64;
        // The border a little inside the zone's, so that two marks show side by side.
        let inner: Vec<String> = z
            .poly
            .iter()
            .map(|&p| {
                let (x, y) = at(p);
                let (cx, cy) = at(z.centre);
                let (dx, dy) = (cx - x, cy - y);
                let d = (dx * dx + dy * dy).sqrt().max(1.0);
                format!("{},{}", num(x + dx / d * inset), num(y + dy / d * inset))
            })
            .collect();
        let _ = writeln!(s, r#"<polygon class="mark-{class}" points="{}"/>"#, inner.join(" "));
        let _ = writeln!(
            s,
            r#"<text class="tag tag-{class}" x="{}" y="{}">{}</text>"#,
            num(left + 5.0),
            num(bottom - 6.0 - TAG_STEP * i as f64),
            esc(&cut(&tag_text(*kind, labels), cols))
        );
    }
}

/// How many lines the band below the board has: the sides (when any seat's piece is a
/// token), those hiding, the escaped and the dead (when the game declares them and there
/// are any).
fn band_lines(view: &View, setting: &Setting) -> usize {
    usize::from(setting.decl.owner.is_some())
        + usize::from(!setting.hiding(view).is_empty())
        + usize::from(!setting.escaped(view).is_empty())
        + usize::from(!setting.dead(view).is_empty())
}

/// The band below the board, from `y`: each side in its colour with its seats' names;
/// then those hiding (where, when the view knows); then those who left the board alive;
/// then the dead, crossed out.
fn band_draw(s: &mut String, map: &ZoneMap, view: &View, setting: &Setting, width: f64, y: f64) {
    let mut y = y + 12.0;
    let cols = ((width - 2.0 * MARGIN) / (CHAR_WIDTH * LINE_SIZE)) as usize;
    let order = sides(view);
    if setting.decl.owner.is_some() {
        s.push_str("<g id=\"sides\">\n");
        let mut x = MARGIN;
        for (i, side) in order.iter().enumerate() {
            let seats: Vec<&str> = (1..=view.seats.len())
                .filter(|&k| side_of(view, k) == *side)
                .map(|k| view.seats[k - 1].name.as_str())
                .collect();
            let text = format!("{} ({})", setting.side_name(side), seats.join(", "));
            let t = Token { name: text.clone(), ..Token::default() };
            token(s, &t, i, x, y, cols, "");
            x += 24.0 + text.chars().count() as f64 * CHAR_WIDTH * LINE_SIZE;
        }
        s.push_str("</g>\n");
        y += BAND_LINE;
    }
    let hiders = setting.hiding(view);
    if !hiders.is_empty() {
        s.push_str("<g id=\"hiding\">\n");
        let _ = writeln!(s, r#"<text class="legend" x="{}" y="{}">hiding:</text>"#, num(MARGIN), num(y));
        let mut x = MARGIN + 8.0 + CHAR_WIDTH * LINE_SIZE * 7.0;
        for h in &hiders {
            let colour = order.iter().position(|x| *x == side_of(view, h.seat)).unwrap_or(order.len());
            let name = match h.piece {
                ObjectView::Shown { name, .. } => name.clone(),
                ObjectView::Hidden { .. } => "?".into(),
            };
            // Where, for a view that knows it.
            let place = h.place.and_then(|p| map.zones().get(p - 1)).map(|z| format!(" in {}", z.name));
            let t = Token { name: name + &place.unwrap_or_default(), ..Token::default() };
            token(s, &t, colour, x, y, t.name.chars().count() + 1, "hiding");
            x += 24.0 + t.name.chars().count() as f64 * CHAR_WIDTH * LINE_SIZE;
        }
        s.push_str("</g>\n");
        y += BAND_LINE;
    }
    for (id, pieces) in [("escaped", setting.escaped(view)), ("dead", setting.dead(view))] {
        if pieces.is_empty() {
            continue;
        }
        let _ = writeln!(s, "<g id=\"{id}\">");
        let _ = writeln!(s, r#"<text class="legend" x="{}" y="{}">{id}:</text>"#, num(MARGIN), num(y));
        let mut x = MARGIN + 8.0 + CHAR_WIDTH * LINE_SIZE * (id.len() + 1) as f64;
        for o in pieces {
            let (t, colour) = match (setting.token(o), o) {
                (Some(t), _) => {
                    let side = side_of(view, t.owner.unwrap_or(0));
                    let colour = order.iter().position(|x| *x == side).unwrap_or(order.len());
                    (t, colour)
                }
                (None, ObjectView::Shown { name, .. }) => {
                    (Token { name: name.clone(), ..Token::default() }, order.len())
                }
                (None, ObjectView::Hidden { .. }) => (Token { name: "?".into(), ..Token::default() }, order.len()),
            };
            let t = Token { wounds: 0, ambush: false, ..t };
            token(s, &t, colour, x, y, cols, if id == "dead" { "dead" } else { "" });
            x += 24.0 + t.name.chars().count() as f64 * CHAR_WIDTH * LINE_SIZE;
        }
        s.push_str("</g>\n");
        y += BAND_LINE;
    }
}

fn circle(s: &mut String, class: &str, (x, y): (f64, f64), r: f64) {
    let _ = writeln!(s, r#"<circle class="{class}" cx="{}" cy="{}" r="{}"/>"#, num(x), num(y), num(r));
}

fn line(s: &mut String, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ =
        writeln!(s, r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x1), num(y1), num(x2), num(y2));
}

/// The legend's entries: the class of a sample and what it is.
const KEY: [(&str, &str); 18] = [
    ("wall", "wall"),
    ("fence", "fence"),
    ("opening door", "door"),
    ("opening window", "window"),
    ("opening gate", "gate"),
    ("opening barred", "barred window"),
    ("opening cell_door", "cell door"),
    ("opening cell_door locked", "cell door, locked"),
    ("breached", "breached border"),
    ("tree", "tree"),
    ("centre", "zone centre"),
    ("token", "a piece, its side's colour"),
    ("ambush", "in ambush"),
    ("hiding", "hiding"),
    ("mark-start", "start"),
    ("mark-goal", "goal"),
    ("mark-exit", "exit"),
    ("stand hidden", "? = hidden from this view; red \u{2022} a wound"),
];

/// Where each legend entry goes in a picture `width` wide, from `y`: rows of entries,
/// as many as fit a row. Returns each entry's place and the legend's height.
fn legend_places(width: f64, y: f64) -> (Vec<(f64, f64)>, f64) {
    let mut places = Vec::new();
    let (mut x, mut row) = (MARGIN, 0.0);
    for (class, label) in KEY {
        let sample = if class == "stand hidden" { 0.0 } else { 30.0 };
        let w = sample + label.chars().count() as f64 * CHAR_WIDTH * LINE_SIZE + 18.0;
        if x > MARGIN && x + w > width - MARGIN {
            x = MARGIN;
            row += 1.0;
        }
        places.push((x, y + row * 20.0 + 6.0));
        x += w;
    }
    (places, (row + 1.0) * 20.0 + 6.0)
}

/// The legend, from `y`: a sample of each stroke and what it is.
fn legend(s: &mut String, width: f64, y: f64) {
    s.push_str("<g id=\"legend\">\n");
    let (places, _) = legend_places(width, y);
    for ((class, label), (x, y)) in KEY.iter().zip(places) {
        match *class {
            "tree" | "centre" | "ambush" => {
                let _ = writeln!(s, r#"<circle class="{class}" cx="{}" cy="{}" r="6"/>"#, num(x + 12.0), num(y));
            }
            "token" => {
                let _ = writeln!(s, r#"<circle class="token s0" cx="{}" cy="{}" r="5"/>"#, num(x + 6.0), num(y));
                let _ = writeln!(s, r#"<circle class="token s1" cx="{}" cy="{}" r="5"/>"#, num(x + 18.0), num(y));
            }
            "hiding" => {
                let _ =
                    writeln!(s, r#"<circle class="token s0 hiding" cx="{}" cy="{}" r="5"/>"#, num(x + 12.0), num(y));
            }
            "mark-start" | "mark-goal" | "mark-exit" => {
                let _ = writeln!(
                    s,
                    r#"<rect class="{class}" x="{}" y="{}" width="22" height="12"/>"#,
                    num(x + 1.0),
                    num(y - 6.0)
                );
            }
            "stand hidden" => {}
            _ => line(s, class, (x, y), (x + 24.0, y)),
        }
        let _ = writeln!(
            s,
            r#"<text class="legend" x="{}" y="{}" dominant-baseline="central">{}</text>"#,
            num(if *class == "stand hidden" { x } else { x + 30.0 }),
            num(y),
            esc(label)
        );
    }
    s.push_str("</g>\n");
}

/// `text` cut to `cols` characters, with `…` when it was longer.
pub(super) fn cut(text: &str, cols: usize) -> String {
    if text.chars().count() <= cols {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(cols.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// The size a picture drawn `width` × `height` is shown at: its own, or scaled down to at
/// most [`PICTURE_PIXELS`] on its longer side, its proportions kept (the `viewBox` keeps
/// the drawing whole, so nothing is lost but size). A picture whose size is no positive
/// finite number is shown at its limit.
pub(super) fn shown(width: f64, height: f64) -> (f64, f64) {
    let fits = |v: f64| (0.0..=PICTURE_PIXELS).contains(&v);
    if fits(width) && fits(height) {
        return (width, height);
    }
    let longer = width.max(height);
    let k = if longer.is_finite() && longer > 0.0 { PICTURE_PIXELS / longer } else { 0.0 };
    let side = |v: f64| {
        let x = v * k;
        if x.is_finite() {
            x.clamp(1.0, PICTURE_PIXELS)
        } else {
            PICTURE_PIXELS
        }
    };
    (side(width), side(height))
}

/// A number as SVG reads it: at most two decimals, no trailing zeros.
pub(super) fn num(v: f64) -> String {
    let t = format!("{v:.2}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" {
        "0".into()
    } else {
        t.into()
    }
}

/// Text escaped for XML, in elements and in quoted attributes alike; characters XML 1.0
/// does not allow (control characters) are left out.
pub(super) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::{rooms, view};
    use super::*;

    /// Checks that `text` is well-formed XML as far as an SVG needs: one root element,
    /// every tag closed in order, attributes quoted, only the five named entities and
    /// numeric ones, no `<` or stray `&` in text. Returns the element names, in order.
    pub fn well_formed(text: &str) -> Result<Vec<String>, String> {
        let body = text.strip_prefix(r#"<?xml version="1.0" encoding="UTF-8"?>"#).ok_or("no XML declaration")?;
        let mut stack: Vec<String> = Vec::new();
        let mut names = Vec::new();
        let mut rest = body;
        let mut roots = 0;
        let entities = |t: &str| -> Result<(), String> {
            let mut r = t;
            while let Some(i) = r.find('&') {
                let after = &r[i + 1..];
                let end = after.find(';').ok_or_else(|| format!("an & with no ; in {t:?}"))?;
                let e = &after[..end];
                let ok = ["amp", "lt", "gt", "quot", "apos"].contains(&e)
                    || e.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
                if !ok {
                    return Err(format!("unknown entity &{e};"));
                }
                r = &after[end + 1..];
            }
            Ok(())
        };
        while let Some(open) = rest.find('<') {
            let text = &rest[..open];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            entities(text)?;
            let close = rest[open..].find('>').ok_or("a tag is not closed")? + open;
            let tag = &rest[open + 1..close];
            rest = &rest[close + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let top = stack.pop().ok_or_else(|| format!("</{name}> closes nothing"))?;
                if top != name.trim() {
                    return Err(format!("</{name}> closes <{top}>"));
                }
                continue;
            }
            let empty = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name: String = tag.chars().take_while(|c| !c.is_whitespace()).collect();
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == ':' || c == '_') {
                return Err(format!("a bad element name in <{tag}>"));
            }
            // Attributes: name="value", values with no < and good entities.
            let mut attrs = tag[name.len()..].trim();
            while !attrs.is_empty() {
                let eq = attrs.find('=').ok_or_else(|| format!("an attribute with no value in <{tag}>"))?;
                let quote = attrs[eq + 1..].chars().next().ok_or("an attribute with no value")?;
                if quote != '"' && quote != '\'' {
                    return Err(format!("an unquoted attribute in <{tag}>"));
                }
                let value_end = attrs[eq + 2..].find(quote).ok_or("an attribute's quote is not closed")? + eq + 2;
                let value = &attrs[eq + 2..value_end];
                if value.contains('<') {
                    return Err(format!("a < in an attribute of <{tag}>"));
                }
                entities(value)?;
                attrs = attrs[value_end + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.clone());
            if !empty {
                stack.push(name);
            }
        }
        if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
            return Err(format!("unclosed: {stack:?}, {roots} roots"));
        }
        Ok(names)
    }

    #[test]
    fn the_checker_catches_what_is_not_xml() {
        assert!(well_formed(r#"<?xml version="1.0" encoding="UTF-8"?><a b="1"><c/>x &amp; y</a>"#).is_ok());
        for bad in ["<a><b></a></b>", "<a>x & y</a>", "<a b=1/>", "<a/><b/>", "<a>&nbsp;</a>", "<a b=\"<\"/>", "<a>"] {
            let text = format!(r#"<?xml version="1.0" encoding="UTF-8"?>{bad}"#);
            assert!(well_formed(&text).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_svg_is_well_formed_and_draws_every_kind_of_thing() {
        let (map, view) = (rooms(), view());
        let text = svg(&map, &view, &Setting::default());
        let names = well_formed(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(names[0], "svg");
        assert!(text.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
        // Zones, with their names escaped.
        assert_eq!(text.matches("<polygon class=\"zone").count(), 3);
        assert!(text.contains(">Bar &amp; &lt;Grill&gt;</text>"), "{text}");
        assert!(text.contains(">Back &quot;room&quot;</text>"), "{text}");
        assert!(text.contains(r#"<text class="id" x="56" y="68">A</text>"#), "{text}");
        // Walls and fences, openings, the locked cell door crossed, the breach, the tree,
        // the centres.
        assert_eq!(text.matches(r#"<line class="wall""#).count(), 3, "two walls, and the legend's");
        assert_eq!(text.matches(r#"<line class="fence""#).count(), 3);
        assert_eq!(text.matches(r#"<line class="opening cell_door locked""#).count(), 2);
        assert_eq!(text.matches(r#"<path class="lock""#).count(), 1);
        assert_eq!(text.matches(r#"<line class="opening gate""#).count(), 2);
        assert_eq!(text.matches(r#"<line class="breached""#).count(), 2, "B - C, and the legend's");
        assert_eq!(text.matches(r#"<circle class="tree""#).count(), 2);
        assert_eq!(text.matches(r#"<circle class="centre""#).count(), 4);
        // What stands there: names grouped, the hidden ones as "?".
        assert!(text.contains(">Deputy ×2</text>"), "{text}");
        assert!(text.contains(">Smith &amp; Wes…</text>"), "cut to the zone's width: {text}");
        assert_eq!(text.matches(r#"<text class="stand hidden""#).count(), 2, "one in A, one in C");
        assert!(text.contains("the view of Ann"));
    }

    #[test]
    fn an_unlocked_door_and_a_zone_too_full_to_list() {
        let map = rooms();
        let mut view = view();
        view.map = None;
        let here = view.board.get_mut("A").and_then(|z| z.get_mut("here")).unwrap();
        for i in 0..30 {
            here.objects.push(super::super::tests::shown(&format!("Deputy number {i} of the county")));
        }
        let text = svg(&map, &view, &Setting::default());
        well_formed(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(text.matches("cell_door locked").count(), 1, "nothing locked but the legend's sample");
        assert!(!text.contains("<path class=\"lock\""));
        assert_eq!(text.matches(r#"<line class="opening cell_door""#).count(), 2);
        assert!(text.contains("more</text>"), "{text}");
        assert!(text.contains("…</text>"), "long names are cut: {text}");
        // The tooltip holds it all.
        assert!(text.contains("\n  Deputy number 29 of the county</title>"), "{text}");
    }

    /// Ann (Law) and Bob (Desperados): Ted, Ann's, wounded twice in A; Fred, Bob's, in
    /// ambush in C; Jim dead; exits in C, Ted's start in A. `hide_fred`: the view hides
    /// Fred (as a seat's view hides what it may not see).
    fn game_view(hide_fred: bool) -> (View, Setting) {
        use crate::content::{MarkKind, PictureDecl};
        use crate::view::{SeatView, ZoneView};
        use std::collections::BTreeMap;
        let piece = |name: &str, seat: i64, wounds: i64, ambush: i64| {
            let mut o = super::super::tests::shown(name);
            if let ObjectView::Shown { counters, .. } = &mut o {
                counters.extend([("seat".to_string(), seat), ("wounds".into(), wounds), ("ambush".into(), ambush)]);
            }
            o
        };
        let mut v = view();
        let seat = |name: &str, team: &str| SeatView {
            name: name.into(),
            role: None,
            team: Some(team.into()),
            eliminated: false,
            counters: BTreeMap::new(),
            zones: BTreeMap::new(),
            dice: Vec::new(),
        };
        v.seats = vec![seat("Ann", "law"), seat("Bob", "desperados")];
        v.board.get_mut("A").unwrap().get_mut("here").unwrap().objects.push(piece("Sheriff Ted", 1, 2, 0));
        let fred = if hide_fred { ObjectView::Hidden { hidden: true } } else { piece("Fred", 2, 0, 1) };
        v.board.get_mut("C").unwrap().get_mut("here").unwrap().objects = vec![fred];
        v.zones.insert("dead".into(), ZoneView { count: 1, objects: vec![piece("Deputy Jim", 1, 3, 0)] });
        let decl = PictureDecl {
            owner: Some("seat".into()),
            wounds: Some("wounds".into()),
            ambush: Some("ambush".into()),
            dead: Some("dead".into()),
            ..Default::default()
        };
        let mut setting = Setting { decl, ..Default::default() };
        setting.sides.insert("law".into(), "Law".into());
        setting.marks.insert("C".into(), BTreeMap::from([(MarkKind::Exit, vec!["Desperados".to_string()])]));
        setting.marks.insert("A".into(), BTreeMap::from([(MarkKind::Start, vec!["Sheriff Ted".to_string()])]));
        (v, setting)
    }

    #[test]
    fn tokens_show_side_wounds_ambush_and_the_dead_and_marks_show_exits_and_starts() {
        let (v, setting) = game_view(false);
        let text = svg(&rooms(), &v, &setting);
        well_formed(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // Ted in Law's colour (the first side), Fred in the Desperados'.
        assert!(
            text.contains(r#"r="5"><title>Sheriff Ted</title>"#)
                && text.contains(r#"<circle class="token s0" cx="25""#)
        );
        assert!(text.contains(r#"<title>Fred</title>"#) && text.contains(r#"class="token s1""#), "{text}");
        // Ted's two wounds, Fred's ambush (ring and word); the tooltip says both.
        assert!(text.contains("<tspan class=\"wound\"> \u{2022}\u{2022}</tspan></text>"), "{text}");
        assert_eq!(text.matches(r#"<circle class="ambush""#).count(), 2, "Fred's ring and the legend's");
        assert!(text.contains("Sheriff Ted, 2 wounds") && text.contains("Fred, in ambush"), "{text}");
        // The dead, crossed out; the sides with their seats, Law by the name the data gives.
        let dead = &text[text.find("<g id=\"dead\">").expect("the dead")..];
        assert!(
            dead.contains(r#"class="stand dead""#) && dead.contains("Deputy Jim") && dead.contains("class=\"cross\"")
        );
        assert!(text.contains(">Law (Ann)</text>") && text.contains(">desperados (Bob)</text>"), "{text}");
        // The marks: a border and a tag each.
        assert!(text.contains(r#"<polygon class="mark-exit""#) && text.contains(">EXIT: Desper…</text>"), "{text}");
        assert!(
            text.contains(r#"<polygon class="mark-start""#) && text.contains(">START: Sheri…</text>"),
            "cut to the zone"
        );
    }

    #[test]
    fn a_piece_the_view_hides_is_no_token_and_tells_nothing_of_itself() {
        let (v, setting) = game_view(true);
        let text = svg(&rooms(), &v, &setting);
        well_formed(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(!text.contains("Fred") && !text.contains(r#"<tspan class="amb">"#), "{text}");
        assert_eq!(text.matches(r#"<circle class="ambush""#).count(), 1, "the legend's alone");
        assert!(text.contains("C: Yard\n  EXIT: Desperados\n  ?</title>"), "a ? in C: {text}");
    }

    #[test]
    fn a_picture_is_shown_at_most_the_bound_on_a_side() {
        assert_eq!(shown(960.0, 700.0), (960.0, 700.0), "a town, as drawn");
        assert_eq!(shown(480.0, 4e16), (1.0, PICTURE_PIXELS), "a street 10^15 units high");
        assert_eq!(shown(2.0 * PICTURE_PIXELS, PICTURE_PIXELS), (PICTURE_PIXELS, PICTURE_PIXELS / 2.0));
        for (w, h) in [(f64::NAN, 10.0), (f64::INFINITY, 1.0), (1e308 * 10.0, f64::NAN)] {
            let (a, b) = shown(w, h);
            assert!(a.is_finite() && b.is_finite() && a <= PICTURE_PIXELS && b <= PICTURE_PIXELS, "{w} {h}");
        }
    }

    #[test]
    fn text_is_escaped_and_numbers_are_short() {
        assert_eq!(esc("a<b>&\"c'\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(
            (num(1.0), num(2.5), num(0.126), num(-0.0001)),
            ("1".into(), "2.5".into(), "0.13".into(), "0".into())
        );
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("abc", 4), "abc");
    }
}
