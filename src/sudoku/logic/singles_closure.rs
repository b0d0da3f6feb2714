//! What an assumption leads to by singles (and by the plain rules of SE's "(+)" chains), on bit
//! masks: the question SE's chain searches ask of every candidate before each nested step,
//! answered cheaply enough to tell which of those searches can find anything at all (see
//! [`super::chain_screen`]).
//!
//! SE's chain tracker ([`super::se_chaining`]) answers it too, but records why each node was
//! derived (to measure and draw the chain) and allocates as it goes. Here the state is nine
//! 81-bit digit masks and the closure is a handful of mask operations per round. Both compute
//! the closure of the same monotone rules (a placed digit removes its cell's other candidates
//! and its peers' copies; a cell or unit left with one place for a digit places it), so their
//! verdicts agree whatever the order in which each derives things.

use super::super::candidates::{CELL_BIT, PEER_CELLS, UNIT_CELLS, UNITS};

/// For each cell, its row, column and box as bits of a 27-bit unit set.
const CELL_UNIT_BITS: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[UNITS[u][i]] |= 1 << u;
            i += 1;
        }
        u += 1;
    }
    t
};

const ALL_CELLS: u128 = (1u128 << 81) - 1;

/// A position as digit masks: `possible[d - 1]` holds the cells where `d` may still go, placed
/// cells holding only their own digit.
///
/// Like the chain tracker, the closure only looks where something changed: `changed[d - 1]`
/// holds the cells that lost `d` since the last look, so a single already on the board before
/// the assumption is not what makes it fail.
#[derive(Clone)]
pub struct Position {
    possible: [u128; 9],
    placed: u128,
    changed: [u128; 9],
    /// `solved[d - 1]`: the units (bits of a 27-bit set) where `d` is placed; they need no
    /// look for a hidden single.
    solved: [u32; 9],
}

impl Position {
    /// `values` are the placed digits; `cands` the remaining candidates (a placed cell's own
    /// digit may or may not be among them).
    pub fn new(values: &[u8; 81], cands: &[u16; 81]) -> Position {
        let mut m = Position {
            possible: [0; 9],
            placed: 0,
            changed: [0; 9],
            solved: [0; 9],
        };
        for cell in 0..81 {
            if values[cell] != 0 {
                m.possible[values[cell] as usize - 1] |= CELL_BIT[cell];
                m.placed |= CELL_BIT[cell];
                m.solved[values[cell] as usize - 1] |= CELL_UNIT_BITS[cell];
                continue;
            }
            for d in 0..9 {
                if cands[cell] & (2 << d) != 0 {
                    m.possible[d] |= CELL_BIT[cell];
                }
            }
        }
        m
    }

    /// Removes `digit` (0-based) from the cells of `cells` that still have it.
    fn remove(&mut self, digit: usize, cells: u128) {
        self.changed[digit] |= self.possible[digit] & cells;
        self.possible[digit] &= !cells;
    }

    /// Places `digit` (0-based) in `cell`; false when that is impossible.
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        let b = CELL_BIT[cell];
        if self.possible[digit] & b == 0 {
            return false;
        }
        if self.placed & b != 0 {
            return true;
        }
        for d in 0..9 {
            if d != digit {
                self.remove(d, b);
            }
        }
        self.remove(digit, PEER_CELLS[cell]);
        self.placed |= b;
        self.solved[digit] |= CELL_UNIT_BITS[cell];
        true
    }

    /// Places every single that the changes since the last look create, and those that
    /// follow, until none is left; false on a contradiction (a cell with no candidate, a unit
    /// with no place for a digit, or two singles that exclude each other).
    fn close(&mut self) -> bool {
        loop {
            let changed = std::mem::take(&mut self.changed);
            let touched = changed.iter().fold(0, |a, &c| a | c);
            if touched == 0 {
                return true;
            }
            // Naked singles among the touched cells, counted for all of them at once.
            let (mut once, mut twice) = (0u128, 0u128);
            for p in self.possible {
                twice |= once & p;
                once |= p;
            }
            let open = !self.placed & ALL_CELLS & touched;
            if open & !once != 0 {
                return false;
            }
            let mut singles = open & once & !twice;
            while singles != 0 {
                let cell = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let Some(d) = (0..9).find(|&d| self.possible[d] & CELL_BIT[cell] != 0) else {
                    return false;
                };
                if !self.place(cell, d) {
                    return false;
                }
            }
            // Hidden singles in the units where a digit lost a place.
            for d in 0..9 {
                let mut cells = changed[d];
                let mut units = 0u32;
                while cells != 0 {
                    units |= CELL_UNIT_BITS[cells.trailing_zeros() as usize];
                    cells &= cells - 1;
                }
                units &= !self.solved[d];
                // The units are looked at without branching (the outcomes are hard to
                // predict), then the singles they hold are placed: the closure does not depend
                // on the order, and a single that an earlier one took away is a contradiction.
                let (mut emptied, mut lone) = (false, 0u128);
                let possible = self.possible[d];
                while units != 0 {
                    let places = possible & UNIT_CELLS[units.trailing_zeros() as usize];
                    units &= units - 1;
                    emptied |= places == 0;
                    lone |= if places & places.wrapping_sub(1) == 0 {
                        places
                    } else {
                        0
                    };
                }
                if emptied {
                    return false;
                }
                while lone != 0 {
                    let cell = lone.trailing_zeros() as usize;
                    lone &= lone - 1;
                    if !self.place(cell, d) {
                        return false;
                    }
                }
            }
        }
    }

    /// The position after placing `digit` in `cell` and following singles; `None` when that
    /// leads to a contradiction.
    pub fn after(&self, cell: usize, digit: u8) -> Option<Position> {
        let mut m = self.clone();
        (m.place(cell, digit as usize - 1) && m.close()).then_some(m)
    }

    /// The position after removing `digit` from `cell` and following singles; `None` when that
    /// leads to a contradiction.
    pub fn without(&self, cell: usize, digit: u8) -> Option<Position> {
        let mut m = self.clone();
        m.remove(digit as usize - 1, CELL_BIT[cell]);
        m.close().then_some(m)
    }

    /// Brings a singles closure made on `base` ([`Position::after`] or [`Position::without`])
    /// to the closure that also follows pointing and claiming, naked and hidden pairs and
    /// X-Wings whenever the singles run dry (what SE's "Dynamic Forcing Chains (+)" add); false
    /// on a contradiction. A rule is only looked for where the position differs from `base`:
    /// SE's chains use a rule only where their own removals made its pattern.
    pub fn close_plus(&mut self, base: &Position) -> bool {
        loop {
            if !self.close() {
                return false;
            }
            let mut digits = 0u16;
            let mut cells = 0u128;
            for d in 0..9 {
                let lost = base.possible[d] & !self.possible[d];
                if lost != 0 {
                    digits |= 1 << d;
                    cells |= lost;
                }
            }
            if digits == 0 {
                return true;
            }
            let before = self.changed;
            self.locking(digits);
            self.pairs(cells);
            self.x_wings(digits);
            if self.changed == before {
                return true;
            }
        }
    }

    /// Pointing and claiming for `digits` (bit d − 1): a digit confined to one line within a
    /// box, or to one box within a line, leaves the rest of the other.
    fn locking(&mut self, digits: u16) {
        for d in (0..9).filter(|d| digits & (1 << d) != 0) {
            for b in 0..9 {
                let box_cells = UNIT_CELLS[18 + b];
                let lines = [
                    b / 3 * 3,
                    b / 3 * 3 + 1,
                    b / 3 * 3 + 2,
                    9 + b % 3 * 3,
                    9 + b % 3 * 3 + 1,
                    9 + b % 3 * 3 + 2,
                ];
                for line in lines {
                    let line_cells = UNIT_CELLS[line];
                    let p = self.possible[d];
                    let (in_box, in_line) = (p & box_cells, p & line_cells);
                    if in_box != 0 && in_box & !line_cells == 0 {
                        self.remove(d, line_cells & !box_cells);
                    } else if in_line != 0 && in_line & !box_cells == 0 {
                        self.remove(d, box_cells & !line_cells);
                    }
                }
            }
        }
    }

    /// Naked and hidden pairs among the open cells of the units that hold any of `touched`.
    fn pairs(&mut self, touched: u128) {
        let open = !self.placed & ALL_CELLS;
        for unit in UNIT_CELLS {
            if unit & touched == 0 {
                continue;
            }
            let cells = unit & open;
            // Naked: two cells holding the same two digits and nothing else.
            let mut bivalue: [(usize, u16); 9] = [(0, 0); 9];
            let mut count = 0;
            let mut c = cells;
            while c != 0 {
                let cell = c.trailing_zeros() as usize;
                c &= c - 1;
                let mut set = 0u16;
                for d in 0..9 {
                    set |= u16::from(self.possible[d] & CELL_BIT[cell] != 0) << d;
                }
                if set.count_ones() == 2 {
                    bivalue[count] = (cell, set);
                    count += 1;
                }
            }
            for i in 0..count {
                for j in i + 1..count {
                    let ((first, set), (second, other)) = (bivalue[i], bivalue[j]);
                    if set == other {
                        let others = unit & !CELL_BIT[first] & !CELL_BIT[second];
                        for d in (0..9).filter(|d| set & (1 << d) != 0) {
                            self.remove(d, others);
                        }
                    }
                }
            }
            // Hidden: two digits whose only places are the same two cells.
            for d1 in 0..9 {
                let p1 = self.possible[d1] & cells;
                if p1.count_ones() != 2 {
                    continue;
                }
                for d2 in d1 + 1..9 {
                    if self.possible[d2] & cells == p1 {
                        for d in (0..9).filter(|&d| d != d1 && d != d2) {
                            self.remove(d, p1);
                        }
                    }
                }
            }
        }
    }

    /// X-Wings for `digits` (bit d − 1): a digit with the same two places in two rows
    /// (columns) leaves the rest of those columns (rows).
    fn x_wings(&mut self, digits: u16) {
        let open = !self.placed & ALL_CELLS;
        for d in (0..9).filter(|d| digits & (1 << d) != 0) {
            for (bases, covers) in [(0usize, 9usize), (9, 0)] {
                // Per base line with exactly two places: the cover lines through them.
                let mut through = [0u16; 9];
                for (k, t) in through.iter_mut().enumerate() {
                    let p = self.possible[d] & UNIT_CELLS[bases + k] & open;
                    if p.count_ones() != 2 {
                        continue;
                    }
                    for j in 0..9 {
                        *t |= u16::from(p & UNIT_CELLS[covers + j] != 0) << j;
                    }
                }
                for k1 in 0..9 {
                    if through[k1] == 0 {
                        continue;
                    }
                    for k2 in k1 + 1..9 {
                        if through[k2] != through[k1] {
                            continue;
                        }
                        let base_cells = UNIT_CELLS[bases + k1] | UNIT_CELLS[bases + k2];
                        let cover_cells = (0..9)
                            .filter(|j| through[k1] & (1 << j) != 0)
                            .fold(0u128, |m, j| m | UNIT_CELLS[covers + j]);
                        self.remove(d, cover_cells & !base_cells);
                    }
                }
            }
        }
    }

    /// The cells where `digit` (1–9) may still go (a placed cell holds only its own digit).
    pub fn places_of(&self, digit: u8) -> u128 {
        self.possible[digit as usize - 1]
    }

    /// The placed cells.
    pub fn placed_cells(&self) -> u128 {
        self.placed
    }
}

#[cfg(test)]
mod tests {
    use super::super::chains::node;
    use super::super::se_chaining::{Kind, derived_nodes};
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::{Board, digits_of};

    /// The closure breaks whenever SE's dynamic chain from the same assumption does, on every
    /// candidate of hard positions. (It may also break where SE's chain does not: SE only sees a
    /// candidate both true and false, not a cell or a unit left with no place.)
    #[test]
    fn agrees_with_the_dynamic_chain_tracker() {
        let text = include_str!("../../../data/sudoku/hardest-1106.txt");
        let mut checked = 0;
        let mut failing = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(25) {
            let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
            let board = Board::from_grid(&grid);
            let position = Position::new(&board.values, &board.cands);
            for cell in 0..81 {
                for d in digits_of(board.cands[cell]) {
                    let (_, tracked) = derived_nodes(&board, Kind::Dynamic, node(cell, d, true));
                    assert!(
                        position.after(cell, d).is_none() || !tracked,
                        "{line}: r{}c{} = {d}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                    checked += 1;
                    failing += usize::from(tracked);
                }
            }
        }
        assert!(
            checked > 1000 && failing > 20,
            "{checked} checked, {failing} fail"
        );
    }
}
