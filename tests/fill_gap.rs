//! Gap closing: gaps of at most N pixels stop the fill, wider ones let it through, and corners
//! and dead ends of the shape are still reached.

use gridwise::fill::{Connectivity, FillOptions, fill};

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];
const RED: [u8; 4] = [255, 0, 0, 255];

struct Img {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

impl Img {
    fn new(w: usize, h: usize) -> Self {
        Img {
            w,
            h,
            px: WHITE.repeat(w * h),
        }
    }
    fn set(&mut self, x: usize, y: usize, c: [u8; 4]) {
        let i = (y * self.w + x) * 4;
        self.px[i..i + 4].copy_from_slice(&c);
    }
    fn get(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.w + x) * 4;
        self.px[i..i + 4].try_into().unwrap()
    }
    fn fill(&mut self, at: (i64, i64), o: FillOptions) {
        fill(&mut self.px, self.w as u32, self.h as u32, at, RED, &o).unwrap();
    }
}

/// A 1-pixel square outline from (10, 10) to (89, 89) with a gap of `gap` pixels in its top
/// side, in a 100×100 white image.
fn box_with_gap(gap: usize) -> Img {
    let mut img = Img::new(100, 100);
    for i in 10..90 {
        img.set(i, 10, BLACK);
        img.set(i, 89, BLACK);
        img.set(10, i, BLACK);
        img.set(89, i, BLACK);
    }
    for x in 50..50 + gap {
        img.set(x, 10, WHITE);
    }
    img
}

fn gap_options(n: u32, connectivity: Connectivity) -> FillOptions {
    FillOptions {
        gap: n,
        connectivity,
        ..FillOptions::default()
    }
}

#[test]
fn gaps_up_to_n_stop_the_fill_and_corners_are_reached() {
    for n in 1..=12u32 {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            for gap in 1..=n as usize {
                let mut img = box_with_gap(gap);
                img.fill((50, 50), gap_options(n, connectivity));
                assert_eq!(
                    img.get(0, 0),
                    WHITE,
                    "N={n} gap={gap} {connectivity:?}: leaked outside"
                );
                for corner in [(11, 11), (88, 11), (11, 88), (88, 88), (50, 11)] {
                    assert_eq!(
                        img.get(corner.0, corner.1),
                        RED,
                        "N={n} gap={gap}: corner {corner:?} not filled"
                    );
                }
            }
        }
    }
}

#[test]
fn wider_gaps_let_the_fill_through() {
    for n in 1..=12u32 {
        let first_open = n as usize + 1;
        for gap in [first_open, first_open + 3] {
            let mut img = box_with_gap(gap);
            img.fill((50, 50), gap_options(n, Connectivity::Four));
            assert_eq!(img.get(0, 0), RED, "N={n} gap={gap}: should pass");
        }
    }
}

#[test]
fn a_closed_shape_fills_exactly_as_without_gap_closing() {
    // A triangle (sharp corners) and a circle: nothing to close, so nothing may be lost.
    let mut img = Img::new(120, 120);
    for y in 5..115 {
        let half = (y - 5) / 2;
        img.set(60 - half, y, BLACK);
        img.set(60 + half, y, BLACK);
    }
    for x in 5..116 {
        img.set(x, 114, BLACK);
    }
    // A narrow dead-end slot inside the triangle (2 pixels wide, 20 deep).
    for y in 90..114 {
        img.set(58, y, BLACK);
        img.set(61, y, BLACK);
    }
    for x in 58..62 {
        img.set(x, 90, WHITE);
    }
    let mut plain = Img {
        px: img.px.clone(),
        ..img
    };
    plain.fill((60, 60), FillOptions::default());
    for n in [2, 4, 7, 10] {
        let mut closed = Img {
            px: img.px.clone(),
            w: img.w,
            h: img.h,
        };
        closed.fill((60, 60), gap_options(n, Connectivity::Four));
        assert!(
            closed.px == plain.px,
            "N={n}: gap closing lost part of a closed shape"
        );
    }
}

#[test]
fn a_seed_in_a_narrow_spot_still_fills_its_shape() {
    let mut img = box_with_gap(3);
    img.fill((11, 11), gap_options(6, Connectivity::Four));
    assert_eq!(img.get(50, 50), RED);
    assert_eq!(img.get(0, 0), WHITE);
}

#[test]
fn on_random_images_the_closed_fill_stays_inside_the_plain_one() {
    let mut rng = gridwise::util::rng::Rng::new(77);
    for case in 0..300 {
        let (w, h) = (1 + rng.index(70), 1 + rng.index(70));
        let mut img = Img::new(w, h);
        for _ in 0..rng.index(w * h / 3 + 1) {
            let (x, y) = (rng.index(w), rng.index(h));
            img.set(x, y, BLACK);
        }
        let seed = (rng.index(w), rng.index(h));
        img.set(seed.0, seed.1, WHITE);
        let connectivity = if case % 2 == 0 {
            Connectivity::Four
        } else {
            Connectivity::Eight
        };
        let mut plain = Img {
            px: img.px.clone(),
            w,
            h,
        };
        plain.fill(
            (seed.0 as i64, seed.1 as i64),
            FillOptions {
                connectivity,
                ..FillOptions::default()
            },
        );
        let mut closed = Img {
            px: img.px.clone(),
            w,
            h,
        };
        closed.fill(
            (seed.0 as i64, seed.1 as i64),
            gap_options(1 + rng.below(8) as u32, connectivity),
        );
        assert_eq!(
            closed.get(seed.0, seed.1),
            RED,
            "case {case}: the seed is filled"
        );
        for y in 0..h {
            for x in 0..w {
                if closed.get(x, y) == RED {
                    assert_eq!(
                        plain.get(x, y),
                        RED,
                        "case {case}: ({x}, {y}) outside the plain region"
                    );
                }
            }
        }
    }
}

#[test]
fn a_closed_gap_is_filled_up_to_its_middle_with_no_notch() {
    // A box drawn with 4-pixel walls and a 3-pixel gap through its top wall (rows 10–13): with
    // gap closing the fill stops inside the gap, at its middle, so the wall looks closed and
    // no notch of white is left at the gap's inner mouth.
    for connectivity in [Connectivity::Four, Connectivity::Eight] {
        let mut img = Img::new(100, 100);
        for i in 10..90 {
            for t in 0..4 {
                img.set(i, 10 + t, BLACK);
                img.set(i, 86 + t, BLACK);
                img.set(10 + t, i, BLACK);
                img.set(86 + t, i, BLACK);
            }
        }
        for x in 50..53 {
            for y in 10..14 {
                img.set(x, y, WHITE);
            }
        }
        img.fill((50, 50), gap_options(3, connectivity));
        assert_eq!(img.get(0, 0), WHITE, "{connectivity:?}: leaked outside");
        for x in 50..53 {
            for y in 12..14 {
                assert_eq!(img.get(x, y), RED, "{connectivity:?}: notch at ({x}, {y})");
            }
            assert_eq!(
                img.get(x, 10),
                WHITE,
                "{connectivity:?}: filled past the middle at ({x}, 10)"
            );
        }
    }
}
