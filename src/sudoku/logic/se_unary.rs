//! Sudoku Explainer's static forcing chains and cycles ("Forcing Chains & Cycles"), every one
//! of them with its full structure, as the inner rule of its nested chains (level 2 and up).
//!
//! SE starts from each candidate of each unsolved cell, three times: following links within a
//! digit only (X), within bivalue cells only (Y, cycles only and only from bivalue cells), and
//! both. From the candidate assumed true it looks for a cycle back to it; with X links it also
//! looks for the candidate contradicting itself, from "true" and from "false". The cycles'
//! search may reach a "false" node again along other paths (only its own ancestors are
//! excluded), so what a cycle removes and how long it is depends on that exact search, which
//! this repeats.

use std::rc::Rc;

use super::super::candidates::{Board, CELL_BIT, CELL_UNITS, Digits, UNIT_CELLS, digits_of};
use super::chains::{length_surcharge, node, parts};
use super::se_chaining::{Hint, Implications, cause, digit_places, removable, true_to_false};
use super::static_reach;

/// Which starts of a search to search from, given the board an outer chain started from (see
/// [`Wanted`]): those whose chains may rest on what changed since, the others, or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Starts {
    All,
    Wanted,
    Others,
}

/// SE's static forcing chains and cycles on one board, ready to search: the board's link
/// graphs worked out once for every search asked of it.
pub(super) struct StaticChains<'a> {
    grid: &'a Board,
    places: [u128; 10],
    /// Per link type (X, Y, both): which starts can find anything at all (see
    /// `static_reach`), and, given the outer chain's starting board, which may rest on what
    /// changed since.
    passes: Vec<((bool, bool), static_reach::Reach, Option<Wanted>)>,
    /// What each node reaches with both link types, worked out with their pass.
    reachable: static_reach::Reachable,
}

impl<'a> StaticChains<'a> {
    pub(super) fn new(grid: &'a Board, changed_from: Option<&Board>) -> StaticChains<'a> {
        let places = digit_places(grid);
        let links = static_reach::Links::of(grid, &places);
        let wanted = |y, x| changed_from.map(|source| Wanted::of(grid, source, &places, y, x));
        let (both, reachable) = links.reach_all();
        let passes = vec![
            ((false, true), links.reach(false, true), wanted(false, true)),
            ((true, false), links.reach(true, false), wanted(true, false)),
            ((true, true), both, wanted(true, true)),
        ];
        StaticChains {
            grid,
            places,
            passes,
            reachable,
        }
    }

    /// What each node reaches with both link types (see [`static_reach::Reachable`]).
    pub(super) fn into_reachable(self) -> static_reach::Reachable {
        self.reachable
    }

    /// The chains and cycles from `starts` (all of them when no starting board was given), in
    /// the order SE finds them.
    pub(super) fn hints(&self, starts: Starts) -> Vec<Hint> {
        let grid = self.grid;
        let mut out = Vec::new();
        for ((y, x), reach, wanted) in &self.passes {
            for cell in 0..81 {
                if grid.values[cell] != 0 || grid.count(cell) < 2 {
                    continue;
                }
                for d in digits_of(grid.cands[cell]) {
                    let on = node(cell, d, true);
                    let mut from = match (wanted, starts) {
                        (None, _) | (_, Starts::All) => [true; 3],
                        (Some(w), _) => {
                            let mine = [w.cycles.has(on), w.chains.has(on), w.chains.has(on ^ 1)];
                            mine.map(|m| m == (starts == Starts::Wanted))
                        }
                    };
                    // Searches that cannot find anything are not run (see `static_reach`).
                    from[0] &= reach.on_cycle.has(on);
                    from[1] &= reach.refutable.has(on);
                    from[2] &= reach.refutable.has(on ^ 1);
                    unary(grid, &self.places, on, *y, *x, from, &mut out);
                }
            }
        }
        out
    }
}

/// The searches that may find a chain resting on some removal of the outer chain (one whose
/// rule parents are not empty): every other chain is on the outer chain's starting board too.
///
/// A forcing chain rests on a removal when one of its "true" nodes comes from a cell or unit
/// that lost candidates: a strong link the starting board did not have. A cycle is also walked
/// backwards, where its "false" nodes become "true" ones whose cause is the weak link that made
/// them, so a weak link inside a cell or unit that lost candidates counts for cycles as well.
struct Wanted {
    /// Starts ("true") of cycle searches.
    cycles: Nodes,
    /// Starts ("true" or "false") of forcing chain searches.
    chains: Nodes,
}

impl Wanted {
    fn of(grid: &Board, source: &Board, places: &[u128; 10], y: bool, x: bool) -> Wanted {
        // "True" ends of new strong links, and "false" ends of weak links in changed places.
        let mut strong = Vec::new();
        let mut weak = Vec::new();
        if y {
            for cell in 0..81 {
                let cands = grid.cands[cell];
                if source.cands[cell] == cands || cands.count_ones() < 2 {
                    continue;
                }
                for d in digits_of(cands) {
                    let n = node(cell, d, true);
                    if cands.count_ones() == 2 {
                        strong.push(n);
                    }
                    weak.push(n ^ 1);
                }
            }
        }
        // Each unit and digit once: its places, when the outer chain changed them.
        for unit in 0..27 {
            for d in 1..=9u8 {
                let mut here = places[usize::from(d)] & UNIT_CELLS[unit];
                let count = here.count_ones();
                if count < 2 || source.positions(unit, d) == grid.positions(unit, d) {
                    continue;
                }
                while here != 0 {
                    let n = node(here.trailing_zeros() as usize, d, true);
                    here &= here - 1;
                    if x && count == 2 {
                        strong.push(n);
                    }
                    weak.push(n ^ 1);
                }
            }
        }
        let chains = Nodes::reaching(grid, places, y, x, strong);
        let mut cycles = Nodes::reaching(grid, places, y, x, weak);
        for (c, w) in cycles.0.iter_mut().zip(chains.0) {
            *c |= w;
        }
        Wanted { cycles, chains }
    }
}

/// The nodes from which a static chain on `grid` (links within cells and units) can pass a
/// strong link that `source` lacks: only conclusions reached from them can rest on what changed
/// since `source` (for the multiple chains nested at SE's level 3).
pub(super) fn reaching_new_strong_links(grid: &Board, source: &Board) -> Nodes {
    let places = digit_places(grid);
    Wanted::of(grid, source, &places, true, true).chains
}

/// A set of nodes.
pub(super) struct Nodes([u64; 23]);

impl Nodes {
    pub(super) fn empty() -> Nodes {
        Nodes([0; 23])
    }

    pub(super) fn has(&self, n: usize) -> bool {
        self.0[n / 64] & (1 << (n % 64)) != 0
    }

    /// Adds `n`; true when it was not there.
    pub(super) fn add(&mut self, n: usize) -> bool {
        let new = !self.has(n);
        self.0[n / 64] |= 1 << (n % 64);
        new
    }

    /// The nodes from which a chain of links `(y, x)` on `grid` can reach the negation of a
    /// node of `from`.
    ///
    /// Links come in contrapositive pairs (a implies b exactly when not-b implies not-a), so
    /// the nodes that reach not-n are the negations of those reached from n: one search from
    /// all of `from` answers for every start.
    fn reaching(grid: &Board, places: &[u128; 10], y: bool, x: bool, from: Vec<usize>) -> Nodes {
        let mut reached = Nodes::empty();
        let mut stack = from;
        stack.retain(|&n| reached.add(n));
        let mut next = Vec::new();
        while let Some(n) = stack.pop() {
            if n % 2 == 1 {
                true_to_false(grid, places, n, y, &mut next);
            } else {
                off_to_on(grid, places, n, y, x, &mut next);
            }
            for &(m, _) in &next {
                if reached.add(m) {
                    stack.push(m);
                }
            }
        }
        let mut reaching = Nodes::empty();
        for (w, &bits) in reached.0.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let n = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                reaching.add(n ^ 1);
            }
        }
        reaching
    }
}

/// What a false node forces true: the cell's other digit when it has two (Y links), and the
/// digit's last other place in its box, row and column (X links); each node once.
pub(super) fn off_to_on(
    grid: &Board,
    places: &[u128; 10],
    n: usize,
    y: bool,
    x: bool,
    out: &mut Vec<(usize, u8)>,
) {
    out.clear();
    let (cell, digit, _) = parts(n);
    if y && grid.count(cell) == 2 {
        let other = (grid.cands[cell] & !(1 << digit)).trailing_zeros() as u8;
        out.push((node(cell, other, true), cause::CELL));
    }
    if x {
        let [row, column, boxu] = CELL_UNITS[cell];
        let elsewhere = places[usize::from(digit)] & !CELL_BIT[cell];
        for unit in [boxu, row, column] {
            let others = elsewhere & UNIT_CELLS[unit];
            if others == 0 || others & (others - 1) != 0 {
                continue;
            }
            let m = node(others.trailing_zeros() as usize, digit, true);
            if !out.iter().any(|&(o, _)| o == m) {
                out.push((m, cause::of_unit(unit)));
            }
        }
    }
}

/// True when node `n` is on the first-parent path back from record `r` (not `r` itself).
fn is_parent(imp: &Implications, r: u32, n: usize) -> bool {
    let mut x = r;
    while let Some(&p) = imp.parents_of(x).first() {
        if imp.node_of(p) == n {
            return true;
        }
        x = p;
    }
    false
}

/// The chains from one candidate assumed true (`on`): cycles, and with X links the forcing
/// chains from it true and false.
fn unary(
    grid: &Board,
    places: &[u128; 10],
    on: usize,
    y: bool,
    x: bool,
    [cycles_on, from_on, from_off]: [bool; 3],
    out: &mut Vec<Hint>,
) {
    let (cell, _, _) = parts(on);
    if !x && grid.count(cell) > 2 || !cycles_on && !from_on && !from_off {
        return;
    }
    // Nearly every search finds nothing: their records are kept (copied out of the scratch
    // ones) only when they do.
    SCRATCH.with_borrow_mut(|scratch| {
        let UnaryScratch {
            records: [cycle_scratch, on_scratch, off_scratch],
            buffers,
        } = scratch;
        let found = if cycles_on {
            cycles(grid, places, on, (y, x), cycle_scratch, buffers)
        } else {
            Vec::new()
        };
        let mut chains: Vec<(Rc<Implications>, u32)> = Vec::new();
        if x {
            let starts = [(on, from_on, on_scratch), (on ^ 1, from_off, off_scratch)];
            for (start, _, scratch) in starts.into_iter().filter(|s| s.1) {
                let targets = forcing_chains(grid, places, start, y, scratch, &mut buffers.next);
                if !targets.is_empty() {
                    let imp = Rc::new(scratch.clone());
                    chains.extend(targets.into_iter().map(|t| (imp.clone(), t)));
                }
            }
        }
        if !found.is_empty() {
            let imp = Rc::new(cycle_scratch.clone());
            for dst in found {
                if let Some(hint) = cycle_hint(grid, &imp, dst, y, x) {
                    out.push(hint);
                }
            }
        }
        chain_hints(grid, chains, y, out);
    });
}

/// What the searches from one candidate work in, kept per thread.
struct UnaryScratch {
    /// Records for the cycles, the forcing chains from "true" and those from "false".
    records: [Implications; 3],
    buffers: Buffers,
}

/// A search's queue of "false" records and the links of its current node.
#[derive(Default)]
struct Buffers {
    queue: Vec<u32>,
    next: Vec<(usize, u8)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<UnaryScratch> = std::cell::RefCell::new(UnaryScratch {
        records: [Implications::new(), Implications::new(), Implications::new()],
        buffers: Buffers::default(),
    });
}

/// The forcing chains found from one candidate as hints.
fn chain_hints(grid: &Board, chains: Vec<(Rc<Implications>, u32)>, y: bool, out: &mut Vec<Hint>) {
    for (imp, target) in chains {
        let removable = removable(grid, imp.node_of(target));
        if removable.is_empty() {
            continue;
        }
        let complexity = imp.ancestors(target);
        let (base, sort_key) = if y { (7.0, 4) } else { (6.6, 2) };
        out.push(Hint {
            difficulty: base + length_surcharge(complexity),
            complexity,
            sort_key,
            removable,
            targets: vec![(imp, target)],
            start_cause: cause::NONE,
        });
    }
}

/// SE's cycle search from `source` assumed true: breadth first, "true" nodes once each,
/// "false" nodes along every path that does not pass them already. The records of `source`
/// reached again after at least four rounds end the cycles.
fn cycles(
    grid: &Board,
    places: &[u128; 10],
    source: usize,
    (y, x): (bool, bool),
    imp: &mut Implications,
    Buffers { queue, next }: &mut Buffers,
) -> Vec<u32> {
    imp.reset();
    let mut found = Vec::new();
    imp.insert(source, &[], cause::NONE);
    // "True" nodes are recorded once each, so those still to follow are the tail of the
    // record's true order; "false" ones (records of their own, reached again along other
    // paths) wait in `queue`.
    let mut on_done = 0;
    queue.clear();
    let mut length = 0;
    while imp.on_at(on_done).is_some() || !queue.is_empty() {
        length += 1;
        while let Some(r) = imp.on_at(on_done) {
            on_done += 1;
            true_to_false(grid, places, imp.node_of(r), y, next);
            for &(m, why) in next.iter() {
                if !is_parent(imp, r, m) {
                    queue.push(imp.detached(m, &[r], why));
                }
            }
        }
        length += 1;
        let mut off_done = 0;
        while let Some(&r) = queue.get(off_done) {
            off_done += 1;
            off_to_on(grid, places, imp.node_of(r), y, x, next);
            for &(m, why) in next.iter() {
                if length >= 4 && m == source {
                    found.push(imp.detached(m, &[r], why));
                }
                if imp.get(m).is_none() {
                    imp.insert(m, &[r], why);
                }
            }
        }
        queue.clear();
    }
    found
}

/// SE's forcing chain search from `source` (true or false): every node once; the first
/// derivation of the opposite of `source` is a target.
fn forcing_chains(
    grid: &Board,
    places: &[u128; 10],
    source: usize,
    y: bool,
    imp: &mut Implications,
    next: &mut Vec<(usize, u8)>,
) -> Vec<u32> {
    imp.reset();
    let mut targets = Vec::new();
    imp.insert(source, &[], cause::NONE);
    // Every node is recorded once and followed in the order recorded: the nodes still to
    // follow are the tails of the record's true and false orders.
    let (mut on_done, mut off_done) = (0, 0);
    // Records the nodes `r` implies that are new.
    let mut derive = |imp: &mut Implications, r, next: &[(usize, u8)]| {
        for &(m, why) in next {
            if imp.get(m).is_none() {
                let t = imp.insert(m, &[r], why);
                if m == source ^ 1 {
                    targets.push(t);
                }
            }
        }
    };
    while imp.on_at(on_done).is_some() || imp.off_at(off_done).is_some() {
        while let Some(r) = imp.on_at(on_done) {
            on_done += 1;
            true_to_false(grid, places, imp.node_of(r), y, next);
            derive(imp, r, next);
        }
        while let Some(r) = imp.off_at(off_done) {
            off_done += 1;
            off_to_on(grid, places, imp.node_of(r), y, true, next);
            derive(imp, r, next);
        }
    }
    targets
}

/// The cycle ending at record `dst` (the source reached again) as a hint: it removes the
/// candidates outside the cycle that see a node of the cycle's digit both when the cycle runs
/// forwards and backwards.
fn cycle_hint(grid: &Board, imp: &Rc<Implications>, dst: u32, y: bool, x: bool) -> Option<Hint> {
    // The cycle's records from `dst` back, without the source's own record.
    let mut path = Vec::new();
    let mut r = dst;
    while let Some(&p) = imp.parents_of(r).first() {
        path.push(r);
        r = p;
    }
    let source = r;
    let cells: Vec<usize> = path.iter().map(|&r| parts(imp.node_of(r)).0).collect();
    let mut forwards: Vec<usize> = Vec::new();
    let mut backwards: Vec<usize> = Vec::new();
    for &r in &path {
        let (cell, digit, on) = parts(imp.node_of(r));
        let list = if on { &mut forwards } else { &mut backwards };
        for other in (0..81).filter(|&o| o != cell && super::super::candidates::sees(o, cell)) {
            if !cells.contains(&other) && grid.has(other, digit) {
                let m = node(other, digit, false);
                if !list.contains(&m) {
                    list.push(m);
                }
            }
        }
    }
    let mut removable: Vec<(usize, Digits)> = Vec::new();
    for m in forwards.into_iter().filter(|m| backwards.contains(m)) {
        let (c, d, _) = parts(m);
        match removable.iter_mut().find(|(rc, _)| *rc == c) {
            Some((_, digits)) => *digits |= 1 << d,
            None => removable.push((c, 1 << d)),
        }
    }
    if removable.is_empty() {
        return None;
    }
    // SE also keeps the cycle run backwards: every node flipped, each resting on the next.
    let mut reversed = Implications::new();
    let mut previous: Option<u32> = None;
    for &r in path.iter().chain([&source]) {
        let parents: Vec<u32> = previous.into_iter().collect();
        previous = Some(reversed.detached(imp.node_of(r) ^ 1, &parents, imp.cause_of(r)));
    }
    let complexity = imp.ancestors(dst);
    let (base, sort_key) = match (y, x) {
        (true, true) => (7.0, 4),
        (true, false) => (6.5, 3),
        _ => (6.5, 2),
    };
    Some(Hint {
        difficulty: base + length_surcharge(complexity),
        complexity,
        sort_key,
        removable,
        targets: vec![
            (imp.clone(), dst),
            (Rc::new(reversed), previous.expect("a cycle has nodes")),
        ],
        start_cause: cause::NONE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;

    /// Boards with many chains: hard puzzles' candidates, thinned at random (a cell keeps at
    /// least one), so that some assumptions contradict themselves and cycles abound.
    fn boards() -> Vec<Board> {
        let puzzles = [
            "12.3.....4...5......6..17..5..2......3..1..4...1..68....9....7....1..9.......9.68",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut out = Vec::new();
        for text in puzzles {
            let board = Board::from_grid(&text.parse::<Grid>().unwrap());
            out.push(board.clone());
            for thinning in [8, 4] {
                let mut b = board.clone();
                for cell in 0..81 {
                    for d in digits_of(b.cands[cell]) {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        if seed.is_multiple_of(thinning) && b.count(cell) > 1 {
                            b.eliminate(cell, d);
                        }
                    }
                }
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn searches_left_out_could_not_have_found_anything() {
        let (mut refuted, mut cycling) = (0, 0);
        for grid in boards() {
            let places = digit_places(&grid);
            let links = static_reach::Links::of(&grid, &places);
            let mut imp = Implications::new();
            let mut buffers = Buffers::default();
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let reach = links.reach(y, x);
                for cell in (0..81).filter(|&c| grid.values[c] == 0) {
                    for d in digits_of(grid.cands[cell]) {
                        let on = node(cell, d, true);
                        let found = cycles(&grid, &places, on, (y, x), &mut imp, &mut buffers);
                        if !found.is_empty() {
                            assert!(reach.on_cycle.has(on), "a cycle through {on} was missed");
                            cycling += 1;
                        }
                        if !x {
                            continue;
                        }
                        for start in [on, on ^ 1] {
                            let targets = forcing_chains(
                                &grid,
                                &places,
                                start,
                                y,
                                &mut imp,
                                &mut buffers.next,
                            );
                            // Exact both ways: a start reaches its negation or it does not.
                            assert_eq!(!targets.is_empty(), reach.refutable.has(start));
                            refuted += usize::from(!targets.is_empty());
                        }
                    }
                }
            }
        }
        // The boards do exercise both kinds.
        assert!(refuted > 0 && cycling > 0, "{refuted} {cycling}");
    }
}
