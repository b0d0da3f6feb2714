//! Generated puzzles are unique, minimal, symmetric and rated within the requested range.

use gridwise::sudoku::generator::{Request, Symmetry, generate};
use gridwise::sudoku::rating::{rate_grid, steps_of};
use gridwise::sudoku::step::Step;
use gridwise::sudoku::{Grid, count_solutions};

fn check(req: &Request) -> Grid {
    let made = generate(req, &mut |_| true).unwrap();
    let grid = Grid::parse(&made.puzzle).unwrap();
    assert_eq!(count_solutions(&grid, 2), 1, "unique: {}", made.puzzle);
    for c in 0..81 {
        if grid.cells[c] == 0 {
            continue;
        }
        let orbit = req.symmetry.orbit(c);
        assert!(orbit.iter().all(|&o| grid.cells[o] != 0), "symmetric");
        let mut less = grid;
        for &o in &orbit {
            less.cells[o] = 0;
        }
        assert!(
            count_solutions(&less, 2) > 1,
            "minimal: {} keeps cell {c}",
            made.puzzle
        );
    }
    let r = rate_grid(&grid).unwrap();
    assert_eq!(r.rating, made.rating);
    assert!(made.rating >= req.min - 1e-9 && made.rating <= req.max + 1e-9);
    grid
}

#[test]
fn levels_and_symmetries() {
    for (i, (level, sym)) in [
        ("easy", Symmetry::None),
        ("medium", Symmetry::Central),
        ("hard", Symmetry::Diagonal),
        ("expert", Symmetry::Mirror),
        ("extreme", Symmetry::Central),
    ]
    .into_iter()
    .enumerate()
    {
        check(&Request::for_level(level, sym, 100 + i as u64).unwrap());
    }
}

#[test]
fn rating_ranges_and_seeds() {
    let req = Request::for_range(3.0, 4.0, Symmetry::None, 77).unwrap();
    let a = check(&req);
    assert_eq!(a, check(&req), "same seed, same puzzle");
    let other = Request {
        seed: 78,
        ..req.clone()
    };
    assert_ne!(a, check(&other));
    assert!(Request::for_range(5.0, 4.0, Symmetry::None, 1).is_err());
}

#[test]
fn progress_can_stop_the_search() {
    // Nothing is rated in 11.9–12.0 quickly: the callback stops it after three attempts.
    let req = Request::for_range(11.9, 12.0, Symmetry::None, 5).unwrap();
    let mut calls = 0;
    let err = generate(&req, &mut |p| {
        calls += 1;
        assert_eq!(p.attempts, calls);
        calls < 3
    })
    .unwrap_err();
    assert_eq!(calls, 3);
    assert!(err.to_string().contains("3 attempts"));
}

#[test]
fn a_technique_request_gives_a_puzzle_whose_hardest_step_is_that_technique() {
    for (i, name) in ["X-Wing", "xy-wing", "Unique Rectangle", "pointing pair"]
        .iter()
        .enumerate()
    {
        let req = Request::for_technique(name, Symmetry::None, 11 + i as u64).unwrap();
        let target = req.technique.clone().unwrap();
        let made = generate(&req, &mut |_| true).unwrap();
        // Unique and minimal, and its rating is the technique's.
        let grid = check(&req);
        assert_eq!(grid.to_dots(), made.puzzle);
        let path = steps_of(&grid).unwrap();
        let top = rate_grid(&grid).unwrap().rating;
        assert!(
            path.iter()
                .any(|s| (s.rating - top).abs() < 1e-9 && target.matches(s)),
            "{name}: hardest step of {} is {}",
            made.puzzle,
            made.hardest
        );
        assert!(target.matches(&Step::new(&made.hardest, made.rating)));
    }
    assert!(Request::for_technique("dragon wing", Symmetry::None, 1).is_err());
}
