//! Gap closing: a fill that does not leak through gaps of up to N pixels in an outline, yet still
//! reaches into the corners of the shape it is in.
//!
//! 1. The plain region R is found first. Its *core* is the set of pixels farther than
//!    k = ⌈N / 2⌉ (chessboard distance) from every pixel outside R: no core pixel lies in a gap
//!    of width ≤ N, so the core of the seed's side is cut off from the far side.
//! 2. The seed's core component (or, for a seed in a narrow spot, the nearest one) is grown
//!    back by k: a square of side 2k + 1 fits wherever it grows, so it never crosses an outline.
//! 3. What is still missing from R falls into pieces. A piece with no core pixel of its own is
//!    a corner or dead end of the seed's shape and is added; a piece holding core pixels is the
//!    far side of a gap and stays out.
//!
//! Gaps of width ≤ N are closed; for even N width N + 1 passes, for odd N width N + 2 does.

use super::Connectivity;
use super::mask::Mask;

const OUTSIDE: u8 = 0;
const REGION: u8 = 1;
const CORE: u8 = 2;
const SEED_CORE: u8 = 3;
const KEPT: u8 = 4;

/// The part of `region` (which contains the seed) reachable without passing a gap of at most
/// `gap` pixels. `bounds` is the region's bounding box (x0, y0, x1, y1) inclusive.
pub fn close_gaps(
    region: &Mask,
    seed: (usize, usize),
    bounds: (usize, usize, usize, usize),
    gap: u32,
    connectivity: Connectivity,
) -> Mask {
    let k = gap.div_ceil(2) as u16;
    if k == 0 {
        return region.clone();
    }
    let (iw, ih) = (region.width(), region.height());
    // Work inside the bounding box grown by one pixel (clipped to the image).
    let x0 = bounds.0.saturating_sub(1);
    let y0 = bounds.1.saturating_sub(1);
    let x1 = (bounds.2 + 1).min(iw - 1);
    let y1 = (bounds.3 + 1).min(ih - 1);
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut state = vec![OUTSIDE; w * h];
    let mut dist = vec![0u16; w * h];
    for y in 0..h {
        for x in 0..w {
            if region.get(x0 + x, y0 + y) {
                state[y * w + x] = REGION;
                dist[y * w + x] = u16::MAX;
            }
        }
    }
    chessboard(&mut dist, w, h);
    for i in 0..w * h {
        if state[i] == REGION && dist[i] > k {
            state[i] = CORE;
        }
    }
    let neighbours = neighbour_offsets(connectivity);
    let local_seed = (seed.1 - y0) * w + (seed.0 - x0);
    let Some(start) = nearest(&state, w, h, local_seed, &neighbours, |s| s == CORE) else {
        return region.clone();
    };
    flood(
        &mut state,
        w,
        h,
        start,
        &neighbours,
        |s| s == CORE,
        SEED_CORE,
    );

    // Grow the seed's core back by k.
    for i in 0..w * h {
        dist[i] = if state[i] == SEED_CORE { 0 } else { u16::MAX };
    }
    chessboard(&mut dist, w, h);
    for i in 0..w * h {
        if dist[i] <= k && state[i] != OUTSIDE {
            state[i] = KEPT;
        }
    }

    // Pieces of R still missing: keep those without core pixels (corners, dead ends).
    let mut piece = Vec::new();
    for i in 0..w * h {
        if state[i] != REGION && state[i] != CORE {
            continue;
        }
        piece.clear();
        let mut has_core = false;
        let mut stack = vec![i];
        state[i] += 10;
        while let Some(j) = stack.pop() {
            piece.push(j);
            has_core |= state[j] == CORE + 10;
            for n in each_neighbour(j, w, h, &neighbours).into_iter().flatten() {
                if state[n] == REGION || state[n] == CORE {
                    state[n] += 10;
                    stack.push(n);
                }
            }
        }
        let mark = if has_core { OUTSIDE } else { KEPT };
        for &j in &piece {
            state[j] = mark;
        }
    }

    let mut out = Mask::new(iw, ih);
    for y in 0..h {
        for x in 0..w {
            if state[y * w + x] == KEPT {
                out.set(x0 + x, y0 + y);
            }
        }
    }
    out
}

/// Chessboard distance to the nearest zero, in place (two raster passes).
fn chessboard(d: &mut [u16], w: usize, h: usize) {
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let mut v = d[i];
            if x > 0 {
                v = v.min(d[i - 1].saturating_add(1));
            }
            if y > 0 {
                let up = i - w;
                v = v.min(d[up].saturating_add(1));
                if x > 0 {
                    v = v.min(d[up - 1].saturating_add(1));
                }
                if x + 1 < w {
                    v = v.min(d[up + 1].saturating_add(1));
                }
            }
            d[i] = v;
        }
    }
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            let mut v = d[i];
            if x + 1 < w {
                v = v.min(d[i + 1].saturating_add(1));
            }
            if y + 1 < h {
                let down = i + w;
                v = v.min(d[down].saturating_add(1));
                if x > 0 {
                    v = v.min(d[down - 1].saturating_add(1));
                }
                if x + 1 < w {
                    v = v.min(d[down + 1].saturating_add(1));
                }
            }
            d[i] = v;
        }
    }
}

fn neighbour_offsets(connectivity: Connectivity) -> Vec<(i32, i32)> {
    let mut n = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
    if connectivity == Connectivity::Eight {
        n.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    }
    n
}

fn each_neighbour(i: usize, w: usize, h: usize, offsets: &[(i32, i32)]) -> [Option<usize>; 8] {
    let (x, y) = ((i % w) as i64, (i / w) as i64);
    let mut out = [None; 8];
    for (slot, &(dx, dy)) in out.iter_mut().zip(offsets) {
        let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
        if nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64 {
            *slot = Some(ny as usize * w + nx as usize);
        }
    }
    out
}

/// Breadth-first search through non-outside pixels from `start` for the nearest pixel whose
/// state passes `goal`.
fn nearest(
    state: &[u8],
    w: usize,
    h: usize,
    start: usize,
    offsets: &[(i32, i32)],
    goal: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut seen = vec![false; w * h];
    let mut queue = std::collections::VecDeque::from([start]);
    seen[start] = true;
    while let Some(i) = queue.pop_front() {
        if goal(state[i]) {
            return Some(i);
        }
        for n in each_neighbour(i, w, h, offsets).into_iter().flatten() {
            if !seen[n] && state[n] != OUTSIDE {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    None
}

/// Sets `to` on every pixel connected to `start` through pixels whose state passes `inside`.
fn flood(
    state: &mut [u8],
    w: usize,
    h: usize,
    start: usize,
    offsets: &[(i32, i32)],
    inside: impl Fn(u8) -> bool,
    to: u8,
) {
    let mut stack = vec![start];
    state[start] = to;
    while let Some(i) = stack.pop() {
        for n in each_neighbour(i, w, h, offsets).into_iter().flatten() {
            if inside(state[n]) {
                state[n] = to;
                stack.push(n);
            }
        }
    }
}
