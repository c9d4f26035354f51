//! Gekitai: place a piece, push its neighbours outward, make a line.
//!
//! The position is a pair of bitboards in a padded row-major layout: each
//! row has one spare bit after its last cell, and there is a spare row above
//! and below the board (plus one bit before the first). Line checks are then
//! plain shifts, and a step or two off any side of the board lands on a bit
//! that is in range but never set. Boards up to 6×6 use `u64`, up to 9×9
//! `u128`, larger ones [`Wide`].

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

/// Where `cell` is in the padded layout of a board with rows of `stride` bits.
fn layout_index(stride: usize, cell: Cell) -> usize {
    (cell.row() + 1) * stride + cell.col() + 1
}

/// Bits a board of side `size` needs in the padded layout.
const fn layout_bits(size: usize) -> usize {
    (size + 2) * (size + 1) + 2
}

const _: () = assert!(
    layout_bits(26) <= 12 * 64,
    "the largest board fits a Wide<12>"
);

/// A Gekitai position on a bitboard of type `B`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GekitaiBoard<B> {
    settings: GekitaiSettings,
    /// Bits per row: the side plus one spare.
    stride: usize,
    /// `index * row_magic >> 20` is `index / stride`, without a division.
    row_magic: usize,
    on_board: B,
    /// The eight neighbours of the layout's bit `stride + 1`.
    around_first: B,
    pieces: [B; 2],
    reserve: [u16; 2],
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl<B: Bits> GekitaiBoard<B> {
    fn new(settings: GekitaiSettings) -> Self {
        let stride = settings.size + 1;
        let on_board = Cell::all(settings.size).fold(B::ZERO, |mask, cell| {
            mask | B::bit(layout_index(stride, cell))
        });
        let around_first = [
            0,
            1,
            2,
            stride,
            stride + 2,
            2 * stride,
            2 * stride + 1,
            2 * stride + 2,
        ]
        .into_iter()
        .fold(B::ZERO, |mask, i| mask | B::bit(i));
        GekitaiBoard {
            settings,
            stride,
            around_first,
            row_magic: (1 << 20) / stride + 1,
            on_board,
            pieces: [B::ZERO; 2],
            reserve: [settings.pieces as u16; 2],
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    #[inline(always)]
    fn index(&self, cell: Cell) -> usize {
        layout_index(self.stride, cell)
    }

    /// The cell at a layout index of a cell on the board.
    #[inline(always)]
    fn cell(&self, index: usize) -> Cell {
        let padded = index - 1;
        let row = (padded * self.row_magic) >> 20;
        let col = padded - row * self.stride;
        Cell::new(row - 1, col).unwrap_or_else(|| unreachable!("index {index} is on the board"))
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
        match self.settings.line {
            3 => pieces & pieces.shr(step) & pieces.shr(2 * step),
            4 => {
                let pairs = pieces & pieces.shr(step);
                pairs & pairs.shr(2 * step)
            }
            line => {
                // Doubling: from the starts of runs of `len`, those of runs
                // of `len + add` (add <= len) take one shift.
                let (mut starts, mut len) = (pieces, 1);
                while len < line && !starts.is_zero() {
                    let add = len.min(line - len);
                    starts &= starts.shr(add * step);
                    len += add;
                }
                starts
            }
        }
    }

    #[inline(always)]
    fn has_line(&self, pieces: B) -> bool {
        let s = self.stride;
        pieces.count() >= self.settings.line
            && !(self.run_starts(pieces, 1)
                | self.run_starts(pieces, s)
                | self.run_starts(pieces, s + 1)
                | self.run_starts(pieces, s - 1))
            .is_zero()
    }

    #[inline(always)]
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
        let mut other_arrived = false;
        // The padding keeps every index below in range: a neighbour is at
        // most one step off the board, and `beyond` (one more step the same
        // way) is only looked at for neighbours that hold a piece.
        let neighbours = occupied & self.around_first.shl(at - self.stride - 1);
        for next in neighbours.ones() {
            let beyond = 2 * next - at;
            let owner = if self.pieces[0].has(next) {
                Player::First
            } else {
                Player::Second
            };
            // The pushes never interfere: each direction's `beyond` cell is
            // two steps out, so no other push moves a piece into or out of it.
            if !self.on_board.has(beyond) {
                self.pieces[owner.index()] ^= B::bit(next);
                self.reserve[owner.index()] += 1;
                on_push(next, None, owner);
            } else if !occupied.has(beyond) {
                self.pieces[owner.index()] ^= B::bit(next) | B::bit(beyond);
                other_arrived |= owner != mover;
                on_push(next, Some(beyond), owner);
            }
        }
        // Before the move neither side had a win, and pieces pushed off make
        // none, so the other side can only have won if one of its pieces
        // slid to a new cell.
        let mover_wins = self.satisfies_win(mover);
        let other_wins = other_arrived && self.satisfies_win(mover.other());
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
        self.apply(self.index(mv.0), |from, to, owner| {
            moved.push((from, to, owner))
        });
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
        Some(Place(self.cell(empty.select(rng.below(empty.count())))))
    }

    fn plies(&self) -> usize {
        self.plies
    }
}

/// A Gekitai game of any allowed size: the bitboard is picked to fit.
///
/// Unboxed on purpose: search and random play clone positions constantly,
/// and a box would add an allocation to every clone of a large board.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Gekitai {
    /// Up to 6×6, the default: one machine word.
    Small(GekitaiBoard<u64>),
    /// 7×7 to 9×9.
    Medium(GekitaiBoard<u128>),
    /// 10×10 to 26×26.
    Large(GekitaiBoard<Wide<12>>),
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
        let bits = layout_bits(settings.size);
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

    /// Calls `visit` with every cell holding one of `player`'s pieces, in
    /// row-major order: for evaluation without scanning empty cells.
    pub fn for_each_piece(&self, player: Player, mut visit: impl FnMut(Cell)) {
        with_gekitai_board!(self, board => {
            for i in board.pieces[player.index()].ones() {
                visit(board.cell(i));
            }
        })
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
            GekitaiSettings::new(6, 19, 3, BothWin::Mover)
                .unwrap_err()
                .setting,
            Setting::Pieces
        );
        assert_eq!(
            GekitaiSettings::new(6, 4, 5, BothWin::Mover)
                .unwrap_err()
                .setting,
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
