//! Square, hexagonal and triangular grid geometry: cell coordinates, neighbours and the grid's
//! rotations and reflections.
//!
//! Cells are addressed by `(col, row)` as drawn on screen. A hex grid uses the "odd-r" layout of
//! the Meteor puzzle: rows of hexagons with pointy tops, every odd row shifted half a cell to the
//! right. Rotations and reflections of hex cells are computed in axial coordinates `(q, r)` with
//! `q = col - (row - (row & 1)) / 2` and `r = row`, where translations are plain vector sums.
//!
//! A triangle grid has rows of triangles pointing alternately up and down; cell `(col, row)`
//! points up when `col + row` is even, and neighbouring cells in a row share a slanted edge.
//! Its lattice coordinates are the triangles' centres, tripled so that they are integers, in the
//! oblique basis of the grid's vertices (one step right, one step down-right): an up triangle
//! sits at `(2, 2)` and a down triangle at `(1, 1)` modulo 3. Turns and flips about a vertex
//! are then integer linear maps, and the grid's translations are the multiples of 3.

use serde::{Deserialize, Serialize};

/// Where [`GridKind::from_lattice`] puts a point that is no cell (off every board).
pub const OFF_GRID: (i32, i32) = (i32::MIN, i32::MIN);

/// The kinds of grid a board and its pieces live on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GridKind {
    /// Squares, four neighbours each, eight symmetries.
    Square,
    /// Hexagons in odd-r offset rows, six neighbours each, twelve symmetries.
    Hex,
    /// Triangles pointing up and down in turn, three neighbours each, twelve symmetries.
    Tri,
}

impl GridKind {
    /// The lower-case name used in files and on the page (`square`, `hex`, `tri`).
    pub fn name(self) -> &'static str {
        match self {
            GridKind::Square => "square",
            GridKind::Hex => "hex",
            GridKind::Tri => "tri",
        }
    }

    /// The grid named by a board or pieces file's header line (`square`, `hex`, `tri` or
    /// `triangle`, any case).
    pub fn from_name(name: &str) -> Option<GridKind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "square" => Some(GridKind::Square),
            "hex" => Some(GridKind::Hex),
            "tri" | "triangle" => Some(GridKind::Tri),
            _ => None,
        }
    }

    /// How many rotations and reflections the grid has (8 or 12).
    pub fn symmetry_count(self) -> usize {
        match self {
            GridKind::Square => 8,
            GridKind::Hex | GridKind::Tri => 12,
        }
    }

    /// Whether cell `(col, row)` of a triangle grid points up (false on other grids).
    pub fn points_up(self, (col, row): (i32, i32)) -> bool {
        self == GridKind::Tri && (col + row).rem_euclid(2) == 0
    }

    /// How far apart the first cells of a box's rows or columns must be moved for a shape to
    /// keep its look: 2 rows on a hex grid (odd rows are shifted), 2 rows and columns on a
    /// triangle grid (which way a triangle points depends on both), 1 otherwise.
    pub fn step(self) -> (i32, i32) {
        match self {
            GridKind::Square => (1, 1),
            GridKind::Hex => (1, 2),
            GridKind::Tri => (2, 2),
        }
    }

    /// Converts a drawn `(col, row)` into lattice coordinates in which translations are sums.
    pub fn to_lattice(self, (col, row): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square => (col, row),
            GridKind::Hex => (col - (row - (row & 1)) / 2, row),
            GridKind::Tri => {
                if self.points_up((col, row)) {
                    (3 * (col - row).div_euclid(2) - 1, 3 * row + 2)
                } else {
                    (3 * (col - row - 1).div_euclid(2) + 1, 3 * row + 1)
                }
            }
        }
    }

    /// The inverse of [`GridKind::to_lattice`]. On a triangle grid a point that is no
    /// triangle's centre maps to [`OFF_GRID`], which is off every board.
    pub fn from_lattice(self, (q, r): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square => (q, r),
            GridKind::Hex => (q + (r - (r & 1)) / 2, r),
            GridKind::Tri => match (q.rem_euclid(3), r.rem_euclid(3)) {
                (2, 2) => {
                    let (i, row) = ((q + 1) / 3, (r - 2) / 3);
                    (2 * i + row, row)
                }
                (1, 1) => {
                    let (i, row) = ((q - 1).div_euclid(3), (r - 1) / 3);
                    (2 * i + row + 1, row)
                }
                _ => OFF_GRID,
            },
        }
    }

    /// The translation of the grid that brings lattice point `p` nearest the origin (from
    /// above): `p` itself on square and hex grids, the multiple of 3 below it on a triangle
    /// grid, where only those keep every triangle pointing the same way.
    pub fn snap(self, (q, r): (i32, i32)) -> (i32, i32) {
        match self {
            GridKind::Square | GridKind::Hex => (q, r),
            GridKind::Tri => (3 * q.div_euclid(3), 3 * r.div_euclid(3)),
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
            GridKind::Tri => {
                // In the oblique basis a turn by 60° sends (x, y) to (-y, x + y) and the flip
                // across the basis' diagonal swaps x and y; both fix the vertex at the origin.
                let (mut x, mut y) = if index >= 6 { (y, x) } else { (x, y) };
                for _ in 0..index % 6 {
                    (x, y) = (-y, x + y);
                }
                (x, y)
            }
        }
    }

    /// The lattice offsets of a cell's neighbours (for a triangle grid, of an up triangle's;
    /// a down triangle's are their negatives).
    pub fn lattice_neighbours(self) -> &'static [(i32, i32)] {
        match self {
            GridKind::Square => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            GridKind::Hex => &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
            GridKind::Tri => &[(-1, 2), (2, -1), (-1, -1)],
        }
    }

    /// The drawn neighbours of `(col, row)` (possibly off any board).
    pub fn neighbours(self, cell: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
        let (q, r) = self.to_lattice(cell);
        let sign = if self == GridKind::Tri && !self.points_up(cell) {
            -1
        } else {
            1
        };
        self.lattice_neighbours()
            .iter()
            .map(move |&(dq, dr)| self.from_lattice((q + sign * dq, r + sign * dr)))
    }
}

/// Translates drawn cells so that the smallest lattice point (by row, then column) is as near
/// the origin as a translation of the grid can bring it (on it, except on a triangle grid),
/// and sorts them: two shapes are equal up to translation exactly when their normal forms are
/// equal.
pub fn normalize(kind: GridKind, cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let lattice: Vec<(i32, i32)> = cells.iter().map(|&c| kind.to_lattice(c)).collect();
    normalize_lattice(kind, lattice)
}

/// [`normalize`] for lattice points.
pub fn normalize_lattice(kind: GridKind, mut lattice: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    lattice.sort_by_key(|&(q, r)| (r, q));
    lattice.dedup();
    let Some(&first) = lattice.first() else {
        return Vec::new();
    };
    let (q0, r0) = kind.snap(first);
    lattice.iter().map(|&(q, r)| (q - q0, r - r0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_round_trips() {
        for kind in [GridKind::Square, GridKind::Hex, GridKind::Tri] {
            for row in -5..5 {
                for col in -5..5 {
                    assert_eq!(kind.from_lattice(kind.to_lattice((col, row))), (col, row));
                }
            }
        }
    }

    #[test]
    fn symmetries_form_groups_of_the_right_size() {
        for kind in [GridKind::Square, GridKind::Hex, GridKind::Tri] {
            let p = if kind == GridKind::Tri {
                (5, 2)
            } else {
                (2, 1)
            };
            let mut images: Vec<_> = (0..kind.symmetry_count())
                .map(|i| kind.transform(i, p))
                .collect();
            images.sort();
            images.dedup();
            assert_eq!(images.len(), kind.symmetry_count());
            // Every symmetry maps neighbours to neighbours (on a triangle grid, an up
            // triangle's to an up or a down triangle's).
            for i in 0..kind.symmetry_count() {
                let mut n: Vec<_> = kind
                    .lattice_neighbours()
                    .iter()
                    .map(|&d| kind.transform(i, d))
                    .collect();
                n.sort();
                let mut m = kind.lattice_neighbours().to_vec();
                m.sort();
                let mut negated: Vec<_> = m.iter().map(|&(q, r)| (-q, -r)).collect();
                negated.sort();
                assert!(
                    n == m || (kind == GridKind::Tri && n == negated),
                    "{kind:?} {i}"
                );
            }
        }
    }

    #[test]
    fn triangle_neighbours_share_an_edge() {
        // (2, 0) points up: its neighbours are left, right and below.
        let mut up: Vec<_> = GridKind::Tri.neighbours((2, 0)).collect();
        up.sort();
        assert_eq!(up, vec![(1, 0), (2, 1), (3, 0)]);
        // (3, 2) points down: left, right and above.
        let mut down: Vec<_> = GridKind::Tri.neighbours((3, 2)).collect();
        down.sort();
        assert_eq!(down, vec![(2, 2), (3, 1), (4, 2)]);
        // Every symmetry sends triangle centres to triangle centres.
        for i in 0..12 {
            for cell in [(0, 0), (1, 0), (4, 3), (3, 3)] {
                let p = GridKind::Tri.transform(i, GridKind::Tri.to_lattice(cell));
                assert_ne!(GridKind::Tri.from_lattice(p), OFF_GRID, "{i} {cell:?}");
            }
        }
    }

    #[test]
    fn triangle_translations_keep_the_pointing() {
        // An up and a down triangle differ by no translation of the grid.
        assert_ne!(
            normalize(GridKind::Tri, &[(0, 0)]),
            normalize(GridKind::Tri, &[(1, 0)])
        );
        assert_eq!(
            normalize(GridKind::Tri, &[(0, 0), (1, 0)]),
            normalize(GridKind::Tri, &[(4, 2), (5, 2)])
        );
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
