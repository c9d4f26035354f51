//! Connect6 as Little Golem writes it: `(;FF[4]EV[connect6.ch.26.1.1]
//! PB[…]PW[…]SO[http://www.littlegolem.com];B[j10];W[j9l11];B[k9l8]…)`.
//! Little Golem writes no game number (SGF has none for Connect6) and names
//! the game in `EV`; tabletop writes `EV[connect6]` likewise. A cell is a
//! lower-case column letter and a row from 1 (`j10`, the centre of 19x19),
//! rows counted from the top as tabletop draws them (Little Golem's own
//! drawing of the board was not checked; Connect6 is the same game upside
//! down), so `j10` is tabletop's `J9`. A turn's two stones run together
//! in one value (`W[j9l11]`); SGF's two-letter cells (`jj`) and a node a
//! stone are read too. A line other than six is `RU[line=5]`.

use super::dialect::{Cells, Dialect};
use super::form::{Form, Interchange};
use tabletop_engine::connect6::Connect6;

impl Interchange for Connect6 {
    const FORM: Option<Form> = Some(Form::Sgf(Dialect {
        game_number: None,
        event: Some("connect6"),
        cells: Cells::LetterNumber,
        joins_turns: true,
        swap: None,
    }));
}
