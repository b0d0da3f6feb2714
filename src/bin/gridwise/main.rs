//! `gridwise`: the native command line over the same cores as the web app, for batch work,
//! checks and benchmarks. Each tool's commands live in a module of their own.

#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod fill;
#[cfg(not(target_arch = "wasm32"))]
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod measure;
#[cfg(not(target_arch = "wasm32"))]
mod poly;
#[cfg(not(target_arch = "wasm32"))]
mod positive;
#[cfg(not(target_arch = "wasm32"))]
mod seed;
#[cfg(not(target_arch = "wasm32"))]
mod spread;
#[cfg(not(target_arch = "wasm32"))]
mod sudoku;
#[cfg(not(target_arch = "wasm32"))]
mod sudoku_logic;
#[cfg(not(target_arch = "wasm32"))]
mod voltorb;

#[cfg(not(target_arch = "wasm32"))]
use clap::{Parser, Subcommand};

/// The nested chains of the hardest Sudoku ratings make and drop millions of small records on
/// two threads: with mimalloc four of the slowest puzzles of hardest-1106-se-sample rated
/// 8–25% faster than with the system's allocator, in alternated runs (the page's wasm module
/// keeps Rust's own).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Grid puzzles solved, explained and played.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Parser)]
#[command(name = "gridwise", version, about)]
struct Cli {
    #[command(subcommand)]
    tool: Tool,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Subcommand)]
enum Tool {
    /// Solve, count, rate, explain and generate Sudoku puzzles.
    #[command(subcommand)]
    Sudoku(sudoku::Command),
    /// Paint-bucket fill a PNG image.
    Fill(fill::Args),
    /// Voltorb Flip odds and best moves, and generated boards.
    #[command(subcommand)]
    Voltorb(voltorb::Command),
    /// Polyomino and polyhex tiling: Meteor, pentominoes, bricks, your own boards.
    #[command(subcommand)]
    Poly(poly::Command),
    /// Run the native benchmarks and print a table (or JSON lines).
    Bench(bench::Args),
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    match Cli::parse().tool {
        Tool::Sudoku(cmd) => sudoku::run(cmd),
        Tool::Fill(args) => fill::run(args),
        Tool::Voltorb(cmd) => voltorb::run(cmd),
        Tool::Poly(cmd) => poly::run(cmd),
        Tool::Bench(args) => bench::run(args),
    }
}

// The wasm build of the crate only needs the library; this keeps `cargo test --target wasm32`
// (which builds every target) compiling.
#[cfg(target_arch = "wasm32")]
fn main() {}
