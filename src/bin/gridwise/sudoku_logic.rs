//! `gridwise sudoku rate | hint | steps | generate` (issue 3).

use std::process::ExitCode;

use crate::bench::{BenchContext, BenchRow};

/// The logic subcommands of `gridwise sudoku`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs one of the logic subcommands.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}

/// Benchmarks of rating and generation (called from `gridwise bench sudoku`).
pub fn bench(_ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    Ok(Vec::new())
}
