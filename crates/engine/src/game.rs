//! The interface every game implements, so that front ends, search, perft
//! and the generic tests work on any of them.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber};
use super::perft::{self, Finished};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::GameSettings;

/// A two-player game position, with the rules that move it forward.
pub trait Game: Clone + Debug + PartialEq + Send + 'static {
    /// One move as the game's players know it; `Display` and `FromStr` use
    /// the game's own notation and round-trip.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr + Send + Sync + 'static;
    /// What a move did beyond placing its piece (pushes, flips, the winning
    /// line), for animation and replay.
    type Effect: Clone + Debug;

    /// The game's name on the command line and in records: `gekitai`.
    const NAME: &'static str;

    /// The board's side: it has `side() * side()` cells.
    fn side(&self) -> usize;

    /// The letter a player's pieces are shown with.
    fn symbol(player: Player) -> char;

    /// The move that puts a piece on `cell`.
    fn place(cell: Cell) -> Self::Move;

    /// The cell a move puts a piece on, if it does.
    fn placed(mv: &Self::Move) -> Option<Cell>;

    /// The move the game makes by itself now, because it is the only one
    /// the player to move has and is no choice (Reversi's pass): records
    /// leave such moves out and move numbers skip them.
    fn forced_move(&self) -> Option<Self::Move> {
        None
    }

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

/// A game as tabletop offers it: its names, its settings, how it names its
/// cells, and how it starts. What the list of games and every front end
/// read about a game beyond its rules.
pub trait Described: Game {
    /// The game's settings: board side and rules.
    type Settings: GameSettings;

    /// The game's name as players write it: `Gekitai`.
    const TITLE: &'static str;
    /// What the game is, in a line, for `--help`.
    const ABOUT: &'static str;

    /// How the game names its cells, and so labels its rows and columns.
    const NOTATION: LetterNumber;
    /// How programs that play the game name its cells over GTP: the game's
    /// own notation in either case, unless its community uses another.
    const GTP_NOTATION: LetterNumber = Self::NOTATION.either_case();
    /// The moves written as words rather than cells (`pass`, `swap`).
    const WORD_MOVES: &'static [Self::Move] = &[];

    /// What the game's final margin is counted in, one and many, for a game
    /// whose result has one (Reversi's discs): an exact solver's "wins by
    /// 6 discs". `None`: a win is a win, and records refuse a margin.
    const MARGIN_UNIT: Option<(&'static str, &'static str)> = None;

    /// What a game that ends before perft's last ply adds to the count, as
    /// the game's published perft series count it.
    const PERFT_FINISHED: Finished = Finished::Leaf;

    /// How the game announces its result, in every front end:
    /// `Player X wins!`, `Draw game!`.
    fn result_text(outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(player) => format!("Player {} wins!", Self::symbol(player)),
            Outcome::Draw => "Draw game!".to_string(),
        }
    }

    /// How every front end says that `resigner` gave the game up.
    fn resignation_text(resigner: Player) -> String {
        format!("Player {} resigned.", Self::symbol(resigner))
    }

    /// The game at its start.
    fn new(settings: Self::Settings) -> Self;

    fn settings(&self) -> Self::Settings;

    /// Leaves `depth` plies below this position (see [`perft::perft`]),
    /// telling `progress` the share counted so far; games override it with
    /// a faster count.
    fn perft(&self, depth: usize, finished: Finished, progress: &mut dyn FnMut(f64)) -> u64 {
        let mut count = |game: &Self, depth| perft::perft(game, depth, finished);
        perft::perft_reporting(self, depth, &mut count, progress)
    }

    /// Plays uniformly random moves to the end of the game (self-play).
    fn play_out(&mut self, rng: &mut Rng) {
        while let Some(mv) = self.random_move(rng) {
            self.play_unchecked(mv);
        }
    }
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
