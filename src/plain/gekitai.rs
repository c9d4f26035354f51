//! Gekitai in the plain console: the boxed style of the Python assignment and
//! the dotted style of the C++ one.

use std::io::{self, Write};

use super::{Console, PlainGame, Style, grid, letters, rows};
use tabletop_engine::gekitai::{Gekitai, Place};
use tabletop_engine::{Cell, Described, Game, Player};

pub struct GekitaiConsole {
    game: Gekitai,
    style: Style,
}

impl PlainGame for Gekitai {
    type Console = GekitaiConsole;
    const STYLES: &'static [Style] = &[Style::Boxed, Style::Dots];

    fn console(game: Gekitai, style: Style) -> GekitaiConsole {
        GekitaiConsole { game, style }
    }

    fn board_text(&self) -> String {
        dotted_board(self)
    }
}

impl GekitaiConsole {
    fn symbol(&self, player: Player) -> char {
        Gekitai::symbol(player)
    }

    /// The board and, in boxed style, the reserves.
    fn show_position(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.style {
            Style::Boxed => {
                write!(out, "{}", boxed_board(&self.game))?;
                for player in Player::BOTH {
                    let symbol = self.symbol(player);
                    let list = vec![format!("'{symbol}'"); self.game.reserve(player)];
                    writeln!(out, "{symbol}: [{}]", list.join(", "))?;
                }
                Ok(())
            }
            Style::Dots => write!(out, "{}", dotted_board(&self.game)),
        }
    }
}

impl Console for GekitaiConsole {
    type G = Gekitai;

    fn game(&self) -> &Gekitai {
        &self.game
    }

    fn show_start(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.style == Style::Dots {
            writeln!(out, "Round {}:", self.game.plies() + 1)?;
        }
        self.show_position(out)
    }

    fn prompt(&self) -> String {
        format!("Player {}'s turn: ", self.symbol(self.game.to_move()))
    }

    fn read_move(&self, line: &str) -> Result<Place, &'static str> {
        let mv: Place = line.parse().map_err(|_| "Invalid move!")?;
        self.game.check(mv).map_err(|_| "Invalid move!")?;
        Ok(mv)
    }

    fn play(&mut self, mv: Place, out: &mut dyn Write) -> io::Result<()> {
        self.game.play_unchecked(mv);
        match self.game.outcome() {
            None => self.show_start(out),
            Some(outcome) => {
                writeln!(out, "Game over:")?;
                match self.style {
                    Style::Boxed => self.show_position(out)?,
                    Style::Dots => write!(out, "{}", dotted_board(&self.game))?,
                }
                writeln!(out, "{}", Gekitai::result_text(outcome))
            }
        }
    }
}

fn cell_symbol(game: &Gekitai, cell: Cell, empty: char) -> char {
    game.piece_at(cell).map_or(empty, Gekitai::symbol)
}

/// The board in `+---+` boxes, header and row numbers included.
pub fn boxed_board(game: &Gekitai) -> String {
    let side = game.side();
    let header: String = letters::<Gekitai>(side)
        .map(|l| format!("  {l} "))
        .collect();
    let separator = format!("   +{}", "---+".repeat(side));
    let mut text = format!("   {}\n{separator}\n", header.trim_end());
    for (row, cells) in rows(side).enumerate() {
        let cells: String = cells
            .map(|cell| format!(" {} |", cell_symbol(game, cell, ' ')))
            .collect();
        let label = Gekitai::NOTATION.row_label(row);
        text += &format!("{label:>2} |{cells}\n{separator}\n");
    }
    text
}

/// The board with `.` for empty cells, in the dotted style.
pub fn dotted_board(game: &Gekitai) -> String {
    grid(game, false, '.')
}
