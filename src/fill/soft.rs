//! Soft edges: the ring of pixels just outside the region is recoloured by coverage, so an
//! antialiased outline keeps its smooth edge in the new colour instead of a fringe of the old
//! background.
//!
//! A ring pixel is read as a mix of the seed (background) colour and the outline's colour; the
//! background's share `c` is estimated as `1 - d / dmax`, where `d` is the pixel's difference
//! from the seed and `dmax` the largest difference among it and its neighbours outside the
//! region (the outline's core). The background share is then swapped for the fill colour:
//! `p + c × (fill − seed)` per channel. A solid outline pixel (`d = dmax`) is left alone.

use super::mask::Mask;
use super::similar::difference;

/// Blends the outer ring of `region` toward `fill`; returns how many pixels changed.
pub fn soften(px: &mut [[u8; 4]], region: &Mask, seed: [u8; 4], fill: [u8; 4]) -> u64 {
    let (w, h) = (region.width(), region.height());
    let ring = region.outer_ring(true);
    let mut updates: Vec<(usize, [u8; 4])> = Vec::new();
    ring.for_each(|x, y| {
        let p = px[y * w + x];
        let d = difference(p, seed);
        let mut dmax = d;
        for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                if !region.get(nx, ny) {
                    dmax = dmax.max(difference(px[ny * w + nx], seed));
                }
            }
        }
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
