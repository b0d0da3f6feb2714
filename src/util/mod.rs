//! Helpers shared by several cores.

pub mod built_once;
pub mod place;
pub mod rng;
