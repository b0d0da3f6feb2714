//! Sudoku: parsing and formatting, a bitboard solver and solution counter, and (in later
//! modules) human-style logic, rating and generation.

pub mod grid;
pub mod solver;

pub use grid::{Grid, ParseError};
pub use solver::{count_solutions, solve};
