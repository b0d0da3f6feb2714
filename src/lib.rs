//! Gridwise: grid puzzles solved, explained and played.
//!
//! Each puzzle family is a pure Rust core over plain data (no wasm, no I/O, no JS types), so the
//! same code serves the native `gridwise` CLI, the native tests and benchmarks, and the
//! WebAssembly module that the web app runs in a worker.
//!
//! - [`sudoku`]: parsing, a bitboard solver and solution counter, human-style logic, rating and
//!   generation.
//! - [`fill`]: paint-bucket flood fill over RGBA pixel buffers.
//! - [`voltorb`]: Voltorb Flip odds, best move and a faithful game.
//! - [`poly`]: polyomino and polyhex tiling (Meteor, pentominoes, bricks, drawn boards).
//! - [`util`]: small helpers shared by the cores (seeded RNG, error places).
//! - [`protocol`]: not a core: the JSON request shapes and benchmark reports that the CLI and
//!   the bindings share, kept out of the cores so that these take plain Rust values.
//!
//! `wasm` (compiled only for `wasm32`) is the one binding layer: thin adapters from JS values to
//! the cores. Dependencies point down only: a core never uses another core, the CLI or `wasm`.

pub mod fill;
pub mod poly;
pub mod protocol;
pub mod sudoku;
pub mod util;
pub mod voltorb;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
