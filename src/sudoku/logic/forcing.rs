//! Forcing chains, the last resort: multiple (cell and region) forcing chains over static
//! links, then dynamic chains that follow singles on the changing board (Nishio when they
//! stay on one digit), and nested dynamic chains whose inner level is itself a dynamic
//! contradiction search. With enough nesting every puzzle with a unique solution is solved
//! without guessing.

use super::super::candidates::{Board, CELL_UNITS, PEERS, UNITS, digits_of, unit_name};
use super::super::grid::cell_name;
use super::super::prose;
use super::super::step::{Role, Step};
use super::chains::{MODE_X, MODE_Y, Reach, draw_chain, length_surcharge, node, node_text, parts};

/// A chain node's truth in words: "r5c7 is not 6".
fn claim(n: usize) -> String {
    let (cell, digit, on) = parts(n);
    prose::claim(cell, digit, on)
}

const NONE: u32 = u32::MAX;

/// The consequences of assumptions followed dynamically (singles re-checked as candidates go).
pub struct Dynamic {
    /// Working candidates.
    cands: [u16; 81],
    values: [u8; 81],
    /// Per node: index into `parents` lists, or NONE when not derived.
    derived: Vec<u32>,
    /// Parents of each derived node, in derivation order.
    parents: Vec<Vec<usize>>,
    /// Derived nodes in order.
    pub order: Vec<usize>,
    /// Nodes proving the contradiction, when one was reached.
    pub contradiction: Option<Vec<usize>>,
    /// Nodes derived by nested chains, with the inner chains' complexity.
    nested: Vec<(usize, usize)>,
}

impl Dynamic {
    /// Follows `start` nodes on `board`; `level` > 0 also eliminates candidates whose
    /// assumption leads to a contradiction at `level - 1`.
    pub fn run(board: &Board, start: &[usize], level: u8) -> Dynamic {
        let mut d = Dynamic {
            cands: board.cands,
            values: board.values,
            derived: vec![NONE; 1458],
            parents: Vec::new(),
            order: Vec::new(),
            contradiction: None,
            nested: Vec::new(),
        };
        for &s in start {
            d.derive(s, Vec::new());
        }
        d.propagate(board, level);
        d
    }

    /// True when `n` was derived.
    pub fn has(&self, n: usize) -> bool {
        self.derived[n] != NONE
    }

    fn derive(&mut self, n: usize, parents: Vec<usize>) {
        if self.derived[n] != NONE || self.contradiction.is_some() {
            return;
        }
        self.derived[n] = self.parents.len() as u32;
        self.parents.push(parents);
        self.order.push(n);
        if self.derived[n ^ 1] != NONE {
            self.contradiction = Some(vec![n, n ^ 1]);
        }
    }

    fn propagate(&mut self, board: &Board, level: u8) {
        let mut i = 0;
        loop {
            while i < self.order.len() && self.contradiction.is_none() {
                let n = self.order[i];
                i += 1;
                self.consequences(board, n);
            }
            if self.contradiction.is_some() || level == 0 {
                return;
            }
            // Nested step: every candidate refuted by an inner dynamic chain on the current
            // state (each refutation rests on everything derived so far).
            let snapshot = Board {
                values: self.values,
                cands: self.cands,
            };
            let basis: Vec<usize> = self.order.clone();
            let mut refuted = Vec::new();
            for cell in 0..81 {
                for dg in digits_of(self.cands[cell]) {
                    let n = node(cell, dg, false);
                    if self.has(n) {
                        continue;
                    }
                    let inner = Dynamic::run(&snapshot, &[node(cell, dg, true)], level - 1);
                    if inner.contradiction.is_some() {
                        refuted.push((n, inner.complexity()));
                    }
                }
            }
            if refuted.is_empty() {
                return;
            }
            for (n, cost) in refuted {
                self.derive(n, basis.clone());
                self.nested.push((n, cost));
            }
        }
    }

    fn consequences(&mut self, board: &Board, n: usize) {
        let (cell, digit, on) = parts(n);
        if on {
            self.values[cell] = digit;
            for d in digits_of(self.cands[cell]) {
                if d != digit {
                    self.derive(node(cell, d, false), vec![n]);
                }
            }
            for &p in &PEERS[cell] {
                if self.cands[p] & (1 << digit) != 0 {
                    self.derive(node(p, digit, false), vec![n]);
                }
            }
            return;
        }
        self.cands[cell] &= !(1 << digit);
        if self.values[cell] == 0 {
            let left = self.cands[cell];
            let offs: Vec<usize> = digits_of(board.cands[cell] & !left)
                .map(|d| node(cell, d, false))
                .filter(|&m| self.has(m))
                .collect();
            if left == 0 {
                self.contradiction = Some(offs);
                return;
            }
            if left.count_ones() == 1 {
                let d = left.trailing_zeros() as u8;
                self.derive(node(cell, d, true), offs);
            }
        }
        for &u in &CELL_UNITS[cell] {
            if UNITS[u].iter().any(|&c| self.values[c] == digit) {
                continue;
            }
            let pos: Vec<usize> = UNITS[u]
                .iter()
                .copied()
                .filter(|&c| self.cands[c] & (1 << digit) != 0)
                .collect();
            let offs = || -> Vec<usize> {
                UNITS[u]
                    .iter()
                    .filter(|&&c| board.cands[c] & (1 << digit) != 0)
                    .map(|&c| node(c, digit, false))
                    .filter(|&m| self.derived[m] != NONE)
                    .collect()
            };
            if pos.is_empty() {
                let o = offs();
                self.contradiction = Some(o);
                return;
            }
            if pos.len() == 1 {
                let o = offs();
                self.derive(node(pos[0], digit, true), o);
            }
        }
    }

    /// Number of distinct nodes the result rests on (SE's complexity), plus nested chains.
    pub fn complexity_of(&self, targets: &[usize]) -> usize {
        let mut seen = vec![false; 1458];
        let mut todo: Vec<usize> = targets.to_vec();
        let mut count = 0;
        while let Some(n) = todo.pop() {
            if seen[n] || self.derived[n] == NONE {
                continue;
            }
            seen[n] = true;
            count += 1;
            todo.extend(self.parents[self.derived[n] as usize].iter().copied());
        }
        let inner: usize = self
            .nested
            .iter()
            .filter(|(n, _)| seen[*n])
            .map(|(_, c)| c)
            .sum();
        count + inner
    }

    /// The complexity of the contradiction reached.
    pub fn complexity(&self) -> usize {
        match &self.contradiction {
            Some(nodes) => self.complexity_of(nodes).max(2),
            None => 0,
        }
    }

    /// The nodes the result rests on, for drawing: a parent-first list.
    fn chain_nodes(&self, targets: &[usize]) -> Vec<usize> {
        let mut seen = vec![false; 1458];
        let mut todo: Vec<usize> = targets.to_vec();
        let mut out = Vec::new();
        while let Some(n) = todo.pop() {
            if seen[n] || self.derived[n] == NONE {
                continue;
            }
            seen[n] = true;
            out.push(n);
            todo.extend(self.parents[self.derived[n] as usize].iter().copied());
        }
        out.sort_by_key(|&n| self.derived[n]);
        out
    }

    fn draw(&self, step: &mut Step, targets: &[usize]) {
        for n in self.chain_nodes(targets) {
            let (c, d, on) = parts(n);
            step.mark(c, d, if on { Role::On } else { Role::Off });
            if !step.cells.contains(&c) {
                step.cells.push(c);
            }
            if let Some(ps) = self.parents.get(self.derived[n] as usize)
                && ps.len() <= 3
            {
                for &p in ps {
                    draw_chain(step, &[p, n]);
                }
            }
        }
    }
}

/// Multiple forcing chains over static links (SE 8.0 + length): every candidate of a cell,
/// or every place for a digit in a unit, leads to the same conclusion.
pub fn multiple_forcing_chain(board: &Board) -> Option<Step> {
    let mode = MODE_X | MODE_Y;
    let mut best: Option<(f64, Step)> = None;
    let mut consider = |branches: Vec<usize>, what: String, unit: Option<usize>| {
        if branches.len() < 2 {
            return;
        }
        let reaches: Vec<Reach> = branches
            .iter()
            .map(|&b| Reach::from(board, b, mode))
            .collect();
        for target in 0..1458 {
            if !reaches.iter().all(|r| r.has(target)) || branches.contains(&target) {
                continue;
            }
            let (c, d, on) = parts(target);
            if !board.has(c, d) {
                continue;
            }
            if on && board.count(c) == 1 {
                continue;
            }
            let paths: Vec<Vec<usize>> = reaches.iter().map(|r| r.path(target)).collect();
            let complexity: usize = paths.iter().map(|p| p.len()).sum();
            let r = 8.0 + length_surcharge(complexity);
            if best.as_ref().is_some_and(|b| b.0 <= r) {
                continue;
            }
            let name = if unit.is_some() {
                "Region Forcing Chains"
            } else {
                "Cell Forcing Chains"
            };
            let mut s = Step::new(name, r);
            if on {
                s = s.place(c, d);
            } else {
                s.eliminate(c, d);
            }
            if let Some(u) = unit {
                s = s.with_units(&[u]);
            }
            for p in &paths {
                draw_chain(&mut s, p);
            }
            s.text = format!(
                "One of {what} has to be true, and a chain of consequences leads from each of them to the same result: {}. So it is certain.",
                claim(target)
            );
            best = Some((r, s));
        }
    };
    for cell in 0..81 {
        if board.values[cell] == 0 && board.count(cell) >= 2 {
            let branches = digits_of(board.cands[cell])
                .map(|d| node(cell, d, true))
                .collect();
            consider(
                branches,
                format!("the candidates of {}", cell_name(cell)),
                None,
            );
        }
    }
    for unit in 0..27 {
        for d in 1..=9u8 {
            let pos = board.positions(unit, d);
            if pos.count_ones() >= 2 {
                let branches = (0..9)
                    .filter(|i| pos & (1 << i) != 0)
                    .map(|i| node(UNITS[unit][i], d, true))
                    .collect();
                consider(
                    branches,
                    format!("the places for {d} in {}", unit_name(unit)),
                    Some(unit),
                );
            }
        }
    }
    best.map(|b| b.1)
}

/// Dynamic forcing chains at nesting `level` (0 = plain dynamic): a candidate whose truth
/// leads to a contradiction is removed. Nishio (7.5) when the chain uses one digit only,
/// dynamic 8.5, nested 9.5 + 0.5 per extra level, each plus the length surcharge.
pub fn dynamic_contradiction(board: &Board, level: u8) -> Option<Step> {
    let mut best: Option<(f64, Step)> = None;
    for cell in 0..81 {
        for d in digits_of(board.cands[cell]) {
            let start = node(cell, d, true);
            let run = Dynamic::run(board, &[start], level);
            let Some(nodes) = run.contradiction.clone() else {
                continue;
            };
            let complexity = run.complexity();
            let chain = run.chain_nodes(&nodes);
            let one_digit = chain.iter().all(|&n| parts(n).1 == d);
            let (name, base) = match level {
                0 if one_digit => ("Nishio Forcing Chain", 7.5),
                0 => ("Dynamic Forcing Chain", 8.5),
                _ => ("Nested Forcing Chain", 9.0 + 0.5 * level as f64),
            };
            let r = base + length_surcharge(complexity);
            if best.as_ref().is_some_and(|b| b.0 <= r) {
                continue;
            }
            let mut s = Step::new(name, r);
            s.eliminate(cell, d);
            run.draw(&mut s, &nodes);
            let clash = nodes
                .iter()
                .map(|&n| node_text(n))
                .collect::<Vec<_>>()
                .join(" and ");
            s.text = format!(
                "Suppose {} were {d}. Following the consequences step by step, some candidate would have to be both true and false ({clash}): impossible. So {} cannot be {d}.",
                cell_name(cell),
                cell_name(cell)
            );
            best = Some((r, s));
        }
    }
    best.map(|b| b.1)
}

/// Dynamic cell forcing chains: every candidate of a cell followed dynamically implies the
/// same candidate true or false (SE 8.5 + length).
pub fn dynamic_cell_forcing(board: &Board) -> Option<Step> {
    let mut best: Option<(f64, Step)> = None;
    for cell in 0..81 {
        if board.values[cell] != 0 || board.count(cell) < 2 {
            continue;
        }
        let runs: Vec<Dynamic> = digits_of(board.cands[cell])
            .map(|d| Dynamic::run(board, &[node(cell, d, true)], 0))
            .collect();
        if runs.iter().any(|r| r.contradiction.is_some()) {
            continue;
        }
        for target in 0..1458 {
            if !runs.iter().all(|r| r.has(target)) {
                continue;
            }
            let (c, d, on) = parts(target);
            if c == cell || !board.has(c, d) {
                continue;
            }
            let complexity: usize = runs.iter().map(|r| r.complexity_of(&[target])).sum();
            let r = 8.5 + length_surcharge(complexity);
            if best.as_ref().is_some_and(|b| b.0 <= r) {
                continue;
            }
            let mut s = Step::new("Dynamic Cell Forcing Chains", r);
            if on {
                s = s.place(c, d);
            } else {
                s.eliminate(c, d);
            }
            for run in &runs {
                run.draw(&mut s, &[target]);
            }
            s.text = format!(
                "{} must hold one of its candidates, and following the consequences of each one leads to the same result: {}. So it is certain.",
                cell_name(cell),
                claim(target)
            );
            best = Some((r, s));
        }
    }
    best.map(|b| b.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudoku::solver::count_solutions;

    #[test]
    fn nothing_is_forced_when_every_candidate_has_a_solution() {
        // A sparse grid whose every candidate belongs to some solution: a sound forcing chain
        // has nothing to remove or place, however far it follows the consequences.
        let sol =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let mut g = Grid::EMPTY;
        for cell in [0, 8, 10, 16, 20, 24, 30, 40, 50, 56, 60, 64, 70, 72, 80] {
            g.cells[cell] = sol.as_bytes()[cell] - b'0';
        }
        let b = Board::from_grid(&g);
        for cell in (0..81).filter(|&c| g.cells[c] == 0) {
            for d in digits_of(b.cands[cell]) {
                let mut with = g;
                with.cells[cell] = d;
                assert_eq!(
                    count_solutions(&with, 1),
                    1,
                    "r{}c{} {d} has no solution",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
        assert!(dynamic_contradiction(&b, 0).is_none());
        assert!(dynamic_cell_forcing(&b).is_none());
        assert!(multiple_forcing_chain(&b).is_none());
    }

    #[test]
    fn contradiction_of_a_wrong_digit_is_found() {
        // A solved grid with 30 scattered cells cleared (still one solution, 35 wrong
        // candidates): assuming any wrong digit breaks the grid, the right one never does.
        let sol =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let mut g = Grid::parse(sol).unwrap();
        let cleared = [
            1, 2, 5, 8, 10, 13, 15, 17, 18, 23, 24, 33, 35, 36, 37, 40, 42, 43, 45, 51, 58, 60, 62,
            63, 69, 70, 71, 78, 79, 80,
        ];
        for &cell in &cleared {
            g.cells[cell] = 0;
        }
        assert_eq!(count_solutions(&g, 2), 1);
        let b = Board::from_grid(&g);
        let mut wrong_refuted = 0;
        for &cell in &cleared {
            for d in digits_of(b.cands[cell]) {
                let run = Dynamic::run(&b, &[node(cell, d, true)], 0);
                if sol.as_bytes()[cell] - b'0' == d {
                    assert!(
                        run.contradiction.is_none(),
                        "the right {d} of cell {cell} refuted"
                    );
                } else if run.contradiction.is_some() {
                    wrong_refuted += 1;
                }
            }
        }
        let wrong: u32 = cleared.iter().map(|&c| b.count(c) - 1).sum();
        assert_eq!((wrong_refuted, wrong), (35, 35), "wrong digits refuted");
        // The search built on it finds a step, and it only removes wrong digits.
        let s = dynamic_contradiction(&b, 0).expect("a contradiction step");
        assert!(!s.eliminations.is_empty());
        for e in &s.eliminations {
            assert_ne!(
                sol.as_bytes()[e.cell] - b'0',
                e.digit,
                "removed a right digit"
            );
        }
    }
}
