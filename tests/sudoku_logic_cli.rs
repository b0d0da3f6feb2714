//! `gridwise sudoku rate | hint | steps | generate` as a user runs them.

mod common;
use common::{gridwise_code, gridwise_with_input};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn run(args: &[&str], input: &str) -> (bool, String) {
    let (ok, stdout, _) = gridwise_with_input(args, input);
    (ok, stdout)
}

#[test]
fn rate_prints_one_json_object_per_line_and_errors_in_place() {
    let input = format!("# comment\n{PUZZLE}\n12\n{}\n", ".".repeat(81));
    let (ok, out) = run(&["sudoku", "rate"], &input);
    assert!(!ok, "exit status 1 when a line was bad");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["rating"].as_f64().unwrap() >= 1.0);
    for key in [
        "level",
        "hardest",
        "hardest_name",
        "bottleneck",
        "steps",
        "ep",
        "ed",
    ] {
        assert!(lines[0].get(key).is_some(), "{key}");
    }
    assert_eq!(lines[1]["error"], "a puzzle has 81 cells, this one has 2");
    assert_eq!(lines[1]["field"], "puzzle");
    // The input's line number, counting the comment.
    assert_eq!(lines[1]["line"], 3);
    assert!(
        lines[1].get("cells").is_none(),
        "a length error names no cell"
    );
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("more than one solution")
    );
    let (ok, _) = run(&["sudoku", "rate"], &format!("{PUZZLE}\n"));
    assert!(ok);
    let (_, out) = run(&["sudoku", "rate"], &format!("55{}\n", ".".repeat(79)));
    let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(line["cells"], serde_json::json!([0, 1]), "{line}");
}

#[test]
fn check_names_the_givens_that_could_go() {
    // The 17-clue puzzle is minimal; with r1c2 of its solution added it no longer is.
    let extra = format!("41{}", &PUZZLE[2..]);
    let (ok, out) = run(
        &["sudoku", "check"],
        &format!("{PUZZLE}\n{extra}\n{}\n", ".".repeat(81)),
    );
    assert!(ok);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solutions"], 1);
    assert_eq!(lines[0]["minimal"], true);
    assert_eq!(lines[0]["givens"], 17);
    assert_eq!(lines[1]["minimal"], false);
    assert!(
        lines[1]["redundant_names"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("r1c2"))
    );
    assert_eq!(lines[2]["solutions"], 2, "an empty grid has more than one");
    let (ok, out) = run(&["sudoku", "check"], "12\n");
    assert!(!ok);
    assert!(out.contains("81 cells"));
}

#[test]
fn hint_and_steps_print_json() {
    let (ok, out) = run(&["sudoku", "hint"], &format!("{PUZZLE}\n"));
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["kind"], "step");
    let (ok, out) = run(&["sudoku", "steps"], &format!("{PUZZLE}\n"));
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, 81 - 17);
}

#[test]
fn hint_reads_an_optional_candidates_field() {
    let mut masks = vec!["511"; 81];
    masks[1] = "510"; // r1c2 is 1 in the solution
    let input = format!(
        "{PUZZLE} {}\n{PUZZLE} {}\n{PUZZLE} 1,x\n",
        vec!["511"; 81].join(","),
        masks.join(",")
    );
    let (ok, out) = run(&["sudoku", "hint"], &input);
    assert!(!ok);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["kind"], "step");
    assert_eq!(lines[1]["kind"], "mistake");
    assert_eq!(lines[1]["cells"], serde_json::json!([1]));
    assert_eq!(
        lines[2]["error"],
        "candidates: mask 2 (\"x\") is not a number"
    );
    // A note without commas (a rating, as generate and the data sets write) is read past.
    let (ok, out) = run(&["sudoku", "hint"], &format!("{PUZZLE} 7.2 7.2\n"));
    assert!(ok, "{out}");
    assert!(out.starts_with("{\"kind\":\"step\""), "{out}");
}

#[test]
fn generate_is_reproducible_and_matches_the_wasm_test() {
    let args = [
        "sudoku",
        "generate",
        "--level",
        "medium",
        "--seed",
        "42",
        "--symmetry",
        "central",
    ];
    let (ok, out) = run(&args, "");
    assert!(ok);
    let (puzzle, rating) = out.trim().split_once(' ').unwrap();
    assert_eq!(
        puzzle,
        "...3..596.9.1..23...4.2...18.9....4...........4....1.59...6.4...87..4.6.462..8..."
    );
    let r: f64 = rating.parse().unwrap();
    assert!(r > 1.5 && r <= 2.5);
    let (_, again) = run(&args, "");
    assert_eq!(again, out);
    let (ok, out) = run(
        &[
            "sudoku", "generate", "--rating", "3.0-4.5", "--count", "2", "--seed", "9",
        ],
        "",
    );
    assert!(ok);
    assert_eq!(out.lines().count(), 2);
    let (ok, _) = run(&["sudoku", "generate", "--rating", "abc"], "");
    assert!(!ok);
}

#[test]
fn generate_by_technique_names_the_hardest_step() {
    let (ok, out) = run(
        &["sudoku", "generate", "--technique", "x-wing", "--seed", "3"],
        "",
    );
    assert!(ok);
    let fields: Vec<&str> = out.trim().splitn(3, ' ').collect();
    assert_eq!(fields[1..], ["3.2", "X-Wing"], "{out}");
    // The rating agrees: its hardest step is an X-Wing.
    let (ok, rated) = run(&["sudoku", "rate"], &format!("{}\n", fields[0]));
    assert!(ok);
    let rated: serde_json::Value = serde_json::from_str(rated.trim()).unwrap();
    assert_eq!(rated["hardest"], "X-Wing");
    let (ok, _, err) =
        gridwise_with_input(&["sudoku", "generate", "--technique", "dragon wing"], "");
    assert!(!ok);
    assert!(
        err.contains("unknown technique 'dragon wing': try X-Wing"),
        "{err}"
    );
}

#[test]
fn generate_stops_at_its_limit_and_says_how_to_go_further() {
    // Nothing is rated 11.9-12.0 in a handful of tries: the limit ends it with a message.
    let args = [
        "sudoku",
        "generate",
        "--rating",
        "11.9-12",
        "--max-attempts",
        "3",
    ];
    let (ok, stdout, stderr) = gridwise_with_input(&args, "");
    assert!(!ok);
    assert_eq!(stdout, "");
    assert!(stderr.contains("in 3 attempts"), "{stderr}");
    assert!(stderr.contains("attempt limit"), "{stderr}");
    assert!(
        stderr.contains("--max-attempts or --time-limit"),
        "{stderr}"
    );
}

/// A value `generate` cannot take is a usage error (exit 2, as clap's own are), said before
/// any seed is chosen; a level that is not met names the level, not its rating bounds.
#[test]
fn generate_refuses_bad_values_as_usage_errors() {
    for (args, said) in [
        (&["--level", "insane"][..], "unknown level 'insane'"),
        (&["--symmetry", "weird"], "unknown symmetry 'weird'"),
        (&["--technique", "foo"], "unknown technique 'foo'"),
        (&["--rating", "9-3"], "bad rating range 9-3"),
        (&["--rating", "2.1-2.2"], "no puzzle is rated 2.1-2.2"),
    ] {
        let (code, err) = gridwise_code(&[&["sudoku", "generate"][..], args].concat());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("error: {said}")),
            "{args:?}: {err}"
        );
        assert!(!err.contains("seed"), "{args:?}: {err}");
    }
    let (code, err) = gridwise_code(&[
        "sudoku",
        "generate",
        "--level",
        "extreme",
        "--max-attempts",
        "1",
        "--seed",
        "3",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("no extreme puzzle found in 1 attempt:"),
        "{err}"
    );
    assert!(err.contains("or choose another level"), "{err}");
}
