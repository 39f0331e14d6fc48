//! The grid functions of `posse` (see `scripts/types/posse.lua`): a grid board's cells by
//! number, their neighbours in direction order, distances and shortest paths to a set of
//! targets over the cells a query allows, the ring clockwise and the links
//! ([`crate::board::grid::Grid`] says the rules). Cells cross as integers (1-based cell
//! indexes, which are also the board's node numbers), lists cross as values the prelude
//! puts in a table, and sets of cells are read raw (no metamethod runs) in one walk.

use super::api::err;
use super::Shared;
use crate::board::grid::{Grid, UNREACHED};
use mlua::{Lua, Result, Table, Value, Variadic};
use std::rc::Rc;

/// The grid, or the error of a board that is not a grid.
fn the_grid<'a>(sh: &'a Shared, f: &str) -> Result<&'a Grid> {
    match sh.content.grid.as_deref() {
        Some(g) => Ok(g),
        None => err(format!("posse.{f}: the board is not a grid (game.yaml: board: {{grid: ...}})")),
    }
}

/// A cell number a script gave, as an index.
fn cell(grid: &Grid, v: i64, f: &str) -> Result<usize> {
    if v >= 1 && (v as u64) <= grid.cells() as u64 {
        Ok(v as usize - 1)
    } else {
        err(format!("posse.{f}: {v} is not a cell (cells are 1..{}; posse.cell(c, r) gives one)", grid.cells()))
    }
}

/// A cell given as a Lua value: an integer (or a float with an integer value).
fn cell_value(grid: &Grid, v: &Value, f: &str, what: &str) -> Result<usize> {
    match v {
        Value::Integer(i) => cell(grid, *i, f),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => cell(grid, *n as i64, f),
        other => err(format!("posse.{f}: {what}: expected a cell number, got {}", other.type_name())),
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
        other => err(format!(
            "posse.{f}: {what}: expected a cell, a list of cells or a set of cells, got {}",
            other.type_name()
        )),
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

/// Registers the grid functions in `raw`, adding the names of those `posse` shows to
/// `names` (`grid_info` is the prelude's alone).
pub(super) fn register(lua: &Lua, shared: &Rc<Shared>, raw: &Table, names: &mut Vec<&'static str>) -> Result<()> {
    macro_rules! def {
        ($name:literal, |$sh:ident, $args:tt : $ty:ty| $body:expr) => {{
            let $sh = shared.clone();
            raw.set($name, lua.create_function(move |_lua, $args: $ty| $body)?)?;
            names.push($name);
        }};
    }

    let sh = shared.clone();
    raw.set(
        "grid_info",
        lua.create_function(move |_, (): ()| {
            let g = sh.content.grid.as_deref();
            Ok((g.map(Grid::cols), g.map(Grid::rows), g.map(Grid::has_ring)))
        })?,
    )?;
    def!("grid_neighbours", |sh, (c, diagonal): (i64, Option<bool>)| {
        let grid = the_grid(&sh, "grid_neighbours")?;
        let i = cell(grid, c, "grid_neighbours")?;
        Ok(numbers(grid.neighbours(i, diagonal.unwrap_or(false))))
    });
    def!("grid_distances", |sh, (targets, avoid, only, diagonal): (Value, Value, Value, Option<bool>)| {
        let grid = the_grid(&sh, "grid_distances")?;
        let dist = distances(grid, "grid_distances", &targets, &avoid, &only, diagonal.unwrap_or(false))?;
        // As values (prelude.lua makes the field): cheaper than filling a table from here.
        Ok(dist
            .into_iter()
            .map(|d| if d == UNREACHED { Value::Boolean(false) } else { Value::Integer(i64::from(d)) })
            .collect::<Variadic<Value>>())
    });
    def!("grid_path", |sh, (from, targets, avoid, only, diagonal): (i64, Value, Value, Value, Option<bool>)| {
        let grid = the_grid(&sh, "grid_path")?;
        let from = cell(grid, from, "grid_path")?;
        let diagonal = diagonal.unwrap_or(false);
        let dist = distances(grid, "grid_path", &targets, &avoid, &only, diagonal)?;
        Ok(numbers(grid.path(&dist, from, diagonal).unwrap_or_default()))
    });
    def!("grid_clockwise", |sh, c: i64| {
        let grid = the_grid(&sh, "grid_clockwise")?;
        let i = cell(grid, c, "grid_clockwise")?;
        match grid.clockwise(i) {
            Some(j) => Ok(j as i64 + 1),
            None => {
                let (c, r) = grid.coords(i);
                err(format!("posse.grid_clockwise: cell {} ({c},{r}) is not on the grid's ring", i + 1))
            }
        }
    });
    def!("grid_ring", |sh, (): ()| Ok(numbers(the_grid(&sh, "grid_ring")?.ring())));
    def!("grid_links", |sh, (): ()| {
        let grid = the_grid(&sh, "grid_links")?;
        Ok(numbers(grid.links().into_iter().flat_map(|(a, b)| [a, b])))
    });
    Ok(())
}
