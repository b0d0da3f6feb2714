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

/// Each row's pixels combined with their neighbours up to `k` pixels left and right: AND for
/// erosion (the outside of the image counts as set), OR for dilation (it counts as clear).
fn rows(mask: &Mask, k: usize, erode: bool) -> Mask {
    let (w, h) = (mask.width(), mask.height());
    let tail = mask.tail_bits();
    let mut out = mask.clone();
    let mut left: Vec<u64> = Vec::new();
    let mut right: Vec<u64> = Vec::new();
    for y in 0..h {
        left.clear();
        left.extend_from_slice(mask.row(y));
        right.clear();
        right.extend_from_slice(mask.row(y));
        let acc = out.row_mut(y);
        for _ in 0..k {
            toward_low(&mut left, w, erode);
            toward_high(&mut right, tail, erode);
            for ((a, l), r) in acc.iter_mut().zip(&left).zip(&right) {
                *a = if erode { *a & l & r } else { *a | l | r };
            }
        }
    }
    out
}

/// Each pixel combined with the pixels up to `k` rows above and below (the outside of the image
/// is ignored).
fn columns(mask: &Mask, k: usize, erode: bool) -> Mask {
    let h = mask.height();
    let mut out = mask.clone();
    for y in 0..h {
        let (lo, hi) = (y.saturating_sub(k), (y + k).min(h - 1));
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

/// The pixels whose whole (2k+1)-square neighbourhood is set (outside the image counts as set).
pub fn erode(mask: &Mask, k: usize) -> Mask {
    columns(&rows(mask, k, true), k, true)
}

/// The pixels within chessboard distance `k` of a set pixel.
pub fn dilate(mask: &Mask, k: usize) -> Mask {
    columns(&rows(mask, k, false), k, false)
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

    fn naive(mask: &Mask, k: usize, erode: bool) -> Mask {
        let (w, h) = (mask.width() as i64, mask.height() as i64);
        let mut out = Mask::new(mask.width(), mask.height());
        let k = k as i64;
        for y in 0..h {
            for x in 0..w {
                let mut all = true;
                let mut any = false;
                for dy in -k..=k {
                    for dx in -k..=k {
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
            for k in 0..5 {
                let mut m = Mask::new(w, h);
                for y in 0..h {
                    for x in 0..w {
                        if rng.below(10) < 8 {
                            m.set(x, y);
                        }
                    }
                }
                let (e, d) = (erode(&m, k), dilate(&m, k));
                let (ne, nd) = (naive(&m, k, true), naive(&m, k, false));
                for y in 0..h {
                    for x in 0..w {
                        assert_eq!(e.get(x, y), ne.get(x, y), "erode {w}×{h} k={k} ({x},{y})");
                        assert_eq!(d.get(x, y), nd.get(x, y), "dilate {w}×{h} k={k} ({x},{y})");
                    }
                }
                assert_eq!(e.count(), ne.count());
                assert_eq!(d.count(), nd.count());
            }
        }
    }
}
