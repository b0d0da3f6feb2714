//! The game's board configurations: for each level 1–8, ten configurations chosen with
//! probability 1/10 each.
//!
//! Figures from `sBoardConfigs` in `src/voltorb_flip/voltorb_flip_data4.c` of the pret/pokeheartgold
//! decompilation (facts only; the table is re-typed here). Each level lists five configurations
//! twice: the first five allow one more free multiplier in total than the second five (level 1
//! repeats the same five).

/// One board configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BoardConfig {
    /// Number of Voltorbs.
    pub voltorbs: u8,
    /// Number of 2s.
    pub twos: u8,
    /// Number of 3s.
    pub threes: u8,
    /// A board is redrawn when any row or column holds this many free multipliers or more.
    pub max_free_per_line: u8,
    /// A board is redrawn when it holds this many free multipliers or more in total.
    pub max_free_total: u8,
}

impl BoardConfig {
    /// Number of multiplier cards (2s and 3s).
    pub fn multipliers(&self) -> u8 {
        self.twos + self.threes
    }

    /// Sum of all 25 cards.
    pub fn total(&self) -> u32 {
        25 - u32::from(self.voltorbs) + u32::from(self.twos) + 2 * u32::from(self.threes)
    }

    /// The largest payout: 2^twos · 3^threes.
    pub fn max_payout(&self) -> u64 {
        2u64.pow(u32::from(self.twos)) * 3u64.pow(u32::from(self.threes))
    }

    /// True when a board with `free_total` free multipliers, at most `free_line` in any line,
    /// passes the game's redraw test.
    pub fn accepts(&self, free_total: u32, free_line: u32) -> bool {
        free_total < u32::from(self.max_free_total) && free_line < u32::from(self.max_free_per_line)
    }
}

const fn cfg(voltorbs: u8, twos: u8, threes: u8, line: u8, total: u8) -> BoardConfig {
    BoardConfig {
        voltorbs,
        twos,
        threes,
        max_free_per_line: line,
        max_free_total: total,
    }
}

/// The 80 configurations, ten per level, level 1 first (board id = 10·(level−1) + index).
pub const CONFIGS: [BoardConfig; 80] = [
    // Level 1
    cfg(6, 3, 1, 3, 3),
    cfg(6, 0, 3, 2, 2),
    cfg(6, 5, 0, 3, 4),
    cfg(6, 2, 2, 3, 3),
    cfg(6, 4, 1, 3, 4),
    cfg(6, 3, 1, 3, 3),
    cfg(6, 0, 3, 2, 2),
    cfg(6, 5, 0, 3, 4),
    cfg(6, 2, 2, 3, 3),
    cfg(6, 4, 1, 3, 4),
    // Level 2
    cfg(7, 1, 3, 2, 3),
    cfg(7, 6, 0, 3, 4),
    cfg(7, 3, 2, 2, 3),
    cfg(7, 0, 4, 2, 3),
    cfg(7, 5, 1, 3, 4),
    cfg(7, 1, 3, 2, 2),
    cfg(7, 6, 0, 3, 3),
    cfg(7, 3, 2, 2, 2),
    cfg(7, 0, 4, 2, 2),
    cfg(7, 5, 1, 3, 3),
    // Level 3
    cfg(8, 2, 3, 2, 3),
    cfg(8, 7, 0, 3, 4),
    cfg(8, 4, 2, 3, 4),
    cfg(8, 1, 4, 2, 3),
    cfg(8, 6, 1, 4, 3),
    cfg(8, 2, 3, 2, 2),
    cfg(8, 7, 0, 3, 3),
    cfg(8, 4, 2, 3, 3),
    cfg(8, 1, 4, 2, 2),
    cfg(8, 6, 1, 3, 3),
    // Level 4
    cfg(8, 3, 3, 4, 3),
    cfg(8, 0, 5, 2, 3),
    cfg(10, 8, 0, 4, 5),
    cfg(10, 5, 2, 3, 4),
    cfg(10, 2, 4, 3, 4),
    cfg(8, 3, 3, 3, 3),
    cfg(8, 0, 5, 2, 2),
    cfg(10, 8, 0, 4, 4),
    cfg(10, 5, 2, 3, 3),
    cfg(10, 2, 4, 3, 3),
    // Level 5
    cfg(10, 7, 1, 4, 5),
    cfg(10, 4, 3, 3, 4),
    cfg(10, 1, 5, 3, 4),
    cfg(10, 9, 0, 4, 5),
    cfg(10, 6, 2, 4, 5),
    cfg(10, 7, 1, 4, 4),
    cfg(10, 4, 3, 3, 3),
    cfg(10, 1, 5, 3, 3),
    cfg(10, 9, 0, 4, 4),
    cfg(10, 6, 2, 4, 4),
    // Level 6
    cfg(10, 3, 4, 3, 4),
    cfg(10, 0, 6, 3, 4),
    cfg(10, 8, 1, 4, 5),
    cfg(10, 5, 3, 4, 5),
    cfg(10, 2, 5, 3, 4),
    cfg(10, 3, 4, 3, 3),
    cfg(10, 0, 6, 3, 3),
    cfg(10, 8, 1, 4, 4),
    cfg(10, 5, 3, 4, 4),
    cfg(10, 2, 5, 3, 3),
    // Level 7
    cfg(10, 7, 2, 4, 5),
    cfg(10, 4, 4, 4, 5),
    cfg(13, 1, 6, 3, 4),
    cfg(13, 9, 1, 5, 6),
    cfg(10, 6, 3, 4, 5),
    cfg(10, 7, 2, 4, 4),
    cfg(10, 4, 4, 4, 4),
    cfg(13, 1, 6, 3, 3),
    cfg(13, 9, 1, 5, 5),
    cfg(10, 6, 3, 4, 4),
    // Level 8
    cfg(10, 0, 7, 3, 4),
    cfg(10, 8, 2, 5, 6),
    cfg(10, 5, 4, 4, 5),
    cfg(10, 2, 6, 4, 5),
    cfg(10, 7, 3, 5, 6),
    cfg(10, 0, 7, 3, 3),
    cfg(10, 8, 2, 5, 5),
    cfg(10, 5, 4, 4, 4),
    cfg(10, 2, 6, 4, 4),
    cfg(10, 7, 3, 5, 5),
];

/// Lowest level.
pub const MIN_LEVEL: u8 = 1;
/// Highest level.
pub const MAX_LEVEL: u8 = 8;

/// The ten configurations of `level` (1..=8); `None` for any other level.
pub fn level_configs(level: u8) -> Option<&'static [BoardConfig]> {
    if (MIN_LEVEL..=MAX_LEVEL).contains(&level) {
        let start = usize::from(level - 1) * 10;
        Some(&CONFIGS[start..start + 10])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payouts_rise_within_each_half_level() {
        for level in 1..=8 {
            let cs = level_configs(level).unwrap_or(&[]);
            assert_eq!(cs.len(), 10);
            for half in cs.chunks(5) {
                for w in half.windows(2) {
                    assert!(w[0].max_payout() < w[1].max_payout(), "level {level}");
                }
            }
        }
        assert_eq!(CONFIGS[70].max_payout(), 2187);
        assert_eq!(CONFIGS[79].max_payout(), 3456);
        assert!(level_configs(0).is_none() && level_configs(9).is_none());
    }
}
