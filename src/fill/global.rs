//! Global fill: every pixel similar to the seed, wherever it is, scanned row by row in runs.

use super::Bounds;
use super::mask::Mask;
use super::similar::Similar;
use super::span::Found;

/// Paints (when `paint` is given) and marks every pixel similar to the seed.
pub fn global_fill<S: Similar>(
    px: &mut [[u8; 4]],
    width: usize,
    similar: &S,
    paint: Option<[u8; 4]>,
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
            if let Some(colour) = paint {
                row[x..end].fill(colour);
            }
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
