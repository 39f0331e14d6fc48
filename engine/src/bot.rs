//! Bots answer decisions from what the engine lists. The random bot picks uniformly: one
//! option, or for a multi-choice a uniform count in `min..=max` and a uniform subset.
//!
//! A bot's pick is a function of a decision's [`Shape`] and an RNG, nothing else: bots
//! know nothing of the game's flow, its requests or its state, so the same pick serves
//! the REPL's bots, tests, and the in-flow bots of batches (lua/api.rs `auto_pick`).

use crate::decision::Shape;
use crate::rng::Rng;

/// A uniformly random legal answer to `decision` (1-based picks). A pending request of a
/// game is a decision too (`&Request` turns into its shape).
pub fn random_choice(decision: impl Into<Shape>, rng: &mut Rng) -> Vec<u32> {
    let Shape { count, multi, min, max, .. } = decision.into();
    if !multi {
        return vec![rng.below(count as u64) as u32 + 1];
    }
    let k = min + rng.below((max - min + 1) as u64) as usize;
    let mut all: Vec<u32> = (1..=count as u32).collect();
    rng.shuffle(&mut all);
    let mut picks = all[..k].to_vec();
    picks.sort_unstable();
    picks
}

/// The RNG the random bots of game `seed` draw from, in `sim`, `check` and all-bot play,
/// so that a seed reported by one is the same game in the others.
pub fn bot_rng(seed: u64) -> Rng {
    Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15)
}

/// The seed of the stream a bot draws from for the decision at `position` (the number of
/// choices made before it) of game `seed`: a strategy bot's `math.random`, and the random
/// bot's picks when people play. It depends on the game and the position alone, so undo
/// and reload meet the same picks.
pub fn pick_seed(seed: u64, position: usize) -> u64 {
    seed ^ 0xB07 ^ (position as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The search's tree of one seat's decisions (single-observer information-set search):
/// a node is a question the seat was asked, reached by the seat's answers above it and
/// told apart by what the seat sees of the question (its shape and its options' tags,
/// hashed into `sig`); its edges are its answers, each with its tries and rewards. Other
/// seats' decisions and chance are not nodes: they are drawn again in every playout, from
/// a world the seat cannot tell from the real one.
///
/// Node 0 is the root, the question being searched, with the answers given to it.
pub struct Tree {
    nodes: Vec<Node>,
    /// (parent node, edge, question's sig) -> node.
    children: std::collections::HashMap<(u32, u32, u64), u32>,
    exploration: f64,
}

struct Node {
    edges: Vec<Edge>,
    tries: u32,
}

struct Edge {
    picks: Vec<u32>,
    tries: u32,
    total: f64,
}

/// Where a playout stands in the tree: the edges taken so far, and whether it has left the
/// tree (a node was added, or a question the tree does not follow was met).
#[derive(Default)]
pub struct Path {
    taken: Vec<(u32, u32)>,
    left: bool,
}

impl Tree {
    /// A tree whose root offers `answers`; UCB1 with `exploration`.
    pub fn new(answers: Vec<Vec<u32>>, exploration: f64) -> Tree {
        let edges = answers.into_iter().map(|picks| Edge { picks, tries: 0, total: 0.0 }).collect();
        Tree { nodes: vec![Node { edges, tries: 0 }], children: Default::default(), exploration }
    }

    /// The root's answer for a playout starting at `path` (a fresh one): an untried answer
    /// first, else UCB1's.
    pub fn root(&self, path: &mut Path, rng: &mut Rng) -> Vec<u32> {
        let e = self.select(0, rng);
        path.taken.push((0, e));
        self.nodes[0].edges[e as usize].picks.clone()
    }

    /// The seat's answer to a later question of `shape` whose sig is `sig`, in a playout at
    /// `path`: UCB1's in a node the tree has, else (once a playout) a new node and a random
    /// answer; None once the playout has left the tree (the rollout answers).
    pub fn answer(&mut self, path: &mut Path, shape: Shape, sig: u64, rng: &mut Rng) -> Option<Vec<u32>> {
        if path.left {
            return None;
        }
        let &(node, edge) = path.taken.last()?;
        if shape.multi {
            // A choice of several is not followed: its answers are too many to try each.
            path.left = true;
            return None;
        }
        let key = (node, edge, sig);
        let child = match self.children.get(&key) {
            Some(&c) => c,
            None => {
                let c = self.nodes.len() as u32;
                let edges = (1..=shape.count as u32).map(|p| Edge { picks: vec![p], tries: 0, total: 0.0 }).collect();
                self.nodes.push(Node { edges, tries: 0 });
                self.children.insert(key, c);
                path.left = true;
                c
            }
        };
        let e = self.select(child, rng);
        path.taken.push((child, e));
        Some(self.nodes[child as usize].edges[e as usize].picks.clone())
    }

    /// UCB1's edge at `node`: an untried one first (drawn at random among them).
    fn select(&self, node: u32, rng: &mut Rng) -> u32 {
        let n = &self.nodes[node as usize];
        let untried: Vec<u32> = (0..n.edges.len() as u32).filter(|&e| n.edges[e as usize].tries == 0).collect();
        if !untried.is_empty() {
            return untried[rng.below(untried.len() as u64) as usize];
        }
        let log_n = f64::from(n.tries.max(1)).ln();
        let score = |e: &Edge| e.total / f64::from(e.tries) + self.exploration * (log_n / f64::from(e.tries)).sqrt();
        let mut best = 0;
        for (i, e) in n.edges.iter().enumerate() {
            if score(e) > score(&n.edges[best]) {
                best = i;
            }
        }
        best as u32
    }

    /// Adds a playout's `reward` along its path.
    pub fn update(&mut self, path: &Path, reward: f64) {
        for &(node, edge) in &path.taken {
            let n = &mut self.nodes[node as usize];
            n.tries += 1;
            let e = &mut n.edges[edge as usize];
            e.tries += 1;
            e.total += reward;
        }
    }

    /// The root's answer tried most (ties: the better mean, then the first).
    pub fn best(&self) -> Vec<u32> {
        let edges = &self.nodes[0].edges;
        let mean = |e: &Edge| e.total / f64::from(e.tries.max(1));
        let mut best = 0;
        for (i, e) in edges.iter().enumerate() {
            let b = &edges[best];
            if e.tries > b.tries || (e.tries == b.tries && mean(e) > mean(b)) {
                best = i;
            }
        }
        edges[best].picks.clone()
    }

    /// Nodes in the tree (the root included).
    pub fn size(&self) -> usize {
        self.nodes.len()
    }
}

/// What tells a question apart in the search's tree: its shape (the seat aside) and its
/// options' tags (`None` where an option has none).
pub fn question_sig<'a>(shape: Shape, tags: impl Iterator<Item = Option<&'a [u8]>>) -> u64 {
    let mut bytes = Vec::with_capacity(64);
    for n in [shape.count, usize::from(shape.multi), shape.min, shape.max] {
        bytes.extend((n as u64).to_le_bytes());
    }
    for t in tags {
        match t {
            Some(t) => {
                bytes.push(1);
                bytes.extend((t.len() as u64).to_le_bytes());
                bytes.extend(t);
            }
            None => bytes.push(0),
        }
    }
    crate::hash::fnv(&bytes)
}
