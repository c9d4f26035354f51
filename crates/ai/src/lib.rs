//! The computer opponent, on engine types only: a game-independent
//! alpha-beta search, and beside it one folder (or file) per game with the
//! game's evaluation and its own searches.
//!
//! [`choose`] is the whole interface: a position and the game's earlier
//! positions ([`History`]), a strength [`Level`], a time budget, a seed and
//! a stop flag in; a move out. It only reads the
//! position it is given (it searches clones), so it can run on any thread.
//!
//! Which search plays which game (a game's [`Searchable::choose_own`]
//! takes over from the generic search where it has its own):
//!
//! - **Gekitai** (`gekitai.rs`): the generic alpha-beta search at every
//!   level, run on the fixed-size board inside the game; levels 3 and 4
//!   stop at 3 and 4 plies, and going back to an earlier position of the
//!   game counts as a draw. Level 5 first plays X's proved win: the
//!   opening book of the default game (`gekitai/book.rs`), then on boards
//!   up to 6×6 the proof-number search (`gekitai/dfpn.rs`, a third of the
//!   move's time); as O, lost, the reply that makes X's proof the most
//!   work (`gekitai/proved.rs`).
//! - **Connect6** (`connect6/`): alpha-beta stone by stone over the cells
//!   near the stones at levels 1 to 4 (level 3 stops at 3 stones); level 5
//!   is the threat search (`threats.rs`, its results kept by position in
//!   `memo.rs`, stopped by time or by a node count, `clock.rs`), both
//!   stones of a turn chosen together: its own chains of threats played,
//!   the opponent's refuted, the other turns weighed by alpha-beta over
//!   whole turns (`turns.rs`, up to 4 turns; `knobs.rs` keeps the older
//!   one-turn look-ahead for `examples/connect6_ab.rs`).
//! - **Hex** (`hex/`): alpha-beta on shortest-path distances at levels 1
//!   to 3; Monte Carlo tree search (`mcts.rs`) at levels 4 and 5 (level
//!   5's with priors from learned local patterns, `patterns.rs`), which
//!   hands late positions to the exact solver (`solver.rs`: proof-number
//!   search with virtual connections, `vc.rs`, on bit sets, `bits.rs`, up
//!   to 11×11); on boards up to 8×8 level 5 first tries the opening book
//!   (`book.rs`, 7×7) and the solver.
//! - **Reversi** (`reversi/`): alpha-beta at levels 1 and 2; from level 3
//!   Reversi's own table (`levels.rs`): the exact endgame solver
//!   (`endgame.rs`) from 10, 12 or 16 to 20 empty cells, before that
//!   alpha-beta capped at 4, 6 or no plies; level 5 on 8×8 scores that
//!   search's leaves with fitted pattern weights (`patterned.rs`,
//!   `patterns.rs`, `weights.rs`), the others with the hand-made
//!   evaluation.
//! - **Gomoku** (`gomoku.rs`): at levels 1 to 4 the generic search over
//!   the cells its line-shape tables rank first (level 3 stops at 4
//!   stones); level 5 looks for a win by fours (VCF) and by threes and
//!   fours (VCT), then runs its own alpha-beta search and plays the best
//!   move after which the opponent has no such forced win.
//!
//! For reviews ([`analysis`]), Hex up to 8×8, Reversi from 20 empty
//! cells down and X's wins in Gekitai up to 6×6 also settle positions
//! exactly ([`Searchable::prove`]): the same solvers (and Gekitai's
//! book), with a line the proof covers.
//!
//! Beside them: `search.rs` (the generic search), `history.rs` (the
//! positions a game has been through), `cells.rs` (board views cell by
//! cell that the evaluations share), [`prover`] (a plain forced-win prover
//! for tests, benches and examples) and, for the tests only,
//! `reference.rs` (plain slow searches the fast ones must agree with).

pub mod analysis;
mod cells;
pub mod changes;
pub mod deadline;
mod history;
pub mod prover;
#[cfg(test)]
mod reference;
mod search;
pub mod strength;

// Each game's computer opponent, a file or folder a game; public for the
// benches and examples that drive a game's own search.
pub mod connect6;
pub mod gekitai;
pub mod gomoku;
pub mod hex;
pub mod reversi;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use deadline::{Budget, Deadline};
pub use history::History;

use tabletop_engine::{Game, Player};

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

    /// The search score at which the player to move wins e times as often
    /// as they lose (odds of about 73%): how a review turns a score into a
    /// chance of winning ([`analysis::Verdict::win_chance`]). Measured per
    /// game by `examples/calibrate.rs`.
    const SCORE_SCALE: f64 = 200.0;

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
            next.outcome() == Some(tabletop_engine::Outcome::Win(me.other()))
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
    fn solve(&self, _level: Level, _deadline: Deadline) -> Option<Self::Move> {
        None
    }

    /// The position settled by the game's own exact solver, for reviews:
    /// how the game ends with best play, a best move and a line, if the
    /// solver takes the position on and finishes before `deadline` (Hex up
    /// to 8×8, Reversi near the end, X's wins in Gekitai up to 6×6). It
    /// ignores the game's history, so a game whose positions can come
    /// round again only has one if its proofs never lean on going round
    /// (Gekitai's count a return as no win).
    fn prove(&self, _deadline: Deadline) -> Option<analysis::Proof<Self::Move>> {
        None
    }

    /// The player who wins with best play where the game knows it without
    /// searching (Gekitai: its book, or a proof found earlier in this
    /// run): for hints.
    fn known_winner(&self) -> Option<Player> {
        None
    }

    /// The result of perfect play from here as one number, from the same
    /// exact solver as [`Searchable::prove`] but without a deadline or a
    /// line (cheaper, for judging many replies): above 0 the player to
    /// move wins, below 0 they lose, 0 a draw; the larger, the clearer the
    /// result. `None` when there is no such solver or `stop` was set.
    /// Puzzles prove wins with it.
    fn exact_value(&self, _stop: &AtomicBool) -> Option<i32> {
        None
    }

    /// Where the player to move must play because the opponent threatens
    /// to win on their next turn (Connect6's and Gomoku's rows): a move on
    /// no cell of [`Forced::cells`] loses at once. `None` when nothing is
    /// forced, the mover can win first, or the game cannot tell. Puzzles
    /// prove forced wins with it without trying every reply.
    fn forced(&self) -> Option<Forced> {
        None
    }

    /// The game's own way to choose a move at `level`, tried after a win
    /// in one: a move to play, or [`OwnChoice::Search`] to leave the choice
    /// to the generic search.
    fn choose_own(
        &self,
        _history: &History,
        _level: Level,
        _deadline: Deadline,
        _seed: u64,
    ) -> OwnChoice<Self::Move> {
        OwnChoice::Search
    }
}

/// The cells a player must play on, because a move anywhere else lets
/// the opponent win within `within` plies (that move included).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Forced {
    pub cells: Vec<tabletop_engine::Cell>,
    pub within: u32,
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
/// `level.budget()` normally; a [`Budget::Nodes`] count makes the choice
/// the same on any machine) and returning early (with the best move found
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
    budget: impl Into<Budget>,
    seed: u64,
    stop: &AtomicBool,
) -> Option<G::Move> {
    search::choose(
        game,
        history,
        level,
        Deadline::new(budget.into(), stop),
        seed,
    )
}
