//! Connect6: B places one stone, then W and B take turns placing two; the
//! first to make a line of `line` (six by default) wins.
//!
//! Each stone is one move, so the move type is a single [`Stone`] and the
//! two-stone turn shows in [`Game::to_move`] and
//! [`Connect6::stone_of_turn`]. The board is a padded mailbox of fixed
//! stride 32 with a border of empty cells all round: counting a run walks
//! until the colour changes, and the border stops it without bounds checks.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber, NotationError};
use super::empties::Empties;
use super::game::{Game, IllegalMove};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::{Setting, SettingError};

/// Distance between vertically adjacent cells in the padded layout.
const STRIDE: usize = 32;

/// Along a row, down a column, down-right and down-left, as index offsets.
const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// A validated board side and winning line length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Connect6Settings {
    size: usize,
    line: usize,
}

impl Connect6Settings {
    pub fn new(size: usize, line: usize) -> Result<Connect6Settings, SettingError> {
        SettingError::check_range(Setting::Size, size, 6, 26, "")?;
        let board = format!(" on a {size}x{size} board");
        SettingError::check_range(Setting::Line, line, 3, size, &board)?;
        Ok(Connect6Settings { size, line })
    }

    pub const fn size(&self) -> usize {
        self.size
    }

    pub const fn line(&self) -> usize {
        self.line
    }
}

impl Default for Connect6Settings {
    fn default() -> Self {
        Connect6Settings { size: 19, line: 6 }
    }
}

/// One stone on a cell, written `H14` (uppercase column, rows from 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stone(pub Cell);

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&LetterNumber::ZERO_BASED_UPPER.format(self.0))
    }
}

impl FromStr for Stone {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        LetterNumber::ZERO_BASED_UPPER.parse(s).map(Stone)
    }
}

/// What a Connect6 stone did beyond being placed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Connect6Effect {
    /// Empty unless the stone won; then the whole run through it, from one
    /// end to the other.
    pub winning_line: Vec<Cell>,
}

/// A Connect6 position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Connect6 {
    settings: Connect6Settings,
    /// 0 empty (and the border), 1 + player index for a stone.
    board: Vec<u8>,
    empties: Empties,
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl Connect6 {
    pub fn new(settings: Connect6Settings) -> Connect6 {
        let len = (settings.size + 2) * STRIDE;
        Connect6 {
            settings,
            board: vec![0; len],
            empties: Empties::padded_grid(settings.size, STRIDE),
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    pub fn settings(&self) -> Connect6Settings {
        self.settings
    }

    /// Which stone of the current turn comes next, and how many the turn
    /// has: (1, 1) for B's opening stone, then (1, 2) and (2, 2).
    pub fn stone_of_turn(&self) -> (usize, usize) {
        match self.plies {
            0 => (1, 1),
            p => ((p - 1) % 2 + 1, 2),
        }
    }

    /// How many stones of the same colour as the one at `at` follow it in
    /// direction `step` (forward if `forward`).
    #[inline(always)]
    fn run(&self, at: usize, step: usize, forward: bool) -> usize {
        let stone = self.board[at];
        let mut count = 0;
        let mut i = at;
        loop {
            i = if forward { i + step } else { i - step };
            if self.board[i] != stone {
                return count;
            }
            count += 1;
        }
    }

    /// The first direction in which the stone at `at` makes a winning line.
    #[inline(always)]
    fn winning_direction(&self, at: usize) -> Option<usize> {
        DIRECTIONS.into_iter().find(|&step| {
            1 + self.run(at, step, true) + self.run(at, step, false) >= self.settings.line
        })
    }

    /// Places the mover's stone, decides the outcome and passes the turn
    /// when it ends; for a winning stone, returns where its run starts and
    /// the direction it goes.
    #[inline(always)]
    fn apply(&mut self, cell: Cell) -> Option<(usize, usize)> {
        let at = index(cell);
        let mover = self.to_move;
        self.board[at] = mover.index() as u8 + 1;
        self.empties.remove(at);
        self.plies += 1;
        // B's single opening stone ends a turn, and so does every second
        // stone after it: the turn passes after plies 1, 3, 5, ...
        if self.plies % 2 == 1 {
            self.to_move = mover.other();
        }
        let won = self.winning_direction(at);
        if won.is_some() {
            self.outcome = Some(Outcome::Win(mover));
        } else if self.empties.is_empty() {
            self.outcome = Some(Outcome::Draw);
        }
        won.map(|step| (at - step * self.run(at, step, false), step))
    }
}

/// The padded index of an on-board cell.
#[inline(always)]
fn index(cell: Cell) -> usize {
    (cell.row() + 1) * STRIDE + cell.col() + 1
}

/// The cell at a padded index of a playing cell.
#[inline(always)]
fn cell_at(index: usize) -> Cell {
    Cell::new(index / STRIDE - 1, index % STRIDE - 1).unwrap_or_else(|| unreachable!())
}

impl Default for Connect6 {
    fn default() -> Self {
        Connect6::new(Connect6Settings::default())
    }
}

impl Game for Connect6 {
    type Move = Stone;
    type Effect = Connect6Effect;
    const NAME: &'static str = "connect6";

    fn side(&self) -> usize {
        self.settings.size
    }

    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'B',
            Player::Second => 'W',
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn piece_at(&self, cell: Cell) -> Option<Player> {
        if !cell.is_on(self.side()) {
            return None;
        }
        match self.board[index(cell)] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Stone>) {
        moves.clear();
        if self.outcome.is_none() {
            moves.extend(self.empties.iter().map(|i| Stone(cell_at(i))));
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            0
        } else {
            self.empties.len()
        }
    }

    fn check(&self, Stone(cell): Stone) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            Err(IllegalMove::GameOver)
        } else if !cell.is_on(self.side()) {
            Err(IllegalMove::OffBoard)
        } else if self.board[index(cell)] != 0 {
            Err(IllegalMove::Occupied)
        } else {
            Ok(())
        }
    }

    #[inline]
    fn play_unchecked(&mut self, Stone(cell): Stone) {
        self.apply(cell);
    }

    fn play(&mut self, mv: Stone) -> Result<Connect6Effect, IllegalMove> {
        self.check(mv)?;
        let winning_line = match self.apply(mv.0) {
            Some((start, step)) => {
                let length = 1 + self.run(start, step, true);
                (0..length).map(|k| cell_at(start + k * step)).collect()
            }
            None => Vec::new(),
        };
        Ok(Connect6Effect { winning_line })
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Stone> {
        if self.outcome.is_some() {
            return None;
        }
        self.empties.pick(rng).map(|i| Stone(cell_at(i)))
    }

    fn plies(&self) -> usize {
        self.plies
    }
}
