//! One step of a logical solution: which technique, what it places and removes, and the
//! cells, units, candidates and links that prove it (the JSON shape the page draws).

use serde::Serialize;

use super::candidates::{Board, unit_kind};
use super::names;

/// A digit in a cell (a placement, an elimination or a link end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellDigit {
    /// The cell, 0–80 row-major.
    pub cell: usize,
    /// The digit, 1–9.
    pub digit: u8,
}

/// A unit as the page names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UnitRef {
    /// "row", "column" or "box".
    pub kind: &'static str,
    /// 0–8.
    pub index: usize,
}

impl UnitRef {
    /// The unit with index 0–26 in [`super::candidates::UNITS`] order.
    pub fn of(unit: usize) -> UnitRef {
        let (kind, index) = unit_kind(unit);
        UnitRef { kind, index }
    }

    /// The unit's index 0–26 in [`super::candidates::UNITS`] order (the inverse of [`Self::of`]).
    pub fn unit(&self) -> usize {
        match self.kind {
            "row" => self.index,
            "column" => 9 + self.index,
            _ => 18 + self.index,
        }
    }
}

/// How a candidate takes part in a step's proof (the page colours it by role).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Part of the pattern (subset, fish, wing).
    Pattern,
    /// Assumed or proved true in a chain.
    On,
    /// Assumed or proved false in a chain.
    Off,
    /// A fin of a finned fish.
    Fin,
}

/// A highlighted candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoleCandidate {
    /// The cell, 0–80.
    pub cell: usize,
    /// The digit, 1–9.
    pub digit: u8,
    /// Its role in the proof.
    pub role: Role,
}

/// A link of a chain, drawn as an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// Where the inference starts.
    pub from: CellDigit,
    /// Where it ends.
    pub to: CellDigit,
    /// True for a strong link (if `from` is false, `to` is true).
    pub strong: bool,
}

/// A placed digit that keeps a digit out of a cell: what a single's picture shows so the player
/// sees why the other cells cannot take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Blocker {
    /// The cell holding the digit (a given or a placed digit).
    pub from: usize,
    /// The digit it holds.
    pub digit: u8,
    /// The cell it rules the digit out of (they share a row, column or box).
    pub blocks: usize,
}

/// One application of one named technique.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique's name as Sudoku Explainer gives it, e.g. "Hidden Single", "Pointing".
    pub technique: String,
    /// What players call it, e.g. "Hidden single", "Pointing pair".
    pub name: String,
    /// A plain one-paragraph explanation of the technique.
    pub about: &'static str,
    /// Its difficulty on the Sudoku Explainer scale.
    pub rating: f64,
    /// Digits it places.
    pub placements: Vec<CellDigit>,
    /// Candidates it removes.
    pub eliminations: Vec<CellDigit>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The units the pattern lives in.
    pub units: Vec<UnitRef>,
    /// Candidates that prove it, with their roles.
    pub candidates: Vec<RoleCandidate>,
    /// Chain links, if the technique is a chain.
    pub links: Vec<Link>,
    /// For singles, the placed digits that rule the digit out of the unit's other cells (hidden
    /// single) or the other digits out of the cell (naked single).
    pub blockers: Vec<Blocker>,
    /// One plain-language sentence explaining it.
    pub text: String,
}

impl Step {
    /// A step with a name and rating and nothing else yet.
    pub fn new(technique: &str, rating: f64) -> Step {
        Step {
            technique: technique.to_string(),
            name: names::player_name(technique, 0),
            about: names::about(technique),
            rating: (rating * 10.0).round() / 10.0,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            candidates: Vec::new(),
            links: Vec::new(),
            blockers: Vec::new(),
            text: String::new(),
        }
    }

    /// Adds a placement.
    pub fn place(mut self, cell: usize, digit: u8) -> Step {
        self.placements.push(CellDigit { cell, digit });
        self
    }

    /// Adds units (0–26 indices).
    pub fn with_units(mut self, units: &[usize]) -> Step {
        self.units.extend(units.iter().map(|&u| UnitRef::of(u)));
        self
    }

    /// Sets the pattern cells.
    pub fn with_cells(mut self, cells: &[usize]) -> Step {
        self.cells = cells.to_vec();
        // "Pointing pair" or "triple" depends on the pattern's size.
        self.name = names::player_name(&self.technique, cells.len());
        self
    }

    /// Sets the explanation.
    pub fn with_text(mut self, text: String) -> Step {
        self.text = text;
        self
    }

    /// Adds a highlighted candidate.
    pub fn mark(&mut self, cell: usize, digit: u8, role: Role) {
        let c = RoleCandidate { cell, digit, role };
        if !self.candidates.contains(&c) {
            self.candidates.push(c);
        }
    }

    /// Marks every candidate of `digits` present in `cells` with `role`.
    pub fn mark_all(&mut self, board: &Board, cells: &[usize], digits: u16, role: Role) {
        for &c in cells {
            for d in 1..=9u8 {
                if digits & (1 << d) != 0 && board.has(c, d) {
                    self.mark(c, d, role);
                }
            }
        }
    }

    /// Adds an elimination (once).
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        let e = CellDigit { cell, digit };
        if !self.eliminations.contains(&e) {
            self.eliminations.push(e);
        }
    }

    /// True when the step changes the board.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Applies the step's placements and eliminations to a board.
    pub fn apply(&self, board: &mut Board) {
        for e in &self.eliminations {
            board.eliminate(e.cell, e.digit);
        }
        for p in &self.placements {
            if board.values[p.cell] == 0 {
                board.place(p.cell, p.digit);
            }
        }
    }
}

/// A list of candidates as text, e.g. "r1c2<>5, r3c4<>5".
pub fn eliminations_text(elims: &[CellDigit]) -> String {
    elims
        .iter()
        .map(|e| format!("{}<>{}", super::grid::cell_name(e.cell), e.digit))
        .collect::<Vec<_>>()
        .join(", ")
}
