//! Grid boards (board/grid.rs, gaps §5.2 and §5.11 of American Desperado): the ring and
//! its clockwise order, links as the only ways between ring and grid, the diagonal rule,
//! breadth-first distances, first steps and paths with their direction-order tie-break,
//! cell numbers in Lua, and the errors of a bad declaration at their lines.

use posse::board::grid::{Grid, GridProblem, GridSpec, Link, UNREACHED};
use posse::{Content, Game, Setup};
use posse_tests::*;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// The grid fixtures' content root.
fn groot() -> PathBuf {
    fixtures().join("grid")
}

fn yard() -> Arc<Content> {
    Arc::new(Content::load(&groot(), "yard").unwrap_or_else(|e| panic!("{e}")))
}

fn game_of(c: Arc<Content>) -> Game {
    let setup = Setup::new(&c, 7, Some(1)).unwrap();
    Game::new(c, setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `code` with `posse` and `n(cell)`, the cell's `c,r`, and `at(c, r)`, its number.
fn eval(g: &mut Game, code: &str) -> serde_json::Value {
    let code = format!(
        "local posse = require 'posse'
         local function n(cell) local c, r = posse.coords(cell) return c .. ',' .. r end
         local function at(c, r) return posse.cell(c, r) end
         local function names(list) local out = {{}} for i, c in ipairs(list) do out[i] = n(c) end return out end
         {code}"
    );
    g.eval(&code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn eval_err(g: &mut Game, code: &str) -> String {
    match g.eval(&format!("local posse = require 'posse'\n{code}")) {
        Ok(v) => panic!("{code} should fail, gave {v}"),
        Err(e) => e.to_string(),
    }
}

/// A grid of `cols` × `rows` with a ring and the links given.
fn ringed(cols: i64, rows: i64, links: Option<Vec<Link>>) -> Grid {
    Grid::new(&GridSpec { cols, rows, ring: true, links }, 100_000).unwrap()
}

fn at(g: &Grid, c: i32, r: i32) -> usize {
    g.index(c, r).unwrap_or_else(|| panic!("no cell {c},{r}"))
}

fn coords(g: &Grid, cells: &[usize]) -> Vec<(i32, i32)> {
    cells.iter().map(|&i| g.coords(i)).collect()
}

// ------------------------------------------------------------------- the ring

#[test]
fn the_ring_has_2_w_plus_h_plus_4_cells_clockwise_from_the_front_left_corner() {
    for (w, h) in [(4, 4), (5, 5), (6, 6), (6, 8), (1, 1), (1, 3), (7, 2)] {
        let g = ringed(w, h, None);
        let ring = g.ring();
        assert_eq!(ring.len() as i64, 2 * (w + h) + 4, "{w}x{h}");
        assert_eq!(g.cells() as i64, (w + 2) * (h + 2));
        let (w, h) = (w as i32, h as i32);
        let cs = coords(&g, &ring);
        // The corners, in order: front-left, front-right, rear-right, rear-left.
        assert_eq!(cs[0], (-1, -1));
        assert_eq!(cs[(w + 1) as usize], (w, -1));
        assert_eq!(cs[(w + h + 2) as usize], (w, h));
        assert_eq!(cs[(2 * w + h + 3) as usize], (-1, h));
        for (k, &i) in ring.iter().enumerate() {
            let next = ring[(k + 1) % ring.len()];
            assert!(g.on_ring(i));
            assert_eq!(g.clockwise(i), Some(next), "{w}x{h}: after {:?}", g.coords(i));
            let ((a, b), (c, d)) = (g.coords(i), g.coords(next));
            assert_eq!((a - c).abs() + (b - d).abs(), 1, "one orthogonal step");
        }
        let mut sorted = ring.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ring.len(), "every ring cell once");
        assert_eq!(g.clockwise(at(&g, 0, 0)), None, "a grid cell is on no ring");
    }
    // Clockwise on the Medium heist: along the front towards +c, down the right side,
    // along the rear towards -c, up the left side.
    let g = ringed(6, 6, None);
    for (from, to) in [((2, -1), (3, -1)), ((6, 2), (6, 3)), ((4, 6), (3, 6)), ((-1, 3), (-1, 2)), ((-1, 0), (-1, -1))]
    {
        assert_eq!(g.coords(g.clockwise(at(&g, from.0, from.1)).unwrap()), to, "after {from:?}");
    }
}

/// A heist's grid (cols, rows) and its entrances, E1 first.
type Heist = (i64, i64, &'static [(i64, i64)]);

/// gaps §5.2's table: the entrances of each heist, E1 first.
const ENTRANCES: [Heist; 4] = [
    (4, 4, &[(1, -1), (1, 4), (-1, 2), (-1, 1)]),
    (5, 5, &[(1, -1), (3, -1), (3, 5), (1, 5), (-1, 3), (-1, 1)]),
    (6, 6, &[(1, -1), (3, -1), (3, 6), (1, 6), (-1, 4), (-1, 1)]),
    (6, 8, &[(1, -1), (3, -1), (3, 8), (1, 8), (-1, 5), (-1, 2)]),
];

#[test]
fn links_come_in_the_clockwise_numbering_of_the_entrances() {
    for (w, h, entrances) in ENTRANCES {
        // Declared in reverse: the numbering is the ring's, not the list's.
        let links = entrances.iter().rev().map(|&p| Link::Ring(p)).collect();
        let g = ringed(w, h, Some(links));
        let got: Vec<(i64, i64)> =
            g.links().iter().map(|&(ring, _)| g.coords(ring)).map(|(c, r)| (c as i64, r as i64)).collect();
        assert_eq!(got, entrances, "{w}x{h}");
        for (ring, inside) in g.links() {
            let ((a, b), (c, d)) = (g.coords(ring), g.coords(inside));
            assert!(g.on_ring(ring) && !g.on_ring(inside));
            assert_eq!((a - c).abs() + (b - d).abs(), 1, "a link is one orthogonal step");
        }
    }
    // The yard fixture is the Medium heist, its links listed out of order and in both forms.
    let mut g = game_of(yard());
    let v = eval(
        &mut g,
        "local out = {} for i, l in ipairs(posse.grid_links()) do out[i] = n(l[1]) .. '>' .. n(l[2]) end return out",
    );
    assert_eq!(v, json!(["1,-1>1,0", "3,-1>3,0", "3,6>3,5", "1,6>1,5", "-1,4>0,4", "-1,1>0,1"]));
    // Patrol A starts at (-1, 0): clockwise it reaches E1 in three steps.
    let v = eval(
        &mut g,
        "local c, out = at(-1, 0), {} for i = 1, 3 do c = posse.grid_clockwise(c) out[i] = n(c) end return out",
    );
    assert_eq!(v, json!(["-1,-1", "0,-1", "1,-1"]));
    let v = eval(&mut g, "local r = posse.grid_ring() return { #r, n(r[1]), n(r[2]), n(r[#r]) }");
    assert_eq!(v, json!([28, "-1,-1", "0,-1", "-1,0"]));
}

// ------------------------------------------------------------------ adjacency

#[test]
fn the_ring_joins_the_grid_through_its_links_alone() {
    let mut g = game_of(yard());
    for (cell, want) in [
        // N, E, S, W; (0,0)'s ring neighbours are no links.
        ("0, 0", json!(["1,0", "0,1"])),
        // E1 above.
        ("1, 0", json!(["1,-1", "2,0", "1,1", "0,0"])),
        // E6, a ring cell: its link to the east.
        ("-1, 1", json!(["-1,0", "0,1", "-1,2"])),
        // A ring cell between two entrances: along the ring only.
        ("2, -1", json!(["3,-1", "1,-1"])),
        // A corner.
        ("6, 6", json!(["6,5", "5,6"])),
    ] {
        assert_eq!(eval(&mut g, &format!("return names(posse.grid_neighbours(at({cell})))")), want, "{cell}");
    }
    // The board graph agrees (nodes named c,r, neighbours by name).
    assert_eq!(eval(&mut g, "return posse.neighbours('0,0')"), json!(["0,1", "1,0"]));
    assert_eq!(eval(&mut g, "return posse.neighbours('1,-1')"), json!(["0,-1", "1,0", "2,-1"]));
    // Without links, the ring joins the grid everywhere.
    let open = ringed(6, 6, None);
    assert_eq!(
        coords(&open, &open.neighbours(at(&open, 0, 0), false).collect::<Vec<_>>()),
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
    );
    // With an empty list, nowhere.
    let sealed = ringed(6, 6, Some(Vec::new()));
    assert_eq!(
        coords(&sealed, &sealed.neighbours(at(&sealed, 2, 0), false).collect::<Vec<_>>()),
        [(3, 0), (2, 1), (1, 0)]
    );
    assert!(sealed.links().is_empty());
}

#[test]
fn diagonals_join_grid_to_grid_and_ring_to_ring_only() {
    let mut g = game_of(yard());
    for (cell, want) in [
        // N, NE, E, SE, S, SW, W, NW: no diagonal leaves the grid.
        ("0, 0", json!(["1,0", "1,1", "0,1"])),
        ("2, 2", json!(["2,1", "3,1", "3,2", "3,3", "2,3", "1,3", "1,2", "1,1"])),
        // On the ring: diagonally to ring cells, never into the grid.
        ("-1, 0", json!(["-1,-1", "0,-1", "-1,1"])),
        // An entrance enters the grid orthogonally only.
        ("1, -1", json!(["2,-1", "1,0", "0,-1"])),
    ] {
        assert_eq!(eval(&mut g, &format!("return names(posse.grid_neighbours(at({cell}), true))")), want, "{cell}");
    }
    // The graph of a grid declared `diagonal: true` follows the same rule.
    let open = ringed(2, 2, None);
    let b = open.board(true);
    assert_eq!(b.neighbours("0,0").unwrap(), ["-1,0", "0,-1", "0,1", "1,0", "1,1"]);
    assert_eq!(b.neighbours("-1,0").unwrap(), ["-1,-1", "-1,1", "0,-1", "0,0"]);
    let plain = Grid::new(&GridSpec { cols: 3, rows: 3, ring: false, links: None }, 100).unwrap();
    assert_eq!(plain.board(true).neighbours("1,1").unwrap().len(), 8);
    assert_eq!(plain.board(false).neighbours("1,1").unwrap(), ["0,1", "1,0", "1,2", "2,1"]);
}

// ------------------------------------------------------------- pathfinding

/// The cells `revealed` and the whole ring, as a Lua set, in the yard: a U of revealed
/// tiles from E1 (1,-1) down to (1,1), across to (3,1) and up to E2 (3,-1).
const U: &str = "local only = {}
    for _, c in ipairs(posse.grid_ring()) do only[c] = true end
    for _, p in ipairs({ {1, 0}, {1, 1}, {2, 1}, {3, 1}, {3, 0} }) do only[at(p[1], p[2])] = true end";

#[test]
fn distances_are_breadth_first_over_the_cells_allowed() {
    let mut g = game_of(yard());
    // A criminal at (2,1); the police move over the ring and the revealed tiles.
    let v = eval(
        &mut g,
        &format!(
            "{U}
             local f = posse.grid_distances(at(2, 1), {{ only = only }})
             local out = {{}}
             for _, p in ipairs({{ {{2,1}}, {{1,1}}, {{3,0}}, {{1,-1}}, {{2,-1}}, {{-1,-1}}, {{-1,0}}, {{-1,1}}, {{6,6}}, {{2,0}}, {{0,0}} }}) do
               out[#out + 1] = f[at(p[1], p[2])]
             end
             return {{ #f, out }}"
        ),
    );
    // (2,-1) is 4 by either entrance; (-1,1) goes round by the ring (its tile is face down);
    // the rear corner (6,6) is 13 steps, by E2 and the right side; face-down tiles are
    // unreached.
    assert_eq!(v, json!([64, [0, 1, 2, 3, 4, 5, 6, 7, 13, false, false]]));
    // Avoiding (1,1) sends everything through E2.
    let v = eval(
        &mut g,
        &format!("{U} local f = posse.grid_distances({{ at(2, 1) }}, {{ only = only, avoid = {{ at(1, 1) }} }}) return {{ f[at(1, 0)], f[at(1, -1)], f[at(1, 1)] }}"),
    );
    assert_eq!(v, json!([6, 5, false]));
    // A target is reached though it is not allowed; a list, a set and one cell agree.
    let v = eval(
        &mut g,
        "local a = posse.grid_distances(at(2, 2), { only = {} })
         local b = posse.grid_distances({ [at(2, 2)] = true, [at(0, 0)] = false }, { only = {} })
         local c = posse.grid_distances({ at(2, 2) }, { only = {} })
         local same = true
         for i = 1, 64 do if a[i] ~= b[i] or a[i] ~= c[i] then same = false end end
         return { same, a[at(2, 2)], a[at(2, 3)] }",
    );
    assert_eq!(v, json!([true, 0, false]));
}

#[test]
fn steps_and_paths_break_ties_in_direction_order() {
    let mut g = game_of(yard());
    let v = eval(
        &mut g,
        &format!(
            "{U}
             local f = posse.grid_distances(at(2, 1), {{ only = only }})
             return {{
               names(posse.grid_steps(f, at(-1, 0))),   -- patrol A: up to the corner
               names(posse.grid_steps(f, at(2, -1))),   -- between E1 and E2: E before W
               n(posse.grid_step(f, at(2, -1))),
               names(posse.grid_steps(f, at(1, 0))),    -- inside: down to (1,1)
               #posse.grid_steps(f, at(2, 1)),          -- on the target: no step
               names(posse.grid_steps(f, at(0, 0))),    -- from a face-down tile: its best neighbour
               names(posse.grid_path(at(5, -1), at(2, 1), {{ only = only }})),
             }}"
        ),
    );
    assert_eq!(
        v,
        json!([
            ["-1,-1"],
            ["3,-1", "1,-1"],
            "3,-1",
            ["1,1"],
            0,
            ["1,0"],
            ["5,-1", "4,-1", "3,-1", "3,0", "3,1", "2,1"],
        ])
    );
    // Diagonally, as the FBI moves: the U's corners are one step from the target, the
    // ring still enters orthogonally.
    let v = eval(
        &mut g,
        &format!(
            "{U}
             local f = posse.grid_distances(at(2, 1), {{ only = only, diagonal = true }})
             return {{ f[at(1, 0)], f[at(3, 0)], f[at(1, -1)], f[at(2, -1)], names(posse.grid_steps(f, at(2, -1), true)) }}"
        ),
    );
    assert_eq!(v, json!([1, 1, 2, 3, ["3,-1", "1,-1"]]));
    // Back to the nearest entrance over the ring alone: from (-1,2), E6 is one step N.
    let v = eval(
        &mut g,
        "local ring, entrances = {}, {}
         for _, c in ipairs(posse.grid_ring()) do ring[c] = true end
         for _, l in ipairs(posse.grid_links()) do entrances[#entrances + 1] = l[1] end
         return { names(posse.grid_path(at(-1, 2), entrances, { only = ring })),
                  names(posse.grid_path(at(-1, 3), entrances, { only = ring })),
                  posse.grid_path(at(2, 2), at(4, 4), { only = {} }) == nil }",
    );
    assert_eq!(v, json!([["-1,2", "-1,1"], ["-1,3", "-1,4"], true]));
}

#[test]
fn steps_agree_with_the_engines_own_on_every_cell() {
    // The prelude's grid_steps (Lua, over cached neighbours) against Grid::steps (Rust).
    let c = yard();
    let grid = c.grid.clone().expect("a grid");
    let mut g = game_of(c);
    for diagonal in [false, true] {
        let v = eval(
            &mut g,
            &format!(
                "{U}
                 local f = posse.grid_distances({{ at(2, 1), at(5, 5) }}, {{ only = only, diagonal = {diagonal} }})
                 local out = {{}}
                 for c = 1, 64 do out[c] = {{ f[c] or -1, table.concat(posse.grid_steps(f, c, {diagonal}), ' ') }} end
                 return out"
            ),
        );
        let rows: Vec<(i64, String)> = serde_json::from_value(v).unwrap();
        let mut passable = vec![false; grid.cells()];
        for &i in &grid.ring() {
            passable[i] = true;
        }
        for (c, r) in [(1, 0), (1, 1), (2, 1), (3, 1), (3, 0)] {
            passable[at(&grid, c, r)] = true;
        }
        let dist = grid.distances(&[at(&grid, 2, 1), at(&grid, 5, 5)], &passable, diagonal);
        for (i, (d, steps)) in rows.iter().enumerate() {
            let want = if dist[i] == UNREACHED { -1 } else { dist[i] as i64 };
            assert_eq!(*d, want, "cell {:?}", grid.coords(i));
            let steps: Vec<usize> = steps.split_whitespace().map(|s| s.parse::<usize>().unwrap() - 1).collect();
            assert_eq!(steps, grid.steps(&dist, i, diagonal), "steps of {:?}", grid.coords(i));
        }
    }
    // On a plain grid, diagonals shorten the way and the order picks SE before anything.
    let plain = Grid::new(&GridSpec { cols: 3, rows: 3, ring: false, links: None }, 100).unwrap();
    let all = vec![true; 9];
    let orth = plain.distances(&[8], &all, false);
    let diag = plain.distances(&[8], &all, true);
    assert_eq!((orth[0], diag[0]), (4, 2));
    assert_eq!(coords(&plain, &plain.steps(&orth, 0, false)), [(1, 0), (0, 1)]);
    assert_eq!(coords(&plain, &plain.steps(&diag, 0, true)), [(1, 1)]);
    assert_eq!(coords(&plain, &plain.path(&diag, 0, true).unwrap()), [(0, 0), (1, 1), (2, 2)]);
}

#[test]
fn random_grids_keep_every_rule() {
    // Small grids with random rings, links and passable cells: adjacency is symmetric and
    // follows the rules, distances are those of a plain relaxation to a fixed point, and
    // steps and paths go down the field.
    let mut rng = posse::rng::Rng::new(13);
    for _ in 0..300 {
        let (cols, rows, ring) = (1 + rng.below(6) as i64, 1 + rng.below(6) as i64, rng.below(3) > 0);
        let probe = Grid::new(&GridSpec { cols, rows, ring, links: None }, 1_000).unwrap();
        let links = (ring && rng.below(2) == 0).then(|| {
            let doors: Vec<usize> = probe.ring().into_iter().filter(|&i| probe.inward(i).is_some()).collect();
            doors
                .into_iter()
                .filter(|_| rng.below(3) == 0)
                .map(|i| {
                    let (c, r) = probe.coords(i);
                    Link::Ring((c as i64, r as i64))
                })
                .collect::<Vec<_>>()
        });
        let linked: Vec<(i64, i64)> = links
            .iter()
            .flatten()
            .map(|l| match l {
                Link::Ring(p) => *p,
                Link::Pair(p, _) => *p,
            })
            .collect();
        let g = Grid::new(&GridSpec { cols, rows, ring, links: links.clone() }, 1_000).unwrap();
        let n = g.cells();
        let passable: Vec<bool> = (0..n).map(|_| rng.below(4) > 0).collect();
        let targets: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(n as u64) as usize).collect();
        for diagonal in [false, true] {
            for i in 0..n {
                for j in g.neighbours(i, diagonal) {
                    assert!(g.neighbours(j, diagonal).any(|k| k == i), "symmetric");
                    let ((a, b), (c, d)) = (g.coords(i), g.coords(j));
                    let (dc, dr) = ((a - c).abs(), (b - d).abs());
                    assert!(dc <= 1 && dr <= 1 && dc + dr >= 1);
                    if g.on_ring(i) != g.on_ring(j) {
                        assert_eq!(dc + dr, 1, "into the grid orthogonally only");
                        let (rc, rr) = if g.on_ring(i) { (a, b) } else { (c, d) };
                        assert!(links.is_none() || linked.contains(&(rc as i64, rr as i64)), "through a link");
                    }
                }
            }
            // A plain relaxation to a fixed point.
            let mut want = vec![UNREACHED; n];
            for &t in &targets {
                want[t] = 0;
            }
            loop {
                let mut changed = false;
                for i in 0..n {
                    if want[i] == 0 || !passable[i] {
                        continue;
                    }
                    let best = g.neighbours(i, diagonal).map(|j| want[j]).min().unwrap_or(UNREACHED);
                    if best != UNREACHED && best + 1 < want[i] {
                        want[i] = best + 1;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            let dist = g.distances(&targets, &passable, diagonal);
            assert_eq!(dist, want, "{cols}x{rows} ring {ring} links {links:?} diagonal {diagonal}");
            for from in 0..n {
                for s in g.steps(&dist, from, diagonal) {
                    assert!(dist[s] < dist[from] && g.neighbours(from, diagonal).any(|j| j == s));
                }
                if dist[from] != UNREACHED {
                    let path = g.path(&dist, from, diagonal).unwrap();
                    assert_eq!(path.len() as u32, dist[from] + 1);
                    assert!(targets.contains(path.last().unwrap()));
                }
            }
        }
    }
}

// -------------------------------------------------------------------- cells

#[test]
fn cells_are_numbered_row_by_row_and_are_the_boards_nodes() {
    let mut g = game_of(yard());
    let v = eval(
        &mut g,
        "return { at(-1, -1), at(0, 0), at(6, 6), at(7, 0) == nil, at(0, -2) == nil, { posse.coords(10) },
                  posse.nodes()[10], #posse.nodes(), posse.on_ring(at(-1, 3)), posse.on_ring(at(5, 5)),
                  posse.zone('space', 10) == posse.zone('space', '0,0'), posse.grid() }",
    );
    assert_eq!(
        v,
        json!([1, 10, 64, true, true, [0, 0], "0,0", 64, true, false, true, {"cols": 6, "rows": 6, "ring": true, "cells": 64}])
    );
    for (code, want) in [
        ("posse.coords(0)", "0 is not a cell (cells are 1..64)"),
        ("posse.coords('x')", "a string is not a cell"),
        ("posse.grid_neighbours(65)", "65 is not a cell"),
        ("posse.grid_distances({ 99 })", "posse.grid_distances: 99 is not a cell"),
        ("posse.grid_distances(1, { avoid = { 'a' } })", "avoid: expected a cell number, got string"),
        ("posse.grid_distances(1, 5)", "expected a table of options or nil, got number"),
        ("posse.grid_distances('x')", "targets: expected a cell, a list of cells or a set of cells, got string"),
        ("posse.grid_path(1, 2, { only = true })", "only: expected a cell, a list of cells or a set of cells"),
        ("posse.grid_clockwise(posse.cell(2, 2))", "cell 28 (2,2) is not on the grid's ring"),
        ("posse.grid_steps(nil, 1)", "expected a field of posse.grid_distances"),
        ("posse.cell(0.5, 1)", "expected a column and a row (integers)"),
        ("posse.zone('space', 65)", "zone 'space' is per board node: give the node"),
    ] {
        let e = eval_err(&mut g, &format!("return {code}"));
        assert!(e.contains(want), "{code}: {e}");
    }
}

#[test]
fn grid_functions_refuse_a_board_that_is_no_grid() {
    let mut g = new_game(&load_fixture("hilo"), 7, 2);
    assert_eq!(g.eval("return require('posse').grid() == nil").unwrap(), json!(true));
    for f in ["cell(0, 0)", "coords(1)", "grid_distances(1)", "grid_ring()", "grid_steps({}, 1)"] {
        let e = eval_err(&mut g, &format!("return posse.{f}"));
        assert!(e.contains("the board is not a grid (game.yaml: board: {grid: ...})"), "{f}: {e}");
    }
}

#[test]
fn a_grid_near_the_largest_answers_in_one_call() {
    // 302 × 302 cells with the ring (at most 100,000): the field crosses as one value a
    // cell, the path as one a step.
    let root = edited("grid_large", "    cols: 6\n    rows: 6", "    cols: 300\n    rows: 300");
    edit(&root, "scenarios/yard/game.yaml", "      - [[3, 6], [3, 5]]\n", "");
    edit(&root, "scenarios/yard/game.yaml", "      - [[1, 5], [1, 6]]\n", "");
    let c = Arc::new(Content::load(&root, "yard").unwrap_or_else(|e| panic!("{e}")));
    let mut g = game_of(c);
    let v = eval(
        &mut g,
        "local f = posse.grid_distances(at(299, 299))
         local p = posse.grid_path(at(-1, -1), at(299, 299), { diagonal = true })
         return { #f, f[at(0, 0)], f[at(-1, -1)], #p }",
    );
    // (0,0) is 598 steps away; the corner (-1,-1) two more, through a link next to it;
    // diagonally the corner is 302 steps away (299 inside, 3 to come in).
    assert_eq!(v, json!([91204, 598, 600, 303]));
}

// --------------------------------------------------------------- validation

/// A scratch copy of the grid fixtures with one edit made to the yard's game.yaml.
fn edited(name: &str, from: &str, to: &str) -> PathBuf {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), name).join("grid");
    edit(&root, "scenarios/yard/game.yaml", from, to);
    root
}

fn load_err(root: &std::path::Path) -> String {
    match Content::load(root, "yard") {
        Ok(_) => panic!("the yard should not load from {}", root.display()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bad_grid_is_reported_at_its_lines() {
    let f = "scenarios/yard/game.yaml";
    // Each link's problem at the link's own line; all of them at once.
    let root = edited(
        "grid_links",
        "      - [1, -1]\n      - [[3, 6], [3, 5]]\n      - [3, -1]\n",
        "      - [0, 0]\n      - [[3, 6], [4, 5]]\n      - [-1, -1]\n      - [-1, 1]\n",
    );
    let e = load_err(&root);
    for want in [
        format!("{f}:20:9: link [0, 0]: not a cell of the ring"),
        format!("{f}:21:9: link [[3, 6], [4, 5]]: expected a ring cell and the grid cell orthogonally next to it"),
        format!("{f}:22:9: link [-1, -1]: a corner of the ring is next to no cell of the grid"),
        format!("{f}:23:9: link [-1, 1]: declared twice"),
    ] {
        assert!(e.lines().any(|l| l == want), "missing {want:?} in:\n{e}");
    }
    assert_eq!(e.lines().count(), 4, "{e}");
    // Off the board altogether, or two ring cells.
    let root = edited("grid_far", "      - [-1, 4]", "      - [[-1, 4], [-1, 5]]\n      - [9, 9]");
    let e = load_err(&root);
    assert!(e.contains(&format!("{f}:24:9: link [[-1, 4], [-1, 5]]: expected a ring cell and the grid cell")), "{e}");
    assert!(e.contains(&format!("{f}:25:9: link [9, 9]: not a cell of the ring")), "{e}");
    // A list on one line: its problems at that line.
    let root = edited(
        "grid_flow2",
        "    links:          # the ring joins the grid through these alone\n      - [-1, 1]\n      - [1, -1]\n      - [[3, 6], [3, 5]]\n      - [3, -1]\n      - [[1, 5], [1, 6]]\n      - [-1, 4]\n",
        "    links: [[1, -1], [1, -1]]\n",
    );
    assert!(load_err(&root).contains(&format!("{f}:18:22: link [1, -1]: declared twice")));
    // Sizes, links without a ring, a link that is no pair of numbers.
    let root = edited("grid_size", "    cols: 6", "    cols: 0");
    assert!(load_err(&root).contains(&format!("{f}:14:3: grid: cols and rows must be at least 1, not 0 × 6")));
    let root = edited("grid_noring", "    ring: true", "    ring: false");
    assert!(load_err(&root).contains(&format!("{f}:18:5: grid: links join the ring to the grid: they need ring: true")));
    let root = edited("grid_syntax", "      - [-1, 4]", "      - [-1]");
    let e = load_err(&root);
    assert!(e.starts_with(&format!("{f}:")) && e.contains("a link: [c, r] (a ring cell) or [[c, r], [c, r]]"), "{e}");
    // The problems are data before they are lines.
    let spec = GridSpec { cols: 3, rows: 3, ring: false, links: Some(vec![Link::Ring((1, -1))]) };
    assert!(matches!(Grid::new(&spec, 100).unwrap_err()[..], [GridProblem::Links(_)]));
    let spec = GridSpec { cols: 3, rows: 3, ring: true, links: Some(vec![Link::Ring((1, -1)), Link::Ring((0, 0))]) };
    assert_eq!(
        Grid::new(&spec, 100).unwrap_err(),
        [GridProblem::Link(1, "link [0, 0]: not a cell of the ring".into())]
    );
    let spec = GridSpec { cols: 300, rows: 300, ring: true, links: None };
    assert_eq!(
        Grid::new(&spec, 90_000).unwrap_err(),
        [GridProblem::Size("grid: 91204 cells: a board has at most 90000".into())]
    );
    let root = edited("grid_huge2", "    cols: 6\n    rows: 6", "    cols: 400\n    rows: 400");
    assert!(load_err(&root).contains(&format!("{f}:14:3: 161604 board nodes: a board has at most 100000")));
}
