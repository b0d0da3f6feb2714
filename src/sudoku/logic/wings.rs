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
