//! A search split into parts (`Options::shard`, or the members of a `Team` of threads): the
//! parts are disjoint, together they are the whole search, and their counts (all and
//! distinct) add up exactly — with and without symmetry breaking, on square and hex boards,
//! for any number of parts.

use std::collections::BTreeSet;
use std::sync::Arc;

use gridwise::poly::library::{meteor_board, meteor_pieces, problem_from_text};
use gridwise::poly::{Collect, Options, Problem, Team, solve};

/// A tiling as the cells' pieces, copies numbered by first appearance (copies of one piece are
/// interchangeable, so this names the tiling, not the order the copies were placed in).
fn name_string(problem: &Problem, placements: &[u32]) -> String {
    let labels = problem.labels(placements);
    let mut order: Vec<i16> = Vec::new();
    labels
        .iter()
        .map(|&l| {
            let i = order.iter().position(|&o| o == l).unwrap_or_else(|| {
                order.push(l);
                order.len() - 1
            });
            format!("{}:{i},", problem.copy_types()[l as usize])
        })
        .collect()
}

fn problems() -> Vec<(&'static str, Problem)> {
    let square = |board: &str, pieces: &str| problem_from_text(board, pieces, false).unwrap();
    vec![
        (
            "meteor",
            Problem::new(meteor_board(), meteor_pieces(), false).unwrap(),
        ),
        ("pentominoes 6x10", square("6x10", "pentominoes")),
        ("dominoes 4x5", square("4x5", "1x2*10")),
        ("bricks 1x2 on 2x2", square("2x2", "1x2*2")),
    ]
}

#[test]
fn parts_add_up_to_the_whole() {
    for (name, problem) in problems() {
        for symmetry in [true, false] {
            let plain = Options {
                symmetry,
                ..Options::default()
            };
            let mut whole = Collect::default();
            let all = solve(&problem, &plain, &mut whole);
            let whole: BTreeSet<String> =
                whole.0.iter().map(|s| name_string(&problem, s)).collect();
            for parts in [1u32, 2, 3, 7] {
                let (mut total, mut distinct) = (0, 0);
                let mut seen: BTreeSet<String> = BTreeSet::new();
                for k in 0..parts {
                    let mut part = Collect::default();
                    let options = Options {
                        shard: Some((k, parts)),
                        ..plain.clone()
                    };
                    let s = solve(&problem, &options, &mut part);
                    assert!(s.complete);
                    total += s.counts.total;
                    distinct += s.counts.distinct;
                    for sol in &part.0 {
                        assert!(
                            seen.insert(name_string(&problem, sol)),
                            "{name}: a solution in two parts"
                        );
                    }
                }
                assert_eq!(
                    (total, distinct),
                    (all.counts.total, all.counts.distinct),
                    "{name}, symmetry breaking {symmetry}, {parts} parts"
                );
                assert_eq!(seen, whole, "{name}: the parts list every solution");
            }
        }
    }
}

#[test]
fn parts_are_of_similar_size() {
    // Pentominoes on 6x10 in 4 parts: each part holds a fair share of the 2,339 classes.
    let problem = problem_from_text("6x10", "pentominoes", false).unwrap();
    for k in 0..4 {
        let s = solve(
            &problem,
            &Options {
                shard: Some((k, 4)),
                ..Options::default()
            },
            &mut Collect::default(),
        );
        assert!(
            (300..=900).contains(&s.counts.distinct),
            "part {k} has {} of 2,339",
            s.counts.distinct
        );
    }
}

#[test]
fn a_team_of_threads_finds_each_solution_once() {
    for (name, problem) in problems() {
        for symmetry in [true, false] {
            let plain = Options {
                symmetry,
                ..Options::default()
            };
            let mut whole = Collect::default();
            let all = solve(&problem, &plain, &mut whole);
            let whole: BTreeSet<String> =
                whole.0.iter().map(|s| name_string(&problem, s)).collect();
            for members in [1u32, 2, 3] {
                let team = Arc::new(Team::new(members));
                let parts: Vec<(u64, u64, Vec<Vec<u32>>)> = std::thread::scope(|scope| {
                    let handles: Vec<_> = (0..members)
                        .map(|m| {
                            let options = Options {
                                team: Some((team.clone(), m)),
                                ..plain.clone()
                            };
                            let problem = &problem;
                            scope.spawn(move || {
                                let mut part = Collect::default();
                                let s = solve(problem, &options, &mut part);
                                assert!(s.complete);
                                (s.counts.total, s.counts.distinct, part.0)
                            })
                        })
                        .collect();
                    handles.into_iter().map(|h| h.join().unwrap()).collect()
                });
                let total: u64 = parts.iter().map(|p| p.0).sum();
                let distinct: u64 = parts.iter().map(|p| p.1).sum();
                assert_eq!(
                    (total, distinct),
                    (all.counts.total, all.counts.distinct),
                    "{name}, symmetry breaking {symmetry}, {members} threads"
                );
                let mut seen = BTreeSet::new();
                for sol in parts.iter().flat_map(|p| &p.2) {
                    assert!(
                        seen.insert(name_string(&problem, sol)),
                        "{name}: a solution found by two threads"
                    );
                }
                assert_eq!(seen, whole, "{name}: the team lists every solution");
            }
        }
    }
}
