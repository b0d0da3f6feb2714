//! Square and hexagonal grid geometry: cell coordinates, neighbours and the grid's rotations and
//! reflections.
//!
//! Cells are addressed by `(col, row)` as drawn on screen. A hex grid uses the "odd-r" layout of
//! the Meteor puzzle: rows of hexagons with pointy tops, every odd row shifted half a cell to the
//! right. Rotations and reflections of hex cells are computed in axial coordinates `(q, r)` with
//! `q = col - (row - (row & 1)) / 2` and `r = row`, where translations are plain vector sums.

use serde::{Deserialize, Serialize};

/// The two kinds of grid a board and its pieces live on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GridKind {
    /// Squares, four neighbours each, eight symmetries.
    Square,
    /// Hexagons in odd-r offset rows, six neighbours each, twelve symmetries.
    Hex,
}

impl GridKind {
    /// The lower-case name used in files and on the page (`square`, `hex`).
    pub fn name(self) -> &'static str {
        match self {
            GridKind::Square => "square",
            GridKind::Hex => "hex",
        }
    }

    /// How many rotations and reflections the grid has (8 or 12).
    pub fn symmetry_count(self) -> usize {
        match self {
            GridKind::Square => 8,
            GridKind::Hex => 12,
        }
    }

    /// Converts a drawn `(col, row)` into lattice coordinates in which translations are sums.
    pub fn to_lattice(self, (col, row): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square => (col, row),
            GridKind::Hex => (col - (row - (row & 1)) / 2, row),
        }
    }

    /// The inverse of [`GridKind::to_lattice`].
    pub fn from_lattice(self, (q, r): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square => (q, r),
            GridKind::Hex => (q + (r - (r & 1)) / 2, r),
        }
    }

    /// Applies symmetry number `index` (`0..symmetry_count()`, 0 is the identity) to a lattice
    /// point.
    pub fn transform(self, index: usize, (x, y): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square => {
                let (x, y) = if index & 4 != 0 { (y, x) } else { (x, y) };
                let x = if index & 1 != 0 { -x } else { x };
                let y = if index & 2 != 0 { -y } else { y };
                (x, y)
            }
            GridKind::Hex => {
                // Cube coordinates (a, b, c) with a + b + c = 0.
                let (mut a, mut c) = (x, y);
                let mut b = -a - c;
                if index >= 6 {
                    std::mem::swap(&mut b, &mut c);
                }
                for _ in 0..index % 6 {
                    (a, b, c) = (-c, -a, -b);
                }
                (a, c)
            }
        }
    }

    /// The lattice offsets of a cell's neighbours.
    pub fn lattice_neighbours(self) -> &'static [(i32, i32)] {
        match self {
            GridKind::Square => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            GridKind::Hex => &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
        }
    }

    /// The drawn neighbours of `(col, row)` (possibly off any board).
    pub fn neighbours(self, cell: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
        let (q, r) = self.to_lattice(cell);
        self.lattice_neighbours()
            .iter()
            .map(move |&(dq, dr)| self.from_lattice((q + dq, r + dr)))
    }
}

/// Translates drawn cells so that the smallest lattice point (by row, then column) is the
/// origin, and sorts them: two shapes are equal up to translation exactly when their normal
/// forms are equal.
pub fn normalize(kind: GridKind, cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut lattice: Vec<(i32, i32)> = cells.iter().map(|&c| kind.to_lattice(c)).collect();
    lattice.sort_by_key(|&(q, r)| (r, q));
    lattice.dedup();
    let Some(&(q0, r0)) = lattice.first() else {
        return Vec::new();
    };
    lattice.iter().map(|&(q, r)| (q - q0, r - r0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_round_trips() {
        for kind in [GridKind::Square, GridKind::Hex] {
            for row in -5..5 {
                for col in -5..5 {
                    assert_eq!(kind.from_lattice(kind.to_lattice((col, row))), (col, row));
                }
            }
        }
    }

    #[test]
    fn symmetries_form_groups_of_the_right_size() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let p = (2, 1);
            let mut images: Vec<_> = (0..kind.symmetry_count())
                .map(|i| kind.transform(i, p))
                .collect();
            images.sort();
            images.dedup();
            assert_eq!(images.len(), kind.symmetry_count());
            // Every symmetry maps neighbours to neighbours.
            for i in 0..kind.symmetry_count() {
                let mut n: Vec<_> = kind
                    .lattice_neighbours()
                    .iter()
                    .map(|&d| kind.transform(i, d))
                    .collect();
                n.sort();
                let mut m = kind.lattice_neighbours().to_vec();
                m.sort();
                assert_eq!(n, m);
            }
        }
    }

    #[test]
    fn hex_neighbours_follow_the_odd_r_layout() {
        let mut even: Vec<_> = GridKind::Hex.neighbours((2, 2)).collect();
        even.sort();
        assert_eq!(even, vec![(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 2)]);
        let mut odd: Vec<_> = GridKind::Hex.neighbours((2, 1)).collect();
        odd.sort();
        assert_eq!(odd, vec![(1, 1), (2, 0), (2, 2), (3, 0), (3, 1), (3, 2)]);
    }
}
