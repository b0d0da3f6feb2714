//! Pockets cut off just below the frontier, found with one table lookup.
//!
//! The search fills the first empty position, so every position before it is filled and the
//! pockets a placement cuts off lie mostly in the few rows from the first empty one. On a
//! narrow board those rows fit in a small word: a pocket inside them that does not reach their
//! last row is closed, and if no set of pieces covers its size the state is dead. Whether a
//! pattern of those rows holds such a pocket depends only on the pattern (and, on hex and
//! triangle grids, on the parity of its first row), so it is worked out once per pattern, the
//! first time the search meets it, and looked up afterwards. On Meteor this takes 30% of the
//! search's nodes away for about the cost of the lone-cell test, which boards with a window
//! then do without; flooding pockets on every placement found the same ones but cost more
//! than it saved.

use std::cell::Cell;

use super::Bits;
use super::neighbours::Neighbours;

/// The most bits a window pattern may have: its table then has at most 2^17 entries.
const MAX_BITS: usize = 16;
/// Rows in a window: more find more pockets, but the table grows with them. Two-row windows
/// (boards 6-8 wide) cost more than they saved: pentominoes 6x10 39.7 -> 41.1 ms, dominoes 7x8
/// 506 -> 517 ms in one thread.
const MAX_ROWS: usize = 3;

/// Where each first empty position's window lies; built once per search.
pub(super) struct WindowLayout {
    /// Positions in a window, and in a row.
    bits: u32,
    width: u32,
    /// Per first empty position: the window's first position, and what to OR into the
    /// pattern: the parity of the window's first row (above the pattern's bits) and, as
    /// filled, the window's bits past the bitboard's end.
    at: Vec<(u32, usize)>,
}

impl WindowLayout {
    /// The layout for a board `width` positions wide with `positions` positions in all, or
    /// None when a window of `MAX_ROWS` rows does not fit in `MAX_BITS`.
    pub fn new<B: Bits>(width: usize, positions: usize) -> Option<Self> {
        let rows = MAX_ROWS;
        if rows * width > MAX_BITS {
            return None;
        }
        let bits = rows * width;
        let at = (0..positions)
            .map(|first| {
                let row = first / width;
                let base = row * width;
                let inside = B::CAPACITY.saturating_sub(base).min(bits);
                let past_end = ((1usize << bits) - 1) & !((1usize << inside) - 1);
                (base as u32, (row & 1) << bits | past_end)
            })
            .collect();
        Some(WindowLayout {
            bits: bits as u32,
            width: width as u32,
            at,
        })
    }

    /// A table for one engine, every pattern not yet worked out: per 64 patterns a word of
    /// those worked out and a word of those found dead, side by side (8 KB per 2^15
    /// patterns, so the lookups mostly hit the first-level cache).
    pub fn table(&self) -> Vec<Cell<u64>> {
        vec![Cell::new(0); ((2 << self.bits) / 64).max(1) * 2]
    }
}

/// True when `filled` (not the whole board) has a closed pocket below its frontier that no
/// set of pieces fills (`fillable[n]`: some set covers `n` positions).
#[inline(always)]
pub(super) fn window_dead<B: Bits>(
    layout: &WindowLayout,
    table: &[Cell<u64>],
    nb: &Neighbours<B>,
    fillable: &[bool],
    filled: B,
) -> bool {
    let first = (!filled).first();
    let (base, or) = layout.at[first];
    let pattern = ((filled >> base).low64() as usize) & ((1 << layout.bits) - 1);
    let index = pattern | or;
    let (word, bit) = (index / 64 * 2, index % 64);
    let (known, dead) = (&table[word], &table[word + 1]);
    if known.get() >> bit & 1 == 1 {
        return dead.get() >> bit & 1 == 1;
    }
    let is_dead = closed_pocket_unfillable(layout, nb, fillable, filled, base);
    known.set(known.get() | 1 << bit);
    dead.set(dead.get() | u64::from(is_dead) << bit);
    is_dead
}

/// Floods the empty positions of the window at `base` and tells whether one of its pockets
/// misses the window's last row and has a size no set of pieces covers.
#[cold]
fn closed_pocket_unfillable<B: Bits>(
    layout: &WindowLayout,
    nb: &Neighbours<B>,
    fillable: &[bool],
    filled: B,
    base: u32,
) -> bool {
    let (bits, width) = (layout.bits, layout.width);
    let window = (B::ALL >> (B::CAPACITY as u32 - bits)) << base;
    // A last row past the bitboard's end is all filled: no pocket reaches it.
    let last_start = base + bits - width;
    let last_row = if (last_start as usize) < B::CAPACITY {
        (B::ALL >> (B::CAPACITY as u32 - width)) << last_start
    } else {
        B::ZERO
    };
    let empty = !filled & window;
    let mut seeds = empty;
    while !seeds.is_zero() {
        let pocket = nb.pocket(seeds.lowest(), empty);
        seeds = seeds & !pocket;
        let closed = (pocket & last_row).is_zero();
        if closed
            && !fillable
                .get(pocket.count() as usize)
                .copied()
                .unwrap_or(false)
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::grid::GridKind;
    use crate::util::rng::Rng;

    /// The closed pockets of the rows `row..row + rows` of `filled`, by a plain search over
    /// grid coordinates: (size, whether it reaches the window's last row).
    fn pockets(
        kind: GridKind,
        (w, h): (usize, usize),
        filled: u64,
        row: usize,
        rows: usize,
    ) -> Vec<(usize, bool)> {
        let last = (row + rows).min(h);
        let empty = |x: i32, y: i32| {
            x >= 0
                && (x as usize) < w
                && (row as i32..last as i32).contains(&y)
                && filled >> (y as usize * w + x as usize) & 1 == 0
        };
        let mut seen = vec![false; w * h];
        let mut out = Vec::new();
        for y in row..last {
            for x in 0..w {
                if seen[y * w + x] || !empty(x as i32, y as i32) {
                    continue;
                }
                let (mut size, mut open) = (0, false);
                let mut stack = vec![(x as i32, y as i32)];
                seen[y * w + x] = true;
                while let Some((cx, cy)) = stack.pop() {
                    size += 1;
                    open |= cy as usize == row + rows - 1;
                    for (nx, ny) in kind.neighbours((cx, cy)) {
                        if empty(nx, ny) && !seen[ny as usize * w + nx as usize] {
                            seen[ny as usize * w + nx as usize] = true;
                            stack.push((nx, ny));
                        }
                    }
                }
                out.push((size, open));
            }
        }
        out
    }

    #[test]
    fn looked_up_answers_match_a_plain_flood_of_the_window() {
        for (kind, w, h) in [
            (GridKind::Hex, 5, 10),
            (GridKind::Square, 4, 12),
            (GridKind::Tri, 4, 9),
            (GridKind::Hex, 3, 21),
        ] {
            let positions = w * h;
            let layout = WindowLayout::new::<u64>(w, positions).unwrap();
            let rows = layout.bits as usize / w;
            let nb = Neighbours::<u64>::new(kind, w, h);
            // Sizes 0, 5, 10, … are fillable, as with pieces of five.
            let fillable: Vec<bool> = (0..=positions).map(|n| n % 5 == 0).collect();
            let table = layout.table();
            let mut rng = Rng::new(7);
            let (mut dead, mut alive) = (0, 0);
            for _ in 0..20_000 {
                // Everything before the first empty position is filled, as in the search.
                let first = rng.index(positions);
                let mut filled = (1u64 << first) - 1;
                for b in first + 1..positions {
                    if rng.below(3) == 0 {
                        filled |= 1 << b;
                    }
                }
                if positions < 64 {
                    filled |= !0 << positions;
                }
                let row = first / w;
                let expected = pockets(kind, (w, h), filled, row, rows)
                    .iter()
                    .any(|&(size, open)| !open && !fillable[size]);
                let got = window_dead(&layout, &table, &nb, &fillable, filled);
                assert_eq!(got, expected, "{kind:?} {w}x{h} filled {filled:#x}");
                if got {
                    dead += 1;
                } else {
                    alive += 1;
                }
            }
            assert!(
                dead > 100 && alive > 100,
                "{kind:?}: {dead} dead, {alive} alive"
            );
        }
    }

    #[test]
    fn only_narrow_boards_get_a_window() {
        assert!(WindowLayout::new::<u64>(5, 50).is_some());
        assert!(WindowLayout::new::<u64>(6, 60).is_none());
        assert!(WindowLayout::new::<u128>(10, 120).is_none());
        // One position wide: three rows of one.
        let thin = WindowLayout::new::<u64>(1, 20).unwrap();
        assert_eq!((thin.bits, thin.table().len()), (3, 2));
    }
}
