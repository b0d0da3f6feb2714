//! Undo patches: what a fill changed, before and after, and nothing changes outside the
//! rectangle it reports.

use gridwise::fill::{Bounds, Connectivity, FillOptions, Metric, Patch, fill, fill_with_undo};
use gridwise::util::rng::Rng;

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
        let mut undone = recorded.clone();
        undo.before.apply(&mut undone, w, h, b).unwrap();
        assert_eq!(undone, px, "the before patch restores the picture");
        let mut redone = px.clone();
        undo.after.apply(&mut redone, w, h, b).unwrap();
        assert_eq!(redone, recorded, "the after patch repeats the fill");
        if let Patch::Spans { spans, .. } = &undo.before {
            for s in spans.chunks(3) {
                let (y, a, z) = (s[0] as usize, s[1] as usize, s[2] as usize);
                assert!(
                    y >= b.y0 && y <= b.y1 && a >= b.x0 && z <= b.x1 + 1,
                    "span {s:?} outside {b:?}"
                );
            }
        }
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

#[test]
fn rectangle_patches_round_trip_and_bad_patches_are_refused() {
    let mut rng = Rng::new(5);
    let (w, h) = (9, 7);
    let px: Vec<u8> = (0..w * h * 4).map(|_| [0u8, 255][rng.index(2)]).collect();
    let b = Bounds {
        x0: 2,
        y0: 1,
        x1: 6,
        y1: 5,
    };
    for patch in [gridwise::fill::encode_patch(&px, w, b), {
        // The same rectangle raw, as a noisy one is kept.
        let mut words = Vec::new();
        for y in b.y0..=b.y1 {
            for x in b.x0..=b.x1 {
                let i = (y * w + x) * 4;
                words.push(u32::from_le_bytes(px[i..i + 4].try_into().unwrap()));
            }
        }
        Patch::Raw(words)
    }] {
        let mut blank = vec![7u8; w * h * 4];
        patch.apply(&mut blank, w, h, b).unwrap();
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) * 4;
                let inside = (b.x0..=b.x1).contains(&x) && (b.y0..=b.y1).contains(&y);
                let want = if inside { &px[i..i + 4] } else { &[7u8; 4][..] };
                assert_eq!(&blank[i..i + 4], want, "pixel ({x}, {y})");
            }
        }
    }
    let mut img = vec![0u8; w * h * 4];
    let outside = Bounds {
        x0: 5,
        y0: 0,
        x1: 9,
        y1: 0,
    };
    assert!(
        Patch::Raw(vec![0; 5])
            .apply(&mut img, w, h, outside)
            .is_err()
    );
    assert!(
        Patch::Runs(vec![3, 1]).apply(&mut img, w, h, b).is_err(),
        "too few pixels"
    );
    let spans = Patch::Spans {
        spans: vec![2, 3, 12],
        runs: vec![9, 1],
    };
    assert!(
        spans.apply(&mut img, w, h, b).is_err(),
        "a span past the row"
    );
    let spans = Patch::Spans {
        spans: vec![2, 3, 5],
        runs: vec![2, 1, 1],
    };
    assert!(spans.apply(&mut img, w, h, b).is_err(), "runs not in pairs");
    assert_eq!(img, vec![0u8; w * h * 4], "a refused patch writes nothing");
}
