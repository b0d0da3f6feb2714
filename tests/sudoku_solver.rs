//! The solver on the puzzle sets in data/sudoku: every solution is a valid grid that keeps the givens,
//! and puzzles with several solutions are noticed.

use std::fs;
use std::path::PathBuf;

use gridwise::sudoku::{Grid, count_solutions, solve};
use gridwise::util::rng::Rng;

fn data(name: &str) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/sudoku")
        .join(name);
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l.split_whitespace().next().unwrap_or(l)).expect(l))
        .collect()
}

fn check_unique_solutions(puzzles: &[Grid]) {
    for puzzle in puzzles {
        let solution = solve(puzzle).unwrap_or_else(|| panic!("no solution for {puzzle}"));
        assert!(solution.is_solved(), "{puzzle} -> {solution}");
        assert!(solution.keeps_givens_of(puzzle), "{puzzle} -> {solution}");
        assert_eq!(count_solutions(puzzle, 2), 1, "{puzzle} should be unique");
    }
}

#[test]
fn every_17_clue_puzzle_of_a_sample_solves() {
    let all = data("17-clue.txt");
    assert!(all.len() > 49_000);
    let sample: Vec<Grid> = all.iter().step_by(7).copied().collect();
    check_unique_solutions(&sample);
}

#[test]
fn every_top1465_puzzle_solves() {
    let all = data("top1465.txt");
    assert_eq!(all.len(), 1465);
    check_unique_solutions(&all);
}

#[test]
fn hardest_puzzles_solve() {
    check_unique_solutions(&data("hardest-1106.txt"));
}

#[test]
fn multi_solution_puzzles_count_at_least_two() {
    let all = data("multi-solution-serg.txt");
    assert_eq!(all.len(), 10_000);
    for puzzle in &all {
        assert!(count_solutions(puzzle, 2) >= 2, "{puzzle}");
        let first = solve(puzzle).expect("has solutions");
        assert!(first.is_solved() && first.keeps_givens_of(puzzle));
    }
}

/// Random grids with 3–22 givens that break no rule, the same every run.
fn sparse_grids(count: usize) -> Vec<Grid> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|_| {
            let givens = 3 + rng.index(20);
            let mut text = [b'.'; 81];
            let mut placed = 0;
            while placed < givens {
                let cell = rng.index(81);
                if text[cell] != b'.' {
                    continue;
                }
                text[cell] = b'1' + rng.index(9) as u8;
                if Grid::parse(std::str::from_utf8(&text).unwrap()).is_err() {
                    text[cell] = b'.';
                    continue;
                }
                placed += 1;
            }
            Grid::parse(std::str::from_utf8(&text).unwrap()).unwrap()
        })
        .collect()
}

#[test]
fn sparse_grids_solve_and_count_alike() {
    // A first solution is searched another way than solutions are counted (by arrangements,
    // giving up for cells on grids like these): both must agree on whether there is one.
    for puzzle in sparse_grids(3000) {
        match solve(&puzzle) {
            Some(solution) => {
                assert!(
                    solution.is_solved() && solution.keeps_givens_of(&puzzle),
                    "{puzzle}"
                );
                assert!(count_solutions(&puzzle, 1) == 1, "{puzzle}");
            }
            None => assert_eq!(count_solutions(&puzzle, 1), 0, "{puzzle}"),
        }
    }
}
