//! `gridwise sudoku rate | hint | steps | generate` (issue 3).

use std::process::ExitCode;

/// The logic subcommands of `gridwise sudoku`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs one of the logic subcommands.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}
