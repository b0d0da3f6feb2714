//! Every core error says where it applies ([`Located::place`]), so a page marks the input at
//! fault and the CLI prints it, without anyone reading the message's prose.

use gridwise::fill::{FillOptions, fill};
use gridwise::poly::Problem;
use gridwise::poly::library::{resolve_board, resolve_pieces};
use gridwise::protocol::voltorb::AnalyzeArgs;
use gridwise::sudoku::Grid;
use gridwise::sudoku::generator::{Request, Symmetry};
use gridwise::sudoku::hint::parse_marks;
use gridwise::sudoku::rating::rate;
use gridwise::util::place::{Card, ErrorPlace, Located};
use gridwise::voltorb::analyze;

fn field(name: &'static str) -> ErrorPlace {
    ErrorPlace::field(name)
}

#[test]
fn sudoku_errors_name_the_puzzle_cells_and_options() {
    let duplicate = format!("5.5{}", ".".repeat(78));
    let cases: Vec<(ErrorPlace, ErrorPlace)> = vec![
        (Grid::parse("12").unwrap_err().place(), field("puzzle")),
        (
            Grid::parse(&format!("..x{}", ".".repeat(78)))
                .unwrap_err()
                .place(),
            field("puzzle").cells(vec![2]),
        ),
        (
            Grid::parse(&duplicate).unwrap_err().place(),
            field("puzzle").cells(vec![0, 2]),
        ),
        (
            rate(&duplicate).unwrap_err().place(),
            field("puzzle").cells(vec![0, 2]),
        ),
        (rate(&".".repeat(81)).unwrap_err().place(), field("puzzle")),
        (
            parse_marks(&[0; 80]).unwrap_err().place(),
            field("candidates"),
        ),
        (
            parse_marks(&[[511; 40].as_slice(), &[512], &[511; 40]].concat())
                .unwrap_err()
                .place(),
            field("candidates").cells(vec![40]),
        ),
        (
            Symmetry::parse("spiral").unwrap_err().place(),
            field("symmetry"),
        ),
        (
            Request::for_level("impossible", Symmetry::None, 1)
                .unwrap_err()
                .place(),
            field("level"),
        ),
        (
            Request::for_range(5.0, 2.0, Symmetry::None, 1)
                .unwrap_err()
                .place(),
            field("range"),
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got, want, "case {i}");
    }
}

fn voltorb(json: &str) -> ErrorPlace {
    let args: AnalyzeArgs = serde_json::from_str(json).unwrap();
    analyze(&args.into()).unwrap_err().place()
}

#[test]
fn voltorb_errors_name_the_clue_line_or_the_card() {
    let five = "[[5,0],[5,0],[5,0],[5,0],[5,0]]";
    let cases = [
        (
            format!(r#"{{"rows":[[5,0],[5,0],[16,0],[5,0],[5,0]],"cols":{five}}}"#),
            field("rows").index(2),
        ),
        (
            format!(r#"{{"rows":{five},"cols":[[5,0],[5,0],[5,0],[5,0],[5,9]]}}"#),
            field("cols").index(4),
        ),
        (
            format!(r#"{{"rows":[[5,0]],"cols":{five}}}"#),
            field("rows"),
        ),
        (
            format!(r#"{{"rows":{five},"cols":{five},"level":9}}"#),
            field("level"),
        ),
        (
            format!(r#"{{"rows":{five},"cols":{five},"revealed":[[7,0,1]]}}"#),
            field("revealed").index(0),
        ),
        (
            format!(r#"{{"rows":{five},"cols":{five},"revealed":[[1,3,6]]}}"#),
            field("revealed").card(1, 3),
        ),
        (
            format!(r#"{{"rows":{five},"cols":{five},"revealed":[[2,2,1],[2,2,2]]}}"#),
            field("revealed").card(2, 2),
        ),
        (
            format!(r#"{{"rows":[[6,0],[5,0],[5,0],[5,0],[5,0]],"cols":{five}}}"#),
            ErrorPlace::default(),
        ),
    ];
    for (json, want) in cases {
        assert_eq!(voltorb(&json), want, "{json}");
    }
    assert_eq!(
        field("revealed").card(1, 3).card,
        Some(Card { row: 1, col: 3 })
    );
}

#[test]
fn poly_errors_name_the_input_and_its_line() {
    let cases = [
        (
            resolve_board("hex\n..\n.?").unwrap_err().place(),
            field("board").line(3),
        ),
        (resolve_board("0x4").unwrap_err().place(), field("board")),
        (
            resolve_board("no-such-board").unwrap_err().place(),
            field("board"),
        ),
        (
            resolve_pieces("AA\nA*x").unwrap_err().place(),
            field("pieces").line(2),
        ),
        (
            resolve_pieces("AA\n\nB*2").unwrap_err().place(),
            field("pieces").line(3),
        ),
        (
            resolve_pieces("dodecahedra").unwrap_err().place(),
            field("pieces"),
        ),
        (resolve_pieces("A.A").unwrap_err().place(), field("pieces")),
        (
            Problem::new(
                resolve_board("5x5").unwrap(),
                resolve_pieces("pentominoes").unwrap(),
                false,
            )
            .unwrap_err()
            .place(),
            field("pieces"),
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got, want, "case {i}");
    }
}

#[test]
fn fill_errors_name_the_option_at_fault() {
    let mut pixels = vec![0u8; 4 * 3 * 4];
    let options = FillOptions::default();
    let red = [255, 0, 0, 255];
    let cases = [
        (
            fill(&mut pixels, 4, 3, (9, 0), red, &options)
                .unwrap_err()
                .place(),
            field("x"),
        ),
        (
            fill(&mut pixels, 0, 3, (0, 0), red, &options)
                .unwrap_err()
                .place(),
            field("width"),
        ),
        (
            fill(&mut pixels, 5, 3, (0, 0), red, &options)
                .unwrap_err()
                .place(),
            field("pixels"),
        ),
        (
            fill(
                &mut pixels,
                4,
                3,
                (0, 0),
                red,
                &FillOptions {
                    gap: 10_000,
                    ..options
                },
            )
            .unwrap_err()
            .place(),
            field("gap"),
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got, want, "case {i}");
    }
}

#[test]
fn places_serialize_only_what_they_know() {
    let json = |p: &ErrorPlace| serde_json::to_string(p).unwrap();
    assert_eq!(json(&ErrorPlace::default()), "{}");
    assert_eq!(
        json(&field("puzzle").cells(vec![0, 1])),
        r#"{"cells":[0,1],"field":"puzzle"}"#
    );
    assert_eq!(
        json(&field("revealed").card(1, 2)),
        r#"{"card":{"row":1,"col":2},"field":"revealed"}"#
    );
    assert_eq!(
        json(&field("rows").index(4)),
        r#"{"field":"rows","index":4}"#
    );
}
