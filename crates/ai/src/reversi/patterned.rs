//! Level 5's scoring of 8×8 Reversi: the fitted pattern weights
//! (`weights.rs`) instead of the hand-made evaluation, which the lower
//! levels, the other board sizes and the reviews keep. [`pattern_value`]
//! is the scoring itself, which level 5's midgame search (`midgame.rs`)
//! calls; [`Patterned`] wraps a position so that the generic search runs
//! on it unchanged, the reference the midgame search is tested against.

use super::weights::{self, Weights};
use crate::Searchable;
use tabletop_engine::reversi::{Reversi, ReversiEffect, ReversiMove};
use tabletop_engine::{Cell, Game, IllegalMove, Outcome, Player, Rng};

/// The board the pattern weights are fitted for.
pub const PATTERN_SIDE: usize = 8;
/// Evaluation points per disc of the expected final difference.
const EVAL_PER_DISC: i32 = 16;

/// The mover's evaluation by `weights`: the expected final disc
/// difference, [`EVAL_PER_DISC`] points a disc, from the mover's discs and
/// the opponent's, and where each could place. The one scoring of both the
/// generic search on [`Patterned`] and the midgame search.
#[inline]
pub fn pattern_value(weights: &Weights, discs: [u64; 2], placements: [u64; 2]) -> i32 {
    let score = weights.score(discs[0], discs[1], placements[0], placements[1]);
    score * EVAL_PER_DISC / weights::UNIT
}

/// A Reversi position scored by the pattern weights.
#[derive(Clone, PartialEq, Debug)]
pub struct Patterned(pub Reversi);

impl Game for Patterned {
    type Move = ReversiMove;
    type Effect = ReversiEffect;
    const NAME: &'static str = Reversi::NAME;

    fn place(cell: Cell) -> ReversiMove {
        Reversi::place(cell)
    }
    fn placed(mv: &ReversiMove) -> Option<Cell> {
        Reversi::placed(mv)
    }
    fn forced_move(&self) -> Option<ReversiMove> {
        self.0.forced_move()
    }
    fn side(&self) -> usize {
        self.0.side()
    }
    fn symbol(player: Player) -> char {
        Reversi::symbol(player)
    }
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn piece_at(&self, cell: Cell) -> Option<Player> {
        self.0.piece_at(cell)
    }
    fn legal_moves(&self, moves: &mut Vec<ReversiMove>) {
        self.0.legal_moves(moves)
    }
    fn count_legal_moves(&self) -> usize {
        self.0.count_legal_moves()
    }
    fn check(&self, mv: ReversiMove) -> Result<(), IllegalMove> {
        self.0.check(mv)
    }
    #[inline]
    fn play_unchecked(&mut self, mv: ReversiMove) {
        self.0.play_unchecked(mv)
    }
    fn play(&mut self, mv: ReversiMove) -> Result<ReversiEffect, IllegalMove> {
        self.0.play(mv)
    }
    fn random_move(&self, rng: &mut Rng) -> Option<ReversiMove> {
        self.0.random_move(rng)
    }
    fn plies(&self) -> usize {
        self.0.plies()
    }
}

impl Searchable for Patterned {
    const WIN_CHECK: bool = false;

    /// The expected final disc difference, [`EVAL_PER_DISC`] points a disc.
    fn evaluate(&self) -> i32 {
        let me = self.0.to_move();
        let other = me.other();
        pattern_value(
            Weights::shipped(),
            [self.0.disc_bits(me), self.0.disc_bits(other)],
            [self.0.placement_bits(me), self.0.placement_bits(other)],
        )
    }

    fn position_hash(&self) -> u64 {
        self.0.position_hash()
    }

    fn candidate_moves(&self, moves: &mut Vec<ReversiMove>) {
        self.0.candidate_moves(moves)
    }

    fn move_slot(mv: ReversiMove) -> usize {
        Reversi::move_slot(mv)
    }
}
