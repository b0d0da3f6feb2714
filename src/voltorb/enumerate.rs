//! Every board consistent with the clues and the revealed cards: the row patterns allowed by each
//! row clue, combined row by row while every column can still meet its clue.

use super::board::{Board, SIZE};
use super::clues::Clues;
use super::error::VoltorbError;

/// Default cap on the number of boards kept (far above what real clues give).
pub const DEFAULT_LIMIT: usize = 3_000_000;

/// A row pattern: its 10-bit code (two bits per card, column 0 lowest), and per column (one byte
/// each) its card and whether that card is a Voltorb.
#[derive(Clone, Copy)]
struct Pattern {
    code: u64,
    sums: u64,
    volts: u64,
}

/// One byte per column: the high bit of each of the five column bytes.
const HIGH: u64 = 0x0000_0080_8080_8080;
/// One byte per column: 1 in each of the five column bytes.
const ONES: u64 = 0x0000_0001_0101_0101;

/// Five small numbers (each < 128) packed one per byte.
fn pack(values: impl Iterator<Item = u8>) -> u64 {
    values
        .enumerate()
        .fold(0, |acc, (c, v)| acc | u64::from(v) << (8 * c))
}

/// The patterns of five cards with the given sum and Voltorb count that agree with the known
/// cards of that row.
fn row_patterns(sum: u8, voltorbs: u8, known: &[Option<u8>]) -> Vec<Pattern> {
    let mut out = Vec::new();
    for code in 0u64..1024 {
        let cards: [u8; SIZE] = std::array::from_fn(|c| ((code >> (2 * c)) & 3) as u8);
        let s: u8 = cards.iter().sum();
        let v = cards.iter().filter(|&&x| x == 0).count() as u8;
        let agrees = (0..SIZE).all(|c| known[c].is_none_or(|k| k == cards[c]));
        if agrees && s == sum && v == voltorbs {
            out.push(Pattern {
                code,
                sums: pack(cards.iter().copied()),
                volts: pack(cards.iter().map(|&x| u8::from(x == 0))),
            });
        }
    }
    out
}

/// The column clues packed one byte per column: sums and Voltorbs.
struct Targets {
    sums: u64,
    volts: u64,
}

/// For column totals so far `(sums, volts)` (packed) with `left` rows still to place: the
/// remaining sum and Voltorbs per column (packed), when every column can still meet its clue.
/// All five columns are checked at once, byte-parallel (every byte stays below 128).
#[inline]
fn remaining(t: &Targets, sums: u64, volts: u64, left: u64) -> Option<(u64, u64)> {
    let a = (t.sums | HIGH).wrapping_sub(sums);
    let b = (t.volts | HIGH).wrapping_sub(volts);
    if a & b & HIGH != HIGH {
        return None; // a sum or a Voltorb count already exceeds its clue
    }
    let (rest, rest_v) = (a & !HIGH, b & !HIGH);
    let c = ((left * ONES) | HIGH).wrapping_sub(rest_v);
    if c & HIGH != HIGH {
        return None; // more Voltorbs needed than rows left
    }
    let valued = c & !HIGH;
    let low_ok = (rest | HIGH).wrapping_sub(valued);
    let high_ok = ((valued + (valued << 1)) | HIGH).wrapping_sub(rest);
    (low_ok & high_ok & HIGH == HIGH).then_some((rest, rest_v))
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
    // Rows with the fewest patterns first; the last row placed (the one with the most) is forced.
    let mut order: [usize; SIZE] = std::array::from_fn(|r| r);
    order.sort_by_key(|&r| patterns[r].len());
    // Membership bitmap of the forced last row's allowed patterns (10-bit codes).
    let mut allowed = [0u64; 16];
    for p in &patterns[order[SIZE - 1]] {
        allowed[(p.code >> 6) as usize] |= 1u64 << (p.code & 63);
    }
    let walk = Walk {
        targets: Targets {
            sums: pack(clues.cols.iter().map(|c| c.0)),
            volts: pack(clues.cols.iter().map(|c| c.1)),
        },
        patterns,
        allowed,
        order,
        limit,
    };
    let mut out = Vec::new();
    if !walk.go(0, 0, 0, 0, &mut out) {
        return Err(VoltorbError::TooManyBoards(limit));
    }
    Ok(out)
}

/// The fixed data of one enumeration.
struct Walk {
    targets: Targets,
    patterns: Vec<Vec<Pattern>>,
    allowed: [u64; 16],
    order: [usize; SIZE],
    limit: usize,
}

impl Walk {
    /// Depth-first over rows in `order`; returns false when the limit was hit.
    fn go(&self, depth: usize, code: u64, sums: u64, volts: u64, out: &mut Vec<Board>) -> bool {
        let row = self.order[depth];
        if depth == SIZE - 1 {
            return self.last_row(row, code, sums, volts, out);
        }
        let left = (SIZE - depth - 1) as u64;
        for p in &self.patterns[row] {
            let (s, v) = (sums + p.sums, volts + p.volts);
            if remaining(&self.targets, s, v, left).is_none() {
                continue;
            }
            if !self.go(depth + 1, code | (p.code << (10 * row)), s, v, out) {
                return false;
            }
        }
        true
    }

    /// Completes a board whose other four rows are placed: each column's card is forced.
    fn last_row(&self, row: usize, code: u64, sums: u64, volts: u64, out: &mut Vec<Board>) -> bool {
        let Some((rest, rest_v)) = remaining(&self.targets, sums, volts, 1) else {
            return true;
        };
        let mut row_code = 0u64;
        for c in 0..SIZE {
            // One card left: a Voltorb (0) when a Voltorb is still needed, else the remaining sum.
            let card = if (rest_v >> (8 * c)) & 1 == 1 {
                0
            } else {
                (rest >> (8 * c)) & 0xff
            };
            row_code |= card << (2 * c);
        }
        if self.allowed[(row_code >> 6) as usize] & (1u64 << (row_code & 63)) == 0 {
            return true;
        }
        if out.len() >= self.limit {
            return false;
        }
        out.push(Board(code | (row_code << (10 * row))));
        true
    }
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
