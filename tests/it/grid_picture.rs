//! The SVG of a grid board (`posse::picture::grid_svg`), drawn from a seat's view: a cell
//! a square, the links as doorways, and what each seat may see in each cell.

use posse_tests::{load, new_game};

#[test]
fn a_scouted_tile_is_drawn_for_its_scout_alone() {
    let c = load("american_desperado/tiny");
    let grid = c.grid.clone().expect("a grid board");
    let mut g = new_game(&c, 3, 2);
    // Seat 1 learns the tile at (2,2), as a scout does.
    let name = g
        .eval(
            "local posse = require 'posse'
             local t = posse.at(posse.zone('tile', posse.cell(2, 2)))
             posse.reveal(t, { 1 })
             return posse.def(t).name",
        )
        .unwrap();
    let name = name.as_str().unwrap().to_string();
    let scout = posse::picture::grid_svg(&grid, &g.view(Some(1)));
    let other = posse::picture::grid_svg(&grid, &g.view(Some(2)));
    let god = posse::picture::grid_svg(&grid, &g.view(None));
    let cell = |svg: &str| {
        let at = svg.find("id=\"cell-2,2\"").expect("the cell is drawn");
        svg[at..at + svg[at..].find("</rect>").unwrap()].to_string()
    };
    assert!(cell(&scout).contains(&format!("{name} (face down)")), "{}", cell(&scout));
    assert!(!cell(&other).contains(&name), "{}", cell(&other));
    assert!(cell(&other).contains("2,2: ?"), "{}", cell(&other));
    assert!(cell(&god).contains(&name), "{}", cell(&god));
    // Every cell, the street included, is a square; four entrances are doorways.
    assert_eq!(scout.matches("<rect ").count(), grid.cells());
    assert_eq!(scout.matches("class=\"link\"").count(), 4);
    assert!(scout.contains("the view of p1") && god.contains("omniscient"));
}
