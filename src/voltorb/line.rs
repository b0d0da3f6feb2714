//! Rows and columns of the board, as clues and errors name them.

use std::fmt;

/// A row or a column, numbered from 0 (displayed from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Row `i` (0 = top).
    Row(usize),
    /// Column `i` (0 = left).
    Col(usize),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(i) => write!(f, "row {}", i + 1),
            Line::Col(i) => write!(f, "column {}", i + 1),
        }
    }
}
