//! Reversi in the plain console: `row column` input, legal moves marked `*`.

use std::io::{self, Write};

use super::{Console, spaced_grid};
use crate::engine::reversi::{Reversi, ReversiMove, RowColumn};
use crate::engine::{Game, Outcome, Player};

pub struct ReversiConsole {
    game: Reversi,
}

impl ReversiConsole {
    pub fn new(game: Reversi) -> Self {
        ReversiConsole { game }
    }

    /// The board (with `*` on the legal moves when `marks`), then the scores.
    fn show_position(&self, out: &mut dyn Write, marks: bool) -> io::Result<()> {
        let mut moves = Vec::new();
        if marks {
            self.game.legal_moves(&mut moves);
        }
        let side = self.game.side();
        let labels = (1..=side).map(|n| n.to_string());
        let board = spaced_grid(side, labels, 1, false, |cell| {
            match self.game.piece_at(cell) {
                Some(player) => Reversi::symbol(player),
                None if moves.contains(&ReversiMove::Place(cell)) => '*',
                None => '.',
            }
        });
        write!(out, "{board}")?;
        writeln!(out, "Black Score : {}", self.game.discs(Player::First))?;
        writeln!(out, "White Score : {}", self.game.discs(Player::Second))
    }
}

impl Console for ReversiConsole {
    type G = Reversi;

    fn game(&self) -> &Reversi {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        self.show_position(out, true)
    }

    fn prompt(&self) -> String {
        let player = Reversi::symbol(self.game.to_move());
        format!("player {player} enter position (row column): ")
    }

    fn read_move(&self, line: &str) -> Result<ReversiMove, &'static str> {
        let RowColumn(cell) = line.parse().map_err(|_| "Invalid position!")?;
        if !cell.is_on(self.game.side()) {
            return Err("Invalid position!");
        }
        let mv = ReversiMove::Place(cell);
        self.game.check(mv).map_err(|_| "Invalid move!")?;
        Ok(mv)
    }

    fn typed(mv: &ReversiMove) -> String {
        match mv {
            ReversiMove::Place(cell) => RowColumn(*cell).to_string(),
            ReversiMove::Pass => mv.to_string(),
        }
    }

    fn play(&mut self, mv: ReversiMove, out: &mut dyn Write) -> io::Result<()> {
        self.game.play_unchecked(mv);
        if let Some(outcome) = self.game.outcome() {
            self.show_position(out, false)?;
            return writeln!(
                out,
                "{}",
                match outcome {
                    Outcome::Win(Player::First) => "Black wins!",
                    Outcome::Win(Player::Second) => "White wins!",
                    Outcome::Draw => "Draw game!",
                }
            );
        }
        if self.game.check(ReversiMove::Pass).is_ok() {
            let passer = Reversi::symbol(self.game.to_move());
            writeln!(out, "player {passer} has no valid move, turn passes!")?;
            self.game.play_unchecked(ReversiMove::Pass);
        }
        self.show_position(out, true)
    }
}
