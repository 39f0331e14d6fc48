//! A board of nodes, edges and a grid (`board: {nodes, edges, grid}` in game.yaml): its
//! size checked against the limits, the grid built ([`crate::board::grid::Grid`]) and each
//! of its problems turned into a diagnostic where the parser saw it (a link's at the link,
//! a bad edge's at the edge), then the graph made of the grid's cells, the nodes and the
//! edges, in that order.

use super::loader::{Doc, Loader};
use super::schema::{BoardDecl, GridDecl, LinkDecl};
use crate::board::grid::{Grid, GridProblem, GridSpec, Link};
use crate::board::Board;
use crate::limits::{MAX_EDGES, MAX_NODES};
use crate::yaml::Step::{Item, Key};
use std::sync::Arc;

impl Loader<'_> {
    /// The board of nodes, edges and grid `b` declares (an empty one when it declares too
    /// much), and its grid, if any; problems are reported against `doc`, under `board:`.
    pub(super) fn graph_board(&mut self, doc: &Doc, b: &BoardDecl) -> (Board, Option<Arc<Grid>>) {
        let key = |k| doc.at.key(&[Key("board"), Key(k)]);
        let cells = b.grid.as_ref().map_or(0, cells);
        let nodes = cells.saturating_add(b.nodes.len());
        if nodes > MAX_NODES {
            let at = key(if cells > 0 { "grid" } else { "nodes" });
            self.at(doc, at, format!("{nodes} board nodes: a board has at most {MAX_NODES}"));
        }
        if b.edges.len() > MAX_EDGES {
            let n = b.edges.len();
            self.at(doc, key("edges"), format!("{n} edges: a board has at most {MAX_EDGES}"));
        }
        if nodes > MAX_NODES || b.edges.len() > MAX_EDGES {
            return (Board::default(), None);
        }
        let grid = b.grid.as_ref().and_then(|g| self.grid(doc, g));
        let mut board = match (&grid, &b.grid) {
            (Some(grid), Some(g)) => grid.board(g.diagonal),
            _ => Board::default(),
        };
        for n in &b.nodes {
            board.add_node(n);
        }
        for (i, (a, c)) in b.edges.iter().enumerate() {
            if !board.add_edge(a, c) {
                let at = doc.at.value(&[Key("board"), Key("edges"), Item(i)]);
                self.at(doc, at, format!("edge {a} - {c}: both ends must be listed in nodes"));
            }
        }
        board.finish();
        (board, grid.map(Arc::new))
    }

    /// The grid `g` declares, or None when it has problems (reported where they are).
    fn grid(&mut self, doc: &Doc, g: &GridDecl) -> Option<Grid> {
        let links = g.links.as_ref().map(|l| {
            l.iter()
                .map(|k| match *k {
                    LinkDecl::Ring(p) => Link::Ring(p),
                    LinkDecl::Pair(a, b) => Link::Pair(a, b),
                })
                .collect()
        });
        let spec = GridSpec { cols: g.cols, rows: g.rows, ring: g.ring, links };
        let problems = match Grid::new(&spec, MAX_NODES) {
            Ok(grid) => return Some(grid),
            Err(problems) => problems,
        };
        let grid = [Key("board"), Key("grid")];
        let links = [Key("board"), Key("grid"), Key("links")];
        for p in problems {
            let (at, message) = match p {
                GridProblem::Size(m) => (doc.at.key(&grid), m),
                GridProblem::Links(m) => (doc.at.key(&links), m),
                GridProblem::Link(k, m) => (doc.at.value(&[Key("board"), Key("grid"), Key("links"), Item(k)]), m),
            };
            self.at(doc, at, message);
        }
        None
    }
}

/// The cells a grid declaration makes, its ring included (0 for a size below 1).
fn cells(g: &GridDecl) -> usize {
    let o = if g.ring { 2 } else { 0 };
    let side = |n: i64| if n < 1 { 0 } else { usize::try_from(n).unwrap_or(usize::MAX).saturating_add(o) };
    side(g.cols).saturating_mul(side(g.rows))
}
