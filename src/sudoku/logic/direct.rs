//! Sudoku Explainer's "direct" techniques: a pointing, claiming or hidden subset whose
//! eliminations immediately leave a hidden single, shown as that placement. They sit between
//! the hidden and naked singles: Direct Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair
//! 2.0, Direct Hidden Triple 2.5.

use super::super::candidates::Board;
use super::super::step::{Role, Step};
use super::intersections::each_locked;
use super::singles::hidden_single;
use super::subsets::each_hidden_subset;
use crate::sudoku::names;

/// The hidden single a step's eliminations leave behind, as a direct step.
fn direct(board: &Board, step: Step, name: &str, rating: f64) -> Option<Step> {
    let mut after = board.clone();
    step.apply(&mut after);
    let single = hidden_single(&after, false).or_else(|| hidden_single(&after, true))?;
    let p = single.placements[0];
    let mut s = Step::new(name, rating).place(p.cell, p.digit);
    s.name = names::player_name(name, step.cells.len());
    s.cells = step.cells.clone();
    s.cells.push(p.cell);
    s.units = step.units.clone();
    s.units.extend(single.units.iter().copied());
    s.candidates = step.candidates.clone();
    s.mark(p.cell, p.digit, Role::On);
    s.eliminations = step.eliminations.clone();
    s.text = format!(
        "{} Then {}",
        step.text,
        single.text.replacen("In ", "in ", 1)
    );
    Some(s)
}

/// Direct pointing (`claiming` false, SE 1.7) or direct claiming (SE 1.9).
pub fn direct_locked(board: &Board, claiming: bool) -> Option<Step> {
    let (name, r) = if claiming {
        ("Direct Claiming", 1.9)
    } else {
        ("Direct Pointing", 1.7)
    };
    each_locked(board, claiming, &mut |s| direct(board, s, name, r))
}

/// Direct hidden pair (SE 2.0) or triple (SE 2.5).
pub fn direct_hidden(board: &Board, size: usize) -> Option<Step> {
    let (name, r) = if size == 2 {
        ("Direct Hidden Pair", 2.0)
    } else {
        ("Direct Hidden Triple", 2.5)
    };
    each_hidden_subset(board, size, &mut |s| direct(board, s, name, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    #[test]
    fn pointing_that_leaves_a_hidden_single() {
        // Box 1's 1s confined to row 1; box 2's 1s only in r1c5 and r2c6. Pointing removes
        // r1c5, which leaves r2c6 as the only 1 of box 2.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in [9, 10, 11, 18, 19, 20] {
            b.eliminate(c, 1);
        }
        for c in [3, 5, 12, 13, 21, 22, 23] {
            b.eliminate(c, 1);
        }
        let s = direct_locked(&b, false).unwrap();
        assert_eq!(s.technique, "Direct Pointing");
        assert_eq!((s.placements[0].cell, s.placements[0].digit), (14, 1));
        assert!(direct_locked(&Board::from_grid(&Grid::EMPTY), false).is_none());
    }

    #[test]
    fn pointing_that_leaves_no_single_is_not_direct() {
        // The same pointing from box 1, but box 2 keeps 1s in r2c6 and r3c4 once r1c5 loses
        // its 1: a plain pointing, and no hidden single anywhere.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in [9, 10, 11, 18, 19, 20] {
            b.eliminate(c, 1);
        }
        for c in [3, 5, 12, 13, 22, 23] {
            b.eliminate(c, 1);
        }
        assert!(each_locked(&b, false, &mut |s| Some(s)).is_some());
        assert!(direct_locked(&b, false).is_none());
    }
}
