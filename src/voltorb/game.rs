//! The game itself: dealing boards as the game does, coins, and the level rules.
//!
//! Rules from the pret/pokeheartgold decompilation (`voltorb_flip_game.c`): a level's
//! configuration is chosen with probability 1/10; the board is filled with 1s, then Voltorbs,
//! 2s and 3s are put on random cells that still hold a 1 (a card type gives up after 100 misses);
//! the board is redrawn (up to 1,000 times, the last draw is kept) while it has at least the
//! configuration's total of free multipliers, or a row or column has at least its per-line limit.
//! The first card flipped sets the payout, each later one multiplies it (capped at 50,000).

use serde::Serialize;

use super::board::{Board, CELLS, free_mask, free_stats};
use super::config::{BoardConfig, CONFIGS, MAX_LEVEL, MIN_LEVEL};
use crate::util::rng::Rng;

/// Most coins a round can pay (and the coin case holds).
pub const MAX_COINS: u64 = 50_000;

/// A dealt board.
#[derive(Clone, Debug, Serialize)]
pub struct Deal {
    /// The level it was dealt at.
    pub level: u8,
    /// Index into [`CONFIGS`].
    pub config: usize,
    /// The cards.
    #[serde(skip)]
    pub board: Board,
    /// Redraws needed before the board passed (0 = first draw).
    pub redraws: u32,
}

/// Places `n` cards of `value` on random cells that still hold a 1, as the game does: a miss
/// retries, and after 100 misses the remaining cards of this type are skipped.
fn place(board: &mut Board, value: u8, n: u8, rng: &mut Rng) {
    let mut misses = 0;
    let mut placed = 0;
    while placed < n {
        let cell = rng.index(CELLS);
        if board.get(cell) == 1 {
            board.set(cell, value);
            placed += 1;
        } else {
            misses += 1;
            if misses >= 100 {
                break;
            }
        }
    }
}

/// True when the game would redraw `board` under `cfg`.
pub fn must_redraw(board: Board, cfg: &BoardConfig) -> bool {
    let rv = board.row_clues().map(|(_, v)| v);
    let cv = board.col_clues().map(|(_, v)| v);
    let mult = board.mask_of(2) | board.mask_of(3);
    let (total, line) = free_stats(mult, free_mask(rv, cv));
    !cfg.accepts(total, line)
}

/// Deals a board of configuration `config` (index into [`CONFIGS`]).
pub fn deal_config(config: usize, rng: &mut Rng) -> Deal {
    let cfg = &CONFIGS[config.min(CONFIGS.len() - 1)];
    let mut board = Board::default();
    let mut redraws = 0;
    for attempt in 0..1000 {
        board = Board::from_cells(&[1; CELLS]);
        place(&mut board, 0, cfg.voltorbs, rng);
        place(&mut board, 2, cfg.twos, rng);
        place(&mut board, 3, cfg.threes, rng);
        redraws = attempt;
        if !must_redraw(board, cfg) {
            break;
        }
    }
    Deal {
        level: (config / 10) as u8 + 1,
        config,
        board,
        redraws,
    }
}

/// Deals a board at `level` (clamped to 1..=8): a configuration with probability 1/10 each.
pub fn deal(level: u8, rng: &mut Rng) -> Deal {
    let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
    let config = usize::from(level - 1) * 10 + rng.index(10);
    deal_config(config, rng)
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Every 2 and 3 flipped.
    Won,
    /// A Voltorb flipped.
    Lost,
    /// The player quit and kept the coins.
    Quit,
}

/// A finished round, as the level rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
pub struct Round {
    /// The level the round was played at.
    pub level: u8,
    /// How it ended.
    pub outcome: Outcome,
    /// Cards flipped that were not Voltorbs.
    pub flipped: u32,
}

/// The level of the next round, given the finished rounds (oldest first; only the last five
/// count). Follows the game's `CalcNextLevel`:
/// - a win at level 8 stays at 8;
/// - after a round at level 5 or higher, level 8 when each of the last five rounds flipped at
///   least 8 cards and was not lost (fewer than five rounds played never qualify);
/// - otherwise the highest level `L` (7 down to 2) with: last round at level ≥ L and at least L
///   cards flipped, or last round won at level ≥ L−1; else level 1.
pub fn next_level(history: &[Round]) -> u8 {
    let Some(last) = history.last() else {
        return 1;
    };
    let won = last.outcome == Outcome::Won;
    if won && last.level >= 8 {
        return 8;
    }
    if last.level >= 5 && history.len() >= 5 {
        let streak = history[history.len() - 5..]
            .iter()
            .all(|r| r.flipped >= 8 && r.outcome != Outcome::Lost);
        if streak {
            return 8;
        }
    }
    for l in (2..=7u8).rev() {
        if (last.level >= l && last.flipped >= u32::from(l)) || (last.level + 1 >= l && won) {
            return l;
        }
    }
    1
}

/// The payout after flipping `value` when the round's payout so far is `payout` (0 before the
/// first card). Voltorbs are not passed here: they end the round with nothing.
pub fn pay(payout: u64, value: u8) -> u64 {
    if payout == 0 {
        u64::from(value)
    } else {
        (payout * u64::from(value)).min(MAX_COINS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(level: u8, outcome: Outcome, flipped: u32) -> Round {
        Round {
            level,
            outcome,
            flipped,
        }
    }

    #[test]
    fn level_rules() {
        use Outcome::*;
        assert_eq!(next_level(&[]), 1);
        assert_eq!(next_level(&[round(1, Won, 5)]), 2);
        assert_eq!(next_level(&[round(6, Won, 5)]), 7);
        assert_eq!(next_level(&[round(7, Won, 5)]), 7);
        assert_eq!(next_level(&[round(8, Won, 5)]), 8);
        assert_eq!(next_level(&[round(8, Lost, 7)]), 7);
        assert_eq!(next_level(&[round(8, Lost, 3)]), 3);
        assert_eq!(next_level(&[round(5, Lost, 0)]), 1);
        assert_eq!(next_level(&[round(4, Quit, 9)]), 4);
        assert_eq!(next_level(&[round(3, Lost, 1)]), 1);
    }

    #[test]
    fn deal_matches_config() {
        let mut rng = Rng::new(7);
        for config in [0, 13, 42, 63, 79] {
            let d = deal_config(config, &mut rng);
            let c = &CONFIGS[config];
            assert_eq!(d.board.count(0), u32::from(c.voltorbs));
            assert_eq!(d.board.count(2), u32::from(c.twos));
            assert_eq!(d.board.count(3), u32::from(c.threes));
            assert!(!must_redraw(d.board, c));
        }
    }

    #[test]
    fn payout() {
        assert_eq!(pay(0, 1), 1);
        assert_eq!(pay(1, 3), 3);
        assert_eq!(pay(30_000, 2), MAX_COINS);
    }
}
