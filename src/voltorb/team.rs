//! Searchers that share one best-move search: threads in one process, or the page's workers,
//! which share no memory of their own but can share a buffer. The search only needs these hooks,
//! so the same code runs both (see [`super::policy::best_move_member`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// What the members of a team share about the first move.
pub trait Team: Sync {
    /// The next first card to try: its place in the order every member tries the cards in.
    fn take(&self) -> usize;
    /// The best value (winning weight) any member has found so far for a first card.
    fn floor(&self) -> f64;
    /// Tells the others that a first card wins `value`.
    fn raise(&self, value: f64);
    /// True for the first member to reach a forced first move (a safe card, a known
    /// multiplier): only that one solves it, the others answer nothing.
    fn claim_forced(&self) -> bool;
}

/// A team of threads of one process.
pub struct ThreadTeam {
    next: AtomicUsize,
    /// The bits of an `f64`.
    best: AtomicU64,
    forced: AtomicUsize,
}

impl ThreadTeam {
    pub fn new() -> Self {
        ThreadTeam {
            next: AtomicUsize::new(0),
            best: AtomicU64::new(f64::NEG_INFINITY.to_bits()),
            forced: AtomicUsize::new(0),
        }
    }
}

impl Default for ThreadTeam {
    fn default() -> Self {
        Self::new()
    }
}

impl Team for ThreadTeam {
    fn take(&self) -> usize {
        self.next.fetch_add(1, Ordering::Relaxed)
    }

    fn floor(&self) -> f64 {
        f64::from_bits(self.best.load(Ordering::Relaxed))
    }

    fn raise(&self, value: f64) {
        let mut seen = self.best.load(Ordering::Relaxed);
        while f64::from_bits(seen) < value {
            match self.best.compare_exchange_weak(
                seen,
                value.to_bits(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return,
                Err(now) => seen = now,
            }
        }
    }

    fn claim_forced(&self) -> bool {
        self.forced.fetch_add(1, Ordering::Relaxed) == 0
    }
}
