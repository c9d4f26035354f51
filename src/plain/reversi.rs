//! Reversi in the plain console: `row column` input, legal moves marked `*`.

use std::io::{self, Write};

use super::{Console, PlainGame, Style, letters, spaced_grid};
use tabletop_engine::line::play_forced;
use tabletop_engine::reversi::{Reversi, ReversiMove, RowColumn};
use tabletop_engine::{Described, Game, Player};

pub struct ReversiConsole {
    game: Reversi,
}

impl PlainGame for Reversi {
    type Console = ReversiConsole;

    fn console(game: Reversi, _style: Style) -> ReversiConsole {
        ReversiConsole { game }
    }

    fn board_text(&self) -> String {
        board(self, false)
    }

    /// Numbers, as the `row column` input of SPEC.md's plain mode names
    /// columns.
    fn column_label(col: usize) -> String {
        RowColumn::column_label(col)
    }
}

/// The board, with `*` on the legal moves when `marks`.
fn board(game: &Reversi, marks: bool) -> String {
    let mut moves = Vec::new();
    if marks {
        game.legal_moves(&mut moves);
    }
    spaced_grid(
        game,
        letters::<Reversi>(game.side()),
        false,
        |cell| match game.piece_at(cell) {
            Some(player) => Reversi::symbol(player),
            None if moves.contains(&ReversiMove::Place(cell)) => '*',
            None => '.',
        },
    )
}

impl ReversiConsole {
    /// The board (with `*` on the legal moves when `marks`), then the scores.
    fn show_position(&self, out: &mut dyn Write, marks: bool) -> io::Result<()> {
        write!(out, "{}", board(&self.game, marks))?;
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
            return writeln!(out, "{}", Reversi::result_text(outcome));
        }
        let mut passers = Vec::new();
        play_forced(&mut self.game, |_, _, after| {
            passers.push(Reversi::symbol(after.to_move().other()));
        });
        for passer in passers {
            writeln!(out, "player {passer} has no valid move, turn passes!")?;
        }
        self.show_position(out, true)
    }
}
