//! The similarity test: a pixel belongs to the region when its largest per-channel difference
//! from the seed pixel is at most the tolerance. Exact matching compares whole 32-bit pixels.

/// A test of pixels against the seed colour, with run scanning that checks eight pixels per
/// step where the run is long.
pub trait Similar {
    /// Is this pixel similar to the seed?
    fn similar(&self, p: [u8; 4]) -> bool;

    /// Are all eight pixels similar? (Branch-free, so it vectorises.)
    #[inline(always)]
    fn all8(&self, chunk: &[[u8; 4]; 8]) -> bool {
        chunk.iter().fold(true, |acc, &p| acc & self.similar(p))
    }

    /// Is any of the eight pixels similar?
    #[inline(always)]
    fn any8(&self, chunk: &[[u8; 4]; 8]) -> bool {
        chunk.iter().fold(false, |acc, &p| acc | self.similar(p))
    }

    /// The index of the first pixel of `row[from..]` that is not similar (or `row.len()`).
    #[inline]
    fn run_end(&self, row: &[[u8; 4]], mut from: usize) -> usize {
        while let Some(chunk) = row.get(from..from + 8) {
            if !self.all8(chunk.try_into().unwrap_or(&[[0; 4]; 8])) {
                break;
            }
            from += 8;
        }
        while from < row.len() && self.similar(row[from]) {
            from += 1;
        }
        from
    }

    /// The index of the first similar pixel of `row[from..]` (or `row.len()`).
    #[inline]
    fn skip_dissimilar(&self, row: &[[u8; 4]], mut from: usize) -> usize {
        while let Some(chunk) = row.get(from..from + 8) {
            if self.any8(chunk.try_into().unwrap_or(&[[0; 4]; 8])) {
                break;
            }
            from += 8;
        }
        while from < row.len() && !self.similar(row[from]) {
            from += 1;
        }
        from
    }

    /// The start of the run of similar pixels that ends just before `end` in `row`.
    #[inline]
    fn run_start(&self, row: &[[u8; 4]], mut end: usize) -> usize {
        while end >= 8 {
            if !self.all8(row[end - 8..end].try_into().unwrap_or(&[[0; 4]; 8])) {
                break;
            }
            end -= 8;
        }
        while end > 0 && self.similar(row[end - 1]) {
            end -= 1;
        }
        end
    }
}

/// Exact match: the pixel equals the seed in all four channels.
#[derive(Clone, Copy, Debug)]
pub struct Exact(pub u32);

impl Similar for Exact {
    #[inline(always)]
    fn similar(&self, p: [u8; 4]) -> bool {
        u32::from_ne_bytes(p) == self.0
    }
}

/// Tolerance match: every channel lies within `seed ± tolerance` (clamped to 0–255).
#[derive(Clone, Copy, Debug)]
pub struct Within {
    low: [u8; 4],
    span: [u8; 4],
    low8: [u8; 32],
    span8: [u8; 32],
}

impl Within {
    /// The test for pixels within `tolerance` of `seed`.
    pub fn new(seed: [u8; 4], tolerance: u8) -> Self {
        let low = seed.map(|c| c.saturating_sub(tolerance));
        let mut span = [0; 4];
        for c in 0..4 {
            span[c] = seed[c].saturating_add(tolerance) - low[c];
        }
        let mut low8 = [0; 32];
        let mut span8 = [0; 32];
        for i in 0..32 {
            low8[i] = low[i % 4];
            span8[i] = span[i % 4];
        }
        Within {
            low,
            span,
            low8,
            span8,
        }
    }
}

impl Similar for Within {
    #[inline(always)]
    fn similar(&self, p: [u8; 4]) -> bool {
        // One unsigned comparison per channel checks low <= p <= low + span.
        (p[0].wrapping_sub(self.low[0]) <= self.span[0])
            & (p[1].wrapping_sub(self.low[1]) <= self.span[1])
            & (p[2].wrapping_sub(self.low[2]) <= self.span[2])
            & (p[3].wrapping_sub(self.low[3]) <= self.span[3])
    }

    #[inline(always)]
    fn all8(&self, chunk: &[[u8; 4]; 8]) -> bool {
        // Byte-wise over the 32 bytes: a saturating subtract is non-zero when out of range.
        // The two halves are OR-ed lane by lane and tested as one 128-bit word: a single
        // vector test in wasm SIMD, where a byte-by-byte OR fold costs a chain of shuffles.
        let (first, second) = chunk.as_flattened().split_at(16);
        let mut out = [0u8; 16];
        for i in 0..16 {
            // The bounds repeat every pixel, so both halves use the first 16 bytes of them.
            let (lo, sp) = (self.low8[i], self.span8[i]);
            out[i] = first[i].wrapping_sub(lo).saturating_sub(sp)
                | second[i].wrapping_sub(lo).saturating_sub(sp);
        }
        u128::from_ne_bytes(out) == 0
    }

    #[inline(always)]
    fn any8(&self, chunk: &[[u8; 4]; 8]) -> bool {
        let bytes = chunk.as_flattened();
        let mut bad = [0u8; 32];
        for (((out, &b), &lo), &sp) in bad.iter_mut().zip(bytes).zip(&self.low8).zip(&self.span8) {
            // Non-zero exactly when the byte is out of range (a saturating subtract).
            *out = b.wrapping_sub(lo).saturating_sub(sp);
        }
        // A pixel is similar when none of its four bytes is out of range.
        let (pixels, _) = bad.as_chunks::<4>();
        pixels
            .iter()
            .fold(false, |acc, p| acc | (u32::from_ne_bytes(*p) == 0))
    }
}

/// The largest per-channel difference between two pixels.
#[inline]
pub fn difference(a: [u8; 4], b: [u8; 4]) -> u8 {
    (0..4).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_matches_the_definition() {
        let seed = [10, 250, 128, 0];
        for t in [0u8, 1, 5, 16, 200, 255] {
            let w = Within::new(seed, t);
            for v in 0..=255u8 {
                for c in 0..4 {
                    let mut p = seed;
                    p[c] = v;
                    assert_eq!(w.similar(p), difference(p, seed) <= t, "t={t} c={c} v={v}");
                }
            }
        }
    }

    #[test]
    fn runs_are_found_in_both_directions() {
        let e = Exact(u32::from_ne_bytes([1, 2, 3, 4]));
        let mut row = vec![[1, 2, 3, 4]; 40];
        row[3] = [0; 4];
        row[30] = [0; 4];
        assert_eq!(e.run_end(&row, 4), 30);
        assert_eq!(e.run_start(&row, 30), 4);
        assert_eq!(e.run_end(&row, 31), 40);
        assert_eq!(e.run_start(&row, 3), 0);
    }
}
