//! The pictures a loaded mutant board must draw within bounds, whatever its proportions:
//! a zone map's `:map` text and SVG, a grid's SVG, for seat 1 and for the omniscient view,
//! as `posse svg`, `:map` and `:svg` draw them (`posse::picture`).
//!
//! The bounds are those of `engine/src/limits.rs`: a `:map` grid at most the columns it
//! is given wide and `PICTURE_ROWS` high, an SVG shown at most `PICTURE_PIXELS` on a side.
//! A picture that would be huge is caught here as a broken bound, or by the worker's
//! memory limit as an abort, before it reaches a person's terminal or disk.

use posse::limits::{PICTURE_PIXELS, PICTURE_ROWS};
use posse::{Content, Game};

/// The widths `:map` is drawn at: the widest the REPL uses, and a narrow terminal's.
const COLUMNS: [usize; 2] = [79, 20];

/// Draws every picture of `game`'s board; Ok says what was drawn ("" for a board with no
/// picture; a zone map 100 times as long as it is wide or more is of extreme proportions),
/// Err which bound a picture broke.
pub fn draw(content: &Content, game: &Game) -> Result<&'static str, String> {
    let mut drawn = "";
    for seat in [Some(1), None] {
        let view = game.view(seat);
        if let Some(map) = content.map.as_deref() {
            for columns in COLUMNS {
                let grid = posse::picture::grid(map, &view, columns);
                if grid.len() > PICTURE_ROWS {
                    return Err(format!("the :map grid at {columns} columns has {} rows", grid.len()));
                }
                if let Some(line) = grid.iter().find(|l| l.chars().count() > columns) {
                    return Err(format!(
                        "a :map grid line at {columns} columns is {} wide: {line:?}",
                        line.chars().count()
                    ));
                }
                let _ = posse::picture::text(map, &view, columns);
            }
            shown_size(&posse::picture::svg(map, &view, &Default::default()))?;
            let (long, short) = (map.width.max(map.height), map.width.min(map.height));
            drawn = if long >= 100.0 * short { "a zone map of extreme proportions drawn" } else { "a zone map drawn" };
        }
        if let Some(grid) = content.grid.as_deref() {
            shown_size(&posse::picture::grid_svg(grid, &view, &Default::default()))?;
            drawn = "a grid drawn";
        }
    }
    Ok(drawn)
}

/// Checks an SVG's shown size (its root's `width` and `height`) against the bound.
fn shown_size(svg: &str) -> Result<(), String> {
    let head = svg.find("<svg ").map(|at| &svg[at..]).ok_or("an SVG without an <svg> element")?;
    let head = &head[..head.find('>').ok_or("an unclosed <svg> element")?];
    for name in ["width", "height"] {
        let key = format!(" {name}=\"");
        let at = head.find(&key).ok_or_else(|| format!("an SVG without a {name}: {head}"))? + key.len();
        let value = &head[at..at + head[at..].find('"').ok_or("an unquoted attribute")?];
        let px: f64 = value.parse().map_err(|_| format!("an SVG {name} that is not a number: {value:?}"))?;
        if !(px.is_finite() && px > 0.0 && px <= PICTURE_PIXELS) {
            return Err(format!("an SVG shown {value} pixels in {name} (at most {PICTURE_PIXELS}): {head}"));
        }
    }
    Ok(())
}
