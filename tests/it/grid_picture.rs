//! A grid board as a game reads and draws it: the SVG (`posse::picture::grid_svg`), drawn
//! from a seat's view (a cell a square, the links as doorways, what each seat may see in
//! each cell), and `posse.nodes_holding`, every space of a per-node zone in one call.

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
    let scout = posse::picture::grid_svg(&grid, &g.view(Some(1)), &posse::picture::Setting::of(&c));
    let other = posse::picture::grid_svg(&grid, &g.view(Some(2)), &posse::picture::Setting::of(&c));
    let god = posse::picture::grid_svg(&grid, &g.view(None), &posse::picture::Setting::of(&c));
    let cell = |svg: &str| {
        let at = svg.find("id=\"cell-2,2\"").expect("the cell is drawn");
        svg[at..at + svg[at..].find("</rect>").unwrap()].to_string()
    };
    assert!(cell(&scout).contains(&format!("{name} (face down)")), "{}", cell(&scout));
    assert!(!cell(&other).contains(&name), "{}", cell(&other));
    assert!(cell(&other).contains("2,2: ?"), "{}", cell(&other));
    assert!(cell(&god).contains(&name), "{}", cell(&god));
    // Every cell, the street included, is a square; four entrances are doorways.
    assert_eq!(
        scout.matches("<rect class=\"tile\"").count() + scout.matches("<rect class=\"street\"").count(),
        grid.cells()
    );
    assert_eq!(scout.matches("class=\"link\"").count(), 4);
    assert!(scout.contains("the view of p1") && god.contains("omniscient"));
}

#[test]
fn nodes_holding_reads_every_space_of_a_per_node_zone_in_one_call() {
    let c = load("american_desperado/tiny");
    let mut g = new_game(&c, 1, 1);
    let v = g
        .eval(
            "local posse = require 'posse'
             local function list(set) local out = {} for n in pairs(set) do out[#out + 1] = n end return out end
             local all, up = list(posse.nodes_holding('tile')), list(posse.nodes_holding('tile', true))
             local cell = posse.cell(2, 2)
             posse.flip(posse.at(posse.zone('tile', cell)), true)
             local up2 = posse.nodes_holding('tile', true)
             local empty = list(posse.nodes_holding('lockdown'))
             posse.move(posse.at(posse.zone('markers')), posse.zone('lockdown', cell))
             local locked = list(posse.nodes_holding('lockdown'))
             return { #all, #up, up2[cell] == true, #empty, locked[1] == cell and #locked == 1 }",
        )
        .unwrap();
    // 16 tiles and 4 entrance tiles; only the entrances' lie face up, then the flipped one.
    assert_eq!(v, serde_json::json!([20, 4, true, 0, true]));
    for (code, want) in [
        ("posse.nodes_holding('crew')", "zone 'crew' is not per node"),
        ("posse.nodes_holding('nowhere')", "no zone 'nowhere' is declared"),
    ] {
        let e = g.eval(&format!("local posse = require 'posse' return {code}")).unwrap_err().to_string();
        assert!(e.contains(want), "{code}: {e}");
    }
}
