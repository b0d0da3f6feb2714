//! `gridwise poly` from the command line: the benchmarks game's Meteor output, byte for byte,
//! and `poly solve` with sizes, specs, files and bad input.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::gridwise;

const METEOR_OUTPUT: &str = "2098 solutions found

0 0 0 0 1 
 2 2 2 0 1 
2 6 6 1 1 
 2 6 1 5 5 
8 6 5 5 5 
 8 6 3 3 3 
4 8 8 9 3 
 4 4 8 9 3 
4 7 4 7 9 
 7 7 7 9 9 

9 9 9 9 8 
 9 6 6 8 5 
6 6 8 8 5 
 6 8 2 5 5 
7 7 7 2 5 
 7 4 7 2 0 
1 4 2 2 0 
 1 4 4 0 3 
1 4 0 0 3 
 1 1 3 3 3 

";

#[test]
fn meteor_prints_the_benchmarks_game_output() {
    let (ok, out, _) = gridwise(&["poly", "meteor"]);
    assert!(ok);
    assert_eq!(out, METEOR_OUTPUT);
    let (ok, out, _) = gridwise(&["poly", "meteor", "10"]);
    assert!(ok);
    assert!(out.starts_with("10 solutions found\n\n"));
    // Every core by default; one thread, or parts over three, print the same.
    for threads in ["1", "3"] {
        let (ok, out, _) = gridwise(&["poly", "meteor", "--threads", threads]);
        assert!(ok);
        assert_eq!(out, METEOR_OUTPUT, "--threads {threads}");
    }
    for threads in ["0", "257"] {
        let (ok, _, err) = gridwise(&["poly", "meteor", "--threads", threads]);
        assert!(!ok);
        assert!(err.contains("not in 1..=256"), "{err}");
    }
}

#[test]
fn solve_prints_counts_and_letter_grids() {
    let (ok, out, _) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "20x3",
        "--pieces",
        "pentominoes",
        "--distinct",
        "--print",
        "1",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3 + 1 + 2, "{out}");
    assert!(
        lines
            .iter()
            .take(3)
            .all(|l| l.len() == 20 && l.chars().all(|c| "FILNPTUVWXYZ".contains(c)))
    );
    assert!(out.ends_with("total 8\ndistinct 2\n"));
}

#[test]
fn solve_reads_board_and_piece_files() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let board = dir.join("ring.txt");
    std::fs::write(&board, "; a 4x4 ring\n....\n.##.\n....\n....\n").unwrap();
    let pieces = dir.join("pieces.txt");
    std::fs::write(&pieces, "AA.B\n....\nA*5\nB*4\n").unwrap();
    let (ok, out, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        board.to_str().unwrap(),
        "--pieces",
        pieces.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("total "), "{out}");
    std::fs::write(&board, "....\n.?..\n").unwrap();
    let (ok, _, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        board.to_str().unwrap(),
        "--pieces",
        "1x2*4",
    ]);
    assert!(!ok);
    assert!(
        err.contains("line 2, column 2: unexpected character '?'"),
        "{err}"
    );
}

#[test]
fn bad_input_is_named() {
    let (ok, _, err) = gridwise(&["poly", "solve", "--board", "5x5", "--pieces", "pentominoes"]);
    assert!(!ok);
    assert!(
        err.contains("the board has 25 cells but the pieces cover 60"),
        "{err}"
    );
    let (ok, _, err) = gridwise(&["poly", "solve", "--board", "5x5", "--pieces", "nonsense"]);
    assert!(!ok);
    assert!(err.contains("unknown piece set \"nonsense\""), "{err}");
    let (ok, _, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "9by9",
        "--pieces",
        "pentominoes",
    ]);
    assert!(!ok);
    assert!(err.contains("9by9"), "{err}");
}

#[test]
fn shards_add_up_and_threads_agree() {
    let counts = |extra: &[&str]| {
        let mut args = vec![
            "poly",
            "solve",
            "--board",
            "6x10",
            "--pieces",
            "pentominoes",
        ];
        args.extend_from_slice(extra);
        let (ok, stdout, stderr) = gridwise(&args);
        assert!(ok, "{stderr}");
        let field = |name: &str| -> u64 {
            stdout
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {stdout}"))
        };
        (field("total "), field("distinct "))
    };
    let whole = counts(&[]);
    assert_eq!(whole, (9356, 2339));
    let parts: Vec<(u64, u64)> = (1..=3)
        .map(|k| counts(&["--shard", &format!("{k}/3")]))
        .collect();
    assert_eq!(
        parts.iter().fold((0, 0), |a, p| (a.0 + p.0, a.1 + p.1)),
        whole,
        "{parts:?}"
    );
    assert!(
        parts.iter().all(|p| p.0 > 0),
        "every part has work: {parts:?}"
    );
    assert_eq!(counts(&["--threads", "2"]), whole);

    let (ok, _, stderr) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "6x10",
        "--pieces",
        "pentominoes",
        "--shard",
        "4/3",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("\"4/3\" is not a part: write K/N with 1 ≤ K ≤ N"),
        "{stderr}"
    );
}

#[test]
fn estimate_prints_a_count_with_its_spread() {
    let (ok, stdout, stderr) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "8x8",
        "--pieces",
        "1x2*32",
        "--estimate",
    ]);
    assert!(ok, "{stderr}");
    // Dominoes on 8x8: 12,988,816 tilings.
    let line = stdout.lines().next().unwrap_or_default();
    let numbers: Vec<f64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let (estimate, error) = (numbers[0], numbers[1]);
    assert!(
        line.starts_with("estimate ") && line.contains(" ± "),
        "{stdout}"
    );
    assert!(
        (estimate - 12_988_816.0).abs() <= 4.0 * error + 0.05 * 12_988_816.0,
        "{stdout}"
    );
    assert!(stdout.contains("search tree about"), "{stdout}");
    assert!(stdout.contains("16000 probes in"), "{stdout}");
}

#[test]
fn triangle_boards_from_sizes_library_and_files() {
    let (ok, out, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "tri:9x4",
        "--pieces",
        "hexiamonds",
        "--print",
        "1",
    ]);
    assert!(ok, "{err}");
    assert!(out.ends_with("total 148\ndistinct 74\n"), "{out}");
    // The printed tiling uses every hexiamond's letter six times.
    let grid: String = out.lines().take(4).collect();
    for name in "IPJEVHSXCGFO".chars() {
        assert_eq!(grid.matches(name).count(), 6, "{name} in {grid}");
    }
    let (ok, out, _) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "tetriamonds-hexagon",
        "--pieces",
        "tetriamonds*2",
    ]);
    assert!(ok);
    assert_eq!(out, "total 6\ndistinct 1\n");
    // A drawn triangle board whose pieces are square is refused with both grids named.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let board = dir.join("board.txt");
    std::fs::write(&board, "tri\n......\n......\n").unwrap();
    let (ok, _, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        board.to_str().unwrap(),
        "--pieces",
        "2x3*2",
    ]);
    assert!(!ok);
    assert!(
        err.contains("triangle grid but the pieces are square"),
        "{err}"
    );
}

#[test]
fn a_board_path_that_is_not_a_file_says_so() {
    let (ok, _, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        "boards/missing.txt",
        "--pieces",
        "pentominoes",
    ]);
    assert!(!ok);
    assert!(
        err.contains("cannot open board file boards/missing.txt"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let (ok, _, err) = gridwise(&[
        "poly",
        "solve",
        "--board",
        folder,
        "--pieces",
        "pentominoes",
    ]);
    assert!(!ok);
    assert!(err.contains("is a folder, not a board file"), "{err}");
}

/// Printing solutions to a reader that goes away (`| head -2`) stops the search: 8×8 dominoes
/// have 12,988,816 tilings, and the search used to run on for seconds after the pipe closed.
#[test]
fn a_closed_pipe_stops_the_search() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridwise"))
        .args([
            "poly", "solve", "--board", "8x8", "--pieces", "1x2*32", "--print", "1000000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert_eq!(lines.next().unwrap().unwrap().len(), 8);
    drop(lines);
    let started = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "it ran on for {:?}",
        started.elapsed()
    );
    assert!(status.success());
}
