//! A zone map as an SVG file a browser opens: the board, each zone (indoors and out in
//! two fills, its border dashed) with its id, its name and what stands there in the
//! view, walls and fences, openings by kind (a locked cell door red and crossed), trees,
//! the centre circles and the breached borders; a legend below.
//!
//! The drawing is to scale (40 pixels a unit; a board is at most `limits::MAP_EXTENT`
//! units on a side); the picture is shown at most `limits::PICTURE_PIXELS` on its longer
//! side, smaller when the drawing is larger ([`shown`]), so its size is bounded whatever
//! the board's proportions.
//!
//! Every text is escaped; a zone's list of what stands there is cut to the lines the
//! zone has room for (`+N more`), and the whole list is the zone's `<title>` (a browser
//! shows it on hover).

use super::{changed_borders, item, several_kinds, standing, whose};
use crate::limits::PICTURE_PIXELS;
use crate::view::View;
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
";

/// The SVG of `map` as `view` shows it (see the module's notes).
pub fn svg(map: &ZoneMap, view: &View) -> String {
    let (w, h) = (map.width * SCALE, map.height * SCALE);
    let width = (w + 2.0 * MARGIN).max(MIN_WIDTH);
    let (_, legend_height) = legend_places(width, 0.0);
    let height = HEAD + h + 10.0 + legend_height + MARGIN;
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
            esc(&zone_title(view, &z.id, &z.name))
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
    s.push_str("</g>\n<g id=\"labels\">\n");
    for z in map.zones() {
        labels(&mut s, view, z, at);
    }
    s.push_str("</g>\n");
    legend(&mut s, width, HEAD + h + 10.0);
    s.push_str("</svg>\n");
    s
}

/// A zone's id at its centre, its name at its top and what stands there below the name,
/// cut to the room the zone has.
fn labels(s: &mut String, view: &View, z: &crate::zonemap::Zone, at: impl Fn(Pt) -> (f64, f64)) {
    let (cx, cy) = at(z.centre);
    let _ = writeln!(s, r#"<text class="id" x="{}" y="{}">{}</text>"#, num(cx), num(cy), esc(&z.id));
    // The zone's box, in pixels.
    let xs = z.poly.iter().map(|&p| at(p).0);
    let ys = z.poly.iter().map(|&p| at(p).1);
    let (left, right) = (xs.clone().fold(f64::MAX, f64::min), xs.fold(f64::MIN, f64::max));
    let (top, bottom) = (ys.clone().fold(f64::MAX, f64::min), ys.fold(f64::MIN, f64::max));
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
    let lines = stand_lines(view, &z.id);
    if lines.is_empty() {
        return;
    }
    let step = LINE_SIZE + 2.0;
    let first = top + 4.0 + name_size + step;
    let fit = (((bottom - 2.0 - first) / step).floor() as usize + 1).max(1);
    let cols = (room / (CHAR_WIDTH * LINE_SIZE)).floor().max(4.0) as usize;
    let shown = if lines.len() > fit { fit - 1 } else { lines.len() };
    for (i, (text, hidden)) in lines.iter().take(shown).enumerate() {
        let class = if *hidden { "stand hidden" } else { "stand" };
        let _ = writeln!(
            s,
            r#"<text class="{class}" x="{}" y="{}">{}</text>"#,
            num(left + 4.0),
            num(first + i as f64 * step),
            esc(&cut(text, cols))
        );
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

/// The lines of what stands in zone `id`: one per name (`Deputy ×2`, `?` for what the
/// seat cannot see), with the per-node zone's id first when the board has several;
/// each with whether it is the hidden objects' line.
fn stand_lines(view: &View, id: &str) -> Vec<(String, bool)> {
    let kinds = several_kinds(view);
    let mut out = Vec::new();
    for st in standing(view, id) {
        for (name, n) in &st.items {
            let text = item(name, *n, "×");
            let text = if kinds { format!("{}: {text}", st.zone) } else { text };
            out.push((text, name == "?"));
        }
    }
    out
}

/// A zone's tooltip: its id, its name and all that stands there.
fn zone_title(view: &View, id: &str, name: &str) -> String {
    let mut t = format!("{id}: {name}");
    for (line, _) in stand_lines(view, id) {
        t.push_str("\n  ");
        t.push_str(&line);
    }
    t
}

fn circle(s: &mut String, class: &str, (x, y): (f64, f64), r: f64) {
    let _ = writeln!(s, r#"<circle class="{class}" cx="{}" cy="{}" r="{}"/>"#, num(x), num(y), num(r));
}

fn line(s: &mut String, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ =
        writeln!(s, r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x1), num(y1), num(x2), num(y2));
}

/// The legend's entries: the class of a sample and what it is.
const KEY: [(&str, &str); 12] = [
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
    ("stand hidden", "? = hidden from this view"),
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
            "tree" | "centre" => {
                let _ = writeln!(s, r#"<circle class="{class}" cx="{}" cy="{}" r="6"/>"#, num(x + 12.0), num(y));
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
        let text = svg(&map, &view);
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
        let text = svg(&map, &view);
        well_formed(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(text.matches("cell_door locked").count(), 1, "nothing locked but the legend's sample");
        assert!(!text.contains("<path class=\"lock\""));
        assert_eq!(text.matches(r#"<line class="opening cell_door""#).count(), 2);
        assert!(text.contains("more</text>"), "{text}");
        assert!(text.contains("…</text>"), "long names are cut: {text}");
        // The tooltip holds it all.
        assert!(text.contains("\n  Deputy number 29 of the county</title>"), "{text}");
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
