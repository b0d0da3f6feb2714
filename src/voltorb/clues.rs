//! Row and column clues and the cards revealed so far, with validation.

use super::board::SIZE;
use super::error::VoltorbError;
use super::line::Line;

/// The ten clues: `(sum, voltorbs)` for each row and each column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clues {
    /// Row clues, top to bottom.
    pub rows: [(u8, u8); SIZE],
    /// Column clues, left to right.
    pub cols: [(u8, u8); SIZE],
}

/// A revealed card: row and column (from 0) and its value (0 = Voltorb).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revealed {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Value 0..=3.
    pub value: u8,
}

impl Clues {
    /// Total Voltorbs on the board (from the rows).
    pub fn voltorbs(&self) -> u32 {
        self.rows.iter().map(|&(_, v)| u32::from(v)).sum()
    }

    /// Total points on the board (from the rows).
    pub fn sum(&self) -> u32 {
        self.rows.iter().map(|&(s, _)| u32::from(s)).sum()
    }

    /// Voltorbs per row.
    pub fn row_voltorbs(&self) -> [u8; SIZE] {
        self.rows.map(|(_, v)| v)
    }

    /// Voltorbs per column.
    pub fn col_voltorbs(&self) -> [u8; SIZE] {
        self.cols.map(|(_, v)| v)
    }

    /// Checks each line on its own and the row totals against the column totals.
    pub fn validate(&self) -> Result<(), VoltorbError> {
        let lines = (0..SIZE)
            .map(|i| (Line::Row(i), self.rows[i]))
            .chain((0..SIZE).map(|i| (Line::Col(i), self.cols[i])));
        for (line, (sum, voltorbs)) in lines {
            if voltorbs > 5 {
                return Err(VoltorbError::TooManyVoltorbs { line, voltorbs });
            }
            let cards = 5 - voltorbs;
            let (min, max) = (cards, 3 * cards);
            if sum < min || sum > max {
                return Err(VoltorbError::ImpossibleSum {
                    line,
                    sum,
                    voltorbs,
                    cards,
                    min,
                    max,
                });
            }
        }
        let col_sum: u32 = self.cols.iter().map(|&(s, _)| u32::from(s)).sum();
        let col_v: u32 = self.cols.iter().map(|&(_, v)| u32::from(v)).sum();
        if self.voltorbs() != col_v {
            return Err(VoltorbError::TotalsDiffer {
                what: "Voltorbs",
                rows: self.voltorbs(),
                cols: col_v,
            });
        }
        if self.sum() != col_sum {
            return Err(VoltorbError::TotalsDiffer {
                what: "points",
                rows: self.sum(),
                cols: col_sum,
            });
        }
        Ok(())
    }
}

/// Checks the revealed cards (on the board, values 0..=3, no card twice with two values, each
/// line still able to meet its clue) and returns them as a 25-cell array (`None` = hidden).
pub fn check_revealed(
    clues: &Clues,
    revealed: &[Revealed],
) -> Result<[Option<u8>; SIZE * SIZE], VoltorbError> {
    let mut known = [None; SIZE * SIZE];
    for (i, r) in revealed.iter().enumerate() {
        if r.row >= SIZE || r.col >= SIZE {
            return Err(VoltorbError::OutsideBoard {
                index: i + 1,
                row: r.row,
                col: r.col,
            });
        }
        if r.value > 3 {
            return Err(VoltorbError::BadValue {
                row: r.row + 1,
                col: r.col + 1,
                value: r.value,
            });
        }
        let cell = r.row * SIZE + r.col;
        match known[cell] {
            Some(v) if v != r.value => {
                return Err(VoltorbError::RevealedTwice {
                    row: r.row + 1,
                    col: r.col + 1,
                    first: v,
                    second: r.value,
                });
            }
            _ => known[cell] = Some(r.value),
        }
    }
    for i in 0..SIZE {
        let row: Vec<Option<u8>> = (0..SIZE).map(|c| known[i * SIZE + c]).collect();
        let col: Vec<Option<u8>> = (0..SIZE).map(|r| known[r * SIZE + i]).collect();
        for (line, clue, cards) in [
            (Line::Row(i), clues.rows[i], row),
            (Line::Col(i), clues.cols[i], col),
        ] {
            if !line_can_fit(clue, &cards) {
                return Err(VoltorbError::RevealedContradicts {
                    line,
                    sum: clue.0,
                    voltorbs: clue.1,
                });
            }
        }
    }
    Ok(known)
}

/// True when the hidden cards of a line can still complete its clue.
fn line_can_fit((sum, voltorbs): (u8, u8), cards: &[Option<u8>]) -> bool {
    let mut s = 0u32;
    let mut v = 0u32;
    let mut hidden = 0u32;
    for c in cards {
        match c {
            Some(0) => v += 1,
            Some(x) => s += u32::from(*x),
            None => hidden += 1,
        }
    }
    let (sum, voltorbs) = (u32::from(sum), u32::from(voltorbs));
    if v > voltorbs || s > sum {
        return false;
    }
    let hidden_v = voltorbs - v;
    if hidden_v > hidden {
        return false;
    }
    let valued = hidden - hidden_v;
    let rest = sum - s;
    valued <= rest && rest <= 3 * valued
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clues() -> Clues {
        Clues {
            rows: [(5, 0), (5, 0), (5, 0), (5, 0), (5, 0)],
            cols: [(5, 0), (5, 0), (5, 0), (5, 0), (5, 0)],
        }
    }

    #[test]
    fn messages_name_the_line() {
        let mut c = clues();
        c.rows[2] = (16, 0);
        let e = c
            .validate()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.starts_with("row 3: sum 16"), "{e}");
        let mut c = clues();
        c.cols[4] = (2, 1);
        let e = c
            .validate()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("column 5"), "{e}");
        let mut c = clues();
        c.cols[4] = (6, 0);
        let e = c
            .validate()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("rows add up to 25 points but the columns to 26"),
            "{e}"
        );
    }

    #[test]
    fn revealed_checks() {
        let c = clues();
        let bad = [Revealed {
            row: 0,
            col: 1,
            value: 0,
        }];
        let e = check_revealed(&c, &bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.starts_with("row 1:"), "{e}");
        let twice = [
            Revealed {
                row: 1,
                col: 1,
                value: 1,
            },
            Revealed {
                row: 1,
                col: 1,
                value: 2,
            },
        ];
        assert!(matches!(
            check_revealed(&c, &twice),
            Err(VoltorbError::RevealedTwice { row: 2, col: 2, .. })
        ));
        let ok = [Revealed {
            row: 1,
            col: 1,
            value: 1,
        }];
        assert!(check_revealed(&c, &ok).is_ok());
    }
}
