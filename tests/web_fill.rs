//! The fill bindings, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use gridwise::wasm::fill::{fill_apply, fill_gaps, fill_load, fill_patch, fill_regions};
use js_sys::{Reflect, Uint8ClampedArray, Uint32Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(value: &JsValue, name: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

/// Args for a 4×3 image: white, with a black wall at x = 1.
fn args(pixels: &[u8], json: &str) -> JsValue {
    let args = js_sys::JSON::parse(json).unwrap();
    Reflect::set(&args, &"pixels".into(), &Uint8ClampedArray::from(pixels)).unwrap();
    args
}

fn image() -> Vec<u8> {
    let mut px = Vec::new();
    for _ in 0..3 {
        for x in 0..4 {
            px.extend_from_slice(if x == 1 {
                &[0, 0, 0, 255]
            } else {
                &[255, 255, 255, 255]
            });
        }
    }
    px
}

fn noop() -> js_sys::Function {
    js_sys::Function::new_no_args("")
}

#[wasm_bindgen_test]
fn apply_fills_the_region_and_reports_bounds() {
    let a = args(
        &image(),
        r#"{"width":4,"height":3,"x":3,"y":0,"color":[255,0,0,255],"options":{"tolerance":0,"connectivity":4}}"#,
    );
    let reply = fill_apply(a, &noop()).unwrap();
    assert_eq!(field(&reply, "filled").as_f64(), Some(6.0));
    let bounds = field(&reply, "bounds");
    assert_eq!(field(&bounds, "x").as_f64(), Some(2.0));
    assert_eq!(field(&bounds, "width").as_f64(), Some(2.0));
    assert_eq!(field(&bounds, "height").as_f64(), Some(3.0));
    let px = field(&reply, "pixels")
        .dyn_into::<Uint8ClampedArray>()
        .unwrap()
        .to_vec();
    assert_eq!(&px[0..4], &[255, 255, 255, 255]);
    assert_eq!(&px[4..8], &[0, 0, 0, 255]);
    assert_eq!(&px[12..16], &[255, 0, 0, 255]);
    // Undo patches of the 2×3 rectangle: six white pixels before, six red after.
    let runs = |key: &str| {
        let patch = field(&reply, key);
        field(&patch, "runs")
            .dyn_into::<js_sys::Uint32Array>()
            .unwrap()
            .to_vec()
    };
    assert_eq!(runs("before"), vec![6, 0xffff_ffff]);
    assert_eq!(runs("after"), vec![6, 0xff00_00ff]);
}

#[wasm_bindgen_test]
fn global_mode_and_options_reach_the_core() {
    let a = args(
        &image(),
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[0,0,255,255],"options":{"global":true,"connectivity":8}}"#,
    );
    let reply = fill_apply(a, &noop()).unwrap();
    assert_eq!(field(&reply, "filled").as_f64(), Some(9.0));
}

#[wasm_bindgen_test]
fn filling_with_the_same_colour_returns_the_input() {
    let a = args(
        &image(),
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[255,255,255,255]}"#,
    );
    let reply = fill_apply(a, &noop()).unwrap();
    assert!(field(&reply, "bounds").is_null());
    assert_eq!(field(&reply, "filled").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
fn bad_requests_are_errors_that_name_the_problem() {
    let message = |a: JsValue| {
        let err = JsValue::from(fill_apply(a, &noop()).unwrap_err());
        field(&err, "message").as_string().unwrap()
    };
    let outside = args(
        &image(),
        r#"{"width":4,"height":3,"x":9,"y":0,"color":[1,2,3,4]}"#,
    );
    let err = JsValue::from(fill_apply(outside.clone(), &noop()).unwrap_err());
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("x"));
    assert!(message(outside).contains("(9, 0) is outside the 4×3 image"));
    let short = args(
        &image()[..40],
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[1,2,3,4]}"#,
    );
    assert!(message(short).contains("holds 40 bytes"));
    let huge = args(
        &image(),
        r#"{"width":20000,"height":3,"x":0,"y":0,"color":[1,2,3,4]}"#,
    );
    assert!(message(huge).contains("between 1 and 16384"));
    let conn = args(
        &image(),
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[1,2,3,4],"options":{"connectivity":6}}"#,
    );
    assert!(message(conn).contains("connectivity must be 4 or 8"));
    let metric = args(
        &image(),
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[1,2,3,4],"options":{"tolerance":9,"metric":"lab"}}"#,
    );
    let err = JsValue::from(fill_apply(metric.clone(), &noop()).unwrap_err());
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("metric"));
    assert!(message(metric).contains("metric must be max or oklab, not \"lab\""));
    let oklab = args(
        &image(),
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[1,2,3,4],"options":{"tolerance":9,"metric":"oklab"}}"#,
    );
    assert!(fill_apply(oklab, &noop()).is_ok());
    let no_pixels =
        js_sys::JSON::parse(r#"{"width":4,"height":3,"x":0,"y":0,"color":[1,2,3,4]}"#).unwrap();
    assert!(message(no_pixels).contains("pixels must be a Uint8ClampedArray"));
}

#[wasm_bindgen_test]
fn regions_colour_each_side_of_the_wall_with_a_palette_colour() {
    // White left column and right two columns, split by the black wall at x = 1.
    let a = args(
        &image(),
        r#"{"width":4,"height":3,"palette":[[200,0,0,255],[0,0,200,255]]}"#,
    );
    let reply = fill_regions(a, &noop()).unwrap();
    assert_eq!(field(&reply, "regions").as_f64(), Some(2.0));
    assert_eq!(field(&reply, "filled").as_f64(), Some(9.0));
    let px = field(&reply, "pixels")
        .dyn_into::<Uint8ClampedArray>()
        .unwrap()
        .to_vec();
    assert_eq!(
        &px[0..4],
        &[200, 0, 0, 255],
        "first region found: the left column"
    );
    assert_eq!(&px[4..8], &[0, 0, 0, 255], "the wall stays");
    assert_eq!(&px[8..12], &[0, 0, 200, 255]);
    assert!(field(&reply, "before").is_object() && field(&reply, "after").is_object());
}

#[wasm_bindgen_test]
fn gaps_reports_the_closing_segment_as_runs() {
    // 20×12 white, a black wall down x = 10 open at rows 5 and 6.
    let (w, h) = (20usize, 12usize);
    let mut px = vec![255u8; w * h * 4];
    for y in (0..h).filter(|&y| y != 5 && y != 6) {
        px[(y * w + 10) * 4..(y * w + 10) * 4 + 3].fill(0);
    }
    let a = args(
        &px,
        r#"{"width":20,"height":12,"x":2,"y":2,"options":{"gap":3}}"#,
    );
    let reply = fill_gaps(a, &noop()).unwrap();
    assert_eq!(field(&reply, "count").as_f64(), Some(2.0));
    let runs = field(&reply, "runs")
        .dyn_into::<Uint32Array>()
        .unwrap()
        .to_vec();
    // Two one-pixel runs (y, x0, x1) across the opening, in rows 5 and 6.
    assert_eq!(runs.len(), 6, "{runs:?}");
    assert_eq!((runs[0], runs[3]), (5, 6));
    assert!(
        runs.chunks(3)
            .all(|r| r[2] == r[1] + 1 && (9..=11).contains(&r[1]))
    );
    // A bad option is named.
    let bad = args(
        &px,
        r#"{"width":20,"height":12,"x":2,"y":2,"options":{"gap":3,"connectivity":5}}"#,
    );
    assert!(fill_gaps(bad, &noop()).is_err());
}

fn words(value: &JsValue, key: &str) -> Vec<u32> {
    field(value, key)
        .dyn_into::<Uint32Array>()
        .unwrap()
        .to_vec()
}

/// The page's picture held in the worker: a fill sends no pixels and gets back the patches of
/// what changed; a patch from the page (a stroke) reaches the held copy; a change at the wrong
/// revision is refused with `field: "revision"`, leaving the copy as it was.
#[wasm_bindgen_test]
fn the_held_picture_is_filled_patched_and_guarded_by_revision() {
    let loaded = fill_load(
        args(&image(), r#"{"width":4,"height":3,"revision":7}"#),
        &noop(),
    )
    .unwrap();
    assert_eq!(field(&loaded, "revision").as_f64(), Some(7.0));

    // A stroke on the page paints the wall's top pixel white, opening a way to the left
    // column.
    let stroke =
        js_sys::JSON::parse(r#"{"revision":7,"next":8,"patch":{"x":1,"y":0,"w":1,"h":1}}"#)
            .unwrap();
    let patch = field(&stroke, "patch");
    Reflect::set(
        &patch,
        &"runs".into(),
        &Uint32Array::from(&[1u32, 0xffff_ffff][..]),
    )
    .unwrap();
    fill_patch(stroke, &noop()).unwrap();

    let fill = js_sys::JSON::parse(
        r#"{"width":4,"height":3,"x":3,"y":2,"color":[255,0,0,255],"revision":8,"next":9,"options":{}}"#,
    )
    .unwrap();
    let reply = fill_apply(fill.clone(), &noop()).unwrap();
    assert!(
        field(&reply, "pixels").is_undefined(),
        "no pixels cross back"
    );
    // Everything but the two wall pixels left: 12 - 2.
    assert_eq!(field(&reply, "filled").as_f64(), Some(10.0));
    let after = field(&reply, "after");
    let spans = words(&after, "spans");
    let covered: u32 = spans.chunks(3).map(|s| s[2] - s[1]).sum();
    assert_eq!(covered, 10);
    assert_eq!(words(&after, "runs"), vec![10, 0xff00_00ff]);
    assert_eq!(
        words(&field(&reply, "before"), "runs"),
        vec![10, 0xffff_ffff]
    );

    // The same request again is at an old revision now.
    let err = JsValue::from(fill_apply(fill, &noop()).unwrap_err());
    assert_eq!(
        field(&err, "field").as_string().as_deref(),
        Some("revision")
    );
    // Undo (the before patch, back at revision 9 -> 10) then a fill of the same colour as the
    // wall finds the white picture again.
    let undo = js_sys::JSON::parse(r#"{"revision":9,"next":10,"patch":{"x":0,"y":0,"w":4,"h":3}}"#)
        .unwrap();
    let before = field(&reply, "before");
    let patch = field(&undo, "patch");
    Reflect::set(&patch, &"spans".into(), &field(&before, "spans")).unwrap();
    Reflect::set(&patch, &"runs".into(), &field(&before, "runs")).unwrap();
    fill_patch(undo, &noop()).unwrap();
    let again = js_sys::JSON::parse(
        r#"{"width":4,"height":3,"x":0,"y":0,"color":[255,255,255,255],"revision":10,"next":11,"options":{}}"#,
    )
    .unwrap();
    let reply = fill_apply(again, &noop()).unwrap();
    assert_eq!(field(&reply, "filled").as_f64(), Some(0.0), "already white");

    // A malformed patch names the problem.
    let bad = js_sys::JSON::parse(r#"{"revision":10,"next":11,"patch":{"x":3,"y":0,"w":2,"h":1}}"#)
        .unwrap();
    let patch = field(&bad, "patch");
    Reflect::set(&patch, &"runs".into(), &Uint32Array::from(&[2u32, 0][..])).unwrap();
    let err = JsValue::from(fill_patch(bad, &noop()).unwrap_err());
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("patch"));
}

/// A new blank picture is made in the worker from its colour; its size is checked first.
#[wasm_bindgen_test]
fn a_blank_picture_is_made_from_its_colour() {
    let load =
        js_sys::JSON::parse(r#"{"width":3,"height":2,"revision":1,"colour":4294967295}"#).unwrap();
    fill_load(load, &noop()).unwrap();
    let fill = js_sys::JSON::parse(
        r#"{"width":3,"height":2,"x":0,"y":0,"color":[0,0,0,255],"revision":1,"next":2,"options":{}}"#,
    )
    .unwrap();
    let reply = fill_apply(fill, &noop()).unwrap();
    assert_eq!(field(&reply, "filled").as_f64(), Some(6.0));
    assert_eq!(
        words(&field(&reply, "before"), "runs"),
        vec![6, 0xffff_ffff]
    );
    let huge =
        js_sys::JSON::parse(r#"{"width":100000,"height":2,"revision":1,"colour":0}"#).unwrap();
    let err = JsValue::from(fill_load(huge, &noop()).unwrap_err());
    let message = field(&err, "message").as_string().unwrap();
    assert!(message.contains("between 1 and 16384"), "{message}");
}

/// Undo and redo of a fill made in the worker name its step instead of sending its pixels; a
/// step the worker no longer keeps is refused with `field: "step"`.
#[wasm_bindgen_test]
fn undo_and_redo_name_the_step_the_worker_made() {
    fill_load(
        args(&image(), r#"{"width":4,"height":3,"revision":1}"#),
        &noop(),
    )
    .unwrap();
    let fill = js_sys::JSON::parse(
        r#"{"width":4,"height":3,"x":3,"y":0,"color":[255,0,0,255],"revision":1,"next":2,"options":{}}"#,
    )
    .unwrap();
    let reply = fill_apply(fill, &noop()).unwrap();
    let step = field(&reply, "step")
        .as_f64()
        .expect("the fill names its step");
    let patch = |json: &str| fill_patch(js_sys::JSON::parse(json).unwrap(), &noop());
    // How many pixels a fill of (3, 0) with `colour` changes, at revision `at`.
    let filled = |colour: &str, at: u32| {
        let json = format!(
            r#"{{"width":4,"height":3,"x":3,"y":0,"color":{colour},"revision":{at},"next":{},"options":{{}}}}"#,
            at + 1
        );
        let reply = fill_apply(js_sys::JSON::parse(&json).unwrap(), &noop()).unwrap();
        field(&reply, "filled").as_f64()
    };
    // Undo: the right side is white again, so a white fill there changes nothing.
    patch(&format!(
        r#"{{"step":{step},"which":"before","revision":2,"next":3}}"#
    ))
    .unwrap();
    assert_eq!(filled("[255,255,255,255]", 3), Some(0.0));
    // Redo: red again, so a red fill changes nothing.
    patch(&format!(
        r#"{{"step":{step},"which":"after","revision":3,"next":4}}"#
    ))
    .unwrap();
    assert_eq!(filled("[255,0,0,255]", 4), Some(0.0));
    let err =
        JsValue::from(patch(r#"{"step":999,"which":"before","revision":4,"next":5}"#).unwrap_err());
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("step"));
    let err = JsValue::from(
        patch(&format!(
            r#"{{"step":{step},"which":"sideways","revision":4,"next":5}}"#
        ))
        .unwrap_err(),
    );
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("which"));
}

/// A fill undone and followed by a new fill is dropped by the worker, as the page drops its
/// redo branch: repeated fills and undos no longer pile up steps nobody can name again.
#[wasm_bindgen_test]
fn a_new_fill_drops_the_steps_undone_before_it() {
    fill_load(
        args(&image(), r#"{"width":4,"height":3,"revision":1}"#),
        &noop(),
    )
    .unwrap();
    let fill = |colour: &str, at: u32| {
        let json = format!(
            r#"{{"width":4,"height":3,"x":3,"y":0,"color":{colour},"revision":{at},"next":{},"options":{{}}}}"#,
            at + 1
        );
        let reply = fill_apply(js_sys::JSON::parse(&json).unwrap(), &noop()).unwrap();
        field(&reply, "step").as_f64().expect("a step")
    };
    let patch = |json: String| fill_patch(js_sys::JSON::parse(&json).unwrap(), &noop());
    let first = fill("[255,0,0,255]", 1);
    patch(format!(
        r#"{{"step":{first},"which":"before","revision":2,"next":3}}"#
    ))
    .unwrap();
    let second = fill("[0,0,255,255]", 3);
    // The undone first fill is gone; the second is kept for its undo.
    let err = JsValue::from(
        patch(format!(
            r#"{{"step":{first},"which":"after","revision":4,"next":5}}"#
        ))
        .unwrap_err(),
    );
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("step"));
    patch(format!(
        r#"{{"step":{second},"which":"before","revision":4,"next":5}}"#
    ))
    .unwrap();
}
