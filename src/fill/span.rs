//! Scanline (span) flood fill: finds whole runs of similar pixels, marks them in a visited mask
//! and queues the neighbouring rows' ranges on an explicit stack. No recursion; every pixel is
//! read about once; memory is the mask plus the stack of pending ranges.

use super::mask::Mask;
use super::similar::Similar;
use super::{Bounds, Connectivity};

/// A range `a..=b` of row `y` to scan, found next to a run of row `y - dy`.
#[derive(Clone, Copy)]
struct Segment {
    y: u32,
    a: u32,
    b: u32,
    dy: i32,
}

/// What is done to each run of the region as it is found.
pub trait Paint {
    /// Called once per run: `run` is row `y`'s pixels from `x` on, not yet painted.
    fn paint(&mut self, y: usize, x: usize, run: &mut [[u8; 4]]);
}

/// Leaves the pixels alone (the region is only marked).
pub struct NoPaint;

impl Paint for NoPaint {
    #[inline(always)]
    fn paint(&mut self, _y: usize, _x: usize, _run: &mut [[u8; 4]]) {}
}

/// What a region search found.
pub struct Found {
    /// Pixels in the region.
    pub count: u64,
    /// The bounding rectangle of the region.
    pub bounds: Bounds,
}

/// Marks in `mask` the region of pixels similar to the seed and connected to (`sx`, `sy`), and
/// hands each run to `paint` as it is found. The seed must be similar and inside.
#[allow(clippy::too_many_arguments)]
pub fn span_fill<S: Similar, P: Paint>(
    px: &mut [[u8; 4]],
    width: usize,
    (sx, sy): (usize, usize),
    similar: &S,
    connectivity: Connectivity,
    paint: &mut P,
    mask: &mut Mask,
) -> Found {
    let height = mask.height();
    let ext = usize::from(connectivity == Connectivity::Eight);
    let mut stack: Vec<Segment> = Vec::with_capacity(256);
    let mut count = 0u64;
    let mut bounds = Bounds::point(sx, sy);

    // Claims the run around `x` in row `y` (given that x is a candidate) and queues its
    // neighbours; returns the end of the run.
    let mut claim = |mask: &mut Mask,
                     px: &mut [[u8; 4]],
                     stack: &mut Vec<Segment>,
                     y: usize,
                     x: usize,
                     extend_left: bool,
                     parent: Option<(usize, usize, i32)>| {
        let base = y * width;
        let row = &mut px[base..base + width];
        let left = if extend_left {
            let stop = mask.prev_set_end(y, 0, x);
            stop + similar.run_start(&row[stop..x], x - stop)
        } else {
            x
        };
        let stop = mask.next_set(y, x, width);
        let right = x + similar.run_end(&row[x..stop], 1);
        mask.set_run(y, left, right);
        paint.paint(y, left, &mut row[left..right]);
        count += (right - left) as u64;
        bounds.include(left, y);
        bounds.include(right - 1, y);
        let a = left.saturating_sub(ext);
        let b = (right - 1 + ext).min(width - 1);
        let mut push = |yy: usize, a: usize, b: usize, dy: i32| {
            stack.push(Segment {
                y: yy as u32,
                a: a as u32,
                b: b as u32,
                dy,
            });
        };
        match parent {
            None => {
                if y + 1 < height {
                    push(y + 1, a, b, 1);
                }
                if y > 0 {
                    push(y - 1, a, b, -1);
                }
            }
            Some((pa, pb, dy)) => {
                let ahead = y as i64 + i64::from(dy);
                if (0..height as i64).contains(&ahead) {
                    push(ahead as usize, a, b, dy);
                }
                // The parent row only needs scanning where this run reaches beyond the range
                // it was found from.
                let back = y as i64 - i64::from(dy);
                if (0..height as i64).contains(&back) {
                    if a < pa {
                        push(back as usize, a, pa - 1, -dy);
                    }
                    if b > pb {
                        push(back as usize, pb + 1, b, -dy);
                    }
                }
            }
        }
        right
    };

    claim(mask, px, &mut stack, sy, sx, true, None);
    while let Some(Segment { y, a, b, dy }) = stack.pop() {
        let (y, a, b) = (y as usize, a as usize, b as usize);
        let base = y * width;
        let mut x = a;
        while x <= b {
            // Outline pixels are skipped eight at a time, visited ones a word at a time.
            x += similar.skip_dissimilar(&px[base + x..base + b + 1], 0);
            if x > b {
                break;
            }
            if mask.get(x, y) {
                x = mask.next_clear(y, x, b + 1);
                continue;
            }
            let end = claim(mask, px, &mut stack, y, x, x == a, Some((a, b, dy)));
            x = end + 1;
        }
    }
    Found { count, bounds }
}
