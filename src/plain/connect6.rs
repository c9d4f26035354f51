//! Connect6 in the plain console.

use std::io::{self, Write};

use super::{Console, letters, spaced_grid};
use crate::engine::connect6::{Connect6, Stone};
use crate::engine::{Game, Outcome};

pub struct Connect6Console {
    game: Connect6,
}

impl Connect6Console {
    pub fn new(game: Connect6) -> Self {
        Connect6Console { game }
    }

    fn board(&self) -> String {
        let side = self.game.side();
        spaced_grid(side, letters(side).map(String::from), 0, false, |cell| {
            self.game.piece_at(cell).map_or('.', Connect6::symbol)
        })
    }
}

impl Console for Connect6Console {
    type G = Connect6;

    fn game(&self) -> &Connect6 {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.board())
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
        write!(out, "{}", self.board())?;
        match self.game.outcome() {
            Some(Outcome::Win(player)) => {
                writeln!(out, "Player {} wins!", Connect6::symbol(player))
            }
            Some(Outcome::Draw) => writeln!(out, "Draw game!"),
            None => Ok(()),
        }
    }
}
