//! Sentences for people: lists, unit names and chains told as "then … so …", so a step's text
//! reads the way a club player would explain it aloud.

use super::candidates::unit_kind;
use super::grid::cell_name;

/// "a", "a and b", "a, b and c".
pub fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => format!(
            "{} and {}",
            rest.iter()
                .map(|s| s.as_ref())
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// Small counts as words: "two", "three"; larger ones as digits.
pub fn count(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// Digits joined with "or": "4 or 6", "1, 4 or 9".
pub fn digits_or(digits: &[u8]) -> String {
    match digits {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!(
            "{} or {last}",
            rest.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Digits joined with "and": "2 and 9".
pub fn digits_and(digits: &[u8]) -> String {
    list(&digits.iter().map(u8::to_string).collect::<Vec<_>>())
}

/// Cells by name: "r1c1, r1c2 and r2c3".
pub fn cells(cells: &[usize]) -> String {
    list(&cells.iter().map(|&c| cell_name(c)).collect::<Vec<_>>())
}

/// Units (0–26) by name, shared kinds said once: "rows 2 and 4", "row 2 and column 6".
pub fn units(units: &[usize]) -> String {
    let kinds: Vec<(&str, usize)> = units.iter().map(|&u| unit_kind(u)).collect();
    if let Some(&(kind, _)) = kinds.first()
        && kinds.len() > 1
        && kinds.iter().all(|&(k, _)| k == kind)
    {
        let numbers: Vec<String> = kinds.iter().map(|&(_, i)| (i + 1).to_string()).collect();
        let plural = if kind == "box" { "boxes" } else { "s" };
        let name = if kind == "box" {
            plural.to_string()
        } else {
            format!("{kind}{plural}")
        };
        return format!("{name} {}", list(&numbers));
    }
    list(
        &kinds
            .iter()
            .map(|&(k, i)| format!("{k} {}", i + 1))
            .collect::<Vec<_>>(),
    )
}

/// What a chain node says: "r1c1 is 5", "r1c1 is not 5".
pub fn claim(cell: usize, digit: u8, on: bool) -> String {
    format!(
        "{} is {}{digit}",
        cell_name(cell),
        if on { "" } else { "not " }
    )
}

/// A chain of (cell, digit, true/false) nodes after its assumption, told in steps: "then r1c2
/// is not 5, so r4c2 is 5; then …". Each "so" is a strong link (a cell or unit with only two
/// options left), each "then" a weak one.
pub fn chain_story(nodes: &[(usize, u8, bool)]) -> String {
    let mut out = String::new();
    for (i, &(cell, digit, on)) in nodes.iter().enumerate() {
        let joint = match (i, on) {
            (0, _) => "then ",
            (_, true) => ", so ",
            (_, false) => "; then ",
        };
        out.push_str(joint);
        out.push_str(&claim(cell, digit, on));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_units_read_as_english() {
        assert_eq!(list(&["a"]), "a");
        assert_eq!(list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(digits_or(&[4, 6]), "4 or 6");
        assert_eq!(digits_and(&[2, 5, 9]), "2, 5 and 9");
        assert_eq!(units(&[1, 3]), "rows 2 and 4");
        assert_eq!(units(&[9 + 5, 9 + 8]), "columns 6 and 9");
        assert_eq!(units(&[18, 22]), "boxes 1 and 5");
        assert_eq!(units(&[1, 9 + 5]), "row 2 and column 6");
        assert_eq!(cells(&[0, 10]), "r1c1 and r2c2");
        assert_eq!(
            (count(2), count(4), count(12)),
            ("two".into(), "four".into(), "12".into())
        );
    }

    #[test]
    fn a_chain_is_told_step_by_step() {
        let story = chain_story(&[(0, 5, false), (27, 5, true), (27, 3, false), (30, 3, true)]);
        assert_eq!(
            story,
            "then r1c1 is not 5, so r4c1 is 5; then r4c1 is not 3, so r4c4 is 3"
        );
    }
}
