//! Knuth's estimate of the number of tilings and of the search tree, against exact counts.

use gridwise::poly::library::{meteor_board, meteor_pieces, problem_from_text};
use gridwise::poly::{Problem, count, estimate};

#[test]
fn estimates_come_close_to_the_exact_counts() {
    let square = |board: &str, pieces: &str| problem_from_text(board, pieces, false).unwrap();
    let cases = [
        (
            "meteor",
            Problem::new(meteor_board(), meteor_pieces(), false).unwrap(),
        ),
        ("pentominoes 6x10", square("6x10", "pentominoes")),
        ("pentominoes 5x12", square("5x12", "pentominoes")),
        ("dominoes 6x6", square("6x6", "1x2*18")),
    ];
    for (name, problem) in cases {
        let exact = count(&problem).counts.total as f64;
        let e = estimate(&problem, 5_000, 7);
        let off = (e.solutions - exact).abs();
        println!(
            "{name}: exact {exact}, estimate {:.0} ± {:.0} ({:+.1}%), nodes ~{:.0}",
            e.solutions,
            e.solutions_error,
            100.0 * (e.solutions - exact) / exact,
            e.nodes
        );
        assert!(
            off <= 4.0 * e.solutions_error + 0.05 * exact,
            "{name}: {} ± {} against {exact}",
            e.solutions,
            e.solutions_error
        );
        assert!(e.solutions_error < 0.5 * exact, "{name}: too wide");
        // The same seed gives the same estimate.
        assert_eq!(estimate(&problem, 1000, 3), estimate(&problem, 1000, 3));
    }
}

#[test]
fn an_estimate_stops_early_once_its_probes_agree() {
    // Seven bricks are few enough for every probe to count the whole tree exactly: after the
    // first thousand agree, the rest would only repeat them.
    let bricks = problem_from_text("6x6", "bricks", false).unwrap();
    let e = estimate(&bricks, 16_000, 1);
    assert_eq!(
        (e.solutions, e.solutions_error, e.probes),
        (1664.0, 0.0, 1000)
    );
    // Meteor's probes disagree: all of them are made.
    let meteor = Problem::new(meteor_board(), meteor_pieces(), false).unwrap();
    assert_eq!(estimate(&meteor, 3_000, 1).probes, 3_000);
}
