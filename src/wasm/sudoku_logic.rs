//! Bindings for `sudoku.hint`, `sudoku.steps`, `sudoku.rate` and `sudoku.generate`.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::sudoku_store::with_shared_store;
use super::{Failure, Progress, from_args, now_ms, to_js};
use crate::protocol::sudoku::GenerateOptions;
use crate::sudoku::generator;
use crate::sudoku::hint::{hint_with_marks, parse_marks};
use crate::sudoku::rating::{
    PathPosition, Rating, parse_unique, position_before, rate_grid, rating_of, steps_of_with,
};
use crate::sudoku::step::Step;
use crate::util::place::ErrorPlace;

#[derive(Deserialize)]
struct HintArgs {
    grid: String,
    #[serde(default)]
    puzzle: Option<String>,
    #[serde(default)]
    candidates: Option<Vec<u32>>,
}

#[derive(Deserialize)]
struct PuzzleArgs {
    puzzle: String,
}

/// `sudoku.hint {grid, puzzle?, candidates?}` → `{kind: "step", step}` |
/// `{kind: "mistake", cells, message}` | `{kind: "solved"}`. With `puzzle` (the givens) wrong
/// user digits are found; with `candidates` (81 masks, bit d-1 = digit d possible) the step
/// starts from the player's candidates, and marks that exclude a right digit are a mistake.
#[wasm_bindgen]
pub fn sudoku_hint(args: JsValue) -> Result<JsValue, Failure> {
    let HintArgs {
        grid,
        puzzle,
        candidates,
    } = from_args(args)?;
    let marks = candidates.as_deref().map(parse_marks).transpose()?;
    to_js(&hint_with_marks(&grid, puzzle.as_deref(), marks.as_ref())?)
}

/// `sudoku.steps {puzzle}` → `{steps: [Step…]}`: the whole easiest-first path, reporting
/// `{steps, solved, hardest}` as it goes (the hardest puzzles take seconds).
#[wasm_bindgen]
pub fn sudoku_steps(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let PuzzleArgs { puzzle } = from_args(args)?;
    let mut reporter = Progress::new(progress);
    // The report that completes the grid always goes out, so the page sees the end.
    let steps = steps_of_with(&parse_unique(&puzzle)?, &mut |p| {
        reporter.report(p, p.solved == 81)
    })?;
    to_js(&serde_json::json!({ "steps": steps }))
}

/// `sudoku.rate {puzzle}` → `{rating, ep, ed, level, hardest, hardest_name, bottleneck, steps,
/// before_bottleneck: {placed, eliminated}}`, reporting `{steps, solved, hardest}` as it goes.
#[wasm_bindgen]
pub fn sudoku_rate(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let shared = args.clone();
    let PuzzleArgs { puzzle } = from_args(args)?;
    let mut reporter = Progress::new(progress);
    let grid = parse_unique(&puzzle)?;
    let steps = with_shared_store(&shared, || {
        steps_of_with(&grid, &mut |p| reporter.report(p, p.solved == 81))
    })?;
    to_js(&RateReply::of(steps))
}

/// A rating and the position the page can jump to, to see the step that set it.
#[derive(Serialize)]
pub(crate) struct RateReply {
    #[serde(flatten)]
    rating: Rating,
    before_bottleneck: PathPosition,
}

impl RateReply {
    pub(crate) fn of(steps: Vec<Step>) -> RateReply {
        let rating = rating_of(&steps);
        let before_bottleneck = position_before(&steps, rating.bottleneck);
        RateReply {
            rating,
            before_bottleneck,
        }
    }
}

/// `sudoku.generate {level | min, max, symmetry, seed}` → `{puzzle, rating, level, seed}`,
/// reporting `{attempts, best}` as it works; after `seconds` (by default
/// [`generator::DEFAULT_TIME_LIMIT_SECONDS`], as the CLI) an error that says what came closest
/// and what to change.
#[wasm_bindgen]
pub fn sudoku_generate(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let options: GenerateOptions = from_args(args)?;
    let request = options.request()?;
    let mut reporter = Progress::new(progress);
    let seconds = options
        .seconds
        .filter(|s| s.is_finite() && *s > 0.0)
        .unwrap_or(generator::DEFAULT_TIME_LIMIT_SECONDS as f64);
    let started = now_ms();
    let (mut attempts, mut closest) = (0, 0.0);
    let made = generator::generate(&request, &mut |p| {
        if reporter.due() {
            reporter.report(p, true);
        }
        (attempts, closest) = (p.attempts, p.best);
        now_ms() - started < seconds * 1000.0
    });
    match made {
        Ok(made) => to_js(&made),
        Err(
            generator::GenerateError::GaveUp { .. }
            | generator::GenerateError::GaveUpOnTechnique { .. },
        ) => {
            let change = if options.technique.is_some() {
                "try another technique, or try again"
            } else if options.level.is_some() {
                "choose another level, or try again"
            } else {
                "widen the range, or try again"
            };
            let looked = if seconds >= 90.0 {
                format!("{:.0} minutes", seconds / 60.0)
            } else {
                format!("{seconds:.0} s")
            };
            let message = format!(
                "none found in {looked} ({attempts} puzzles tried; the closest was rated {closest:.1}): {change}"
            );
            Err(Failure::new(&message, &ErrorPlace::field("rating")))
        }
        Err(other) => Err(other.into()),
    }
}

#[derive(Deserialize)]
struct BenchArgs {
    /// Puzzles, one per line (anything after the first field is ignored).
    puzzles: String,
}

/// `sudoku.benchRate {puzzles}` → `{ratings, times_ms}`: rates each puzzle, timing each
/// rating inside the module (uniqueness is checked first and not timed).
#[wasm_bindgen(js_name = sudoku_benchRate)]
pub fn sudoku_bench_rate(args: JsValue) -> Result<JsValue, Failure> {
    let BenchArgs { puzzles } = from_args(args)?;
    let (mut ratings, mut times_ms) = (Vec::new(), Vec::new());
    for line in puzzles
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let grid = parse_unique(line.split_whitespace().next().unwrap_or(""))?;
        let start = now_ms();
        ratings.push(rate_grid(&grid)?.rating);
        times_ms.push(now_ms() - start);
    }
    to_js(&serde_json::json!({ "ratings": ratings, "times_ms": times_ms }))
}
