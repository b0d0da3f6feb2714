//! Colour every enclosed region ("flatting" line art): each region of paper bounded by the
//! lines gets a colour of its own, in one pass, as a colourist's flats layer starts.
//!
//! The paper is the most common colour of the image; a region is what the bucket would fill
//! from one of its pixels with the same options (tolerance and metric against the paper colour,
//! connectivity, gap closing, soft edges), so regions split by a gap the bucket respects are
//! separate regions here too. Regions are found in reading order (top to bottom, left to
//! right) and coloured one after another; a coloured region is no longer paper, so the scan
//! moves on to the next one.

use std::collections::HashMap;

use super::oklab::Perceptual;
use super::similar::{Exact, Similar, Within};
use super::{Bounds, FillError, FillOptions, Metric, UndoPatches, check_image, encode_patch, fill};

/// At most this many pixels are looked at to find the paper colour.
const PAPER_SAMPLES: usize = 1 << 16;

/// What colouring the regions did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionsReport {
    /// Regions coloured.
    pub regions: u64,
    /// Pixels of those regions.
    pub filled: u64,
    /// Pixels partly recoloured by soft edges.
    pub blended: u64,
    /// The paper colour the regions were found in.
    pub paper: [u8; 4],
    /// The rectangle that changed; `None` when nothing did.
    pub bounds: Option<Bounds>,
}

/// A colour this share of the most common one's count or more may be the paper: line art
/// drawn with heavy flat lines or hatching can have more line pixels than paper pixels.
const PAPER_SHARE_OF_TOP: u32 = 4;

/// The paper colour of the image (of 65,536 scattered samples on a large one): the lightest
/// of the common colours, those with at least a quarter as many pixels as the most common one.
/// Paper is light and lines are dark, and lines can still outnumber the paper.
pub fn paper_colour(pixels: &[u8]) -> [u8; 4] {
    let (px, _) = pixels.as_chunks::<4>();
    let mut counts: HashMap<[u8; 4], u32> = HashMap::new();
    if px.len() <= PAPER_SAMPLES {
        for p in px {
            *counts.entry(*p).or_default() += 1;
        }
    } else {
        // Scattered rather than evenly strided: a stride can fall in step with a pattern
        // (every sample on a grid line).
        let n = px.len() as u64;
        for i in 0..PAPER_SAMPLES as u64 {
            let at = (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11) % n;
            *counts.entry(px[at as usize]).or_default() += 1;
        }
    }
    let top = counts.values().copied().max().unwrap_or(0);
    // Ties go to the most common, then the smallest value, so the answer does not depend on
    // the map's order.
    counts
        .into_iter()
        .filter(|&(_, n)| n.saturating_mul(PAPER_SHARE_OF_TOP) >= top)
        .max_by_key(|&(p, n)| (lightness(p), n, p))
        .map(|(p, _)| p)
        .unwrap_or([255; 4])
}

/// How light a colour looks, roughly (Rec. 601 luma weights, in thousandths), laid over white
/// paper: a transparent background is as light as it gets.
fn lightness([r, g, b, a]: [u8; 4]) -> u32 {
    let luma = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
    luma * u32::from(a) + 255_000 * u32::from(255 - a)
}

/// The `k`-th of a run of distinct, light colours (hues a golden angle apart, alternating
/// between two lightnesses), for regions that must not look alike.
pub fn distinct_colour(k: usize) -> [u8; 4] {
    let hue = (k as f64 * 137.507_764_050_037_85).rem_euclid(360.0);
    let (saturation, value) = if k.is_multiple_of(2) {
        (0.42, 0.96)
    } else {
        (0.58, 0.86)
    };
    let c = value * saturation;
    let h = hue / 60.0;
    let x = c * (1.0 - (h.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = value - c;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    [byte(r), byte(g), byte(b), 255]
}

/// Colours every region of paper with its own colour: `colours(k)` for the `k`-th region
/// found. Returns the report and, when anything changed, the changed
/// rectangle before and after, for undo.
pub fn colour_regions(
    pixels: &mut [u8],
    width: u32,
    height: u32,
    options: &FillOptions,
    mut colours: impl FnMut(usize) -> [u8; 4],
) -> Result<(RegionsReport, Option<UndoPatches>), FillError> {
    check_image(pixels, width, height, 0, 0)?;
    if options.gap > super::MAX_GAP {
        return Err(FillError::GapTooLarge(options.gap));
    }
    if options.grow > super::MAX_GROW {
        return Err(FillError::GrowTooLarge(options.grow));
    }
    let paper = paper_colour(pixels);
    let region_options = FillOptions {
        global: false,
        blend: false,
        ..*options
    };
    let before = pixels.to_vec();
    let mut report = RegionsReport {
        regions: 0,
        filled: 0,
        blended: 0,
        paper,
        bounds: None,
    };
    let is_paper: Box<dyn Similar> = match (options.tolerance, options.metric) {
        (0, _) => Box::new(Exact(u32::from_ne_bytes(paper))),
        (t, Metric::Max) => Box::new(Within::new(paper, t)),
        (t, Metric::Oklab) => Box::new(Perceptual::new(paper, t)),
    };
    let w = width as usize;
    let mut next_colour = 0usize;
    for y in 0..height as usize {
        let mut x = 0;
        while x < w {
            let row = &pixels.as_chunks::<4>().0[y * w..(y + 1) * w];
            x = is_paper.skip_dissimilar(row, x);
            if x >= w {
                break;
            }
            // A colour the paper test would still take for paper is skipped, or the scan
            // would find the region again; a palette of nothing else ends the colouring.
            let Some(colour) = (0..64).find_map(|_| {
                let c = colours(next_colour);
                next_colour += 1;
                (!is_paper.similar(c)).then_some(c)
            }) else {
                break;
            };
            let r = fill(
                pixels,
                width,
                height,
                (x as i64, y as i64),
                colour,
                &region_options,
            )?;
            report.regions += 1;
            report.filled += r.filled;
            report.blended += r.blended;
            if let Some(b) = r.bounds {
                let all = report.bounds.get_or_insert(b);
                all.include(b.x0, b.y0);
                all.include(b.x1, b.y1);
            }
            // The seed pixel is coloured now, so the scan goes on past it.
            x += 1;
        }
    }
    let patches = report.bounds.map(|b| UndoPatches {
        before: encode_patch(&before, w, b),
        after: encode_patch(pixels, w, b),
    });
    Ok((report, patches))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A `w × h` white picture with black lines: its border, and the lines given.
    fn line_art(w: usize, h: usize, lines: &[(usize, usize, usize, usize)]) -> Vec<u8> {
        let mut px = vec![255u8; w * h * 4];
        let mut ink = |x: usize, y: usize| px[(y * w + x) * 4..(y * w + x) * 4 + 3].fill(0);
        for &(x0, y0, x1, y1) in lines {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    ink(x, y);
                }
            }
        }
        px
    }

    fn colours_at(px: &[u8], w: usize, points: &[(usize, usize)]) -> Vec<[u8; 4]> {
        points
            .iter()
            .map(|&(x, y)| px[(y * w + x) * 4..(y * w + x) * 4 + 4].try_into().unwrap())
            .collect()
    }

    #[test]
    fn every_enclosed_region_gets_its_own_colour() {
        // A frame split by a cross into four cells, with paper outside the frame: five regions.
        let (w, h) = (40, 30);
        let px0 = line_art(
            w,
            h,
            &[
                (4, 4, 35, 4),
                (4, 25, 35, 25),
                (4, 4, 4, 25),
                (35, 4, 35, 25),
                (20, 4, 20, 25),
                (4, 15, 35, 15),
            ],
        );
        let mut px = px0.clone();
        let (report, patches) = colour_regions(
            &mut px,
            w as u32,
            h as u32,
            &FillOptions::default(),
            distinct_colour,
        )
        .unwrap();
        assert_eq!(report.regions, 5);
        assert_eq!(report.paper, [255, 255, 255, 255]);
        let inside = colours_at(&px, w, &[(1, 1), (10, 10), (30, 10), (10, 20), (30, 20)]);
        assert_eq!(inside.iter().collect::<HashSet<_>>().len(), 5, "{inside:?}");
        assert!(!inside.contains(&[255, 255, 255, 255]));
        assert_eq!(
            colours_at(&px, w, &[(20, 10), (4, 4)]),
            vec![[0, 0, 0, 255]; 2],
            "lines stay"
        );
        // Undo patches restore the picture.
        let patches = patches.unwrap();
        let b = report.bounds.unwrap();
        assert_eq!(encode_patch(&px0, w, b), patches.before);
    }

    #[test]
    fn gap_closing_splits_regions_the_bucket_would_not_leak_between() {
        // Two cells whose dividing line has a 2-pixel gap: one region without gap closing,
        // two with it.
        let (w, h) = (40, 20);
        let art = line_art(
            w,
            h,
            &[
                (2, 2, 37, 2),
                (2, 17, 37, 17),
                (2, 2, 2, 17),
                (37, 2, 37, 17),
                (20, 2, 20, 8),
                (20, 11, 20, 17),
            ],
        );
        let count = |gap: u32| {
            let mut px = art.clone();
            let o = FillOptions {
                gap,
                ..FillOptions::default()
            };
            let (r, _) = colour_regions(&mut px, w as u32, h as u32, &o, distinct_colour).unwrap();
            let cells = colours_at(&px, w, &[(10, 10), (30, 10)]);
            (r.regions, cells[0] == cells[1])
        };
        assert_eq!(count(0), (2, true), "outside and the joined cells");
        assert_eq!(count(2), (3, false), "outside and two cells");
    }

    #[test]
    fn distinct_colours_are_distinct_and_light() {
        let first: Vec<_> = (0..64).map(distinct_colour).collect();
        assert_eq!(first.iter().collect::<HashSet<_>>().len(), 64);
        for c in first {
            assert!(
                c.iter().take(3).map(|&v| u32::from(v)).sum::<u32>() > 300,
                "{c:?}"
            );
        }
    }

    #[test]
    fn the_paper_is_the_lightest_common_colour_even_when_lines_outnumber_it() {
        // Thick black bars cover 6 of every 10 columns: more ink than paper.
        let (w, h) = (40, 10);
        let bars: Vec<_> = (0..4).map(|k| (k * 10, 0, k * 10 + 5, h - 1)).collect();
        let px = line_art(w, h, &bars);
        assert_eq!(paper_colour(&px), [255, 255, 255, 255]);
        // A colour with under a quarter of the most common one's pixels is not the paper,
        // however light: a few white dots on a dark picture.
        let mut dark = vec![30u8; 100 * 4];
        dark[..4 * 15].fill(255);
        assert_eq!(paper_colour(&dark), [30, 30, 30, 30]);
        // A transparent background with opaque black lines: the background is the paper.
        let mut clear = vec![0u8; 10 * 4];
        for p in clear.chunks_mut(4).take(6) {
            p.copy_from_slice(&[0, 0, 0, 255]);
        }
        assert_eq!(paper_colour(&clear), [0, 0, 0, 0]);
    }

    #[test]
    fn a_picture_without_paper_regions_changes_nothing_and_bad_input_is_refused() {
        let mut px = vec![0u8; 4 * 4 * 4];
        let (r, p) =
            colour_regions(&mut px, 4, 4, &FillOptions::default(), |_| [0, 0, 0, 0]).unwrap();
        // All one colour (transparent black), and a palette of only that colour: nothing to
        // colour with, so nothing changes (and the scan ends).
        assert_eq!(
            (r.regions, r.bounds.is_some(), p.is_some()),
            (0, false, false)
        );
        let err = colour_regions(&mut px, 5, 4, &FillOptions::default(), distinct_colour);
        assert!(matches!(err, Err(FillError::BufferLength { .. })));
    }
}
