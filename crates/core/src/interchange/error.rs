//! What can go wrong between tabletop and another program's file.

use std::fmt;

use super::sgf;

/// Why a foreign file cannot be read, and where: the line of the file,
/// and the move (counting from 1, as a record's entries), when a move is
/// the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForeignError {
    pub line: Option<usize>,
    pub move_number: Option<usize>,
    pub reason: String,
}

impl ForeignError {
    pub fn new(reason: impl Into<String>) -> ForeignError {
        ForeignError {
            line: None,
            move_number: None,
            reason: reason.into(),
        }
    }

    pub fn at(line: usize, reason: impl Into<String>) -> ForeignError {
        ForeignError {
            line: Some(line),
            ..ForeignError::new(reason)
        }
    }

    pub fn at_move(line: usize, number: usize, reason: impl Into<String>) -> ForeignError {
        ForeignError {
            move_number: Some(number),
            ..ForeignError::at(line, reason)
        }
    }
}

impl fmt::Display for ForeignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(number) = self.move_number {
            write!(f, "move {number}: ")?;
        }
        f.write_str(&self.reason)
    }
}

impl std::error::Error for ForeignError {}

impl From<sgf::SyntaxError> for ForeignError {
    fn from(error: sgf::SyntaxError) -> Self {
        ForeignError::at(error.line, error.reason)
    }
}

/// Why a record cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwritable(pub String);

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unwritable {}
