//! Bindings for `sudoku.solve`, `sudoku.count` and `sudoku.check`.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{Failure, Progress, from_args, now_ms, to_js};
use crate::sudoku::minimal;
use crate::sudoku::solver::count_solutions_with;
use crate::sudoku::{Grid, solve};

#[derive(Deserialize)]
struct SolveArgs {
    puzzle: String,
}

#[derive(Serialize)]
struct SolveReply {
    solution: Option<String>,
}

/// `sudoku.solve {puzzle}` → `{solution}`: 81 digits, or null when there is no solution.
#[wasm_bindgen]
pub fn sudoku_solve(args: JsValue) -> Result<JsValue, Failure> {
    let SolveArgs { puzzle } = from_args(args)?;
    let grid = Grid::parse(&puzzle)?;
    to_js(&SolveReply {
        solution: solve(&grid).map(|g| g.to_digits()),
    })
}

/// `sudoku.check {puzzle}` → `{givens, solutions, minimal, redundant, redundant_names}`:
/// solutions counted up to 2, and for a unique puzzle the givens any one of which could go.
#[wasm_bindgen]
pub fn sudoku_check(args: JsValue) -> Result<JsValue, Failure> {
    let SolveArgs { puzzle } = from_args(args)?;
    to_js(&minimal::check(&Grid::parse(&puzzle)?))
}

#[derive(Deserialize)]
struct CountArgs {
    puzzle: String,
    #[serde(default = "default_limit")]
    limit: u64,
}

fn default_limit() -> u64 {
    2
}

#[derive(Serialize)]
struct CountReply {
    count: u64,
}

/// `sudoku.count {puzzle, limit}` → `{count}`, capped at `limit` (default 2); progress
/// messages `{count}` carry the running total while a large count goes on.
#[wasm_bindgen]
pub fn sudoku_count(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let CountArgs { puzzle, limit } = from_args(args)?;
    let grid = Grid::parse(&puzzle)?;
    let mut reporter = Progress::new(progress);
    let count = count_solutions_with(&grid, limit, &mut |count| {
        // Asking the clock for every solution would dominate small counts.
        if count % 1024 == 0 && reporter.due() {
            reporter.report(&CountReply { count }, true);
        }
        true
    });
    to_js(&CountReply { count })
}

#[derive(Deserialize)]
struct BenchArgs {
    /// Puzzles, one per line.
    puzzles: String,
}

#[derive(Serialize)]
struct BenchReply {
    solved: usize,
    puzzles: usize,
    elapsed_ms: f64,
}

/// `sudoku.benchSolve {puzzles}` → `{solved, puzzles, elapsed_ms}`: solves a batch and times
/// only the solving (parsing happens first), as the native benchmark does.
#[wasm_bindgen(js_name = sudoku_benchSolve)]
pub fn sudoku_bench_solve(args: JsValue) -> Result<JsValue, Failure> {
    let BenchArgs { puzzles } = from_args(args)?;
    let grids = puzzles
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(Grid::parse)
        .collect::<Result<Vec<_>, _>>()?;
    let start = now_ms();
    let solved = grids.iter().filter(|g| solve(g).is_some()).count();
    let elapsed_ms = now_ms() - start;
    to_js(&BenchReply {
        solved,
        puzzles: grids.len(),
        elapsed_ms,
    })
}
