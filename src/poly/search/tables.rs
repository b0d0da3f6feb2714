//! What the search reads and never changes: the candidate placements for each first empty
//! position, the grid's neighbour relation, the pruning data and how the board's symmetry is
//! broken. Built once per search and borrowed by the engine, so the hot loop reads them
//! through a plain reference.

use super::Bits;
use super::Restriction;
use super::dead::{KeyLayout, PiecesCode};
use super::neighbours::Neighbours;
use super::window::WindowLayout;
use crate::poly::problem::Problem;

/// How many neighbouring positions (right, and the three below) select a candidate list.
pub(super) const NEAR: usize = 4;

/// How the board's symmetry is broken (see `symmetry::choose_restriction`): one piece type
/// with one copy may take only one placement of each orbit.
pub(super) enum Breaking<B: Bits> {
    /// The board has no symmetry to break (or pieces may stay unused).
    None,
    /// The restricted piece goes first, on each allowed placement in turn, and the board is
    /// filled around it: its few placements split the search into independent parts.
    Preplace { piece: usize, first: Vec<(B, u32)> },
    /// The restricted piece is placed in its turn like the others, on allowed placements
    /// only; once the first empty position is past `last`, the last first position of an
    /// allowed placement, a search that has not placed it is dead.
    InTurn { piece: usize, last: usize },
}

pub(super) struct Tables<B: Bits> {
    /// Piece types.
    pub types: usize,
    /// Candidate placements' masks, grouped by first position, by which of the `NEAR`
    /// positions next to it are filled (a 4-bit key) and by piece:
    /// `start[((pos << NEAR) | key) * types + piece]` begins a group. Only candidates that fit
    /// the key's filled neighbours are listed, so fewer are tried and rejected. Kept only when
    /// there are no tagged masks (see [`Tables::mask`]).
    pub masks: Vec<B>,
    /// The placement index of each candidate (read only when one is taken).
    pub ids: Vec<u32>,
    pub start: Vec<u32>,
    /// Each candidate's mask with its piece type's tag bit (`tag[t]`, a bit past the board's
    /// positions) set, when the board leaves a bit free for every type: a node's lists for
    /// all types then scan as one, each candidate tested against the filled positions and the
    /// used-up types in one AND (empty, and the tags zero, when they do not fit). The plain
    /// masks are not kept beside them: a second copy of every candidate made each member of
    /// Meteor's team write 93 KB more before its search, and the search read two lists.
    pub tagged: Vec<B>,
    /// Each piece type's tag bit (zero when the tags do not fit).
    pub tag: [B; 64],
    /// The first tag bit (the board's positions).
    pub tag_shift: u32,
    /// How many of the `NEAR` positions pick the list (0 on large boards).
    pub near_bits: usize,
    /// Positions per row of the layout.
    pub width: usize,
    /// The grid's neighbour relation, for growing regions.
    pub nb: Neighbours<B>,
    /// The board's positions.
    pub board: B,
    /// `fillable[n]`: some set of pieces covers exactly `n` cells.
    pub fillable: Vec<bool>,
    /// Each piece type's size.
    pub sizes: [u8; 64],
    /// Pockets bigger than this are not flooded to the end (any big pocket is fillable).
    pub region_cap: u32,
    /// No piece fills one cell, so a lone empty cell is a dead pocket, and there is no window
    /// to find it: the search then tests every placement for one. (With a window, the lone
    /// cells it misses, three rows and more below the frontier, were measured to cost less
    /// than testing for them: Meteor 3.0% and pentominoes 5x12 3.1% faster, 3.4% and 1.4%
    /// more nodes; 4x15 1% faster.)
    pub isolated_dead: bool,
    /// Where the rows below the frontier lie, on boards narrow enough to look their pockets
    /// up (see `window`).
    pub window: Option<WindowLayout>,
    /// Copies of each piece type.
    pub counts: Vec<u32>,
    /// The pieces left as a number, when that fits in 64 bits (see `dead::PiecesCode`): the
    /// code of all pieces, and each type's step in it (0 when there is no code).
    pub all_pieces: u64,
    pub radix: [u64; 64],
    /// How a search state packs into a dead-end key, when it fits in 64 bits.
    pub layout: Option<KeyLayout>,
    pub breaking: Breaking<B>,
}

impl<B: Bits> Tables<B> {
    pub fn new(p: &Problem, restriction: Option<&Restriction>) -> Self {
        let types = p.pieces.len();
        let positions = p.positions();
        let w = p.width;
        let placement_masks: Vec<B> = p
            .placements
            .iter()
            .map(|pl| {
                pl.bits
                    .iter()
                    .fold(B::ZERO, |m, &b| m | B::bit(usize::from(b)))
            })
            .collect();
        let mask_of = |id: u32| placement_masks[id as usize];
        let breaking = match restriction {
            None => Breaking::None,
            Some(r) if preplace_pays(r) => Breaking::Preplace {
                piece: r.piece,
                first: r.allowed.iter().map(|&id| (mask_of(id), id)).collect(),
            },
            Some(r) => Breaking::InTurn {
                piece: r.piece,
                last: r
                    .allowed
                    .iter()
                    .map(|&id| usize::from(p.placements.first_bit(id as usize)))
                    .max()
                    .unwrap_or(0),
            },
        };
        let mut allowed = vec![true; p.placements.len()];
        if let Some(r) = restriction {
            for (id, pl) in p.placements.iter().enumerate() {
                if pl.piece == r.piece {
                    allowed[id] = false;
                }
            }
            if matches!(breaking, Breaking::InTurn { .. }) {
                for &id in &r.allowed {
                    allowed[id as usize] = true;
                }
            }
        }

        // Keyed lists multiply the candidates by up to 16: only for boards of up to 128 positions.
        let near_bits = if positions <= 128 { NEAR } else { 0 };
        let keys = 1usize << near_bits;
        let tags_fit = positions + types <= B::CAPACITY;
        let tag: [B; 64] = std::array::from_fn(|t| {
            if tags_fit && t < types {
                B::bit(positions + t)
            } else {
                B::ZERO
            }
        });
        // Per allowed candidate, which of the `NEAR` positions next to its first one it
        // covers: it is listed under the keys that leave all of those empty. Counted first,
        // so that the lists are built in place (Meteor: 11,616 entries).
        let near_covered = |pos: usize, id: u32| -> usize {
            let near = near_positions(pos, w);
            let mask = mask_of(id);
            (0..near_bits)
                .filter(|&k| near[k] < B::CAPACITY && mask.has(near[k]))
                .fold(0, |code, k| code | 1 << k)
        };
        let covered: Vec<Vec<Vec<(u32, usize)>>> = p
            .first
            .iter()
            .enumerate()
            .map(|(pos, per_piece)| {
                per_piece
                    .iter()
                    .map(|list| {
                        list.iter()
                            .filter(|&&id| allowed[id as usize])
                            .map(|&id| (id, near_covered(pos, id)))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let total: usize = covered
            .iter()
            .flatten()
            .flatten()
            .map(|&(_, near)| keys >> near.count_ones())
            .sum();
        let mut masks = Vec::with_capacity(if tags_fit { 0 } else { total });
        let mut ids = Vec::with_capacity(total);
        let mut tagged = Vec::with_capacity(if tags_fit { total } else { 0 });
        let mut start = Vec::with_capacity(positions * keys * types + 1);
        for per_piece in &covered {
            for key in 0..keys {
                for (t, list) in per_piece.iter().enumerate() {
                    start.push(ids.len() as u32);
                    for &(id, near) in list {
                        if near & key == 0 {
                            let mask = mask_of(id);
                            ids.push(id);
                            if tags_fit {
                                tagged.push(mask | tag[t]);
                            } else {
                                masks.push(mask);
                            }
                        }
                    }
                }
            }
        }
        start.push(ids.len() as u32);

        let (w, h) = (p.width, p.height);
        let mut board = B::ZERO;
        for bit in 0..w * h {
            if p.bit_to_cell[bit] != u32::MAX {
                board = board | B::bit(bit);
            }
        }
        let mut sizes = [0u8; 64];
        for (t, piece) in p.pieces.iter().enumerate() {
            sizes[t] = piece.size().min(255) as u8;
        }
        let counts: Vec<u32> = p.pieces.iter().map(|q| q.count.min(255) as u32).collect();
        let max_size = p.pieces.iter().map(|q| q.size()).max().unwrap_or(1) as u32;
        let pieces_code = PiecesCode::new(&counts);
        // The longest span of a placement the search makes from its first empty position
        // (preplaced pieces are named by their index instead).
        let reach = p
            .placements
            .iter()
            .enumerate()
            .filter(|&(id, _)| allowed[id])
            .map(|(_, pl)| {
                let (lo, hi) = pl
                    .bits
                    .iter()
                    .fold((u16::MAX, 0), |(lo, hi), &b| (lo.min(b), hi.max(b)));
                u32::from(hi.saturating_sub(lo)) + 1
            })
            .max()
            .unwrap_or(1);
        // One more than the restricted placements: a state whose restricted piece lies within
        // its window or behind it is keyed without naming the placement (see `dead`).
        let outer = match &breaking {
            Breaking::Preplace { first, .. } => first.len() + 1,
            _ => 1,
        };
        let layout = pieces_code
            .as_ref()
            .and_then(|c| KeyLayout::new(c.codes, reach, positions, outer));
        let window = WindowLayout::new::<B>(w, positions);
        Tables {
            types,
            masks,
            ids,
            start,
            tagged,
            tag,
            tag_shift: positions as u32,
            near_bits,
            width: w,
            nb: Neighbours::new(p.board.kind, w, h),
            board,
            fillable: p.fillable.clone(),
            sizes,
            region_cap: (3 * max_size).max(8),
            isolated_dead: !p.fillable.get(1).copied().unwrap_or(false) && window.is_none(),
            window,
            all_pieces: pieces_code.as_ref().map_or(0, |c| c.of(&counts)),
            radix: std::array::from_fn(|t| {
                pieces_code
                    .as_ref()
                    .and_then(|c| c.radix.get(t).copied())
                    .unwrap_or(0)
            }),
            counts,
            layout,
            breaking,
        }
    }

    /// Where the candidate lists for the first empty position `pos` of `filled` begin: the
    /// list of piece `t` is `list(base + t)`, chosen by which neighbouring positions are
    /// filled (beyond the bitboard counts as filled).
    #[inline(always)]
    pub fn candidate_base(&self, filled: B, pos: usize) -> usize {
        let w = self.width;
        let key = if self.near_bits == 0 {
            0
        } else if pos + w + 1 < B::CAPACITY {
            // The right neighbour, then the three positions below from left to right.
            let right = (filled >> (pos as u32 + 1)).low_word() & 1;
            let below = (filled >> ((pos + w - 1) as u32)).low_word() & 7;
            (right | below << 1) as usize
        } else {
            near_positions(pos, w)
                .iter()
                .enumerate()
                .map(|(k, &i)| usize::from(i >= B::CAPACITY || filled.has(i)) << k)
                .sum()
        };
        ((pos << self.near_bits) | key) * self.types
    }

    /// The candidates of list `i` (see [`Tables::candidate_base`]), on tables without tagged
    /// masks: their masks and their placement indices.
    #[inline(always)]
    pub fn list(&self, i: usize) -> (&[B], &[u32]) {
        debug_assert!(self.tagged.is_empty());
        let (s, e) = (self.start[i] as usize, self.start[i + 1] as usize);
        (&self.masks[s..e], &self.ids[s..e])
    }

    /// Where the candidates of list `i` lie (indices into `ids`, and `tagged` or `masks`).
    #[inline(always)]
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }

    /// Candidate `k`'s positions.
    #[inline(always)]
    pub fn mask(&self, k: usize) -> B {
        if self.tagged.is_empty() {
            self.masks[k]
        } else {
            // The tags lie past the board's positions.
            self.tagged[k] & self.board
        }
    }
}

/// The positions whose occupancy picks the candidate list at `pos`: its right neighbour and
/// the three positions below it (with one of them, on a hex grid, not a neighbour).
fn near_positions(pos: usize, width: usize) -> [usize; NEAR] {
    [pos + 1, pos + width - 1, pos + width, pos + width + 1]
}

/// Whether placing the restricted piece first pays: it does when the piece has few allowed
/// placements, each an independent search of the rest of the board in which that piece's
/// awkward places are settled at once (pentominoes' X, hexiamonds: 1.1–10× fewer steps
/// than placing it in turn). With many, the top of the board is searched again for each; but
/// the dead ends found under one placement are known under the others once the search has
/// passed it (see `Engine::memo_key`), and Meteor's 104 then take 20% fewer steps and 8-10%
/// less time than placing it in turn (which was 8% faster before the dead ends were shared).
fn preplace_pays(r: &Restriction) -> bool {
    r.allowed.len() <= PREPLACE_MAX
}

/// The most allowed placements for which the restricted piece is placed first (measured up
/// to Meteor's 104).
const PREPLACE_MAX: usize = 128;
