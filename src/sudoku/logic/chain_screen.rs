//! Whether Sudoku Explainer's forcing chains, and the static chains and loops searched before
//! them, can conclude anything on a board, answered with the closures of its assumptions (nine
//! digit masks each) instead of the chain trackers that measure each conclusion.
//!
//! The hardest puzzles take dozens of nested steps, and before each one SE's chains are
//! searched and find nothing: the Nishio, multiple and dynamic searches follow every
//! candidate true and false with full bookkeeping only to come back empty. What those three
//! can conclude is bounded by what the singles closures conclude:
//! - a dynamic chain follows naked and hidden singles on the changing board, which is exactly
//!   the closure, so an assumption it refutes is one whose closure breaks;
//! - a Nishio chain follows one digit's links only, and a multiple (static) chain follows
//!   singles on the starting board only: each derives part of the closure, so a contradiction
//!   or a shared conclusion of theirs is one of the closures' too;
//! - a conclusion reached both ways, from every candidate of a cell or from every place of a
//!   digit in a unit is one that the matching closures share.
//!
//! So when no closure breaks and the closures share nothing new, the three searches find
//! nothing, and neither do the static forcing chains and nice loops searched before them
//! (their links are single candidates' too, and each of their conclusions is one that an
//! assumption's two closures, or a cell's, share). The same holds for the dynamic chains that
//! also use pointing, pairs and X-Wings, with closures that use those rules too.

use super::super::candidates::{Board, UNIT_CELLS, digits_of};
use super::singles_closure::Position;
use std::cell::RefCell;

/// What an assumption's closure derives beyond `base`: per digit (index digit − 1), the
/// candidates it removes and the cells where it places the digit.
#[derive(Clone, Copy)]
struct Derived {
    removed: [u128; 9],
    placed: [u128; 9],
}

impl Derived {
    fn of(base: &Position, closure: &Position) -> Derived {
        let new_cells = closure.placed_cells() & !base.placed_cells();
        let mut d = Derived {
            removed: [0; 9],
            placed: [0; 9],
        };
        for digit in 1..=9u8 {
            let i = usize::from(digit - 1);
            d.removed[i] = base.places_of(digit) & !closure.places_of(digit);
            d.placed[i] = closure.places_of(digit) & new_cells;
        }
        d
    }

    fn meet(&self, other: &Derived) -> Derived {
        Derived {
            removed: std::array::from_fn(|i| self.removed[i] & other.removed[i]),
            placed: std::array::from_fn(|i| self.placed[i] & other.placed[i]),
        }
    }

    /// True when it removes a candidate or places a digit: every such conclusion changes the
    /// board (a cell placed here was open, with two or more candidates).
    fn concludes(&self) -> bool {
        self.removed.iter().chain(&self.placed).any(|&m| m != 0)
    }
}

/// Which of SE's forcing-chain searches may find anything on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Any of them may (the plain closures break or share a conclusion).
    Plain,
    /// Only the dynamic chains that also use pointing, pairs and X-Wings may.
    PlusOnly,
    /// None of them finds anything.
    Nothing,
}

thread_local! {
    /// The last board screened and its verdict: the static chains and then SE's chains ask
    /// about the same board, one after the other.
    static LAST: RefCell<Option<(Board, Screen)>> = const { RefCell::new(None) };
}

/// Which of SE's chain searches may conclude anything on `board` (see the module's reasoning).
pub fn screen(board: &Board) -> Screen {
    if let Some(known) = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(b, _)| b == board)
            .map(|&(_, verdict)| verdict)
    }) {
        return known;
    }
    let verdict = screen_anew(board);
    LAST.with_borrow_mut(|last| *last = Some((board.clone(), verdict)));
    verdict
}

fn screen_anew(board: &Board) -> Screen {
    let base = Position::new(&board.values, &board.cands);
    let mut on: Vec<Option<Position>> = vec![None; 810];
    let mut off: Vec<Option<Position>> = vec![None; 810];
    // Chains usually find something where they are searched: checking each cell as soon as
    // its closures are known ends most screens early.
    let open = |cell: usize| board.values[cell] == 0 && board.cands[cell].count_ones() >= 2;
    for cell in (0..81).filter(|&c| open(c)) {
        for digit in digits_of(board.cands[cell]) {
            let (Some(t), Some(f)) = (base.after(cell, digit), base.without(cell, digit)) else {
                return Screen::Plain;
            };
            on[cell * 10 + usize::from(digit)] = Some(t);
            off[cell * 10 + usize::from(digit)] = Some(f);
        }
        if cell_concludes(board, &base, &on, &off, cell) {
            return Screen::Plain;
        }
    }
    if regions_conclude(&base, &on) {
        return Screen::Plain;
    }
    for cell in (0..81).filter(|&c| open(c)) {
        for digit in digits_of(board.cands[cell]) {
            let i = cell * 10 + usize::from(digit);
            for closure in [&mut on[i], &mut off[i]].into_iter().flatten() {
                if !closure.close_plus(&base) {
                    return Screen::PlusOnly;
                }
            }
        }
        if cell_concludes(board, &base, &on, &off, cell) {
            return Screen::PlusOnly;
        }
    }
    if regions_conclude(&base, &on) {
        Screen::PlusOnly
    } else {
        Screen::Nothing
    }
}

/// What the closure of `cell` being `digit` (`on`) or not (`off`) derives, if it was made.
fn derived(
    base: &Position,
    closures: &[Option<Position>],
    cell: usize,
    digit: u8,
) -> Option<Derived> {
    closures[cell * 10 + usize::from(digit)]
        .as_ref()
        .map(|c| Derived::of(base, c))
}

/// Whether the closures of an open `cell`'s candidates, assumed true (`on`) and false
/// (`off`), none of them broken, share a conclusion the way forcing chains combine them: both
/// ways (cells with three or more candidates), or every candidate of the cell.
fn cell_concludes(
    board: &Board,
    base: &Position,
    on: &[Option<Position>],
    off: &[Option<Position>],
    cell: usize,
) -> bool {
    let count = board.cands[cell].count_ones();
    let mut cell_meet: Option<Derived> = None;
    for digit in digits_of(board.cands[cell]) {
        let (Some(t), Some(f)) = (
            derived(base, on, cell, digit),
            derived(base, off, cell, digit),
        ) else {
            return true;
        };
        if count >= 3 && t.meet(&f).concludes() {
            return true;
        }
        cell_meet = Some(cell_meet.map_or(t, |m| m.meet(&t)));
    }
    cell_meet.is_some_and(|m| m.concludes())
}

/// Whether the "true" closures of every place of a digit in a unit share a conclusion.
fn regions_conclude(base: &Position, on: &[Option<Position>]) -> bool {
    for unit_cells in UNIT_CELLS {
        for digit in 1..=9u8 {
            let mut places = base.places_of(digit) & unit_cells & !base.placed_cells();
            if places.count_ones() < 2 {
                continue;
            }
            let mut meet: Option<Derived> = None;
            while places != 0 {
                let cell = places.trailing_zeros() as usize;
                places &= places - 1;
                // Every place of the digit is an open candidate of a cell with two or more.
                let Some(t) = derived(base, on, cell, digit) else {
                    return true;
                };
                meet = Some(meet.map_or(t, |m| m.meet(&t)));
            }
            if meet.is_some_and(|m| m.concludes()) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::super::candidates::CELL_BIT;
    use super::super::se_chaining::{Kind, derived_nodes, find};
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::solver::solve;

    /// Positions where SE's chains are searched: along the paths of hard puzzles, each board
    /// the path stands on when its next step needs a forcing chain.
    fn chain_positions(text: &str, every: usize, limit: usize) -> Vec<(Board, Grid)> {
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(every) {
            let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
            let solution = solve(&grid).unwrap();
            let mut board = Board::from_grid(&grid);
            while let Some(step) = super::super::next_step(&board) {
                if step.rating >= 7.5 {
                    out.push((board.clone(), solution));
                }
                step.apply(&mut board);
                if out.len() >= limit {
                    return out;
                }
            }
        }
        out
    }

    #[test]
    fn a_screened_out_search_finds_nothing() {
        let mut positions = chain_positions(
            include_str!("../../../data/sudoku/hardest-1106.txt"),
            25,
            120,
        );
        positions.extend(chain_positions(
            include_str!("../../../data/sudoku/top1465-chains-se.txt"),
            70,
            40,
        ));
        let mut seen = [0usize; 3];
        let mut plus_steps = 0;
        for (board, _) in &positions {
            let verdict = screen(board);
            seen[verdict as usize] += 1;
            if verdict == Screen::PlusOnly && find(board, Kind::DynamicPlus).is_some() {
                plus_steps += 1;
            }
            let silent: &[Kind] = match verdict {
                Screen::Plain => &[],
                Screen::PlusOnly => &[Kind::Nishio, Kind::Multiple, Kind::Dynamic],
                Screen::Nothing => &[
                    Kind::Nishio,
                    Kind::Multiple,
                    Kind::Dynamic,
                    Kind::DynamicPlus,
                ],
            };
            for &kind in silent {
                assert!(
                    find(board, kind).is_none(),
                    "{verdict:?} but {kind:?} finds a step"
                );
            }
        }
        // Every verdict came up, so each was checked.
        assert!(seen.iter().all(|&n| n > 0), "verdicts seen: {seen:?}");
        // And positions where only the rules of "Dynamic Forcing Chains (+)" find the step.
        assert!(
            plus_steps >= 3,
            "{plus_steps} steps of Dynamic Forcing Chains (+)"
        );
    }

    #[test]
    fn a_board_with_a_static_chain_or_loop_passes_the_screen() {
        // Static forcing chains and nice loops are searched only on boards the screen passes:
        // on every position along the paths of chain puzzles where either finds something,
        // it does.
        let text = include_str!("../../../data/sudoku/top1465-chains-se.txt");
        let mut found = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(100) {
            let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
            let mut board = Board::from_grid(&grid);
            while let Some(step) = super::super::next_step(&board) {
                let chain = super::super::chains::forcing_chain(&board);
                let cycle = super::super::loops::nice_loop(&board);
                if chain.is_some() || cycle.is_some() {
                    found += 1;
                    assert_eq!(screen_anew(&board), Screen::Plain, "{line}");
                }
                step.apply(&mut board);
            }
        }
        assert!(found > 100, "only {found} positions with a static chain");
    }

    /// A board from its placed digits and its candidate masks (hexadecimal, comma-separated).
    fn board_of(values: &str, cands: &str) -> Board {
        let mut board = Board::from_grid(&Grid::EMPTY);
        for (cell, v) in values.bytes().enumerate() {
            board.values[cell] = v - b'0';
        }
        for (cell, c) in cands.split(',').map(str::trim).enumerate() {
            board.cands[cell] = u16::from_str_radix(c, 16).unwrap();
        }
        board
    }

    #[test]
    fn shared_conclusions_pass_the_screen_where_no_assumption_breaks() {
        // Positions on hardest-1106 paths where every assumption's closure holds, and the
        // chains still find a step because closures share a conclusion.
        let boards = [
            board_of(
                "100000002009400050060000700000890040000306000008040000020000100700000006005080030",
                "0,138,98,2e0,e8,328,318,340,0,10c,188,0,0,c0,6,148,0,10a,138,0,1c,226,2e,32c,0,\
                 302,318,6c,aa,46,0,0,a2,6c,0,aa,230,2b0,86,0,26,0,320,186,320,26c,2aa,0,a6,0,a6,\
                 26c,2c6,2aa,318,0,58,2e0,e8,238,0,380,3b0,0,318,1a,226,2e,23a,330,304,0,250,212,0,\
                 c6,0,296,214,0,290",
            ),
            board_of(
                "020006009007100000000230010000500300500070000080002006000004000608020004040000920",
                "11a,0,3a,190,130,0,1b0,1b8,0,318,268,0,0,330,320,174,178,12c,310,260,270,0,0,3a0,\
                 1f0,0,1a0,296,2c2,256,0,352,302,0,390,186,0,24a,25e,358,0,30a,116,310,106,29a,0,\
                 21a,218,212,0,b2,2b0,0,28e,2aa,22e,388,322,0,1e2,1e8,1aa,0,2a8,0,288,0,2aa,a2,a8,\
                 0,8a,0,2a,1c8,162,1aa,0,0,1aa",
            ),
        ];
        for board in boards {
            let base = Position::new(&board.values, &board.cands);
            for cell in (0..81).filter(|&c| board.values[c] == 0) {
                for d in digits_of(board.cands[cell]) {
                    assert!(base.after(cell, d).is_some() && base.without(cell, d).is_some());
                }
            }
            assert_eq!(screen_anew(&board), Screen::Plain);
            let found = [Kind::Nishio, Kind::Multiple, Kind::Dynamic]
                .into_iter()
                .find_map(|kind| find(&board, kind));
            assert!(found.is_some());
        }
    }

    #[test]
    fn closures_hold_everything_a_chain_derives() {
        // The screen's premise: what a dynamic chain (with or without the rules) derives from
        // an assumption, its closure derives too, and a chain that breaks has a closure that
        // breaks.
        let positions = chain_positions(
            include_str!("../../../data/sudoku/hardest-1106.txt"),
            40,
            25,
        );
        let (mut followed, mut broken) = (0, 0);
        for (board, _) in &positions {
            let base = Position::new(&board.values, &board.cands);
            for cell in (0..81).filter(|&c| board.values[c] == 0) {
                for digit in digits_of(board.cands[cell]) {
                    for on in [true, false] {
                        let start = super::super::chains::node(cell, digit, on);
                        let closure = if on {
                            base.after(cell, digit)
                        } else {
                            base.without(cell, digit)
                        };
                        let plus = closure
                            .clone()
                            .and_then(|mut c| c.close_plus(&base).then_some(c));
                        for (kind, closure) in [(Kind::Dynamic, closure), (Kind::DynamicPlus, plus)]
                        {
                            let (nodes, clash) = derived_nodes(board, kind, start);
                            followed += 1;
                            let Some(closure) = closure else {
                                broken += 1;
                                continue;
                            };
                            assert!(!clash, "{kind:?} from {start} breaks, its closure holds");
                            for n in nodes {
                                let (c, d, is_on) = super::super::chains::parts(n);
                                let here = closure.places_of(d) & CELL_BIT[c] != 0;
                                let placed = closure.placed_cells() & CELL_BIT[c] != 0;
                                assert!(
                                    if is_on { here && placed } else { !here },
                                    "{kind:?} from {start} derives {n}, its closure does not"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(
            followed > 2000 && broken > 50,
            "{followed} followed, {broken} broken"
        );
    }

    #[test]
    fn closures_with_pointing_pairs_and_x_wings_keep_the_solution() {
        // Assuming a solution digit never breaks the board nor removes another solution digit.
        let positions = chain_positions(
            include_str!("../../../data/sudoku/hardest-1106.txt"),
            50,
            30,
        );
        let mut removed = 0;
        for (board, solution) in &positions {
            let base = Position::new(&board.values, &board.cands);
            for cell in (0..81).filter(|&c| board.values[c] == 0) {
                let digit = solution.cells[cell];
                let mut closure = base.after(cell, digit).expect("a solution digit holds");
                let singles = closure.clone();
                assert!(
                    closure.close_plus(&base),
                    "r{}c{}={digit} breaks",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
                for c in 0..81 {
                    let d = solution.cells[c];
                    assert!(
                        closure.places_of(d) & CELL_BIT[c] != 0,
                        "lost r{}c{}={d}",
                        c / 9 + 1,
                        c % 9 + 1
                    );
                }
                removed += (1..=9u8)
                    .map(|d| (singles.places_of(d) & !closure.places_of(d)).count_ones())
                    .sum::<u32>();
            }
        }
        // What the rules removed beyond the singles.
        assert!(
            removed > 100,
            "only {removed} candidates removed by the rules"
        );
    }
}
