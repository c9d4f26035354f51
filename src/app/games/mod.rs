//! What the game screen needs from each game beyond its rules: how its
//! board is drawn and clicked, what its side panel and history say, and how
//! its moves are animated. Adding a game to the app means one file here
//! (and usually one board widget); typed cells, move numbers and the last
//! turn come from the engine, the same for every game.

// Each game's board and panel, a file a game.
mod connect6;
mod gekitai;
mod gomoku;
mod hex;
mod reversi;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::app::widgets::history::Entry;
use tabletop_ai::Searchable;
use tabletop_engine::line::Played;
use tabletop_engine::{Cell, Described, Game, Player};

/// What to show on the board besides the pieces.
pub struct BoardView<'a> {
    pub cursor: Option<Cell>,
    /// The cell named by the address being typed.
    pub addressed: Option<Cell>,
    /// The cell the last hint suggests: marked `?` while empty.
    pub hint: Option<Cell>,
    /// The winning line or chain, once the game is won.
    pub winning: &'a [Cell],
    /// The pieces placed by the last turn.
    pub last: &'a [Cell],
    pub animation: Option<&'a Animation>,
    /// The game ended off the board (a resignation, the clock, an agreed
    /// draw): no move is open, whatever the position says.
    pub settled: bool,
    pub theme: Theme,
}

impl BoardView<'_> {
    /// The style of `cell` on any board: `base` (its piece's), then the
    /// last turn, the winning line, the cursor, the typed address and the
    /// hint on top.
    pub fn style(&self, cell: Cell, base: Style) -> Style {
        let theme = self.theme;
        let mut style = base;
        if self.last.contains(&cell) {
            style = style.patch(theme.last_move());
        }
        if self.winning.contains(&cell) {
            style = style.patch(theme.winning());
        }
        if self.cursor == Some(cell) {
            style = style.patch(theme.cursor());
        }
        if self.addressed == Some(cell) {
            style = style.patch(theme.addressed());
        }
        if self.hint == Some(cell) {
            style = style.patch(theme.hint());
        }
        style
    }

    /// What an empty `cell` shows: the hint's `?`, or `empty`.
    pub fn empty_mark(&self, cell: Cell, empty: char) -> char {
        if self.hint == Some(cell) { '?' } else { empty }
    }
}

pub trait GameUi: Described + Searchable + Sync {
    /// The game and its settings, for the title line.
    fn title(&self) -> String;

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

    /// More about the turn under way (Connect6's `stone 1 of 2`), shown
    /// under whose turn it is while the game goes on (a game ended by a
    /// resignation has no turn under way, whatever its position says).
    fn turn_detail(&self) -> Option<String> {
        None
    }

    /// What to tell the players when the game made `mover` play `mv` by
    /// itself (Reversi's pass).
    fn forced_notice(mv: &Self::Move, mover: Player) -> String {
        format!("Player {} had to play {mv}", Self::symbol(mover))
    }

    /// The smallest area the board can be drawn in.
    fn board_size(&self) -> (u16, u16);

    /// The area the board prefers when the screen has room for it
    /// (Connect6's boxed grid); by default the smallest.
    fn roomy_board_size(&self) -> (u16, u16) {
        self.board_size()
    }

    /// Larger drawings of the board, the largest first, for a big terminal
    /// (the boxed board with larger cells); by default none.
    fn grown_board_sizes(&self) -> Vec<(u16, u16)> {
        Vec::new()
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

/// The move a typed text names: one of the game's word moves (`swap`), or
/// a cell in the game's notation, in either case. Syntax only: whether the
/// move is legal is the engine's to say.
pub fn typed_move<G: Described>(text: &str) -> Option<G::Move> {
    let word = text.trim();
    let named = G::WORD_MOVES
        .iter()
        .find(|mv| mv.to_string().eq_ignore_ascii_case(word));
    match named {
        Some(&mv) => Some(mv),
        None => G::NOTATION.either_case().parse(text).ok().map(G::place),
    }
}

/// The history of a line of play: one entry a turn, numbered as the
/// engine numbers it, with what each move did (Connect6's two stones on
/// one line: `2. W H7 I6`), and the resignation that ended it, if one did.
pub fn history_entries<G: GameUi>(played: &[Played<G>], resigned: Option<Player>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for played in played {
        let text = G::describe(&played.mv, &played.effect);
        match entries.last_mut() {
            Some(turn) if turn.number.is_some() && turn.number == played.number => {
                turn.text = format!("{} {text}", turn.text);
            }
            _ => entries.push(Entry {
                number: played.number,
                player: played.mover,
                text,
            }),
        }
    }
    if let Some(resigner) = resigned {
        entries.push(Entry {
            number: None,
            player: resigner,
            text: "resigns".to_string(),
        });
    }
    entries
}

/// The cells placed by the last turn of `played`: the last move and the
/// moves just before it by the same player (Connect6's two stones).
/// A forced move at the end (Reversi's pass) is not a turn of its own.
pub fn last_turn<G: Game>(played: &[Played<G>]) -> Vec<Cell> {
    let mut chosen = played.iter().rev().skip_while(|p| p.is_forced()).peekable();
    let Some(mover) = chosen.peek().map(|p| p.mover) else {
        return Vec::new();
    };
    chosen
        .take_while(|p| p.mover == mover)
        .filter_map(|p| G::placed(&p.mv))
        .collect()
}
