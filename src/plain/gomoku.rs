//! Gomoku in the plain console, in the style of Connect6's: the board with
//! `.` for empty cells, a prompt for each stone.
//!
//! ```text
//!    A B C D E
//!  1 . . . . .
//!  2 . B . . .
//!  3 . . W . .
//!  4 . . . . .
//!  5 . . . . .
//! Player B's turn:
//! ```
//!
//! A line that is not a free cell of the board (`H8`, either case) prints
//! `Invalid move!` and the prompt again; the stone that ends the game
//! prints the board and `Player B wins!`, `Player W wins!` or `Draw game!`.

use std::io::{self, Write};

use super::{Console, PlainGame, Style, grid};
use tabletop_engine::gomoku::{Gomoku, GomokuStone};
use tabletop_engine::{Described, Game};

pub struct GomokuConsole {
    game: Gomoku,
}

impl PlainGame for Gomoku {
    type Console = GomokuConsole;

    fn console(game: Gomoku, _style: Style) -> GomokuConsole {
        GomokuConsole { game }
    }

    fn board_text(&self) -> String {
        grid(self, false, '.')
    }
}

impl Console for GomokuConsole {
    type G = Gomoku;

    fn game(&self) -> &Gomoku {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.game.board_text())
    }

    fn prompt(&self) -> String {
        format!("Player {}'s turn: ", Gomoku::symbol(self.game.to_move()))
    }

    fn read_move(&self, line: &str) -> Result<GomokuStone, &'static str> {
        const INVALID: &str = "Invalid move!";
        let stone: GomokuStone = line.parse().map_err(|_| INVALID)?;
        self.game.check(stone).map_err(|_| INVALID)?;
        Ok(stone)
    }

    fn play(&mut self, stone: GomokuStone, out: &mut dyn Write) -> io::Result<()> {
        self.game.play_unchecked(stone);
        write!(out, "{}", self.game.board_text())?;
        match self.game.outcome() {
            Some(outcome) => writeln!(out, "{}", Gomoku::result_text(outcome)),
            None => Ok(()),
        }
    }
}
