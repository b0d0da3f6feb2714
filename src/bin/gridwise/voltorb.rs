//! `gridwise voltorb` commands.

use std::process::ExitCode;

use crate::bench::{BenchContext, BenchRow};

/// The `gridwise voltorb` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs a `gridwise voltorb` subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}

/// Native voltorb benchmarks.
pub fn bench(_ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    Ok(Vec::new())
}
