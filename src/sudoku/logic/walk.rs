//! The easiest-first path one step at a time, leaving the nested forcing chains to the caller.
//!
//! Nested searches take nearly all of the time on the hardest puzzles, and they split well;
//! natively [`super::solve_path_with`] answers them on threads, while the page, whose workers
//! share no memory, keeps a walk in one worker and deals each nested search out to the others
//! (see [`super::forcing::contradiction_share`]).

use super::super::candidates::Board;
use super::super::step::Step;
use super::{MAX_NESTING, next_step_before_nesting};

/// A solving path under way.
pub struct PathWalk {
    board: Board,
    steps: Vec<Step>,
    /// The nesting level whose search the walk waits for.
    asked: Option<u8>,
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

    /// Applies the steps that need no nested chain, telling `after_step` each step and the
    /// board it leaves, until the path ends (`None`) or needs the easiest nested contradiction
    /// at the returned level on [`PathWalk::board`] (then [`PathWalk::answer`] it).
    pub fn advance(&mut self, after_step: &mut dyn FnMut(&Step, &Board)) -> Option<u8> {
        if self.asked.is_some() || self.stuck {
            return self.asked;
        }
        while let Some(step) = next_step_before_nesting(&self.board) {
            self.push(step, after_step);
        }
        if !self.board.is_solved() {
            self.asked = Some(1);
        }
        self.asked
    }

    /// Gives the nested search's step at the level [`PathWalk::advance`] asked for (`None`: it
    /// found none, so the next level is asked next).
    pub fn answer(&mut self, step: Option<Step>, after_step: &mut dyn FnMut(&Step, &Board)) {
        let Some(level) = self.asked.take() else {
            return;
        };
        match step.filter(Step::is_productive) {
            Some(step) => self.push(step, after_step),
            None if level < MAX_NESTING => self.asked = Some(level + 1),
            None => self.stuck = true,
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
