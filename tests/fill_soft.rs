//! Soft edges: an antialiased outline leaves no fringe of the old background colour.

use gridwise::fill::{FillOptions, fill};

const RED: [u8; 4] = [255, 0, 0, 255];

/// A 100×100 white image with a black antialiased ring (centre 50, radius 30, 3 px thick),
/// drawn by 8×8 supersampling.
fn ring() -> Vec<u8> {
    let (w, h) = (100usize, 100usize);
    let mut px = vec![0u8; w * h * 4];
    for y in 0..h {
        for x in 0..w {
            let mut ink = 0;
            for sy in 0..8 {
                for sx in 0..8 {
                    let fx = x as f64 + (sx as f64 + 0.5) / 8.0 - 50.0;
                    let fy = y as f64 + (sy as f64 + 0.5) / 8.0 - 50.0;
                    let r = (fx * fx + fy * fy).sqrt();
                    if (r - 30.0).abs() <= 1.5 {
                        ink += 1;
                    }
                }
            }
            let v = (255.0 * (1.0 - ink as f64 / 64.0)).round() as u8;
            px[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(&[v, v, v, 255]);
        }
    }
    px
}

/// The most "white" left inside the ring: green is 0 in the fill colour and in black ink, so any
/// green inside the ring's centre line is leftover background.
fn fringe(px: &[u8]) -> u8 {
    let mut worst = 0;
    for y in 0..100usize {
        for x in 0..100usize {
            let (dx, dy) = (x as f64 + 0.5 - 50.0, y as f64 + 0.5 - 50.0);
            if (dx * dx + dy * dy).sqrt() < 29.5 {
                worst = worst.max(px[(y * 100 + x) * 4 + 1]);
            }
        }
    }
    worst
}

#[test]
fn a_hard_fill_leaves_a_fringe() {
    let mut px = ring();
    fill(&mut px, 100, 100, (50, 50), RED, &FillOptions::default()).unwrap();
    assert!(
        fringe(&px) > 100,
        "the test image should show a fringe without soft edges"
    );
}

#[test]
fn soft_edges_leave_no_fringe() {
    for tolerance in [0, 10, 40] {
        let mut px = ring();
        let o = FillOptions {
            soft: true,
            tolerance,
            ..FillOptions::default()
        };
        let report = fill(&mut px, 100, 100, (50, 50), RED, &o).unwrap();
        assert!(report.blended > 0);
        assert!(fringe(&px) <= 8, "T={tolerance}: fringe {}", fringe(&px));
        // The outside keeps its white, the ink core stays black.
        assert_eq!(&px[0..4], &[255, 255, 255, 255]);
        assert_eq!(
            &px[(50 * 100 + 20) * 4..(50 * 100 + 20) * 4 + 4],
            &[0, 0, 0, 255]
        );
    }
}

#[test]
fn soft_edges_on_a_flat_image_just_fill() {
    let mut px = [9u8, 9, 9, 255].repeat(16 * 8);
    let o = FillOptions {
        soft: true,
        ..FillOptions::default()
    };
    let report = fill(&mut px, 16, 8, (3, 3), RED, &o).unwrap();
    assert_eq!(report.filled, 128);
    assert!(px.chunks(4).all(|p| p == RED));
}

#[test]
fn a_solid_outline_is_not_tinted_by_refills() {
    // A 1-px black square outline on white; fill inside with blue, then with green.
    let (w, h) = (40usize, 40usize);
    let mut px = [255u8, 255, 255, 255].repeat(w * h);
    for i in 5..35 {
        for (x, y) in [(i, 5), (i, 34), (5, i), (34, i)] {
            px[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(&[0, 0, 0, 255]);
        }
    }
    let o = FillOptions {
        soft: true,
        ..FillOptions::default()
    };
    fill(&mut px, 40, 40, (20, 20), [28, 126, 214, 255], &o).unwrap();
    fill(&mut px, 40, 40, (20, 20), [47, 158, 68, 255], &o).unwrap();
    for i in 5..35 {
        for (x, y) in [(i, 5), (i, 34), (5, i), (34, i)] {
            assert_eq!(
                &px[(y * w + x) * 4..(y * w + x) * 4 + 4],
                &[0, 0, 0, 255],
                "({x}, {y})"
            );
        }
    }
    assert_eq!(
        &px[(20 * w + 20) * 4..(20 * w + 20) * 4 + 4],
        &[47, 158, 68, 255]
    );
    assert_eq!(&px[0..4], &[255, 255, 255, 255]);
}

/// A 20×20 white image crossed by a 1-px black diagonal (x = y), and its pixels after a
/// 4-connected fill above the line.
fn fill_above_a_diagonal(options: FillOptions) -> Vec<u8> {
    let n = 20usize;
    let mut px = [255u8, 255, 255, 255].repeat(n * n);
    for i in 0..n {
        px[(i * n + i) * 4..(i * n + i) * 4 + 4].copy_from_slice(&[0, 0, 0, 255]);
    }
    fill(&mut px, n as u32, n as u32, (15, 2), RED, &options).unwrap();
    px
}

#[test]
fn soft_edges_do_not_leak_across_a_corner_a_four_connected_fill_stops_at() {
    for tolerance in [0, 32] {
        let options = FillOptions {
            soft: true,
            tolerance,
            ..FillOptions::default()
        };
        let px = fill_above_a_diagonal(options);
        // Below the line, all white; the line itself, black; above it, red.
        for y in 0..20usize {
            for x in 0..20usize {
                let p = &px[(y * 20 + x) * 4..(y * 20 + x) * 4 + 4];
                let want: &[u8] = match x.cmp(&y) {
                    std::cmp::Ordering::Less => &[255, 255, 255, 255],
                    std::cmp::Ordering::Equal => &[0, 0, 0, 255],
                    std::cmp::Ordering::Greater => &RED,
                };
                assert_eq!(p, want, "T={tolerance} ({x}, {y})");
            }
        }
    }
}
