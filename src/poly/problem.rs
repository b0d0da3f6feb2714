//! A board and a piece set prepared for the search: positions laid out as bits, every placement
//! of every piece, the placements that can cover each cell first, and the board's symmetries
//! acting on placements.

use serde::Serialize;

use super::bits::{Bits, Wide};
use super::board::Board;
use super::error::PolyError;
use super::grid::GridKind;
use super::piece::Piece;
use super::search::neighbours::Neighbours;

/// The largest bit layout the search supports (the [`super::bits::Wide`] bitboard).
pub const MAX_POSITIONS: usize = 256;

/// One way to put a piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement<'a> {
    /// Index of the piece type in [`Problem::pieces`].
    pub piece: usize,
    /// The covered positions (bit indices), ascending; the first is the one it covers first.
    pub bits: &'a [u16],
}

/// Every placement of every piece, their positions stored end to end: Meteor has thousands of
/// placements, and an allocation for each one's positions (made while preparing, freed at the
/// end, scattered when a solution is drawn) cost `gridwise poly meteor` 4% of its time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Placements {
    pieces: Vec<u16>,
    /// Each placement's first position, kept apart: solutions are compared by these in search
    /// order, several times per solution found (read through `start` and `bits` instead,
    /// dominoes on 8x8 took 7.11 s rather than 6.63).
    firsts: Vec<u16>,
    /// Placement `i`'s positions are `bits[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    bits: Vec<u16>,
}

impl Placements {
    fn push(&mut self, piece: usize, bits: &[u16]) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.pieces.push(piece as u16);
        self.firsts.push(bits.first().copied().unwrap_or(0));
        self.bits.extend_from_slice(bits);
        self.start.push(self.bits.len() as u32);
    }

    pub(crate) fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Placement `id`'s first (lowest) position.
    #[inline]
    pub(crate) fn first_bit(&self, id: usize) -> u16 {
        self.firsts[id]
    }

    /// Placement `id`.
    #[inline]
    pub(crate) fn get(&self, id: usize) -> Placement<'_> {
        let range = self.start[id] as usize..self.start[id + 1] as usize;
        Placement {
            piece: usize::from(self.pieces[id]),
            bits: &self.bits[range],
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Placement<'_>> {
        (0..self.len()).map(|id| self.get(id))
    }
}

/// A tiling puzzle ready to search.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The board as given.
    pub board: Board,
    /// The piece types (equal shapes merged, counts added), in the order given.
    pub pieces: Vec<Piece>,
    /// Whether some pieces may stay unused (the pieces cover more than the board).
    pub allow_unused: bool,
    /// Bits per row of the layout (the board's shorter side for square boards).
    pub(crate) width: usize,
    /// Rows of the layout.
    pub(crate) height: usize,
    /// For each bit, the drawn cell index `row * board.width + col`, or `u32::MAX` off the board.
    pub(crate) bit_to_cell: Vec<u32>,
    /// Every placement of every piece.
    pub(crate) placements: Placements,
    /// `first[bit][piece]`: placements whose first bit is `bit`, minus those that cut off a
    /// pocket of the board (between the piece and the board's edge) that no set of pieces can
    /// fill.
    pub(crate) first: Vec<Vec<Vec<u32>>>,
    /// The board's symmetries (identity first), each as a map of placement indices.
    pub(crate) symmetries: Vec<Vec<u32>>,
    /// `fillable[n]`: some sub-multiset of the pieces covers exactly `n` cells.
    pub(crate) fillable: Vec<bool>,
}

impl Problem {
    /// Prepares `board` and `pieces`. Fails when the grids differ, the board is too large, or
    /// the areas differ (unless `allow_unused` and the pieces cover more than the board).
    pub fn new(board: Board, pieces: Vec<Piece>, allow_unused: bool) -> Result<Problem, PolyError> {
        let kind = board.kind;
        if board.area() == 0 {
            return Err(PolyError::EmptyBoard);
        }
        if pieces.is_empty() {
            return Err(PolyError::NoPieces);
        }
        if let Some(p) = pieces.iter().find(|p| p.kind != kind) {
            return Err(PolyError::KindMismatch {
                board: kind.name(),
                pieces: p.kind.name(),
            });
        }
        let pieces = merge_equal_shapes(pieces);
        if pieces.len() > 64 {
            return Err(PolyError::TooManyShapes(pieces.len()));
        }
        let area = board.area();
        let piece_area: usize = pieces.iter().map(|p| p.size() * p.count).sum();
        if piece_area < area || (piece_area > area && !allow_unused) {
            return Err(PolyError::AreaMismatch {
                board: area,
                pieces: piece_area,
            });
        }
        let allow_unused = piece_area > area;

        // Square boards are searched along their shorter side (transposed when wider than
        // tall): the frontier of a fill-first-empty search stays short and pockets show early.
        let transposed = kind == GridKind::Square && board.width > board.height;
        let (width, height) = if transposed {
            (board.height, board.width)
        } else {
            (board.width, board.height)
        };
        if width * height > MAX_POSITIONS {
            return Err(PolyError::BoardTooLarge {
                cells: width * height,
                max: MAX_POSITIONS,
            });
        }
        let to_drawn = |x: usize, y: usize| if transposed { (y, x) } else { (x, y) };
        let mut bit_to_cell = vec![u32::MAX; width * height];
        for y in 0..height {
            for x in 0..width {
                let (c, r) = to_drawn(x, y);
                if board.cells[r * board.width + c] {
                    bit_to_cell[y * width + x] = (r * board.width + c) as u32;
                }
            }
        }
        let is_cell = |x: i32, y: i32| {
            x >= 0
                && y >= 0
                && (x as usize) < width
                && (y as usize) < height
                && bit_to_cell[y as usize * width + x as usize] != u32::MAX
        };

        // Every placement, anchored at its first cell.
        let mut placements = Placements::default();
        let mut scratch = Vec::new();
        for (pi, piece) in pieces.iter().enumerate() {
            for orientation in piece.orientations() {
                // The shape's first cell goes on (x, y); on a triangle grid only cells that
                // point the same way give whole triangles.
                let first = orientation.first().copied().unwrap_or((0, 0));
                for y in 0..height as i32 {
                    for x in 0..width as i32 {
                        if !is_cell(x, y) {
                            continue;
                        }
                        let (q, r) = kind.to_lattice((x, y));
                        let (q0, r0) = (q - first.0, r - first.1);
                        // Most shifts fall off the board: the positions are gathered in a
                        // scratch list and only a placement that fits gets its own.
                        scratch.clear();
                        for &(dq, dr) in &orientation {
                            let (cx, cy) = kind.from_lattice((q0 + dq, r0 + dr));
                            if !is_cell(cx, cy) {
                                scratch.clear();
                                break;
                            }
                            scratch.push((cy as usize * width + cx as usize) as u16);
                        }
                        if scratch.is_empty() {
                            continue;
                        }
                        scratch.sort_unstable();
                        placements.push(pi, &scratch);
                    }
                }
            }
        }

        let fillable = subset_sums(&pieces, area);
        let board_layout = Layout {
            kind,
            width,
            height,
            bit_to_cell: &bit_to_cell,
        };
        let first = match width * height {
            n if n <= 64 => board_layout.first::<u64>(&placements, pieces.len(), &fillable),
            n if n <= 128 => board_layout.first::<u128>(&placements, pieces.len(), &fillable),
            _ => board_layout.first::<Wide>(&placements, pieces.len(), &fillable),
        };

        let index = AnchorIndex::new(&placements, pieces.len(), width * height);
        let mut image = Vec::new();
        let symmetries = board_symmetries(kind, width, height, &is_cell)
            .into_iter()
            .enumerate()
            .map(|(g, map)| {
                // The identity (listed first) maps every placement to itself.
                if g == 0 {
                    return (0..placements.len() as u32).collect();
                }
                placements
                    .iter()
                    .map(|p| {
                        image.clear();
                        image.extend(p.bits.iter().map(|&b| map[usize::from(b)]));
                        image.sort_unstable();
                        index.find(&placements, p.piece, &image).unwrap_or(u32::MAX)
                    })
                    .collect::<Vec<u32>>()
            })
            .filter(|m| !m.contains(&u32::MAX))
            .collect();

        Ok(Problem {
            board,
            pieces,
            allow_unused,
            width,
            height,
            bit_to_cell,
            placements,
            first,
            symmetries,
            fillable,
        })
    }

    /// Number of bit positions in the layout.
    pub fn positions(&self) -> usize {
        self.width * self.height
    }

    /// How many placements the search considers in all (after pocket pruning).
    pub fn placement_count(&self) -> usize {
        self.first.iter().flatten().map(Vec::len).sum()
    }

    /// The board's symmetry group order (1 when it has none but the identity).
    pub fn symmetry_order(&self) -> usize {
        self.symmetries.len()
    }

    /// Draws a solution given as placement indices: for each drawn cell of the board's box,
    /// the index of the piece copy covering it (copies of a type numbered in order of their
    /// first cell, types in order), or -1 off the board.
    pub fn labels(&self, solution: &[u32]) -> Vec<i16> {
        let mut out = vec![-1i16; self.board.width * self.board.height];
        self.labels_into(solution, &mut out);
        out
    }

    /// [`Problem::labels`] into a buffer of `board.width * board.height` entries (no
    /// allocation when every piece has one copy).
    pub fn labels_into(&self, solution: &[u32], out: &mut [i16]) {
        out.fill(-1);
        let mut paint = |p: Placement, label: i16| {
            for &b in p.bits {
                let cell = self.bit_to_cell[usize::from(b)];
                if let Some(slot) = out.get_mut(cell as usize) {
                    *slot = label;
                }
            }
        };
        if self.pieces.iter().all(|p| p.count == 1) {
            for &i in solution {
                let p = self.placements.get(i as usize);
                paint(p, p.piece as i16);
            }
            return;
        }
        let mut offsets = Vec::with_capacity(self.pieces.len());
        let mut sum = 0;
        for p in &self.pieces {
            offsets.push(sum);
            sum += p.count;
        }
        let mut sorted: Vec<Placement> = solution
            .iter()
            .map(|&i| self.placements.get(i as usize))
            .collect();
        sorted.sort_by_key(|p| p.bits[0]);
        let mut used = vec![0usize; self.pieces.len()];
        for p in sorted {
            let label = (offsets[p.piece] + used[p.piece]) as i16;
            used[p.piece] += 1;
            paint(p, label);
        }
    }

    /// For each piece copy (as numbered by [`Problem::labels`]), the index of its type.
    pub fn copy_types(&self) -> Vec<usize> {
        self.pieces
            .iter()
            .enumerate()
            .flat_map(|(i, p)| std::iter::repeat_n(i, p.count))
            .collect()
    }
}

/// A prepared puzzle as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct Description {
    /// The board (grid, box size, row-major cell flags).
    pub board: Board,
    /// The piece types: name, grid, cells as given, count.
    pub pieces: Vec<Piece>,
    /// For each piece copy (solution label), its type index.
    pub copy_types: Vec<usize>,
    /// Cells on the board.
    pub area: usize,
    /// Cells of all pieces together.
    pub piece_area: usize,
    /// Order of the board's symmetry group.
    pub symmetries: usize,
    /// Whether some pieces will stay unused.
    pub allow_unused: bool,
}

impl Problem {
    /// The puzzle as the page draws it.
    pub fn describe(&self) -> Description {
        Description {
            board: self.board.clone(),
            pieces: self.pieces.clone(),
            copy_types: self.copy_types(),
            area: self.board.area(),
            piece_area: self.pieces.iter().map(|p| p.size() * p.count).sum(),
            symmetries: self.symmetry_order(),
            allow_unused: self.allow_unused,
        }
    }
}

/// Merges pieces of equal free shape into one type, adding their counts.
fn merge_equal_shapes(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<(Vec<(i32, i32)>, Piece)> = Vec::new();
    for p in pieces {
        let canon = p.canonical();
        if let Some((_, q)) = out.iter_mut().find(|(c, _)| *c == canon) {
            q.count += p.count;
        } else {
            out.push((canon, p));
        }
    }
    out.into_iter().map(|(_, p)| p).collect()
}

/// `sums[n]` is true when some sub-multiset of the pieces has `n` cells (`n` up to `max`).
fn subset_sums(pieces: &[Piece], max: usize) -> Vec<bool> {
    let mut sums = vec![false; max + 1];
    sums[0] = true;
    for p in pieces {
        for _ in 0..p.count {
            for n in (p.size()..=max).rev() {
                if sums[n - p.size()] {
                    sums[n] = true;
                }
            }
        }
    }
    sums
}

/// The board's bit layout, while a problem is prepared.
struct Layout<'a> {
    kind: GridKind,
    width: usize,
    height: usize,
    bit_to_cell: &'a [u32],
}

impl Layout<'_> {
    /// `first[bit][piece]` (see [`Problem::first`]): the placements by their first position and
    /// piece, without those that cut off a pocket of the empty board that no set of pieces
    /// fills. Flooded on the search's bitboard, a whole frontier a step rather than a position
    /// at a time (Meteor's preparation 0.54 -> 0.45 ms).
    fn first<B: Bits>(
        &self,
        placements: &Placements,
        pieces: usize,
        fillable: &[bool],
    ) -> Vec<Vec<Vec<u32>>> {
        let positions = self.width * self.height;
        let nb = Neighbours::<B>::new(self.kind, self.width, self.height);
        let cells = (0..positions)
            .filter(|&b| self.bit_to_cell[b] != u32::MAX)
            .fold(B::ZERO, |set, b| set | B::bit(b));
        let mut first = vec![vec![Vec::new(); pieces]; positions];
        let connected = nb.pocket(cells.lowest(), cells) == cells;
        for (id, p) in placements.iter().enumerate() {
            let mask = p
                .bits
                .iter()
                .fold(B::ZERO, |set, &b| set | B::bit(usize::from(b)));
            let empty = cells & !mask;
            let keep = if connected && one_pocket(empty, mask, &nb) {
                fillable
                    .get(empty.count() as usize)
                    .copied()
                    .unwrap_or(false)
            } else {
                pockets_fillable(empty, &nb, fillable)
            };
            if keep {
                first[usize::from(p.bits[0])][p.piece].push(id as u32);
            }
        }
        first
    }
}

/// On a connected board, whether placing `mask` leaves the `empty` positions in one piece:
/// every pocket then touches the mask, so one flood that reaches all of the mask's empty
/// neighbours proves it, and that flood stops as soon as it has them, a few steps around the
/// piece instead of across the whole board (Meteor: a flood for each of its thousands of
/// placements). False when the flood closes before (several pockets: flood them all).
fn one_pocket<B: Bits>(empty: B, mask: B, nb: &Neighbours<B>) -> bool {
    let seeds = nb.grow(mask) & empty;
    if seeds.is_zero() {
        return false;
    }
    let mut region = seeds.lowest();
    loop {
        if (seeds & !region).is_zero() {
            return true;
        }
        let grown = (nb.grow(region) & empty) | region;
        if grown == region {
            return false;
        }
        region = grown;
    }
}

/// True when every connected pocket of the `empty` positions has a fillable size.
fn pockets_fillable<B: Bits>(empty: B, nb: &Neighbours<B>, fillable: &[bool]) -> bool {
    let mut left = empty;
    while !left.is_zero() {
        let pocket = nb.pocket(left.lowest(), left);
        if !fillable
            .get(pocket.count() as usize)
            .copied()
            .unwrap_or(false)
        {
            return false;
        }
        left = left & !pocket;
    }
    true
}

/// The placements of each piece by their first position, to find a placement from its
/// positions: a lookup compares the few placements that share its piece and first position.
struct AnchorIndex {
    pieces: usize,
    /// `ids[start[k]..start[k + 1]]` are the placements of group `k = anchor * pieces + piece`.
    start: Vec<u32>,
    ids: Vec<u32>,
}

impl AnchorIndex {
    fn new(placements: &Placements, pieces: usize, positions: usize) -> Self {
        let group = |p: Placement| usize::from(p.bits[0]) * pieces + p.piece;
        let mut start = vec![0u32; positions * pieces + 1];
        for p in placements.iter() {
            start[group(p) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut ids = vec![0u32; placements.len()];
        for (id, p) in placements.iter().enumerate() {
            let k = group(p);
            ids[next[k] as usize] = id as u32;
            next[k] += 1;
        }
        AnchorIndex { pieces, start, ids }
    }

    /// The placement of `piece` on exactly the (sorted) positions `bits`.
    fn find(&self, placements: &Placements, piece: usize, bits: &[u16]) -> Option<u32> {
        let k = usize::from(*bits.first()?) * self.pieces + piece;
        let range = *self.start.get(k)? as usize..*self.start.get(k + 1)? as usize;
        self.ids[range].iter().copied().find(|&id| {
            let other = placements.get(id as usize).bits;
            // The last positions tell most placements of a group apart.
            other.last() == bits.last() && other == bits
        })
    }
}

/// The board's symmetries as maps from bit to bit (identity first).
fn board_symmetries(
    kind: GridKind,
    width: usize,
    height: usize,
    is_cell: &dyn Fn(i32, i32) -> bool,
) -> Vec<Vec<u16>> {
    let cells: Vec<(i32, i32)> = (0..height as i32)
        .flat_map(|y| (0..width as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| is_cell(x, y))
        .collect();
    let lattice: Vec<(i32, i32)> = cells.iter().map(|&c| kind.to_lattice(c)).collect();
    let min = |pts: &[(i32, i32)]| pts.iter().map(|&(q, r)| (r, q)).min().unwrap_or((0, 0));
    let (r0, q0) = min(&lattice);
    let mut sorted = lattice.clone();
    sorted.sort_unstable();
    let mut out = Vec::new();
    for t in 0..kind.symmetry_count() {
        let moved: Vec<(i32, i32)> = lattice.iter().map(|&p| kind.transform(t, p)).collect();
        let (r1, q1) = min(&moved);
        let shifted: Vec<(i32, i32)> = moved
            .iter()
            .map(|&(q, r)| (q - q1 + q0, r - r1 + r0))
            .collect();
        let mut check = shifted.clone();
        check.sort_unstable();
        if check != sorted {
            continue;
        }
        let mut map = vec![0u16; width * height];
        for (i, &(x, y)) in cells.iter().enumerate() {
            let (nx, ny) = kind.from_lattice(shifted[i]);
            map[y as usize * width + x as usize] = (ny as usize * width + nx as usize) as u16;
        }
        out.push(map);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::format::parse_board;
    use crate::poly::library::{meteor_board, meteor_pieces, parse_piece_spec};

    /// The one-flood shortcut keeps exactly the placements that flooding every pocket keeps.
    #[test]
    fn one_pocket_agrees_with_flooding_every_pocket() {
        let cases = [
            (meteor_board(), meteor_pieces()),
            (
                parse_board("........\n...##...\n...##...\n........\n").unwrap(),
                parse_piece_spec("pentominoes").unwrap(),
            ),
            (
                parse_board(".....\n.....\n.....\n.....\n").unwrap(),
                parse_piece_spec("1x3*6,1x2").unwrap(),
            ),
        ];
        let (mut shortcut, mut several) = (0, 0);
        for (board, pieces) in cases {
            let problem = Problem::new(board, pieces, true).unwrap();
            let nb = Neighbours::<u64>::new(problem.board.kind, problem.width, problem.height);
            let cells = (0..problem.positions())
                .filter(|&b| problem.bit_to_cell[b] != u32::MAX)
                .fold(0u64, |set, b| set | 1 << b);
            assert_eq!(nb.pocket(cells & cells.wrapping_neg(), cells), cells);
            for p in problem.placements.iter() {
                let mask = p.bits.iter().fold(0u64, |set, &b| set | 1 << b);
                let empty = cells & !mask;
                let full = pockets_fillable(empty, &nb, &problem.fillable);
                if one_pocket(empty, mask, &nb) {
                    shortcut += 1;
                    let size = empty.count_ones() as usize;
                    assert_eq!(problem.fillable.get(size).copied().unwrap_or(false), full);
                } else {
                    several += 1;
                }
            }
        }
        // Both ways were taken: most placements by the shortcut, some past it.
        assert!(shortcut > several && several > 0, "{shortcut} {several}");
    }
}
