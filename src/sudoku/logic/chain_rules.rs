//! The plain techniques Sudoku Explainer lets a forcing chain use once its singles run dry
//! ("Dynamic Forcing Chains (+)", rated 9.0): pointing and claiming, hidden pairs, naked pairs
//! and X-Wings, looked for on the chain's changed board.
//!
//! A rule only counts when it rests on candidates the chain itself removed (its "parents"):
//! a pattern already on the starting board needs no chain. Each result is an elimination with
//! the chain candidates it depends on, in the order SE finds them, because the order decides
//! which parents a candidate gets and so how long SE says the chain is.

use super::super::candidates::{Board, Digits, UNIT_CELLS, UNITS};
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
fn in_hash_order(mut cells: Vec<(usize, Digits)>) -> Vec<(usize, Digits)> {
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
                    .fold(0u128, |m, i| m | 1 << UNITS[u1][i]);
                let in_u1 = |c: usize| UNIT_CELLS[u1] >> c & 1 == 1;
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
                    let in_u2 = |c: &usize| UNIT_CELLS[u2] >> c & 1 == 1;
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
                        .filter(|&c| covered >> c & 1 == 0);
                    parents.extend(removed_in(source, grid, outside, digit));
                }
                push_hint(out, removable, parents);
            }
        }
    }
}

/// The eliminations of the first rule (pointing/claiming, hidden pair, naked pair, X-Wing)
/// that has any resting on the chain's removals; empty when none has.
pub fn first_rule(source: &Board, grid: &Board) -> Vec<RuleElimination> {
    type Rule = fn(&Board, &Board, &Removed, &mut Vec<RuleElimination>);
    let rules: [Rule; 4] = [locking, hidden_pair, naked_pair, x_wing];
    let removed = Removed::of(source, grid);
    let mut out = Vec::new();
    for rule in rules {
        rule(source, grid, &removed, &mut out);
        if !out.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;

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
