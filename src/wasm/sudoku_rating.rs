//! Bindings for a rating whose nested forcing-chain searches the page deals out to its workers:
//! `sudoku.rateBegin`, `sudoku.rateResume` (one worker keeps the path) and
//! `sudoku.nestedShare` (any worker, stateless).
//!
//! Workers share no memory, so the path waits in the worker that holds it while the others
//! each search a share of the assumptions; the page picks the best of the shares' answers and
//! hands it back. The result is the same as `sudoku.rate`'s, whatever the number of shares.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::sudoku_logic::RateReply;
use super::{Failure, Progress, from_args, to_js};
use crate::sudoku::candidates::Board;
use crate::sudoku::logic::forcing::{contradiction_from, contradiction_share};
use crate::sudoku::logic::se_chains;
use crate::sudoku::logic::walk::Ask;
use crate::sudoku::rating::{RatingPath, parse_unique};
use crate::util::place::ErrorPlace;

/// Paths kept at once: a page rates one puzzle at a time, but a cancelled rating's path is
/// never resumed, so the oldest ones make room.
const KEPT_PATHS: usize = 4;

thread_local! {
    /// Ratings under way in this worker, by session number.
    static PATHS: RefCell<(u32, Vec<(u32, RatingPath)>)> = const { RefCell::new((0, Vec::new())) };
}

/// A position that needs a nested search, as the shares receive it.
#[derive(Serialize, Deserialize)]
struct NestedSearch {
    level: u8,
    values: Vec<u8>,
    cands: Vec<u16>,
}

/// What a rating stretch ends with: the nested search to deal out, or the rating.
#[derive(Serialize)]
struct Stretch {
    session: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    nested: Option<NestedSearch>,
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<RateReply>,
}

#[derive(Deserialize)]
struct BeginArgs {
    puzzle: String,
}

#[derive(Deserialize)]
struct ResumeArgs {
    session: u32,
    /// The best share's (rating, assumption index), or none when no share found one.
    found: Option<(f64, usize)>,
}

#[derive(Deserialize)]
struct ShareArgs {
    #[serde(flatten)]
    search: NestedSearch,
    share: usize,
    shares: usize,
}

fn failure(message: &str) -> Failure {
    Failure::new(message, &ErrorPlace::default())
}

/// `sudoku.rateBegin {puzzle}` → `{session, nested: {level, values, cands}}` when the path
/// needs a nested search, or `{session, done: <sudoku.rate's reply>}`; reports
/// `{steps, solved, hardest}` as it goes.
#[wasm_bindgen(js_name = sudoku_rateBegin)]
pub fn sudoku_rate_begin(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let BeginArgs { puzzle } = from_args(args)?;
    let path = RatingPath::new(&parse_unique(&puzzle)?);
    let session = PATHS.with_borrow_mut(|(next, paths)| {
        *next = next.wrapping_add(1);
        if paths.len() >= KEPT_PATHS {
            paths.remove(0);
        }
        paths.push((*next, path));
        *next
    });
    stretch(session, None, progress)
}

/// `sudoku.rateResume {session, found: [rating, index] | null}`: the best answer of the
/// `sudoku.nestedShare` shares; replies as `sudoku.rateBegin`.
#[wasm_bindgen(js_name = sudoku_rateResume)]
pub fn sudoku_rate_resume(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let ResumeArgs { session, found } = from_args(args)?;
    stretch(session, Some(found), progress)
}

/// `sudoku.nestedShare {level, values, cands, share, shares}` → `{found: [rating, index] |
/// null}`: the easiest contradiction of share `share` (from 0) of `shares`.
#[wasm_bindgen(js_name = sudoku_nestedShare)]
pub fn sudoku_nested_share(args: JsValue) -> Result<JsValue, Failure> {
    let ShareArgs {
        search,
        share,
        shares,
    } = from_args(args)?;
    if shares == 0 || share >= shares {
        return Err(failure(&format!(
            "share {share} of {shares} does not exist"
        )));
    }
    let board = board_of(&search)?;
    let found = contradiction_share(&board, search.level, share, shares);
    to_js(&serde_json::json!({ "found": found }))
}

fn board_of(search: &NestedSearch) -> Result<Board, Failure> {
    if !(1..=crate::sudoku::logic::MAX_NESTING).contains(&search.level) {
        return Err(failure(&format!(
            "no nested search at level {}",
            search.level
        )));
    }
    Board::from_parts(&search.values, &search.cands)
        .ok_or_else(|| failure("the position to search is not a Sudoku board"))
}

/// Gives `answer` (when resuming) to the path `session`, then walks on to its next nested
/// search or its end.
fn stretch(
    session: u32,
    answer: Option<Option<(f64, usize)>>,
    progress: &js_sys::Function,
) -> Result<JsValue, Failure> {
    let mut reporter = Progress::new(progress);
    let mut report = |p: &crate::sudoku::rating::PathProgress| reporter.report(p, p.solved == 81);
    let mut path = PATHS
        .with_borrow_mut(|(_, paths)| {
            let i = paths.iter().position(|(id, _)| *id == session)?;
            Some(paths.remove(i).1)
        })
        .ok_or_else(|| failure("this rating was stopped: rate the puzzle again"))?;
    if let Some(found) = answer {
        let Some(Ask::Nested(level)) = path.advance(&mut report) else {
            return Err(failure("this rating asked for no nested search"));
        };
        let step = match found {
            Some((rating, index)) => Some(
                contradiction_from(path.board(), level, rating, index).ok_or_else(|| {
                    failure("a share's nested contradiction could not be found again")
                })?,
            ),
            None => None,
        };
        path.answer(step, &mut report);
    }
    // SE's chains are searched here: they share a cache of assumptions across the board.
    let reply = loop {
        match path.advance(&mut report) {
            Some(Ask::Chains) => {
                let step = se_chains(path.board());
                path.answer(step, &mut report);
            }
            Some(Ask::Nested(level)) => {
                let board = path.board();
                let nested = NestedSearch {
                    level,
                    values: board.values.to_vec(),
                    cands: board.cands.to_vec(),
                };
                PATHS.with_borrow_mut(|(_, paths)| paths.push((session, path)));
                break Stretch {
                    session,
                    nested: Some(nested),
                    done: None,
                };
            }
            None => {
                break Stretch {
                    session,
                    nested: None,
                    done: Some(RateReply::of(path.finish()?)),
                };
            }
        }
    };
    to_js(&reply)
}
