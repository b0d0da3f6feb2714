//! `gridwise bench`: native benchmarks of every tool, one row per measurement.
//!
//! Each tool module provides `bench(&BenchContext) -> Result<Vec<BenchRow>, String>`; the
//! browser bench (benches/browser.mjs) reads `--json` output to print wasm/native ratios.

use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `gridwise bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Only this tool (sudoku, fill, voltorb, poly); all when omitted.
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

/// What a tool's benchmark gets to work with.
pub struct BenchContext {
    /// Folder of the data sets (the repository's `data/` by default).
    pub data: PathBuf,
    /// Use small inputs.
    pub quick: bool,
}

/// One measurement: `name` is stable so that browser and native rows can be matched.
#[derive(serde::Serialize)]
pub struct BenchRow {
    /// The tool, e.g. `sudoku`.
    pub tool: &'static str,
    /// What was measured, e.g. `solve 17-clue`.
    pub name: String,
    /// The median figure.
    pub value: f64,
    /// Its unit, e.g. `puzzles/s`, `ms`, `Mpx/s`.
    pub unit: &'static str,
    /// The target or peer figure to compare with, in words.
    pub target: String,
}

type BenchFn = fn(&BenchContext) -> Result<Vec<BenchRow>, String>;

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

/// Median of a list of samples (sorted in place).
pub fn median(samples: &mut [f64]) -> f64 {
    samples.sort_by(|a, b| a.total_cmp(b));
    let n = samples.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        samples[n / 2]
    } else {
        (samples[n / 2 - 1] + samples[n / 2]) / 2.0
    }
}
