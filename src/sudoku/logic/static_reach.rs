//! Which static chain searches can find anything at all, worked out for all starts at once.
//!
//! SE's static forcing chains and cycles (see [`super::se_unary`]) start a search from every
//! candidate of the grid, three times (X links, Y links, both), and in the inner searches of
//! nested chains almost none finds anything (on the hardest puzzles, 3% of cycle searches and
//! under 1% of forcing chain searches). Their links do not depend on the search: they form one
//! graph per link type. A forcing chain from `n` can only end when `n` reaches its own negation
//! in that graph, and a cycle through `n` only when `n` lies on a cycle of it. Both are read
//! off the graph's strongly connected components: a component is on a cycle when it has more
//! than one node, and the nodes reachable from a component are its own plus those of the
//! components its edges lead to, which Tarjan's algorithm completes first.

use super::super::candidates::{Board, digits_of};
use super::chains::node;
use super::se_chaining::{cause, true_to_false};
use super::se_unary::{Nodes, off_to_on};

/// For one grid and link type: the starts whose searches may find something.
pub(super) struct Reach {
    /// Nodes on a cycle of links.
    pub(super) on_cycle: Nodes,
    /// Nodes from which a chain of links reaches their negation.
    pub(super) refutable: Nodes,
}

const NONE: u32 = u32::MAX;

/// Marks a link within a cell (a Y link) in [`Links::targets`].
const CELL_LINK: u32 = 1 << 31;

/// Every link of a grid, of both types, built once for the three searches.
pub(super) struct Links {
    /// The graph's nodes: both truths of every candidate of an open cell.
    ids: Vec<u16>,
    /// Node `v`'s links are `targets[first[v]..first[v + 1]]`: node indices, with
    /// [`CELL_LINK`] set on links within a cell.
    first: Vec<u32>,
    targets: Vec<u32>,
    /// Per node: whether its cell has two candidates.
    bivalue: Vec<bool>,
    /// Per candidate node (see `chains::node`): its index among `ids`, or `NONE`.
    index_of: Vec<u32>,
}

/// What every node of a grid's link graph (both link types) reaches.
pub(super) struct Reachable {
    index_of: Vec<u32>,
    components: Components,
}

/// A link graph's strongly connected components and what each reaches.
struct Components {
    /// Per node index: its strongly connected component.
    component: Vec<u32>,
    /// Per component: the node index it is when it is a lone node leading nowhere (its reach is
    /// itself), else its reach's number in `sets`.
    reach_of: Vec<(u32, u32)>,
    /// Reach sets of node indices, `words` words each.
    sets: Vec<u64>,
    words: usize,
}

impl Reachable {
    /// Whether some node is reached from every one of `starts` (candidate nodes of the grid):
    /// only then can static chains from all of them share a conclusion.
    pub(super) fn meet(&self, starts: impl IntoIterator<Item = usize>) -> bool {
        let Components {
            component,
            reach_of,
            sets,
            words,
        } = &self.components;
        let mut common = [u64::MAX; 1458usize.div_ceil(64)];
        let common = &mut common[..*words];
        for n in starts {
            let v = self.index_of[n];
            if v == NONE {
                return false;
            }
            match reach_of[component[v as usize] as usize] {
                (lone, NONE) => {
                    let (word, bit) = (lone as usize / 64, 1u64 << (lone % 64));
                    let kept = common[word] & bit;
                    common.fill(0);
                    common[word] = kept;
                }
                (_, set) => {
                    let set = &sets[set as usize * words..][..*words];
                    for (a, b) in common.iter_mut().zip(set) {
                        *a &= b;
                    }
                }
            }
        }
        common.iter().any(|&w| w != 0)
    }
}

impl Links {
    pub(super) fn of(grid: &Board, places: &[u128; 10]) -> Links {
        let mut ids: Vec<u16> = Vec::with_capacity(2 * 81 * 9);
        let mut bivalue: Vec<bool> = Vec::with_capacity(2 * 81 * 9);
        let mut index_of = vec![NONE; 1458];
        for cell in 0..81 {
            if grid.values[cell] != 0 {
                continue;
            }
            for d in digits_of(grid.cands[cell]) {
                for on in [false, true] {
                    let n = node(cell, d, on);
                    index_of[n] = ids.len() as u32;
                    ids.push(n as u16);
                    bivalue.push(grid.count(cell) == 2);
                }
            }
        }
        let mut first = Vec::with_capacity(ids.len() + 1);
        let mut targets: Vec<u32> = Vec::new();
        let mut next = Vec::new();
        for &n in &ids {
            first.push(targets.len() as u32);
            let n = usize::from(n);
            if n % 2 == 1 {
                true_to_false(grid, places, n, true, &mut next);
            } else {
                off_to_on(grid, places, n, true, true, &mut next);
            }
            targets.extend(
                next.iter()
                    .map(|&(m, why)| index_of[m] | if why == cause::CELL { CELL_LINK } else { 0 }),
            );
        }
        first.push(targets.len() as u32);
        Links {
            ids,
            first,
            targets,
            bivalue,
            index_of,
        }
    }

    /// The starts whose searches with links `(y, x)` may find a cycle or a contradiction.
    ///
    /// On the slowest sample puzzle this takes about 37 µs a call (30 thousand calls), a fifth
    /// of it choosing the links. Keeping reach sets only for the negations of the starts an
    /// inner search asks about (about 100 of 430 nodes: two words a set instead of seven) was
    /// no faster.
    pub(super) fn reach(&self, y: bool, x: bool) -> Reach {
        self.components(y, x).0
    }

    /// [`Links::reach`] with both link types, and what every node reaches with them (the
    /// links of multiple static chains).
    pub(super) fn reach_all(&self) -> (Reach, Reachable) {
        let (reach, components) = self.components(true, true);
        let reachable = Reachable {
            index_of: self.index_of.clone(),
            components,
        };
        (reach, reachable)
    }

    /// [`Links::reach`], with the graph's components and what each reaches.
    fn components(&self, y: bool, x: bool) -> (Reach, Components) {
        let ids = &self.ids;
        // A "true" node always forces its digit's other places false, and its cell's other
        // digits with Y links; a "false" node makes its cell's single with Y links and its
        // units' singles with X links.
        //
        // With Y links alone a cycle passes bivalue cells only (a "false" node leads on only
        // in a bivalue cell, and a "true" node is reached only from its own cell's "false"
        // ones), and only cycles are asked for: links into other cells are left out, which
        // made finding that graph's components about four times faster (183 ms → 46 ms of the
        // slowest sample puzzle's CPU time).
        let wanted = |v: usize, t: u32| {
            let between_bivalue = self.bivalue[v] && self.bivalue[(t & !CELL_LINK) as usize];
            if !(x || between_bivalue) {
                false
            } else if t & CELL_LINK != 0 {
                y
            } else {
                x || ids[v] % 2 == 1
            }
        };
        let all = |v: usize| &self.targets[self.first[v] as usize..self.first[v + 1] as usize];
        // With both link types every link is taken: the graph's own lists serve (the loops
        // below drop the cell-link mark).
        let (mut kept, mut first): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
        if !(x && y) {
            kept.reserve(self.targets.len());
            first.reserve(ids.len() + 1);
            for v in 0..ids.len() {
                first.push(kept.len() as u32);
                kept.extend(all(v).iter().filter(|&&t| wanted(v, t)));
            }
            first.push(kept.len() as u32);
        }
        let (kept, first) = if x && y {
            (&self.targets, &self.first)
        } else {
            (&kept, &first)
        };
        let edges = |v: usize| &kept[first[v] as usize..first[v + 1] as usize];

        // Tarjan's strongly connected components, without recursion. Components come out sinks
        // first, so each one's reach is the union of components already done.
        let count = ids.len();
        let mut order = vec![NONE; count];
        let mut low = vec![0u32; count];
        let mut component = vec![NONE; count];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u32)> = Vec::new();
        // Reach sets are bit sets of graph indices, `words` words each (a node's negation is
        // the index next to it: both truths of a candidate are added together).
        let words = count.div_ceil(64);
        // Per component: its index when it is a single node that leads nowhere else (its reach
        // is itself: most "false" nodes make no single), else its reach's number in `sets`.
        let mut reach_of: Vec<(u32, u32)> = Vec::with_capacity(count);
        let mut sets: Vec<u64> = Vec::new();
        let mut here = vec![0u64; words];
        // The last component whose reach took in each component's (unions are done once).
        let mut joined_by = vec![NONE; count];
        let mut on_cycle = Nodes::empty();
        let mut refutable = Nodes::empty();
        let mut members: Vec<u32> = Vec::new();
        let mut visited = 0u32;
        for root in 0..count {
            if order[root] != NONE {
                continue;
            }
            order[root] = visited;
            low[root] = visited;
            visited += 1;
            stack.push(root as u32);
            calls.push((root as u32, 0));
            while let Some(&mut (v, ref mut edge)) = calls.last_mut() {
                let v = v as usize;
                if let Some(&w) = edges(v).get(*edge as usize) {
                    *edge += 1;
                    let w = (w & !CELL_LINK) as usize;
                    if order[w] == NONE {
                        order[w] = visited;
                        low[w] = visited;
                        visited += 1;
                        stack.push(w as u32);
                        calls.push((w as u32, 0));
                    } else if component[w] == NONE {
                        // Still on the stack: part of the component being built.
                        low[v] = low[v].min(order[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] != order[v] {
                    continue;
                }
                let c = reach_of.len() as u32;
                members.clear();
                while let Some(w) = stack.pop() {
                    component[w as usize] = c;
                    members.push(w);
                    if w as usize == v {
                        break;
                    }
                }
                if members.len() == 1 && edges(v).is_empty() {
                    reach_of.push((v as u32, NONE));
                    continue;
                }
                here.fill(0);
                for &w in &members {
                    here[w as usize / 64] |= 1 << (w % 64);
                    // Without X links there are no forcing chains (see `se_unary::unary`): only
                    // cycles are asked for.
                    if !x {
                        continue;
                    }
                    for &t in edges(w as usize) {
                        let to = component[(t & !CELL_LINK) as usize];
                        if to == c || joined_by[to as usize] == c {
                            continue;
                        }
                        joined_by[to as usize] = c;
                        match reach_of[to as usize] {
                            (single, NONE) => here[single as usize / 64] |= 1 << (single % 64),
                            (_, set) => {
                                let set = &sets[set as usize * words..][..words];
                                for (a, b) in here.iter_mut().zip(set) {
                                    *a |= b;
                                }
                            }
                        }
                    }
                }
                for &w in &members {
                    let n = usize::from(ids[w as usize]);
                    if members.len() > 1 {
                        on_cycle.add(n);
                    }
                    let negation = w as usize ^ 1;
                    if here[negation / 64] & (1 << (negation % 64)) != 0 {
                        refutable.add(n);
                    }
                }
                reach_of.push((NONE, (sets.len() / words) as u32));
                sets.extend_from_slice(&here);
            }
        }
        let reach = Reach {
            on_cycle,
            refutable,
        };
        let components = Components {
            component,
            reach_of,
            sets,
            words,
        };
        (reach, components)
    }
}
