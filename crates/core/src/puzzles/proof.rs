//! Proving that a player wins a position within so many plies, whatever
//! the other side does: the game's exact solver where it has one for the
//! position ([`Searchable::exact_value`]: Hex up to 8×8, Reversi's last
//! empty cells), else an exhaustive search that tries every move of both
//! sides, except that where the defender must stop a threat
//! ([`Searchable::forced`]) the moves that do not are known to lose. The
//! search gives up after a number of positions, or when `stop` is set.
//!
//! For the exact solvers a win is a win however long it takes (those
//! games end by themselves: Hex when a side connects, Reversi when the
//! board is full); for the others it must come within the plies given.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use tabletop_ai::Searchable;
use tabletop_engine::{Outcome, Player};

/// Positions one search may visit before it gives up.
pub const NODE_LIMIT: u64 = 4_000_000;

/// What a search proved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proof {
    /// The attacker wins, whatever the defender does.
    Won,
    /// The defender can keep the attacker from winning (in time).
    NotWon,
    /// Neither was proved before the search gave up or was stopped.
    Unknown,
}

/// The value of `pos` for `attacker` by the game's exact solver, if it
/// takes the position on: above 0 a win, the larger the clearer.
pub fn exact_for<G: Searchable>(pos: &G, attacker: Player, stop: &AtomicBool) -> Option<i32> {
    if let Some(outcome) = pos.outcome() {
        return Some(match outcome {
            Outcome::Win(p) if p == attacker => 1000,
            Outcome::Win(_) => -1000,
            Outcome::Draw => 0,
        });
    }
    let value = pos.exact_value(stop)?;
    Some(if pos.to_move() == attacker {
        value
    } else {
        -value
    })
}

/// Whether `attacker` wins `pos` within `plies` plies, trying the moves of
/// `hint` first where they apply (a known winning line makes the proof
/// quick).
pub fn wins_within<G: Searchable>(
    pos: &G,
    attacker: Player,
    plies: u32,
    hint: &[G::Move],
    stop: &AtomicBool,
) -> Proof {
    if let Some(value) = exact_for(pos, attacker, stop) {
        return if value > 0 { Proof::Won } else { Proof::NotWon };
    }
    if stop.load(Ordering::Relaxed) {
        return Proof::Unknown;
    }
    // Threats alone first: quick, and enough for most wins in the games
    // of rows; but failing to find one there proves nothing.
    if pos.forced().is_some() || threatens(pos, attacker) {
        let mut threats = Search::new(attacker, stop, NODE_LIMIT / 4);
        threats.threats_only = true;
        if threats.wins(pos, plies, hint) == Some(true) {
            return Proof::Won;
        }
    }
    let mut search = Search::new(attacker, stop, NODE_LIMIT);
    match search.wins(pos, plies, hint) {
        Some(true) => Proof::Won,
        Some(false) => Proof::NotWon,
        None => Proof::Unknown,
    }
}

/// Whether the game speaks of threats at all here: some move of the
/// attacker leaves the defender forced (the games of rows).
fn threatens<G: Searchable>(pos: &G, attacker: Player) -> bool {
    if pos.to_move() != attacker {
        return false;
    }
    let mut moves = Vec::new();
    pos.candidate_moves(&mut moves);
    moves.iter().take(8).any(|&mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        child.is_over() || child.forced().is_some()
    })
}

/// Whether `attacker` is proved to win `pos` within `plies` by threats
/// alone: every move of theirs (but the last) leaves the defender forced.
/// `false` proves nothing; it is quick where the full search is not.
pub fn wins_by_threats<G: Searchable>(
    pos: &G,
    attacker: Player,
    plies: u32,
    hint: &[G::Move],
    stop: &AtomicBool,
) -> bool {
    let mut threats = Search::new(attacker, stop, NODE_LIMIT);
    threats.threats_only = true;
    threats.wins(pos, plies, hint) == Some(true)
}

/// The fewest plies, at most `limit`, within which `attacker` is proved
/// to win `pos`; `Err` with the proof's failure otherwise (`NotWon`: the
/// defender holds out past `limit`).
pub fn shortest_win<G: Searchable>(
    pos: &G,
    attacker: Player,
    limit: u32,
    stop: &AtomicBool,
) -> Result<u32, Proof> {
    let mut full = Search::new(attacker, stop, NODE_LIMIT / 16);
    let mut threats = Search::new(attacker, stop, NODE_LIMIT / 16);
    threats.threats_only = true;
    let mut given_up = false;
    for plies in 0..=limit {
        if threats.wins(pos, plies, &[]) == Some(true) {
            return Ok(plies);
        }
        if given_up {
            continue;
        }
        match full.wins(pos, plies, &[]) {
            Some(true) => return Ok(plies),
            Some(false) => {}
            None => given_up = true,
        }
    }
    Err(if given_up {
        Proof::Unknown
    } else {
        Proof::NotWon
    })
}

/// One exhaustive search, remembering what it has answered.
struct Search<'a> {
    attacker: Player,
    stop: &'a AtomicBool,
    nodes: u64,
    limit: u64,
    /// (position, plies left) → whether the attacker wins.
    known: HashMap<(u64, u32), bool>,
    /// The attacker only tries moves that win or leave the defender
    /// forced, among the search's candidates: a win found stands, but a
    /// position without one may still be won.
    threats_only: bool,
}

impl<'a> Search<'a> {
    fn new(attacker: Player, stop: &'a AtomicBool, limit: u64) -> Search<'a> {
        Search {
            attacker,
            stop,
            nodes: 0,
            limit,
            known: HashMap::new(),
            threats_only: false,
        }
    }

    /// Whether the attacker wins within `plies`; `None` once the search
    /// has given up.
    fn wins<G: Searchable>(&mut self, pos: &G, plies: u32, hint: &[G::Move]) -> Option<bool> {
        if let Some(outcome) = pos.outcome() {
            return Some(outcome == Outcome::Win(self.attacker));
        }
        if plies == 0 {
            return Some(false);
        }
        let key = (pos.position_hash(), plies);
        if let Some(&known) = self.known.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(1024) && self.stop.load(Ordering::Relaxed))
        {
            return None;
        }
        let attacking = pos.to_move() == self.attacker;
        let mut moves = moves_to_try(pos, attacking, plies, hint.first().copied());
        if attacking && self.threats_only {
            let mut candidates = Vec::new();
            pos.candidate_moves(&mut candidates);
            moves.retain(|mv| {
                if !candidates.contains(mv) && hint.first() != Some(mv) {
                    return false;
                }
                let mut child = pos.clone();
                child.play_unchecked(*mv);
                child.is_over()
                    || child.to_move() == self.attacker
                    || child.forced().is_some_and(|f| f.within < plies)
            });
        }
        let rest = hint.get(1..).unwrap_or_default();
        let mut unsure = false;
        for mv in moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let follows = if hint.first() == Some(&mv) { rest } else { &[] };
            match self.wins(&child, plies - 1, follows) {
                // The attacker needs one winning move; the defender one
                // that holds.
                Some(wins) if wins == attacking => {
                    self.known.insert(key, wins);
                    return Some(wins);
                }
                Some(_) => {}
                None if self.nodes > self.limit || self.stop.load(Ordering::Relaxed) => {
                    return None;
                }
                None => unsure = true,
            }
        }
        if unsure {
            return None;
        }
        // No winning move for the attacker, or every defence lost.
        let wins = !attacking;
        self.known.insert(key, wins);
        Some(wins)
    }
}

/// The moves worth trying at a node: every legal move (the hinted one
/// first), except that a defender who must stop a threat that would win
/// within the plies left only has the moves that stop it (the others lose,
/// so trying them proves nothing new).
fn moves_to_try<G: Searchable>(
    pos: &G,
    attacking: bool,
    plies: u32,
    first: Option<G::Move>,
) -> Vec<G::Move> {
    let mut moves = candidates_first(pos);
    if !attacking
        && let Some(forced) = pos.forced()
        && forced.within <= plies
    {
        moves.retain(|mv| G::placed(mv).is_some_and(|cell| forced.cells.contains(&cell)));
        if moves.is_empty() {
            // Every move loses at once: one is enough to show it.
            pos.legal_moves(&mut moves);
            moves.truncate(1);
        }
    }
    if let Some(first) = first
        && let Some(at) = moves.iter().position(|&mv| mv == first)
    {
        moves[..=at].rotate_right(1);
    }
    moves
}

/// Every legal move of `pos`: the search's candidates first (a good
/// order), then whatever they leave out.
pub fn candidates_first<G: Searchable>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.candidate_moves(&mut moves);
    let mut all = Vec::new();
    pos.legal_moves(&mut all);
    for mv in all {
        if !moves.contains(&mv) {
            moves.push(mv);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_ai::prover::Prover;
    use tabletop_engine::Game;
    use tabletop_engine::Rng;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn the_search_agrees_with_the_plain_prover_on_gekitai() {
        let never = AtomicBool::new(false);
        let mut rng = Rng::new(7);
        for _ in 0..30 {
            let mut pos = Gekitai::default();
            for _ in 0..(8 + rng.below(10)) {
                match pos.random_move(&mut rng) {
                    Some(mv) if !pos.is_over() => pos.play_unchecked(mv),
                    _ => break,
                }
            }
            if pos.is_over() {
                continue;
            }
            let me = pos.to_move();
            for plies in 1..=3 {
                let plain = Prover::new().wins_within(&pos, me, plies);
                let proof = wins_within(&pos, me, plies, &[], &never);
                let expected = if plain { Proof::Won } else { Proof::NotWon };
                assert_eq!(proof, expected, "{pos:?} within {plies}");
            }
        }
    }
}
