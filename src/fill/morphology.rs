//! Square erosion and dilation of bit masks, and a flood through a mask, all a 64-bit word
//! at a time: the building blocks of gap closing.

use super::mask::Mask;

/// Shifts a row's bits one pixel toward lower x (`out[x] = row[x + 1]`), shifting `fill` in at
/// the right end of the image.
fn toward_low(row: &mut [u64], width: usize, fill: bool) {
    let n = row.len();
    for i in 0..n {
        let carry = if i + 1 < n { row[i + 1] & 1 } else { 0 };
        row[i] = (row[i] >> 1) | (carry << 63);
    }
    if fill {
        row[(width - 1) / 64] |= 1 << ((width - 1) % 64);
    }
}

/// Shifts a row's bits one pixel toward higher x (`out[x] = row[x - 1]`), shifting `fill` in at
/// x = 0; bits pushed past the width are dropped.
fn toward_high(row: &mut [u64], tail: u64, fill: bool) {
    let n = row.len();
    for i in (0..n).rev() {
        let carry = if i > 0 {
            row[i - 1] >> 63
        } else {
            u64::from(fill)
        };
        row[i] = (row[i] << 1) | carry;
    }
    row[n - 1] &= tail;
}

/// A square structuring element of side `low + high + 1`: the offsets −low..=high on both axes.
/// An even side cannot be centred, so its extra pixel lies on the high side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub low: usize,
    pub high: usize,
}

impl Square {
    /// The square of side `side` (at least 1).
    pub fn of_side(side: usize) -> Self {
        Square {
            low: (side - 1) / 2,
            high: side / 2,
        }
    }
}

/// Each row's pixels combined with their neighbours up to `lower` pixels toward lower x and
/// `higher` toward higher x: AND for erosion (the outside of the image counts as set), OR for
/// dilation (it counts as clear).
fn rows(mask: &Mask, lower: usize, higher: usize, erode: bool) -> Mask {
    let (w, h) = (mask.width(), mask.height());
    let tail = mask.tail_bits();
    let mut out = mask.clone();
    let mut shifted: Vec<u64> = Vec::new();
    let combine = |acc: &mut [u64], by: &[u64]| {
        for (a, b) in acc.iter_mut().zip(by) {
            *a = if erode { *a & b } else { *a | b };
        }
    };
    for y in 0..h {
        shifted.clear();
        shifted.extend_from_slice(mask.row(y));
        for _ in 0..higher {
            toward_low(&mut shifted, w, erode);
            combine(out.row_mut(y), &shifted);
        }
        shifted.clear();
        shifted.extend_from_slice(mask.row(y));
        for _ in 0..lower {
            toward_high(&mut shifted, tail, erode);
            combine(out.row_mut(y), &shifted);
        }
    }
    out
}

/// Each pixel combined with the pixels up to `up` rows above and `down` rows below (the outside
/// of the image is ignored).
fn columns(mask: &Mask, up: usize, down: usize, erode: bool) -> Mask {
    let h = mask.height();
    let mut out = mask.clone();
    for y in 0..h {
        let (lo, hi) = (y.saturating_sub(up), (y + down).min(h - 1));
        for yy in lo..=hi {
            if yy == y {
                continue;
            }
            let src: Vec<u64> = mask.row(yy).to_vec();
            for (a, b) in out.row_mut(y).iter_mut().zip(&src) {
                *a = if erode { *a & b } else { *a | b };
            }
        }
    }
    out
}

/// The pixels `p` whose whole square `p + square` is set (outside the image counts as set).
pub fn erode(mask: &Mask, square: Square) -> Mask {
    let Square { low, high } = square;
    columns(&rows(mask, low, high, true), low, high, true)
}

/// The pixels covered by `p + square` for some set pixel `p`: the inverse of [`erode`] in an
/// opening, so that eroding then dilating keeps exactly the squares that fit.
pub fn dilate(mask: &Mask, square: Square) -> Mask {
    let Square { low, high } = square;
    columns(&rows(mask, high, low, false), high, low, false)
}

/// Floods `allowed` from the run containing (x, y), setting what it reaches in `reached`
/// (pixels already in `reached` are not entered). Returns the runs `(y, a, b)` taken.
pub fn flood_runs(
    allowed: &Mask,
    reached: &mut Mask,
    (x, y): (usize, usize),
    eight: bool,
) -> Vec<(usize, usize, usize)> {
    let (w, h) = (allowed.width(), allowed.height());
    let ext = usize::from(eight);
    let mut taken = Vec::new();
    let mut stack = vec![(y, x, x)];
    while let Some((y, a, b)) = stack.pop() {
        let mut x = allowed.next_set(y, a, b + 1);
        while x <= b {
            let start = allowed.run_start(y, x);
            let end = allowed.next_clear(y, x, w);
            if !reached.get(x, y) {
                reached.set_run(y, start, end);
                taken.push((y, start, end));
                let (na, nb) = (start.saturating_sub(ext), (end - 1 + ext).min(w - 1));
                if y > 0 {
                    stack.push((y - 1, na, nb));
                }
                if y + 1 < h {
                    stack.push((y + 1, na, nb));
                }
            }
            x = allowed.next_set(y, end, b + 1);
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Erosion and dilation straight from their definitions.
    fn naive(mask: &Mask, square: Square, erode: bool) -> Mask {
        let (w, h) = (mask.width() as i64, mask.height() as i64);
        let mut out = Mask::new(mask.width(), mask.height());
        let (low, high) = (square.low as i64, square.high as i64);
        // Erosion looks at p + d, dilation at p - d, for d in the square.
        let (from, to) = if erode { (-low, high) } else { (-high, low) };
        for y in 0..h {
            for x in 0..w {
                let mut all = true;
                let mut any = false;
                for dy in from..=to {
                    for dx in from..=to {
                        let (nx, ny) = (x + dx, y + dy);
                        let inside = nx >= 0 && ny >= 0 && nx < w && ny < h;
                        let v = inside && mask.get(nx as usize, ny as usize);
                        all &= v || !inside;
                        any |= v;
                    }
                }
                if (erode && all) || (!erode && any) {
                    out.set(x as usize, y as usize);
                }
            }
        }
        out
    }

    #[test]
    fn erosion_and_dilation_match_the_definition() {
        let mut rng = crate::util::rng::Rng::new(3);
        for &(w, h) in &[(1, 1), (5, 3), (64, 4), (65, 7), (130, 9), (200, 2)] {
            for side in 1..=9 {
                let square = Square::of_side(side);
                let mut m = Mask::new(w, h);
                for y in 0..h {
                    for x in 0..w {
                        if rng.below(10) < 8 {
                            m.set(x, y);
                        }
                    }
                }
                let (e, d) = (erode(&m, square), dilate(&m, square));
                let (ne, nd) = (naive(&m, square, true), naive(&m, square, false));
                for y in 0..h {
                    for x in 0..w {
                        assert_eq!(
                            e.get(x, y),
                            ne.get(x, y),
                            "erode {w}×{h} side {side} ({x},{y})"
                        );
                        assert_eq!(
                            d.get(x, y),
                            nd.get(x, y),
                            "dilate {w}×{h} side {side} ({x},{y})"
                        );
                    }
                }
                assert_eq!(e.count(), ne.count());
                assert_eq!(d.count(), nd.count());
            }
        }
    }
}
