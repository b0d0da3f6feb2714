//! Difficulty rating on the Sudoku Explainer scale: the hardest step of the easiest-first
//! path, and the level names easy, medium, hard, expert and extreme.

use serde::Serialize;

use super::candidates::Board;
use super::grid::{Grid, ParseError};
use super::logic;
use super::solver::count_solutions;
use super::step::{CellDigit, Step};
use crate::util::place::{ErrorPlace, Located};

/// Why a puzzle cannot be rated or explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// The text is not a valid grid.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// No way to complete the grid.
    #[error("this puzzle has no solution")]
    NoSolution,
    /// More than one way to complete the grid.
    #[error("this puzzle has more than one solution, so it cannot be solved by logic alone")]
    MultipleSolutions,
    /// The engine ran out of techniques (never expected for a unique puzzle).
    #[error("the logic engine got stuck after {steps} steps")]
    Stuck {
        /// Steps found before getting stuck.
        steps: usize,
    },
}

/// The five level names with their upper rating bounds.
pub const LEVELS: [(&str, f64); 5] = [
    ("easy", 1.5),
    ("medium", 2.5),
    ("hard", 4.5),
    ("expert", 6.5),
    ("extreme", f64::INFINITY),
];

/// The level name of a rating.
pub fn level_of(rating: f64) -> &'static str {
    LEVELS
        .iter()
        .find(|(_, max)| rating <= *max + 1e-9)
        .map(|(n, _)| *n)
        .unwrap_or("extreme")
}

/// The rating range `(min, max]` of a level name, if it is one.
pub fn level_range(name: &str) -> Option<(f64, f64)> {
    let i = LEVELS
        .iter()
        .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
    let lo = if i == 0 { 0.0 } else { LEVELS[i - 1].1 + 0.05 };
    Some((lo, LEVELS[i].1.min(20.0)))
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The hardest step's rating (SE scale): Sudoku Explainer's ER.
    pub rating: f64,
    /// The hardest step up to and including the first placement: SE's EP.
    pub ep: f64,
    /// The hardest step up to and including the first step that changes anything (a placement
    /// or an elimination), which on the easiest-first path is the first step: SE's ED.
    pub ed: f64,
    /// Its level name.
    pub level: &'static str,
    /// The hardest step's technique (Sudoku Explainer's name).
    pub hardest: String,
    /// The hardest step's technique as players call it.
    pub hardest_name: String,
    /// Where the hardest step comes in the path (0-based): the bottleneck that set the rating.
    pub bottleneck: usize,
    /// Number of steps in the path.
    pub steps: usize,
}

/// Parses a puzzle and checks that it has exactly one solution.
pub fn parse_unique(text: &str) -> Result<Grid, LogicError> {
    let grid = Grid::parse(text)?;
    check_unique(&grid)?;
    Ok(grid)
}

/// Errors unless the grid has exactly one solution.
pub fn check_unique(grid: &Grid) -> Result<(), LogicError> {
    match count_solutions(grid, 2) {
        0 => Err(LogicError::NoSolution),
        1 => Ok(()),
        _ => Err(LogicError::MultipleSolutions),
    }
}

/// How far the easiest-first path has come.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct PathProgress {
    /// Steps taken so far.
    pub steps: usize,
    /// Cells holding a digit (givens included).
    pub solved: usize,
    /// The highest rating among the steps so far.
    pub hardest: f64,
}

/// The easiest-first path of a puzzle with a unique solution.
pub fn steps_of(grid: &Grid) -> Result<Vec<Step>, LogicError> {
    steps_of_with(grid, &mut |_| {})
}

/// [`steps_of`], reporting progress after every step.
pub fn steps_of_with(
    grid: &Grid,
    progress: &mut dyn FnMut(&PathProgress),
) -> Result<Vec<Step>, LogicError> {
    let mut path = RatingPath::new(grid);
    while let Some(ask) = path.advance(progress) {
        let step = logic::answer_here(path.board(), ask);
        path.answer(step, progress);
    }
    path.finish()
}

/// The path of [`steps_of_with`] one stretch at a time, for a caller that runs the forcing-chain
/// searches itself (the page deals the nested ones out to its workers): after
/// [`RatingPath::advance`] asks for a search ([`logic::walk::Ask`]), [`RatingPath::answer`]
/// gives its step on [`RatingPath::board`].
pub struct RatingPath {
    walk: logic::walk::PathWalk,
    done: PathProgress,
}

impl RatingPath {
    pub fn new(grid: &Grid) -> RatingPath {
        RatingPath {
            walk: logic::walk::PathWalk::new(Board::from_grid(grid)),
            done: PathProgress {
                steps: 0,
                solved: grid.cells.iter().filter(|&&v| v != 0).count(),
                hardest: 0.0,
            },
        }
    }

    /// The position reached.
    pub fn board(&self) -> &Board {
        self.walk.board()
    }

    /// Progress so far.
    pub fn progress(&self) -> PathProgress {
        self.done
    }

    /// Takes the steps that need no forcing chain; the search the path needs next, or `None`
    /// when it has ended ([`RatingPath::finish`]).
    pub fn advance(&mut self, progress: &mut dyn FnMut(&PathProgress)) -> Option<logic::walk::Ask> {
        let done = &mut self.done;
        self.walk
            .advance(&mut |step, after| Self::note(done, step, after, progress))
    }

    /// The answer of the search asked for.
    pub fn answer(&mut self, step: Option<Step>, progress: &mut dyn FnMut(&PathProgress)) {
        let done = &mut self.done;
        self.walk
            .answer(step, &mut |s, after| Self::note(done, s, after, progress));
    }

    fn note(
        done: &mut PathProgress,
        step: &Step,
        after: &Board,
        progress: &mut dyn FnMut(&PathProgress),
    ) {
        done.steps += 1;
        done.solved = after.values.iter().filter(|&&v| v != 0).count();
        done.hardest = done.hardest.max(step.rating);
        progress(done);
    }

    /// The whole path, or why it did not reach the solution.
    pub fn finish(self) -> Result<Vec<Step>, LogicError> {
        if self.walk.board().is_solved() {
            Ok(self.walk.into_steps())
        } else {
            Err(LogicError::Stuck {
                steps: self.walk.steps().len(),
            })
        }
    }
}

/// The rating of a path.
pub fn rating_of(steps: &[Step]) -> Rating {
    // The first step of the highest rating is the bottleneck: everything before it is easier.
    let bottleneck =
        steps
            .iter()
            .enumerate()
            .fold(None::<(usize, &Step)>, |best, (i, s)| match best {
                Some((_, b)) if b.rating >= s.rating => best,
                _ => Some((i, s)),
            });
    let rating = bottleneck.map(|(_, s)| s.rating).unwrap_or(0.0);
    let hardest_until = |stop: &dyn Fn(&Step) -> bool| {
        let mut hardest: f64 = 0.0;
        for s in steps {
            hardest = hardest.max(s.rating);
            if stop(s) {
                break;
            }
        }
        hardest
    };
    Rating {
        rating,
        ep: hardest_until(&|s| !s.placements.is_empty()),
        ed: hardest_until(&|s| !s.placements.is_empty() || !s.eliminations.is_empty()),
        level: level_of(rating),
        hardest: bottleneck
            .map(|(_, s)| s.technique.clone())
            .unwrap_or_default(),
        hardest_name: bottleneck.map(|(_, s)| s.name.clone()).unwrap_or_default(),
        bottleneck: bottleneck.map(|(i, _)| i).unwrap_or(0),
        steps: steps.len(),
    }
}

/// A position on the path: what the steps before it placed and removed (the givens are the
/// puzzle's). The page jumps there to show the step that follows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PathPosition {
    /// Digits placed by the earlier steps.
    pub placed: Vec<CellDigit>,
    /// Candidates removed by the earlier steps (in cells still empty there).
    pub eliminated: Vec<CellDigit>,
}

/// The position just before step `index` of `steps`.
pub fn position_before(steps: &[Step], index: usize) -> PathPosition {
    let earlier = &steps[..index.min(steps.len())];
    let placed: Vec<CellDigit> = earlier.iter().flat_map(|s| s.placements.clone()).collect();
    let filled: Vec<usize> = placed.iter().map(|p| p.cell).collect();
    let mut eliminated: Vec<CellDigit> = Vec::new();
    for e in earlier.iter().flat_map(|s| s.eliminations.iter()) {
        if !filled.contains(&e.cell) && !eliminated.contains(e) {
            eliminated.push(*e);
        }
    }
    PathPosition { placed, eliminated }
}

/// Rates a puzzle given as text.
pub fn rate(text: &str) -> Result<Rating, LogicError> {
    rate_with(text, &mut |_| {})
}

/// [`rate`], reporting progress after every step of the path.
pub fn rate_with(
    text: &str,
    progress: &mut dyn FnMut(&PathProgress),
) -> Result<Rating, LogicError> {
    let grid = parse_unique(text)?;
    Ok(rating_of(&steps_of_with(&grid, progress)?))
}

/// Rates a grid already known to be a unique puzzle.
pub fn rate_grid(grid: &Grid) -> Result<Rating, LogicError> {
    Ok(rating_of(&steps_of(grid)?))
}

impl Located for LogicError {
    /// a parse error's place, else the puzzle as a whole.
    fn place(&self) -> ErrorPlace {
        match self {
            LogicError::Parse(e) => e.place(),
            _ => ErrorPlace::field("puzzle"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn er_ep_ed_and_the_bottleneck_come_from_the_path() {
        let pointing = || Step::new("Pointing", 2.6);
        let mut elimination = pointing();
        elimination.eliminate(3, 4);
        let path = vec![
            elimination.clone(),
            Step::new("Hidden Single", 1.2).place(0, 1),
            Step::new("X-Wing", 3.2).place(1, 2),
            Step::new("Naked Single", 2.3).place(2, 3),
        ];
        let r = rating_of(&path);
        assert_eq!((r.rating, r.ep, r.ed), (3.2, 2.6, 2.6));
        assert_eq!((r.bottleneck, r.hardest.as_str()), (2, "X-Wing"));
        assert_eq!(r.hardest_name, "X-Wing");
        // A placement needed before anything else: EP and ED are that step's rating.
        let r = rating_of(&path[1..]);
        assert_eq!((r.rating, r.ep, r.ed, r.bottleneck), (3.2, 1.2, 1.2, 1));
    }

    #[test]
    fn the_position_before_a_step_gathers_what_came_earlier() {
        let mut pointing = Step::new("Pointing", 2.6);
        pointing.eliminate(3, 4);
        pointing.eliminate(0, 5);
        let path = vec![
            pointing,
            Step::new("Hidden Single", 1.2).place(0, 1),
            Step::new("X-Wing", 3.2).place(1, 2),
        ];
        let before = position_before(&path, 2);
        assert_eq!(before.placed, vec![CellDigit { cell: 0, digit: 1 }]);
        // r1c1 is filled by then, so its removed 5 no longer matters.
        assert_eq!(before.eliminated, vec![CellDigit { cell: 3, digit: 4 }]);
        assert_eq!(position_before(&path, 0), PathPosition::default());
        assert_eq!(position_before(&path, 9).placed.len(), 2);
    }

    #[test]
    fn level_names_follow_the_bounds() {
        assert_eq!(level_of(1.2), "easy");
        assert_eq!(level_of(1.5), "easy");
        assert_eq!(level_of(2.3), "medium");
        assert_eq!(level_of(2.6), "hard");
        assert_eq!(level_of(4.5), "hard");
        assert_eq!(level_of(6.5), "expert");
        assert_eq!(level_of(7.2), "extreme");
        assert_eq!(level_range("hard"), Some((2.55, 4.5)));
        assert_eq!(level_range("nope"), None);
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(matches!(rate("12"), Err(LogicError::Parse(_))));
        assert_eq!(rate(&".".repeat(81)), Err(LogicError::MultipleSolutions));
        let none = format!("12345678.{}........9", ".".repeat(63));
        assert_eq!(rate(&none), Err(LogicError::NoSolution));
    }
}
