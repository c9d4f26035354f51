//! The server's computer, when it plays a side: its move searched on a
//! blocking thread (a few searches at once, the rest waiting their turn),
//! and its answer to a player's offer, given at once by a stated rule:
//!
//! - a draw is accepted unless the computer stands clearly better (its
//!   evaluation of the position, from its side, above [`WINNING`]);
//! - an undo is accepted at levels 1 to [`FORGIVING`], declined above.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use tokio::sync::{Semaphore, mpsc};

use crate::protocol::Proposal;
use tabletop_ai::{self as ai, History, Level, Searchable};
use tabletop_core::games::Playable;
use tabletop_engine::Player;

/// The evaluation above which the computer counts itself winning and
/// declines a draw (about a clearly better position, in every game's
/// evaluation).
pub(super) const WINNING: i32 = 100;

/// The highest level that lets a player take a move back.
pub(super) const FORGIVING: u8 = 3;

/// A move the computer found, for the position after the entry `seq`.
pub(super) struct Found {
    pub seq: u64,
    pub mv: Option<String>,
}

/// Searches the computer's move in `game` on a blocking thread, once
/// one of the server's `searches` is free; the move is sent on `found`.
pub(super) fn search<G: Playable>(
    searches: &Arc<Semaphore>,
    game: G,
    level: Level,
    seq: u64,
    found: mpsc::Sender<Found>,
) {
    let searches = Arc::clone(searches);
    tokio::spawn(async move {
        let Ok(_permit) = searches.acquire_owned().await else {
            return;
        };
        let seed = getrandom::u64().unwrap_or(7);
        let mv = tokio::task::spawn_blocking(move || {
            let stop = AtomicBool::new(false);
            ai::choose(
                &game,
                &History::default(),
                level,
                level.budget(),
                seed,
                &stop,
            )
            .map(|mv| mv.to_string())
        })
        .await
        .ok()
        .flatten();
        let _ = found.send(Found { seq, mv }).await;
    });
}

/// Whether the computer playing `side` at `level` accepts an offer of
/// `what` in `game`.
pub(super) fn accepts<G: Searchable>(game: &G, side: Player, level: Level, what: Proposal) -> bool {
    match what {
        Proposal::Undo => level.get() <= FORGIVING,
        Proposal::Draw => {
            let for_mover = game.evaluate();
            let mine = match game.to_move() == side {
                true => for_mover,
                false => -for_mover,
            };
            mine <= WINNING
        }
    }
}
