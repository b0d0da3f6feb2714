//! Polyomino and polyhex tiling: cover a board exactly with a set of pieces, each used once
//! (or as many times as the set has copies), turned and flipped freely.
//!
//! - [`grid`]: square and hex geometry (odd-r rows for hexes, as in the Meteor puzzle).
//! - [`piece`]: pieces and their distinct orientations.
//! - [`board`]: boards of any shape, with holes.
//! - [`problem`]: a board and pieces prepared for the search (bit layout, placements per cell,
//!   pocket pruning, symmetries acting on placements).
//! - `disjoint` (internal): the search's innermost test, many candidates at once.
//! - `search` (internal): fill the first empty cell over bitboards, pruning pockets whose size
//!   is no sum of the remaining pieces' sizes.
//! - [`symmetry`]: exact counting modulo the board's symmetries, with symmetry breaking.
//! - [`solve`]: the visitor API (stream solutions, progress, stop at a limit).
//! - [`library`]: Meteor, pentominoes, tetrominoes, hexominoes, bricks; piece specs.
//! - [`format`]: board and piece files, Meteor output, letter grids.

pub mod bits;
pub mod board;
mod disjoint;
pub mod error;
pub mod format;
pub mod grid;
pub mod library;
pub mod piece;
pub mod problem;
mod search;
pub mod solve;
pub mod symmetry;

pub use board::Board;
pub use error::PolyError;
pub use grid::GridKind;
pub use piece::Piece;
pub use problem::Problem;
pub use solve::{
    Batch, Collect, Count, Estimate, Options, Progress, Reporter, StreamEnd, Summary, Team,
    Visitor, count, estimate, solve, stream,
};
