//! `gridwise sudoku solve | count` as a user runs them: one output line per puzzle line.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{gridwise, gridwise_with_input};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn solve_prints_one_line_per_puzzle_and_skips_comments() {
    let none = format!("12345678.{}........9", ".".repeat(63));
    let input = format!("# a comment\n\n{PUZZLE}\n{none}\n");
    let (ok, text, _) = gridwise_with_input(&["sudoku", "solve"], &input);
    assert!(ok);
    assert_eq!(text, format!("{SOLUTION}\nnone\n"));
}

#[test]
fn invalid_lines_print_errors_and_the_batch_continues() {
    let dup = format!("44{}", &PUZZLE[2..]);
    let input = format!(
        "{PUZZLE}\n123\n{dup}\n{}x{}\n{PUZZLE}\n",
        &PUZZLE[..5],
        &PUZZLE[6..]
    );
    let (ok, text, _) = gridwise_with_input(&["sudoku", "solve"], &input);
    assert!(!ok, "exit status 1 when a line was invalid");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        vec![
            SOLUTION,
            "error: line 2: a puzzle has 81 cells, this one has 3",
            "error: line 3: two 4s in row 1: cells r1c1 and r1c2",
            "error: line 4: bad character 'x' at position 6 (cell r1c6); use 1-9, and . or 0 for empty",
            SOLUTION,
        ]
    );
}

#[test]
fn a_byte_order_mark_and_a_note_after_the_puzzle_are_read_past() {
    // As an editor may save a file, and as `generate` and the data sets write ratings.
    let input = format!("\u{feff}{PUZZLE}\n{PUZZLE} 2.3\n{PUZZLE}\t2.3 2.3\n");
    let (ok, text, _) = gridwise_with_input(&["sudoku", "solve"], &input);
    assert!(ok, "{text}");
    assert_eq!(text, format!("{SOLUTION}\n{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn count_defaults_to_a_limit_of_two() {
    let input = format!("{PUZZLE}\n{}\n", ".".repeat(81));
    let (ok, text, _) = gridwise_with_input(&["sudoku", "count"], &input);
    assert!(ok);
    assert_eq!(text, "1\n2\n");
    let (_, text, _) = gridwise_with_input(&["sudoku", "count", "--limit", "1000"], &input);
    assert_eq!(text, "1\n1000\n");
}

#[test]
fn reads_a_file_and_names_a_missing_one() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let (_, text, _) = gridwise(&["sudoku", "solve", file.to_str().unwrap()]);
    assert_eq!(text, format!("{SOLUTION}\n"));
    let missing = dir.join("missing.txt");
    let (ok, _, err) = gridwise(&["sudoku", "solve", missing.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("cannot open"), "{err}");
}

#[test]
fn a_line_that_is_not_text_is_an_error_and_the_batch_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mixed.txt");
    let mut bytes = format!("{PUZZLE}\n").into_bytes();
    bytes.extend_from_slice(b"\xe9t\xe9\r\n");
    bytes.extend_from_slice(format!("{PUZZLE}\n").as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let (ok, text, _) = gridwise(&["sudoku", "solve", file.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(
        text,
        format!(
            "{SOLUTION}\nerror: line 2: the line is not UTF-8 text (a binary file, or another encoding)\n{SOLUTION}\n"
        )
    );
    // A folder is named as one, not as an unreadable stream.
    let (ok, _, err) = gridwise(&["sudoku", "solve", tmp.path().to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("is a folder, not a file"), "{err}");
}
