//! `gridwise sudoku solve | count` and the logic commands of [`crate::sudoku_logic`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gridwise::sudoku::{Grid, count_solutions, solve};

use crate::input::{answer_lines, located};
use crate::measure::{BenchContext, BenchRow, median};
use crate::sudoku_logic;

/// The `gridwise sudoku` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Print each puzzle's first solution as 81 digits, or `none`.
    Solve {
        /// Puzzles, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    /// Print each puzzle's number of solutions, counting at most --limit.
    Count {
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: u64,
        /// Puzzles, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    #[command(flatten)]
    Logic(sudoku_logic::Command),
}

/// Runs a `gridwise sudoku` subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Solve { file } => for_each_puzzle(file, |grid| match solve(&grid) {
            Some(solution) => solution.to_digits(),
            None => "none".to_string(),
        }),
        Command::Count { limit, file } => {
            for_each_puzzle(file, |grid| count_solutions(&grid, limit).to_string())
        }
        Command::Logic(cmd) => sudoku_logic::run(cmd),
    }
}

/// Parses each input line and prints one output line for it: `answer(grid)` or
/// `error: <message>`. Exit status 1 when any line was invalid.
fn for_each_puzzle(file: Option<PathBuf>, mut answer: impl FnMut(Grid) -> String) -> ExitCode {
    answer_lines(
        file.as_deref(),
        |text| Grid::parse(text).map(&mut answer).map_err(located),
        |e| format!("error: {e}"),
    )
}

/// Native Sudoku benchmarks: solver throughput here, rating and generation in
/// [`sudoku_logic::bench`].
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let mut rows = Vec::new();
    for (file, peer) in SOLVER_SETS {
        let puzzles = load_set(&ctx.data.join("sudoku").join(file))?;
        let puzzles = if ctx.quick {
            &puzzles[..puzzles.len().min(2000)]
        } else {
            &puzzles[..]
        };
        let mut rates = Vec::new();
        for _ in 0..if ctx.quick { 2 } else { 7 } {
            let start = Instant::now();
            let mut solved = 0usize;
            for p in puzzles {
                solved += usize::from(solve(p).is_some());
            }
            let secs = start.elapsed().as_secs_f64();
            if solved != puzzles.len() {
                return Err(format!(
                    "{file}: {} puzzles without a solution",
                    puzzles.len() - solved
                ));
            }
            rates.push(puzzles.len() as f64 / secs);
        }
        rows.push(BenchRow {
            tool: "sudoku",
            name: format!("solve {}", file.trim_end_matches(".txt")),
            value: median(&mut rates),
            unit: "puzzles/s",
            target: format!(">= {peer} (fastest peer, first solution)"),
        });
    }
    rows.extend(sudoku_logic::bench(ctx)?);
    Ok(rows)
}

/// The solver benchmark sets and the peer figure the issue asks to match on this machine.
pub const SOLVER_SETS: [(&str, u32); 3] = [
    ("17-clue.txt", 325_000),
    ("top1465.txt", 113_000),
    ("hardest-1905-11plus.txt", 20_000),
];

/// Reads a puzzle file (first field of each non-comment line).
pub fn load_set(path: &Path) -> Result<Vec<Grid>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cells = l.split_whitespace().next().unwrap_or(l);
            Grid::parse(cells).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}
