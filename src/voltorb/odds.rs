//! Weights of the consistent boards and the per-card probabilities they give.
//!
//! `uniform`: every consistent board weighs 1. `game`: a board weighs the probability that the
//! game deals it, up to a common factor: Σ over the fitting levels (each equally likely) of
//! Σ over that level's configurations (each 1/10) whose card counts match the board and whose
//! free-multiplier limits the board passes, of `1/A` (`A` = that configuration's number of
//! accepted boards, see [`super::accepted`]).

use serde::{Deserialize, Serialize};

use super::accepted::accepted_table;
use super::board::{Board, CELLS, col_mask, free_mask, row_mask};
use super::clues::Clues;
use super::config::{CONFIGS, MAX_LEVEL, MIN_LEVEL};
use super::error::VoltorbError;

/// How consistent boards are weighed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Weighting {
    /// Every consistent board equally likely.
    Uniform,
    /// As likely as the game's generator makes it (the default).
    #[default]
    Game,
}

/// The low bit of each of the 25 two-bit cards.
const EVEN: u64 = 0x0005_5555_5555_5555;

/// A 25-bit cell mask moved to the low bits of the two-bit card positions.
fn spread(mask: u32) -> u64 {
    (0..CELLS)
        .filter(|&i| mask & (1 << i) != 0)
        .fold(0, |m, i| m | 1 << (2 * i))
}

/// Indices into [`CONFIGS`] of the configurations of `level` whose totals match the clues.
fn fitting_configs(clues: &Clues, level: u8) -> Vec<usize> {
    let start = usize::from(level - 1) * 10;
    (start..start + 10)
        .filter(|&i| {
            let c = &CONFIGS[i];
            u32::from(c.voltorbs) == clues.voltorbs() && c.total() == clues.sum()
        })
        .collect()
}

/// The levels to consider: the given one (which must have a configuration with the clue totals),
/// or every level with such a configuration. With the uniform weighting and no level, the totals
/// are not checked and the list is empty.
pub fn candidate_levels(
    clues: &Clues,
    level: Option<u8>,
    weighting: Weighting,
) -> Result<Vec<u8>, VoltorbError> {
    match level {
        Some(l) if !(MIN_LEVEL..=MAX_LEVEL).contains(&l) => Err(VoltorbError::BadLevel(l)),
        Some(l) => {
            if fitting_configs(clues, l).is_empty() {
                Err(VoltorbError::NoConfig {
                    level: l,
                    voltorbs: clues.voltorbs(),
                    sum: clues.sum(),
                })
            } else {
                Ok(vec![l])
            }
        }
        None if weighting == Weighting::Uniform => Ok(Vec::new()),
        None => {
            let levels: Vec<u8> = (MIN_LEVEL..=MAX_LEVEL)
                .filter(|&l| !fitting_configs(clues, l).is_empty())
                .collect();
            if levels.is_empty() {
                Err(VoltorbError::NoLevel {
                    voltorbs: clues.voltorbs(),
                    sum: clues.sum(),
                })
            } else {
                Ok(levels)
            }
        }
    }
}

/// Calls `visit(board index, config index, weight)` for each board and each configuration of
/// `levels` that could have dealt it, with the game's weight of that board under that
/// configuration (one over the number of boards the configuration accepts).
fn for_each_config_weight(
    boards: &[Board],
    clues: &Clues,
    levels: &[u8],
    mut visit: impl FnMut(usize, usize, f64),
) {
    let configs: Vec<usize> = levels
        .iter()
        .flat_map(|&l| fitting_configs(clues, l))
        .collect();
    let table = accepted_table();
    let free = spread(free_mask(clues.row_voltorbs(), clues.col_voltorbs()));
    let lines: [u64; 10] =
        std::array::from_fn(|i| spread(if i < 5 { row_mask(i) } else { col_mask(i - 5) }));
    for (index, &b) in boards.iter().enumerate() {
        // Work on the packed cards directly: the high bit of a card marks a 2 or 3.
        let hi = (b.0 >> 1) & EVEN;
        let lo = b.0 & EVEN;
        let n2 = (hi & !lo).count_ones();
        let n3 = (hi & lo).count_ones();
        let f = hi & free;
        let total = f.count_ones();
        let line = lines
            .iter()
            .map(|&m| (f & m).count_ones())
            .max()
            .unwrap_or(0);
        for &i in &configs {
            let c = &CONFIGS[i];
            if u32::from(c.twos) == n2 && u32::from(c.threes) == n3 && c.accepts(total, line) {
                visit(index, i, 1.0 / table[i] as f64);
            }
        }
    }
}

/// The probability of each configuration of `levels` (index into `CONFIGS`) given the boards
/// still possible, under the game's weighting; the shares sum to 1 (empty when none fits).
pub fn config_odds(boards: &[Board], clues: &Clues, levels: &[u8]) -> Vec<(usize, f64)> {
    let mut shares: Vec<(usize, f64)> = Vec::new();
    for_each_config_weight(boards, clues, levels, |_, i, w| {
        match shares.iter_mut().find(|s| s.0 == i) {
            Some(s) => s.1 += w,
            None => shares.push((i, w)),
        }
    });
    let total: f64 = shares.iter().map(|s| s.1).sum();
    if total > 0.0 {
        for s in &mut shares {
            s.1 /= total;
        }
    }
    shares
}

/// Weights of `boards` (normalised to sum 1). Fails when every weight is zero.
pub fn weigh(
    boards: &[Board],
    clues: &Clues,
    levels: &[u8],
    weighting: Weighting,
) -> Result<Vec<f64>, VoltorbError> {
    if boards.is_empty() {
        return Err(VoltorbError::NoBoards);
    }
    let mut weights = match weighting {
        Weighting::Uniform => vec![1.0; boards.len()],
        Weighting::Game => {
            let mut w = vec![0.0; boards.len()];
            for_each_config_weight(boards, clues, levels, |b, _, share| w[b] += share);
            w
        }
    };
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        let levels = match levels {
            [] => "any level".to_string(),
            [l] => format!("level {l}"),
            ls => format!(
                "levels {}",
                ls.iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return Err(VoltorbError::NoGameBoards {
            boards: boards.len(),
            levels,
        });
    }
    for w in &mut weights {
        *w /= total;
    }
    Ok(weights)
}

/// Per-card probabilities `p[cell][value]` from weighted boards (weights summing to 1).
pub fn marginals(boards: &[Board], weights: &[f64]) -> [[f64; 4]; CELLS] {
    let mut p = [[0.0; 4]; CELLS];
    for (&b, &w) in boards.iter().zip(weights) {
        let mut bits = b.0;
        for cell in p.iter_mut() {
            cell[(bits & 3) as usize] += w;
            bits >>= 2;
        }
    }
    // The weights sum to 1 only up to rounding: a certain value came out as 1.0000000000000013.
    p.map(|cell| cell.map(|x| x.clamp(0.0, 1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::voltorb::enumerate::{DEFAULT_LIMIT, consistent_boards};

    #[test]
    fn probabilities_sum_to_one() {
        let truth = Board::from_cells(&[
            1, 0, 2, 1, 1, 3, 1, 1, 0, 1, 0, 1, 1, 2, 1, 1, 1, 0, 1, 3, 1, 1, 0, 1, 0,
        ]);
        let clues = Clues {
            rows: truth.row_clues(),
            cols: truth.col_clues(),
        };
        let boards = consistent_boards(&clues, &[None; 25], DEFAULT_LIMIT).unwrap_or_default();
        for weighting in [Weighting::Uniform, Weighting::Game] {
            let levels = candidate_levels(&clues, None, weighting).unwrap();
            let w = weigh(&boards, &clues, &levels, weighting).unwrap();
            let p = marginals(&boards, &w);
            for cell in p {
                assert!((cell.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            }
        }
    }
}
