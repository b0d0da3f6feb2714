//! Named piece sets and puzzles: Meteor, the pentominoes, tetrominoes, the 35 hexominoes,
//! brick sets (rectangles), the hexiamonds and tetriamonds (triangle grid), and a small spec
//! language to combine them (`pentominoes`, `tetrominoes*2`, `2x3*4,1x2*3`).

use serde::Serialize;

use super::board::Board;
use super::error::PolyError;
use super::grid::GridKind;
use super::piece::{Piece, hex_path};
use super::problem::Problem;

/// The Meteor pieces as paths of hex steps (0 = E, 1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE),
/// numbered 0 to 9 as in the Computer Language Benchmarks Game's meteor-contest.
const METEOR_PATHS: [&[u8]; 10] = [
    &[0, 0, 0, 5],
    &[5, 4, 3, 4],
    &[3, 3, 4, 5],
    &[0, 0, 4, 5],
    &[2, 3, 2, 5, 4],
    &[0, 0, 1, 3],
    &[2, 1, 1, 3],
    &[1, 5, 0, 1],
    &[5, 5, 0, 5],
    &[0, 2, 2, 2],
];

/// The ten Meteor pieces, named `0` to `9`.
pub fn meteor_pieces() -> Vec<Piece> {
    METEOR_PATHS
        .iter()
        .enumerate()
        .filter_map(|(i, path)| hex_path(&i.to_string(), path).ok())
        .collect()
}

/// The Meteor board: 5 hexes per row, 10 rows, odd rows shifted half a cell right.
pub fn meteor_board() -> Board {
    Board::rectangle(GridKind::Hex, 5, 10)
}

const PENTOMINOES: [(&str, &[&str]); 12] = [
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["##..", ".###"]),
    ("P", &["##", "##", "#."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &["####", ".#.."]),
    ("Z", &["##.", ".#.", ".##"]),
];

const TETROMINOES: [(&str, &[&str]); 5] = [
    ("I", &["####"]),
    ("O", &["##", "##"]),
    ("T", &["###", ".#."]),
    ("S", &[".##", "##."]),
    ("L", &["###", "#.."]),
];

/// The 12 hexiamonds under T. H. O'Beirne's letters: bar, sphinx, crook, crown, lobster,
/// signpost, snake, butterfly, chevron, hook, yacht and hexagon. Rows as in a pieces file:
/// the first character of the first row is an up triangle.
const HEXIAMONDS: [(&str, &[&str]); 12] = [
    ("I", &[".######"]),
    ("P", &[".#####", "....#."]),
    ("J", &["#....", "#####"]),
    ("E", &["..#..", "#####"]),
    ("V", &[".####", "..##."]),
    ("H", &["..##", "####"]),
    ("S", &["#...", "####", "...#"]),
    ("X", &["..#.", "####", ".#.."]),
    ("C", &[".####.", "....##"]),
    ("G", &[".####", "...##"]),
    ("F", &[".####", "..#.#"]),
    ("O", &["###", "###"]),
];

/// The 3 tetriamonds: bar, chevron and triangle.
const TETRIAMONDS: [(&str, &[&str]); 3] = [
    ("I", &["####"]),
    ("C", &["##", "##"]),
    ("T", &[".###", "..#."]),
];

/// A named set drawn as rows (`#` a cell), one piece per entry.
fn drawn_set(kind: GridKind, table: &[(&str, &[&str])]) -> Vec<Piece> {
    table
        .iter()
        .filter_map(|&(name, rows)| {
            let cells = rows
                .iter()
                .enumerate()
                .flat_map(|(y, row)| {
                    row.chars()
                        .enumerate()
                        .filter(|&(_, c)| c == '#')
                        .map(move |(x, _)| (x as i32, y as i32))
                })
                .collect();
            Piece::new(name, kind, cells).ok()
        })
        .collect()
}

/// The 12 hexiamonds (6 triangles each, 72 in all).
pub fn hexiamonds() -> Vec<Piece> {
    drawn_set(GridKind::Tri, &HEXIAMONDS)
}

/// The 3 tetriamonds (4 triangles each).
pub fn tetriamonds() -> Vec<Piece> {
    drawn_set(GridKind::Tri, &TETRIAMONDS)
}

/// A triangle-grid board given by which triangles of a `width` × `height` box of rhombi it
/// keeps: rhombus `(x, y)` (x along a row, y down the slanted side) holds triangle `z = 0`,
/// pointing down, and `z = 1`, pointing up to its lower right. Shapes such as trapezoids and
/// hexagons are simple inequalities on `x + y + z` in these coordinates.
pub fn tri_board(
    width: i32,
    height: i32,
    keep: impl Fn(i32, i32, i32) -> bool,
) -> Result<Board, PolyError> {
    let mut cells = Vec::new();
    for y in 0..height {
        for x in 0..width {
            for z in 0..2 {
                if keep(x, y, z) {
                    cells.push(GridKind::Tri.from_lattice((3 * x + 1 + z, 3 * y + 1 + z)));
                }
            }
        }
    }
    Board::from_cells(GridKind::Tri, &cells)
}

/// The 12 pentominoes, named by their usual letters.
pub fn pentominoes() -> Vec<Piece> {
    drawn_set(GridKind::Square, &PENTOMINOES)
}

/// The 5 tetrominoes (I, O, T, S, L).
pub fn tetrominoes() -> Vec<Piece> {
    drawn_set(GridKind::Square, &TETROMINOES)
}

/// A `w` × `h` rectangle (a brick).
pub fn brick(w: usize, h: usize) -> Piece {
    let cells = (0..h as i32)
        .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
        .collect();
    Piece {
        name: format!("{w}x{h}"),
        kind: GridKind::Square,
        cells,
        count: 1,
    }
}

/// All free polyominoes (or polyhexes, or polyiamonds) of `n` cells, each once, in a fixed
/// order.
pub fn free_shapes(kind: GridKind, n: usize) -> Vec<Vec<(i32, i32)>> {
    let piece = |cells: Vec<(i32, i32)>| Piece {
        name: String::new(),
        kind,
        cells,
        count: 1,
    };
    let mut shapes: Vec<Vec<(i32, i32)>> = vec![super::grid::normalize(kind, &[(0, 0)])];
    for _ in 1..n {
        let mut next: Vec<Vec<(i32, i32)>> = Vec::new();
        for shape in &shapes {
            let drawn: Vec<(i32, i32)> = shape.iter().map(|&p| kind.from_lattice(p)).collect();
            for &c in &drawn {
                for nb in kind.neighbours(c) {
                    if drawn.contains(&nb) {
                        continue;
                    }
                    let mut grown = drawn.clone();
                    grown.push(nb);
                    let canon = piece(grown).canonical();
                    if let Err(at) = next.binary_search(&canon) {
                        next.insert(at, canon);
                    }
                }
            }
        }
        shapes = next;
    }
    shapes
}

const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The 35 free hexominoes, named `A` … `Z`, `a` … `i`.
pub fn hexominoes() -> Vec<Piece> {
    free_shapes(GridKind::Square, 6)
        .into_iter()
        .zip(SYMBOLS.chars())
        .map(|(shape, name)| Piece {
            name: name.to_string(),
            kind: GridKind::Square,
            cells: shape,
            count: 1,
        })
        .collect()
}

/// The brick set `bricks`: one each of 1×2, 1×3, 1×4, 2×2, 2×3, 2×4 and 3×3 (36 cells).
pub fn bricks() -> Vec<Piece> {
    [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4), (3, 3)]
        .into_iter()
        .map(|(w, h)| brick(w, h))
        .collect()
}

/// Parses a piece spec: comma-separated terms, each a set name (`meteor`, `pentominoes`,
/// `tetrominoes`, `hexominoes`, `bricks`, `hexiamonds`, `tetriamonds`) or a brick `AxB`,
/// optionally followed by `*K` for K copies.
pub fn parse_piece_spec(spec: &str) -> Result<Vec<Piece>, PolyError> {
    let mut out = Vec::new();
    for term in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let unknown = || PolyError::UnknownPieces(term.to_string());
        let (name, times) = match term.split_once('*') {
            Some((n, k)) => (
                n.trim(),
                k.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|k| (1..=64).contains(k))
                    .ok_or_else(|| PolyError::BadPieceCount(term.to_string()))?,
            ),
            None => (term, 1),
        };
        let mut set = match name.to_ascii_lowercase().as_str() {
            "meteor" => meteor_pieces(),
            "pentominoes" | "pentomino" | "pentominos" => pentominoes(),
            "tetrominoes" | "tetromino" | "tetrominos" => tetrominoes(),
            "hexominoes" | "hexomino" | "hexominos" => hexominoes(),
            "bricks" => bricks(),
            "hexiamonds" | "hexiamond" => hexiamonds(),
            "tetriamonds" | "tetriamond" => tetriamonds(),
            other => {
                let (w, h) = other.split_once('x').ok_or_else(unknown)?;
                let side = |t: &str| t.trim().parse::<usize>();
                let (Ok(w), Ok(h)) = (side(w), side(h)) else {
                    // Numbers, but not whole ones that fit: a size, not a name, was meant.
                    let numeric = |t: &str| {
                        !t.trim().is_empty()
                            && t.trim()
                                .chars()
                                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
                    };
                    return Err(if numeric(w) && numeric(h) {
                        PolyError::BadBrickSize(term.to_string())
                    } else {
                        unknown()
                    });
                };
                if !(1..=16).contains(&w) || !(1..=16).contains(&h) {
                    return Err(PolyError::BadBrickSize(term.to_string()));
                }
                vec![brick(w, h)]
            }
        };
        for p in &mut set {
            p.count *= times;
        }
        out.extend(set);
    }
    if out.is_empty() {
        return Err(PolyError::NoPieces);
    }
    Ok(out)
}

/// A ready-made puzzle from the library.
#[derive(Clone, Debug, Serialize)]
pub struct Puzzle {
    /// Short id (`meteor`, `pentominoes-6x10`, …).
    pub id: &'static str,
    /// Title shown to the user.
    pub title: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// The board in the board file format.
    pub board: String,
    /// The piece spec (see [`parse_piece_spec`]).
    pub pieces: &'static str,
}

/// The library's puzzles.
pub fn puzzles() -> Vec<Puzzle> {
    let sq = |w, h| Board::rectangle(GridKind::Square, w, h).to_text();
    vec![
        Puzzle {
            id: "meteor",
            title: "Meteor",
            about: "10 pieces of 5 hexagons on a 5×10 hex board: 2,098 solutions",
            board: meteor_board().to_text(),
            pieces: "meteor",
        },
        Puzzle {
            id: "pentominoes-6x10",
            title: "Pentominoes 6×10",
            about: "The 12 pentominoes in a 6×10 box: 2,339 distinct solutions",
            board: sq(10, 6),
            pieces: "pentominoes",
        },
        Puzzle {
            id: "pentominoes-5x12",
            title: "Pentominoes 5×12",
            about: "1,010 distinct solutions",
            board: sq(12, 5),
            pieces: "pentominoes",
        },
        Puzzle {
            id: "pentominoes-4x15",
            title: "Pentominoes 4×15",
            about: "368 distinct solutions",
            board: sq(15, 4),
            pieces: "pentominoes",
        },
        Puzzle {
            id: "pentominoes-3x20",
            title: "Pentominoes 3×20",
            about: "Only 2 distinct solutions",
            board: sq(20, 3),
            pieces: "pentominoes",
        },
        Puzzle {
            id: "pentominoes-8x8",
            title: "Pentominoes 8×8, centre hole",
            about: "Dana Scott's 1958 puzzle: 65 distinct solutions",
            board: Board::rectangle(GridKind::Square, 8, 8)
                .with_centre_hole(2, 2)
                .to_text(),
            pieces: "pentominoes",
        },
        Puzzle {
            id: "tetrominoes-5x8",
            title: "Two tetromino sets 5×8",
            about: "Two copies of each of the 5 tetrominoes",
            board: sq(8, 5),
            pieces: "tetrominoes*2",
        },
        Puzzle {
            id: "bricks-6x6",
            title: "Bricks 6×6",
            about: "Seven rectangles from 1×2 to 3×3 in a 6×6 square",
            board: sq(6, 6),
            pieces: "bricks",
        },
        Puzzle {
            id: "hexiamonds-6x6",
            title: "Hexiamonds 6×6 rhombus",
            about: "The 12 hexiamonds in a 6×6 rhombus: 156 distinct solutions",
            board: tri_text(Board::tri_parallelogram(6, 6)),
            pieces: "hexiamonds",
        },
        Puzzle {
            id: "hexiamonds-4x9",
            title: "Hexiamonds 4×9",
            about: "The 12 hexiamonds in a 4×9 parallelogram: 74 distinct solutions",
            board: tri_text(Board::tri_parallelogram(9, 4)),
            pieces: "hexiamonds",
        },
        Puzzle {
            id: "hexiamonds-trapezoid",
            title: "Hexiamonds trapezoid",
            about: "A trapezoid 4 rows high, 11 units along the top and 7 along the bottom: 76 distinct solutions",
            board: tri_text(tri_board(11, 4, |x, y, z| x + y + z < 11)),
            pieces: "hexiamonds",
        },
        Puzzle {
            id: "tetriamonds-hexagon",
            title: "Two tetriamond sets, hexagon",
            about: "Two copies of each of the 3 tetriamonds in a hexagon of side 2",
            board: tri_text(tri_board(4, 4, |x, y, z| (2..=5).contains(&(x + y + z)))),
            pieces: "tetriamonds*2",
        },
        Puzzle {
            id: "dominoes-4x5",
            title: "Dominoes 4×5",
            about: "Ten identical 1×2 bricks",
            board: sq(5, 4),
            pieces: "1x2*10",
        },
    ]
}

/// A library board as text (a shape that cannot be built reads as an empty board, which the
/// page and CLI report).
fn tri_text(board: Result<Board, PolyError>) -> String {
    board.map(|b| b.to_text()).unwrap_or_default()
}

/// Solves Meteor as the benchmarks game asks: the number of solutions found (at most `limit`)
/// and the smallest and largest solution strings (each cell's piece digit, row by row).
pub fn meteor_extremes(limit: Option<u64>) -> Result<(u64, String, String), PolyError> {
    let options = super::solve::Options {
        limit,
        ..Default::default()
    };
    Ok(meteor_extremes_with(&meteor_problem()?, &options))
}

/// The Meteor puzzle, ready to search.
pub fn meteor_problem() -> Result<Problem, PolyError> {
    Problem::new(meteor_board(), meteor_pieces(), false)
}

/// [`meteor_extremes`] of the search `options` ask for (a limit, a shard, a team member's
/// part): the counts of disjoint parts add up, and the smallest and largest of the parts'
/// extremes (compared as strings) are the whole search's.
pub fn meteor_extremes_with(
    problem: &Problem,
    options: &super::solve::Options,
) -> (u64, String, String) {
    use super::solve::{Progress, Visitor, solve};
    /// The smallest and largest label grids so far, and a scratch grid.
    struct Extremes(Option<Vec<i16>>, Option<Vec<i16>>, Vec<i16>);
    impl Visitor for Extremes {
        fn solution(&mut self, problem: &Problem, placements: &[u32], _: &Progress) -> bool {
            // Meteor pieces are named 0..9 in order, so labels compare like the strings.
            problem.labels_into(placements, &mut self.2);
            if self.0.as_ref().is_none_or(|m| self.2 < *m) {
                self.0 = Some(self.2.clone());
            }
            if self.1.as_ref().is_none_or(|m| self.2 > *m) {
                self.1 = Some(self.2.clone());
            }
            true
        }
    }
    let cells = problem.board.width * problem.board.height;
    let mut ex = Extremes(None, None, vec![-1; cells]);
    let summary = solve(problem, options, &mut ex);
    let found = options
        .limit
        .map_or(summary.counts.total, |l| summary.counts.total.min(l));
    let text = |labels: Option<Vec<i16>>| -> String {
        labels
            .unwrap_or_default()
            .iter()
            .map(|&l| char::from_digit(l.clamp(0, 9) as u32, 10).unwrap_or('.'))
            .collect()
    };
    (found, text(ex.0), text(ex.1))
}

/// Reads a board given as `WxH` (square), `hex:WxH`, `tri:WxH` (a parallelogram of W units
/// by H rows), a library name (`meteor`, a puzzle id) or a drawing in the board file format.
pub fn resolve_board(text: &str) -> Result<Board, PolyError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("meteor") {
        return Ok(meteor_board());
    }
    if let Some(size) = t.strip_prefix("hex:") {
        return Board::parse_size(GridKind::Hex, size);
    }
    if let Some(size) = t.strip_prefix("tri:") {
        return Board::parse_size(GridKind::Tri, size);
    }
    if !t.contains('\n') && t.starts_with(|c: char| c.is_ascii_digit()) {
        return Board::parse_size(GridKind::Square, t);
    }
    if let Some(p) = puzzles().into_iter().find(|p| p.id == t) {
        return super::format::parse_board(&p.board);
    }
    if !t.contains('\n')
        && t.chars().any(|c| c.is_ascii_alphabetic())
        && GridKind::from_name(t).is_none()
    {
        return Err(PolyError::UnknownBoard(t.to_string()));
    }
    super::format::parse_board(text)
}

/// The problem of a board and pieces given as text (see [`resolve_board`] and
/// [`resolve_pieces`]): "6x10" and "pentominoes", "meteor" and "meteor", or drawings.
pub fn problem_from_text(
    board: &str,
    pieces: &str,
    allow_unused: bool,
) -> Result<Problem, PolyError> {
    Problem::new(resolve_board(board)?, resolve_pieces(pieces)?, allow_unused)
}

/// Reads pieces given as a spec on one line (see [`parse_piece_spec`]) or as a drawing in
/// the pieces file format.
pub fn resolve_pieces(text: &str) -> Result<Vec<Piece>, PolyError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(PolyError::NoPieces);
    }
    if !t.contains('\n') && !t.contains('.') {
        return parse_piece_spec(t);
    }
    super::format::parse_pieces(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_spec_errors_name_the_fault() {
        let err = |spec: &str| parse_piece_spec(spec).unwrap_err();
        for spec in ["1x2*0", "1x2*-1", "2x3*65", "tetrominoes*x"] {
            assert_eq!(err(spec), PolyError::BadPieceCount(spec.into()), "{spec}");
        }
        for spec in ["0x3", "100x100", "2.5x3"] {
            assert_eq!(err(spec), PolyError::BadBrickSize(spec.into()), "{spec}");
        }
        assert_eq!(err("frogs"), PolyError::UnknownPieces("frogs".into()));
        assert_eq!(err(" , "), PolyError::NoPieces);
        assert!(
            err("")
                .to_string()
                .starts_with("no pieces given: name a set")
        );
    }

    #[test]
    fn set_sizes() {
        assert_eq!(pentominoes().len(), 12);
        assert!(pentominoes().iter().all(|p| p.size() == 5));
        assert_eq!(tetrominoes().len(), 5);
        assert_eq!(free_shapes(GridKind::Square, 5).len(), 12);
        assert_eq!(hexominoes().len(), 35);
        assert_eq!(free_shapes(GridKind::Hex, 5).len(), 22);
        // Free polyiamonds of 1 to 7 triangles (OEIS A000577).
        let iamonds: Vec<usize> = (1..=7)
            .map(|n| free_shapes(GridKind::Tri, n).len())
            .collect();
        assert_eq!(iamonds, [1, 1, 1, 3, 4, 12, 24]);
        let meteor = meteor_pieces();
        assert_eq!(meteor.len(), 10);
        assert!(meteor.iter().all(|p| p.size() == 5));
    }

    #[test]
    fn pentominoes_are_all_different() {
        let mut c: Vec<_> = pentominoes().iter().map(Piece::canonical).collect();
        c.sort();
        c.dedup();
        assert_eq!(c.len(), 12);
    }

    #[test]
    fn the_named_polyiamonds_are_the_free_ones() {
        for (set, n) in [(hexiamonds(), 6), (tetriamonds(), 4)] {
            let mut named: Vec<_> = set.iter().map(Piece::canonical).collect();
            named.sort();
            named.dedup();
            let mut free: Vec<_> = free_shapes(GridKind::Tri, n)
                .into_iter()
                .map(|cells| {
                    let drawn = cells.iter().map(|&p| GridKind::Tri.from_lattice(p));
                    Piece::new("", GridKind::Tri, drawn.collect()).map(|p| p.canonical())
                })
                .collect::<Result<_, _>>()
                .unwrap();
            free.sort();
            assert_eq!(named, free);
        }
        // The bar, hexagon and butterfly have 6, 1 and 3 orientations.
        let h = hexiamonds();
        let turns = |name: &str| {
            h.iter()
                .find(|p| p.name == name)
                .unwrap()
                .orientations()
                .len()
        };
        assert_eq!((turns("I"), turns("O"), turns("X")), (6, 1, 3));
    }

    #[test]
    fn library_boards_are_whole() {
        for p in puzzles() {
            let problem = problem_from_text(&p.board, p.pieces, false);
            assert!(problem.is_ok(), "{}: {:?}", p.id, problem.err());
        }
    }

    #[test]
    fn specs() {
        let p = parse_piece_spec("2x3*4, 1x2").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].count, 4);
        assert_eq!(p[0].size(), 6);
        assert!(parse_piece_spec("dodecahedra").is_err());
        assert!(parse_piece_spec("2x3*0").is_err());
        assert_eq!(parse_piece_spec("tetrominoes*2").unwrap()[0].count, 2);
    }
}
