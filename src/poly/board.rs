//! Boards: the cells to cover, on a square, hex or triangle grid, any shape with holes.

use serde::Serialize;

use super::error::PolyError;
use super::grid::GridKind;

/// A board: a `width` × `height` box of drawn positions, some of which are cells to cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The grid.
    pub kind: GridKind,
    /// Columns of the bounding box.
    pub width: usize,
    /// Rows of the bounding box.
    pub height: usize,
    /// Row-major: `cells[row * width + col]` is true for a cell to cover.
    pub cells: Vec<bool>,
}

impl Board {
    /// A full box of `height` rows of `width` cells (for a hex grid, odd rows shifted right;
    /// for a triangle grid, rows of triangles with zigzag ends: see
    /// [`Board::tri_parallelogram`] for the usual triangle board).
    pub fn rectangle(kind: GridKind, width: usize, height: usize) -> Board {
        Board {
            kind,
            width,
            height,
            cells: vec![true; width * height],
        }
    }

    /// A parallelogram of a triangle grid, `width` units along each of its `height` rows (so
    /// `2 × width` triangles a row), leaning left as it goes down: the board of the hexiamond
    /// "4×9" and "6×6" puzzles.
    pub fn tri_parallelogram(width: usize, height: usize) -> Result<Board, PolyError> {
        // Row r starts with an up triangle at column -r; the box then moves it to the right.
        let cells: Vec<(i32, i32)> = (0..height as i32)
            .flat_map(|r| (0..2 * width as i32).map(move |i| (i - r, r)))
            .collect();
        Board::from_cells(GridKind::Tri, &cells)
    }

    /// Parses `WxH` (e.g. `6x10`: 6 columns, 10 rows; on a triangle grid a parallelogram of
    /// `W` units by `H` rows).
    pub fn parse_size(kind: GridKind, text: &str) -> Result<Board, PolyError> {
        let bad = || PolyError::BadSize(text.to_string());
        let (w, h) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let w: usize = w.trim().parse().map_err(|_| bad())?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        if !(1..=64).contains(&w) || !(1..=64).contains(&h) {
            return Err(bad());
        }
        if kind == GridKind::Tri {
            return Board::tri_parallelogram(w, h);
        }
        Ok(Board::rectangle(kind, w, h))
    }

    /// A board from the drawn positions of its cells (the box is shrunk to fit them; on hex
    /// and triangle grids it keeps the parity that decides a cell's look, so a shape does not
    /// change when it is moved).
    pub fn from_cells(kind: GridKind, cells: &[(i32, i32)]) -> Result<Board, PolyError> {
        if cells.is_empty() {
            return Err(PolyError::EmptyBoard);
        }
        let (col_step, row_step) = kind.step();
        let mut min_col = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let mut min_row = cells.iter().map(|c| c.1).min().unwrap_or(0);
        min_col -= min_col.rem_euclid(col_step);
        min_row -= min_row.rem_euclid(row_step);
        let width = (cells.iter().map(|c| c.0).max().unwrap_or(0) - min_col + 1) as usize;
        let height = (cells.iter().map(|c| c.1).max().unwrap_or(0) - min_row + 1) as usize;
        let mut board = Board {
            kind,
            width,
            height,
            cells: vec![false; width * height],
        };
        for &(c, r) in cells {
            board.cells[(r - min_row) as usize * width + (c - min_col) as usize] = true;
        }
        Ok(board)
    }

    /// Removes a `w` × `h` block of cells centred on the board (e.g. the 2×2 hole of the 8×8
    /// pentomino board).
    pub fn with_centre_hole(mut self, w: usize, h: usize) -> Board {
        let (x0, y0) = (
            (self.width.saturating_sub(w)) / 2,
            (self.height.saturating_sub(h)) / 2,
        );
        for y in y0..(y0 + h).min(self.height) {
            for x in x0..(x0 + w).min(self.width) {
                self.cells[y * self.width + x] = false;
            }
        }
        self
    }

    /// Whether `(col, row)` is a cell of the board.
    pub fn has(&self, (col, row): (i32, i32)) -> bool {
        col >= 0
            && row >= 0
            && (col as usize) < self.width
            && (row as usize) < self.height
            && self.cells[row as usize * self.width + col as usize]
    }

    /// The cells, row by row, as `(col, row)`.
    pub fn cell_list(&self) -> Vec<(i32, i32)> {
        (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| (c as i32, r as i32)))
            .filter(|&p| self.has(p))
            .collect()
    }

    /// Number of cells to cover.
    pub fn area(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// The board drawn as text in the board file format (`.` cell, `#` no cell).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.kind != GridKind::Square {
            out.push_str(self.kind.name());
            out.push('\n');
        }
        for r in 0..self.height {
            for c in 0..self.width {
                out.push(if self.cells[r * self.width + c] {
                    '.'
                } else {
                    '#'
                });
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_sizes_are_named() {
        let b = Board::parse_size(GridKind::Square, "6x10").unwrap();
        assert_eq!((b.width, b.height, b.area()), (6, 10, 60));
        let e = Board::parse_size(GridKind::Square, "6by10").unwrap_err();
        assert!(e.to_string().contains("\"6by10\""));
        assert!(Board::parse_size(GridKind::Square, "0x3").is_err());
    }

    #[test]
    fn centre_hole() {
        let b = Board::rectangle(GridKind::Square, 8, 8).with_centre_hole(2, 2);
        assert_eq!(b.area(), 60);
        assert!(!b.has((3, 3)) && !b.has((4, 4)) && b.has((2, 3)));
    }

    #[test]
    fn hex_boards_keep_row_parity() {
        let b = Board::from_cells(GridKind::Hex, &[(3, 1), (4, 1), (3, 2)]).unwrap();
        assert_eq!(b.height, 3);
        assert!(b.has((0, 1)) && !b.has((0, 0)));
    }

    #[test]
    fn triangle_boards_keep_which_way_cells_point() {
        let b = Board::from_cells(GridKind::Tri, &[(3, 1), (4, 1), (3, 2)]).unwrap();
        // Moved by an even number of columns and rows: (3, 1) is still an up triangle.
        assert!(b.has((1, 1)) && GridKind::Tri.points_up((1, 1)));
        let p = Board::tri_parallelogram(9, 4).unwrap();
        assert_eq!((p.area(), p.width, p.height), (72, 22, 4));
        assert!(p.to_text().starts_with("tri\n"));
    }
}
