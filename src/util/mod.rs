//! Helpers shared by several cores.

pub mod rng;
