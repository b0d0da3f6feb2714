//! One call from clues and revealed cards to everything the assistant shows: per-card odds,
//! safe and useless cards, the best move and the winning chance.

use serde::{Deserialize, Serialize};

use super::board::{Board, CELLS, SIZE};
use super::clues::{Clues, Revealed, check_revealed};
use super::coins::{DEFAULT_COIN_BUDGET, coin_plan};
use super::enumerate::{DEFAULT_LIMIT, consistent_boards};
use super::error::VoltorbError;
use super::explain::{Explanation, Position, explain};
use super::game::{Outcome, Round, next_level};
use super::odds::{Weighting, candidate_levels, marginals, weigh};
use super::policy::{BestMove, DEFAULT_BUDGET, best_move, best_move_threads, win_after};

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
    /// What the best move aims for (default: clearing the board).
    pub objective: Objective,
    /// A card (`[row, col]`, from 0) to grade: its clear chance when flipped now and played
    /// well after, beside the best card's (coach mode).
    pub judge: Option<[usize; 2]>,
    /// Threads the best-move search may use (natively; 0 or 1: this one).
    pub threads: usize,
}

/// A graded card: what flipping it now leaves of the chance to clear the board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Judged {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Clear chance when this card is flipped now and the rest is played optimally.
    pub win: f64,
}

/// Board sets the coin search may value for the quit advice under the win objective.
const QUIT_ADVICE_BUDGET: u64 = 20_000;

/// What the best move aims for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// The highest chance of clearing the board (and so of moving up a level).
    #[default]
    Win,
    /// The most coins expected this round: quitting keeps them, a Voltorb loses them.
    Coins,
}

impl Advice {
    /// The advice to flip `cell` (none when there is no card to flip).
    fn at(cell: Option<usize>, win: f64, exact: bool) -> Option<Advice> {
        cell.map(|c| Advice {
            row: c / SIZE,
            col: c % SIZE,
            win,
            exact,
        })
    }
}

/// Quitting now.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct QuitAdvice {
    /// The coins quitting keeps (the payout so far).
    pub coins: f64,
    /// The next round's level after quitting now, when the level is known.
    pub level_next: Option<u8>,
}

/// Playing on for the most coins.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ContinueAdvice {
    /// Expected coins at the end of the round (a Voltorb counts as 0).
    pub coins: f64,
    /// The chance of clearing the board on the way.
    pub win: f64,
    /// The next round's level if the board is cleared, when the level is known.
    pub level_next: Option<u8>,
    /// The next round's level if the next card is a Voltorb.
    pub level_next_if_voltorb: Option<u8>,
    /// True when playing on is expected to pay more than quitting now.
    pub better: bool,
    /// False when the search ran out of budget (the figures are then what a safe rule gets).
    pub exact: bool,
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
    /// The objective the best move serves.
    pub objective: Objective,
    /// Quitting now (only once a card is face up: before that the payout is 0).
    pub quit: Option<QuitAdvice>,
    /// Playing on for coins: expected coins, clear chance and level consequences.
    #[serde(rename = "continue")]
    pub play_on: Option<ContinueAdvice>,
    /// Why: safe cards' reasons, what the best card tells, the configurations left.
    pub explain: Explanation,
    /// The graded card, when one was asked for.
    pub judged: Option<Judged>,
    /// A Voltorb is face up: the round is over and pays nothing (no best move, no coin advice).
    pub lost: Option<LostRound>,
}

/// A round that ended on a Voltorb.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LostRound {
    /// The next round's level, when this round's level is known.
    pub level_next: Option<u8>,
}

impl Analysis {
    /// Whether the answer for its objective is the optimum (false: the search stopped at its
    /// budget and the figure is a lower bound). An analysis without a best move is exact.
    pub fn is_exact(&self) -> bool {
        match self.objective {
            Objective::Win => self.best.as_ref().is_none_or(|b| b.exact),
            Objective::Coins => self.play_on.as_ref().is_none_or(|c| c.exact),
        }
    }
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

/// What the best-move search of a position starts from: the consistent boards with a weight,
/// the cards already face up, and the node budget.
pub struct SearchInput {
    pub boards: Vec<Board>,
    pub weights: Vec<f64>,
    pub revealed: u32,
    pub budget: u64,
}

/// A position read from a request: its clues, cards, possible levels and weighed boards.
struct Prepared {
    clues: Clues,
    known: [Option<u8>; CELLS],
    weighting: Weighting,
    levels: Vec<u8>,
    input: SearchInput,
}

fn prepare(req: &AnalyzeRequest) -> Result<Prepared, VoltorbError> {
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
    let revealed = (0..CELLS)
        .filter(|&i| known[i].is_some())
        .fold(0u32, |m, i| m | 1 << i);
    Ok(Prepared {
        clues,
        known,
        weighting,
        levels,
        input: SearchInput {
            boards,
            weights,
            revealed,
            budget: req.budget.unwrap_or(DEFAULT_BUDGET),
        },
    })
}

/// The input of `req`'s best-move search, for a searcher that helps another's [`analyze_with`]
/// (the same boards, weights and budget as that analysis searches).
pub fn search_input(req: &AnalyzeRequest) -> Result<SearchInput, VoltorbError> {
    prepare(req).map(|p| p.input)
}

/// Analyses one position, the best move searched on `req.threads` threads.
pub fn analyze(req: &AnalyzeRequest) -> Result<Analysis, VoltorbError> {
    analyze_with(req, &|input: &SearchInput| {
        best_move_threads(
            &input.boards,
            &input.weights,
            input.revealed,
            input.budget,
            req.threads,
        )
    })
}

/// Analyses one position, the best move for the win (when asked) found by `search`.
pub fn analyze_with(
    req: &AnalyzeRequest,
    search: &dyn Fn(&SearchInput) -> BestMove,
) -> Result<Analysis, VoltorbError> {
    if let Some([row, col]) = req.judge
        && (row >= SIZE || col >= SIZE)
    {
        return Err(VoltorbError::JudgeOutside { row, col });
    }
    let Prepared {
        clues,
        known,
        weighting,
        levels,
        input,
    } = prepare(req)?;
    let p = marginals(&input.boards, &input.weights);
    let revealed_mask = input.revealed;
    let (boards, weights) = (&input.boards, &input.weights);
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
    let revealed_cards = req.revealed_cards();
    let lost = revealed_cards.iter().any(|r| r.value == 0);
    let payout: f64 = revealed_cards.iter().map(|r| f64::from(r.value)).product();
    let face_up = revealed_cards.len() as u32;
    // The next level needs the level this round is played at: given, or the only one possible.
    let level = req.level.or(match levels.as_slice() {
        [only] => Some(*only),
        _ => None,
    });
    let after = |outcome: Outcome| {
        level.map(|level| {
            next_level(&[Round {
                level,
                outcome,
                flipped: face_up,
            }])
        })
    };
    let in_play = req.best && !lost && !boards.is_empty();
    let wants_coins = req.objective == Objective::Coins || face_up > 0;
    // With the win objective the coins only inform the quit advice: a smaller budget keeps the
    // answer quick (past it the figure is marked inexact, a lower bound).
    let coin_budget = match req.objective {
        Objective::Coins => req.budget.unwrap_or(DEFAULT_COIN_BUDGET),
        Objective::Win => QUIT_ADVICE_BUDGET,
    };
    let coins =
        (in_play && wants_coins).then(|| coin_plan(boards, weights, revealed_mask, coin_budget));
    // Before any card is up the payout is 0: nothing to keep by quitting, and the plan's first
    // coins are the expectation; after, the payout times the plan's factor.
    let (quit, play_on) = match &coins {
        Some(plan) => {
            let quit = (face_up > 0).then(|| QuitAdvice {
                coins: payout,
                level_next: after(Outcome::Quit),
            });
            let expected = if face_up > 0 {
                payout * plan.continue_factor
            } else {
                plan.first_coins
            };
            let play_on = ContinueAdvice {
                coins: expected,
                win: plan.continue_win,
                level_next: after(Outcome::Won),
                level_next_if_voltorb: after(Outcome::Lost),
                better: face_up == 0 || expected > payout + 1e-9,
                exact: plan.exact,
            };
            (quit, Some(play_on))
        }
        None => (None, None),
    };
    let (best, win, nodes) = match (&coins, req.objective) {
        (Some(plan), Objective::Coins) => (
            Advice::at(plan.cell, plan.continue_win, plan.exact),
            Some(plan.continue_win),
            plan.nodes,
        ),
        // A round that ended on a Voltorb has no move left.
        _ if req.best && !lost => {
            let mv = search(&input);
            (
                Advice::at(mv.cell, mv.win, mv.exact),
                Some(mv.win),
                mv.nodes,
            )
        }
        _ => (None, None, 0),
    };
    let face_down = ((1u32 << CELLS) - 1) & !revealed_mask;
    let position = Position {
        clues: &clues,
        boards,
        weights,
        p: &p,
        face_down,
        levels: &levels,
        weighting,
    };
    let explained = explain(&position, best.as_ref().map(|b| b.row * SIZE + b.col));
    let judged = match req.judge {
        Some([row, col]) if !lost && !boards.is_empty() => {
            let cell = row * SIZE + col;
            let budget = req.budget.unwrap_or(DEFAULT_BUDGET);
            Some(Judged {
                row,
                col,
                win: win_when_flipped(boards, weights, revealed_mask, cell, budget),
            })
        }
        _ => None,
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
        objective: req.objective,
        quit,
        play_on,
        explain: explained,
        judged,
        lost: lost.then(|| LostRound {
            level_next: after(Outcome::Lost),
        }),
    })
}

/// The clear chance when `cell` is flipped now and the rest played for the win. A card that
/// can only be 0 or 1 is a gamble with nothing to gain but what it tells: on a 1 the round
/// goes on over the boards where it is a 1.
fn win_when_flipped(
    boards: &[Board],
    weights: &[f64],
    revealed: u32,
    cell: usize,
    budget: u64,
) -> f64 {
    let multiplier = boards.iter().any(|b| b.get(cell) >= 2);
    if multiplier {
        return win_after(boards, weights, cell, budget);
    }
    let (ones, w): (Vec<Board>, Vec<f64>) = boards
        .iter()
        .zip(weights)
        .filter(|(b, _)| b.get(cell) == 1)
        .map(|(b, &w)| (*b, w))
        .unzip();
    let kept: f64 = w.iter().sum();
    if kept <= 0.0 {
        return 0.0;
    }
    kept * best_move(&ones, &w, revealed | (1 << cell), budget).win
}
