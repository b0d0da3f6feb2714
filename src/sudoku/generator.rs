//! Puzzle generation: a random solution grid, givens removed in random symmetric orbits while
//! the solution stays unique (so the result is minimal for its symmetry), repeated until the
//! rating falls in the requested range. Everything is driven by one seed, so the same seed
//! gives the same puzzle on every platform.

use serde::Serialize;

use super::candidates::Board;
use super::grid::Grid;
use super::logic;
use super::rating::{level_of, level_range};
use super::solver::count_solutions;
use super::step::Step;
use super::techniques::{EXAMPLES, RatedTechnique, TechniqueTarget, rating_gap};
use crate::util::place::{ErrorPlace, Located};
use crate::util::rng::Rng;

/// The symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// No constraint (the puzzle is then truly minimal).
    None,
    /// 180° rotation about the centre.
    Central,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Left–right mirror.
    Mirror,
}

impl Symmetry {
    /// Parses "none", "central", "diagonal" or "mirror".
    pub fn parse(name: &str) -> Result<Symmetry, GenerateError> {
        match name.to_ascii_lowercase().as_str() {
            "none" => Ok(Symmetry::None),
            "central" => Ok(Symmetry::Central),
            "diagonal" => Ok(Symmetry::Diagonal),
            "mirror" => Ok(Symmetry::Mirror),
            _ => Err(GenerateError::BadSymmetry(name.to_string())),
        }
    }

    /// The cells that must be given or removed together with `cell`.
    pub fn orbit(self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / 9, cell % 9);
        let other = match self {
            Symmetry::None => cell,
            Symmetry::Central => 80 - cell,
            Symmetry::Diagonal => c * 9 + r,
            Symmetry::Mirror => r * 9 + 8 - c,
        };
        if other == cell {
            vec![cell]
        } else {
            vec![cell, other]
        }
    }
}

/// Why generation could not start or finish.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// Unknown symmetry name.
    #[error("unknown symmetry '{0}': use none, central, diagonal or mirror")]
    BadSymmetry(String),
    /// Unknown level name.
    #[error("unknown level '{0}': use easy, medium, hard, expert or extreme")]
    BadLevel(String),
    /// A rating range that is empty or out of scale.
    #[error("bad rating range {min}-{max}: give both min and max with 1.0 <= min <= max <= 12")]
    BadRange {
        /// Lower bound.
        min: f64,
        /// Upper bound.
        max: f64,
    },
    /// A rating range no technique's step gets (ratings are steps of the scale, not a
    /// continuum): the nearest ratings outside it, when there are.
    #[error("no puzzle is rated {min:.1}-{max:.1}: ratings come in steps, and none falls in that range{}", nearest_ratings(.below, .above))]
    UnreachableRange {
        /// Lower bound.
        min: f64,
        /// Upper bound.
        max: f64,
        /// The nearest rating below and a technique with it.
        below: Option<RatedTechnique>,
        /// The nearest rating above and a technique with it.
        above: Option<RatedTechnique>,
    },
    /// A seed that is not a non-negative integer.
    #[error("bad seed '{0}': use a whole number below 2^64")]
    BadSeed(String),
    /// A technique name that is not known.
    #[error("unknown technique '{0}': try {examples}", examples = EXAMPLES)]
    BadTechnique(String),
    /// Gave up on a technique.
    #[error("no puzzle whose hardest step is {technique} found in {attempts} attempts")]
    GaveUpOnTechnique {
        /// The technique asked for.
        technique: String,
        /// Attempts made.
        attempts: u64,
    },
    /// Gave up.
    #[error("no puzzle rated {min}-{max} found in {attempts} attempts")]
    GaveUp {
        /// Lower bound.
        min: f64,
        /// Upper bound.
        max: f64,
        /// Attempts made.
        attempts: u64,
    },
}

/// How long a generate request looks for a puzzle before it gives up, unless the user says
/// otherwise (the CLI's `--time-limit`; the page's limit): a range nothing falls in would
/// otherwise run for ever.
pub const DEFAULT_TIME_LIMIT_SECONDS: u64 = 120;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// Lowest acceptable rating.
    pub min: f64,
    /// Highest acceptable rating.
    pub max: f64,
    /// Pattern symmetry.
    pub symmetry: Symmetry,
    /// The seed.
    pub seed: u64,
    /// Give up after this many puzzles (0 = never).
    pub max_attempts: u64,
    /// The technique the hardest step must be, if one was asked for.
    pub technique: Option<TechniqueTarget>,
}

impl Request {
    /// A request for a level name.
    pub fn for_level(level: &str, symmetry: Symmetry, seed: u64) -> Result<Request, GenerateError> {
        let (min, max) =
            level_range(level).ok_or_else(|| GenerateError::BadLevel(level.to_string()))?;
        Ok(Request {
            min,
            max,
            symmetry,
            seed,
            max_attempts: 0,
            technique: None,
        })
    }

    /// A request for a puzzle whose hardest step is `technique` ("X-Wing", "XY-Wing", "Unique
    /// Rectangle", …).
    pub fn for_technique(
        technique: &str,
        symmetry: Symmetry,
        seed: u64,
    ) -> Result<Request, GenerateError> {
        let target = TechniqueTarget::parse(technique)?;
        Ok(Request {
            min: target.min,
            max: target.max,
            symmetry,
            seed,
            max_attempts: 0,
            technique: Some(target),
        })
    }

    /// A request for a rating range.
    pub fn for_range(
        min: f64,
        max: f64,
        symmetry: Symmetry,
        seed: u64,
    ) -> Result<Request, GenerateError> {
        if !(1.0..=12.0).contains(&min) || !(1.0..=12.0).contains(&max) || min > max {
            return Err(GenerateError::BadRange { min, max });
        }
        if let Some((below, above)) = rating_gap(min, max) {
            return Err(GenerateError::UnreachableRange {
                min,
                max,
                below,
                above,
            });
        }
        Ok(Request {
            min,
            max,
            symmetry,
            seed,
            max_attempts: 0,
            technique: None,
        })
    }
}

/// Parses a seed given as text (a decimal integer).
pub fn parse_seed(text: &str) -> Result<u64, GenerateError> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| GenerateError::BadSeed(text.to_string()))
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Generated {
    /// 81 characters, `.` for empty.
    pub puzzle: String,
    /// Its SE-scale rating.
    pub rating: f64,
    /// Its level name.
    pub level: &'static str,
    /// The hardest step's technique (Sudoku Explainer's name).
    pub hardest: String,
    /// The same as players call it.
    pub hardest_name: String,
    /// The seed that produced it, as a decimal string.
    pub seed: String,
}

/// Progress of a running generation.
#[derive(Clone, Debug, Serialize)]
pub struct Progress {
    /// Puzzles made and rated so far.
    pub attempts: u64,
    /// The closest rating seen so far.
    pub best: f64,
}

/// A random complete grid from `rng`: a randomised backtracking fill of its own (not the
/// solver's), so the grid for a seed never changes when the solver does.
pub fn random_solution(rng: &mut Rng) -> Grid {
    let mut board = Board::from_grid(&Grid::EMPTY);
    if fill(&mut board, rng) {
        board.grid()
    } else {
        Grid::EMPTY
    }
}

fn fill(board: &mut Board, rng: &mut Rng) -> bool {
    let mut best = None;
    let mut best_n = 10;
    for c in 0..81 {
        if board.values[c] == 0 {
            let n = board.count(c);
            if n < best_n {
                best_n = n;
                best = Some(c);
            }
        }
    }
    let Some(cell) = best else {
        return true;
    };
    let mut digits: Vec<u8> = super::candidates::digits_of(board.cands[cell]).collect();
    rng.shuffle(&mut digits);
    for d in digits {
        let saved = board.clone();
        board.place(cell, d);
        if fill(board, rng) {
            return true;
        }
        *board = saved;
    }
    false
}

/// Removes givens orbit by orbit in random order while the puzzle stays unique.
pub fn dig(solution: &Grid, symmetry: Symmetry, rng: &mut Rng) -> Grid {
    let mut puzzle = *solution;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut done = [false; 81];
    for cell in order {
        if done[cell] {
            continue;
        }
        let orbit = symmetry.orbit(cell);
        for &c in &orbit {
            done[c] = true;
        }
        let saved: Vec<u8> = orbit.iter().map(|&c| puzzle.cells[c]).collect();
        for &c in &orbit {
            puzzle.cells[c] = 0;
        }
        if count_solutions(&puzzle, 2) != 1 {
            for (&c, &v) in orbit.iter().zip(&saved) {
                puzzle.cells[c] = v;
            }
        }
    }
    puzzle
}

/// The rating of a unique puzzle, or `None` once a step is harder than `limit` (no need to
/// finish the path then).
pub fn rate_up_to(puzzle: &Grid, limit: f64) -> Option<f64> {
    let path = path_up_to(puzzle, limit)?;
    Some(path.iter().map(|s| s.rating).fold(0.0, f64::max))
}

/// The easiest-first path of a unique puzzle, or `None` once a step is harder than `limit` or
/// the logic gets stuck.
pub fn path_up_to(puzzle: &Grid, limit: f64) -> Option<Vec<Step>> {
    let mut board = Board::from_grid(puzzle);
    let mut path = Vec::new();
    while let Some(step) = logic::next_step(&board) {
        if step.rating > limit + 1e-9 {
            return None;
        }
        step.apply(&mut board);
        path.push(step);
    }
    board.is_solved().then_some(path)
}

/// The path's hardest step: for a technique request, one of the hardest steps that is that
/// technique (two techniques may share the top rating), else the first hardest step.
fn hardest_step<'a>(path: &'a [Step], technique: Option<&TechniqueTarget>) -> Option<&'a Step> {
    let top = path.iter().map(|s| s.rating).fold(0.0, f64::max);
    let mut hardest = path.iter().filter(|s| s.rating >= top - 1e-9);
    match technique {
        Some(t) => hardest.find(|s| t.matches(s)),
        None => hardest.next(),
    }
}

/// Generates a puzzle for `req`, calling `progress` after each attempt; `progress` returning
/// false stops the search.
pub fn generate(
    req: &Request,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Generated, GenerateError> {
    let mut rng = Rng::new(req.seed);
    let mut attempts = 0u64;
    let mut best = f64::NAN;
    loop {
        attempts += 1;
        let solution = random_solution(&mut rng);
        let puzzle = dig(&solution, req.symmetry, &mut rng);
        if let Some(path) = path_up_to(&puzzle, req.max) {
            let r = path.iter().map(|s| s.rating).fold(0.0, f64::max);
            if r >= req.min - 1e-9
                && let Some(step) = hardest_step(&path, req.technique.as_ref())
            {
                return Ok(Generated {
                    puzzle: puzzle.to_dots(),
                    rating: r,
                    level: level_of(r),
                    hardest: step.technique.clone(),
                    hardest_name: step.name.clone(),
                    seed: req.seed.to_string(),
                });
            }
            if best.is_nan() || (req.min - r).abs() < (req.min - best).abs() {
                best = r;
            }
        }
        let keep_going = progress(&Progress {
            attempts,
            best: if best.is_nan() { 0.0 } else { best },
        });
        if !keep_going || (req.max_attempts > 0 && attempts >= req.max_attempts) {
            return Err(match &req.technique {
                Some(t) => GenerateError::GaveUpOnTechnique {
                    technique: t.name.clone(),
                    attempts,
                },
                None => GenerateError::GaveUp {
                    min: req.min,
                    max: req.max,
                    attempts,
                },
            });
        }
    }
}

/// "; the nearest are 2.0 (Direct Hidden Pair) and 2.3 (Naked Single)", or less.
fn nearest_ratings(below: &Option<RatedTechnique>, above: &Option<RatedTechnique>) -> String {
    let one = |&(r, name): &(f64, &str)| format!("{r:.1} ({name})");
    match (below, above) {
        (Some(b), Some(a)) => format!("; the nearest are {} and {}", one(b), one(a)),
        (Some(x), None) | (None, Some(x)) => format!("; the nearest is {}", one(x)),
        (None, None) => String::new(),
    }
}

impl Located for GenerateError {
    /// the option at fault (`symmetry`, `level`, `min`/`max`, `seed`).
    fn place(&self) -> ErrorPlace {
        match self {
            GenerateError::BadSymmetry(_) => ErrorPlace::field("symmetry"),
            GenerateError::BadTechnique(_) | GenerateError::GaveUpOnTechnique { .. } => {
                ErrorPlace::field("technique")
            }
            GenerateError::BadLevel(_) => ErrorPlace::field("level"),
            GenerateError::BadRange { .. }
            | GenerateError::UnreachableRange { .. }
            | GenerateError::GaveUp { .. } => ErrorPlace::field("range"),
            GenerateError::BadSeed(_) => ErrorPlace::field("seed"),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_range_between_the_scale_s_steps_is_refused_at_once() {
        let err = Request::for_range(2.1, 2.2, Symmetry::None, 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no puzzle is rated 2.1-2.2: ratings come in steps, and none falls in that range; the nearest are 2.0 (Direct Hidden Pair) and 2.3 (Naked Single)"
        );
        // A full house alone (1.0) never makes a minimal puzzle.
        assert!(matches!(
            Request::for_range(1.0, 1.1, Symmetry::None, 1),
            Err(GenerateError::UnreachableRange { .. })
        ));
        for (lo, hi) in [(1.2, 1.2), (3.0, 4.5), (6.5, 6.5), (11.0, 12.0)] {
            assert!(
                Request::for_range(lo, hi, Symmetry::None, 1).is_ok(),
                "{lo}-{hi}"
            );
        }
    }

    use super::*;

    #[test]
    fn orbits_pair_cells() {
        assert_eq!(Symmetry::Central.orbit(0), vec![0, 80]);
        assert_eq!(Symmetry::Central.orbit(40), vec![40]);
        assert_eq!(Symmetry::Diagonal.orbit(1), vec![1, 9]);
        assert_eq!(Symmetry::Mirror.orbit(9), vec![9, 17]);
        assert!(Symmetry::parse("spiral").is_err());
    }

    #[test]
    fn random_solutions_are_valid_and_seeded() {
        let a = random_solution(&mut Rng::new(5));
        assert!(a.is_solved());
        assert_eq!(a, random_solution(&mut Rng::new(5)));
        assert_ne!(a, random_solution(&mut Rng::new(6)));
    }

    #[test]
    fn seeds_parse_as_whole_numbers() {
        assert_eq!(parse_seed("42"), Ok(42));
        assert!(parse_seed("-1").is_err());
        assert!(parse_seed("x").is_err());
    }
}
