//! The search: always cover the first empty position, trying every remaining piece placement
//! whose first cell it is, and prune a branch as soon as a pocket of empty cells cannot be
//! filled by the pieces left (its size is too small or is no sum of piece sizes).
//!
//! The engine is generic over the bitboard width; [`run`] picks the narrowest that fits.

use std::any::Any;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::util::built_once::BuiltOnce;

use super::bits::{Bits, Wide};
use super::problem::Problem;

mod dead;
pub(crate) mod neighbours;
mod shares;
mod tables;
mod window;
use dead::{DeadTable, Log, dead_table, known_dead, prefetch, remember_dead};
use shares::{Span, WEIGHT_DEPTH, Weighing, spans};
use tables::{Breaking, Tables};
use window::window_dead;

/// How often (in search nodes) the engine offers a progress report.
const TICK_NODES: u64 = 1 << 13;
/// Depths whose branch positions make up the progress fraction.
const PROGRESS_DEPTH: usize = 8;
/// Depths at which pockets next to a new piece are flooded and measured.
const FLOOD_DEPTH: usize = 3;
/// With this few pieces left to place, a state is not looked up in the memory of dead ends, nor
/// remembered there: its subtree is a few nodes, which cost about what the lookups and stores
/// do. (Meteor's team, 2 pieces: 4.4% more nodes, yet 1.4-3% faster; 3 pieces was slower.
/// Measured while the team's members shared one table.)
const MEMO_LAST: usize = 2;
/// The depth whose branches are dealt out to the parts of a sharded search: deep enough for
/// hundreds of branches (even parts), shallow enough that the shared top costs little.
const SHARD_DEPTH: usize = 2;
/// With this many branches or more right under the pre-placements, those are the ones dealt
/// out (depth 0): every part then searches only its own branches from the top, and uses the
/// memory of dead ends from one placement down. (Meteor: 1,599 of them; its two-thread run
/// 5% faster than dealing at `SHARD_DEPTH`. Pentominoes 6x10 have 131, too few to deal.)
const DEAL_TOP_FROM: usize = 1024;

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
    /// Whether the fraction `tick` reports should move steadily (see `shares`).
    fn weighs_progress(&self) -> bool {
        false
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

/// Branches a team member takes at a time: few enough that the members end together, many
/// enough that taking them costs little (each take is a write to a cache line all the members
/// write; Meteor has 1,599 branches at its deal depth).
const TEAM_BLOCK: u64 = 16;
/// A member copies the other members' new dead ends into its table every this many nodes.
const COPY_NODES: u64 = 1 << 10;
/// A member tells the others only the dead ends whose subtree took at least this many nodes:
/// the smaller ones cost about as much to copy as to meet again. (Meteor: 2 copies twice as
/// many entries for 1% fewer nodes, 8 costs 3% more nodes.)
const LOG_FROM_NODES: u64 = 4;

/// Threads of one process searching one problem together: the branches a few placements
/// deep are handed out a block at a time to whichever thread asks next (so none is left idle
/// while another works through a big branch), and each member soon knows the dead ends the
/// others found (see `dead::Log`).
pub struct Team {
    /// The next block of branches to hand out.
    tickets: AtomicU64,
    /// Each member's dead ends.
    logs: Box<[Log]>,
    /// The search's tables (a `Tables<B>` for the search's bitboard), built by the first
    /// member to need them and read by all: each member building its own held Meteor's
    /// helper back from the search (it also had to fault in the memory of its own).
    tables: BuiltOnce<Box<dyn Any + Send + Sync>>,
    /// Dead-end tables made ready ahead by a member that was waiting (see
    /// [`Team::ready_dead_ends`]), for members to take instead of making their own; and
    /// whether a member has taken that on.
    ready: Mutex<Vec<DeadTable>>,
    readying: AtomicBool,
}

impl Team {
    /// A team of `members` threads for one search (each search needs a team of its own).
    pub fn new(members: u32) -> Team {
        Team {
            tickets: AtomicU64::new(0),
            logs: (0..members.max(1)).map(|_| Log::new()).collect(),
            tables: BuiltOnce::default(),
            ready: Mutex::new(Vec::new()),
            readying: AtomicBool::new(false),
        }
    }

    /// Makes a dead-end table ready for every member, for a member that waits while another
    /// prepares the problem: making one (asking the system for half a megabyte of zeroed
    /// pages) was a fifth of a millisecond of each member's start on Meteor. Members that
    /// search without the table leave them unused. Only the first member to call this makes
    /// them; for the others it does nothing.
    pub fn ready_dead_ends(&self) {
        if self.readying.swap(true, Ordering::Relaxed) {
            return;
        }
        let made: Vec<DeadTable> = (0..self.logs.len()).map(|_| dead_table()).collect();
        if let Ok(mut ready) = self.ready.lock() {
            ready.extend(made);
        }
    }

    /// A dead-end table made ready ahead, or a new one.
    fn dead_ends(&self) -> DeadTable {
        let ready = self.ready.lock().ok().and_then(|mut r| r.pop());
        ready.unwrap_or_else(dead_table)
    }
}

impl std::fmt::Debug for Team {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Team")
            .field("tickets", &self.tickets)
            .finish_non_exhaustive()
    }
}

/// Which part of the search an engine does.
#[derive(Clone, Copy)]
pub(crate) enum Split<'t> {
    /// All of it.
    Whole,
    /// Part `k` of `n`: every n-th branch at the deal depth from the k-th.
    Shard(u32, u32),
    /// Member `m` of a team: the branches it is handed.
    Team(&'t Team, u32),
}

/// Runs the search over `problem`, reporting to `sink`. Returns the node count and whether the
/// search ran to the end.
pub(crate) fn run(
    problem: &Problem,
    restriction: Option<&Restriction>,
    split: Split<'_>,
    sink: &mut dyn Sink,
) -> (u64, bool) {
    let n = problem.positions();
    if n <= 64 {
        with_tables::<u64, _>(problem, restriction, split, |t| {
            Engine::new(t, split, sink).run()
        })
    } else if n <= 128 {
        with_tables::<u128, _>(problem, restriction, split, |t| {
            Engine::new(t, split, sink).run()
        })
    } else {
        with_tables::<Wide, _>(problem, restriction, split, |t| {
            Engine::new(t, split, sink).run()
        })
    }
}

/// Calls `go` with the search's tables: a team's, shared by its members (they search the same
/// problem under the same restriction), or new ones.
fn with_tables<B: Bits + Send + Sync + 'static, R>(
    problem: &Problem,
    restriction: Option<&Restriction>,
    split: Split<'_>,
    go: impl FnOnce(&Tables<B>) -> R,
) -> R {
    match split {
        Split::Team(team, _) => {
            let shared = team
                .tables
                .get_or_build(|| Box::new(Tables::<B>::new(problem, restriction)));
            go(shared
                .downcast_ref::<Tables<B>>()
                .expect("the members of a team search one problem"))
        }
        _ => go(&Tables::<B>::new(problem, restriction)),
    }
}

/// Probes an estimate makes before it may stop early, and how often it then looks.
const SETTLING_PROBES: u32 = 1000;

/// Search nodes the exact tails of an estimate's probes may take in all before it stops early
/// (about half a second natively).
const ESTIMATE_NODE_BUDGET: u64 = 50_000_000;

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

/// Estimates the number of tilings and of search nodes with up to `probes` random walks from
/// the root, each going down one branch chosen at random among those the search would try, and
/// weighing what it meets by the product of the branch counts on its way (Knuth, 1975): the
/// averages are unbiased, and the error shrinks with the number of probes. It stops sooner
/// when the probes all agree or their exact tails have taken [`ESTIMATE_NODE_BUDGET`] nodes.
pub(crate) fn estimate(problem: &Problem, probes: u32, seed: u64) -> Estimate {
    let mut sink = NoSink(0);
    let n = problem.positions();
    if n <= 64 {
        let tables = Tables::<u64>::new(problem, None);
        Engine::new(&tables, Split::Whole, &mut sink).estimate(probes, seed)
    } else if n <= 128 {
        let tables = Tables::<u128>::new(problem, None);
        Engine::new(&tables, Split::Whole, &mut sink).estimate(probes, seed)
    } else {
        let tables = Tables::<Wide>::new(problem, None);
        Engine::new(&tables, Split::Whole, &mut sink).estimate(probes, seed)
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
    tables: &'a Tables<B>,
    sink: &'a mut dyn Sink,
    left: [u8; 64],
    avail: u64,
    /// The placements on the current path: a preplaced one (`path_base` = 1), then one per
    /// depth.
    path: Vec<u32>,
    path_base: usize,
    nodes: u64,
    next_tick: u64,
    /// Per depth on the current path: the branch being searched and where the node's
    /// candidate lists begin, and the piece types then left (the branch count follows).
    branch: [(u32, u32); PROGRESS_DEPTH],
    branch_avail: [u64; PROGRESS_DEPTH],
    /// Weighted progress (see `shares`), when the search is big enough to weigh; the
    /// restricted piece's placements' spans; each weighed level's spans.
    weigh: Option<Weighing>,
    outer_spans: Vec<Span>,
    spans: [Vec<Span>; WEIGHT_DEPTH],
    /// How many nodes of each weighed level have been weighed (up to a budget).
    weighed: [u32; WEIGHT_DEPTH],
    /// Which of the pre-placements is being searched, of how many.
    outer: (u32, u32),
    /// From which first empty position on the pre-placement lies within the dead-end keys'
    /// window or behind it, so that the keys need not name it (see `memo_key`); never
    /// without a pre-placement (the keys then name none).
    outer_behind: usize,
    /// This search's part; whether it is only a part (branches are dealt); the depth whose
    /// branches are dealt (`SHARD_DEPTH` or 0, see `DEAL_TOP_FROM`); the branches there met so
    /// far; the block of them (from, to) this team member was last handed.
    split: Split<'a>,
    dealing: bool,
    deal_depth: usize,
    dealt: u64,
    ticket: Option<(u64, u64)>,
    stopped: bool,
    /// Dead ends met so far, when states pack into 64-bit keys.
    dead_ends: Option<DeadTable>,
    /// In a team: per member, how many of its logged dead ends this one has copied; when it
    /// next copies.
    copied: Vec<usize>,
    next_copy: u64,
    /// The memory of dead ends is used while fewer pieces than this are placed (see
    /// `memo_key`).
    memo_below: usize,
    /// The pieces left as a code (see `dead::PiecesCode`).
    code: u64,
    /// The tags (`Tables::tag`) of the piece types used up.
    used_tags: B,
    /// Which window patterns hold a dead pocket, as far as worked out (see `window`).
    window: Vec<std::cell::Cell<u64>>,
    /// Tilings found so far by this engine (to tell whether a subtree held any).
    found: u64,
}

impl<'a, B: Bits> Engine<'a, B> {
    fn new(tables: &'a Tables<B>, split: Split<'a>, sink: &'a mut dyn Sink) -> Self {
        let mut left = [0u8; 64];
        let mut avail = 0u64;
        for (t, &c) in tables.counts.iter().enumerate() {
            left[t] = c as u8;
            avail |= 1 << t;
        }
        let split = match split {
            Split::Shard(k, n) if n <= 1 || k >= n => Split::Whole,
            other => other,
        };
        let dead_ends = tables.layout.map(|_| match split {
            Split::Team(team, _) => team.dead_ends(),
            _ => dead_table(),
        });
        let members = match split {
            Split::Team(team, _) => team.logs.len(),
            _ => 0,
        };
        Engine {
            tables,
            sink,
            left,
            avail,
            path: vec![0; tables.counts.iter().sum::<u32>() as usize + 1],
            path_base: 0,
            nodes: 0,
            next_tick: TICK_NODES,
            branch: [(0, 0); PROGRESS_DEPTH],
            branch_avail: [0; PROGRESS_DEPTH],
            weigh: None,
            outer_spans: Vec::new(),
            spans: Default::default(),
            weighed: [0; WEIGHT_DEPTH],
            outer: (0, 1),
            outer_behind: usize::MAX,
            dealing: !matches!(split, Split::Whole),
            split,
            deal_depth: SHARD_DEPTH,
            dealt: 0,
            ticket: None,
            stopped: false,
            dead_ends,
            copied: vec![0; members],
            next_copy: if members > 1 { COPY_NODES } else { u64::MAX },
            memo_below: (tables.counts.iter().sum::<u32>() as usize).saturating_sub(MEMO_LAST),
            code: tables.all_pieces,
            used_tags: B::ZERO,
            window: tables.window.as_ref().map_or(Vec::new(), |w| w.table()),
            found: 0,
        }
    }

    /// Whether this part takes the next branch at `depth`: all of them above the deal depth
    /// (`deal_depth`); at it, every n-th one from k (a shard) or the ones it is handed (a team
    /// member). Every part meets the same branches in the same order down to the deal depth
    /// (no dead-end memory is used there), so each branch is taken by exactly one part. A
    /// tiling completed above the deal depth belongs to the first part alone.
    #[inline(always)]
    fn takes(&mut self, depth: usize, complete: bool) -> bool {
        let first = match self.split {
            Split::Whole => return true,
            Split::Shard(k, _) | Split::Team(_, k) => k == 0,
        };
        if depth < self.deal_depth {
            return !complete || first;
        }
        if depth > self.deal_depth {
            return true;
        }
        let branch = self.dealt;
        self.dealt += 1;
        match self.split {
            Split::Shard(k, n) => branch % u64::from(n) == u64::from(k),
            Split::Team(team, _) => {
                let take = || {
                    let block = team.tickets.fetch_add(1, Ordering::Relaxed);
                    (block * TEAM_BLOCK, (block + 1) * TEAM_BLOCK)
                };
                let (mut from, mut to) = *self.ticket.get_or_insert_with(take);
                // Blocks are handed out in increasing order and branches are met one by one,
                // so a member meets the end of its block before any later block's branch.
                if branch >= to {
                    (from, to) = take();
                    self.ticket = Some((from, to));
                }
                (from..to).contains(&branch)
            }
            Split::Whole => true,
        }
    }

    fn run(mut self) -> (u64, bool) {
        let filled = !self.tables.board;
        if filled == B::ALL {
            return (0, true);
        }
        let tables = self.tables;
        let Breaking::Preplace { piece, first } = &tables.breaking else {
            if self.sink.weighs_progress() {
                self.weigh = self.weighing(&[filled]);
            }
            self.search(filled, 0);
            return (self.nodes, !self.stopped);
        };
        // Symmetry breaking: put the restricted piece on each allowed placement first, then
        // fill around it (its few placements split the search into independent parts).
        self.take_piece(*piece);
        let starts: Vec<B> = first
            .iter()
            .filter(|&&(mask, _)| (mask & filled).is_zero() && (filled | mask) != B::ALL)
            .map(|&(mask, _)| filled | mask)
            .collect();
        if self.dealing {
            let top: usize = starts
                .iter()
                .map(|&start| {
                    self.candidates(start)
                        .filter(|&(_, mask)| (mask & start).is_zero())
                        .count()
                })
                .sum();
            if top >= DEAL_TOP_FROM {
                self.deal_depth = 0;
            }
        }
        let weighing = if self.sink.weighs_progress() {
            self.weighing(&starts)
        } else {
            None
        };
        if let Some(mut w) = weighing {
            let mut sizes = Vec::with_capacity(first.len());
            for &(mask, _) in first {
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
        for (k, &(mask, id)) in first.iter().enumerate() {
            self.enter_outer(k, n, mask);
            let next = filled | mask;
            if !(mask & filled).is_zero() {
                continue;
            }
            if self.dealing && next == B::ALL && !self.takes(0, true) {
                continue;
            }
            self.path[0] = id;
            self.path_base = 1;
            let go = if next == B::ALL {
                self.sink.found(&self.path[..1])
            } else if self.dead(next, mask, 0) {
                true
            } else {
                self.search(next, 0)
            };
            if !go {
                self.stopped = true;
                break;
            }
        }
        (self.nodes, !self.stopped)
    }

    /// Searches under pre-placement `k` of `n`, which covers `mask`.
    fn enter_outer(&mut self, k: usize, n: usize, mask: B) {
        self.outer = (k as u32, n.max(1) as u32);
        let reach = self.tables.layout.map_or(0, |l| l.reach() as usize);
        let last = (0..B::CAPACITY).rev().find(|&i| mask.has(i)).unwrap_or(0);
        self.outer_behind = (last + 1).saturating_sub(reach);
    }

    fn estimate(mut self, probes: u32, seed: u64) -> Estimate {
        let mut rng = crate::util::rng::Rng::new(seed);
        let (mut sum, mut sum_sq, mut nodes) = (0.0f64, 0.0f64, 0.0f64);
        let (most, mut made) = (probes.max(1), 0u32);
        while made < most {
            let (found, walked) = self.probe(&mut rng);
            sum += found;
            sum_sq += found * found;
            nodes += walked;
            made += 1;
            // Past the first probes, more are not worth their time once the answer no longer
            // moves (the exact tails see the whole tree: bricks on 6×6 cost 0.16 ms a probe,
            // each giving 1,664) or once the exact tails have cost their budget.
            if made >= SETTLING_PROBES && made % SETTLING_PROBES == 0 {
                let n = f64::from(made);
                let mean = sum / n;
                let spread = (sum_sq / n - mean * mean).max(0.0).sqrt();
                if (mean > 0.0 && spread <= 1e-3 * mean) || self.nodes > ESTIMATE_NODE_BUDGET {
                    break;
                }
            }
        }
        let (probes, n) = (made, f64::from(made));
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
        let mut filled = !self.tables.board;
        if filled == B::ALL {
            return (0.0, 0.0);
        }
        let mut weight = 1.0f64;
        let mut nodes = 0.0f64;
        let mut used: Vec<usize> = Vec::new();
        let mut children: Vec<(B, usize, bool)> = Vec::new();
        let mut depth = 0;
        let result = loop {
            let pieces_left: u32 = self.left[..self.tables.types]
                .iter()
                .map(|&c| u32::from(c))
                .sum();
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
        if self.hopeless((!filled).first()) {
            return;
        }
        for (t, mask) in self.candidates(filled) {
            if !(mask & filled).is_zero() {
                continue;
            }
            let next = filled | mask;
            if next == B::ALL {
                out.push((next, t, true));
            } else if !self.dead(next, mask, depth) && !self.small_pocket(next) {
                out.push((next, t, false));
            }
        }
    }

    /// The candidate placements for the first empty position of `filled`, as (piece, mask), in
    /// the order the search tries and counts them (those that overlap `filled` included).
    fn candidates(&self, filled: B) -> impl Iterator<Item = (usize, B)> + '_ {
        let tables = self.tables;
        let base = tables.candidate_base(filled, (!filled).first());
        let avail = self.avail;
        (0..tables.types)
            .filter(move |&t| avail >> t & 1 == 1)
            .flat_map(move |t| tables.range(base + t).map(move |k| (t, tables.mask(k))))
    }

    /// Uses one copy of piece `t` (it becomes unavailable with its last copy).
    #[inline(always)]
    fn take_piece(&mut self, t: usize) {
        self.code -= self.tables.radix[t];
        self.left[t] -= 1;
        if self.left[t] == 0 {
            self.avail &= !(1 << t);
            self.used_tags = self.used_tags | self.tables.tag[t];
        }
    }

    /// Gives back a copy of piece `t`.
    #[inline(always)]
    fn return_piece(&mut self, t: usize) {
        self.code += self.tables.radix[t];
        self.left[t] += 1;
        self.avail |= 1 << t;
        self.used_tags = self.used_tags & !self.tables.tag[t];
    }

    /// True when the search cannot complete a position whose first empty one is `first`,
    /// whatever it places: the restricted piece, placed in turn, is still unplaced past its
    /// last allowed first position.
    #[inline(always)]
    fn hopeless(&self, first: usize) -> bool {
        match self.tables.breaking {
            Breaking::InTurn { piece, last } => self.avail >> piece & 1 == 1 && first > last,
            _ => false,
        }
    }

    /// True when placing `mask` (giving `filled`) leaves a pocket in the rows below the
    /// frontier that no set of pieces fills (on narrow boards, by table lookup: see `window`),
    /// an empty cell with no empty neighbour (on the other boards), or (near the root) cuts
    /// off a pocket whose size no set of the remaining pieces fills. Flooding pockets on every
    /// placement was measured to cost more than the branches it saves.
    #[inline(always)]
    fn dead(&self, filled: B, mask: B, depth: usize) -> bool {
        let tables = self.tables;
        let empty = !filled;
        // A lone empty cell (on boards without a window): one bitwise test over the board.
        if tables.isolated_dead && !(empty & !tables.nb.grow(empty)).is_zero() {
            return true;
        }
        if let Some(layout) = &tables.window
            && window_dead(layout, &self.window, &tables.nb, &tables.fillable, filled)
        {
            return true;
        }
        // Flooding pockets costs more than it saves deep in the tree (measured).
        if depth >= FLOOD_DEPTH {
            return false;
        }
        self.cuts_off_a_pocket(empty, mask)
    }

    /// True when two or three empty positions are cut off together, when no pieces fill
    /// pockets that small. The search does without this test (it costs more than the
    /// branches it saves), but random walks are steadier with it: fewer of them end in a
    /// dead end the search would soon meet, so estimates from them spread less.
    fn small_pocket(&self, filled: B) -> bool {
        let tables = self.tables;
        let fills = |n: usize| tables.fillable.get(n).copied().unwrap_or(false);
        if fills(1) || fills(2) {
            return false;
        }
        let empty = !filled;
        let (one, more, three) = tables.nb.counts(empty);
        let single = empty & one & !more;
        if !(single & tables.nb.grow(single)).is_zero() {
            return true;
        }
        if fills(3) || single.is_zero() {
            return false;
        }
        // A position with exactly two empty neighbours, both dead ends: a 3-cell pocket.
        let double = empty & more & !three;
        let (_, ends, _) = tables.nb.counts(single);
        !(double & ends).is_zero()
    }

    /// True when a pocket of `empty` positions next to `mask` has a size no set of the
    /// remaining pieces fills.
    #[cold]
    fn cuts_off_a_pocket(&self, empty: B, mask: B) -> bool {
        let nb = &self.tables.nb;
        let mut seeds = nb.grow(mask) & empty;
        while !seeds.is_zero() {
            let mut region = seeds.lowest();
            loop {
                let next = (nb.grow(region) & empty) | region;
                if next == region {
                    if self.unfillable(region.count()) {
                        return true;
                    }
                    break;
                }
                region = next;
                if region.count() > self.tables.region_cap {
                    break;
                }
            }
            seeds = seeds & !region;
        }
        false
    }

    fn unfillable(&self, size: u32) -> bool {
        let tables = self.tables;
        if !tables.fillable.get(size as usize).copied().unwrap_or(false) {
            return true;
        }
        let mut avail = self.avail;
        let mut smallest = u32::MAX;
        while avail != 0 {
            let t = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            smallest = smallest.min(u32::from(tables.sizes[t]));
        }
        size < smallest
    }

    fn search(&mut self, filled: B, depth: usize) -> bool {
        let key = self.memo_key(filled, depth, self.code);
        if let (Some(key), Some(table)) = (key, &self.dead_ends)
            && known_dead(table, key)
        {
            return true;
        }
        self.search_known(filled, depth, key)
    }

    /// The dead-end memory's key for the state `filled` at `depth` with the pieces `code`
    /// left, when the memory is used there: not down to the deal depth (the parts must all
    /// meet the same branches) and not with the last `MEMO_LAST` pieces to place.
    #[inline(always)]
    fn memo_key(&self, filled: B, depth: usize, code: u64) -> Option<u64> {
        // A preplaced piece is placed, but not at a depth of the search.
        let placed = depth + self.path_base;
        match (&self.dead_ends, self.tables.layout) {
            (Some(_), Some(layout))
                if (!self.dealing || depth > self.deal_depth) && placed < self.memo_below =>
            {
                let first = (!filled).first();
                // States met under different pre-placements are the same state once the
                // pre-placed piece is no longer beyond the window: they share a key (the
                // placements' count, which no placement's index is), and a dead end found
                // under one placement is known under the others.
                let outer = if first >= self.outer_behind {
                    self.outer.1
                } else {
                    self.outer.0
                };
                Some(layout.key(filled, first, code, outer))
            }
            _ => None,
        }
    }

    /// [`Engine::search`] of a state not known to be dead, whose memory key is `key`.
    fn search_known(&mut self, filled: B, depth: usize, key: Option<u64>) -> bool {
        let found_before = self.found;
        let nodes_before = self.nodes;
        let go = self.search_node(filled, (!filled).first(), depth);
        // A dead end that was one node (no child passed the tests) is not remembered: meeting
        // it again costs about what the lookup does, and its slot is left to a bigger one
        // (Meteor: 9% more nodes, 2-3% less time).
        if go
            && self.found == found_before
            && self.nodes - nodes_before > 1
            && let (Some(key), Some(table)) = (key, &self.dead_ends)
        {
            remember_dead(table, key);
            if let Split::Team(team, m) = self.split
                && self.nodes - nodes_before >= LOG_FROM_NODES
                && let Some(log) = team.logs.get(m as usize)
            {
                log.append(key);
            }
        }
        go
    }

    /// Copies into this member's table the dead ends the other members logged since it last
    /// looked.
    #[cold]
    fn copy_logs(&mut self) {
        self.next_copy = self.nodes + COPY_NODES;
        if let (Split::Team(team, me), Some(table)) = (self.split, &self.dead_ends) {
            for (m, log) in team.logs.iter().enumerate() {
                if m != me as usize {
                    log.copy_new(&mut self.copied[m], table);
                }
            }
        }
    }

    /// Tries every candidate for the first empty position `first` of `filled`.
    #[inline(always)]
    fn search_node(&mut self, filled: B, first: usize, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_copy {
            self.copy_logs();
        }
        if self.nodes >= self.next_tick {
            self.next_tick += TICK_NODES;
            let fraction = self.fraction(depth);
            if !self.sink.tick(self.nodes, fraction) {
                self.stopped = true;
                return false;
            }
        }
        if self.hopeless(first) {
            return true;
        }
        let tables = self.tables;
        let base = tables.candidate_base(filled, first);
        if depth < PROGRESS_DEPTH {
            // The branch count is worked out only when progress is reported.
            self.branch[depth] = (0, base as u32);
            self.branch_avail[depth] = self.avail;
            if depth < WEIGHT_DEPTH && self.weigh.is_some() {
                self.weigh_branches(filled, depth);
            }
        }
        if !tables.tagged.is_empty() {
            return self.scan_tagged(filled, base, depth);
        }
        let mut avail = self.avail;
        while avail != 0 {
            let t = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let (masks, ids) = tables.list(base + t);
            let offset = tables.start[base + t] - tables.start[base];
            for (k, (&mask, &id)) in masks.iter().zip(ids).enumerate() {
                // Most candidates overlap what is filled. (A branch-free pass, as in
                // `scan_tagged`, was slower on these short per-type lists: 6x10 +3%.)
                if !(mask & filled).is_zero() {
                    continue;
                }
                if !self.child(filled, mask, t, id, depth, offset + k as u32) {
                    return false;
                }
            }
        }
        true
    }

    /// Tries the candidates of the node whose lists begin at `base` in one scan over every
    /// type's (see `Tables::tagged`): a candidate whose positions are filled or whose type is
    /// used up fails the same test. A function of its own: with both loops compiled into
    /// `search_node`, the per-type one ran slower while this path was being built (6x10 +5%);
    /// not measured again since `child` went back to being inlined into both.
    #[inline(never)]
    fn scan_tagged(&mut self, filled: B, base: usize, depth: usize) -> bool {
        let tables = self.tables;
        let blocked = (filled & tables.board) | self.used_tags;
        let (s, e) = (
            tables.start[base] as usize,
            tables.start[base + tables.types] as usize,
        );
        let list = &tables.tagged[s..e];
        for (c, chunk) in list.chunks(64).enumerate() {
            // Which candidates fit, as bits, without a branch per candidate: most do not, in
            // no pattern a branch predictor learns.
            let mut fits = B::disjoint(chunk, blocked);
            while fits != 0 {
                let k = c * 64 + fits.trailing_zeros() as usize;
                fits &= fits - 1;
                let t = (list[k] >> tables.tag_shift).first();
                let (mask, id) = (list[k] & tables.board, tables.ids[s + k]);
                if !self.child(filled, mask, t, id, depth, k as u32) {
                    return false;
                }
            }
        }
        true
    }

    /// Searches under candidate `id` (piece `t`, positions `mask`, not overlapping `filled`),
    /// the candidate at `offset` in its node's lists. Returns false when the search stops.
    #[inline(always)]
    fn child(&mut self, filled: B, mask: B, t: usize, id: u32, depth: usize, offset: u32) -> bool {
        let tables = self.tables;
        let next = filled | mask;
        if self.dealing && !self.takes(depth, next == B::ALL) {
            return true;
        }
        if next == B::ALL {
            self.found += 1;
            let at = self.path_base + depth;
            self.path[at] = id;
            let go = self.sink.found(&self.path[..=at]);
            if !go {
                self.stopped = true;
            }
            return go;
        }
        // The child's state is looked up in the memory of dead ends here, before the call:
        // start loading its slot while the dead-pocket test runs (6% on Meteor).
        let key = self.memo_key(next, depth + 1, self.code - tables.radix[t]);
        if let (Some(key), Some(table)) = (key, &self.dead_ends) {
            prefetch(table, key);
        }
        if self.dead(next, mask, depth) {
            return true;
        }
        if let (Some(key), Some(table)) = (key, &self.dead_ends)
            && known_dead(table, key)
        {
            return true;
        }
        if depth < PROGRESS_DEPTH {
            self.branch[depth].0 = offset;
        }
        self.take_piece(t);
        self.path[self.path_base + depth] = id;
        let go = self.search_known(next, depth + 1, key);
        self.return_piece(t);
        go
    }

    /// The index among the node's branches (its available types' candidates, in order) of
    /// the candidate at `offset` in its lists, which begin at `base`.
    fn branch_index(&self, base: usize, avail: u64, offset: u32) -> u32 {
        let start = &self.tables.start;
        let (mut index, first) = (0, start[base]);
        for t in 0..self.tables.types {
            let (from, to) = (start[base + t] - first, start[base + t + 1] - first);
            let here = avail >> t & 1 == 1;
            if offset < to {
                return index + if here { offset - from } else { 0 };
            }
            if here {
                index += to - from;
            }
        }
        index
    }

    /// The number of candidates at a node whose lists begin at `base`, with the piece types
    /// `avail` left (at least 1).
    fn branch_count(&self, base: usize, mut avail: u64) -> u32 {
        let mut total = 0;
        while avail != 0 {
            let t = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            total += self.tables.range(base + t).len() as u32;
        }
        total.max(1)
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
        for (d, &(i, base)) in self
            .branch
            .iter()
            .take(depth.min(PROGRESS_DEPTH))
            .enumerate()
        {
            let n = self.branch_count(base as usize, self.branch_avail[d]);
            let i = self.branch_index(base as usize, self.branch_avail[d], i);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_end_keys_name_the_pre_placement_only_while_it_lies_beyond_the_window() {
        let problem = crate::poly::library::meteor_problem().unwrap();
        let restriction = crate::poly::symmetry::choose_restriction(&problem).unwrap();
        let tables = Tables::<u64>::new(&problem, Some(&restriction));
        let Breaking::Preplace { first, .. } = &tables.breaking else {
            panic!("Meteor's restricted piece is placed first");
        };
        let reach = tables.layout.unwrap().reach() as usize;
        let last = |mask: u64| 63 - mask.leading_zeros() as usize;
        // The earliest pre-placement, and the one that reaches furthest down the board.
        let (a, k_b) = (
            first[0].0,
            (0..first.len()).max_by_key(|&k| last(first[k].0)).unwrap(),
        );
        let b = first[k_b].0;
        let mut sink = NoSink(0);
        let mut engine = Engine::new(&tables, Split::Whole, &mut sink);
        let code = tables.all_pieces;
        let before = |f: usize| !tables.board | ((1u64 << f) - 1);
        let mut key = |k: usize, mask: u64, filled: u64| {
            engine.enter_outer(k, first.len(), mask);
            engine.memo_key(filled, 3, code).unwrap()
        };
        // Past both pieces, one state whichever placement was searched.
        let filled = before(last(b) + 1);
        assert_eq!(key(0, a, filled), key(k_b, b, filled));
        // With the second piece still beyond the window (the first within it), the placement
        // is part of the state.
        let filled = before(last(b) - reach) | b;
        let window_end = (!filled).trailing_zeros() as usize + reach;
        assert!(last(a) < window_end && last(b) >= window_end);
        assert_ne!(key(0, a, filled), key(k_b, b, filled));
    }

    #[test]
    fn dead_end_tables_are_made_ready_once_for_every_member() {
        let team = Team::new(3);
        team.ready_dead_ends();
        team.ready_dead_ends();
        assert_eq!(team.ready.lock().unwrap().len(), 3);
        for _ in 0..4 {
            assert!(
                team.dead_ends()
                    .iter()
                    .all(|slot| slot.load(Ordering::Relaxed) == 0)
            );
        }
        assert!(team.ready.lock().unwrap().is_empty());
    }
}
