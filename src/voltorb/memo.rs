//! The best-move search's memory of board sets already valued: its own, or one shared by the
//! threads that search the first cards side by side (natively), or one kept outside (the page's
//! workers share a table in a buffer), so that a set one member has solved is not solved again
//! by another.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

/// A set's key: the sums of its boards' two hashes (or of the boards of one of its mirror
/// images: the best-move search keys sets by their orbits).
pub type Key = (u64, u64);

/// A set's value (its winning weight, settled boards left out) and whether it is exact (else an
/// upper bound).
pub type Known = (f64, bool);

/// Keys are already uniform hashes: fold them, no need to hash them again. (A multiply-rotate
/// fold, which also serves keys that are not uniform but many, such as boards' masks looked up
/// by the symmetry search.)
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    /// (An array of integers arrives as one slice of bytes: folded a word at a time.)
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let word: [u8; 8] = word.try_into().expect("chunks of 8 bytes");
            self.write_u64(u64::from_le_bytes(word));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// (A flat open-addressing table of 24-byte slots, key and value side by side, was no faster
/// on the browser benchmark's hardest deal, 8.9–9.1 s against 8.9 s on one thread: a lookup
/// misses the cache either way.)
type Table = HashMap<Key, Known, BuildHasherDefault<KeyHasher>>;

/// Locks taken by key, so that threads rarely wait for one another.
const SHARDS: usize = 64;

/// A memo several threads read and write.
pub struct SharedMemo {
    shards: Vec<Mutex<Table>>,
}

impl SharedMemo {
    pub fn new() -> Arc<Self> {
        Arc::new(SharedMemo {
            shards: (0..SHARDS).map(|_| Mutex::new(Table::default())).collect(),
        })
    }

    fn shard(&self, key: &Key) -> std::sync::MutexGuard<'_, Table> {
        // The low bits pick the slot inside a shard's table; the high ones pick the shard.
        let shard = &self.shards[(key.1 >> 58) as usize % SHARDS];
        // A thread that panicked holding the lock left a consistent table (inserts are whole).
        shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A memo kept outside the search: on the page, a table in a buffer the workers of a team
/// share. It may forget (a fixed-size table overwrites), which only costs solving a set again.
/// Like [`SharedMemo`], it should not replace an exact value by a bound, nor a bound by a
/// looser one, that another member recorded meanwhile.
pub trait MemoStore: Send {
    fn get(&self, key: &Key) -> Option<Known>;
    fn insert(&mut self, key: Key, known: Known);
}

/// Sets below this many boards stay in a page worker's own table, not the team's buffer: cheap
/// to solve again, they are most of the sets (three in four on the hardest fresh level-8 deal of
/// the browser benchmark), and a lookup in the buffer is a call out of wasm into 64 MiB. Against
/// sharing every set, the page's team of two on the browser benchmark's 1,000 deals (two
/// alternated runs): 42.5 and 44.5 s in all instead of 44.4 and 45.9, p99 0.88 and 0.90 s
/// instead of 0.92 and 0.93, slowest 3.4 and 3.7 s instead of 3.9 and 4.0 (from 96 boards: no
/// faster). Threads of one process share every set: their table is a locked hash map, and
/// keeping small sets apart took as long there while solving 10–18% more sets on the slowest
/// deals (one more deal of `gridwise bench voltorb` reached the node budget on two threads).
/// (Those figures are from 32 boards up. Since sets from 16 boards on are keyed by their orbits
/// (see the best-move search's `ORBIT_FROM`), sharing them from 16 was as fast or a little
/// faster on the hardest deal: 2.8–3.0 s against 2.9–3.2 s on the page, noisy; from 8, from 1
/// and from 64 boards, no faster.)
pub const SHARE_FROM: usize = 16;

/// The memo of one search: a table of its own, the table a team of threads shares, or for a
/// page worker the team's buffer for the sets of [`SHARE_FROM`] boards and more, with a table
/// of its own for the smaller ones (holding at most [`OWN_MAX`]).
pub enum Memo {
    Own(Table),
    Shared(Arc<SharedMemo>),
    External {
        team: Box<dyn MemoStore>,
        small: Table,
    },
}

/// Most sets a page team member's own table holds: past it the table starts again empty (its
/// sets are small, cheap to solve again). A hash map of this many entries stays within 2^19
/// buckets (about 17 MB). On the browser benchmark's 1,000 deals, the page's team of two grew
/// to 254 MB with it (workers and shared table), against 320 MB unbounded, and a phone's team
/// can have four; at 225,000, 216 MB, but one more deal reached the node budget, its members
/// solving small sets again.
const OWN_MAX: usize = 450_000;

impl Memo {
    pub fn own() -> Self {
        Memo::Own(Table::default())
    }

    /// A member's memo in a team of threads sharing `shared`.
    pub fn shared(shared: Arc<SharedMemo>) -> Self {
        Memo::Shared(shared)
    }

    /// A member's memo in a team sharing a table kept outside the search.
    pub fn external(team: Box<dyn MemoStore>) -> Self {
        Memo::External {
            team,
            small: Table::default(),
        }
    }

    /// What is known of a set of `boards` boards.
    pub fn get(&self, key: &Key, boards: usize) -> Option<Known> {
        match self {
            Memo::Own(table) => table.get(key).copied(),
            Memo::Shared(shared) => shared.shard(key).get(key).copied(),
            Memo::External { team, .. } if boards >= SHARE_FROM => team.get(key),
            Memo::External { small, .. } => small.get(key).copied(),
        }
    }

    /// Records what is known of a set of `boards` boards. In a shared memo an exact value is
    /// never replaced by a bound, nor a bound by a looser one, that another thread found
    /// meanwhile.
    pub fn insert(&mut self, key: Key, known: Known, boards: usize) {
        match self {
            Memo::Own(table) => {
                table.insert(key, known);
            }
            Memo::Shared(shared) => {
                let mut table = shared.shard(&key);
                let slot = table.entry(key).or_insert(known);
                if known.1 || (!slot.1 && known.0 < slot.0) {
                    *slot = known;
                }
            }
            Memo::External { team, .. } if boards >= SHARE_FROM => team.insert(key, known),
            Memo::External { small, .. } => {
                if small.len() >= OWN_MAX {
                    // Cleared, not dropped: the allocation is kept for the next sets.
                    small.clear();
                }
                small.insert(key, known);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A team's table that keeps nothing.
    struct Forgets;

    impl MemoStore for Forgets {
        fn get(&self, _: &Key) -> Option<Known> {
            None
        }

        fn insert(&mut self, _: Key, _: Known) {}
    }

    const SMALL: usize = SHARE_FROM - 1;

    #[test]
    fn a_team_members_own_table_of_small_sets_starts_again_when_full() {
        let mut memo = Memo::external(Box::new(Forgets));
        for i in 0..OWN_MAX as u64 {
            memo.insert((i, i), (0.5, true), SMALL);
        }
        assert_eq!(memo.get(&(0, 0), SMALL), Some((0.5, true)));
        memo.insert((u64::MAX, 1), (0.25, false), SMALL);
        assert_eq!(memo.get(&(0, 0), SMALL), None);
        assert_eq!(memo.get(&(u64::MAX, 1), SMALL), Some((0.25, false)));
        // Larger sets go to the team's table (here one that keeps nothing).
        memo.insert((7, 7), (0.5, true), SHARE_FROM);
        assert_eq!(memo.get(&(7, 7), SHARE_FROM), None);
    }

    #[test]
    fn a_search_alone_or_a_thread_of_a_team_keeps_every_set() {
        for mut memo in [Memo::own(), Memo::shared(SharedMemo::new())] {
            for i in 0..=OWN_MAX as u64 {
                memo.insert((i, i), (0.5, true), SMALL);
            }
            assert_eq!(memo.get(&(0, 0), SMALL), Some((0.5, true)));
            assert_eq!(memo.get(&(3, 3), SHARE_FROM), Some((0.5, true)));
        }
    }
}
