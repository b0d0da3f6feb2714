//! Empty rectangle: a box whose candidates for a digit lie on one row and one column of it
//! (the hinge), combined with a conjugate pair outside the box. Rated 4.2 like Sukaku
//! Explainer's turbot family.

use super::super::candidates::{Board, UNITS, unit_name};
use super::super::grid::cell_name;
use super::super::step::{CellDigit, Link, Role, Step};

/// The first empty rectangle elimination on the board.
pub fn empty_rectangle(board: &Board) -> Option<Step> {
    for digit in 1..=9u8 {
        for bx in 0..9 {
            let cells: Vec<usize> = UNITS[18 + bx]
                .iter()
                .copied()
                .filter(|&c| board.has(c, digit))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            let (br, bc) = (bx / 3 * 3, bx % 3 * 3);
            for r in br..br + 3 {
                for c in bc..bc + 3 {
                    // Every candidate on row r or column c, and some off each line (a true cross).
                    if !cells.iter().all(|&x| x / 9 == r || x % 9 == c) {
                        continue;
                    }
                    if cells.iter().all(|&x| x / 9 == r) || cells.iter().all(|&x| x % 9 == c) {
                        continue;
                    }
                    if let Some(s) = with_pair(board, digit, bx, r, c, &cells) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

fn with_pair(
    board: &Board,
    digit: u8,
    bx: usize,
    r: usize,
    c: usize,
    hinge: &[usize],
) -> Option<Step> {
    let in_box = |x: usize| (x / 27) * 3 + (x % 9) / 3 == bx;
    // Column pairs (rows for the transposed case): a conjugate pair in a column outside the
    // box's stack with one end on row r; the other end's row meets column c at the target.
    for transposed in [false, true] {
        for line in 0..9 {
            let unit = if transposed { line } else { 9 + line };
            let pos: Vec<usize> = UNITS[unit]
                .iter()
                .copied()
                .filter(|&x| board.has(x, digit))
                .collect();
            if pos.len() != 2 || pos.iter().any(|&x| in_box(x)) {
                continue;
            }
            for (p, q) in [(pos[0], pos[1]), (pos[1], pos[0])] {
                let (on_hinge, target) = if transposed {
                    // Row pair: p in column c, target = (r, q's column).
                    (p % 9 == c, r * 9 + q % 9)
                } else {
                    (p / 9 == r, (q / 9) * 9 + c)
                };
                if !on_hinge || in_box(target) || !board.has(target, digit) || target == q {
                    continue;
                }
                let mut s = Step::new("Empty Rectangle", 4.2)
                    .with_cells(hinge)
                    .with_units(&[18 + bx, unit]);
                s.eliminate(target, digit);
                for &h in hinge {
                    s.mark(h, digit, Role::Pattern);
                }
                s.mark(p, digit, Role::On);
                s.mark(q, digit, Role::Off);
                s.links.push(Link {
                    from: CellDigit { cell: q, digit },
                    to: CellDigit { cell: p, digit },
                    strong: true,
                });
                s.text = format!(
                    "In {}, {digit} lies only on row {} and column {}; if {} were {digit}, {} would not be, so {} would be, and {} would have no place for {digit}.",
                    unit_name(18 + bx),
                    r + 1,
                    c + 1,
                    cell_name(target),
                    cell_name(q),
                    cell_name(p),
                    unit_name(18 + bx)
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
    fn classic_empty_rectangle() {
        // Digit 3. Box 1 (rows 1-3, cols 1-3): candidates only on row 2 and column 2 (a cross).
        // Column 6: conjugate pair r2c6 (on the hinge row) and r7c6. Target r7c2.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for cell in [0, 2, 18, 20] {
            b.eliminate(cell, 3);
        }
        for r in 0..9 {
            if r != 1 && r != 6 {
                b.eliminate(r * 9 + 5, 3);
            }
        }
        let s = empty_rectangle(&b).unwrap();
        assert_eq!(s.technique, "Empty Rectangle");
        assert_eq!(
            (s.eliminations[0].cell, s.eliminations[0].digit),
            (6 * 9 + 1, 3)
        );
    }

    #[test]
    fn nothing_without_a_cross() {
        assert!(empty_rectangle(&Board::from_grid(&Grid::EMPTY)).is_none());
    }
}
