//! The Sudoku bindings, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use gridwise::wasm::sudoku::{sudoku_check, sudoku_count, sudoku_solve};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn args(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[wasm_bindgen_test]
fn solve_returns_the_solution_digits() {
    let reply = sudoku_solve(args(&format!(r#"{{"puzzle":"{PUZZLE}"}}"#))).unwrap();
    assert_eq!(
        field(&reply, "solution").as_string().as_deref(),
        Some(SOLUTION)
    );
}

#[wasm_bindgen_test]
fn solve_reports_no_solution_as_null() {
    // Row 1 needs a 9 in r1c9, but column 9 already has one lower down.
    let puzzle = format!("12345678.{}........9", ".".repeat(63));
    let reply = sudoku_solve(args(&format!(r#"{{"puzzle":"{puzzle}"}}"#))).unwrap();
    assert!(field(&reply, "solution").is_null());
}

#[wasm_bindgen_test]
fn check_reports_uniqueness_and_the_givens_that_could_go() {
    let reply = sudoku_check(args(&format!(r#"{{"puzzle":"{PUZZLE}"}}"#))).unwrap();
    assert_eq!(field(&reply, "solutions").as_f64(), Some(1.0));
    // A famous 17-clue puzzle is minimal: no given can go.
    assert_eq!(field(&reply, "minimal").as_bool(), Some(true));
    assert_eq!(js_sys::Array::from(&field(&reply, "redundant")).length(), 0);
    // With r1c2 from the solution added, that given (at least) could go again.
    let extra = format!("41{}", &PUZZLE[2..]);
    let reply = sudoku_check(args(&format!(r#"{{"puzzle":"{extra}"}}"#))).unwrap();
    assert_eq!(field(&reply, "minimal").as_bool(), Some(false));
    let names = js_sys::Array::from(&field(&reply, "redundant_names"));
    assert!(names.includes(&JsValue::from_str("r1c2"), 0));
    let bad = sudoku_check(args(r#"{"puzzle":"12"}"#)).unwrap_err();
    assert!(format!("{:?}", JsValue::from(bad)).contains("81 cells"));
}

fn ignore_progress() -> js_sys::Function {
    js_sys::Function::new_no_args("")
}

#[wasm_bindgen_test]
fn count_is_capped_at_the_limit() {
    let empty = ".".repeat(81);
    let reply = sudoku_count(
        args(&format!(r#"{{"puzzle":"{empty}","limit":5}}"#)),
        &ignore_progress(),
    )
    .unwrap();
    assert_eq!(field(&reply, "count").as_f64(), Some(5.0));
    let reply = sudoku_count(
        args(&format!(r#"{{"puzzle":"{PUZZLE}"}}"#)),
        &ignore_progress(),
    )
    .unwrap();
    assert_eq!(field(&reply, "count").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn a_long_count_reports_progress() {
    let seen = js_sys::Array::new();
    let record = js_sys::Function::new_with_args("p", "this.push(p.count)").bind0(&seen);
    let empty = ".".repeat(81);
    let reply = sudoku_count(
        args(&format!(r#"{{"puzzle":"{empty}","limit":1000000}}"#)),
        &record,
    )
    .unwrap();
    assert_eq!(field(&reply, "count").as_f64(), Some(1_000_000.0));
    assert!(
        seen.length() > 0,
        "no progress message in a count of a million"
    );
    let last = seen.get(seen.length() - 1).as_f64().unwrap();
    assert!(last > 0.0 && last <= 1_000_000.0);
}

#[wasm_bindgen_test]
fn bad_puzzles_are_errors_that_name_the_problem() {
    let err = sudoku_solve(args(r#"{"puzzle":"12"}"#)).unwrap_err();
    let message = JsValue::from(err);
    let text = js_sys::Reflect::get(&message, &JsValue::from_str("message")).unwrap();
    assert_eq!(
        text.as_string().unwrap(),
        "a puzzle has 81 cells, this one has 2"
    );
    assert!(sudoku_solve(args(r#"{"nopuzzle":1}"#)).is_err());

    // The error says where it applies, so the page marks the cells without reading the text.
    let err = JsValue::from(
        sudoku_solve(args(&format!(r#"{{"puzzle":"55{}"}}"#, ".".repeat(79)))).unwrap_err(),
    );
    assert_eq!(field(&err, "field").as_string().as_deref(), Some("puzzle"));
    let cells: Vec<f64> = js_sys::Array::from(&field(&err, "cells"))
        .iter()
        .filter_map(|c| c.as_f64())
        .collect();
    assert_eq!(cells, vec![0.0, 1.0]);
}
