//! The move-list transcript, as Othello programs and sites exchange games:
//! the moves in the game's own notation run together, `f5d6c3d3c4…`
//! (columns a to h from the left, rows 1 to 8 from the top, so that the
//! standard start's first moves are d3, c4, f5 and e6), passes left out
//! because they are implied. A transcript says nothing of the board's
//! size, so it is always a game on the standard board.
//!
//! Reading takes either case, and spaces or line breaks anywhere between
//! moves.

use tabletop_engine::line::Line;
use tabletop_engine::quote::quote;
use tabletop_engine::record::{MAX_MOVES, Record};
use tabletop_engine::{Described, GameSettings};

use super::{ForeignError, Unwritable};

/// The record as a transcript, on one line.
pub fn write<G: Described>(record: &Record<G>) -> Result<String, Unwritable> {
    let side = record.start.side();
    let standard = G::Settings::default();
    if record.start.settings() != standard {
        let usual = standard.side();
        return Err(Unwritable(format!(
            "a transcript says nothing of the board, so only games of {} on the standard \
             {usual}x{usual} board are written as one (this one is {side}x{side})",
            G::TITLE
        )));
    }
    let mut text: String = record.moves.iter().map(ToString::to_string).collect();
    text.push('\n');
    Ok(text)
}

/// A move as the transcript writes it, and its line.
struct Written<'a> {
    text: &'a str,
    line: usize,
}

/// The moves of a transcript: each a letter, then the digits after it.
fn split(text: &str) -> Result<Vec<Written<'_>>, ForeignError> {
    let mut moves = Vec::new();
    let mut line = 1;
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            if c == '\n' {
                line += 1;
            }
            rest = &rest[c.len_utf8()..];
            continue;
        }
        // A letter is one byte, and so are digits.
        let digits = if c.is_ascii_alphabetic() {
            rest[1..].bytes().take_while(u8::is_ascii_digit).count()
        } else {
            0
        };
        if digits == 0 {
            let word: String = rest
                .split_whitespace()
                .next()
                .unwrap_or(rest)
                .chars()
                .take(20)
                .collect();
            return Err(ForeignError::at(
                line,
                format!(
                    "{} is not a move: a transcript is moves run together, like f5d6c3",
                    quote(&word)
                ),
            ));
        }
        if moves.len() == MAX_MOVES {
            return Err(ForeignError::at(
                line,
                format!("more than {MAX_MOVES} moves: more than any game has"),
            ));
        }
        let (written, after) = rest.split_at(1 + digits);
        moves.push(Written {
            text: written,
            line,
        });
        rest = after;
    }
    Ok(moves)
}

/// Reads a transcript of a game of `G` on its standard board, replaying
/// every move through the engine.
pub fn read<G: Described>(text: &str) -> Result<Record<G>, ForeignError> {
    let written = split(text)?;
    if written.is_empty() {
        return Err(ForeignError::at(
            1,
            "no moves: a transcript is moves run together, like f5d6c3",
        ));
    }
    let start = G::new(G::Settings::default());
    let mut line = Line::new(start.clone());
    for (i, move_text) in written.iter().enumerate() {
        let refuse = |reason: String| ForeignError::at_move(move_text.line, i + 1, reason);
        let mv: G::Move = move_text.text.parse().map_err(|_| {
            refuse(format!(
                "{} is not a cell of the {} board",
                quote(move_text.text),
                G::TITLE
            ))
        })?;
        line.play(mv)
            .map_err(|illegal| refuse(format!("{}: {illegal}", move_text.text)))?;
    }
    let mut record = Record::new(start);
    record.moves = line.moves().collect();
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::reversi::Reversi;

    #[test]
    fn the_standard_openings_are_legal_and_passes_implied() {
        let record = read::<Reversi>("f5d6c3\nD3 c4").expect("the perpendicular opening");
        assert_eq!(record.moves.len(), 5);
        assert_eq!(write(&record).expect("8x8"), "f5d6c3d3c4\n");
        for first in ["d3", "c4", "f5", "e6"] {
            assert!(read::<Reversi>(first).is_ok(), "{first}");
        }
    }

    #[test]
    fn bad_transcripts_name_the_line_and_move() {
        let error = read::<Reversi>("f5d6\nc3c3").unwrap_err();
        assert_eq!((error.line, error.move_number), (Some(2), Some(4)));
        assert!(error.reason.contains("c3"), "{error}");
        let error = read::<Reversi>("f5 d6\n\n(;GM[2])").unwrap_err();
        assert_eq!(error.line, Some(3));
        assert!(error.reason.contains("not a move"), "{error}");
        let error = read::<Reversi>("a1").unwrap_err();
        assert_eq!(error.move_number, Some(1));
        let error = read::<Reversi>("f5z9").unwrap_err();
        assert!(error.reason.contains("not on the board"), "{error}");
        assert!(read::<Reversi>("  \n").is_err());
        assert!(read::<Reversi>("fé5").is_err());
        let too_many = "f5".repeat(MAX_MOVES + 1);
        assert!(
            read::<Reversi>(&too_many)
                .unwrap_err()
                .reason
                .contains("more than")
        );
    }
}
