//! Singles: full house, hidden single, naked single.

use super::super::candidates::{Board, PEERS, UNITS, unit_name};
use super::super::grid::cell_name;
use super::super::step::{Blocker, Role, Step};

/// The placed `digit` that keeps it out of `cell`: a peer in the same row first, then the same
/// column, then the box, so the picture's line runs along the way a player scans. None when no
/// placed digit sees the cell (an earlier elimination removed the candidate).
fn blocker(board: &Board, cell: usize, digit: u8) -> Option<Blocker> {
    let rank = |p: usize| {
        if p / 9 == cell / 9 {
            0
        } else if p % 9 == cell % 9 {
            1
        } else {
            2
        }
    };
    PEERS[cell]
        .iter()
        .copied()
        .filter(|&p| board.values[p] == digit)
        .min_by_key(|&p| rank(p))
        .map(|from| Blocker {
            from,
            digit,
            blocks: cell,
        })
}

/// Full house: the last empty cell of a unit takes the one missing digit.
pub fn full_house(board: &Board) -> Option<Step> {
    for unit in 0..27 {
        let empty: Vec<usize> = UNITS[unit]
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        if empty.len() == 1 && board.count(empty[0]) == 1 {
            let cell = empty[0];
            let digit = board.cands[cell].trailing_zeros() as u8;
            let mut s = Step::new("Full House", 1.0)
                .place(cell, digit)
                .with_cells(&[cell])
                .with_units(&[unit]);
            s.mark(cell, digit, Role::On);
            s.text = format!(
                "{} is the last empty cell of {}, so it takes the missing {digit}.",
                cell_name(cell),
                unit_name(unit)
            );
            return Some(s);
        }
    }
    None
}

/// Hidden single in a box (SE 1.2) or, with `lines`, in a row or column (SE 1.5).
pub fn hidden_single(board: &Board, lines: bool) -> Option<Step> {
    let units = if lines { 0..18 } else { 18..27 };
    let rating = if lines { 1.5 } else { 1.2 };
    for unit in units {
        for digit in 1..=9u8 {
            let pos = board.positions(unit, digit);
            if pos.count_ones() == 1 {
                let cell = UNITS[unit][pos.trailing_zeros() as usize];
                let mut s = Step::new("Hidden Single", rating)
                    .place(cell, digit)
                    .with_cells(&[cell])
                    .with_units(&[unit]);
                s.mark(cell, digit, Role::On);
                s.blockers = UNITS[unit]
                    .iter()
                    .filter(|&&c| c != cell && board.values[c] == 0)
                    .filter_map(|&c| blocker(board, c, digit))
                    .collect();
                s.text = format!(
                    "In {}, the digit {digit} fits only in {}.",
                    unit_name(unit),
                    cell_name(cell)
                );
                return Some(s);
            }
        }
    }
    None
}

/// Naked single: a cell with one candidate left (SE 2.3).
pub fn naked_single(board: &Board) -> Option<Step> {
    for cell in 0..81 {
        if board.values[cell] == 0 && board.count(cell) == 1 {
            let digit = board.cands[cell].trailing_zeros() as u8;
            let mut s = Step::new("Naked Single", 2.3)
                .place(cell, digit)
                .with_cells(&[cell]);
            s.mark(cell, digit, Role::On);
            s.blockers = (1..=9u8)
                .filter(|&d| d != digit)
                .filter_map(|d| blocker(board, cell, d))
                .collect();
            s.text = if s.blockers.len() == 8 {
                format!(
                    "{} can only be {digit}: every other digit already appears in its row, column or box.",
                    cell_name(cell)
                )
            } else {
                // Earlier steps removed the rest: saying that every other digit is in sight
                // would be false.
                let seen: Vec<String> = s.blockers.iter().map(|b| b.digit.to_string()).collect();
                let seen = match seen.as_slice() {
                    [] => String::new(),
                    [one] => format!("{one} appears in its row, column or box, and "),
                    [most @ .., last] => format!(
                        "{} and {last} appear in its row, column or box, and ",
                        most.join(", ")
                    ),
                };
                format!(
                    "{} can only be {digit}: {seen}earlier steps ruled out its other digits.",
                    cell_name(cell)
                )
            };
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    fn board(s: &str) -> Board {
        Board::from_grid(&Grid::parse(s).unwrap())
    }

    #[test]
    fn a_naked_single_left_by_earlier_removals_says_so() {
        let mut b = board(&format!("1234.....{}", ".".repeat(72)));
        // r1c5 keeps 5–9 from its givens; earlier steps removed 5, 6, 8 and 9.
        for d in [5, 6, 8, 9] {
            b.cands[4] &= !(1 << d);
        }
        let s = naked_single(&b).unwrap();
        assert_eq!(
            s.text,
            "r1c5 can only be 7: 1, 2, 3 and 4 appear in its row, column or box, and earlier steps ruled out its other digits."
        );
    }

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let b = board(&format!("12345678.{}", ".".repeat(72)));
        let s = full_house(&b).unwrap();
        assert_eq!((s.placements[0].cell, s.placements[0].digit), (8, 9));
        assert!(full_house(&board(&".".repeat(81))).is_none());
    }

    #[test]
    fn hidden_single_in_a_box_and_not_without_one() {
        // 1s in rows 2 and 3 (outside box 1) and columns 2 and 3 leave r1c1 for 1 in box 1.
        let mut g = [b'.'; 81];
        g[9 + 4] = b'1';
        g[18 + 7] = b'1';
        g[3 * 9 + 1] = b'1';
        g[7 * 9 + 2] = b'1';
        let b = board(std::str::from_utf8(&g).unwrap());
        let s = hidden_single(&b, false).unwrap();
        assert_eq!((s.placements[0].cell, s.placements[0].digit), (0, 1));
        assert_eq!(s.rating, 1.2);
        // The 1s in r2c5 and r3c8 rule out the rest of rows 2 and 3; those in r4c2 and r8c3
        // rule out r1c2 and r1c3.
        let mut blocked: Vec<(usize, usize)> =
            s.blockers.iter().map(|b| (b.from, b.blocks)).collect();
        blocked.sort();
        assert_eq!(
            blocked,
            vec![
                (13, 9),
                (13, 10),
                (13, 11),
                (25, 18),
                (25, 19),
                (25, 20),
                (28, 1),
                (65, 2)
            ]
        );
        assert!(s.blockers.iter().all(|b| b.digit == 1));
        assert!(hidden_single(&board(&".".repeat(81)), false).is_none());
        assert!(hidden_single(&board(&".".repeat(81)), true).is_none());
    }

    #[test]
    fn naked_single_when_eight_digits_see_the_cell() {
        let b = board(&format!("12345678.{}", ".".repeat(72)));
        let s = naked_single(&b).unwrap();
        assert_eq!((s.placements[0].cell, s.placements[0].digit), (8, 9));
        // Each of the other eight digits is shown by the cell of the row that holds it.
        let from: Vec<(usize, u8)> = s.blockers.iter().map(|b| (b.from, b.digit)).collect();
        assert_eq!(
            from,
            (1..=8u8).map(|d| (d as usize - 1, d)).collect::<Vec<_>>()
        );
        assert!(s.blockers.iter().all(|b| b.blocks == 8));
        assert!(naked_single(&board(&".".repeat(81))).is_none());
    }
}
