//! The easiest-first path one step at a time, leaving Sudoku Explainer's forcing chains and the
//! nested ones to the caller.
//!
//! Those searches take nearly all of the time on the hardest puzzles, and they can be split:
//! natively [`super::answer_here`] deals a nested search's rows to threads, while the page,
//! whose workers share no memory, keeps a walk in one worker and deals each nested search out
//! to the others (see [`super::nested::nested_share`]).

use super::super::candidates::Board;
use super::super::step::Step;
use super::{MAX_NESTING, next_step_before_chains};

/// The search a walk needs answered before it can go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// SE's forcing chains, in its order ([`super::se_chains`]).
    Chains,
    /// SE's nested search number `level` (1 to [`MAX_NESTING`])
    /// ([`super::nested::nested_step`]).
    Nested(u8),
}

/// A solving path under way.
pub struct PathWalk {
    board: Board,
    steps: Vec<Step>,
    /// The search whose answer the walk waits for.
    asked: Option<Ask>,
    /// No technique applies, nested chains up to [`MAX_NESTING`] included.
    stuck: bool,
}

impl PathWalk {
    pub fn new(board: Board) -> PathWalk {
        PathWalk {
            board,
            steps: Vec::new(),
            asked: None,
            stuck: false,
        }
    }

    /// The position reached.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Applies the steps that need no forcing chain, telling `after_step` each step and the
    /// board it leaves, until the path ends (`None`) or needs the answer of a search on
    /// [`PathWalk::board`] (then give it to [`PathWalk::answer`]).
    pub fn advance(&mut self, after_step: &mut dyn FnMut(&Step, &Board)) -> Option<Ask> {
        if self.asked.is_some() || self.stuck {
            return self.asked;
        }
        while let Some(step) = next_step_before_chains(&self.board) {
            self.push(step, after_step);
        }
        if !self.board.is_solved() {
            self.asked = Some(Ask::Chains);
        }
        self.asked
    }

    /// Gives the step the asked search found (`None`: it found none, so the next kind of
    /// search is asked for next).
    pub fn answer(&mut self, step: Option<Step>, after_step: &mut dyn FnMut(&Step, &Board)) {
        let Some(asked) = self.asked.take() else {
            return;
        };
        match (step.filter(Step::is_productive), asked) {
            (Some(step), _) => self.push(step, after_step),
            (None, Ask::Chains) => self.asked = Some(Ask::Nested(1)),
            (None, Ask::Nested(level)) if level < MAX_NESTING => {
                self.asked = Some(Ask::Nested(level + 1));
            }
            (None, Ask::Nested(_)) => self.stuck = true,
        }
    }

    fn push(&mut self, step: Step, after_step: &mut dyn FnMut(&Step, &Board)) {
        step.apply(&mut self.board);
        after_step(&step, &self.board);
        self.steps.push(step);
    }

    /// The steps taken so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }
}
