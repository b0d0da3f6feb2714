//! What can be wrong with a Voltorb Flip request. Messages count rows and columns from 1 (top,
//! left), as a person reads the board.

use super::line::Line;
use crate::util::place::{ErrorPlace, Located};

/// "1 Voltorb", "3 Voltorbs".
fn count(voltorbs: impl Into<u32>) -> String {
    match voltorbs.into() {
        1 => "1 Voltorb".to_string(),
        n => format!("{n} Voltorbs"),
    }
}

/// An invalid request or a position with no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VoltorbError {
    /// A line claims more than five Voltorbs.
    #[error("{line}: {} is impossible, a line has only five cards", count(*.voltorbs))]
    TooManyVoltorbs {
        /// The line.
        line: Line,
        /// Its Voltorb count.
        voltorbs: u8,
    },
    /// A line's sum cannot be made by its non-Voltorb cards (each 1 to 3).
    #[error(
        "{line}: sum {sum} is impossible with {} (the other {cards} cards add up to {min} to {max})", count(*.voltorbs)
    )]
    ImpossibleSum {
        /// The line.
        line: Line,
        /// Its sum.
        sum: u8,
        /// Its Voltorb count.
        voltorbs: u8,
        /// Number of non-Voltorb cards.
        cards: u8,
        /// Smallest possible sum.
        min: u8,
        /// Largest possible sum.
        max: u8,
    },
    /// Row and column clues disagree on the board's total.
    #[error("the rows add up to {rows} {what} but the columns to {cols}")]
    TotalsDiffer {
        /// "points" or "Voltorbs".
        what: &'static str,
        /// Total over rows.
        rows: u32,
        /// Total over columns.
        cols: u32,
    },
    /// A clue list does not have five entries.
    #[error("{what}: expected 5 clues, got {got}")]
    ClueCount {
        /// "rows" or "cols".
        what: &'static str,
        /// Number given.
        got: usize,
    },
    /// The level is not 1 to 8.
    #[error("level {0} does not exist (levels are 1 to 8)")]
    BadLevel(u8),
    /// No configuration of the level has these totals.
    #[error(
        "no level-{level} board has {} and a total of {sum} points (check the clues or the level)", count(*.voltorbs)
    )]
    NoConfig {
        /// The level.
        level: u8,
        /// Total Voltorbs from the clues.
        voltorbs: u32,
        /// Total points from the clues.
        sum: u32,
    },
    /// No level at all has these totals.
    #[error(
        "no board of any level has {} and a total of {sum} points (check the clues, or choose Uniform odds, which weighs every board that fits the clues alike)", count(*.voltorbs)
    )]
    NoLevel {
        /// Total Voltorbs.
        voltorbs: u32,
        /// Total points.
        sum: u32,
    },
    /// A revealed card lies outside the board.
    #[error(
        "revealed card #{index} is at [{row}, {col}]: outside the 5×5 board (rows and columns count from 0 to 4)"
    )]
    OutsideBoard {
        /// Position in the revealed list (from 1).
        index: usize,
        /// Row as given (from 0).
        row: usize,
        /// Column as given (from 0).
        col: usize,
    },
    /// The card to grade lies outside the board.
    #[error("judge [{row}, {col}] is not a card: rows and columns count from 0 to 4")]
    JudgeOutside {
        /// Row as given (from 0).
        row: usize,
        /// Column as given (from 0).
        col: usize,
    },
    /// A revealed value is not 0 to 3.
    #[error("card at row {row}, column {col}: {value} is not a card value (0 = Voltorb, 1, 2, 3)")]
    BadValue {
        /// Row (from 1).
        row: usize,
        /// Column (from 1).
        col: usize,
        /// The value given.
        value: u8,
    },
    /// The same card is revealed twice with different values.
    #[error("card at row {row}, column {col} is revealed twice, as {first} and as {second}")]
    RevealedTwice {
        /// Row (from 1).
        row: usize,
        /// Column (from 1).
        col: usize,
        /// The first value.
        first: u8,
        /// The second value.
        second: u8,
    },
    /// Revealed cards in a line cannot fit its clue.
    #[error("{line}: the revealed cards do not fit its clue ({sum} points, {})", count(*.voltorbs))]
    RevealedContradicts {
        /// The line.
        line: Line,
        /// Its sum.
        sum: u8,
        /// Its Voltorbs.
        voltorbs: u8,
    },
    /// No board satisfies all clues and revealed cards together.
    #[error("no board fits all these clues and revealed cards together (check for a typo)")]
    NoBoards,
    /// Boards fit, but none the game's generator could deal at the level(s) considered.
    #[error(
        "{boards} boards fit the clues, but the game never deals any of them at {levels} (use the uniform weighting or check the level)"
    )]
    NoGameBoards {
        /// Consistent boards.
        boards: usize,
        /// The levels considered, in words.
        levels: String,
    },
    /// The enumeration stopped at its limit.
    #[error("more than {0} boards fit these clues; reveal a few cards first")]
    TooManyBoards(usize),
}

impl Line {
    /// The clue input this line belongs to and its index there.
    fn place(self) -> ErrorPlace {
        match self {
            Line::Row(i) => ErrorPlace::field("rows").index(i),
            Line::Col(i) => ErrorPlace::field("cols").index(i),
        }
    }
}

impl Located for VoltorbError {
    /// a clue line (`rows`/`cols` and its index), a revealed card, the
    /// level, or nothing for a request that is wrong as a whole.
    fn place(&self) -> ErrorPlace {
        use VoltorbError::*;
        match self {
            TooManyVoltorbs { line, .. }
            | ImpossibleSum { line, .. }
            | RevealedContradicts { line, .. } => line.place(),
            ClueCount { what, .. } => ErrorPlace::field(what),
            BadLevel(_) | NoConfig { .. } => ErrorPlace::field("level"),
            OutsideBoard { index, .. } => ErrorPlace::field("revealed").index(index - 1),
            BadValue { row, col, .. } | RevealedTwice { row, col, .. } => {
                ErrorPlace::field("revealed").card(row - 1, col - 1)
            }
            NoGameBoards { .. } => ErrorPlace::field("weighting"),
            JudgeOutside { .. } => ErrorPlace::field("judge"),
            TotalsDiffer { .. } | NoLevel { .. } | NoBoards | TooManyBoards(_) => {
                ErrorPlace::default()
            }
        }
    }
}
