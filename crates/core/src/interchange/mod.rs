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
mod error;
pub mod form;
pub mod from_sgf;
pub mod sgf;
pub mod to_sgf;
pub mod transcript;

// Where other programs keep each game, a file a game.
mod connect6;
mod gekitai;
mod gomoku;
mod hex;
mod reversi;

use crate::games::{AnyRecord, GameKind, Playable, WithGame, WithRecord};
use tabletop_engine::record::Record;

pub use dialect::Dialect;
pub use error::{ForeignError, Unwritable};
pub use form::{Form, Format, Interchange};

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
