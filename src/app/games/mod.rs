//! What the game screen needs from each game beyond its rules: how its
//! board is drawn and clicked, how its cells are typed, what its side panel
//! and history say, and how its moves are animated. Adding a game to the
//! app means one file here (and usually one board widget).

mod connect6;
mod gekitai;
mod hex;
mod reversi;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::ai::Searchable;
use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::engine::record::Recorded;
use crate::engine::{Cell, Outcome, Player};

/// What to show on the board besides the pieces.
pub struct BoardView<'a> {
    pub cursor: Option<Cell>,
    /// The cell named by the address being typed.
    pub addressed: Option<Cell>,
    /// The winning line or chain, once the game is won.
    pub winning: &'a [Cell],
    /// The pieces placed by the last turn.
    pub last: &'a [Cell],
    pub animation: Option<&'a Animation>,
    pub theme: Theme,
}

pub trait GameUi: Recorded + Searchable {
    /// The game and its settings, for the title line.
    fn title(&self) -> String;

    /// The cell a typed address names (syntax only; whether it is on the
    /// board and free is the engine's to say).
    fn parse_cell(text: &str) -> Option<Cell>;

    /// A typed word that is a move (`swap`), if the game has such.
    fn parse_word(&self, _text: &str) -> Option<Self::Move> {
        None
    }

    /// The move that puts a piece on `cell`.
    fn place(cell: Cell) -> Self::Move;

    /// The cell a move put a piece on, if it did.
    fn placed(mv: &Self::Move) -> Option<Cell>;

    /// A move for the history: its cell, and what else it did.
    fn describe(mv: &Self::Move, effect: &Self::Effect) -> String;

    /// The cells to highlight when the move won the game.
    fn winning_cells(effect: &Self::Effect) -> &[Cell];

    /// The animation a move starts, if any.
    fn animation(_mv: &Self::Move, _effect: &Self::Effect, _mover: Player) -> Option<Animation> {
        None
    }

    /// The lines under whose turn it is: reserves, disc counts, ...
    fn panel(&self, animation: Option<&Animation>, theme: Theme) -> Vec<Line<'static>>;

    /// The game's words for the result.
    fn result(outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(player) => format!("Player {} wins!", Self::symbol(player)),
            Outcome::Draw => "Draw game!".to_string(),
        }
    }

    /// A move the game makes by itself now (Reversi's pass), and what to
    /// tell the players about it.
    fn forced_move(&self) -> Option<(Self::Move, String)> {
        None
    }

    /// Extra footer keys, e.g. Hex's swap.
    fn extra_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The smallest area the board can be drawn in.
    fn board_size(&self) -> (u16, u16);

    /// The area the board prefers when the screen has room for it
    /// (Connect6's boxed grid); by default the smallest.
    fn roomy_board_size(&self) -> (u16, u16) {
        self.board_size()
    }

    /// The cell drawn at a screen position when the board is drawn in `area`.
    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell>;

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer);

    /// Where the cursor goes from `cell` by one step (row, column deltas),
    /// staying on the board.
    fn step_cursor(&self, cell: Cell, rows: isize, cols: isize) -> Cell {
        let side = self.side() as isize;
        let row = (cell.row() as isize + rows).clamp(0, side - 1) as usize;
        let col = (cell.col() as isize + cols).clamp(0, side - 1) as usize;
        Cell::new(row, col).unwrap_or(cell)
    }
}
