//! The search: always cover the first empty position, trying every remaining piece placement
//! whose first cell it is, and prune a branch as soon as a pocket of empty cells cannot be
//! filled by the pieces left (its size is too small or is no sum of piece sizes).
//!
//! The engine is generic over the bitboard width; [`run`] picks the narrowest that fits.

use super::bits::{Bits, Wide};
use super::grid::GridKind;
use super::problem::Problem;

mod shares;
use shares::{Span, WEIGHT_DEPTH, Weighing, spans};

/// How often (in search nodes) the engine offers a progress report.
const TICK_NODES: u64 = 1 << 13;
/// Depths whose branch positions make up the progress fraction.
const PROGRESS_DEPTH: usize = 8;
/// Depths at which pockets next to a new piece are flooded and measured.
const FLOOD_DEPTH: usize = 3;
/// How many neighbouring positions (right, and the three below) select a candidate list.
const NEAR: usize = 4;
/// The depth whose branches are dealt out to the parts of a sharded search: deep enough for
/// hundreds of branches (even parts), shallow enough that the shared top costs little.
const SHARD_DEPTH: usize = 2;

/// Receives what the engine finds.
pub(crate) trait Sink {
    /// A complete tiling, as placement indices. Return false to stop the search.
    fn found(&mut self, placements: &[u32]) -> bool;
    /// Every few thousand nodes: nodes so far and the fraction of the tree done. Return false
    /// to stop.
    fn tick(&mut self, nodes: u64, fraction: f64) -> bool;
    /// Tilings found so far, for a sink that only counts (see [`estimate`]).
    fn tally(&self) -> u64 {
        0
    }
}

/// Symmetry breaking: one piece type (with one copy) may only take these placements. The
/// engine places it first, on each of them in turn, and fills the board around it.
#[derive(Clone, Debug)]
pub(crate) struct Restriction {
    /// The restricted piece type.
    pub piece: usize,
    /// The allowed placement indices.
    pub allowed: Vec<u32>,
}

/// Runs the search over `problem`, reporting to `sink`. Returns the node count and whether the
/// search ran to the end.
pub(crate) fn run(
    problem: &Problem,
    restriction: Option<&Restriction>,
    shard: Option<(u32, u32)>,
    sink: &mut dyn Sink,
) -> (u64, bool) {
    let n = problem.positions();
    if n <= 64 {
        Engine::<u64>::new(problem, restriction, shard, sink).run()
    } else if n <= 128 {
        Engine::<u128>::new(problem, restriction, shard, sink).run()
    } else {
        Engine::<Wide>::new(problem, restriction, shard, sink).run()
    }
}

/// What random probes down the search tree say about its size (Knuth's estimator).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// Estimated number of tilings (all symmetric variants counted).
    pub solutions: f64,
    /// Standard error of that estimate.
    pub solutions_error: f64,
    /// Estimated number of search nodes (the unrestricted search's).
    pub nodes: f64,
    /// Probes made.
    pub probes: u32,
}

/// Estimates the number of tilings and of search nodes with `probes` random walks from the
/// root, each going down one branch chosen at random among those the search would try, and
/// weighing what it meets by the product of the branch counts on its way (Knuth, 1975): the
/// averages are unbiased, and the error shrinks with the number of probes.
pub(crate) fn estimate(problem: &Problem, probes: u32, seed: u64) -> Estimate {
    let mut sink = NoSink(0);
    let n = problem.positions();
    if n <= 64 {
        Engine::<u64>::new(problem, None, None, &mut sink).estimate(probes, seed)
    } else if n <= 128 {
        Engine::<u128>::new(problem, None, None, &mut sink).estimate(probes, seed)
    } else {
        Engine::<Wide>::new(problem, None, None, &mut sink).estimate(probes, seed)
    }
}

/// A sink that counts what the exact part of a probe finds.
struct NoSink(u64);

impl Sink for NoSink {
    fn found(&mut self, _: &[u32]) -> bool {
        self.0 += 1;
        true
    }
    fn tick(&mut self, _: u64, _: f64) -> bool {
        true
    }
    fn tally(&self) -> u64 {
        self.0
    }
}

/// A probe stops choosing at random when this few pieces are left to place, and counts the
/// rest of its subtree exactly: the random part is where the tree is wide, the exact part
/// where dead ends and tilings are decided, which is what makes plain random walks so
/// uncertain on tiling problems.
const EXACT_TAIL_PIECES: u32 = 7;

struct Engine<'a, B: Bits> {
    sink: &'a mut dyn Sink,
    types: usize,
    /// Candidate placements `(mask, placement index)`, grouped by first position, by which of
    /// the `NEAR` positions next to it are filled (a 4-bit key), and by piece:
    /// `start[((pos << NEAR) | key) * types + piece]` begins a group. Only candidates that fit
    /// the key's filled neighbours are listed, so fewer are tried and rejected.
    cands: Vec<(B, u32)>,
    start: Vec<u32>,
    left: [u8; 64],
    avail: u64,
    stack: Vec<u32>,
    nodes: u64,
    next_tick: u64,
    branch: [(u32, u32); PROGRESS_DEPTH],
    /// Weighted progress (see `shares`), when the search is big enough to weigh; the
    /// restricted piece's placements' spans; each weighed level's spans.
    weigh: Option<Weighing>,
    outer_spans: Vec<Span>,
    spans: [Vec<Span>; WEIGHT_DEPTH],
    /// How many nodes of each weighed level have been weighed (up to a budget).
    weighed: [u32; WEIGHT_DEPTH],
    // Geometry for growing regions.
    width: u32,
    grid: GridKind,
    /// Triangle grids: the positions of triangles pointing up (their third neighbour is below;
    /// a down triangle's is above).
    up_cells: B,
    not_first_col: B,
    not_last_col: B,
    even_rows: B,
    odd_rows: B,
    board: B,
    // Pruning data.
    fillable: Vec<bool>,
    sizes: [u8; 64],
    region_cap: u32,
    /// The positions whose occupancy picks the candidate list at each position.
    near: Vec<[usize; NEAR]>,
    /// How many of them are used (0 on large boards).
    near_bits: usize,
    isolated_dead: bool,
    /// No piece set fills 1 or 2 cells: two-cell pockets are dead too.
    pair_dead: bool,
    /// No piece set fills 1, 2 or 3 cells: straight or bent 3-cell pockets are dead too.
    triple_dead: bool,
    /// The restricted piece and its allowed placements, placed before the search starts.
    preplace: Option<(usize, Vec<(B, u32)>)>,
    /// Which of the pre-placements is being searched, of how many.
    outer: (u32, u32),
    /// This search's part (k of n), and the branches at `SHARD_DEPTH` dealt so far.
    shard: Option<(u32, u32)>,
    dealt: u64,
    stopped: bool,
}

impl<'a, B: Bits> Engine<'a, B> {
    fn new(
        p: &Problem,
        restriction: Option<&Restriction>,
        shard: Option<(u32, u32)>,
        sink: &'a mut dyn Sink,
    ) -> Self {
        let types = p.pieces.len();
        let positions = p.positions();
        let mask_of = |bits: &[u16]| {
            bits.iter()
                .fold(B::ZERO, |m, &b| m | B::bit(usize::from(b)))
        };
        let masks: Vec<B> = p.placements.iter().map(|pl| mask_of(&pl.bits)).collect();
        let w = p.width;
        let near: Vec<[usize; NEAR]> = (0..positions)
            .map(|pos| [pos + 1, pos + w - 1, pos + w, pos + w + 1])
            .collect();
        let mut cands = Vec::new();
        // Keyed lists multiply the candidates by up to 16: only for boards of up to 128 positions.
        let near_bits = if positions <= 128 { NEAR } else { 0 };
        let mut start = Vec::with_capacity((positions << near_bits) * types + 1);
        for (pos, per_piece) in p.first.iter().enumerate() {
            for key in 0..1usize << near_bits {
                // Positions next to `pos` that are filled under this key.
                let blocked = (0..near_bits)
                    .filter(|k| key >> k & 1 == 1)
                    .map(|k| near[pos][k])
                    .filter(|&i| i < B::CAPACITY)
                    .fold(B::ZERO, |m, i| m | B::bit(i));
                for (t, ids) in per_piece.iter().enumerate() {
                    start.push(cands.len() as u32);
                    for &id in ids {
                        let mask = masks[id as usize];
                        if restriction.is_some_and(|r| r.piece == t) || !(mask & blocked).is_zero()
                        {
                            continue;
                        }
                        cands.push((mask, id));
                    }
                }
            }
        }
        start.push(cands.len() as u32);

        let (w, h) = (p.width, p.height);
        let mut not_first_col = B::ZERO;
        let mut not_last_col = B::ZERO;
        let mut even_rows = B::ZERO;
        let mut odd_rows = B::ZERO;
        let mut up_cells = B::ZERO;
        let mut board = B::ZERO;
        for y in 0..h {
            for x in 0..w {
                let b = B::bit(y * w + x);
                if p.board.kind.points_up((x as i32, y as i32)) {
                    up_cells = up_cells | b;
                }
                if x != 0 {
                    not_first_col = not_first_col | b;
                }
                if x != w - 1 {
                    not_last_col = not_last_col | b;
                }
                if y % 2 == 0 {
                    even_rows = even_rows | b;
                } else {
                    odd_rows = odd_rows | b;
                }
                if p.bit_to_cell[y * w + x] != u32::MAX {
                    board = board | b;
                }
            }
        }
        let mut left = [0u8; 64];
        let mut sizes = [0u8; 64];
        let mut avail = 0u64;
        for (t, piece) in p.pieces.iter().enumerate() {
            left[t] = piece.count.min(255) as u8;
            sizes[t] = piece.size().min(255) as u8;
            avail |= 1 << t;
        }
        let max_size = p.pieces.iter().map(|q| q.size()).max().unwrap_or(1) as u32;
        Engine {
            sink,
            types,
            cands,
            start,
            left,
            avail,
            stack: Vec::with_capacity(64),
            nodes: 0,
            next_tick: TICK_NODES,
            branch: [(0, 1); PROGRESS_DEPTH],
            weigh: None,
            outer_spans: Vec::new(),
            spans: Default::default(),
            weighed: [0; WEIGHT_DEPTH],
            width: w as u32,
            grid: p.board.kind,
            up_cells,
            not_first_col,
            not_last_col,
            even_rows,
            odd_rows,
            board,
            fillable: p.fillable.clone(),
            sizes,
            region_cap: (3 * max_size).max(8),
            near,
            near_bits,
            isolated_dead: !p.fillable.get(1).copied().unwrap_or(false),
            pair_dead: !p.fillable.get(1).copied().unwrap_or(false)
                && !p.fillable.get(2).copied().unwrap_or(false),
            triple_dead: !p.fillable.get(1).copied().unwrap_or(false)
                && !p.fillable.get(2).copied().unwrap_or(false)
                && !p.fillable.get(3).copied().unwrap_or(false),
            preplace: restriction.map(|r| {
                let first = r
                    .allowed
                    .iter()
                    .map(|&id| (masks[id as usize], id))
                    .collect();
                (r.piece, first)
            }),
            outer: (0, 1),
            shard: shard.filter(|&(k, n)| n > 1 && k < n),
            dealt: 0,
            stopped: false,
        }
    }

    /// Whether this part takes the next branch at `depth`: all of them above the shard depth,
    /// every n-th one from k at it. A tiling completed above the shard depth belongs to
    /// part 0 alone.
    #[inline(always)]
    fn takes(&mut self, depth: usize, complete: bool) -> bool {
        let Some((k, n)) = self.shard else {
            return true;
        };
        if depth < SHARD_DEPTH {
            return !complete || k == 0;
        }
        if depth > SHARD_DEPTH {
            return true;
        }
        let mine = self.dealt % u64::from(n) == u64::from(k);
        self.dealt += 1;
        mine
    }

    fn run(mut self) -> (u64, bool) {
        let filled = !self.board;
        if filled == B::ALL {
            return (0, true);
        }
        let Some((piece, first)) = self.preplace.take() else {
            self.weigh = self.weighing(&[filled]);
            self.search(filled, 0);
            return (self.nodes, !self.stopped);
        };
        // Symmetry breaking: put the restricted piece on each allowed placement first, then
        // fill around it (its few placements split the search into independent parts).
        self.take_piece(piece);
        let starts: Vec<B> = first
            .iter()
            .filter(|&&(mask, _)| (mask & filled).is_zero() && (filled | mask) != B::ALL)
            .map(|&(mask, _)| filled | mask)
            .collect();
        if let Some(mut w) = self.weighing(&starts) {
            let mut sizes = Vec::with_capacity(first.len());
            for &(mask, _) in &first {
                let next = filled | mask;
                if !(mask & filled).is_zero() || self.dead(next, mask, 0) {
                    sizes.push(0.0);
                } else if let Some(size) = self.subtree_size(next, 0, None, &mut w) {
                    sizes.push(1.0 + size);
                } else {
                    break;
                }
            }
            // Out of budget before the last placement: the placements split evenly.
            if sizes.len() == first.len() {
                self.outer_spans = spans(&sizes);
            }
            self.weigh = Some(w);
        }
        let n = first.len();
        for (k, (mask, id)) in first.into_iter().enumerate() {
            self.outer = (k as u32, n.max(1) as u32);
            let next = filled | mask;
            if !(mask & filled).is_zero() {
                continue;
            }
            if self.shard.is_some() && next == B::ALL && !self.takes(0, true) {
                continue;
            }
            self.stack.push(id);
            let go = if next == B::ALL {
                self.sink.found(&self.stack)
            } else if self.dead(next, mask, 0) {
                true
            } else {
                self.search(next, 0)
            };
            self.stack.pop();
            if !go {
                self.stopped = true;
                break;
            }
        }
        (self.nodes, !self.stopped)
    }

    fn estimate(mut self, probes: u32, seed: u64) -> Estimate {
        let mut rng = crate::util::rng::Rng::new(seed);
        let (mut sum, mut sum_sq, mut nodes) = (0.0f64, 0.0f64, 0.0f64);
        let probes = probes.max(1);
        for _ in 0..probes {
            let (found, walked) = self.probe(&mut rng);
            sum += found;
            sum_sq += found * found;
            nodes += walked;
        }
        let n = f64::from(probes);
        let mean = sum / n;
        let variance = (sum_sq / n - mean * mean).max(0.0);
        Estimate {
            solutions: mean,
            solutions_error: (variance / n).sqrt(),
            nodes: nodes / n,
            probes,
        }
    }

    /// One random walk from the root: (the tilings it stands for, the nodes it stands for).
    fn probe(&mut self, rng: &mut crate::util::rng::Rng) -> (f64, f64) {
        let mut filled = !self.board;
        if filled == B::ALL {
            return (0.0, 0.0);
        }
        let mut weight = 1.0f64;
        let mut nodes = 0.0f64;
        let mut used: Vec<usize> = Vec::new();
        let mut children: Vec<(B, usize, bool)> = Vec::new();
        let mut depth = 0;
        let result = loop {
            let pieces_left: u32 = (0..self.types).map(|t| u32::from(self.left[t])).sum();
            if pieces_left <= EXACT_TAIL_PIECES {
                // The rest exactly: its tilings and nodes, weighed like one random node.
                let (found, searched) = (self.sink.tally(), self.nodes);
                self.search(filled, depth);
                let tilings = (self.sink.tally() - found) as f64;
                let below = (self.nodes - searched) as f64;
                break (weight * tilings, nodes + weight * below);
            }
            nodes += weight;
            self.children(filled, depth, &mut children);
            if children.is_empty() {
                break (0.0, nodes);
            }
            weight *= children.len() as f64;
            let (next, t, complete) = children[rng.index(children.len())];
            if complete {
                break (weight, nodes + weight);
            }
            self.take_piece(t);
            used.push(t);
            filled = next;
            depth += 1;
        };
        for t in used {
            self.return_piece(t);
        }
        result
    }

    /// The branches the search would try under `filled` at `depth`: (the filled positions
    /// after it, its piece, whether it completes a tiling), into `out`.
    fn children(&self, filled: B, depth: usize, out: &mut Vec<(B, usize, bool)>) {
        out.clear();
        for (t, mask) in self.candidates(filled) {
            if !(mask & filled).is_zero() {
                continue;
            }
            let next = filled | mask;
            if next == B::ALL {
                out.push((next, t, true));
            } else if !self.dead(next, mask, depth) {
                out.push((next, t, false));
            }
        }
    }

    /// The candidate placements for the first empty position of `filled`, as (piece, mask), in
    /// the order the search tries and counts them (those that overlap `filled` included).
    fn candidates(&self, filled: B) -> impl Iterator<Item = (usize, B)> + '_ {
        let base = self.candidate_base(filled);
        let avail = self.avail;
        (0..self.types)
            .filter(move |&t| avail >> t & 1 == 1)
            .flat_map(move |t| {
                let list =
                    &self.cands[self.start[base + t] as usize..self.start[base + t + 1] as usize];
                list.iter().map(move |&(mask, _)| (t, mask))
            })
    }

    /// Uses one copy of piece `t` (it becomes unavailable with its last copy).
    #[inline(always)]
    fn take_piece(&mut self, t: usize) {
        self.left[t] -= 1;
        if self.left[t] == 0 {
            self.avail &= !(1 << t);
        }
    }

    /// Gives back a copy of piece `t`.
    #[inline(always)]
    fn return_piece(&mut self, t: usize) {
        self.left[t] += 1;
        self.avail |= 1 << t;
    }

    /// Where the candidate lists for the first empty position of `filled` begin: the list of
    /// piece `t` is `cands[start[base + t]..start[base + t + 1]]`, chosen by which of the
    /// neighbouring positions are filled.
    #[inline(always)]
    fn candidate_base(&self, filled: B) -> usize {
        let pos = (!filled).first();
        let mut key = 0;
        for (k, &i) in self.near[pos].iter().take(self.near_bits).enumerate() {
            // Beyond the bitboard counts as filled.
            let bit = if i < B::CAPACITY {
                (filled >> i as u32).low_word() & 1
            } else {
                1
            };
            key |= (bit as usize) << k;
        }
        ((pos << self.near_bits) | key) * self.types
    }

    /// The positions next to `r` (not masked to the board).
    #[inline(always)]
    fn grow(&self, r: B) -> B {
        let w = self.width;
        let side = ((r << 1) & self.not_first_col) | ((r >> 1) & self.not_last_col);
        match self.grid {
            GridKind::Square => return side | (r << w) | (r >> w),
            GridKind::Tri => {
                return side | ((r & self.up_cells) << w) | ((r & !self.up_cells) >> w);
            }
            GridKind::Hex => {}
        }
        let vertical = (r << w) | (r >> w);
        let e = r & self.even_rows;
        let o = r & self.odd_rows;
        let even_diag = ((e << (w - 1)) | (e >> (w + 1))) & self.not_last_col;
        let odd_diag = ((o << (w + 1)) | (o >> (w - 1))) & self.not_first_col;
        side | vertical | even_diag | odd_diag
    }

    /// Positions with at least one, and with at least two, neighbours in `r`.
    #[inline(always)]
    fn neighbour_counts(&self, r: B) -> (B, B, B) {
        let w = self.width;
        let mut one = B::ZERO;
        let mut more = B::ZERO;
        let mut three = B::ZERO;
        let mut add = |n: B| {
            three = three | (more & n);
            more = more | (one & n);
            one = one | n;
        };
        add((r << 1) & self.not_first_col);
        add((r >> 1) & self.not_last_col);
        if self.grid == GridKind::Tri {
            add((r & self.up_cells) << w);
            add((r & !self.up_cells) >> w);
        } else {
            add(r << w);
            add(r >> w);
        }
        if self.grid == GridKind::Hex {
            let e = r & self.even_rows;
            let o = r & self.odd_rows;
            add((e << (w - 1)) & self.not_last_col);
            add((e >> (w + 1)) & self.not_last_col);
            add((o << (w + 1)) & self.not_first_col);
            add((o >> (w - 1)) & self.not_first_col);
        }
        (one, more, three)
    }

    /// True when placing `mask` (giving `filled`) leaves an empty cell with no empty neighbour
    /// (or two that only touch each other, when no pieces fill two cells),
    /// or (near the root) cuts off a pocket whose size no set of the remaining pieces fills.
    #[inline(always)]
    fn dead(&self, filled: B, mask: B, depth: usize) -> bool {
        let empty = !filled;
        if self.pair_dead {
            // Count each empty cell's empty neighbours (0, 1, 2+) with bit-parallel adders: a
            // lone empty cell, or two empty cells that only touch each other, is a dead pocket.
            let (one, more, three) = self.neighbour_counts(empty);
            if !(empty & !one).is_zero() {
                return true;
            }
            let single = empty & one & !more;
            if !(single & self.grow(single)).is_zero() {
                return true;
            }
            if self.triple_dead && !single.is_zero() {
                // A cell with exactly two empty neighbours, both dead ends: a 3-cell pocket.
                let double = empty & more & !three;
                let (_, ends, _) = self.neighbour_counts(single);
                if !(double & ends).is_zero() {
                    return true;
                }
            }
        } else if self.isolated_dead && !(empty & !self.grow(empty)).is_zero() {
            // A lone empty cell: one bitwise test over the whole board.
            return true;
        }
        // Flooding pockets costs more than it saves deep in the tree (measured).
        if depth >= FLOOD_DEPTH {
            return false;
        }
        let mut seeds = self.grow(mask) & empty;
        while !seeds.is_zero() {
            let mut region = seeds.lowest();
            loop {
                let next = (self.grow(region) & empty) | region;
                if next == region {
                    if self.unfillable(region.count()) {
                        return true;
                    }
                    break;
                }
                region = next;
                if region.count() > self.region_cap {
                    break;
                }
            }
            seeds = seeds & !region;
        }
        false
    }

    #[cold]
    fn unfillable(&self, size: u32) -> bool {
        if !self.fillable.get(size as usize).copied().unwrap_or(false) {
            return true;
        }
        let mut avail = self.avail;
        let mut smallest = u32::MAX;
        while avail != 0 {
            let t = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            smallest = smallest.min(u32::from(self.sizes[t]));
        }
        size < smallest
    }

    fn search(&mut self, filled: B, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_tick {
            self.next_tick += TICK_NODES;
            let fraction = self.fraction(depth);
            if !self.sink.tick(self.nodes, fraction) {
                self.stopped = true;
                return false;
            }
        }
        let base = self.candidate_base(filled);
        if depth < PROGRESS_DEPTH {
            let mut total = 0;
            let mut avail = self.avail;
            while avail != 0 {
                let t = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                total += self.start[base + t + 1] - self.start[base + t];
            }
            self.branch[depth] = (0, total.max(1));
            if depth < WEIGHT_DEPTH {
                self.weigh_branches(filled, depth);
            }
        }
        let mut avail = self.avail;
        let mut ordinal = 0u32;
        while avail != 0 {
            let t = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let (s, e) = (
                self.start[base + t] as usize,
                self.start[base + t + 1] as usize,
            );
            let mut i = s;
            while i < e {
                // Most candidates overlap what is filled: skip them in a tight scan of the
                // list (no reloads of the engine's fields between them).
                let Some(skip) = self.cands[i..e]
                    .iter()
                    .position(|&(mask, _)| (mask & filled).is_zero())
                else {
                    ordinal += (e - i) as u32;
                    break;
                };
                ordinal += skip as u32 + 1;
                i += skip;
                let (mask, id) = self.cands[i];
                i += 1;
                let next = filled | mask;
                if self.shard.is_some() && !self.takes(depth, next == B::ALL) {
                    continue;
                }
                if next == B::ALL {
                    self.stack.push(id);
                    let go = self.sink.found(&self.stack);
                    self.stack.pop();
                    if !go {
                        self.stopped = true;
                        return false;
                    }
                    continue;
                }
                if self.dead(next, mask, depth) {
                    continue;
                }
                if depth < PROGRESS_DEPTH {
                    self.branch[depth].0 = ordinal - 1;
                }
                self.take_piece(t);
                self.stack.push(id);
                let go = self.search(next, depth + 1);
                self.stack.pop();
                self.return_piece(t);
                if !go {
                    return false;
                }
            }
        }
        true
    }

    /// The fraction of the search done: each level's branches before the current one, as parts
    /// of their parent's part (weighted by estimated size near the top when weighing, even
    /// otherwise).
    fn fraction(&self, depth: usize) -> f64 {
        let weighed = self.weigh.is_some();
        let (k, n) = self.outer;
        let (mut f, mut scale) = match self.outer_spans.get(k as usize) {
            Some(&(before, part)) if weighed => (before, part),
            _ => (f64::from(k) / f64::from(n), 1.0 / f64::from(n)),
        };
        for (d, &(i, n)) in self
            .branch
            .iter()
            .take(depth.min(PROGRESS_DEPTH))
            .enumerate()
        {
            let span = self.spans.get(d).and_then(|s| s.get(i as usize));
            match span {
                Some(&(before, part)) if weighed => {
                    f += scale * before;
                    scale *= part;
                }
                _ => {
                    scale /= f64::from(n);
                    f += f64::from(i) * scale;
                }
            }
        }
        f.min(1.0)
    }
}
