//! A board of nodes, edges and a grid (`board: {nodes, edges, grid}` in game.yaml): its
//! size checked against the limits, the grid built ([`crate::board::grid::Grid`]) and each
//! of its problems turned into a diagnostic at its line (a link's own line when the list
//! is written one link a line), then the graph made of the grid's cells, the nodes and the
//! edges, in that order.

use super::checks::find_line;
use super::loader::Loader;
use super::schema::{BoardDecl, GridDecl, LinkDecl};
use crate::board::grid::{Grid, GridProblem, GridSpec, Link};
use crate::board::Board;
use crate::limits::{MAX_EDGES, MAX_NODES};
use std::sync::Arc;

impl Loader<'_> {
    /// The board of nodes, edges and grid `b` declares (an empty one when it declares too
    /// much), and its grid, if any; problems are reported against `game_rel`.
    pub(super) fn graph_board(&mut self, game_rel: &str, text: &str, b: &BoardDecl) -> (Board, Option<Arc<Grid>>) {
        let line_of = |needle: &str| find_line(text, needle, 1).unwrap_or(0);
        let cells = b.grid.as_ref().map_or(0, cells);
        let nodes = cells.saturating_add(b.nodes.len());
        if nodes > MAX_NODES {
            let line = line_of(if cells > 0 { "grid:" } else { "nodes:" });
            self.err(game_rel, line, format!("{nodes} board nodes: a board has at most {MAX_NODES}"));
        }
        if b.edges.len() > MAX_EDGES {
            let n = b.edges.len();
            self.err(game_rel, line_of("edges:"), format!("{n} edges: a board has at most {MAX_EDGES}"));
        }
        if nodes > MAX_NODES || b.edges.len() > MAX_EDGES {
            return (Board::default(), None);
        }
        let grid = b.grid.as_ref().and_then(|g| self.grid(game_rel, text, g));
        let mut board = match (&grid, &b.grid) {
            (Some(grid), Some(g)) => grid.board(g.diagonal),
            _ => Board::default(),
        };
        for n in &b.nodes {
            board.add_node(n);
        }
        for (a, c) in &b.edges {
            if !board.add_edge(a, c) {
                self.err(game_rel, line_of("edges:"), format!("edge {a} - {c}: both ends must be listed in nodes"));
            }
        }
        board.finish();
        (board, grid.map(Arc::new))
    }

    /// The grid `g` declares, or None when it has problems (reported at their lines).
    fn grid(&mut self, game_rel: &str, text: &str, g: &GridDecl) -> Option<Grid> {
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
        let board = find_line(text, "board:", 1).unwrap_or(1);
        let grid = find_line(text, "grid:", board).unwrap_or(board);
        let links = find_line(text, "links:", grid).unwrap_or(grid);
        let items = block_items(text, links);
        for p in problems {
            let (line, message) = match p {
                GridProblem::Size(m) => (grid, m),
                GridProblem::Links(m) => (links, m),
                GridProblem::Link(k, m) => (items.get(k).copied().unwrap_or(links), m),
            };
            self.err(game_rel, line, message);
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

/// The lines (1-based) of the items of the block sequence under the key on line `key`:
/// its `- ` lines at the first item's indentation, until a line indented less than the
/// key, or as much but not an item. Empty when the key's value is on its own line (a
/// flow list).
fn block_items(text: &str, key: usize) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(head) = key.checked_sub(1).and_then(|k| lines.get(k)) else { return Vec::new() };
    let value = head.split_once(':').map_or("", |(_, v)| v.trim());
    if !(value.is_empty() || value.starts_with('#')) {
        return Vec::new();
    }
    let key_indent = head.len() - head.trim_start().len();
    let mut items = Vec::new();
    let mut item_indent = None;
    for (n, line) in lines.iter().enumerate().skip(key) {
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let indent = line.len() - body.len();
        if indent < key_indent || (indent == key_indent && !body.starts_with("- ")) {
            break;
        }
        if body.starts_with("- ") && *item_indent.get_or_insert(indent) == indent {
            items.push(n + 1);
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::block_items;

    #[test]
    fn items_of_a_block_list_and_of_a_flow_list() {
        let yaml = "board:\n  grid:\n    links:   # E1, E2\n      - [1, -1]\n      # a comment\n      - [[3, -1], [3, 0]]\n    ring: true\n";
        assert_eq!(block_items(yaml, 3), [4, 6]);
        let yaml = "board:\n  grid:\n    links:\n    - [1, -1]\n    - [3, -1]\n    ring: true\n";
        assert_eq!(block_items(yaml, 3), [4, 5]);
        assert!(block_items("grid:\n  links: [[1, -1]]\n", 2).is_empty());
    }
}
