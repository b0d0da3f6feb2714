//! What can be wrong with a tiling puzzle the user typed, drew or named.

use thiserror::Error;

use crate::util::place::{ErrorPlace, Located};

/// Which text input a line number counts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// The board drawing.
    Board,
    /// The pieces drawing.
    Pieces,
}

impl Input {
    /// The request field of this input.
    pub fn field(self) -> &'static str {
        match self {
            Input::Board => "board",
            Input::Pieces => "pieces",
        }
    }
}

/// A problem with a board, a piece set or the pair of them; the message names the culprit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PolyError {
    /// A `WxH` board size that does not parse or is out of range.
    #[error("board size {0:?} is not WxH with W and H from 1 to 64 (e.g. 6x10)")]
    BadSize(String),
    /// A character in a board or pieces file that means nothing there.
    #[error("line {line}, column {col}: unexpected character {ch:?} ({hint})")]
    BadChar {
        /// The input the line is in.
        input: Input,
        /// 1-based line number.
        line: usize,
        /// 1-based column number.
        col: usize,
        /// The character.
        ch: char,
        /// What is allowed there.
        hint: &'static str,
    },
    /// A malformed line, with a description.
    #[error("line {line}: {message}")]
    BadLine {
        /// The input the line is in.
        input: Input,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The board has no cells.
    #[error("the board has no cells to cover")]
    EmptyBoard,
    /// The board's bounding box is larger than the search supports.
    #[error("the board spans {cells} grid positions; at most {max} are supported")]
    BoardTooLarge {
        /// Width × height of the bounding box (as the search lays it out).
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// No pieces at all.
    #[error(
        "no pieces given: name a set (pentominoes, meteor, …), give AxB bricks such as 2x3*4, or draw pieces"
    )]
    NoPieces,
    /// A count after `*` that is not 1 to 64.
    #[error("{0:?}: the count after * must be a whole number from 1 to 64")]
    BadPieceCount(String),
    /// A brick whose sides are not 1 to 16.
    #[error("{0:?}: a brick's sides must be whole numbers from 1 to 16")]
    BadBrickSize(String),
    /// A piece's cells are not connected.
    #[error("piece {0:?} is not connected: every cell must touch another across an edge")]
    Disconnected(String),
    /// Too many different piece shapes.
    #[error("{0} different piece shapes; at most 64 are supported")]
    TooManyShapes(usize),
    /// A piece name that the library does not know.
    #[error(
        "unknown piece set {0:?} (try meteor, pentominoes, tetrominoes, hexominoes, bricks, hexiamonds, tetriamonds, or AxB rectangles such as 2x3*4)"
    )]
    UnknownPieces(String),
    /// A board name that the library does not know.
    #[error(
        "unknown board {0:?} (give WxH such as 6x10, a library name such as meteor, or a board drawing)"
    )]
    UnknownBoard(String),
    /// Pieces of a square set on a hex board or the other way round.
    #[error("the board is a {board} grid but the pieces are {pieces} pieces")]
    KindMismatch {
        /// The board's grid.
        board: &'static str,
        /// The pieces' grid.
        pieces: &'static str,
    },
    /// Areas differ and unused pieces are not allowed.
    #[error(
        "the board has {board} cells but the pieces cover {pieces}; they must be equal (or allow unused pieces when the pieces cover more)"
    )]
    AreaMismatch {
        /// Cells on the board.
        board: usize,
        /// Cells of all pieces together.
        pieces: usize,
    },
}

impl Located for PolyError {
    /// the board or pieces input, and the line when there is one.
    /// A board and pieces that do not go together count as the pieces' fault: those are what a
    /// user changes to fit a board.
    fn place(&self) -> ErrorPlace {
        use PolyError::*;
        match self {
            BadChar { input, line, .. } | BadLine { input, line, .. } => {
                ErrorPlace::field(input.field()).line(*line)
            }
            BadSize(_) | EmptyBoard | BoardTooLarge { .. } | UnknownBoard(_) => {
                ErrorPlace::field("board")
            }
            NoPieces
            | BadPieceCount(_)
            | BadBrickSize(_)
            | Disconnected(_)
            | TooManyShapes(_)
            | UnknownPieces(_)
            | KindMismatch { .. }
            | AreaMismatch { .. } => ErrorPlace::field("pieces"),
        }
    }
}
