//! The computer's view of the position on the analysis board: the first
//! player's chance (the evaluation bar) and the line it expects, a few
//! moves, worked out on a thread of its own within a bounded budget and
//! abandoned as soon as the position shown changes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::app::search_queue::Ticket;
use tabletop_ai::analysis::analyse;
use tabletop_ai::{Budget, History, Level, Searchable};
use tabletop_engine::Player;

/// The moves of the best line shown, at most.
pub const PLIES: usize = 6;

/// What the computer thinks of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen<M> {
    /// The first player's chance of winning, 0 to 1.
    pub chance: f64,
    /// The line it expects, the move it would play first.
    pub line: Vec<M>,
}

/// The chance and the line of `game` (after the positions of `history`)
/// at `level`: the analysis a review makes of a position, then, where it
/// proved no line, the moves the computer would choose on both sides, a
/// part of `budget` each. Stops early (with what it has) when `stop` is
/// set.
pub fn best_line<G: Searchable>(
    game: &G,
    history: &History,
    level: Level,
    budget: Budget,
    stop: &AtomicBool,
) -> Seen<G::Move> {
    let analysis = analyse(game, history, level, budget, 0, stop);
    let mut chance = analysis.verdict.win_chance::<G>();
    if game.to_move() == Player::Second {
        chance = 1.0 - chance;
    }
    let mut line = analysis.line;
    line.truncate(PLIES);
    if line.is_empty()
        && let Some(best) = analysis.best
    {
        line.push(best);
        let mut after = game.clone();
        let mut history = history.clone();
        let part = share(budget, PLIES);
        while line.len() < PLIES && !stop.load(Ordering::Relaxed) {
            let Some(&last) = line.last() else { break };
            if after.play(last).is_err() {
                break;
            }
            history.record(&after);
            match tabletop_ai::choose(&after, &history, level, part, 0, stop) {
                Some(mv) => line.push(mv),
                None => break,
            }
        }
    }
    Seen { chance, line }
}

/// A part of `budget` for each of `parts` searches.
fn share(budget: Budget, parts: usize) -> Budget {
    let parts = parts.max(1);
    match budget {
        Budget::Time(time) => Budget::Time(time / u32::try_from(parts).unwrap_or(u32::MAX)),
        Budget::Nodes(nodes) => Budget::Nodes(nodes / parts as u64),
    }
}

/// How a search stands when asked.
#[derive(Debug, PartialEq)]
pub enum Polled<M> {
    /// It goes on.
    Waiting,
    Found(Seen<M>),
    /// It ended without an answer (it was stopped).
    Gone,
}

/// The search of one position at a time.
pub struct Watcher<M> {
    stop: Arc<AtomicBool>,
    answer: Receiver<Seen<M>>,
    /// Its place among the searches, where they are capped.
    ticket: Arc<Ticket>,
}

impl<M: Send + 'static> Watcher<M> {
    /// Starts looking at `game` at `level` within `budget`.
    pub fn start<G: Searchable<Move = M>>(
        game: &G,
        history: History,
        level: Level,
        budget: Budget,
    ) -> Watcher<M> {
        Watcher::spawn(
            game,
            history,
            level,
            budget,
            Arc::new(AtomicBool::new(false)),
        )
    }

    /// The same, with `stop` for its stop flag.
    fn spawn<G: Searchable<Move = M>>(
        game: &G,
        history: History,
        level: Level,
        budget: Budget,
        stop: Arc<AtomicBool>,
    ) -> Watcher<M> {
        let (tell, answer) = mpsc::channel();
        let (game, flag) = (game.clone(), Arc::clone(&stop));
        // In line with the other searches where they are capped (the SSH
        // door).
        let ticket = Ticket::take();
        let place = Arc::clone(&ticket);
        thread::spawn(move || {
            if !place.wait(&flag) {
                return;
            }
            let seen = best_line(&game, &history, level, budget, &flag);
            place.leave();
            if !flag.load(Ordering::Relaxed) {
                // The board may have gone and stopped listening.
                let _ = tell.send(seen);
            }
        });
        Watcher {
            stop,
            answer,
            ticket,
        }
    }

    /// The answer, once it has come.
    pub fn poll(&self) -> Polled<M> {
        match self.answer.try_recv() {
            Ok(seen) => Polled::Found(seen),
            Err(TryRecvError::Empty) => Polled::Waiting,
            Err(TryRecvError::Disconnected) => Polled::Gone,
        }
    }
}

impl<M> Drop for Watcher<M> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.ticket.nudge();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::{Gekitai, Place};

    fn at(text: &str) -> Place {
        text.parse().expect("a cell")
    }

    #[test]
    fn a_won_position_shows_a_full_bar_and_the_line_to_the_win() {
        // X has C3 and D3 and wins within a few plies.
        let mut game = Gekitai::default();
        for mv in ["C3", "A6", "D3", "F6"] {
            game.play(at(mv)).expect("legal");
        }
        let stop = AtomicBool::new(false);
        let history = History::of([&game]);
        let seen = best_line(&game, &history, Level::MAX, Budget::Nodes(20_000), &stop);
        assert!(seen.chance > 0.99, "X wins: {}", seen.chance);
        assert!(seen.line.len() < PLIES, "a short win: {:?}", seen.line);
        let mut after = game.clone();
        for mv in &seen.line {
            after
                .play(*mv)
                .expect("each move of the line legal in turn");
        }
        assert_eq!(
            after.outcome(),
            Some(tabletop_engine::Outcome::Win(Player::First))
        );
    }

    #[test]
    fn the_line_is_legal_moves_in_turn_within_a_node_budget() {
        let game = Gekitai::default();
        let stop = AtomicBool::new(false);
        let history = History::of([&game]);
        let seen = best_line(
            &game,
            &history,
            Level::new(2).expect("a level"),
            Budget::Nodes(3_000),
            &stop,
        );
        assert!(
            seen.line.len() > 1 && seen.line.len() <= PLIES,
            "{:?}",
            seen.line
        );
        assert!((0.0..=1.0).contains(&seen.chance));
        let mut after = game;
        for mv in seen.line {
            after.play(mv).expect("each move of the line legal in turn");
        }
    }

    #[test]
    fn a_stopped_search_sends_nothing() {
        let game = Gekitai::default();
        // Stopped before it answers (the board moved on).
        let stop = Arc::new(AtomicBool::new(true));
        let history = History::of([&game]);
        let watcher = Watcher::spawn(&game, history, Level::MAX, Budget::Nodes(u64::MAX), stop);
        // The thread ends without an answer: the channel closes.
        let mut polled = watcher.poll();
        while polled == Polled::Waiting {
            std::thread::yield_now();
            polled = watcher.poll();
        }
        assert_eq!(polled, Polled::Gone);
    }
}
