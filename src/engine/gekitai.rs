//! Gekitai: place a piece, push its neighbours outward, make a line.
//!
//! The position is a pair of bitboards in a padded row-major layout (each
//! row has one spare bit after its last cell), so that line checks are plain
//! shifts and a step off the side of the board lands on a bit that is never
//! set. Boards up to 7×7 use `u64`, up to 10×10 `u128`, larger ones [`Wide`].

use std::fmt;
use std::str::FromStr;

use super::bits::{Bits, Wide};
use super::cell::{Cell, LetterNumber, NotationError};
use super::game::{Game, IllegalMove};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::{Setting, SettingError};

/// What happens when one move makes both players winners.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum BothWin {
    /// The official rule: the player who moved wins.
    #[default]
    Mover,
    Draw,
}

/// A validated choice of board side, pieces per player and winning line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GekitaiSettings {
    size: usize,
    pieces: usize,
    line: usize,
    both_win: BothWin,
}

impl GekitaiSettings {
    pub fn new(
        size: usize,
        pieces: usize,
        line: usize,
        both_win: BothWin,
    ) -> Result<GekitaiSettings, SettingError> {
        SettingError::check_range(Setting::Size, size, 4, 26, "")?;
        let board = format!(" on a {size}x{size} board");
        SettingError::check_range(Setting::Pieces, pieces, 3, size * size / 2, &board)?;
        let context = format!(" with {size}x{size} and {pieces} pieces");
        SettingError::check_range(Setting::Line, line, 3, size.min(pieces), &context)?;
        Ok(GekitaiSettings {
            size,
            pieces,
            line,
            both_win,
        })
    }

    pub const fn size(&self) -> usize {
        self.size
    }
    pub const fn pieces(&self) -> usize {
        self.pieces
    }
    pub const fn line(&self) -> usize {
        self.line
    }
    pub const fn both_win(&self) -> BothWin {
        self.both_win
    }
}

impl Default for GekitaiSettings {
    fn default() -> Self {
        GekitaiSettings {
            size: 6,
            pieces: 8,
            line: 3,
            both_win: BothWin::Mover,
        }
    }
}

/// A Gekitai move: put a reserve piece on a cell. Written `C3` (rows from 1;
/// either case is read).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Place(pub Cell);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&LetterNumber::ONE_BASED.format(self.0))
    }
}

impl FromStr for Place {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        LetterNumber::ONE_BASED.parse(s).map(Place)
    }
}

/// One piece moved by a placement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Push {
    pub from: Cell,
    /// `None`: pushed off the board, back to its owner's reserve.
    pub to: Option<Cell>,
    pub owner: Player,
}

/// What a Gekitai move did.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GekitaiEffect {
    pub pushes: Vec<Push>,
    /// The cells of a winning line, when the move won the game by a line.
    pub winning_line: Vec<Cell>,
}

/// A Gekitai position on a bitboard of type `B`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GekitaiBoard<B> {
    settings: GekitaiSettings,
    /// Bits per row: the side plus one spare.
    stride: usize,
    on_board: B,
    pieces: [B; 2],
    reserve: [u16; 2],
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl<B: Bits> GekitaiBoard<B> {
    fn new(settings: GekitaiSettings) -> Self {
        let stride = settings.size + 1;
        let on_board = Cell::all(settings.size)
            .fold(B::ZERO, |mask, cell| mask | B::bit(cell.row() * stride + cell.col()));
        GekitaiBoard {
            settings,
            stride,
            on_board,
            pieces: [B::ZERO; 2],
            reserve: [settings.pieces as u16; 2],
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row() * self.stride + cell.col()
    }

    fn cell(&self, index: usize) -> Cell {
        Cell::new(index / self.stride, index % self.stride).unwrap_or_else(|| unreachable!())
    }

    #[inline(always)]
    fn is_on_board(&self, index: isize) -> bool {
        index >= 0 && (index as usize) < B::CAPACITY && self.on_board.has(index as usize)
    }

    fn empty(&self) -> B {
        self.on_board & !(self.pieces[0] | self.pieces[1])
    }

    /// The four line directions as bit distances: along a row, down a
    /// column, and the two diagonals.
    fn line_steps(&self) -> [usize; 4] {
        [1, self.stride, self.stride + 1, self.stride - 1]
    }

    /// The first bits of every run of `line` pieces in direction `step`.
    #[inline(always)]
    fn run_starts(&self, pieces: B, step: usize) -> B {
        let mut starts = pieces;
        for k in 1..self.settings.line {
            starts &= pieces.shr(k * step);
            if starts.is_zero() {
                break;
            }
        }
        starts
    }

    fn has_line(&self, pieces: B) -> bool {
        self.line_steps()
            .into_iter()
            .any(|step| !self.run_starts(pieces, step).is_zero())
    }

    fn satisfies_win(&self, player: Player) -> bool {
        self.reserve[player.index()] == 0 || self.has_line(self.pieces[player.index()])
    }

    /// Places the mover's piece at `at`, pushes its neighbours (telling
    /// `on_push` about each as `from`, `to` or off, owner), then decides the
    /// outcome and passes the turn.
    #[inline(always)]
    fn apply(&mut self, at: usize, mut on_push: impl FnMut(usize, Option<usize>, Player)) {
        let mover = self.to_move;
        self.pieces[mover.index()] |= B::bit(at);
        self.reserve[mover.index()] -= 1;
        let occupied = self.pieces[0] | self.pieces[1];
        let s = self.stride as isize;
        for step in [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1] {
            let next = at as isize + step;
            if !self.is_on_board(next) || !occupied.has(next as usize) {
                continue;
            }
            let next = next as usize;
            let owner = if self.pieces[0].has(next) {
                Player::First
            } else {
                Player::Second
            };
            let beyond = next as isize + step;
            // The pushes never interfere: each direction's `beyond` cell is
            // two steps out, so no other push moves a piece into or out of it.
            if !self.is_on_board(beyond) {
                self.pieces[owner.index()] ^= B::bit(next);
                self.reserve[owner.index()] += 1;
                on_push(next, None, owner);
            } else if !occupied.has(beyond as usize) {
                self.pieces[owner.index()] ^= B::bit(next) | B::bit(beyond as usize);
                on_push(next, Some(beyond as usize), owner);
            }
        }
        let mover_wins = self.satisfies_win(mover);
        let other_wins = self.satisfies_win(mover.other());
        self.outcome = match (mover_wins, other_wins) {
            (true, true) => Some(match self.settings.both_win {
                BothWin::Mover => Outcome::Win(mover),
                BothWin::Draw => Outcome::Draw,
            }),
            (true, false) => Some(Outcome::Win(mover)),
            (false, true) => Some(Outcome::Win(mover.other())),
            (false, false) => None,
        };
        self.to_move = mover.other();
        self.plies += 1;
    }

    /// The cells of one full run of at least `line` of `player`'s pieces.
    fn line_of(&self, player: Player) -> Vec<Cell> {
        let pieces = self.pieces[player.index()];
        for step in self.line_steps() {
            let starts = self.run_starts(pieces, step);
            if starts.is_zero() {
                continue;
            }
            let mut index = starts.lowest();
            let mut cells = Vec::new();
            while index < B::CAPACITY && pieces.has(index) {
                cells.push(self.cell(index));
                index += step;
            }
            return cells;
        }
        Vec::new()
    }
}

impl<B: Bits> Game for GekitaiBoard<B> {
    type Move = Place;
    type Effect = GekitaiEffect;
    const NAME: &'static str = "gekitai";

    fn side(&self) -> usize {
        self.settings.size
    }

    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'X',
            Player::Second => 'O',
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
        let index = self.index(cell);
        Player::BOTH
            .into_iter()
            .find(|p| self.pieces[p.index()].has(index))
    }

    fn legal_moves(&self, moves: &mut Vec<Place>) {
        moves.clear();
        if self.outcome.is_none() {
            moves.extend(self.empty().ones().map(|i| Place(self.cell(i))));
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            0
        } else {
            self.empty().count()
        }
    }

    fn check(&self, Place(cell): Place) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            Err(IllegalMove::GameOver)
        } else if !cell.is_on(self.side()) {
            Err(IllegalMove::OffBoard)
        } else if self.piece_at(cell).is_some() {
            Err(IllegalMove::Occupied)
        } else {
            Ok(())
        }
    }

    #[inline]
    fn play_unchecked(&mut self, Place(cell): Place) {
        self.apply(self.index(cell), |_, _, _| {});
    }

    fn play(&mut self, mv: Place) -> Result<GekitaiEffect, IllegalMove> {
        self.check(mv)?;
        let mut moved = Vec::new();
        self.apply(self.index(mv.0), |from, to, owner| moved.push((from, to, owner)));
        let pushes = moved
            .into_iter()
            .map(|(from, to, owner)| Push {
                from: self.cell(from),
                to: to.map(|i| self.cell(i)),
                owner,
            })
            .collect();
        let winning_line = match self.outcome {
            Some(Outcome::Win(winner)) => self.line_of(winner),
            _ => Vec::new(),
        };
        Ok(GekitaiEffect {
            pushes,
            winning_line,
        })
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Place> {
        if self.outcome.is_some() {
            return None;
        }
        let empty = self.empty();
        let index = empty.select(rng.below(empty.count()));
        Some(Place(self.cell(index)))
    }

    fn plies(&self) -> usize {
        self.plies
    }
}

/// A Gekitai game of any allowed size: the bitboard is picked to fit.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Gekitai {
    /// Up to 7×7 (the default 6×6 among them): one machine word.
    Small(GekitaiBoard<u64>),
    /// 8×8 to 10×10.
    Medium(GekitaiBoard<u128>),
    /// 11×11 to 26×26.
    Large(GekitaiBoard<Wide<11>>),
}

/// Runs `$body` with `$board` bound to the game's board, whatever its type.
#[macro_export]
macro_rules! with_gekitai_board {
    ($game:expr, $board:ident => $body:expr) => {
        match $game {
            $crate::engine::gekitai::Gekitai::Small($board) => $body,
            $crate::engine::gekitai::Gekitai::Medium($board) => $body,
            $crate::engine::gekitai::Gekitai::Large($board) => $body,
        }
    };
}

impl Gekitai {
    pub fn new(settings: GekitaiSettings) -> Gekitai {
        let bits = settings.size * (settings.size + 1);
        if bits <= u64::CAPACITY {
            Gekitai::Small(GekitaiBoard::new(settings))
        } else if bits <= u128::CAPACITY {
            Gekitai::Medium(GekitaiBoard::new(settings))
        } else {
            Gekitai::Large(GekitaiBoard::new(settings))
        }
    }

    pub fn settings(&self) -> GekitaiSettings {
        with_gekitai_board!(self, board => board.settings)
    }

    /// Pieces `player` still has in reserve.
    pub fn reserve(&self, player: Player) -> usize {
        with_gekitai_board!(self, board => usize::from(board.reserve[player.index()]))
    }
}

impl Default for Gekitai {
    fn default() -> Self {
        Gekitai::new(GekitaiSettings::default())
    }
}

impl Game for Gekitai {
    type Move = Place;
    type Effect = GekitaiEffect;
    const NAME: &'static str = "gekitai";

    fn side(&self) -> usize {
        with_gekitai_board!(self, board => board.side())
    }
    fn symbol(player: Player) -> char {
        GekitaiBoard::<u64>::symbol(player)
    }
    fn to_move(&self) -> Player {
        with_gekitai_board!(self, board => board.to_move())
    }
    fn outcome(&self) -> Option<Outcome> {
        with_gekitai_board!(self, board => board.outcome())
    }
    fn piece_at(&self, cell: Cell) -> Option<Player> {
        with_gekitai_board!(self, board => board.piece_at(cell))
    }
    fn legal_moves(&self, moves: &mut Vec<Place>) {
        with_gekitai_board!(self, board => board.legal_moves(moves))
    }
    fn count_legal_moves(&self) -> usize {
        with_gekitai_board!(self, board => board.count_legal_moves())
    }
    fn check(&self, mv: Place) -> Result<(), IllegalMove> {
        with_gekitai_board!(self, board => board.check(mv))
    }
    fn play_unchecked(&mut self, mv: Place) {
        with_gekitai_board!(self, board => board.play_unchecked(mv))
    }
    fn play(&mut self, mv: Place) -> Result<GekitaiEffect, IllegalMove> {
        with_gekitai_board!(self, board => board.play(mv))
    }
    fn random_move(&self, rng: &mut Rng) -> Option<Place> {
        with_gekitai_board!(self, board => board.random_move(rng))
    }
    fn plies(&self) -> usize {
        with_gekitai_board!(self, board => board.plies())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Place {
        text.parse().expect("test addresses are well formed")
    }

    fn play_all(game: &mut Gekitai, moves: &str) -> GekitaiEffect {
        let mut effect = GekitaiEffect::default();
        for mv in moves.split_whitespace() {
            effect = game.play(at(mv)).expect("test moves are legal");
        }
        effect
    }

    #[test]
    fn settings_are_validated() {
        assert!(GekitaiSettings::new(6, 8, 3, BothWin::Mover).is_ok());
        assert!(GekitaiSettings::new(26, 338, 26, BothWin::Mover).is_ok());
        let err = GekitaiSettings::new(30, 8, 3, BothWin::Mover).unwrap_err();
        assert_eq!(err.to_string(), "--size must be between 4 and 26 (got 30)");
        assert_eq!(
            GekitaiSettings::new(6, 19, 3, BothWin::Mover).unwrap_err().setting,
            Setting::Pieces
        );
        assert_eq!(
            GekitaiSettings::new(6, 4, 5, BothWin::Mover).unwrap_err().setting,
            Setting::Line
        );
        assert!(GekitaiSettings::new(3, 3, 3, BothWin::Mover).is_err());
    }

    #[test]
    fn placing_pushes_neighbours_outward_and_off() {
        let mut game = Gekitai::default();
        play_all(&mut game, "A1 A6 C3");
        let effect = game.play(at("D4")).expect("legal");
        assert_eq!(
            effect.pushes,
            vec![Push {
                from: at("C3").0,
                to: Some(at("B2").0),
                owner: Player::First
            }]
        );
        // B2 cannot move onto A1, D4 slides to E5.
        let effect = game.play(at("C3")).expect("legal");
        assert_eq!(effect.pushes.len(), 1);
        assert_eq!(effect.pushes[0].to, Some(at("E5").0));
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line.len(), 3);
        assert_eq!(game.reserve(Player::First), 5);
        assert_eq!(game.reserve(Player::Second), 6);
    }

    #[test]
    fn a_piece_pushed_off_returns_to_its_owner() {
        let mut game = Gekitai::default();
        play_all(&mut game, "A1");
        let effect = game.play(at("B2")).expect("legal");
        assert_eq!(effect.pushes[0].to, None);
        assert_eq!(game.piece_at(at("A1").0), None);
        assert_eq!(game.reserve(Player::First), 8);
    }

    #[test]
    fn both_win_rule_decides_double_wins() {
        let moves = "e6 a2 e4 c2 e3 d2 c5 e1 b6 c4";
        let mut mover = Gekitai::default();
        play_all(&mut mover, moves);
        assert_eq!(mover.outcome(), Some(Outcome::Win(Player::Second)));
        let settings = GekitaiSettings::new(6, 8, 3, BothWin::Draw).expect("valid");
        let mut draw = Gekitai::new(settings);
        play_all(&mut draw, moves);
        assert_eq!(draw.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn every_board_type_plays_the_same_opening() {
        for size in [7, 8, 10, 11, 26] {
            let settings = GekitaiSettings::new(size, 8, 3, BothWin::Mover).expect("valid");
            let mut game = Gekitai::new(settings);
            play_all(&mut game, "A1 B2 A3");
            assert_eq!(game.piece_at(at("A1").0), None, "size {size}");
            assert_eq!(game.reserve(Player::First), 7);
            let last = Cell::new(size - 1, size - 1).expect("on board");
            assert!(game.check(Place(last)).is_ok());
        }
    }

    #[test]
    fn all_pieces_on_the_board_wins() {
        let settings = GekitaiSettings::new(8, 3, 3, BothWin::Mover).expect("valid");
        let mut game = Gekitai::new(settings);
        play_all(&mut game, "A1 H8 A4 H5 A7");
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    }
}
