//! Text formats: board files, piece files, and solutions as letter grids or Meteor strings.
//!
//! **Board file.** Lines starting with `;` are comments; blank lines are skipped. An optional
//! first line `square` (the default), `hex` or `tri` (also `triangle`) names the grid. Every other line is a row of the
//! board: `.` or `o` is a cell to cover, `#` or `-` a position that is not part of the board
//! (a hole, or outside an irregular shape); spaces and tabs are ignored, so hex rows may be
//! indented to look like hexes. Short rows end early. On a hex grid, odd rows (the 2nd, 4th, …)
//! are shifted half a cell to the right, as on the Meteor board. On a triangle grid the cell in
//! row r, column c (both from 0) points up when r + c is even, so `.` in the first column of
//! the first row is an up triangle and its right neighbour points down.
//!
//! **Pieces file.** Comments and the optional `square`/`hex` line as above. Pieces are drawn
//! as grids in blocks separated by blank lines: every character other than `.` (empty),
//! spaces (ignored) and `*` is a cell of the piece named by that character, so one block can
//! hold several pieces side by side (`FF.I`). A line `NAME*K` (e.g. `F*2`) gives piece NAME K
//! copies. Each piece's cells must be connected; a block's first row counts as an even row (so
//! hex rows keep their shift, and the block's first character on a triangle grid points up).

use super::board::Board;
use super::error::{Input, PolyError};
use super::grid::GridKind;
use super::piece::Piece;
use super::problem::Problem;

/// The meaningful lines of a board or pieces file with their 1-based numbers, the grid named
/// by an optional `square`/`hex`/`tri` first line, and whether each line follows a blank line.
fn lines(text: &str) -> (GridKind, Vec<(usize, &str, bool)>) {
    // The byte order mark some editors put first is not part of the drawing.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut kind = GridKind::Square;
    let mut out = Vec::new();
    let mut blank = false;
    let mut first = true;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with(';') {
            continue;
        }
        if t.is_empty() {
            blank = true;
            continue;
        }
        if first {
            first = false;
            if let Some(k) = GridKind::from_name(t) {
                kind = k;
                continue;
            }
        }
        out.push((i + 1, line, blank && !out.is_empty()));
        blank = false;
    }
    (kind, out)
}

/// Parses a board file (see the module docs).
pub fn parse_board(text: &str) -> Result<Board, PolyError> {
    let (kind, rows) = lines(text);
    let mut cells = Vec::new();
    for (row, &(line_no, line, _)) in rows.iter().enumerate() {
        let mut col = 0;
        for (i, ch) in line.chars().enumerate() {
            match ch {
                ' ' | '\t' => {}
                '.' | 'o' | 'O' => {
                    cells.push((col, row as i32));
                    col += 1;
                }
                '#' | '-' => col += 1,
                _ => {
                    return Err(PolyError::BadChar {
                        input: Input::Board,
                        line: line_no,
                        col: i + 1,
                        ch,
                        hint: "a board row uses . for a cell and # for no cell",
                    });
                }
            }
        }
    }
    if cells.is_empty() {
        return Err(PolyError::EmptyBoard);
    }
    // The box shrinks to the cells, keeping the parity that decides a hex or triangle's look.
    Board::from_cells(kind, &cells)
}

/// Parses a pieces file (see the module docs).
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, PolyError> {
    let (kind, rows) = lines(text);
    let mut order: Vec<char> = Vec::new();
    let mut cells: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut counts: Vec<(usize, char, usize)> = Vec::new();
    let mut row = 0i32;
    for &(line_no, line, after_blank) in &rows {
        let t = line.trim();
        if let Some((name, k)) = t.split_once('*') {
            let mut chars = name.trim().chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(PolyError::BadLine {
                    input: Input::Pieces,
                    line: line_no,
                    message: format!("{t:?} should be NAME*COUNT with a one-character name"),
                });
            };
            let k: usize = k
                .trim()
                .parse()
                .ok()
                .filter(|k| (1..=64).contains(k))
                .ok_or(PolyError::BadLine {
                    input: Input::Pieces,
                    line: line_no,
                    message: format!("the count in {t:?} should be a number from 1 to 64"),
                })?;
            counts.push((line_no, c, k));
            continue;
        }
        if after_blank {
            // A new block starts on an even row so hex and triangle shapes keep their look.
            row += 1 + ((row + 1) & 1);
        }
        let mut col = 0;
        for ch in line.chars() {
            match ch {
                ' ' | '\t' => continue,
                '.' => {}
                c => {
                    let i = match order.iter().position(|&o| o == c) {
                        Some(i) => i,
                        None => {
                            order.push(c);
                            cells.push(Vec::new());
                            order.len() - 1
                        }
                    };
                    cells[i].push((col, row));
                }
            }
            col += 1;
        }
        row += 1;
    }
    let mut pieces = Vec::new();
    for (c, cs) in order.iter().zip(cells) {
        pieces.push(Piece::new(&c.to_string(), kind, cs)?);
    }
    for (line_no, c, k) in counts {
        match pieces.iter_mut().find(|p| p.name == c.to_string()) {
            Some(p) => p.count = k,
            None => {
                return Err(PolyError::BadLine {
                    input: Input::Pieces,
                    line: line_no,
                    message: format!("no piece is drawn with {c:?}"),
                });
            }
        }
    }
    if pieces.is_empty() {
        return Err(PolyError::NoPieces);
    }
    Ok(pieces)
}

/// One symbol per piece copy: the piece names when they are single characters and every
/// piece has one copy, otherwise `A`, `B`, … in copy order.
pub fn copy_symbols(problem: &Problem) -> Vec<char> {
    let names_ok = problem
        .pieces
        .iter()
        .all(|p| p.count == 1 && p.name.chars().count() == 1);
    if names_ok {
        return problem
            .pieces
            .iter()
            .filter_map(|p| p.name.chars().next())
            .collect();
    }
    const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let n = problem.copy_types().len();
    SYMBOLS.chars().cycle().take(n).collect()
}

/// A solution as rows of symbols (`.` off the board); hex rows are spaced out as in the
/// Meteor output, odd rows indented by one space.
pub fn letter_grid(problem: &Problem, solution: &[u32]) -> String {
    let labels = problem.labels(solution);
    let symbols = copy_symbols(problem);
    let w = problem.board.width;
    let hex = problem.board.kind == GridKind::Hex;
    let mut out = String::new();
    for (r, row) in labels.chunks(w).enumerate() {
        if hex && r % 2 == 1 {
            out.push(' ');
        }
        for &l in row {
            let ch = usize::try_from(l)
                .ok()
                .and_then(|l| symbols.get(l).copied())
                .unwrap_or('.');
            out.push(ch);
            if hex {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

/// The solution as the benchmarks game's string: each cell's piece name, row by row.
pub fn name_string(problem: &Problem, solution: &[u32]) -> String {
    let types = problem.copy_types();
    problem
        .labels(solution)
        .iter()
        .map(|&l| match usize::try_from(l) {
            Ok(l) => problem.pieces[types[l]].name.clone(),
            Err(_) => ".".to_string(),
        })
        .collect()
}

/// A Meteor-style string (one character per cell, row by row, `width` per row) printed as the
/// benchmarks game prints a solution: `d ` pairs, odd rows indented by one space.
pub fn meteor_lines(s: &str, width: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    for (r, row) in chars.chunks(width.max(1)).enumerate() {
        if r % 2 == 1 {
            out.push(' ');
        }
        for c in row {
            out.push(*c);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_parse_with_holes_and_hex_header() {
        let b = parse_board("; a ring\n...\n.#.\n...\n").unwrap();
        assert_eq!((b.width, b.height, b.area()), (3, 3, 8));
        let h = parse_board("hex\n . . .\n. . .\n").unwrap();
        assert_eq!(h.kind, GridKind::Hex);
        assert_eq!(h.area(), 6);
        let e = parse_board("...\n.?.\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 2: unexpected character '?' (a board row uses . for a cell and # for no cell)"
        );
        assert_eq!(
            parse_board("; nothing\n").unwrap_err(),
            PolyError::EmptyBoard
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_drawing() {
        assert_eq!(parse_board("\u{feff}..\n..\n").unwrap().area(), 4);
        assert_eq!(
            parse_board("\u{feff}hex\n. .\n").unwrap().kind,
            GridKind::Hex
        );
        let pieces = parse_pieces("\u{feff}AA\n").unwrap();
        assert_eq!((pieces.len(), pieces[0].size()), (1, 2));
    }

    #[test]
    fn pieces_parse_side_by_side_with_counts() {
        let p = parse_pieces("AA.B\n.A.B\nB*3\n\nCC\n").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0].size(), 3);
        assert_eq!(p[1].count, 3);
        assert_eq!(p[2].size(), 2);
        assert!(
            parse_pieces("A.A\n")
                .unwrap_err()
                .to_string()
                .contains("not connected")
        );
        assert!(
            parse_pieces("AA\nQ*2\n")
                .unwrap_err()
                .to_string()
                .starts_with("line 2")
        );
    }
}
