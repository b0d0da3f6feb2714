//! Whether an assumption breaks the grid — by singles alone, or with nested chains — the yes/no
//! question that forcing chains ask of every candidate, millions of times on the hardest
//! puzzles.
//!
//! [`super::forcing::Dynamic`] answers it too, but records why each node was derived (to
//! measure and draw the chain) and allocates as it goes. Here the state is nine 81-bit digit
//! masks and the closure is a handful of mask operations per round, so the tracker is only run
//! on the few assumptions that do end in a contradiction. Both compute the closure of the same
//! monotone rules (a placed digit removes its cell's other candidates and its peers' copies; a
//! cell or unit left with one place for a digit places it; at nesting level L, a candidate
//! whose assumption fails at level L − 1 is removed), so their verdicts agree whatever the
//! order in which each derives things.

use super::super::candidates::{Board, PEERS, UNITS};

const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

const UNIT_MASKS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[u] |= bit(UNITS[u][i]);
            i += 1;
        }
        u += 1;
    }
    t
};

const PEER_MASKS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            t[c] |= bit(PEERS[c][i]);
            i += 1;
        }
        c += 1;
    }
    t
};

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
}

impl Position {
    /// `values` are the placed digits; `cands` the remaining candidates (a placed cell's own
    /// digit may or may not be among them).
    pub fn new(values: &[u8; 81], cands: &[u16; 81]) -> Position {
        let mut m = Position {
            possible: [0; 9],
            placed: 0,
            changed: [0; 9],
        };
        for cell in 0..81 {
            if values[cell] != 0 {
                m.possible[values[cell] as usize - 1] |= bit(cell);
                m.placed |= bit(cell);
                continue;
            }
            for d in 0..9 {
                if cands[cell] & (2 << d) != 0 {
                    m.possible[d] |= bit(cell);
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
        let b = bit(cell);
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
        self.remove(digit, PEER_MASKS[cell]);
        self.placed |= b;
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
                let Some(d) = (0..9).find(|&d| self.possible[d] & bit(cell) != 0) else {
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
                while units != 0 {
                    let places = self.possible[d] & UNIT_MASKS[units.trailing_zeros() as usize];
                    units &= units - 1;
                    if places == 0 {
                        return false;
                    }
                    if places & (places - 1) == 0
                        && self.placed & places == 0
                        && !self.place(places.trailing_zeros() as usize, d)
                    {
                        return false;
                    }
                }
            }
        }
    }

    /// True when placing `digit` in `cell` leads to a contradiction: by singles alone at
    /// `level` 0; at a higher level also removing every candidate whose own assumption fails at
    /// `level - 1`, round after round, until nothing more goes or the grid breaks.
    pub fn assumption_fails(&self, cell: usize, digit: u8, level: u8) -> bool {
        let mut m = self.clone();
        if !(m.place(cell, digit as usize - 1) && m.close()) {
            return true;
        }
        if level == 0 {
            return false;
        }
        loop {
            let mut refuted = Vec::new();
            let mut open = !m.placed & ALL_CELLS;
            while open != 0 {
                let c = open.trailing_zeros() as usize;
                open &= open - 1;
                for d in 0..9 {
                    if m.possible[d] & bit(c) != 0 && m.assumption_fails(c, d as u8 + 1, level - 1)
                    {
                        refuted.push((c, d));
                    }
                }
            }
            if refuted.is_empty() {
                return false;
            }
            for (c, d) in refuted {
                m.remove(d, bit(c));
            }
            if !m.close() {
                return true;
            }
        }
    }
}

/// True when placing `digit` in `cell` of `board` leads by naked and hidden singles to a
/// contradiction.
pub fn assumption_fails_on(board: &Board, cell: usize, digit: u8) -> bool {
    Position::new(&board.values, &board.cands).assumption_fails(cell, digit, 0)
}

#[cfg(test)]
mod tests {
    use super::super::chains::node;
    use super::super::forcing::Dynamic;
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::digits_of;

    /// The closure agrees with the chain tracker on every candidate of hard positions.
    #[test]
    fn agrees_with_the_dynamic_chain_tracker() {
        let text = include_str!("../../../data/sudoku/hardest-1106.txt");
        let mut checked = 0;
        let mut failing = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(25) {
            let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
            let board = Board::from_grid(&grid);
            for cell in 0..81 {
                for d in digits_of(board.cands[cell]) {
                    let tracked = Dynamic::run(&board, &[node(cell, d, true)], 0)
                        .contradiction
                        .is_some();
                    assert_eq!(
                        assumption_fails_on(&board, cell, d),
                        tracked,
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
            checked > 1000 && failing > 50,
            "{checked} checked, {failing} fail"
        );
    }

    /// With one level of nesting too, on a position that needs it.
    #[test]
    fn nested_verdicts_agree_with_the_tracker() {
        let puzzle =
            "1....6.8...7.....66.....15..3.9.........2....7....854.....9.81.8...41..5.1....4..";
        let board = Board::from_grid(&Grid::parse(puzzle).unwrap());
        let position = Position::new(&board.values, &board.cands);
        let (mut checked, mut failing) = (0, 0);
        for cell in (0..81).step_by(3) {
            for d in digits_of(board.cands[cell]) {
                let tracked = Dynamic::run(&board, &[node(cell, d, true)], 1)
                    .contradiction
                    .is_some();
                assert_eq!(
                    position.assumption_fails(cell, d, 1),
                    tracked,
                    "r{}c{} = {d}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
                checked += 1;
                failing += usize::from(tracked);
            }
        }
        assert!(
            checked > 40 && failing > 5,
            "{checked} checked, {failing} fail"
        );
    }
}
