//! Uniqueness techniques (valid because the puzzle has one solution): unique rectangles of
//! types 1 to 4, and BUG+1.

use super::super::candidates::{Board, UNITS, box_of, digits_of, digits_text, sees};
use super::super::grid::cell_name;
use super::super::step::{Role, Step};

fn shared_units(a: usize, b: usize) -> Vec<usize> {
    (0..27)
        .filter(|&u| UNITS[u].contains(&a) && UNITS[u].contains(&b))
        .collect()
}

/// Unique rectangle types 1, 2 and 4 (4.5, as Sukaku Explainer rates them), 3 (4.5 + 0.1 per extra subset cell): four cells in two rows, two columns
/// and two boxes that would all be {a,b} allow two solutions, so the position must avoid it.
pub fn unique_rectangle(board: &Board) -> Option<Step> {
    let mut found: Option<Step> = None;
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let mut boxes: Vec<usize> = cells.iter().map(|&c| box_of(c)).collect();
                    boxes.sort();
                    boxes.dedup();
                    if boxes.len() != 2 || cells.iter().any(|&c| board.values[c] != 0) {
                        continue;
                    }
                    let common = cells.iter().fold(0x3FEu16, |m, &c| m & board.cands[c]);
                    for pair in pairs(common) {
                        if let Some(s) = rectangle(board, &cells, pair)
                            && found.as_ref().is_none_or(|f| s.rating < f.rating)
                        {
                            found = Some(s);
                        }
                    }
                }
            }
        }
    }
    found
}

fn pairs(set: u16) -> Vec<u16> {
    let ds: Vec<u8> = digits_of(set).collect();
    let mut out = Vec::new();
    for i in 0..ds.len() {
        for j in i + 1..ds.len() {
            out.push((1 << ds[i]) | (1 << ds[j]));
        }
    }
    out
}

fn rectangle(board: &Board, cells: &[usize; 4], pair: u16) -> Option<Step> {
    let exact: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.cands[c] == pair)
        .collect();
    let extra: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.cands[c] != pair)
        .collect();
    let names = cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(", ");
    let new = |name: &str, r: f64| {
        let mut s = Step::new(name, r).with_cells(cells);
        s.mark_all(board, cells, pair, Role::Pattern);
        s
    };
    if exact.len() == 3 {
        let t = extra[0];
        let mut s = new("Unique Rectangle Type 1", 4.5);
        for d in digits_of(pair) {
            s.eliminate(t, d);
        }
        s.text = format!(
            "If {} were {} or {}, the cells {names} could swap those digits and the puzzle would have two solutions, so it is neither.",
            cell_name(t),
            digits_of(pair).next().unwrap_or(0),
            digits_of(pair).last().unwrap_or(0)
        );
        return Some(s);
    }
    if exact.len() != 2 || shared_units(extra[0], extra[1]).is_empty() {
        return None;
    }
    let (e1, e2) = (extra[0], extra[1]);
    // Type 2: both roof cells have the same single extra digit.
    let x1 = board.cands[e1] & !pair;
    if board.cands[e1] == board.cands[e2] && x1.count_ones() == 1 {
        let x = x1.trailing_zeros() as u8;
        let mut s = new("Unique Rectangle Type 2", 4.5);
        for c in 0..81 {
            if c != e1 && c != e2 && board.has(c, x) && sees(c, e1) && sees(c, e2) {
                s.eliminate(c, x);
            }
        }
        if !s.eliminations.is_empty() {
            s.mark(e1, x, Role::Fin);
            s.mark(e2, x, Role::Fin);
            s.text = format!(
                "To avoid the deadly pattern {{{}}} in {names}, one of {} and {} must be {x}, so cells seeing both lose {x}.",
                digits_text(pair),
                cell_name(e1),
                cell_name(e2)
            );
            return Some(s);
        }
    }
    // Type 3: the roof's extra digits form a naked subset with other cells of a shared unit.
    let extras = (board.cands[e1] | board.cands[e2]) & !pair;
    for u in shared_units(e1, e2) {
        let others: Vec<usize> = UNITS[u]
            .iter()
            .copied()
            .filter(|&c| c != e1 && c != e2 && board.values[c] == 0)
            .collect();
        for mask in 1u32..(1 << others.len()) {
            let k = mask.count_ones() as usize;
            if k > 3 {
                continue;
            }
            let set: Vec<usize> = (0..others.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| others[i])
                .collect();
            let digits = set.iter().fold(extras, |m, &c| m | board.cands[c]);
            if digits.count_ones() as usize != k + 1 {
                continue;
            }
            let mut s = new("Unique Rectangle Type 3", 4.5 + 0.1 * k as f64).with_units(&[u]);
            for &c in &others {
                if set.contains(&c) {
                    continue;
                }
                for d in digits_of(digits & board.cands[c]) {
                    s.eliminate(c, d);
                }
            }
            if s.eliminations.is_empty() {
                continue;
            }
            s.mark_all(board, &[e1, e2], extras, Role::Fin);
            s.mark_all(board, &set, digits, Role::Pattern);
            s.text = format!(
                "To avoid the deadly pattern {{{}}} in {names}, {} or {} holds one of {}, which with {} forms a naked subset of {} in {}, so those digits leave the rest of it.",
                digits_text(pair),
                cell_name(e1),
                cell_name(e2),
                digits_text(extras),
                set.iter()
                    .map(|&c| cell_name(c))
                    .collect::<Vec<_>>()
                    .join(", "),
                digits_text(digits),
                super::super::candidates::unit_name(u)
            );
            return Some(s);
        }
    }
    // Type 4: one of the pair digits is locked to the roof cells in a shared unit.
    for u in shared_units(e1, e2) {
        for a in digits_of(pair) {
            let pos = board.positions(u, a);
            if pos.count_ones() == 2 {
                let b = (pair & !(1 << a)).trailing_zeros() as u8;
                let mut s = new("Unique Rectangle Type 4", 4.5).with_units(&[u]);
                s.eliminate(e1, b);
                s.eliminate(e2, b);
                s.text = format!(
                    "In {}, {a} must be in {} or {}; if either were also {b} the rectangle {names} would allow two solutions, so both lose {b}.",
                    super::super::candidates::unit_name(u),
                    cell_name(e1),
                    cell_name(e2)
                );
                return Some(s);
            }
        }
    }
    None
}

/// BUG+1 (SE 5.6): every empty cell but one has two candidates; the odd cell must take the
/// digit that would otherwise appear three times in its units, or the grid would have two
/// solutions.
pub fn bug_plus_one(board: &Board) -> Option<Step> {
    let mut odd = None;
    for c in 0..81 {
        if board.values[c] != 0 {
            continue;
        }
        match board.count(c) {
            2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let cell = odd?;
    for u in 0..27 {
        for d in 1..=9u8 {
            let n = board.positions(u, d).count_ones();
            if n != 0 && n != 2 && !(n == 3 && UNITS[u].contains(&cell) && board.has(cell, d)) {
                return None;
            }
        }
    }
    let unit = cell / 9;
    let digit =
        digits_of(board.cands[cell]).find(|&d| board.positions(unit, d).count_ones() == 3)?;
    let mut s = Step::new("BUG+1", 5.6)
        .place(cell, digit)
        .with_cells(&[cell]);
    s.mark(cell, digit, Role::On);
    s.text = format!(
        "Every other empty cell has two candidates; unless {} is {digit}, the grid would have two solutions.",
        cell_name(cell)
    );
    Some(s)
}

/// BUG type 2 (SE 5.7): every empty cell has two candidates but a few with a third, all the
/// same digit d, and without those extra d's every unit would hold each digit exactly twice or
/// not at all (two solutions). So one of those cells is d, and d leaves every cell that sees
/// them all.
pub fn bug_type_2(board: &Board) -> Option<Step> {
    let mut extra: Vec<usize> = Vec::new();
    for c in 0..81 {
        if board.values[c] != 0 {
            continue;
        }
        match board.count(c) {
            2 => {}
            3 => extra.push(c),
            _ => return None,
        }
    }
    if extra.len() < 2 {
        return None;
    }
    let common = extra.iter().fold(0x3FEu16, |m, &c| m & board.cands[c]);
    let digit = digits_of(common).find(|&d| {
        let mut without = board.clone();
        for &c in &extra {
            without.cands[c] &= !(1 << d);
        }
        (0..27).all(|u| (1..=9u8).all(|e| matches!(without.positions(u, e).count_ones(), 0 | 2)))
    })?;
    let mut s = Step::new("BUG type 2", 5.7).with_cells(&extra);
    for c in 0..81 {
        if !extra.contains(&c) && board.has(c, digit) && extra.iter().all(|&x| sees(c, x)) {
            s.eliminate(c, digit);
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    for &c in &extra {
        s.mark(c, digit, Role::On);
    }
    let names: Vec<String> = extra.iter().map(|&c| cell_name(c)).collect();
    s.text = format!(
        "Every other empty cell has two candidates; without the {digit}s in {} the grid would have two solutions, so one of those cells is {digit}, and a cell that sees them all cannot be {digit}.",
        names.join(", ")
    );
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn type_1_removes_the_pair_from_the_fourth_corner() {
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 3, &[1, 2]);
        set_candidates(&mut b, 9, &[1, 2]);
        set_candidates(&mut b, 12, &[1, 2, 5, 7]);
        let s = unique_rectangle(&b).unwrap();
        assert_eq!(s.technique, "Unique Rectangle Type 1");
        let mut e: Vec<(usize, u8)> = s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        e.sort();
        assert_eq!(e, vec![(12, 1), (12, 2)]);
    }

    #[test]
    fn type_2_removes_the_shared_extra_from_cells_seeing_both_roof_cells() {
        // Floor r1c1, r1c4 {1,2}; roof r2c1, r2c4 {1,2,7}: one of them is 7, so the rest of
        // row 2 loses 7.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 3, &[1, 2]);
        set_candidates(&mut b, 9, &[1, 2, 7]);
        set_candidates(&mut b, 12, &[1, 2, 7]);
        let s = unique_rectangle(&b).unwrap();
        assert_eq!(s.technique, "Unique Rectangle Type 2");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.digit == 7 && e.cell / 9 == 1)
        );
        assert!(!s.eliminations.iter().any(|e| e.cell == 9 || e.cell == 12));
    }

    #[test]
    fn type_4_uses_a_locked_pair_digit_in_the_roof() {
        // Floor r1c1, r1c4 {1,2}; roof r2c1 {1,2,5}, r2c4 {1,2,6}; in row 2, 1 is only in the
        // roof cells, so neither roof cell can be 2.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 3, &[1, 2]);
        set_candidates(&mut b, 9, &[1, 2, 5]);
        set_candidates(&mut b, 12, &[1, 2, 6]);
        for c in 9..18 {
            if c != 9 && c != 12 {
                b.eliminate(c, 1);
            }
        }
        let s = unique_rectangle(&b).unwrap();
        assert_eq!(s.technique, "Unique Rectangle Type 4");
        let mut e: Vec<(usize, u8)> = s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        e.sort();
        assert_eq!(e, vec![(9, 2), (12, 2)]);
    }

    #[test]
    fn type_3_uses_the_roof_extras_as_a_naked_pair() {
        // Floor r1c1, r1c4 = {1,2}; roof r2c1 {1,2,3}, r2c4 {1,2,4}. One roof cell holds 3 or
        // 4, so with r2c7 {3,4} the digits 3 and 4 are a naked pair in row 2.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 3, &[1, 2]);
        set_candidates(&mut b, 9, &[1, 2, 3]);
        set_candidates(&mut b, 12, &[1, 2, 4]);
        set_candidates(&mut b, 15, &[3, 4]);
        let s = unique_rectangle(&b).unwrap();
        assert_eq!(s.technique, "Unique Rectangle Type 3");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell / 9 == 1 && (e.digit == 3 || e.digit == 4))
        );
        assert!(!s.eliminations.is_empty());
    }

    #[test]
    fn no_rectangle_within_one_box() {
        // r1c1, r1c2, r2c1, r2c2 lie in one box: not a unique rectangle.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 1, &[1, 2]);
        set_candidates(&mut b, 9, &[1, 2]);
        set_candidates(&mut b, 10, &[1, 2, 5]);
        assert!(unique_rectangle(&b).is_none_or(|s| !s.cells.contains(&10)));
    }

    #[test]
    fn bug_needs_all_but_one_bivalue() {
        assert!(bug_plus_one(&Board::from_grid(&Grid::EMPTY)).is_none());
    }
}
