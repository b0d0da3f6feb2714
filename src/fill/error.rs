//! What can go wrong with a fill request: every variant names the offending value.

use thiserror::Error;

use super::{MAX_GAP, MAX_GROW, MAX_SIDE};
use crate::util::place::{ErrorPlace, Located};

/// A fill request that cannot be carried out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FillError {
    /// A side is zero or longer than [`MAX_SIDE`].
    #[error("the image is {width}×{height} pixels; each side must be between 1 and {MAX_SIDE}")]
    BadSize {
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
    },
    /// The pixel buffer does not hold exactly `width × height × 4` bytes.
    #[error(
        "the pixel buffer holds {actual} bytes, but a {width}×{height} RGBA image needs {expected}"
    )]
    BufferLength {
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
        /// Bytes expected.
        expected: u64,
        /// Bytes received.
        actual: u64,
    },
    /// The seed pixel lies outside the image.
    #[error("the pixel ({x}, {y}) is outside the {width}×{height} image")]
    SeedOutside {
        /// Seed column.
        x: i64,
        /// Seed row.
        y: i64,
        /// The width of the image.
        width: u32,
        /// The height of the image.
        height: u32,
    },
    /// The gap-closing size is larger than [`MAX_GAP`].
    #[error("gap size {0} is too large: at most {MAX_GAP} pixels")]
    GapTooLarge(u32),
    /// The grow-into-lines distance is larger than [`MAX_GROW`].
    #[error("growing {0} pixels into the lines is too far: at most {MAX_GROW} pixels")]
    GrowTooLarge(u32),
}

impl Located for FillError {
    /// the image's size or pixels, the seed (`x`), or the gap option.
    fn place(&self) -> ErrorPlace {
        match self {
            FillError::BadSize { .. } => ErrorPlace::field("width"),
            FillError::BufferLength { .. } => ErrorPlace::field("pixels"),
            FillError::SeedOutside { .. } => ErrorPlace::field("x"),
            FillError::GapTooLarge(_) => ErrorPlace::field("gap"),
            FillError::GrowTooLarge(_) => ErrorPlace::field("grow"),
        }
    }
}
