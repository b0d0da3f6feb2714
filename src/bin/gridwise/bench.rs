//! `gridwise bench`: native benchmarks of every tool, one row per measurement.
//!
//! Each tool module provides `bench(&BenchContext) -> Result<Vec<BenchRow>, String>` (types in
//! `measure.rs`, which the tools depend on; this file depends on the tools, never the other way
//! round); the browser bench (benches/browser.mjs) reads `--json` output to print wasm/native
//! ratios.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::measure::{BenchContext, BenchFn};

/// Options of `gridwise bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Only this tool (sudoku, fill, voltorb, poly); all when omitted.
    #[arg(value_parser = ["sudoku", "fill", "voltorb", "poly"])]
    pub tool: Option<String>,
    /// Folder of the data sets (the repository's `data/` by default).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data"))]
    pub data: PathBuf,
    /// Print one JSON object per row instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Smaller inputs, for a quick check that the benchmarks run.
    #[arg(long)]
    pub quick: bool,
}

const TOOLS: [(&str, BenchFn); 4] = [
    ("sudoku", super::sudoku::bench),
    ("fill", super::fill::bench),
    ("voltorb", super::voltorb::bench),
    ("poly", super::poly::bench),
];

/// Runs the selected benchmarks and prints them.
pub fn run(args: Args) -> ExitCode {
    let ctx = BenchContext {
        data: args.data.clone(),
        quick: args.quick,
    };
    let mut failed = false;
    if !args.json {
        println!(
            "{:<8} {:<44} {:>14} {:<10} target",
            "tool", "measure", "value", "unit"
        );
    }
    for (tool, bench) in TOOLS {
        if args.tool.as_deref().is_some_and(|t| t != tool) {
            continue;
        }
        match bench(&ctx) {
            Ok(rows) => {
                for row in rows {
                    if args.json {
                        println!("{}", serde_json::to_string(&row).unwrap_or_default());
                    } else {
                        println!(
                            "{:<8} {:<44} {:>14.2} {:<10} {}",
                            row.tool, row.name, row.value, row.unit, row.target
                        );
                    }
                }
            }
            Err(e) => {
                eprintln!("error: {tool} bench: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
