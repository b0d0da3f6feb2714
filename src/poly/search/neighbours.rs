//! The grid's neighbour relation as bitboard shifts, for the dead-pocket test that runs on
//! every placement the search tries.
//!
//! Each direction is one mask and one shift: the positions whose neighbour in that direction
//! is on the grid, moved onto that neighbour. Masking the sources instead of the targets lets
//! every grid (square, triangle, hex with shifted odd rows) use the same straight-line code:
//! four directions that shift towards higher positions and four towards lower ones, unused
//! ones with an empty mask. No branch depends on the grid, so the tests compile to a few
//! few dozen instructions.

use super::Bits;
use crate::poly::grid::GridKind;

/// The eight directions of a grid laid out row by row, `width` positions a row.
#[derive(Clone, Copy)]
pub(crate) struct Neighbours<B: Bits> {
    /// (sources, shift) of the directions towards higher positions.
    up: [(B, u32); 4],
    /// (sources, shift) of the directions towards lower positions.
    down: [(B, u32); 4],
}

impl<B: Bits> Neighbours<B> {
    /// The neighbours on a `kind` grid of `width` × `height` positions.
    pub fn new(kind: GridKind, width: usize, height: usize) -> Self {
        let w = width as u32;
        let mut first_col = B::ZERO;
        let mut last_col = B::ZERO;
        let mut even_rows = B::ZERO;
        let mut up_cells = B::ZERO;
        for y in 0..height {
            for x in 0..width {
                let b = B::bit(y * width + x);
                if x == 0 {
                    first_col = first_col | b;
                }
                if x == width - 1 {
                    last_col = last_col | b;
                }
                if y % 2 == 0 {
                    even_rows = even_rows | b;
                }
                if kind.points_up((x as i32, y as i32)) {
                    up_cells = up_cells | b;
                }
            }
        }
        let all = B::ALL;
        let none = (B::ZERO, 0);
        // Right and left neighbours: not across the row's end.
        let right = (!last_col, 1);
        let left = (!first_col, 1);
        match kind {
            GridKind::Square => Neighbours {
                up: [right, (all, w), none, none],
                down: [left, (all, w), none, none],
            },
            // A triangle pointing up has its third neighbour below, one pointing down above.
            GridKind::Tri => Neighbours {
                up: [right, (up_cells, w), none, none],
                down: [left, (!up_cells, w), none, none],
            },
            // Odd rows are shifted half a position right: from an even row the diagonal
            // neighbours are one column to the left, from an odd row one to the right.
            GridKind::Hex => {
                let even_not_first = even_rows & !first_col;
                let odd_not_last = !even_rows & !last_col;
                Neighbours {
                    up: [
                        right,
                        (all, w),
                        (even_not_first, w.saturating_sub(1)),
                        (odd_not_last, w + 1),
                    ],
                    down: [
                        left,
                        (all, w),
                        (even_not_first, w + 1),
                        (odd_not_last, w.saturating_sub(1)),
                    ],
                }
            }
        }
    }

    #[inline(always)]
    fn up(&self, i: usize, r: B) -> B {
        (r & self.up[i].0) << self.up[i].1
    }

    #[inline(always)]
    fn down(&self, i: usize, r: B) -> B {
        (r & self.down[i].0) >> self.down[i].1
    }

    /// The positions next to `r` (including positions off the board).
    #[inline(always)]
    pub fn grow(&self, r: B) -> B {
        (self.up(0, r) | self.up(1, r) | self.up(2, r) | self.up(3, r))
            | (self.down(0, r) | self.down(1, r) | self.down(2, r) | self.down(3, r))
    }

    /// The connected part of `within` that holds `seed` (a position of `within`), grown a
    /// whole frontier a step.
    pub fn pocket(&self, seed: B, within: B) -> B {
        let mut pocket = seed;
        loop {
            let grown = (self.grow(pocket) & within) | pocket;
            if grown == pocket {
                return pocket;
            }
            pocket = grown;
        }
    }

    /// The positions with at least one, two and three neighbours in `r`.
    pub fn counts(&self, r: B) -> (B, B, B) {
        let (mut one, mut two, mut three) = (B::ZERO, B::ZERO, B::ZERO);
        for n in [
            self.up(0, r),
            self.up(1, r),
            self.up(2, r),
            self.up(3, r),
            self.down(0, r),
            self.down(1, r),
            self.down(2, r),
            self.down(3, r),
        ] {
            three = three | (two & n);
            two = two | (one & n);
            one = one | n;
        }
        (one, two, three)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The neighbours of one position, as a sorted list.
    fn around(n: &Neighbours<u64>, i: usize) -> Vec<u32> {
        let mut g = n.grow(1u64 << i);
        let mut out = Vec::new();
        while g != 0 {
            out.push(g.trailing_zeros());
            g &= g - 1;
        }
        out
    }

    #[test]
    fn square_neighbours_stop_at_the_edges() {
        let n = Neighbours::<u64>::new(GridKind::Square, 4, 3);
        assert_eq!(around(&n, 0), vec![1, 4]);
        assert_eq!(around(&n, 5), vec![1, 4, 6, 9]);
        assert_eq!(around(&n, 7), vec![3, 6, 11]);
    }

    #[test]
    fn hex_neighbours_follow_the_shifted_rows() {
        // 5 wide, odd rows shifted half a position right.
        let n = Neighbours::<u64>::new(GridKind::Hex, 5, 4);
        // Position 7 = row 1 (odd), column 2: neighbours 6, 8 beside; 2, 3 above; 12, 13 below.
        assert_eq!(around(&n, 7), vec![2, 3, 6, 8, 12, 13]);
        // Position 12 = row 2 (even), column 2: 11, 13 beside; 6, 7 above; 16, 17 below.
        assert_eq!(around(&n, 12), vec![6, 7, 11, 13, 16, 17]);
        // Column 0 of an even row has no left diagonal; column 4 of an odd row no right one.
        assert_eq!(around(&n, 10), vec![5, 11, 15]);
        assert_eq!(around(&n, 9), vec![4, 8, 14]);
    }

    #[test]
    fn triangles_have_three_neighbours() {
        let n = Neighbours::<u64>::new(GridKind::Tri, 6, 2);
        // (0, 0) points up: right neighbour and the one below.
        assert_eq!(around(&n, 0), vec![1, 6]);
        // (1, 0) points down: left and right, nothing above row 0.
        assert_eq!(around(&n, 1), vec![0, 2]);
        // (1, 1) = position 7 points up: beside it 6 and 8, below it 13 (off the board).
        assert_eq!(around(&n, 7), vec![6, 8, 13]);
        // (0, 1) = position 6 points down: 7 beside and 0 above.
        assert_eq!(around(&n, 6), vec![0, 7]);
    }

    #[test]
    fn counts_tell_one_two_and_three_neighbours_apart() {
        let n = Neighbours::<u64>::new(GridKind::Square, 3, 3);
        let (one, two, _) = n.counts(0b000_000_101);
        // Position 1 touches both 0 and 2; 3 and 5 touch one each.
        assert_eq!(two, 0b010);
        assert_eq!(one & 0b111_111_111, 0b000_101_010);
        let (_, _, three) = n.counts(0b010_101_000);
        assert_eq!(three & 0b111_111_111, 0b000_010_000);
    }
}
