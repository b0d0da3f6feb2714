//! The human-style logic engine: technique finders, one file per family, and the
//! easiest-first loop that Sudoku Explainer uses to find a solving path.

// Units, cells and digits are numbered; indexed loops over them read best.
#![allow(clippy::needless_range_loop)]

pub mod als_wings;
pub mod chain_rules;
pub mod chain_screen;
pub mod chains;
pub mod colouring;
pub mod direct;
pub mod empty_rectangle;
pub mod fish;
pub mod inner_store;
pub mod intersections;
pub mod loops;
pub mod nested;
pub mod parallel;
pub mod se_chaining;
mod se_nested;
mod se_unary;
pub mod singles;
pub mod singles_closure;
mod static_reach;
pub mod strong_links;
pub mod subsets;
pub mod uniqueness;
pub mod walk;
pub mod wings;

use super::candidates::Board;
use super::step::Step;

/// A technique finder: the first (or easiest) application on the board, if any.
type Finder = fn(&Board) -> Option<Step>;

/// Finders in order of their SE rating (easiest first), up to the static chains; SE's forcing
/// chains ([`se_chains`]) and then nested ones come after them.
///
/// Finned and sashimi fish are left out of the path: Sukaku Explainer, whose ratings players
/// quote, has none, and rating with them matched its ratings less often (81.5% identical on
/// `se-rated-sample` with them, 82.6% without). `fish::fish` still finds them when asked.
const FINDERS: &[Finder] = &[
    singles::full_house,
    |b| singles::hidden_single(b, false),
    |b| singles::hidden_single(b, true),
    |b| direct::direct_locked(b, false),
    |b| direct::direct_locked(b, true),
    |b| direct::direct_hidden(b, 2),
    singles::naked_single,
    |b| direct::direct_hidden(b, 3),
    |b| intersections::locked_candidates(b, false),
    |b| intersections::locked_candidates(b, true),
    |b| subsets::naked_subset(b, 2),
    |b| fish::fish(b, 2, false),
    |b| subsets::hidden_subset(b, 2),
    |b| subsets::naked_subset(b, 3),
    |b| fish::fish(b, 3, false),
    |b| subsets::hidden_subset(b, 3),
    |b| strong_links::strong_link_chain(b, 2),
    empty_rectangle::empty_rectangle,
    wings::xy_wing,
    wings::xyz_wing,
    uniqueness::unique_rectangle,
    |b| subsets::naked_subset(b, 4),
    |b| fish::fish(b, 4, false),
    |b| subsets::hidden_subset(b, 4),
    |b| strong_links::strong_link_chain(b, 3),
    |b| als_wings::als_wing(b, 3),
    uniqueness::bug_plus_one,
    uniqueness::bug_type_2,
    |b| strong_links::strong_link_chain(b, 4),
    |b| als_wings::als_wing(b, 4),
    colouring::simple_colouring,
    |b| als_wings::als_wing(b, 5),
    static_chains,
    |b| als_wings::als_wing(b, 6),
];

/// How many nested searches follow SE's chains (see [`nested`]).
pub const MAX_NESTING: u8 = nested::SEARCHES;

/// Static forcing chains (AICs and their named forms) and nice loops: the easier one.
///
/// Both follow links between single candidates that the singles closures follow too, so a
/// board on which those conclude nothing ([`chain_screen`]) has none: there, before every
/// nested step, they are not searched.
fn static_chains(board: &Board) -> Option<Step> {
    if chain_screen::screen(board) != chain_screen::Screen::Plain {
        return None;
    }
    let chain = chains::forcing_chain(board);
    let cycle = loops::nice_loop(board);
    match (chain, cycle) {
        (Some(a), Some(b)) => Some(if b.rating < a.rating { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Sudoku Explainer's forcing chains in its order (the first kind that finds anything gives
/// the step, even when a later kind would rate lower): Nishio, multiple, dynamic, dynamic
/// with pointing, pairs and X-Wings. Nested ones come after them (see [`next_step`]).
///
/// Before a nested step they all find nothing; closures tell that cheaply ([`chain_screen`]),
/// and only the kinds that may find something are searched.
pub fn se_chains(board: &Board) -> Option<Step> {
    use se_chaining::Kind;
    let plain = match chain_screen::screen(board) {
        chain_screen::Screen::Plain => &[Kind::Nishio, Kind::Multiple, Kind::Dynamic][..],
        chain_screen::Screen::PlusOnly => &[],
        chain_screen::Screen::Nothing => return None,
    };
    plain
        .iter()
        .chain(&[Kind::DynamicPlus])
        .find_map(|&kind| se_chaining::find(board, kind))
}

/// The easiest step available on the board, or `None` when it is solved (or when the
/// position is contradictory, which a valid puzzle never reaches).
pub fn next_step(board: &Board) -> Option<Step> {
    if board.is_solved() {
        return None;
    }
    let productive = |s: Option<Step>| s.filter(Step::is_productive);
    next_step_before_chains(board)
        .or_else(|| productive(se_chains(board)))
        .or_else(|| {
            (1..=MAX_NESTING).find_map(|level| productive(nested::nested_step(board, level)))
        })
}

/// The easiest step on the board that needs no forcing chain of Sudoku Explainer's (static
/// chains and loops are in), or `None`.
pub fn next_step_before_chains(board: &Board) -> Option<Step> {
    if board.is_solved() {
        return None;
    }
    FINDERS
        .iter()
        .find_map(|f| f(board).filter(|s| s.is_productive()))
}

/// Answers what a [`walk::PathWalk`] asks, on this machine's threads.
pub fn answer_here(board: &Board, ask: walk::Ask) -> Option<Step> {
    match ask {
        walk::Ask::Chains => se_chains(board),
        walk::Ask::Nested(level) => nested::nested_step(board, level),
    }
}

/// The whole easiest-first path from `board` to the solution (stops early only if no
/// technique applies, which a puzzle with a unique solution never causes).
pub fn solve_path(board: &Board) -> Vec<Step> {
    solve_path_with(board, &mut |_, _| {})
}

/// [`solve_path`], telling `after_step` each step and the board it leaves (hard puzzles take
/// seconds, so callers can show how far the path has come).
pub fn solve_path_with(board: &Board, after_step: &mut dyn FnMut(&Step, &Board)) -> Vec<Step> {
    let mut walk = walk::PathWalk::new(board.clone());
    while let Some(ask) = walk.advance(after_step) {
        let step = answer_here(walk.board(), ask);
        walk.answer(step, after_step);
    }
    walk.into_steps()
}
