//! Timing analyses of freshly dealt boards, for the native and in-browser benchmarks. The clock
//! is passed in (milliseconds), so this stays free of platform APIs.

use serde::Serialize;

use crate::util::rng::Rng;
use crate::voltorb::game::deal;
use crate::voltorb::{AnalyzeRequest, Board, VoltorbError, analyze};

/// Per-board times of a batch.
#[derive(Clone, Debug, Serialize)]
pub struct Timings {
    /// Milliseconds per analysis, in dealing order.
    pub ms: Vec<f64>,
    /// Consistent boards of each fresh position.
    pub boards: Vec<usize>,
    /// Analyses whose best move fell back to the approximate rule.
    pub approximate: usize,
    /// Which ones (indices in dealing order).
    pub approximate_at: Vec<usize>,
}

/// The analysis request for a fresh board: its clues and its level, nothing revealed.
pub fn fresh_request(board: Board, level: u8, best: bool) -> AnalyzeRequest {
    AnalyzeRequest {
        rows: board.row_clues().iter().map(|&(s, v)| [s, v]).collect(),
        cols: board.col_clues().iter().map(|&(s, v)| [s, v]).collect(),
        revealed: Vec::new(),
        level: Some(level),
        weighting: None,
        best,
        budget: None,
        objective: Default::default(),
        judge: None,
        threads: 1,
    }
}

/// Deals `count` boards at `level` from `seed` and times the analysis of each fresh board (odds
/// only, or with the best move searched by `threads` threads) with the clock `now`.
pub fn time_fresh_boards(
    level: u8,
    count: usize,
    seed: u64,
    (best, threads): (bool, usize),
    mut now: impl FnMut() -> f64,
) -> Result<Timings, VoltorbError> {
    let mut rng = Rng::new(seed);
    let mut out = Timings {
        ms: Vec::with_capacity(count),
        boards: Vec::with_capacity(count),
        approximate: 0,
        approximate_at: Vec::new(),
    };
    for i in 0..count {
        let d = deal(level, &mut rng);
        let req = AnalyzeRequest {
            threads,
            ..fresh_request(d.board, d.level, best)
        };
        let t = now();
        let a = analyze(&req)?;
        out.ms.push(now() - t);
        out.boards.push(a.boards);
        if !a.is_exact() {
            out.approximate += 1;
            out.approximate_at.push(i);
        }
    }
    Ok(out)
}
