//! Wings: XY-Wing and XYZ-Wing.

use super::super::candidates::{Board, PEERS, digits_text, sees};
use super::super::grid::cell_name;
use super::super::step::{Role, Step};

/// XY-Wing (SE 4.2): a pivot {x,y} sees pincers {x,z} and {y,z}; whatever the pivot is, one
/// pincer is z, so z leaves every cell that sees both pincers.
pub fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, false)
}

/// XYZ-Wing (SE 4.4): a pivot {x,y,z} sees pincers {x,z} and {y,z}; z leaves every cell that
/// sees all three.
pub fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, true)
}

/// Bent wings of `size` cells (4: WXYZ-Wing, 5: VWXYZ-Wing): a pivot and `size - 1` cells it
/// sees hold exactly `size` digits between them; every digit but one (z) is restricted (all its
/// cells see each other), so z must be in one of its cells there, and leaves every cell that
/// sees all of them. Rated as Sukaku Explainer does: 5.5 (WXYZ) or 6.2 (VWXYZ) plus 0.1 per
/// step the largest cell is from the ends of the 2…size range.
pub fn bent_wing(board: &Board, size: usize) -> Option<Step> {
    let mut best: Option<Step> = None;
    for pivot in 0..81 {
        let pc = board.cands[pivot];
        if board.values[pivot] != 0 || pc.count_ones() as usize > size {
            continue;
        }
        let wings: Vec<usize> = PEERS[pivot]
            .iter()
            .copied()
            .filter(|&p| board.values[p] == 0 && (2..=size as u32).contains(&board.count(p)))
            .filter(|&p| (board.cands[p] | pc).count_ones() as usize <= size)
            .collect();
        let mut pick = Vec::with_capacity(size);
        pick.push(pivot);
        search(board, &wings, 0, size, &mut pick, &mut best);
    }
    best
}

fn search(
    board: &Board,
    wings: &[usize],
    from: usize,
    size: usize,
    pick: &mut Vec<usize>,
    best: &mut Option<Step>,
) {
    let union = pick.iter().fold(0u16, |m, &c| m | board.cands[c]);
    if union.count_ones() as usize > size {
        return;
    }
    if pick.len() == size {
        if union.count_ones() as usize == size
            && let Some(s) = bent_step(board, pick, union)
            && best.as_ref().is_none_or(|b| s.rating < b.rating)
        {
            *best = Some(s);
        }
        return;
    }
    for i in from..wings.len() {
        pick.push(wings[i]);
        search(board, wings, i + 1, size, pick, best);
        pick.pop();
    }
}

fn bent_step(board: &Board, cells: &[usize], union: u16) -> Option<Step> {
    let size = cells.len();
    let mut z = None;
    for d in super::super::candidates::digits_of(union) {
        let holders: Vec<usize> = cells.iter().copied().filter(|&c| board.has(c, d)).collect();
        let restricted = holders
            .iter()
            .enumerate()
            .all(|(i, &a)| holders[i + 1..].iter().all(|&b| sees(a, b)));
        if !restricted {
            if z.is_some() {
                return None;
            }
            z = Some((d, holders));
        }
    }
    let (zd, zcells) = z?;
    let name = if size == 4 { "WXYZ-Wing" } else { "VWXYZ-Wing" };
    let biggest = cells
        .iter()
        .map(|&c| board.count(c) as i32)
        .max()
        .unwrap_or(2);
    let mid = (size as i32 + 2) / 2;
    let base = if size == 4 { 5.5 } else { 6.2 };
    let r = base + ((size as i32 - mid) - (mid - biggest).abs()) as f64 * 0.1;
    let mut s = Step::new(name, r).with_cells(cells);
    for c in 0..81 {
        if !cells.contains(&c) && board.has(c, zd) && zcells.iter().all(|&w| sees(c, w)) {
            s.eliminate(c, zd);
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    s.mark_all(board, cells, 0x3FE & !(1 << zd), Role::Pattern);
    for &w in &zcells {
        s.mark(w, zd, Role::Fin);
    }
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
    s.text = format!(
        "The cells {} hold only {} digits ({}) and every digit but {zd} is confined to cells that see each other, so one of them must be {zd}; cells seeing all of those lose {zd}.",
        names.join(", "),
        size,
        digits_text(union)
    );
    Some(s)
}

fn wing(board: &Board, xyz: bool) -> Option<Step> {
    for pivot in 0..81 {
        let pc = board.cands[pivot];
        if pc.count_ones() != if xyz { 3 } else { 2 } {
            continue;
        }
        let pincers: Vec<usize> = PEERS[pivot]
            .iter()
            .copied()
            .filter(|&p| board.count(p) == 2)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (board.cands[a], board.cands[b]);
                if ca == cb {
                    continue;
                }
                let z = ca & cb;
                if z.count_ones() != 1 {
                    continue;
                }
                let ok = if xyz {
                    ca | cb == pc
                } else {
                    z & pc == 0 && (ca | cb) & !z == pc
                };
                if !ok {
                    continue;
                }
                let zd = z.trailing_zeros() as u8;
                let name = if xyz { "XYZ-Wing" } else { "XY-Wing" };
                let mut s = Step::new(name, if xyz { 4.4 } else { 4.2 }).with_cells(&[pivot, a, b]);
                for c in 0..81 {
                    if c != pivot
                        && c != a
                        && c != b
                        && board.has(c, zd)
                        && sees(c, a)
                        && sees(c, b)
                        && (!xyz || sees(c, pivot))
                    {
                        s.eliminate(c, zd);
                    }
                }
                if s.eliminations.is_empty() {
                    continue;
                }
                s.mark_all(board, &[pivot, a, b], 0x3FE, Role::Pattern);
                s.text = format!(
                    "Whatever {} ({}) turns out to be, {} or {} holds {zd}, so cells seeing {} lose {zd}.",
                    cell_name(pivot),
                    digits_text(pc),
                    cell_name(a),
                    cell_name(b),
                    if xyz { "all three" } else { "both of them" }
                );
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn xy_wing_removes_z_where_both_pincers_are_seen() {
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]); // pivot r1c1
        set_candidates(&mut b, 4, &[1, 3]); // r1c5
        set_candidates(&mut b, 27, &[2, 3]); // r4c1
        let s = xy_wing(&b).unwrap();
        assert_eq!(s.cells, vec![0, 4, 27]);
        // r4c5 sees both pincers.
        assert!(s.eliminations.iter().any(|e| e.cell == 31 && e.digit == 3));
        assert!(s.eliminations.iter().all(|e| e.digit == 3));
        assert!(xyz_wing(&b).is_none());
    }

    #[test]
    fn wxyz_wing_removes_z_from_cells_seeing_every_z() {
        // Pivot r9c7 {4,9}; wings r7c8 {5,9}, r9c5 {4,8}, r9c4 {5,8}: 5 is the only
        // unrestricted digit (r7c8 and r9c4 do not see each other), r7c4 sees both 5s.
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 78, &[4, 9]);
        set_candidates(&mut b, 61, &[5, 9]);
        set_candidates(&mut b, 76, &[4, 8]);
        set_candidates(&mut b, 75, &[5, 8]);
        let s = bent_wing(&b, 4).unwrap();
        assert_eq!(s.technique, "WXYZ-Wing");
        assert_eq!(s.rating, 5.5);
        assert!(s.eliminations.iter().all(|e| e.digit == 5));
        assert!(s.eliminations.iter().any(|e| e.cell == 57));
        assert!(bent_wing(&Board::from_grid(&Grid::EMPTY), 4).is_none());
    }

    #[test]
    fn no_wing_when_pincers_share_two_digits() {
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2]);
        set_candidates(&mut b, 4, &[1, 3]);
        set_candidates(&mut b, 27, &[1, 3]);
        assert!(xy_wing(&b).is_none());
    }

    #[test]
    fn xyz_wing_needs_cells_seeing_all_three() {
        let mut b = Board::from_grid(&Grid::EMPTY);
        set_candidates(&mut b, 0, &[1, 2, 3]); // pivot r1c1
        set_candidates(&mut b, 2, &[1, 3]); // r1c3, same box and row
        set_candidates(&mut b, 27, &[2, 3]); // r4c1
        let s = xyz_wing(&b).unwrap();
        // Cells seeing r1c1, r1c3 and r4c1: r2c1, r3c1 (box 1 + column 1).
        let mut cells: Vec<usize> = s.eliminations.iter().map(|e| e.cell).collect();
        cells.sort();
        assert_eq!(cells, vec![9, 18]);
    }
}
