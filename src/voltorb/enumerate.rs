//! Every board consistent with the clues and the revealed cards: the row patterns allowed by each
//! row clue, combined row by row while every column can still meet its clue.

use super::board::{Board, SIZE};
use super::clues::Clues;
use super::error::VoltorbError;

/// Default cap on the number of boards kept (far above what real clues give).
pub const DEFAULT_LIMIT: usize = 3_000_000;

/// A row pattern: its 10-bit code (two bits per card, column 0 lowest) and its cards.
#[derive(Clone, Copy)]
struct Pattern {
    code: u64,
    cards: [u8; SIZE],
}

/// The patterns of five cards with the given sum and Voltorb count that agree with the known
/// cards of that row.
fn row_patterns(sum: u8, voltorbs: u8, known: &[Option<u8>]) -> Vec<Pattern> {
    let mut out = Vec::new();
    for code in 0u64..1024 {
        let mut cards = [0u8; SIZE];
        let mut s = 0u8;
        let mut v = 0u8;
        let mut ok = true;
        for (c, card) in cards.iter_mut().enumerate() {
            let x = ((code >> (2 * c)) & 3) as u8;
            *card = x;
            s += x;
            v += u8::from(x == 0);
            if known[c].is_some_and(|k| k != x) {
                ok = false;
            }
        }
        if ok && s == sum && v == voltorbs {
            out.push(Pattern { code, cards });
        }
    }
    out
}

/// All boards matching `clues` and the `known` cards (row-major, `None` = hidden), in a fixed
/// order. Fails with [`VoltorbError::TooManyBoards`] past `limit` boards.
pub fn consistent_boards(
    clues: &Clues,
    known: &[Option<u8>; SIZE * SIZE],
    limit: usize,
) -> Result<Vec<Board>, VoltorbError> {
    let patterns: Vec<Vec<Pattern>> = (0..SIZE)
        .map(|r| {
            let (sum, v) = clues.rows[r];
            row_patterns(sum, v, &known[r * SIZE..(r + 1) * SIZE])
        })
        .collect();
    let mut out = Vec::new();
    let mut col_sum = [0u8; SIZE];
    let mut col_v = [0u8; SIZE];
    let ok = walk(
        clues,
        &patterns,
        0,
        0,
        &mut col_sum,
        &mut col_v,
        &mut out,
        limit,
    );
    if !ok {
        return Err(VoltorbError::TooManyBoards(limit));
    }
    Ok(out)
}

/// Depth-first over rows; returns false when the limit was hit.
#[allow(clippy::too_many_arguments)]
fn walk(
    clues: &Clues,
    patterns: &[Vec<Pattern>],
    row: usize,
    code: u64,
    col_sum: &mut [u8; SIZE],
    col_v: &mut [u8; SIZE],
    out: &mut Vec<Board>,
    limit: usize,
) -> bool {
    if row == SIZE {
        if out.len() >= limit {
            return false;
        }
        out.push(Board(code));
        return true;
    }
    let left = (SIZE - row - 1) as u8;
    'next: for p in &patterns[row] {
        for c in 0..SIZE {
            let s = col_sum[c] + p.cards[c];
            let v = col_v[c] + u8::from(p.cards[c] == 0);
            let (cs, cv) = clues.cols[c];
            if s > cs || v > cv {
                continue 'next;
            }
            let rest_v = cv - v;
            if rest_v > left {
                continue 'next;
            }
            let valued = left - rest_v;
            let rest = cs - s;
            if rest < valued || rest > 3 * valued {
                continue 'next;
            }
        }
        for c in 0..SIZE {
            col_sum[c] += p.cards[c];
            col_v[c] += u8::from(p.cards[c] == 0);
        }
        let ok = walk(
            clues,
            patterns,
            row + 1,
            code | (p.code << (10 * row)),
            col_sum,
            col_v,
            out,
            limit,
        );
        for c in 0..SIZE {
            col_sum[c] -= p.cards[c];
            col_v[c] -= u8::from(p.cards[c] == 0);
        }
        if !ok {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_matches_and_the_true_one_is_found() {
        let truth = Board::from_cells(&[
            1, 0, 2, 1, 1, //
            3, 1, 1, 0, 1, //
            0, 1, 1, 2, 1, //
            1, 1, 0, 1, 3, //
            1, 2, 1, 1, 0,
        ]);
        let clues = Clues {
            rows: truth.row_clues(),
            cols: truth.col_clues(),
        };
        let boards = consistent_boards(&clues, &[None; 25], DEFAULT_LIMIT).unwrap_or_default();
        assert!(boards.contains(&truth));
        for b in &boards {
            assert_eq!(b.row_clues(), clues.rows);
            assert_eq!(b.col_clues(), clues.cols);
        }
        let mut known = [None; 25];
        known[0] = Some(0);
        let fewer = consistent_boards(&clues, &known, DEFAULT_LIMIT).unwrap_or_default();
        assert!(fewer.iter().all(|b| b.get(0) == 0));
        assert!(fewer.len() < boards.len());
    }
}
