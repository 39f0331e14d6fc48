//! Grid boards: `cols × rows` cells, optionally surrounded by a ring of cells, with the
//! distances and first steps a game needs to move pieces it moves itself.
//!
//! **Cells.** Cell `(c, r)` has column `c` (0 on the left) and row `r` (0 at the front,
//! the top of the table); the grid holds `0 ≤ c < cols`, `0 ≤ r < rows`. A ring adds every
//! cell with `-1 ≤ c ≤ cols` and `-1 ≤ r ≤ rows` that is not in the grid, corners
//! included: `2 (cols + rows) + 4` cells. Cells are numbered row by row from the front-left
//! cell of the whole board, so a cell's index is `(r + o) * (cols + 2o) + (c + o)` where
//! `o` is 1 with a ring and 0 without; the board graph's nodes are the cells in that
//! order, named `c,r`.
//!
//! **Adjacency.** Orthogonal steps join any two cells side by side, except between the
//! ring and the grid: when the grid declares links, the ring joins the grid only through
//! them (a link is a ring cell and the grid cell orthogonally next to it); when it
//! declares none, everywhere. A diagonal step (asked per query) joins two cells corner to
//! corner of the same kind only, grid to grid or ring to ring: entering and leaving the
//! grid is always orthogonal, through a link.
//!
//! **Order.** Neighbours come in direction order, N (row − 1, towards the front), E, S, W;
//! with diagonals N, NE, E, SE, S, SW, W, NW. That order breaks every tie: the steps a
//! query offers and the path it walks. The ring runs clockwise, seen from above with the
//! front at the top: along the front towards +c, down the right side, along the rear
//! towards −c, up the left side; its list starts at the front-left corner `(-1, -1)`.
//! Distances are breadth-first (every step costs 1) over plain vectors: nothing depends on
//! a hash order, so every machine gets the same answers.

use super::Board;

/// The four steps, in the order that breaks ties: N, E, S, W.
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// The eight steps, in the order that breaks ties: N, NE, E, SE, S, SW, W, NW.
pub const EIGHT: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// A distance no target reaches.
pub const UNREACHED: u32 = u32::MAX;

/// A link as declared: a ring cell alone (joined to the grid cell orthogonally next to
/// it), or a ring cell and a grid cell, in either order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    Ring((i64, i64)),
    Pair((i64, i64), (i64, i64)),
}

/// A grid as declared. `links: None` joins the ring to the grid everywhere; `Some` joins
/// it through the links listed alone (none, for an empty list).
#[derive(Debug, Clone, Default)]
pub struct GridSpec {
    pub cols: i64,
    pub rows: i64,
    pub ring: bool,
    pub links: Option<Vec<Link>>,
}

/// What is wrong with a grid declaration, and where: its size, its list of links, or one
/// link (by its position in the list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GridProblem {
    Size(String),
    Links(String),
    Link(usize, String),
}

/// A grid board: its size, its ring and links. Queries take cell indexes (0-based).
#[derive(Debug, Clone)]
pub struct Grid {
    cols: i32,
    rows: i32,
    ring: bool,
    /// Per cell: a ring cell that joins the grid (through a link, or everywhere).
    linked: Vec<bool>,
}

impl Grid {
    /// Builds the grid a spec declares, or says everything wrong with it. A grid has at
    /// most `max_cells` cells, its ring included.
    pub fn new(spec: &GridSpec, max_cells: usize) -> Result<Grid, Vec<GridProblem>> {
        let o = i64::from(spec.ring);
        let (cols, rows) = (spec.cols, spec.rows);
        if cols < 1 || rows < 1 {
            return Err(vec![GridProblem::Size(format!(
                "grid: cols and rows must be at least 1, not {cols} × {rows}"
            ))]);
        }
        let cells = (cols.saturating_add(2 * o) as u64).saturating_mul(rows.saturating_add(2 * o) as u64);
        if cells > max_cells as u64 {
            return Err(vec![GridProblem::Size(format!("grid: {cells} cells: a board has at most {max_cells}"))]);
        }
        let mut grid =
            Grid { cols: cols as i32, rows: rows as i32, ring: spec.ring, linked: vec![false; cells as usize] };
        let Some(links) = &spec.links else {
            for i in 0..grid.cells() {
                grid.linked[i] = grid.inward(i).is_some();
            }
            return Ok(grid);
        };
        let mut problems = Vec::new();
        if !spec.ring && !links.is_empty() {
            problems.push(GridProblem::Links("grid: links join the ring to the grid: they need ring: true".into()));
            return Err(problems);
        }
        for (k, link) in links.iter().enumerate() {
            match grid.link(link) {
                Err(m) => problems.push(GridProblem::Link(k, m)),
                Ok(i) if grid.linked[i] => {
                    problems.push(GridProblem::Link(k, format!("link {}: declared twice", show(link))))
                }
                Ok(i) => grid.linked[i] = true,
            }
        }
        if problems.is_empty() {
            Ok(grid)
        } else {
            Err(problems)
        }
    }

    /// The ring cell a declared link joins to the grid, or what is wrong with it.
    fn link(&self, link: &Link) -> Result<usize, String> {
        let at = |(c, r): (i64, i64)| -> Option<usize> { self.index(i32::try_from(c).ok()?, i32::try_from(r).ok()?) };
        match *link {
            Link::Ring(p) => match at(p) {
                Some(i) if self.on_ring(i) && self.inward(i).is_some() => Ok(i),
                Some(i) if self.on_ring(i) => {
                    Err(format!("link {}: a corner of the ring is next to no cell of the grid", show(link)))
                }
                _ => Err(format!("link {}: not a cell of the ring", show(link))),
            },
            Link::Pair(a, b) => {
                let pair = at(a).zip(at(b)).and_then(|(i, j)| {
                    let (ring, inside) = if self.on_ring(i) { (i, j) } else { (j, i) };
                    (self.on_ring(ring) && self.inward(ring) == Some(inside)).then_some(ring)
                });
                pair.ok_or_else(|| {
                    format!("link {}: expected a ring cell and the grid cell orthogonally next to it", show(link))
                })
            }
        }
    }

    /// Cells on the board, the ring included.
    pub fn cells(&self) -> usize {
        self.linked.len()
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn has_ring(&self) -> bool {
        self.ring
    }

    fn o(&self) -> i32 {
        i32::from(self.ring)
    }

    fn stride(&self) -> i32 {
        self.cols + 2 * self.o()
    }

    /// The index of cell `(c, r)`, if the board has it.
    pub fn index(&self, c: i32, r: i32) -> Option<usize> {
        let o = self.o();
        let inside = (-o..self.cols + o).contains(&c) && (-o..self.rows + o).contains(&r);
        inside.then(|| ((r + o) * self.stride() + (c + o)) as usize)
    }

    /// The column and row of cell `i` (which must exist).
    pub fn coords(&self, i: usize) -> (i32, i32) {
        let (i, s, o) = (i as i32, self.stride(), self.o());
        (i % s - o, i / s - o)
    }

    /// The cell's name in the board graph: `c,r`.
    pub fn name(&self, i: usize) -> String {
        let (c, r) = self.coords(i);
        format!("{c},{r}")
    }

    /// Whether cell `i` is on the ring (outside the grid).
    pub fn on_ring(&self, i: usize) -> bool {
        let (c, r) = self.coords(i);
        c < 0 || r < 0 || c >= self.cols || r >= self.rows
    }

    /// The grid cell orthogonally next to ring cell `i` (none for a corner or a grid cell).
    pub fn inward(&self, i: usize) -> Option<usize> {
        let (c, r) = self.coords(i);
        let (cols, rows) = (self.cols, self.rows);
        let inside = |c: i32, r: i32| (0..cols).contains(&c) && (0..rows).contains(&r);
        let to = match (c, r) {
            (c, -1) if inside(c, 0) => (c, 0),
            (c, r) if r == rows && inside(c, rows - 1) => (c, rows - 1),
            (-1, r) if inside(0, r) => (0, r),
            (c, r) if c == cols && inside(cols - 1, r) => (cols - 1, r),
            _ => return None,
        };
        self.index(to.0, to.1)
    }

    /// The cell one step `(dc, dr)` from cell `i`, if that step is allowed (see the
    /// module's adjacency rules).
    pub fn step(&self, i: usize, (dc, dr): (i32, i32)) -> Option<usize> {
        let (c, r) = self.coords(i);
        let j = self.index(c + dc, r + dr)?;
        let (a, b) = (self.on_ring(i), self.on_ring(j));
        if a == b {
            Some(j)
        } else if dc != 0 && dr != 0 {
            None
        } else if a {
            self.linked[i].then_some(j)
        } else {
            self.linked[j].then_some(j)
        }
    }

    /// The neighbours of cell `i` in direction order: N, E, S, W, or with `diagonal` N,
    /// NE, E, SE, S, SW, W, NW.
    pub fn neighbours(&self, i: usize, diagonal: bool) -> impl Iterator<Item = usize> + '_ {
        let dirs: &[(i32, i32)] = if diagonal { &EIGHT } else { &ORTHOGONAL };
        dirs.iter().filter_map(move |&d| self.step(i, d))
    }

    /// The next ring cell clockwise from ring cell `i` (None for a grid cell).
    pub fn clockwise(&self, i: usize) -> Option<usize> {
        if !self.ring || !self.on_ring(i) {
            return None;
        }
        let (c, r) = self.coords(i);
        let (cols, rows) = (self.cols, self.rows);
        let next = if r == -1 && c < cols {
            (c + 1, r)
        } else if c == cols && r < rows {
            (c, r + 1)
        } else if r == rows && c > -1 {
            (c - 1, r)
        } else {
            (c, r - 1)
        };
        self.index(next.0, next.1)
    }

    /// The ring's cells clockwise from the front-left corner `(-1, -1)` (empty without a
    /// ring).
    pub fn ring(&self) -> Vec<usize> {
        let Some(start) = self.index(-1, -1).filter(|_| self.ring) else { return Vec::new() };
        let mut out = vec![start];
        let mut at = start;
        while let Some(next) = self.clockwise(at).filter(|&n| n != start) {
            out.push(next);
            at = next;
        }
        out
    }

    /// The links, each a ring cell and the grid cell it joins, in the ring's clockwise
    /// order from the front-left corner: the numbering a die may read (E1, E2...).
    pub fn links(&self) -> Vec<(usize, usize)> {
        self.ring().into_iter().filter(|&i| self.linked[i]).filter_map(|i| Some((i, self.inward(i)?))).collect()
    }

    /// The board graph of the grid: nodes `c,r` in cell order, an edge for every allowed
    /// orthogonal step, and for every diagonal one with `diagonal`.
    pub fn board(&self, diagonal: bool) -> Board {
        let mut b = Board::default();
        let names: Vec<String> = (0..self.cells()).map(|i| self.name(i)).collect();
        for n in &names {
            b.add_node(n);
        }
        for i in 0..self.cells() {
            // Half the directions (E, SE, S, SW) reach every pair once.
            for d in [(1, 0), (1, 1), (0, 1), (-1, 1)] {
                if d.0 != 0 && d.1 != 0 && !diagonal {
                    continue;
                }
                if let Some(j) = self.step(i, d) {
                    b.add_edge(&names[i], &names[j]);
                }
            }
        }
        b.finish();
        b
    }

    /// Breadth-first distances to the nearest of `targets` (every step costs 1), for every
    /// cell: a path enters only cells that are `passable` (by index) or targets, which
    /// always are. [`UNREACHED`] where no path leads. Targets out of the board are ignored.
    pub fn distances(&self, targets: &[usize], passable: &[bool], diagonal: bool) -> Vec<u32> {
        let mut dist = vec![UNREACHED; self.cells()];
        let mut queue = std::collections::VecDeque::new();
        for &t in targets {
            if t < dist.len() && dist[t] != 0 {
                dist[t] = 0;
                queue.push_back(t);
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = dist[i] + 1;
            for j in self.neighbours(i, diagonal) {
                if dist[j] == UNREACHED && passable.get(j).copied().unwrap_or(false) {
                    dist[j] = d;
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    /// The neighbours of `from` that bring it closest to the targets of `dist` (what
    /// [`Grid::distances`] gave), in direction order: those of the least distance among
    /// its neighbours, when that is less than its own. Empty on a target, or when no
    /// neighbour leads anywhere. `from` itself need not be passable.
    pub fn steps(&self, dist: &[u32], from: usize, diagonal: bool) -> Vec<usize> {
        let at = |i: usize| dist.get(i).copied().unwrap_or(UNREACHED);
        let least = self.neighbours(from, diagonal).map(at).min().unwrap_or(UNREACHED);
        if least == UNREACHED || least >= at(from) {
            return Vec::new();
        }
        self.neighbours(from, diagonal).filter(|&j| at(j) == least).collect()
    }

    /// A shortest path from `from` to the nearest target of `dist`, both ends included,
    /// taking the first of [`Grid::steps`] at every cell; None when none leads there.
    pub fn path(&self, dist: &[u32], from: usize, diagonal: bool) -> Option<Vec<usize>> {
        let mut path = vec![from];
        let mut at = from;
        while dist.get(at).copied() != Some(0) {
            at = *self.steps(dist, at, diagonal).first()?;
            path.push(at);
        }
        Some(path)
    }
}

/// A link as the YAML writes it.
fn show(link: &Link) -> String {
    match link {
        Link::Ring((c, r)) => format!("[{c}, {r}]"),
        Link::Pair((a, b), (c, d)) => format!("[[{a}, {b}], [{c}, {d}]]"),
    }
}
