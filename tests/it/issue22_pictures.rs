//! Issue 22, item 6: pictures are bounded whatever a map's proportions. A zone map larger
//! than `limits::MAP_EXTENT` on a side is refused at load, at its board's line; one at the
//! bound, 1 unit wide and 1000 high, draws a `:map` grid within the columns given and
//! `limits::PICTURE_ROWS`, and an SVG shown at most `limits::PICTURE_PIXELS` on a side
//! (fixture `tests/fixtures/tallmap`). A grid's picture is bounded by its cells.

use posse::board::grid::{Grid, GridSpec};
use posse::limits::{MAP_EXTENT, MAX_NODES, PICTURE_PIXELS, PICTURE_ROWS};
use posse::Content;
use posse_tests::*;
use std::path::PathBuf;

fn tallmap() -> PathBuf {
    fixtures().join("tallmap")
}

/// The `width` and `height` attributes of an SVG's root, and its viewBox's.
fn sizes(svg: &str) -> ((f64, f64), (f64, f64)) {
    let head = &svg[svg.find("<svg ").expect("an svg")..];
    let head = &head[..head.find('>').expect("closed")];
    let attr = |name: &str| -> String {
        let at = head.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("{name} in {head}")) + name.len() + 3;
        head[at..at + head[at..].find('"').expect("quoted")].to_string()
    };
    let f = |s: &str| s.parse::<f64>().unwrap_or_else(|_| panic!("a number: {s}"));
    let vb: Vec<f64> = attr("viewBox").split(' ').map(f).collect();
    ((f(&attr("width")), f(&attr("height"))), (vb[2], vb[3]))
}

#[test]
fn a_map_10_to_the_15_high_is_refused_at_its_boards_line() {
    let e = match Content::load(&tallmap(), "towering") {
        Ok(_) => panic!("a map 10^15 high must not load"),
        Err(e) => e.to_string(),
    };
    assert!(
        e.contains("scenarios/towering/map.yaml:2: board: 1 x 1000000000000000: a zone map is at most 1000 units"),
        "{e}"
    );
    assert_eq!(MAP_EXTENT, 1000.0, "the message above names the bound");
}

#[test]
fn walls_openings_and_trees_off_the_board_are_refused_at_their_lines() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "issue22_off_board").join("tallmap");
    let map = "scenarios/tall/map.yaml";
    let extra = "walls:\n  - [0, 500, 1, 500, fence]\n  - [0, 0, 0, 1000000000000000, wall]\n\
                 openings:\n  - [0, 1e300, 1, 1e300, gate]\ntrees:\n  - [0.5, -1e15]\n";
    edit(
        &root,
        map,
        "  S: [0, 500, 1, 1000, \"South end\", false]\n",
        &format!("  S: [0, 500, 1, 1000, \"South end\", false]\n{extra}"),
    );
    let e = match Content::load(&root, "tall") {
        Ok(_) => panic!("walls off the board must not load"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains(&format!("{map}:8: a wall lies outside the board (1 x 1000)")), "{e}");
    assert!(e.contains(&format!("{map}:10: an opening lies outside the board (1 x 1000)")), "{e}");
    assert!(e.contains(&format!("{map}:12: a tree lies outside the board (1 x 1000)")), "{e}");
    assert!(!e.contains(&format!("{map}:7:")), "the fence on the board is sound: {e}");
}

#[test]
fn a_map_1_wide_and_1000_high_draws_bounded_pictures() {
    let c = std::sync::Arc::new(Content::load(&tallmap(), "tall").unwrap_or_else(|e| panic!("{e}")));
    let g = new_game(&c, 1, 1);
    let map = c.map.as_deref().expect("a zone map");
    let view = g.view(Some(1));
    for columns in [79, 120, 200] {
        let text = posse::picture::text(map, &view, columns);
        let grid = posse::picture::grid(map, &view, columns);
        assert!(grid.len() <= PICTURE_ROWS, "{} rows at {columns} columns", grid.len());
        assert!(grid.len() >= PICTURE_ROWS / 2, "drawn as large as fits: {} rows", grid.len());
        assert!(text.lines().all(|l| l.chars().count() <= columns), "{text}");
        assert!(text.contains('N') && text.contains('S'), "both zones' ids: {text}");
    }
    let svg = posse::picture::svg(map, &view, &Default::default());
    let ((w, h), (vw, vh)) = sizes(&svg);
    assert!(w <= PICTURE_PIXELS && h <= PICTURE_PIXELS, "shown {w} x {h}");
    assert_eq!(h, PICTURE_PIXELS, "the longer side at the bound");
    assert!(
        vh > 40_000.0 && ((vw / vh) - (w / h)).abs() < 1e-3,
        "the drawing whole, its proportions kept: {vw} x {vh}"
    );
    assert!(svg.len() < 20_000, "{} bytes", svg.len());
}

#[test]
fn a_grid_picture_is_bounded_by_the_node_limit() {
    // The most cells a grid may have, in one row: its drawing is long, its shown size not.
    let cols = MAX_NODES as i64;
    let grid = Grid::new(&GridSpec { cols, rows: 1, ring: false, links: None }, MAX_NODES).expect("a grid");
    let c = load_fixture("hilo");
    let view = new_game(&c, 1, 2).view(Some(1));
    let svg = posse::picture::grid_svg(&grid, &view, &Default::default());
    let ((w, h), (vw, _)) = sizes(&svg);
    assert!(w <= PICTURE_PIXELS && h <= PICTURE_PIXELS, "shown {w} x {h}");
    assert!(vw > 5_000_000.0, "drawn whole: {vw}");
    // A rectangle and a title a cell: the text grows with the cells, which are bounded.
    assert!(svg.len() < 200 * MAX_NODES, "{} bytes", svg.len());
    // One cell more is refused.
    assert!(Grid::new(&GridSpec { cols: cols + 1, rows: 1, ring: false, links: None }, MAX_NODES).is_err());
}
