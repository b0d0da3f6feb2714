//! Reading batch input: one item per line from a file or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use gridwise::util::place::{ErrorPlace, Located};

/// Why one input line failed: the message, and where it applies when the core said so (the
/// JSON commands print the place beside the message).
#[derive(Debug)]
pub struct LineError {
    /// What is wrong, for a person.
    pub message: String,
    /// The cells, clue line, card or field at fault (empty when unknown).
    pub place: ErrorPlace,
}

impl From<String> for LineError {
    fn from(message: String) -> Self {
        LineError {
            message,
            place: ErrorPlace::default(),
        }
    }
}

/// A core error as a failed line, keeping where it applies (for `.map_err(located)`).
pub fn located<E: std::error::Error + Located>(error: E) -> LineError {
    LineError {
        message: error.to_string(),
        place: error.place(),
    }
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// One input line: its text, or why it has none (it is not UTF-8 text).
pub type Line = Result<String, String>;

/// The non-blank lines of `path` (or standard input when `None` or `-`) that do not start with
/// `#`, trimmed (and without the byte order mark some editors put first), each with its line
/// number (from 1). A line that is not UTF-8 text is an `Err` line, and the lines after it
/// still come; a read error ends the iteration with an `Err` item.
pub fn puzzle_lines(
    path: Option<&Path>,
) -> io::Result<impl Iterator<Item = io::Result<(usize, Line)>>> {
    let reader: Box<dyn BufRead> = match path {
        Some(p) if p != Path::new("-") => {
            let named = |e: io::Error| {
                io::Error::new(e.kind(), format!("cannot read {}: {e}", p.display()))
            };
            let file = File::open(p).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot open {}: {e}", p.display()))
            })?;
            // A folder opens, then fails on the first read with a message that names no path.
            if file.metadata().map_err(named)?.is_dir() {
                return Err(io::Error::other(format!(
                    "{} is a folder, not a file",
                    p.display()
                )));
            }
            Box::new(BufReader::new(file))
        }
        _ => Box::new(BufReader::new(io::stdin().lock())),
    };
    Ok(reader
        .split(b'\n')
        .enumerate()
        .filter_map(|(i, line)| match line {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(l) => {
                    let t = l.trim_start_matches('\u{feff}').trim();
                    (!t.is_empty() && !t.starts_with('#')).then(|| Ok((i + 1, Ok(t.to_string()))))
                }
                Err(_) => Some(Ok((
                    i + 1,
                    Err(
                        "the line is not UTF-8 text (a binary file, or another encoding)"
                            .to_string(),
                    ),
                ))),
            },
            Err(e) => Some(Err(e)),
        }))
}

/// The puzzle of a batch line: its first field when that is 81 cells and the rest is a note (a
/// rating, as `generate` and the data sets write one), else the whole line (a decorated grid
/// has spaces within it).
pub fn puzzle_field(line: &str) -> &str {
    match line.split_once(char::is_whitespace) {
        Some((first, _))
            if first.len() == 81 && first.bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
        {
            first
        }
        _ => line,
    }
}

/// The batch convention of every line-based command: reads FILE (or standard input) with
/// [`puzzle_lines`], prints `answer(line)` for each line, or `format_error(error, line number)`
/// when the answer is an error, and goes on. Exit status 1 when any line failed or the input could not
/// be read; a closed standard output (e.g. `| head`) ends the batch quietly.
pub fn answer_lines(
    file: Option<&Path>,
    mut answer: impl FnMut(&str) -> Result<String, LineError>,
    format_error: impl Fn(&LineError, usize) -> String,
) -> ExitCode {
    let lines = match puzzle_lines(file) {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut any_failed = false;
    for line in lines {
        let (number, text) = match line {
            Ok(numbered) => numbered,
            Err(e) => {
                eprintln!("error: reading input: {e}");
                return ExitCode::FAILURE;
            }
        };
        let reply = text
            .map_err(LineError::from)
            .and_then(|text| answer(&text))
            .unwrap_or_else(|e| {
                any_failed = true;
                format_error(&e, number)
            });
        if writeln!(out, "{reply}").is_err() {
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    if any_failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON commands' error line: `{"error": "...", "line": N, ...place}`, e.g. `{"error": "two
/// 5s in row 1: cells r1c1 and r1c2", "line": 3, "field": "puzzle", "cells": [0, 1]}`.
pub fn json_error(error: &LineError, number: usize) -> String {
    let mut line = serde_json::json!({ "error": error.message, "line": number });
    if let (Some(line), Ok(serde_json::Value::Object(place))) =
        (line.as_object_mut(), serde_json::to_value(&error.place))
    {
        line.extend(place);
    }
    line.to_string()
}
