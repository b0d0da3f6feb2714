//! Bindings for `poly.solve`, `poly.describe` and `poly.library` (see www/worker.js for the
//! calling convention).

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{Failure, Progress, from_args, to_js};
use crate::poly::library::{problem_from_text, puzzles, resolve_board, resolve_pieces};
use crate::poly::{Batch, Options, Problem, Reporter, stream};
use crate::util::place::{ErrorPlace, Located};

/// What the page sends: the board and pieces as text (a name, a size, a spec or a drawing).
#[derive(Deserialize)]
struct PuzzleArgs {
    board: String,
    pieces: String,
    #[serde(default)]
    options: SolveOptions,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct SolveOptions {
    limit: Option<u64>,
    #[serde(default)]
    distinct: bool,
    #[serde(default)]
    allow_unused: bool,
    /// How many solutions to pass to the page (default 1000).
    keep: Option<usize>,
    /// Search only part `[k, n]` (0-based k) of the search; the parts' counts add up.
    shard: Option<[u32; 2]>,
}

fn problem(args: &PuzzleArgs) -> Result<Problem, Failure> {
    let board =
        resolve_board(&args.board).map_err(|e| Failure::new(&format!("board: {e}"), &e.place()))?;
    let pieces = resolve_pieces(&args.pieces)
        .map_err(|e| Failure::new(&format!("pieces: {e}"), &e.place()))?;
    Ok(Problem::new(board, pieces, args.options.allow_unused)?)
}

/// Forwards batches as progress messages, at most one per 50 ms.
struct Forward<'a>(Progress<'a>);

impl Reporter for Forward<'_> {
    fn due(&self) -> bool {
        self.0.due()
    }
    fn send(&mut self, batch: &Batch) {
        self.0.report(batch, true);
    }
}

#[derive(Serialize)]
struct SolveReply<T: Serialize, U: Serialize> {
    puzzle: T,
    end: U,
}

/// `poly.solve {board, pieces, options: {limit, distinct, allowUnused, keep}}` → `{puzzle,
/// end}`; progress messages `{total, distinct, nodes, fraction, solutions}` carry the newly
/// found solutions (piece-copy labels per drawn cell).
#[wasm_bindgen]
pub fn poly_solve(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let args: PuzzleArgs = from_args(args)?;
    let problem = problem(&args)?;
    let o = &args.options;
    if let Some([k, n]) = o.shard
        && (n == 0 || k >= n)
    {
        return Err(Failure::new(
            &format!("shard [{k}, {n}] is not a part: k must be below n"),
            &ErrorPlace::field("shard"),
        ));
    }
    let options = Options {
        limit: o.limit,
        distinct: o.distinct,
        shard: o.shard.map(|[k, n]| (k, n)),
        ..Options::default()
    };
    let end = stream(
        &problem,
        &options,
        o.keep.unwrap_or(1000),
        &mut Forward(Progress::new(progress)),
    );
    to_js(&SolveReply {
        puzzle: problem.describe(),
        end,
    })
}

#[derive(Deserialize)]
struct EstimateArgs {
    #[serde(flatten)]
    puzzle: PuzzleArgs,
    /// Random probes, at most (default 16,000).
    probes: Option<u32>,
}

/// `poly.estimate {board, pieces, options, probes?}` → `{solutions, solutions_error, nodes,
/// probes, symmetries}`: Knuth's estimate of the tilings (all variants) and of the search
/// tree, from random probes.
#[wasm_bindgen]
pub fn poly_estimate(args: JsValue) -> Result<JsValue, Failure> {
    let args: EstimateArgs = from_args(args)?;
    let problem = problem(&args.puzzle)?;
    let e = crate::poly::estimate(
        &problem,
        args.probes.unwrap_or(16_000).clamp(1, 1_000_000),
        1,
    );
    to_js(&serde_json::json!({
        "solutions": e.solutions,
        "solutions_error": e.solutions_error,
        "nodes": e.nodes,
        "probes": e.probes,
        "symmetries": problem.symmetry_order(),
    }))
}

/// `poly.describe {board, pieces, options}` → the puzzle as drawn (board, pieces, areas), or
/// an error naming what is wrong with it.
#[wasm_bindgen]
pub fn poly_describe(args: JsValue) -> Result<JsValue, Failure> {
    let args: PuzzleArgs = from_args(args)?;
    to_js(&problem(&args)?.describe())
}

/// `poly.library {}` → `{puzzles: [{id, title, about, board, pieces}]}`.
#[wasm_bindgen]
pub fn poly_library(_args: JsValue) -> Result<JsValue, Failure> {
    #[derive(Serialize)]
    struct Reply {
        puzzles: Vec<crate::poly::library::Puzzle>,
    }
    to_js(&Reply { puzzles: puzzles() })
}

#[derive(Deserialize)]
struct BenchArgs {
    /// `meteor` (all solutions with the smallest and largest, as the benchmarks game does) or
    /// `count` (all and distinct solutions of `board` and `pieces`).
    mode: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    pieces: String,
    runs: usize,
}

#[derive(Serialize)]
struct BenchReply {
    samples_ms: Vec<f64>,
    total: u64,
    distinct: u64,
}

/// `poly.bench {mode, board, pieces, runs}` → `{samples_ms, total, distinct}`: each run timed
/// inside the worker, set-up included.
#[wasm_bindgen]
pub fn poly_bench(args: JsValue) -> Result<JsValue, Failure> {
    let a: BenchArgs = from_args(args)?;
    let mut reply = BenchReply {
        samples_ms: Vec::new(),
        total: 0,
        distinct: 0,
    };
    for _ in 0..a.runs.max(1) {
        let t = js_sys::Date::now();
        if a.mode == "meteor" {
            reply.total = crate::poly::library::meteor_extremes(None)?.0;
        } else {
            let p = problem_from_text(&a.board, &a.pieces, false)?;
            let s = crate::poly::count(&p);
            (reply.total, reply.distinct) = (s.counts.total, s.counts.distinct);
        }
        reply.samples_ms.push(js_sys::Date::now() - t);
    }
    to_js(&reply)
}
