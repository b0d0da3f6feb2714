//! Pieces: a named shape of grid cells, how many copies there are, and its distinct
//! orientations (rotations and reflections with duplicates removed).

use serde::Serialize;

use super::error::PolyError;
use super::grid::{GridKind, normalize};

/// A piece type: one shape, possibly available several times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// The name shown to the user (a letter for pentominoes, a digit for Meteor).
    pub name: String,
    /// The grid the shape lives on.
    pub kind: GridKind,
    /// The shape's cells as drawn `(col, row)`, in any position.
    pub cells: Vec<(i32, i32)>,
    /// How many copies of this shape the set has (at least 1).
    pub count: usize,
}

impl Piece {
    /// A piece with one copy; fails if the cells are not connected.
    pub fn new(name: &str, kind: GridKind, cells: Vec<(i32, i32)>) -> Result<Piece, PolyError> {
        let piece = Piece {
            name: name.to_string(),
            kind,
            cells,
            count: 1,
        };
        if !piece.is_connected() {
            return Err(PolyError::Disconnected(piece.name));
        }
        Ok(piece)
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// True when every cell can be reached from every other across shared edges.
    pub fn is_connected(&self) -> bool {
        let Some(&first) = self.cells.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let c = seen[i];
            i += 1;
            for n in self.kind.neighbours(c) {
                if self.cells.contains(&n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len() == self.cells.len()
    }

    /// The shape's normal form (lattice coordinates, smallest cell at the origin, sorted).
    pub fn normal_form(&self) -> Vec<(i32, i32)> {
        normalize(self.kind, &self.cells)
    }

    /// All distinct orientations as normal forms in lattice coordinates (each sorted by row
    /// then column, so the first cell is the one a fill-first-empty search covers first).
    pub fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let lattice = self.normal_form();
        let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..self.kind.symmetry_count() {
            let moved: Vec<(i32, i32)> = lattice
                .iter()
                .map(|&p| self.kind.from_lattice(self.kind.transform(t, p)))
                .collect();
            let n = normalize(self.kind, &moved);
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    /// The free shape's canonical form: the smallest normal form over all orientations (equal
    /// for two pieces exactly when one can be turned or flipped into the other).
    pub fn canonical(&self) -> Vec<(i32, i32)> {
        self.orientations().into_iter().min().unwrap_or_default()
    }
}

/// Reads a piece from a path of steps between neighbouring cells, as the Meteor programs define
/// their pieces: `steps` are hex directions (0 = E, 1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE) taken
/// one after another from a start cell; every visited cell belongs to the piece.
pub fn hex_path(name: &str, steps: &[u8]) -> Result<Piece, PolyError> {
    // Lattice offsets of E, NE, NW, W, SW, SE (rows grow downwards).
    const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
    let mut at = (0, 0);
    let mut cells = vec![at];
    for &s in steps {
        let (dq, dr) = DIRS[usize::from(s) % 6];
        at = (at.0 + dq, at.1 + dr);
        if !cells.contains(&at) {
            cells.push(at);
        }
    }
    let drawn = cells
        .into_iter()
        .map(|p| GridKind::Hex.from_lattice(p))
        .collect();
    Piece::new(name, GridKind::Hex, drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str, rows: &[&str]) -> Piece {
        let mut cells = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == '#' {
                    cells.push((x as i32, y as i32));
                }
            }
        }
        Piece::new(name, GridKind::Square, cells).unwrap()
    }

    #[test]
    fn orientation_counts_match_the_shapes_symmetry() {
        assert_eq!(square("X", &[".#.", "###", ".#."]).orientations().len(), 1);
        assert_eq!(square("I", &["#####"]).orientations().len(), 2);
        assert_eq!(square("T", &["###", ".#.", ".#."]).orientations().len(), 4);
        assert_eq!(square("F", &[".##", "##.", ".#."]).orientations().len(), 8);
        assert_eq!(square("O", &["##", "##"]).orientations().len(), 1);
    }

    #[test]
    fn disconnected_pieces_are_refused() {
        let err = Piece::new("A", GridKind::Square, vec![(0, 0), (2, 0)]).unwrap_err();
        assert!(err.to_string().contains("not connected"));
    }

    #[test]
    fn hex_orientations() {
        // A straight line of three hexes has 3 orientations, a "triangle" of three has 2.
        let line = hex_path("l", &[0, 0]).unwrap();
        assert_eq!(line.orientations().len(), 3);
        let tri = hex_path("t", &[0, 4]).unwrap();
        assert_eq!(tri.orientations().len(), 2);
    }
}
