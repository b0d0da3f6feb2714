//! Paint-bucket flood fill over RGBA pixel buffers (issue 4). Pure Rust: no wasm, no I/O.
//!
//! A pixel is *similar* to the seed pixel when its largest per-channel difference (R, G, B, A)
//! from it is at most the tolerance (0 = exact match). The *region* is the 4- or 8-connected
//! set of similar pixels containing the seed, or in global mode every similar pixel. [`fill`]
//! sets the region to the fill colour; options add soft (antialiased) edges and gap closing.
//!
//! - [`span`](span_fill): scanline fill with a visited bit mask, no recursion;
//! - [`similar`](Similar): the similarity test, 32-bit compares for exact matching and
//!   eight-pixel byte-wise checks for tolerance; [`oklab`](Perceptual) measures it as a
//!   perceptual distance instead ([`Metric::Oklab`]);
//! - [`global`](global_fill): every similar pixel;
//! - [`soft`](soften): coverage-based blending of the antialiased ramp just outside the region;
//! - [`gap`](close_gaps): no leaks through narrow gaps, corners still reached, built on the
//!   word-at-a-time erosion, dilation and run floods of `morphology`;
//! - [`closures`](gap_closures): where gap closing will stop a fill, for the page's preview;
//! - `blend`: source-over compositing, for fill colours with an opacity below 100%;
//! - [`mask`](Mask): the row-aligned bit mask they share; [`error`](FillError): what can fail;
//! - [`patch`](Patch): run-length-encoded rectangles for undo;
//! - [`regions`](colour_regions): every enclosed region of paper in a colour of its own.

mod blend;
mod closures;
mod error;
mod gap;
mod global;
mod grow;
mod mask;
mod morphology;
mod oklab;
mod patch;
mod regions;
mod similar;
mod soft;
mod span;

use blend::over;
pub use closures::gap_closures;
pub use error::FillError;
pub use gap::close_gaps;
pub use global::global_fill;
pub use grow::{MAX_GROW, grow_into_lines};
pub use mask::Mask;
pub use oklab::{DELTA_E_PER_UNIT, Perceptual, oklab};
pub use patch::{Patch, PatchError, Recorder, RunsBuilder, encode as encode_patch};
pub use regions::{RegionsReport, colour_regions, distinct_colour, paper_colour};
pub use similar::{Exact, Similar, Within, difference};
pub use soft::{ramp_changes_within, soften, soften_within};
pub use span::{Found, NoPaint, Paint, span_fill};

use serde::{Deserialize, Serialize};

/// The largest accepted width or height.
pub const MAX_SIDE: u32 = 16384;

/// The largest accepted gap-closing size, in pixels.
pub const MAX_GAP: u32 = 64;

/// Which neighbours are connected: edge-sharing only, or corners too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Connectivity {
    /// Left, right, up and down.
    #[default]
    Four,
    /// The four plus the diagonals.
    Eight,
}

impl Connectivity {
    /// 4 or 8 as a connectivity; anything else is `None`.
    pub fn from_count(n: u32) -> Option<Self> {
        match n {
            4 => Some(Connectivity::Four),
            8 => Some(Connectivity::Eight),
            _ => None,
        }
    }
}

/// How the tolerance measures a pixel's difference from the seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// The largest difference of R, G, B or A.
    #[default]
    Max,
    /// Distance in OKLab (perceptual), alpha apart (see [`Perceptual`]).
    Oklab,
}

impl Metric {
    /// `max` or `oklab` as a metric; anything else is `None`.
    pub fn from_name(name: &str) -> Option<Self> {
        match name.trim().to_ascii_lowercase().as_str() {
            "max" => Some(Metric::Max),
            "oklab" => Some(Metric::Oklab),
            _ => None,
        }
    }
}

/// How to fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillOptions {
    /// The largest difference from the seed pixel still filled (0 = exact), as `metric`
    /// measures it.
    pub tolerance: u8,
    /// How the difference is measured.
    pub metric: Metric,
    /// Neighbourhood of the contiguous fill.
    pub connectivity: Connectivity,
    /// Fill every similar pixel in the image, connected or not.
    pub global: bool,
    /// Blend the ring just outside the region by coverage (antialiased outlines).
    pub soft: bool,
    /// Do not leak through gaps of at most this many pixels (0 = off; contiguous fills only).
    pub gap: u32,
    /// Paint the colour over the region's pixels (source-over) instead of replacing them; it
    /// only matters when the colour's alpha is below 255.
    pub blend: bool,
    /// Grow the region up to this many pixels into the outline around it, to the line's
    /// centre (0 = off): no halo under antialiased lines.
    pub grow: u32,
}

impl FillOptions {
    /// Whether filling with `colour` composites rather than replaces: blending is asked for and
    /// the colour is not opaque (an opaque colour painted over is just the colour).
    fn blends(&self, colour: [u8; 4]) -> bool {
        self.blend && colour[3] < 255
    }
}

/// An inclusive pixel rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounds {
    /// Leftmost column.
    pub x0: usize,
    /// Top row.
    pub y0: usize,
    /// Rightmost column.
    pub x1: usize,
    /// Bottom row.
    pub y1: usize,
}

impl Bounds {
    /// The rectangle holding one pixel.
    pub fn point(x: usize, y: usize) -> Self {
        Bounds {
            x0: x,
            y0: y,
            x1: x,
            y1: y,
        }
    }

    /// Grows the rectangle to hold (x, y).
    #[inline]
    pub fn include(&mut self, x: usize, y: usize) {
        self.x0 = self.x0.min(x);
        self.y0 = self.y0.min(y);
        self.x1 = self.x1.max(x);
        self.y1 = self.y1.max(y);
    }

    /// Grows by `by` pixels on every side, staying inside a `width × height` image.
    pub fn grown(self, by: usize, width: usize, height: usize) -> Self {
        Bounds {
            x0: self.x0.saturating_sub(by),
            y0: self.y0.saturating_sub(by),
            x1: (self.x1 + by).min(width - 1),
            y1: (self.y1 + by).min(height - 1),
        }
    }
}

/// What a fill did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FillReport {
    /// Pixels of the region (set to the fill colour).
    pub filled: u64,
    /// Pixels partly recoloured by soft edges.
    pub blended: u64,
    /// The rectangle that may have changed; `None` when nothing changed.
    pub bounds: Option<Bounds>,
}

/// Checks that a `width × height` image is one the fill takes (each side 1 to [`MAX_SIDE`]).
pub fn check_size(width: u32, height: u32) -> Result<(), FillError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(FillError::BadSize { width, height });
    }
    Ok(())
}

/// Checks the image geometry and the seed; returns (width, height) as `usize`.
pub fn check_image(
    pixels: &[u8],
    width: u32,
    height: u32,
    x: i64,
    y: i64,
) -> Result<(usize, usize), FillError> {
    check_size(width, height)?;
    let expected = u64::from(width) * u64::from(height) * 4;
    if pixels.len() as u64 != expected {
        return Err(FillError::BufferLength {
            width,
            height,
            expected,
            actual: pixels.len() as u64,
        });
    }
    if x < 0 || y < 0 || x >= i64::from(width) || y >= i64::from(height) {
        return Err(FillError::SeedOutside {
            x,
            y,
            width,
            height,
        });
    }
    Ok((width as usize, height as usize))
}

/// Fills the region around pixel (`x`, `y`) of the `width × height` RGBA image `pixels` with
/// `colour`. Filling with the colour already there (exact match) returns at once.
pub fn fill(
    pixels: &mut [u8],
    width: u32,
    height: u32,
    at: (i64, i64),
    colour: [u8; 4],
    options: &FillOptions,
) -> Result<FillReport, FillError> {
    fill_inner(pixels, width, height, at, colour, options, false).map(|(report, _)| report)
}

/// The changed rectangle's pixels before and after a fill, for undo and redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoPatches {
    /// The rectangle's pixels before the fill.
    pub before: Patch,
    /// The rectangle's pixels after the fill.
    pub after: Patch,
}

/// Like [`fill`], and also returns the changed rectangle before and after (`None` when
/// nothing changed). The region is found first, so the old pixels are read only in the
/// rectangle that changes.
pub fn fill_with_undo(
    pixels: &mut [u8],
    width: u32,
    height: u32,
    at: (i64, i64),
    colour: [u8; 4],
    options: &FillOptions,
) -> Result<(FillReport, Option<UndoPatches>), FillError> {
    fill_inner(pixels, width, height, at, colour, options, true)
}

fn fill_inner(
    pixels: &mut [u8],
    width: u32,
    height: u32,
    (x, y): (i64, i64),
    colour: [u8; 4],
    options: &FillOptions,
    record: bool,
) -> Result<(FillReport, Option<UndoPatches>), FillError> {
    let (w, h) = check_image(pixels, width, height, x, y)?;
    if options.gap > MAX_GAP {
        return Err(FillError::GapTooLarge(options.gap));
    }
    if options.grow > MAX_GROW {
        return Err(FillError::GrowTooLarge(options.grow));
    }
    let (sx, sy) = (x as usize, y as usize);
    let (px, _) = pixels.as_chunks_mut::<4>();
    let seed = px[sy * w + sx];
    if options.tolerance == 0 && seed == colour && !options.blends(colour) {
        let nothing = FillReport {
            filled: 0,
            blended: 0,
            bounds: None,
        };
        return Ok((nothing, None));
    }
    let job = Job {
        w,
        h,
        at: (sx, sy),
        seed,
        colour,
        options,
        record,
    };
    if options.tolerance == 0 {
        Ok(job.run(px, &Exact(u32::from_ne_bytes(seed))))
    } else if options.metric == Metric::Oklab {
        Ok(job.run(px, &Perceptual::new(seed, options.tolerance)))
    } else {
        Ok(job.run(px, &Within::new(seed, options.tolerance)))
    }
}

/// Paints a colour over the old pixels (`blending`) or in their place.
struct BlendOrSolid {
    colour: [u8; 4],
    blending: bool,
}

impl Paint for BlendOrSolid {
    #[inline]
    fn paint(&mut self, _y: usize, _x: usize, run: &mut [[u8; 4]]) {
        if self.blending {
            run.iter_mut().for_each(|p| *p = over(self.colour, *p));
        } else {
            run.fill(self.colour);
        }
    }
}

struct Job<'a> {
    w: usize,
    h: usize,
    at: (usize, usize),
    seed: [u8; 4],
    colour: [u8; 4],
    options: &'a FillOptions,
    record: bool,
}

impl Job<'_> {
    fn run<S: Similar>(
        &self,
        px: &mut [[u8; 4]],
        similar: &S,
    ) -> (FillReport, Option<UndoPatches>) {
        let Job {
            w,
            h,
            at,
            seed,
            colour,
            options,
            record,
        } = *self;
        let contiguous_gap = options.gap > 0 && !options.global;
        let blending = options.blends(colour);
        let mut mask = Mask::new(w, h);
        if !contiguous_gap && options.grow == 0 {
            // The region is painted as its runs are found: one pass over the pixels, recording
            // the undo patches on the way when asked.
            let mut recorder = record.then(|| Recorder::new(colour, blending));
            let found = match (&mut recorder, options.global) {
                (Some(r), true) => global_fill(px, w, similar, r, Some(&mut mask)),
                (Some(r), false) => {
                    span_fill(px, w, at, similar, options.connectivity, r, &mut mask)
                }
                (None, global) => {
                    let mut paint = BlendOrSolid { colour, blending };
                    if global {
                        global_fill(px, w, similar, &mut paint, Some(&mut mask))
                    } else {
                        let c = options.connectivity;
                        span_fill(px, w, at, similar, c, &mut paint, &mut mask)
                    }
                }
            };
            let mut bounds = found.bounds;
            let mut blended = 0;
            if options.soft {
                let became = if blending { over(colour, seed) } else { colour };
                let changes =
                    ramp_changes_within(px, w, &mask, found.bounds, seed, similar, became);
                for &(i, q) in &changes {
                    if let Some(r) = &mut recorder {
                        r.record_pixel(i % w, i / w, px[i], q);
                    }
                    px[i] = q;
                }
                blended = changes.len() as u64;
                bounds = bounds.grown(2, w, h);
            }
            let report = FillReport {
                filled: found.count,
                blended,
                bounds: Some(bounds),
            };
            return (report, recorder.map(Recorder::finish));
        }
        let found = if options.global {
            global_fill(px, w, similar, &mut NoPaint, Some(&mut mask))
        } else {
            span_fill(
                px,
                w,
                at,
                similar,
                options.connectivity,
                &mut NoPaint,
                &mut mask,
            )
        };
        let mut bounds = found.bounds;
        let mut region_bounds = found.bounds;
        if contiguous_gap {
            mask = close_gaps(&mask, at, options.gap, options.connectivity);
        }
        if options.grow > 0 {
            mask = grow_into_lines(px, w, &mask, seed, options.tolerance, options.grow);
            bounds = bounds.grown(options.grow as usize, w, h);
            region_bounds = bounds;
        }
        if options.soft {
            bounds = bounds.grown(2, w, h);
        }
        let before = record.then(|| encode_patch(px.as_flattened(), w, bounds));
        let mut filled = 0;
        mask.for_each_run(|y, a, b| {
            let run = &mut px[y * w + a..y * w + b];
            if blending {
                run.iter_mut().for_each(|p| *p = over(colour, *p));
            } else {
                run.fill(colour);
            }
            filled += (b - a) as u64;
        });
        let blended = if options.soft {
            // The ramp trades its share of the seed colour for what the seed colour became.
            let became = if blending { over(colour, seed) } else { colour };
            soften_within(px, w, &mask, region_bounds, seed, similar, became)
        } else {
            0
        };
        let patches = before.map(|before| UndoPatches {
            before,
            after: encode_patch(px.as_flattened(), w, bounds),
        });
        let report = FillReport {
            filled,
            blended,
            bounds: Some(bounds),
        };
        (report, patches)
    }
}
