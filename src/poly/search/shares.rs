//! A progress fraction that grows with the work done. The branches near the top of the search
//! (the restricted piece's placements, and the first levels below them) are weighted by the
//! estimated size of their subtrees, from random walks down each (Knuth's estimator), so the
//! bar moves about evenly with time instead of crawling through a big branch and jumping over
//! small ones. The first nodes of each of the top levels are weighed, with many walks each
//! (few walks weigh worse than an even split: the estimates are heavy-tailed), for as long as
//! the walks stay within a few per cent of the search's estimated size; the other nodes split
//! their share evenly.

use super::{Bits, Engine};
use crate::util::rng::Rng;

/// Searches expected to visit fewer nodes than this (half a second) keep the even split: the
/// bar is hardly seen, and weighing would cost more than it shows.
const WEIGH_MIN_NODES: f64 = 3.0e6;
/// The walks' steps may add up to this share of the search's estimated nodes.
const WALK_SHARE: f64 = 0.03;
/// The walks' fixed seed: the same inputs give the same progress.
const WALK_SEED: u64 = 0x5EED_0F9A;
/// The walks' steps, at most, whatever the search's size: the search (and its first progress
/// report) waits for them. The library's biggest weighing, hexiamonds 4×9, takes 1.2e5 steps
/// (0.2 s); 35 hexominoes on a 15×14 board would have taken 1e8 (half a minute natively,
/// longer on the page, with the bar standing still).
const WALK_STEPS_MAX: f64 = 1.2e5;
/// Random walks that estimate the whole search's size.
const SIZE_WALKS: u32 = 32;
/// Random walks under each weighed branch.
const BRANCH_WALKS: u32 = 1024;
/// How many levels below the restricted piece may be weighed.
pub(super) const WEIGHT_DEPTH: usize = 8;
/// How many nodes of each level are weighed: enough to cover the levels where a search with
/// few branches per node (dominoes) spends its imbalance, few enough that a wide one (dozens
/// of branches per node) stays cheap.
const NODES_PER_LEVEL: u32 = 8;

/// The state of weighing: the walks' random numbers and the steps they may still take.
pub(super) struct Weighing {
    rng: Rng,
    steps_left: f64,
}

/// One branch's place in its parent's share: the part of the parent before it, and its own
/// part (both fractions of the parent, all branches' parts adding up to 1).
pub(super) type Span = (f64, f64);

impl<B: Bits> Engine<'_, B> {
    /// Weighing for a search from the positions `starts` (the root, or the restricted
    /// piece's placements), when it is big enough to be worth it (its size estimated by a few
    /// walks, each from a start chosen at random, so that a quick search stays quick).
    pub(super) fn weighing(&mut self, starts: &[B]) -> Option<Weighing> {
        let mut rng = Rng::new(WALK_SEED);
        if starts.is_empty() {
            return None;
        }
        let mut sum = 0.0;
        for _ in 0..SIZE_WALKS {
            let filled = starts[rng.index(starts.len())];
            sum += self.walk(filled, 0, &mut rng).0;
        }
        let nodes = sum / f64::from(SIZE_WALKS) * starts.len() as f64;
        (nodes >= WEIGH_MIN_NODES).then_some(Weighing {
            rng,
            steps_left: (nodes * WALK_SHARE).min(WALK_STEPS_MAX),
        })
    }

    /// The estimated size of the subtree under `filled` at `depth` (with piece `t` placed to
    /// get there, when given), averaged over [`BRANCH_WALKS`] walks; None when the budget ran
    /// out.
    pub(super) fn subtree_size(
        &mut self,
        filled: B,
        depth: usize,
        t: Option<usize>,
        w: &mut Weighing,
    ) -> Option<f64> {
        if let Some(t) = t {
            self.take_piece(t);
        }
        let mut nodes = 0.0;
        for _ in 0..BRANCH_WALKS {
            let (n, steps) = self.walk(filled, depth, &mut w.rng);
            nodes += n;
            w.steps_left -= steps;
        }
        if let Some(t) = t {
            self.return_piece(t);
        }
        (w.steps_left >= 0.0).then_some(nodes / f64::from(BRANCH_WALKS))
    }

    /// Weighs the branches of the node `filled` at `depth` (when weighing, within the level's
    /// count and the walks' budget), or marks them as split evenly.
    pub(super) fn weigh_branches(&mut self, filled: B, depth: usize) {
        self.spans[depth].clear();
        if self.weighed[depth] >= NODES_PER_LEVEL {
            return;
        }
        let Some(mut w) = self.weigh.take() else {
            return;
        };
        self.weighed[depth] += 1;
        if let Some(spans) = self.branch_spans(filled, depth, &mut w) {
            self.spans[depth] = spans;
        }
        self.weigh = Some(w);
    }

    /// The spans of the branches under `filled` (at `depth`), one per candidate in the order
    /// the search counts them (candidates that do not fit get an empty span); None when the
    /// budget ran out.
    fn branch_spans(&mut self, filled: B, depth: usize, w: &mut Weighing) -> Option<Vec<Span>> {
        let candidates: Vec<(usize, B)> = self.candidates(filled).collect();
        let mut sizes = Vec::with_capacity(candidates.len());
        for (t, mask) in candidates {
            let next = filled | mask;
            let size = if !(mask & filled).is_zero() {
                0.0
            } else if next == B::ALL {
                1.0
            } else if self.dead(next, mask, depth) {
                0.0
            } else {
                1.0 + self.subtree_size(next, depth + 1, Some(t), w)?
            };
            sizes.push(size);
        }
        Some(spans(&sizes))
    }

    /// One random walk down from `filled` at `depth`: the subtree's estimated node count (the
    /// node itself, plus each level's node count scaled by the branching on the way), and the
    /// steps the walk took.
    fn walk(&mut self, mut filled: B, mut depth: usize, rng: &mut Rng) -> (f64, f64) {
        let mut weight = 1.0f64;
        let mut nodes = 0.0f64;
        let mut used = Vec::new();
        let mut children = Vec::new();
        loop {
            nodes += weight;
            self.children(filled, depth, &mut children);
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            let (next, t, complete) = children[rng.index(children.len())];
            if complete {
                nodes += weight;
                break;
            }
            self.take_piece(t);
            used.push(t);
            filled = next;
            depth += 1;
        }
        let steps = used.len() as f64 + 1.0;
        for t in used {
            self.return_piece(t);
        }
        (nodes, steps)
    }
}

/// Spans from sizes: each size's part of the total, and the parts before it.
pub(super) fn spans(sizes: &[f64]) -> Vec<Span> {
    let total: f64 = sizes.iter().sum();
    if total <= 0.0 {
        let n = sizes.len().max(1) as f64;
        return (0..sizes.len()).map(|i| (i as f64 / n, 1.0 / n)).collect();
    }
    let mut before = 0.0;
    sizes
        .iter()
        .map(|&s| {
            let span = (before / total, s / total);
            before += s;
            span
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::spans;

    #[test]
    fn spans_add_up_and_follow_the_sizes() {
        let s = spans(&[1.0, 0.0, 3.0]);
        assert_eq!(s, vec![(0.0, 0.25), (0.25, 0.0), (0.25, 0.75)]);
        // Nothing known: an even split.
        assert_eq!(spans(&[0.0, 0.0]), vec![(0.0, 0.5), (0.5, 0.5)]);
    }
}
