//! Naked and hidden subsets: pairs, triples and quads.

use super::super::candidates::{Board, UNITS, digits_of, unit_name};
use super::super::prose;
use super::super::step::{Role, Step};

const NAKED: [(&str, f64); 5] = [
    ("", 0.0),
    ("", 0.0),
    ("Naked Pair", 3.0),
    ("Naked Triple", 3.6),
    ("Naked Quad", 5.0),
];
const HIDDEN: [(&str, f64); 5] = [
    ("", 0.0),
    ("", 0.0),
    ("Hidden Pair", 3.4),
    ("Hidden Triple", 4.0),
    ("Hidden Quad", 5.4),
];

/// The SE rating of a naked (`hidden` false) or hidden subset of `size` 2–4.
pub fn rating(size: usize, hidden: bool) -> f64 {
    if hidden {
        HIDDEN[size].1
    } else {
        NAKED[size].1
    }
}

/// Naked subset of `size` cells: they hold exactly `size` digits between them, so those digits
/// leave every other cell of the unit (and of a second unit all the cells share).
pub fn naked_subset(board: &Board, size: usize) -> Option<Step> {
    for unit in 0..27 {
        let empty: Vec<usize> = UNITS[unit]
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        if empty.len() <= size {
            continue;
        }
        for mask in 1u32..(1 << empty.len()) {
            if mask.count_ones() as usize != size {
                continue;
            }
            let cells: Vec<usize> = (0..empty.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| empty[i])
                .collect();
            if cells.iter().any(|&c| board.count(c) < 2) {
                continue;
            }
            let digits = cells.iter().fold(0u16, |m, &c| m | board.cands[c]);
            if digits.count_ones() as usize != size {
                continue;
            }
            let mut units = vec![unit];
            for other in 0..27 {
                if other != unit && cells.iter().all(|c| UNITS[other].contains(c)) {
                    units.push(other);
                }
            }
            let (name, r) = NAKED[size];
            let mut s = Step::new(name, r).with_cells(&cells).with_units(&units);
            for &u in &units {
                for &c in &UNITS[u] {
                    if cells.contains(&c) {
                        continue;
                    }
                    for d in super::super::candidates::digits_of(digits) {
                        if board.has(c, d) {
                            s.eliminate(c, d);
                        }
                    }
                }
            }
            if s.eliminations.is_empty() {
                continue;
            }
            s.mark_all(board, &cells, digits, Role::Pattern);
            let ds: Vec<u8> = digits_of(digits).collect();
            s.text = format!(
                "In {}, the {} cells {} can only be {} between them, so those digits fill exactly these cells: no other cell of {} can be {}.",
                unit_name(unit),
                prose::count(cells.len()),
                prose::cells(&cells),
                prose::digits_or(&ds),
                unit_name(unit),
                prose::digits_or(&ds)
            );
            return Some(s);
        }
    }
    None
}

/// Hidden subset of `size` digits: within a unit they fit only in `size` cells, so those cells
/// lose every other candidate.
pub fn hidden_subset(board: &Board, size: usize) -> Option<Step> {
    each_hidden_subset(board, size, &mut |s| Some(s))
}

/// Calls `found` with each hidden subset step of `size` until it returns a result.
pub fn each_hidden_subset<T>(
    board: &Board,
    size: usize,
    found: &mut dyn FnMut(Step) -> Option<T>,
) -> Option<T> {
    for unit in 0..27 {
        let open: Vec<u8> = (1..=9u8)
            .filter(|&d| board.positions(unit, d) != 0)
            .collect();
        if open.len() <= size {
            continue;
        }
        for mask in 1u32..(1 << open.len()) {
            if mask.count_ones() as usize != size {
                continue;
            }
            let digits: Vec<u8> = (0..open.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| open[i])
                .collect();
            let pos = digits
                .iter()
                .fold(0u16, |m, &d| m | board.positions(unit, d));
            if pos.count_ones() as usize != size {
                continue;
            }
            let cells: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| UNITS[unit][i])
                .collect();
            let dmask = digits.iter().fold(0u16, |m, &d| m | (1 << d));
            let (name, r) = HIDDEN[size];
            let mut s = Step::new(name, r).with_cells(&cells).with_units(&[unit]);
            for &c in &cells {
                for d in super::super::candidates::digits_of(board.cands[c] & !dmask) {
                    s.eliminate(c, d);
                }
            }
            if s.eliminations.is_empty() {
                continue;
            }
            s.mark_all(board, &cells, dmask, Role::Pattern);
            let ds: Vec<u8> = digits_of(dmask).collect();
            s.text = format!(
                "In {}, {} can only go in {}, so those {} cells hold exactly these digits and nothing else.",
                unit_name(unit),
                prose::digits_and(&ds),
                prose::cells(&cells),
                prose::count(cells.len())
            );
            if let Some(t) = found(s) {
                return Some(t);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    /// A board whose first row has the given candidate sets ("9" = placed 9).
    fn row_board(sets: &[&str]) -> Board {
        let mut b = Board::from_grid(&Grid::EMPTY);
        for (i, set) in sets.iter().enumerate() {
            let mut m = 0u16;
            for ch in set.chars() {
                m |= 1 << (ch as u8 - b'0');
            }
            b.cands[i] = m;
        }
        b
    }

    #[test]
    fn the_seed_naked_pair_row_reduces() {
        // 236 23567 24567 2678 2678 9 67 1 67 : in SE's write-up the 6/7 naked pair in c7, c9
        // removes 6 and 7 from the rest of the row.
        let mut b = row_board(&[
            "236", "23567", "24567", "2678", "2678", "9", "67", "1", "67",
        ]);
        b.values[5] = 9;
        b.cands[5] = 0;
        b.values[7] = 1;
        b.cands[7] = 0;
        let s = naked_subset(&b, 2).unwrap();
        assert_eq!(s.cells, vec![6, 8]);
        let mut el: Vec<(usize, u8)> = s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        el.retain(|e| e.0 < 9);
        el.sort();
        assert_eq!(
            el,
            vec![
                (0, 6),
                (1, 6),
                (1, 7),
                (2, 6),
                (2, 7),
                (3, 6),
                (3, 7),
                (4, 6),
                (4, 7)
            ]
        );
        s.apply(&mut b);
        // Then 2/8 in c4, c5 is a naked pair, and after it 3 is the only spot for ... etc.
        assert_eq!(b.cands[3], (1 << 2) | (1 << 8));
    }

    #[test]
    fn no_subsets_on_an_empty_grid() {
        let b = Board::from_grid(&Grid::EMPTY);
        for k in 2..=4 {
            assert!(naked_subset(&b, k).is_none());
            assert!(hidden_subset(&b, k).is_none());
        }
    }

    #[test]
    fn hidden_pair_strips_other_digits() {
        // Digits 1 and 2 only in r1c1 and r1c2 of row 1.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 2..9 {
            b.cands[c] &= !((1 << 1) | (1 << 2));
        }
        let s = hidden_subset(&b, 2).unwrap();
        assert_eq!(s.technique, "Hidden Pair");
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.iter().all(|e| e.digit > 2));
    }
}
