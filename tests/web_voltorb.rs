//! The Voltorb Flip bindings, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use gridwise::wasm::voltorb::{voltorb_analyze, voltorb_bench, voltorb_generate};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn args(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

fn ignore_progress() -> js_sys::Function {
    js_sys::Function::new_no_args("")
}

// A level-5 board: gridwise voltorb generate --level 5 --seed 7.
const CLUES: &str =
    r#""rows":[[4,3],[4,1],[7,2],[6,1],[5,3]],"cols":[[3,2],[6,3],[6,1],[3,3],[8,1]]"#;

#[wasm_bindgen_test]
fn analyze_gives_odds_and_a_best_move() {
    let reply = voltorb_analyze(
        args(&format!(
            r#"{{{CLUES},"revealed":[[1,0,1]],"level":5,"weighting":"game"}}"#
        )),
        &ignore_progress(),
    )
    .unwrap();
    assert!(field(&reply, "boards").as_f64().unwrap() >= 1.0);
    let p: js_sys::Array = field(&reply, "p").dyn_into().unwrap();
    assert_eq!(p.length(), 5);
    // The revealed card is certain.
    let cell: js_sys::Array = js_sys::Array::from(&js_sys::Array::from(&p.get(1)).get(0));
    assert!((cell.get(1).as_f64().unwrap() - 1.0).abs() < 1e-9);
    let best = field(&reply, "best");
    let row = field(&best, "row").as_f64().unwrap();
    let col = field(&best, "col").as_f64().unwrap();
    assert!(
        !(row == 1.0 && col == 0.0),
        "best move is an already revealed card"
    );
    let win = field(&best, "win").as_f64().unwrap();
    assert!(win > 0.0 && win <= 1.0);
}

#[wasm_bindgen_test]
fn analyze_errors_name_the_line() {
    let err = voltorb_analyze(
        args(r#"{"rows":[[16,0],[5,0],[5,0],[5,0],[5,0]],"cols":[[5,0],[5,0],[5,0],[5,0],[5,0]]}"#),
        &ignore_progress(),
    )
    .err()
    .map(JsValue::from)
    .and_then(|e| js_sys::Reflect::get(&e, &"message".into()).ok())
    .and_then(|m| m.as_string())
    .unwrap_or_default();
    assert!(err.starts_with("row 1: sum 16"), "{err}");
}

#[wasm_bindgen_test]
fn analyze_errors_carry_the_clue_line_or_card() {
    let fail =
        |json: &str| JsValue::from(voltorb_analyze(args(json), &ignore_progress()).unwrap_err());
    let five = r#"[[5,0],[5,0],[5,0],[5,0],[5,0]]"#;
    let e = fail(&format!(
        r#"{{"rows":{five},"cols":[[5,0],[5,0],[5,0],[5,7],[5,0]]}}"#
    ));
    assert_eq!(field(&e, "field").as_string().as_deref(), Some("cols"));
    assert_eq!(field(&e, "index").as_f64(), Some(3.0));
    let e = fail(&format!(
        r#"{{"rows":{five},"cols":{five},"revealed":[[1,2,1],[1,2,3]]}}"#
    ));
    assert_eq!(field(&e, "field").as_string().as_deref(), Some("revealed"));
    let card = field(&e, "card");
    assert_eq!(
        (field(&card, "row").as_f64(), field(&card, "col").as_f64()),
        (Some(1.0), Some(2.0))
    );
}

#[wasm_bindgen_test]
fn generate_follows_the_level_rules() {
    let g = voltorb_generate(args(r#"{"level":8,"seed":42}"#)).unwrap();
    assert_eq!(field(&g, "level").as_f64(), Some(8.0));
    let board: js_sys::Array = field(&g, "board").dyn_into().unwrap();
    let voltorbs = (0..5)
        .flat_map(|r| {
            let row = js_sys::Array::from(&board.get(r));
            (0..5).map(move |c| row.get(c).as_f64().unwrap_or(-1.0))
        })
        .filter(|&v| v == 0.0)
        .count();
    assert_eq!(voltorbs, 10);
    // A win at level 3 leads to level 4.
    let next = voltorb_generate(args(
        r#"{"history":[{"level":3,"outcome":"won","flipped":6}],"seed":1}"#,
    ))
    .unwrap();
    assert_eq!(field(&next, "level").as_f64(), Some(4.0));
}

#[wasm_bindgen_test]
fn bench_times_fresh_boards() {
    let t = voltorb_bench(args(r#"{"level":2,"count":5,"seed":3}"#)).unwrap();
    let ms: js_sys::Array = field(&t, "ms").dyn_into().unwrap();
    assert_eq!(ms.length(), 5);
}
