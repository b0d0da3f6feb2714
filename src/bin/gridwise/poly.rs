//! `gridwise poly` commands.

use std::process::ExitCode;

use crate::bench::{BenchContext, BenchRow};

/// The `gridwise poly` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs a `gridwise poly` subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}

/// Native poly benchmarks.
pub fn bench(_ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    Ok(Vec::new())
}
