//! Finding and counting solutions with a band bitboard solver.
//!
//! The grid is split into three bands of three rows. For each digit and band a 27-bit mask
//! holds the cells where the digit is still possible (bit `row_in_band * 9 + column`). That
//! layout makes the strongest cheap inference a table lookup: inside a band a digit occupies
//! each row once and each box once, so the rows × boxes occupancy pattern (9 bits) must admit a
//! one-to-one matching of rows to boxes, and every row/box segment outside all such matchings
//! is eliminated (pointing and claiming, and more, in one step). Across digits, bit-sliced
//! counters find naked singles and bivalue cells for all 27 cells of a band at once. When
//! propagation stalls, hidden singles in columns and the same matching across the three bands
//! of each stack (columns × bands) are looked for; only then does the search branch.
//!
//! How it branches depends on what is asked. Counting solutions (the generator's count to two,
//! the page's uniqueness line) guesses on a bivalue cell, the one that sees the most other
//! bivalue cells. Finding a first solution branches as tdoku does, on a digit's arrangement
//! (which row segment of each box it takes in a band, or which column of each band in a stack):
//! in the band or stack with the fewest arrangements left over all digits, the digit with the
//! fewest, one state per arrangement. The counts are free to keep: the matching tables hold
//! them above their cell bits. Against cells (first 5,000 puzzles of each set, alternated runs):
//! hardest-1905-11plus 33.9 → 28.2 µs a puzzle (108 → 88 propagations), and against the
//! sudoku crate in `gridwise bench` 0.87–0.90 → 1.13 times its speed; top1465 and 17-clue
//! unchanged.
//!
//! Counting stays on cells because arrangements made counting to two a quarter slower
//! (multi-solution-serg 3.1 → 4.1 µs a puzzle). And arrangements need a guard: chosen digit by
//! digit, they can overfill a segment (four digits that must go in its three cells) long
//! before any cell shows it, and on random grids with few givens the search walked into dead
//! subtrees (one grid ran for over a minute; an earlier attempt at the empty grid, 20 minutes).
//! Checking every band's and stack's segments before each branch cured that but cost the whole
//! gain, so instead the search gives up on arrangements after [`ARRANGEMENT_BUDGET`] branches
//! and starts again on cells. No benchmark puzzle comes near the budget, and each of 20,000
//! random grids of 3–22 givens is solved and counted within a millisecond.
//!
//! Measured and not kept: tdoku's other inference, that a minirow or minicolumn holds exactly
//! three digits (three that alone fit there fill it, three that must go there keep the others
//! out), cut propagations by a further 22% (88 → 69, tdoku's level: it makes 35 guesses a
//! puzzle on this set) but cost twice what it saved in this scalar layout; tdoku's SIMD box
//! layout gets it almost free. Nor did finding the matchable segments with shifts and masks
//! (a segment is matchable when the other two rows fill the other two boxes), in place of the
//! two lookups: its 30-odd operations made 17-clue 9% slower and the hard sets 5% slower
//! (ratios to the crate 0.93 → 0.85, 1.00 → 0.95, 1.15 → 1.10; it would pay only where whole
//! bands are reduced at once in vector registers). For scale, tdoku built on the same machine (clang 14, -O3
//! -mavx2) solved hardest-1905-11plus about 1.1 times as fast as the `sudoku` crate, top1465
//! 1.0 times and 17-clue 0.6 times (see `data/README.md`). Built for this machine's processor
//! (`-C target-cpu=native`, both solvers), the ratios moved little (17-clue 0.99 against
//! 0.92–0.95, top1465 1.02 against 1.00, hardest-1905-11plus 1.15 against 1.14, medians of 5
//! alternated rounds).

use super::grid::Grid;

const BAND: u32 = 0x7FF_FFFF;
const ROW: u32 = 0x1FF;

/// For a 9-bit row of a band: which of its three boxes hold a candidate (3 bits).
const BOX_OCCUPANCY: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut v = 0u8;
        if x & 0o007 != 0 {
            v |= 1;
        }
        if x & 0o070 != 0 {
            v |= 2;
        }
        if x & 0o700 != 0 {
            v |= 4;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// Where [`MATCHABLE_CELLS`] keeps how many matchings fit the pattern: above the cell bits, so
/// that masking cells with an entry drops it.
const ARRANGEMENTS_SHIFT: u32 = 27;

/// For a rows × boxes occupancy pattern (bit `row * 3 + box`): the 27-bit mask of the cells in
/// segments that belong to at least one row-to-box perfect matching inside the pattern, and
/// above them (at [`ARRANGEMENTS_SHIFT`]) how many such matchings there are.
const MATCHABLE_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut segments = 0u16;
        let mut count = 0u32;
        let mut m = 0;
        while m < 6 {
            if pattern & MATCHINGS[m] == MATCHINGS[m] {
                segments |= MATCHINGS[m];
                count += 1;
            }
            m += 1;
        }
        t[pattern as usize] = segment_cells(segments) | count << ARRANGEMENTS_SHIFT;
        pattern += 1;
    }
    t
};

/// For a cell of a band (0–26): the other cells of its row and box within the band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let row = ROW << (r * 9);
        let boxmask = 0x7 << (c / 3 * 3);
        let boxmask = boxmask | boxmask << 9 | boxmask << 18;
        t[i] = (row | boxmask) & !(1 << i);
        i += 1;
    }
    t
};

/// Three bits spread to stride 3 (bit k to bit 3k).
const SPREAD3: [u16; 8] = {
    let mut t = [0u16; 8];
    let mut x = 0;
    while x < 8 {
        t[x] = ((x & 1) | (x & 2) << 2 | (x & 4) << 4) as u16;
        x += 1;
    }
    t
};

/// Where [`STACK_ALLOWED`] keeps how many matchings fit the pattern, above its column bits.
const STACK_ARRANGEMENTS_SHIFT: u32 = 9;

/// For a stack's columns × bands pattern (bit `column * 3 + band`): per band (3 bits at
/// `band * 3`), the columns whose segment belongs to some column-to-band matching; from
/// [`STACK_ARRANGEMENTS_SHIFT`], how many matchings there are.
const STACK_ALLOWED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let cells = MATCHABLE_CELLS[pattern];
        // MATCHABLE_CELLS keeps segment (row, box) as bits row * 9 + box * 3: here row is the
        // column within the stack and box is the band.
        let mut v = 0u16;
        let mut c = 0;
        while c < 3 {
            let mut b = 0;
            while b < 3 {
                if cells >> (c * 9 + b * 3) & 1 != 0 {
                    v |= 1 << (b * 3 + c);
                }
                b += 1;
            }
            c += 1;
        }
        t[pattern] = v
            | ((MATCHABLE_CELLS[pattern] >> ARRANGEMENTS_SHIFT) as u16) << STACK_ARRANGEMENTS_SHIFT;
        pattern += 1;
    }
    t
};

/// The six row-to-box matchings of a band as segment masks (bit `row * 3 + box`), in the
/// order the search tries them.
const MATCHINGS: [u16; 6] = [
    1 | 1 << 4 | 1 << 8,
    1 | 1 << 5 | 1 << 7,
    1 << 1 | 1 << 3 | 1 << 8,
    1 << 1 | 1 << 5 | 1 << 6,
    1 << 2 | 1 << 3 | 1 << 7,
    1 << 2 | 1 << 4 | 1 << 6,
];

/// The cells of a set of segments (bit `row * 3 + box`) of a band.
const fn segment_cells(segments: u16) -> u32 {
    let mut cells = 0u32;
    let mut s = 0;
    while s < 9 {
        if segments >> s & 1 != 0 {
            cells |= 7 << ((s / 3) * 9 + (s % 3) * 3);
        }
        s += 1;
    }
    cells
}

/// A digit's columns × bands occupancy in a stack (bit `column * 3 + band`), from its columns
/// in each band (see [`State::digit_columns`]).
#[inline(always)]
fn stack_pattern(columns: &[u32; 3], stack: usize) -> usize {
    let shift = stack * 3;
    SPREAD3[((columns[0] >> shift) & 7) as usize] as usize
        | (SPREAD3[((columns[1] >> shift) & 7) as usize] as usize) << 1
        | (SPREAD3[((columns[2] >> shift) & 7) as usize] as usize) << 2
}

/// The column of a band cell repeated on the band's three rows.
const fn column_mask(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// Keeps the segments of `cells` (one digit in one band) that can be part of a valid
/// row-to-box arrangement; zero means the digit cannot be placed in this band at all.
#[inline(always)]
fn reduce_band(cells: u32) -> (u32, u8) {
    let pattern = band_pattern(cells);
    let entry = MATCHABLE_CELLS[pattern];
    (cells & entry, (entry >> ARRANGEMENTS_SHIFT) as u8)
}

/// A digit's rows × boxes occupancy in a band (bit `row * 3 + box`).
#[inline(always)]
fn band_pattern(cells: u32) -> usize {
    BOX_OCCUPANCY[(cells & ROW) as usize] as usize
        | (BOX_OCCUPANCY[((cells >> 9) & ROW) as usize] as usize) << 3
        | (BOX_OCCUPANCY[(cells >> 18) as usize] as usize) << 6
}

/// A 9-bit row itself when it holds exactly one cell, else 0.
const LONE_CELL: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 9 {
        t[1 << i] = 1 << i;
        i += 1;
    }
    t
};

/// The cells of rows that hold exactly one candidate: there the digit is decided.
#[inline(always)]
fn row_singles(cells: u32) -> u32 {
    LONE_CELL[(cells & ROW) as usize] as u32
        | (LONE_CELL[((cells >> 9) & ROW) as usize] as u32) << 9
        | (LONE_CELL[(cells >> 18) as usize] as u32) << 18
}

/// The search state: candidates per digit and band, and the cells not yet decided.
#[derive(Clone, Copy)]
struct State {
    /// `cand[digit * 3 + band]`: where the digit may still go in the band.
    cand: [u32; 27],
    /// Bit `i` set: `cand[i]` changed since it was last reduced.
    dirty: u32,
    /// Bit `d` set: digit `d` changed since its columns were last checked for hidden singles.
    columns_stale: u32,
    /// Bit `d` set: digit `d` changed since its stacks were last checked for locked columns.
    stacks_stale: u32,
    /// Cells of each band whose digit is not decided yet.
    open: [u32; 3],
    /// How many row-to-box arrangements each digit has left in each band (`[band][digit]`)
    /// and column-to-band ones in each stack (`[3 + stack][digit]`), as last reduced.
    arrangements: [[u8; 9]; 6],
}

impl State {
    fn from_grid(grid: &Grid) -> State {
        let mut s = State {
            cand: [BAND; 27],
            dirty: BAND,
            columns_stale: 0x1FF,
            stacks_stale: 0x1FF,
            open: [BAND; 3],
            arrangements: [[6; 9]; 6],
        };
        // The givens are placed here, their digits struck from their rows, columns and boxes,
        // rather than left for the first propagation to find as singles: that first pass then
        // reduced 27 nearly full bands for nothing (17-clue puzzles: 11% of their time).
        for (cell, &value) in grid.cells.iter().enumerate() {
            if value != 0 {
                let (band, pos) = (cell / 27, cell % 27);
                let (bit, digit) = (1u32 << pos, value as usize - 1);
                let own = digit * 3 + band;
                if s.cand[own] & bit == 0 {
                    // An earlier given of this digit sees the cell: no solution (an empty
                    // band makes the propagation fail).
                    s.cand[own] = 0;
                    continue;
                }
                // Every band is dirty already: no change tracking.
                s.place_tracked::<false>(band, pos, digit);
            }
        }
        s
    }

    /// Decides band cell `pos` as `digit`, a candidate there: strikes the other digits from
    /// the cell and the digit from the cell's row, box and column.
    #[inline(always)]
    fn place(&mut self, band: usize, pos: usize, digit: usize) {
        self.place_tracked::<true>(band, pos, digit);
    }

    /// [`State::place`], noting what changed in `dirty` when `TRACK` (the givens are placed
    /// untracked, every band being dirty already: tracking them cost 17-clue puzzles 3%).
    #[inline(always)]
    fn place_tracked<const TRACK: bool>(&mut self, band: usize, pos: usize, digit: usize) {
        let bit = 1u32 << pos;
        let mut strike = |i: usize, cells: u32| {
            if TRACK {
                self.remove(i, cells);
            } else {
                self.cand[i] &= !cells;
            }
        };
        for d in 0..9 {
            if d != digit {
                strike(d * 3 + band, bit);
            }
        }
        strike(digit * 3 + band, BAND_PEERS[pos]);
        let columns = column_mask(1 << (pos % 9));
        strike(digit * 3 + (band + 1) % 3, columns);
        strike(digit * 3 + (band + 2) % 3, columns);
        self.open[band] &= !bit;
    }

    /// Removes `cells` from `cand[i]`, noting whether that changed anything.
    #[inline(always)]
    fn remove(&mut self, i: usize, cells: u32) {
        let before = self.cand[i];
        let after = before & !cells;
        self.cand[i] = after;
        self.dirty |= u32::from(after != before) << i;
    }

    /// Leaves only `digit` as a candidate of the band cell(s) `bit`; propagation places it.
    #[inline(always)]
    fn restrict(&mut self, band: usize, bit: u32, digit: usize) {
        for d in 0..9 {
            if d != digit {
                self.remove(d * 3 + band, bit);
            }
        }
    }

    /// Propagates until nothing changes; false on a contradiction.
    ///
    /// The band loop's code is sensitive to how the compiler lays it out: gathering the
    /// entries it reduced in a local mask (marking their digits stale once a round) together
    /// with masked table lookups that need no bounds check made every benchmark set about 12%
    /// slower.
    fn propagate(&mut self) -> bool {
        loop {
            // Per digit and band: row/box arrangements, decided rows, columns across bands.
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                let (cells, arrangements) = reduce_band(self.cand[i]);
                if cells == 0 {
                    return false;
                }
                self.cand[i] = cells;
                let (digit, band) = (i / 3, i % 3);
                self.arrangements[band][digit] = arrangements;
                self.columns_stale |= 1 << digit;
                self.stacks_stale |= 1 << digit;
                let fresh = row_singles(cells) & self.open[band];
                if fresh == 0 {
                    continue;
                }
                self.open[band] &= !fresh;
                self.restrict(band, fresh, digit);
                let columns = column_mask((fresh | fresh >> 9 | fresh >> 18) & ROW);
                let base = digit * 3;
                self.remove(base + (band + 1) % 3, columns);
                self.remove(base + (band + 2) % 3, columns);
            }

            // Across digits: open cells with no candidate fail, with one candidate are placed.
            let mut placed_any = false;
            for band in 0..3 {
                let open = self.open[band];
                if open == 0 {
                    continue;
                }
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[d * 3 + band];
                    two |= one & x;
                    one |= x;
                }
                if open & !one != 0 {
                    return false;
                }
                let mut singles = open & !two;
                if singles == 0 {
                    continue;
                }
                placed_any = true;
                self.open[band] &= !singles;
                while singles != 0 {
                    let pos = singles.trailing_zeros() as usize;
                    let bit = 1u32 << pos;
                    singles &= singles - 1;
                    let Some(digit) = (0..9).find(|&d| self.cand[d * 3 + band] & bit != 0) else {
                        // An earlier single in this batch took the cell's last candidate.
                        return false;
                    };
                    let base = digit * 3;
                    self.remove(base + band, BAND_PEERS[pos]);
                    let columns = column_mask(1 << (pos % 9));
                    self.remove(base + (band + 1) % 3, columns);
                    self.remove(base + (band + 2) % 3, columns);
                }
            }
            if !placed_any && !self.column_singles() && !self.stack_lines() {
                return true;
            }
        }
    }

    /// The stacks' counterpart of the band reduction, when propagation has stalled: per digit
    /// and stack (three columns), each column holds the digit in one band and each box once,
    /// so the columns × bands occupancy must admit a column-to-band matching, and column
    /// segments outside every matching go (pointing along columns, and claiming in boxes from
    /// columns). Returns true when anything went. Guesses fall by half on 17-clue puzzles, a
    /// third on top1465 and a tenth on the hardest (measured).
    fn stack_lines(&mut self) -> bool {
        let mut removed = false;
        let mut stale = self.stacks_stale;
        self.stacks_stale = 0;
        while stale != 0 {
            let digit = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let base = digit * 3;
            let occ = self.digit_columns(digit);
            for stack in 0..3 {
                let shift = stack * 3;
                let allowed = STACK_ALLOWED[stack_pattern(&occ, stack)];
                self.arrangements[3 + stack][digit] = (allowed >> STACK_ARRANGEMENTS_SHIFT) as u8;
                for (b, &columns) in occ.iter().enumerate() {
                    let keep = ((allowed >> (b * 3)) & 7) as u32;
                    let gone = (columns >> shift) & 7 & !keep;
                    if gone != 0 {
                        self.remove(base + b, column_mask(gone << shift));
                        removed = true;
                    }
                }
            }
        }
        removed
    }

    /// Hidden singles in columns (those in rows and boxes already follow from the band
    /// reduction): restricts each such cell to its digit. Returns true when any was found.
    fn column_singles(&mut self) -> bool {
        let mut found = false;
        let mut stale = self.columns_stale;
        self.columns_stale = 0;
        while stale != 0 {
            let digit = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let base = digit * 3;
            let (mut once, mut twice, mut open) = (0u32, 0u32, 0u32);
            for band in 0..3 {
                let a = self.cand[base + band];
                let (r0, r1, r2) = (a & ROW, (a >> 9) & ROW, a >> 18);
                let here = r0 | r1 | r2;
                twice |= (r0 & r1) | (r0 & r2) | (r1 & r2) | (once & here);
                once |= here;
                let o = a & self.open[band];
                open |= (o | o >> 9 | o >> 18) & ROW;
            }
            // A placed digit's column is always "single": only open cells are news.
            let mut single_columns = once & !twice & open;
            while single_columns != 0 {
                let column = single_columns.trailing_zeros();
                single_columns &= single_columns - 1;
                for band in 0..3 {
                    let cell = self.cand[base + band] & self.open[band] & column_mask(1 << column);
                    if cell != 0 {
                        self.place(band, cell.trailing_zeros() as usize, digit);
                        found = true;
                        break;
                    }
                }
            }
        }
        found
    }

    /// Per band, the columns (9 bits) where `digit` may still go.
    #[inline(always)]
    fn digit_columns(&self, digit: usize) -> [u32; 3] {
        std::array::from_fn(|band| {
            let x = self.cand[digit * 3 + band];
            (x | x >> 9 | x >> 18) & ROW
        })
    }

    fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The cell to guess on, as (band, bit position): the bivalue cell that sees the most
    /// other bivalue cells in its band (its answer then settles most), or else the first open
    /// cell.
    fn pick_cell(&self) -> (usize, usize) {
        let mut fallback = None;
        let mut best = None;
        let mut best_score = 0;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[d * 3 + band];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let bivalue = open & two & !three;
            let mut cells = bivalue;
            while cells != 0 {
                let pos = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                // Placing a digit here resolves most when many bivalue cells see it.
                let score = (BAND_PEERS[pos] & bivalue).count_ones() + 1;
                if score > best_score {
                    best_score = score;
                    best = Some((band, pos));
                }
            }
            if fallback.is_none() {
                fallback = Some((band, open.trailing_zeros() as usize));
            }
        }
        best.or(fallback).unwrap_or((0, 0))
    }

    /// What to branch on, as (digit, unit), unit 0–2 a band and 3–5 a stack: in the band or
    /// stack with the fewest arrangements left over all digits (but not settled), the digit with
    /// the fewest (at least two). None when every band and stack is settled.
    fn pick_arrangement(&self) -> Option<(usize, usize)> {
        let mut best = None;
        let mut best_total = u32::MAX;
        for (unit, counts) in self.arrangements.iter().enumerate() {
            let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
            if total > 9 && total < best_total {
                best_total = total;
                best = Some(unit);
            }
        }
        let unit = best?;
        let counts = &self.arrangements[unit];
        let digit = (0..9)
            .filter(|&d| counts[d] >= 2)
            .min_by_key(|&d| counts[d])?;
        Some((digit, unit))
    }

    /// Restricts `digit` in `unit` (as [`State::pick_arrangement`] gives it) to one
    /// arrangement: `segments` of the band (bit `row * 3 + box`) or of the stack (bit
    /// `column * 3 + band`).
    fn arrange(&mut self, digit: usize, unit: usize, segments: u16) {
        if unit < 3 {
            let i = digit * 3 + unit;
            self.remove(i, !segment_cells(segments));
            return;
        }
        let shift = (unit - 3) * 3;
        for band in 0..3 {
            let columns = u32::from(segments >> band & 1)
                | u32::from(segments >> (3 + band) & 1) << 1
                | u32::from(segments >> (6 + band) & 1) << 2;
            let gone = column_mask((7 & !columns) << shift);
            self.remove(digit * 3 + band, gone);
        }
    }

    fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for band in 0..3 {
            for d in 0..9 {
                let mut x = self.cand[d * 3 + band];
                while x != 0 {
                    let pos = x.trailing_zeros() as usize;
                    x &= x - 1;
                    cells[band * 27 + pos] = d as u8 + 1;
                }
            }
        }
        Grid { cells }
    }
}

/// How a search ended: run to the end or to a solution `visit` let it go past, stopped by
/// `visit`, or given up when its arrangement budget ran out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
    GiveUp,
}

/// Depth-first search calling `visit` for each solution, until `visit` returns false. With
/// `ARRANGE`, it branches on a digit's arrangement where one is chosen, spending one unit of
/// `budget` a branch, and gives up when the budget runs out.
fn search<const ARRANGE: bool>(
    mut state: State,
    visit: &mut dyn FnMut(&State) -> bool,
    budget: &mut u32,
) -> Flow {
    loop {
        if !state.propagate() {
            return Flow::Go;
        }
        if state.is_solved() {
            return if visit(&state) { Flow::Go } else { Flow::Stop };
        }
        if ARRANGE {
            if *budget == 0 {
                return Flow::GiveUp;
            }
            *budget -= 1;
            if let Some((digit, unit)) = state.pick_arrangement() {
                let pattern = if unit < 3 {
                    band_pattern(state.cand[digit * 3 + unit])
                } else {
                    stack_pattern(&state.digit_columns(digit), unit - 3)
                } as u16;
                let mut fits = MATCHINGS.iter().filter(|&&m| pattern & m == m).peekable();
                // Every arrangement but the last gets a copy of the state, as below.
                while let Some(&segments) = fits.next() {
                    if fits.peek().is_none() {
                        state.arrange(digit, unit, segments);
                        break;
                    }
                    let mut next = state;
                    next.arrange(digit, unit, segments);
                    let flow = search::<ARRANGE>(next, visit, budget);
                    if flow != Flow::Go {
                        return flow;
                    }
                }
                continue;
            }
        }
        let (band, pos) = state.pick_cell();
        let bit = 1u32 << pos;
        let mut digits: u32 = (0..9)
            .filter(|&d| state.cand[d * 3 + band] & bit != 0)
            .fold(0, |m, d| m | 1 << d);
        // Every candidate but the last gets a copy of the state; the last one is placed in this
        // one, since by then the others are known to fail.
        while digits & (digits - 1) != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut next = state;
            // Placed at once, not left for the propagation to find as a single (a round less).
            next.place(band, pos, digit);
            let flow = search::<ARRANGE>(next, visit, budget);
            if flow != Flow::Go {
                return flow;
            }
            state.remove(digit * 3 + band, bit);
        }
        state.place(band, pos, digits.trailing_zeros() as usize);
    }
}

/// Branches a first-solution search may take while it branches on arrangements; past them it
/// starts again, on cells. No puzzle of the benchmark sets (17-clue, top1465, hardest-1905-11plus,
/// multi-solution-serg) needs that many; random grids with a handful of givens can, where
/// arrangements chosen digit by digit may overfill a segment that no cell shows yet.
const ARRANGEMENT_BUDGET: u32 = 1000;

/// The first solution of `puzzle`, or `None` when it has none. The puzzle's givens are assumed
/// conflict-free (as [`Grid::parse`] guarantees).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let start = State::from_grid(puzzle);
    let mut found = None;
    let mut budget = ARRANGEMENT_BUDGET;
    let mut keep = |s: &State| {
        found = Some(s.grid());
        false
    };
    if search::<true>(start, &mut keep, &mut budget) == Flow::GiveUp {
        search::<false>(start, &mut keep, &mut 0);
    }
    found
}

/// The number of solutions of `puzzle`, counting at most `limit`.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    count_solutions_with(puzzle, limit, &mut |_| true)
}

/// Like [`count_solutions`], calling `progress(count)` after each solution found; the count
/// stops early when `progress` returns false.
pub fn count_solutions_with(
    puzzle: &Grid,
    limit: u64,
    progress: &mut dyn FnMut(u64) -> bool,
) -> u64 {
    if limit == 0 {
        return 0;
    }
    let mut n = 0;
    search::<false>(
        State::from_grid(puzzle),
        &mut |_| {
            n += 1;
            n < limit && progress(n)
        },
        &mut 0,
    );
    n
}

/// Calls `visit` with each solution of `puzzle` until it returns false.
pub fn for_each_solution(puzzle: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    search::<false>(State::from_grid(puzzle), &mut |s| visit(&s.grid()), &mut 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn matching_table_eliminates_locked_segments() {
        // Row 0 only in box 0 forces rows 1 and 2 out of box 0.
        let cells = 0b000_000_011 | (0b111_111_111 << 9) | (0b111_111_111 << 18);
        let (reduced, _) = reduce_band(cells);
        assert_eq!(reduced & ROW, 0b011);
        assert_eq!((reduced >> 9) & 0b111, 0);
        assert_eq!((reduced >> 18) & 0b111, 0);
        // A row with no candidate makes the band impossible.
        assert_eq!(reduce_band(0b111 << 9 | 0b111 << 21).0, 0);
    }

    #[test]
    fn arranging_a_stack_keeps_one_column_per_band() {
        let mut state = State::from_grid(&Grid::EMPTY);
        // Digit 1 in stack 1 (columns 3–5): band 0 takes the stack's column 1, band 1 its
        // column 0, band 2 its column 2 (segment bit column * 3 + band: 3, 1 and 8).
        state.arrange(0, 4, 1 << 3 | 1 << 1 | 1 << 8);
        let stack = column_mask(0o070);
        assert_eq!(state.cand[0] & stack, column_mask(0o020));
        assert_eq!(state.cand[1] & stack, column_mask(0o010));
        assert_eq!(state.cand[2] & stack, column_mask(0o040));
        // The other stacks are untouched.
        assert_eq!(state.cand[0] & !stack, BAND & !stack);
        // A band arrangement keeps its three segments.
        state.arrange(1, 0, MATCHINGS[0]);
        assert_eq!(state.cand[3], segment_cells(MATCHINGS[0]));
    }

    #[test]
    fn a_first_solution_search_that_runs_out_of_arrangements_starts_again_on_cells() {
        // Three givens: arrangements chosen digit by digit overfill segments that no cell
        // shows, and the search wanders.
        let grid = Grid::parse(
            ".........1...3.........7.........................................................",
        )
        .unwrap();
        let mut budget = ARRANGEMENT_BUDGET;
        let flow = search::<true>(State::from_grid(&grid), &mut |_| false, &mut budget);
        assert!(flow == Flow::GiveUp, "the budget was enough after all");
        let solution = solve(&grid).unwrap();
        assert!(solution.is_solved() && solution.keeps_givens_of(&grid));
    }

    #[test]
    fn stacks_match_columns_to_bands() {
        let mut state = State::from_grid(&Grid::EMPTY);
        // Digit 1, stack 0: band 0 only in column 0, band 1 only in columns 0 and 1.
        let outside = column_mask(0o770);
        state.cand[0] &= outside | column_mask(0o001);
        state.cand[1] &= outside | column_mask(0o003);
        assert!(state.stack_lines());
        // Column 0 is band 0's, so band 1 takes column 1 and band 2 column 2.
        assert_eq!(state.cand[1] & column_mask(0o007), column_mask(0o002));
        assert_eq!(state.cand[2] & column_mask(0o007), column_mask(0o004));
        // Nothing more follows a second time.
        assert!(!state.stack_lines());
    }

    #[test]
    fn solves_a_hard_puzzle() {
        let grid = Grid::parse(PUZZLE).unwrap();
        let solution = solve(&grid).unwrap();
        assert_eq!(solution.to_digits(), SOLUTION);
        assert!(solution.is_solved());
    }

    #[test]
    fn solved_and_empty_grids() {
        let full = Grid::parse(SOLUTION).unwrap();
        assert_eq!(solve(&full), Some(full));
        assert_eq!(count_solutions(&full, 10), 1);
        let empty = Grid::EMPTY;
        assert!(solve(&empty).unwrap().is_solved());
        assert_eq!(count_solutions(&empty, 1000), 1000);
        assert_eq!(count_solutions(&empty, 0), 0);
    }

    #[test]
    fn notices_no_solution() {
        // r1c9 must be 9, but column 9 already has a 9.
        let text = format!("12345678.{}........9", ".".repeat(63));
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(solve(&grid), None);
        assert_eq!(count_solutions(&grid, 5), 0);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        // Built directly (parsing would refuse it): two 5s in row 1, two 7s in column 9 across
        // bands, two 3s in the box of r7c1.
        for conflict in [[(0, 5), (8, 5)], [(8, 7), (80, 7)], [(54, 3), (74, 3)]] {
            let mut cells = [0u8; 81];
            for (cell, digit) in conflict {
                cells[cell] = digit;
            }
            let grid = Grid { cells };
            assert_eq!(solve(&grid), None);
            assert_eq!(count_solutions(&grid, 5), 0);
        }
    }

    #[test]
    fn counts_two_solutions_of_a_deadly_pattern() {
        // Blank out a unique rectangle (two digits swapped across two boxes) of a solution.
        let mut cells = Grid::parse(SOLUTION).unwrap().cells;
        // r1c1=4 r1c3=7 and r2c1=6 r2c3=2: find a pair of rows/cols forming a swappable
        // rectangle by brute force instead of by hand.
        let mut found = false;
        'outer: for r1 in 0..9 {
            for r2 in (r1 + 1)..9 {
                for c1 in 0..9 {
                    for c2 in (c1 + 1)..9 {
                        let (a, b) = (cells[r1 * 9 + c1], cells[r1 * 9 + c2]);
                        let same_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                        if same_boxes && cells[r2 * 9 + c1] == b && cells[r2 * 9 + c2] == a {
                            for cell in [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2] {
                                cells[cell] = 0;
                            }
                            found = true;
                            break 'outer;
                        }
                    }
                }
            }
        }
        assert!(found);
        assert_eq!(count_solutions(&Grid { cells }, 10), 2);
    }
}
