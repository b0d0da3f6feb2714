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
    #[error("board size {} is not WxH with W and H from 1 to 64 (e.g. 6x10)", quoted(.0))]
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
    #[error("{}: the count after * must be a whole number from 1 to 64", quoted(.0))]
    BadPieceCount(String),
    /// A brick whose sides are not 1 to 16.
    #[error("{}: a brick's sides must be whole numbers from 1 to 16", quoted(.0))]
    BadBrickSize(String),
    /// A piece's cells are not connected.
    #[error("piece {} is not connected: every cell must touch another across an edge", quoted(.0))]
    Disconnected(String),
    /// Too many different piece shapes.
    #[error("{0} different piece shapes; at most 64 are supported")]
    TooManyShapes(usize),
    /// A piece name that the library does not know.
    #[error(
        "unknown piece set {} (try meteor, pentominoes, tetrominoes, hexominoes, bricks, hexiamonds, tetriamonds, or AxB rectangles such as 2x3*4)",
        quoted(.0)
    )]
    UnknownPieces(String),
    /// A board name that the library does not know.
    #[error(
        "unknown board {} (give WxH such as 6x10, a library name such as meteor, or a board drawing)",
        quoted(.0)
    )]
    UnknownBoard(String),
    /// Pieces of a square set on a hex board or the other way round.
    #[error(
        "the board is a {} grid but the pieces are {} pieces",
        grid_name(board),
        grid_name(pieces)
    )]
    KindMismatch {
        /// The board's grid.
        board: &'static str,
        /// The pieces' grid.
        pieces: &'static str,
    },
    /// Areas differ and unused pieces are not allowed.
    #[error(
        "the board has {} but the pieces cover {pieces}; they must be equal (or allow unused pieces when the pieces cover more)",
        cells(*board)
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

/// A word of the user's input as a message quotes it: cut short past 40 characters, so that a
/// pasted wall of text does not fill the message (and the page) with itself.
fn quoted(text: &str) -> String {
    const MOST: usize = 40;
    match text.char_indices().nth(MOST) {
        Some((cut, _)) => format!("{:?}", format!("{}…", &text[..cut])),
        None => format!("{text:?}"),
    }
}

/// A grid kind as the page's buttons name it.
fn grid_name(kind: &str) -> &str {
    match kind {
        "tri" => "triangle",
        other => other,
    }
}

/// "1 cell", "12 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pasted wall of text is quoted cut short; grids and counts read as words.
    #[test]
    fn messages_quote_input_briefly_and_read_well() {
        let long = "x".repeat(100_000);
        let message = PolyError::UnknownPieces(long).to_string();
        assert!(message.starts_with(&format!("unknown piece set \"{}…\" (try", "x".repeat(40))));
        assert!(message.len() < 250, "{message}");
        let mismatch = PolyError::KindMismatch {
            board: "tri",
            pieces: "hex",
        };
        assert_eq!(
            mismatch.to_string(),
            "the board is a triangle grid but the pieces are hex pieces"
        );
        let area = PolyError::AreaMismatch {
            board: 1,
            pieces: 5,
        };
        assert!(area.to_string().starts_with("the board has 1 cell but"));
    }
}
