//! Hex in the plain console: the board drawn as a rhombus.

use std::io::{self, Write};

use super::{Console, PlainGame, Style, grid};
use tabletop_engine::hex::{Hex, HexMove};
use tabletop_engine::{Described, Game};

pub struct HexConsole {
    game: Hex,
}

impl PlainGame for Hex {
    type Console = HexConsole;

    fn console(game: Hex, _style: Style) -> HexConsole {
        HexConsole { game }
    }

    /// A rhombus: each row one space further right.
    fn board_text(&self) -> String {
        grid(self, true, '.')
    }
}

impl Console for HexConsole {
    type G = Hex;

    fn game(&self) -> &Hex {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.game.board_text())
    }

    fn prompt(&self) -> String {
        format!(
            "Player {}, make your move: ",
            Hex::symbol(self.game.to_move())
        )
    }

    fn read_move(&self, line: &str) -> Result<HexMove, &'static str> {
        const INVALID: &str = "Invalid move. Enter again!";
        let mv: HexMove = line.parse().map_err(|_| INVALID)?;
        self.game.check(mv).map_err(|_| INVALID)?;
        Ok(mv)
    }

    fn play(&mut self, mv: HexMove, out: &mut dyn Write) -> io::Result<()> {
        self.game.play_unchecked(mv);
        write!(out, "{}", self.game.board_text())?;
        match self.game.outcome() {
            Some(outcome) => writeln!(out, "{}", Hex::result_text(outcome)),
            None => Ok(()),
        }
    }
}
