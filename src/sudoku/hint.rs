//! Hints for a game in progress: the next logical step, or the user's wrong digits (or
//! pencil marks that rule out a cell's right digit).

use serde::Serialize;

use super::candidates::{Board, digits_from_mask};
use super::grid::{Grid, cell_name};
use super::logic;
use super::rating::{LogicError, check_unique, parse_unique};
use super::solver::{count_solutions, solve};
use super::step::Step;
use crate::util::place::{ErrorPlace, Located};

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Hint {
    /// The next step of the easiest-first path.
    Step {
        /// The step (boxed: it is far larger than the other answers).
        step: Box<Step>,
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

/// Why a player's candidate masks cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarksError {
    /// Not one mask per cell.
    #[error("candidates: expected 81 masks (one per cell), got {0}")]
    Count(usize),
    /// A mask with bits beyond digit 9.
    #[error("candidates of {}: {mask} is not a set of digits 1-9 (a number from 0 to 511)", cell_name(*cell))]
    Mask {
        /// The cell, 0–80.
        cell: usize,
        /// The mask given.
        mask: u32,
    },
}

/// Reads the player's candidate state: 81 masks, bit d-1 set when digit d is still possible.
pub fn parse_marks(masks: &[u32]) -> Result<[u16; 81], MarksError> {
    if masks.len() != 81 {
        return Err(MarksError::Count(masks.len()));
    }
    let mut out = [0u16; 81];
    for (cell, &mask) in masks.iter().enumerate() {
        out[cell] = u16::try_from(mask)
            .ok()
            .filter(|&m| m <= 0x1FF)
            .ok_or(MarksError::Mask { cell, mask })?;
    }
    Ok(out)
}

/// The hint for `grid` (givens and the user's digits). With `puzzle` (the givens alone) the
/// user's digits are checked against the solution; without it, digits that clash in a unit
/// are pointed out, and when the grid has no solution the digits whose removal would make it
/// solvable again.
pub fn hint(grid_text: &str, puzzle: Option<&str>) -> Result<Hint, LogicError> {
    hint_with_marks(grid_text, puzzle, None)
}

/// Like [`hint`], but starting from the player's candidate state when `marks` is given (one
/// mask per cell, bit d-1 = digit d still possible; filled cells are ignored): the marks are
/// intersected with what the digits allow, a cell whose marks exclude its solution digit is
/// reported as a mistake, and otherwise the next step is the easiest one from that state.
pub fn hint_with_marks(
    grid_text: &str,
    puzzle: Option<&str>,
    marks: Option<&[u16; 81]>,
) -> Result<Hint, LogicError> {
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
    if puzzle.is_none() && count_solutions(&grid, 1) == 0 {
        // Without the givens, point at the digits whose removal makes the grid solvable again.
        let suspects: Vec<usize> = (0..81)
            .filter(|&c| grid.cells[c] != 0)
            .filter(|&c| {
                let mut g = grid;
                g.cells[c] = 0;
                count_solutions(&g, 1) > 0
            })
            .collect();
        if !suspects.is_empty() {
            let names: Vec<String> = suspects.iter().map(|&c| cell_name(c)).collect();
            let message = if suspects.len() == 1 {
                format!(
                    "{} is wrong: without it the puzzle can be solved.",
                    names[0]
                )
            } else {
                format!(
                    "The grid has no solution; one of {} is wrong.",
                    names.join(", ")
                )
            };
            return Ok(Hint::Mistake {
                cells: suspects,
                message,
            });
        }
    }
    check_unique(&grid)?;
    let mut board = Board::from_grid(&grid);
    if let Some(marks) = marks {
        if let Some(mistake) = excluded_solution(&grid, marks) {
            return Ok(mistake);
        }
        board.restrict(marks);
    }
    match logic::next_step(&board) {
        Some(step) => Ok(Hint::Step {
            step: Box::new(step),
        }),
        None => Err(LogicError::Stuck { steps: 0 }),
    }
}

/// The mistake naming the empty cells whose marks leave out the digit of the (unique)
/// solution of `grid`, if there are any.
fn excluded_solution(grid: &Grid, marks: &[u16; 81]) -> Option<Hint> {
    let solution = solve(grid)?;
    let cells: Vec<usize> = (0..81)
        .filter(|&c| grid.cells[c] == 0)
        .filter(|&c| digits_from_mask(marks[c]) & (1 << solution.cells[c]) == 0)
        .collect();
    if cells.is_empty() {
        return None;
    }
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
    let message = if cells.len() == 1 {
        format!(
            "{}: your candidates rule out the digit that belongs here.",
            names[0]
        )
    } else {
        format!(
            "{}: your candidates rule out the digit that belongs in each of these cells.",
            names.join(", ")
        )
    };
    Some(Hint::Mistake { cells, message })
}

impl Located for MarksError {
    /// the `candidates` input, and the cell of a bad mask.
    fn place(&self) -> ErrorPlace {
        match self {
            MarksError::Count(_) => ErrorPlace::field("candidates"),
            MarksError::Mask { cell, .. } => ErrorPlace::field("candidates").cells(vec![*cell]),
        }
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
        // Without the givens the wrong digit is among the suspects.
        match hint(&g, None).unwrap() {
            Hint::Mistake { cells, .. } => assert!(cells.contains(&1)),
            other => panic!("{other:?}"),
        }
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

    /// The player's view of a board as page masks (bit d-1 = digit d).
    fn masks_of(board: &Board) -> [u16; 81] {
        let mut m = [0u16; 81];
        for (c, out) in m.iter_mut().enumerate() {
            *out = board.cands[c] >> 1;
        }
        m
    }

    #[test]
    fn the_next_step_comes_from_the_players_candidates() {
        use crate::sudoku::rating::steps_of;
        let start = Grid::parse(PUZZLE).unwrap();
        let path = steps_of(&start).unwrap();
        // The first elimination-only step with another after it: apply the path up to it.
        let k = (0..path.len() - 1)
            .find(|&i| path[i].placements.is_empty())
            .expect("this puzzle needs eliminations");
        let mut board = Board::from_grid(&start);
        for s in &path[..=k] {
            s.apply(&mut board);
        }
        let grid = board.grid().to_dots();
        let marks = masks_of(&board);
        let with = hint_with_marks(&grid, Some(PUZZLE), Some(&marks)).unwrap();
        assert_eq!(
            with,
            Hint::Step {
                step: Box::new(path[k + 1].clone())
            }
        );
        // From the digits alone the engine repeats an elimination already made.
        let without = hint(&grid, Some(PUZZLE)).unwrap();
        assert_ne!(with, without);
        match without {
            Hint::Step { step } => assert!(
                step.eliminations
                    .iter()
                    .any(|e| marks[e.cell] & (1 << (e.digit - 1)) == 0),
                "{step:?}"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_removed_right_candidate_is_a_mistake() {
        let mut marks = [0x1FFu16; 81];
        // The solution has 1 in r1c2 and in r4c7 (cell 33).
        marks[1] &= !1;
        for puzzle in [Some(PUZZLE), None] {
            match hint_with_marks(PUZZLE, puzzle, Some(&marks)).unwrap() {
                Hint::Mistake { cells, message } => {
                    assert_eq!(cells, vec![1]);
                    assert_eq!(
                        message,
                        "r1c2: your candidates rule out the digit that belongs here."
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        marks[33] = 0;
        match hint_with_marks(PUZZLE, None, Some(&marks)).unwrap() {
            Hint::Mistake { cells, message } => {
                assert_eq!(cells, vec![1, 33]);
                assert!(message.starts_with("r1c2, r4c7: "), "{message}");
            }
            other => panic!("{other:?}"),
        }
        // A wrong digit is reported before the marks.
        let wrong = (b'2'..=b'9')
            .map(|d| {
                let mut g = PUZZLE.as_bytes().to_vec();
                g[1] = d;
                String::from_utf8(g).unwrap()
            })
            .find(|g| Grid::parse(g).is_ok())
            .unwrap();
        match hint_with_marks(&wrong, Some(PUZZLE), Some(&marks)).unwrap() {
            Hint::Mistake { cells, message } => {
                assert_eq!(cells, vec![1]);
                assert!(message.contains("does not match the solution"), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn without_marks_or_with_every_candidate_nothing_changes() {
        let plain = hint(PUZZLE, Some(PUZZLE)).unwrap();
        assert_eq!(hint_with_marks(PUZZLE, Some(PUZZLE), None).unwrap(), plain);
        let all = [0x1FFu16; 81];
        assert_eq!(
            hint_with_marks(PUZZLE, Some(PUZZLE), Some(&all)).unwrap(),
            plain
        );
        assert_eq!(
            hint_with_marks(SOLUTION, None, Some(&[0; 81])).unwrap(),
            Hint::Solved
        );
    }

    #[test]
    fn bad_masks_are_named() {
        assert_eq!(parse_marks(&[0; 80]), Err(MarksError::Count(80)));
        let mut m = vec![511u32; 81];
        assert!(parse_marks(&m).is_ok());
        m[33] = 512;
        let e = parse_marks(&m).unwrap_err();
        assert_eq!(
            e.to_string(),
            "candidates of r4c7: 512 is not a set of digits 1-9 (a number from 0 to 511)"
        );
    }
}
