//! Single-digit chains of strong links where a link's end may be a group: the digit's places in
//! a row (or column) that fall in two boxes, one of them holding several places in a line. If
//! the digit is not at the single end it is somewhere in the group, which still sees everything
//! the whole group sees. Sukaku Explainer finds these with its strong-link chains ("Grouped
//! Skyscraper", "Grouped 3 Strong links") and rates them 0.3 above the plain chain of the same
//! length; a chain without a group is left to [`super::chains::x_chain`].

use super::super::candidates::{Board, UNITS, box_of, sees, unit_name};
use super::super::grid::cell_name;
use super::super::prose;
use super::super::step::{Role, Step};
use super::chains::x_chain;

/// The rating of a chain of `links` strong links (2, 3 or 4), before the group surcharge.
const BASE: [f64; 5] = [0.0, 0.0, 4.0, 5.4, 5.8];

/// A group's surcharge.
const GROUPED: f64 = 0.3;

/// A strong link in `unit`: the digit is at one of its two ends.
struct Link {
    unit: usize,
    ends: [Vec<usize>; 2],
    grouped: bool,
}

/// Every strong link of `digit`: conjugate pairs in any unit, and in rows and columns the
/// digit's places split between two boxes with a single place on at least one side.
fn links_of(board: &Board, digit: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for (unit, cells) in UNITS.iter().enumerate() {
        let places: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| board.has(c, digit))
            .collect();
        if places.len() == 2 {
            out.push(Link {
                unit,
                ends: [vec![places[0]], vec![places[1]]],
                grouped: false,
            });
        } else if unit < 18 && places.len() > 2 {
            let first_box = box_of(places[0]);
            let (a, b): (Vec<usize>, Vec<usize>) =
                places.iter().partition(|&&c| box_of(c) == first_box);
            let two_boxes = b.iter().all(|&c| box_of(c) == box_of(b[0]));
            if two_boxes && (a.len() == 1 || b.len() == 1) {
                out.push(Link {
                    unit,
                    ends: [a, b],
                    grouped: true,
                });
            }
        }
    }
    out
}

/// The easiest chain of exactly `links` strong links: plain ones as [`x_chain`] finds them, or
/// grouped ones 0.3 above, whichever is easier (ties go to more eliminations).
pub fn strong_link_chain(board: &Board, links: usize) -> Option<Step> {
    let plain = x_chain(board, links);
    let grouped = grouped_chain(board, links);
    match (plain, grouped) {
        (Some(p), Some(g)) => Some(
            if g.rating < p.rating - 1e-9
                || ((g.rating - p.rating).abs() < 1e-9
                    && g.eliminations.len() > p.eliminations.len())
            {
                g
            } else {
                p
            },
        ),
        (p, g) => p.or(g),
    }
}

/// A chain being built: which link, and which of its ends the chain enters by.
type Hop = (usize, usize);

/// The best chain of `links` strong links with at least one group.
fn grouped_chain(board: &Board, links: usize) -> Option<Step> {
    let mut best: Option<Step> = None;
    for digit in 1..=9u8 {
        let all = links_of(board, digit);
        if !all.iter().any(|l| l.grouped) {
            continue;
        }
        let mut chain: Vec<Hop> = Vec::new();
        extend(board, digit, &all, links, &mut chain, &mut best);
    }
    best
}

fn extend(
    board: &Board,
    digit: u8,
    all: &[Link],
    links: usize,
    chain: &mut Vec<Hop>,
    best: &mut Option<Step>,
) {
    if chain.len() == links {
        if chain.iter().any(|&(l, _)| all[l].grouped)
            && let Some(step) = chain_step(board, digit, all, chain)
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
    let used: Vec<usize> = chain
        .iter()
        .flat_map(|&(l, _)| all[l].ends.iter().flatten().copied())
        .collect();
    for (index, link) in all.iter().enumerate() {
        if chain.iter().any(|&(l, _)| all[l].unit == link.unit) {
            continue;
        }
        if link.ends.iter().flatten().any(|c| used.contains(c)) {
            continue;
        }
        for entry in 0..2 {
            // The previous link's far end must see every cell of this link's near end (the
            // weak link: both cannot hold the digit).
            if let Some(&(prev, prev_entry)) = chain.last() {
                let far = &all[prev].ends[1 - prev_entry];
                let near = &link.ends[entry];
                if !far.iter().all(|&a| near.iter().all(|&b| sees(a, b))) {
                    continue;
                }
            }
            chain.push((index, entry));
            extend(board, digit, all, links, chain, best);
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
    let name = match links {
        2 => "Grouped Skyscraper",
        _ => "Grouped X-Chain",
    };
    let mut step = Step::new(name, BASE[links.min(4)] + GROUPED).with_cells(&in_chain);
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
    step.text = format!(
        "The {digit}s form a chain of units where {digit} has only two places (a place may be a few cells of one box in a line): {}, each link's far end seeing the next one's near end. So {} or {} holds {digit}, and {} cannot be {digit}.",
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
        // holds 1, and r4c4, seeing r2c4 (column 4) and the group (box 5), loses it.
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..81 {
            set_candidates(&mut b, c, &[2, 3]);
        }
        for c in [10, 12, 46, 48, 49, 30, 3, 27] {
            set_candidates(&mut b, c, &[1, 2]);
        }
        let s = grouped_chain(&b, 2).expect("a grouped skyscraper");
        assert_eq!(s.technique, "Grouped Skyscraper");
        assert_eq!(s.rating, 4.3);
        assert!(
            s.eliminations.iter().any(|e| e.cell == 30 && e.digit == 1),
            "{:?}",
            s.eliminations
        );
    }
}
