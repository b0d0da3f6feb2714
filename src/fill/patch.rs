//! Undo patches: the pixels a change touched, before and after it, run-length encoded as
//! 32-bit pixels. A fill's "after" is mostly one colour and its "before" often is too, so a
//! patch of a 4096×4096 fill is usually a few bytes instead of 64 MiB.
//!
//! A plain fill records its patches while it paints ([`Recorder`]): the runs it paints are the
//! patch's spans, so no second pass over the changed rectangle is needed. Fills that find their
//! region first (gap closing, growing into lines) and drawn strokes encode a rectangle.

use super::Bounds;
use super::UndoPatches;
use super::blend::over;
use super::span::Paint;

/// Pixels of a rectangle, or of some spans of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Patch {
    /// The whole rectangle, row by row, as run-length pairs: count, then the pixel as a
    /// little-endian `u32` (R in the low byte).
    Runs(Vec<u32>),
    /// The whole rectangle's pixels as little-endian `u32`s, row by row.
    Raw(Vec<u32>),
    /// Only the pixels of `spans`, `(y, x0, x1)` triples in image coordinates (x1 exclusive),
    /// whose pixels follow one another in `runs`, as run-length pairs.
    Spans { spans: Vec<u32>, runs: Vec<u32> },
}

/// Why a patch cannot be written into an image.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatchError {
    #[error("the patch's rectangle is not inside the {width} × {height} image")]
    OutsideImage { width: usize, height: usize },
    #[error("the patch holds {found} pixels where its rectangle or spans need {needed}")]
    WrongLength { found: u64, needed: u64 },
    #[error("the patch's spans are not whole (y, x0, x1) triples inside the image")]
    BadSpans,
}

/// Builds run-length pairs from pixels given in order.
#[derive(Default)]
pub struct RunsBuilder {
    runs: Vec<u32>,
    value: u32,
    count: u32,
}

impl RunsBuilder {
    /// Appends `n` copies of `value`.
    #[inline]
    pub fn push_same(&mut self, value: u32, n: usize) {
        if n == 0 {
            return;
        }
        if value != self.value && self.count > 0 {
            self.runs.extend([self.count, self.value]);
            self.count = 0;
        }
        self.value = value;
        self.count += n as u32;
    }

    /// Appends the pixels of `row`; long stretches of one colour go eight pixels per step.
    #[inline]
    pub fn push_pixels(&mut self, row: &[[u8; 4]]) {
        let same8 = |chunk: &[[u8; 4]], value: u32| {
            chunk
                .iter()
                .fold(true, |acc, &p| acc & (u32::from_le_bytes(p) == value))
        };
        let mut i = 0;
        while i < row.len() {
            if self.count > 0 && i + 8 <= row.len() && same8(&row[i..i + 8], self.value) {
                self.count += 8;
                i += 8;
                continue;
            }
            self.push_same(u32::from_le_bytes(row[i]), 1);
            i += 1;
        }
    }

    /// How many `u32`s the pairs take so far.
    pub fn len(&self) -> usize {
        self.runs.len() + 2
    }

    /// Whether nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty() && self.count == 0
    }

    /// The run-length pairs.
    pub fn finish(mut self) -> Vec<u32> {
        if self.count > 0 {
            self.runs.extend([self.count, self.value]);
        }
        self.runs
    }
}

/// Encodes the `bounds` rectangle of a `width`-wide RGBA image.
pub fn encode(pixels: &[u8], width: usize, bounds: Bounds) -> Patch {
    let (px, _) = pixels.as_chunks::<4>();
    let w = bounds.x1 - bounds.x0 + 1;
    let area = w * (bounds.y1 - bounds.y0 + 1);
    let mut runs = RunsBuilder::default();
    for y in bounds.y0..=bounds.y1 {
        runs.push_pixels(&px[y * width + bounds.x0..y * width + bounds.x0 + w]);
        if runs.len() >= area {
            return raw(px, width, bounds);
        }
    }
    Patch::Runs(runs.finish())
}

fn raw(px: &[[u8; 4]], width: usize, bounds: Bounds) -> Patch {
    let w = bounds.x1 - bounds.x0 + 1;
    let mut out = Vec::with_capacity(w * (bounds.y1 - bounds.y0 + 1));
    for y in bounds.y0..=bounds.y1 {
        let row = &px[y * width + bounds.x0..y * width + bounds.x0 + w];
        out.extend(row.iter().map(|&p| u32::from_le_bytes(p)));
    }
    Patch::Raw(out)
}

/// Pixels in order from run-length pairs.
struct RunsReader<'a> {
    runs: &'a [u32],
    left: u32,
    value: u32,
}

impl RunsReader<'_> {
    /// Writes the next `out.len()` pixels into `out`.
    fn take(&mut self, out: &mut [[u8; 4]]) {
        let mut i = 0;
        while i < out.len() {
            if self.left == 0 {
                self.left = self.runs[0];
                self.value = self.runs[1];
                self.runs = &self.runs[2..];
                continue;
            }
            let n = (self.left as usize).min(out.len() - i);
            out[i..i + n].fill(self.value.to_le_bytes());
            i += n;
            self.left -= n as u32;
        }
    }
}

/// How many pixels run-length pairs hold.
fn runs_total(runs: &[u32]) -> u64 {
    runs.chunks(2).map(|r| u64::from(r[0])).sum()
}

impl Patch {
    /// Writes the patch into a `width × height` RGBA image; `bounds` is the rectangle it was
    /// encoded from (spans carry their own places and only need to lie inside the image).
    pub fn apply(
        &self,
        pixels: &mut [u8],
        width: usize,
        height: usize,
        bounds: Bounds,
    ) -> Result<(), PatchError> {
        let (px, _) = pixels.as_chunks_mut::<4>();
        let outside = PatchError::OutsideImage { width, height };
        if px.len() < width * height {
            return Err(outside);
        }
        let check_runs = |runs: &[u32], needed: u64| {
            let found = if runs.len().is_multiple_of(2) {
                runs_total(runs)
            } else {
                u64::MAX
            };
            if found == needed {
                Ok(())
            } else {
                Err(PatchError::WrongLength { found, needed })
            }
        };
        match self {
            Patch::Spans { spans, runs } => {
                if !spans.len().is_multiple_of(3) {
                    return Err(PatchError::BadSpans);
                }
                let mut needed = 0u64;
                for s in spans.chunks(3) {
                    let (y, a, b) = (s[0] as usize, s[1] as usize, s[2] as usize);
                    if y >= height || a > b || b > width {
                        return Err(PatchError::BadSpans);
                    }
                    needed += (b - a) as u64;
                }
                check_runs(runs, needed)?;
                let mut reader = RunsReader {
                    runs,
                    left: 0,
                    value: 0,
                };
                for s in spans.chunks(3) {
                    let start = s[0] as usize * width;
                    reader.take(&mut px[start + s[1] as usize..start + s[2] as usize]);
                }
                Ok(())
            }
            Patch::Runs(_) | Patch::Raw(_) => {
                if bounds.x0 > bounds.x1
                    || bounds.y0 > bounds.y1
                    || bounds.x1 >= width
                    || bounds.y1 >= height
                {
                    return Err(outside);
                }
                let w = bounds.x1 - bounds.x0 + 1;
                let needed = (w * (bounds.y1 - bounds.y0 + 1)) as u64;
                let rows = (bounds.y0..=bounds.y1).map(|y| y * width + bounds.x0);
                if let Patch::Raw(words) = self {
                    if words.len() as u64 != needed {
                        return Err(PatchError::WrongLength {
                            found: words.len() as u64,
                            needed,
                        });
                    }
                    for (start, row) in rows.zip(words.chunks(w)) {
                        for (p, &v) in px[start..start + w].iter_mut().zip(row) {
                            *p = v.to_le_bytes();
                        }
                    }
                } else if let Patch::Runs(runs) = self {
                    check_runs(runs, needed)?;
                    let mut reader = RunsReader {
                        runs,
                        left: 0,
                        value: 0,
                    };
                    for start in rows {
                        reader.take(&mut px[start..start + w]);
                    }
                }
                Ok(())
            }
        }
    }
}

/// Paints a fill's runs and records them as it goes: the spans it painted, with their pixels
/// before and after. The "before" pixels are read just before they are painted, while they are
/// in cache; an opaque colour's "after" is one run per span.
pub struct Recorder {
    colour: [u8; 4],
    blend: bool,
    spans: Vec<u32>,
    before: RunsBuilder,
    after: RunsBuilder,
}

impl Recorder {
    /// Paints `colour`, composited over the old pixel when `blend`.
    pub fn new(colour: [u8; 4], blend: bool) -> Self {
        Recorder {
            colour,
            blend,
            spans: Vec::new(),
            before: RunsBuilder::default(),
            after: RunsBuilder::default(),
        }
    }

    /// Records one more pixel changed by someone else (a soft edge), at (x, y).
    pub fn record_pixel(&mut self, x: usize, y: usize, old: [u8; 4], new: [u8; 4]) {
        self.spans.extend([y as u32, x as u32, x as u32 + 1]);
        self.before.push_same(u32::from_le_bytes(old), 1);
        self.after.push_same(u32::from_le_bytes(new), 1);
    }

    /// The undo patches of everything painted and recorded.
    pub fn finish(self) -> UndoPatches {
        UndoPatches {
            before: Patch::Spans {
                spans: self.spans.clone(),
                runs: self.before.finish(),
            },
            after: Patch::Spans {
                spans: self.spans,
                runs: self.after.finish(),
            },
        }
    }
}

impl Paint for Recorder {
    #[inline]
    fn paint(&mut self, y: usize, x: usize, run: &mut [[u8; 4]]) {
        self.spans
            .extend([y as u32, x as u32, (x + run.len()) as u32]);
        self.before.push_pixels(run);
        if self.blend {
            for p in run.iter_mut() {
                *p = over(self.colour, *p);
            }
            self.after.push_pixels(run);
        } else {
            run.fill(self.colour);
            self.after
                .push_same(u32::from_le_bytes(self.colour), run.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_the_rectangle_and_noise_stays_raw() {
        let mut px = vec![7u8; 5 * 3 * 4];
        px[(5 + 2) * 4] = 9;
        let b = Bounds {
            x0: 1,
            y0: 0,
            x1: 3,
            y1: 2,
        };
        let seven = u32::from_le_bytes([7; 4]);
        let nine = u32::from_le_bytes([9, 7, 7, 7]);
        assert_eq!(
            encode(&px, 5, b),
            Patch::Runs(vec![4, seven, 1, nine, 4, seven])
        );
        let noise: Vec<u8> = (0..64u8).collect();
        let all = Bounds {
            x0: 0,
            y0: 0,
            x1: 3,
            y1: 3,
        };
        assert!(matches!(encode(&noise, 4, all), Patch::Raw(v) if v.len() == 16));
    }
}
