//! The pencil-mark model the logic engine works on: each empty cell's remaining candidates,
//! plus the unit and peer tables every technique uses.

use super::grid::Grid;

/// A set of digits 1–9 as bits 1–9 of a `u16` (bit 0 unused).
pub type Digits = u16;

/// All nine digits.
pub const ALL_DIGITS: Digits = 0x3FE;

/// The 27 units: rows 0–8, columns 9–17, boxes 18–26.
pub const UNITS: [[usize; 9]; 27] = unit_list();

const fn unit_list() -> [[usize; 9]; 27] {
    let mut t = [[0usize; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut i = 0;
        while i < 9 {
            t[u][i] = u * 9 + i;
            t[9 + u][i] = i * 9 + u;
            t[18 + u][i] = (u / 3 * 3 + i / 3) * 9 + (u % 3) * 3 + i % 3;
            i += 1;
        }
        u += 1;
    }
    t
}

/// The row, column and box unit (indices into [`UNITS`]) of each cell.
pub const CELL_UNITS: [[usize; 3]; 81] = cell_units();

const fn cell_units() -> [[usize; 3]; 81] {
    let mut t = [[0usize; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3];
        c += 1;
    }
    t
}

/// The 20 peers (cells sharing a unit) of each cell.
pub const PEERS: [[usize; 20]; 81] = peer_table();

/// Each cell's peers as bits of an 81-bit set (bit `cell`).
pub const PEER_CELLS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            t[c] |= 1 << PEERS[c][i];
            i += 1;
        }
        c += 1;
    }
    t
};

/// Each cell alone as an 81-bit set (bit `cell`). The chain searches take their cell bits
/// from here rather than shifting: in WebAssembly a `u128` shifted by a variable amount is a
/// call into compiler-rt that hands its result back through memory, and they make millions.
pub const CELL_BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = 1 << c;
        c += 1;
    }
    t
};

/// Each unit's cells as bits of an 81-bit set (bit `cell`), for the techniques that ask
/// whether units meet or hold a set of cells in one operation.
pub const UNIT_CELLS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[u] |= 1 << UNITS[u][i];
            i += 1;
        }
        u += 1;
    }
    t
};

const fn peer_table() -> [[usize; 20]; 81] {
    let mut t = [[0usize; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && sees(c, o) {
                t[c][n] = o;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
}

/// The box (0–8) a cell (0–80) lies in.
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// True when two different cells share a row, column or box.
pub const fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3))
}

/// The unit's kind name and 0-based index within its kind, as the JSON `units` field uses.
pub fn unit_kind(unit: usize) -> (&'static str, usize) {
    match unit / 9 {
        0 => ("row", unit),
        1 => ("column", unit - 9),
        _ => ("box", unit - 18),
    }
}

/// A unit's name in prose, e.g. "row 3", "box 7" (1-based).
pub fn unit_name(unit: usize) -> String {
    let (kind, index) = unit_kind(unit);
    format!("{kind} {}", index + 1)
}

/// The digits in a digit set, ascending.
pub fn digits_of(set: Digits) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| set & (1 << d) != 0)
}

/// A digit set's members as text, e.g. "2/7".
pub fn digits_text(set: Digits) -> String {
    digits_of(set)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// A digit set from a mask with bit d-1 for digit d (the layout pages and the CLI use);
/// bits above digit 9 are dropped.
pub fn digits_from_mask(mask: u16) -> Digits {
    (mask << 1) & ALL_DIGITS
}

/// A position in the logic: placed digits and remaining candidates of every cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// Placed digits (0 = empty), row-major.
    pub values: [u8; 81],
    /// Remaining candidates of each empty cell (0 for filled cells).
    pub cands: [Digits; 81],
}

impl Board {
    /// The board of a grid with every candidate not excluded by a placed digit.
    pub fn from_grid(grid: &Grid) -> Board {
        let mut b = Board {
            values: [0; 81],
            cands: [ALL_DIGITS; 81],
        };
        for cell in 0..81 {
            let v = grid.cells[cell];
            if v != 0 {
                b.place(cell, v);
            }
        }
        b
    }

    /// Places `digit` in `cell` and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for &p in &PEERS[cell] {
            self.cands[p] &= !(1 << digit);
        }
    }

    /// Removes a candidate; true when it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.cands[cell] & (1 << digit) != 0;
        self.cands[cell] &= !(1 << digit);
        had
    }

    /// True when `digit` is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & (1 << digit) != 0
    }

    /// The placed digits as a grid.
    pub fn grid(&self) -> Grid {
        Grid { cells: self.values }
    }

    /// A board from its placed digits and candidate masks (81 each, as [`Board::values`] and
    /// [`Board::cands`]), or `None` when they are not a board: wrong lengths, a digit above 9,
    /// a candidate outside 1–9 (bit `d` for digit `d`), or candidates in a filled cell.
    pub fn from_parts(values: &[u8], cands: &[Digits]) -> Option<Board> {
        let values: [u8; 81] = values.try_into().ok()?;
        let cands: [Digits; 81] = cands.try_into().ok()?;
        let valid = values
            .iter()
            .zip(&cands)
            .all(|(&v, &c)| v <= 9 && c & !ALL_DIGITS == 0 && (v == 0 || c == 0));
        valid.then_some(Board { values, cands })
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Number of candidates of a cell.
    pub fn count(&self, cell: usize) -> u32 {
        self.cands[cell].count_ones()
    }

    /// Bit mask (bit i = i-th cell of the unit) of the unit's cells with `digit` as candidate.
    pub fn positions(&self, unit: usize, digit: u8) -> u16 {
        let mut m = 0u16;
        for (i, &c) in UNITS[unit].iter().enumerate() {
            if self.cands[c] & (1 << digit) != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// True when `digit` is already placed somewhere in the unit.
    pub fn unit_has_value(&self, unit: usize, digit: u8) -> bool {
        UNITS[unit].iter().any(|&c| self.values[c] == digit)
    }

    /// Keeps only the candidates also in `marks` (one mask per cell in the page's layout:
    /// bit d-1 = digit d possible); filled cells are left alone.
    pub fn restrict(&mut self, marks: &[u16; 81]) {
        for (cell, &m) in marks.iter().enumerate() {
            if self.values[cell] == 0 {
                self.cands[cell] &= digits_from_mask(m);
            }
        }
    }

    /// True when the position cannot be completed: an empty cell without candidates, or a
    /// digit with no place left in a unit that lacks it.
    pub fn is_broken(&self) -> bool {
        if (0..81).any(|c| self.values[c] == 0 && self.cands[c] == 0) {
            return true;
        }
        (0..27).any(|u| (1..=9u8).any(|d| self.positions(u, d) == 0 && !self.unit_has_value(u, d)))
    }
}

/// Test set-up: gives `cell` exactly the candidates `digits`.
#[cfg(test)]
pub(crate) fn set_candidates(board: &mut Board, cell: usize, digits: &[u8]) {
    board.cands[cell] = digits.iter().fold(0, |m, &d| m | (1 << d));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_comes_back_from_its_parts_and_nonsense_does_not() {
        let mut grid = crate::sudoku::Grid::EMPTY;
        grid.cells[0] = 5;
        let board = Board::from_grid(&grid);
        assert_eq!(
            Board::from_parts(&board.values, &board.cands),
            Some(board.clone())
        );
        assert_eq!(Board::from_parts(&board.values[..80], &board.cands), None);
        let mut cands = board.cands;
        cands[0] = 1 << 3; // a candidate in the filled cell
        assert_eq!(Board::from_parts(&board.values, &cands), None);
        cands[0] = 0;
        cands[1] = 1; // bit 0 is no digit
        assert_eq!(Board::from_parts(&board.values, &cands), None);
        let mut values = board.values;
        values[0] = 10;
        assert_eq!(Board::from_parts(&values, &board.cands), None);
    }

    #[test]
    fn tables_are_consistent() {
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(CELL_UNITS[40], [4, 13, 22]);
        for c in 0..81 {
            for &u in &CELL_UNITS[c] {
                assert!(UNITS[u].contains(&c));
            }
            assert!(PEERS[c].iter().all(|&p| sees(c, p)));
        }
        assert!(!sees(0, 0));
        assert!(sees(0, 20) && !sees(0, 30));
    }

    #[test]
    fn placing_removes_peer_candidates() {
        let g = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        let b = Board::from_grid(&g);
        assert_eq!(b.cands[0], 0);
        assert!(!b.has(8, 5) && !b.has(72, 5) && !b.has(20, 5));
        assert!(b.has(30, 5));
        assert!(!b.is_broken());
    }
}
