//! Wings built from an almost locked set and one bivalue cell, as Sukaku Explainer defines and
//! rates them: WXYZ-Wing (three cells holding four digits), VWXYZ-Wing (four and five),
//! UVWXYZ-Wing (five and six) and TUVWXYZ-Wing (six and seven). The set's cells all see one
//! another; the bivalue cell {x, z} holds two of its digits. When every cell of the set that
//! holds x sees the bivalue cell, x cannot be missing from both, so z must be in one of them:
//! z leaves every cell that sees all their z cells. When z is linked the same way too (doubly
//! linked), each digit is locked into the pattern and more can go.

use super::super::candidates::{Board, PEERS, digits_of, digits_text, sees};
use super::super::grid::cell_name;
use super::super::step::{Role, Step};

/// Names and rating rules by the number of cells in the set.
fn name_and_rating(set_cells: usize, biggest: u32) -> (&'static str, f64) {
    // The sized wings are easiest when their largest cell is at either end of the 2..=n range.
    let sized = |base: f64, digits: i32| {
        let mid = (digits + 2) / 2;
        base + ((digits - mid) - (mid - biggest as i32).abs()) as f64 * 0.1
    };
    match set_cells {
        3 => ("WXYZ-Wing", sized(5.5, 4)),
        4 => ("VWXYZ-Wing", sized(6.2, 5)),
        5 => ("UVWXYZ-Wing", 6.6),
        _ => ("TUVWXYZ-Wing", 7.5),
    }
}

/// A candidate wing, with what decides between two of them.
struct Found {
    step: Step,
    eliminations: usize,
    doubly_linked: bool,
    total_candidates: u32,
}

impl Found {
    /// Easier first, then more eliminations, then doubly linked, then more candidates: the
    /// order in which Sukaku Explainer sorts its wings (it takes the first).
    fn beats(&self, other: &Found) -> bool {
        let key = |f: &Found| {
            (
                -(f.step.rating * 10.0).round() as i64,
                f.eliminations as i64,
                f.doubly_linked as i64,
                f.total_candidates as i64,
            )
        };
        key(self) > key(other)
    }
}

/// The best wing whose almost locked set has `set_cells` cells (3 to 6).
pub fn als_wing(board: &Board, set_cells: usize) -> Option<Step> {
    let mut best: Option<Found> = None;
    let mut set = Vec::with_capacity(set_cells);
    for first in 0..81 {
        let count = board.count(first);
        if board.values[first] != 0 || count < 2 || count as usize > set_cells + 1 {
            continue;
        }
        set.push(first);
        grow(board, set_cells, &mut set, board.cands[first], &mut best);
        set.pop();
    }
    best.map(|f| f.step)
}

/// Adds cells after the last one that see every cell so far, keeping at most one digit more
/// than cells.
fn grow(board: &Board, size: usize, set: &mut Vec<usize>, union: u16, best: &mut Option<Found>) {
    if set.len() == size {
        if union.count_ones() as usize == size + 1 {
            try_bivalue_cells(board, set, union, best);
        }
        return;
    }
    let last = *set.last().unwrap_or(&0);
    for next in last + 1..81 {
        if board.values[next] != 0 || board.count(next) < 2 || !set.iter().all(|&c| sees(c, next)) {
            continue;
        }
        let wider = union | board.cands[next];
        if wider.count_ones() as usize > size + 1 {
            continue;
        }
        set.push(next);
        grow(board, size, set, wider, best);
        set.pop();
    }
}

/// The cells of `set` holding `digit`.
fn holders(board: &Board, set: &[usize], digit: u8) -> Vec<usize> {
    set.iter()
        .copied()
        .filter(|&c| board.has(c, digit))
        .collect()
}

/// Every bivalue cell outside the set that sees one of its cells and holds two of its digits.
fn try_bivalue_cells(board: &Board, set: &[usize], union: u16, best: &mut Option<Found>) {
    let mut seen = [false; 81];
    for &c in set {
        for &yz in &PEERS[c] {
            if seen[yz] || set.contains(&yz) {
                continue;
            }
            seen[yz] = true;
            let pair = board.cands[yz];
            if board.values[yz] != 0 || pair.count_ones() != 2 || pair & union != pair {
                continue;
            }
            let mut digits = digits_of(pair);
            let (low, high) = (digits.next().unwrap_or(0), digits.next().unwrap_or(0));
            let linked = |d: u8| holders(board, set, d).iter().all(|&h| sees(h, yz));
            let (x, z, doubly) = match (linked(low), linked(high)) {
                (true, true) => (low, high, true),
                (true, false) => (low, high, false),
                (false, true) => (high, low, false),
                (false, false) => continue,
            };
            if let Some(found) = wing_step(board, set, union, yz, x, z, doubly)
                && best.as_ref().is_none_or(|b| found.beats(b))
            {
                *best = Some(found);
            }
        }
    }
}

/// The step for a set, its bivalue cell and the linked digit `x`; None when nothing goes.
fn wing_step(
    board: &Board,
    set: &[usize],
    union: u16,
    yz: usize,
    x: u8,
    z: u8,
    doubly: bool,
) -> Option<Found> {
    let mut pattern: Vec<usize> = set.to_vec();
    pattern.push(yz);
    let mut removed: Vec<(usize, u8)> = Vec::new();
    // A digit of the pattern leaves every cell outside it that sees all the pattern's cells
    // holding it (with the bivalue cell for x and z).
    let mut clear = |digit: u8, with_bivalue: bool| {
        let mut cells = holders(board, set, digit);
        if with_bivalue {
            cells.push(yz);
        }
        for c in 0..81 {
            if !pattern.contains(&c)
                && board.has(c, digit)
                && cells.iter().all(|&h| sees(c, h))
                && !removed.contains(&(c, digit))
            {
                removed.push((c, digit));
            }
        }
    };
    clear(z, true);
    if doubly {
        clear(x, true);
        for w in digits_of(union & !board.cands[yz]) {
            clear(w, false);
        }
    }
    if removed.is_empty() {
        return None;
    }
    let biggest = set.iter().map(|&c| board.count(c)).max().unwrap_or(2);
    let (name, rating) = name_and_rating(set.len(), biggest);
    let mut step = Step::new(name, rating).with_cells(&pattern);
    for &(c, d) in &removed {
        step.eliminate(c, d);
    }
    step.mark_all(board, set, union & !(1 << z), Role::Pattern);
    step.mark(yz, x, Role::Pattern);
    for &h in &holders(board, set, z) {
        step.mark(h, z, Role::Fin);
    }
    step.mark(yz, z, Role::Fin);
    let names: Vec<String> = set.iter().map(|&c| cell_name(c)).collect();
    step.text = if doubly {
        format!(
            "The cells {} see one another and hold only the {} digits {}, and {} holds {x} and {z}, both of which link to them: every digit is locked into these cells, so it leaves the cells that see all of its places here.",
            names.join(", "),
            set.len() + 1,
            digits_text(union),
            cell_name(yz)
        )
    } else {
        format!(
            "The cells {} see one another and hold only the {} digits {}. {} is {x} or {z}; every {x} of those cells sees it, so they cannot both go without {x}, and one of them holds {z}: a cell that sees every {z} of the pattern cannot be {z}.",
            names.join(", "),
            set.len() + 1,
            digits_text(union),
            cell_name(yz)
        )
    };
    Some(Found {
        eliminations: removed.len(),
        doubly_linked: doubly,
        total_candidates: set.iter().map(|&c| board.count(c)).sum(),
        step,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn wxyz_wing_removes_z_from_cells_that_see_every_z() {
        // Box 1: r1c1 {1,2}, r1c2 {1,3} and r2c3 {2,3,4} see one another and hold four digits.
        // r1c8 {1,4} sees both 1s of the set (row 1), so one of r1c8 and r2c3 is 4: r1c3 and
        // r2c7-r2c9, which see both, lose 4.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 1, &[1, 3]);
        set_candidates(&mut b, 11, &[2, 3, 4]);
        set_candidates(&mut b, 7, &[1, 4]);
        let s = als_wing(&b, 3).unwrap();
        assert_eq!(s.technique, "WXYZ-Wing");
        let mut removed: Vec<(usize, u8)> =
            s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        removed.sort();
        assert_eq!(removed, vec![(2, 4), (15, 4), (16, 4), (17, 4)]);
        // The largest cell holds three of the 2..=4 digits: SE's middle size, 5.5 + 0.1.
        assert_eq!(s.rating, 5.6);
    }

    #[test]
    fn no_wing_on_an_empty_board() {
        assert!(als_wing(&Board::from_grid(&Grid::EMPTY), 3).is_none());
    }
}
