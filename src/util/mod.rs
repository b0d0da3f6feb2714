//! Helpers shared by several cores.

pub mod place;
pub mod rng;
