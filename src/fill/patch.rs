//! Undo patches: the pixels of a rectangle, run-length encoded as 32-bit pixels. A fill's
//! "after" is mostly one colour and its "before" often is too, so a patch of a 4096×4096 fill
//! is usually a few bytes instead of 64 MiB.

use super::Bounds;

/// A rectangle's pixels: `(count, pixel)` pairs row by row across the rectangle, or the raw
/// pixels when runs would not be smaller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Patch {
    /// Run-length pairs: count, then the pixel as a little-endian `u32` (R in the low byte).
    Runs(Vec<u32>),
    /// The pixels as little-endian `u32`s, row by row.
    Raw(Vec<u32>),
}

/// Encodes the `bounds` rectangle of a `width`-wide RGBA image.
pub fn encode(pixels: &[u8], width: usize, bounds: Bounds) -> Patch {
    let (px, _) = pixels.as_chunks::<4>();
    let w = bounds.x1 - bounds.x0 + 1;
    let area = w * (bounds.y1 - bounds.y0 + 1);
    let mut runs = Vec::new();
    let mut value = u32::from_le_bytes(px[bounds.y0 * width + bounds.x0]);
    let mut count = 0u32;
    let same8 = |chunk: &[[u8; 4]], value: u32| {
        chunk
            .iter()
            .fold(true, |acc, &p| acc & (u32::from_le_bytes(p) == value))
    };
    for y in bounds.y0..=bounds.y1 {
        let row = &px[y * width + bounds.x0..y * width + bounds.x0 + w];
        let mut i = 0;
        while i < row.len() {
            // Long runs go eight pixels per step.
            if i + 8 <= row.len() && same8(&row[i..i + 8], value) {
                count += 8;
                i += 8;
                continue;
            }
            let v = u32::from_le_bytes(row[i]);
            i += 1;
            if v == value {
                count += 1;
            } else {
                runs.extend([count, value]);
                if runs.len() >= area {
                    return raw(px, width, bounds);
                }
                value = v;
                count = 1;
            }
        }
    }
    runs.extend([count, value]);
    Patch::Runs(runs)
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
