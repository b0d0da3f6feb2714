//! The 9×9 grid: parsing puzzles from text (with clear errors) and formatting them back.

use std::fmt;
use std::str::FromStr;

use crate::util::place::{ErrorPlace, Located};

/// A Sudoku grid: 81 cells in row-major order, each 0 (empty) or a digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Cell values, row by row; 0 means empty.
    pub cells: [u8; 81],
}

/// The kinds of unit a digit must not repeat in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A row, numbered 1–9 from the top.
    Row,
    /// A column, numbered 1–9 from the left.
    Column,
    /// A 3×3 box, numbered 1–9 row by row.
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// Why a text is not a valid puzzle. Cells are named `r{row}c{col}`, counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The text does not hold exactly 81 cells once decoration is removed.
    #[error("a puzzle has 81 cells, this one has {found}")]
    WrongLength {
        /// How many cell characters were found.
        found: usize,
    },
    /// A character that is neither a digit, an empty-cell mark nor grid decoration.
    #[error("bad character {ch:?} at position {position} ({}); use 1-9, and . or 0 for empty", cell_place(*.cell))]
    BadCharacter {
        /// The offending character (shown escaped: a control character or a byte order mark
        /// would not be seen).
        ch: char,
        /// Its 1-based position in the input text, counted in characters.
        position: usize,
        /// The cell it would have filled: 0–80, or 81 when it comes after the 81 cells.
        cell: usize,
    },
    /// The same digit twice in one unit.
    #[error("two {digit}s in {kind} {index}: cells {} and {}", cell_name(cells.0), cell_name(cells.1))]
    DuplicateGiven {
        /// The repeated digit.
        digit: u8,
        /// Row, column or box.
        kind: UnitKind,
        /// The unit's number, 1–9.
        index: usize,
        /// The two cells (0–80) holding it.
        cells: (usize, usize),
    },
}

impl Located for ParseError {
    /// The puzzle, and its cells when the error names any.
    fn place(&self) -> ErrorPlace {
        ErrorPlace::field("puzzle").cells(self.cells())
    }
}

impl ParseError {
    /// The cells (0–80) the error is about, for highlighting on a board.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            ParseError::WrongLength { .. } => Vec::new(),
            ParseError::BadCharacter { cell, .. } => vec![(*cell).min(80)],
            ParseError::DuplicateGiven { cells, .. } => vec![cells.0, cells.1],
        }
    }
}

/// Where a bad character is: in a cell, or past the 81 cells.
fn cell_place(cell: usize) -> String {
    if cell < 81 {
        format!("cell {}", cell_name(cell))
    } else {
        "after the 81 cells".to_string()
    }
}

/// `r{row}c{col}`, 1-based: the notation players and the logic explanations use.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Characters that only decorate a printed grid and are skipped when parsing.
fn is_decoration(ch: char) -> bool {
    // With the invisible characters that copying from an editor or a web page leaves in a text
    // (a byte order mark, zero-width spaces and joiners, a soft hyphen): the user cannot see
    // them, so cannot remove them.
    ch.is_whitespace()
        || matches!(
            ch,
            '|' | '-'
                | '+'
                | '\u{feff}'
                | '\u{200b}'
                | '\u{200c}'
                | '\u{200d}'
                | '\u{2060}'
                | '\u{ad}'
        )
}

impl Grid {
    /// An empty grid.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// Parses 81 cells (`1`–`9`, `.` or `0` for empty), skipping whitespace and `|`, `-`, `+`,
    /// and rejects a digit repeated in a row, column or box.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let grid = Grid::parse_unchecked(text)?;
        if let Some(err) = grid.first_conflict() {
            return Err(err);
        }
        Ok(grid)
    }

    /// Parses the cells without checking for repeated digits (for showing a user's board that
    /// has conflicts). Some sites write empty cells as `-`: when the `-` are what a text lacks
    /// of 81 cells, they are read as empty cells instead of grid lines.
    pub fn parse_unchecked(text: &str) -> Result<Grid, ParseError> {
        match Grid::parse_cells(text, false) {
            Err(ParseError::WrongLength { found }) if found < 81 && text.contains('-') => {
                Grid::parse_cells(text, true).map_err(|_| ParseError::WrongLength { found })
            }
            other => other,
        }
    }

    fn parse_cells(text: &str, dash_is_empty: bool) -> Result<Grid, ParseError> {
        let mut cells = [0u8; 81];
        let mut count = 0usize;
        for (position, ch) in text.chars().enumerate() {
            if is_decoration(ch) && !(dash_is_empty && ch == '-') {
                continue;
            }
            let value = match ch {
                '.' | '0' | '-' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    return Err(ParseError::BadCharacter {
                        ch,
                        position: position + 1,
                        cell: count.min(81),
                    });
                }
            };
            if count < 81 {
                cells[count] = value;
            }
            count += 1;
        }
        if count != 81 {
            return Err(ParseError::WrongLength { found: count });
        }
        Ok(Grid { cells })
    }

    /// The first digit repeated in a unit, if any (rows, then columns, then boxes).
    pub fn first_conflict(&self) -> Option<ParseError> {
        for (kind, units) in [
            (UnitKind::Row, &ROWS),
            (UnitKind::Column, &COLS),
            (UnitKind::Box, &BOXES),
        ] {
            for (u, unit) in units.iter().enumerate() {
                let mut seen = [usize::MAX; 10];
                for &cell in unit {
                    let digit = self.cells[cell];
                    if digit == 0 {
                        continue;
                    }
                    if seen[digit as usize] != usize::MAX {
                        return Some(ParseError::DuplicateGiven {
                            digit,
                            kind,
                            index: u + 1,
                            cells: (seen[digit as usize], cell),
                        });
                    }
                    seen[digit as usize] = cell;
                }
            }
        }
        None
    }

    /// Number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True when the grid is full and every unit holds each digit once.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.first_conflict().is_none()
    }

    /// True when every filled cell of `puzzle` holds the same digit here.
    pub fn keeps_givens_of(&self, puzzle: &Grid) -> bool {
        puzzle
            .cells
            .iter()
            .zip(self.cells.iter())
            .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The 81-digit form, `0` for empty (the solver output format).
    pub fn to_digits(&self) -> String {
        self.cells.iter().map(|&v| (b'0' + v) as char).collect()
    }

    /// The 81-character form with `.` for empty (the puzzle format).
    pub fn to_dots(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }
}

impl FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grid::parse(s)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_dots())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_dots())
    }
}

const fn unit_table(kind: u8) -> [[usize; 9]; 9] {
    let mut t = [[0usize; 9]; 9];
    let mut u = 0;
    while u < 9 {
        let mut i = 0;
        while i < 9 {
            t[u][i] = match kind {
                0 => u * 9 + i,
                1 => i * 9 + u,
                _ => (u / 3 * 3 + i / 3) * 9 + (u % 3) * 3 + i % 3,
            };
            i += 1;
        }
        u += 1;
    }
    t
}

/// The cells of each row.
pub const ROWS: [[usize; 9]; 9] = unit_table(0);
/// The cells of each column.
pub const COLS: [[usize; 9]; 9] = unit_table(1);
/// The cells of each box.
pub const BOXES: [[usize; 9]; 9] = unit_table(2);

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn parses_dots_zeros_and_decoration() {
        let g = Grid::parse(PUZZLE).unwrap();
        assert_eq!(g.to_dots(), PUZZLE);
        let zeros = PUZZLE.replace('.', "0");
        assert_eq!(Grid::parse(&zeros).unwrap(), g);
        let mut decorated = String::new();
        for (i, ch) in PUZZLE.chars().enumerate() {
            if i % 9 == 0 && i > 0 {
                decorated.push_str("\n------+-------+------\n");
            } else if i % 3 == 0 && i > 0 {
                decorated.push_str(" | ");
            }
            decorated.push(ch);
        }
        assert_eq!(Grid::parse(&decorated).unwrap(), g);
    }

    #[test]
    fn dashes_are_empty_cells_when_they_make_up_the_81() {
        let g = Grid::parse(PUZZLE).unwrap();
        assert_eq!(Grid::parse(&PUZZLE.replace('.', "-")).unwrap(), g);
        // Too few cells either way: the count without the dashes is the one reported.
        let short = PUZZLE[..80].replace('.', "-");
        let digits = short.chars().filter(char::is_ascii_digit).count();
        assert_eq!(
            Grid::parse(&short).unwrap_err(),
            ParseError::WrongLength { found: digits }
        );
    }

    #[test]
    fn wrong_length_says_how_many() {
        let err = Grid::parse(&PUZZLE[..80]).unwrap_err();
        assert_eq!(err, ParseError::WrongLength { found: 80 });
        assert_eq!(err.to_string(), "a puzzle has 81 cells, this one has 80");
        let long = format!("{PUZZLE}1");
        assert_eq!(
            Grid::parse(&long).unwrap_err(),
            ParseError::WrongLength { found: 82 }
        );
    }

    #[test]
    fn bad_character_says_which_and_where() {
        let bad = format!("4.x{}", &PUZZLE[3..]);
        let err = Grid::parse(&bad).unwrap_err();
        assert_eq!(
            err,
            ParseError::BadCharacter {
                ch: 'x',
                position: 3,
                cell: 2
            }
        );
        assert!(err.to_string().contains("'x' at position 3 (cell r1c3)"));
        // Past the 81 cells, and a character no one would see, escaped.
        let err = Grid::parse(&format!("{PUZZLE},")).unwrap_err();
        assert!(
            err.to_string()
                .contains("',' at position 82 (after the 81 cells)"),
            "{err}"
        );
        assert_eq!(err.place().cells, vec![80]);
        let err = Grid::parse(&format!("\u{0}{PUZZLE}")).unwrap_err();
        assert!(err.to_string().contains("'\\0' at position 1"), "{err}");
    }

    /// A byte order mark (Windows Notepad writes one) and the zero-width characters copied
    /// from web pages are invisible to the user, so they are read past like spaces.
    #[test]
    fn invisible_characters_are_read_past() {
        let mut marked = format!("\u{feff}{}", &PUZZLE[..9]);
        marked.push('\u{200b}');
        marked.push_str(&PUZZLE[9..]);
        assert_eq!(Grid::parse(&marked).unwrap(), Grid::parse(PUZZLE).unwrap());
    }

    #[test]
    fn duplicates_name_unit_and_cells() {
        let mut row = PUZZLE.to_string();
        row.replace_range(1..2, "4");
        let err = Grid::parse(&row).unwrap_err();
        assert_eq!(err.to_string(), "two 4s in row 1: cells r1c1 and r1c2");
        assert_eq!(err.cells(), vec![0, 1]);

        let mut col = PUZZLE.to_string();
        col.replace_range(9..10, "4");
        assert_eq!(
            Grid::parse(&col).unwrap_err().to_string(),
            "two 4s in column 1: cells r1c1 and r2c1"
        );

        let mut bx = PUZZLE.to_string();
        bx.replace_range(10..11, "4");
        assert_eq!(
            Grid::parse(&bx).unwrap_err().to_string(),
            "two 4s in box 1: cells r1c1 and r2c2"
        );
    }

    #[test]
    fn unit_tables_cover_every_cell_three_times() {
        let mut count = [0; 81];
        for table in [&ROWS, &COLS, &BOXES] {
            for unit in table.iter() {
                for &c in unit {
                    count[c] += 1;
                }
            }
        }
        assert!(count.iter().all(|&n| n == 3));
        assert_eq!(BOXES[4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }
}
