//! The Voltorb best-move search shared by several workers of the page. Workers share no wasm
//! memory (stable Rust builds no threaded wasm), so what the team shares lives in a
//! `SharedArrayBuffer` that `www/search-team.js` manages: the next first card to
//! take, the best value found, each member's answer and a table of board sets already solved.
//! The worker installs those hooks as the global `gridwiseSearchTeam` before a team request;
//! these imports call them.

use wasm_bindgen::prelude::*;

use crate::voltorb::memo::{Key, Known, Memo, MemoStore};
use crate::voltorb::policy::{BestMove, best_move_member, merge_members};
use crate::voltorb::team::Team;

#[wasm_bindgen(js_namespace = gridwiseSearchTeam)]
extern "C" {
    /// Looks a set up: 0 unknown, 1 exact, 2 an upper bound (its value then from `memoValue`).
    #[wasm_bindgen(js_name = memoGet)]
    fn memo_get(k1_low: u32, k1_high: u32, k2_low: u32, k2_high: u32) -> u32;
    #[wasm_bindgen(js_name = memoValue)]
    fn memo_value() -> f64;
    #[wasm_bindgen(js_name = memoPut)]
    fn memo_put(k1_low: u32, k1_high: u32, k2_low: u32, k2_high: u32, value: f64, exact: bool);
    #[wasm_bindgen(js_name = take)]
    fn team_take() -> u32;
    #[wasm_bindgen(js_name = floor)]
    fn team_floor() -> f64;
    #[wasm_bindgen(js_name = raise)]
    fn team_raise(value: f64);
    #[wasm_bindgen(js_name = claimForced)]
    fn team_claim_forced() -> bool;
    /// Records this member's answer and leaves the team.
    #[wasm_bindgen(js_name = finish)]
    fn team_finish(cell: i32, win: f64, exact: bool, nodes: f64, rank: u32);
    /// Waits until no member is searching; every finished member's answer, five numbers each
    /// (cell or -1, win, exact 0/1, nodes, rank).
    #[wasm_bindgen(js_name = answers)]
    fn team_answers() -> js_sys::Float64Array;
}

fn halves(x: u64) -> (u32, u32) {
    (x as u32, (x >> 32) as u32)
}

/// Sets whose lookups this worker remembers (direct-mapped by key): a set is often looked up
/// twice in a row (bounded as an outcome, then solved), and a call out to the shared table costs
/// more than the search's own hash map.
const RECENT_SLOTS: usize = 1 << 16;

/// The team's table of solved sets, behind this worker's memory of recent lookups. A remembered
/// miss can hide a set another member has just solved: that only costs solving it again.
struct BufferMemo {
    recent: std::cell::RefCell<Vec<(Key, Option<Known>)>>,
}

impl BufferMemo {
    fn new() -> Self {
        BufferMemo {
            recent: std::cell::RefCell::new(vec![((0, 0), None); RECENT_SLOTS]),
        }
    }

    fn slot(key: &Key) -> usize {
        (key.1 as usize) & (RECENT_SLOTS - 1)
    }
}

impl MemoStore for BufferMemo {
    fn get(&self, key: &Key) -> Option<Known> {
        let slot = Self::slot(key);
        let mut recent = self.recent.borrow_mut();
        if recent[slot].0 == *key {
            return recent[slot].1;
        }
        let ((a, b), (c, d)) = (halves(key.0), halves(key.1));
        let found = match memo_get(a, b, c, d) {
            1 => Some((memo_value(), true)),
            2 => Some((memo_value(), false)),
            _ => None,
        };
        recent[slot] = (*key, found);
        found
    }

    fn insert(&mut self, key: Key, (value, exact): Known) {
        self.recent.get_mut()[Self::slot(&key)] = (key, Some((value, exact)));
        let ((a, b), (c, d)) = (halves(key.0), halves(key.1));
        memo_put(a, b, c, d, value, exact);
    }
}

/// The team's first-move queue and best value.
struct BufferTeam;

impl Team for BufferTeam {
    fn take(&self) -> usize {
        team_take() as usize
    }

    fn floor(&self) -> f64 {
        team_floor()
    }

    fn raise(&self, value: f64) {
        team_raise(value);
    }

    fn claim_forced(&self) -> bool {
        team_claim_forced()
    }
}

/// This worker's share of the search; the answer is recorded for the team as well.
pub(crate) fn search_share(
    boards: &[crate::voltorb::Board],
    weights: &[f64],
    revealed: u32,
    budget: u64,
) -> BestMove {
    let memo = Memo::external(Box::new(BufferMemo::new()));
    let own = best_move_member(boards, weights, revealed, budget, &BufferTeam, memo);
    team_finish(
        own.cell.map_or(-1, |c| c as i32),
        own.win,
        own.exact,
        own.nodes as f64,
        own.rank as u32,
    );
    own
}

/// The team's answer, once every member that took a card has finished.
pub(crate) fn team_answer() -> BestMove {
    let numbers = team_answers().to_vec();
    let members: Vec<BestMove> = numbers
        .chunks_exact(5)
        .map(|m| BestMove {
            cell: (m[0] >= 0.0).then_some(m[0] as usize),
            win: m[1],
            exact: m[2] != 0.0,
            nodes: m[3] as u64,
            rank: m[4] as usize,
        })
        .collect();
    merge_members(&members)
}
