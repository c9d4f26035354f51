//! The forms games take in other programs' files: the formats tabletop
//! reads and writes, and each game's own [`Form`], which the game states
//! through [`Interchange`].

use std::fmt;
use std::str::FromStr;

use tabletop_engine::Described;
use tabletop_engine::quote::quote;

use super::dialect::Dialect;

/// A format other programs keep games in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// The Smart Game Format (`.sgf`).
    Sgf,
    /// A game's moves run together, `f5d6c3…` (`.txt`).
    Transcript,
}

impl Format {
    pub const ALL: [Format; 2] = [Format::Sgf, Format::Transcript];

    /// `sgf`, `transcript`: as `--format` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::Transcript => "transcript",
        }
    }

    /// The format in a sentence: `SGF`, `a move-list transcript`.
    pub const fn described(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Transcript => "a move-list transcript",
        }
    }

    /// The file name extension files of this format have.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::Transcript => "txt",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(text: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == text)
            .ok_or_else(|| format!("unknown format {} (sgf or transcript)", quote(text)))
    }
}

/// The form a game takes in other programs' files.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    /// SGF, as one program writes this game.
    Sgf(Dialect),
    /// The moves in the game's own notation run together, the forced ones
    /// (passes) left out, on the game's standard board.
    Transcript,
}

impl Form {
    pub const fn format(&self) -> Format {
        match self {
            Form::Sgf(_) => Format::Sgf,
            Form::Transcript => Format::Transcript,
        }
    }
}

/// Where other programs keep a game: each game's file in this module says.
pub trait Interchange: Described {
    /// The form other programs keep the game in; `None` for a game no
    /// other program is known to keep.
    const FORM: Option<Form> = None;
}
