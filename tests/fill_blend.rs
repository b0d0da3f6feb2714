//! A translucent fill colour with `blend` is painted over the region's pixels (source-over),
//! each pixel on its own; without `blend` it replaces them.

use gridwise::fill::{FillOptions, fill};

const HALF_RED: [u8; 4] = [255, 0, 0, 128];

/// A 4×2 image: the left two columns `left`, the right two opaque black.
fn halves(left: [[u8; 4]; 2]) -> Vec<u8> {
    let black = [0, 0, 0, 255];
    [
        left[0], left[0], black, black, left[1], left[1], black, black,
    ]
    .concat()
}

fn pixel(px: &[u8], i: usize) -> [u8; 4] {
    px[i * 4..i * 4 + 4].try_into().unwrap()
}

#[test]
fn blending_paints_over_and_replacing_replaces() {
    let white = [255, 255, 255, 255];
    let mut px = halves([white, white]);
    let blend = FillOptions {
        blend: true,
        ..FillOptions::default()
    };
    let report = fill(&mut px, 4, 2, (0, 0), HALF_RED, &blend).unwrap();
    assert_eq!(report.filled, 4);
    for i in [0, 1, 4, 5] {
        assert_eq!(pixel(&px, i), [255, 127, 127, 255], "pixel {i}");
    }
    for i in [2, 3, 6, 7] {
        assert_eq!(
            pixel(&px, i),
            [0, 0, 0, 255],
            "pixel {i} is outside the region"
        );
    }
    let mut px = halves([white, white]);
    fill(&mut px, 4, 2, (0, 0), HALF_RED, &FillOptions::default()).unwrap();
    assert_eq!(pixel(&px, 0), HALF_RED);
}

#[test]
fn each_pixel_of_a_tolerant_region_is_blended_on_its_own() {
    let mut px = halves([[255, 255, 255, 255], [245, 245, 245, 255]]);
    let options = FillOptions {
        blend: true,
        tolerance: 16,
        ..FillOptions::default()
    };
    fill(&mut px, 4, 2, (0, 0), [0, 0, 255, 128], &options).unwrap();
    assert_eq!(pixel(&px, 0), [127, 127, 255, 255]);
    assert_eq!(pixel(&px, 4), [122, 122, 250, 255]);
}

#[test]
fn a_translucent_layer_on_its_own_colour_still_deepens() {
    // Filling with the seed's own colour is a no-op when replacing, not when blending.
    let mut px = halves([HALF_RED, HALF_RED]);
    let blend = FillOptions {
        blend: true,
        ..FillOptions::default()
    };
    let report = fill(&mut px, 4, 2, (0, 0), HALF_RED, &blend).unwrap();
    assert_eq!(report.filled, 4);
    assert_eq!(pixel(&px, 0), [255, 0, 0, 192]);
    let mut px = halves([HALF_RED, HALF_RED]);
    let report = fill(&mut px, 4, 2, (0, 0), HALF_RED, &FillOptions::default()).unwrap();
    assert_eq!(report.filled, 0);
}
