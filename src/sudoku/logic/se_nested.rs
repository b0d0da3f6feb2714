//! The inner rules of Sudoku Explainer's nested forcing chains.
//!
//! A nested chain (SE's "Dynamic Forcing Chains (+ …)", rated 9.5, 10.0 and 10.5) is a dynamic
//! chain that, when its singles and the plain rules of the (+) kind run dry, looks on its
//! changed board for other chains: static forcing chains and cycles (level 2), also multiple
//! static chains (level 3), or dynamic chains (level 4). What they remove joins the outer chain,
//! resting on the outer chain's removals the inner chain used (its "rule parents"), and the
//! inner chain's length is added to the outer chain's once.
//!
//! The rating is a property of SE's search, so this follows it exactly: the inner searches list
//! every conclusion, sorted by rating, then length, then kind; conclusions removing the same
//! candidates are kept once (the first); a conclusion that uses none of the outer chain's
//! removals is dropped (it needs no outer chain); the rest remove their candidates in the
//! order SE's hash map lists them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::super::candidates::{Board, CELL_BIT, CELL_UNITS, Digits, UNIT_CELLS};
use super::chain_rules::in_hash_order;
use super::chains::{node, parts};
use super::inner_store;
use super::se_chaining::{self, Hint, InnerChain, Kind, cause};
use super::se_unary::{self, Starts};
use super::static_reach;

/// A candidate an inner chain removes, the outer chain's removals it rests on (all "off"
/// nodes), and the inner chain.
pub(super) struct InnerElimination {
    pub(super) node: usize,
    pub(super) parents: Vec<usize>,
    pub(super) chain: InnerChain,
}

/// What the inner rules of a nested chain of `level` (with dynamic inner chains of level
/// `inner` at level 4) remove on `grid`, the outer chain's board, which started as `source`.
pub(super) fn inner_eliminations(
    source: &Board,
    grid: &Board,
    level: u8,
    inner: u8,
) -> Arc<[InnerElimination]> {
    if level < 4 {
        // Kept for the multiple chains: they are screened by the same link graph.
        let mut searched = None;
        let found = remembered(source, grid, InnerRule::Static, || {
            let chains = se_unary::StaticChains::new(grid, Some(source));
            let found = usable_first_look(source, grid, |starts| chains.hints(starts));
            searched = Some(chains);
            found
        });
        if !found.is_empty() || level < 3 {
            return found;
        }
        return remembered(source, grid, InnerRule::Multiple, || {
            let reachable = match searched {
                Some(chains) => chains.into_reachable(),
                None => {
                    static_reach::Links::of(grid, &se_chaining::digit_places(grid))
                        .reach_all()
                        .1
                }
            };
            let hints = |starts| {
                se_chaining::hints(grid, Kind::Multiple, Some(source), starts, Some(&reachable))
            };
            usable_first_look(source, grid, hints)
        });
    }
    // Measured and not kept: following only the assumptions whose plain dynamic chains look
    // (at their nodes' cells, and their digits' places among the cells' peers) at a place the
    // outer chain has emptied; the others' chains are those of the board before, where such
    // chains conclude nothing. On the slowest sample puzzle 79% of the "true" assumptions
    // looked at one, whether counted from the starting board or from the board of the chain's
    // previous inner search, and the rating was no faster.
    remembered(source, grid, InnerRule::Dynamic(inner), || {
        let found = concluded(grid, inner, || {
            let kind = match inner {
                0 => Kind::Dynamic,
                1 => Kind::DynamicPlus,
                level => Kind::Nested { level, inner: 0 },
            };
            conclusions(se_chaining::hints(grid, kind, None, Starts::All, None))
        });
        usable_of(source, grid, &found)
    })
}

/// The conclusions of dynamic inner searches (by inner level and stalled board), for all
/// threads. A dynamic inner search looks at the stalled board alone (the static ones leave out
/// chains by what changed since the outer chain's starting board), so one board's conclusions
/// serve outer chains from any starting board; only what each takes differs ([`usable_of`]).
/// On the slowest sample puzzle 1,560 of 10,598 dynamic inner searches were of a board already
/// searched from another starting board: remembering 4,000 boards made its rating about 10%
/// faster (6.7–6.9 → 6.0–6.1 s of CPU) for 9 MB more memory; three times as many gained under
/// 2% more, for 25 MB.
static CONCLUDED: SharedMemo<(u8, [Digits; 81]), Arc<[Conclusion]>> = SharedMemo::new(4_000);

/// The conclusions of the dynamic inner search of level `inner` on `grid`, from
/// [`CONCLUDED`] or `search`.
fn concluded(
    grid: &Board,
    inner: u8,
    search: impl FnOnce() -> Vec<Conclusion>,
) -> Arc<[Conclusion]> {
    let key = (inner, grid.cands);
    if let Some(found) = CONCLUDED.get(&key) {
        return found;
    }
    let found: Arc<[Conclusion]> = search().into();
    CONCLUDED.put(key, found.clone());
    found
}

/// A map for all threads that forgets everything when it holds `limit` entries.
struct SharedMemo<K, V> {
    map: Mutex<Option<HashMap<K, V>>>,
    limit: usize,
}

impl<K: Eq + std::hash::Hash, V: Clone> SharedMemo<K, V> {
    const fn new(limit: usize) -> Self {
        SharedMemo {
            map: Mutex::new(None),
            limit,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<HashMap<K, V>>> {
        self.map
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, key: &K) -> Option<V> {
        self.lock().as_ref().and_then(|m| m.get(key).cloned())
    }

    fn put(&self, key: K, value: V) {
        let mut guard = self.lock();
        let map = guard.get_or_insert_with(HashMap::new);
        if map.len() >= self.limit {
            map.clear();
        }
        map.insert(key, value);
    }

    #[cfg(test)]
    fn forget(&self) {
        self.lock().take();
    }
}

/// The inner searches, as kept in [`MEMO`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum InnerRule {
    Static,
    Multiple,
    Dynamic(u8),
}

/// What the inner searches found on the boards chains stalled on, by starting board and
/// stalled board, for all threads. Many assumptions stall on the same board (a bivalue cell's
/// digit assumed true and its other digit assumed false lead to the same), and SE's level 3
/// repeats every level-2 inner search before it tries its own, on rows that other threads may
/// take. (Each search takes far longer than a look in the memo, so the lock is rarely waited
/// for.) The starting board is in the key because what an outer chain takes rests on its own
/// removals; the dynamic searches' conclusions, which do not, are also kept by stalled board
/// alone ([`CONCLUDED`]).
///
/// It forgets everything at 20,000 entries (each holds two boards' candidates and a few
/// eliminations: a few megabytes in all).
static MEMO: SharedMemo<MemoKey, Arc<[InnerElimination]>> = SharedMemo::new(20_000);

/// An inner search, its starting board and its stalled board.
type MemoKey = (InnerRule, [Digits; 81], [Digits; 81]);

/// The answer of inner search `rule` on `grid` (from `source`), from the memo or `search`.
fn remembered(
    source: &Board,
    grid: &Board,
    rule: InnerRule,
    search: impl FnOnce() -> Vec<InnerElimination>,
) -> Arc<[InnerElimination]> {
    let key = (rule, source.cands, grid.cands);
    if let Some(found) = MEMO.get(&key) {
        return found;
    }
    // Searchers that share no memory (the page's workers) share a store instead.
    let shared = inner_store::installed().then(|| {
        let number = match rule {
            InnerRule::Static => 0,
            InnerRule::Multiple => 1,
            InnerRule::Dynamic(inner) => 2 + u64::from(inner),
        };
        inner_store::key(number, &source.cands, &grid.cands)
    });
    let stored = shared.and_then(inner_store::get);
    let found: Arc<[InnerElimination]> = match stored {
        Some(found) => found.into(),
        None => {
            let found = search();
            if let Some(shared) = shared {
                inner_store::put(shared, &found);
            }
            found.into()
        }
    };
    MEMO.put(key, found.clone());
    found
}

/// Forgets every inner search remembered here (tests of the shared store).
#[cfg(test)]
pub(super) fn forget_all() {
    MEMO.forget();
    CONCLUDED.forget();
}

/// The eliminations an outer chain takes from an inner search of static or multiple chains
/// (`hints`, from the [`Starts`] asked for).
///
/// Chains that pass no link the outer chain made rest on none of its removals, so their
/// starts are left out first. They only matter to which of equal removals is kept: when the
/// first look removes anything, the other starts' chains are looked at, and only if one of
/// them comes before (or level with) a chain of the first look that removes the same, is
/// everything taken again in SE's order. On the 13 sample puzzles none did in 16 thousand
/// inner searches. (The second look used to search everything again: about a tenth of the
/// slowest sample puzzle's time.)
fn usable_first_look(
    source: &Board,
    grid: &Board,
    hints: impl Fn(Starts) -> Vec<Hint>,
) -> Vec<InnerElimination> {
    let first = hints(Starts::Wanted);
    let ranks: Vec<(Vec<(usize, Digits)>, Rank)> =
        first.iter().map(|h| (removal_of(h), rank_of(h))).collect();
    let found = usable(source, grid, first);
    if found.is_empty() {
        return found;
    }
    let comes_first = |h: &Hint| {
        let (removal, rank) = (removal_of(h), rank_of(h));
        ranks.iter().any(|(r, k)| *r == removal && !rank.after(k))
    };
    if !hints(Starts::Others).iter().any(comes_first) {
        return found;
    }
    usable(source, grid, hints(Starts::All))
}

/// Where a hint comes in SE's order of an inner search's conclusions, but for the order found.
struct Rank(f64, usize, u8);

impl Rank {
    /// Whether this comes strictly after `other`.
    fn after(&self, other: &Rank) -> bool {
        self.0
            .total_cmp(&other.0)
            .then((self.1, self.2).cmp(&(other.1, other.2)))
            .is_gt()
    }
}

fn rank_of(h: &Hint) -> Rank {
    Rank(h.difficulty, h.complexity, h.sort_key)
}

/// What a hint removes, in a form that compares equal for equal removals.
fn removal_of(h: &Hint) -> Vec<(usize, Digits)> {
    let mut key = h.removable.clone();
    key.sort_unstable();
    key
}

/// The eliminations of `hints` an outer chain takes, in SE's order.
fn usable(source: &Board, grid: &Board, hints: Vec<Hint>) -> Vec<InnerElimination> {
    usable_of(source, grid, &conclusions(hints))
}

/// One of an inner search's conclusions as outer chains take it, whatever board they started
/// from: what it removes, its chain, and where an outer chain's removals can support it.
struct Conclusion {
    /// The candidates it removes ("false" nodes), in the order SE's hash map lists them.
    removes: Vec<usize>,
    chain: InnerChain,
    /// Each "true" node of its chains with what made it true (a cell, or a row, column or box
    /// for its digit), in SE's order: the outer chain's removals there are what the conclusion
    /// rests on.
    truths: Vec<(u8, u8, u8)>,
}

/// The conclusions of one inner search's `hints` an outer chain may take, in SE's order: sorted
/// by rating, length and kind (stably, as SE does), each removal once (the first).
fn conclusions(mut hints: Vec<Hint>) -> Vec<Conclusion> {
    hints.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut kept: Vec<Vec<(usize, Digits)>> = Vec::new();
    let mut out = Vec::new();
    for hint in &hints {
        let key = removal_of(hint);
        if kept.contains(&key) {
            continue;
        }
        kept.push(key);
        let (truths, fingerprint) = truths_and_fingerprint(hint);
        let removes = in_hash_order(hint.removable.clone())
            .into_iter()
            .flat_map(|(cell, digits)| {
                (1..=9u8)
                    .filter(move |d| digits & (1 << d) != 0)
                    .map(move |d| node(cell, d, false))
            })
            .collect();
        out.push(Conclusion {
            removes,
            chain: InnerChain {
                complexity: hint.complexity,
                fingerprint,
            },
            truths,
        });
    }
    out
}

/// The eliminations an outer chain that started on `source` and stalled on `grid` takes from
/// `conclusions`: those resting on some of its removals.
fn usable_of(source: &Board, grid: &Board, conclusions: &[Conclusion]) -> Vec<InnerElimination> {
    let (before, after) = (
        se_chaining::digit_places(source),
        se_chaining::digit_places(grid),
    );
    let removed: [u128; 10] = std::array::from_fn(|d| before[d] & !after[d]);
    let mut out = Vec::new();
    for conclusion in conclusions {
        let parents = parents_of(&removed, &conclusion.truths);
        if parents.is_empty() {
            continue;
        }
        for &node in &conclusion.removes {
            out.push(InnerElimination {
                node,
                parents: parents.clone(),
                chain: conclusion.chain,
            });
        }
    }
    out
}

/// The "true" nodes of a hint's chains that a cell or unit made true, with the cause, in SE's
/// order (see [`Conclusion::truths`]); and what tells the hint's chains from other chains (SE
/// counts equal ones once): a hash of their nodes, chain by chain, in `getChain` order. Both
/// come from one walk of the chains.
fn truths_and_fingerprint(hint: &Hint) -> (Vec<(u8, u8, u8)>, u64) {
    let mut truths = Vec::new();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        hash ^= x;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    for (imp, target) in &hint.targets {
        imp.walk_ancestors(*target, |r| {
            let n = imp.node_of(r);
            mix(n as u64 + 1);
            let (cell, digit, on) = parts(n);
            let mut why = imp.cause_of(r);
            if why == cause::NONE {
                why = hint.start_cause;
            }
            if on && why != cause::NONE {
                truths.push((cell as u8, digit, why));
            }
        });
        mix(0xffff);
    }
    (truths, hash)
}

/// The outer chain's removals (`removed`: per digit, the cells where it went) a conclusion with
/// `truths` rests on: for each, the candidates of its cell (when a cell made it true) or of its
/// digit in its unit (when a unit did) that the outer chain removed. In SE's order, each once.
fn parents_of(removed: &[u128; 10], truths: &[(u8, u8, u8)]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let mut added = [0u64; 1458usize.div_ceil(64)];
    let mut add = |n: usize| {
        let (word, bit) = (n / 64, 1u64 << (n % 64));
        if added[word] & bit == 0 {
            added[word] |= bit;
            out.push(n);
        }
    };
    for &(cell, digit, why) in truths {
        let cell = usize::from(cell);
        if why == cause::CELL {
            for d in 1..=9u8 {
                if removed[usize::from(d)] & CELL_BIT[cell] != 0 {
                    add(node(cell, d, false));
                }
            }
            continue;
        }
        let [row, column, boxu] = CELL_UNITS[cell];
        let unit = match why {
            cause::ROW => row,
            cause::COLUMN => column,
            _ => boxu,
        };
        // A unit's cells ascend in `UNITS` order.
        let mut here = removed[usize::from(digit)] & UNIT_CELLS[unit];
        while here != 0 {
            add(node(here.trailing_zeros() as usize, digit, false));
            here &= here - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;

    /// What an outer chain takes, in a form that compares.
    fn taken(found: &[InnerElimination]) -> Vec<(usize, Vec<usize>, usize, u64)> {
        found
            .iter()
            .map(|e| {
                let chain = e.chain;
                (
                    e.node,
                    e.parents.clone(),
                    chain.complexity,
                    chain.fingerprint,
                )
            })
            .collect()
    }

    /// One stalled board's dynamic inner search, remembered by the board alone, gives outer
    /// chains from two different starting boards what a fresh search gives each.
    #[test]
    fn a_dynamic_inner_search_serves_outer_chains_from_any_start() {
        let text =
            "1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.";
        let grid: Grid = text.parse().unwrap();
        let solution = crate::sudoku::solver::solve(&grid).unwrap();
        let mut start = Board::from_grid(&grid);
        while let Some(step) = super::super::next_step_before_chains(&start) {
            step.apply(&mut start);
        }
        // Two starting boards, the second without one candidate of the first, and a stalled
        // board without several more, none of them the solution's.
        let wrong: Vec<(usize, u8)> = (0..81)
            .flat_map(|c| {
                super::super::super::candidates::digits_of(start.cands[c])
                    .filter(move |&d| d != solution.cells[c])
                    .map(move |d| (c, d))
            })
            .step_by(7)
            .take(8)
            .collect();
        let mut other_start = start.clone();
        other_start.eliminate(wrong[0].0, wrong[0].1);
        let mut stalled = start.clone();
        for &(c, d) in &wrong {
            stalled.eliminate(c, d);
        }
        forget_all();
        let fresh = taken(&inner_eliminations(&start, &stalled, 4, 0));
        forget_all();
        let fresh_other = taken(&inner_eliminations(&other_start, &stalled, 4, 0));
        forget_all();
        let first = taken(&inner_eliminations(&start, &stalled, 4, 0));
        let second = taken(&inner_eliminations(&other_start, &stalled, 4, 0));
        // The outer chains rest on different removals, so they take different eliminations.
        assert!(!fresh.is_empty());
        assert_ne!(fresh, fresh_other);
        assert_eq!(first, fresh);
        assert_eq!(second, fresh_other);
    }
}
