//! Every step the logic engine takes is sound: no elimination removes the solution's digit,
//! no placement differs from it, and every path ends with the grid solved.

use gridwise::sudoku::candidates::Board;
use gridwise::sudoku::logic::next_step;
use gridwise::sudoku::{Grid, solve};

fn puzzles(file: &str, take: usize, stride: usize) -> Vec<Grid> {
    let path = format!("{}/data/sudoku/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {file}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(stride)
        .take(take)
        .map(|l| Grid::parse(l.split_whitespace().next().unwrap()).unwrap())
        .collect()
}

fn check(puzzle: &Grid) -> Vec<String> {
    let solution = solve(puzzle).expect("puzzle has a solution");
    let mut board = Board::from_grid(puzzle);
    let mut techniques = Vec::new();
    while let Some(step) = next_step(&board) {
        for e in &step.eliminations {
            assert_ne!(
                solution.cells[e.cell], e.digit,
                "{} removed the solution digit {} from cell {} in {puzzle}",
                step.technique, e.digit, e.cell
            );
        }
        for p in &step.placements {
            assert_eq!(
                solution.cells[p.cell], p.digit,
                "{} placed a wrong digit in cell {} in {puzzle}",
                step.technique, p.cell
            );
        }
        assert!(!step.text.is_empty());
        techniques.push(step.technique.clone());
        step.apply(&mut board);
    }
    assert!(board.is_solved(), "engine stuck on {puzzle}");
    assert_eq!(board.values, solution.cells);
    techniques
}

#[test]
fn every_step_is_sound_on_rated_puzzles() {
    let mut seen = std::collections::BTreeSet::new();
    for p in puzzles("se-rated-sample.txt", 150, 20) {
        seen.extend(check(&p));
    }
    eprintln!("techniques used: {seen:?}");
    // These real puzzles exercise the whole range of the engine.
    for t in [
        "Hidden Single",
        "Naked Pair",
        "X-Wing",
        "XY-Wing",
        "WXYZ-Wing",
        "BUG+1",
        "Unique Rectangle Type 1",
        "Empty Rectangle",
        "VWXYZ-Wing",
        "Nice Loop",
        "AIC",
        "Cell Forcing Chains",
    ] {
        assert!(seen.contains(t), "{t} never used");
    }
}

#[test]
fn every_step_is_sound_on_top1465() {
    for p in puzzles("top1465.txt", 60, 24) {
        check(&p);
    }
}

#[test]
fn every_step_is_sound_on_17_clue_puzzles() {
    for p in puzzles("17-clue.txt", 150, 300) {
        check(&p);
    }
}

#[test]
fn the_hardest_puzzles_are_solved_without_guessing() {
    // One of the hardest known puzzles: needs nested forcing chains, and gets them.
    let techniques = check(&puzzles("hardest-1106.txt", 1, 1)[0]);
    assert!(
        techniques.iter().any(|t| t.starts_with("Nested ")),
        "{techniques:?}"
    );
}
