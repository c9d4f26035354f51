//! The evaluation bar's figure: the first player's chance of winning in
//! the position shown, worked out on its own thread exactly as a review
//! works out each position ([`review_position`]), so the bar and a review
//! never disagree. Asking about another position abandons the last one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use tabletop_ai::{History, Level, Searchable};
use tabletop_core::review::{Effort, first_player_chance, review_position};

/// The strength the bar looks at a position with: a review's default.
const LEVEL: Level = Level::DEFAULT;

/// The evaluation of one position at a time.
#[derive(Default)]
pub struct Evaluation {
    /// The position asked about (its hash).
    asked: Option<u64>,
    chance: Option<f64>,
    /// The search under way: its stop flag and where it answers.
    pending: Option<(Arc<AtomicBool>, Receiver<f64>)>,
}

impl Evaluation {
    /// Starts evaluating `game` (reached through the positions of
    /// `history`), unless it is the position already asked about.
    pub fn ask<G: Searchable>(&mut self, game: &G, history: impl FnOnce() -> History) {
        let hash = game.position_hash();
        if self.asked == Some(hash) {
            return;
        }
        self.abandon();
        self.asked = Some(hash);
        let stop = Arc::new(AtomicBool::new(false));
        let (tell, answer) = mpsc::channel();
        let (game, history, flag) = (game.clone(), history(), Arc::clone(&stop));
        thread::spawn(move || {
            let reviewed = review_position(&game, &history, Effort::at(LEVEL), 0, &flag);
            if !flag.load(Ordering::Relaxed) {
                // The screen may have gone and stopped listening.
                let _ = tell.send(first_player_chance(reviewed.standing, game.to_move()));
            }
        });
        self.pending = Some((stop, answer));
    }

    /// Takes the answer if it has come.
    pub fn poll(&mut self) {
        let Some((_, answer)) = &self.pending else {
            return;
        };
        match answer.try_recv() {
            Ok(chance) => {
                self.chance = Some(chance);
                self.pending = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => self.pending = None,
        }
    }

    /// The first player's chance in the position asked about, once known.
    pub fn chance(&self) -> Option<f64> {
        self.chance.filter(|_| self.pending.is_none())
    }

    /// Whether a search is under way.
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Stops the search under way and forgets the position.
    pub fn abandon(&mut self) {
        if let Some((stop, _)) = self.pending.take() {
            stop.store(true, Ordering::Relaxed);
        }
        self.asked = None;
        self.chance = None;
    }
}

impl Drop for Evaluation {
    fn drop(&mut self) {
        self.abandon();
    }
}
