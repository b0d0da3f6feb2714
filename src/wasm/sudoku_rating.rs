//! Bindings for a rating whose nested forcing-chain searches the page deals out to its workers:
//! `sudoku.rateBegin`, `sudoku.rateResume` (one worker keeps the path) and
//! `sudoku.nestedShare` (any worker, stateless).
//!
//! Workers share no memory, so the path waits in the worker that holds it while the others
//! each search a share of the board's rows; the page picks the best of the shares' answers and
//! hands it back. SE's forcing chains come first at every position that needs a chain, and
//! when the last such position needed a nested step the path also stops before them, so that
//! the page can start the shares of the first nesting level while this worker searches the
//! chains (they are needed whenever the chains find nothing). The result is the same as
//! `sudoku.rate`'s, whatever the number of workers.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::sudoku_logic::RateReply;
use super::sudoku_store::with_shared_store;
use super::{Failure, Progress, from_args, to_js};
use crate::sudoku::candidates::Board;
use crate::sudoku::logic::nested::{ShareAnswer, nested_from, nested_share};
use crate::sudoku::logic::se_chains;
use crate::sudoku::logic::walk::Ask;
use crate::sudoku::rating::{PathProgress, RatingPath, parse_unique};
use crate::util::place::ErrorPlace;

/// Paths kept at once: a page rates one puzzle at a time, but a cancelled rating's path is
/// never resumed, so the oldest ones make room.
const KEPT_PATHS: usize = 4;

/// A rating under way.
struct Session {
    id: u32,
    path: RatingPath,
    /// Whether the chains found nothing at the last position that needed them: then they
    /// probably find nothing at the next one either, and the page is given the chance to
    /// start the nested search beside them.
    chains_failed_last: bool,
}

thread_local! {
    /// Ratings under way in this worker, and the last session number given out.
    static SESSIONS: RefCell<(u32, Vec<Session>)> = const { RefCell::new((0, Vec::new())) };
}

/// A position to search, as the shares receive it.
#[derive(Serialize, Deserialize)]
struct NestedSearch {
    level: u8,
    values: Vec<u8>,
    cands: Vec<u16>,
}

impl NestedSearch {
    fn at(level: u8, board: &Board) -> NestedSearch {
        NestedSearch {
            level,
            values: board.values.to_vec(),
            cands: board.cands.to_vec(),
        }
    }
}

/// Where a rating stretch stops: before SE's chains (the first nesting level's search, which
/// the page may start), at a nested search to deal out, or at the end with the rating.
#[derive(Serialize)]
struct Stretch {
    session: u32,
    /// How far the path has come (a stretch is often too short for a progress message).
    progress: PathProgress,
    #[serde(skip_serializing_if = "Option::is_none")]
    chains: Option<NestedSearch>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nested: Option<NestedSearch>,
    /// At a `nested` stop right after chains that found nothing: the share of that search
    /// this worker took (see [`ResumeArgs::own`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    own: Option<ShareAnswer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<RateReply>,
}

/// Which share of a nested search to take: share `share` (from 0) of `shares`.
#[derive(Clone, Copy, Deserialize)]
struct ShareOf {
    share: usize,
    shares: usize,
}

impl ShareOf {
    /// This share, when there is such a share.
    fn checked(self) -> Result<ShareOf, Failure> {
        let ShareOf { share, shares } = self;
        if shares == 0 || share >= shares {
            return Err(failure(&format!(
                "share {share} of {shares} does not exist"
            )));
        }
        Ok(self)
    }
}

#[derive(Deserialize)]
struct BeginArgs {
    puzzle: String,
}

#[derive(Deserialize)]
struct ResumeArgs {
    session: u32,
    /// After a `chains` stop: search the chains now.
    #[serde(default)]
    chains: bool,
    /// With `chains`: when they find nothing, also search this share of the first nesting
    /// level at that position (the page's other workers search the rest meanwhile), so that
    /// this worker does not wait idle for them.
    #[serde(default)]
    own: Option<ShareOf>,
    /// After a `nested` stop: the best share's (rating, index), or none when no share found
    /// one.
    #[serde(default)]
    found: Option<(f64, usize)>,
}

#[derive(Deserialize)]
struct ShareArgs {
    #[serde(flatten)]
    search: NestedSearch,
    #[serde(flatten)]
    of: ShareOf,
}

fn failure(message: &str) -> Failure {
    Failure::new(message, &ErrorPlace::default())
}

/// `sudoku.rateBegin {puzzle}` → `{session, progress, chains: {level, values, cands}}` (a position about
/// to be searched for SE's chains: resume with `chains: true`), `{session, nested: {level,
/// values, cands}}` (a nested search to deal out: resume with the best share's `found`), or
/// `{session, done: <sudoku.rate's reply>}`; reports `{steps, solved, hardest}` as it goes.
#[wasm_bindgen(js_name = sudoku_rateBegin)]
pub fn sudoku_rate_begin(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let shared = args.clone();
    let BeginArgs { puzzle } = from_args(args)?;
    let path = RatingPath::new(&parse_unique(&puzzle)?);
    let session = SESSIONS.with_borrow_mut(|(last, sessions)| {
        *last = last.wrapping_add(1);
        if sessions.len() >= KEPT_PATHS {
            sessions.remove(0);
        }
        Session {
            id: *last,
            path,
            chains_failed_last: true,
        }
    });
    with_shared_store(&shared, || stretch(session, Resume::Begin, progress))
}

/// `sudoku.rateResume {session, chains: true, own?: {share, shares}}` or `{session, found:
/// [rating, index] | null}` (the best answer of the `sudoku.nestedShare` shares); replies as
/// `sudoku.rateBegin`, and with `own`, a `nested` stop right after the chains also carries
/// `own: {found}`, that share of the search searched here.
#[wasm_bindgen(js_name = sudoku_rateResume)]
pub fn sudoku_rate_resume(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let shared = args.clone();
    let ResumeArgs {
        session,
        chains,
        own,
        found,
    } = from_args(args)?;
    // Checked before the session is taken out, which a failure here would lose.
    let own = own.map(ShareOf::checked).transpose()?;
    let session = SESSIONS
        .with_borrow_mut(|(_, sessions)| {
            let i = sessions.iter().position(|s| s.id == session)?;
            Some(sessions.remove(i))
        })
        .ok_or_else(|| failure("this rating was stopped: rate the puzzle again"))?;
    let resume = if chains {
        Resume::Chains(own)
    } else {
        Resume::Nested(found)
    };
    with_shared_store(&shared, || stretch(session, resume, progress))
}

/// `sudoku.nestedShare {level, values, cands, share, shares}` → `{found: [rating, index] |
/// null}`: the best nested step of share `share` (from 0) of `shares` (see
/// [`nested_share`]).
#[wasm_bindgen(js_name = sudoku_nestedShare)]
pub fn sudoku_nested_share(args: JsValue) -> Result<JsValue, Failure> {
    let shared = args.clone();
    let ShareArgs { search, of } = from_args(args)?;
    let ShareOf { share, shares } = of.checked()?;
    let board = board_of(&search)?;
    let answer = with_shared_store(&shared, || {
        nested_share(&board, search.level, share, shares)
    });
    to_js(&answer)
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

/// How a stretch starts.
enum Resume {
    Begin,
    /// Search the chains at the position the last stretch stopped before, and when they find
    /// nothing, this share of the first nesting level there.
    Chains(Option<ShareOf>),
    /// The answer to the nested search the last stretch stopped at.
    Nested(Option<(f64, usize)>),
}

/// Resumes `session` as `resume` says, then walks on to its next stop.
fn stretch(
    mut session: Session,
    resume: Resume,
    progress: &js_sys::Function,
) -> Result<JsValue, Failure> {
    let mut reporter = Progress::new(progress);
    let mut report = |p: &PathProgress| reporter.report(p, p.solved == 81);
    let path = &mut session.path;
    let mut chains_now = false;
    let mut own_share = None;
    // Whether the chains the page asked for found nothing: the path then stops at the first
    // nesting level's search of that same position.
    let mut chains_failed_here = false;
    match resume {
        Resume::Begin => {}
        Resume::Chains(own) => {
            chains_now = true;
            own_share = own;
        }
        Resume::Nested(found) => {
            let Some(Ask::Nested(level)) = path.advance(&mut report) else {
                return Err(failure("this rating asked for no nested search"));
            };
            let step = match found {
                Some((rating, index)) => Some(
                    nested_from(path.board(), level, rating, index)
                        .ok_or_else(|| failure("a share's nested step could not be found again"))?,
                ),
                None => None,
            };
            path.answer(step, &mut report);
        }
    }
    let stop = loop {
        match path.advance(&mut report) {
            Some(Ask::Chains) if chains_now || !session.chains_failed_last => {
                // SE's chains share a cache of assumptions across the board: searched here.
                let asked = std::mem::take(&mut chains_now);
                let step = se_chains(path.board());
                session.chains_failed_last = step.is_none();
                chains_failed_here = asked && step.is_none();
                path.answer(step, &mut report);
            }
            other => break other,
        }
    };
    let id = session.id;
    let mut reply = Stretch {
        session: id,
        progress: session.path.progress(),
        chains: None,
        nested: None,
        own: None,
        done: None,
    };
    let search = |level| NestedSearch::at(level, session.path.board());
    match stop {
        Some(Ask::Chains) => reply.chains = Some(search(1)),
        Some(Ask::Nested(level)) => {
            reply.nested = Some(search(level));
            if let Some(ShareOf { share, shares }) = own_share.filter(|_| chains_failed_here) {
                reply.own = Some(nested_share(session.path.board(), level, share, shares));
            }
        }
        None => {
            reply.done = Some(RateReply::of(session.path.finish()?));
            return to_js(&reply);
        }
    }
    SESSIONS.with_borrow_mut(|(_, sessions)| sessions.push(session));
    to_js(&reply)
}
