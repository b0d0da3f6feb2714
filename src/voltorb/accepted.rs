//! The exact number of boards the game's generator accepts for a configuration.
//!
//! The generator places Voltorbs, then 2s, then 3s on uniformly random empty cells, so every
//! arrangement of the configuration's cards is equally likely; redrawing until the free-multiplier
//! test passes makes every *accepted* arrangement equally likely, with probability `1/A`. This
//! module computes `A` by counting, not sampling:
//!
//! - Voltorbs occupy exactly `a` rows and `b` columns: the number of such Voltorb sets is
//!   `C(5,a)·C(5,b)·N(a,b,V)`, with `N` (sets covering every row and column of an `a×b` grid) by
//!   inclusion–exclusion.
//! - The free cells are then every cell outside that `a×b` block; `G(a,b,k)` counts the ways to put
//!   `k` multipliers on free cells with fewer than the per-line limit in every row and column
//!   (a small exhaustive count, shared by all configurations).
//! - The other `m−k` multipliers go on the `a·b−V` non-free, non-Voltorb cells, and the 2s and 3s
//!   are told apart in `C(m, twos)` ways.

use std::sync::OnceLock;

use super::config::{BoardConfig, CONFIGS};

/// Binomial coefficient `C(n, k)` (0 when `k > n`).
pub fn binom(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    r
}

/// Number of `v`-subsets of an `a×b` grid that touch every one of its rows and columns.
fn covering_sets(a: u32, b: u32, v: u32) -> u128 {
    let mut total: i128 = 0;
    for i in 0..=a {
        for j in 0..=b {
            let term = (binom(a, i) * binom(b, j) * binom((a - i) * (b - j), v)) as i128;
            if (i + j) % 2 == 0 {
                total += term;
            } else {
                total -= term;
            }
        }
    }
    total.max(0) as u128
}

/// Largest number of free multipliers any configuration allows (max_free_total − 1 ≤ 5).
const MAX_FREE: usize = 5;

/// `G(a,b,·)`: for `k = 0..=MAX_FREE`, the number of `k`-subsets of the free cells (all cells
/// outside rows `0..a` × columns `0..b`) with fewer than `line_limit` cells in every row and column.
fn free_placements(a: usize, b: usize, line_limit: u32) -> [u128; MAX_FREE + 1] {
    let mut cells = Vec::new();
    for r in 0..5 {
        for c in 0..5 {
            if r >= a || c >= b {
                cells.push((r, c));
            }
        }
    }
    let mut counts = [0u128; MAX_FREE + 1];
    let mut rows = [0u32; 5];
    let mut cols = [0u32; 5];
    fn walk(
        cells: &[(usize, usize)],
        start: usize,
        k: usize,
        limit: u32,
        rows: &mut [u32; 5],
        cols: &mut [u32; 5],
        counts: &mut [u128; MAX_FREE + 1],
    ) {
        counts[k] += 1;
        if k == MAX_FREE {
            return;
        }
        for i in start..cells.len() {
            let (r, c) = cells[i];
            if rows[r] + 1 >= limit || cols[c] + 1 >= limit {
                continue;
            }
            rows[r] += 1;
            cols[c] += 1;
            walk(cells, i + 1, k + 1, limit, rows, cols, counts);
            rows[r] -= 1;
            cols[c] -= 1;
        }
    }
    walk(&cells, 0, 0, line_limit, &mut rows, &mut cols, &mut counts);
    counts
}

/// Exact number of accepted boards for one configuration, reusing `G` tables in `cache`
/// (indexed by `(a, b, line_limit)`).
fn count_with(cfg: &BoardConfig, cache: &mut [Option<[u128; MAX_FREE + 1]>]) -> u128 {
    let v = u32::from(cfg.voltorbs);
    let m = u32::from(cfg.multipliers());
    let line = u32::from(cfg.max_free_per_line);
    let max_k = (u32::from(cfg.max_free_total).saturating_sub(1)).min(m) as usize;
    let mut placements: u128 = 0;
    for a in 1..=5u32 {
        for b in 1..=5u32 {
            let volts = covering_sets(a, b, v);
            if volts == 0 {
                continue;
            }
            let slot = ((a as usize) * 6 + b as usize) * 6 + line.min(5) as usize;
            let g =
                *cache[slot].get_or_insert_with(|| free_placements(a as usize, b as usize, line));
            let nonfree = a * b - v;
            let mut mult_ways: u128 = 0;
            for (k, &gk) in g.iter().enumerate().take(max_k.min(MAX_FREE) + 1) {
                let k = k as u32;
                if k > m {
                    break;
                }
                mult_ways += gk * binom(nonfree, m - k);
            }
            placements += binom(5, a) * binom(5, b) * volts * mult_ways;
        }
    }
    placements * binom(m, u32::from(cfg.twos))
}

/// Exact number of accepted boards `A` for one configuration.
pub fn accepted_boards(cfg: &BoardConfig) -> u128 {
    let mut cache = vec![None; 6 * 6 * 6];
    count_with(cfg, &mut cache)
}

/// `A` for all 80 configurations of [`CONFIGS`], computed once and kept.
pub fn accepted_table() -> &'static [u128; 80] {
    static TABLE: OnceLock<[u128; 80]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut cache = vec![None; 6 * 6 * 6];
        let mut out = [0u128; 80];
        for (o, cfg) in out.iter_mut().zip(CONFIGS.iter()) {
            *o = count_with(cfg, &mut cache);
        }
        out
    })
}

/// Number of arrangements of the configuration's cards before the redraw test:
/// `25! / (V!·twos!·threes!·ones!)`.
pub fn all_arrangements(cfg: &BoardConfig) -> u128 {
    let v = u32::from(cfg.voltorbs);
    let t2 = u32::from(cfg.twos);
    let t3 = u32::from(cfg.threes);
    binom(25, v) * binom(25 - v, t2) * binom(25 - v - t2, t3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binom(25, 10), 3_268_760);
        assert_eq!(binom(5, 6), 0);
        assert_eq!(binom(0, 0), 1);
    }

    #[test]
    fn covering_sets_small() {
        // 2×2 grid, 2 cells touching both rows and both columns: the two diagonals.
        assert_eq!(covering_sets(2, 2, 2), 2);
        // Summing over all (a, b) placements recovers every V-subset of the board.
        let mut total = 0;
        for a in 1..=5 {
            for b in 1..=5 {
                total += binom(5, a) * binom(5, b) * covering_sets(a, b, 7);
            }
        }
        assert_eq!(total, binom(25, 7));
    }

    #[test]
    fn accepted_is_a_fraction_of_all() {
        for cfg in CONFIGS.iter() {
            let a = accepted_boards(cfg);
            assert!(a > 0 && a < all_arrangements(cfg), "{cfg:?}");
        }
        assert_eq!(accepted_table()[79], accepted_boards(&CONFIGS[79]));
    }
}
