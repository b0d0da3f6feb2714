//! Nested forcing chains, the last resort after Sudoku Explainer's chains (`se_chaining`):
//! dynamic chains that follow singles on the changing board and, at nesting level `n`, also
//! remove every candidate whose assumption breaks the board at level `n - 1`. With enough
//! nesting every puzzle with a unique solution is solved without guessing.

use super::super::candidates::{Board, CELL_UNITS, PEER_CELLS, UNIT_CELLS, UNITS, digits_of};
use super::super::grid::cell_name;
use super::super::step::{Role, Step};
use super::chains::{draw_chain, length_surcharge, node, nodes_text, parts};
use super::singles_closure::{Position, RoundClosures};
use super::{MAX_NESTING, parallel};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const NONE: u32 = u32::MAX;

/// Where a derived node's parents are: a run of [`Dynamic::parent_nodes`], or (for a node
/// refuted by a nested chain, which rests on everything derived before it) the first `len`
/// nodes of [`Dynamic::order`].
#[derive(Clone, Copy)]
enum Parents {
    Listed { start: u32, len: u32 },
    Prefix { len: u32 },
}

/// The consequences of assumptions followed dynamically (singles re-checked as candidates go).
///
/// Tens of thousands run per step on the hardest puzzles, so the bookkeeping is flat: one
/// arena of parent nodes instead of a list per node, and no allocation per consequence.
pub struct Dynamic {
    /// Working candidates.
    cands: [u16; 81],
    values: [u8; 81],
    /// Per digit: the cells where `cands` still has it, and the cells where it is placed
    /// (bit `cell`), so that a unit's places for a digit are one mask away.
    places: [u128; 10],
    placed: [u128; 10],
    /// Per node: index into `parents` (its derivation number), or NONE when not derived.
    derived: Vec<u32>,
    /// Parents of each derived node, in derivation order.
    parents: Vec<Parents>,
    parent_nodes: Vec<u16>,
    /// Derived nodes in order.
    pub order: Vec<usize>,
    /// Nodes proving the contradiction, when one was reached.
    pub contradiction: Option<Vec<usize>>,
    /// Nodes derived by nested chains, with the round (index into `rounds`) they were
    /// refuted in: the inner chain is followed again, to measure it, only if the result rests
    /// on that node.
    nested: Vec<(usize, usize)>,
    /// The complexity of each nested node's inner chain, once measured (0 before).
    inner: Vec<usize>,
    /// The position at the start of each nested round.
    rounds: Vec<Board>,
    /// The nesting level this search was run at.
    level: u8,
    /// The largest complexity the caller can use: a search that can only end above it stops.
    limit: usize,
    /// True when the search stopped because any contradiction it could still find would be
    /// more complex than `limit`.
    pub exceeded: bool,
}

impl Dynamic {
    /// Follows `start` nodes on `board`; `level` > 0 also eliminates candidates whose
    /// assumption leads to a contradiction at `level - 1`.
    pub fn run(board: &Board, start: &[usize], level: u8) -> Dynamic {
        Dynamic::run_within(board, start, level, usize::MAX)
    }

    /// [`Dynamic::run`] for a caller that only wants a contradiction of complexity at most
    /// `limit`: a nested search stops (with `exceeded`) once every contradiction it could
    /// still reach would be more complex.
    pub fn run_within(board: &Board, start: &[usize], level: u8, limit: usize) -> Dynamic {
        Dynamic::run_sharing(board, start, level, limit, None, None)
    }

    /// [`Dynamic::run_within`] for one of many single-assumption searches on the same board
    /// (see [`PairVerdicts`]).
    fn run_sharing(
        board: &Board,
        start: &[usize],
        level: u8,
        limit: usize,
        pairs: Option<&mut PairVerdicts>,
        singles: Option<&[Option<Position>]>,
    ) -> Dynamic {
        let (mut places, mut placed) = ([0u128; 10], [0u128; 10]);
        for cell in 0..81 {
            for digit in digits_of(board.cands[cell]) {
                places[digit as usize] |= 1 << cell;
            }
            placed[usize::from(board.values[cell])] |= 1 << cell;
        }
        let mut d = Dynamic {
            cands: board.cands,
            values: board.values,
            places,
            placed,
            derived: vec![NONE; 1458],
            parents: Vec::with_capacity(256),
            parent_nodes: Vec::with_capacity(512),
            order: Vec::with_capacity(256),
            contradiction: None,
            nested: Vec::new(),
            inner: Vec::new(),
            rounds: Vec::new(),
            level,
            limit,
            exceeded: false,
        };
        for &s in start {
            d.derive(s, &[]);
        }
        let pairs = pairs.filter(|_| level == 1 && start.len() == 1);
        d.propagate(board, level, pairs, singles);
        d
    }

    /// True when `n` was derived.
    pub fn has(&self, n: usize) -> bool {
        self.derived[n] != NONE
    }

    /// The parents `n` was derived from, when listed: empty for a start node, and for a
    /// nested refutation (whose parents are a prefix of `order`, see [`Parents::Prefix`]).
    fn parents_of(&self, n: usize) -> &[u16] {
        match self.parents[self.derived[n] as usize] {
            Parents::Listed { start, len } => {
                &self.parent_nodes[start as usize..(start + len) as usize]
            }
            Parents::Prefix { .. } => &[],
        }
    }

    /// Calls `f` on each parent of the derived node `n`.
    fn for_each_parent(&self, n: usize, mut f: impl FnMut(usize)) {
        match self.parents[self.derived[n] as usize] {
            Parents::Listed { .. } => self.parents_of(n).iter().for_each(|&p| f(p as usize)),
            Parents::Prefix { len } => self.order[..len as usize].iter().for_each(|&p| f(p)),
        }
    }

    /// Records `n` with the parents `parent_nodes[from..]` (pushed by the caller); a node
    /// already known keeps its first derivation.
    fn derive_listed(&mut self, n: usize, from: usize) {
        if self.derived[n] != NONE || self.contradiction.is_some() {
            self.parent_nodes.truncate(from);
            return;
        }
        let len = (self.parent_nodes.len() - from) as u32;
        self.record(
            n,
            Parents::Listed {
                start: from as u32,
                len,
            },
        );
    }

    fn derive(&mut self, n: usize, parents: &[usize]) {
        let from = self.parent_nodes.len();
        self.parent_nodes.extend(parents.iter().map(|&p| p as u16));
        self.derive_listed(n, from);
    }

    fn record(&mut self, n: usize, parents: Parents) {
        self.derived[n] = self.parents.len() as u32;
        self.parents.push(parents);
        self.order.push(n);
        if self.derived[n ^ 1] != NONE {
            self.contradiction = Some(vec![n, n ^ 1]);
        }
    }

    fn propagate(
        &mut self,
        board: &Board,
        level: u8,
        mut pairs: Option<&mut PairVerdicts>,
        singles: Option<&[Option<Position>]>,
    ) {
        let mut i = 0;
        let mut closures = RoundClosures::default();
        loop {
            while i < self.order.len() && self.contradiction.is_none() {
                let n = self.order[i];
                i += 1;
                self.consequences(board, n);
            }
            if self.contradiction.is_some() || level == 0 {
                return;
            }
            if !self.next_round_can_fit() {
                self.exceeded = true;
                return;
            }
            // Nested step: every candidate refuted by an inner dynamic chain on the current
            // state (each refutation rests on everything derived so far).
            let snapshot = Board {
                values: self.values,
                cands: self.cands,
            };
            let basis = self.order.len() as u32;
            let mut refuted = Vec::new();
            // The quick closure decides which candidates an inner chain refutes; the tracker
            // follows one again only to measure it (see `complexity_of`). Without nesting of
            // their own, inner chains cannot refute a placed cell's own digit.
            let position = Position::new(&self.values, &self.cands);
            let start = self.order[0];
            if level == 1 {
                // In the first round the question is whether the start and this candidate
                // together break the board, which a search from the candidate may have
                // answered; later rounds bring each holding assumption's closure up to date.
                let mut shared = pairs.take().filter(|_| self.rounds.is_empty());
                let mut found = Vec::new();
                closures.refuted_with(
                    &position,
                    singles.filter(|_| self.rounds.is_empty()),
                    |cell, dg| !self.has(node(cell, dg, false)),
                    |cell, dg, decide| match shared.as_deref_mut() {
                        Some(pairs) => pairs.fails(start, node(cell, dg, true), decide),
                        None => decide(),
                    },
                    &mut found,
                );
                refuted.extend(found.into_iter().map(|(cell, dg)| node(cell, dg, false)));
            } else {
                for cell in 0..81 {
                    for dg in digits_of(self.cands[cell]) {
                        let n = node(cell, dg, false);
                        if !self.has(n) && position.assumption_fails(cell, dg, level - 1) {
                            refuted.push(n);
                        }
                    }
                }
            }
            if refuted.is_empty() {
                return;
            }
            let round = self.rounds.len();
            self.rounds.push(snapshot);
            for n in refuted {
                if self.derived[n] != NONE || self.contradiction.is_some() {
                    continue;
                }
                self.record(n, Parents::Prefix { len: basis });
                self.nested.push((n, round));
            }
        }
    }

    /// Whether a contradiction found from the next nested round on could still be within
    /// `limit`. The level-0 closure found none, so such a contradiction rests on a node the
    /// round refutes, and through it on everything derived so far, including every earlier
    /// refutation with its inner chain (each at least 2): a lower bound. The inner chains are
    /// measured (each once, and only while the bound is not yet passed), so a search whose
    /// inner chains are long stops before its next, costliest round.
    fn next_round_can_fit(&mut self) -> bool {
        let mut total = self.order.len() + 1 + 2 * (self.nested.len() + 1);
        if total > self.limit {
            return false;
        }
        if self.limit == usize::MAX {
            return true;
        }
        for k in 0..self.nested.len() {
            total += self.inner_complexity(k) - 2;
            if total > self.limit {
                return false;
            }
        }
        true
    }

    /// The complexity of nested node `k`'s inner chain (at least 2), measured once.
    fn inner_complexity(&mut self, k: usize) -> usize {
        if self.inner.len() < self.nested.len() {
            self.inner.resize(self.nested.len(), 0);
        }
        if self.inner[k] == 0 {
            self.inner[k] = self.measure_inner(k);
        }
        self.inner[k]
    }

    /// Follows nested node `k`'s refuting assumption again, on the position of its round.
    fn measure_inner(&self, k: usize) -> usize {
        let (n, round) = self.nested[k];
        let (cell, digit, _) = parts(n);
        Dynamic::run(
            &self.rounds[round],
            &[node(cell, digit, true)],
            self.level - 1,
        )
        .complexity()
        .max(2)
    }

    fn consequences(&mut self, board: &Board, n: usize) {
        let (cell, digit, on) = parts(n);
        if on {
            self.values[cell] = digit;
            self.placed[usize::from(digit)] |= 1 << cell;
            for d in digits_of(self.cands[cell]) {
                if d != digit {
                    self.derive(node(cell, d, false), &[n]);
                }
            }
            let mut peers = self.places[usize::from(digit)] & PEER_CELLS[cell];
            while peers != 0 {
                let p = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                self.derive(node(p, digit, false), &[n]);
            }
            return;
        }
        self.cands[cell] &= !(1 << digit);
        self.places[usize::from(digit)] &= !(1 << cell);
        let left = self.cands[cell];
        if self.values[cell] == 0 && left.count_ones() <= 1 {
            let from = self.parent_nodes.len();
            for d in digits_of(board.cands[cell] & !left) {
                let m = node(cell, d, false);
                if self.has(m) {
                    self.parent_nodes.push(m as u16);
                }
            }
            if left == 0 {
                self.contradict(from);
                return;
            }
            let d = left.trailing_zeros() as u8;
            self.derive_listed(node(cell, d, true), from);
        }
        let bit = 1u16 << digit;
        let (places, placed) = (
            self.places[usize::from(digit)],
            self.placed[usize::from(digit)],
        );
        for &u in &CELL_UNITS[cell] {
            let unit = &UNITS[u];
            if placed & UNIT_CELLS[u] != 0 {
                continue;
            }
            let here = places & UNIT_CELLS[u];
            if here & here.wrapping_sub(1) != 0 {
                continue;
            }
            let from = self.parent_nodes.len();
            for &c in unit {
                let m = node(c, digit, false);
                if board.cands[c] & bit != 0 && self.derived[m] != NONE {
                    self.parent_nodes.push(m as u16);
                }
            }
            if here == 0 {
                self.contradict(from);
                return;
            }
            self.derive_listed(node(here.trailing_zeros() as usize, digit, true), from);
        }
    }

    /// Ends the search with a contradiction resting on `parent_nodes[from..]` (pushed by the
    /// caller: a cell or unit left with no place, and the removals that emptied it).
    fn contradict(&mut self, from: usize) {
        self.contradiction = Some(
            self.parent_nodes[from..]
                .iter()
                .map(|&m| m as usize)
                .collect(),
        );
        self.parent_nodes.truncate(from);
    }

    /// Number of distinct nodes the result rests on (SE's complexity), plus nested chains.
    pub fn complexity_of(&self, targets: &[usize]) -> usize {
        self.complexity_within(targets, usize::MAX)
            .unwrap_or(usize::MAX)
    }

    /// [`Dynamic::complexity_of`], or `None` as soon as it is known to exceed `limit` (the
    /// nested chains, each followed again to be measured, are the expensive part).
    fn complexity_within(&self, targets: &[usize], limit: usize) -> Option<usize> {
        let mut seen = vec![false; 1458];
        let mut todo: Vec<usize> = targets.to_vec();
        let mut count = 0;
        while let Some(n) = todo.pop() {
            if seen[n] || self.derived[n] == NONE {
                continue;
            }
            seen[n] = true;
            count += 1;
            self.for_each_parent(n, |p| todo.push(p));
        }
        let measured: Vec<usize> = (0..self.nested.len())
            .filter(|&k| seen[self.nested[k].0])
            .collect();
        // Each inner chain is at least 2; measure them while the total can stay in bounds.
        let mut total = count + 2 * measured.len();
        if total > limit {
            return None;
        }
        for k in measured {
            let inner = match self.inner.get(k) {
                Some(&known) if known > 0 => known,
                _ => self.measure_inner(k),
            };
            total += inner - 2;
            if total > limit {
                return None;
            }
        }
        Some(total)
    }

    /// The complexity of the contradiction reached.
    pub fn complexity(&self) -> usize {
        match &self.contradiction {
            Some(nodes) => self.complexity_of(nodes).max(2),
            None => 0,
        }
    }

    /// The nodes the result rests on, for drawing: a parent-first list.
    fn chain_nodes(&self, targets: &[usize]) -> Vec<usize> {
        let mut seen = vec![false; 1458];
        let mut todo: Vec<usize> = targets.to_vec();
        let mut out = Vec::new();
        while let Some(n) = todo.pop() {
            if seen[n] || self.derived[n] == NONE {
                continue;
            }
            seen[n] = true;
            out.push(n);
            self.for_each_parent(n, |p| todo.push(p));
        }
        out.sort_by_key(|&n| self.derived[n]);
        out
    }

    fn draw(&self, step: &mut Step, targets: &[usize]) {
        for n in self.chain_nodes(targets) {
            let (c, d, on) = parts(n);
            step.mark(c, d, if on { Role::On } else { Role::Off });
            if !step.cells.contains(&c) {
                step.cells.push(c);
            }
            let ps = self.parents_of(n);
            if ps.len() <= 3 {
                for &p in ps {
                    draw_chain(step, &[p as usize, n]);
                }
            }
        }
    }
}

/// Whether two assumptions together break a board by singles, remembered across the
/// single-assumption nested searches on that board: the first round of the search from `a`
/// asks it of (`a`, `b`) and the search from `b` asks it of (`b`, `a`), and the answer is the
/// same (the closure of both does not depend on which came first).
pub struct PairVerdicts {
    /// Per pair of candidates (cell × 9 + digit − 1): 0 not known yet, 1 fails, 2 holds.
    known: Vec<u8>,
}

impl PairVerdicts {
    fn new() -> PairVerdicts {
        PairVerdicts {
            known: vec![0; 729 * 729],
        }
    }

    /// The verdict on the on-nodes `a` and `b` together, from `decide` the first time.
    fn fails(&mut self, a: usize, b: usize, decide: &mut dyn FnMut() -> bool) -> bool {
        let index = |n: usize| {
            let (cell, digit, _) = parts(n);
            cell * 9 + digit as usize - 1
        };
        let (i, j) = (index(a), index(b));
        match self.known[i * 729 + j] {
            1 => true,
            2 => false,
            _ => {
                let fails = decide();
                let v = if fails { 1 } else { 2 };
                self.known[i * 729 + j] = v;
                self.known[j * 729 + i] = v;
                fails
            }
        }
    }
}

/// Dynamic forcing chains at nesting `level` (0 = plain dynamic): a candidate whose truth
/// leads to a contradiction is removed. Nishio (7.5) when the chain uses one digit only,
/// dynamic 8.5, nested 9.5 + 0.5 per extra level, each plus the length surcharge.
///
/// Natively the candidates are shared out among the machine's cores; the step is the same
/// whatever the number of threads (see [`Best`]).
pub fn dynamic_contradiction(board: &Board, level: u8) -> Option<Step> {
    dynamic_contradiction_led(board, level, &mut Leads::default())
}

/// [`dynamic_contradiction`] for a search one step along a path: the assumptions that led the
/// last search at this level are tried first, and `leads` then holds this search's.
pub fn dynamic_contradiction_led(board: &Board, level: u8, leads: &mut Leads) -> Option<Step> {
    let threads = if level > 0 { parallel::threads() } else { 1 };
    contradiction_on_threads(board, level, threads, leads)
}

/// [`dynamic_contradiction_led`] with the assumptions shared out among `threads` threads.
fn contradiction_on_threads(
    board: &Board,
    level: u8,
    threads: usize,
    leads: &mut Leads,
) -> Option<Step> {
    let search = Assumptions::of(board, level, leads.at(level));
    let best = Best::default();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    parallel::shares(threads, &|_| {
        search.try_taken(board, level, &next, &stop, &best)
    });
    leads.follow(level, &best);
    best.into_step()
}

/// The assumptions that led the last nested search at each level: those whose contradiction
/// was the best found so far when it was found, easiest first.
///
/// A path's nested steps come one after another on positions that differ by a few candidates,
/// and an assumption that gave a simple contradiction at one usually gives one at the next.
/// Tried first, it sets a tight bound at once, and every other assumption is followed only as
/// far as it could still beat that (the search's order starts by the fewest plain consequences,
/// which often finds the best one only after most others). The step found does not depend on
/// the order (see [`Best`]), so stale leads cost time, never a different answer.
#[derive(Clone, Debug, Default)]
pub struct Leads([Vec<usize>; MAX_NESTING as usize + 1]);

/// Most leads kept per level.
const MAX_LEADS: usize = 16;

impl Leads {
    /// The leads at `level`, as cell-and-digit indices (`cell * 10 + digit`).
    pub fn at(&self, level: u8) -> &[usize] {
        self.0.get(usize::from(level)).map_or(&[], Vec::as_slice)
    }

    /// Takes the leads of the search that `best` followed at `level`.
    fn follow(&mut self, level: u8, best: &Best) {
        self.take(level, best.leads());
    }

    /// Takes the leads a search at `level` found, as (rating, index) in any order (the shares'
    /// [`ShareAnswer::leads`] together), keeping the earlier ones after them.
    pub fn take(&mut self, level: u8, mut found: Vec<(f64, usize)>) {
        let Some(slot) = self.0.get_mut(usize::from(level)) else {
            return;
        };
        found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut leads: Vec<usize> = Vec::with_capacity(MAX_LEADS);
        for index in found
            .into_iter()
            .map(|(_, index)| index)
            .chain(slot.iter().copied())
        {
            if !leads.contains(&index) {
                leads.push(index);
            }
        }
        leads.truncate(MAX_LEADS);
        *slot = leads;
    }
}

/// Runs `other` on this thread while the machine's other threads already search the easiest
/// contradiction at `level`; when `other` finds nothing, this thread joins that search.
/// Returns `other`'s step, and the contradiction search's answer only when `other` found
/// nothing (when it found something, the search is stopped and its answer dropped).
pub fn contradiction_beside(
    board: &Board,
    level: u8,
    leads: &mut Leads,
    other: impl FnOnce() -> Option<Step>,
) -> (Option<Step>, Option<Option<Step>>) {
    let threads = if level > 0 { parallel::threads() } else { 1 };
    let search = Assumptions::of(board, level, leads.at(level));
    let best = Best::default();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let helper = || search.try_taken(board, level, &next, &stop, &best);
    let found = parallel::beside(threads, &helper, || {
        let found = other();
        if found.is_some() {
            stop.store(true, Ordering::Relaxed);
        } else {
            helper();
        }
        found
    });
    match found {
        Some(step) => (Some(step), None),
        None => {
            leads.follow(level, &best);
            (None, Some(best.into_step()))
        }
    }
}

/// The best contradiction of one share of a nested search, as (rating, assumption index), for
/// callers that deal the shares to workers that share no memory (the page's Web Workers).
/// The smallest pair over all `shares` shares is the one [`dynamic_contradiction`] would give;
/// [`contradiction_from`] turns it into its step. `leads` are tried first (see [`Leads`]).
pub fn contradiction_share(
    board: &Board,
    level: u8,
    share: usize,
    shares: usize,
    leads: &[usize],
) -> ShareAnswer {
    let best = Best::default();
    Assumptions::of(board, level, leads).try_share(board, level, share, shares.max(1), &best);
    ShareAnswer {
        found: best.to_beat(),
        leads: best.leads(),
    }
}

/// What one share of a nested search found (as the page's workers pass it on).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ShareAnswer {
    /// Its best contradiction as (rating, assumption index), if any.
    pub found: Option<(f64, usize)>,
    /// Every contradiction that was its best when found, for [`Leads::take`].
    pub leads: Vec<(f64, usize)>,
}

/// The step of the contradiction that [`contradiction_share`] reported as (`rating`, `index`).
pub fn contradiction_from(board: &Board, level: u8, rating: f64, index: usize) -> Option<Step> {
    let (cell, d) = (index / 10, (index % 10) as u8);
    if cell >= 81 || !(1..=9).contains(&d) || board.cands[cell] & (1 << d) == 0 {
        return None;
    }
    let position = Position::new(&board.values, &board.cands);
    let singles = (level == 1).then(|| position.closures());
    let mut pairs = (level > 0).then(PairVerdicts::new);
    // Bounded as the share's search was when it found the step (as simple, this assumption
    // itself earlier in order), so finding it again costs no more than it did there.
    let best = Best::bounded(rating, index + 1);
    try_assumption(
        board,
        level,
        cell,
        d,
        &best,
        pairs.as_mut(),
        singles.as_deref(),
    );
    best.into_step()
}

/// The assumptions a contradiction search tries, in the order it tries them.
struct Assumptions {
    /// (weight, cell, digit), sorted.
    order: Vec<(usize, usize, u8)>,
    /// Each assumption's singles on the board, narrowed in the first round of a search to the
    /// position the search's own assumption leads to.
    singles: Option<Vec<Option<Position>>>,
}

impl Assumptions {
    /// `leads` (see [`Leads`]) come first, in their order.
    fn of(board: &Board, level: u8, leads: &[usize]) -> Assumptions {
        // Without nesting, the tracker (which measures and draws) only follows assumptions that
        // the quick closure says fail; with nesting, it costs little more than that closure
        // until a contradiction is found.
        let position = Position::new(&board.values, &board.cands);
        let closures = (level > 0).then(|| position.closures());
        let mut order: Vec<(usize, usize, u8)> = Vec::new();
        for cell in 0..81 {
            for d in digits_of(board.cands[cell]) {
                if level == 0 && !position.assumption_fails(cell, d, 0) {
                    continue;
                }
                // Nested searches try first the assumptions with the fewest plain consequences:
                // every node those derive counts in any nested contradiction they reach, so
                // these tend to give the simplest ones, and the bound prunes more of the rest.
                // (One that breaks by singles alone derives few before it does.)
                let weight = closures.as_ref().map_or(0, |all| {
                    all[cell * 9 + d as usize - 1]
                        .as_ref()
                        .map_or(0, |c| c.derived_from(&position))
                });
                order.push((weight, cell, d));
            }
        }
        let lead_rank = |cell: usize, d: u8| {
            leads
                .iter()
                .position(|&i| i == cell * 10 + d as usize)
                .unwrap_or(usize::MAX)
        };
        order.sort_by_key(|&(weight, cell, d)| (lead_rank(cell, d), weight, cell, d));
        Assumptions {
            order,
            singles: closures.filter(|_| level == 1),
        }
    }

    /// Tries the assumptions in order, each taken by the first thread free (`next` counts
    /// the ones taken), until all are taken or `stop` is set.
    fn try_taken(
        &self,
        board: &Board,
        level: u8,
        next: &AtomicUsize,
        stop: &AtomicBool,
        best: &Best,
    ) {
        let mut pairs = (level > 0).then(PairVerdicts::new);
        while !stop.load(Ordering::Relaxed) {
            let Some(&(_, cell, d)) = self.order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            try_assumption(
                board,
                level,
                cell,
                d,
                best,
                pairs.as_mut(),
                self.singles.as_deref(),
            );
        }
    }

    /// Tries the assumptions `first`, `first + stride`, … (dealt in turn, so that each share
    /// gets cheap and dear assumptions alike), offering their contradictions to `best`.
    fn try_share(&self, board: &Board, level: u8, first: usize, stride: usize, best: &Best) {
        let mut pairs = (level > 0).then(PairVerdicts::new);
        for &(_, cell, d) in self.order.iter().skip(first).step_by(stride) {
            try_assumption(
                board,
                level,
                cell,
                d,
                best,
                pairs.as_mut(),
                self.singles.as_deref(),
            );
        }
    }
}

/// The best contradiction found so far by any thread: the lowest rating, and of equal ratings
/// the first in cell-and-digit order, whatever order the assumptions are tried in. An
/// assumption is only followed as far as it could still beat this, and the best only gets
/// better, so the step found does not depend on how the work was shared.
#[derive(Default)]
struct Best {
    best: std::sync::Mutex<Option<(f64, usize, Option<Step>)>>,
    /// Every contradiction that was the best when offered, as (rating, index): the search's
    /// leads (see [`Leads`]).
    leads: std::sync::Mutex<Vec<(f64, usize)>>,
}

impl Best {
    /// A search that only wants contradictions that beat (`rating`, `index`).
    fn bounded(rating: f64, index: usize) -> Best {
        Best {
            best: std::sync::Mutex::new(Some((rating, index, None))),
            leads: Default::default(),
        }
    }

    /// The rating and cell-and-digit index to beat.
    fn to_beat(&self) -> Option<(f64, usize)> {
        self.lock().as_ref().map(|(r, i, _)| (*r, *i))
    }

    /// Whether a step rated `rating` at `index` would replace the best one.
    fn beaten_by(&self, rating: f64, index: usize) -> bool {
        self.to_beat().is_none_or(|b| (rating, index) < b)
    }

    fn offer(&self, rating: f64, index: usize, step: Step) {
        let mut best = self.lock();
        if best.as_ref().is_none_or(|b| (rating, index) < (b.0, b.1)) {
            *best = Some((rating, index, Some(step)));
            drop(best);
            unpoisoned(self.leads.lock()).push((rating, index));
        }
    }

    fn leads(&self) -> Vec<(f64, usize)> {
        unpoisoned(self.leads.lock()).clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(f64, usize, Option<Step>)>> {
        unpoisoned(self.best.lock())
    }

    fn into_step(self) -> Option<Step> {
        let best = self.best.into_inner().unwrap_or_else(|e| e.into_inner());
        best.and_then(|b| b.2)
    }
}

/// A lock whose holder panicked: it left a complete value behind, so it is still usable.
fn unpoisoned<T>(
    locked: std::sync::LockResult<std::sync::MutexGuard<'_, T>>,
) -> std::sync::MutexGuard<'_, T> {
    locked.unwrap_or_else(|e| e.into_inner())
}

/// Follows the assumption that `cell` is `d` at nesting `level`, offering its contradiction to
/// `best` when it rates better.
fn try_assumption(
    board: &Board,
    level: u8,
    cell: usize,
    d: u8,
    best: &Best,
    pairs: Option<&mut PairVerdicts>,
    singles: Option<&[Option<Position>]>,
) {
    let index = cell * 10 + d as usize;
    let start = node(cell, d, true);
    // A nested chain has one base rating, so only a contradiction simpler than the best one so
    // far (or as simple, and earlier in cell order) can replace it: the search stops as soon
    // as it cannot find one.
    let limit = match best.to_beat() {
        Some((r, i)) if level > 0 => complexity_limit(9.0 + 0.5 * level as f64, r, index < i),
        _ => usize::MAX,
    };
    let run = Dynamic::run_sharing(board, &[start], level, limit, pairs, singles);
    let Some(nodes) = run.contradiction.clone() else {
        return;
    };
    let Some(complexity) = run.complexity_within(&nodes, limit) else {
        return;
    };
    let complexity = complexity.max(2);
    let chain = run.chain_nodes(&nodes);
    let one_digit = chain.iter().all(|&n| parts(n).1 == d);
    let (name, base) = match level {
        0 if one_digit => ("Nishio Forcing Chain", 7.5),
        0 => ("Dynamic Forcing Chain", 8.5),
        _ => ("Nested Forcing Chain", 9.0 + 0.5 * level as f64),
    };
    let r = base + length_surcharge(complexity);
    if !best.beaten_by(r, index) {
        return;
    }
    let mut s = Step::new(name, r);
    s.eliminate(cell, d);
    run.draw(&mut s, &nodes);
    let clash = nodes_text(nodes.iter().copied(), " and ");
    s.text = format!(
        "Suppose {} were {d}. Following the consequences step by step, some candidate would have to be both true and false ({clash}): impossible. So {} cannot be {d}.",
        cell_name(cell),
        cell_name(cell)
    );
    best.offer(r, index, s);
}

/// The largest complexity a nested chain at `base` can have and still rate below `rating`
/// (`inclusive`: at most `rating`); 0 when none can.
fn complexity_limit(base: f64, rating: f64, inclusive: bool) -> usize {
    let fits = |c: usize| {
        let r = base + length_surcharge(c);
        r < rating || (inclusive && r == rating)
    };
    if !fits(0) {
        return 0;
    }
    // The surcharge grows with the complexity: find a bound that does not fit, then bisect.
    let (mut low, mut high) = (0usize, 1usize);
    while fits(high) {
        low = high;
        high *= 2;
    }
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if fits(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::solver::count_solutions;

    /// Two of hardest-1106 whose first step is a nested forcing chain.
    const NESTED_FIRST: [&str; 2] = [
        ".2.4.......7.8...6.....3.5...9.6...1.....23.....5...4...1...8..6...1...797.......",
        "1....6.8...7.....66.....15..3.9.........2....7....854.....9.81.8...41..5.1....4..",
    ];

    /// The nested search prunes with a bound and tries assumptions in its own order; it must
    /// still pick what trying every one in cell order and measuring it fully would pick.
    #[test]
    fn pruned_nested_search_finds_the_plain_search_step() {
        for puzzle in NESTED_FIRST {
            let board = Board::from_grid(&Grid::parse(puzzle).unwrap());
            assert!(dynamic_contradiction(&board, 0).is_none());
            let mut plain: Option<(f64, usize, u8)> = None;
            for cell in 0..81 {
                for d in digits_of(board.cands[cell]) {
                    let run = Dynamic::run(&board, &[node(cell, d, true)], 1);
                    if run.contradiction.is_none() {
                        continue;
                    }
                    let r = 9.5 + length_surcharge(run.complexity());
                    if plain.is_none_or(|(best, _, _)| r < best) {
                        plain = Some((r, cell, d));
                    }
                }
            }
            let (rating, cell, digit) = plain.expect("a nested contradiction");
            let step = dynamic_contradiction(&board, 1).expect("a nested step");
            assert_eq!(step.rating, rating, "{puzzle}");
            assert_eq!(
                step.eliminations
                    .iter()
                    .map(|e| (e.cell, e.digit))
                    .collect::<Vec<_>>(),
                vec![(cell, digit)],
                "{puzzle}"
            );
        }
    }

    /// Leads only change the order in which assumptions are tried: with the last search's
    /// leads, with leads that are no candidates or come twice, the step is the same.
    #[test]
    fn leads_change_the_order_not_the_step() {
        for puzzle in NESTED_FIRST {
            let board = Board::from_grid(&Grid::parse(puzzle).unwrap());
            let plain = contradiction_on_threads(&board, 1, 1, &mut Leads::default()).unwrap();
            let mut leads = Leads::default();
            let first = contradiction_on_threads(&board, 1, 1, &mut leads).unwrap();
            assert!(!leads.at(1).is_empty(), "the search left no leads");
            let e = plain.eliminations[0];
            assert_eq!(
                leads.at(1)[0],
                e.cell * 10 + e.digit as usize,
                "the step leads"
            );
            let again = contradiction_on_threads(&board, 1, 2, &mut leads).unwrap();
            let mut odd = Leads::default();
            let given = (0..81).find(|&c| board.values[c] != 0).unwrap();
            odd.take(
                1,
                vec![(9.0, given * 10 + 5), (9.0, 805), (9.1, 805), (9.2, 0)],
            );
            let odd = contradiction_on_threads(&board, 1, 1, &mut odd).unwrap();
            for step in [&first, &again, &odd] {
                assert_eq!(step.rating, plain.rating, "{puzzle}");
                assert_eq!(step.text, plain.text, "{puzzle}");
            }
        }
    }

    #[test]
    fn leads_put_the_easiest_first_and_keep_earlier_ones_after() {
        let mut leads = Leads::default();
        leads.take(2, vec![(10.2, 51), (10.0, 77), (10.0, 12)]);
        assert_eq!(leads.at(2), [12, 77, 51]);
        leads.take(2, vec![(10.1, 51), (10.4, 8)]);
        assert_eq!(leads.at(2), [51, 8, 12, 77]);
        assert!(leads.at(1).is_empty());
        leads.take(1, (0..40).map(|i| (9.5, 100 + i)).collect());
        assert_eq!(leads.at(1).len(), MAX_LEADS);
        assert_eq!(leads.at(1)[0], 100);
        // No such level: nothing kept, nothing lost.
        leads.take(MAX_NESTING + 1, vec![(9.5, 1)]);
        assert!(leads.at(MAX_NESTING + 1).is_empty());
    }

    /// Threads share out the assumptions and the best contradiction so far; the step found
    /// must be the one a single thread finds.
    #[test]
    fn the_nested_step_does_not_depend_on_the_number_of_threads() {
        for puzzle in NESTED_FIRST {
            let board = Board::from_grid(&Grid::parse(puzzle).unwrap());
            let alone = contradiction_on_threads(&board, 1, 1, &mut Leads::default())
                .expect("a nested step");
            for threads in [2, 3] {
                let shared =
                    contradiction_on_threads(&board, 1, threads, &mut Leads::default()).unwrap();
                assert_eq!(shared.rating, alone.rating, "{puzzle}");
                assert_eq!(shared.text, alone.text, "{puzzle}");
                assert_eq!(
                    format!("{:?}", shared.eliminations),
                    format!("{:?}", alone.eliminations)
                );
            }
        }
    }

    /// Workers without shared memory search their shares with their own bounds; the best of
    /// their answers, found again by [`contradiction_from`], must be the step of the whole
    /// search, at every level a path asks for.
    #[test]
    fn shares_searched_apart_give_the_step_of_the_whole_search() {
        use crate::sudoku::logic::walk::Ask;
        use crate::sudoku::rating::RatingPath;
        let mut compared = 0;
        for (puzzle_index, puzzle) in NESTED_FIRST.into_iter().enumerate() {
            let mut path = RatingPath::new(&Grid::parse(puzzle).unwrap());
            // Carried along the path as the page does, one set per number of shares.
            let mut leads = [Leads::default(), Leads::default(), Leads::default()];
            // The first three nested searches of each path.
            while compared < 9 * (puzzle_index + 1) {
                let level = match path.advance(&mut |_| {}) {
                    Some(Ask::Nested(level)) => level,
                    Some(Ask::Chains) => {
                        let step = crate::sudoku::logic::se_chains(path.board());
                        path.answer(step, &mut |_| {});
                        continue;
                    }
                    None => break,
                };
                let whole = dynamic_contradiction(path.board(), level);
                for shares in [1, 2, 3] {
                    let leads = &mut leads[shares - 1];
                    let answers: Vec<ShareAnswer> = (0..shares)
                        .map(|k| {
                            contradiction_share(path.board(), level, k, shares, leads.at(level))
                        })
                        .collect();
                    leads.take(
                        level,
                        answers.iter().flat_map(|a| a.leads.clone()).collect(),
                    );
                    let best = answers
                        .iter()
                        .filter_map(|a| a.found)
                        .min_by(|a, b| a.partial_cmp(b).unwrap());
                    let found =
                        best.and_then(|(r, i)| contradiction_from(path.board(), level, r, i));
                    assert_eq!(
                        found.as_ref().map(|s| (
                            s.rating,
                            &s.text,
                            format!("{:?}", s.eliminations)
                        )),
                        whole.as_ref().map(|s| (
                            s.rating,
                            &s.text,
                            format!("{:?}", s.eliminations)
                        )),
                        "{puzzle}, level {level}, {shares} shares"
                    );
                    compared += 1;
                }
                path.answer(whole, &mut |_| {});
            }
        }
        assert!(compared >= 6);
        // An index that names no candidate of the board finds nothing.
        let board = Board::from_grid(&Grid::parse(NESTED_FIRST[0]).unwrap());
        assert!(contradiction_from(&board, 1, 10.0, 10).is_none());
        assert!(contradiction_from(&board, 1, 10.0, 81 * 10).is_none());
    }

    #[test]
    fn closures_count_the_nodes_a_chain_derives() {
        // The nested search orders its assumptions by this count; the closure gives it for
        // the cost of a few mask operations.
        for puzzle in NESTED_FIRST {
            let board = Board::from_grid(&puzzle.parse::<Grid>().unwrap());
            let position = Position::new(&board.values, &board.cands);
            for cell in 0..81 {
                for d in digits_of(board.cands[cell]) {
                    let run = Dynamic::run(&board, &[node(cell, d, true)], 0);
                    if run.contradiction.is_some() {
                        continue;
                    }
                    let closure = position.after(cell, d).unwrap();
                    assert_eq!(closure.derived_from(&position), run.order.len());
                }
            }
        }
    }

    #[test]
    fn nothing_is_forced_when_every_candidate_has_a_solution() {
        // A sparse grid whose every candidate belongs to some solution: a sound forcing chain
        // has nothing to remove or place, however far it follows the consequences.
        let sol =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let mut g = Grid::EMPTY;
        for cell in [0, 8, 10, 16, 20, 24, 30, 40, 50, 56, 60, 64, 70, 72, 80] {
            g.cells[cell] = sol.as_bytes()[cell] - b'0';
        }
        let b = Board::from_grid(&g);
        for cell in (0..81).filter(|&c| g.cells[c] == 0) {
            for d in digits_of(b.cands[cell]) {
                let mut with = g;
                with.cells[cell] = d;
                assert_eq!(
                    count_solutions(&with, 1),
                    1,
                    "r{}c{} {d} has no solution",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
        assert!(dynamic_contradiction(&b, 0).is_none());
        use super::super::se_chaining::{Kind, find};
        for kind in [
            Kind::Nishio,
            Kind::Multiple,
            Kind::Dynamic,
            Kind::DynamicPlus,
        ] {
            assert!(find(&b, kind).is_none(), "{kind:?}");
        }
    }

    #[test]
    fn contradiction_of_a_wrong_digit_is_found() {
        // A solved grid with 30 scattered cells cleared (still one solution, 35 wrong
        // candidates): assuming any wrong digit breaks the grid, the right one never does.
        let sol =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let mut g = Grid::parse(sol).unwrap();
        let cleared = [
            1, 2, 5, 8, 10, 13, 15, 17, 18, 23, 24, 33, 35, 36, 37, 40, 42, 43, 45, 51, 58, 60, 62,
            63, 69, 70, 71, 78, 79, 80,
        ];
        for &cell in &cleared {
            g.cells[cell] = 0;
        }
        assert_eq!(count_solutions(&g, 2), 1);
        let b = Board::from_grid(&g);
        let mut wrong_refuted = 0;
        for &cell in &cleared {
            for d in digits_of(b.cands[cell]) {
                let run = Dynamic::run(&b, &[node(cell, d, true)], 0);
                if sol.as_bytes()[cell] - b'0' == d {
                    assert!(
                        run.contradiction.is_none(),
                        "the right {d} of cell {cell} refuted"
                    );
                } else if run.contradiction.is_some() {
                    wrong_refuted += 1;
                }
            }
        }
        let wrong: u32 = cleared.iter().map(|&c| b.count(c) - 1).sum();
        assert_eq!((wrong_refuted, wrong), (35, 35), "wrong digits refuted");
        // The search built on it finds a step, and it only removes wrong digits.
        let s = dynamic_contradiction(&b, 0).expect("a contradiction step");
        assert!(!s.eliminations.is_empty());
        for e in &s.eliminations {
            assert_ne!(
                sol.as_bytes()[e.cell] - b'0',
                e.digit,
                "removed a right digit"
            );
        }
    }
}
