//! Reviewing a saved game: every position a move was chosen in analysed
//! by the computer ([`tabletop_ai::analysis`]), in a rayon pool of as
//! many threads as asked (positions are independent), and each move
//! judged ([`classify`]). The
//! review is kept in the record itself, so it is computed once.

pub mod classify;
pub mod statement;
pub mod table;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use std::time::Duration;

use classify::{Judgement, judge};
use tabletop_ai::analysis::{Verdict, analyse};
use tabletop_ai::{History, Level, Searchable};
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing, reviewed_indices};
use tabletop_engine::{Described, Player};

/// How hard a review looks at each position.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    pub level: Level,
    /// Time for each position.
    pub per_position: Duration,
    /// Threads to analyse positions on.
    pub jobs: usize,
}

impl Effort {
    /// A review at `level`: twice a move's time at that level for each
    /// position (half chooses the move, half values the position), on
    /// every core.
    pub fn at(level: Level) -> Effort {
        Effort {
            level,
            per_position: level.budget() * 2,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A position a review has finished, as it reports it.
pub struct Finished<'a, M> {
    /// Its place among the positions reviewed (see [`reviewed_indices`]).
    pub index: usize,
    pub reviewed: &'a Reviewed<M>,
    /// How many positions are done, of how many.
    pub done: usize,
    pub total: usize,
}

/// A verdict as the record keeps it.
fn standing<G: Searchable>(verdict: Verdict) -> Standing {
    match verdict {
        Verdict::Wins(plies) => Standing::Wins(plies),
        Verdict::Loses(plies) => Standing::Loses(plies),
        Verdict::BestPlay(best_play) => Standing::BestPlay(best_play),
        Verdict::Drawn => Standing::Drawn,
        Verdict::Score(_) => Standing::Chance(verdict.win_chance::<G>() * 100.0),
    }
}

/// The first player's chance of winning (0 to 1) in a position that
/// stands so for `to_move`, the player to move there.
pub fn first_player_chance(standing: Standing, to_move: Player) -> f64 {
    match to_move {
        Player::First => standing.chance(),
        Player::Second => 1.0 - standing.chance(),
    }
}

/// The review of one position, `game`, reached through the positions of
/// `history`; the evaluation bar asks the same of the position it shows.
pub fn review_position<G: Searchable>(
    game: &G,
    history: &History,
    effort: Effort,
    seed: u64,
    stop: &AtomicBool,
) -> Reviewed<G::Move> {
    let analysis = analyse(game, history, effort.level, effort.per_position, seed, stop);
    Reviewed {
        standing: standing::<G>(analysis.verdict),
        best: analysis.best,
        line: analysis.line,
    }
}

/// Reviews the game of `record` with `effort`, telling `progress` of each
/// position as it is done (they finish out of order, on several threads);
/// stops early (with `None`) when `stop` is set.
pub fn review<G: Searchable + Described + Sync>(
    record: &Record<G>,
    effort: Effort,
    stop: &AtomicBool,
    progress: impl Fn(Finished<'_, G::Move>) + Sync,
) -> Option<Review<G::Move>> {
    let line = record.line();
    let positions = line.positions();
    let indices = reviewed_indices(&line);
    let total = indices.len();
    let done = AtomicUsize::new(0);
    let review_one = |(k, &at): (usize, &usize)| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let history = History::of(&positions[..at]);
        let seed = 0x7265_7669_6577 ^ k as u64;
        let reviewed = review_position(&positions[at], &history, effort, seed, stop);
        if stop.load(Ordering::Relaxed) {
            // Cut short, so not a review of the position.
            return None;
        }
        progress(Finished {
            index: k,
            reviewed: &reviewed,
            done: done.fetch_add(1, Ordering::Relaxed) + 1,
            total,
        });
        Some(reviewed)
    };
    let review_all = || -> Vec<Option<Reviewed<G::Move>>> {
        indices.par_iter().enumerate().map(review_one).collect()
    };
    // The review's own pool of `jobs` threads: what the searches inside
    // it hand to rayon runs there too, never on more threads.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(effort.jobs.clamp(1, total.max(1)))
        .build();
    let results = match pool {
        Ok(pool) => pool.install(review_all),
        Err(_) => review_all(),
    };
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let positions = results.into_iter().collect::<Option<Vec<_>>>()?;
    Some(Review {
        level: effort.level.get(),
        positions,
    })
}

/// The judgement of each move of `record` by its `review`, in order.
pub fn judgements<G: Described>(record: &Record<G>, review: &Review<G::Move>) -> Vec<Judgement> {
    judgements_so_far(record, |k| review.positions.get(k))
        .into_iter()
        .map_while(|judgement| judgement)
        .collect()
}

/// The judgement of each move of `record` whose positions before and
/// after are reviewed (`reviewed(k)` gives the `k`th reviewed position,
/// if it is done yet): a review under way judges what it can.
pub fn judgements_so_far<'a, G: Described>(
    record: &Record<G>,
    reviewed: impl Fn(usize) -> Option<&'a Reviewed<G::Move>>,
) -> Vec<Option<Judgement>> {
    let line = record.line();
    let chosen: Vec<_> = line.played().iter().filter(|p| !p.is_forced()).collect();
    let positions = reviewed_indices(&line);
    chosen
        .iter()
        .enumerate()
        .map(|(k, played)| {
            let (before, after) = (reviewed(k)?, reviewed(k + 1)?);
            let moves_again = line.positions()[positions[k + 1]].to_move() == played.mover;
            Some(judge(before, after, &played.mv, moves_again))
        })
        .collect()
}
