//! Global fill: every pixel similar to the seed, wherever it is, scanned row by row in runs.

use super::Bounds;
use super::mask::Mask;
use super::similar::Similar;
use super::span::{Found, Paint};

/// Hands every run of pixels similar to the seed to `paint`, and marks them when given a mask.
pub fn global_fill<S: Similar, P: Paint>(
    px: &mut [[u8; 4]],
    width: usize,
    similar: &S,
    paint: &mut P,
    mut mask: Option<&mut Mask>,
) -> Found {
    let mut count = 0;
    let mut bounds: Option<Bounds> = None;
    for (y, row) in px.chunks_exact_mut(width).enumerate() {
        let mut x = 0;
        while x < width {
            if !similar.similar(row[x]) {
                x += 1;
                continue;
            }
            let end = similar.run_end(row, x + 1);
            paint.paint(y, x, &mut row[x..end]);
            if let Some(m) = mask.as_deref_mut() {
                m.set_run(y, x, end);
            }
            count += (end - x) as u64;
            let b = bounds.get_or_insert(Bounds::point(x, y));
            b.include(x, y);
            b.include(end - 1, y);
            x = end;
        }
    }
    Found {
        count,
        bounds: bounds.unwrap_or(Bounds::point(0, 0)),
    }
}
