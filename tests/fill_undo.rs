//! Undo patches: the rectangle before and after a fill, and nothing changes outside it.

use gridwise::fill::{Bounds, Connectivity, FillOptions, Metric, Patch, fill, fill_with_undo};
use gridwise::util::rng::Rng;

fn decode(patch: &Patch) -> Vec<u32> {
    match patch {
        Patch::Raw(words) => words.clone(),
        Patch::Runs(runs) => runs
            .chunks(2)
            .flat_map(|r| std::iter::repeat_n(r[1], r[0] as usize))
            .collect(),
    }
}

fn rect(px: &[u8], w: usize, b: Bounds) -> Vec<u32> {
    let mut out = Vec::new();
    for y in b.y0..=b.y1 {
        for x in b.x0..=b.x1 {
            let i = (y * w + x) * 4;
            out.push(u32::from_le_bytes(px[i..i + 4].try_into().unwrap()));
        }
    }
    out
}

#[test]
fn patches_hold_the_changed_rectangle() {
    let mut rng = Rng::new(99);
    for case in 0..400 {
        let (w, h) = (1 + rng.index(50), 1 + rng.index(50));
        let palette = [[0u8, 0, 0, 255], [255, 255, 255, 255], [250, 250, 250, 255]];
        let px: Vec<u8> = (0..w * h).flat_map(|_| palette[rng.index(3)]).collect();
        let o = FillOptions {
            tolerance: [0, 10][rng.index(2)],
            metric: if rng.below(2) == 0 {
                Metric::Max
            } else {
                Metric::Oklab
            },
            connectivity: if case % 2 == 0 {
                Connectivity::Four
            } else {
                Connectivity::Eight
            },
            global: rng.below(6) == 0,
            soft: rng.below(3) == 0,
            gap: [0, 0, 2, 4][rng.index(4)],
            grow: [0, 0, 1, 3][rng.index(4)],
            blend: case % 3 == 0,
        };
        let at = (rng.index(w) as i64, rng.index(h) as i64);
        // Every other case translucent, so blended fills are recorded too.
        let colour = [9, 99, 199, if case % 2 == 0 { 255 } else { 120 }];
        let mut plain = px.clone();
        let report = fill(&mut plain, w as u32, h as u32, at, colour, &o).unwrap();
        let mut recorded = px.clone();
        let (r2, undo) = fill_with_undo(&mut recorded, w as u32, h as u32, at, colour, &o).unwrap();
        assert_eq!(plain, recorded, "recording changes nothing about the fill");
        assert_eq!(report.filled, r2.filled);
        let Some(b) = r2.bounds else {
            assert!(undo.is_none());
            continue;
        };
        let undo = undo.unwrap();
        assert_eq!(decode(&undo.before), rect(&px, w, b));
        assert_eq!(decode(&undo.after), rect(&recorded, w, b));
        for y in 0..h {
            for x in 0..w {
                if x < b.x0 || x > b.x1 || y < b.y0 || y > b.y1 {
                    let i = (y * w + x) * 4;
                    assert_eq!(
                        px[i..i + 4],
                        recorded[i..i + 4],
                        "pixel ({x}, {y}) outside the bounds changed"
                    );
                }
            }
        }
    }
}
