//! Gomoku in SGF as the Gomoku and Renju programs write it: `GM[4]`
//! ("Gomoku and Renju" in SGF's list of games), `SZ[15]`, and SGF's
//! two-letter cells, column then row from the top (`hh` is the centre of
//! 15x15, tabletop's `H8`), a node a stone. Little Golem's letter-number
//! cells (`h8`) are read too. The exact rule is `RU[rule=exact]`.

use super::dialect::{Cells, Dialect};
use super::form::{Form, Interchange};
use tabletop_engine::gomoku::Gomoku;

impl Interchange for Gomoku {
    const FORM: Option<Form> = Some(Form::Sgf(Dialect {
        game_number: Some(4),
        event: None,
        cells: Cells::Pairs,
        joins_turns: false,
        swap: None,
    }));
}
