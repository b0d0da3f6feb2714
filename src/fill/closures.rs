//! Where gap closing will stop a fill: the pixels just past each closed gap, so the page can
//! draw the closing segments while the bucket hovers, before anything is filled.

use super::gap::close_gaps;
use super::mask::Mask;
use super::similar::{Exact, Similar, Within};
use super::span::{NoPaint, span_fill};
use super::{FillError, FillOptions, MAX_GAP, Metric, Perceptual, check_image};

/// The closing segments a contiguous fill from `(x, y)` with `options` would respect: the
/// pixels of the seed's plain region that gap closing keeps out and that touch (across an
/// edge) a pixel it fills. Empty when gap closing is off, the fill is global, or no gap
/// closes. `pixels` are only read (they are borrowed mutably because the region search is the
/// one the fill itself uses).
pub fn gap_closures(
    pixels: &mut [u8],
    width: u32,
    height: u32,
    (x, y): (i64, i64),
    options: &FillOptions,
) -> Result<Mask, FillError> {
    let (w, h) = check_image(pixels, width, height, x, y)?;
    if options.gap > MAX_GAP {
        return Err(FillError::GapTooLarge(options.gap));
    }
    if options.gap == 0 || options.global {
        return Ok(Mask::new(w, h));
    }
    let (sx, sy) = (x as usize, y as usize);
    let (px, _) = pixels.as_chunks_mut::<4>();
    let seed = px[sy * w + sx];
    let region = if options.tolerance == 0 {
        region_of(
            px,
            w,
            h,
            (sx, sy),
            &Exact(u32::from_ne_bytes(seed)),
            options,
        )
    } else if options.metric == Metric::Oklab {
        region_of(
            px,
            w,
            h,
            (sx, sy),
            &Perceptual::new(seed, options.tolerance),
            options,
        )
    } else {
        region_of(
            px,
            w,
            h,
            (sx, sy),
            &Within::new(seed, options.tolerance),
            options,
        )
    };
    let kept = close_gaps(&region, (sx, sy), options.gap, options.connectivity);
    let kept_out = region.and_not(&kept);
    let mut closures = Mask::new(w, h);
    kept_out.for_each_run(|y, a, b| {
        for x in a..b {
            let touches = (x > 0 && kept.get(x - 1, y))
                || (x + 1 < w && kept.get(x + 1, y))
                || (y > 0 && kept.get(x, y - 1))
                || (y + 1 < h && kept.get(x, y + 1));
            if touches {
                closures.set(x, y);
            }
        }
    });
    Ok(closures)
}

fn region_of<S: Similar>(
    px: &mut [[u8; 4]],
    w: usize,
    h: usize,
    at: (usize, usize),
    similar: &S,
    options: &FillOptions,
) -> Mask {
    let mut region = Mask::new(w, h);
    span_fill(
        px,
        w,
        at,
        similar,
        options.connectivity,
        &mut NoPaint,
        &mut region,
    );
    region
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white picture with a black wall down column `wall`, open for `gap` rows in the middle.
    fn walled(w: usize, h: usize, wall: usize, gap: usize) -> Vec<u8> {
        let mut px = vec![255u8; w * h * 4];
        let top = (h - gap) / 2;
        for y in (0..h).filter(|&y| y < top || y >= top + gap) {
            px[(y * w + wall) * 4..(y * w + wall) * 4 + 3].fill(0);
        }
        px
    }

    #[test]
    fn a_closed_gap_shows_as_a_segment_across_it() {
        let (w, h) = (40, 30);
        let mut px = walled(w, h, 20, 3);
        let options = FillOptions {
            gap: 4,
            ..FillOptions::default()
        };
        let before = px.clone();
        let closures = gap_closures(&mut px, w as u32, h as u32, (5, 5), &options).unwrap();
        assert_eq!(px, before, "the pixels are only read");
        let mut at = Vec::new();
        closures.for_each(|x, y| at.push((x, y)));
        // One short segment, across the 3-pixel opening (rows 13..16), at the wall.
        assert_eq!(at.len(), 3, "{at:?}");
        assert!(
            at.iter()
                .all(|&(x, y)| (19..=21).contains(&x) && (13..16).contains(&y))
        );
        // A gap wider than the setting is no gap: nothing closes.
        let none = gap_closures(
            &mut walled(w, h, 20, 6),
            w as u32,
            h as u32,
            (5, 5),
            &options,
        );
        assert!(!none.unwrap().any());
        // Gap closing off: nothing to show.
        let off = FillOptions::default();
        assert!(
            !gap_closures(&mut px, w as u32, h as u32, (5, 5), &off)
                .unwrap()
                .any()
        );
    }
}
