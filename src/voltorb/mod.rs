//! Voltorb Flip (Pokémon HeartGold/SoulSilver): exact odds, the best move and a faithful game.
//!
//! - [`board`]: a 5×5 board of cards 0 (Voltorb), 1, 2, 3 packed into one integer.
//! - [`config`]: the game's table of board configurations per level.
//! - [`clues`]: row and column clues and revealed cards, validated with messages that name the
//!   line or card at fault.
//! - [`enumerate`]: every board consistent with the clues and the revealed cards.
//! - [`accepted`]: the exact number of boards the game's generator accepts for a configuration.
//! - [`odds`]: per-card probabilities under the `uniform` or the `game` weighting.
//! - [`policy`]: the move that maximises the chance of clearing the board.
//! - [`symmetry`]: row and column swaps that map a set of boards onto itself.
//! - [`team`]: what searchers sharing one best-move search (threads, workers) share.
//! - [`coins`]: the move that maximises the coins, and whether to quit.
//! - [`game`]: board generation, coins and level progression as in the game.
//! - [`explain`]: why a card is safe, what the best card tells, which configurations remain.
//! - [`analyze`]: the one-call analysis used by the CLI and the web page.
//! - [`timing`]: batch timings of fresh boards for the benchmarks (clock passed in).

pub mod accepted;
pub mod analyze;
pub mod board;
pub mod clues;
pub mod coins;
pub mod config;
pub mod enumerate;
pub mod error;
pub mod explain;
pub mod game;
pub mod line;
pub mod memo;
pub mod odds;
pub mod policy;
pub mod symmetry;
pub mod team;

pub use analyze::{Analysis, AnalyzeRequest, analyze};
pub use board::Board;
pub use clues::{Clues, Revealed};
pub use error::VoltorbError;
pub use line::Line;
pub use odds::Weighting;
