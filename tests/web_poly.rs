//! The tiling bindings, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use gridwise::wasm::poly::{poly_bench, poly_describe, poly_library, poly_solve};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn args(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn field(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, name| {
        js_sys::Reflect::get(&v, &JsValue::from_str(name)).unwrap()
    })
}

fn error_message(err: &JsValue) -> String {
    field(err, "message").as_string().unwrap()
}

#[wasm_bindgen_test]
fn meteor_streams_its_solutions_and_counts_them() {
    let batches = js_sys::Array::new();
    let sink = batches.clone();
    let cb = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |b: JsValue| {
        sink.push(&b);
    });
    let reply = poly_solve(
        args(r#"{"board":"meteor","pieces":"meteor","options":{"keep":3000}}"#),
        cb.as_ref().unchecked_ref(),
    )
    .unwrap();
    assert_eq!(
        field(&reply, "end.summary.counts.total").as_f64(),
        Some(2098.0)
    );
    assert_eq!(
        field(&reply, "end.summary.counts.distinct").as_f64(),
        Some(1049.0)
    );
    assert_eq!(field(&reply, "end.kept").as_f64(), Some(2098.0));
    // Solutions arrive in progress batches plus the remainder in the reply.
    let mut seen = js_sys::Array::from(&field(&reply, "end.solutions")).length();
    for b in batches.iter() {
        seen += js_sys::Array::from(&field(&b, "solutions")).length();
    }
    assert_eq!(seen, 2098);
    let board = field(&reply, "puzzle.board");
    assert_eq!(field(&board, "kind").as_string().as_deref(), Some("hex"));
    assert_eq!(field(&board, "width").as_f64(), Some(5.0));
}

use wasm_bindgen::JsCast;

#[wasm_bindgen_test]
fn distinct_and_limit_options() {
    let noop = js_sys::Function::new_no_args("");
    let reply = poly_solve(
        args(r#"{"board":"20x3","pieces":"pentominoes","options":{"distinct":true}}"#),
        &noop,
    )
    .unwrap();
    assert_eq!(
        field(&reply, "end.summary.counts.total").as_f64(),
        Some(8.0)
    );
    assert_eq!(
        js_sys::Array::from(&field(&reply, "end.solutions")).length(),
        2
    );
    let reply = poly_solve(
        args(r#"{"board":"10x6","pieces":"pentominoes","options":{"limit":5}}"#),
        &noop,
    )
    .unwrap();
    assert_eq!(field(&reply, "end.summary.complete").as_bool(), Some(false));
    assert_eq!(
        js_sys::Array::from(&field(&reply, "end.solutions")).length(),
        5
    );
}

#[wasm_bindgen_test]
fn bad_puzzles_are_errors_that_name_the_problem() {
    let fail = |json: &str| JsValue::from(poly_describe(args(json)).unwrap_err());
    let e = fail(r#"{"board":"5x5","pieces":"pentominoes"}"#);
    assert!(error_message(&e).contains("the board has 25 cells but the pieces cover 60"));
    assert_eq!(field(&e, "field").as_string().as_deref(), Some("pieces"));
    let e = fail(r#"{"board":"hex\n..\n.?","pieces":"1x2"}"#);
    assert!(error_message(&e).starts_with("board: line 3, column 2"));
    assert_eq!(field(&e, "field").as_string().as_deref(), Some("board"));
    assert_eq!(field(&e, "line").as_f64(), Some(3.0));
    let e = fail(r#"{"board":"4x4","pieces":"AA\nA*x"}"#);
    assert!(
        error_message(&e).contains("line 2"),
        "{}",
        error_message(&e)
    );
    assert_eq!(field(&e, "field").as_string().as_deref(), Some("pieces"));
    assert_eq!(field(&e, "line").as_f64(), Some(2.0));
    let e = fail(r#"{"board":"4x4","pieces":"dodecahedra"}"#);
    assert!(error_message(&e).starts_with("pieces: unknown piece set"));
    assert!(field(&e, "line").is_undefined());
    // Unused pieces allowed: 5 of the 12 pentominoes fill a 5×5 square.
    let d = poly_describe(args(
        r#"{"board":"5x5","pieces":"pentominoes","options":{"allowUnused":true}}"#,
    ))
    .unwrap();
    assert_eq!(field(&d, "piece_area").as_f64(), Some(60.0));
}

#[wasm_bindgen_test]
fn library_and_bench() {
    let lib = poly_library(JsValue::NULL).unwrap();
    let puzzles = js_sys::Array::from(&field(&lib, "puzzles"));
    assert!(puzzles.length() >= 6);
    assert_eq!(
        field(&puzzles.get(0), "id").as_string().as_deref(),
        Some("meteor")
    );
    let r = poly_bench(args(
        r#"{"mode":"count","board":"15x4","pieces":"pentominoes","runs":1}"#,
    ))
    .unwrap();
    assert_eq!(field(&r, "distinct").as_f64(), Some(368.0));
}
