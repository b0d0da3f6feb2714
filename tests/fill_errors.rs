//! Bad requests are clear errors that name the problem, never panics.

use gridwise::fill::{FillError, FillOptions, fill};

#[test]
fn a_seed_outside_the_image_is_named() {
    let mut px = vec![0u8; 4 * 4 * 4];
    for at in [(-1, 0), (0, -1), (4, 0), (0, 4), (i64::MAX, 2)] {
        let err = fill(&mut px, 4, 4, at, [1, 2, 3, 4], &FillOptions::default()).unwrap_err();
        assert!(matches!(err, FillError::SeedOutside { .. }));
        assert!(
            err.to_string().contains(&format!("({}, {})", at.0, at.1)),
            "{err}"
        );
    }
}

#[test]
fn a_buffer_of_the_wrong_length_is_named() {
    let mut px = vec![0u8; 63];
    let err = fill(&mut px, 4, 4, (0, 0), [0; 4], &FillOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the pixel buffer holds 63 bytes, but a 4×4 RGBA image needs 64"
    );
}

#[test]
fn sizes_beyond_the_limit_and_empty_images_are_refused() {
    let mut px = vec![0u8; 16];
    for (w, h) in [(16385, 1), (1, 16385), (0, 4), (4, 0)] {
        let err = fill(&mut px, w, h, (0, 0), [0; 4], &FillOptions::default()).unwrap_err();
        assert!(matches!(err, FillError::BadSize { .. }), "{w}×{h}");
        assert!(err.to_string().contains(&format!("{w}×{h}")));
    }
}

#[test]
fn an_oversized_gap_is_refused() {
    let mut px = vec![0u8; 16];
    let o = FillOptions {
        gap: 1000,
        ..FillOptions::default()
    };
    let err = fill(&mut px, 2, 2, (0, 0), [9; 4], &o).unwrap_err();
    assert_eq!(err, FillError::GapTooLarge(1000));
}

#[test]
fn filling_with_the_colour_already_there_changes_nothing() {
    let mut px = [5u8, 6, 7, 8].repeat(9);
    let before = px.clone();
    let r = fill(&mut px, 3, 3, (1, 1), [5, 6, 7, 8], &FillOptions::default()).unwrap();
    assert_eq!((r.filled, r.bounds), (0, None));
    assert_eq!(px, before);
}
