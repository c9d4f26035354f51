//! The computer opponent: a game-independent alpha-beta search over engine
//! positions, with one evaluation per game and an exact Reversi endgame
//! solver.
//!
//! [`choose`] is the whole interface: a position and the game's earlier
//! positions ([`History`]), a strength [`Level`], a time budget, a seed and
//! a stop flag in; a move out. It only reads the
//! position it is given (it searches clones), so it can run on any thread.

mod cells;
mod connect6;
mod gekitai;
pub mod hex;
mod history;
pub mod prover;
#[cfg(test)]
mod reference;
pub mod reversi;
mod search;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use history::History;

use crate::engine::{Game, Player};

/// Strength 1 (gentle) to 5 (full strength within about 2 s a move).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level(u8);

impl Level {
    pub const DEFAULT: Level = Level(3);
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(5);

    /// The level `n`, if `1 <= n <= 5`.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 5 {
            Some(Level(n))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// The time a move may take at this level.
    pub const fn budget(self) -> Duration {
        Duration::from_millis(match self.0 {
            1 => 50,
            2 => 150,
            3 => 400,
            4 => 1000,
            _ => 1900,
        })
    }

    /// The deepest full-width search, in plies (games may cap it lower,
    /// see [`Searchable::depth_cap`]).
    const fn max_depth(self) -> u32 {
        match self.0 {
            1 => 1,
            2 => 2,
            3 => 7,
            _ => 64,
        }
    }

    /// How far (in evaluation units, about 100 to a clearly better
    /// position) root scores are shaken at random before the best is taken.
    const fn noise(self) -> i32 {
        match self.0 {
            1 => 400,
            2 => 120,
            _ => 0,
        }
    }

    /// Whether the move may not hand the opponent an immediate win when
    /// another move does not.
    const fn is_careful(self) -> bool {
        self.0 >= 2
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::DEFAULT
    }
}

/// A level that is not a whole number from 1 to 5.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level must be a number from 1 to 5 (got {:?})", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let refused = || LevelError(s.to_string());
        let word = s.trim();
        if word.len() != 1 {
            return Err(refused());
        }
        word.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(refused)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game the computer can play: implemented for Gekitai, Connect6, Hex and
/// Reversi. The search only sees positions through [`Game`] and these
/// hooks; each game's evaluation lives in its own file of this module.
pub trait Searchable: Game {
    /// Positions can come round again (Gekitai pushes pieces off): the
    /// search then scores a return to a position of its own line or of the
    /// game's [`History`] as a draw.
    const CAN_REPEAT: bool = false;

    /// Moves can win on the spot, so every node (leaves included) first
    /// looks for a winning move before anything else.
    const WIN_CHECK: bool = true;

    /// How good the position is for the player to move, for a game that is
    /// not over: about 100 for a clearly better position, and always well
    /// inside `±100_000`.
    fn evaluate(&self) -> i32;

    /// A hash of everything the rest of the game depends on (pieces, the
    /// player to move, which stone of a turn); the ply count is left out.
    fn position_hash(&self) -> u64;

    /// The moves the search considers, in a cheap good-first order. All
    /// legal moves unless the game's board is too big to search fully
    /// (Connect6 keeps to cells near stones).
    fn candidate_moves(&self, moves: &mut Vec<Self::Move>) {
        self.legal_moves(moves);
    }

    /// A small number for each move (below 1024) for the
    /// history heuristic.
    fn move_slot(mv: Self::Move) -> usize;

    /// Whether the opponent of `me` can win with their next move before
    /// `me` can stop it, in a position that is not over.
    fn opponent_wins_next(&self, me: Player) -> bool {
        if self.to_move() == me {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().any(|mv| {
            let mut next = self.clone();
            next.play_unchecked(mv);
            next.outcome() == Some(crate::engine::Outcome::Win(me.other()))
        })
    }

    /// The deepest search at `level`, in plies: where a game's levels
    /// would otherwise reach nearly the same depth in their different
    /// times, a lower cap keeps them apart.
    fn depth_cap(level: Level) -> u32 {
        level.max_depth()
    }

    /// An exactly solved best move, when the game allows it near its end
    /// and the solver finishes before `deadline` (Reversi).
    fn solve(&self, _level: Level, _deadline: Instant, _stop: &AtomicBool) -> Option<Self::Move> {
        None
    }

    /// The game's own way to choose a move at `level`, tried after a win
    /// in one: a move to play, or [`OwnChoice::Search`] to leave the choice
    /// to the generic search.
    fn choose_own(
        &self,
        _history: &History,
        _level: Level,
        _deadline: Instant,
        _seed: u64,
        _stop: &AtomicBool,
    ) -> OwnChoice<Self::Move> {
        OwnChoice::Search
    }
}

/// What a game's own way of choosing ([`Searchable::choose_own`]) decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OwnChoice<M> {
    /// Nothing: the generic alpha-beta search chooses (the game has no
    /// search of its own at this level).
    Search,
    /// Play this move.
    Play(M),
    /// The game is over, so there is no move to play.
    GameOver,
}

/// The move the computer plays at `level` in `game`, which has been
/// through the positions of `history`, thinking at most `budget` (use
/// `level.budget()` normally) and returning early (with the best move found
/// so far) as soon as `stop` is set.
///
/// `seed` varies the choice among equally good moves so games differ; with
/// the same seed and position, levels 1 and 2 choose the same move whatever
/// the budget. `None` only when the game is over.
///
/// Every level plays a win in one when there is one; from level 2 up it
/// never plays a move that lets the opponent win at once when another move
/// does not.
pub fn choose<G: Searchable>(
    game: &G,
    history: &History,
    level: Level,
    budget: Duration,
    seed: u64,
    stop: &AtomicBool,
) -> Option<G::Move> {
    search::choose(game, history, level, Instant::now() + budget, seed, stop)
}
