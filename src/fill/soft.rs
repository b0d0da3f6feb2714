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
//! `p + c × (fill − seed)` per channel. A solid outline pixel (`d = dmax`) is left alone.

use super::mask::Mask;
use super::similar::difference;

/// The largest per-channel error (0–255) with which a pixel must fit the mix of the seed colour
/// and an outline colour nearby to be blended; anything else is left alone.
const MAX_RESIDUAL: f32 = 24.0;

/// Blends the ramp just outside `region` toward `fill`; returns how many pixels changed.
pub fn soften(px: &mut [[u8; 4]], region: &Mask, seed: [u8; 4], fill: [u8; 4]) -> u64 {
    let (w, h) = (region.width(), region.height());
    let diff = |px: &[[u8; 4]], x: usize, y: usize| difference(px[y * w + x], seed);
    let near = |x: usize, y: usize, r: usize| {
        let xs = x.saturating_sub(r)..=(x + r).min(w - 1);
        (y.saturating_sub(r)..=(y + r).min(h - 1))
            .flat_map(move |ny| xs.clone().map(move |nx| (nx, ny)))
    };

    let ring = region.outer_ring(true);
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
    for &(i, q) in &updates {
        px[i] = q;
    }
    updates.len() as u64
}
