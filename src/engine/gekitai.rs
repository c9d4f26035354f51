//! Gekitai: place a piece, push its neighbours outward, make a line.
//!
//! The position is a pair of bitboards in a padded row-major layout: each
//! row has at least one spare bit after its last cell, and there is a spare
//! row above and below the board (plus one bit before the first). Line checks
//! are then plain shifts, and a step or two off any side of the board lands
//! on a bit that is in range but never set. Boards up to 6×6 use `u64` with
//! rows of 8 bits, so that every shift is a constant and a cell's row and
//! column are a shift and a mask; up to 9×9 `u128`, larger ones [`Wide`].

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

/// Bits per row in a `B` bitboard for a board of side `size`: the side plus
/// one spare, except that `u64` boards (side 6 at most) use 8, a constant.
const fn stride_for(capacity: usize, size: usize) -> usize {
    if capacity == 64 { 8 } else { size + 1 }
}

/// The eight neighbours of the layout's bit `stride + 1`.
fn ring<B: Bits>(stride: usize) -> B {
    [
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
    .fold(B::ZERO, |mask, i| mask | B::bit(i))
}

/// The pushes of a placement at `at` on a `u64` board (rows of 8 bits),
/// without a branch: how many neighbours there are and which of them move
/// are too random to predict. Returns the placing side's pieces and the
/// other side's after the pushes; `mine` already holds the placed piece.
///
/// Both boards are rotated so that `at` is bit [`CENTRE`], where the cells
/// around it have fixed bits; rotating is safe because two steps off the
/// board in any direction wrap onto padding, which is never occupied. Two
/// small tables then do the rest: which neighbours have a free cell beyond
/// them, and what moves when a given set of neighbours is pushed.
#[inline(always)]
fn pushes_u64(mine: u64, theirs: u64, at: usize, on_board: u64) -> (u64, u64) {
    let turn = (at as u32).wrapping_sub(CENTRE as u32);
    let (mine_w, theirs_w) = (mine.rotate_right(turn), theirs.rotate_right(turn));
    let free = !(mine_w | theirs_w);
    let pushable = PUSHABLE[beyond_number(free)];
    let moved = |pieces_w: u64| {
        PUSH_MOVES[usize::from(ring_number(pieces_w) & pushable)].rotate_left(turn) & on_board
    };
    (mine ^ moved(mine_w), theirs ^ moved(theirs_w))
}

/// Where the placed piece sits once [`pushes_u64`] has rotated the board:
/// two rows and two columns in, so that the cells two steps away fit.
const CENTRE: usize = 18;

/// The eight directions as bit distances on a `u64` board.
const DIRECTIONS: [i32; 8] = [-9, -8, -7, -1, 1, 7, 8, 9];

/// The eight neighbours of [`CENTRE`] (bits 9..=11, 17 and 19, 25..=27)
/// packed into a 9-bit number, row by row (bit 4 is the centre, left out).
#[inline(always)]
const fn ring_number(window: u64) -> u16 {
    ((window >> 9 & 0b111) | (window >> 14 & 0b10_1000) | (window >> 19 & 0b1_1100_0000)) as u16
}

/// The eight cells two steps from [`CENTRE`] (bits 0, 2, 4; 16, 20; 32, 34,
/// 36) packed into an 11-bit number: the rows, shifted so as not to overlap.
#[inline(always)]
const fn beyond_number(window: u64) -> usize {
    ((window & 0b1_0101) | (window >> 15 & 0b10_0010) | (window >> 26 & 0b101_0100_0000)) as usize
}

/// For each [`beyond_number`] of the free cells, the [`ring_number`] of the
/// neighbours that a placement could push.
static PUSHABLE: [u16; 2048] = {
    let mut table = [0; 2048];
    let mut free = 0;
    while free < 2048 {
        let mut i = 0;
        while i < 8 {
            let d = DIRECTIONS[i];
            let next = 1 << (CENTRE as i32 + d);
            let beyond = 1 << (CENTRE as i32 + 2 * d);
            if beyond_number(beyond) & free != 0 {
                table[free] |= ring_number(next);
            }
            i += 1;
        }
        free += 1;
    }
    table
};

/// For each [`ring_number`] of pushed neighbours, the bits that change: each
/// one's cell and the cell beyond it.
static PUSH_MOVES: [u64; 512] = {
    let mut table = [0; 512];
    let mut pushed = 0;
    while pushed < 512 {
        let mut i = 0;
        while i < 8 {
            let d = DIRECTIONS[i];
            let next = 1 << (CENTRE as i32 + d);
            if ring_number(next) as usize & pushed != 0 {
                table[pushed] |= next | 1 << (CENTRE as i32 + 2 * d);
            }
            i += 1;
        }
        pushed += 1;
    }
    table
};

/// Random cells a random move tries before it counts the empty ones.
const RANDOM_CELL_TRIES: usize = 4;

/// A Gekitai position on a bitboard of type `B`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GekitaiBoard<B> {
    settings: GekitaiSettings,
    /// Bits per row (see [`stride_for`]); read through `stride()`, which is a
    /// constant for `u64`.
    stride: usize,
    /// `index * row_magic >> 20` is `index / stride`, without a division.
    row_magic: usize,
    on_board: B,
    /// The eight neighbours of the layout's bit `stride + 1`.
    around_first: B,
    /// The pieces of the player to move, then the other player's: the
    /// order swaps every move, so that no access depends on whose turn it
    /// is and the compiler can keep both in registers. The reserves are
    /// what is not on the board.
    pieces: [B; 2],
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl<B: Bits> GekitaiBoard<B> {
    fn new(settings: GekitaiSettings) -> Self {
        let stride = stride_for(B::CAPACITY, settings.size);
        let on_board = Cell::all(settings.size).fold(B::ZERO, |mask, cell| {
            mask | B::bit(layout_index(stride, cell))
        });
        GekitaiBoard {
            settings,
            stride,
            around_first: ring(stride),
            row_magic: (1 << 20) / stride + 1,
            on_board,
            pieces: [B::ZERO; 2],
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    /// Bits per row; a constant the compiler sees for `u64` boards.
    #[inline(always)]
    fn stride(&self) -> usize {
        if B::CAPACITY == 64 { 8 } else { self.stride }
    }

    #[inline(always)]
    fn around_first(&self) -> B {
        if B::CAPACITY == 64 {
            ring(8)
        } else {
            self.around_first
        }
    }

    #[inline(always)]
    fn index(&self, cell: Cell) -> usize {
        layout_index(self.stride(), cell)
    }

    /// The cell at a layout index of a cell on the board.
    #[inline(always)]
    pub fn cell(&self, index: usize) -> Cell {
        let padded = index - 1;
        let row = if B::CAPACITY == 64 {
            padded / 8
        } else {
            (padded * self.row_magic) >> 20
        };
        let col = padded - row * self.stride();
        Cell::new(row - 1, col).unwrap_or_else(|| unreachable!("index {index} is on the board"))
    }

    fn empty(&self) -> B {
        self.on_board & !(self.pieces[0] | self.pieces[1])
    }

    /// The four line directions as bit distances: along a row, down a
    /// column, and the two diagonals.
    fn line_steps(&self) -> [usize; 4] {
        let s = self.stride();
        [1, s, s + 1, s - 1]
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
        let s = self.stride();
        // The count test only pays on wide boards: on a `u64` the whole
        // test is a few instructions, cheaper than a hard-to-predict branch.
        (B::CAPACITY == 64 || pieces.count() >= self.settings.line)
            && !(self.run_starts(pieces, 1)
                | self.run_starts(pieces, s)
                | self.run_starts(pieces, s + 1)
                | self.run_starts(pieces, s - 1))
            .is_zero()
    }

    /// Places the mover's piece at `at`, pushes its neighbours (telling
    /// `on_push` about each as `from`, `to` or off, owner, if `REPORT`), then
    /// decides the outcome and passes the turn. Unreported `u64` pushes take
    /// the branch-free [`pushes_u64`]; the rest go one neighbour at a time.
    #[inline(always)]
    fn apply<const REPORT: bool>(
        &mut self,
        at: usize,
        mut on_push: impl FnMut(usize, Option<usize>, Player),
    ) {
        let mover = self.to_move;
        let on_board = self.on_board;
        // Both sides in locals, seen from the mover, so that they can stay
        // in registers through the pushes.
        let [mine_before, theirs_before] = self.pieces;
        let mut mine = mine_before | B::bit(at);
        let mut theirs = theirs_before;
        if B::CAPACITY == 64 && !REPORT {
            let (m, t) = pushes_u64(mine.low_u64(), theirs.low_u64(), at, on_board.low_u64());
            (mine, theirs) = (B::from_low_u64(m), B::from_low_u64(t));
        } else {
            // The padding keeps every index below in range: a neighbour is
            // at most one step off the board, and `beyond` (one more step
            // the same way) is only looked at for neighbours that hold a
            // piece.
            let occupied = mine | theirs;
            let neighbours = occupied & self.around_first().shl(at - self.stride() - 1);
            for next in neighbours.ones() {
                let beyond = 2 * next - at;
                // The pushes never interfere: each direction's `beyond` cell
                // is two steps out, so no other push moves a piece into or
                // out of it. Padding is never occupied, so a piece at the
                // edge moves too, onto a bit that `on_board` then drops.
                if occupied.has(beyond) {
                    continue;
                }
                let moved = B::bit(next) | (B::bit(beyond) & on_board);
                let owner = if mine.has(next) {
                    mine ^= moved;
                    mover
                } else {
                    theirs ^= moved;
                    mover.other()
                };
                on_push(next, on_board.has(beyond).then_some(beyond), owner);
            }
        }
        self.pieces = [theirs, mine];
        // Before the move neither side had a win, and pieces pushed off make
        // none, so the other side can only have won if one of its pieces
        // slid to a new cell. Whether one did is hard to predict, and on a
        // `u64` a line test costs less than a mispredicted branch.
        let other_arrived = !(theirs & !theirs_before).is_zero();
        let mover_wins = mine.count() == self.settings.pieces || self.has_line(mine);
        let other_wins = if B::CAPACITY == 64 {
            other_arrived & self.has_line(theirs)
        } else {
            other_arrived && self.has_line(theirs)
        };
        // One test for the common case; the game ends once.
        self.outcome = if !(mover_wins | other_wins) {
            None
        } else if !mover_wins {
            Some(Outcome::Win(mover.other()))
        } else if other_wins && self.settings.both_win == BothWin::Draw {
            Some(Outcome::Draw)
        } else {
            Some(Outcome::Win(mover))
        };
        self.to_move = mover.other();
        self.plies += 1;
    }

    /// `player`'s pieces, as bits of the board's layout.
    pub fn pieces_of(&self, player: Player) -> B {
        self.pieces[usize::from(player != self.to_move)]
    }

    /// Every cell of the board, as bits of the layout: the rest is padding.
    pub fn on_board(&self) -> B {
        self.on_board
    }

    /// The distance between a cell's bit and the bit of the cell below it.
    pub fn row_step(&self) -> usize {
        self.stride()
    }

    pub fn settings(&self) -> GekitaiSettings {
        self.settings
    }

    /// Pieces `player` has in reserve: those not on the board.
    pub fn reserve(&self, player: Player) -> usize {
        self.settings.pieces - self.pieces_of(player).count()
    }

    /// The cells of one full run of at least `line` of `player`'s pieces.
    fn line_of(&self, player: Player) -> Vec<Cell> {
        let pieces = self.pieces_of(player);
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
            .find(|&p| self.pieces_of(p).has(index))
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
        self.apply::<false>(self.index(cell), |_, _, _| {});
    }

    fn play(&mut self, mv: Place) -> Result<GekitaiEffect, IllegalMove> {
        self.check(mv)?;
        let mut moved = Vec::new();
        self.apply::<true>(self.index(mv.0), |from, to, owner| {
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
        // First a few random cells of the whole board, keeping the first
        // empty one: usually the first is, and as the cell drawn does not
        // depend on the position, the processor can start on it before the
        // last move is settled (counting and selecting empty cells cannot).
        // Then an exact pick among the empty cells, so that crowded boards
        // take no long loop. Each way is uniform over the empty cells, so
        // their mixture is too.
        for _ in 0..RANDOM_CELL_TRIES {
            let (row, col) = rng.below_pair(self.settings.size);
            let cell = Cell::new(row, col).unwrap_or_else(|| unreachable!("side is at most 26"));
            if empty.has(self.index(cell)) {
                return Some(Place(cell));
            }
        }
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
        with_gekitai_board!(self, board => board.reserve(player))
    }

    /// Calls `visit` with every cell holding one of `player`'s pieces, in
    /// row-major order: for evaluation without scanning empty cells.
    pub fn for_each_piece(&self, player: Player, mut visit: impl FnMut(Cell)) {
        with_gekitai_board!(self, board => {
            for i in board.pieces_of(player).ones() {
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

    /// Random moves are spread evenly over the empty cells, on an open
    /// board and on a crowded one (where the exact pick takes over more
    /// often).
    #[test]
    fn random_moves_are_uniform_over_empty_cells() {
        let crowded = GekitaiSettings::new(4, 8, 4, BothWin::Mover).expect("valid");
        for (settings, moves) in [
            (GekitaiSettings::default(), "A1 F6 C3 D5"),
            (crowded, "A1 D4 A4 D1 B2 C2 C4"),
        ] {
            let mut game = Gekitai::new(settings);
            play_all(&mut game, moves);
            assert_eq!(game.outcome(), None);
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let mut rng = Rng::new(11);
            let draws = 2_000 * legal.len();
            let mut counts = std::collections::HashMap::new();
            for _ in 0..draws {
                let mv = game.random_move(&mut rng).expect("game goes on");
                *counts.entry(mv).or_insert(0usize) += 1;
            }
            assert_eq!(counts.len(), legal.len());
            for mv in &legal {
                assert!((1_800..2_200).contains(&counts[mv]), "{mv}: {}", counts[mv]);
            }
        }
    }

    /// `play_unchecked` (branch-free pushes on `u64` boards) and `play`
    /// (one push at a time) reach the same positions, on `u64` boards of
    /// each size and on a `u128` one.
    #[test]
    fn unchecked_play_matches_checked_play() {
        let mut rng = Rng::new(17);
        for (size, pieces, line) in [(4, 8, 3), (5, 6, 4), (6, 8, 3), (6, 18, 5), (7, 8, 3)] {
            let settings = GekitaiSettings::new(size, pieces, line, BothWin::Mover).expect("valid");
            for _ in 0..300 {
                let mut checked = Gekitai::new(settings);
                let mut unchecked = checked.clone();
                while let Some(mv) = checked.random_move(&mut rng) {
                    checked.play(mv).expect("random moves are legal");
                    unchecked.play_unchecked(mv);
                    assert_eq!(checked, unchecked, "{size}x{size} after {mv}");
                }
            }
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
