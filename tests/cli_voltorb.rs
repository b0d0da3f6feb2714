//! `gridwise voltorb solve | generate` as a user runs them.

mod common;
use common::{gridwise, gridwise_with_input};

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn a_generated_board_is_solved_from_its_clues_and_errors_keep_the_batch_going() {
    let (ok, dealt, _) = gridwise(&["voltorb", "generate", "--level", "3", "--seed", "7"]);
    assert!(ok);
    let board = &json_lines(&dealt)[0];
    let (_, same, _) = gridwise(&["voltorb", "generate", "--level", "3", "--seed", "7"]);
    assert_eq!(dealt, same, "the same seed deals the same board");

    let position = serde_json::json!({"rows": board["rows"], "cols": board["cols"], "level": 3});
    let input = format!("{position}\n{{\"rows\": [[16, 0]]}}\n{position}\n");
    let (ok, out, _) = gridwise_with_input(&["voltorb", "solve"], &input);
    assert!(!ok, "one line was invalid");
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 3);
    assert!(answers[0]["boards"].as_u64().unwrap() >= 1);
    assert!(answers[1]["error"].as_str().unwrap().contains("cols"));
    assert_eq!(answers[0], answers[2]);

    // The true board is one of the consistent ones: each card's true value has odds above 0.
    let p = &answers[0]["p"];
    for r in 0..5 {
        for c in 0..5 {
            let value = board["board"][r][c].as_u64().unwrap() as usize;
            assert!(p[r][c][value].as_f64().unwrap() > 0.0, "card {r},{c}");
        }
    }
    let win = answers[0]["best"]["win"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&win));
}

#[test]
fn impossible_clues_are_named() {
    let line =
        r#"{"rows": [[16,0],[5,0],[5,0],[5,0],[5,0]], "cols": [[5,0],[5,0],[5,0],[5,0],[5,0]]}"#;
    let (ok, out, _) = gridwise_with_input(&["voltorb", "solve"], line);
    assert!(!ok);
    let answer = &json_lines(&out)[0];
    assert!(
        answer["error"].as_str().unwrap().contains("row 1"),
        "{answer}"
    );
    // Beside the message, where it applies: the first row clue.
    assert_eq!(answer["field"], "rows");
    assert_eq!(answer["index"], 0);
}

#[test]
fn a_misspelt_field_is_refused_by_name() {
    let line = r#"{"rows": [[5,1],[4,2],[6,1],[7,0],[3,2]], "cols": [[5,1],[4,2],[6,1],[7,0],[3,2]], "reveald": [[0,0,1]]}"#;
    let (ok, out, _) = gridwise_with_input(&["voltorb", "solve"], line);
    assert!(!ok);
    let answer = &json_lines(&out)[0];
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("unknown field \"reveald\""), "{error}");
    assert!(error.contains("revealed"), "{error}");
}

#[test]
fn a_card_to_grade_off_the_board_is_refused_not_ignored() {
    let line = r#"{"rows": [[5,1],[4,2],[6,1],[7,0],[3,2]], "cols": [[5,1],[4,2],[6,1],[7,0],[3,2]], "judge": [7,7]}"#;
    let (ok, out, _) = gridwise_with_input(&["voltorb", "solve"], line);
    assert!(!ok);
    let answer = &json_lines(&out)[0];
    assert_eq!(
        answer["error"],
        "judge [7, 7] is not a card: rows and columns count from 0 to 4"
    );
    assert_eq!(answer["field"], "judge");
}

#[test]
fn threads_share_the_search_and_agree_on_the_winning_chance() {
    let (ok, dealt, _) = gridwise(&["voltorb", "generate", "--level", "8", "--seed", "11"]);
    assert!(ok);
    let board = &json_lines(&dealt)[0];
    let position = serde_json::json!({"rows": board["rows"], "cols": board["cols"], "level": 8});
    let input = format!("{position}\n");
    let (ok, alone, _) = gridwise_with_input(&["voltorb", "solve"], &input);
    assert!(ok);
    let (ok, team, _) = gridwise_with_input(&["voltorb", "solve", "--threads", "2"], &input);
    assert!(ok);
    let (alone, team) = (&json_lines(&alone)[0], &json_lines(&team)[0]);
    let win = |a: &serde_json::Value| a["best"]["win"].as_f64().unwrap();
    assert!((win(alone) - win(team)).abs() < 1e-12, "{alone} vs {team}");
    assert_eq!(alone["best"]["exact"], true);
    assert_eq!(team["best"]["exact"], true);
    let (ok, _, err) = gridwise_with_input(&["voltorb", "solve", "--threads", "0"], &input);
    assert!(!ok && err.contains("threads"), "{err}");
}

/// A field of the wrong kind is named, with what it takes, and marked as the field at fault.
#[test]
fn a_field_of_the_wrong_kind_is_named() {
    let five = "[[5,1],[5,1],[5,1],[5,1],[5,1]]";
    let input = format!(
        "{{\"rows\":[[-1,1],[5,1],[5,1],[5,1],[5,1]],\"cols\":{five}}}\n\
         {{\"rows\":{five},\"cols\":{five},\"weighting\":\"foo\"}}\n[]\n"
    );
    let (ok, out, _) = gridwise_with_input(&["voltorb", "solve"], &input);
    assert!(!ok);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["field"], "rows");
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap()
            .contains("\"rows\" takes five [sum, voltorbs] pairs")
    );
    assert_eq!(lines[1]["field"], "weighting");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("\"game\" or \"uniform\"")
    );
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("a position is a JSON object")
    );
}
