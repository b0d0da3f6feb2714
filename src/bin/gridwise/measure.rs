//! What every tool's native benchmark works with and reports: the context, one row per
//! measurement, and the median. `bench.rs` runs the tools' benchmarks; the tools use this.

use std::path::PathBuf;

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

/// A tool's benchmark.
pub type BenchFn = fn(&BenchContext) -> Result<Vec<BenchRow>, String>;

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
