//! The best move: the card that maximises the probability of clearing the board (flipping every
//! 2 and 3) under optimal play from there.
//!
//! The search works on sets of consistent boards. Two facts keep it small and still exact:
//! - a card whose value all remaining boards agree on is free to flip when it is not a Voltorb,
//!   so a board whose every multiplier lies on such cards counts as won;
//! - flipping a card that is a Voltorb in no remaining board never hurts (it only adds
//!   information), so when such a card exists it is flipped without trying the others.
//!
//! Otherwise every risky card is tried, best first by Voltorb odds, skipping cards whose
//! no-Voltorb weight cannot beat the best found; values of board sets are memoised. Past a node
//! budget the rest of the tree is played by a greedy rule (safest card first) and the answer is
//! marked approximate: a win probability that this play achieves, a lower bound on the optimum.

use std::collections::HashMap;

use super::board::{Board, CELLS};

/// Default node budget: distinct board sets solved before falling back to the greedy rule.
pub const DEFAULT_BUDGET: u64 = 400_000;

/// The recommended card and the winning chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestMove {
    /// The card to flip next (cell index `row·5 + col`), or `None` when nothing is left to do.
    pub cell: Option<usize>,
    /// Probability of clearing the board when playing as advised from now on.
    pub win: f64,
    /// True when the search finished within its budget (the figure is the optimum).
    pub exact: bool,
    /// Board sets solved.
    pub nodes: u64,
}

/// A card to try: its index, its two-step bound, and for each outcome the settled board set,
/// the weight it had already won and its bound.
type Candidate = (usize, f64, Vec<(Vec<u32>, f64, f64)>);

/// The search state over one analysis.
struct Search<'a> {
    masks: Vec<[u32; 4]>,
    weights: &'a [f64],
    memo: HashMap<(u64, u64), f64>,
    nodes: u64,
    budget: u64,
    approximate: bool,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'a> Search<'a> {
    /// A fresh search over `boards` (each card's value as one bit mask per value) weighted by
    /// `weights`, solving at most `budget` board sets exactly.
    fn new(boards: &[Board], weights: &'a [f64], budget: u64) -> Self {
        Search {
            masks: boards
                .iter()
                .map(|b| [b.mask_of(0), b.mask_of(1), b.mask_of(2), b.mask_of(3)])
                .collect(),
            weights,
            memo: HashMap::new(),
            nodes: 0,
            budget,
            approximate: false,
        }
    }

    /// Masks of the values present anywhere in `set`, and the cards on which boards disagree.
    fn presence(&self, set: &[u32]) -> ([u32; 4], u32) {
        let mut p = [0u32; 4];
        for &i in set {
            let m = &self.masks[i as usize];
            p[0] |= m[0];
            p[1] |= m[1];
            p[2] |= m[2];
            p[3] |= m[3];
        }
        let amb = (p[0] & (p[1] | p[2] | p[3])) | (p[1] & (p[2] | p[3])) | (p[2] & p[3]);
        (p, amb)
    }

    fn weight(&self, set: &[u32]) -> f64 {
        set.iter().map(|&i| self.weights[i as usize]).sum()
    }

    /// Removes the boards already won (all multipliers on agreed cards); returns their weight,
    /// the rest's presence masks and disagreement mask.
    fn settle(&self, set: &mut Vec<u32>) -> (f64, [u32; 4], u32) {
        let mut won = 0.0;
        loop {
            let (p, amb) = self.presence(set);
            let before = set.len();
            set.retain(|&i| {
                let m = &self.masks[i as usize];
                if (m[2] | m[3]) & amb == 0 {
                    won += self.weights[i as usize];
                    false
                } else {
                    true
                }
            });
            if set.len() == before {
                return (won, p, amb);
            }
        }
    }

    fn split(&self, set: &[u32], cell: usize, value: usize) -> Vec<u32> {
        let bit = 1u32 << cell;
        set.iter()
            .copied()
            .filter(|&i| self.masks[i as usize][value] & bit != 0)
            .collect()
    }

    /// Winning weight when flipping `cell` (a Voltorb loses) and playing on optimally.
    fn sum_split(&mut self, set: &[u32], cell: usize) -> f64 {
        let mut total = 0.0;
        for v in 1..4 {
            let part = self.split(set, cell, v);
            total += self.solve(part);
        }
        total
    }

    /// Voltorb weight of each card over `set`.
    fn voltorb_weights(&self, set: &[u32]) -> [f64; CELLS] {
        let mut w0 = [0.0; CELLS];
        for &i in set {
            let mut m = self.masks[i as usize][0];
            let w = self.weights[i as usize];
            while m != 0 {
                w0[m.trailing_zeros() as usize] += w;
                m &= m - 1;
            }
        }
        w0
    }

    /// Winning weight from the board set `set` (sorted indices) under optimal play.
    fn solve(&mut self, mut set: Vec<u32>) -> f64 {
        let (won, p, amb) = self.settle(&mut set);
        if set.is_empty() {
            return won;
        }
        let key = set_key(&set);
        if let Some(&v) = self.memo.get(&key) {
            return won + v;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.approximate = true;
        }
        let safe = amb & !p[0];
        let value = if safe != 0 {
            let cell = safe.trailing_zeros() as usize;
            self.sum_split(&set, cell)
        } else if self.approximate {
            let w0 = self.voltorb_weights(&set);
            let cell = safest(amb, &w0);
            self.sum_split(&set, cell)
        } else {
            self.best_risky(&set, amb).1
        };
        self.memo.insert(key, value);
        won + value
    }

    /// Settles `set` and returns the weight already won and an upper bound on the winning weight
    /// one flip ahead: the rest's weight when a safe card exists, else that weight minus the
    /// smallest Voltorb weight of any card (or the memoised value when known).
    fn bound(&self, set: &mut Vec<u32>) -> (f64, f64) {
        let (won, p, amb) = self.settle(set);
        if set.is_empty() {
            return (won, won);
        }
        if let Some(&v) = self.memo.get(&set_key(set)) {
            return (won, won + v);
        }
        let w = self.weight(set);
        if amb & !p[0] != 0 {
            return (won, won + w);
        }
        let w0 = self.voltorb_weights(set);
        let min0 = (0..CELLS)
            .filter(|&c| amb & (1 << c) != 0)
            .map(|c| w0[c])
            .fold(f64::INFINITY, f64::min);
        (won, won + w - min0)
    }

    /// Tries every disagreed card of `set` (none is safe), best two-step bound first, skipping
    /// cards whose bound cannot beat the best found; returns the best card and its winning weight.
    fn best_risky(&mut self, set: &[u32], amb: u32) -> (usize, f64) {
        let mut cands: Vec<Candidate> = Vec::new();
        for cell in (0..CELLS).filter(|&c| amb & (1 << c) != 0) {
            let mut parts = Vec::with_capacity(3);
            let mut total = 0.0;
            for v in 1..4 {
                let mut part = self.split(set, cell, v);
                if part.is_empty() {
                    continue;
                }
                let (won, b) = self.bound(&mut part);
                total += b;
                parts.push((part, won, b));
            }
            cands.push((cell, total, parts));
        }
        cands.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut best = (cands.first().map(|c| c.0).unwrap_or(0), -1.0);
        for (cell, bound, parts) in cands {
            if bound <= best.1 + 1e-15 {
                break;
            }
            let mut remaining = bound;
            let mut value = 0.0;
            for (part, won, b) in parts {
                if value + remaining <= best.1 + 1e-15 {
                    value = -1.0;
                    break;
                }
                remaining -= b;
                // `part` is settled: the boards it had already won are in `won`.
                value += won + self.solve(part);
            }
            if value > best.1 {
                best = (cell, value);
            }
        }
        best
    }
}

/// Memo key of a sorted board set: two independent 64-bit hashes of its members.
fn set_key(set: &[u32]) -> (u64, u64) {
    set.iter().fold((set.len() as u64, 0u64), |(a, b), &i| {
        (
            a.wrapping_add(mix(u64::from(i))),
            b ^ mix(u64::from(i) ^ 0xA5A5_5A5A_0F0F_F0F0).rotate_left(i % 64),
        )
    })
}

/// The card with the least Voltorb weight among `cards`.
fn safest(cards: u32, w0: &[f64; CELLS]) -> usize {
    (0..CELLS)
        .filter(|&c| cards & (1 << c) != 0)
        .min_by(|&a, &b| w0[a].total_cmp(&w0[b]))
        .unwrap_or(0)
}

/// The best card to flip given the consistent `boards`, their `weights` and the cards already
/// `revealed` (mask of cell indices), searching at most `budget` board sets exactly.
pub fn best_move(boards: &[Board], weights: &[f64], revealed: u32, budget: u64) -> BestMove {
    let mut search = Search::new(boards, weights, budget);
    let all: Vec<u32> = (0..boards.len() as u32).collect();
    let total = search.weight(&all);
    if total <= 0.0 {
        return BestMove {
            cell: None,
            win: 0.0,
            exact: true,
            nodes: 0,
        };
    }
    let (p, amb) = search.presence(&all);
    // Known multipliers not yet flipped: free points, flip them first.
    let known_mult = (p[2] | p[3]) & !amb & !revealed;
    let safe = amb & !p[0];
    let (cell, value) = if known_mult != 0 {
        (
            Some(known_mult.trailing_zeros() as usize),
            search.solve(all),
        )
    } else if safe != 0 {
        (Some(safe.trailing_zeros() as usize), search.solve(all))
    } else if amb == 0 {
        (None, search.solve(all))
    } else {
        let mut set = all;
        let (won, _, amb) = search.settle(&mut set);
        let (cell, v) = search.best_risky(&set, amb);
        (Some(cell), won + v)
    };
    BestMove {
        cell,
        win: (value / total).clamp(0.0, 1.0),
        exact: !search.approximate,
        nodes: search.nodes,
    }
}

/// Winning probability when playing `first` now and optimally afterwards (for checking advice).
pub fn win_after(boards: &[Board], weights: &[f64], first: usize, budget: u64) -> f64 {
    let mut search = Search::new(boards, weights, budget);
    let all: Vec<u32> = (0..boards.len() as u32).collect();
    let total = search.weight(&all);
    if total <= 0.0 {
        return 0.0;
    }
    let mut set = all;
    let (won, _, amb) = search.settle(&mut set);
    if amb & (1 << first) == 0 {
        return (won + search.solve(set)) / total;
    }
    let v = search.sum_split(&set, first);
    (won + v) / total
}
