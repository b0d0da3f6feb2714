//! A Voltorb Flip board: 25 cards, each 0 (Voltorb), 1, 2 or 3, two bits per card.

/// Number of rows (and of columns).
pub const SIZE: usize = 5;
/// Number of cards on a board.
pub const CELLS: usize = SIZE * SIZE;

/// A full board; card `(r, c)` is cell `r * 5 + c` and occupies bits `2·cell..2·cell+2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board(pub u64);

impl Board {
    /// Builds a board from 25 values in row-major order (each 0..=3; higher bits are ignored).
    pub fn from_cells(cells: &[u8; CELLS]) -> Self {
        let mut bits = 0u64;
        for (i, &v) in cells.iter().enumerate() {
            bits |= u64::from(v & 3) << (2 * i);
        }
        Board(bits)
    }

    /// The card at cell index `cell` (0..25).
    #[inline]
    pub fn get(self, cell: usize) -> u8 {
        ((self.0 >> (2 * cell)) & 3) as u8
    }

    /// The card at row `r`, column `c`.
    #[inline]
    pub fn at(self, r: usize, c: usize) -> u8 {
        self.get(r * SIZE + c)
    }

    /// Sets the card at cell index `cell`.
    pub fn set(&mut self, cell: usize, value: u8) {
        self.0 = (self.0 & !(3u64 << (2 * cell))) | (u64::from(value & 3) << (2 * cell));
    }

    /// The 25 cards in row-major order.
    pub fn cells(self) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        for (i, v) in out.iter_mut().enumerate() {
            *v = self.get(i);
        }
        out
    }

    /// Bit mask (bit = cell index) of the cards equal to `value`.
    pub fn mask_of(self, value: u8) -> u32 {
        let mut m = 0u32;
        for i in 0..CELLS {
            if self.get(i) == value {
                m |= 1 << i;
            }
        }
        m
    }

    /// How many cards equal `value`.
    pub fn count(self, value: u8) -> u32 {
        self.mask_of(value).count_ones()
    }

    /// `(sum, voltorbs)` of each row.
    pub fn row_clues(self) -> [(u8, u8); SIZE] {
        let mut out = [(0, 0); SIZE];
        for (r, clue) in out.iter_mut().enumerate() {
            for c in 0..SIZE {
                let v = self.at(r, c);
                clue.0 += v;
                clue.1 += u8::from(v == 0);
            }
        }
        out
    }

    /// `(sum, voltorbs)` of each column.
    pub fn col_clues(self) -> [(u8, u8); SIZE] {
        let mut out = [(0, 0); SIZE];
        for (c, clue) in out.iter_mut().enumerate() {
            for r in 0..SIZE {
                let v = self.at(r, c);
                clue.0 += v;
                clue.1 += u8::from(v == 0);
            }
        }
        out
    }

    /// The board as five rows of five values.
    pub fn rows(self) -> [[u8; SIZE]; SIZE] {
        let mut out = [[0u8; SIZE]; SIZE];
        for (r, row) in out.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = self.at(r, c);
            }
        }
        out
    }
}

/// Mask of the cells of row `r`.
pub const fn row_mask(r: usize) -> u32 {
    0b11111 << (r * SIZE)
}

/// Mask of the cells of column `c`.
pub const fn col_mask(c: usize) -> u32 {
    0b00001_00001_00001_00001_00001 << c
}

/// The "free" cells: those whose row or column holds no Voltorb (given voltorb counts per line).
pub fn free_mask(row_voltorbs: [u8; SIZE], col_voltorbs: [u8; SIZE]) -> u32 {
    let mut m = 0u32;
    for i in 0..SIZE {
        if row_voltorbs[i] == 0 {
            m |= row_mask(i);
        }
        if col_voltorbs[i] == 0 {
            m |= col_mask(i);
        }
    }
    m
}

/// Free multipliers of a board with multiplier cells `mult` and free cells `free`: the total and
/// the largest count in any one row or column.
pub fn free_stats(mult: u32, free: u32) -> (u32, u32) {
    let f = mult & free;
    let mut max_line = 0;
    for i in 0..SIZE {
        max_line = max_line
            .max((f & row_mask(i)).count_ones())
            .max((f & col_mask(i)).count_ones());
    }
    (f.count_ones(), max_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_set_round_trip() {
        let mut b = Board::default();
        b.set(24, 3);
        b.set(7, 2);
        assert_eq!(b.get(24), 3);
        assert_eq!(b.at(1, 2), 2);
        assert_eq!(b.count(0), 23);
        assert_eq!(b.row_clues()[4], (3, 4));
        assert_eq!(b.col_clues()[2], (2, 4));
    }

    #[test]
    fn free_stats_counts_lines() {
        // Voltorbs only in row 0 and column 0: free cells are rows 1..5 minus column 0... plus
        // columns 1..5.
        let free = free_mask([1, 0, 0, 0, 0], [1, 0, 0, 0, 0]);
        assert_eq!(free, (1u32 << 25) - 1 - 1);
        let (total, line) = free_stats(0b11, free);
        assert_eq!((total, line), (1, 1));
    }
}
