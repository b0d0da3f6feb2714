//! Bindings for `voltorb.analyze` and `voltorb.generate`.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::voltorb_team::{search_share, team_answer};
use super::{Failure, Progress, from_args, now_ms, to_js};
use crate::protocol::voltorb::AnalyzeArgs;
use crate::protocol::voltorb_timing::time_fresh_boards;
use crate::util::rng::Rng;
use crate::voltorb::analyze;
use crate::voltorb::analyze::{SearchInput, analyze_with, search_input};
use crate::voltorb::game::{Round, deal, next_level};

#[derive(Serialize)]
struct Started {
    stage: &'static str,
}

/// Whether a request carries `team`: its worker was given a team's shared buffer (see
/// [`super::voltorb_team`]).
fn in_team(args: &JsValue) -> bool {
    js_sys::Reflect::get(args, &JsValue::from_str("team")).is_ok_and(|t| t.is_truthy())
}

/// `voltorb.analyze {rows, cols, revealed, level, weighting, team?}` → odds, safe and useless
/// cards, best move and win probability (see [`crate::voltorb::Analysis`]). With `team`, this
/// worker leads a team: it searches its share of the first cards, waits for the members that
/// took others (`voltorb.searchShare`) and analyses with the team's best move.
#[wasm_bindgen]
pub fn voltorb_analyze(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let team = in_team(&args);
    let req = from_args::<AnalyzeArgs>(args)?.into();
    // One message up front, so a page can show that the (possibly long) search has started.
    Progress::new(progress).report(&Started { stage: "analysing" }, true);
    let analysis = if team {
        analyze_with(&req, &|input: &SearchInput| {
            search_share(&input.boards, &input.weights, input.revealed, input.budget);
            team_answer()
        })?
    } else {
        analyze(&req)?
    };
    to_js(&analysis)
}

/// `voltorb.searchShare {rows, cols, revealed, level, weighting, budget?, team}` → this member's
/// `{cell, win, exact, nodes}`: a helper's share of a team's best-move search, whose answer the
/// team's leader (`voltorb.analyze` with `team`) reads from the shared buffer.
#[wasm_bindgen(js_name = voltorb_searchShare)]
pub fn voltorb_search_share(args: JsValue) -> Result<JsValue, Failure> {
    #[derive(Serialize)]
    struct Share {
        cell: Option<usize>,
        win: f64,
        exact: bool,
        nodes: u64,
    }
    let req = from_args::<AnalyzeArgs>(args)?.into();
    let input = search_input(&req)?;
    let own = search_share(&input.boards, &input.weights, input.revealed, input.budget);
    to_js(&Share {
        cell: own.cell,
        win: own.win,
        exact: own.exact,
        nodes: own.nodes,
    })
}

#[derive(Deserialize)]
struct GenerateArgs {
    /// The level; when absent, the level that `history` leads to.
    level: Option<u8>,
    #[serde(default)]
    history: Vec<Round>,
    seed: u64,
}

#[derive(Serialize)]
struct Generated {
    level: u8,
    config: usize,
    board: [[u8; 5]; 5],
    rows: Vec<[u8; 2]>,
    cols: Vec<[u8; 2]>,
}

/// `voltorb.generate {level | history, seed}` → a board dealt as the game does, with its clues.
#[wasm_bindgen]
pub fn voltorb_generate(args: JsValue) -> Result<JsValue, Failure> {
    let a: GenerateArgs = from_args(args)?;
    let level = a.level.unwrap_or_else(|| next_level(&a.history));
    let d = deal(level, &mut Rng::new(a.seed));
    let pairs = |v: [(u8, u8); 5]| v.iter().map(|&(s, n)| [s, n]).collect();
    to_js(&Generated {
        level: d.level,
        config: d.config,
        board: d.board.rows(),
        rows: pairs(d.board.row_clues()),
        cols: pairs(d.board.col_clues()),
    })
}

#[derive(Deserialize)]
struct BenchArgs {
    level: u8,
    count: usize,
    seed: u64,
    #[serde(default)]
    best: bool,
}

/// `voltorb.bench {level, count, seed, best}` → `{ms, boards, approximate, memory_bytes}`:
/// analyses of fresh dealt boards timed inside the worker with `performance.now()`, and the
/// worker's wasm memory afterwards (it only grows, so it is the peak so far).
#[wasm_bindgen]
pub fn voltorb_bench(args: JsValue) -> Result<JsValue, Failure> {
    #[derive(Serialize)]
    struct Reply {
        #[serde(flatten)]
        timings: crate::protocol::voltorb_timing::Timings,
        memory_bytes: usize,
    }
    let a: BenchArgs = from_args(args)?;
    let timings = time_fresh_boards(a.level, a.count, a.seed, (a.best, 1), now_ms)?;
    let memory_bytes = core::arch::wasm32::memory_size(0) * 65536;
    to_js(&Reply {
        timings,
        memory_bytes,
    })
}
