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
    ramp.for_each(|x, y| {
        let p = px[y * w + x];
        let d = difference(p, seed);
        let dmax = near(x, y, 2)
            .filter(|&(nx, ny)| !region.get(nx, ny))
            .map(|(nx, ny)| diff(px, nx, ny))
            .fold(d, u8::max);
        let share = if dmax == 0 {
            1.0
        } else {
            1.0 - f32::from(d) / f32::from(dmax)
        };
        if share <= 0.0 {
            return;
        }
        let mut q = p;
        for c in 0..4 {
            let shift = share * (f32::from(fill[c]) - f32::from(seed[c]));
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
