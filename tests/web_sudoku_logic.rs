//! The Sudoku logic bindings, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use gridwise::wasm::sudoku_logic::{sudoku_generate, sudoku_hint, sudoku_rate, sudoku_steps};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn args(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

fn message(err: impl Into<JsValue>) -> String {
    let v: JsValue = err.into();
    field(&v, "message").as_string().unwrap()
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[wasm_bindgen_test]
fn hint_returns_a_step_with_the_documented_fields() {
    let reply = sudoku_hint(args(&format!(r#"{{"grid":"{PUZZLE}"}}"#))).unwrap();
    assert_eq!(field(&reply, "kind").as_string().as_deref(), Some("step"));
    let step = field(&reply, "step");
    for name in [
        "technique",
        "name",
        "about",
        "rating",
        "placements",
        "eliminations",
        "cells",
        "units",
        "candidates",
        "links",
        "text",
    ] {
        assert!(!field(&step, name).is_undefined(), "{name}");
    }
    assert!(js_sys::Array::is_array(&field(&step, "placements")));
}

#[wasm_bindgen_test]
fn hint_reports_mistakes_and_solved() {
    let mut wrong = PUZZLE.to_string();
    wrong.replace_range(1..2, "6"); // the solution has 1 in r1c2
    let reply = sudoku_hint(args(&format!(
        r#"{{"grid":"{wrong}","puzzle":"{PUZZLE}"}}"#
    )))
    .unwrap();
    assert_eq!(
        field(&reply, "kind").as_string().as_deref(),
        Some("mistake")
    );
    let reply = sudoku_hint(args(&format!(r#"{{"grid":"{SOLUTION}"}}"#))).unwrap();
    assert_eq!(field(&reply, "kind").as_string().as_deref(), Some("solved"));
    let empty = ".".repeat(81);
    let err = sudoku_hint(args(&format!(r#"{{"grid":"{empty}"}}"#))).unwrap_err();
    assert!(message(err).contains("more than one solution"));
}

#[wasm_bindgen_test]
fn hint_starts_from_the_players_candidates() {
    let first = sudoku_hint(args(&format!(r#"{{"grid":"{PUZZLE}"}}"#))).unwrap();
    let first = field(&first, "step");
    let all = vec!["511"; 81].join(",");
    let same = sudoku_hint(args(&format!(
        r#"{{"grid":"{PUZZLE}","candidates":[{all}]}}"#
    )))
    .unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&field(&same, "step")).unwrap(),
        js_sys::JSON::stringify(&first).unwrap()
    );
    // Strike the solution's 1 from r1c2 (cell 1): the marks are the mistake.
    let mut masks = vec![511u32; 81];
    masks[1] = 510;
    let list = masks
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let reply = sudoku_hint(args(&format!(
        r#"{{"grid":"{PUZZLE}","puzzle":"{PUZZLE}","candidates":[{list}]}}"#
    )))
    .unwrap();
    assert_eq!(
        field(&reply, "kind").as_string().as_deref(),
        Some("mistake")
    );
    assert_eq!(
        field(&reply, "message").as_string().as_deref(),
        Some("r1c2: your candidates rule out the digit that belongs here.")
    );
    let err = sudoku_hint(args(&format!(
        r#"{{"grid":"{PUZZLE}","candidates":[1,2,3]}}"#
    )))
    .unwrap_err();
    assert_eq!(
        message(err),
        "candidates: expected 81 masks (one per cell), got 3"
    );
}

#[wasm_bindgen_test]
fn rate_and_steps_agree_and_report_progress() {
    let seen = js_sys::Array::new();
    let collect = js_sys::Function::new_with_args("p", "this.push(p)").bind0(&seen);
    let rating = sudoku_rate(args(&format!(r#"{{"puzzle":"{PUZZLE}"}}"#)), &collect).unwrap();
    let steps = field(
        &sudoku_steps(args(&format!(r#"{{"puzzle":"{PUZZLE}"}}"#)), &collect).unwrap(),
        "steps",
    );
    let n = js_sys::Array::from(&steps).length();
    assert_eq!(field(&rating, "steps").as_f64(), Some(n as f64));
    assert!(field(&rating, "rating").as_f64().unwrap() >= 1.0);
    assert!(field(&rating, "level").as_string().is_some());
    // The position before the bottleneck: the earlier steps' placements and removals.
    let before = field(&rating, "before_bottleneck");
    assert!(js_sys::Array::is_array(&field(&before, "placed")));
    assert!(js_sys::Array::is_array(&field(&before, "eliminated")));
    let placed = js_sys::Array::from(&field(&before, "placed")).length();
    let bottleneck = field(&rating, "bottleneck").as_f64().unwrap() as u32;
    assert!(
        placed <= bottleneck,
        "at most one placement per earlier step"
    );
    // Each call ends with a report of the finished grid: all steps taken, 81 cells solved.
    assert!(seen.length() >= 2);
    let last = seen.get(seen.length() - 1);
    assert_eq!(field(&last, "solved").as_f64(), Some(81.0));
    assert_eq!(field(&last, "steps").as_f64(), Some(n as f64));
    assert_eq!(
        field(&last, "hardest").as_f64(),
        field(&rating, "rating").as_f64()
    );
    let err = sudoku_rate(args(r#"{"puzzle":"12"}"#), &collect).unwrap_err();
    assert_eq!(message(err), "a puzzle has 81 cells, this one has 2");
}

#[wasm_bindgen_test]
fn generate_is_seeded_and_reports_the_seed() {
    let noop = js_sys::Function::new_no_args("");
    let a = sudoku_generate(
        args(r#"{"level":"medium","seed":42,"symmetry":"central"}"#),
        &noop,
    )
    .unwrap();
    let b = sudoku_generate(
        args(r#"{"level":"medium","seed":"42","symmetry":"central"}"#),
        &noop,
    )
    .unwrap();
    assert_eq!(
        field(&a, "puzzle").as_string(),
        field(&b, "puzzle").as_string()
    );
    assert_eq!(field(&a, "seed").as_string().as_deref(), Some("42"));
    let r = field(&a, "rating").as_f64().unwrap();
    assert!(r > 1.5 && r <= 2.5, "{r}");
    // A technique request: the hardest step is named in the reply.
    let x = sudoku_generate(args(r#"{"technique":"X-Wing","seed":3}"#), &noop).unwrap();
    assert_eq!(field(&x, "hardest").as_string().as_deref(), Some("X-Wing"));
    assert_eq!(
        field(&x, "hardest_name").as_string().as_deref(),
        Some("X-Wing")
    );
    let bad = sudoku_generate(args(r#"{"technique":"dragon"}"#), &noop).unwrap_err();
    assert!(message(bad).contains("unknown technique"));
    // The native CLI prints the same puzzle for this seed (checked in tests/sudoku_logic_cli.rs).
    assert_eq!(
        field(&a, "puzzle").as_string().unwrap(),
        SEED42_MEDIUM_CENTRAL
    );
    let err =
        sudoku_generate(args(r#"{"level":"medium","symmetry":"spiral"}"#), &noop).unwrap_err();
    assert!(message(err).contains("spiral"));
}

/// What `gridwise sudoku generate --level medium --seed 42 --symmetry central` prints.
const SEED42_MEDIUM_CENTRAL: &str =
    "...3..596.9.1..23...4.2...18.9....4...........4....1.59...6.4...87..4.6.462..8...";

/// A puzzle of hardest-1106 whose path takes two nested forcing chains (SE 10.3).
const TWO_NESTED: &str =
    "1....6.8...7.....66.....15..3.9.........2....7....854.....9.81.8...41..5.1....4..";

/// The page's shared rating: begin, deal each nested search into shares, resume with the best
/// share's answer; at a stop before the chains, share 0 of 2 is
/// searched "beside" them and the path's worker takes share 1 once they find nothing. The reply
/// must be `sudoku.rate`'s.
#[wasm_bindgen_test]
fn a_rating_with_shared_nested_searches_is_the_plain_rating() {
    use gridwise::wasm::sudoku_rating::{
        sudoku_nested_share, sudoku_rate_begin, sudoku_rate_resume,
    };
    let json = |v: &JsValue| js_sys::JSON::stringify(v).unwrap().as_string().unwrap();
    let share_of = |search: &JsValue, share: u32| {
        let request = js_sys::Object::assign(&js_sys::Object::new(), search.unchecked_ref());
        js_sys::Reflect::set(&request, &"share".into(), &share.into()).unwrap();
        js_sys::Reflect::set(&request, &"shares".into(), &2.into()).unwrap();
        sudoku_nested_share(request.into()).unwrap()
    };
    let progress = js_sys::Function::new_no_args("");
    let puzzle = args(&format!(r#"{{"puzzle":"{TWO_NESTED}"}}"#));
    let plain = sudoku_rate(puzzle.clone(), &progress).unwrap();
    let mut reply = sudoku_rate_begin(puzzle, &progress).unwrap();
    let session = field(&reply, "session");
    let (mut searches, mut own_used) = (0, 0);
    let session = session.as_f64().unwrap();
    // The position the chains were asked about, and share 0 of its first nested search.
    let mut early: Option<(String, JsValue)> = None;
    loop {
        let chains = field(&reply, "chains");
        if !chains.is_undefined() {
            early = Some((json(&chains), share_of(&chains, 0)));
            let resume = args(&format!(
                r#"{{"session":{session},"chains":true,"own":{{"share":1,"shares":2}}}}"#
            ));
            reply = sudoku_rate_resume(resume, &progress).unwrap();
            continue;
        }
        if field(&reply, "nested").is_undefined() {
            break;
        }
        let nested = field(&reply, "nested");
        let own = field(&reply, "own");
        let answers = match early.take() {
            Some((key, part)) if !own.is_undefined() && key == json(&nested) => {
                own_used += 1;
                vec![part, own]
            }
            _ => vec![share_of(&nested, 0), share_of(&nested, 1)],
        };
        let mut best: Option<(f64, f64)> = None;
        for answer in &answers {
            let found = field(answer, "found");
            if !found.is_null() {
                let pair = js_sys::Array::from(&found);
                let candidate = (pair.get(0).as_f64().unwrap(), pair.get(1).as_f64().unwrap());
                if best.is_none_or(|b| candidate < b) {
                    best = Some(candidate);
                }
            }
        }
        let found = best.map_or("null".to_string(), |(r, i)| format!("[{r},{i}]"));
        let resume = args(&format!(r#"{{"session":{session},"found":{found}}}"#));
        reply = sudoku_rate_resume(resume, &progress).unwrap();
        searches += 1;
    }
    assert!(searches > 1);
    assert!(
        own_used > 0,
        "the path's worker never took a share after the chains"
    );
    assert_eq!(json(&field(&reply, "done")), json(&plain));
}

#[wasm_bindgen_test]
fn shared_rating_requests_that_make_no_sense_are_errors() {
    use gridwise::wasm::sudoku_rating::{sudoku_nested_share, sudoku_rate_resume};
    let progress = js_sys::Function::new_no_args("");
    let board = format!(
        r#""values":[{}],"cands":[{}]"#,
        vec!["0"; 81].join(","),
        vec!["1022"; 81].join(",")
    );
    let err = sudoku_nested_share(args(&format!(
        r#"{{"level":1,{board},"share":2,"shares":2}}"#
    )))
    .unwrap_err();
    assert_eq!(message(err), "share 2 of 2 does not exist");
    let err = sudoku_nested_share(args(&format!(
        r#"{{"level":7,{board},"share":0,"shares":1}}"#
    )))
    .unwrap_err();
    assert_eq!(message(err), "no nested search at level 7");
    let short = r#""values":[0],"cands":[1022]"#;
    let err = sudoku_nested_share(args(&format!(
        r#"{{"level":1,{short},"share":0,"shares":1}}"#
    )))
    .unwrap_err();
    assert_eq!(message(err), "the position to search is not a Sudoku board");
    let err = sudoku_rate_resume(args(r#"{"session":99999,"found":null}"#), &progress).unwrap_err();
    assert_eq!(
        message(err),
        "this rating was stopped: rate the puzzle again"
    );
    let own = r#"{"session":99999,"chains":true,"own":{"share":3,"shares":3}}"#;
    let err = sudoku_rate_resume(args(own), &progress).unwrap_err();
    assert_eq!(message(err), "share 3 of 3 does not exist");
}

/// Installs the hooks a worker installs for a shared store of inner searches
/// (`www/inner-store.js`): a `Map`, whose `get` hands back `malformed` words instead when given,
/// counting what the searches ask of it.
fn install_inner_store(malformed: bool) {
    js_sys::eval(&format!(
        r#"globalThis.gridwiseInnerStore = (() => {{
          const kept = new Map();
          let gets = 0, puts = 0;
          return {{
            get(a, b, c, d) {{
              gets++;
              return {malformed} ? new Uint32Array([5, 1]) : kept.get(`${{a}},${{b}},${{c}},${{d}}`);
            }},
            put(a, b, c, d, words) {{ puts++; kept.set(`${{a}},${{b}},${{c}},${{d}}`, words.slice()); }},
            stats() {{ return {{ gets, puts, kept: kept.size }}; }},
          }};
        }})();"#
    ))
    .unwrap();
}

fn store_stat(name: &str) -> f64 {
    let stats = js_sys::eval("globalThis.gridwiseInnerStore.stats()").unwrap();
    field(&stats, name).as_f64().unwrap()
}

/// A rating that carries `store` asks the shared store for each inner search and gives it what
/// it searched; words that are not an answer are ignored, and the rating is the plain one.
#[wasm_bindgen_test]
fn a_rating_with_a_shared_store_uses_it_and_rates_as_without() {
    let json = |v: &JsValue| js_sys::JSON::stringify(v).unwrap().as_string().unwrap();
    let progress = js_sys::Function::new_no_args("");
    // A hardest-1106 puzzle with nested chains that no other test here rates (this module's
    // memo of inner searches would answer before the store). The store hands back words that
    // are not an answer: they are ignored.
    let puzzle =
        ".2...6..9..71........23..1....5..3..5...7.....8...2..6.....4...6.8.....4.4....92.";
    install_inner_store(true);
    let shared = sudoku_rate(
        args(&format!(r#"{{"puzzle":"{puzzle}","store":true}}"#)),
        &progress,
    )
    .unwrap();
    assert!(store_stat("gets") > 0.0, "the store was asked");
    assert!(store_stat("puts") > 0.0, "searches were given to the store");
    assert_eq!(
        store_stat("kept"),
        store_stat("puts"),
        "under distinct keys"
    );
    let plain = sudoku_rate(args(&format!(r#"{{"puzzle":"{puzzle}"}}"#)), &progress).unwrap();
    assert_eq!(json(&shared), json(&plain));
}
