//! The best move: the card that maximises the probability of clearing the board (flipping every
//! 2 and 3) under optimal play from there.
//!
//! The search works on sets of consistent boards. These facts keep it small and still exact:
//! - a card whose value all remaining boards agree on is free to flip when it is not a Voltorb,
//!   so a board whose every multiplier lies on such cards counts as won;
//! - flipping a card that is a Voltorb in no remaining board never hurts (it only adds
//!   information), so when such a card exists it is flipped without trying the others;
//! - a card that can only be 0 or 1 is never worth flipping (see `useful`), nor is a card that
//!   is a Voltorb or one single value when another card is a Voltorb only on boards where it
//!   is one too (see `Search::worth_trying`);
//! - a set of two boards needs no search (see `Search::pair_value`);
//! - two boards that no play can win both ("rivals", see `Search::rivals_bound`) bound the
//!   value of a set: at most one board of a group of mutual rivals is won. Boards keep the
//!   group they were dealt into, so every subset below is bounded by that grouping in one
//!   pass before pairs are compared again.
//!
//! Otherwise every useful card is tried, highest bound first (see `Search::risky_order`), and
//! values of board sets are memoised. The search is an expectimax with bounds passed down: a
//! set is only solved well enough to show that it cannot lift its caller above the best card
//! found so far (a card's outcomes most promising first, see `Search::chance`), and such
//! results are memoised as upper bounds. Past a node budget the rest of the tree is played by a greedy rule
//! (the card with the best two-flip bound) and the answer is marked approximate: a win
//! probability that this play achieves, a lower bound on the optimum.
//!
//! Many notes below give the sets solved on the browser benchmark's hardest deal (752) when a
//! trade-off was measured: 1.72 million in the notes written before sets were keyed by their
//! orbits (see `Search::least_images`), 0.73 million since.

use std::collections::HashMap;

use super::board::{Board, CELLS};
use super::memo::{Memo, SharedMemo};
use super::symmetry;
use super::team::{Team, ThreadTeam};

/// Rounding allowance when a bound decides that a card cannot beat another (weights sum to 1).
const EPSILON: f64 = 1e-12;

/// Largest set whose rival groups are kept as bit sets (of one 64-bit word: wasm has no wider
/// integers, and sets below the root this large merge their inherited groups instead).
const RIVALS_MAX: usize = 64;

/// Largest set the rivals bound is worked out for below the root (it costs up to a pass per
/// pair). Larger sets inherit the grouping of the root's boards. On the 1,000 fresh level-8
/// deals (seed 88, one thread), against 4,096: the deals over 100 ms took 126 s instead of
/// 132 s, and 5 instead of 8 reached the node budget. With no limit, the browser benchmark's
/// 1,000 deals (one thread, two alternated runs) solved 0.1% fewer sets in 1–3% less time,
/// within the noise.
const RIVALS_LARGE_MAX: usize = 16_384;

/// Sets from this size on below the root are bounded by merging the rival groups their boards
/// inherited (see [`Search::merge_inherited_groups`]) instead of dealing the boards out again.
const MERGE_GROUPS_FROM: usize = 64;

/// Most rivals tests spent grouping the root's boards (under a nanosecond each natively: the
/// largest fresh level-8 root of 1,000, 30,222 boards, took 66 million in 43 ms). Grouped,
/// every set below inherits a bound: on the slowest fresh level-8 deals the root's rivals
/// bound is about 0.2 where the boards' weight is 1 and the answer under 0.1, and the search
/// solved up to half as many sets (seed 88, 15 deals over 1.4 s: 4.40 million sets in all
/// instead of 5.39; the 1,000 deals' >100 ms total 131 s instead of 157 s). Working the bound
/// out again for every set below, however large, solved fewer sets still but cost more than
/// it saved. At 150 million the largest root of the browser benchmark's 1,000 deals (seeds
/// 88–1087, 70,722 boards) went ungrouped; grouped (0.2 s) its search solved 1.72 million sets
/// instead of 1.96 (one thread, 9.7 s instead of 11.7).
const ROOT_RIVALS_TESTS: u64 = 500_000_000;

/// What [`ROOT_RIVALS_TESTS`] counts for one block of 64 heads ruled out bit-sliced (see
/// [`Search::rivals_bound_within`]): it takes about as long as 30 rivals tests.
const BLOCK_TESTS: u64 = 32;

/// Sets from this size on keep a tightened bound in the memo (as an upper bound) for later
/// visits; smaller ones are cheaper to bound again than to store.
const CACHE_RIVALS_FROM: usize = 24;

/// Sets from this size on are memoised under their orbit's key (see [`Search::least_images`]),
/// so that a set's mirror images find it; smaller ones are cheaper to solve again.
const ORBIT_FROM: usize = 16;

/// Default node budget: distinct board sets solved before falling back to the greedy rule. A
/// safety net for clue sets no game deals: the hardest of 3,000 fresh level-8 deals (seeds
/// 88–3087) needs 1.02 million sets on one thread and about half as many per member of a team
/// of two, which at 500,000 it reached (2.0 s natively, approximate; 2.3 s and exact at this
/// budget).
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// The budget of a search "to the end", which the page offers when the default one falls
/// short. No fresh level-8 board measured needs it any more (the hardest of 3,000 needs 1.02
/// million sets on one thread); clue sets no game deals may (with Uniform odds, say).
pub const EXHAUSTIVE_BUDGET: u64 = 5_000_000;

/// The recommended card and the winning chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestMove {
    /// The card to flip next (cell index `row·5 + col`), or `None` when nothing is left to do.
    pub cell: Option<usize>,
    /// Probability of clearing the board when playing as advised from now on.
    pub win: f64,
    /// True when the search finished within its budget (the figure is the optimum).
    pub exact: bool,
    /// Board sets solved.
    pub nodes: u64,
    /// Where the card stands in the order a team tried the first cards (0: first), which
    /// breaks ties between the members' answers (see [`best_move_threads`]).
    pub rank: usize,
}

/// One consistent board as the search sees it.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    /// The cards showing each value 0–3.
    pub(super) masks: [u32; 4],
    pub(super) weight: f64,
    /// The group of mutual rivals this board was dealt into when the rivals bound was last
    /// worked out for a set holding it (see [`Search::rivals_bound`]): at first its own, then
    /// the root's grouping (see [`Search::root`]), then its sets' below. A
    /// set's boards are copies dealt from its parent's (see [`Search::parts`]) and are
    /// relabelled all together, so the boards of one set always carry one grouping.
    pub(super) group: u32,
    /// The board's number in its search, from which its hashes come (see [`board_hash`]).
    /// They are looked up when a set is keyed rather than kept here: an entry is copied into
    /// every set dealt (see [`Search::parts`]), and at 32 bytes rather than 48 the browser
    /// benchmark's hardest deal (752) took 3.35 s instead of 3.55 on one thread.
    pub(super) id: u32,
}

impl Entry {
    /// Board `id` of a search: the cards showing each value, and its weight.
    pub(super) fn new(masks: [u32; 4], weight: f64, id: u32) -> Entry {
        Entry {
            masks,
            weight,
            group: id,
            id,
        }
    }
}

/// What one pass over a board set tells: the values present on each card and the total weight.
#[derive(Clone, Copy, Default)]
pub(super) struct Summary {
    pub(super) present: [u32; 4],
    pub(super) weight: f64,
}

impl Summary {
    /// The summary of a whole set.
    pub(super) fn of(entries: &[Entry]) -> Summary {
        let mut sum = Summary::default();
        for e in entries {
            sum.add(e);
        }
        sum
    }

    pub(super) fn add(&mut self, e: &Entry) {
        for (present, mask) in self.present.iter_mut().zip(e.masks) {
            *present |= mask;
        }
        self.weight += e.weight;
    }

    /// Cards on which the boards disagree.
    pub(super) fn disagreed(&self) -> u32 {
        disagreed(&self.present)
    }

    /// Disagreed cards that are a Voltorb in no board.
    fn safe(&self) -> u32 {
        self.disagreed() & !self.present[0]
    }

    /// Cards worth flipping: see [`useful`].
    fn useful(&self) -> u32 {
        useful(self.disagreed(), &self.present)
    }
}

/// A settled board set: its boards sit at `start..end` of the arena, `won` is the weight of the
/// boards that were already won and taken out, `sum` describes the rest, and `key` is its memo
/// key (see [`Search::settle`]).
#[derive(Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
    won: f64,
    sum: Summary,
    key: (u64, u64),
}

impl Span {
    fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// One outcome of a flip, and an upper bound on the weight it can win in all (`won` included).
#[derive(Clone, Copy)]
struct Part {
    span: Span,
    bound: f64,
    /// Whether `bound` is as tight as this search makes it (memoised, or rivals applied).
    tight: bool,
}

/// The search state over one analysis.
struct Search {
    /// Board sets live here as contiguous runs; each level of the search pushes its outcomes on
    /// top and drops them when done, so no set is allocated on its own.
    arena: Vec<Entry>,
    /// The end of the runs in use: the arena beyond it is scratch, kept allocated (and filled)
    /// from one push to the next.
    top: usize,
    /// Value of a settled set, and whether it is exact (else an upper bound).
    memo: Memo,
    nodes: u64,
    budget: u64,
    approximate: bool,
    /// For each symmetry of the boards (see [`symmetry`]) other than the identity, the number
    /// of each board's image, symmetry by symmetry (`image_ids[g * boards + id]`, see
    /// [`Search::images_under`]), the symmetry as a permutation of the cards, and the same
    /// permutation as it moves the cards of a mask.
    image_ids: Vec<u32>,
    cell_maps: Vec<symmetry::CellMap>,
    mask_maps: Vec<symmetry::MaskMap>,
    /// Each board's hashes, by board number (for the keys of images, see
    /// [`Search::least_images`]).
    hash_of: Vec<[u64; 2]>,
    /// Each board's place in the order the rivals bound deals boards into groups (heaviest
    /// first, equal weights in the order of their Voltorb cards), and what the rivals test reads
    /// of it, by board number: worked out once, where each set would sort by weight and spread
    /// the masks again.
    rival_rank: Vec<u32>,
    traits_of: Vec<RivalTraits>,
    /// Scratch for [`Search::rivals_bound_within`], kept allocated from one set to the next;
    /// [`Search::merge_inherited_groups`] borrows the same buffers for its runs and chains
    /// (each names what it keeps in them).
    rival_keys: Vec<u64>,
    rival_bits: Vec<u64>,
    rival_order: Vec<u32>,
    rival_traits: Vec<RivalTraits>,
    rival_group_of: Vec<u32>,
    rival_sorted: Vec<Entry>,
    rival_next: Vec<u32>,
    rival_lists: Vec<(u32, u32)>,
    rival_heads: Vec<RivalTraits>,
    rival_starts: Vec<u32>,
}

/// Cards on which boards disagree, given the cards showing each value 0–3 on some board.
fn disagreed(present: &[u32; 4]) -> u32 {
    let p = present;
    (p[0] & (p[1] | p[2] | p[3])) | (p[1] & (p[2] | p[3])) | (p[2] & p[3])
}

/// The two hashes of board `id` of a search; a set's memo key is their sums over its members
/// (or over the members of one of its mirror images, see [`Search::least_images`]).
pub(super) fn board_hash(id: u64) -> [u64; 2] {
    [mix(id), mix(id ^ 0xA5A5_5A5A_0F0F_F0F0)]
}

/// `key` with board hashes `[a, b]` added: a set's key is the sum over its boards.
pub(super) fn add_to_key(key: (u64, u64), [a, b]: [u64; 2]) -> (u64, u64) {
    (key.0.wrapping_add(a), key.1.wrapping_add(b))
}

/// A well-mixed 64-bit hash of `z` (board identities for set keys).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Search {
    /// A fresh search over `boards` weighted by `weights`, solving at most `budget` board sets
    /// exactly. The arena starts with one entry per distinct board as the search sees it.
    ///
    /// Cards that can only be 0 or 1 are never worth flipping (see [`useful`]), so their values
    /// are never seen: boards that differ only there are merged into one of their total weight.
    fn new(boards: &[Board], weights: &[f64], budget: u64, memo: Memo) -> Self {
        let full: Vec<[u32; 4]> = boards
            .iter()
            .map(|b| [b.mask_of(0), b.mask_of(1), b.mask_of(2), b.mask_of(3)])
            .collect();
        let mut all = Summary::default();
        for m in &full {
            for (present, mask) in all.present.iter_mut().zip(m) {
                *present |= mask;
            }
        }
        let seen = !(all.disagreed() & !all.useful());
        let mut index: HashMap<[u32; 4], usize> = HashMap::new();
        let mut arena: Vec<Entry> = Vec::new();
        for (m, &weight) in full.iter().zip(weights) {
            let masks = m.map(|x| x & seen);
            let i = *index.entry(masks).or_insert_with(|| {
                arena.push(Entry::new(masks, 0.0, arena.len() as u32));
                arena.len() - 1
            });
            arena[i].weight += weight;
        }
        let masks: Vec<[u32; 4]> = arena.iter().map(|e| e.masks).collect();
        let merged: Vec<f64> = arena.iter().map(|e| e.weight).collect();
        let symmetries = symmetry::find(&masks, &merged);
        let image_ids: Vec<u32> = symmetries.images.concat();
        let hash_of: Vec<[u64; 2]> = (0..arena.len() as u64).map(board_hash).collect();
        let mask_maps = symmetries.maps.iter().map(symmetry::MaskMap::of).collect();
        let mut by_rank: Vec<(u64, u32, u32)> = arena
            .iter()
            .map(|e| (u64::MAX - e.weight.to_bits(), e.masks[0], e.id))
            .collect();
        // Weights are positive, so their bits order them.
        by_rank.sort_unstable();
        let mut rival_rank = vec![0u32; arena.len()];
        for (rank, &(_, _, id)) in by_rank.iter().enumerate() {
            rival_rank[id as usize] = rank as u32;
        }
        Search {
            image_ids,
            hash_of,
            mask_maps,
            cell_maps: symmetries.maps,
            rival_keys: Vec::new(),
            rival_rank,
            traits_of: arena.iter().map(RivalTraits::of).collect(),
            rival_bits: Vec::new(),
            rival_order: Vec::new(),
            rival_traits: Vec::new(),
            rival_group_of: Vec::new(),
            rival_sorted: Vec::new(),
            rival_next: Vec::new(),
            rival_lists: Vec::new(),
            rival_heads: Vec::new(),
            rival_starts: Vec::new(),
            top: arena.len(),
            arena,
            memo,
            nodes: 0,
            budget,
            approximate: false,
        }
    }

    /// The images of a set whose keys may stand for its orbit (the set and its mirror images,
    /// which win equally, so that a set solved is found again as any of them): those whose
    /// cards' values present (`present`, the set's, permuted) come first, the same for every
    /// set of the orbit. Bit 0 stands for the set itself, bit `g + 1` for its image under
    /// symmetry `g`. The orbit's key is the least of their keys (see [`Search::settle`]): most
    /// sets have one such image, so one pass over their boards keys them.
    ///
    /// One key for the orbit replaced memoising each set under the keys of up to 7 of its
    /// images. On the browser benchmark's hardest deal (752, whose boards have 23 symmetries)
    /// the search solved 0.73 million sets instead of 1.72 in 3.7 s instead of 8.4, its process
    /// peaking at 90 MB instead of 445 (one thread); the other 999 deals solved the same sets
    /// or fewer. (Memoising each set under all 23 of its images' keys solved 0.74 million sets
    /// natively, but the page's team, whose shared table holds 2 million entries, went past its
    /// budget.)
    fn least_images(&self, present: &[u32; 4]) -> u32 {
        let mut least = *present;
        let mut images = 1u32;
        for (g, maps) in self.mask_maps.iter().enumerate() {
            let image = maps.apply(present);
            match image.cmp(&least) {
                std::cmp::Ordering::Less => {
                    least = image;
                    images = 2 << g;
                }
                std::cmp::Ordering::Equal => images |= 2 << g,
                std::cmp::Ordering::Greater => {}
            }
        }
        images
    }

    /// The number of each board's image under symmetry `g`, by board number.
    fn images_under(&self, g: usize) -> &[u32] {
        let boards = self.hash_of.len();
        &self.image_ids[g * boards..][..boards]
    }

    /// The key of the image of `start..end` under symmetry `g` (the set's own with `None`), and
    /// whether any of its boards is won as `is_won` says, in one pass.
    fn key_of(
        &self,
        start: usize,
        end: usize,
        g: Option<usize>,
        is_won: impl Fn(&Entry) -> bool,
    ) -> (bool, (u64, u64)) {
        let boards = &self.arena[start..end];
        let mut any_won = false;
        let mut key = (0u64, 0u64);
        match g {
            None => {
                for e in boards {
                    any_won |= is_won(e);
                    key = add_to_key(key, self.hash_of[e.id as usize]);
                }
            }
            Some(g) => {
                let image = self.images_under(g);
                for e in boards {
                    any_won |= is_won(e);
                    key = add_to_key(key, self.hash_of[image[e.id as usize] as usize]);
                }
            }
        }
        (any_won, key)
    }

    /// The least key of the images of `start..end` in `images` (see [`Search::least_images`]).
    fn least_key(&self, images: u32, start: usize, end: usize) -> (u64, u64) {
        let mut least = (u64::MAX, u64::MAX);
        let mut rest = images;
        while rest != 0 {
            let g = (rest & 1 == 0).then(|| rest.trailing_zeros() as usize - 1);
            rest &= rest - 1;
            least = least.min(self.key_of(start, end, g, |_| false).1);
        }
        least
    }

    fn summarize(&self, start: usize, end: usize) -> Summary {
        Summary::of(&self.arena[start..end])
    }

    /// Takes the boards already won (all multipliers on agreed cards) out of `start..end`,
    /// whose summary is `sum`, compacting the rest in place. A set of [`ORBIT_FROM`] boards or
    /// more is keyed by its orbit (see [`Search::least_images`]).
    fn settle(&mut self, start: usize, mut end: usize, mut sum: Summary) -> Span {
        let mut won = 0.0;
        loop {
            let amb = sum.disagreed();
            let is_won = |e: &Entry| (e.masks[2] | e.masks[3]) & amb == 0;
            let images = if end - start >= ORBIT_FROM && !self.mask_maps.is_empty() {
                self.least_images(&sum.present)
            } else {
                1
            };
            // Mostly no board is won: then one look at each, nothing rewritten, and when one
            // image keys the set (the most common case), its key is summed on the way.
            let (any_won, key) = if images.is_power_of_two() {
                let g = (images != 1).then(|| images.trailing_zeros() as usize - 1);
                self.key_of(start, end, g, is_won)
            } else {
                match self.arena[start..end].iter().any(is_won) {
                    true => (true, (0, 0)),
                    false => (false, self.least_key(images, start, end)),
                }
            };
            if !any_won {
                return Span {
                    start,
                    end,
                    won,
                    sum,
                    key,
                };
            }
            let mut keep = start;
            let mut rest = Summary::default();
            for i in start..end {
                let e = self.arena[i];
                if is_won(&e) {
                    won += e.weight;
                } else {
                    self.arena[keep] = e;
                    keep += 1;
                    rest.add(&e);
                }
            }
            end = keep;
            sum = rest;
        }
    }

    /// The useful cards of `span` (which has no safe card) that no other card dominates, and
    /// the two-flip bound of every useful card: the sum of its outcomes' inherited rivals
    /// bounds. (That never exceeds the weight of the boards where the card is not a Voltorb,
    /// so that weight is not worked out.)
    ///
    /// Card `a` dominates card `b` when `b` is a Voltorb or one single other value (so flipping
    /// it tells nothing more than whether it is a Voltorb) and `a` is a Voltorb only on boards
    /// where `b` is one too: flipping `a` loses no more boards, and every board `b` would keep
    /// is kept by `a` in outcomes at least as well informed. Of two such cards with the same
    /// Voltorb boards, the first is kept.
    ///
    /// The rule holds for any `b`, single-valued or not: after `b`, `a` is safe, so flipping
    /// `a` then `b` reaches what `b` then `a` does, and a safe card never hurts. Applied to every
    /// card, it solved the same sets within 0.1% on the 15 slowest deals (seed 88), the cards it
    /// adds being cut by their bounds anyway, and is not used.
    fn worth_trying(&self, span: &Span) -> (u32, [f64; CELLS]) {
        let p = &span.sum.present;
        let useful = span.sum.useful();
        // The inherited rivals bound of every outcome of every useful card, in one pass: a
        // span's groups are contiguous and heaviest first (see `rivals_bound`), so the first
        // board of a group showing a value on a card is its heaviest that does.
        let mut inherited = [[0.0f64; 4]; CELLS];
        // The values on each card met so far in the current group.
        let mut covered = [0u32; 4];
        let boards = &self.arena[span.start..span.end];
        for (i, e) in boards.iter().enumerate() {
            for v in 1..4 {
                let mut m = e.masks[v] & useful & !covered[v];
                covered[v] |= e.masks[v];
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    inherited[c][v] += e.weight;
                    m &= m - 1;
                }
            }
            match boards.get(i + 1) {
                Some(next) if next.group == e.group => debug_assert!(next.weight <= e.weight),
                _ => covered = [0; 4],
            }
        }
        let two_flip = inherited.map(|per_value| per_value[1] + per_value[2] + per_value[3]);
        let single = (p[1] ^ p[2] ^ p[3]) & !(p[1] & p[2] & p[3]);
        let mut cards = useful;
        let mut singles = single & useful;
        while singles != 0 {
            let b = singles.trailing_zeros();
            singles &= singles - 1;
            // The Voltorb cards of the boards where `b` is not one, and the cards that are not
            // a Voltorb on some board where `b` is one.
            let (mut voltorbs_without, mut clear_with) = (0u32, 0u32);
            for e in boards {
                let b_is_voltorb = 0u32.wrapping_sub((e.masks[0] >> b) & 1);
                voltorbs_without |= e.masks[0] & !b_is_voltorb;
                clear_with |= !e.masks[0] & b_is_voltorb;
            }
            // `a` dominates `b` when it is a Voltorb only where `b` is one; of two single cards
            // dominating each other the first is kept.
            let dominating = useful & !(1 << b) & !voltorbs_without;
            let mutual_later = single & !clear_with & !((2u32 << b) - 1);
            if dominating & !mutual_later != 0 {
                cards &= !(1 << b);
            }
        }
        (cards, two_flip)
    }

    /// An upper bound on the weight `span` can win, its `won` included: the memoised value or
    /// bound when known, else the rivals bound inherited from a larger set. (The one-flip bound,
    /// the weight minus the smallest Voltorb weight of a useful card, costs a pass over every
    /// Voltorb of every board and is rarely the smaller one.)
    fn bound(&mut self, span: &Span) -> (f64, bool) {
        if let Some(v) = self.pair_value(span) {
            return (v, true);
        }
        if let Some((v, _)) = self.memo.get(&span.key, span.end - span.start) {
            return (span.won + v, true);
        }
        let inherited = self.inherited_rivals(span);
        (span.won + span.sum.weight.min(inherited), false)
    }

    /// The rivals bound of `span` by the groups its boards were dealt into for a larger set
    /// (boards of one group are still mutual rivals in any subset): the sum of each group's
    /// heaviest board, which is its first (see [`Search::rivals_bound`]). One pass, where
    /// [`Search::rivals_bound`] compares pairs of boards.
    fn inherited_rivals(&self, span: &Span) -> f64 {
        let boards = &self.arena[span.start..span.end];
        let mut total = boards.first().map_or(0.0, |e| e.weight);
        for pair in boards.windows(2) {
            if pair[1].group != pair[0].group {
                total += pair[1].weight;
            }
        }
        total
    }

    /// Tightens the bounds of `parts` with [`Search::rivals_bound`], one part at a time, until
    /// their total no longer exceeds `floor` (then the card is cut off whatever the rest).
    /// (Keeping a part's inherited grouping for the sets below it when the fresh one bounds it
    /// no better saved 0.3% of the sets solved on the 15 slowest deals: not kept.)
    ///
    /// Most of the search's pruning comes from here. On the browser benchmark's hardest deal
    /// (752, 70,722 boards, one thread) the search solved 1.72 million sets; with the inherited
    /// bounds alone, 11.1 million; tightening only outcomes of 8 boards or more, 2.05 million
    /// in the same time. Working out every pair's rivalry once per set of fewer than 64 boards,
    /// so that its cards' outcomes were grouped by bit operations instead of rivals tests, found
    /// the same groups (the same 1.72 million sets) but took 5% longer when built on the second
    /// card tried and as long on the fourth: most tests fail at a group's first board.
    fn tighten(&mut self, (parts, total): &mut ([Option<Part>; 3], f64), floor: f64) {
        for part in parts.iter_mut().flatten() {
            if *total <= floor {
                return;
            }
            if part.tight {
                continue;
            }
            part.tight = true;
            let rivals = part.span.won + self.rivals_bound(&part.span);
            if rivals < part.bound {
                *total -= part.bound - rivals;
                part.bound = rivals;
                let boards = part.span.end - part.span.start;
                if boards >= CACHE_RIVALS_FROM {
                    self.memo
                        .insert(part.span.key, (rivals - part.span.won, false), boards);
                }
            }
        }
    }

    /// Two boards are rivals when no play can win both: no card tells them apart safely (both
    /// non-Voltorb, different values) and neither's multipliers are all multipliers of the
    /// other (when they are, clearing the smaller set ends one game and not the other). The
    /// boards are dealt, heaviest first, into groups of mutual rivals; at most one board of a
    /// group can be won, so the groups' heaviest boards bound the winning weight. The boards
    /// keep their group numbers, so that the subsets searched below inherit the grouping, and
    /// are reordered group by group, each group heaviest first: outcomes are dealt in order, so
    /// every span's groups stay contiguous and in that order (see `worth_trying`).
    ///
    /// Boards of equal weight (most of a level's, which weighs boards by their make-up) are
    /// dealt in the order of their Voltorb cards. The grouping depends much on that order: on
    /// the slowest fresh level-8 roots the bound came out 7–16% lower than in the order the
    /// boards happened to lie in (one of five higher, 2%), and over 1,000 deals (seed 88, one
    /// thread) the search solved 16% fewer sets, took 6–12% less time on the deals over 100 ms
    /// (two alternated runs) and reached the budget on 4 deals instead of 5. Ordering them by
    /// their multipliers instead made the bound looser (25% more sets on the 15 slowest deals),
    /// and grouping the root both ways (Voltorb order up and down) to keep the lower bound
    /// solved 3% more sets over the 1,000 deals: a lower root bound alone does not pay. Reading
    /// the Voltorb cards in another order did not help either: most often a Voltorb first saved
    /// 1.7% of the sets on the browser benchmark's hardest deal but solved 14% more over its
    /// 1,000 deals (the deals over 100 ms, one thread); least often first, or nearest to half
    /// the boards first, 10% and 0.5% more on the hardest deal.
    ///
    /// How far the bound is from the value grows with the set (sets solved exactly on deal 752,
    /// medians): 1.10 times the value at 12–48 boards, 1.33 at 100–300, 1.5 at 300–1,000, 1.8 at
    /// 1,000–3,000, and 3.6 for the root's cards. Below 48 boards the groups are nearly as good
    /// as pairs allow: the best set of boards no two of which are rivals (found exactly) is 1.07
    /// times the value, and bounding outcomes of up to 16, 32 or 64 boards by it solved 4%, 8%
    /// and 12% fewer sets but cost more than it saved. Larger sets leave more: a greedy set of
    /// non-rivals (below the best) is 1.08–1.16 times the value there, and dealing the boards
    /// out again group by group, last group first and in other orders (iterated greedy, 60
    /// rounds), lowers the bound by 5–12%. That did not pay either: one more round for sets
    /// below 64 boards solved 9% fewer sets in 6% more time; merging a large set's groups once
    /// more, last first, changed the sets solved by 0.1% for a quarter more time; and one or
    /// two more rounds at the root (its bound 0.167 → 0.153 → 0.144, 0.6 and 1.1 s) solved 3%
    /// and 5% more sets below.
    fn rivals_bound(&mut self, span: &Span) -> f64 {
        if span.end - span.start > RIVALS_LARGE_MAX {
            return f64::INFINITY;
        }
        if span.end - span.start >= MERGE_GROUPS_FROM {
            return self.merge_inherited_groups(span);
        }
        self.rivals_bound_within(span, u64::MAX)
    }

    /// [`Search::rivals_bound`] of a set by merging the groups its boards inherited (mutual
    /// rivals in any subset) rather than dealing the boards out again one by one: each group,
    /// taken in the order of its heaviest board, joins the first new group all of whose boards
    /// are rivals of all of its own, or starts one. It compares groups where the dealing
    /// compares boards, mostly head to head.
    fn merge_inherited_groups(&mut self, span: &Span) -> f64 {
        let boards = &self.arena[span.start..span.end];
        let n = boards.len();
        debug_assert!(n < 1 << 16);
        // The inherited groups as runs of the span: their first positions, in the order of
        // their heaviest (first) boards, and where each ends.
        let mut runs = std::mem::take(&mut self.rival_keys);
        runs.clear();
        let mut run_end = std::mem::take(&mut self.rival_next);
        run_end.clear();
        run_end.resize(n, 0);
        let mut start = 0;
        for i in 0..n {
            if boards
                .get(i + 1)
                .is_none_or(|next| next.group != boards[i].group)
            {
                runs.push(
                    u64::from(self.rival_rank[boards[start].id as usize]) << 32 | start as u64,
                );
                run_end[start] = i as u32 + 1;
                start = i + 1;
            }
        }
        runs.sort_unstable();
        let mut traits = std::mem::take(&mut self.rival_traits);
        traits.clear();
        traits.extend(boards.iter().map(|e| self.traits_of[e.id as usize]));
        // Each new group's first board, and its runs chained through `next_run` (by a run's
        // first position, `u32::MAX` ending it) from the first to the last.
        let mut heads = std::mem::take(&mut self.rival_heads);
        heads.clear();
        let mut chains = std::mem::take(&mut self.rival_lists);
        chains.clear();
        let mut next_run = std::mem::take(&mut self.rival_order);
        next_run.clear();
        next_run.resize(n, u32::MAX);
        let mut total = 0.0;
        for &run in &runs {
            let (first, end) = (run as u32 as usize, run_end[run as u32 as usize] as usize);
            let all_rivals = |k: usize| {
                if !traits[first].rivals(&heads[k]) {
                    return false;
                }
                let mut other = chains[k].0;
                while other != u32::MAX {
                    let others = other as usize..run_end[other as usize] as usize;
                    let ours = &traits[first..end];
                    if !ours
                        .iter()
                        .all(|a| traits[others.clone()].iter().all(|b| a.rivals(b)))
                    {
                        return false;
                    }
                    other = next_run[other as usize];
                }
                true
            };
            match (0..heads.len()).find(|&k| all_rivals(k)) {
                Some(k) => {
                    next_run[chains[k].1 as usize] = first as u32;
                    chains[k].1 = first as u32;
                }
                None => {
                    heads.push(traits[first]);
                    chains.push((first as u32, first as u32));
                    total += boards[first].weight;
                }
            }
        }
        // Rewrite the span group by group, each heaviest first (in the dealing order). A group of
        // one run is in that order already; the runs of another are merged by sorting.
        let mut sorted = std::mem::take(&mut self.rival_sorted);
        sorted.clear();
        for (k, &(first_run, _)) in chains.iter().enumerate() {
            let group = k as u32;
            let first = first_run as usize;
            if next_run[first] == u32::MAX {
                let run = &boards[first..run_end[first] as usize];
                sorted.extend(run.iter().map(|e| Entry { group, ..*e }));
                continue;
            }
            runs.clear();
            let mut run = first_run;
            while run != u32::MAX {
                let run_start = run as usize;
                runs.extend(
                    (run_start..run_end[run_start] as usize).map(|i| {
                        u64::from(self.rival_rank[boards[i].id as usize]) << 16 | i as u64
                    }),
                );
                run = next_run[run_start];
            }
            runs.sort_unstable();
            sorted.extend(runs.iter().map(|&key| Entry {
                group,
                ..boards[key as u16 as usize]
            }));
        }
        self.arena[span.start..span.end].copy_from_slice(&sorted);
        self.rival_sorted = sorted;
        self.rival_keys = runs;
        self.rival_next = run_end;
        self.rival_traits = traits;
        self.rival_heads = heads;
        self.rival_lists = chains;
        self.rival_order = next_run;
        total
    }

    /// [`Search::rivals_bound`] of a set of any size. Past `tests` rivals tests it gives up
    /// (infinite, the set untouched); sets of at most `RIVALS_MAX` boards are always grouped,
    /// they cost little.
    fn rivals_bound_within(&mut self, span: &Span, mut tests: u64) -> f64 {
        let n = span.end - span.start;
        // Heaviest first (equal weights in the order of their Voltorb cards, see
        // `rivals_bound`), each with what the rivals test reads, side by side.
        let boards = &self.arena[span.start..span.end];
        let mut keys = std::mem::take(&mut self.rival_keys);
        keys.clear();
        keys.extend(
            boards
                .iter()
                .enumerate()
                .map(|(i, e)| u64::from(self.rival_rank[e.id as usize]) << 32 | i as u64),
        );
        keys.sort_unstable();
        let mut order = std::mem::take(&mut self.rival_order);
        order.clear();
        order.extend(keys.iter().map(|&k| k as u32));
        self.rival_keys = keys;
        let mut traits = std::mem::take(&mut self.rival_traits);
        traits.clear();
        traits.extend(
            order
                .iter()
                .map(|&i| self.traits_of[boards[i as usize].id as usize]),
        );
        let mut total = 0.0;
        // Group `k` of the boards in `order`, as positions in `order`.
        let mut group_of = std::mem::take(&mut self.rival_group_of);
        group_of.clear();
        if n <= RIVALS_MAX {
            // Each group is a bit set of positions.
            let mut groups = std::mem::take(&mut self.rival_bits);
            groups.clear();
            groups.resize(n, 0);
            let mut count = 0;
            // Each group's first (heaviest) board, side by side: most groups are ruled out by it.
            // (Testing a board against every head at once, field by field and without branches
            // so that the compiler vectorises it, was up to a third slower on four slow deals.)
            let mut heads = std::mem::take(&mut self.rival_heads);
            heads.clear();
            heads.resize(n, traits[0]);
            for (i, board) in traits.iter().enumerate() {
                let joined = (0..count).find(|&k| {
                    if !board.rivals(&heads[k]) {
                        return false;
                    }
                    let mut members = groups[k] & (groups[k] - 1);
                    while members != 0 {
                        if !board.rivals(&traits[members.trailing_zeros() as usize]) {
                            return false;
                        }
                        members &= members - 1;
                    }
                    true
                });
                if joined.is_none() {
                    heads[count] = *board;
                }
                let k = joined.unwrap_or_else(|| {
                    count += 1;
                    total += boards[order[i] as usize].weight;
                    count - 1
                });
                groups[k] |= 1 << i;
                group_of.push(k as u32);
            }
            self.rival_bits = groups;
            self.rival_heads = heads;
        } else {
            // Each group's members after its first as a list through `next` (positions in
            // `order`, `u32::MAX` ending it), so that no group costs an allocation.
            let mut next = std::mem::take(&mut self.rival_next);
            next.clear();
            next.resize(n, u32::MAX);
            let mut lists = std::mem::take(&mut self.rival_lists);
            lists.clear();
            // Each group's first board side by side, as above: most groups are ruled out by it
            // without walking their members. Only the root is this large (larger sets below
            // merge their inherited groups), and there a board meets thousands of groups
            // before it finds its own (12,648 groups for deal 752's 70,722 boards), so the
            // candidate heads are found 64 at a time, from heads kept bit-sliced by card and
            // value: a rival agrees with a board wherever neither is a Voltorb. The same groups
            // in 0.076 s instead of 0.138 on that deal. (When sets below the root of a few
            // hundred boards were grouped this way, meeting about 50 of their 76 groups, it
            // took 43% longer on 15 slow deals, seed 88.)
            let mut heads = std::mem::take(&mut self.rival_heads);
            heads.clear();
            let mut gave_up = false;
            // For each block of 64 heads, card and value 0–3: the heads showing that value.
            let mut slices: Vec<[[u64; 4]; CELLS]> = Vec::new();
            for (i, board) in traits.iter().enumerate() {
                let mut spent = 0u64;
                let masks = boards[order[i] as usize].masks;
                let mut joined = None;
                'blocks: for (b, slice) in slices.iter().enumerate() {
                    spent += BLOCK_TESTS;
                    let in_block = (heads.len() - b * 64).min(64);
                    let mut candidates = if in_block == 64 {
                        !0
                    } else {
                        (1u64 << in_block) - 1
                    };
                    for (v, &mask) in masks.iter().enumerate().skip(1) {
                        let mut cells = mask;
                        while cells != 0 {
                            let c = cells.trailing_zeros() as usize;
                            cells &= cells - 1;
                            candidates &= slice[c][0] | slice[c][v];
                        }
                    }
                    while candidates != 0 {
                        let k = b * 64 + candidates.trailing_zeros() as usize;
                        candidates &= candidates - 1;
                        spent += 1;
                        if !board.rivals(&heads[k]) {
                            continue;
                        }
                        let mut j = next[lists[k].0 as usize];
                        let mut all = true;
                        while j != u32::MAX {
                            spent += 1;
                            if !board.rivals(&traits[j as usize]) {
                                all = false;
                                break;
                            }
                            j = next[j as usize];
                        }
                        if all {
                            joined = Some(k);
                            break 'blocks;
                        }
                    }
                }
                if joined.is_none() {
                    let k = heads.len();
                    if k.is_multiple_of(64) {
                        slices.push([[0; 4]; CELLS]);
                    }
                    let slice = &mut slices[k / 64];
                    for (v, &mask) in masks.iter().enumerate() {
                        let mut cells = mask;
                        while cells != 0 {
                            let c = cells.trailing_zeros() as usize;
                            cells &= cells - 1;
                            slice[c][v] |= 1 << (k % 64);
                        }
                    }
                }
                let Some(left) = tests.checked_sub(spent) else {
                    gave_up = true;
                    break;
                };
                tests = left;
                let k = joined.unwrap_or_else(|| {
                    heads.push(*board);
                    lists.push((i as u32, i as u32));
                    total += boards[order[i] as usize].weight;
                    heads.len() - 1
                });
                let (_, last) = &mut lists[k];
                if *last != i as u32 {
                    next[*last as usize] = i as u32;
                    *last = i as u32;
                }
                group_of.push(k as u32);
            }
            self.rival_next = next;
            self.rival_lists = lists;
            self.rival_heads = heads;
            if gave_up {
                self.rival_order = order;
                self.rival_traits = traits;
                self.rival_group_of = group_of;
                return f64::INFINITY;
            }
        }
        // Rewrite the span group by group (a counting sort by group number).
        let mut sorted = std::mem::take(&mut self.rival_sorted);
        sorted.clear();
        let groups = group_of.iter().max().map_or(0, |&k| k as usize + 1);
        let mut starts = std::mem::take(&mut self.rival_starts);
        starts.clear();
        starts.resize(groups + 1, 0);
        for &k in &group_of {
            starts[k as usize + 1] += 1;
        }
        for k in 0..groups {
            starts[k + 1] += starts[k];
        }
        sorted.resize(n, boards[0]);
        // Each group in the order boards were dealt, heaviest first (see `worth_trying`).
        for (&i, &k) in order.iter().zip(&group_of) {
            let slot = &mut starts[k as usize];
            sorted[*slot as usize] = Entry {
                group: k,
                ..boards[i as usize]
            };
            *slot += 1;
        }
        self.rival_starts = starts;
        self.arena[span.start..span.end].copy_from_slice(&sorted);
        self.rival_order = order;
        self.rival_traits = traits;
        self.rival_group_of = group_of;
        self.rival_sorted = sorted;
        total
    }

    /// The outcomes of flipping `cell` on `span` (one per non-Voltorb value present), each
    /// settled and placed on top of the arena; the caller truncates the arena afterwards.
    fn parts(&mut self, span: &Span, cell: usize) -> ([Option<Part>; 3], f64) {
        // One pass deals each board into the region of its value at `cell`: three regions of
        // the set's size for the values 1–3, and one slot that Voltorb boards overwrite.
        let n = span.end - span.start;
        let base = self.top;
        let scratch = base + 3 * n;
        if self.arena.len() <= scratch {
            let filler = self.arena[span.start];
            self.arena.resize(scratch + 1, filler);
        }
        let mut cursor = [scratch, base, base + n, base + 2 * n];
        for i in span.start..span.end {
            let e = self.arena[i];
            let value = ((e.masks[1] >> cell) & 1)
                + ((e.masks[2] >> cell) & 1) * 2
                + ((e.masks[3] >> cell) & 1) * 3;
            let v = value as usize;
            self.arena[cursor[v]] = e;
            cursor[v] += usize::from(v != 0);
        }
        let mut parts = [None; 3];
        let mut total = 0.0;
        for v in 1..4 {
            let start = base + (v - 1) * n;
            if cursor[v] == start {
                continue;
            }
            // Summed region by region rather than while dealing: accumulators picked by each
            // board's value wait on one another through memory.
            let sum = self.summarize(start, cursor[v]);
            let part = self.settle(start, cursor[v], sum);
            let (bound, tight) = self.bound(&part);
            total += bound;
            parts[v - 1] = Some(Part {
                span: part,
                bound,
                tight,
            });
        }
        // Later pushes go above the last region; the gaps are left unused.
        let top = parts
            .iter()
            .flatten()
            .map(|p| p.span.end)
            .max()
            .unwrap_or(base);
        self.top = top;
        (parts, total)
    }

    /// The value of a settled set of at most two boards, which needs no search: with a safe card
    /// both are won (they disagree there, so it tells them apart), else any useful card is a
    /// Voltorb on one of them and the other is then known, so the heavier one is the best bet.
    fn pair_value(&self, span: &Span) -> Option<f64> {
        match span.end - span.start {
            0 => Some(span.won),
            2 if span.sum.safe() == 0 => {
                let (a, b) = (
                    self.arena[span.start].weight,
                    self.arena[span.start + 1].weight,
                );
                Some(span.won + a.max(b))
            }
            2 => Some(span.won + span.sum.weight),
            _ => None,
        }
    }

    /// Winning weight of `span` under optimal play.
    fn value(&mut self, span: Span) -> f64 {
        self.solve(span, f64::NEG_INFINITY).0
    }

    /// Winning weight of the settled `span` (its `won` included) under optimal play with `true`,
    /// whenever that exceeds `alpha`; otherwise possibly only an upper bound at most `alpha`,
    /// with `false` (enough for a caller that only needs to know the set cannot lift its total
    /// above what it already has).
    ///
    /// On the slowest fresh level-8 deals about two sets in five solved had been cut off
    /// before under a higher `alpha` and are solved again. Storing exact values instead did
    /// not pay (four deals taking 2–6 s, seed 88): solving every set of fewer than 6 boards
    /// exactly whatever `alpha` visited as many sets, fewer than 12 or 24 boards 2% and 10%
    /// more, and solving a set exactly when it came back after a cut-off took every one of the
    /// four deals to the budget.
    fn solve(&mut self, span: Span, alpha: f64) -> (f64, bool) {
        if let Some(v) = self.pair_value(&span) {
            return (v, true);
        }
        let won = span.won;
        let alpha = alpha - won;
        let key = span.key;
        let boards = span.end - span.start;
        // A set cut off before comes back with its bound from then, which caps it now.
        let mut cap = f64::INFINITY;
        if let Some((v, exact)) = self.memo.get(&key, boards) {
            if exact || v <= alpha {
                return (won + v, exact);
            }
            cap = v;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.approximate = true;
        }
        let rest = Span { won: 0.0, ..span };
        let safe = span.sum.safe();
        let mark = self.top;
        let (value, exact) = if safe != 0 {
            let mut parts = self.parts(&rest, safe.trailing_zeros() as usize);
            self.tighten(&mut parts, alpha);
            self.chance(parts, alpha)
        } else if self.approximate {
            // Past the budget: play the card with the best two-flip bound, without search.
            let (cards, _) = self.worth_trying(&rest);
            let mut pick = (0, f64::NEG_INFINITY);
            for cell in (0..CELLS).filter(|&c| cards & (1 << c) != 0) {
                let top = self.top;
                let bound = self.parts(&rest, cell).1;
                self.top = top;
                if bound > pick.1 {
                    pick = (cell, bound);
                }
            }
            let mut parts = self.parts(&rest, pick.0);
            self.tighten(&mut parts, alpha);
            self.chance(parts, alpha)
        } else {
            let (_, value, exact) = self.best_risky(&rest, alpha, !0, cap);
            (value, exact)
        };
        let value = if exact { value } else { value.min(cap) };
        self.top = mark;
        self.memo.insert(key, (value, exact), boards);
        (won + value, exact)
    }

    /// The winning weight of flipping a card whose outcomes are `parts` (with `total` the sum of
    /// their bounds), when it exceeds `alpha`, with `true`; otherwise an upper bound at most
    /// `alpha`, with `false` unless every outcome was solved exactly. Each outcome only has to
    /// be solved well enough to show whether the total can still beat `alpha` given the bounds
    /// of the outcomes after it.
    ///
    /// The outcomes are solved in the order of their bound per board, highest first: the bounds
    /// overestimate by a multiple of what can be won, so the most optimistic bound for the work
    /// of solving it is the likeliest to give back enough to cut the card off early. Against
    /// solving them by value, on 1,000 fresh level-8 deals (seed 88): the 24 slowest exact ones
    /// solved 4.5 million board sets instead of 6.8; the 152 taking over 100 ms took 23% less
    /// time (geometric mean); but the deals that reach the node budget take longer to reach it
    /// (larger sets come first). Smallest set first, or lowest bound first (so that the largest
    /// is solved last against the others' exact values), solved 2.31 and 2.61 million sets on
    /// deal 752 instead of 1.72. Giving each outcome a share of `alpha` in proportion to its
    /// bound, and searching again when the shares fell short, solved up to 14% fewer sets on
    /// that deal but dealt 26% more boards (what is searched again is large sets): no faster at
    /// any share (50–100% of the proportional one) or largest set given a share (16–256 boards).
    fn chance(&mut self, (mut parts, total): ([Option<Part>; 3], f64), alpha: f64) -> (f64, bool) {
        let promise = |part: &Option<Part>| {
            part.map_or(f64::NEG_INFINITY, |p| {
                p.bound / (p.span.end - p.span.start).max(1) as f64
            })
        };
        parts.sort_by(|a, b| promise(b).total_cmp(&promise(a)));
        let mut remaining = total;
        let mut value = 0.0;
        for part in parts.into_iter().flatten() {
            remaining -= part.bound;
            let need = alpha - value - remaining;
            if part.bound <= need {
                return (value + part.bound + remaining, false);
            }
            let (v, exact) = self.solve(part.span, need);
            if !exact || v <= need {
                return (value + v + remaining, false);
            }
            value += v;
        }
        (value, true)
    }

    /// The useful cards of `span` worth trying among `allowed`, most promising first, with an
    /// upper bound on what each can win: the inherited rivals bound of its outcomes (at most the
    /// weight of the boards where it is not a Voltorb). Cards are tried in that order, and once
    /// the bound cannot beat the best found, neither can the rest's.
    ///
    /// On slow deals a later card beats the first one tried at about one max node in twenty.
    /// Ordering by the Voltorb weight alone, or by its product with the inherited rivals bound,
    /// solved as many sets or more (five slow deals of seed 88: 1.85–1.90 million sets
    /// against 1.85), and other settings tried the same day (CACHE_RIVALS_FROM 8, MIRROR_FROM
    /// 48, MAX_MIRRORS 3) were no faster.
    fn risky_order(&self, span: &Span, allowed: u32) -> CardOrder {
        let (cards, two_flip) = self.worth_trying(span);
        let mut order = CardOrder {
            cards: [(0, 0.0); CELLS],
            len: 0,
        };
        let mut m = cards & allowed;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            order.cards[order.len] = (c, two_flip[c]);
            order.len += 1;
            m &= m - 1;
        }
        order.cards[..order.len].sort_by(|a, b| b.1.total_cmp(&a.1));
        order
    }

    /// One card of each set of mirror images among the useful cards of `span` (mirror images
    /// win equally): the first in the order they are tried.
    fn one_per_orbit(&self, span: &Span) -> u32 {
        let mut covered = 0u32;
        let mut kept = 0u32;
        for &(cell, _) in self.risky_order(span, !0).iter() {
            if covered & (1 << cell) == 0 {
                kept |= 1 << cell;
                covered |= 1 << cell;
                for map in &self.cell_maps {
                    covered |= 1 << map[cell];
                }
            }
        }
        kept
    }

    /// Tries the useful cards of `span` in `allowed` (none is safe), highest bound first,
    /// skipping cards whose bound cannot beat the best found or `alpha`. Returns the best card and its winning weight
    /// with `true` when that exceeds `alpha` or everything was solved exactly; otherwise an
    /// upper bound at most `alpha`, with `false`.
    fn best_risky(
        &mut self,
        span: &Span,
        alpha: f64,
        allowed: u32,
        cap: f64,
    ) -> (usize, f64, bool) {
        let order = self.risky_order(span, allowed);
        let mut best: Option<(usize, f64)> = None;
        // The largest upper bound of a card not solved exactly.
        let mut upper = f64::NEG_INFINITY;
        for &(cell, one_flip) in order.iter() {
            if best.is_some_and(|b| b.1 >= cap - EPSILON) {
                break;
            }
            let floor = best.map_or(alpha, |b| b.1.max(alpha));
            if one_flip <= floor {
                upper = upper.max(one_flip);
                break;
            }
            let (v, exact) = self.flip_value(span, cell, floor);
            if !exact {
                upper = upper.max(v);
            } else if best.is_none_or(|b| v > b.1) {
                best = Some((cell, v));
            }
        }
        let (cell, value) = best.unwrap_or((0, f64::NEG_INFINITY));
        // Decided by the bounds, not by comparing `value` with `alpha`: a cut-off sum can land a
        // rounding error above `alpha` without being the set's value.
        if value >= upper - EPSILON {
            (cell, value, true)
        } else {
            (cell, upper, false)
        }
    }

    /// What flipping `cell` first wins on `span`, exact when it beats `floor`; otherwise an
    /// upper bound at most `floor` (see [`Search::chance`]).
    fn flip_value(&mut self, span: &Span, cell: usize, floor: f64) -> (f64, bool) {
        let mark = self.top;
        let mut parts = self.parts(span, cell);
        self.tighten(&mut parts, floor);
        let found = if parts.1 <= floor {
            (parts.1, false)
        } else {
            self.chance(parts, floor)
        };
        self.top = mark;
        found
    }

    /// The first move at the root `span` (none safe) for a thread of `team`: the cards in
    /// `allowed` are taken in turn from the team's queue, in the order they are tried, and
    /// each is only solved well enough to show whether it beats the best any member found.
    /// Returns this thread's best card (its value exact), with its place in that order.
    ///
    /// While the first card is being solved the others have no floor yet, so a second member
    /// solves its card exactly too (on deal 202 of seed 88 two threads solved 1.0 million sets
    /// where one solved 0.5). Starting every card at what the greedy rule wins (a few hundred
    /// sets to work out) did not help: it wins well below the best (0.065 against 0.079, 0.038
    /// against 0.049), the other cards come within a hair of the best, and one thread solved
    /// exactly as many sets. Nor did a second member helping with the first card, solving its
    /// outcomes from the other end (the same time on seven slow deals, two runs each): one
    /// outcome holds most of the work, and inside it both members walk the same order. Nor did
    /// dealing that work out deeper down, ABDADA-style: every member solving the first card
    /// together, each marking the sets of 32 boards and more it was solving in the shared memo
    /// (and the cards it was trying on them) so that the others solved an outcome or a later card
    /// found busy last, then taking the rest from the queue. It split the hardest deal well
    /// (deal 202 with no budget: 1.09 million sets in 6.5 s against one thread's 1.04 million in
    /// 11.7 s), but the 15 slowest deals took as long in all (40–44 s against 39–40 s, marks from
    /// 128 boards up 41 s, alternated runs): what it saved on a few it lost on the others.
    ///
    /// A floor helps the first card little in any case. On deal 752 (one thread, a fresh memo
    /// for each card) the best card cost 909 thousand sets with no floor and as many with one
    /// just below its own value, and showing that each other card falls short of the best cost
    /// 56–97% of solving it exactly (91–94% for the three nearest, within 1.6%): the first
    /// outcomes of a card are solved exactly whatever the floor, because the bounds of the
    /// outcomes after them are loose (see [`Search::rivals_bound`]).
    fn root_team(
        &mut self,
        span: &Span,
        team: &dyn Team,
        allowed: u32,
    ) -> Option<(usize, f64, usize)> {
        let order = self.risky_order(span, allowed);
        let mut best: Option<(usize, f64, usize)> = None;
        loop {
            let rank = team.take();
            let Some(&(cell, bound)) = order.get(rank) else {
                return best;
            };
            let floor = best.map_or(f64::NEG_INFINITY, |b| b.1).max(team.floor());
            if bound <= floor {
                continue;
            }
            let (v, exact) = self.flip_value(span, cell, floor);
            if exact && best.is_none_or(|b| v > b.1) {
                best = Some((cell, v, rank));
                team.raise(v);
            }
        }
    }

    /// The whole arena as one settled set, and the summary before settling. Its boards are
    /// grouped into rivals here, once (see `ROOT_RIVALS_TESTS`), for every set below to inherit.
    fn root(&mut self) -> (Span, Summary) {
        let n = self.top;
        let all = self.summarize(0, n);
        let span = self.settle(0, n, all);
        self.top = span.end;
        if span.end - span.start > 2 {
            self.rivals_bound_within(&span, ROOT_RIVALS_TESTS);
        }
        (span, all)
    }
}

/// The cards of a set worth trying, in the order they are tried, each with an upper bound on
/// what it can win: at most one per card, so kept without an allocation.
struct CardOrder {
    cards: [(usize, f64); CELLS],
    len: usize,
}

impl std::ops::Deref for CardOrder {
    type Target = [(usize, f64)];

    fn deref(&self) -> &Self::Target {
        &self.cards[..self.len]
    }
}

/// What the rivals test reads of a board, two bits per card (bit `2c` a 2 on card `c`, bit
/// `2c + 1` a 3): its multipliers, and the cards that are not a Voltorb (both bits set).
#[derive(Clone, Copy)]
struct RivalTraits {
    multipliers: u64,
    safe: u64,
}

/// The 25 low bits of `x` spread to the even bits.
fn spread(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

impl RivalTraits {
    fn of(e: &Entry) -> Self {
        let safe = spread(!e.masks[0] & ((1 << CELLS) - 1));
        RivalTraits {
            multipliers: spread(e.masks[2]) | spread(e.masks[3]) << 1,
            safe: safe | safe << 1,
        }
    }

    /// Whether no play can win both boards (see [`Search::rivals_bound`]). Where neither is a
    /// Voltorb, both values lie in 1–3, so they differ exactly where the 2s or the 3s do.
    /// (Packed this way the common case, boards told apart safely, is three operations.)
    fn rivals(&self, other: &RivalTraits) -> bool {
        let differ = self.multipliers ^ other.multipliers;
        differ & self.safe & other.safe == 0
            && self.multipliers & !other.multipliers != 0
            && other.multipliers & !self.multipliers != 0
    }
}

/// Cards worth flipping: disagreed ones that can be a 2 or a 3. A card that can only be 0 or 1
/// never needs to be flipped: flipping it leaves the boards where it is 1, and playing those
/// boards' best line without flipping it wins them just as well.
fn useful(amb: u32, p: &[u32; 4]) -> u32 {
    amb & (p[2] | p[3])
}

/// The best card to flip given the consistent `boards`, their `weights` and the cards already
/// `revealed` (mask of cell indices), searching at most `budget` board sets exactly.
pub fn best_move(boards: &[Board], weights: &[f64], revealed: u32, budget: u64) -> BestMove {
    best_move_with(boards, weights, revealed, budget, None, Memo::own())
}

/// [`best_move`] for one search alone (`team` none) or for a member of a team of threads that
/// take the first cards in turn and share `memo`. A position whose first move is forced (a safe
/// card, a known multiplier) is solved by the first member to reach it; the others answer
/// nothing.
fn best_move_with(
    boards: &[Board],
    weights: &[f64],
    revealed: u32,
    budget: u64,
    team: Option<&dyn Team>,
    memo: Memo,
) -> BestMove {
    let mut search = Search::new(boards, weights, budget, memo);
    let (root, all) = search.root();
    let total = all.weight;
    let nothing = BestMove {
        cell: None,
        win: 0.0,
        exact: true,
        nodes: 0,
        rank: 0,
    };
    if total <= 0.0 {
        return nothing;
    }
    // Known multipliers not yet flipped: free points, flip them first.
    let known_mult = (all.present[2] | all.present[3]) & !all.disagreed() & !revealed;
    let safe = root.sum.safe();
    let risky = !root.is_empty() && known_mult == 0 && safe == 0;
    if !risky && team.is_some_and(|t| !t.claim_forced()) {
        return nothing;
    }
    let (cell, value, rank) = if root.is_empty() {
        (
            (known_mult != 0).then(|| known_mult.trailing_zeros() as usize),
            root.won,
            0,
        )
    } else if known_mult != 0 {
        let cell = known_mult.trailing_zeros() as usize;
        (Some(cell), search.value(root), 0)
    } else if safe != 0 {
        (Some(safe.trailing_zeros() as usize), search.value(root), 0)
    } else {
        let rest = Span { won: 0.0, ..root };
        let allowed = search.one_per_orbit(&rest);
        let (cell, v, rank) = match team {
            None => {
                let (cell, v, _) =
                    search.best_risky(&rest, f64::NEG_INFINITY, allowed, f64::INFINITY);
                (cell, v, 0)
            }
            Some(team) => match search.root_team(&rest, team, allowed) {
                Some(found) => found,
                // Every card this member took was cut off by another's value; if it went past
                // the budget on the way, the cut may be wrong, and the team's answer is not exact.
                None => {
                    return BestMove {
                        exact: !search.approximate,
                        nodes: search.nodes,
                        ..nothing
                    };
                }
            },
        };
        (Some(cell), root.won + v, rank)
    };
    BestMove {
        cell,
        win: (value / total).clamp(0.0, 1.0),
        exact: !search.approximate,
        nodes: search.nodes,
        rank,
    }
}

/// [`best_move`] for one member of `team`, whose members share `memo`: each takes the first
/// cards in turn and is shown the best value any has found. [`merge_members`] of every member's
/// answer is the team's. (The page's workers search this way; natively, see
/// [`best_move_threads`].)
pub fn best_move_member(
    boards: &[Board],
    weights: &[f64],
    revealed: u32,
    budget: u64,
    team: &dyn Team,
    memo: Memo,
) -> BestMove {
    best_move_with(boards, weights, revealed, budget, Some(team), memo)
}

/// The best of the answers of a team's members (highest `win`, then lowest `rank`). When none
/// names a card (the board is already cleared, or lost), the one member that claimed the
/// position answered its chance and the others nothing: the highest chance is the team's.
pub fn merge_members(members: &[BestMove]) -> BestMove {
    let highest = |a: &&BestMove, b: &&BestMove| b.win.total_cmp(&a.win).then(a.rank.cmp(&b.rank));
    let mut best = members
        .iter()
        .filter(|s| s.cell.is_some())
        .min_by(highest)
        .or_else(|| members.iter().min_by(highest))
        .copied()
        .unwrap_or(BestMove {
            cell: None,
            win: 0.0,
            exact: true,
            nodes: 0,
            rank: 0,
        });
    best.exact = members.iter().all(|s| s.exact);
    best.nodes = members.iter().map(|s| s.nodes).sum();
    best
}

/// [`best_move`] searched by a team of `threads` threads: they take the first cards in turn,
/// each shown the best value any of them has found, and share one memo, so that a board set
/// one has solved is not solved again by another. With several cards equally good, which of
/// them is advised can depend on the threads' timing; the winning chance does not.
pub fn best_move_threads(
    boards: &[Board],
    weights: &[f64],
    revealed: u32,
    budget: u64,
    threads: usize,
) -> BestMove {
    if threads <= 1 {
        return best_move(boards, weights, revealed, budget);
    }
    let memo = SharedMemo::new();
    let team = ThreadTeam::new();
    let members: Vec<BestMove> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|_| {
                let memo = Memo::shared(memo.clone());
                let team: Option<&dyn Team> = Some(&team);
                scope.spawn(move || best_move_with(boards, weights, revealed, budget, team, memo))
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("a best-move search does not panic"))
            .collect()
    });
    merge_members(&members)
}

/// Winning probability when playing `first` now and optimally afterwards (for checking advice).
pub fn win_after(boards: &[Board], weights: &[f64], first: usize, budget: u64) -> f64 {
    let mut search = Search::new(boards, weights, budget, Memo::own());
    let (root, all) = search.root();
    if all.weight <= 0.0 {
        return 0.0;
    }
    if root.sum.disagreed() & (1 << first) == 0 {
        return search.value(root) / all.weight;
    }
    let rest = Span { won: 0.0, ..root };
    let parts = search.parts(&rest, first);
    let (v, _) = search.chance(parts, f64::NEG_INFINITY);
    (root.won + v) / all.weight
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;
    use crate::voltorb::Clues;
    use crate::voltorb::enumerate::{DEFAULT_LIMIT, consistent_boards};
    use crate::voltorb::game::deal;
    use crate::voltorb::memo::{Key, Known, MemoStore};
    use crate::voltorb::odds::{Weighting, weigh};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The packed rivals test says what the card-by-card definition says: no card tells the
    /// boards apart safely, and neither board's multipliers all lie among the other's.
    #[test]
    fn the_packed_rivals_test_follows_the_definition() {
        let mut rng = Rng::new(5);
        let entry = |values: &[u8; CELLS]| {
            let mask = |v: u8| {
                (0..CELLS)
                    .filter(|&c| values[c] == v)
                    .fold(0u32, |m, c| m | 1 << c)
            };
            Entry::new([0, 1, 2, 3].map(mask), 1.0, 0)
        };
        let (mut rivals, mut others) = (0, 0);
        for _ in 0..20_000 {
            let a: [u8; CELLS] = std::array::from_fn(|_| rng.below(4) as u8);
            // Half the pairs differ only where one of them is a Voltorb, where rivals are common.
            let near = rng.below(2) == 0;
            let b: [u8; CELLS] = std::array::from_fn(|c| match (near, rng.below(4)) {
                (false, v) => v as u8,
                (true, 0) if a[c] != 0 => 0,
                (true, 0) => 1 + rng.below(3) as u8,
                (true, _) => a[c],
            });
            let told_apart_safely = (0..CELLS).any(|c| a[c] != 0 && b[c] != 0 && a[c] != b[c]);
            let within =
                |x: &[u8; CELLS], y: &[u8; CELLS]| (0..CELLS).all(|c| x[c] < 2 || y[c] == x[c]);
            let expected = !told_apart_safely && !within(&a, &b) && !within(&b, &a);
            let packed = RivalTraits::of(&entry(&a)).rivals(&RivalTraits::of(&entry(&b)));
            assert_eq!(packed, expected, "{a:?} against {b:?}");
            if expected {
                rivals += 1;
            } else {
                others += 1;
            }
        }
        assert!(
            rivals > 1000 && others > 1000,
            "{rivals} rivals, {others} not"
        );
    }

    /// The outcomes of flipping a card and of flipping its mirror image under any symmetry of
    /// the boards are one another's images, and share their keys; outcomes of cards of other
    /// orbits do not. (Deal 840: rows 1, 2 and 5 alike, rows 3 and 4, columns 4 and 5.)
    #[test]
    fn mirror_images_of_a_set_share_its_key() {
        let dealt = deal(8, &mut Rng::new(840)).board;
        let clues = Clues {
            rows: dealt.row_clues(),
            cols: dealt.col_clues(),
        };
        let boards = consistent_boards(&clues, &[None; CELLS], DEFAULT_LIMIT).unwrap();
        let weights = weigh(&boards, &clues, &[8], Weighting::Game).unwrap();
        let mut search = Search::new(&boards, &weights, u64::MAX, Memo::own());
        assert_eq!(search.cell_maps.len(), 23);
        let (root, _) = search.root();
        let rest = Span { won: 0.0, ..root };
        let mut outcomes = |cell: usize| {
            let top = search.top;
            let (parts, _) = search.parts(&rest, cell);
            search.top = top;
            parts.map(|p| p.map(|p| (p.span.end - p.span.start, p.span.key)))
        };
        let keys: Vec<_> = (0..CELLS).map(&mut outcomes).collect();
        let maps = search.cell_maps.clone();
        let orbit = |cell: usize| {
            maps.iter()
                .fold(1u32 << cell, |seen, map| seen | 1 << map[cell])
        };
        for a in 0..CELLS {
            for b in 0..CELLS {
                let same_orbit = orbit(a) & 1 << b != 0;
                for (x, y) in keys[a].iter().zip(&keys[b]) {
                    let (Some((size, x)), Some((_, y))) = (x, y) else {
                        continue;
                    };
                    if *size >= ORBIT_FROM {
                        assert_eq!(x == y, same_orbit, "cards {a} and {b}");
                    }
                }
            }
        }
        // Row 1 is like rows 2 and 5, column 4 like column 5: card 3 (row 1, column 4) has six
        // images.
        assert_eq!(orbit(3).count_ones(), 6);
    }

    /// The boards and weights of the first fresh level-8 deal of `seed` onwards whose first move
    /// is risky (no safe card, no known multiplier).
    fn risky_deal(mut seed: u64) -> (Vec<Board>, Vec<f64>) {
        loop {
            let dealt = deal(8, &mut Rng::new(seed)).board;
            let clues = Clues {
                rows: dealt.row_clues(),
                cols: dealt.col_clues(),
            };
            let boards = consistent_boards(&clues, &[None; CELLS], DEFAULT_LIMIT).unwrap();
            let weights = weigh(&boards, &clues, &[8], Weighting::Game).unwrap();
            let mut search = Search::new(&boards, &weights, 0, Memo::own());
            let (root, all) = search.root();
            let known_mult = (all.present[2] | all.present[3]) & !all.disagreed();
            if !root.is_empty() && root.sum.safe() == 0 && known_mult == 0 {
                return (boards, weights);
            }
            seed += 1;
        }
    }

    #[test]
    fn a_team_member_whose_cards_were_all_cut_past_its_budget_is_not_exact() {
        let (boards, weights) = risky_deal(1);
        let total: f64 = weights.iter().sum();
        let best = best_move(&boards, &weights, 0, DEFAULT_BUDGET);
        assert!(best.exact && best.cell.is_some());
        // Another member has found the best card: every card this one takes is cut off, but
        // with no budget its cuts rest on the greedy play's figures, which prove nothing.
        let team = ThreadTeam::new();
        team.raise(best.win * total * (1.0 + 1e-9));
        let member = best_move_with(&boards, &weights, 0, 0, Some(&team), Memo::own());
        assert_eq!(member.cell, None);
        assert!(member.nodes > 0, "the member searched");
        assert!(!member.exact);
        // With a budget it is exact: its cards were rightly cut.
        let team = ThreadTeam::new();
        team.raise(best.win * total * (1.0 + 1e-9));
        let member = best_move_with(
            &boards,
            &weights,
            0,
            DEFAULT_BUDGET,
            Some(&team),
            Memo::own(),
        );
        assert_eq!(member.cell, None);
        assert!(member.exact);
    }

    /// A fixed table of a few slots shared by a team, as the page's workers share one: it
    /// forgets (a slot holds the last set written to it), and members write over each other.
    struct TinyTable(std::sync::Arc<std::sync::Mutex<Slots>>);

    type Slots = Vec<Option<(Key, Known)>>;

    impl MemoStore for TinyTable {
        fn get(&self, key: &Key) -> Option<Known> {
            let slots = self.0.lock().unwrap();
            let slot = slots[key.0 as usize % slots.len()];
            slot.filter(|(k, _)| k == key).map(|(_, known)| known)
        }

        fn insert(&mut self, key: Key, known: Known) {
            let mut slots = self.0.lock().unwrap();
            let at = key.0 as usize % slots.len();
            slots[at] = Some((key, known));
        }
    }

    /// One member's view of a team whose members all take their first card before any of them
    /// starts, each solving that card whatever the others have found meanwhile: the work is
    /// then shared whatever the threads' timing.
    struct StartTogether<'a> {
        team: &'a ThreadTeam,
        start: &'a std::sync::Barrier,
        taken: AtomicUsize,
    }

    impl Team for StartTogether<'_> {
        fn take(&self) -> usize {
            let rank = self.team.take();
            if self.taken.fetch_add(1, Ordering::Relaxed) == 0 {
                self.start.wait();
            }
            rank
        }

        fn floor(&self) -> f64 {
            if self.taken.load(Ordering::Relaxed) <= 1 {
                f64::NEG_INFINITY
            } else {
                self.team.floor()
            }
        }

        fn raise(&self, value: f64) {
            self.team.raise(value);
        }

        fn claim_forced(&self) -> bool {
            self.team.claim_forced()
        }
    }

    /// A board whose multipliers are all face up is won, whether one thread or a team looks.
    #[test]
    fn a_team_agrees_that_a_cleared_board_is_won() {
        let (boards, _) = risky_deal(3);
        let board = boards[0];
        let multipliers = (0..CELLS)
            .filter(|&c| board.get(c) >= 2)
            .fold(0u32, |m, c| m | 1 << c);
        // The boards that agree with the face-up multipliers, and have no others.
        // (Weighed alike: the game may never deal the ones left with these cards face up.)
        let left: Vec<Board> = boards
            .iter()
            .filter(|b| {
                (0..CELLS).all(|c| (b.get(c) >= 2) == (multipliers & 1 << c != 0))
                    && (0..CELLS).all(|c| multipliers & 1 << c == 0 || b.get(c) == board.get(c))
            })
            .copied()
            .collect();
        let w = vec![1.0; left.len()];
        let alone = best_move(&left, &w, multipliers, DEFAULT_BUDGET);
        assert_eq!(alone.cell, None);
        assert!((alone.win - 1.0).abs() < 1e-9, "{}", alone.win);
        let team = best_move_threads(&left, &w, multipliers, DEFAULT_BUDGET, 3);
        assert_eq!(team.cell, None);
        assert!((team.win - 1.0).abs() < 1e-9, "a team: {}", team.win);
    }

    #[test]
    fn a_team_sharing_a_forgetful_table_finds_the_same_chance() {
        for seed in [3, 40] {
            let (boards, weights) = risky_deal(seed);
            let alone = best_move(&boards, &weights, 0, DEFAULT_BUDGET);
            assert!(alone.exact);
            let slots = std::sync::Arc::new(std::sync::Mutex::new(vec![None; 4099]));
            let team = ThreadTeam::new();
            let start = std::sync::Barrier::new(3);
            let members: Vec<BestMove> = std::thread::scope(|scope| {
                let running: Vec<_> = (0..3)
                    .map(|_| {
                        let memo = Memo::external(Box::new(TinyTable(slots.clone())));
                        let (boards, weights) = (&boards, &weights);
                        let member = StartTogether {
                            team: &team,
                            start: &start,
                            taken: AtomicUsize::new(0),
                        };
                        scope.spawn(move || {
                            best_move_member(boards, weights, 0, DEFAULT_BUDGET, &member, memo)
                        })
                    })
                    .collect();
                running.into_iter().map(|t| t.join().unwrap()).collect()
            });
            let together = merge_members(&members);
            assert!(together.exact);
            assert!(
                (together.win - alone.win).abs() < 1e-9,
                "seed {seed}: {} alone, {} together",
                alone.win,
                together.win
            );
            assert!(
                members.iter().filter(|m| m.nodes > 0).count() >= 2,
                "the work was shared: {members:?}"
            );
        }
    }
}
