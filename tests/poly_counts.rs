//! The tiling core against known counts (Meteor, pentominoes) and against a plain, unpruned
//! fill-up enumeration on small boards (pruning and symmetry breaking must change nothing).

use std::collections::BTreeSet;

use gridwise::poly::format::{name_string, parse_board, parse_pieces};
use gridwise::poly::library::{meteor_board, meteor_pieces, parse_piece_spec};
use gridwise::poly::{
    Board, Collect, GridKind, Options, Piece, PolyError, Problem, Progress, Visitor, count, solve,
};

fn pentominoes_on(board: Board) -> (u64, u64) {
    let p = Problem::new(board, parse_piece_spec("pentominoes").unwrap(), false).unwrap();
    let s = count(&p);
    assert!(s.complete);
    (s.counts.total, s.counts.distinct)
}

#[test]
fn meteor_has_2098_solutions_1049_distinct_and_the_games_extremes() {
    let problem = Problem::new(meteor_board(), meteor_pieces(), false).unwrap();
    let mut all = Collect::default();
    let s = solve(&problem, &Options::default(), &mut all);
    assert_eq!((s.counts.total, s.counts.distinct), (2098, 1049));
    let mut strings: Vec<String> = all.0.iter().map(|p| name_string(&problem, p)).collect();
    strings.sort();
    strings.dedup();
    assert_eq!(strings.len(), 2098, "every solution listed once");
    assert_eq!(
        strings.first().unwrap(),
        "00001222012661126155865558633348893448934747977799"
    );
    assert_eq!(
        strings.last().unwrap(),
        "99998966856688568255777257472014220144031400311333"
    );
    // Listing distinct ones only gives one per symmetry class.
    let mut distinct = Collect::default();
    let options = Options {
        distinct: true,
        ..Options::default()
    };
    solve(&problem, &options, &mut distinct);
    assert_eq!(distinct.0.len(), 1049);
}

#[test]
fn pentomino_rectangles() {
    let sq = |w, h| Board::rectangle(GridKind::Square, w, h);
    assert_eq!(pentominoes_on(sq(10, 6)), (4 * 2339, 2339));
    assert_eq!(pentominoes_on(sq(12, 5)), (4 * 1010, 1010));
    assert_eq!(pentominoes_on(sq(15, 4)), (4 * 368, 368));
    assert_eq!(pentominoes_on(sq(3, 20)), (4 * 2, 2));
}

#[test]
fn pentominoes_8x8_with_a_centre_hole() {
    let board = Board::rectangle(GridKind::Square, 8, 8).with_centre_hole(2, 2);
    assert_eq!(pentominoes_on(board), (8 * 65, 65));
}

#[test]
fn limits_stop_the_search() {
    let problem = Problem::new(meteor_board(), meteor_pieces(), false).unwrap();
    let mut got = Collect::default();
    let options = Options {
        limit: Some(7),
        ..Options::default()
    };
    let s = solve(&problem, &options, &mut got);
    assert_eq!(got.0.len(), 7);
    assert!(!s.complete);

    struct StopAtProgress(u32);
    impl Visitor for StopAtProgress {
        fn solution(&mut self, _: &Problem, _: &[u32], _: &Progress) -> bool {
            true
        }
        fn progress(&mut self, p: &Progress) -> bool {
            assert!((0.0..=1.0).contains(&p.fraction));
            self.0 += 1;
            self.0 < 3
        }
    }
    let board = Board::rectangle(GridKind::Square, 10, 6);
    let p = Problem::new(board, parse_piece_spec("pentominoes").unwrap(), false).unwrap();
    let s = solve(&p, &Options::default(), &mut StopAtProgress(0));
    assert!(!s.complete);
    assert!(s.counts.total < 9356);
}

#[test]
fn area_mismatch_and_grid_mismatch_are_errors() {
    let board = Board::rectangle(GridKind::Square, 5, 5);
    let err = Problem::new(
        board.clone(),
        parse_piece_spec("pentominoes").unwrap(),
        false,
    )
    .unwrap_err();
    assert_eq!(
        err,
        PolyError::AreaMismatch {
            board: 25,
            pieces: 60
        }
    );
    // With unused pieces allowed, 5 of the 12 pentominoes tile the 5×5 square.
    let p = Problem::new(board, parse_piece_spec("pentominoes").unwrap(), true).unwrap();
    assert!(count(&p).counts.total > 0);
    let err = Problem::new(
        meteor_board(),
        parse_piece_spec("pentominoes").unwrap(),
        false,
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("hex grid but the pieces are square")
    );
}

// ---- A plain fill-up enumeration, written independently of the core's search. ----

type Tiling = BTreeSet<(usize, Vec<(i32, i32)>)>;

fn lattice_cells(kind: GridKind, cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    cells.iter().map(|&c| kind.to_lattice(c)).collect()
}

fn plain_tilings(board: &Board, pieces: &[Piece]) -> Vec<Tiling> {
    let kind = board.kind;
    let cells: Vec<(i32, i32)> = lattice_cells(kind, &board.cell_list());
    let mut order = cells.clone();
    order.sort_by_key(|&(q, r)| (r, kind.from_lattice((q, r)).0));
    let shapes: Vec<Vec<Vec<(i32, i32)>>> = pieces.iter().map(Piece::orientations).collect();
    let mut left: Vec<usize> = pieces.iter().map(|p| p.count).collect();
    let mut filled: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut current: Vec<(usize, Vec<(i32, i32)>)> = Vec::new();
    let mut out = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        order: &[(i32, i32)],
        shapes: &[Vec<Vec<(i32, i32)>>],
        left: &mut Vec<usize>,
        filled: &mut BTreeSet<(i32, i32)>,
        current: &mut Vec<(usize, Vec<(i32, i32)>)>,
        out: &mut Vec<Tiling>,
        cells: &[(i32, i32)],
    ) {
        let Some(&target) = order.iter().find(|c| !filled.contains(c)) else {
            out.push(current.iter().cloned().collect());
            return;
        };
        for t in 0..shapes.len() {
            if left[t] == 0 {
                continue;
            }
            for shape in &shapes[t] {
                for &(aq, ar) in shape {
                    let placed: Vec<(i32, i32)> = shape
                        .iter()
                        .map(|&(q, r)| (q - aq + target.0, r - ar + target.1))
                        .collect();
                    if placed
                        .iter()
                        .any(|c| !cells.contains(c) || filled.contains(c))
                    {
                        continue;
                    }
                    for c in &placed {
                        filled.insert(*c);
                    }
                    left[t] -= 1;
                    let mut sorted = placed.clone();
                    sorted.sort();
                    current.push((t, sorted));
                    rec(order, shapes, left, filled, current, out, cells);
                    current.pop();
                    left[t] += 1;
                    for c in &placed {
                        filled.remove(c);
                    }
                }
            }
        }
    }
    rec(
        &order,
        &shapes,
        &mut left,
        &mut filled,
        &mut current,
        &mut out,
        &cells,
    );
    // The same placement is reached through each of its cells: deduplicate.
    out.sort();
    out.dedup();
    out
}

fn plain_distinct(board: &Board, tilings: &[Tiling]) -> usize {
    let kind = board.kind;
    let cells = lattice_cells(kind, &board.cell_list());
    let norm = |pts: &[(i32, i32)]| {
        let (mq, mr) = (
            pts.iter().map(|p| p.0).min().unwrap(),
            pts.iter().map(|p| p.1).min().unwrap(),
        );
        (mq, mr)
    };
    let mut sorted_cells = cells.clone();
    sorted_cells.sort();
    let mut syms = Vec::new();
    for t in 0..kind.symmetry_count() {
        let moved: Vec<(i32, i32)> = cells.iter().map(|&c| kind.transform(t, c)).collect();
        // Find the translation mapping the moved board onto the board, if any.
        let (a, b) = (norm(&moved), norm(&cells));
        let (dq, dr) = (b.0 - a.0, b.1 - a.1);
        let mut back: Vec<(i32, i32)> = moved.iter().map(|&(q, r)| (q + dq, r + dr)).collect();
        back.sort();
        if back == sorted_cells {
            syms.push((t, dq, dr));
        }
    }
    let mut classes = BTreeSet::new();
    for tiling in tilings {
        let images: Vec<Tiling> = syms
            .iter()
            .map(|&(t, dq, dr)| {
                tiling
                    .iter()
                    .map(|(p, cs)| {
                        let mut m: Vec<(i32, i32)> = cs
                            .iter()
                            .map(|&c| {
                                let (q, r) = kind.transform(t, c);
                                (q + dq, r + dr)
                            })
                            .collect();
                        m.sort();
                        (*p, m)
                    })
                    .collect()
            })
            .collect();
        classes.insert(images.into_iter().min().unwrap());
    }
    classes.len()
}

fn check_against_plain(board: Board, pieces: Vec<Piece>) {
    // Pieces of the same shape are interchangeable: one type with several copies.
    let mut merged: Vec<Piece> = Vec::new();
    for p in &pieces {
        match merged.iter_mut().find(|q| q.canonical() == p.canonical()) {
            Some(q) => q.count += p.count,
            None => merged.push(p.clone()),
        }
    }
    let plain = plain_tilings(&board, &merged);
    let distinct = plain_distinct(&board, &plain);
    let problem = Problem::new(board, pieces, false).unwrap();
    for symmetry in [true, false] {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        let mut all = Collect::default();
        let s = solve(&problem, &options, &mut all);
        assert_eq!(
            (s.counts.total, s.counts.distinct),
            (plain.len() as u64, distinct as u64),
            "symmetry breaking {symmetry}"
        );
        let mut listed: Vec<Vec<u32>> = all.0;
        listed.iter_mut().for_each(|v| v.sort());
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), plain.len(), "each solution listed once");
        let mut only = Collect::default();
        let options = Options {
            symmetry,
            distinct: true,
            ..Options::default()
        };
        solve(&problem, &options, &mut only);
        assert_eq!(only.0.len(), distinct);
    }
}

#[test]
fn small_square_boards_match_plain_enumeration() {
    let sq = |w, h| Board::rectangle(GridKind::Square, w, h);
    check_against_plain(sq(4, 4), parse_piece_spec("1x2*8").unwrap());
    check_against_plain(
        sq(5, 4),
        parse_pieces("LLLL.PP.U.U\nL....PP.UUU\n.....P.....\n\nYYYY\n.Y..\n").unwrap(),
    );
    check_against_plain(sq(6, 5), parse_piece_spec("2x3*3,1x3*2,1x2*3").unwrap());
    // A board with a hole in the middle: symmetric solutions must be counted exactly.
    let ring = parse_board("....\n.##.\n....\n....\n").unwrap();
    check_against_plain(ring, parse_piece_spec("1x2*5,1x1*4").unwrap());
    let plus = parse_board("#..#\n....\n....\n#..#\n").unwrap();
    check_against_plain(
        plus,
        parse_pieces("A.BB\nA.B.\nA...\n\nC.DD\nCC.D\n").unwrap(),
    );
}

#[test]
fn small_hex_boards_match_plain_enumeration() {
    let board = parse_board("hex\n....\n....\n....\n").unwrap();
    check_against_plain(
        board,
        parse_pieces("hex\nAAA.BB.CC\n....B..C.\n\nDD\n.D\n").unwrap(),
    );
    let meteorish = parse_board("hex\n...\n...\n...\n...\n").unwrap();
    check_against_plain(
        meteorish,
        parse_pieces("hex\nAA.BB.EE\n\nCC.DD\nC..D.\n").unwrap(),
    );
    let centred = parse_board("hex\n#..#\n....\n#..#\n").unwrap();
    check_against_plain(
        centred,
        parse_pieces("hex\nAA\n\nBB\n\nCC\n\nDD\n").unwrap(),
    );
}

#[test]
fn large_boards_use_the_wide_bitboard() {
    // 16×12 = 192 positions: beyond u128, searched with the four-word bitboard.
    let board = Board::rectangle(GridKind::Square, 16, 12);
    let problem = Problem::new(board, parse_piece_spec("2x3*32").unwrap(), false).unwrap();
    let mut got = Collect::default();
    let options = Options {
        limit: Some(3),
        ..Options::default()
    };
    solve(&problem, &options, &mut got);
    assert_eq!(got.0.len(), 3);
    for s in &got.0 {
        let labels = problem.labels(s);
        assert!(
            labels.iter().all(|&l| (0..32).contains(&l)),
            "every cell covered"
        );
    }
    // A 3×44 strip (132 positions) of 1×3 bars, listed plainly (no symmetry breaking).
    let strip = Board::rectangle(GridKind::Square, 44, 3);
    let p = Problem::new(strip, parse_piece_spec("1x3*44").unwrap(), false).unwrap();
    let options = Options {
        limit: Some(20),
        symmetry: false,
        ..Options::default()
    };
    let mut first = Collect::default();
    let s = solve(&p, &options, &mut first);
    assert_eq!(first.0.len(), 20);
    assert!(!s.complete);
    let mut distinct: Vec<Vec<u32>> = first
        .0
        .iter()
        .map(|v| {
            let mut v = v.clone();
            v.sort();
            v
        })
        .collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 20, "no solution listed twice");
}

#[test]
fn small_triangle_boards_match_plain_enumeration() {
    use gridwise::poly::library::{tetriamonds, tri_board};
    // Two tetriamond sets in a hexagon of side 2.
    let hexagon = tri_board(4, 4, |x, y, z| (2..=5).contains(&(x + y + z))).unwrap();
    let mut two_sets = tetriamonds();
    two_sets.iter_mut().for_each(|p| p.count = 2);
    check_against_plain(hexagon, two_sets);
    // A parallelogram with a hole, and pieces drawn in a pieces file.
    let board = parse_board("tri\n........\n.#......\n").unwrap();
    check_against_plain(
        board,
        parse_pieces("tri\nAAA.BBBB\n\nCC.DD\nC...D\n\nEE\n").unwrap(),
    );
    // A parallelogram whose symmetry (a half turn) fixes some tilings: 13 tilings, 8 distinct.
    check_against_plain(
        Board::tri_parallelogram(3, 4).unwrap(),
        parse_piece_spec("tetriamonds*2").unwrap(),
    );
}

/// Counts of distinct hexiamond tilings published by David Goodger's Polyform Puzzler
/// (puzzler.sourceforge.net, "Hexiamonds: Puzzles & Solutions"): 3×12 parallelogram 0,
/// 4×9 parallelogram 74, 6×6 rhombus 156, trapezoid 11 long and 4 high 76, long hexagon
/// (4 rows, 8 to 10 units wide) 856.
#[test]
fn hexiamond_counts_match_polyform_puzzler() {
    use gridwise::poly::library::{hexiamonds, tri_board};
    let distinct = |board: Board| {
        let p = Problem::new(board, hexiamonds(), false).unwrap();
        let s = count(&p);
        assert!(s.complete);
        (s.counts.total, s.counts.distinct)
    };
    assert_eq!(distinct(Board::tri_parallelogram(12, 3).unwrap()), (0, 0));
    assert_eq!(distinct(Board::tri_parallelogram(9, 4).unwrap()), (148, 74));
    assert_eq!(
        distinct(Board::tri_parallelogram(6, 6).unwrap()),
        (624, 156)
    );
    let trapezoid = tri_board(11, 4, |x, y, z| x + y + z < 11).unwrap();
    assert_eq!(distinct(trapezoid), (152, 76));
    let long_hexagon = tri_board(10, 4, |x, y, z| (2..=11).contains(&(x + y + z))).unwrap();
    assert_eq!(distinct(long_hexagon).1, 856);
}

#[test]
fn weighted_progress_grows_steadily_with_the_search() {
    // Dominoes on 7×8: 1,292,697 tilings, big enough for the branches to be weighed.
    struct Track(Vec<(u64, f64)>);
    impl Visitor for Track {
        fn solution(&mut self, _: &Problem, _: &[u32], _: &Progress) -> bool {
            true
        }
        fn progress(&mut self, p: &Progress) -> bool {
            self.0.push((p.nodes, p.fraction));
            true
        }
        fn shows_progress(&self) -> bool {
            true
        }
    }
    let p = Problem::new(
        Board::rectangle(GridKind::Square, 7, 8),
        parse_piece_spec("1x2*28").unwrap(),
        false,
    )
    .unwrap();
    let mut track = Track(Vec::new());
    let s = solve(&p, &Options::default(), &mut track);
    assert_eq!(s.counts.total, 1_292_697);
    let all = s.counts.nodes as f64;
    assert!(track.0.len() > 100);
    let mut last = 0.0;
    for &(nodes, fraction) in &track.0 {
        assert!((0.0..=1.0).contains(&fraction));
        assert!(fraction >= last, "the fraction never goes back");
        last = fraction;
        // Within a fifth of the share of nodes already searched.
        assert!(
            (fraction - nodes as f64 / all).abs() < 0.2,
            "{fraction} at {nodes} of {all}"
        );
    }
}

#[test]
fn a_search_stopped_at_any_point_has_counted_the_symmetry_classes_it_met() {
    // Without a piece of one copy there is no symmetry breaking, and each class of tilings must
    // be counted once, when the search meets its first member, so that a search stopped early
    // shows the classes it has met. (Counted by their smallest placement indices instead, a
    // search of 10x12 with two sets of pentominoes had met 2,000 tilings and 0 classes.) The
    // classes are worked out here independently: a tiling as its pieces' (type, cells), under
    // the square's 8 symmetries.
    const N: usize = 6;
    for spec in ["1x2*18", "1x2*10,2x2*4", "1x3*4,2x2*6"] {
        let problem = Problem::new(
            Board::rectangle(GridKind::Square, N, N),
            parse_piece_spec(spec).unwrap(),
            false,
        )
        .unwrap();
        let types = problem.copy_types();
        let class = |labels: &[i16]| -> Vec<(usize, Vec<usize>)> {
            type Transform = fn(usize, usize) -> (usize, usize);
            let transforms: [Transform; 8] = [
                |r, c| (r, c),
                |r, c| (c, N - 1 - r),
                |r, c| (N - 1 - r, N - 1 - c),
                |r, c| (N - 1 - c, r),
                |r, c| (r, N - 1 - c),
                |r, c| (c, r),
                |r, c| (N - 1 - r, c),
                |r, c| (N - 1 - c, N - 1 - r),
            ];
            transforms
                .iter()
                .map(|t| {
                    let mut pieces: Vec<(usize, Vec<usize>)> = (0..types.len())
                        .map(|copy| {
                            let mut cells: Vec<usize> = (0..N * N)
                                .filter(|&i| labels[i] == copy as i16)
                                .map(|i| {
                                    let (r, c) = t(i / N, i % N);
                                    r * N + c
                                })
                                .collect();
                            cells.sort_unstable();
                            (types[copy], cells)
                        })
                        .collect();
                    pieces.sort_unstable();
                    pieces
                })
                .min()
                .unwrap()
        };
        struct Classes<F>(BTreeSet<Vec<(usize, Vec<usize>)>>, u64, F);
        impl<F: Fn(&[i16]) -> Vec<(usize, Vec<usize>)>> Visitor for Classes<F> {
            fn solution(&mut self, problem: &Problem, placements: &[u32], p: &Progress) -> bool {
                self.0.insert((self.2)(&problem.labels(placements)));
                self.1 += 1;
                assert_eq!(p.total, self.1);
                assert_eq!(p.distinct, self.0.len() as u64, "after {} tilings", self.1);
                true
            }
        }
        let mut classes = Classes(BTreeSet::new(), 0, class);
        let s = solve(&problem, &Options::default(), &mut classes);
        assert!(s.complete && s.counts.total >= 20, "{spec}: {:?}", s.counts);
        assert_eq!(s.counts.distinct, classes.0.len() as u64, "{spec}");
    }
}
