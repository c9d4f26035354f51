//! Games where other programs keep them: SGF for Hex (as HexGui writes
//! it), Connect6 (as Little Golem writes it) and Gomoku, and the move-list
//! transcript of Reversi (`f5d6c3…`). A foreign file is read into a
//! tabletop record, every move checked by the engine, and a record is
//! written back out in its game's form.
//!
//! Each game says in its own file here which form it takes
//! ([`Interchange::FORM`]); [`sgf`] is SGF's syntax, [`dialect`] what a
//! program's SGF means, [`from_sgf`] and [`to_sgf`] a game read and
//! written, [`transcript`] the move list. Nothing here touches a file: the
//! command line reads and writes them.

pub mod dialect;
pub mod from_sgf;
pub mod sgf;
pub mod to_sgf;
pub mod transcript;

/// Declares each game's module (`gekitai`, `hex`, ...), one per game of
/// the list in [`crate::for_each_game`].
macro_rules! game_modules {
    ($($module:ident :: $game:ident),+ $(,)?) => {
        $(mod $module;)+
    };
}
crate::for_each_game!(game_modules);

use std::fmt;
use std::str::FromStr;

use crate::engine::Described;
use crate::engine::quote::quote;
use crate::engine::record::Record;
use crate::games::{AnyRecord, GameKind, Playable, WithGame, WithRecord};

pub use dialect::Dialect;

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

/// The form of a game of the list, without running anything for it.
struct FormOf;

impl WithGame for FormOf {
    type Output = Option<Form>;
    fn run<G: Playable>(self) -> Option<Form> {
        G::FORM
    }
}

/// Every game with its form, in the order of the list.
fn forms() -> impl Iterator<Item = (GameKind, Form)> {
    GameKind::ALL
        .iter()
        .filter_map(|&kind| kind.with(FormOf).map(|form| (kind, form)))
}

/// What the game of `kind` is kept as, in words, for messages.
fn kept_as(kind: GameKind) -> String {
    match kind.with(FormOf) {
        Some(form) => format!(
            "other programs keep {} games as {} (--format {})",
            kind.title(),
            form.format().described(),
            form.format()
        ),
        None => format!(
            "no other program is known to keep {} games, so a record is its only form",
            kind.title()
        ),
    }
}

/// Reads a foreign file's text into a tabletop record (TOML), every move
/// checked by the engine. SGF is read when the text starts with `(` or the
/// file is named as SGF (`sgf_named`); anything else is read as a
/// transcript.
pub fn import(text: &str, sgf_named: bool) -> Result<String, ForeignError> {
    let is_sgf = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('(');
    if is_sgf || sgf_named {
        import_sgf(text)
    } else {
        import_transcript(text)
    }
}

/// The game of an SGF file, read in its dialect, as a record's text.
struct FromSgf<'a> {
    dialect: Dialect,
    nodes: &'a [sgf::Node],
}

impl WithGame for FromSgf<'_> {
    type Output = Result<String, ForeignError>;
    fn run<G: Playable>(self) -> Self::Output {
        from_sgf::read::<G>(&self.dialect, self.nodes).map(|record| record.to_toml())
    }
}

/// The game of a transcript, as a record's text.
struct FromTranscript<'a>(&'a str);

impl WithGame for FromTranscript<'_> {
    type Output = Result<String, ForeignError>;
    fn run<G: Playable>(self) -> Self::Output {
        transcript::read::<G>(self.0).map(|record| record.to_toml())
    }
}

fn import_sgf(text: &str) -> Result<String, ForeignError> {
    let nodes = sgf::parse(text)?;
    let root = nodes
        .first()
        .ok_or_else(|| ForeignError::at(1, "the game has no nodes"))?;
    let (kind, dialect) = from_sgf::game_of(root, forms())?;
    kind.with(FromSgf {
        dialect,
        nodes: &nodes,
    })
}

fn import_transcript(text: &str) -> Result<String, ForeignError> {
    let kind = forms()
        .find(|(_, form)| matches!(form, Form::Transcript))
        .map(|(kind, _)| kind)
        .ok_or_else(|| ForeignError::new("no game is kept as a transcript"))?;
    kind.with(FromTranscript(text))
}

/// A record written in `format` (by default its game's own form): the
/// text, and the format it is in.
pub fn export(record: AnyRecord, format: Option<Format>) -> Result<(Format, String), Unwritable> {
    struct Export(Option<Format>);
    impl WithRecord for Export {
        type Output = Result<(Format, String), Unwritable>;
        fn run<G: Playable>(self, record: Record<G>) -> Self::Output {
            let kind = GameKind::of::<G>();
            let form = G::FORM.ok_or_else(|| Unwritable(kept_as(kind)))?;
            if let Some(format) = self.0.filter(|&f| f != form.format()) {
                return Err(Unwritable(format!(
                    "{} is not written as {}: {}",
                    kind.title(),
                    format.described(),
                    kept_as(kind)
                )));
            }
            let text = match form {
                Form::Sgf(dialect) => to_sgf::write(&dialect, &record),
                Form::Transcript => transcript::write(&record)?,
            };
            Ok((form.format(), text))
        }
    }
    record.with(Export(format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_and_write_their_names() {
        for format in Format::ALL {
            assert_eq!(format.name().parse(), Ok(format));
            assert_eq!(format.to_string(), format.name());
        }
        assert!(
            "pgn"
                .parse::<Format>()
                .unwrap_err()
                .contains("sgf or transcript")
        );
    }

    #[test]
    fn each_format_has_a_game_and_no_two_games_share_a_name_in_sgf() {
        let forms: Vec<(GameKind, Form)> = forms().collect();
        for format in Format::ALL {
            assert!(forms.iter().any(|(_, form)| form.format() == format));
        }
        let dialects: Vec<Dialect> = forms
            .iter()
            .filter_map(|(_, form)| match form {
                Form::Sgf(dialect) => Some(*dialect),
                Form::Transcript => None,
            })
            .collect();
        for (i, a) in dialects.iter().enumerate() {
            assert!(
                a.game_number.is_some() || a.event.is_some(),
                "{a:?} is nameless"
            );
            for b in &dialects[i + 1..] {
                assert!(a.game_number.is_none() || a.game_number != b.game_number);
                assert!(a.event.is_none() || a.event != b.event);
            }
        }
    }
}
