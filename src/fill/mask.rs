//! A one-bit-per-pixel mask whose rows start on a 64-bit word boundary, so that runs of a row
//! can be searched, set and dilated a word at a time.

/// A `width × height` bit mask (the region of a fill, or pixels already visited).
#[derive(Clone, Debug)]
pub struct Mask {
    width: usize,
    height: usize,
    stride: usize,
    words: Vec<u64>,
}

impl Mask {
    /// An all-clear mask.
    pub fn new(width: usize, height: usize) -> Self {
        let stride = width.div_ceil(64);
        Mask {
            width,
            height,
            stride,
            words: vec![0; stride * height],
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The words of row `y` (bit `x % 64` of word `x / 64` is pixel `x`).
    pub fn row(&self, y: usize) -> &[u64] {
        &self.words[y * self.stride..(y + 1) * self.stride]
    }

    /// The words of row `y`, for writing. Bits at `x >= width` must stay clear.
    pub fn row_mut(&mut self, y: usize) -> &mut [u64] {
        &mut self.words[y * self.stride..(y + 1) * self.stride]
    }

    /// The mask of the bits that are real pixels in a row's last word.
    pub fn tail_bits(&self) -> u64 {
        if self.width.is_multiple_of(64) {
            !0
        } else {
            (1u64 << (self.width % 64)) - 1
        }
    }

    /// The pixels set here and clear in `other`.
    pub fn and_not(&self, other: &Mask) -> Mask {
        let mut out = self.clone();
        for (a, b) in out.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
        out
    }

    /// Keeps only the pixels also set in `other`.
    pub fn and_assign(&mut self, other: &Mask) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// Is any pixel set?
    pub fn any(&self) -> bool {
        self.words.iter().any(|&w| w != 0)
    }

    /// Is any pixel set in both masks?
    pub fn intersects(&self, other: &Mask) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Is pixel (x, y) set?
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.words[y * self.stride + x / 64] >> (x % 64) & 1 == 1
    }

    /// Sets pixel (x, y).
    #[inline]
    pub fn set(&mut self, x: usize, y: usize) {
        self.words[y * self.stride + x / 64] |= 1 << (x % 64);
    }

    /// Clears pixel (x, y).
    #[inline]
    pub fn clear(&mut self, x: usize, y: usize) {
        self.words[y * self.stride + x / 64] &= !(1 << (x % 64));
    }

    /// Sets pixels `a..b` of row `y`.
    pub fn set_run(&mut self, y: usize, a: usize, b: usize) {
        if a >= b {
            return;
        }
        let row = &mut self.words[y * self.stride..(y + 1) * self.stride];
        let (wa, wb) = (a / 64, (b - 1) / 64);
        let first = !0u64 << (a % 64);
        let last = !0u64 >> (63 - (b - 1) % 64);
        if wa == wb {
            row[wa] |= first & last;
        } else {
            row[wa] |= first;
            row[wa + 1..wb].fill(!0);
            row[wb] |= last;
        }
    }

    /// The first set pixel of row `y` in `a..b`, or `b` when there is none.
    #[inline]
    pub fn next_set(&self, y: usize, a: usize, b: usize) -> usize {
        self.next_matching(y, a, b, 0)
    }

    /// The first clear pixel of row `y` in `a..b`, or `b` when there is none.
    #[inline]
    pub fn next_clear(&self, y: usize, a: usize, b: usize) -> usize {
        self.next_matching(y, a, b, !0)
    }

    fn next_matching(&self, y: usize, a: usize, b: usize, flip: u64) -> usize {
        if a >= b {
            return b;
        }
        let row = self.row(y);
        let mut w = a / 64;
        let mut bits = (row[w] ^ flip) & (!0u64 << (a % 64));
        loop {
            if bits != 0 {
                return (w * 64 + bits.trailing_zeros() as usize).min(b);
            }
            w += 1;
            if w * 64 >= b {
                return b;
            }
            bits = row[w] ^ flip;
        }
    }

    /// One past the last set pixel of row `y` in `a..b`, or `a` when there is none.
    #[inline]
    pub fn prev_set_end(&self, y: usize, a: usize, b: usize) -> usize {
        if a >= b {
            return a;
        }
        let row = self.row(y);
        let mut w = (b - 1) / 64;
        let mut bits = row[w] & (!0u64 >> (63 - (b - 1) % 64));
        loop {
            if bits != 0 {
                return (w * 64 + 64 - bits.leading_zeros() as usize).max(a);
            }
            if w * 64 <= a {
                return a;
            }
            w -= 1;
            bits = row[w];
        }
    }

    /// The start of the run of set pixels of row `y` that ends just before `end`: one past the
    /// last clear pixel before `end`, or 0.
    pub fn run_start(&self, y: usize, end: usize) -> usize {
        if end == 0 {
            return 0;
        }
        let row = self.row(y);
        let mut w = (end - 1) / 64;
        let mut bits = !row[w] & (!0u64 >> (63 - (end - 1) % 64));
        loop {
            if bits != 0 {
                return w * 64 + 64 - bits.leading_zeros() as usize;
            }
            if w == 0 {
                return 0;
            }
            w -= 1;
            bits = !row[w];
        }
    }

    /// Number of set pixels.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Calls `f(x, y)` for every set pixel, row by row.
    pub fn for_each(&self, mut f: impl FnMut(usize, usize)) {
        for y in 0..self.height {
            for (i, &word) in self.row(y).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    f(i * 64 + bits.trailing_zeros() as usize, y);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Calls `f(y, a, b)` for every maximal run `a..b` of set pixels, row by row.
    pub fn for_each_run(&self, mut f: impl FnMut(usize, usize, usize)) {
        for y in 0..self.height {
            let mut x = self.next_set(y, 0, self.width);
            while x < self.width {
                let end = self.next_clear(y, x, self.width);
                f(y, x, end);
                x = self.next_set(y, end, self.width);
            }
        }
    }

    /// The outer ring of the region: clear pixels with a set neighbour, counting diagonal
    /// neighbours when `diagonal` is true.
    pub fn outer_ring(&self, diagonal: bool) -> Mask {
        let mut ring = Mask::new(self.width, self.height);
        let stride = self.stride;
        // A row and its left and right neighbours, one word at a time.
        let spread = |row: &[u64], out: &mut [u64]| {
            let n = row.len();
            for i in 0..n {
                let w = row[i];
                let from_left = (w << 1) | if i > 0 { row[i - 1] >> 63 } else { 0 };
                let from_right = (w >> 1) | if i + 1 < n { row[i + 1] << 63 } else { 0 };
                out[i] = w | from_left | from_right;
            }
        };
        let tail = self.tail_bits();
        // The spread rows above, at and below `y`, rolled down as `y` moves (not a whole
        // spread copy of the mask).
        let mut wide = [vec![0u64; stride], vec![0u64; stride], vec![0u64; stride]];
        if self.height > 0 {
            spread(self.row(0), &mut wide[1]);
        }
        for y in 0..self.height {
            if y + 1 < self.height {
                spread(self.row(y + 1), &mut wide[2]);
            } else {
                wide[2].fill(0);
            }
            let own = self.row(y);
            let above = (y > 0).then(|| self.row(y - 1));
            let below = (y + 1 < self.height).then(|| self.row(y + 1));
            let out = &mut ring.words[y * stride..(y + 1) * stride];
            for i in 0..stride {
                let mut d = wide[1][i];
                if diagonal {
                    d |= wide[0][i] | wide[2][i];
                } else {
                    d |= above.map_or(0, |r| r[i]) | below.map_or(0, |r| r[i]);
                }
                out[i] = d & !own[i];
            }
            out[stride - 1] &= tail;
            wide.rotate_left(1);
        }
        ring
    }
}

/// The left, right, upper and lower neighbours of (x, y) inside a `width` × `height` image.
pub(super) fn neighbours(
    x: usize,
    y: usize,
    width: usize,
    height: usize,
) -> impl Iterator<Item = (usize, usize)> {
    [
        (x.wrapping_sub(1), y),
        (x + 1, y),
        (x, y.wrapping_sub(1)),
        (x, y + 1),
    ]
    .into_iter()
    .filter(move |&(nx, ny)| nx < width && ny < height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_searches() {
        let mut m = Mask::new(200, 2);
        m.set_run(1, 3, 150);
        assert!(!m.get(2, 1) && m.get(3, 1) && m.get(149, 1) && !m.get(150, 1));
        assert_eq!(m.next_set(1, 0, 200), 3);
        assert_eq!(m.next_clear(1, 3, 200), 150);
        assert_eq!(m.next_set(0, 0, 200), 200);
        assert_eq!(m.next_set(1, 150, 170), 170);
        assert_eq!(m.prev_set_end(1, 0, 200), 150);
        assert_eq!(m.prev_set_end(1, 0, 64), 64);
        assert_eq!(m.prev_set_end(1, 0, 3), 0);
        assert_eq!(m.prev_set_end(0, 10, 190), 10);
        assert_eq!(m.count(), 147);
        let mut runs = Vec::new();
        m.for_each_run(|y, a, b| runs.push((y, a, b)));
        assert_eq!(runs, vec![(1, 3, 150)]);
    }

    #[test]
    fn ring_surrounds_a_pixel() {
        let mut m = Mask::new(70, 5);
        m.set(64, 2);
        let four = m.outer_ring(false);
        assert_eq!(four.count(), 4);
        assert!(four.get(63, 2) && four.get(65, 2) && four.get(64, 1) && four.get(64, 3));
        assert_eq!(m.outer_ring(true).count(), 8);
    }

    #[test]
    fn ring_matches_its_definition_on_random_masks() {
        let mut rng = crate::util::rng::Rng::new(3);
        for _ in 0..60 {
            let (w, h) = (1 + rng.index(140), 1 + rng.index(9));
            let mut m = Mask::new(w, h);
            for y in 0..h {
                for x in 0..w {
                    if rng.below(3) == 0 {
                        m.set(x, y);
                    }
                }
            }
            for diagonal in [false, true] {
                let ring = m.outer_ring(diagonal);
                for y in 0..h {
                    for x in 0..w {
                        let touches = (-1i64..=1).any(|dy| {
                            (-1i64..=1).any(|dx| {
                                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                                (dx, dy) != (0, 0)
                                    && (diagonal || dx == 0 || dy == 0)
                                    && (0..w as i64).contains(&nx)
                                    && (0..h as i64).contains(&ny)
                                    && m.get(nx as usize, ny as usize)
                            })
                        });
                        let want = !m.get(x, y) && touches;
                        assert_eq!(ring.get(x, y), want, "({x}, {y}) of {w}×{h}");
                    }
                }
            }
        }
    }
}
