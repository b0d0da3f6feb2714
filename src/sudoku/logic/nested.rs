//! Sudoku Explainer's nested forcing chains as steps of the solving path: the searches it tries
//! once its other chains find nothing, and how they are dealt out to the machine's threads or
//! to the page's workers.
//!
//! SE tries, in this order, dynamic chains that use when their singles run dry:
//! 1. static forcing chains and cycles (rated 9.5);
//! 2. also multiple static chains (10.0);
//! 3. dynamic chains (10.5);
//! 4. dynamic chains with pointing, pairs and X-Wings (10.5);
//! 5. nested chains of the first kind (10.5).
//!
//! The first search that finds anything gives the step (see [`super::se_nested`] for how the
//! inner chains join the outer ones). Each search runs from every unsolved cell in turn; the
//! best conclusion is the one with the lowest (rating, length, SE's kind order, cell), so the
//! cells can be searched apart and the answers combined, and the step found never depends on
//! how many threads or workers shared the work.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::super::candidates::Board;
use super::super::step::Step;
use super::parallel;
use super::se_chaining::{Found, Kind, find_from};

/// How many nested searches SE tries after its chains.
pub const SEARCHES: u8 = 5;

/// Nested search `level` (1 to [`SEARCHES`]).
fn kind(level: u8) -> Kind {
    match level {
        1 => Kind::Nested { level: 2, inner: 0 },
        2 => Kind::Nested { level: 3, inner: 0 },
        l => Kind::Nested {
            level: 4,
            inner: l - 3,
        },
    }
}

/// The order of conclusions: the first is the step.
fn key(f: &Found) -> (f64, usize, u8, usize) {
    (f.rating, f.complexity, f.sort_key, f.cell)
}

fn better(a: &Found, b: &Found) -> bool {
    let (ka, kb) = (key(a), key(b));
    ka.0.total_cmp(&kb.0)
        .then((ka.1, ka.2, ka.3).cmp(&(kb.1, kb.2, kb.3)))
        .is_lt()
}

fn best_of(found: impl IntoIterator<Item = Option<Found>>) -> Option<Found> {
    found
        .into_iter()
        .flatten()
        .fold(None, |best, f| match best {
            Some(b) if !better(&f, &b) => Some(b),
            _ => Some(f),
        })
}

/// The step of nested search `level` on `board`, rows dealt to the machine's threads.
pub fn nested_step(board: &Board, level: u8) -> Option<Step> {
    let threads = parallel::threads().min(9);
    let next = AtomicUsize::new(0);
    let kind = kind(level);
    let answers = parallel::shares(threads, &|_| {
        // Rows in turn, whichever thread is free; each thread keeps its own assumptions.
        let cells = std::iter::from_fn(|| {
            let row = next.fetch_add(1, Ordering::Relaxed);
            (row < 9).then(|| row * 9..row * 9 + 9)
        })
        .flatten();
        find_from(board, kind, cells)
    });
    best_of(answers).map(|f| f.step)
}

/// What one share of a nested search found (as the page's workers pass it on): its best
/// conclusion as (rating, index), where the index orders equally rated conclusions as the
/// search does and names the cell whose chains found it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ShareAnswer {
    pub found: Option<(f64, usize)>,
}

/// Share `share` (from 0) of `shares` of nested search `level`: the rows `share`,
/// `share + shares`, …. The lowest answer of all shares is [`nested_step`]'s, and
/// [`nested_from`] turns it into its step.
pub fn nested_share(board: &Board, level: u8, share: usize, shares: usize) -> ShareAnswer {
    let shares = shares.max(1);
    let cells = (share..9)
        .step_by(shares)
        .flat_map(|row| row * 9..row * 9 + 9);
    let found = find_from(board, kind(level), cells).map(|f| {
        let index = (f.complexity * 8 + usize::from(f.sort_key)) * 81 + f.cell;
        (f.rating, index)
    });
    ShareAnswer { found }
}

/// The step a share reported as (`rating`, `index`): the best conclusion of its cell's chains.
pub fn nested_from(board: &Board, level: u8, rating: f64, index: usize) -> Option<Step> {
    let cell = index % 81;
    find_from(board, kind(level), [cell])
        .filter(|f| {
            f.rating == rating && (f.complexity * 8 + usize::from(f.sort_key)) * 81 + cell == index
        })
        .map(|f| f.step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::candidates::PEERS;

    /// A position written as SE prints it: 81 groups of 9 ('1'–'9' or '.'). A cell left with one
    /// candidate that no peer shares is placed, as SE reads such a position.
    fn position(marks: &str) -> Board {
        let bytes = marks.as_bytes();
        let mut cands = [0u16; 81];
        for (c, cell) in cands.iter_mut().enumerate() {
            for d in 0..9 {
                if bytes[c * 9 + d] != b'.' {
                    *cell |= 1 << (d + 1);
                }
            }
        }
        let mut values = [0u8; 81];
        for c in 0..81 {
            let d = cands[c].trailing_zeros() as u8;
            if cands[c].count_ones() == 1 && PEERS[c].iter().all(|&p| cands[p] & (1 << d) == 0) {
                values[c] = d;
            }
        }
        for c in 0..81 {
            if values[c] != 0 {
                cands[c] = 0;
            }
        }
        Board::from_parts(&values, &cands).expect("a board")
    }

    /// On positions where SE took a nested chain, the first nested search that finds anything
    /// is the one SE's step came from, and its step gets SE's rating.
    #[test]
    fn nested_steps_are_rated_as_sukaku_explainer_rates_them() {
        let text = include_str!("../../../data/sudoku/se-nested-positions.txt");
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let mut fields = line.split_whitespace();
            let board = position(fields.next().unwrap());
            let se_level: u8 = fields.next().unwrap().parse().unwrap();
            let se_rating: f64 = fields.next().unwrap().parse().unwrap();
            // SE's chaining level 2 is the first search, 3 the second, 4 (inner dynamic) the third.
            let search = se_level - 1;
            for level in 1..search {
                assert!(
                    nested_step(&board, level).is_none(),
                    "{line}: search {level}"
                );
            }
            let step = nested_step(&board, search).expect("a nested step");
            assert!(
                (step.rating - se_rating).abs() < 0.05,
                "{line}: {}",
                step.rating
            );
            checked += 1;
        }
        assert_eq!(checked, 6);
    }

    /// A share's answer finds its step again, and the best of all shares is the whole search's.
    #[test]
    fn shares_combine_into_the_whole_search() {
        let text = include_str!("../../../data/sudoku/se-nested-positions.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        let board = position(line.split_whitespace().next().unwrap());
        let whole = nested_step(&board, 1).expect("a nested step");
        let answers: Vec<ShareAnswer> = (0..3).map(|s| nested_share(&board, 1, s, 3)).collect();
        let (rating, index) = answers
            .iter()
            .filter_map(|a| a.found)
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .expect("a share found it");
        let step = nested_from(&board, 1, rating, index).expect("found again");
        assert_eq!(step, whole);
        assert!(nested_from(&board, 1, rating + 0.1, index).is_none());
    }
}
