//! Why the assistant says what it says: which clue makes a card safe, what the best card
//! reveals that the safest one does not, and which of the level's board configurations are
//! still possible and how likely each is.

use serde::Serialize;

use super::board::{Board, CELLS, SIZE};
use super::clues::Clues;
use super::config::CONFIGS;
use super::line::Line;
use super::odds::{Weighting, config_odds};

/// Why a face-down card cannot be a Voltorb.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SafeReason {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// The reason in words: "row 2 has no Voltorb".
    pub why: String,
}

/// One board configuration still possible: its make-up and how likely it is.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ConfigOdds {
    /// The level it belongs to (absent with the uniform weighting, which ignores levels).
    pub level: Option<u8>,
    /// Voltorbs, 2s and 3s on the board.
    pub voltorbs: u8,
    /// 2s.
    pub twos: u8,
    /// 3s.
    pub threes: u8,
    /// Its probability given everything seen.
    pub p: f64,
}

/// The reasons behind an analysis.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Explanation {
    /// Each safe face-down card with its reason.
    pub safe: Vec<SafeReason>,
    /// What the recommended card tells, compared with the safest useful card.
    pub best: Option<String>,
    /// The board make-ups still possible, most likely first.
    pub configs: Vec<ConfigOdds>,
}

fn voltorbs(n: u32) -> String {
    if n == 1 {
        "1 Voltorb".to_string()
    } else {
        format!("{n} Voltorbs")
    }
}

fn card(cell: usize) -> String {
    format!("row {}, column {}", cell / SIZE + 1, cell % SIZE + 1)
}

fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0%".to_string()
    } else if p >= 0.9995 {
        "100%".to_string()
    } else if p < 0.0005 {
        "<0.1%".to_string()
    } else if p < 0.1 {
        format!("{:.1}%", p * 100.0)
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// Why `cell` (safe: a Voltorb on no remaining board) is safe: a line with no Voltorb, a line
/// whose Voltorbs are all known to be elsewhere, or the clues together.
fn safe_reason(clues: &Clues, p: &[[f64; 4]; CELLS], cell: usize) -> String {
    let (r, c) = (cell / SIZE, cell % SIZE);
    let lines = [
        (
            Line::Row(r),
            clues.rows[r].1,
            (0..SIZE).map(|j| r * SIZE + j).collect::<Vec<_>>(),
        ),
        (
            Line::Col(c),
            clues.cols[c].1,
            (0..SIZE).map(|i| i * SIZE + c).collect(),
        ),
    ];
    for (line, n, _) in &lines {
        if *n == 0 {
            return format!("{line} has no Voltorb");
        }
    }
    for (line, n, cells) in &lines {
        let sure: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&x| p[x][0] >= 1.0 - 1e-12)
            .collect();
        if sure.len() == usize::from(*n) {
            let mut places: Vec<String> = sure.iter().map(|&x| card(x)).collect();
            let last = places.pop().unwrap_or_default();
            let places = if places.is_empty() {
                last
            } else {
                format!("{}; and {last}", places.join("; "))
            };
            return if *n == 1 {
                format!("{line}'s one Voltorb must be at {places}")
            } else {
                format!("{line}'s {} must be at {places}", voltorbs(u32::from(*n)))
            };
        }
    }
    "no board that fits all ten clues (and the cards face up) has a Voltorb here".to_string()
}

/// What flipping a card can show besides a Voltorb, in words, and how many values that is.
fn outcomes(p: &[f64; 4]) -> (String, usize) {
    let values: Vec<usize> = (1..4).filter(|&v| p[v] > 0.0).collect();
    let text = match values.as_slice() {
        [v] => format!("a {v}"),
        many => {
            let parts: Vec<String> = many
                .iter()
                .map(|&v| format!("{v} ({})", percent(p[v])))
                .collect();
            let (last, rest) = parts
                .split_last()
                .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
            format!("{} or {last}", rest.join(", "))
        }
    };
    (text, values.len())
}

/// The recommended card, and the safest card that can still hold a 2 or 3 when it differs.
fn best_reason(p: &[[f64; 4]; CELLS], face_down: u32, best: usize) -> String {
    let (shown, groups) = outcomes(&p[best]);
    let risk = if p[best][0] <= 0.0 {
        "cannot be a Voltorb".to_string()
    } else {
        format!("is a Voltorb on {} of the boards left", percent(p[best][0]))
    };
    let then = if p[best][0] <= 0.0 {
        ":"
    } else {
        "; otherwise"
    };
    let mut text = format!("{} {risk}{then} it shows {shown}", upper_first(&card(best)));
    if groups > 1 {
        text.push_str(&format!(", telling apart {groups} groups of boards"));
    }
    text.push('.');
    let useful = |x: usize| face_down & (1 << x) != 0 && p[x][2] + p[x][3] > 0.0;
    let safest = (0..CELLS)
        .filter(|&x| useful(x))
        .min_by(|&a, &b| p[a][0].total_cmp(&p[b][0]).then(a.cmp(&b)));
    if let Some(s) = safest
        && s != best
        && p[s][0] < p[best][0]
    {
        let (_, other) = outcomes(&p[s]);
        text.push_str(&format!(
            " The safest card that can still hold a 2 or 3, {} ({} Voltorb), tells apart {} and leaves the boards harder to finish: over the rest of the round, flipping {} first clears more boards.",
            card(s),
            percent(p[s][0]),
            if other == 1 { "nothing".to_string() } else { format!("{other} groups") },
            card(best)
        ));
    }
    text
}

/// The configurations (level, Voltorbs, 2s, 3s) still possible and their probabilities.
fn configs(
    boards: &[Board],
    weights: &[f64],
    clues: &Clues,
    levels: &[u8],
    weighting: Weighting,
) -> Vec<ConfigOdds> {
    let mut out: Vec<ConfigOdds> = Vec::new();
    let voltorbs = clues.voltorbs() as u8;
    let make_up = |b: &Board| (b.count(2) as u8, b.count(3) as u8);
    match weighting {
        Weighting::Game if !levels.is_empty() => {
            // Configurations of one level that differ only in the redraw limits read the same
            // to a player: they are shown as one.
            for (i, p) in config_odds(boards, clues, levels) {
                let cfg = &CONFIGS[i];
                let level = Some((i / 10) as u8 + 1);
                match out
                    .iter_mut()
                    .find(|o| o.level == level && (o.twos, o.threes) == (cfg.twos, cfg.threes))
                {
                    Some(o) => o.p += p,
                    None => out.push(ConfigOdds {
                        level,
                        voltorbs,
                        twos: cfg.twos,
                        threes: cfg.threes,
                        p,
                    }),
                }
            }
        }
        _ => {
            for (b, &w) in boards.iter().zip(weights) {
                let (twos, threes) = make_up(b);
                match out
                    .iter_mut()
                    .find(|o| (o.twos, o.threes) == (twos, threes))
                {
                    Some(o) => o.p += w,
                    None => out.push(ConfigOdds {
                        level: None,
                        voltorbs,
                        twos,
                        threes,
                        p: w,
                    }),
                }
            }
        }
    }
    out.sort_by(|a, b| b.p.total_cmp(&a.p));
    out
}

/// A position as the analysis sees it: the clues, the boards left with their weights, the
/// per-card odds, the face-down cards, and the levels and weighting used.
pub struct Position<'a> {
    /// The clues.
    pub clues: &'a Clues,
    /// The boards still possible.
    pub boards: &'a [Board],
    /// Their weights (summing to 1).
    pub weights: &'a [f64],
    /// Per-card odds of each value.
    pub p: &'a [[f64; 4]; CELLS],
    /// The cards not yet turned.
    pub face_down: u32,
    /// The levels considered.
    pub levels: &'a [u8],
    /// How boards are weighed.
    pub weighting: Weighting,
}

/// The explanation of a position with `best` the recommended card.
pub fn explain(pos: &Position, best: Option<usize>) -> Explanation {
    let safe = (0..CELLS)
        .filter(|&x| pos.face_down & (1 << x) != 0 && pos.p[x][0] <= 0.0)
        .map(|x| SafeReason {
            row: x / SIZE,
            col: x % SIZE,
            why: safe_reason(pos.clues, pos.p, x),
        })
        .collect();
    Explanation {
        safe,
        best: best.map(|b| best_reason(pos.p, pos.face_down, b)),
        configs: configs(
            pos.boards,
            pos.weights,
            pos.clues,
            pos.levels,
            pos.weighting,
        ),
    }
}
