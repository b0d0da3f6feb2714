//! A memory of dead ends: search states whose whole subtree was searched and held no tiling.
//! Different sets of placements often cover the same positions with the same pieces, and the
//! fill-first-empty search then meets the same dead state again; looking it up costs one probe
//! of a small table instead of a subtree (on Meteor, two nodes in five).
//!
//! A state is packed whole into one 64-bit key, so a hit is never a false one and an entry is
//! one word (members of a [`Team`](super::Team) pass keys to each other without locks):
//! every position before the first empty one is filled, no piece placed so far reaches
//! `reach` positions past it, and the pre-placed restricted piece's placement is named by its
//! index while it reaches further (once it does not, one value stands for every placement), so
//! the state is (restricted placement, first empty position, the `reach` positions from it,
//! the pieces left). Puzzles whose keys would not fit in 64 bits search without the table.
//!
//! The table is direct-mapped (a newer entry replaces an older one in its slot) and small
//! enough to stay in the second-level cache: a bigger one keeps more states but each probe
//! then waits on memory, which costs more than it saves (measured on Meteor).
//!
//! The members of a team each keep a table of their own and tell each other their bigger dead
//! ends through a [`Log`]. One table shared by threads on two cores was tried first: each
//! store invalidates a cache line the other core soon reads, and where that transfer is slow
//! (on the development machine, for seconds at a time) the shared table made Meteor's
//! two-thread search 30% slower than in the host's good moments.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::Bits;

/// Slots in a table (a power of two): 512 KB.
const SLOTS: usize = 1 << 16;
/// Marks a used slot (keys are below it).
const USED: u64 = 1 << 63;

/// A table of dead states.
pub type DeadTable = Slots;

/// A new, empty table.
pub fn dead_table() -> DeadTable {
    Slots::new(SLOTS)
}

/// A table's slots, all zero to begin with.
///
/// They are made ready up front: a table from zeroed memory whose pages the system hands
/// over where states first land made `gridwise poly meteor` slower, the page faults then
/// falling inside both threads' searches (10% more CPU time, 86 more faults). On Linux the
/// system is asked for every page at once (one call instead of a fault per page, and no
/// clearing: fresh pages are zero); elsewhere the slots are cleared.
pub enum Slots {
    /// Pages mapped for the table alone: `len` slots at the pointer.
    #[cfg(target_os = "linux")]
    Mapped(std::ptr::NonNull<AtomicU64>, usize),
    Cleared(Box<[AtomicU64]>),
}

impl Slots {
    fn new(len: usize) -> Slots {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: an anonymous private mapping of the size asked for, checked for failure.
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len * std::mem::size_of::<AtomicU64>(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_POPULATE,
                    -1,
                    0,
                )
            };
            if at != libc::MAP_FAILED
                && let Some(at) = std::ptr::NonNull::new(at.cast::<AtomicU64>())
            {
                return Slots::Mapped(at, len);
            }
        }
        Slots::Cleared((0..len).map(|_| AtomicU64::new(0)).collect())
    }
}

// SAFETY: a mapped table is owned by its `Slots` alone (unmapped on drop) and holds atomics,
// so it may be handed to, and read from, another thread like the boxed one.
#[cfg(target_os = "linux")]
unsafe impl Send for Slots {}
#[cfg(target_os = "linux")]
unsafe impl Sync for Slots {}

impl std::ops::Deref for Slots {
    type Target = [AtomicU64];

    fn deref(&self) -> &[AtomicU64] {
        match self {
            // SAFETY: the mapping holds `len` slots, zeroed by the system, and lives as long
            // as `self`.
            #[cfg(target_os = "linux")]
            Slots::Mapped(at, len) => unsafe { std::slice::from_raw_parts(at.as_ptr(), *len) },
            Slots::Cleared(slots) => slots,
        }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Slots::Mapped(at, len) = self {
            // SAFETY: the mapping was made in `new` with this size and is not used again.
            unsafe {
                libc::munmap(at.as_ptr().cast(), *len * std::mem::size_of::<AtomicU64>());
            }
        }
    }
}

/// The dead ends one member of a team found, for the others to copy into their tables: a ring
/// of entries the member appends to, and how many it has appended. A reader copies what was
/// appended since it last looked; it reads each cache line of the ring once, in order, which
/// the processor streams, where a shared table cost a transfer per probe. A reader that falls
/// a whole ring behind skips what was overwritten: the entries are only a cache of dead ends.
pub struct Log {
    entries: Box<[AtomicU64]>,
    appended: Appended,
}

/// A log's count of appended entries, on cache lines of its own: the writer stores it with
/// every entry and the readers look now and then, so it must not share a line with anything
/// either of them writes.
#[repr(align(128))]
struct Appended(AtomicUsize);

/// Entries in a log's ring (64 KB): a member looks every `COPY_NODES` nodes, and appends far
/// fewer entries than this in that time.
const LOG_ENTRIES: usize = 1 << 13;

impl Log {
    pub fn new() -> Log {
        Log {
            entries: (0..LOG_ENTRIES).map(|_| AtomicU64::new(0)).collect(),
            appended: Appended(AtomicUsize::new(0)),
        }
    }

    /// Appends `key`. A log has one writer (its member), so the count it reads back is its own.
    #[inline(always)]
    pub fn append(&self, key: u64) {
        let n = self.appended.0.load(Ordering::Relaxed);
        self.entries[n % LOG_ENTRIES].store(key, Ordering::Relaxed);
        // Release: a reader that sees the count sees the entries before it.
        self.appended.0.store(n + 1, Ordering::Release);
    }

    /// Copies into `table` the entries appended since `*seen` (the reader's count of this
    /// log's entries it has copied), or the last ring's worth of them.
    pub fn copy_new(&self, seen: &mut usize, table: &[AtomicU64]) {
        let end = self.appended.0.load(Ordering::Acquire);
        // Every entry ever written is a dead state, so one overwritten while it is read (the
        // writer lapping the reader) is still a right one to remember.
        for i in (*seen).max(end.saturating_sub(LOG_ENTRIES))..end {
            remember_dead(table, self.entries[i % LOG_ENTRIES].load(Ordering::Relaxed));
        }
        *seen = end;
    }
}

impl Default for Log {
    fn default() -> Self {
        Log::new()
    }
}

/// How a state is packed into a key: the fields' widths, from the lowest bits up.
#[derive(Clone, Copy, Debug)]
pub struct KeyLayout {
    /// Bits of the pieces-left code.
    code_bits: u32,
    /// Positions covered from the first empty one (the longest placement's span).
    reach: u32,
    /// Bits of the first empty position.
    position_bits: u32,
}

/// Bits needed to write numbers below `n`.
fn bits_below(n: u64) -> u32 {
    u64::BITS - n.saturating_sub(1).leading_zeros()
}

impl KeyLayout {
    /// The layout for codes below `codes`, placements spanning up to `reach` positions,
    /// `positions` positions and `restricted` restricted placements, or None when the keys
    /// would not fit.
    pub fn new(codes: u64, reach: u32, positions: usize, restricted: usize) -> Option<Self> {
        let layout = KeyLayout {
            code_bits: bits_below(codes),
            reach,
            position_bits: bits_below(positions as u64),
        };
        let total = layout.code_bits + reach + layout.position_bits + bits_below(restricted as u64);
        (reach <= 64 && total < 64).then_some(layout)
    }

    /// Positions covered from the first empty one.
    pub fn reach(&self) -> u32 {
        self.reach
    }

    /// The key of the state: `filled` positions (the first empty one `first`) with `pieces`
    /// left (their code), under the restricted placement `outer`.
    #[inline(always)]
    pub fn key<B: Bits>(&self, filled: B, first: usize, pieces: u64, outer: u32) -> u64 {
        let first = first as u32;
        let window = (filled >> first).low64() & (u64::MAX >> (64 - self.reach.max(1)));
        let mut key = u64::from(outer);
        key = key << self.position_bits | u64::from(first);
        key = (key << self.reach) | window;
        key << self.code_bits | pieces
    }
}

#[inline(always)]
fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

/// Whether the state with this key is known to hold no tiling.
#[inline(always)]
pub fn known_dead(table: &[AtomicU64], key: u64) -> bool {
    table[slot(key)].load(Ordering::Relaxed) == key | USED
}

/// Starts loading the slot of `key`, so that a lookup soon after does not wait for memory.
#[inline(always)]
pub fn prefetch(table: &[AtomicU64], key: u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let slot: *const AtomicU64 = &table[slot(key)];
        // SAFETY: a prefetch only hints the cache; the address is a valid slot.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(slot.cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, key);
}

/// Remembers that the state with this key holds no tiling.
#[inline(always)]
pub fn remember_dead(table: &[AtomicU64], key: u64) {
    table[slot(key)].store(key | USED, Ordering::Relaxed);
}

/// The pieces left, as one number: `left[t]` in mixed radix (each type's digit runs from 0
/// to its copy count). Taking or giving back a copy of type `t` moves it by `radix[t]`.
pub struct PiecesCode {
    /// The code's step for each piece type.
    pub radix: Vec<u64>,
    /// How many codes there are (every code is below it).
    pub codes: u64,
}

impl PiecesCode {
    /// The radices for these copy counts, or None when the codes would not fit in 64 bits.
    pub fn new(counts: &[u32]) -> Option<PiecesCode> {
        let mut radix = Vec::with_capacity(counts.len());
        let mut r: u64 = 1;
        for &c in counts {
            radix.push(r);
            r = r.checked_mul(u64::from(c) + 1)?;
        }
        Some(PiecesCode { radix, codes: r })
    }

    /// The code of `counts` copies left of each type.
    pub fn of(&self, counts: &[u32]) -> u64 {
        self.radix
            .iter()
            .zip(counts)
            .map(|(r, &c)| r * u64::from(c))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_states_apart() {
        let layout = KeyLayout::new(1 << 10, 20, 50, 40).unwrap();
        let filled: u64 = 0b0111 | 1 << 9;
        let key =
            |f: u64, pieces, outer| layout.key(f, (!f).trailing_zeros() as usize, pieces, outer);
        let a = key(filled, 5, 3);
        assert_ne!(a, key(filled | 1 << 10, 5, 3));
        assert_ne!(a, key(filled, 6, 3));
        assert_ne!(a, key(filled, 5, 4));
        // The first empty position is part of the key: a later one is another state.
        assert_ne!(a, key(filled | 1 << 3, 5, 3));
        let table = dead_table();
        assert!(!known_dead(&table, a));
        remember_dead(&table, a);
        assert!(known_dead(&table, a));
        assert!(!known_dead(&table, a ^ 1));
    }

    #[test]
    fn logs_hand_dead_ends_over_and_skip_what_was_overwritten() {
        let log = Log::new();
        let mut seen = 0;
        let table = dead_table();
        for key in 1..=3 {
            log.append(key);
        }
        log.copy_new(&mut seen, &table);
        assert_eq!(seen, 3);
        assert!((1..=3).all(|key| known_dead(&table, key)));
        // A reader more than a ring behind copies only the last ring's worth.
        let ring = LOG_ENTRIES as u64;
        for key in 4..(4 + 2 * ring) {
            log.append(key);
        }
        let table = dead_table();
        log.copy_new(&mut seen, &table);
        assert_eq!(seen as u64, 3 + 2 * ring);
        // (An entry copied early may lose its slot to a later one; the last one cannot.)
        assert!(!known_dead(&table, 4 + ring - 1));
        assert!(known_dead(&table, 3 + 2 * ring));
    }

    #[test]
    fn layouts_that_do_not_fit_are_refused() {
        assert!(KeyLayout::new(1 << 20, 40, 64, 8).is_none());
        assert!(KeyLayout::new(1 << 10, 41, 60, 8).is_some());
    }

    #[test]
    fn pieces_codes_count_copies_in_mixed_radix() {
        let code = PiecesCode::new(&[2, 1, 3]).unwrap();
        assert_eq!(code.radix, vec![1, 3, 6]);
        assert_eq!(code.codes, 24);
        assert_eq!(code.of(&[2, 1, 3]), 23);
        assert!(PiecesCode::new(&[u32::MAX; 3]).is_none());
    }
}
