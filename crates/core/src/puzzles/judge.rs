//! A puzzle being solved: whether the player's move keeps the forced win,
//! and the computer's answer, the most stubborn defence. Both may take a
//! moment, so both take a stop flag and can run on any thread.
//!
//! A move keeps the win when a proof says so ([`super::proof`]); where
//! the proofs give up (a big board from a saved game), the generic
//! search's forced-win scores ([`tabletop_ai::analysis`]) decide. A move
//! that is not shown to keep the win lets it slip.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::proof::{self, Proof, candidates_first, exact_for, shortest_win};
use tabletop_ai::analysis::{Verdict, analyse};
use tabletop_ai::{self as ai, History, Level, Searchable};
use tabletop_engine::BestPlay;
use tabletop_engine::Player;

/// How long the generic search may look at a position no proof settles.
pub const SEARCH_BUDGET: Duration = Duration::from_secs(2);

/// What became of the player's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judged {
    /// The win is still forced within the plies left.
    Keeps,
    /// The win is no longer forced (or no longer in time).
    Slips,
    /// The work was stopped before it decided.
    Stopped,
}

/// Whether playing `mv` in `pos` keeps `attacker`'s forced win within
/// `plies` plies (this move included).
pub fn judge<G: Searchable>(
    pos: &G,
    mv: G::Move,
    attacker: Player,
    plies: u32,
    stop: &AtomicBool,
) -> Judged {
    if plies == 0 || pos.check(mv).is_err() {
        return Judged::Slips;
    }
    let mut child = pos.clone();
    child.play_unchecked(mv);
    let left = plies - 1;
    match proof::wins_within(&child, attacker, left, &[], stop) {
        Proof::Won => Judged::Keeps,
        Proof::NotWon => Judged::Slips,
        Proof::Unknown if stop.load(Ordering::Relaxed) => Judged::Stopped,
        Proof::Unknown => {
            let analysis = analyse(
                &child,
                &History::default(),
                Level::MAX,
                SEARCH_BUDGET,
                0,
                stop,
            );
            if stop.load(Ordering::Relaxed) {
                return Judged::Stopped;
            }
            let won = match analysis.verdict {
                Verdict::Wins(n) => child.to_move() == attacker && n <= left,
                Verdict::Loses(n) => child.to_move() != attacker && n <= left,
                // A solver's result has no length, as with exact_value.
                Verdict::BestPlay(BestPlay::Win(_)) => child.to_move() == attacker,
                Verdict::BestPlay(BestPlay::Loss(_)) => child.to_move() != attacker,
                Verdict::BestPlay(BestPlay::Draw) | Verdict::Drawn | Verdict::Score(_) => false,
            };
            if won { Judged::Keeps } else { Judged::Slips }
        }
    }
}

/// The defender's answer in `pos` to `attacker`, who has `plies` plies
/// left to win: the move after which the win takes longest (by the exact
/// solvers, the one after which it is least clear); a move after which
/// the win is not proved at all comes first. `None` when the game is over
/// or `stop` was set.
pub fn answer<G: Searchable>(
    pos: &G,
    attacker: Player,
    plies: u32,
    stop: &AtomicBool,
) -> Option<G::Move> {
    let moves = defences(pos, plies);
    if moves.is_empty() || stop.load(Ordering::Relaxed) {
        return None;
    }
    if exact_for(pos, attacker, stop).is_some() {
        let mut best: Option<(G::Move, i32)> = None;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let value = exact_for(&child, attacker, stop)?;
            if best.is_none_or(|(_, least)| value < least) {
                best = Some((mv, value));
            }
        }
        return best.map(|(mv, _)| mv);
    }
    let mut best: Option<(G::Move, u32)> = None;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        match shortest_win(&child, attacker, plies.saturating_sub(1), stop) {
            Ok(length) => {
                if best.is_none_or(|(_, longest)| length > longest) {
                    best = Some((mv, length));
                }
            }
            // The win is gone after this move: the stoutest defence.
            Err(Proof::NotWon) => return Some(mv),
            Err(_) if stop.load(Ordering::Relaxed) => return None,
            // Too big to prove: the computer's own choice defends.
            Err(_) => {
                let level = Level::MAX;
                return ai::choose(pos, &History::default(), level, level.budget(), 0, stop);
            }
        }
    }
    best.map(|(mv, _)| mv)
}

/// The defender's moves worth answering with: those that stop a threat
/// when one must be stopped in time (any other loses at once), else every
/// legal move, in the search's order.
fn defences<G: Searchable>(pos: &G, plies: u32) -> Vec<G::Move> {
    let moves = candidates_first(pos);
    if let Some(forced) = pos.forced()
        && forced.within <= plies
    {
        let stopping: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|mv| G::placed(mv).is_some_and(|cell| forced.cells.contains(&cell)))
            .collect();
        if !stopping.is_empty() {
            return stopping;
        }
    }
    moves
}
