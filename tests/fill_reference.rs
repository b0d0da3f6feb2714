//! The span fill against a plain breadth-first reference over the same definition, on many
//! random images: exact and tolerance, both connectivities, global mode, corners and edges,
//! 1×1 and 1×N images, and the fill colour equal to the seed colour.

use std::collections::VecDeque;

use gridwise::fill::{Connectivity, FillOptions, fill};
use gridwise::util::rng::Rng;

/// The region by definition: BFS from the seed over pixels whose largest channel difference
/// from the seed is at most `t`; or, globally, every such pixel.
fn reference(
    px: &[u8],
    w: usize,
    h: usize,
    seed: (usize, usize),
    colour: [u8; 4],
    o: &FillOptions,
) -> (Vec<u8>, u64) {
    let at = |x: usize, y: usize| -> [u8; 4] {
        let i = (y * w + x) * 4;
        [px[i], px[i + 1], px[i + 2], px[i + 3]]
    };
    let s = at(seed.0, seed.1);
    let similar = |p: [u8; 4]| {
        (0..4).all(|c| (i32::from(p[c]) - i32::from(s[c])).abs() <= i32::from(o.tolerance))
    };
    let mut inside = vec![false; w * h];
    if o.global {
        for y in 0..h {
            for x in 0..w {
                inside[y * w + x] = similar(at(x, y));
            }
        }
    } else {
        let mut queue = VecDeque::from([seed]);
        inside[seed.1 * w + seed.0] = true;
        while let Some((x, y)) = queue.pop_front() {
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    if (dx == 0 && dy == 0)
                        || (o.connectivity == Connectivity::Four && dx != 0 && dy != 0)
                    {
                        continue;
                    }
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let (nx, ny) = (nx as usize, ny as usize);
                    if !inside[ny * w + nx] && similar(at(nx, ny)) {
                        inside[ny * w + nx] = true;
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
    }
    let mut out = px.to_vec();
    let mut n = 0;
    for (i, &yes) in inside.iter().enumerate() {
        if yes {
            out[i * 4..i * 4 + 4].copy_from_slice(&colour);
            n += 1;
        }
    }
    (out, n)
}

/// A random image of blobs from a small palette of close colours, so that regions are large,
/// oddly shaped and tolerance matters.
fn random_image(rng: &mut Rng, w: usize, h: usize) -> Vec<u8> {
    let palette: Vec<[u8; 4]> = (0..2 + rng.index(5))
        .map(|_| {
            let base = rng.below(256) as u8;
            [
                base,
                base.wrapping_add(rng.below(20) as u8),
                base,
                255 - rng.below(3) as u8 * 10,
            ]
        })
        .collect();
    let density = rng.unit_f64();
    let mut px = vec![0u8; w * h * 4];
    let mut current = palette[0];
    for i in 0..w * h {
        if rng.unit_f64() < density {
            current = palette[rng.index(palette.len())];
        }
        // Copy from the pixel above sometimes, to grow vertical structure.
        if i >= w && rng.unit_f64() < 0.5 {
            let above: [u8; 4] = px[(i - w) * 4..(i - w) * 4 + 4].try_into().unwrap();
            px[i * 4..i * 4 + 4].copy_from_slice(&above);
        } else {
            px[i * 4..i * 4 + 4].copy_from_slice(&current);
        }
    }
    px
}

fn check(
    rng: &mut Rng,
    w: usize,
    h: usize,
    seed: (usize, usize),
    o: FillOptions,
    same_colour: bool,
) {
    let px = random_image(rng, w, h);
    let i = (seed.1 * w + seed.0) * 4;
    let colour: [u8; 4] = if same_colour {
        px[i..i + 4].try_into().unwrap()
    } else {
        [
            rng.below(256) as u8,
            rng.below(256) as u8,
            rng.below(256) as u8,
            255,
        ]
    };
    let (want, n) = reference(&px, w, h, seed, colour, &o);
    let mut got = px.clone();
    let report = fill(
        &mut got,
        w as u32,
        h as u32,
        (seed.0 as i64, seed.1 as i64),
        colour,
        &o,
    )
    .unwrap();
    assert!(
        got == want,
        "{w}×{h} seed {seed:?} options {o:?} colour {colour:?}: pixels differ"
    );
    if !(same_colour && o.tolerance == 0) {
        assert_eq!(
            report.filled, n,
            "{w}×{h} seed {seed:?} {o:?}: filled count"
        );
    } else {
        assert_eq!(
            report.bounds, None,
            "filling with the seed colour changes nothing"
        );
    }
}

fn options(rng: &mut Rng) -> FillOptions {
    FillOptions {
        tolerance: [0, 0, 1, 5, 12, 30, 255][rng.index(7)],
        connectivity: if rng.below(2) == 0 {
            Connectivity::Four
        } else {
            Connectivity::Eight
        },
        global: rng.below(5) == 0,
        ..FillOptions::default()
    }
}

#[test]
fn random_images_match_the_reference() {
    let mut rng = Rng::new(0x5eed_f111);
    for case in 0..3000 {
        let w = 1 + rng.index(if case % 3 == 0 { 150 } else { 40 });
        let h = 1 + rng.index(40);
        let seed = (rng.index(w), rng.index(h));
        let o = options(&mut rng);
        let same = rng.below(8) == 0;
        check(&mut rng, w, h, seed, o, same);
    }
}

#[test]
fn corners_edges_and_thin_images_match_the_reference() {
    let mut rng = Rng::new(42);
    let sizes = [
        (1, 1),
        (1, 7),
        (9, 1),
        (1, 200),
        (300, 1),
        (2, 2),
        (64, 3),
        (65, 65),
        (128, 2),
        (3, 129),
    ];
    for &(w, h) in &sizes {
        let spots = [
            (0, 0),
            (w - 1, 0),
            (0, h - 1),
            (w - 1, h - 1),
            (w / 2, 0),
            (0, h / 2),
            (w - 1, h / 2),
            (w / 2, h - 1),
        ];
        for &seed in &spots {
            for _ in 0..6 {
                let o = options(&mut rng);
                check(&mut rng, w, h, seed, o, false);
                check(&mut rng, w, h, seed, o, true);
            }
        }
    }
}

#[test]
fn a_fill_colour_similar_to_the_seed_terminates_and_is_right() {
    // With tolerance, painted pixels are still similar: the visited mask must stop the fill.
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let (w, h) = (1 + rng.index(60), 1 + rng.index(60));
        let px = random_image(&mut rng, w, h);
        let seed = (rng.index(w), rng.index(h));
        let i = (seed.1 * w + seed.0) * 4;
        let mut colour: [u8; 4] = px[i..i + 4].try_into().unwrap();
        colour[0] = colour[0].wrapping_add(1);
        let o = FillOptions {
            tolerance: 40,
            connectivity: Connectivity::Eight,
            ..FillOptions::default()
        };
        let (want, _) = reference(&px, w, h, seed, colour, &o);
        let mut got = px.clone();
        fill(
            &mut got,
            w as u32,
            h as u32,
            (seed.0 as i64, seed.1 as i64),
            colour,
            &o,
        )
        .unwrap();
        assert!(got == want);
    }
}

#[test]
fn a_spiral_needs_no_recursion() {
    // A 1-pixel serpentine corridor through a 1000×1000 image: deep for a recursive fill.
    let (w, h) = (1000usize, 1000usize);
    let mut px = vec![255u8; w * h * 4];
    for y in (1..h).step_by(2) {
        for x in 0..w {
            let gap = if (y / 2) % 2 == 0 { w - 1 } else { 0 };
            if x != gap {
                px[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(&[0, 0, 0, 255]);
            }
        }
    }
    let o = FillOptions {
        connectivity: Connectivity::Four,
        ..FillOptions::default()
    };
    let (want, n) = reference(&px, w, h, (0, 0), [255, 0, 0, 255], &o);
    let mut got = px.clone();
    let r = fill(&mut got, w as u32, h as u32, (0, 0), [255, 0, 0, 255], &o).unwrap();
    assert_eq!(r.filled, n);
    assert!(got == want);
}
