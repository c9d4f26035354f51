//! Hex as HexGui writes it: `(;AP[HexGui:0.9]FF[4]GM[11]SZ[11];B[f6];
//! W[swap-pieces];W[e7]…)`. Black is the first player (tabletop's O) and
//! joins top and bottom; a cell is a column letter and a row from 1
//! (`a1` top left), which is tabletop's board transposed: exactly GTP's
//! vertices for Hex ([`crate::gtp::notation`]), so the two share one
//! mapping. The swap is `swap-pieces` (`swap-sides` and `swap` are read
//! too); HexGui keeps the swapped stone and has the players exchange
//! colours, see [`super::dialect::Swap`]. A game played with the swap rule
//! on says so in `RU[swap=on]`; a file that swaps has it on anyway.

use super::dialect::{Cells, Dialect, Swap};
use super::form::{Form, Interchange};
use tabletop_engine::hex::Hex;

impl Interchange for Hex {
    const FORM: Option<Form> = Some(Form::Sgf(Dialect {
        game_number: Some(11),
        event: None,
        cells: Cells::Vertices,
        joins_turns: false,
        swap: Some(Swap {
            setting: "swap",
            written: "swap-pieces",
            words: &["swap-pieces", "swap-sides", "swap"],
        }),
    }));
}
