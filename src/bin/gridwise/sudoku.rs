//! `gridwise sudoku solve | count` and the logic commands of [`crate::sudoku_logic`].

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use gridwise::sudoku::{Grid, count_solutions, solve};

use crate::bench::{BenchContext, BenchRow};
use crate::input::puzzle_lines;
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
    let lines = match puzzle_lines(file.as_deref()) {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut any_invalid = false;
    for line in lines {
        let text = match line {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: reading input: {e}");
                return ExitCode::FAILURE;
            }
        };
        let reply = match Grid::parse(&text) {
            Ok(grid) => answer(grid),
            Err(e) => {
                any_invalid = true;
                format!("error: {e}")
            }
        };
        if writeln!(out, "{reply}").is_err() {
            // The reader went away (e.g. `| head`): stop quietly.
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    if any_invalid {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Native Sudoku benchmarks: solver throughput here, rating and generation in
/// [`sudoku_logic::bench`].
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let mut rows = Vec::new();
    rows.extend(sudoku_logic::bench(ctx)?);
    Ok(rows)
}
