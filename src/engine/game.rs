//! The interface every game implements, so that front ends, search, perft
//! and the generic tests work on any of them.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use super::cell::Cell;
use super::player::{Outcome, Player};
use super::random::Rng;

/// A two-player game position, with the rules that move it forward.
pub trait Game: Clone + Debug + Send + 'static {
    /// One move as the game's players know it; `Display` and `FromStr` use
    /// the game's own notation and round-trip.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr + Send + 'static;
    /// What a move did beyond placing its piece (pushes, flips, the winning
    /// line), for animation and replay.
    type Effect: Clone + Debug;

    /// The game's name on the command line and in records.
    const NAME: &'static str;

    /// The board's side: it has `side() * side()` cells.
    fn side(&self) -> usize;

    /// The letter a player's pieces are shown with.
    fn symbol(player: Player) -> char;

    /// The player whose move it is (for a finished game: who would be next).
    fn to_move(&self) -> Player;

    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whose piece stands on `cell`, if any.
    fn piece_at(&self, cell: Cell) -> Option<Player>;

    /// Replaces the contents of `moves` with every legal move (none once the
    /// game is over).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Why `mv` may not be played now, if it may not.
    fn check(&self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Plays a move that [`Game::check`] accepts, without checking, and
    /// without working out its effect: the fast path for search.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal and reports what it did; an illegal move
    /// leaves the position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Effect, IllegalMove>;

    /// A legal move chosen uniformly at random; `None` once the game is over.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
    }

    /// How many legal moves there are; games override it where counting is
    /// cheaper than listing (perft's last ply).
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// Number of moves played so far (each Connect6 stone, each Reversi pass
    /// and a Hex swap count as one).
    fn plies(&self) -> usize;
}

/// Why a well-formed move cannot be played in this position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    GameOver,
    OffBoard,
    Occupied,
    /// Reversi: the disc would outflank nothing.
    NoFlips,
    /// Reversi: a pass while a move is available.
    CannotPass,
    /// Reversi: a move when the only move is to pass.
    MustPass,
    /// Hex: swap is only the second player's first move, with the rule on.
    CannotSwap,
}

impl Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::GameOver => "the game is over",
            IllegalMove::OffBoard => "that cell is not on the board",
            IllegalMove::Occupied => "that cell is taken",
            IllegalMove::NoFlips => "a disc there would outflank nothing",
            IllegalMove::CannotPass => "a player with a move may not pass",
            IllegalMove::MustPass => "there is no move here but to pass",
            IllegalMove::CannotSwap => "swap is not allowed now",
        })
    }
}

impl std::error::Error for IllegalMove {}
