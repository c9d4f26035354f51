//! `tabletop review FILE`: the computer's review of a saved game, shown
//! with progress (positions done, time left) on a terminal, kept in the
//! record so it is computed once, then printed as a table (`--plain`) or
//! shown in the replay viewer.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::Failure;
use super::args::ReviewArgs;
use super::commands::{full_screen_record, read_record, time_per_move};
use crate::app;
use crate::games;
use crate::games::{AnyRecord, Interactive, WithRecord};
use tabletop_core::files;
use tabletop_core::review::table::review_table;
use tabletop_core::review::{self, Effort};
use tabletop_engine::record::Record;

/// The most threads a review runs on, whatever `--jobs` asks.
const MOST_JOBS: usize = 256;

pub(super) fn review(args: &ReviewArgs) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    let mut effort = Effort::at(args.level);
    if let Some(per_position) = time_per_move(args.time_per_move)? {
        effort.per_position = per_position;
    }
    match args.jobs {
        Some(0) => return Err(Failure::usage("--jobs must be at least 1")),
        Some(jobs) => effort.jobs = jobs.min(MOST_JOBS),
        None => {}
    }
    let reviewed = games::with_record(record, Reviewing { args, effort })?;
    if args.plain {
        return Ok(ExitCode::SUCCESS);
    }
    full_screen_record(
        app::Start::Replay(reviewed, Some(args.file.clone())),
        args.animation.animate,
    )
}

struct Reviewing<'a> {
    args: &'a ReviewArgs,
    effort: Effort,
}

impl WithRecord for Reviewing<'_> {
    type Output = Result<AnyRecord, Failure>;

    fn run<G: Interactive>(self, mut record: Record<G>) -> Self::Output {
        if record.review.is_none() || self.args.again {
            let stop = AtomicBool::new(false);
            let bar = Progress::new(io::stderr().is_terminal());
            let done = review::review(&record, self.effort, &stop, |finished| {
                bar.show(finished.done, finished.total)
            });
            bar.finish();
            record.review = done;
            if let Err(error) = files::save(&self.args.file, &record.to_toml()) {
                let said = format!(
                    "the review was not saved in {}: {error}",
                    self.args.file.display()
                );
                eprintln!("tabletop: {}", tabletop_net::sanitise::printable(&said));
            }
        }
        if self.args.plain
            && let Some(review) = &record.review
        {
            print!("{}", review_table(&record, review));
            io::stdout().flush()?;
        }
        Ok(G::any_record(record))
    }
}

/// The progress line on standard error: a bar, the positions done and
/// the time left, drawn over itself; nothing when standard error is not a
/// terminal.
struct Progress {
    shown: bool,
    started: Instant,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    fn new(shown: bool) -> Progress {
        Progress {
            shown,
            started: Instant::now(),
            last: Mutex::new(None),
        }
    }

    fn show(&self, done: usize, total: usize) {
        if !self.shown {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        // A few redraws a second are enough.
        let now = Instant::now();
        if done < total && last.is_some_and(|at| now - at < Duration::from_millis(100)) {
            return;
        }
        *last = Some(now);
        const WIDTH: usize = 30;
        let filled = WIDTH * done / total.max(1);
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed / done.max(1) as f64 * (total - done) as f64;
        eprint!(
            "\rReviewing [{}{}] {done}/{total} positions, about {left:.0} s left ",
            "#".repeat(filled),
            ".".repeat(WIDTH - filled)
        );
    }

    fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}
