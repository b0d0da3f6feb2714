//! `gridwise voltorb solve | generate`, and the native Voltorb Flip benchmarks.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use gridwise::protocol::voltorb::AnalyzeArgs;
use gridwise::protocol::voltorb_timing::{fresh_request, time_fresh_boards};
use gridwise::util::rng::Rng;
use gridwise::voltorb::analyze;
use gridwise::voltorb::analyze::Objective;
use gridwise::voltorb::coins::EXHAUSTIVE_COIN_BUDGET;
use gridwise::voltorb::game::{Deal, deal};
use gridwise::voltorb::policy::EXHAUSTIVE_BUDGET;

use crate::input::{LineError, answer_lines, json_error, located};
use crate::measure::{BenchContext, BenchRow, median};

/// The `gridwise voltorb` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Analyse positions: one JSON object per line in, one JSON answer per line out.
    ///
    /// Input: {"rows": [[sum, voltorbs] ×5], "cols": [...], "revealed": [[row, col, value], …],
    /// "level": 5, "weighting": "game"} (rows and columns from 0; level and weighting optional).
    Solve {
        /// Positions, one per line (standard input when omitted).
        file: Option<PathBuf>,
        /// Share each best-move search among this many threads (one by default, which keeps
        /// every answer the same from run to run; with more, the node count varies and the card
        /// advised may be another of several equally good ones).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Deal a board as the game does and print it with its clues as JSON.
    Generate {
        /// Level 1 to 8.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
        level: u8,
        /// Seed (random when omitted).
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// Runs a `gridwise voltorb` subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Solve { file, threads } => solve(file, threads as usize),
        Command::Generate { level, seed } => {
            let seed = seed.unwrap_or_else(crate::seed::clock_seed);
            let d = deal(level, &mut Rng::new(seed));
            println!("{}", deal_json(&d, seed));
            ExitCode::SUCCESS
        }
    }
}

/// A dealt board as JSON: level, configuration, cards, clues.
fn deal_json(d: &Deal, seed: u64) -> serde_json::Value {
    let clue = |v: [(u8, u8); 5]| v.iter().map(|&(s, n)| [s, n]).collect::<Vec<_>>();
    serde_json::json!({
        "seed": seed,
        "level": d.level,
        "config": d.config,
        "board": d.board.rows(),
        "rows": clue(d.board.row_clues()),
        "cols": clue(d.board.col_clues()),
    })
}

/// The fields a position line may have (see [`AnalyzeArgs`]).
const POSITION_FIELDS: [&str; 10] = [
    "rows",
    "cols",
    "revealed",
    "level",
    "weighting",
    "best",
    "budget",
    "exhaustive",
    "objective",
    "judge",
];

/// One position line. A field the CLI does not know is refused by name: a misspelt
/// `"reveald"` was read as no card revealed, and the odds were quietly those of another board.
/// A field of the wrong kind is named, with what it takes.
fn parse_position(text: &str) -> Result<AnalyzeArgs, LineError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("bad input: {e}"))?;
    let Some(fields) = value.as_object() else {
        return Err(
            "bad input: a position is a JSON object such as {\"rows\": [[5, 1], …], \"cols\": […]}"
                .to_string()
                .into(),
        );
    };
    if let Some(unknown) = fields
        .keys()
        .find(|k| !POSITION_FIELDS.contains(&k.as_str()))
    {
        return Err(format!(
            "bad input: unknown field \"{unknown}\" (the fields are {})",
            POSITION_FIELDS.join(", ")
        )
        .into());
    }
    for (name, field) in fields {
        if let Some(takes) = field_fault(name, field) {
            return Err(LineError {
                message: format!("bad input: \"{name}\" takes {takes}"),
                place: gridwise::util::place::ErrorPlace::field(field_name(name)),
            });
        }
    }
    serde_json::from_value(value).map_err(|e| format!("bad input: {e}").into())
}

/// The field's name as an error place (a `'static` one of [`POSITION_FIELDS`]).
fn field_name(name: &str) -> &'static str {
    POSITION_FIELDS
        .iter()
        .find(|f| **f == name)
        .copied()
        .unwrap_or("input")
}

/// What a position field takes, when `value` is not of that kind.
fn field_fault(name: &str, value: &serde_json::Value) -> Option<&'static str> {
    use serde_json::from_value as read;
    let v = value.clone();
    let fits = match name {
        "rows" | "cols" => read::<Vec<[u8; 2]>>(v).is_ok(),
        "revealed" => read::<Vec<[u32; 3]>>(v).is_ok(),
        "level" => read::<Option<u8>>(v).is_ok(),
        "weighting" => read::<Option<gridwise::voltorb::Weighting>>(v).is_ok(),
        "best" | "exhaustive" => read::<bool>(v).is_ok(),
        "budget" => read::<Option<u64>>(v).is_ok(),
        "objective" => read::<Objective>(v).is_ok(),
        "judge" => read::<Option<[usize; 2]>>(v).is_ok(),
        _ => true,
    };
    (!fits).then_some(match name {
        "rows" => "five [sum, voltorbs] pairs of whole numbers from 0, top to bottom",
        "cols" => "five [sum, voltorbs] pairs of whole numbers from 0, left to right",
        "revealed" => "[row, col, value] triples of whole numbers (rows and columns from 0)",
        "level" => "a whole number from 1 to 8",
        "weighting" => "\"game\" or \"uniform\"",
        "best" => "true or false",
        "exhaustive" => "true or false",
        "budget" => "a whole number from 0",
        "objective" => "\"win\" or \"coins\"",
        _ => "[row, col] (from 0)",
    })
}

fn solve(file: Option<PathBuf>, threads: usize) -> ExitCode {
    answer_lines(
        file.as_deref(),
        |text| {
            let args = parse_position(text)?;
            let mut request: gridwise::voltorb::AnalyzeRequest = args.into();
            request.threads = threads;
            let analysis = analyze(&request).map_err(located)?;
            Ok(serde_json::to_string(&analysis).map_err(|e| e.to_string())?)
        },
        json_error,
    )
}

/// Native voltorb benchmarks: tile odds over generated boards of every level, and the best
/// move from 1,000 fresh level-8 boards (median, p95, p99, max, how many only approximately)
/// with the peak memory; then the approximate ones searched to the end.
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let per_level = if ctx.quick { 100 } else { 1000 };
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64() * 1e3;
    // The accepted-board table is computed once per process; time the analyses, not that.
    let warm = Instant::now();
    gridwise::voltorb::accepted::accepted_table();
    let table_ms = warm.elapsed().as_secs_f64() * 1e3;
    let mut odds_ms = Vec::new();
    for level in 1..=8 {
        let t = time_fresh_boards(level, per_level, 2024 + u64::from(level), (false, 1), clock)
            .map_err(|e| e.to_string())?;
        odds_ms.extend(t.ms);
    }
    let odds_max = odds_ms.iter().copied().fold(0.0, f64::max);
    let odds_median = median(&mut odds_ms);
    let best_n = if ctx.quick { 20 } else { 1000 };
    // The peak is measured over the best moves alone (other benches ran in this process).
    reset_peak_memory();
    let t = time_fresh_boards(8, best_n, 88, (true, 1), clock).map_err(|e| e.to_string())?;
    let approx = t.approximate;
    let best_peak = peak_memory_mb().unwrap_or(f64::NAN);
    // The same boards searched by a team of threads, one per core.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    reset_peak_memory();
    let team = time_fresh_boards(8, best_n, 88, (true, cores), clock).map_err(|e| e.to_string())?;
    let team_peak = peak_memory_mb().unwrap_or(f64::NAN);
    let mut team_ms = team.ms.clone();
    team_ms.sort_by(f64::total_cmp);
    let to_the_end = search_to_the_end(best_n, 88, &t.approximate_at)?;
    let coins = coin_boards(if ctx.quick { 10 } else { 60 }, 88)?;
    let mut best_ms = t.ms;
    best_ms.sort_by(f64::total_cmp);
    let quantile =
        |ms: &[f64], q: f64| ms[((ms.len() as f64 * q).ceil() as usize).saturating_sub(1)];
    let (p95, p99) = (quantile(&best_ms, 0.95), quantile(&best_ms, 0.99));
    let best_max = best_ms.last().copied().unwrap_or(0.0);
    let best_median = median(&mut best_ms);
    let row = |name: &str, value: f64, unit: &'static str, target: &str| BenchRow {
        tool: "voltorb",
        name: name.to_string(),
        value,
        unit,
        target: target.to_string(),
    };
    Ok(vec![
        row("accepted-board table (once)", table_ms, "ms", "one-time"),
        row("odds per board max", odds_max, "ms", "< 20 ms"),
        row("odds per board median", odds_median, "ms", "< 20 ms"),
        row("best move level 8 median", best_median, "ms", "< 1000 ms"),
        row("best move level 8 p95", p95, "ms", "< 1000 ms"),
        row("best move level 8 p99", p99, "ms", "< 1000 ms"),
        row("best move level 8 max", best_max, "ms", "< 3000 ms"),
        row(
            "best move level 8 approximate",
            approx as f64,
            "boards",
            &format!("of {best_n}, 0 wanted"),
        ),
        row(
            "peak memory during the best moves (process)",
            best_peak,
            "MB",
            "< 512 MB",
        ),
        row(
            &format!("best move level 8, {cores} threads, median"),
            quantile(&team_ms, 0.5),
            "ms",
            "< 1000 ms",
        ),
        row(
            &format!("best move level 8, {cores} threads, p95"),
            quantile(&team_ms, 0.95),
            "ms",
            "< 1000 ms",
        ),
        row(
            &format!("best move level 8, {cores} threads, p99"),
            quantile(&team_ms, 0.99),
            "ms",
            "< 1000 ms",
        ),
        row(
            &format!("best move level 8, {cores} threads, max"),
            team_ms.last().copied().unwrap_or(0.0),
            "ms",
            "< 3000 ms",
        ),
        row(
            &format!("best move level 8, {cores} threads, approximate"),
            team.approximate as f64,
            "boards",
            &format!("of {best_n}, 0 wanted"),
        ),
        row(
            &format!("peak memory, {cores} threads (process)"),
            team_peak,
            "MB",
            "< 512 MB",
        ),
        row(
            "approximate boards searched to the end, max",
            to_the_end.max_ms,
            "ms",
            "exact, on demand",
        ),
        row(
            "approximate boards still approximate after it",
            to_the_end.approximate as f64,
            "boards",
            &format!("of {approx}, 0 wanted"),
        ),
        row(
            "peak memory searching to the end (process)",
            to_the_end.peak_mb,
            "MB",
            "< 512 MB",
        ),
        row(
            &format!(
                "best move for coins level 8 median ({} boards)",
                coins.boards
            ),
            coins.median_ms,
            "ms",
            "< 1000 ms",
        ),
        row(
            "best move for coins level 8 max",
            coins.max_ms,
            "ms",
            "< 3000 ms",
        ),
        row(
            "best move for coins level 8 approximate",
            coins.approximate as f64,
            "boards",
            &format!("of {}, 0 wanted", coins.boards),
        ),
        row(
            "coins: approximate boards searched to the end, max",
            coins.to_the_end_max_ms,
            "ms",
            "exact, on demand",
        ),
        row(
            "coins: still approximate after it",
            coins.still_approximate as f64,
            "boards",
            &format!("of {}, 0 wanted", coins.approximate),
        ),
        row(
            "peak memory, coins searched to the end (process)",
            coins.to_the_end_peak_mb,
            "MB",
            "< 512 MB",
        ),
    ])
}

/// The coins goal on fresh level-8 boards: the first move with the default budget, then the
/// boards it answered only approximately searched to the end (as the page offers).
struct CoinFigures {
    boards: usize,
    median_ms: f64,
    max_ms: f64,
    approximate: usize,
    to_the_end_max_ms: f64,
    still_approximate: usize,
    to_the_end_peak_mb: f64,
}

fn coin_boards(count: usize, seed: u64) -> Result<CoinFigures, String> {
    let mut rng = Rng::new(seed);
    let boards: Vec<Deal> = (0..count).map(|_| deal(8, &mut rng)).collect();
    let request = |d: &Deal, budget: Option<u64>| {
        let mut req = fresh_request(d.board, d.level, true);
        req.objective = Objective::Coins;
        req.budget = budget;
        req
    };
    let (mut ms, mut rough) = (Vec::new(), Vec::new());
    for d in &boards {
        let start = Instant::now();
        let a = analyze(&request(d, None)).map_err(|e| e.to_string())?;
        ms.push(start.elapsed().as_secs_f64() * 1e3);
        if !a.is_exact() {
            rough.push(d);
        }
    }
    reset_peak_memory();
    let (mut to_the_end_max_ms, mut still_approximate) = (0.0f64, 0);
    for d in &rough {
        let start = Instant::now();
        let a = analyze(&request(d, Some(EXHAUSTIVE_COIN_BUDGET))).map_err(|e| e.to_string())?;
        to_the_end_max_ms = to_the_end_max_ms.max(start.elapsed().as_secs_f64() * 1e3);
        still_approximate += usize::from(!a.is_exact());
    }
    Ok(CoinFigures {
        boards: count,
        max_ms: ms.iter().copied().fold(0.0, f64::max),
        median_ms: median(&mut ms),
        approximate: rough.len(),
        to_the_end_max_ms,
        still_approximate,
        to_the_end_peak_mb: peak_memory_mb().unwrap_or(f64::NAN),
    })
}

/// What searching to the end (the page's "Search to the end") does for the boards the default
/// budget answered only approximately.
struct ToTheEnd {
    max_ms: f64,
    approximate: usize,
    peak_mb: f64,
}

/// Deals the `count` level-8 boards of `seed` again and analyses those at `indices` with
/// [`EXHAUSTIVE_BUDGET`].
fn search_to_the_end(count: usize, seed: u64, indices: &[usize]) -> Result<ToTheEnd, String> {
    reset_peak_memory();
    let mut rng = Rng::new(seed);
    let mut out = ToTheEnd {
        max_ms: 0.0,
        approximate: 0,
        peak_mb: 0.0,
    };
    for i in 0..count {
        let d = deal(8, &mut rng);
        if !indices.contains(&i) {
            continue;
        }
        let mut req = fresh_request(d.board, d.level, true);
        req.budget = Some(EXHAUSTIVE_BUDGET);
        let start = Instant::now();
        let a = analyze(&req).map_err(|e| e.to_string())?;
        out.max_ms = out.max_ms.max(start.elapsed().as_secs_f64() * 1e3);
        if !a.is_exact() {
            out.approximate += 1;
        }
    }
    out.peak_mb = peak_memory_mb().unwrap_or(f64::NAN);
    Ok(out)
}

/// Starts the peak resident memory afresh (Linux: writing 5 to clear_refs resets VmHWM);
/// elsewhere nothing happens and the peak is the process's.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory in MB (Linux's VmHWM), or None where it is not known.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
