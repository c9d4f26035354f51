//! Reversi as Othello players exchange it: the move-list transcript
//! (`f5d6c3d3c4f4…`), in tabletop's own notation for Reversi, which is
//! Othello's: columns a to h from the left, rows 1 to 8 from the top, the
//! standard start with White on d4 and e5. Passes are implied; only 8x8
//! games have a transcript.

use super::form::{Form, Interchange};
use tabletop_engine::reversi::Reversi;

impl Interchange for Reversi {
    const FORM: Option<Form> = Some(Form::Transcript);
}
