//! One call from clues and revealed cards to everything the assistant shows: per-card odds,
//! safe and useless cards, the best move and the winning chance.

use serde::Serialize;

use super::board::{CELLS, SIZE};
use super::clues::{Clues, Revealed, check_revealed};
use super::enumerate::{DEFAULT_LIMIT, consistent_boards};
use super::error::VoltorbError;
use super::odds::{Weighting, candidate_levels, marginals, weigh};
use super::policy::{DEFAULT_BUDGET, best_move};

/// A position to analyse: clues, revealed cards and what to compute. (Its JSON shape, with
/// defaults, is `protocol::voltorb::AnalyzeArgs`.)
#[derive(Clone, Debug)]
pub struct AnalyzeRequest {
    /// `[sum, voltorbs]` of each row, top to bottom.
    pub rows: Vec<[u8; 2]>,
    /// `[sum, voltorbs]` of each column, left to right.
    pub cols: Vec<[u8; 2]>,
    /// `[row, col, value]` of each revealed card (rows and columns from 0).
    pub revealed: Vec<[u32; 3]>,
    /// The level (1–8) when known.
    pub level: Option<u8>,
    /// `game` (default) or `uniform`.
    pub weighting: Option<Weighting>,
    /// Compute the best move (default true); false gives odds only.
    pub best: bool,
    /// Node budget of the exact best-move search.
    pub budget: Option<u64>,
}

/// The recommended card.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Advice {
    /// Row from 0.
    pub row: usize,
    /// Column from 0.
    pub col: usize,
    /// Probability of clearing the board when flipping it and playing on optimally.
    pub win: f64,
    /// True when the search was exact (false: a labelled approximation, a lower bound).
    pub exact: bool,
}

/// Everything the assistant shows for one position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Analysis {
    /// Boards consistent with the clues and cards (with a non-zero weight).
    pub boards: usize,
    /// `p[row][col] = [P(0), P(1), P(2), P(3)]`.
    pub p: Vec<Vec<[f64; 4]>>,
    /// Hidden cards that cannot be a Voltorb, `[row, col]`.
    pub safe: Vec<[usize; 2]>,
    /// Hidden cards that can only be 0 or 1 (flipping them cannot help win), `[row, col]`.
    pub useless: Vec<[usize; 2]>,
    /// The best card, when the best move was asked for and a card is left to flip.
    pub best: Option<Advice>,
    /// Probability of clearing the board under optimal play (when the best move was asked for).
    pub win: Option<f64>,
    /// The levels considered (empty with the uniform weighting and no level).
    pub levels: Vec<u8>,
    /// Board sets searched for the best move.
    pub nodes: u64,
}

impl AnalyzeRequest {
    /// The clues, checked for count and for consistency.
    pub fn clues(&self) -> Result<Clues, VoltorbError> {
        let take = |what: &'static str, v: &[[u8; 2]]| -> Result<[(u8, u8); SIZE], VoltorbError> {
            if v.len() != SIZE {
                return Err(VoltorbError::ClueCount { what, got: v.len() });
            }
            let mut out = [(0, 0); SIZE];
            for (o, x) in out.iter_mut().zip(v) {
                *o = (x[0], x[1]);
            }
            Ok(out)
        };
        let clues = Clues {
            rows: take("rows", &self.rows)?,
            cols: take("cols", &self.cols)?,
        };
        clues.validate()?;
        Ok(clues)
    }

    /// The revealed cards.
    pub fn revealed_cards(&self) -> Vec<Revealed> {
        self.revealed
            .iter()
            .map(|&[row, col, value]| Revealed {
                row: row as usize,
                col: col as usize,
                value: value.min(255) as u8,
            })
            .collect()
    }
}

/// Analyses one position.
pub fn analyze(req: &AnalyzeRequest) -> Result<Analysis, VoltorbError> {
    let clues = req.clues()?;
    let known = check_revealed(&clues, &req.revealed_cards())?;
    let weighting = req.weighting.unwrap_or_default();
    let levels = candidate_levels(&clues, req.level, weighting)?;
    let all = consistent_boards(&clues, &known, DEFAULT_LIMIT)?;
    let weights = weigh(&all, &clues, &levels, weighting)?;
    let (boards, weights): (Vec<_>, Vec<_>) = all
        .into_iter()
        .zip(weights)
        .filter(|&(_, w)| w > 0.0)
        .unzip();
    let p = marginals(&boards, &weights);
    let revealed_mask = (0..CELLS)
        .filter(|&i| known[i].is_some())
        .fold(0u32, |m, i| m | 1 << i);
    let mut safe = Vec::new();
    let mut useless = Vec::new();
    for (i, cell) in p.iter().enumerate() {
        if known[i].is_some() {
            continue;
        }
        if cell[0] <= 0.0 {
            safe.push([i / SIZE, i % SIZE]);
        }
        if cell[2] + cell[3] <= 0.0 {
            useless.push([i / SIZE, i % SIZE]);
        }
    }
    let (best, win, nodes) = if req.best {
        let mv = best_move(
            &boards,
            &weights,
            revealed_mask,
            req.budget.unwrap_or(DEFAULT_BUDGET),
        );
        let advice = mv.cell.map(|c| Advice {
            row: c / SIZE,
            col: c % SIZE,
            win: mv.win,
            exact: mv.exact,
        });
        (advice, Some(mv.win), mv.nodes)
    } else {
        (None, None, 0)
    };
    Ok(Analysis {
        boards: boards.len(),
        p: p.chunks(SIZE).map(|r| r.to_vec()).collect(),
        safe,
        useless,
        best,
        win,
        levels,
        nodes,
    })
}
