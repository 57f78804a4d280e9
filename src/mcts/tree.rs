//! The search tree: nodes in one arena, children stored contiguously.

use crate::rules::Move;

/// One node: the move that led here and the statistics of the side that made it.
#[derive(Clone, Debug)]
pub struct Node {
    /// The move from the parent (unused at the root).
    pub mv: Move,
    pub parent: u32,
    /// Children occupy `first_child .. first_child + children`.
    pub first_child: u32,
    pub children: u32,
    pub expanded: bool,
    pub visits: u32,
    /// Sum of results (1 win, 0.5 draw, 0 loss) for the side that played `mv`.
    pub wins: f64,
    pub prior: f32,
    /// Set when the position after `mv` ends the game: its result for the side that played.
    pub terminal: Option<f64>,
}

impl Node {
    pub fn new(mv: Move, parent: u32, prior: f32) -> Self {
        Node {
            mv,
            parent,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
            prior,
            terminal: None,
        }
    }

    /// Mean result for the side that played the node's move.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f64
        }
    }
}

/// The arena. Node 0 is the root.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    pub fn new() -> Self {
        Tree {
            nodes: vec![Node::new(crate::rules::Move::PASS, u32::MAX, 1.0)],
        }
    }

    pub fn children(&self, n: u32) -> std::ops::Range<u32> {
        let node = &self.nodes[n as usize];
        node.first_child..node.first_child + node.children
    }

    /// The child of `n` reached by `mv`.
    pub fn child_by_move(&self, n: u32, mv: &Move) -> Option<u32> {
        self.children(n).find(|&c| self.nodes[c as usize].mv == *mv)
    }

    /// The most visited child of `n`.
    pub fn best_child(&self, n: u32) -> Option<u32> {
        self.children(n).max_by(|&a, &b| {
            let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
            na.visits
                .cmp(&nb.visits)
                .then(na.mean().total_cmp(&nb.mean()))
        })
    }

    /// The most visited line from the root.
    pub fn principal_line(&self, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut n = 0;
        while line.len() < max {
            match self.best_child(n) {
                Some(c) if self.nodes[c as usize].visits > 0 => {
                    line.push(self.nodes[c as usize].mv);
                    n = c;
                }
                _ => break,
            }
        }
        line
    }

    /// A new tree whose root is the node `n` of this one, with its whole subtree.
    pub fn subtree(&self, n: u32) -> Tree {
        let mut out = Tree::new();
        out.nodes[0] = Node {
            parent: u32::MAX,
            first_child: 0,
            children: 0,
            ..self.nodes[n as usize].clone()
        };
        // Breadth-first copy keeps each node's children contiguous.
        let mut queue = std::collections::VecDeque::from([(n, 0u32)]);
        while let Some((old, new)) = queue.pop_front() {
            let kids = self.children(old);
            let first = out.nodes.len() as u32;
            out.nodes[new as usize].first_child = first;
            out.nodes[new as usize].children = kids.len() as u32;
            for k in kids.clone() {
                let mut c = self.nodes[k as usize].clone();
                c.parent = new;
                c.first_child = 0;
                c.children = 0;
                out.nodes.push(c);
            }
            for (i, k) in kids.enumerate() {
                queue.push_back((k, first + i as u32));
            }
        }
        out
    }

    /// Total visits of the root's children (the playouts the root has seen).
    pub fn root_visits(&self) -> u32 {
        self.children(0)
            .map(|c| self.nodes[c as usize].visits)
            .sum()
    }
}

impl Default for Tree {
    fn default() -> Self {
        Self::new()
    }
}
