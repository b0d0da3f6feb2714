//! Reading batch input: one item per line from a file or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

/// The non-blank lines of `path` (or standard input when `None` or `-`) that do not start with
/// `#`, trimmed. Read errors end the iteration with an `Err` item.
pub fn puzzle_lines(path: Option<&Path>) -> io::Result<impl Iterator<Item = io::Result<String>>> {
    let reader: Box<dyn BufRead> = match path {
        Some(p) if p != Path::new("-") => {
            Box::new(BufReader::new(File::open(p).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot open {}: {e}", p.display()))
            })?))
        }
        _ => Box::new(BufReader::new(io::stdin().lock())),
    };
    Ok(reader.lines().filter_map(|line| match line {
        Ok(l) => {
            let t = l.trim();
            (!t.is_empty() && !t.starts_with('#')).then(|| Ok(t.to_string()))
        }
        Err(e) => Some(Err(e)),
    }))
}
