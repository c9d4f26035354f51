//! Reviewing a saved game: every position a move was chosen in analysed
//! by the computer ([`crate::ai::analysis`]), on as many threads as asked
//! (positions are independent), and each move judged ([`classify`]). The
//! review is kept in the record itself, so it is computed once.

pub mod classify;
pub mod statement;
pub mod table;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crate::ai::analysis::{Verdict, analyse};
use crate::ai::{History, Level, Searchable};
use crate::engine::Described;
use crate::engine::record::Record;
use crate::engine::record::review::{Review, Reviewed, Standing, reviewed_indices};
use classify::{Judgement, judge};

/// How hard a review looks at each position.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    pub level: Level,
    /// Time for each position.
    pub per_position: Duration,
    /// Threads to analyse positions on.
    pub jobs: usize,
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

/// Reviews the game of `record` with `effort`, calling `progress` with
/// the positions done and the total after each one; stops early (with
/// `None`) when `stop` is set.
pub fn review<G: Searchable + Described + Sync>(
    record: &Record<G>,
    effort: Effort,
    stop: &AtomicBool,
    progress: impl Fn(usize, usize) + Sync,
) -> Option<Review<G::Move>> {
    let line = record.line();
    let positions = line.positions();
    let indices = reviewed_indices(&line);
    let total = indices.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Reviewed<G::Move>>>> = Mutex::new(vec![None; total]);
    std::thread::scope(|scope| {
        for _ in 0..effort.jobs.clamp(1, total) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let at = indices[k];
                    let history = History::of(&positions[..at]);
                    let seed = 0x7265_7669_6577 ^ k as u64;
                    let analysis = analyse(
                        &positions[at],
                        &history,
                        effort.level,
                        effort.per_position,
                        seed,
                        stop,
                    );
                    let reviewed = Reviewed {
                        standing: standing::<G>(analysis.verdict),
                        best: analysis.best,
                        line: analysis.line,
                    };
                    if let Ok(mut results) = results.lock() {
                        results[k] = Some(reviewed);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let results = results.into_inner().ok()?;
    let positions = results.into_iter().collect::<Option<Vec<_>>>()?;
    Some(Review {
        level: effort.level.get(),
        positions,
    })
}

/// The judgement of each move of `record` by its `review`, in order.
pub fn judgements<G: Described>(record: &Record<G>, review: &Review<G::Move>) -> Vec<Judgement> {
    let line = record.line();
    let chosen: Vec<_> = line.played().iter().filter(|p| !p.is_forced()).collect();
    let positions = reviewed_indices(&line);
    chosen
        .iter()
        .enumerate()
        .filter_map(|(k, played)| {
            let (before, after) = (review.positions.get(k)?, review.positions.get(k + 1)?);
            let moves_again = line.positions()[positions[k + 1]].to_move() == played.mover;
            Some(judge(before, after, &played.mv, moves_again))
        })
        .collect()
}
