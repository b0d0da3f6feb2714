//! Bindings for `sudoku.solve` and `sudoku.count`.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{from_args, to_js};
use crate::sudoku::{Grid, count_solutions, solve};

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
pub fn sudoku_solve(args: JsValue) -> Result<JsValue, JsError> {
    let SolveArgs { puzzle } = from_args(args)?;
    let grid = Grid::parse(&puzzle)?;
    to_js(&SolveReply {
        solution: solve(&grid).map(|g| g.to_digits()),
    })
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

/// `sudoku.count {puzzle, limit}` → `{count}`, capped at `limit` (default 2).
#[wasm_bindgen]
pub fn sudoku_count(args: JsValue) -> Result<JsValue, JsError> {
    let CountArgs { puzzle, limit } = from_args(args)?;
    let grid = Grid::parse(&puzzle)?;
    to_js(&CountReply {
        count: count_solutions(&grid, limit),
    })
}
