//! Where an error applies: the cells, line, card or input it is about, so that a page can mark
//! the input at fault and the CLI can name it, without reading the message's prose.

use serde::Serialize;

/// A card of a 5×5 Voltorb Flip board, row and column counted from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Card {
    /// Row from 0 (top).
    pub row: usize,
    /// Column from 0 (left).
    pub col: usize,
}

/// The place of an error; every part is optional and absent parts are not serialized.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ErrorPlace {
    /// Sudoku cells 0–80, row by row.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<usize>,
    /// A 1-based line within the text input named by `field`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// A Voltorb Flip card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    /// Which input of the request: `"puzzle"`, `"board"`, `"pieces"`, `"rows"`, `"cols"`, …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    /// An entry of that input counted from 0, e.g. a clue line of `"rows"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
}

impl ErrorPlace {
    /// The place "somewhere in input `field`".
    pub fn field(field: &'static str) -> Self {
        ErrorPlace {
            field: Some(field),
            ..ErrorPlace::default()
        }
    }

    /// The same place, narrowed to `cells`.
    pub fn cells(mut self, cells: Vec<usize>) -> Self {
        self.cells = cells;
        self
    }

    /// The same place, narrowed to a 1-based line.
    pub fn line(mut self, line: usize) -> Self {
        self.line = Some(line);
        self
    }

    /// The same place, narrowed to a card.
    pub fn card(mut self, row: usize, col: usize) -> Self {
        self.card = Some(Card { row, col });
        self
    }

    /// The same place, narrowed to an entry counted from 0.
    pub fn index(mut self, index: usize) -> Self {
        self.index = Some(index);
        self
    }

    /// True when the place says nothing (the error is about the request as a whole).
    pub fn is_empty(&self) -> bool {
        *self == ErrorPlace::default()
    }
}

/// An error that knows where it applies.
pub trait Located {
    /// The cells, line, card or input the error is about.
    fn place(&self) -> ErrorPlace;
}
