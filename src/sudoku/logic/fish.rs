//! Fish: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.

use super::super::candidates::{Board, UNITS, box_of};
use super::super::prose;
use super::super::step::{Role, Step};

const NAMES: [&str; 5] = ["", "", "X-Wing", "Swordfish", "Jellyfish"];
const BASIC: [f64; 5] = [0.0, 0.0, 3.2, 3.8, 5.2];
/// Finned forms are not in SE 1.2; they sit just above the basic fish of the same size.
const FINNED: [f64; 5] = [0.0, 0.0, 3.4, 4.0, 5.4];

/// The SE-scale rating of a fish of `size` 2–4.
pub fn rating(size: usize, finned: bool) -> f64 {
    if finned { FINNED[size] } else { BASIC[size] }
}

fn subsets(items: u16, k: u32) -> impl Iterator<Item = u16> {
    (1u16..512).filter(move |&m| m & !items == 0 && m.count_ones() == k)
}

/// A basic fish (`finned` false) or a finned/sashimi fish of `size` base lines.
pub fn fish(board: &Board, size: usize, finned: bool) -> Option<Step> {
    let k = size as u32;
    for digit in 1..=9u8 {
        for by_rows in [true, false] {
            // Base line i is unit `base0 + i`; position j in it lies in cover line j.
            let (base0, cover0) = if by_rows { (0, 9) } else { (9, 0) };
            let masks: [u16; 9] = std::array::from_fn(|i| board.positions(base0 + i, digit));
            let mut usable = 0u16;
            for (i, &m) in masks.iter().enumerate() {
                let n = m.count_ones();
                let ok = if finned {
                    n >= 1 && n <= k + 2
                } else {
                    n >= 2 && n <= k
                };
                if ok {
                    usable |= 1 << i;
                }
            }
            for bases in subsets(usable, k) {
                let union = (0..9)
                    .filter(|i| bases & (1 << i) != 0)
                    .fold(0u16, |u, i| u | masks[i]);
                if !finned {
                    if union.count_ones() != k {
                        continue;
                    }
                    if let Some(s) = build(board, digit, base0, cover0, bases, union, 0, &masks) {
                        return Some(s);
                    }
                    continue;
                }
                if union.count_ones() <= k {
                    continue;
                }
                for covers in subsets(union, k) {
                    if let Some(s) = build(
                        board,
                        digit,
                        base0,
                        cover0,
                        bases,
                        covers,
                        union & !covers,
                        &masks,
                    ) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn build(
    board: &Board,
    digit: u8,
    base0: usize,
    cover0: usize,
    bases: u16,
    covers: u16,
    fin_lines: u16,
    masks: &[u16; 9],
) -> Option<Step> {
    let size = bases.count_ones() as usize;
    let base_units: Vec<usize> = (0..9)
        .filter(|i| bases & (1 << i) != 0)
        .map(|i| base0 + i)
        .collect();
    let cover_units: Vec<usize> = (0..9)
        .filter(|i| covers & (1 << i) != 0)
        .map(|i| cover0 + i)
        .collect();
    let mut fins = Vec::new();
    if fin_lines != 0 {
        for &b in &base_units {
            for j in 0..9 {
                if masks[b - base0] & fin_lines & (1 << j) != 0 {
                    fins.push(UNITS[b][j]);
                }
            }
        }
        let fin_box = box_of(fins[0]);
        if fins.iter().any(|&f| box_of(f) != fin_box) {
            return None;
        }
    }
    let mut s;
    let sashimi = fin_lines != 0
        && base_units
            .iter()
            .any(|&b| (masks[b - base0] & covers).count_ones() < 2);
    if fin_lines == 0 {
        s = Step::new(NAMES[size], BASIC[size]);
    } else {
        let name = format!(
            "{} {}",
            if sashimi { "Sashimi" } else { "Finned" },
            NAMES[size]
        );
        s = Step::new(&name, FINNED[size]);
    }
    let mut cells = Vec::new();
    for &b in &base_units {
        for &c in &UNITS[b] {
            if board.has(c, digit) {
                cells.push(c);
            }
        }
    }
    for &cu in &cover_units {
        for &c in &UNITS[cu] {
            if !board.has(c, digit) || cells.contains(&c) {
                continue;
            }
            if fins.is_empty() || fins.iter().all(|&f| box_of(f) == box_of(c)) {
                s.eliminate(c, digit);
            }
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    for &c in &cells {
        s.mark(
            c,
            digit,
            if fins.contains(&c) {
                Role::Fin
            } else {
                Role::Pattern
            },
        );
    }
    s.cells = cells;
    let mut units = base_units.clone();
    units.extend(&cover_units);
    s = s.with_units(&units);
    let (base, cover) = (prose::units(&base_units), prose::units(&cover_units));
    s.text = if fins.is_empty() {
        format!(
            "In {base}, every {digit} has to go in {cover}. Each of the {} lines needs its {digit} in one of those places, so {cover} get all their {digit}s there: no other cell of {cover} can be {digit}.",
            prose::count(base_units.len())
        )
    } else {
        format!(
            "In {base}, every {digit} has to go in {cover}, except in the fin {}. Either a fin is {digit}, or the {digit}s sit on the pattern; both ways, a cell of {cover} that also sees every fin cannot be {digit}.",
            prose::cells(&fins)
        )
    };
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    fn only(rows: &[(usize, &[usize])], digit: u8) -> Board {
        let mut b = Board::from_grid(&Grid::EMPTY);
        for &(r, cols) in rows {
            for c in 0..9 {
                if !cols.contains(&c) {
                    b.eliminate(r * 9 + c, digit);
                }
            }
        }
        b
    }

    #[test]
    fn x_wing_on_two_rows() {
        let b = only(&[(1, &[2, 6]), (5, &[2, 6])], 4);
        let s = fish(&b, 2, false).unwrap();
        assert_eq!(s.technique, "X-Wing");
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.digit == 4 && (e.cell % 9 == 2 || e.cell % 9 == 6))
        );
    }

    #[test]
    fn no_x_wing_when_columns_differ() {
        let b = only(&[(1, &[2, 6]), (5, &[2, 7])], 4);
        assert!(fish(&b, 2, false).is_none());
        assert!(fish(&Board::from_grid(&Grid::EMPTY), 3, false).is_none());
    }

    #[test]
    fn swordfish_on_three_rows() {
        let b = only(&[(0, &[1, 4]), (3, &[4, 7]), (7, &[1, 7])], 9);
        let s = fish(&b, 3, false).unwrap();
        assert_eq!(s.technique, "Swordfish");
        assert!(
            s.eliminations
                .iter()
                .all(|e| [1, 4, 7].contains(&(e.cell % 9)))
        );
        assert!(
            s.eliminations
                .iter()
                .all(|e| ![0, 3, 7].contains(&(e.cell / 9)))
        );
    }

    #[test]
    fn finned_x_wing_eliminates_only_in_the_fin_box() {
        // Row 1: c2, c6; row 5: c2, c6 plus fin c7 (box 5).
        let b = only(&[(1, &[2, 6]), (4, &[2, 6, 7])], 4);
        assert!(fish(&b, 2, false).is_none());
        let s = fish(&b, 2, true).unwrap();
        assert_eq!(s.technique, "Finned X-Wing");
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell % 9 == 6 && (3..6).contains(&(e.cell / 9)))
        );
    }
}
