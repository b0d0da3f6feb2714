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

/// Installs the hooks a team member's worker installs (`www/search-team.js`), for a
/// team of one: a `Map` as the shared table, counting what the search asks of it.
fn install_team_of_one() {
    js_sys::eval(
        r#"globalThis.gridwiseSearchTeam = (() => {
          const memo = new Map();
          const answers = [];
          let found = 0, next = 0, best = -Infinity, forced = 0, puts = 0, hits = 0;
          return {
            memoGet(a, b, c, d) {
              const v = memo.get(`${a},${b},${c},${d}`);
              if (!v) return 0;
              hits++;
              found = v[0];
              return v[1] ? 1 : 2;
            },
            memoValue() { return found; },
            memoPut(a, b, c, d, value, exact) { puts++; memo.set(`${a},${b},${c},${d}`, [value, exact]); },
            take() { return next++; },
            floor() { return best; },
            raise(v) { best = Math.max(best, v); },
            claimForced() { return forced++ === 0; },
            finish(cell, win, exact, nodes, rank) { answers.push(cell, win, exact ? 1 : 0, nodes, rank); },
            answers() { return new Float64Array(answers); },
            stats() { return { puts, hits, taken: next, finished: answers.length / 5 }; },
          };
        })();"#,
    )
    .unwrap();
}

fn team_stat(name: &str) -> f64 {
    let stats = js_sys::eval("globalThis.gridwiseSearchTeam.stats()").unwrap();
    field(&stats, name).as_f64().unwrap()
}

#[wasm_bindgen_test]
fn a_team_search_goes_through_the_shared_hooks_and_answers_as_one_worker_does() {
    use gridwise::wasm::voltorb::voltorb_search_share;
    // The first fresh level-8 deal whose first move needs a search: no card is safe.
    let position = (1..)
        .map(|seed| {
            let dealt = voltorb_generate(args(&format!(r#"{{"level":8,"seed":{seed}}}"#))).unwrap();
            let clues =
                |name: &str| String::from(js_sys::JSON::stringify(&field(&dealt, name)).unwrap());
            format!(
                r#""rows":{},"cols":{},"level":8"#,
                clues("rows"),
                clues("cols")
            )
        })
        .find(|position| {
            let odds = voltorb_analyze(
                args(&format!(r#"{{{position},"best":false}}"#)),
                &ignore_progress(),
            )
            .unwrap();
            js_sys::Array::from(&field(&odds, "safe")).length() == 0
        })
        .unwrap();
    let alone = voltorb_analyze(args(&format!("{{{position}}}")), &ignore_progress()).unwrap();
    let win_alone = field(&alone, "win").as_f64().unwrap();
    let best_alone = js_sys::JSON::stringify(&field(&alone, "best")).unwrap();
    assert!(win_alone > 0.0 && win_alone < 1.0);

    install_team_of_one();
    let led = voltorb_analyze(
        args(&format!(r#"{{{position},"team":true}}"#)),
        &ignore_progress(),
    )
    .unwrap();
    assert_eq!(field(&led, "win").as_f64().unwrap(), win_alone);
    assert_eq!(
        js_sys::JSON::stringify(&field(&led, "best")).unwrap(),
        best_alone
    );
    // The search took its first cards from the team and kept its sets in the team's table.
    assert!(team_stat("taken") >= 2.0);
    assert!(team_stat("puts") > 10.0);
    assert!(team_stat("hits") > 0.0);
    assert_eq!(team_stat("finished"), 1.0);

    // A helper alone in a fresh team searches every first card and gives the same chance.
    install_team_of_one();
    let share = voltorb_search_share(args(&format!(r#"{{{position},"team":true}}"#))).unwrap();
    assert_eq!(field(&share, "win").as_f64().unwrap(), win_alone);
    assert_eq!(field(&share, "exact").as_bool(), Some(true));
    assert_eq!(team_stat("finished"), 1.0);
}
