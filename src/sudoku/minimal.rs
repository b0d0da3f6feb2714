//! Whether a puzzle is minimal: a proper puzzle is minimal when taking away any one given
//! leaves more than one solution. Setters want to know which givens could go.

use serde::Serialize;

use super::grid::{Grid, cell_name};
use super::solver::count_solutions;

/// What checking a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Number of givens.
    pub givens: usize,
    /// Solutions, counted up to 2 (2 means "more than one").
    pub solutions: u64,
    /// True when the solution is unique and no given can be taken away.
    pub minimal: bool,
    /// Givens any one of which could be taken away with the solution staying unique (only
    /// for a puzzle with a unique solution), cells 0–80.
    pub redundant: Vec<usize>,
    /// The same cells by name ("r1c1").
    pub redundant_names: Vec<String>,
}

/// The givens of a unique puzzle any one of which can be removed without a second solution
/// appearing. Removing two of them at once may not keep it unique.
pub fn redundant_givens(puzzle: &Grid) -> Vec<usize> {
    let mut trial = *puzzle;
    (0..81)
        .filter(|&cell| {
            let digit = puzzle.cells[cell];
            if digit == 0 {
                return false;
            }
            trial.cells[cell] = 0;
            let unique = count_solutions(&trial, 2) == 1;
            trial.cells[cell] = digit;
            unique
        })
        .collect()
}

/// Counts the solutions of `puzzle` and, when there is exactly one, finds its redundant givens.
pub fn check(puzzle: &Grid) -> Check {
    let solutions = count_solutions(puzzle, 2);
    let redundant = if solutions == 1 {
        redundant_givens(puzzle)
    } else {
        Vec::new()
    };
    Check {
        givens: puzzle.given_count(),
        solutions,
        minimal: solutions == 1 && redundant.is_empty(),
        redundant_names: redundant.iter().map(|&c| cell_name(c)).collect(),
        redundant,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_known_puzzle_and_its_redundant_givens() {
        let puzzle = Grid::parse(CLASSIC).unwrap();
        let found = check(&puzzle);
        assert_eq!(found.solutions, 1);
        assert_eq!(found.givens, 30);
        // Each reported given really can go: the puzzle without it is still unique.
        for &cell in &found.redundant {
            let mut without = puzzle;
            without.cells[cell] = 0;
            assert_eq!(count_solutions(&without, 2), 1);
        }
        // And every given not reported is needed.
        for cell in (0..81).filter(|c| puzzle.cells[*c] != 0 && !found.redundant.contains(c)) {
            let mut without = puzzle;
            without.cells[cell] = 0;
            assert_eq!(count_solutions(&without, 2), 2, "{}", cell_name(cell));
        }
        assert_eq!(found.minimal, found.redundant.is_empty());
    }

    #[test]
    fn an_extra_given_from_the_solution_is_redundant() {
        // r1c3 = 4 from the solution, added to the puzzle, can always be taken away again.
        let mut text = CLASSIC.as_bytes().to_vec();
        text[2] = SOLUTION.as_bytes()[2];
        let puzzle = Grid::parse(std::str::from_utf8(&text).unwrap()).unwrap();
        let found = check(&puzzle);
        assert!(!found.minimal);
        assert!(found.redundant.contains(&2));
        assert!(found.redundant_names.contains(&"r1c3".to_string()));
    }

    #[test]
    fn puzzles_without_a_unique_solution_have_no_redundant_givens() {
        let open = check(&Grid::parse(&".".repeat(81)).unwrap());
        assert_eq!((open.solutions, open.minimal), (2, false));
        assert!(open.redundant.is_empty());
    }
}
