//! `gridwise fill`: paint-bucket fill of a PNG (issue 4).

use std::process::ExitCode;

use crate::bench::{BenchContext, BenchRow};

/// Options of `gridwise fill`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `gridwise fill`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("error: fill is not built yet");
    ExitCode::FAILURE
}

/// Native fill benchmarks.
pub fn bench(_ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    Ok(Vec::new())
}
