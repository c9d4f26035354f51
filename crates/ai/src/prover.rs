//! A plain forced-win prover: can a player win within so many plies, by
//! trying every line? No evaluation and no pruning beyond the answer
//! itself, so tests and benchmarks can check the search against it.

use std::collections::HashMap;

use super::Searchable;
use tabletop_engine::{Outcome, Player};

/// Proves and disproves forced wins, remembering positions it has answered.
#[derive(Default)]
pub struct Prover {
    /// (position, attacker, plies left) → whether the attacker wins.
    known: HashMap<(u64, u8, u32), bool>,
}

impl Prover {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `attacker` wins `pos` within `plies` plies whatever the
    /// other side does. A game that ends otherwise (a draw, a loss) or
    /// runs out of plies is no win.
    pub fn wins_within<G: Searchable>(&mut self, pos: &G, attacker: Player, plies: u32) -> bool {
        if let Some(outcome) = pos.outcome() {
            return outcome == Outcome::Win(attacker);
        }
        if plies == 0 {
            return false;
        }
        let key = (pos.position_hash(), attacker.index() as u8, plies);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut after = |mv: &G::Move| {
            let mut child = pos.clone();
            child.play_unchecked(*mv);
            self.wins_within(&child, attacker, plies - 1)
        };
        let wins = if pos.to_move() == attacker {
            moves.iter().any(&mut after)
        } else {
            !moves.is_empty() && moves.iter().all(&mut after)
        };
        self.known.insert(key, wins);
        wins
    }

    /// The fewest plies, at most `limit`, within which the player to move
    /// forces a win, if any.
    pub fn shortest_win<G: Searchable>(&mut self, pos: &G, limit: u32) -> Option<u32> {
        let me = pos.to_move();
        (1..=limit).find(|&plies| self.wins_within(pos, me, plies))
    }
}
