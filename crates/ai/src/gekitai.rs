//! Gekitai evaluation, on the engine's bitboards: lines still open to one
//! side, pieces on the board against the reserve, and distance from the
//! edge (edge pieces are pushed off). Wins on the spot are left to the
//! search, which plays every move out: pushes make static threat detection
//! unreliable.
//!
//! The search runs on the board type itself ([`GekitaiBoard`]), not on the
//! [`Gekitai`] enum around it: a position of the default board is then a
//! few machine words to copy, and every bit operation has a fixed width.

pub mod book;
pub mod dfpn;
#[cfg(test)]
mod dfpn_tests;
pub mod longest;
pub mod mate;
pub mod proved;
pub mod symmetry;
mod table;

use super::analysis::{LONGEST_LINE, Proof};
use super::cells;
use super::search::{self, zobrist};
use super::{Deadline, History, Level, OwnChoice, Searchable};
use tabletop_engine::bits::Bits;
use tabletop_engine::gekitai::{Gekitai, GekitaiBoard, Place, with_gekitai_board};
use tabletop_engine::{Game, Player};

/// Bit planes of a window's count: enough for the longest line (26).
const COUNT_PLANES: usize = 5;

/// A window of the winning length holding `count` pieces of one side only.
pub(super) fn window_weight(count: usize, line: usize) -> i32 {
    if count + 1 >= line {
        50
    } else {
        (count * count * 3) as i32
    }
}

/// For every window start at once, how many of one side's pieces the
/// window holds: a binary number across bit planes (bit-sliced addition).
struct WindowCount<B> {
    planes: [B; COUNT_PLANES],
}

impl<B: Bits> WindowCount<B> {
    /// Counts `pieces` in the `line` cells from each start along `step`.
    fn new(pieces: B, step: usize, line: usize) -> Self {
        let mut planes = [B::ZERO; COUNT_PLANES];
        for k in 0..line {
            let mut carry = pieces.shr(k * step);
            for plane in planes.iter_mut() {
                if carry.is_zero() {
                    break;
                }
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        WindowCount { planes }
    }

    /// The starts whose window holds exactly `count` pieces.
    fn exactly(&self, count: usize) -> B {
        self.planes
            .iter()
            .enumerate()
            .fold(!B::ZERO, |acc, (bit, &plane)| {
                if count >> bit & 1 == 1 {
                    acc & plane
                } else {
                    acc & !plane
                }
            })
    }
}

/// The cells whose four orthogonal neighbours are all in `cells`.
fn inner<B: Bits>(cells: B, row_step: usize) -> B {
    cells & cells.shr(1) & cells.shl(1) & cells.shr(row_step) & cells.shl(row_step)
}

/// What the windows along `step` are worth to `mine` against `theirs`.
fn windows<B: Bits>(mine: B, theirs: B, on_board: B, step: usize, line: usize) -> i32 {
    let (mut open_mine, mut open_theirs) = (on_board & !theirs, on_board & !mine);
    let (free_mine, free_theirs) = (open_mine, open_theirs);
    for k in 1..line {
        open_mine &= free_mine.shr(k * step);
        open_theirs &= free_theirs.shr(k * step);
    }
    let (my_count, their_count) = (
        WindowCount::new(mine, step, line),
        WindowCount::new(theirs, step, line),
    );
    let mut score = 0;
    for count in 1..line {
        let weight = window_weight(count, line);
        score += weight * (open_mine & my_count.exactly(count)).count() as i32;
        score -= weight * (open_theirs & their_count.exactly(count)).count() as i32;
    }
    score
}

/// The evaluation of a position that is not over, for the player to move.
fn evaluate<B: Bits>(board: &GekitaiBoard<B>) -> i32 {
    let settings = board.settings();
    let line = settings.line();
    let me = board.to_move();
    let (mine, theirs) = (board.pieces_of(me), board.pieces_of(me.other()));
    let (on_board, row_step) = (board.on_board(), board.row_step());
    let mut score = 10;

    // Six points a step from the edge, up to three steps.
    let mut away = on_board;
    for _ in 0..3 {
        away = inner(away, row_step);
        score += 6 * ((mine & away).count() as i32 - (theirs & away).count() as i32);
    }
    for step in [1, row_step, row_step + 1, row_step - 1] {
        score += windows(mine, theirs, on_board, step, line);
    }

    let (my_reserve, their_reserve) = (board.reserve(me) as i32, board.reserve(me.other()) as i32);
    score += 12 * (their_reserve - my_reserve);
    if their_reserve == 1 {
        score -= 120;
    }
    if my_reserve == 1 {
        score += 60;
    }
    score
}

fn hash<B: Bits>(board: &GekitaiBoard<B>) -> u64 {
    let mut hash = if board.to_move() == Player::Second {
        zobrist(u64::MAX - 1)
    } else {
        0
    };
    for who in Player::BOTH {
        let base = who.index() as u64 * 1024;
        for index in board.pieces_of(who).ones() {
            hash ^= zobrist(base + index as u64);
        }
    }
    hash
}

impl<B: Bits> Searchable for GekitaiBoard<B> {
    const CAN_REPEAT: bool = true;

    /// Levels 3 and 4 stop at 3 and 4 plies: with their time alone they
    /// reach nearly level 5's depth and play it about evenly, and the
    /// first player's advantage decides.
    fn depth_cap(level: Level) -> u32 {
        match level.get() {
            3 => 3,
            4 => 4,
            _ => level.max_depth(),
        }
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn position_hash(&self) -> u64 {
        hash(self)
    }

    fn move_slot(Place(cell): Place) -> usize {
        cells::slot(cell)
    }
}

impl Searchable for Gekitai {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 450.0;

    const CAN_REPEAT: bool = true;

    fn evaluate(&self) -> i32 {
        with_gekitai_board!(self, board => evaluate(board))
    }

    fn position_hash(&self) -> u64 {
        with_gekitai_board!(self, board => hash(board))
    }

    fn move_slot(Place(cell): Place) -> usize {
        cells::slot(cell)
    }

    /// A win for X proved by the book or the proof-number search (boards
    /// up to 6×6). A proof never leans on going round, so it holds
    /// whatever the game's history.
    fn prove(&self, deadline: Deadline) -> Option<Proof<Place>> {
        let Gekitai::Small(board) = self else {
            return None;
        };
        proved::prove(board, LONGEST_LINE, deadline)
    }

    fn known_winner(&self) -> Option<Player> {
        let Gekitai::Small(board) = self else {
            return None;
        };
        proved::known_x_win(board).then_some(Player::First)
    }

    /// Level 5 plays a proved win (the book for X, then the proof-number
    /// search) by its shortest line the mate search finds, and as O lost
    /// puts the win off longest (`gekitai/mate.rs`); otherwise, and at
    /// every other level, the same alpha-beta search on the board inside.
    fn choose_own(
        &self,
        history: &History,
        level: Level,
        deadline: Deadline,
        seed: u64,
    ) -> OwnChoice<Place> {
        if level == Level::MAX
            && let Gekitai::Small(board) = self
            && let Some(mv) = proved::choose(board, history, deadline)
        {
            return OwnChoice::Play(mv);
        }
        with_gekitai_board!(self, board => {
            search::choose(board, history, level, deadline, seed)
        })
        .map_or(OwnChoice::GameOver, OwnChoice::Play)
    }
}
