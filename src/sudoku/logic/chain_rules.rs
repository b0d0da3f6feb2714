//! The plain techniques Sudoku Explainer lets a forcing chain use once its singles run dry
//! ("Dynamic Forcing Chains (+)", rated 9.0): pointing and claiming, hidden pairs, naked pairs
//! and X-Wings, looked for on the chain's changed board.
//!
//! A rule only counts when it rests on candidates the chain itself removed (its "parents"):
//! a pattern already on the starting board needs no chain. Each result is an elimination with
//! the chain candidates it depends on, in the order SE finds them, because the order decides
//! which parents a candidate gets and so how long SE says the chain is.

use super::super::candidates::{Board, CELL_BIT, Digits, UNIT_CELLS, UNITS};
use super::chains::node;

/// An elimination found by a rule inside a chain, and the removed candidates (chain nodes,
/// all "off") that the rule needed.
pub struct RuleElimination {
    /// The "off" node the rule proves.
    pub node: usize,
    /// The "off" nodes it rests on.
    pub parents: Vec<usize>,
}

/// SE's region numbering: type 0 = boxes, 1 = rows, 2 = columns; index 0–8.
fn unit_of(kind: usize, index: usize) -> usize {
    match kind {
        0 => 18 + index,
        1 => index,
        _ => 9 + index,
    }
}

fn positions(grid: &Board, unit: usize, digit: u8) -> u16 {
    grid.positions(unit, digit)
}

fn empty_cells(grid: &Board, unit: usize) -> u32 {
    UNITS[unit].iter().filter(|&&c| grid.values[c] == 0).count() as u32
}

/// Pairs of 0–8 in the order SE enumerates them (by the bit pattern's value: {0,1}, {0,2},
/// {1,2}, {0,3}, …).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The order in which SE's Java `HashMap` keyed by cell lists removable candidates: buckets
/// by cell index modulo the table size, ties in insertion order.
pub(super) fn in_hash_order(mut cells: Vec<(usize, Digits)>) -> Vec<(usize, Digits)> {
    let mut table = 16;
    while cells.len() * 4 > table * 3 {
        table *= 2;
    }
    cells.sort_by_key(|&(cell, _)| cell & (table - 1));
    cells
}

/// Collects a hint: its removable candidates in SE's order, each resting on `parents`;
/// nothing when the hint removes nothing or rests on no removed candidate.
fn push_hint(out: &mut Vec<RuleElimination>, removable: Vec<(usize, Digits)>, parents: Vec<usize>) {
    if removable.is_empty() || parents.is_empty() {
        return;
    }
    for (cell, digits) in in_hash_order(removable) {
        for d in 1..=9u8 {
            if digits & (1 << d) != 0 {
                out.push(RuleElimination {
                    node: node(cell, d, false),
                    parents: parents.clone(),
                });
            }
        }
    }
}

/// Candidates of `digit` in `cells` that the starting board had and the chain removed.
fn removed_in(
    source: &Board,
    grid: &Board,
    cells: impl Iterator<Item = usize>,
    digit: u8,
) -> Vec<usize> {
    cells
        .filter(|&c| source.has(c, digit) && !grid.has(c, digit))
        .map(|c| node(c, digit, false))
        .collect()
}

/// Which digits the chain removed somewhere in each unit: a pattern can only rest on the
/// chain where its unit lost a candidate it needs, so the rest is skipped unexamined.
struct Removed {
    cells: [Digits; 81],
    units: [Digits; 27],
}

impl Removed {
    fn of(source: &Board, grid: &Board) -> Removed {
        let mut cells = [0; 81];
        for (c, r) in cells.iter_mut().enumerate() {
            *r = source.cands[c] & !grid.cands[c];
        }
        let mut units = [0; 27];
        for (u, r) in units.iter_mut().enumerate() {
            *r = UNITS[u].iter().fold(0, |acc, &c| acc | cells[c]);
        }
        Removed { cells, units }
    }
}

/// Pointing and claiming.
fn locking(source: &Board, grid: &Board, removed: &Removed, out: &mut Vec<RuleElimination>) {
    for (kind1, kind2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for digit in 1..=9u8 {
            for i1 in 0..9 {
                let u1 = unit_of(kind1, i1);
                if removed.units[u1] & (1 << digit) == 0 {
                    continue;
                }
                let pos = positions(grid, u1, digit);
                if pos.count_ones() < 2 {
                    continue;
                }
                let places = (0..9)
                    .filter(|i| pos & (1 << i) != 0)
                    .fold(0u128, |m, i| m | CELL_BIT[UNITS[u1][i]]);
                let in_u1 = |c: usize| UNIT_CELLS[u1] & CELL_BIT[c] != 0;
                for i2 in 0..9 {
                    let u2 = unit_of(kind2, i2);
                    if UNIT_CELLS[u1] & UNIT_CELLS[u2] == 0 || places & !UNIT_CELLS[u2] != 0 {
                        continue;
                    }
                    let removable: Vec<(usize, Digits)> = UNITS[u2]
                        .iter()
                        .filter(|&&c| !in_u1(c) && grid.has(c, digit))
                        .map(|&c| (c, 1 << digit))
                        .collect();
                    let in_u2 = |c: &usize| UNIT_CELLS[u2] & CELL_BIT[*c] != 0;
                    let outside = UNITS[u1].iter().copied().filter(|c| !in_u2(c));
                    let parents = removed_in(source, grid, outside, digit);
                    push_hint(out, removable, parents);
                }
            }
        }
    }
}

/// Hidden pairs (boxes, then columns, then rows).
fn hidden_pair(source: &Board, grid: &Board, removed: &Removed, out: &mut Vec<RuleElimination>) {
    for kind in [0, 2, 1] {
        for index in 0..9 {
            let unit = unit_of(kind, index);
            if removed.units[unit] == 0 || empty_cells(grid, unit) <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let digits = [a as u8 + 1, b as u8 + 1];
                if removed.units[unit] & ((1 << digits[0]) | (1 << digits[1])) == 0 {
                    continue;
                }
                let pa = positions(grid, unit, digits[0]);
                let pb = positions(grid, unit, digits[1]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let set: Digits = (1 << digits[0]) | (1 << digits[1]);
                let removable: Vec<(usize, Digits)> = (0..9)
                    .filter(|i| (pa | pb) & (1 << i) != 0)
                    .map(|i| UNITS[unit][i])
                    .map(|c| (c, grid.cands[c] & !set))
                    .filter(|&(_, r)| r != 0)
                    .collect();
                let mut parents = Vec::new();
                for i in (0..9).filter(|i| (pa | pb) & (1 << i) == 0) {
                    let c = UNITS[unit][i];
                    for d in digits {
                        if source.has(c, d) {
                            parents.push(node(c, d, false));
                        }
                    }
                }
                push_hint(out, removable, parents);
            }
        }
    }
}

/// Naked pairs (boxes, then columns, then rows).
fn naked_pair(source: &Board, grid: &Board, removed: &Removed, out: &mut Vec<RuleElimination>) {
    for kind in [0, 2, 1] {
        for index in 0..9 {
            let unit = unit_of(kind, index);
            if removed.units[unit] == 0 || empty_cells(grid, unit) < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let cells = [UNITS[unit][a], UNITS[unit][b]];
                if removed.cells[cells[0]] | removed.cells[cells[1]] == 0 {
                    continue;
                }
                let ca = grid.cands[cells[0]];
                let cb = grid.cands[cells[1]];
                if ca.count_ones() <= 1 || cb.count_ones() <= 1 || (ca | cb).count_ones() != 2 {
                    continue;
                }
                let set = ca | cb;
                let removable: Vec<(usize, Digits)> = UNITS[unit]
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .map(|&c| (c, grid.cands[c] & set))
                    .filter(|&(_, r)| r != 0)
                    .collect();
                let mut parents = Vec::new();
                for &c in &cells {
                    for d in 1..=9u8 {
                        if source.has(c, d) && set & (1 << d) == 0 {
                            parents.push(node(c, d, false));
                        }
                    }
                }
                push_hint(out, removable, parents);
            }
        }
    }
}

/// X-Wings: base columns then base rows.
fn x_wing(source: &Board, grid: &Board, removed: &Removed, out: &mut Vec<RuleElimination>) {
    let mut placed = [0usize; 10];
    for &v in &grid.values {
        placed[v as usize] += 1;
    }
    for (base_kind, cover_kind) in [(2, 1), (1, 2)] {
        for (a, b) in pairs() {
            for digit in 1..=9u8 {
                if placed[digit as usize] + 4 > 9 {
                    continue;
                }
                let bases = [unit_of(base_kind, a), unit_of(base_kind, b)];
                if (removed.units[bases[0]] | removed.units[bases[1]]) & (1 << digit) == 0 {
                    continue;
                }
                let pa = positions(grid, bases[0], digit);
                let pb = positions(grid, bases[1], digit);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let base_mask: u16 = (1 << a) | (1 << b);
                let covers: Vec<usize> = (0..9)
                    .filter(|i| (pa | pb) & (1 << i) != 0)
                    .map(|i| unit_of(cover_kind, i))
                    .collect();
                let mut removable = Vec::new();
                for &cover in &covers {
                    let pos = positions(grid, cover, digit) & !base_mask;
                    for j in (0..9).filter(|j| pos & (1 << j) != 0) {
                        removable.push((UNITS[cover][j], 1 << digit));
                    }
                }
                let mut parents = Vec::new();
                let covered = covers.iter().fold(0u128, |m, &u| m | UNIT_CELLS[u]);
                for &base in &bases {
                    let outside = UNITS[base]
                        .iter()
                        .copied()
                        .filter(|&c| covered & CELL_BIT[c] == 0);
                    parents.extend(removed_in(source, grid, outside, digit));
                }
                push_hint(out, removable, parents);
            }
        }
    }
}

/// A rule: its eliminations on the changed board, in SE's order, onto the list.
type Rule = fn(&Board, &Board, &Removed, &mut Vec<RuleElimination>);

/// Whether a rule would give anything (see [`Triggers`]).
type Trigger = fn(&Triggers) -> bool;

/// The rules in SE's order, each with its trigger.
const RULES: [(Rule, Trigger); 4] = [
    (locking, |t| t.locking()),
    (hidden_pair, |t| t.hidden_pair()),
    (naked_pair, |t| t.naked_pair()),
    (x_wing, |t| t.x_wing()),
];

/// The eliminations of the first rule (pointing/claiming, hidden pair, naked pair, X-Wing)
/// that has any resting on the chain's removals; empty when none has.
///
/// A chain asks this every time its singles run dry, and three times in four no rule has
/// anything: each rule is first asked [`Triggers`] whether it would give anything, and only a
/// rule that would is run to list its eliminations in SE's order.
pub fn first_rule(source: &Board, grid: &Board) -> Vec<RuleElimination> {
    let removed = Removed::of(source, grid);
    let triggers = Triggers::of(grid, &removed);
    let mut out = Vec::new();
    for (rule, fires) in RULES {
        if !fires(&triggers) {
            continue;
        }
        rule(source, grid, &removed, &mut out);
        if !out.is_empty() {
            break;
        }
    }
    out
}

/// Each unit's crossing units of the other shape: a box's three rows and three columns, a
/// row's or column's three boxes (the pairs pointing and claiming look at).
fn crossings(unit: usize) -> impl Iterator<Item = usize> {
    CROSSINGS[unit].into_iter().filter(|&u| u < 27)
}

/// [`crossings`], padded with `usize::MAX` (a line crosses three boxes, a box six lines).
const CROSSINGS: [[usize; 6]; 27] = {
    let mut t = [[usize::MAX; 6]; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        let mut v = 0;
        while v < 27 {
            if (u >= 18) != (v >= 18) && UNIT_CELLS[u] & UNIT_CELLS[v] != 0 {
                t[u][k] = v;
                k += 1;
            }
            v += 1;
        }
        u += 1;
    }
    t
};

/// Whether each rule would give anything, decided on bit sets: the same conditions the rules
/// test (a pattern on the changed board, something to remove, and a removed candidate it rests
/// on) without listing anything. `tests::triggers_agree_with_the_rules` holds them to the rules.
struct Triggers<'a> {
    grid: &'a Board,
    removed: &'a Removed,
    /// Per digit: where the changed board has it, where the chain removed it (bit `cell`).
    places: [u128; 10],
    gone: [u128; 10],
    /// Cells that lost any candidate, and the open (unplaced) cells.
    lost: u128,
    open: u128,
    /// Placed digits per digit.
    placed: [u8; 10],
}

impl<'a> Triggers<'a> {
    fn of(grid: &'a Board, removed: &'a Removed) -> Triggers<'a> {
        let mut t = Triggers {
            grid,
            removed,
            places: [0; 10],
            gone: [0; 10],
            lost: 0,
            open: 0,
            placed: [0; 10],
        };
        for cell in 0..81 {
            let bit = CELL_BIT[cell];
            t.placed[usize::from(grid.values[cell])] += 1;
            if grid.values[cell] == 0 {
                t.open |= bit;
            }
            let mut here = grid.cands[cell];
            while here != 0 {
                t.places[here.trailing_zeros() as usize] |= bit;
                here &= here - 1;
            }
            let mut gone = removed.cells[cell];
            if gone != 0 {
                t.lost |= bit;
            }
            while gone != 0 {
                t.gone[gone.trailing_zeros() as usize] |= bit;
                gone &= gone - 1;
            }
        }
        t
    }

    /// [`locking`]: a digit's places in one unit all inside a crossing unit that has it
    /// elsewhere, resting on a removal in the first unit outside the crossing.
    fn locking(&self) -> bool {
        (1..=9).any(|d| {
            let (g, r) = (self.places[d], self.gone[d]);
            r != 0
                && (0..27).any(|u1| {
                    let cells = UNIT_CELLS[u1];
                    let here = g & cells;
                    r & cells != 0
                        && here.count_ones() >= 2
                        && crossings(u1).any(|u2| {
                            let other = UNIT_CELLS[u2];
                            here & !other == 0 && g & other & !cells != 0 && r & cells & !other != 0
                        })
                })
        })
    }

    /// [`hidden_pair`]: two digits with the same two places in a unit of more than four open
    /// cells, those cells holding something else, the digits removed elsewhere in the unit.
    fn hidden_pair(&self) -> bool {
        (0..27).any(|unit| {
            let cells = UNIT_CELLS[unit];
            if self.lost & cells == 0 || (self.open & cells).count_ones() <= 4 {
                return false;
            }
            (1..=9).any(|a| {
                let pair = self.places[a] & cells;
                pair.count_ones() == 2
                    && (a + 1..=9).any(|b| {
                        let set = (1u16 << a) | (1 << b);
                        self.places[b] & cells == pair
                            && cells_in(pair).any(|c| self.grid.cands[c] & !set != 0)
                            && (self.gone[a] | self.gone[b]) & cells & !pair != 0
                    })
            })
        })
    }

    /// [`naked_pair`]: two cells of a unit of at least four open cells with the same two
    /// candidates, one of them having lost a candidate, and another cell of the unit holding
    /// one of the two.
    fn naked_pair(&self) -> bool {
        (0..27).any(|unit| {
            let cells = UNIT_CELLS[unit];
            if self.lost & cells == 0 || (self.open & cells).count_ones() < 4 {
                return false;
            }
            let unit_cells = &UNITS[unit];
            let bivalue = |c: usize| self.grid.cands[c].count_ones() == 2;
            unit_cells.iter().enumerate().any(|(i, &a)| {
                let set = self.grid.cands[a];
                bivalue(a)
                    && unit_cells[i + 1..].iter().any(|&b| {
                        self.grid.cands[b] == set
                            && self.removed.cells[a] | self.removed.cells[b] != 0
                            && unit_cells
                                .iter()
                                .any(|&c| c != a && c != b && self.grid.cands[c] & set != 0)
                    })
            })
        })
    }

    /// [`x_wing`]: a digit placed at most five times with the same two places in two base
    /// lines, the cover lines holding it elsewhere, resting on a removal in a base line
    /// outside the covers.
    fn x_wing(&self) -> bool {
        (1..=9).any(|d| {
            let (g, r) = (self.places[d], self.gone[d]);
            if usize::from(self.placed[d]) + 4 > 9 || r == 0 {
                return false;
            }
            // Columns as bases (rows cover), then rows as bases (columns cover).
            [(9..18, 0..9), (0..9, 9..18)]
                .into_iter()
                .any(|(bases, covers)| {
                    // The base lines with exactly two places: their cells, and the covers those
                    // lie on (kept on the stack: this runs at every dry point of every chain).
                    let mut lines = [(0u128, 0u128); 9];
                    let mut count = 0;
                    for base in bases {
                        let here = g & UNIT_CELLS[base];
                        if here.count_ones() == 2 {
                            let hit = covers
                                .clone()
                                .filter(|&c| here & UNIT_CELLS[c] != 0)
                                .fold(0u128, |m, c| m | UNIT_CELLS[c]);
                            lines[count] = (UNIT_CELLS[base], hit);
                            count += 1;
                        }
                    }
                    let lines = &lines[..count];
                    lines.iter().enumerate().any(|(i, &(a, hit))| {
                        lines[i + 1..].iter().any(|&(b, other)| {
                            let base = a | b;
                            other == hit && g & hit & !base != 0 && r & base & !hit != 0
                        })
                    })
                })
        })
    }
}

/// The cells of a bit set, ascending.
fn cells_in(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;

    /// Each rule's trigger says "something" exactly when the rule lists something, on chain
    /// positions made by removing candidates from hard puzzles' boards (a few to many, at
    /// random and whole digits from runs of cells, so that every pattern turns up).
    #[test]
    fn triggers_agree_with_the_rules() {
        let text = include_str!("../../../data/sudoku/hardest-1106.txt");
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut fired, mut quiet) = ([0usize; 4], [0usize; 4]);
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(7) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let solution = crate::sudoku::solver::solve(&grid).unwrap();
            // Positions further along too: fewer open cells, digits placed more often.
            let mut source = Board::from_grid(&grid);
            for (filled, removals) in [(0, 1), (0, 6), (0, 25), (0, 90), (20, 3), (20, 12)]
                .into_iter()
                .chain([(40, 2), (40, 8), (50, 1), (50, 5), (58, 1), (58, 3)])
            {
                while 81 - source.values.iter().filter(|&&v| v == 0).count() < filled {
                    let cell = next(81);
                    if source.values[cell] == 0 {
                        source.place(cell, solution.cells[cell]);
                    }
                }
                let mut changed = source.clone();
                for _ in 0..removals {
                    let (cell, digit) = (next(81), next(9) as u8 + 1);
                    if next(3) == 0 {
                        // A digit gone from a run of cells: makes locked and paired places.
                        let step = [1, 9][next(2)];
                        for k in 0..3 {
                            let c = (cell + k * step) % 81;
                            changed.cands[c] &= !(1 << digit);
                        }
                    } else {
                        changed.cands[cell] &= !(1 << digit);
                    }
                }
                let context = format!("{line}, {filled} filled, {removals} removals");
                for (k, gave) in triggers_match(&source, &changed, &context)
                    .into_iter()
                    .enumerate()
                {
                    if gave {
                        fired[k] += 1;
                    } else {
                        quiet[k] += 1;
                    }
                }
            }
        }
        for k in 0..4 {
            assert!(
                fired[k] >= 10 && quiet[k] >= 10,
                "rule {k}: {} fired, {} quiet",
                fired[k],
                quiet[k]
            );
        }
        // Edges random positions seldom reach. A hidden pair whose cells hold nothing else
        // removes nothing:
        let empty: Grid = ".".repeat(81).parse().unwrap();
        let source = Board::from_grid(&empty);
        let mut changed = source.clone();
        for c in [0, 1] {
            changed.cands[c] = (1 << 1) | (1 << 2);
        }
        for c in 2..9 {
            changed.cands[c] &= !((1 << 1) | (1 << 2));
        }
        assert_eq!(
            triggers_match(&source, &changed, "hidden pair, nothing else"),
            [true, false, true, false]
        );
        // An X-Wing on a digit already placed six times does not count (SE skips it):
        let mut source = Board::from_grid(&empty);
        for (row, col) in [(0, 0), (1, 3), (2, 6), (3, 1), (4, 4), (5, 7)] {
            source.place(row * 9 + col, 5);
        }
        let mut changed = source.clone();
        for cell in [8 * 9 + 2, 8 * 9 + 5] {
            changed.eliminate(cell, 5);
        }
        assert!(!triggers_match(&source, &changed, "X-Wing on a sixfold digit")[3]);
    }

    /// Asserts that each rule's trigger agrees with the rule on `changed` (from `source`), and
    /// returns which rules gave anything.
    fn triggers_match(source: &Board, changed: &Board, context: &str) -> [bool; 4] {
        let removed = Removed::of(source, changed);
        let triggers = Triggers::of(changed, &removed);
        RULES.map(|(rule, fires)| {
            let mut out = Vec::new();
            rule(source, changed, &removed, &mut out);
            assert_eq!(fires(&triggers), !out.is_empty(), "{context}");
            !out.is_empty()
        })
    }

    #[test]
    fn hash_order_groups_cells_by_bucket() {
        let cells = vec![(20, 2), (3, 2), (17, 2), (4, 2)];
        let order: Vec<usize> = in_hash_order(cells).into_iter().map(|c| c.0).collect();
        // 17 and 20 fall in buckets 1 and 4 of a 16-slot table; 4 came after 20.
        assert_eq!(order, vec![17, 3, 20, 4]);
    }

    #[test]
    fn pairs_follow_the_bit_pattern_order() {
        let first: Vec<(usize, usize)> = pairs().take(4).collect();
        assert_eq!(first, vec![(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(pairs().count(), 36);
    }

    #[test]
    fn a_pointing_that_rests_on_a_removed_candidate_is_found() {
        let grid: Grid = ".".repeat(81).parse().unwrap();
        let source = Board::from_grid(&grid);
        let mut current = source.clone();
        // Remove 5 from box 1 everywhere but its top row: 5 now points along row 1.
        for c in [9, 10, 11, 18, 19, 20] {
            current.eliminate(c, 5);
        }
        let found = first_rule(&source, &current);
        assert!(!found.is_empty());
        let first = &found[0];
        let (cell, digit, on) = super::super::chains::parts(first.node);
        assert_eq!((cell / 9, digit, on), (0, 5, false));
        assert!(cell >= 3, "the elimination lies outside the box: {cell}");
        assert_eq!(first.parents.len(), 6);
        // On the starting board itself nothing rests on a removal.
        assert!(first_rule(&source, &source).is_empty());
    }
}
