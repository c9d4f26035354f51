//! The games of stones (Connect6, Gomoku): a move puts one of the mover's
//! stones on any empty cell, a long enough row wins, and a full board
//! without one is a draw. What sets one apart from the other is small
//! (how many stones a turn has, which rows win), and each says it through
//! [`StoneRules`]; their [`Game`] impl is this one, written once.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use super::cell::Cell;
use super::game::{Game, IllegalMove};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::stones::{DIRECTIONS, Stones};

/// Where a game of stones stands: the board, who moves, how it ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StonePlay {
    stones: Stones,
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl StonePlay {
    /// An empty board `side` cells a side, the first player to move.
    pub fn new(side: usize) -> StonePlay {
        StonePlay {
            stones: Stones::new(side),
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    /// Stones placed so far.
    pub fn plies(&self) -> usize {
        self.plies
    }
}

/// What a stone did beyond being placed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct StoneEffect {
    /// Empty unless the stone won; then every cell of every winning row
    /// through it (a stone may complete two rows at once), in board order.
    pub winning_line: Vec<Cell>,
}

/// What makes a game of stones the game it is; [`Game`] comes from it.
pub trait StoneRules: Clone + Debug + PartialEq + Send + 'static {
    /// A move: one stone on a cell.
    type Stone: Copy + Eq + Hash + Debug + Display + FromStr + Send + Sync + 'static;

    /// The game's name, as [`Game::NAME`].
    const GAME: &'static str;

    fn stone(cell: Cell) -> Self::Stone;

    fn cell(stone: Self::Stone) -> Cell;

    fn play_state(&self) -> &StonePlay;

    fn play_state_mut(&mut self) -> &mut StonePlay;

    /// Whether the turn passes to the other player once `plies` stones
    /// are down (after each stone in Gomoku; after the first and then
    /// every second in Connect6).
    fn turn_passes(plies: usize) -> bool;

    /// Whether a row of `length` stones wins.
    fn wins(&self, length: usize) -> bool;
}

/// Places the mover's stone, decides the outcome and passes the turn when
/// it ends; returns the stone's padded index if it won.
#[inline(always)]
fn apply<G: StoneRules>(game: &mut G, cell: Cell) -> Option<usize> {
    let mover = game.play_state().to_move;
    let at = game.play_state_mut().stones.place(cell, mover);
    let stones = &game.play_state().stones;
    let won = DIRECTIONS
        .into_iter()
        .any(|step| game.wins(stones.row_length(at, step)));
    let state = game.play_state_mut();
    state.plies += 1;
    if G::turn_passes(state.plies) {
        state.to_move = mover.other();
    }
    if won {
        state.outcome = Some(Outcome::Win(mover));
    } else if state.stones.is_full() {
        state.outcome = Some(Outcome::Draw);
    }
    won.then_some(at)
}

/// The cells of every winning row through the stone at `at`.
fn winning_cells<G: StoneRules>(game: &G, at: usize) -> Vec<Cell> {
    let stones = &game.play_state().stones;
    let mut cells: Vec<Cell> = Vec::new();
    for step in DIRECTIONS {
        if game.wins(stones.row_length(at, step)) {
            cells.extend(stones.row_cells(at, step));
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

impl<G: StoneRules> Game for G {
    type Move = G::Stone;
    type Effect = StoneEffect;
    const NAME: &'static str = G::GAME;

    fn place(cell: Cell) -> G::Stone {
        G::stone(cell)
    }

    fn placed(stone: &G::Stone) -> Option<Cell> {
        Some(G::cell(*stone))
    }

    fn side(&self) -> usize {
        self.play_state().stones.side()
    }

    /// Black and White, Black first.
    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'B',
            Player::Second => 'W',
        }
    }

    fn to_move(&self) -> Player {
        self.play_state().to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.play_state().outcome
    }

    fn piece_at(&self, cell: Cell) -> Option<Player> {
        self.play_state().stones.piece_at(cell)
    }

    /// The empty cells, in no particular order.
    fn legal_moves(&self, moves: &mut Vec<G::Stone>) {
        moves.clear();
        let state = self.play_state();
        if state.outcome.is_none() {
            moves.extend(state.stones.empty_cells().map(G::stone));
        }
    }

    fn count_legal_moves(&self) -> usize {
        let state = self.play_state();
        if state.outcome.is_some() {
            0
        } else {
            state.stones.empty_count()
        }
    }

    fn check(&self, stone: G::Stone) -> Result<(), IllegalMove> {
        let state = self.play_state();
        if state.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        state.stones.check(G::cell(stone))
    }

    // Always inlined: random play and the search call it in their
    // innermost loops, where the call itself cost a tenth of the time.
    #[inline(always)]
    fn play_unchecked(&mut self, stone: G::Stone) {
        apply(self, G::cell(stone));
    }

    fn play(&mut self, stone: G::Stone) -> Result<StoneEffect, IllegalMove> {
        self.check(stone)?;
        let winning_line = match apply(self, G::cell(stone)) {
            Some(at) => winning_cells(self, at),
            None => Vec::new(),
        };
        Ok(StoneEffect { winning_line })
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<G::Stone> {
        let state = self.play_state();
        if state.outcome.is_some() {
            return None;
        }
        state.stones.random_empty(rng).map(G::stone)
    }

    fn plies(&self) -> usize {
        self.play_state().plies
    }
}
