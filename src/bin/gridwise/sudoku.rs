//! `gridwise sudoku solve | count` and the logic commands of [`crate::sudoku_logic`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gridwise::sudoku::{Grid, count_solutions, solve};

use crate::input::{answer_lines, located, puzzle_field};
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
        /// Stop counting at this many solutions (1 or more).
        #[arg(long, default_value_t = 2, value_parser = crate::positive::positive::<u64>)]
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
/// `error: line N: <message>`. Exit status 1 when any line was invalid.
fn for_each_puzzle(file: Option<PathBuf>, mut answer: impl FnMut(Grid) -> String) -> ExitCode {
    answer_lines(
        file.as_deref(),
        |text| {
            Grid::parse(puzzle_field(text))
                .map(&mut answer)
                .map_err(located)
        },
        |e, line| format!("error: line {line}: {e}"),
    )
}

/// Native Sudoku benchmarks: solver throughput (against the `sudoku` crate when built with
/// `--features peer-bench`), rating and generation in [`sudoku_logic::bench`].
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let mut rows = Vec::new();
    if !cfg!(feature = "peer-bench") {
        eprintln!(
            "note: the solver's ratio against the sudoku crate needs \
             `cargo build --release --features peer-bench` (./build.sh bench does it)"
        );
    }
    for (file, peer, ratio_target) in SOLVER_SETS {
        let name = file.trim_end_matches(".txt");
        let puzzles = load_set(&ctx.data.join("sudoku").join(file))?;
        let puzzles = if ctx.quick {
            &puzzles[..puzzles.len().min(2000)]
        } else {
            &puzzles[..]
        };
        let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        // Both solvers run in the same rounds, one after the other, so that a busy moment of the
        // machine weighs on both and the ratio of each round is fair.
        for _ in 0..if ctx.quick { 2 } else { 7 } {
            let rate = solve_rate(file, puzzles, |p| solve(p).is_some())?;
            ours.push(rate);
            if let Some(peer_rate) = peer_solve_rate(file, puzzles)? {
                theirs.push(peer_rate);
                ratios.push(rate / peer_rate);
            }
        }
        rows.push(BenchRow {
            tool: "sudoku",
            name: format!("solve {name}"),
            value: median(&mut ours),
            unit: "puzzles/s",
            target: format!(">= {peer} (fastest peer, first solution)"),
        });
        if !theirs.is_empty() {
            rows.push(BenchRow {
                tool: "sudoku",
                name: format!("solve {name}, sudoku crate"),
                value: median(&mut theirs),
                unit: "puzzles/s",
                target: "peer, same run".to_string(),
            });
            rows.push(BenchRow {
                tool: "sudoku",
                name: format!("solve {name}: Gridwise / sudoku crate"),
                value: median(&mut ratios),
                unit: "x",
                target: format!(">= {ratio_target}x (median of per-round ratios)"),
            });
        }
    }
    rows.extend(sudoku_logic::bench(ctx)?);
    Ok(rows)
}

/// Puzzles per second of one pass of `solves` over `puzzles`; every puzzle must be solved.
fn solve_rate(file: &str, puzzles: &[Grid], solves: impl Fn(&Grid) -> bool) -> Result<f64, String> {
    let start = Instant::now();
    let solved = puzzles.iter().filter(|p| solves(p)).count();
    let secs = start.elapsed().as_secs_f64();
    if solved != puzzles.len() {
        return Err(format!(
            "{file}: {} puzzles without a solution",
            puzzles.len() - solved
        ));
    }
    Ok(puzzles.len() as f64 / secs)
}

/// One pass of the `sudoku` crate (first solution, like [`solve`]); its parsing happens before
/// the clock starts, as ours does.
#[cfg(feature = "peer-bench")]
fn peer_solve_rate(file: &str, puzzles: &[Grid]) -> Result<Option<f64>, String> {
    let theirs = puzzles
        .iter()
        .map(|p| {
            sudoku::Sudoku::from_str_line(&p.to_digits())
                .map_err(|e| format!("{file}: the sudoku crate cannot read a puzzle: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let start = Instant::now();
    let solved = theirs
        .iter()
        .filter(|p| p.some_solution().is_some())
        .count();
    let secs = start.elapsed().as_secs_f64();
    if solved != theirs.len() {
        return Err(format!(
            "{file}: the sudoku crate found no solution to some puzzles"
        ));
    }
    Ok(Some(theirs.len() as f64 / secs))
}

#[cfg(not(feature = "peer-bench"))]
fn peer_solve_rate(_file: &str, _puzzles: &[Grid]) -> Result<Option<f64>, String> {
    Ok(None)
}

/// The solver benchmark sets: the fastest peer's figure on this machine, and the speed-up over
/// the `sudoku` crate measured in the same run that issue 10 asks for.
pub const SOLVER_SETS: [(&str, u32, f64); 3] = [
    ("17-clue.txt", 325_000, 1.1),
    ("top1465.txt", 113_000, 1.6),
    ("hardest-1905-11plus.txt", 20_000, 1.6),
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
