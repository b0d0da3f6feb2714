//! Static chains of implications between candidates, searched the way Sudoku Explainer
//! does: assume a candidate true (or false), follow strong and weak links, and look for the
//! assumption contradicting itself. One digit only gives X-chains (Skyscraper, 2-String Kite,
//! Turbot Fish), bivalue cells only give XY-chains, both together give AICs (W-Wing among
//! them). The rating is SE's: 6.6 for single-digit chains, 7.0 for chains searched with both
//! kinds of link, plus the length surcharge.

use super::super::candidates::{Board, CELL_UNITS, PEERS, UNITS, digits_of};
use super::super::grid::cell_name;
use super::super::prose;
use super::super::step::{CellDigit, Link, Role, Step};

/// Follow links within one digit (conjugate pairs in units).
pub const MODE_X: u8 = 1;
/// Follow links within bivalue cells.
pub const MODE_Y: u8 = 2;

/// A node: candidate `(cell, digit)` assumed true (`on`) or false.
pub fn node(cell: usize, digit: u8, on: bool) -> usize {
    (cell * 9 + digit as usize - 1) * 2 + on as usize
}

/// The cell, digit and truth of a node.
pub fn parts(n: usize) -> (usize, u8, bool) {
    (n / 18, ((n / 2) % 9) as u8 + 1, n % 2 == 1)
}

/// SE's length surcharge for a chain (or set of chains) of `complexity` nodes: +0.1 each time
/// the length passes 4, 6, 8, 12, 16, 24, 32, …
pub fn length_surcharge(complexity: usize) -> f64 {
    let length = complexity.saturating_sub(2);
    let mut ceil = 4usize;
    let mut added = 0.0;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The nodes directly implied by node `n` on the current board.
pub fn implied(board: &Board, n: usize, mode: u8, out: &mut Vec<usize>) {
    out.clear();
    let (cell, digit, on) = parts(n);
    if on {
        if mode & MODE_Y != 0 {
            for d in digits_of(board.cands[cell]) {
                if d != digit {
                    out.push(node(cell, d, false));
                }
            }
        }
        for &p in &PEERS[cell] {
            if board.has(p, digit) {
                out.push(node(p, digit, false));
            }
        }
    } else {
        if mode & MODE_Y != 0 && board.count(cell) == 2 {
            let other = (board.cands[cell] & !(1 << digit)).trailing_zeros() as u8;
            out.push(node(cell, other, true));
        }
        if mode & MODE_X != 0 {
            for &u in &CELL_UNITS[cell] {
                let pos = board.positions(u, digit);
                if pos.count_ones() == 2 {
                    for (i, &c) in UNITS[u].iter().enumerate() {
                        if c != cell && pos & (1 << i) != 0 {
                            let m = node(c, digit, true);
                            if !out.contains(&m) {
                                out.push(m);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Everything reachable from one assumption, with a breadth-first parent for each node (so
/// the path back to the assumption is a shortest chain).
pub struct Reach {
    /// Parent node of each reached node; `usize::MAX` = not reached; the start is its own.
    pub parent: Vec<usize>,
    /// Reached nodes in order of discovery.
    pub order: Vec<usize>,
}

impl Reach {
    /// Breadth-first search from `start` in `mode`.
    pub fn from(board: &Board, start: usize, mode: u8) -> Reach {
        Reach::search(board, start, mode, |_| true, |_, _| true)
    }

    /// Breadth-first search from `start` in `mode` that expands only the nodes `expand` accepts
    /// and follows only the links `(from, to)` that `follow` accepts.
    pub fn search(
        board: &Board,
        start: usize,
        mode: u8,
        expand: impl Fn(usize) -> bool,
        follow: impl Fn(usize, usize) -> bool,
    ) -> Reach {
        let mut parent = vec![usize::MAX; 1458];
        parent[start] = start;
        let mut order = vec![start];
        let mut next = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let n = order[i];
            i += 1;
            if !expand(n) {
                continue;
            }
            implied(board, n, mode, &mut next);
            for &m in &next {
                if parent[m] == usize::MAX && follow(n, m) {
                    parent[m] = n;
                    order.push(m);
                }
            }
        }
        Reach { parent, order }
    }

    /// True when `n` was reached.
    pub fn has(&self, n: usize) -> bool {
        self.parent[n] != usize::MAX
    }

    /// The chain from the start to `n`, start first.
    pub fn path(&self, n: usize) -> Vec<usize> {
        let mut p = vec![n];
        let mut cur = n;
        while self.parent[cur] != cur {
            cur = self.parent[cur];
            p.push(cur);
        }
        p.reverse();
        p
    }
}

/// A node as prose: "r1c2=5" or "r1c2≠5".
pub fn node_text(n: usize) -> String {
    let (c, d, on) = parts(n);
    format!("{}{}{d}", cell_name(c), if on { "=" } else { "≠" })
}

/// Nodes as prose, one after another with `separator` between them.
pub fn nodes_text(nodes: impl IntoIterator<Item = usize>, separator: &str) -> String {
    nodes
        .into_iter()
        .map(node_text)
        .collect::<Vec<_>>()
        .join(separator)
}

/// A chain after its assumption, told step by step ("then r1c2 is not 5, so r4c2 is 5; …").
pub fn story(path: &[usize]) -> String {
    let nodes: Vec<(usize, u8, bool)> = path[1..].iter().map(|&n| parts(n)).collect();
    prose::chain_story(&nodes)
}

/// Adds a chain's nodes and links to a step.
pub fn draw_chain(step: &mut Step, path: &[usize]) {
    for &n in path {
        let (c, d, on) = parts(n);
        step.mark(c, d, if on { Role::On } else { Role::Off });
        if !step.cells.contains(&c) {
            step.cells.push(c);
        }
    }
    for w in path.windows(2) {
        let (fc, fd, fon) = parts(w[0]);
        let (tc, td, ton) = parts(w[1]);
        if fc == tc && fd == td {
            continue;
        }
        let link = Link {
            from: CellDigit {
                cell: fc,
                digit: fd,
            },
            to: CellDigit {
                cell: tc,
                digit: td,
            },
            strong: !fon && ton,
        };
        if !step.links.contains(&link) {
            step.links.push(link);
        }
    }
}

fn name_of(path: &[usize], mode: u8) -> &'static str {
    match mode {
        MODE_X => {
            if path.len() == 6 {
                // on(t) off(a) on(b) off(c) on(e) off(t): strong links a=b and c=e.
                let kind = |x: usize, y: usize| {
                    let (a, _, _) = parts(x);
                    let (b, _, _) = parts(y);
                    if a / 9 == b / 9 {
                        0
                    } else if a % 9 == b % 9 {
                        1
                    } else {
                        2
                    }
                };
                let (k1, k2) = (kind(path[1], path[2]), kind(path[3], path[4]));
                if k1 == k2 && k1 < 2 {
                    "Skyscraper"
                } else if k1 < 2 && k2 < 2 {
                    "2-String Kite"
                } else {
                    "Turbot Fish"
                }
            } else {
                "X-Chain"
            }
        }
        MODE_Y => "XY-Chain",
        _ => {
            if path.len() == 8 {
                let (c1, _, _) = parts(path[1]);
                let (c2, _, _) = parts(path[2]);
                let (c5, _, _) = parts(path[5]);
                let (c6, _, _) = parts(path[6]);
                if c1 == c2 && c5 == c6 {
                    return "W-Wing";
                }
            }
            "AIC"
        }
    }
}

/// Which kinds of link a chain needs: X (a digit's conjugate pair in a unit) and/or Y (a
/// bivalue cell, or two digits of one cell). A weak link between two cells holding the same
/// digit belongs to both kinds, so it says nothing.
fn links_used(path: &[usize]) -> u8 {
    let mut used = 0;
    for w in path.windows(2) {
        let (a, _, from_on) = parts(w[0]);
        let (b, _, _) = parts(w[1]);
        if a == b {
            used |= MODE_Y;
        } else if !from_on {
            used |= MODE_X;
        }
    }
    used
}

/// The base SE rating of a static chain in `mode`.
pub fn base_rating(mode: u8) -> f64 {
    if mode == MODE_X | MODE_Y { 7.0 } else { 6.6 }
}

/// The easiest static forcing chain: a candidate whose truth implies its own falsehood
/// (eliminated) or whose falsehood implies its truth (placed).
///
/// Single-digit chains are searched alone (6.6); every other chain is searched with both kinds
/// of link at once and rated 7.0, even when the shortest chain found runs through bivalue cells
/// only, because that is how Sudoku Explainer finds and rates them: searching bivalue-only
/// chains on their own rated 655 of the 3,000 puzzles of `se-rated-sample` 0.1–0.4 below SE
/// (59.7% identical ratings then, 81.5% now).
pub fn forcing_chain(board: &Board) -> Option<Step> {
    let mut best: Option<(f64, Vec<usize>, u8)> = None;
    for mode in [MODE_X, MODE_X | MODE_Y] {
        if best.as_ref().is_some_and(|b| b.0 <= base_rating(mode)) {
            break;
        }
        for cell in 0..81 {
            for d in digits_of(board.cands[cell]) {
                if mode == MODE_Y && board.count(cell) < 2 {
                    continue;
                }
                for on in [true, false] {
                    let start = node(cell, d, on);
                    let target = node(cell, d, !on);
                    let reach = Reach::from(board, start, mode);
                    if !reach.has(target) {
                        continue;
                    }
                    let path = reach.path(target);
                    let r = base_rating(mode) + length_surcharge(path.len());
                    if best.as_ref().is_none_or(|b| r < b.0 - 1e-9) {
                        best = Some((r, path, mode));
                    }
                }
            }
        }
    }
    let (r, path, mode) = best?;
    let (cell, d, start_on) = parts(path[0]);
    // Named by what the chain is (a chain through bivalue cells only is an XY-chain), rated by
    // how it was found.
    let kind = if mode == MODE_X | MODE_Y && links_used(&path) == MODE_Y {
        MODE_Y
    } else {
        mode
    };
    let mut s = Step::new(name_of(&path, kind), r);
    if start_on {
        s.eliminate(cell, d);
        s.text = format!(
            "Suppose {} were {d}; {}: a contradiction. So {} cannot be {d}.",
            cell_name(cell),
            story(&path),
            cell_name(cell)
        );
    } else {
        s = s.place(cell, d);
        s.text = format!(
            "Suppose {} were not {d}; {}: it would be {d} after all. So {} must be {d}.",
            cell_name(cell),
            story(&path),
            cell_name(cell)
        );
    }
    draw_chain(&mut s, &path);
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::super::strong_links::strong_link_chain;
    use super::*;
    use crate::sudoku::Grid;

    #[test]
    fn surcharge_follows_se_steps() {
        assert_eq!(length_surcharge(6), 0.0);
        assert!((length_surcharge(7) - 0.1).abs() < 1e-9);
        assert!((length_surcharge(9) - 0.2).abs() < 1e-9);
        assert!((length_surcharge(10) - 0.2).abs() < 1e-9);
        assert!((length_surcharge(11) - 0.3).abs() < 1e-9);
    }

    /// Only digit 4 is left anywhere. Row 1 holds it only in c2 and c6, row 5 only in c2 and
    /// c7 (no X-Wing): cells seeing both r1c6 and r5c7 lose 4.
    fn skyscraper_board() -> Board {
        let mut b = Board::from_grid(&Grid::EMPTY);
        for c in 0..9 {
            if c != 2 && c != 6 {
                b.eliminate(9 + c, 4);
            }
            if c != 2 && c != 7 {
                b.eliminate(45 + c, 4);
            }
        }
        for cell in 0..81 {
            b.cands[cell] &= 1 << 4;
        }
        b
    }

    #[test]
    fn skyscraper_is_found_and_named() {
        let b = skyscraper_board();
        let s = forcing_chain(&b).unwrap();
        assert_eq!(s.technique, "Skyscraper");
        assert_eq!(s.rating, 6.6);
        let e = s.eliminations[0];
        assert!(sees(e.cell, 15) && sees(e.cell, 52) && e.digit == 4);
    }

    #[test]
    fn two_link_x_chains_get_sukaku_ratings() {
        // The same skyscraper as above, as a chain of two strong links: rated 4.0.
        let b = skyscraper_board();
        let s = strong_link_chain(&b, 2).unwrap();
        assert_eq!((s.technique.as_str(), s.rating), ("Skyscraper", 4.0));
        assert!(strong_link_chain(&b, 3).is_none_or(|s| s.rating >= 5.4));
        assert!(strong_link_chain(&Board::from_grid(&Grid::EMPTY), 2).is_none());
    }

    fn sees(a: usize, b: usize) -> bool {
        super::super::super::candidates::sees(a, b)
    }

    #[test]
    fn no_chain_on_an_empty_grid() {
        assert!(forcing_chain(&Board::from_grid(&Grid::EMPTY)).is_none());
    }
}
