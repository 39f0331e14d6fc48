//! Boards as graphs: named nodes, undirected edges, neighbours and shortest paths. Line of
//! sight and zone shapes are properties a game keeps on nodes; the graph only answers
//! adjacency and distance. A grid board (`grid.rs`, [`grid::Grid`]: cells by column and
//! row, a ring around them, links, distances and first steps in a fixed direction order)
//! makes its graph here too, with nodes named `c,r`.

pub mod grid;

use std::collections::{BTreeMap, VecDeque};

#[derive(Debug, Clone, Default)]
pub struct Board {
    names: Vec<String>,
    index: BTreeMap<String, usize>,
    adj: Vec<Vec<usize>>,
}

impl Board {
    /// Adds a node (no-op if present) and returns its index.
    pub fn add_node(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len();
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), i);
        self.adj.push(Vec::new());
        i
    }

    /// Adds an undirected edge; both nodes must exist. Returns false when one does not.
    /// Neighbours are put in order (and an edge given twice counted once) by
    /// [`Board::finish`], once all edges are in.
    pub fn add_edge(&mut self, a: &str, b: &str) -> bool {
        let (Some(&i), Some(&j)) = (self.index.get(a), self.index.get(b)) else {
            return false;
        };
        self.adj[i].push(j);
        if i != j {
            self.adj[j].push(i);
        }
        true
    }

    /// Sorts every node's neighbours by name and drops edges given twice: neighbours and
    /// paths come out in name order, the same on every machine.
    pub fn finish(&mut self) {
        let names = &self.names;
        for adj in &mut self.adj {
            adj.sort_unstable_by(|x, y| names[*x].cmp(&names[*y]));
            adj.dedup();
        }
    }

    /// Edges on the board, each counted once.
    pub fn edges(&self) -> usize {
        self.adj.iter().enumerate().map(|(i, a)| a.iter().filter(|&&j| j >= i).count()).sum()
    }

    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// Index of a node by name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    pub fn nodes(&self) -> &[String] {
        &self.names
    }

    /// Neighbours sorted by name, or None for an unknown node.
    pub fn neighbours(&self, name: &str) -> Option<Vec<&str>> {
        let &i = self.index.get(name)?;
        Some(self.adj[i].iter().map(|&j| self.names[j].as_str()).collect())
    }

    /// A shortest path from `a` to `b`, both included; ties broken by name order, so the
    /// answer is the same on every machine.
    pub fn path(&self, a: &str, b: &str) -> Option<Vec<&str>> {
        let (&s, &t) = (self.index.get(a)?, self.index.get(b)?);
        let mut prev = vec![usize::MAX; self.names.len()];
        prev[s] = s;
        let mut queue = VecDeque::from([s]);
        while let Some(i) = queue.pop_front() {
            if i == t {
                let mut path = vec![t];
                let mut k = t;
                while k != s {
                    k = prev[k];
                    path.push(k);
                }
                path.reverse();
                return Some(path.into_iter().map(|k| self.names[k].as_str()).collect());
            }
            for &j in &self.adj[i] {
                if prev[j] == usize::MAX {
                    prev[j] = i;
                    queue.push_back(j);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_path_and_unknowns() {
        let mut b = Board::default();
        for n in ["a", "b", "c", "d"] {
            b.add_node(n);
        }
        assert!(b.add_edge("a", "b"));
        assert!(b.add_edge("b", "c"));
        assert!(!b.add_edge("c", "zz"));
        assert!(b.add_edge("b", "a"));
        b.finish();
        assert_eq!(b.neighbours("b").unwrap(), vec!["a", "c"]);
        assert_eq!(b.edges(), 2);
        assert_eq!(b.path("a", "c").unwrap(), vec!["a", "b", "c"]);
        assert!(b.path("a", "d").is_none());
        assert!(b.neighbours("zz").is_none());
    }
}
