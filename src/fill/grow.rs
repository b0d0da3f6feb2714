//! Filling under antialiased outlines: the region grows into the outline around it, pixel
//! layer by pixel layer, for as long as each step moves further from the seed colour (towards
//! the line's darkest, or most different, pixels), and stops at the line's centre. A line with
//! no ramp (a hard outline) is not grown into. Coloured
//! regions then meet the line with no halo of the old colour in its soft edge, and the fill
//! never climbs down the far side of the line into the next region.

use super::mask::{Mask, neighbours};

/// The most pixels a fill may grow into an outline.
pub const MAX_GROW: u32 = 16;

/// How far a colour is from the seed: the largest channel difference.
fn distance(a: [u8; 4], b: [u8; 4]) -> u8 {
    (0..4).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0)
}

/// `mask` grown by at most `steps` pixels into the pixels around it that differ from `seed`
/// by more than `tolerance`, each step only onto pixels at least as different from the seed as
/// the pixel it comes from; a step goes on only from pixels that were more different still.
pub fn grow_into_lines(
    px: &[[u8; 4]],
    width: usize,
    mask: &Mask,
    seed: [u8; 4],
    tolerance: u8,
    steps: u32,
) -> Mask {
    let mut grown = mask.clone();
    if steps == 0 {
        return grown;
    }
    let height = mask.height();
    let far = |x: usize, y: usize| distance(px[y * width + x], seed);
    // The first layer: the pixels just outside the region that are not like the seed and are
    // the near side of a ramp, with a pixel further from the seed next to them. A hard line
    // (no ramp: its first pixel is already its darkest) has no halo to hide and is left whole;
    // covering its first pixels erased a 1-px outline.
    let mut layer: Vec<(usize, usize, u8)> = Vec::new();
    mask.outer_ring(false).for_each(|x, y| {
        if !mask.get(x, y) {
            let d = far(x, y);
            let climbs = neighbours(x, y, width, height)
                .any(|(nx, ny)| !mask.get(nx, ny) && far(nx, ny) > d);
            if d > tolerance && climbs {
                layer.push((x, y, d));
            }
        }
    });
    for &(x, y, _) in &layer {
        grown.set(x, y);
    }
    for _ in 1..steps {
        let mut next = Vec::new();
        for &(x, y, d) in &layer {
            for (nx, ny) in neighbours(x, y, width, height) {
                if grown.get(nx, ny) {
                    continue;
                }
                let nd = far(nx, ny);
                if nd > tolerance && nd >= d {
                    grown.set(nx, ny);
                    // Only a pixel still climbing away from the seed colour leads further in:
                    // the line's core is covered by one layer and no more.
                    if nd > d {
                        next.push((nx, ny, nd));
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layer = next;
    }
    grown
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row: a white region, a soft dark line (a ramp down to black and back up), white.
    fn row() -> Vec<[u8; 4]> {
        let lum = [255, 255, 255, 200, 120, 40, 0, 40, 120, 200, 255, 255];
        lum.iter().map(|&l| [l, l, l, 255]).collect()
    }

    #[test]
    fn grows_down_the_ramp_to_the_line_centre_and_stops() {
        let px = row();
        let mut mask = Mask::new(px.len(), 1);
        mask.set_run(0, 0, 3);
        let grown = grow_into_lines(&px, px.len(), &mask, [255; 4], 0, 16);
        let filled: Vec<usize> = (0..px.len()).filter(|&x| grown.get(x, 0)).collect();
        // The region, the ramp (200, 120, 40) and the darkest pixel; not the far ramp.
        assert_eq!(filled, vec![0, 1, 2, 3, 4, 5, 6]);
        // At most two steps in.
        let two = grow_into_lines(&px, px.len(), &mask, [255; 4], 0, 2);
        assert_eq!((0..px.len()).filter(|&x| two.get(x, 0)).count(), 5);
    }

    #[test]
    fn a_hard_line_has_no_ramp_and_is_left_whole() {
        for width in [1, 3] {
            let mut lum = vec![255u8; 4];
            lum.extend(std::iter::repeat_n(0, width));
            lum.extend([255; 4]);
            let px: Vec<[u8; 4]> = lum.iter().map(|&l| [l, l, l, 255]).collect();
            let mut mask = Mask::new(px.len(), 1);
            mask.set_run(0, 0, 4);
            let grown = grow_into_lines(&px, px.len(), &mask, [255; 4], 0, 16);
            assert_eq!(
                (0..px.len()).filter(|&x| grown.get(x, 0)).count(),
                4,
                "{width}-px line"
            );
        }
    }
}
