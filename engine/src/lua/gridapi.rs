//! The grid functions of `posse` (see `scripts/types/posse.lua`): a grid board's cells by
//! number, their neighbours in direction order, distances and shortest paths to a set of
//! targets over the cells a query allows, the ring clockwise and the links
//! ([`crate::board::grid::Grid`] says the rules). Cells cross as integers (1-based cell
//! indexes, which are also the board's node numbers), lists cross as values the prelude
//! puts in a table, and sets of cells are read raw (no metamethod runs) in one walk.

use super::api::err;
use super::register::Registrar;
use super::Shared;
use crate::board::grid::{Grid, UNREACHED};
use mlua::{Result, Value, Variadic};

/// The grid, or the error of a board that is not a grid.
fn the_grid<'a>(sh: &'a Shared, f: &str) -> Result<&'a Grid> {
    match sh.content.grid.as_deref() {
        Some(g) => Ok(g),
        None => err(format!("{f}: the board is not a grid (game.yaml: board: {{grid: ...}})")),
    }
}

/// A cell number a script gave, as an index.
fn cell(grid: &Grid, v: i64, f: &str) -> Result<usize> {
    if v >= 1 && (v as u64) <= grid.cells() as u64 {
        Ok(v as usize - 1)
    } else {
        err(format!("{f}: {v} is not a cell (cells are 1..{}; posse.cell(c, r) gives one)", grid.cells()))
    }
}

/// A cell given as a Lua value: an integer (or a float with an integer value).
fn cell_value(grid: &Grid, v: &Value, f: &str, what: &str) -> Result<usize> {
    match v {
        Value::Integer(i) => cell(grid, *i, f),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => cell(grid, *n as i64, f),
        other => err(format!("{f}: {what}: expected a cell number, got {}", other.type_name())),
    }
}

/// Calls `mark` with every cell of `v`: nil (none), a cell, a list of cells or a set of
/// cells (`{[cell] = true}`; false values are left out), read raw.
fn each_cell(grid: &Grid, v: &Value, f: &str, what: &str, mut mark: impl FnMut(usize)) -> Result<()> {
    match v {
        Value::Nil => Ok(()),
        Value::Integer(_) | Value::Number(_) => {
            mark(cell_value(grid, v, f, what)?);
            Ok(())
        }
        Value::Table(t) => t.for_each(|k: Value, v: Value| {
            match v {
                Value::Boolean(false) => {}
                Value::Boolean(true) => mark(cell_value(grid, &k, f, what)?),
                v => mark(cell_value(grid, &v, f, what)?),
            }
            Ok(())
        }),
        other => {
            err(format!("{f}: {what}: expected a cell, a list of cells or a set of cells, got {}", other.type_name()))
        }
    }
}

/// The distances to `targets` over the cells `only` allows (every cell when nil) and
/// `avoid` does not.
fn distances(grid: &Grid, f: &str, targets: &Value, avoid: &Value, only: &Value, diagonal: bool) -> Result<Vec<u32>> {
    let mut to = Vec::new();
    each_cell(grid, targets, f, "targets", |i| to.push(i))?;
    let mut passable = vec![only.is_nil(); grid.cells()];
    each_cell(grid, only, f, "only", |i| passable[i] = true)?;
    each_cell(grid, avoid, f, "avoid", |i| passable[i] = false)?;
    Ok(grid.distances(&to, &passable, diagonal))
}

/// Cell indexes as 1-based cell numbers, as values.
fn numbers(cells: impl IntoIterator<Item = usize>) -> Variadic<i64> {
    cells.into_iter().map(|i| i as i64 + 1).collect()
}

/// Registers the grid functions (`grid_info` is the prelude's alone: `posse.grid()`).
pub(super) fn register(r: &mut Registrar) -> Result<()> {
    r.prelude("grid_info", "posse.grid", |sh, _, (): ()| {
        let g = sh.content.grid.as_deref();
        Ok((g.map(Grid::cols), g.map(Grid::rows), g.map(Grid::has_ring)))
    })?;
    r.posse("grid_neighbours", |sh, c, (n, diagonal): (i64, Option<bool>)| {
        let grid = the_grid(sh, c.f)?;
        let i = cell(grid, n, c.f)?;
        Ok(numbers(grid.neighbours(i, diagonal.unwrap_or(false))))
    })?;
    r.posse("grid_distances", |sh, c, (targets, avoid, only, diagonal): (Value, Value, Value, Option<bool>)| {
        let grid = the_grid(sh, c.f)?;
        let dist = distances(grid, c.f, &targets, &avoid, &only, diagonal.unwrap_or(false))?;
        // As values (prelude.lua makes the field): cheaper than filling a table from here.
        Ok(dist
            .into_iter()
            .map(|d| if d == UNREACHED { Value::Boolean(false) } else { Value::Integer(i64::from(d)) })
            .collect::<Variadic<Value>>())
    })?;
    r.posse("grid_path", |sh, c, (from, targets, avoid, only, diagonal): (i64, Value, Value, Value, Option<bool>)| {
        let grid = the_grid(sh, c.f)?;
        let from = cell(grid, from, c.f)?;
        let diagonal = diagonal.unwrap_or(false);
        let dist = distances(grid, c.f, &targets, &avoid, &only, diagonal)?;
        Ok(numbers(grid.path(&dist, from, diagonal).unwrap_or_default()))
    })?;
    r.posse("grid_clockwise", |sh, c, (n,): (i64,)| {
        let grid = the_grid(sh, c.f)?;
        let i = cell(grid, n, c.f)?;
        match grid.clockwise(i) {
            Some(j) => Ok(j as i64 + 1),
            None => {
                let (col, row) = grid.coords(i);
                err(format!("{}: cell {} ({col},{row}) is not on the grid's ring", c.f, i + 1))
            }
        }
    })?;
    r.posse("grid_ring", |sh, c, (): ()| Ok(numbers(the_grid(sh, c.f)?.ring())))?;
    r.posse("grid_links", |sh, c, (): ()| {
        let grid = the_grid(sh, c.f)?;
        Ok(numbers(grid.links().into_iter().flat_map(|(a, b)| [a, b])))
    })?;
    Ok(())
}
