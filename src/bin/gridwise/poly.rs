//! `gridwise poly meteor | solve | list`: tiling puzzles from the command line.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use gridwise::poly::format::{letter_grid, meteor_lines, parse_board, parse_pieces};
use gridwise::poly::library::{
    meteor_extremes, meteor_extremes_with, meteor_problem, parse_piece_spec, puzzles, resolve_board,
};
use gridwise::poly::{
    Board, GridKind, Options, PolyError, Problem, Progress, Team, Visitor, count, estimate, solve,
};
use gridwise::util::built_once::BuiltOnce;

use crate::measure::{BenchContext, BenchRow, median};
use crate::spread::run_team;

/// The `gridwise poly` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// The benchmarks game's Meteor puzzle: count the solutions, print the smallest and the
    /// largest (as the meteor-contest programs do).
    Meteor {
        /// Stop after this many solutions.
        n: Option<u64>,
        /// Search in this many threads (all cores by default, as the benchmarks game's
        /// programs do; one when N is given).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// Tile a board with pieces; print `total N` and `distinct M` (and solutions with --print).
    Solve {
        /// `WxH` (square), `hex:WxH`, `tri:WxH` (a parallelogram of W units by H rows of
        /// triangles), a library board (`meteor`, `hexiamonds-6x6`), or a board file.
        #[arg(long)]
        board: String,
        /// A piece spec (`pentominoes`, `tetrominoes*2`, `2x3*4,1x2`, `meteor`, `hexiamonds`, …)
        /// or a pieces file.
        #[arg(long)]
        pieces: String,
        /// Stop after this many solutions (listed ones: distinct ones with --distinct), 1 or more.
        #[arg(long, value_parser = crate::positive::positive::<u64>)]
        limit: Option<u64>,
        /// List only one solution per symmetry class.
        #[arg(long)]
        distinct: bool,
        /// Print the first K solutions as letter grids.
        #[arg(long, value_name = "K", default_value_t = 0)]
        print: usize,
        /// Allow pieces to stay unused when they cover more than the board.
        #[arg(long)]
        allow_unused: bool,
        /// Search only part K of N (1 ≤ K ≤ N): the N parts are disjoint and their counts add
        /// up exactly to the whole search's, so a big enumeration can be spread over machines.
        #[arg(long, value_name = "K/N", value_parser = parse_shard)]
        shard: Option<(u32, u32)>,
        /// Search in this many threads (parts of the search, counts merged exactly).
        #[arg(long, value_name = "N", default_value_t = 1, conflicts_with_all = ["shard", "limit"],
              value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Do not solve: estimate the number of tilings and the search's size from random
        /// probes down the search tree (Knuth's estimator), with the estimate's standard error.
        #[arg(long)]
        estimate: bool,
        /// Random probes for --estimate, at most (more: slower, narrower; fewer when they agree);
        /// 2 to 1,000,000 (one probe gives no error bar).
        #[arg(
            long,
            value_name = "N",
            default_value_t = 16_000,
            requires = "estimate",
            value_parser = clap::value_parser!(u32).range(2..=1_000_000)
        )]
        probes: u32,
    },
    /// List the library's puzzles.
    List,
}

/// Runs a `gridwise poly` subcommand.
pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Meteor { n, threads } => meteor(n, threads),
        Command::Solve {
            board,
            pieces,
            allow_unused,
            estimate: true,
            probes,
            ..
        } => estimate_cmd(&board, &pieces, allow_unused, probes),
        Command::Solve {
            board,
            pieces,
            limit,
            distinct,
            print,
            allow_unused,
            shard,
            threads,
            ..
        } => solve_cmd(
            &board,
            &pieces,
            SolveFlags {
                limit,
                distinct,
                print,
                allow_unused,
                shard,
                threads,
            },
        ),
        Command::List => {
            for p in puzzles() {
                println!("{:<20} {:<32} {}", p.id, p.title, p.about);
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Solves Meteor and returns (count, smallest, largest): with a limit in one thread, else by
/// a team of `threads` threads (this one among them).
fn meteor_run(limit: Option<u64>, threads: u32) -> Result<(u64, String, String), PolyError> {
    if limit.is_some() || threads <= 1 {
        return meteor_extremes(limit);
    }
    // The helpers start first, on other cores (see `spread`). The first member to start
    // prepares the puzzle, and the first to reach the search its tables, for the whole team;
    // the others make every member's dead-end table ready meanwhile (see `BuiltOnce`).
    let team = Arc::new(Team::new(threads));
    let prepared: Arc<BuiltOnce<Result<Problem, PolyError>>> = Arc::default();
    let member = move |m: u32| -> Result<(u64, String, String), PolyError> {
        let problem = prepared
            .get_or_build_meanwhile(meteor_problem, || team.ready_dead_ends())
            .as_ref()
            .map_err(Clone::clone)?;
        let options = Options {
            team: Some((team.clone(), m)),
            ..Options::default()
        };
        Ok(meteor_extremes_with(problem, &options))
    };
    let parts = run_team(threads, member)
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    let found = parts.iter().map(|p| p.0).sum();
    // A part without solutions has empty extremes, which must not win the comparison.
    let mins = parts.iter().filter(|p| p.0 > 0).map(|p| &p.1);
    let maxes = parts.iter().filter(|p| p.0 > 0).map(|p| &p.2);
    let min = mins.min().cloned().unwrap_or_default();
    let max = maxes.max().cloned().unwrap_or_default();
    Ok((found, min, max))
}

/// Threads to use when none are asked for: every core.
fn all_cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

fn meteor(n: Option<u64>, threads: Option<u32>) -> Result<(), String> {
    let threads = threads.unwrap_or_else(all_cores);
    let (found, min, max) = meteor_run(n, threads).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(io::stdout().lock());
    let _ = writeln!(out, "{found} solutions found\n");
    if found > 0 {
        let _ = writeln!(out, "{}", meteor_lines(&min, 5));
        let _ = writeln!(out, "{}", meteor_lines(&max, 5));
    }
    let _ = out.flush();
    Ok(())
}

/// Reads `--board`: a board file if one exists at that path, otherwise a size (`6x10`),
/// `hex:WxH`, `tri:WxH`, or a library name (`meteor`, `pentominoes-8x8`, …).
fn load_board(arg: &str) -> Result<Board, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(arg).map_err(|e| format!("cannot read {arg}: {e}"))?;
        return parse_board(&text).map_err(|e| format!("{arg}: {e}"));
    }
    resolve_board(arg).map_err(|e| {
        // Not a board's name or size: when it reads as a path, what went wrong is the file.
        let looks_like_a_path = arg.contains(['/', '\\']) || path.extension().is_some();
        if path.is_dir() {
            format!("{arg} is a folder, not a board file")
        } else if looks_like_a_path {
            format!("cannot open board file {arg}: no such file")
        } else {
            e.to_string()
        }
    })
}

/// Reads `--pieces`: a pieces file if one exists at that path, otherwise a piece spec.
fn load_pieces(arg: &str) -> Result<Vec<gridwise::poly::Piece>, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(arg).map_err(|e| format!("cannot read {arg}: {e}"))?;
        return parse_pieces(&text).map_err(|e| format!("{arg}: {e}"));
    }
    parse_piece_spec(arg).map_err(|e| {
        // Not a spec: when it reads as a path, what went wrong is the file (as for --board).
        if path.is_dir() {
            format!("{arg} is a folder, not a pieces file")
        } else if arg.contains(['/', '\\']) || path.extension().is_some() {
            format!("cannot open pieces file {arg}: no such file")
        } else {
            e.to_string()
        }
    })
}

struct Printer<'a> {
    out: &'a mut dyn Write,
    print: usize,
    printed: usize,
}

impl Visitor for Printer<'_> {
    fn solution(&mut self, problem: &Problem, placements: &[u32], _: &Progress) -> bool {
        if self.printed < self.print {
            self.printed += 1;
            // The reader has gone (`| head`, a closed pipe): nothing more can be shown, so the
            // search stops instead of running on for nobody.
            if writeln!(self.out, "{}", letter_grid(problem, placements)).is_err() {
                return false;
            }
        }
        true
    }
}

/// The problem that `--board`, `--pieces` and `--allow-unused` describe.
fn load_problem(board: &str, pieces: &str, allow_unused: bool) -> Result<Problem, String> {
    Problem::new(load_board(board)?, load_pieces(pieces)?, allow_unused).map_err(|e| e.to_string())
}

fn estimate_cmd(board: &str, pieces: &str, allow_unused: bool, probes: u32) -> Result<(), String> {
    let problem = load_problem(board, pieces, allow_unused)?;
    let start = Instant::now();
    let e = estimate(&problem, probes, 1);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let symmetries = problem.symmetry_order() as f64;
    println!(
        "estimate {:.0} ± {:.0} tilings ({:.0}%), about {:.0} distinct",
        e.solutions,
        e.solutions_error,
        if e.solutions > 0.0 {
            100.0 * e.solutions_error / e.solutions
        } else {
            0.0
        },
        // Each class has at most |G| members, and there is one as soon as there is a tiling.
        if e.solutions > 0.0 {
            (e.solutions / symmetries).max(1.0)
        } else {
            0.0
        }
    );
    println!(
        "search tree about {:.0} nodes (without symmetry breaking)",
        e.nodes
    );
    println!("{} probes in {ms:.0} ms", e.probes);
    Ok(())
}

/// `K/N` (1-based K) as the core's 0-based part.
fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("\"{text}\" is not a part: write K/N with 1 ≤ K ≤ N, e.g. 2/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

/// The options of `poly solve` besides the board and pieces.
struct SolveFlags {
    limit: Option<u64>,
    distinct: bool,
    print: usize,
    allow_unused: bool,
    shard: Option<(u32, u32)>,
    threads: u32,
}

fn solve_cmd(board: &str, pieces: &str, flags: SolveFlags) -> Result<(), String> {
    let SolveFlags {
        limit,
        distinct,
        print,
        allow_unused,
        shard,
        threads,
    } = flags;
    // Shared with the helper threads of a team.
    let problem = Arc::new(load_problem(board, pieces, allow_unused)?);
    let options = Options {
        limit,
        distinct,
        shard,
        ..Options::default()
    };
    let stdout = io::stdout();
    let mut lock = BufWriter::new(stdout.lock());
    let (total, distinct_count, complete) = if threads > 1 {
        // A team of threads; each keeps what it would print, shown thread after thread.
        let team = Arc::new(Team::new(threads));
        let parts = run_team(threads, move |member| {
            let options = Options {
                team: Some((team.clone(), member)),
                ..options.clone()
            };
            let mut grids = Vec::new();
            let mut keep = Keeper {
                print,
                grids: &mut grids,
            };
            let summary = solve(&problem, &options, &mut keep);
            (summary, grids)
        });
        let mut printed = 0;
        for grid in parts.iter().flat_map(|(_, g)| g) {
            if printed < print {
                let _ = writeln!(lock, "{grid}");
                printed += 1;
            }
        }
        let total = parts.iter().map(|(s, _)| s.counts.total).sum();
        let distinct_count = parts.iter().map(|(s, _)| s.counts.distinct).sum();
        (total, distinct_count, parts.iter().all(|(s, _)| s.complete))
    } else {
        let mut printer = Printer {
            out: &mut lock,
            print,
            printed: 0,
        };
        let summary = solve(&problem, &options, &mut printer);
        (
            summary.counts.total,
            summary.counts.distinct,
            summary.complete,
        )
    };
    let _ = writeln!(lock, "total {total}");
    let _ = writeln!(lock, "distinct {distinct_count}");
    if let Some((k, n)) = shard {
        eprintln!(
            "part {} of {n}: add the totals of all {n} parts for the whole search",
            k + 1
        );
    }
    if !complete {
        let _ = writeln!(
            lock,
            "stopped after {} listed solution(s): the counts above are partial",
            limit.unwrap_or(0)
        );
    }
    let _ = lock.flush();
    Ok(())
}

/// Keeps the first `print` solutions as letter grids (for a search thread).
struct Keeper<'a> {
    print: usize,
    grids: &'a mut Vec<String>,
}

impl Visitor for Keeper<'_> {
    fn solution(&mut self, problem: &Problem, placements: &[u32], _: &Progress) -> bool {
        if self.grids.len() < self.print {
            self.grids.push(letter_grid(problem, placements));
        }
        true
    }
}

fn time_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    median(&mut samples)
}

/// Native poly benchmarks: Meteor (all solutions, smallest and largest) and the pentomino
/// boards (all distinct solutions), each the median of several runs, set-up included.
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let runs = if ctx.quick { 3 } else { 11 };
    let mut rows = Vec::new();
    let mut check = Ok(());
    let ms = time_ms(runs, || match meteor_run(None, 1) {
        Ok((2098, _, _)) => {}
        Ok((n, _, _)) => check = Err(format!("meteor found {n} solutions, not 2098")),
        Err(e) => check = Err(e.to_string()),
    });
    std::mem::replace(&mut check, Ok(()))?;
    rows.push(BenchRow {
        tool: "poly",
        name: "meteor all 2098".into(),
        value: ms,
        unit: "ms",
        // The target is on the whole process against the C++ #6 program, which
        // this repository cannot build: it is timed beside `gridwise poly meteor` by hand.
        target: "< 30 ms (whole process: <= 0.8x C++ #6, timed apart)".into(),
    });
    let cores = all_cores();
    if cores > 1 {
        let whole = meteor_run(None, 1).map_err(|e| e.to_string())?;
        let ms = time_ms(runs, || match meteor_run(None, cores) {
            Ok(parts) if parts == whole => {}
            Ok(parts) => check = Err(format!("meteor in {cores} threads: {parts:?}")),
            Err(e) => check = Err(e.to_string()),
        });
        check?;
        rows.push(BenchRow {
            tool: "poly",
            name: format!("meteor all 2098, {cores} threads"),
            value: ms,
            unit: "ms",
            target: "report (as `gridwise poly meteor` runs)".into(),
        });
    }
    let boards: [(&str, Board, u64); 5] = [
        ("6x10", Board::rectangle(GridKind::Square, 10, 6), 2339),
        ("5x12", Board::rectangle(GridKind::Square, 12, 5), 1010),
        ("4x15", Board::rectangle(GridKind::Square, 15, 4), 368),
        ("3x20", Board::rectangle(GridKind::Square, 20, 3), 2),
        (
            "8x8 centre hole",
            Board::rectangle(GridKind::Square, 8, 8).with_centre_hole(2, 2),
            65,
        ),
    ];
    for (name, board, want) in boards {
        let pieces = parse_piece_spec("pentominoes").map_err(|e| e.to_string())?;
        let mut got = 0;
        let ms = time_ms(runs, || {
            if let Ok(p) = Problem::new(board.clone(), pieces.clone(), false) {
                got = count(&p).counts.distinct;
            }
        });
        if got != want {
            return Err(format!(
                "pentominoes {name}: {got} distinct, expected {want}"
            ));
        }
        rows.push(BenchRow {
            tool: "poly",
            name: format!("pentominoes {name} all {want} distinct"),
            value: ms,
            unit: "ms",
            target: if name == "6x10" {
                "< 150 ms (dancing links ~1.6 s)".into()
            } else {
                String::new()
            },
        });
    }
    // How far the 4,000-probe estimate lands from the exact count, over the library puzzles.
    let mut errors = Vec::new();
    let mut estimate_ms = Vec::new();
    for p in puzzles() {
        let (Ok(board), Ok(pieces)) = (
            resolve_board(&p.board),
            gridwise::poly::library::resolve_pieces(p.pieces),
        ) else {
            continue;
        };
        let Ok(problem) = Problem::new(board, pieces, false) else {
            continue;
        };
        let exact = count(&problem).counts.total as f64;
        if exact == 0.0 {
            continue;
        }
        let t = Instant::now();
        let e = estimate(&problem, 4000, 1);
        estimate_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        errors.push(100.0 * (e.solutions - exact).abs() / exact);
    }
    let worst = errors.iter().copied().fold(0.0, f64::max);
    rows.push(BenchRow {
        tool: "poly",
        name: format!("estimate error, {} library puzzles (median)", errors.len()),
        value: median(&mut errors),
        unit: "%",
        target: format!("report (worst {worst:.0}%)"),
    });
    rows.push(BenchRow {
        tool: "poly",
        name: "estimate, 4000 probes (median)".into(),
        value: median(&mut estimate_ms),
        unit: "ms",
        target: "report".into(),
    });
    // One search against the same search in two parts on two threads (counts must agree).
    let problem = Arc::new(
        Problem::new(
            Board::rectangle(GridKind::Square, 8, 8),
            parse_piece_spec("pentominoes,2x2").map_err(|e| e.to_string())?,
            false,
        )
        .map_err(|e| e.to_string())?,
    );
    let runs = if ctx.quick { 1 } else { 5 };
    let (mut single, mut split) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let t = Instant::now();
        let one = count(&problem).counts;
        single.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let team = Arc::new(Team::new(2));
        let solver = problem.clone();
        let parts = run_team(2, move |member| {
            let options = Options {
                team: Some((team.clone(), member)),
                ..Options::default()
            };
            solve(&solver, &options, &mut gridwise::poly::Count).counts
        });
        split.push(t.elapsed().as_secs_f64());
        let merged = parts.iter().map(|c| c.distinct).sum::<u64>();
        if merged != one.distinct {
            return Err(format!(
                "two parts found {merged} distinct, one search {}",
                one.distinct
            ));
        }
    }
    rows.push(BenchRow {
        tool: "poly",
        name: "pentominoes+2x2 8x8, 2 threads speed-up".into(),
        value: median(&mut single) / median(&mut split),
        unit: "x",
        target: ">= 1.7x on 2 cores".into(),
    });
    Ok(rows)
}
