//! Hints for a game in progress: the next logical step, or the user's wrong digits.

use serde::Serialize;

use super::candidates::Board;
use super::grid::{Grid, cell_name};
use super::logic;
use super::rating::{LogicError, check_unique, parse_unique};
use super::solver::solve;
use super::step::Step;

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Hint {
    /// The next step of the easiest-first path.
    Step {
        /// The step.
        step: Step,
    },
    /// Digits the user entered that contradict the solution (or each other).
    Mistake {
        /// The wrong cells, 0–80.
        cells: Vec<usize>,
        /// What is wrong, in one sentence.
        message: String,
    },
    /// Every cell is filled correctly.
    Solved,
}

/// The hint for `grid` (givens and the user's digits). With `puzzle` (the givens alone) the
/// user's digits are checked against the solution; without it, only digits that clash in a
/// unit can be pointed out.
pub fn hint(grid_text: &str, puzzle: Option<&str>) -> Result<Hint, LogicError> {
    let grid = Grid::parse_unchecked(grid_text)?;
    if let Some(conflict) = grid.first_conflict() {
        return Ok(Hint::Mistake {
            cells: conflict.cells(),
            message: format!("{conflict}."),
        });
    }
    if let Some(p) = puzzle {
        let givens = parse_unique(p)?;
        if let Some(solution) = solve(&givens) {
            let wrong: Vec<usize> = (0..81)
                .filter(|&c| grid.cells[c] != 0 && grid.cells[c] != solution.cells[c])
                .collect();
            if !wrong.is_empty() {
                let names: Vec<String> = wrong.iter().map(|&c| cell_name(c)).collect();
                return Ok(Hint::Mistake {
                    message: format!(
                        "{} {} not match the solution.",
                        names.join(", "),
                        if wrong.len() == 1 { "does" } else { "do" }
                    ),
                    cells: wrong,
                });
            }
        }
    }
    if grid.is_solved() {
        return Ok(Hint::Solved);
    }
    check_unique(&grid)?;
    let board = Board::from_grid(&grid);
    match logic::next_step(&board) {
        Some(step) => Ok(Hint::Step { step }),
        None => Err(LogicError::Stuck { steps: 0 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn a_step_for_a_fresh_puzzle() {
        match hint(PUZZLE, None).unwrap() {
            Hint::Step { step } => assert!(step.is_productive()),
            other => panic!("{other:?}"),
        }
        assert_eq!(hint(SOLUTION, None).unwrap(), Hint::Solved);
    }

    #[test]
    fn wrong_user_digit_is_a_mistake() {
        // The solution has 1 in r1c2: put another digit there that clashes with no given.
        let g = (b'2'..=b'9')
            .map(|d| {
                let mut g = PUZZLE.as_bytes().to_vec();
                g[1] = d;
                String::from_utf8(g).unwrap()
            })
            .find(|g| Grid::parse(g).is_ok())
            .unwrap();
        match hint(&g, Some(PUZZLE)).unwrap() {
            Hint::Mistake { cells, message } => {
                assert_eq!(cells, vec![1]);
                assert!(message.contains("r1c2"));
            }
            other => panic!("{other:?}"),
        }
        // Without the givens the wrong digit shows up as "no solution".
        assert_eq!(hint(&g, None), Err(LogicError::NoSolution));
    }

    #[test]
    fn clashing_digits_are_a_mistake() {
        let g = format!("44{}", &PUZZLE[2..]);
        match hint(&g, None).unwrap() {
            Hint::Mistake { cells, .. } => assert_eq!(cells, vec![0, 1]),
            other => panic!("{other:?}"),
        }
        assert!(hint("123", None).is_err());
    }

    #[test]
    fn the_json_shape_is_tagged() {
        let v = serde_json::to_value(hint(PUZZLE, None).unwrap()).unwrap();
        assert_eq!(v["kind"], "step");
        for field in [
            "technique",
            "rating",
            "placements",
            "eliminations",
            "cells",
            "units",
            "candidates",
            "links",
            "text",
        ] {
            assert!(v["step"].get(field).is_some(), "{field}");
        }
        assert_eq!(
            serde_json::to_value(Hint::Solved).unwrap()["kind"],
            "solved"
        );
    }
}
