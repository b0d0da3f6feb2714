//! Forcing chains as Sudoku Explainer finds and rates them: Nishio (7.5), multiple static
//! chains (8.0), dynamic chains (8.5) and dynamic chains that also use pointing, pairs and
//! X-Wings (9.0), each plus SE's length surcharge.
//!
//! An SE rating is a property of SE's search, not only of the puzzle: which chains it follows,
//! in which order it derives each candidate (the first derivation keeps its reasons), and how it
//! counts a chain's length (every distinct reason, including the removals that made a single).
//! So this search follows the same rules in the same order:
//! - from each candidate of each cell (cells in order, digits ascending), assume it true, then
//!   false, and derive everything that follows (all "true" conclusions first, then one "false");
//! - a contradiction refutes the assumption; a conclusion reached both ways holds (dynamic
//!   only); a conclusion reached from every candidate of a cell, or from every place of a digit
//!   in a unit, holds;
//! - of all conclusions, the one with the lowest rating, then the shortest, then the kind SE
//!   sorts first, then the first found, is the step.

use super::super::candidates::{
    Board, CELL_BIT, CELL_UNITS, Digits, UNIT_CELLS, UNITS, digits_of, unit_name,
};
use super::super::grid::cell_name;
use super::super::step::{CellDigit, Link, Role, Step};
use super::chain_rules::first_rule;
use super::chains::{length_surcharge, node, nodes_text, parts};
use super::se_unary::{self, Starts};
use super::{se_nested, static_reach};
use std::cell::Cell;
use std::rc::Rc;
use std::thread::LocalKey;

const NONE: u32 = u32::MAX;

/// A node not recorded, in [`Implications`]' slots.
const NO_SLOT: u16 = u16::MAX;

/// Which chains a search follows (SE's four chaining techniques below nesting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One digit, dynamic, contradictions only.
    Nishio,
    /// Static links; cell and region chains.
    Multiple,
    /// Dynamic: contradictions, both-ways conclusions, cell and region chains.
    Dynamic,
    /// Dynamic, also using pointing, pairs and X-Wings when the singles run dry.
    DynamicPlus,
    /// SE's nested levels: dynamic, using pointing, pairs and X-Wings and then inner chains
    /// when the singles run dry: static forcing chains and cycles (level 2, 9.5), also
    /// multiple static chains (level 3, 10.0), or dynamic chains of level `inner` (level 4,
    /// 10.5).
    Nested { level: u8, inner: u8 },
}

impl Kind {
    fn dynamic(self) -> bool {
        self != Kind::Multiple
    }

    fn base(self) -> f64 {
        match self {
            Kind::Nishio => 7.5,
            Kind::Multiple => 8.0,
            Kind::Dynamic => 8.5,
            Kind::DynamicPlus => 9.0,
            Kind::Nested { level, .. } => 8.5 + 0.5 * f64::from(level),
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Kind::DynamicPlus => " (+)",
            Kind::Nested { level: 2, .. } => " (+ Forcing Chains)",
            Kind::Nested { level: 3, .. } => " (+ Multiple Forcing Chains)",
            Kind::Nested { .. } => " (+ Dynamic Forcing Chains)",
            _ => "",
        }
    }

    /// Whether the chain applies pointing, pairs and X-Wings when its singles run dry.
    fn plus(self) -> bool {
        matches!(self, Kind::DynamicPlus | Kind::Nested { .. })
    }
}

/// Why a node follows from its parents, as SE records it: it decides which of an outer chain's
/// removals an inner chain rests on (see [`super::se_nested`]).
pub(super) mod cause {
    /// The assumption itself.
    pub const NONE: u8 = 0;
    /// The cell: its other digit (or, for a "false" node, the cell's true digit).
    pub const CELL: u8 = 1;
    /// The digit's box, row or column.
    pub const BOX: u8 = 2;
    pub const ROW: u8 = 3;
    pub const COLUMN: u8 = 4;
    /// A technique applied inside the chain (pointing, pairs, X-Wing, an inner chain).
    pub const ADVANCED: u8 = 5;

    /// The cause for a link through `unit` (rows 0–8, columns 9–17, boxes 18–26).
    pub fn of_unit(unit: usize) -> u8 {
        match unit {
            0..=8 => ROW,
            9..=17 => COLUMN,
            _ => BOX,
        }
    }
}

/// An inner chain an outer chain used (nested chains only): what it adds to the outer chain's
/// length, once however often it is used, and what tells it from other chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct InnerChain {
    pub(super) complexity: usize,
    /// A hash of the chain's nodes, target by target (SE counts two equal chains once).
    pub(super) fingerprint: u64,
}

/// Everything one assumption leads to: each derived node once, with the nodes it was derived
/// from (its first derivation), in the order derived.
#[derive(Clone)]
pub(super) struct Implications {
    /// Record index of each node, or `NO_SLOT`. Sixteen bits are enough: a search records each
    /// node once and, in SE's cycle search, each false node at most once per true node that
    /// reaches it (under 45,000 records), and a search starts thousands of these tables, so
    /// half the bytes to fill and to keep in cache counts.
    slot: Vec<u16>,
    /// Per record: its node, why it follows, and where its parents are in `parents`.
    records: Vec<Record>,
    /// Record indices.
    parents: Vec<u32>,
    /// Per record: the inner chain it was derived by (index into `inner`), or `NONE`.
    nested: Vec<u32>,
    inner: Vec<InnerChain>,
    /// Records of "true" and "false" nodes in the order derived.
    on_order: Vec<u32>,
    off_order: Vec<u32>,
    /// The two records that clash (true and false of one candidate), if the assumption fails.
    pub(super) clash: Option<(u32, u32)>,
}

/// One derived node of an [`Implications`]: what [`Implications::walk_ancestors`] reads of a
/// record together, in one place (it was four arrays).
#[derive(Clone, Copy)]
struct Record {
    first_parent: u32,
    parent_count: u32,
    node: u16,
    cause: u8,
}

thread_local! {
    /// Records given back by dropped [`Implications`], emptied, for the next search: a nested
    /// rating starts millions of searches, and a fresh record costs eight allocations and a
    /// 3 KB fill (allocation was about a sixth of the time, measured).
    static SPARE_RECORDS: std::cell::RefCell<Vec<Implications>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

thread_local! {
    /// [`Implications::walk_ancestors`]'s queue, between walks.
    static ANCESTOR_QUEUE: Cell<Vec<u32>> = const { Cell::new(Vec::new()) };
}

/// How many emptied records a thread keeps (about 9 KB each). A search holds one record per
/// assumption until it ends, several hundred, so with 32 kept most of an inner search's records
/// went back to the allocator and the next search took fresh ones (2.1 million on the slowest
/// sample puzzle). Keeping 1,024 made the page's rating of it about 5% faster (one worker,
/// 9.3–9.6 s → 8.7–9.1 s; WebAssembly's allocator is slower than the CLI's mimalloc), natively
/// no different.
const SPARE_RECORDS_KEPT: usize = 1024;

impl Drop for Implications {
    fn drop(&mut self) {
        // A record without slots is the shell left behind below, or was never filled.
        if self.slot.is_empty() {
            return;
        }
        // `try_with`: during the thread's exit the pool itself may be gone.
        let _ = SPARE_RECORDS.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut()
                && spare.len() < SPARE_RECORDS_KEPT
            {
                let mut record = std::mem::replace(self, Implications::shell());
                record.reset();
                spare.push(record);
            }
        });
    }
}

impl Implications {
    /// An empty record, reused from the thread's spares when there is one.
    pub(super) fn new() -> Implications {
        let spare = SPARE_RECORDS
            .try_with(|spare| spare.try_borrow_mut().ok().and_then(|mut s| s.pop()))
            .ok()
            .flatten();
        spare.unwrap_or_else(Implications::fresh)
    }

    /// A record that holds nothing and allocated nothing; dropping it gives nothing back.
    fn shell() -> Implications {
        Implications {
            slot: Vec::new(),
            records: Vec::new(),
            parents: Vec::new(),
            nested: Vec::new(),
            inner: Vec::new(),
            on_order: Vec::new(),
            off_order: Vec::new(),
            clash: None,
        }
    }

    fn fresh() -> Implications {
        Implications {
            slot: vec![NO_SLOT; 1458],
            records: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            nested: Vec::new(),
            inner: Vec::new(),
            on_order: Vec::with_capacity(128),
            off_order: Vec::with_capacity(256),
            clash: None,
        }
    }

    /// Empties the record for another search, in time proportional to what it held.
    pub(super) fn reset(&mut self) {
        for record in &self.records {
            self.slot[usize::from(record.node)] = NO_SLOT;
        }
        self.records.clear();
        self.parents.clear();
        self.nested.clear();
        self.inner.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.clash = None;
    }

    pub(super) fn get(&self, n: usize) -> Option<u32> {
        let r = self.slot[n];
        (r != NO_SLOT).then_some(u32::from(r))
    }

    /// A record that is not (yet) one of the derived nodes: the losing side of a clash, or a
    /// node reached again along another path.
    pub(super) fn detached(&mut self, n: usize, parents: &[u32], why: u8) -> u32 {
        let r = self.records.len() as u32;
        self.records.push(Record {
            first_parent: self.parents.len() as u32,
            parent_count: parents.len() as u32,
            node: n as u16,
            cause: why,
        });
        self.parents.extend_from_slice(parents);
        if !self.inner.is_empty() {
            self.nested.push(NONE);
        }
        r
    }

    /// Records that `r` was derived by the inner chain `chain`.
    fn nest(&mut self, r: u32, chain: InnerChain) {
        if self.inner.is_empty() {
            self.nested = vec![NONE; self.records.len()];
        }
        self.nested[r as usize] = self.inner.len() as u32;
        self.inner.push(chain);
    }

    pub(super) fn insert(&mut self, n: usize, parents: &[u32], why: u8) -> u32 {
        let r = self.detached(n, parents, why);
        debug_assert!(r < u32::from(NO_SLOT));
        self.slot[n] = r as u16;
        if n % 2 == 1 {
            self.on_order.push(r);
        } else {
            self.off_order.push(r);
        }
        r
    }

    /// The `i`-th "true" record in the order derived.
    pub(super) fn on_at(&self, i: usize) -> Option<u32> {
        self.on_order.get(i).copied()
    }

    /// The `i`-th "false" record in the order derived.
    pub(super) fn off_at(&self, i: usize) -> Option<u32> {
        self.off_order.get(i).copied()
    }

    pub(super) fn node_of(&self, r: u32) -> usize {
        usize::from(self.records[r as usize].node)
    }

    pub(super) fn cause_of(&self, r: u32) -> u8 {
        self.records[r as usize].cause
    }

    pub(super) fn parents_of(&self, r: u32) -> &[u32] {
        let Record {
            first_parent,
            parent_count,
            ..
        } = self.records[r as usize];
        &self.parents[first_parent as usize..(first_parent + parent_count) as usize]
    }

    /// The inner chain record `r` was derived by, if any.
    fn inner_of(&self, r: u32) -> Option<InnerChain> {
        let k = *self.nested.get(r as usize)?;
        (k != NONE).then(|| self.inner[k as usize])
    }

    /// SE's chain length for one conclusion: the number of distinct nodes it rests on,
    /// itself included.
    pub(super) fn ancestors(&self, r: u32) -> usize {
        let mut count = 0;
        self.walk_ancestors(r, |_| count += 1);
        count
    }

    fn ancestor_records(&self, r: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.walk_ancestors(r, |x| out.push(x));
        out
    }

    /// Calls `visit` for `r` and each record it rests on, level by level, once per node (SE's
    /// `getChain` order; SE's sets compare candidates, not records, which matters where a node
    /// was reached again along another path, as in its cycle search).
    pub(super) fn walk_ancestors(&self, r: u32, mut visit: impl FnMut(u32)) {
        self.walk_ancestors_while(r, |x| {
            visit(x);
            true
        });
    }

    /// The number of distinct nodes `r` rests on, itself included, when it is below `limit`.
    fn ancestors_below(&self, r: u32, limit: usize) -> Option<usize> {
        let mut count = 0;
        self.walk_ancestors_while(r, |_| {
            count += 1;
            count < limit
        });
        (count < limit).then_some(count)
    }

    /// [`Implications::walk_ancestors`] until `visit` returns false.
    fn walk_ancestors_while(&self, r: u32, mut visit: impl FnMut(u32) -> bool) {
        let mut seen = [0u64; 1458usize.div_ceil(64)];
        // One queue read front to back is the same order as level after level. Its buffer is
        // kept per thread: chain lengths are counted for every candidate conclusion.
        with_kept(&ANCESTOR_QUEUE, |queue| {
            queue.clear();
            queue.push(r);
            let mut next = 0;
            while let Some(&x) = queue.get(next) {
                next += 1;
                let n = self.node_of(x);
                let (word, bit) = (n / 64, 1u64 << (n % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    if !visit(x) {
                        return;
                    }
                    queue.extend_from_slice(self.parents_of(x));
                }
            }
        });
    }

    /// Draws the conclusion `r` with everything it rests on.
    fn draw(&self, step: &mut Step, r: u32) {
        for x in self.ancestor_records(r) {
            let n = self.node_of(x);
            let (c, d, on) = parts(n);
            step.mark(c, d, if on { Role::On } else { Role::Off });
            if !step.cells.contains(&c) {
                step.cells.push(c);
            }
            let ps = self.parents_of(x);
            // Singles made by many removals would draw a fan of arrows; SE shows none either.
            if ps.len() > 6 {
                continue;
            }
            for &p in ps {
                let (fc, fd, fon) = parts(self.node_of(p));
                if fc == c && fd == d {
                    continue;
                }
                let link = Link {
                    from: CellDigit {
                        cell: fc,
                        digit: fd,
                    },
                    to: CellDigit { cell: c, digit: d },
                    strong: !fon && on,
                };
                if !step.links.contains(&link) {
                    step.links.push(link);
                }
            }
        }
    }
}

/// Derives everything that follows from one assumption (`start`, true or false) on `source`.
///
/// `source_places` are `source`'s [`digit_places`], worked out once per search: computing
/// them took a third of this function's time (measured).
fn follow(source: &Board, source_places: &[u128; 10], kind: Kind, start: usize) -> Implications {
    with_kept(&FOLLOW_SCRATCH, |scratch| {
        follow_with(source, source_places, kind, start, scratch)
    })
}

/// [`follow`] in the thread's buffers.
fn follow_with(
    source: &Board,
    source_places: &[u128; 10],
    kind: Kind,
    start: usize,
    scratch: &mut FollowScratch,
) -> Implications {
    let mut imp = Implications::new();
    let mut grid = source.clone();
    imp.insert(start, &[], cause::NONE);
    // Every node is queued when it is recorded, so the queues of nodes still to follow are the
    // tails of `on_order` and `off_order` past these.
    let (mut on_done, mut off_done) = (0, 0);
    let cell_links = kind != Kind::Nishio;
    let mut places = *source_places;
    loop {
        if let Some(&r) = imp.on_order.get(on_done) {
            on_done += 1;
            let n = imp.node_of(r);
            true_to_false(&grid, &places, n, cell_links, &mut scratch.offs);
            for &(m, why) in &scratch.offs {
                if let Some(on) = imp.get(m ^ 1) {
                    let off = imp.detached(m, &[r], why);
                    imp.clash = Some((on, off));
                    return imp;
                }
                if imp.get(m).is_none() {
                    imp.insert(m, &[r], why);
                }
            }
            continue;
        }
        if let Some(&r) = imp.off_order.get(off_done) {
            off_done += 1;
            let n = imp.node_of(r);
            false_to_true(
                &grid,
                &places,
                source,
                source_places,
                &imp,
                r,
                cell_links,
                &mut scratch.ons,
            );
            if kind.dynamic() {
                let (c, d, _) = parts(n);
                grid.eliminate(c, d);
                places[usize::from(d)] &= !CELL_BIT[c];
            }
            for &(m, span, why) in &scratch.ons.found {
                let parents = &scratch.ons.parents[span.0..span.1];
                if let Some(off) = imp.get(m ^ 1) {
                    let on = imp.detached(m, parents, why);
                    imp.clash = Some((on, off));
                    return imp;
                }
                if imp.get(m).is_none() {
                    imp.insert(m, parents, why);
                }
            }
            continue;
        }
        if !kind.plus() {
            return imp;
        }
        // A removal by a rule or an inner chain, resting on the chain's removals `parents`.
        let add = |imp: &mut Implications, n: usize, parents: &[usize], chain| {
            // Rules and inner chains only remove candidates: the node joins the false queue.
            debug_assert!(n.is_multiple_of(2));
            if imp.get(n).is_some() {
                return false;
            }
            let parents: Vec<u32> = parents.iter().filter_map(|&p| imp.get(p)).collect();
            let r = imp.insert(n, &parents, cause::ADVANCED);
            if let Some(chain) = chain {
                imp.nest(r, chain);
            }
            true
        };
        let mut added = false;
        let rules = first_rule(source, &grid);
        if !rules.is_empty() {
            for e in &rules {
                added |= add(&mut imp, e.node, &e.parents, None);
            }
        } else if let Kind::Nested { level, inner } = kind {
            for e in se_nested::inner_eliminations(source, &grid, level, inner).iter() {
                added |= add(&mut imp, e.node, &e.parents, Some(e.chain));
            }
        }
        if !added {
            return imp;
        }
    }
}

/// What a false node forces true (see [`false_to_true`]): each conclusion with its span of
/// `parents` and its cause, all in two buffers kept between calls.
#[derive(Default)]
struct Singles {
    found: Vec<(usize, (usize, usize), u8)>,
    parents: Vec<u32>,
}

/// [`follow`]'s buffers, kept per thread between searches (see [`with_kept`]: a search nested
/// inside another, an inner chain, gets buffers of its own).
#[derive(Default)]
struct FollowScratch {
    offs: Vec<(usize, u8)>,
    ons: Singles,
}

thread_local! {
    static FOLLOW_SCRATCH: Cell<FollowScratch> = const {
        Cell::new(FollowScratch {
            offs: Vec::new(),
            ons: Singles {
                found: Vec::new(),
                parents: Vec::new(),
            },
        })
    };
}

/// Runs `work` on the thread's kept `T` (buffers whose capacity is worth keeping between calls
/// on a hot path). The value is taken out while `work` runs, so a call nested inside it gets a
/// fresh one, and put back after.
fn with_kept<T: Default, R>(kept: &'static LocalKey<Cell<T>>, work: impl FnOnce(&mut T) -> R) -> R {
    // `try_with`: during the thread's exit the kept value may be gone.
    let mut value = kept.try_with(Cell::take).unwrap_or_default();
    let result = work(&mut value);
    let _ = kept.try_with(|slot| slot.set(value));
    result
}

/// What a chain of `kind` derives from `start` on `board`: its nodes in the order derived,
/// and whether it ends in a contradiction (for tests of what bounds it).
#[cfg(test)]
pub(super) fn derived_nodes(board: &Board, kind: Kind, start: usize) -> (Vec<usize>, bool) {
    let imp = follow(board, &digit_places(board), kind, start);
    let nodes = imp
        .on_order
        .iter()
        .chain(&imp.off_order)
        .map(|&r| imp.node_of(r))
        .collect();
    (nodes, imp.clash.is_some())
}

/// Per digit, the cells where `grid` has it as a candidate (bit `cell`).
pub(super) fn digit_places(grid: &Board) -> [u128; 10] {
    let mut places = [0u128; 10];
    for cell in 0..81 {
        for d in digits_of(grid.cands[cell]) {
            places[usize::from(d)] |= CELL_BIT[cell];
        }
    }
    places
}

/// The cells of `set` in ascending order (the order of every unit's cell list).
fn cells_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// What a true node forces false, with the cause of each (into `out`, emptied first): the
/// cell's other digits (unless the chain stays on one digit), then the digit elsewhere in its
/// box, row and column (`places`: the grid's places of each digit).
pub(super) fn true_to_false(
    grid: &Board,
    places: &[u128; 10],
    n: usize,
    cell_links: bool,
    out: &mut Vec<(usize, u8)>,
) {
    out.clear();
    let (cell, digit, _) = parts(n);
    if cell_links {
        for d in digits_of(grid.cands[cell]) {
            if d != digit {
                out.push((node(cell, d, false), cause::CELL));
            }
        }
    }
    // Box, then row, then column, each in its own order, every cell once.
    let [row, column, boxu] = CELL_UNITS[cell];
    let mut left = places[usize::from(digit)] & !CELL_BIT[cell];
    for unit in [boxu, row, column] {
        let here = left & UNIT_CELLS[unit];
        left &= !here;
        let why = cause::of_unit(unit);
        out.extend(cells_of(here).map(|c| (node(c, digit, false), why)));
    }
}

/// Whether removing the candidate of "true" node `on` makes no single: its cell keeps at
/// least two other digits, and no unit of the cell keeps one other place for it.
fn removal_forces_nothing(grid: &Board, places: &[u128; 10], on: usize) -> bool {
    let (cell, digit, _) = parts(on);
    let elsewhere = places[usize::from(digit)] & !CELL_BIT[cell];
    grid.count(cell) >= 3
        && CELL_UNITS[cell]
            .iter()
            .all(|&unit| (elsewhere & UNIT_CELLS[unit]).count_ones() != 1)
}

/// What a false node forces true: the cell's last other digit, and the digit's last other
/// place in each of its box, row and column. On a changed board the single also rests on the
/// chain's earlier removals from that cell or unit.
#[allow(clippy::too_many_arguments)]
fn false_to_true(
    grid: &Board,
    places: &[u128; 10],
    source: &Board,
    source_places: &[u128; 10],
    imp: &Implications,
    r: u32,
    cell_links: bool,
    out: &mut Singles,
) {
    out.found.clear();
    out.parents.clear();
    let (cell, digit, _) = parts(imp.node_of(r));
    if cell_links && grid.count(cell) == 2 {
        let other = digits_of(grid.cands[cell])
            .find(|&d| d != digit)
            .unwrap_or(digit);
        let start = out.parents.len();
        out.parents.push(r);
        for d in digits_of(source.cands[cell] & !grid.cands[cell]) {
            out.parents.extend(imp.get(node(cell, d, false)));
        }
        let span = (start, out.parents.len());
        out.found.push((node(cell, other, true), span, cause::CELL));
    }
    let [row, column, boxu] = CELL_UNITS[cell];
    let elsewhere = places[usize::from(digit)] & !CELL_BIT[cell];
    // The digit's places the chain has removed (a unit's cells ascend in `UNITS` order).
    let removed = source_places[usize::from(digit)] & !places[usize::from(digit)];
    for unit in [boxu, row, column] {
        let others = elsewhere & UNIT_CELLS[unit];
        if others == 0 || others & (others - 1) != 0 {
            continue;
        }
        let only = others.trailing_zeros() as usize;
        let start = out.parents.len();
        out.parents.push(r);
        for c in cells_of(removed & UNIT_CELLS[unit]) {
            out.parents.extend(imp.get(node(c, digit, false)));
        }
        let span = (start, out.parents.len());
        out.found
            .push((node(only, digit, true), span, cause::of_unit(unit)));
    }
}

/// A conclusion found by the search, with what SE sorts it by.
pub(super) struct Found {
    pub(super) rating: f64,
    pub(super) complexity: usize,
    /// SE's order among equally rated, equally long conclusions: both-ways 1, cell 5,
    /// region 6, contradiction 7.
    pub(super) sort_key: u8,
    /// The cell whose chains found it.
    pub(super) cell: usize,
    pub(super) step: Step,
}

/// The conclusion `target` as a step: a placement when it is "true", else an elimination.
fn conclusion(board: &Board, name: &str, rating: f64, target: usize) -> Option<Step> {
    let (c, d, on) = parts(target);
    let mut s = Step::new(name, rating);
    if on {
        if board.cands[c] & !(1 << d) == 0 {
            return None;
        }
        s = s.place(c, d);
    } else {
        s.eliminate(c, d);
    }
    Some(s)
}

fn claim(n: usize) -> String {
    let (c, d, on) = parts(n);
    if on {
        format!("{} is {d}", cell_name(c))
    } else {
        format!("{} is not {d}", cell_name(c))
    }
}

struct Search<'a> {
    board: &'a Board,
    kind: Kind,
    best: Option<Found>,
    /// The cell whose chains are being followed (the best conclusion's cell is kept with it).
    current: usize,
    /// The conclusions an outer chain may use, when the search serves as an inner rule of a
    /// nested chain (which uses them all, not only the best).
    all: Option<Listed>,
    /// For an inner search of multiple static chains: the board the outer chain started from,
    /// and the assumptions whose chains can pass a strong link it lacks. A cell or region chain
    /// none of whose assumptions can, and whose own cell or unit did not change, rests on none
    /// of the outer chain's removals, and is not searched.
    changed: Option<(&'a Board, se_unary::Nodes)>,
    /// With `changed`: search the chains it leaves out instead of those it keeps.
    others: bool,
    /// For a search of multiple static chains: what each assumption's static chains can reach.
    /// A cell or region chain whose assumptions reach no node in common concludes nothing, and
    /// is not searched: in the inner searches of the slowest sample puzzles, over 99% of them.
    reachable: Option<&'a static_reach::Reachable>,
    /// What assuming each candidate true leads to (index: node / 2), followed once: region
    /// chains need the same assumptions as the cells they pass through.
    assumed_true: Vec<Option<Rc<Implications>>>,
    /// `board`'s [`digit_places`], where every chain starts.
    places: [u128; 10],
}

/// One conclusion of a chain search with everything an outer chain needs to use it (see
/// [`super::se_nested`]): SE's rating and length, the candidates it removes (in the order SE
/// lists them before its hash map sorts them), and the chains it rests on.
pub(super) struct Hint {
    pub(super) difficulty: f64,
    pub(super) complexity: usize,
    pub(super) sort_key: u8,
    pub(super) removable: Vec<(usize, Digits)>,
    /// The end of each chain, in SE's order.
    pub(super) targets: Vec<(Rc<Implications>, u32)>,
    /// The cause SE gives each chain's assumption: the cell for cell chains, the unit for
    /// region chains, none otherwise.
    pub(super) start_cause: u8,
}

/// An inner search's conclusions as a nested chain takes them (see [`super::se_nested`]): of
/// those that remove the same candidates, only the first in SE's order (rating, length, kind,
/// then the order found) counts, so only that one is kept. In one search the rating grows
/// with the length, so length, kind and the order found decide.
struct Listed {
    /// Per removal (see [`removal_key`]): its conclusion's index in `hints`, or `NONE`.
    by_removal: Vec<u32>,
    /// Each kept conclusion with the number of conclusions offered before it.
    hints: Vec<(u32, Hint)>,
    offered: u32,
}

impl Listed {
    fn new() -> Listed {
        Listed {
            by_removal: vec![NONE; 1458],
            hints: Vec::new(),
            offered: 0,
        }
    }

    /// The kept conclusions in the order found.
    fn into_hints(mut self) -> Vec<Hint> {
        self.hints.sort_unstable_by_key(|(at, _)| *at);
        self.hints.into_iter().map(|(_, h)| h).collect()
    }
}

/// What tells apart the removals of conclusions (see [`removable`]): the "false" node of the
/// one candidate removed, or the "true" node of a cell that loses several; `None` when the
/// conclusion removes nothing.
fn removal_key(board: &Board, target: usize) -> Option<usize> {
    let (c, d, on) = parts(target);
    if !on {
        return Some(target);
    }
    let others = board.cands[c] & !(1 << d);
    match others.count_ones() {
        0 => None,
        1 => Some(node(c, others.trailing_zeros() as u8, false)),
        _ => Some(target),
    }
}

/// The length below which a conclusion of kind `sort_key` comes before one of `length` and
/// `kind` found earlier (ratings grow with length within a search).
fn limit_against(length: usize, kind: u8, sort_key: u8) -> usize {
    if sort_key < kind { length + 1 } else { length }
}

/// SE's length of a conclusion resting on `targets` when it is below `limit` (else `None`):
/// every chain's distinct nodes, plus each distinct inner chain they used (nested chains only).
///
/// Counting stops at the limit: most conclusions a search finds are no shorter than one it
/// already keeps (in an inner search, nine in ten remove what an earlier one removes).
fn complexity_below(targets: &[(&Rc<Implications>, u32)], limit: usize) -> Option<usize> {
    let mut flat = 0;
    for (imp, r) in targets {
        flat += imp.ancestors_below(*r, limit - flat)?;
    }
    if targets.iter().all(|(imp, _)| imp.inner.is_empty()) {
        return Some(flat);
    }
    let mut seen: Vec<u64> = Vec::new();
    let mut nested = 0;
    for (imp, r) in targets {
        imp.walk_ancestors(*r, |x| {
            if let Some(chain) = imp.inner_of(x)
                && !seen.contains(&chain.fingerprint)
            {
                seen.push(chain.fingerprint);
                nested += chain.complexity;
            }
        });
    }
    (flat + nested < limit).then_some(flat + nested)
}

/// The candidates a conclusion removes: the cell's other digits when `target` is "true",
/// else the one candidate (empty: nothing to gain).
pub(super) fn removable(board: &Board, target: usize) -> Vec<(usize, Digits)> {
    let (c, d, on) = parts(target);
    let digits = if on {
        board.cands[c] & !(1 << d)
    } else {
        1 << d
    };
    if digits == 0 {
        Vec::new()
    } else {
        vec![(c, digits)]
    }
}

impl Search<'_> {
    fn truth(&mut self, cell: usize, digit: u8) -> Rc<Implications> {
        let start = node(cell, digit, true);
        let (board, places, kind) = (self.board, &self.places, self.kind);
        self.assumed_true[start / 2]
            .get_or_insert_with(|| Rc::new(follow(board, places, kind, start)))
            .clone()
    }

    /// A conclusion `target` resting on the chains ending at `targets` (`build` makes its step,
    /// from its rating, when it is the best so far). The chains are borrowed: most conclusions
    /// offered are not kept, and only a kept one takes its chains.
    fn offer(
        &mut self,
        targets: &[(&Rc<Implications>, u32)],
        sort_key: u8,
        target: usize,
        start_cause: u8,
        build: impl FnOnce(f64) -> Option<Step>,
    ) {
        let base = self.kind.base();
        if let Some(all) = &mut self.all {
            all.offered += 1;
            let Some(key) = removal_key(self.board, target) else {
                return;
            };
            let kept = all.by_removal[key];
            let limit = match all.hints.get(kept as usize) {
                Some((_, h)) => limit_against(h.complexity, h.sort_key, sort_key),
                None => usize::MAX,
            };
            let Some(complexity) = complexity_below(targets, limit) else {
                return;
            };
            let hint = Hint {
                difficulty: base + length_surcharge(complexity),
                complexity,
                sort_key,
                removable: removable(self.board, target),
                targets: targets.iter().map(|&(imp, r)| (imp.clone(), r)).collect(),
                start_cause,
            };
            let at = all.offered - 1;
            match all.hints.get_mut(kept as usize) {
                Some(slot) => *slot = (at, hint),
                None => {
                    all.by_removal[key] = all.hints.len() as u32;
                    all.hints.push((at, hint));
                }
            }
            return;
        }
        let limit = match &self.best {
            Some(b) => limit_against(b.complexity, b.sort_key, sort_key),
            None => usize::MAX,
        };
        let Some(complexity) = complexity_below(targets, limit) else {
            return;
        };
        let rating = base + length_surcharge(complexity);
        if let Some(step) = build(rating) {
            self.best = Some(Found {
                rating,
                complexity,
                sort_key,
                cell: self.current,
                step,
            });
        }
    }

    /// Assuming `start` true and then false (dynamic chains; multiple static chains only
    /// assume candidates true). Returns what "true" leads to.
    fn both_ways(&mut self, cell: usize, digit: u8, cands: u32) -> Rc<Implications> {
        let start = node(cell, digit, true);
        let on = self.truth(cell, digit);
        let kind = self.kind;
        if let Some((a, b)) = on.clash {
            self.offer(&[(&on, a), (&on, b)], 7, start ^ 1, cause::NONE, |rating| {
                let name = chain_name(kind, "Forcing Chain");
                let mut s = conclusion(self.board, &name, rating, start ^ 1)?;
                on.draw(&mut s, a);
                on.draw(&mut s, b);
                s.text = contradiction_text(start, &on, a, b);
                Some(s)
            });
        }
        // A plain dynamic chain from a candidate assumed false that leaves its cell two others
        // and no unit one place for its digit ends at once: no contradiction, and nothing in
        // common with "true". On the slowest sample puzzle four in five of the inner dynamic
        // searches' "false" assumptions are such (they were cheap: 3% of the time).
        if self.kind == Kind::Dynamic && removal_forces_nothing(self.board, &self.places, start) {
            return on;
        }
        let off = Rc::new(follow(self.board, &self.places, self.kind, start ^ 1));
        if let Some((a, b)) = off.clash {
            self.offer(&[(&off, a), (&off, b)], 7, start, cause::NONE, |rating| {
                let name = chain_name(kind, "Forcing Chain");
                let mut s = conclusion(self.board, &name, rating, start)?;
                off.draw(&mut s, a);
                off.draw(&mut s, b);
                s.text = contradiction_text(start ^ 1, &off, a, b);
                Some(s)
            });
        }
        if cands >= 3 && self.kind != Kind::Nishio {
            for order in [&on.on_order, &on.off_order] {
                for &r in order.iter() {
                    let target = on.node_of(r);
                    let Some(r2) = off.get(target) else {
                        continue;
                    };
                    self.offer(&[(&on, r), (&off, r2)], 1, target, cause::NONE, |rating| {
                        let name = chain_name(kind, "Forcing Chain");
                        let mut s = conclusion(self.board, &name, rating, target)?;
                        on.draw(&mut s, r);
                        off.draw(&mut s, r2);
                        s.text = format!(
                            "Whether {} is {digit} or not, the consequences lead to the same result: {}. So it is certain.",
                            cell_name(cell),
                            claim(target)
                        );
                        Some(s)
                    });
                }
            }
        }
        on
    }

    /// Conclusions shared by every branch (`branches[i]` follows the i-th assumption).
    fn shared(
        &mut self,
        branches: &[Rc<Implications>],
        sort_key: u8,
        start_cause: u8,
        from: Branches,
    ) {
        let kind = self.kind;
        let first = branches[0].clone();
        let mut targets = Vec::with_capacity(branches.len());
        for order in [&first.on_order, &first.off_order] {
            for &r in order.iter() {
                let target = first.node_of(r);
                // Most nodes are missing from some branch: collecting stops at the first.
                targets.clear();
                targets.extend(branches.iter().map_while(|b| Some((b, b.get(target)?))));
                if targets.len() < branches.len() {
                    continue;
                }
                self.offer(&targets, sort_key, target, start_cause, |rating| {
                    let (name, what, unit) = match from {
                        Branches::Region { digit, unit } => (
                            "Region Forcing Chains",
                            format!("the places for {digit} in {}", unit_name(unit)),
                            Some(unit),
                        ),
                        Branches::Cell(cell) => (
                            "Cell Forcing Chains",
                            format!("the candidates of {}", cell_name(cell)),
                            None,
                        ),
                    };
                    let mut s = conclusion(self.board, &chain_name(kind, name), rating, target)?;
                    if let Some(u) = unit {
                        s = s.with_units(&[u]);
                    }
                    for (b, x) in &targets {
                        b.draw(&mut s, *x);
                    }
                    s.text = format!(
                        "One of {what} has to be true, and each of them leads to the same result: {}. So it is certain.",
                        claim(target)
                    );
                    Some(s)
                });
            }
        }
    }

    /// Region chains through `cell`'s `digit`, for each unit in which `cell` is the digit's
    /// first place (so each unit is tried once).
    fn regions(&mut self, cell: usize, digit: u8) {
        let [row, column, boxu] = CELL_UNITS[cell];
        for unit in [boxu, row, column] {
            let pos = self.board.positions(unit, digit);
            if pos.count_ones() < 2 || UNITS[unit][pos.trailing_zeros() as usize] != cell {
                continue;
            }
            let places: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| UNITS[unit][i])
                .collect();
            if self.may_rest_on_changes(&places, digit, Some(unit)) == self.others
                || !self.may_meet(places.iter().map(|&c| node(c, digit, true)))
            {
                continue;
            }
            let branches: Vec<Rc<Implications>> =
                places.iter().map(|&c| self.truth(c, digit)).collect();
            let from = Branches::Region { digit, unit };
            self.shared(&branches, 6, cause::of_unit(unit), from);
        }
    }

    /// Whether a chain from the places `cells` of `digit` (in `unit`, for a region chain) may
    /// rest on the outer chain's removals (see `changed`).
    fn may_rest_on_changes(&self, cells: &[usize], digit: u8, unit: Option<usize>) -> bool {
        let Some((source, reaching)) = &self.changed else {
            return true;
        };
        let moved = match unit {
            Some(u) => source.positions(u, digit) != self.board.positions(u, digit),
            None => source.cands[cells[0]] != self.board.cands[cells[0]],
        };
        moved || cells.iter().any(|&c| reaching.has(node(c, digit, true)))
    }

    /// Whether chains from all of `starts` may share a node (see `reachable`).
    fn may_meet(&self, starts: impl IntoIterator<Item = usize>) -> bool {
        self.reachable.as_ref().is_none_or(|r| r.meet(starts))
    }

    fn cell(&mut self, cell: usize) {
        self.current = cell;
        let cands = self.board.count(cell);
        let wanted = if self.kind.dynamic() {
            cands > 1
        } else {
            cands > 2
        };
        if self.board.values[cell] != 0 || !wanted {
            return;
        }
        // An inner search leaves out the cell chains that cannot rest on the outer chain's
        // removals (or, asked for the others, those that can), and does not follow their
        // assumptions for them.
        let digits = || digits_of(self.board.cands[cell]);
        let cell_wanted = digits().any(|d| self.may_rest_on_changes(&[cell], d, None))
            != self.others
            && self.may_meet(digits().map(|d| node(cell, d, true)));
        let mut branches = Vec::new();
        for digit in digits_of(self.board.cands[cell]) {
            // Multiple static chains only assume candidates true, and only for wanted cells.
            if self.kind != Kind::Multiple {
                branches.push(self.both_ways(cell, digit, cands));
            } else if cell_wanted {
                branches.push(self.truth(cell, digit));
            }
            if self.kind != Kind::Nishio {
                self.regions(cell, digit);
            }
        }
        if self.kind != Kind::Nishio && cell_wanted {
            self.shared(&branches, 5, cause::CELL, Branches::Cell(cell));
        }
    }
}

/// SE's name of a chain of `kind` (`what`: "Forcing Chain", "Cell Forcing Chains"…). Only
/// made for a conclusion that becomes the best so far: most conclusions found are not.
fn chain_name(kind: Kind, what: &str) -> String {
    let prefix = match kind {
        Kind::Nishio => return "Nishio Forcing Chain".to_string(),
        Kind::Multiple => "",
        Kind::Dynamic | Kind::DynamicPlus => "Dynamic ",
        Kind::Nested { .. } => "Nested ",
    };
    format!("{prefix}{what}{}", kind.suffix())
}

/// What the branches of a conclusion shared by several assumptions start from.
#[derive(Clone, Copy)]
enum Branches {
    /// The places of `digit` in `unit`.
    Region { digit: u8, unit: usize },
    /// The candidates of a cell.
    Cell(usize),
}

fn contradiction_text(start: usize, imp: &Implications, a: u32, b: u32) -> String {
    let clash = nodes_text([a, b].map(|r| imp.node_of(r)), " and ");
    let (c, d, on) = parts(start);
    let (assumed, so) = if on {
        (
            format!("{} were {d}", cell_name(c)),
            format!("{} cannot be {d}", cell_name(c)),
        )
    } else {
        (
            format!("{} were not {d}", cell_name(c)),
            format!("{} must be {d}", cell_name(c)),
        )
    };
    format!(
        "Suppose {assumed}. Following the consequences step by step, some candidate would have to be both true and false ({clash}): impossible. So {so}."
    )
}

/// The step SE's `kind` of chaining takes on `board`, if it finds any.
pub fn find(board: &Board, kind: Kind) -> Option<Step> {
    find_from(board, kind, 0..81).map(|b| b.step)
}

/// The best conclusion found from the chains of `cells` (ascending), with the cell it came
/// from. Over all cells the best is the one with the lowest (rating, complexity, sort key,
/// cell), so searches of parts of the board combine into [`find`]'s answer.
pub(super) fn find_from(
    board: &Board,
    kind: Kind,
    cells: impl IntoIterator<Item = usize>,
) -> Option<Found> {
    let mut search = Search {
        board,
        kind,
        best: None,
        current: 0,
        all: None,
        changed: None,
        others: false,
        reachable: None,
        assumed_true: vec![None; 729],
        places: digit_places(board),
    };
    let reachable;
    if kind == Kind::Multiple {
        reachable = static_reach::Links::of(board, &search.places).reach_all().1;
        search.reachable = Some(&reachable);
    }
    for cell in cells {
        search.cell(cell);
    }
    search.best
}

/// Every conclusion SE's `kind` of chaining finds on `board`, in the order found (as an inner
/// rule of a nested chain); for multiple static chains with `changed_from`, only those of
/// `starts`: those that may rest on what changed since that board, or the others. Multiple
/// chains are given what each node of `board` reaches (see `Search::reachable`).
///
/// Every assumption is followed. Picking out, by their singles closures (as
/// [`super::chain_screen`] does for whole boards), the assumptions of a dynamic search that
/// may conclude anything leaves little out on the boards of SE's deepest nested chains: about
/// 32 units' places and 13 cells a board may still share a conclusion, so nearly every "true"
/// assumption is followed anyway, and the closures (0.2 ms a board) cost what the left-out
/// "false" ones saved. Measured: no faster, the same ratings.
///
/// Also measured and not kept: a first pass that derives each assumption's nodes as bit sets,
/// without reasons, about three times faster than following it. An assumption takes part in a
/// conclusion only when it ends in a contradiction or shares a node with its opposite or with
/// the rest of its cell or region, so only those were then followed with reasons: 62 of 252 an
/// inner board on the slowest sample puzzle. But they are the long ones: following fell from
/// 0.96 s to 0.54 s of 5,000 inner searches, the first pass took nearly all of that back
/// (1.49 s → 1.44 s in all), and the rating was 1–3% faster, within the machine's noise.
pub(super) fn hints(
    board: &Board,
    kind: Kind,
    changed_from: Option<&Board>,
    starts: Starts,
    reachable: Option<&static_reach::Reachable>,
) -> Vec<Hint> {
    let changed = changed_from
        .filter(|_| kind == Kind::Multiple && starts != Starts::All)
        .map(|source| (source, se_unary::reaching_new_strong_links(board, source)));
    let mut search = Search {
        board,
        kind,
        best: None,
        current: 0,
        all: Some(Listed::new()),
        changed,
        others: starts == Starts::Others,
        reachable,
        assumed_true: vec![None; 729],
        places: digit_places(board),
    };
    for cell in 0..81 {
        search.cell(cell);
    }
    search.all.map(Listed::into_hints).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;

    fn board(text: &str) -> Board {
        Board::from_grid(&text.parse::<Grid>().unwrap())
    }

    #[test]
    fn an_assumption_follows_singles_and_records_first_reasons() {
        // An empty board: r1c1=1 removes 1 from its 20 peers and its 8 other digits.
        let b = board(&".".repeat(81));
        let imp = follow(&b, &digit_places(&b), Kind::Dynamic, node(0, 1, true));
        assert!(imp.clash.is_none());
        assert_eq!(imp.off_order.len(), 28);
        let r = imp.get(node(1, 1, false)).unwrap();
        assert_eq!(imp.ancestors(r), 2);
    }

    #[test]
    fn every_conclusion_holds_in_the_solution() {
        // Puzzles whose path needs forcing chains: each step found must agree with the
        // solution (a wrong elimination would be a wrong proof).
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ];
        for text in puzzles {
            let grid: Grid = text.parse().unwrap();
            let solution = crate::sudoku::solver::solve(&grid).expect("a solution");
            let mut b = Board::from_grid(&grid);
            // Bring the board to where chains are needed, then check one chain step of each
            // kind that finds one.
            while let Some(step) = super::super::next_step(&b) {
                if step.rating >= 7.5 {
                    for kind in [
                        Kind::Nishio,
                        Kind::Multiple,
                        Kind::Dynamic,
                        Kind::DynamicPlus,
                    ] {
                        if let Some(s) = find(&b, kind) {
                            for e in &s.eliminations {
                                assert_ne!(solution.cells[e.cell], e.digit, "{kind:?} {}", s.text);
                            }
                            for p in &s.placements {
                                assert_eq!(solution.cells[p.cell], p.digit, "{kind:?} {}", s.text);
                            }
                        }
                    }
                    break;
                }
                step.apply(&mut b);
            }
        }
    }
}
