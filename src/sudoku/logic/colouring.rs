//! Simple colouring: the conjugate pairs of one digit form chains whose cells alternate
//! between two colours, one of which is true. Colour wrap: two cells of one colour see each
//! other, so that colour is false. Colour trap: a cell seeing both colours loses the digit.
//! Rated 6.6 like SE's forcing X-chains (shorter single-digit chains are found earlier).

use super::super::candidates::{Board, CELL_UNITS, UNITS, sees};
use super::super::grid::cell_name;
use super::super::step::{CellDigit, Link, Role, Step};

/// The first colour wrap or colour trap.
pub fn simple_colouring(board: &Board) -> Option<Step> {
    for digit in 1..=9u8 {
        let mut colour = [0u8; 81];
        let mut next_id = 0u8;
        for start in 0..81 {
            if colour[start] != 0 || !board.has(start, digit) {
                continue;
            }
            // Colour the component of `start`: ids 2k+1 and 2k+2 are its two colours.
            next_id += 2;
            let (a, b) = (next_id - 1, next_id);
            colour[start] = a;
            let mut stack = vec![start];
            let mut members = vec![start];
            let mut links = Vec::new();
            while let Some(c) = stack.pop() {
                for &u in &CELL_UNITS[c] {
                    let pos: Vec<usize> = UNITS[u]
                        .iter()
                        .copied()
                        .filter(|&x| board.has(x, digit))
                        .collect();
                    if pos.len() != 2 {
                        continue;
                    }
                    let o = if pos[0] == c { pos[1] } else { pos[0] };
                    if colour[o] == 0 {
                        colour[o] = if colour[c] == a { b } else { a };
                        stack.push(o);
                        members.push(o);
                        links.push((c, o));
                    }
                }
            }
            if members.len() < 3 {
                continue;
            }
            let of = |col: u8| {
                members
                    .iter()
                    .copied()
                    .filter(|&m| colour[m] == col)
                    .collect::<Vec<_>>()
            };
            let (ca, cb) = (of(a), of(b));
            let build = |name: &str, text: String, elims: Vec<usize>| {
                let mut s = Step::new(name, 6.6).with_cells(&members);
                for &c in &ca {
                    s.mark(c, digit, Role::On);
                }
                for &c in &cb {
                    s.mark(c, digit, Role::Off);
                }
                for &(f, t) in &links {
                    s.links.push(Link {
                        from: CellDigit { cell: f, digit },
                        to: CellDigit { cell: t, digit },
                        strong: true,
                    });
                }
                for e in elims {
                    s.eliminate(e, digit);
                }
                s.text = text;
                s
            };
            // Wrap: a colour that sees itself is false.
            for same in [&ca, &cb] {
                if let Some((x, y)) = pairs_seeing(same) {
                    let text = format!(
                        "Colouring the conjugate pairs of {digit}: {} and {} have the same colour and see each other, so that colour is false and {digit} goes in the other colour's cells.",
                        cell_name(x),
                        cell_name(y)
                    );
                    return Some(build("Simple Colouring (wrap)", text, same.clone()));
                }
            }
            // Trap: an uncoloured cell seeing both colours.
            let trapped: Vec<usize> = (0..81)
                .filter(|&c| board.has(c, digit) && colour[c] != a && colour[c] != b)
                .filter(|&c| ca.iter().any(|&x| sees(c, x)) && cb.iter().any(|&y| sees(c, y)))
                .collect();
            if !trapped.is_empty() {
                let text = format!(
                    "Colouring the conjugate pairs of {digit}: one colour is true, and {} sees cells of both colours, so it cannot be {digit}.",
                    trapped
                        .iter()
                        .map(|&c| cell_name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Some(build("Simple Colouring (trap)", text, trapped));
            }
        }
    }
    None
}

fn pairs_seeing(cells: &[usize]) -> Option<(usize, usize)> {
    for (i, &x) in cells.iter().enumerate() {
        for &y in &cells[i + 1..] {
            if sees(x, y) {
                return Some((x, y));
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
    fn trap_on_a_chain_of_conjugate_pairs() {
        // Digit 5: conjugate pairs r1c1-r1c5 (row 1), r1c5-r3c6 (box 2), r3c6-r8c6 (column 6)
        // colour r1c1, r3c6 one way and r1c5, r8c6 the other. r8c1 sees r1c1 and r8c6.
        // (r5c1 and r8c9 keep column 1 and row 8 from being conjugate pairs.)
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..81 {
            b.cands[c] = 0;
        }
        for c in [0, 4, 23, 68, 63, 36, 71] {
            b.cands[c] = 1 << 5;
        }
        let s = simple_colouring(&b).unwrap();
        assert_eq!(s.technique, "Simple Colouring (trap)");
        let e: Vec<(usize, u8)> = s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        assert_eq!(e, vec![(63, 5)]);
    }

    #[test]
    fn none_on_an_empty_grid() {
        assert!(simple_colouring(&Board::from_grid(&Grid::EMPTY)).is_none());
    }
}
