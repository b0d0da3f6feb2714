//! Single-digit chains of strong links, as Sukaku Explainer's strong-link chains find them: every
//! chain of two to four links is tried, and the one that rates lowest is kept. A link's end may
//! be a group: the digit's places in a row (or column) that fall in two boxes, with several
//! places in one box or in both. If the digit is not at one end it is somewhere in the other,
//! and a cell that sees every place of an end sees the digit whichever place holds it.
//!
//! Ratings as Sukaku's: 4.0, 5.4 or 5.8 for two, three or four links; 0.3 more with a group
//! ("Grouped Skyscraper", "Grouped 3 Strong links"); otherwise 0.1 more when the links mix rows
//! and columns or use a box, and 0.2 when they use a box and both lines. Trying every chain
//! matters: the shortest chain to a removal can mix units another chain avoids (0.1 higher).

use super::super::candidates::{Board, CELL_BIT, PEER_CELLS, UNITS, box_of, sees, unit_name};
use super::super::grid::cell_name;
use super::super::prose;
use super::super::step::{Role, Step};

/// Base ratings of single-digit chains by number of strong links, as Sukaku Explainer rates
/// its "strong-linked fishes" (2 links: Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish 4.2).
const BASE: [f64; 5] = [0.0, 0.0, 4.0, 5.4, 5.8];

/// A group's surcharge.
const GROUPED: f64 = 0.3;

/// Sukaku Explainer's surcharge on a chain without groups, by the units of its strong links: 0.1
/// when they mix rows and columns or use a box, 0.2 when they use a box and both lines.
fn shape_surcharge(row: bool, col: bool, bx: bool) -> f64 {
    if bx && row && col {
        0.2
    } else if bx || (row && col) {
        0.1
    } else {
        0.0
    }
}

/// A strong link in `unit`: the digit is at one of its two ends.
struct Link {
    unit: usize,
    ends: [Vec<usize>; 2],
    grouped: bool,
    /// Each end's cells, and the cells that see every cell of it, as bit sets (bit = cell).
    cells: [u128; 2],
    seen: [u128; 2],
}

impl Link {
    fn new(unit: usize, ends: [Vec<usize>; 2], grouped: bool) -> Link {
        let cells = ends
            .each_ref()
            .map(|end| end.iter().fold(0u128, |m, &c| m | CELL_BIT[c]));
        let seen = ends
            .each_ref()
            .map(|end| end.iter().fold(!0u128, |m, &c| m & PEER_CELLS[c]));
        Link {
            unit,
            ends,
            grouped,
            cells,
            seen,
        }
    }
}

/// Every strong link of `digit`: conjugate pairs in any unit, and in rows and columns the
/// digit's places split between two boxes, however many in each (Sukaku Explainer links a line
/// whose third box segment is empty, whatever its two other segments hold: requiring a single
/// place on one side missed chains it rates 5.7).
fn links_of(board: &Board, digit: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for (unit, cells) in UNITS.iter().enumerate() {
        let places: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| board.has(c, digit))
            .collect();
        if places.len() == 2 {
            out.push(Link::new(unit, [vec![places[0]], vec![places[1]]], false));
        } else if unit < 18 && places.len() > 2 {
            let first_box = box_of(places[0]);
            let (a, b): (Vec<usize>, Vec<usize>) =
                places.iter().partition(|&&c| box_of(c) == first_box);
            let two_boxes = b.iter().all(|&c| box_of(c) == box_of(b[0]));
            if two_boxes {
                out.push(Link::new(unit, [a, b], true));
            }
        }
    }
    out
}

/// A chain being built: which link, and which of its ends the chain enters by.
type Hop = (usize, usize);

/// The lowest-rated chain of exactly `links` strong links, plain or grouped (ties go to more
/// eliminations).
pub fn strong_link_chain(board: &Board, links: usize) -> Option<Step> {
    let mut best: Option<Step> = None;
    for digit in 1..=9u8 {
        let all = links_of(board, digit);
        let mut chain: Vec<Hop> = Vec::new();
        extend(board, digit, &all, links, &mut chain, 0, &mut best);
    }
    best
}

/// Extends `chain` (whose links hold the cells `used`) by every link that fits, up to `links`.
fn extend(
    board: &Board,
    digit: u8,
    all: &[Link],
    links: usize,
    chain: &mut Vec<Hop>,
    used: u128,
    best: &mut Option<Step>,
) {
    if chain.len() == links {
        if let Some(step) = chain_step(board, digit, all, chain)
            && best.as_ref().is_none_or(|b| {
                step.rating < b.rating - 1e-9
                    || ((step.rating - b.rating).abs() < 1e-9
                        && step.eliminations.len() > b.eliminations.len())
            })
        {
            *best = Some(step);
        }
        return;
    }
    for (index, link) in all.iter().enumerate() {
        // A unit holds one link of the digit, so a link whose cells are unused is in a new unit.
        let cells = link.cells[0] | link.cells[1];
        if cells & used != 0 {
            continue;
        }
        for entry in 0..2 {
            // The previous link's far end must see every cell of this link's near end (the
            // weak link: both cannot hold the digit).
            if let Some(&(prev, prev_entry)) = chain.last()
                && link.cells[entry] & !all[prev].seen[1 - prev_entry] != 0
            {
                continue;
            }
            chain.push((index, entry));
            extend(board, digit, all, links, chain, used | cells, best);
            chain.pop();
        }
    }
}

/// The step for a complete chain: the digit leaves every cell that sees both of its ends.
fn chain_step(board: &Board, digit: u8, all: &[Link], chain: &[Hop]) -> Option<Step> {
    let (first, first_entry) = chain[0];
    let (last, last_entry) = chain[chain.len() - 1];
    let start = &all[first].ends[first_entry];
    let end = &all[last].ends[1 - last_entry];
    let in_chain: Vec<usize> = chain
        .iter()
        .flat_map(|&(l, _)| all[l].ends.iter().flatten().copied())
        .collect();
    let victims: Vec<usize> = (0..81)
        .filter(|&c| {
            !in_chain.contains(&c)
                && board.has(c, digit)
                && start.iter().all(|&s| sees(c, s))
                && end.iter().all(|&e| sees(c, e))
        })
        .collect();
    if victims.is_empty() {
        return None;
    }
    let links = chain.len();
    let grouped = chain.iter().any(|&(l, _)| all[l].grouped);
    // Unit kinds used: bit 0 rows, bit 1 columns, bit 2 boxes.
    let kinds = chain
        .iter()
        .fold(0u8, |k, &(l, _)| k | 1 << (all[l].unit / 9));
    let (row, col, bx) = (kinds & 1 != 0, kinds & 2 != 0, kinds & 4 != 0);
    let name = match (grouped, links) {
        (true, 2) => "Grouped Skyscraper",
        (true, _) => "Grouped X-Chain",
        (false, 2) if bx => "Turbot Fish",
        (false, 2) if row && col => "2-String Kite",
        (false, 2) => "Skyscraper",
        (false, _) => "X-Chain",
    };
    let surcharge = if grouped {
        GROUPED
    } else {
        shape_surcharge(row, col, bx)
    };
    let rating = BASE[links.min(4)] + surcharge;
    let mut step = Step::new(name, rating).with_cells(&in_chain);
    for &c in &victims {
        step.eliminate(c, digit);
    }
    let place = |cells: &[usize]| {
        if cells.len() == 1 {
            cell_name(cells[0])
        } else {
            format!("one of {}", prose::cells(cells))
        }
    };
    let mut told = Vec::new();
    for &(l, entry) in chain {
        let link = &all[l];
        for &c in link.ends.iter().flatten() {
            step.mark(c, digit, Role::Pattern);
        }
        told.push(format!(
            "{} or {} ({})",
            place(&link.ends[entry]),
            place(&link.ends[1 - entry]),
            unit_name(link.unit)
        ));
    }
    step = step.with_units(&chain.iter().map(|&(l, _)| all[l].unit).collect::<Vec<_>>());
    let groups = if grouped {
        " (a place may be a few cells of one box in a line)"
    } else {
        ""
    };
    step.text = format!(
        "The {digit}s form a chain of units where {digit} has only two places{groups}: {}, each link's far end seeing the next one's near end. So {} or {} holds {digit}, and {} cannot be {digit}.",
        told.join("; "),
        place(start),
        place(end),
        prose::cells(&victims)
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::candidates::set_candidates;

    #[test]
    fn a_skyscraper_with_a_grouped_end_removes_what_sees_both_ends() {
        // Digit 1 as in a rated puzzle: row 2 has it only in r2c2 and r2c4; row 6 in r6c2 and
        // the group r6c4-r6c5 of box 5. r2c2 and r6c2 share column 2, so r2c4 or the group
        // holds 1, and r4c4, seeing r2c4 (column 4) and the group (box 5), loses it. No plain
        // chain competes (see the next test).
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..81 {
            set_candidates(&mut b, c, &[2, 3]);
        }
        for c in [10, 12, 46, 48, 49, 30] {
            set_candidates(&mut b, c, &[1, 2]);
        }
        let s = strong_link_chain(&b, 2).expect("a grouped skyscraper");
        assert_eq!(s.technique, "Grouped Skyscraper");
        assert_eq!(s.rating, 4.3);
        assert!(
            s.eliminations.iter().any(|e| e.cell == 30 && e.digit == 1),
            "{:?}",
            s.eliminations
        );
    }

    #[test]
    fn a_line_split_between_two_boxes_links_its_two_groups() {
        // Digit 1 in row 2 only at r2c4 and r2c6 (box 2) and r2c8 and r2c9 (box 3): the digit
        // is in one pair or the other, a link with a group at each end.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..81 {
            set_candidates(&mut b, c, &[2, 3]);
        }
        for c in [12, 14, 16, 17] {
            set_candidates(&mut b, c, &[1, 2]);
        }
        let links = links_of(&b, 1);
        let row = links.iter().find(|l| l.unit == 1).expect("a link in row 2");
        assert!(row.grouped);
        assert_eq!(row.ends, [vec![12, 14], vec![16, 17]]);
    }

    #[test]
    fn of_two_chains_the_lower_rated_is_kept() {
        // With r4c1 also holding 1, rows 2 and 4 make a plain skyscraper (4.0: r2c2=r2c4,
        // r4c4=r4c1), which beats the grouped one (4.3): r6c2 sees both its ends and loses 1.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..81 {
            set_candidates(&mut b, c, &[2, 3]);
        }
        for c in [10, 12, 46, 48, 49, 30, 3, 27] {
            set_candidates(&mut b, c, &[1, 2]);
        }
        let s = strong_link_chain(&b, 2).expect("a chain");
        assert_eq!((s.technique.as_str(), s.rating), ("Skyscraper", 4.0));
        assert_eq!(s.eliminations.len(), 1);
        assert_eq!((s.eliminations[0].cell, s.eliminations[0].digit), (46, 1));
    }
}
