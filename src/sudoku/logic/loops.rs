//! Nice loops (continuous alternating inference chains): a chain of implications that returns
//! to its start. Around such a loop every link, weak or strong, holds exactly one true end,
//! so a digit seen by both ends of a same-digit link, or any other digit in a cell both of
//! whose loop candidates are linked, can be removed. Rated as SE's bidirectional cycles: 6.5
//! for bivalue-only loops, 7.0 for mixed ones, plus the length surcharge.

use super::super::candidates::{Board, digits_of, sees};
use super::super::step::Step;
use super::chains::{
    MODE_X, MODE_Y, Reach, draw_chain, implied, length_surcharge, node, nodes_text, parts,
};

/// A loop found so far: its rating, nodes and eliminations.
type Found = (f64, Vec<usize>, Vec<(usize, u8)>);

/// The easiest continuous nice loop with eliminations.
pub fn nice_loop(board: &Board) -> Option<Step> {
    let mut best: Option<Found> = None;
    let mut next = Vec::new();
    let mut closing = Vec::new();
    let mut loops_found: Vec<Vec<usize>> = Vec::new();
    // Single-digit loops (X-cycles) and bivalue-only loops (Y-cycles) at 6.5, mixed at 7.0.
    for mode in [MODE_X, MODE_Y, MODE_X | MODE_Y] {
        let base = if mode == MODE_X | MODE_Y { 7.0 } else { 6.5 };
        if best.as_ref().is_some_and(|b| b.0 <= base) {
            break;
        }
        for cell in 0..81 {
            for d in digits_of(board.cands[cell]) {
                let start = node(cell, d, true);
                let reach = around(board, start, mode);
                // A loop closes when an "on" node implies an "off" node that implies the start.
                // Each "on" node is tried with its own shortest path: the off node before the
                // start has only one parent in the search, and its shortest path may not be the
                // loop that removes something.
                for &m in &reach.order {
                    let (_, _, on) = parts(m);
                    if !on || m == start {
                        continue;
                    }
                    implied(board, m, mode, &mut closing);
                    for &n in &closing {
                        if n == start {
                            continue;
                        }
                        implied(board, n, mode, &mut next);
                        if !next.contains(&start) {
                            continue;
                        }
                        let mut path = reach.path(m);
                        path.push(n);
                        loops_found.push(path);
                    }
                }
                for path in loops_found.drain(..) {
                    if path.len() < 4 || !simple(&path) {
                        continue;
                    }
                    let r = base + length_surcharge(path.len());
                    if best.as_ref().is_some_and(|b| b.0 <= r) {
                        continue;
                    }
                    let elims = eliminations(board, &path);
                    if !elims.is_empty() {
                        best = Some((r, path, elims));
                    }
                }
            }
        }
    }
    let (r, path, elims) = best?;
    let mut s = Step::new("Nice Loop", r);
    for (c, d) in elims {
        s.eliminate(c, d);
    }
    let mut closed = path.clone();
    closed.push(path[0]);
    draw_chain(&mut s, &closed);
    let chain = nodes_text(closed.iter().copied(), " → ");
    s.text = format!(
        "These candidates form a closed loop, {chain}, where each link joins two candidates of which at least one is true (a cell or unit with two options) or at most one is true (they see each other). Around a closed loop both hold for every link, so each link has exactly one true end, and any other candidate that sees both ends of a link, or shares a cell with both, is false."
    );
    Some(s)
}

/// Breadth-first search from `start` that leaves its cell at once and may come back to it
/// only at the end (a candidate of that cell assumed false).
fn around(board: &Board, start: usize, mode: u8) -> Reach {
    let home = parts(start).0;
    Reach::search(
        board,
        start,
        mode,
        |n| n == start || parts(n).0 != home,
        |n, m| {
            let (c, _, on) = parts(m);
            !(c == home && (n == start || on))
        },
    )
}

/// No candidate appears twice in the loop.
fn simple(path: &[usize]) -> bool {
    let mut seen = std::collections::HashSet::new();
    path.iter().all(|&n| seen.insert(n / 2))
}

fn eliminations(board: &Board, path: &[usize]) -> Vec<(usize, u8)> {
    let in_loop: Vec<(usize, u8)> = path.iter().map(|&n| (parts(n).0, parts(n).1)).collect();
    let mut out = Vec::new();
    for i in 0..path.len() {
        let (a, da, _) = parts(path[i]);
        let (b, db, _) = parts(path[(i + 1) % path.len()]);
        if a == b {
            for d in digits_of(board.cands[a]) {
                if d != da && d != db && !out.contains(&(a, d)) {
                    out.push((a, d));
                }
            }
        } else if da == db {
            for c in 0..81 {
                if c != a
                    && c != b
                    && board.has(c, da)
                    && sees(c, a)
                    && sees(c, b)
                    && !in_loop.contains(&(c, da))
                    && !out.contains(&(c, da))
                {
                    out.push((c, da));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn xy_loop_of_four_bivalue_cells() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c1 {4,1}: a closed XY loop; every other
        // cell of row 1 between... loses 2 (sees r1c1 and r1c5), and so on.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 4, &[2, 3]);
        set_candidates(&mut b, 40, &[3, 4]);
        set_candidates(&mut b, 36, &[1, 4]);
        let s = nice_loop(&b).unwrap();
        assert_eq!(s.technique, "Nice Loop");
        assert!(s.eliminations.iter().any(|e| e.cell == 1 && e.digit == 2));
        assert!(
            s.eliminations
                .iter()
                .all(|e| ![0, 4, 40, 36].contains(&e.cell))
        );
        assert!(nice_loop(&Board::from_grid(&Grid::EMPTY)).is_none());
    }

    #[test]
    fn a_chain_that_does_not_close_is_no_loop() {
        // The same four cells, but r5c1 holds {4,5}: the chain 1-2-3-4 cannot come back to the
        // 1 of r1c1, and nothing else in the grid has a strong link.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 4, &[2, 3]);
        set_candidates(&mut b, 40, &[3, 4]);
        set_candidates(&mut b, 36, &[4, 5]);
        assert!(nice_loop(&b).is_none());
    }
}
