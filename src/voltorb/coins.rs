//! The coin objective: the play that maximises the coins a round pays, where quitting keeps the
//! coins won so far and a Voltorb loses them, and the quit-or-continue question at any point.
//!
//! Coins multiply: the first card sets the payout and each later card multiplies it. So from a
//! position with payout `P`, any plan pays `P` times a factor that depends only on the boards
//! still possible; the search works with that factor (`V`, at least 1 because quitting pays
//! `P`). Cards every remaining board agrees are not Voltorbs are flipped at once (they multiply
//! the payout for free), and a board whose every 2 and 3 is then face up is cleared: the game
//! ends the round there, which the player sees, so it leaves the set.
//!
//! The search is an expectimax over board sets, memoised by set. When some card is a Voltorb
//! on no board left (its value still varies), it alone is tried: flipping it first never pays
//! less. Otherwise the cards are tried with the highest clairvoyant bound first (the factor a
//! player who knew the board would get: the product of its remaining multipliers, or nothing on
//! a Voltorb) and skipping cards whose bound cannot beat the best found. Past a node budget the
//! rest is valued by one flip then quitting, and the answer is marked approximate.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::board::{Board, CELLS};
use super::memo::KeyHasher;
use super::policy::{Entry, Summary, add_to_key, board_hash};

/// Default node budget: board sets valued exactly before the one-flip rule takes over.
pub const DEFAULT_COIN_BUDGET: u64 = 500_000;

/// The budget of a coin search "to the end": the memo's table then stays within 4 M slots
/// (about 200 MB natively at its peak; at 5 M sets it doubled to 8 M slots and the page's
/// worker passed 600 MB). Every fresh level-8 board measured but one needs fewer (the most,
/// 3.2 M).
pub const EXHAUSTIVE_COIN_BUDGET: u64 = 3_500_000;

/// What the coin objective advises at a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoinPlan {
    /// The card to flip next for the most coins, or `None` when quitting now pays best (or
    /// the round is over).
    pub cell: Option<usize>,
    /// Expected payout factor of playing on optimally (flipping at least one more card; free
    /// cards first), relative to the payout now.
    pub continue_factor: f64,
    /// Expected coins when no card is face up yet (the payout is 0, so factors do not apply).
    pub first_coins: f64,
    /// Probability of clearing the board when playing on for coins.
    pub continue_win: f64,
    /// True when the search finished within its budget.
    pub exact: bool,
    /// Board sets valued.
    pub nodes: u64,
}

/// A set after an outcome: the cleared boards' weight times their payout factor, the rest
/// (still in play), the factor the rest has gained, and the cards face up.
struct Settled {
    won: f64,
    won_weight: f64,
    rest: Vec<Entry>,
    factor: f64,
    flipped: u32,
}

/// Flips every card all of `set` agrees is not a Voltorb (multiplying the payout by their
/// values) and takes out the boards that this clears, until nothing changes.
fn settle(mut set: Vec<Entry>, mut flipped: u32) -> Settled {
    let (mut won, mut won_weight, mut factor) = (0.0, 0.0, 1.0);
    loop {
        let sum = Summary::of(&set);
        let p = sum.present;
        let agreed = (p[1] | p[2] | p[3]) & !sum.disagreed() & !p[0];
        let newly = agreed & !flipped;
        factor *= 2f64.powi((newly & p[2]).count_ones() as i32)
            * 3f64.powi((newly & p[3]).count_ones() as i32);
        flipped |= newly;
        let before = set.len();
        set.retain(|e| {
            let cleared = (e.masks[2] | e.masks[3]) & !flipped == 0;
            if cleared {
                won += e.weight * factor;
                won_weight += e.weight;
            }
            !cleared
        });
        if set.len() == before || set.is_empty() {
            return Settled {
                won,
                won_weight,
                rest: set,
                factor,
                flipped,
            };
        }
    }
}

/// `2^a · 3^b` for the counts of 2s and 3s a board can still hold (at most 25 cards).
const FACTORS: [[f64; CELLS + 1]; CELLS + 1] = {
    let mut t = [[0.0; CELLS + 1]; CELLS + 1];
    let mut a = 0;
    let mut two = 1.0;
    while a <= CELLS {
        let mut b = 0;
        let mut f = two;
        while b <= CELLS {
            t[a][b] = f;
            f *= 3.0;
            b += 1;
        }
        two *= 2.0;
        a += 1;
    }
    t
};

/// The product of a board's multipliers not yet face up: what a player who knew the board
/// would multiply the payout by.
fn clairvoyant(e: &Entry, flipped: u32) -> f64 {
    let twos = (e.masks[2] & !flipped).count_ones() as usize;
    let threes = (e.masks[3] & !flipped).count_ones() as usize;
    FACTORS[twos][threes]
}

struct Search {
    /// Keys are uniform hashes already (see [`KeyHasher`]).
    memo: HashMap<(u64, u64), (f64, f64), BuildHasherDefault<KeyHasher>>,
    /// Each board's hashes, by board number: a set's key is their sums (see [`board_hash`]).
    hash_of: Vec<[u64; 2]>,
    nodes: u64,
    budget: u64,
    approximate: bool,
}

/// One card's outcomes: weight-summed factor and clearing weight.
struct Flip {
    value: f64,
    win: f64,
}

impl Search {
    /// Flipping `cell` on the settled `set` (weight `weight`): the expected factor and clear
    /// chance, each outcome valued by `then` (optimal play, or quitting once over budget).
    fn flip(&mut self, set: &[Entry], flipped: u32, cell: usize, weight: f64, deep: bool) -> Flip {
        let (mut value, mut win) = (0.0, 0.0);
        for v in 1..=3u8 {
            let part: Vec<Entry> = set
                .iter()
                .filter(|e| e.masks[usize::from(v)] & (1 << cell) != 0)
                .copied()
                .collect();
            if part.is_empty() {
                continue;
            }
            let s = settle(part, flipped | (1 << cell));
            let (rest_value, rest_win) = if s.rest.is_empty() {
                (0.0, 0.0)
            } else if deep {
                self.value(&s.rest, s.flipped)
            } else {
                (1.0, 0.0)
            };
            let rest_weight: f64 = s.rest.iter().map(|e| e.weight).sum();
            value += f64::from(v) * (s.won + rest_weight * s.factor * rest_value);
            win += s.won_weight + rest_weight * rest_win;
        }
        Flip {
            value: value / weight,
            win: win / weight,
        }
    }

    /// The cards worth trying on `set`, highest clairvoyant bound first, with that bound.
    fn candidates(set: &[Entry], flipped: u32, sum: &Summary) -> Vec<(usize, f64)> {
        let cards = sum.disagreed() & !flipped;
        // A card's bound is every board's clairvoyant factor but on the boards where it is a
        // Voltorb: one pass over the boards gives all of them.
        let mut lost = [0.0f64; CELLS];
        let mut total = 0.0;
        for e in set {
            let f = e.weight * clairvoyant(e, flipped);
            total += f;
            let mut voltorbs = e.masks[0] & cards;
            while voltorbs != 0 {
                lost[voltorbs.trailing_zeros() as usize] += f;
                voltorbs &= voltorbs - 1;
            }
        }
        let mut out: Vec<(usize, f64)> = (0..CELLS)
            .filter(|&c| cards & (1 << c) != 0)
            .map(|c| (c, (total - lost[c]) / sum.weight))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// The best card on the settled, non-empty `set` and its (factor, clear chance), without
    /// the option to quit now; only cards that can pay more than `floor` are tried (none may
    /// be found).
    fn best_card(&mut self, set: &[Entry], flipped: u32, floor: f64) -> Option<(usize, f64, f64)> {
        let sum = Summary::of(set);
        let deep = !self.approximate;
        // A card that is a Voltorb on no board left never hurts to flip first: it multiplies
        // the payout by at least 1 (so quitting later keeps at least as much), a Voltorb loses
        // the same either way, and what it shows can be ignored. Any one of them is as good as
        // the others (they all stay safe), so it is the only card tried.
        let safe = sum.disagreed() & !flipped & !sum.present[0];
        if safe != 0 {
            let cell = safe.trailing_zeros() as usize;
            let f = self.flip(set, flipped, cell, sum.weight, deep);
            return Some((cell, f.value, f.win));
        }
        let mut best: Option<(usize, f64, f64)> = None;
        for (cell, bound) in Self::candidates(set, flipped, &sum) {
            if bound <= best.map_or(floor, |b| b.1.max(floor)) + 1e-12 {
                break;
            }
            let f = self.flip(set, flipped, cell, sum.weight, deep);
            if best.is_none_or(|b| f.value > b.1 + 1e-12) {
                best = Some((cell, f.value, f.win));
            }
        }
        best
    }

    /// (factor, clear chance) of the settled, non-empty `set` under optimal play, quitting
    /// allowed (factor 1, no clear).
    fn value(&mut self, set: &[Entry], flipped: u32) -> (f64, f64) {
        let key = set.iter().fold((0, 0), |key, e| {
            add_to_key(key, self.hash_of[e.id as usize])
        });
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.approximate = true;
        }
        // Quitting pays a factor of 1: only a card that may pay more is worth trying.
        let result = match self.best_card(set, flipped, 1.0) {
            Some((_, value, win)) if value > 1.0 + 1e-12 => (value, win),
            _ => (1.0, 0.0),
        };
        self.memo.insert(key, result);
        result
    }
}

/// The coin plan for the position where `revealed` cards are face up, over `boards` (all
/// consistent with it) weighted by `weights`.
pub fn coin_plan(boards: &[Board], weights: &[f64], revealed: u32, budget: u64) -> CoinPlan {
    let total: f64 = weights.iter().sum();
    let entries: Vec<Entry> = boards
        .iter()
        .zip(weights)
        .enumerate()
        .map(|(i, (b, &w))| Entry::new([0, 1, 2, 3].map(|v| b.mask_of(v)), w / total, i as u32))
        .collect();
    let mut search = Search {
        memo: HashMap::default(),
        hash_of: (0..boards.len() as u64).map(board_hash).collect(),
        nodes: 0,
        budget,
        approximate: false,
    };
    // Cards every board agrees are not Voltorbs, still face down: flipping them is free.
    let free = {
        let sum = Summary::of(&entries);
        let p = sum.present;
        (p[1] | p[2] | p[3]) & !sum.disagreed() & !p[0] & !revealed
    };
    let s = settle(entries, revealed);
    let rest_weight: f64 = s.rest.iter().map(|e| e.weight).sum();
    let best = if s.rest.is_empty() {
        None
    } else {
        search.best_card(&s.rest, s.flipped, f64::NEG_INFINITY)
    };
    // Without a free card, playing on means flipping a gamble now; with one, it means flipping
    // the free cards and then playing the rest well, which may be quitting (the payout is then
    // at least 1 even if nothing was face up).
    let forced = free == 0;
    let (rest_value, rest_win) = match best {
        None => (if forced { 0.0 } else { 1.0 }, 0.0),
        Some((_, v, w)) if forced || v > 1.0 + 1e-12 => (v, w),
        Some(_) => (1.0, 0.0),
    };
    let continue_factor = s.won + rest_weight * s.factor * rest_value;
    let continue_win = s.won_weight + rest_weight * rest_win;
    // With nothing face up the payout is 0: the first card's value is the payout, so the
    // expected coins are the factor itself, and quitting pays 0.
    let first_coins = if revealed == 0 { continue_factor } else { 0.0 };
    let free_multipliers = boards.first().map_or(0, |b| b.mask_of(2) | b.mask_of(3)) & free;
    let cell = if free_multipliers != 0 {
        // A free multiplier first: it only adds coins.
        Some(free_multipliers.trailing_zeros() as usize)
    } else if free != 0 && revealed == 0 {
        // A card sure not to be a Voltorb starts the payout without risk.
        Some(free.trailing_zeros() as usize)
    } else {
        match best {
            Some((c, v, _)) if v > 1.0 + 1e-12 || (forced && revealed == 0) => Some(c),
            _ => None,
        }
    };
    CoinPlan {
        cell,
        continue_factor,
        first_coins,
        continue_win,
        exact: !search.approximate,
        nodes: search.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain expectimax over coins on explicit boards: no settling, no bounds, no memo.
    fn plain(boards: &[(Board, f64)], flipped: u32, payout: f64) -> f64 {
        let total: f64 = boards.iter().map(|b| b.1).sum();
        // Cleared boards end the round; the rest play on (the player sees which).
        let cleared = |b: &Board| (b.mask_of(2) | b.mask_of(3)) & !flipped == 0;
        let won: f64 = boards
            .iter()
            .filter(|b| cleared(&b.0))
            .map(|b| b.1 * payout)
            .sum();
        let rest: Vec<(Board, f64)> = boards.iter().filter(|b| !cleared(&b.0)).copied().collect();
        if rest.is_empty() {
            return won / total;
        }
        let rest_total: f64 = rest.iter().map(|b| b.1).sum();
        let mut best = payout; // quit
        // A card that is a 1 on every board left changes nothing once the payout has started,
        // and before that any one of them is as good as another: try only the first.
        let mut tried_sure_one = false;
        for cell in (0..CELLS).filter(|c| flipped & (1 << c) == 0) {
            if rest.iter().all(|b| b.0.get(cell) == 1) {
                if payout > 0.0 || tried_sure_one {
                    continue;
                }
                tried_sure_one = true;
            }
            let mut v = 0.0;
            for value in 1..=3u8 {
                let part: Vec<(Board, f64)> = rest
                    .iter()
                    .filter(|b| b.0.get(cell) == value)
                    .copied()
                    .collect();
                if part.is_empty() {
                    continue;
                }
                let w: f64 = part.iter().map(|b| b.1).sum();
                let next = if payout == 0.0 {
                    f64::from(value)
                } else {
                    payout * f64::from(value)
                };
                v += w * plain(&part, flipped | (1 << cell), next);
            }
            best = best.max(v / rest_total);
        }
        (won + rest_total * best) / total
    }

    fn board(rows: [[u8; 5]; 5]) -> Board {
        let mut cells = [0u8; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = rows[i / 5][i % 5];
        }
        Board::from_cells(&cells)
    }

    /// Small sets of boards that agree outside a few cards: the plain search stays quick.
    fn family(seed: u64) -> Vec<(Board, f64)> {
        let mut rng = crate::util::rng::Rng::new(seed);
        // Every board has a multiplier somewhere (the game never deals one without): the 2 in
        // the corner, the same on all of them.
        let mut base = [[1u8; 5]; 5];
        base[4][4] = 2;
        let mut out = Vec::new();
        for _ in 0..5 {
            let mut rows = base;
            for cell in 0..6 {
                rows[cell / 5][cell % 5] = rng.index(4) as u8;
            }
            out.push((board(rows), 1.0 + rng.index(3) as f64));
        }
        out
    }

    /// Like [`family`], but the first three varying cards are never Voltorbs: safe cards
    /// whose values differ, which the search flips before anything else.
    fn family_with_safe_cards(seed: u64) -> Vec<(Board, f64)> {
        let mut rng = crate::util::rng::Rng::new(seed);
        let mut base = [[1u8; 5]; 5];
        base[4][4] = 2;
        (0..6)
            .map(|_| {
                let mut rows = base;
                for cell in 0..7 {
                    let value = if cell < 3 {
                        1 + rng.index(3)
                    } else {
                        rng.index(4)
                    };
                    rows[cell / 5][cell % 5] = value as u8;
                }
                (board(rows), 1.0 + rng.index(3) as f64)
            })
            .collect()
    }

    #[test]
    fn flipping_safe_cards_first_keeps_the_optimum() {
        let mut safe_sets = 0;
        for seed in 1..40 {
            let boards = family_with_safe_cards(seed);
            let (bs, ws): (Vec<Board>, Vec<f64>) = boards.iter().copied().unzip();
            let revealed = !0b111_1111 & ((1 << CELLS) - 1);
            let entries: Vec<Entry> = bs
                .iter()
                .zip(&ws)
                .enumerate()
                .map(|(i, (b, &w))| Entry::new([0, 1, 2, 3].map(|v| b.mask_of(v)), w, i as u32))
                .collect();
            let sum = Summary::of(&entries);
            safe_sets += usize::from(sum.disagreed() & !sum.present[0] & !revealed != 0);
            for (flipped, payout) in [(revealed, 1.0), (0, 0.0)] {
                let plan = coin_plan(&bs, &ws, flipped, u64::MAX);
                let got = if payout == 0.0 {
                    plan.first_coins
                } else {
                    plan.continue_factor.max(1.0)
                };
                let want = plain(&boards, flipped, payout);
                assert!((got - want).abs() < 1e-9, "seed {seed}: {got} vs {want}");
            }
        }
        // The rule was put to the test: most sets had a safe card whose value varies.
        assert!(safe_sets > 30, "{safe_sets}");
    }

    #[test]
    fn agrees_with_plain_expectimax_on_small_sets() {
        for seed in 1..40 {
            let boards = family(seed);
            let (bs, ws): (Vec<Board>, Vec<f64>) = boards.iter().copied().unzip();
            // Face up: the cards outside the first six (they agree on all boards: 1s).
            let revealed = !0b11_1111 & ((1 << CELLS) - 1);
            let plan = coin_plan(&bs, &ws, revealed, u64::MAX);
            let want = plain(&boards, revealed, 1.0);
            let got = plan.continue_factor.max(1.0);
            assert!((got - want).abs() < 1e-9, "seed {seed}: {got} vs {want}");
            // Nothing face up: the first card sets the payout.
            let plan = coin_plan(&bs, &ws, 0, u64::MAX);
            let want = plain(&boards, 0, 0.0);
            assert!(
                (plan.first_coins - want).abs() < 1e-9,
                "seed {seed} first: {} vs {want}",
                plan.first_coins
            );
            assert!(plan.exact);
        }
    }

    #[test]
    fn quits_when_every_card_left_is_a_gamble_that_does_not_pay() {
        // Two boards: the only multiplier left is a 2 on one of two cards, the other a
        // Voltorb. Flipping pays 2 × ½ = 1 on average, no better than quitting.
        let mut a = [[1u8; 5]; 5];
        a[0][0] = 2;
        a[0][1] = 0;
        let mut b = a;
        b[0][0] = 0;
        b[0][1] = 2;
        let boards = [board(a), board(b)];
        let revealed = !0b11 & ((1 << CELLS) - 1);
        let plan = coin_plan(&boards, &[1.0, 1.0], revealed, u64::MAX);
        assert_eq!(plan.cell, None);
        assert!((plan.continue_factor - 1.0).abs() < 1e-12);
        assert!((plan.continue_win - 0.5).abs() < 1e-12);
        // A 3 instead of the 2 makes the gamble worth it.
        a[0][0] = 3;
        b[0][1] = 3;
        let plan = coin_plan(&[board(a), board(b)], &[1.0, 1.0], revealed, u64::MAX);
        assert!(plan.cell.is_some());
        assert!((plan.continue_factor - 1.5).abs() < 1e-12);
    }
}
