//! Soft edges: the antialiased ramp just outside the region is recoloured by coverage, so an
//! antialiased outline keeps its smooth edge in the new colour instead of a fringe of the old
//! background.
//!
//! The ramp is the ring of pixels touching the region plus, one step further out, the pixels
//! whose difference from the seed is still rising (an outline's edge is at most about two
//! pixels wide). A ramp pixel is read as a mix of the seed (background) colour and the outline's
//! colour; the background's share `c` is `1 - d / dmax`, where `d` is the pixel's difference
//! from the seed and `dmax` the largest difference among the pixels outside the region within
//! two pixels (the outline's core). That share is swapped for the fill colour:
//! `p + c × (fill − seed)` per channel. A solid outline pixel (`d = dmax`) is left alone, and
//! so is a pixel the fill itself would take (`similar`) yet left out: it lies across a corner
//! a 4-connected fill does not pass, or in a gap the fill closed, and painting it would leak
//! the fill colour through the very line that stopped the fill.

use super::Bounds;
use super::mask::Mask;
use super::similar::{Similar, difference};

/// How far from the region soft edges read: the ramp is at most 2 pixels out, and each ramp
/// pixel looks 2 further.
const READ_REACH: usize = 4;

/// [`soften`] for a region inside `bounds` of a `w`-wide image, working on that rectangle (and
/// the margin it reads) only: the cost follows the region's size, not the image's, which
/// matters when many small regions are filled one after another.
pub fn soften_within(
    px: &mut [[u8; 4]],
    w: usize,
    region: &Mask,
    bounds: Bounds,
    seed: [u8; 4],
    similar: &impl Similar,
    fill: [u8; 4],
) -> u64 {
    let changes = ramp_changes_within(px, w, region, bounds, seed, similar, fill);
    for &(i, q) in &changes {
        px[i] = q;
    }
    changes.len() as u64
}

/// What [`soften_within`] would change: (pixel index in the image, new pixel) pairs.
pub fn ramp_changes_within(
    px: &[[u8; 4]],
    w: usize,
    region: &Mask,
    bounds: Bounds,
    seed: [u8; 4],
    similar: &impl Similar,
    fill: [u8; 4],
) -> Vec<(usize, [u8; 4])> {
    let h = region.height();
    let crop = bounds.grown(READ_REACH, w, h);
    let (cw, ch) = (crop.x1 - crop.x0 + 1, crop.y1 - crop.y0 + 1);
    if cw == w && ch == h {
        return ramp_changes(px, region, seed, similar, fill);
    }
    let mut sub_region = Mask::new(cw, ch);
    let mut sub_px = Vec::with_capacity(cw * ch);
    for y in crop.y0..=crop.y1 {
        sub_px.extend_from_slice(&px[y * w + crop.x0..=y * w + crop.x1]);
        let mut a = region.next_set(y, bounds.x0, bounds.x1 + 1);
        while a <= bounds.x1 {
            let b = region.next_clear(y, a, bounds.x1 + 1);
            sub_region.set_run(y - crop.y0, a - crop.x0, b - crop.x0);
            a = region.next_set(y, b, bounds.x1 + 1);
        }
    }
    let mut changes = ramp_changes(&sub_px, &sub_region, seed, similar, fill);
    for (i, _) in &mut changes {
        *i = (crop.y0 + *i / cw) * w + crop.x0 + *i % cw;
    }
    changes
}

/// The largest per-channel error (0–255) with which a pixel must fit the mix of the seed colour
/// and an outline colour nearby to be blended; anything else is left alone.
const MAX_RESIDUAL: f32 = 24.0;

/// Blends the ramp just outside `region` toward `fill`; returns how many pixels changed.
/// Pixels `similar` to the seed colour (the fill's own test) are left alone.
pub fn soften(
    px: &mut [[u8; 4]],
    region: &Mask,
    seed: [u8; 4],
    similar: &impl Similar,
    fill: [u8; 4],
) -> u64 {
    let changes = ramp_changes(px, region, seed, similar, fill);
    for &(i, q) in &changes {
        px[i] = q;
    }
    changes.len() as u64
}

/// What [`soften`] would change: (pixel index, new pixel) pairs.
fn ramp_changes(
    px: &[[u8; 4]],
    region: &Mask,
    seed: [u8; 4],
    similar: &impl Similar,
    fill: [u8; 4],
) -> Vec<(usize, [u8; 4])> {
    let (w, h) = (region.width(), region.height());
    let diff = |px: &[[u8; 4]], x: usize, y: usize| difference(px[y * w + x], seed);
    let near = |x: usize, y: usize, r: usize| {
        let xs = x.saturating_sub(r)..=(x + r).min(w - 1);
        (y.saturating_sub(r)..=(y + r).min(h - 1))
            .flat_map(move |ny| xs.clone().map(move |nx| (nx, ny)))
    };

    let ring = region.outer_ring(true);
    if !ring.any() {
        // The region fills its whole picture: there is no edge to soften.
        return Vec::new();
    }
    let mut grown = region.clone();
    ring.for_each(|x, y| grown.set(x, y));
    let mut ramp = ring.clone();
    grown.outer_ring(true).for_each(|x, y| {
        let d = diff(px, x, y);
        if near(x, y, 1).any(|(nx, ny)| ring.get(nx, ny) && diff(px, nx, ny) < d) {
            ramp.set(x, y);
        }
    });

    let mut updates: Vec<(usize, [u8; 4])> = Vec::new();
    let seedf = seed.map(f32::from);
    ramp.for_each(|x, y| {
        let p = px[y * w + x];
        if similar.similar(p) {
            return;
        }
        let u: [f32; 4] = std::array::from_fn(|c| f32::from(p[c]) - seedf[c]);
        // Among the outline colours nearby that explain p as a mix with the seed colour, the
        // most distant one (smallest outline share t) is the outline's core.
        let mut best: Option<f32> = None;
        for (nx, ny) in near(x, y, 2) {
            if region.get(nx, ny) || (nx, ny) == (x, y) {
                continue;
            }
            let q = px[ny * w + nx];
            let v: [f32; 4] = std::array::from_fn(|c| f32::from(q[c]) - seedf[c]);
            let vv: f32 = v.iter().map(|a| a * a).sum();
            if vv == 0.0 {
                continue;
            }
            let t = (u.iter().zip(&v).map(|(a, b)| a * b).sum::<f32>() / vv).clamp(0.0, 1.0);
            let residual = u
                .iter()
                .zip(&v)
                .map(|(a, b)| (a - t * b).abs())
                .fold(0.0, f32::max);
            if residual <= MAX_RESIDUAL && best.is_none_or(|bt| t < bt) {
                best = Some(t);
            }
        }
        let Some(t) = best else {
            return;
        };
        let share = 1.0 - t;
        if share <= 0.0 {
            return;
        }
        let mut q = p;
        for c in 0..4 {
            let shift = share * (f32::from(fill[c]) - seedf[c]);
            q[c] = (f32::from(p[c]) + shift).round().clamp(0.0, 255.0) as u8;
        }
        if q != p {
            updates.push((y * w + x, q));
        }
    });
    updates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fill::{Connectivity, Exact, NoPaint, span_fill};
    use crate::util::rng::Rng;

    /// Working on the region's rectangle gives exactly what working on the whole image gives.
    #[test]
    fn the_cropped_ramp_equals_the_whole_image_ramp() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let (w, h) = (8 + rng.index(40), 8 + rng.index(40));
            // Paper with antialiased-looking blobs of ink.
            let mut px: Vec<[u8; 4]> = (0..w * h)
                .map(|_| {
                    if rng.below(5) == 0 {
                        let v = [0u8, 60, 128, 200][rng.index(4)];
                        [v, v, v, 255]
                    } else {
                        [255; 4]
                    }
                })
                .collect();
            let seed_at = (rng.index(w), rng.index(h));
            let seed = px[seed_at.1 * w + seed_at.0];
            let mut region = Mask::new(w, h);
            let found = span_fill(
                &mut px,
                w,
                seed_at,
                &Exact(u32::from_ne_bytes(seed)),
                Connectivity::Four,
                &mut NoPaint,
                &mut region,
            );
            let fill = [30, 120, 220, 255];
            let (mut whole, mut cropped) = (px.clone(), px.clone());
            let same = Exact(u32::from_ne_bytes(seed));
            let a = soften(&mut whole, &region, seed, &same, fill);
            let b = soften_within(&mut cropped, w, &region, found.bounds, seed, &same, fill);
            assert_eq!((a, &whole), (b, &cropped));
        }
    }
}
