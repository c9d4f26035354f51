//! The shortest win and the longest defence, as chess engines play the
//! shortest mate: a depth-bounded proof of "the attacker wins within so
//! many plies" on a `u64` board, every reply of the defender tried, its
//! answers kept by position (up to symmetry), attacker and plies left.
//!
//! Level 5 asks it once a win is proved (by the book or the proof-number
//! search): the winner plays the first move of the shortest win found,
//! the loser a reply after which the winner's shortest win is longest.
//! A search stops after a number of positions (and at the move's
//! deadline), so what it settles does not depend on the machine.

use std::collections::HashMap;

use super::symmetry::{self, Key};
use crate::Deadline;
use crate::search::winning_move;
use tabletop_engine::gekitai::{GekitaiBoard, Place};
use tabletop_engine::{Game, Outcome, Player};

/// Answers kept at most (about 40 bytes each); past it, nothing new is
/// kept.
const CAPACITY: usize = 1 << 20;

/// One search's answers and counters.
pub struct Mates<'a> {
    known: HashMap<(Key, bool, u32), bool>,
    /// The refutation found last at each number of plies left: tried first.
    killers: Vec<Option<Place>>,
    deadline: Deadline<'a>,
    /// Positions looked at so far.
    pub nodes: u64,
    node_limit: u64,
}

impl<'a> Mates<'a> {
    /// A search that gives up after `node_limit` positions or when
    /// `deadline` expires (counting the same positions).
    pub fn new(deadline: Deadline<'a>, node_limit: u64) -> Mates<'a> {
        Mates {
            known: HashMap::new(),
            killers: Vec::new(),
            deadline,
            nodes: 0,
            node_limit,
        }
    }

    fn out(&self) -> bool {
        self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(256) && self.deadline.expired(self.nodes))
    }

    /// Whether `attacker` wins `board` within `plies` plies whatever the
    /// other side does; `None` when the search ran out first.
    pub fn wins_within(
        &mut self,
        board: &GekitaiBoard<u64>,
        attacker: Player,
        plies: u32,
    ) -> Option<bool> {
        if let Some(outcome) = board.outcome() {
            return Some(outcome == Outcome::Win(attacker));
        }
        if plies == 0 {
            return Some(false);
        }
        let attacking = board.to_move() == attacker;
        let key = (
            symmetry::canonical(board).0,
            attacker == Player::First,
            plies,
        );
        if let Some(&known) = self.known.get(&key) {
            return Some(known);
        }
        if self.out() {
            return None;
        }
        self.nodes += 1;
        let mut moves = Vec::with_capacity(36);
        board.legal_moves(&mut moves);
        // A win on the spot ends it either way; without one the attacker
        // needs a move of its own after the defender's.
        let wins_now = winning_move(board, &moves).is_some();
        if wins_now || (attacking && plies < 3) {
            let settled = attacking && wins_now;
            self.keep(key, settled);
            return Some(settled);
        }
        let slot = plies as usize;
        if self.killers.len() <= slot {
            self.killers.resize(slot + 1, None);
        }
        if let Some(killer) = self.killers[slot]
            && let Some(at) = moves.iter().position(|&mv| mv == killer)
        {
            moves.swap(0, at);
        }
        // The attacker looks for one move that wins, the defender for
        // one that does not lose.
        let mut settled = !attacking;
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            if self.wins_within(&child, attacker, plies - 1)? == attacking {
                settled = attacking;
                self.killers[slot] = Some(mv);
                break;
            }
        }
        self.keep(key, settled);
        Some(settled)
    }

    fn keep(&mut self, key: (Key, bool, u32), settled: bool) {
        if self.known.len() < CAPACITY {
            self.known.insert(key, settled);
        }
    }

    /// The first move of the shortest win of the player to move within
    /// `most` plies, and its length, as far as the search gets.
    pub fn shortest_win(&mut self, board: &GekitaiBoard<u64>, most: u32) -> Option<(Place, u32)> {
        let me = board.to_move();
        let mut moves = Vec::with_capacity(36);
        board.legal_moves(&mut moves);
        for plies in (1..=most).step_by(2) {
            for &mv in &moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                if self.wins_within(&child, me, plies - 1)? {
                    return Some((mv, plies));
                }
            }
        }
        None
    }

    /// The replies of the player to move, lost, after which the
    /// opponent's shortest win takes longest, as far as the search gets
    /// (up to `most` plies from here): every move that was not shown to
    /// lose sooner than another.
    pub fn longest_defences(&mut self, board: &GekitaiBoard<u64>, most: u32) -> Vec<Place> {
        let winner = board.to_move().other();
        let mut moves = Vec::with_capacity(36);
        board.legal_moves(&mut moves);
        let mut alive = moves;
        // After our move, the winner wins within `plies` (odd) plies.
        for plies in (1..most).step_by(2) {
            let mut survivors = Vec::new();
            for (k, &mv) in alive.iter().enumerate() {
                let mut child = board.clone();
                child.play_unchecked(mv);
                match self.wins_within(&child, winner, plies) {
                    Some(true) => {}
                    Some(false) => survivors.push(mv),
                    // Out of search: what is not shown to lose this soon
                    // stays (every move left lost no sooner).
                    None => {
                        survivors.extend(&alive[k..]);
                        return survivors;
                    }
                }
            }
            if survivors.is_empty() {
                break;
            }
            alive = survivors;
        }
        alive
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::prover::Prover;
    use tabletop_engine::Rng;
    use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings};

    /// A random position of `settings` some plies in that is not over.
    fn random_board(settings: GekitaiSettings, rng: &mut Rng) -> Option<GekitaiBoard<u64>> {
        let Gekitai::Small(mut board) = Gekitai::new(settings) else {
            unreachable!("sides up to 6 are u64 boards")
        };
        for _ in 0..4 + rng.below(14) {
            let mv = board.random_move(rng)?;
            board.play_unchecked(mv);
            if board.outcome().is_some() {
                return None;
            }
        }
        Some(board)
    }

    /// The mate search answers as the plain prover, which tries every
    /// line, for either side as the attacker; and its shortest win is the
    /// prover's, its first move keeping it.
    #[test]
    fn the_mate_search_agrees_with_the_plain_prover() {
        let stop = AtomicBool::new(false);
        let mut rng = Rng::new(7);
        let mut compared = [0; 2];
        for (side, pieces, line, plies) in [(6, 8, 3, 3), (5, 6, 3, 3), (4, 5, 3, 5)] {
            let settings = GekitaiSettings::new(side, pieces, line, BothWin::Mover).expect("valid");
            for _ in 0..40 {
                let Some(board) = random_board(settings, &mut rng) else {
                    continue;
                };
                let mut prover = Prover::new();
                let mut mates = Mates::new(Deadline::unlimited(&stop), u64::MAX);
                for attacker in Player::BOTH {
                    assert_eq!(
                        mates.wins_within(&board, attacker, plies),
                        Some(prover.wins_within(&board, attacker, plies)),
                        "{board:?}, {attacker:?} within {plies}"
                    );
                }
                let shortest = mates.shortest_win(&board, plies);
                assert_eq!(shortest.map(|(_, n)| n), prover.shortest_win(&board, plies));
                if let Some((mv, n)) = shortest {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    assert!(prover.wins_within(&child, board.to_move(), n - 1));
                    compared[1] += 1;
                }
                compared[0] += 1;
            }
        }
        assert!(compared[0] >= 60 && compared[1] >= 10, "{compared:?}");
    }

    /// The longest defences are the replies after which the winner's
    /// shortest win (as the plain prover finds it) is longest.
    #[test]
    fn the_longest_defences_put_the_win_off_longest() {
        let stop = AtomicBool::new(false);
        let mut rng = Rng::new(11);
        let settings = GekitaiSettings::new(6, 8, 3, BothWin::Mover).expect("valid");
        let mut checked = 0;
        for _ in 0..2000 {
            let Some(board) = random_board(settings, &mut rng) else {
                continue;
            };
            let winner = board.to_move().other();
            let mut prover = Prover::new();
            // Lost within 4 plies, but not in 2 whatever the reply.
            if !prover.wins_within(&board, winner, 4) || prover.wins_within(&board, winner, 2) {
                continue;
            }
            let mut moves = Vec::new();
            board.legal_moves(&mut moves);
            let lasts = |mv: Place, prover: &mut Prover| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                (1..=3)
                    .step_by(2)
                    .find(|&n| prover.wins_within(&child, winner, n))
            };
            let longest = moves.iter().filter_map(|&mv| lasts(mv, &mut prover)).max();
            let mut mates = Mates::new(Deadline::unlimited(&stop), u64::MAX);
            let chosen = mates.longest_defences(&board, 5);
            assert!(!chosen.is_empty());
            for mv in chosen {
                assert_eq!(lasts(mv, &mut prover), longest, "{board:?}: {mv}");
            }
            checked += 1;
            if checked == 6 {
                break;
            }
        }
        assert_eq!(checked, 6);
    }
}
