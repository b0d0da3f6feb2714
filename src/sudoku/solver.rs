//! Finding and counting solutions. (Provisional MRV search; replaced by the band bitboard
//! solver.)

use super::grid::Grid;

/// The first solution of `puzzle`, or `None` when it has none. The puzzle's givens are assumed
/// conflict-free (as [`Grid::parse`] guarantees).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let mut found = None;
    search(puzzle, &mut |g| {
        found = Some(*g);
        false
    });
    found
}

/// The number of solutions of `puzzle`, counting at most `limit`.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    let mut n = 0;
    if limit == 0 {
        return 0;
    }
    search(puzzle, &mut |_| {
        n += 1;
        n < limit
    });
    n
}

fn peers_mask(cells: &[u8; 81], cell: usize) -> u16 {
    let (r, c) = (cell / 9, cell % 9);
    let mut used = 0u16;
    for i in 0..9 {
        used |= 1 << cells[r * 9 + i];
        used |= 1 << cells[i * 9 + c];
        let b = (r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3;
        used |= 1 << cells[b];
    }
    !used & 0x3FE
}

/// Calls `visit` for each solution until it returns false; returns false when stopped.
fn search(puzzle: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
    let mut g = *puzzle;
    fn rec(g: &mut Grid, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
        let mut best = usize::MAX;
        let mut best_mask = 0u16;
        let mut best_n = 10;
        for cell in 0..81 {
            if g.cells[cell] != 0 {
                continue;
            }
            let m = peers_mask(&g.cells, cell);
            let n = m.count_ones();
            if n < best_n {
                best_n = n;
                best = cell;
                best_mask = m;
                if n <= 1 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            return visit(g);
        }
        let mut m = best_mask;
        while m != 0 {
            let d = m.trailing_zeros() as u8;
            m &= m - 1;
            g.cells[best] = d;
            if !rec(g, visit) {
                g.cells[best] = 0;
                return false;
            }
        }
        g.cells[best] = 0;
        true
    }
    rec(&mut g, visit)
}
