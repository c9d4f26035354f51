//! Connect6 in the plain console.

use std::io::{self, Write};

use super::{Console, PlainGame, Style, grid};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Described, Game};

pub struct Connect6Console {
    game: Connect6,
}

impl PlainGame for Connect6 {
    type Console = Connect6Console;

    fn console(game: Connect6, _style: Style) -> Connect6Console {
        Connect6Console { game }
    }

    fn board_text(&self) -> String {
        grid(self, false, '.')
    }
}

impl Console for Connect6Console {
    type G = Connect6;

    fn game(&self) -> &Connect6 {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.game.board_text())
    }

    fn prompt(&self) -> String {
        let (stone, of) = self.game.stone_of_turn();
        let player = Connect6::symbol(self.game.to_move());
        format!("Player {player}'s turn (stone {stone} of {of}): ")
    }

    fn read_move(&self, line: &str) -> Result<Stone, &'static str> {
        const INVALID: &str = "Invalid Enter again!";
        let stone: Stone = line.parse().map_err(|_| INVALID)?;
        self.game.check(stone).map_err(|_| INVALID)?;
        Ok(stone)
    }

    fn play(&mut self, stone: Stone, out: &mut dyn Write) -> io::Result<()> {
        self.game.play_unchecked(stone);
        write!(out, "{}", self.game.board_text())?;
        match self.game.outcome() {
            Some(outcome) => writeln!(out, "{}", Connect6::result_text(outcome)),
            None => Ok(()),
        }
    }
}
