//! Locked candidates: pointing (a box's digit confined to one line) and claiming (a line's
//! digit confined to one box).

use super::super::candidates::{Board, UNITS, unit_name};
use super::super::step::{Role, Step};

/// Pointing (SE 2.6) when `claiming` is false, claiming (SE 2.8) when true.
pub fn locked_candidates(board: &Board, claiming: bool) -> Option<Step> {
    let bases = if claiming { 0..18 } else { 18..27 };
    for base in bases {
        for digit in 1..=9u8 {
            let pos = board.positions(base, digit);
            if pos.count_ones() < 2 {
                continue;
            }
            let cells: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| UNITS[base][i])
                .collect();
            // The other unit shared by all those cells.
            let covers: Vec<usize> = if claiming {
                vec![18 + (cells[0] / 27) * 3 + (cells[0] % 9) / 3]
            } else {
                vec![cells[0] / 9, 9 + cells[0] % 9]
            };
            for cover in covers {
                if cover == base || !cells.iter().all(|c| UNITS[cover].contains(c)) {
                    continue;
                }
                let name = if claiming { "Claiming" } else { "Pointing" };
                let mut s = Step::new(name, if claiming { 2.8 } else { 2.6 })
                    .with_cells(&cells)
                    .with_units(&[base, cover]);
                for &c in &UNITS[cover] {
                    if !cells.contains(&c) && board.has(c, digit) {
                        s.eliminate(c, digit);
                    }
                }
                if s.eliminations.is_empty() {
                    continue;
                }
                for &c in &cells {
                    s.mark(c, digit, Role::Pattern);
                }
                s.text = format!(
                    "In {}, {digit} can only go in cells that are also in {}, so {digit} can be removed from the rest of {}.",
                    unit_name(base),
                    unit_name(cover),
                    unit_name(cover)
                );
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    #[test]
    fn pointing_removes_from_the_line_outside_the_box() {
        // Box 1's 1s confined to row 1.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in [9, 10, 11, 18, 19, 20] {
            b.eliminate(c, 1);
        }
        let s = locked_candidates(&b, false).unwrap();
        assert_eq!(s.technique, "Pointing");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.digit == 1 && e.cell / 9 == 0 && e.cell % 9 >= 3)
        );
        assert!(!s.eliminations.is_empty());
    }

    #[test]
    fn nothing_on_an_empty_grid() {
        let b = Board::from_grid(&Grid::EMPTY);
        assert!(locked_candidates(&b, false).is_none());
        assert!(locked_candidates(&b, true).is_none());
    }

    #[test]
    fn claiming_removes_from_the_box_outside_the_line() {
        // Row 1's 1s confined to box 1.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 3..9 {
            b.eliminate(c, 1);
        }
        let s = locked_candidates(&b, true).unwrap();
        assert_eq!(s.technique, "Claiming");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell / 9 != 0 && e.cell / 27 == 0 && e.cell % 9 < 3)
        );
    }
}
