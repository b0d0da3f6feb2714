//! Gap closing: a fill that does not leak through gaps of up to N pixels in an outline, yet still
//! reaches into the corners of the shape it is in.
//!
//! 1. The plain region R is found first. Its *core* is R eroded by a square of side N + 1: the
//!    places where such a square fits inside R (the image border is not an outline). No core
//!    pixel lies in a gap of width ≤ N, so the seed's side of the core is cut off from the far
//!    side, while a gap of N + 1 lets the square through.
//! 2. The seed's core component (or, for a seed in a narrow spot, the nearest one) is dilated
//!    back by the same square: it fits wherever it grows, so it never crosses an outline. A seed
//!    in a narrow spot also keeps the pixels searched between it and that nearest core pixel.
//! 3. What is still missing from R falls into pieces. A piece with no core pixel of its own is
//!    a corner or dead end of the seed's shape and is added; a piece holding core pixels is the
//!    far side of a gap and stays out.
//!
//! Gaps of width ≤ N are closed and width N + 1 passes, for odd and even N alike.
//! Everything works on bit masks a 64-bit word at a time.

use std::collections::VecDeque;

use super::Connectivity;
use super::mask::{Mask, neighbours};
use super::morphology::{Square, dilate, erode, flood_runs};

/// The part of `region` (which contains the seed) reachable without passing a gap of at most
/// `gap` pixels.
pub fn close_gaps(
    region: &Mask,
    seed: (usize, usize),
    gap: u32,
    connectivity: Connectivity,
) -> Mask {
    if gap == 0 {
        return region.clone();
    }
    let square = Square::of_side(gap as usize + 1);
    let (w, h) = (region.width(), region.height());
    let eight = connectivity == Connectivity::Eight;
    let core = erode(region, square);
    if !core.any() {
        // The whole region is narrow: there is no far side to keep out.
        return region.clone();
    }
    // A seed in a narrow spot fills the spot around it, out to the nearest core pixel.
    let (start, around_seed) = if core.get(seed.0, seed.1) {
        (seed, None)
    } else {
        match nearest_core(region, &core, seed, eight) {
            Some((p, seen)) => (p, Some(seen)),
            None => return region.clone(),
        }
    };
    let mut seed_core = Mask::new(w, h);
    flood_runs(&core, &mut seed_core, start, eight);
    let mut kept = dilate(&seed_core, square);
    kept.and_assign(region);
    if let Some(seen) = around_seed {
        seen.for_each_run(|y, a, b| kept.set_run(y, a, b));
    }

    let missing = region.and_not(&kept);
    let mut runs = Vec::new();
    missing.for_each_run(|y, a, b| runs.push((y, a, b)));
    let mut seen = Mask::new(w, h);
    let mut far = Mask::new(w, h);
    for (y, a, _) in runs {
        if seen.get(a, y) {
            continue;
        }
        let piece = flood_runs(&missing, &mut seen, (a, y), eight);
        let has_core = piece.iter().any(|&(y, a, b)| core.next_set(y, a, b) < b);
        for (y, a, b) in piece {
            if has_core {
                far.set_run(y, a, b);
            } else {
                kept.set_run(y, a, b);
            }
        }
    }
    if far.any() {
        fill_to_gap_middle(&mut kept, &far, &core, square);
    }
    kept
}

/// The pixels of the far side that its own core does not reach are the gaps themselves (and
/// narrow spots beyond them): each goes to whichever side is nearer, so the fill runs up to
/// the middle of a closed gap instead of stopping short and leaving a notch at its mouth.
fn fill_to_gap_middle(kept: &mut Mask, far: &Mask, core: &Mask, square: Square) {
    let mut far_core = core.clone();
    far_core.and_assign(far);
    let mut far_kept = dilate(&far_core, square);
    far_kept.and_assign(far);
    let zone = far.and_not(&far_kept);
    if !zone.any() {
        return;
    }
    let (w, h) = (zone.width(), zone.height());
    let beside = |x: usize, y: usize| neighbours(x, y, w, h);
    // Layer by layer from both sides at once; the far side takes a pixel both reach together.
    let mut claimed = Mask::new(w, h);
    let mut ours: Vec<(usize, usize)> = Vec::new();
    let mut theirs: Vec<(usize, usize)> = Vec::new();
    zone.for_each(|x, y| {
        if beside(x, y).any(|(nx, ny)| far_kept.get(nx, ny)) {
            theirs.push((x, y));
        } else if beside(x, y).any(|(nx, ny)| kept.get(nx, ny)) {
            ours.push((x, y));
        }
    });
    for &(x, y) in theirs.iter().chain(&ours) {
        claimed.set(x, y);
    }
    // The next layer of a side: the zone's unclaimed neighbours of its current layer.
    let grow = |layer: &[(usize, usize)], claimed: &mut Mask| {
        let mut next = Vec::new();
        for &(x, y) in layer {
            for (nx, ny) in beside(x, y) {
                if zone.get(nx, ny) && !claimed.get(nx, ny) {
                    claimed.set(nx, ny);
                    next.push((nx, ny));
                }
            }
        }
        next
    };
    while !ours.is_empty() {
        for &(x, y) in &ours {
            kept.set(x, y);
        }
        // The far side grows first, so it takes what both reach in the same layer.
        theirs = grow(&theirs, &mut claimed);
        ours = grow(&ours, &mut claimed);
    }
}

/// Breadth-first search through `region` from `seed` for the nearest core pixel; returns it and
/// the pixels searched on the way (all about as near to the seed).
fn nearest_core(
    region: &Mask,
    core: &Mask,
    seed: (usize, usize),
    eight: bool,
) -> Option<((usize, usize), Mask)> {
    let (w, h) = (region.width() as i64, region.height() as i64);
    let mut seen = Mask::new(region.width(), region.height());
    let mut queue = VecDeque::from([seed]);
    seen.set(seed.0, seed.1);
    while let Some((x, y)) = queue.pop_front() {
        if core.get(x, y) {
            return Some(((x, y), seen));
        }
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ]
        .into_iter()
        .take(if eight { 8 } else { 4 })
        {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if region.get(nx, ny) && !seen.get(nx, ny) {
                seen.set(nx, ny);
                queue.push_back((nx, ny));
            }
        }
    }
    None
}
