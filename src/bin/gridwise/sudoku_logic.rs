//! `gridwise sudoku rate | hint | check | steps | generate` (issue 3), and the rating and generation
//! benchmarks called by `gridwise bench sudoku`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use gridwise::sudoku::Grid;
use gridwise::sudoku::generator::{self, Request, Symmetry};
use gridwise::sudoku::hint::{hint_with_marks, parse_marks};
use gridwise::sudoku::minimal;
use gridwise::sudoku::rating::{parse_unique, rate, rate_grid, steps_of};

use crate::input::{LineError, answer_lines, json_error, located, puzzle_field};
use crate::measure::{BenchContext, BenchRow, median};

/// The logic subcommands of `gridwise sudoku`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Rate each puzzle on the Sudoku Explainer scale: one JSON object per line.
    Rate {
        /// Puzzles, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    /// The next logical step for each grid (givens plus entered digits), as JSON. An optional
    /// second field of 81 comma-separated masks (bit d-1 = digit d possible) gives the
    /// player's candidates to start from; a second field without commas is a note, read past.
    ///
    /// A grid is a game in progress, so a repeated digit or a digit that breaks the solution is
    /// the player's mistake, and pointing it out is the hint: `"kind":"mistake"` with the cells,
    /// and exit status 0. Only text that is not a grid is an error.
    Hint {
        /// Grids, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    /// Whether each puzzle is proper and minimal: its solution count (up to 2) and the givens
    /// any one of which could be taken away with the solution staying unique, as JSON.
    Check {
        /// Puzzles, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    /// The whole easiest-first solving path of each puzzle, as JSON.
    Steps {
        /// Puzzles, one per line (standard input when omitted).
        file: Option<PathBuf>,
    },
    /// Generate unique, minimal puzzles (with --symmetry, minimal in symmetric pairs of givens):
    /// `<81 characters> <rating>` per line.
    Generate {
        /// easy, medium, hard, expert or extreme.
        #[arg(long, conflicts_with = "rating")]
        level: Option<String>,
        /// A rating range such as 3.0-4.5.
        #[arg(long)]
        rating: Option<String>,
        /// The technique the hardest step must be: X-Wing, XY-Wing, Unique Rectangle, … (SE's
        /// or the players' name). Each line then ends with the technique's name.
        #[arg(long, conflicts_with_all = ["level", "rating"])]
        technique: Option<String>,
        /// How many puzzles (1 or more).
        #[arg(long, default_value_t = 1, value_parser = crate::positive::positive::<u32>)]
        count: u32,
        /// Seed (a whole number); the same seed gives the same puzzles. Without one the clock
        /// picks it, and standard error says which it was.
        #[arg(long)]
        seed: Option<u64>,
        /// none, central, diagonal or mirror.
        #[arg(long, default_value = "none")]
        symmetry: String,
        /// Give up on a puzzle after this many tries (0: no limit but the time).
        #[arg(long, default_value_t = 100_000)]
        max_attempts: u64,
        /// Give up on a puzzle after this many seconds (0: no limit but the attempts).
        #[arg(long, default_value_t = generator::DEFAULT_TIME_LIMIT_SECONDS)]
        time_limit: u64,
    },
}

/// Runs one of the logic subcommands.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Rate { file } => json_lines(file, |text| {
            rate(puzzle_field(text))
                .map(|r| serde_json::to_value(r).unwrap_or_default())
                .map_err(located)
        }),
        Command::Hint { file } => json_lines(file, |text| {
            let mut fields = text.split_whitespace();
            let grid = fields.next().unwrap_or("");
            // Masks are a comma-separated list; a field without commas is a note (a rating,
            // as `generate` and the data sets write one) and is read past.
            let marks = fields
                .next()
                .filter(|field| field.contains(','))
                .map(masks_field)
                .transpose()?;
            hint_with_marks(grid, None, marks.as_ref())
                .map(|h| serde_json::to_value(h).unwrap_or_default())
                .map_err(located)
        }),
        Command::Check { file } => json_lines(file, |text| {
            let grid = Grid::parse(puzzle_field(text)).map_err(located)?;
            Ok(serde_json::to_value(minimal::check(&grid)).unwrap_or_default())
        }),
        Command::Steps { file } => json_lines(file, |text| {
            let grid = parse_unique(puzzle_field(text)).map_err(located)?;
            let steps = steps_of(&grid).map_err(located)?;
            Ok(serde_json::json!({ "steps": steps }))
        }),
        Command::Generate {
            level,
            rating,
            technique,
            count,
            seed,
            symmetry,
            max_attempts,
            time_limit,
        } => generate(
            level,
            rating,
            technique.as_deref(),
            count,
            seed,
            &symmetry,
            Limits {
                attempts: max_attempts,
                seconds: time_limit,
            },
        ),
    }
}

/// The candidates field of a `hint` line: 81 comma-separated masks.
fn masks_field(field: &str) -> Result<[u16; 81], LineError> {
    let masks = field
        .split(',')
        .enumerate()
        .map(|(i, m)| {
            m.trim()
                .parse::<u32>()
                .map_err(|_| format!("candidates: mask {} ({m:?}) is not a number", i + 1))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    parse_marks(&masks).map_err(located)
}

/// One JSON answer (or `{"error": …}`) per input line; see [`answer_lines`].
fn json_lines(
    file: Option<PathBuf>,
    mut answer: impl FnMut(&str) -> Result<serde_json::Value, LineError>,
) -> ExitCode {
    answer_lines(
        file.as_deref(),
        |text| answer(text).map(|v| v.to_string()),
        json_error,
    )
}

/// When `generate` gives up on a puzzle.
struct Limits {
    attempts: u64,
    seconds: u64,
}

#[allow(clippy::too_many_arguments)]
fn generate(
    level: Option<String>,
    rating: Option<String>,
    technique: Option<&str>,
    count: u32,
    seed: Option<u64>,
    symmetry: &str,
    limits: Limits,
) -> ExitCode {
    // The request is checked before a seed is chosen: each puzzle sets its own below.
    let level_name = level.clone();
    let request = (|| {
        let seed = 0;
        let sym = Symmetry::parse(symmetry).map_err(|e| e.to_string())?;
        if let Some(name) = technique {
            return Request::for_technique(name, sym, seed).map_err(|e| e.to_string());
        }
        match (level, rating) {
            (_, Some(range)) => {
                let (lo, hi) = range
                    .split_once('-')
                    .ok_or_else(|| format!("bad --rating '{range}': use MIN-MAX, e.g. 3.0-4.5"))?;
                let parse = |s: &str| {
                    s.trim()
                        .parse::<f64>()
                        .map_err(|_| format!("bad --rating '{range}': '{s}' is not a number"))
                };
                Request::for_range(parse(lo)?, parse(hi)?, sym, seed).map_err(|e| e.to_string())
            }
            (Some(l), None) => Request::for_level(&l, sym, seed).map_err(|e| e.to_string()),
            (None, None) => Request::for_level("medium", sym, seed).map_err(|e| e.to_string()),
        }
    })();
    let mut req = match request {
        Ok(r) => r,
        Err(e) => {
            // A value the command line cannot take: a usage error, as clap's own are.
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = seed.unwrap_or_else(|| {
        let seed = crate::seed::clock_seed();
        eprintln!("seed {seed} (--seed {seed} makes these puzzles again)");
        seed
    });
    // A range nothing falls in would otherwise run forever: both limits are the user's to raise.
    req.max_attempts = limits.attempts;
    let mut out = io::stdout().lock();
    for i in 0..count {
        // Puzzle i uses seed + i, so a batch is reproducible one puzzle at a time too.
        req.seed = seed.wrapping_add(i as u64);
        let started = Instant::now();
        let mut reported = Instant::now();
        let mut timed_out = false;
        let mut closest = 0.0;
        let mut on_progress = |p: &generator::Progress| {
            closest = p.best;
            // Progress on stderr about once a second, so a long search is seen to be working.
            if reported.elapsed().as_secs() >= 1 {
                reported = Instant::now();
                eprintln!(
                    "generating puzzle {} of {count}: {} attempts, {:.0} s, closest rating so far {:.1}",
                    i + 1,
                    p.attempts,
                    started.elapsed().as_secs_f64(),
                    p.best
                );
            }
            timed_out = limits.seconds > 0 && started.elapsed().as_secs() >= limits.seconds;
            !timed_out
        };
        match generator::generate(&req, &mut on_progress) {
            Ok(g) => {
                let line = match technique {
                    Some(_) => format!("{} {:.1} {}", g.puzzle, g.rating, g.hardest_name),
                    None => format!("{} {:.1}", g.puzzle, g.rating),
                };
                if writeln!(out, "{line}").is_err() {
                    return ExitCode::SUCCESS;
                }
            }
            Err(e) => {
                let why = if timed_out {
                    format!("the time limit of {} s was reached", limits.seconds)
                } else {
                    "the attempt limit was reached".to_string()
                };
                let widen = if technique.is_some() {
                    "or try another technique"
                } else if level_name.is_some() {
                    "or choose another level"
                } else {
                    "or widen --rating"
                };
                // A level is named as the user gave it, not by its rating bounds.
                let what = match (&level_name, &e) {
                    (Some(level), generator::GenerateError::GaveUp { attempts, .. }) => {
                        let s = if *attempts == 1 { "" } else { "s" };
                        format!("no {level} puzzle found in {attempts} attempt{s}")
                    }
                    _ => e.to_string(),
                };
                eprintln!(
                    "error: {what}: {why} (closest rating {closest:.1}); raise --max-attempts or --time-limit, {widen}"
                );
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Spearman rank correlation of two equally long samples.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
        let mut r = vec![0.0; v.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
                j += 1;
            }
            let avg = (i + j) as f64 / 2.0 + 1.0;
            for k in i..=j {
                r[idx[k]] = avg;
            }
            i = j + 1;
        }
        r
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The rows of a rating time sample of hardest-1106 (`which` puzzles, in milliseconds): its
/// slowest (the target), 99th percentile and median.
fn hardest_rows(which: &str, mut times: Vec<f64>) -> Vec<BenchRow> {
    times.sort_by(f64::total_cmp);
    let slowest = times.last().copied().unwrap_or(0.0);
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    vec![
        row(
            &format!("rate hardest-1106, {which} (max)"),
            slowest,
            "ms",
            "< 1000 ms native, < 1500 ms wasm",
        ),
        row(
            &format!("rate hardest-1106, {which} (p99)"),
            p99,
            "ms",
            "report",
        ),
        row(
            &format!("rate hardest-1106, {which} (median)"),
            median(&mut times),
            "ms",
            "report",
        ),
    ]
}

/// Every how many puzzles of hardest-1106 the quick rating benchmark takes (the same in the
/// browser bench, benches/browser/sudoku_logic.mjs).
const HARDEST_QUICK_STEP: usize = 120;

/// Every how many puzzles of hardest-1106 the browser bench rates: Chromium rates them about
/// 1.5 times slower than the CLI, whose full run takes four minutes, so all 375 would add six
/// minutes or more to it. The native figures for that sample come from the full run.
const HARDEST_STEP: usize = 15;

/// The puzzles of a rated set (`puzzle rating …` per line), every `step`-th.
fn rated_set(ctx: &BenchContext, file: &str, step: usize) -> Result<Vec<(String, f64)>, String> {
    let path = ctx.data.join("sudoku").join(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.parse().ok()?))
        })
        .step_by(step)
        .collect())
}

/// Our ratings of `items`, SE's, and the time each of ours took (ms).
type Rated = (Vec<f64>, Vec<f64>, Vec<f64>);

fn rate_set(items: &[(String, f64)]) -> Result<Rated, String> {
    let (mut ours, mut theirs, mut times) = (Vec::new(), Vec::new(), Vec::new());
    for (puzzle, se) in items {
        let grid = parse_unique(puzzle).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let r = rate_grid(&grid).map_err(|e| e.to_string())?;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        ours.push(r.rating);
        theirs.push(*se);
    }
    Ok((ours, theirs, times))
}

/// The share (%) of ratings within `tol` of SE's.
fn agreement(ours: &[f64], theirs: &[f64], tol: f64) -> f64 {
    let agreed = ours
        .iter()
        .zip(theirs)
        .filter(|(a, b)| (*a - *b).abs() <= tol + 1e-9)
        .count();
    100.0 * agreed as f64 / ours.len().max(1) as f64
}

/// Benchmarks of rating and generation (called from `gridwise bench sudoku`).
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let items = rated_set(ctx, "se-rated-sample.txt", if ctx.quick { 50 } else { 1 })?;
    let (ours, theirs, mut times) = rate_set(&items)?;
    let share = |tol: f64| agreement(&ours, &theirs, tol);
    let mut rows = vec![
        row("SE ratings identical", share(0.0), "%", ">= 95%"),
        row("SE agreement within 0.1", share(0.1), "%", "report"),
        row("SE agreement within 0.3", share(0.3), "%", ">= 80%"),
        row("SE agreement within 0.5", share(0.5), "%", "report"),
        row(
            "SE rank correlation (Spearman)",
            spearman(&ours, &theirs),
            "rho",
            "report",
        ),
        row(
            "rate se-rated-sample (median)",
            median(&mut times),
            "ms",
            "< 25 ms (wasm)",
        ),
    ];
    // The harder levels, also rated by the latest Sukaku Explainer here: puzzles of top1465 that
    // need forcing chains (mostly 8.0–9.6) and nested chains (9.7–11.8).
    for (set, step) in [("top1465-chains-se", 10), ("hardest-1106-se-sample", 4)] {
        let items = rated_set(ctx, &format!("{set}.txt"), if ctx.quick { step } else { 1 })?;
        let (ours, theirs, _) = rate_set(&items)?;
        rows.push(row(
            &format!("SE ratings identical, {set} ({})", items.len()),
            agreement(&ours, &theirs, 0.0),
            "%",
            "report",
        ));
    }
    // The hardest puzzles (nested forcing chains). Natively the full run rates every one of
    // them (about four minutes on two cores) for the figure, the slowest of them all;
    // the browser bench takes every 15th, so the rows for that sample come from the same
    // times.
    let hardest = ctx.data.join("sudoku/hardest-1106.txt");
    let text = std::fs::read_to_string(&hardest)
        .map_err(|e| format!("cannot read {}: {e}", hardest.display()))?;
    let step = if ctx.quick { HARDEST_QUICK_STEP } else { 1 };
    let mut hard_times = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
    {
        let grid = parse_unique(line.split_whitespace().next().unwrap_or(""))
            .map_err(|e| e.to_string())?;
        let t = Instant::now();
        rate_grid(&grid).map_err(|e| e.to_string())?;
        hard_times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    if ctx.quick {
        rows.extend(hardest_rows(&format!("1 in {step}"), hard_times));
    } else {
        let sample = hard_times.iter().step_by(HARDEST_STEP).copied().collect();
        rows.extend(hardest_rows(&format!("1 in {HARDEST_STEP}"), sample));
        let over = |ms: f64| hard_times.iter().filter(|&&t| t > ms).count() as f64;
        let (over_1s, over_2s) = (over(1000.0), over(2000.0));
        let which = format!("all {}", hard_times.len());
        rows.extend(hardest_rows(&which, hard_times));
        rows.push(row(
            &format!("rate hardest-1106, {which}: over 1 s"),
            over_1s,
            "puzzles",
            "0",
        ));
        rows.push(row(
            &format!("rate hardest-1106, {which}: over 2 s"),
            over_2s,
            "puzzles",
            "report",
        ));
    }
    let levels = [
        ("easy", 0.5),
        ("medium", 0.5),
        ("hard", 0.5),
        ("expert", 3.0),
        ("extreme", 30.0),
    ];
    let runs = if ctx.quick { 2 } else { 5 };
    for (level, target) in levels {
        let mut t = Vec::new();
        for seed in 0..runs {
            let req = Request::for_level(level, Symmetry::None, 1000 + seed)
                .map_err(|e| e.to_string())?;
            let start = Instant::now();
            generator::generate(&req, &mut |_| true).map_err(|e| e.to_string())?;
            t.push(start.elapsed().as_secs_f64());
        }
        rows.push(row(
            &format!("generate {level} (median)"),
            median(&mut t),
            "s",
            &format!("< {target} s (wasm)"),
        ));
    }
    Ok(rows)
}

fn row(name: &str, value: f64, unit: &'static str, target: &str) -> BenchRow {
    BenchRow {
        tool: "sudoku",
        name: name.to_string(),
        value,
        unit,
        target: target.to_string(),
    }
}
