//! Sudoku Explainer's "direct" techniques: a pointing, claiming or hidden subset whose
//! eliminations immediately leave a hidden single, shown as that placement. They sit between
//! the hidden and naked singles: Direct Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair
//! 2.0, Direct Hidden Triple 2.5.

use super::super::candidates::{Board, UNITS, unit_name};
use super::super::grid::cell_name;
use super::super::step::{Role, Step, UnitRef};
use super::intersections::each_locked;
use super::subsets::each_hidden_subset;
use crate::sudoku::names;

/// The hidden single a step's eliminations leave behind in one of `units`, for one of the
/// `digits` (bit d), as a direct step. Sudoku Explainer looks only there: for a pointing, in
/// the other boxes along the line; for a claiming, in the other lines through the box; for a
/// hidden subset, in its own unit.
fn direct(
    board: &Board,
    step: Step,
    name: &str,
    rating: f64,
    units: &[usize],
    digits: u16,
) -> Option<Step> {
    let mut after = board.clone();
    step.apply(&mut after);
    let (unit, digit) = units.iter().find_map(|&u| {
        (1..=9u8)
            .filter(|&d| digits & (1 << d) != 0)
            .find(|&d| {
                after.positions(u, d).count_ones() == 1 && board.positions(u, d).count_ones() > 1
            })
            .map(|d| (u, d))
    })?;
    let cell = UNITS[unit][after.positions(unit, digit).trailing_zeros() as usize];
    let mut s = Step::new(name, rating).place(cell, digit);
    s.name = names::player_name(name, step.cells.len());
    s.cells = step.cells.clone();
    s.cells.push(cell);
    s.units = step.units.clone();
    s.units.push(UnitRef::of(unit));
    s.candidates = step.candidates.clone();
    s.mark(cell, digit, Role::On);
    s.eliminations = step.eliminations.clone();
    s.text = format!(
        "{} Then in {}, the digit {digit} fits only in {}.",
        step.text,
        unit_name(unit),
        cell_name(cell)
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
    each_locked(board, claiming, &mut |s| {
        let (base, cover) = (s.units[0].unit(), s.units[1].unit());
        let digit = s.eliminations.first()?.digit;
        // Units of the base's kind that cross the cover, other than the base.
        let kind = |u: usize| u / 9;
        let crossing: Vec<usize> = (0..27)
            .filter(|&u| u != base && kind(u) == kind(base))
            .filter(|&u| UNITS[u].iter().any(|c| UNITS[cover].contains(c)))
            .collect();
        direct(board, s, name, r, &crossing, 1 << digit)
    })
}

/// Direct hidden pair (SE 2.0) or triple (SE 2.5).
pub fn direct_hidden(board: &Board, size: usize) -> Option<Step> {
    let (name, r) = if size == 2 {
        ("Direct Hidden Pair", 2.0)
    } else {
        ("Direct Hidden Triple", 2.5)
    };
    each_hidden_subset(board, size, &mut |s| {
        let unit = s.units[0].unit();
        let removed = s.eliminations.iter().fold(0u16, |m, e| m | (1 << e.digit));
        direct(board, s, name, r, &[unit], removed)
    })
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
