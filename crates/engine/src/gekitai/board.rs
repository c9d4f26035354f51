//! A Gekitai position on one bitboard type.
//!
//! The position is a pair of bitboards in a padded row-major layout: each
//! row has at least one spare bit after its last cell, and there is a spare
//! row above and below the board (plus one bit before the first). Line checks
//! are then plain shifts, and a step or two off any side of the board lands
//! on a bit that is in range but never set. Boards up to 6×6 use `u64` with
//! rows of 8 bits, so that every shift is a constant and a cell's row and
//! column are a shift and a mask; up to 9×9 `u128`, larger ones `Wide`.

use super::push_tables::pushes_u64;
use super::{BothWin, GekitaiEffect, GekitaiSettings, Place, Push};
use crate::bits::Bits;
use crate::cell::Cell;
use crate::game::{Game, IllegalMove};
use crate::player::{Outcome, Player};
use crate::random::Rng;

/// Where `cell` is in the padded layout of a board with rows of `stride` bits.
fn layout_index(stride: usize, cell: Cell) -> usize {
    (cell.row() + 1) * stride + cell.col() + 1
}

/// Bits a board of side `size` needs in the padded layout.
pub(super) const fn layout_bits(size: usize) -> usize {
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
    pub(super) fn new(settings: GekitaiSettings) -> Self {
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

    fn place(cell: Cell) -> Place {
        Place(cell)
    }
    fn placed(mv: &Place) -> Option<Cell> {
        Some(mv.0)
    }

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
            // A draw comes only from both players winning at once.
            Some(Outcome::Draw) => Player::BOTH
                .into_iter()
                .flat_map(|player| self.line_of(player))
                .collect(),
            None => Vec::new(),
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
