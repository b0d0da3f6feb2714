//! Sudoku: parsing and formatting, a bitboard solver and solution counter, and (in later
//! modules) human-style logic, rating and generation.

pub mod grid;
pub mod solver;

pub use grid::{Grid, ParseError};
pub use solver::{count_solutions, solve};
pub mod candidates;
pub mod generator;
pub mod hint;
pub mod logic;
pub mod minimal;
pub mod names;
pub mod prose;
pub mod rating;
pub mod step;
pub mod techniques;
