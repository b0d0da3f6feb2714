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

use super::super::candidates::{Board, PEERS, UNIT_CELLS, UNITS};

const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

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
                m.possible[values[cell] as usize - 1] |= bit(cell);
                m.placed |= bit(cell);
                m.solved[values[cell] as usize - 1] |= CELL_UNIT_BITS[cell];
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

    /// Brings this closure of an assumption up to date with `position`, a later state of the
    /// position it was made on (the same or fewer candidates): keeps only what `position`
    /// still allows and follows singles from what that took away; false on a contradiction.
    ///
    /// The closure does not depend on the order in which its rules fire, so the result is the
    /// closure of the assumption on `position`, at the cost of the losses alone rather than of
    /// following the assumption again. (Both positions were closed under singles by whoever
    /// made them, so a unit this looks at for a loss of `position`'s holds no single that a
    /// fresh closure would have missed.)
    pub fn narrow_to(&mut self, position: &Position) -> bool {
        for d in 0..9 {
            self.remove(d, !position.possible[d] & ALL_CELLS);
        }
        self.close()
    }

    /// The position after removing `digit` from `cell` and following singles; `None` when that
    /// leads to a contradiction.
    pub fn without(&self, cell: usize, digit: u8) -> Option<Position> {
        let mut m = self.clone();
        m.remove(digit as usize - 1, bit(cell));
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
                    set |= u16::from(self.possible[d] & bit(cell) != 0) << d;
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
                        let others = unit & !bit(first) & !bit(second);
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

    /// How many candidates this closure of an assumption on `base` removed and placed (the
    /// nodes a forcing chain derives from it, the assumption included).
    pub fn derived_from(&self, base: &Position) -> usize {
        let removed: u32 = (0..9)
            .map(|d| (base.possible[d] & !self.possible[d]).count_ones())
            .sum();
        (removed + (self.placed & !base.placed).count_ones()) as usize
    }

    /// The cells where `digit` (1–9) may still go (a placed cell holds only its own digit).
    pub fn places_of(&self, digit: u8) -> u128 {
        self.possible[digit as usize - 1]
    }

    /// The placed cells.
    pub fn placed_cells(&self) -> u128 {
        self.placed
    }

    /// True when placing `digit` in `cell` leads to a contradiction: by singles alone at
    /// `level` 0; at a higher level also removing every candidate whose own assumption fails at
    /// `level - 1`, round after round, until nothing more goes or the grid breaks.
    pub fn assumption_fails(&self, cell: usize, digit: u8, level: u8) -> bool {
        let Some(mut m) = self.after(cell, digit) else {
            return true;
        };
        if level == 0 {
            return false;
        }
        let mut closures = RoundClosures::default();
        loop {
            let mut refuted = Vec::new();
            if level == 1 {
                closures.refuted(&m, |_, _| true, &mut refuted);
            } else {
                refuted.extend(
                    m.open_candidates()
                        .filter(|&(c, d)| m.assumption_fails(c, d, level - 1)),
                );
            }
            if refuted.is_empty() {
                return false;
            }
            for (c, d) in refuted {
                m.remove(d as usize - 1, bit(c));
            }
            if !m.close() {
                return true;
            }
        }
    }

    /// Every candidate's closure ([`Position::after`]), indexed cell × 9 + digit − 1 (`None`
    /// for a candidate that fails, or that is not one).
    pub fn closures(&self) -> Vec<Option<Position>> {
        let mut all = vec![None; 729];
        for (cell, digit) in self.open_candidates() {
            all[cell * 9 + digit as usize - 1] = self.after(cell, digit);
        }
        all
    }

    /// The open candidates (cell, digit 1–9) in cell order.
    fn open_candidates(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let open = !self.placed & ALL_CELLS;
        (0..81)
            .filter(move |&c| open & bit(c) != 0)
            .flat_map(move |c| {
                (1..=9u8)
                    .filter(move |&d| self.possible[d as usize - 1] & bit(c) != 0)
                    .map(move |d| (c, d))
            })
    }
}

/// The singles closures of a position's assumptions, kept from one round of a nested search to
/// the next: each round the position loses the candidates the last one refuted, and every
/// assumption that still holds is brought up to date from its own closure
/// ([`Position::narrow_to`]) instead of being followed again from scratch.
#[derive(Default)]
pub struct RoundClosures {
    /// The assumptions that held in the last round, in cell order, with their closure when it
    /// was worked out (a verdict can come from elsewhere, see `refuted_with`).
    held: Vec<(usize, u8, Option<Position>)>,
    started: bool,
}

impl RoundClosures {
    /// Pushes onto `refuted` the open candidates of `position` that `wanted` asks about and
    /// whose assumption fails by singles, in cell order.
    pub fn refuted(
        &mut self,
        position: &Position,
        wanted: impl FnMut(usize, u8) -> bool,
        refuted: &mut Vec<(usize, u8)>,
    ) {
        self.refuted_with(position, None, wanted, |_, _, decide| decide(), refuted);
    }

    /// [`RoundClosures::refuted`] where the first round's verdicts go through `first`, which
    /// may answer from what it knows instead of calling the decision it is given; and where
    /// `singles`, when given, holds each candidate's closure (index cell × 9 + digit − 1, `None`
    /// when it fails) on an earlier state of `position`, to narrow rather than follow again.
    pub fn refuted_with(
        &mut self,
        position: &Position,
        singles: Option<&[Option<Position>]>,
        mut wanted: impl FnMut(usize, u8) -> bool,
        mut first: impl FnMut(usize, u8, &mut dyn FnMut() -> bool) -> bool,
        refuted: &mut Vec<(usize, u8)>,
    ) {
        if !self.started {
            self.started = true;
            for (cell, digit) in position.open_candidates() {
                if !wanted(cell, digit) {
                    continue;
                }
                let mut closure = None;
                let fails = first(cell, digit, &mut || {
                    closure = match singles {
                        Some(singles) => singles[cell * 9 + digit as usize - 1]
                            .clone()
                            .and_then(|mut c| c.narrow_to(position).then_some(c)),
                        None => position.after(cell, digit),
                    };
                    closure.is_none()
                });
                if fails {
                    refuted.push((cell, digit));
                } else {
                    self.held.push((cell, digit, closure));
                }
            }
            return;
        }
        self.held.retain_mut(|(cell, digit, closure)| {
            // Only candidates that are gone or decided stop being asked about; those were
            // held in the last round too, so every candidate asked about is here.
            if position.possible[*digit as usize - 1] & bit(*cell) == 0
                || position.placed & bit(*cell) != 0
                || !wanted(*cell, *digit)
            {
                return false;
            }
            let holds = match closure {
                Some(c) => c.narrow_to(position),
                None => {
                    *closure = position.after(*cell, *digit);
                    closure.is_some()
                }
            };
            if !holds {
                refuted.push((*cell, *digit));
            }
            holds
        });
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

    /// Closures brought up to date round after round give the verdicts that following every
    /// assumption again from scratch gives, in every round of nested searches on hard
    /// positions (narrowed from the board's own closures in the first round, or not).
    #[test]
    fn closures_kept_across_rounds_agree_with_fresh_ones() {
        let text = include_str!("../../../data/sudoku/hardest-1106.txt");
        let (mut rounds, mut refutations) = (0, 0);
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(90) {
            let board =
                Board::from_grid(&Grid::parse(line.split_whitespace().next().unwrap()).unwrap());
            let start = Position::new(&board.values, &board.cands);
            let singles = start.closures();
            for (cell, digit) in start.open_candidates().step_by(7) {
                let Some(mut m) = start.after(cell, digit) else {
                    continue;
                };
                let mut kept = RoundClosures::default();
                let mut first = true;
                loop {
                    let fresh: Vec<(usize, u8)> = m
                        .open_candidates()
                        .filter(|&(c, d)| m.after(c, d).is_none())
                        .collect();
                    let mut found = Vec::new();
                    let base = (first && cell % 2 == 0).then_some(singles.as_slice());
                    kept.refuted_with(&m, base, |_, _| true, |_, _, decide| decide(), &mut found);
                    assert_eq!(
                        found,
                        fresh,
                        "{line}: r{}c{} = {digit}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                    first = false;
                    rounds += 1;
                    refutations += found.len();
                    if found.is_empty() {
                        break;
                    }
                    for (c, d) in found {
                        m.remove(d as usize - 1, bit(c));
                    }
                    if !m.close() {
                        break;
                    }
                }
            }
        }
        assert!(
            rounds > 200 && refutations > 100,
            "{rounds} rounds, {refutations} refuted"
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
