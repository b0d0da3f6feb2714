//! Almost locked sets: ALS-XZ. An ALS is N cells of one unit holding N+1 digits. Two ALSes
//! joined by a restricted common digit x (every x of one sees every x of the other) cannot
//! both lose their extra digit, so a second common digit z must sit in one of them: z leaves
//! every cell that sees all their z cells. Not in Sudoku Explainer 1.2; rated 8.0, where
//! SE's multiple forcing chains (which find the same eliminations there) start.

use super::super::candidates::{Board, UNITS, digits_of, sees};
use super::super::grid::cell_name;
use super::super::step::{Role, Step};

struct Als {
    cells: Vec<usize>,
    digits: u16,
    unit: usize,
}

impl Als {
    fn with(&self, board: &Board, d: u8) -> Vec<usize> {
        self.cells
            .iter()
            .copied()
            .filter(|&c| board.has(c, d))
            .collect()
    }
}

fn all_als(board: &Board) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for unit in 0..27 {
        let empty: Vec<usize> = UNITS[unit]
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        for mask in 1u32..(1 << empty.len()) {
            let n = mask.count_ones() as usize;
            if n > 4 {
                continue;
            }
            let cells: Vec<usize> = (0..empty.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| empty[i])
                .collect();
            let digits = cells.iter().fold(0u16, |m, &c| m | board.cands[c]);
            if digits.count_ones() as usize == n + 1 && !out.iter().any(|a| a.cells == cells) {
                out.push(Als {
                    cells,
                    digits,
                    unit,
                });
            }
        }
    }
    out
}

/// The first ALS-XZ elimination.
pub fn als_xz(board: &Board) -> Option<Step> {
    let sets = all_als(board);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells.iter().any(|c| b.cells.contains(c)) {
                continue;
            }
            let common = a.digits & b.digits;
            if common.count_ones() < 2 {
                continue;
            }
            for x in digits_of(common) {
                let (ax, bx) = (a.with(board, x), b.with(board, x));
                if !ax.iter().all(|&p| bx.iter().all(|&q| sees(p, q))) {
                    continue;
                }
                for z in digits_of(common & !(1 << x)) {
                    let mut zc = a.with(board, z);
                    zc.extend(b.with(board, z));
                    let mut s = Step::new("ALS-XZ", 8.0).with_units(&[a.unit, b.unit]);
                    for c in 0..81 {
                        if board.has(c, z) && !zc.contains(&c) && zc.iter().all(|&w| sees(c, w)) {
                            s.eliminate(c, z);
                        }
                    }
                    if s.eliminations.is_empty() {
                        continue;
                    }
                    let mut cells = a.cells.clone();
                    cells.extend(&b.cells);
                    s.mark_all(board, &cells, 0x3FE & !(1 << z), Role::Pattern);
                    for &w in &zc {
                        s.mark(w, z, Role::Fin);
                    }
                    s.cells = cells;
                    let names = |v: &[usize]| {
                        v.iter()
                            .map(|&c| cell_name(c))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    s.text = format!(
                        "{} and {} each hold one digit more than their cells; they share {x} in cells that see each other, so at most one of them holds {x}, and {z} must be in one of them: cells seeing all their {z}s lose {z}.",
                        names(&a.cells),
                        names(&b.cells)
                    );
                    return Some(s);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn two_bivalue_cells_and_a_pair_make_an_als_xz() {
        // ALS A = r1c1 {1,2}; ALS B = r1c5 {2,3} + r1c6 {1,3} (two cells, three digits).
        // Every elimination must see all the ALS cells holding that digit.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 4, &[2, 3]);
        set_candidates(&mut b, 5, &[1, 3]);
        let s = als_xz(&b).unwrap();
        assert_eq!(s.technique, "ALS-XZ");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.digit == 2 || e.digit == 3 || e.digit == 1)
        );
        for e in &s.eliminations {
            let holders: Vec<usize> = [0usize, 4, 5]
                .into_iter()
                .filter(|&c| b.has(c, e.digit))
                .collect();
            assert!(holders.iter().all(|&h| sees(e.cell, h)));
        }
    }

    #[test]
    fn none_on_an_empty_grid() {
        assert!(als_xz(&Board::from_grid(&Grid::EMPTY)).is_none());
    }
}
