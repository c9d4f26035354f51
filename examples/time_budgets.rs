//! How long the computer takes for a move, against its level's budget, on
//! every game of the list at every board size worth looking at: the
//! smallest, the default, and sides up to the largest the game allows.
//! Positions are the start and a few random ones further on.
//!
//! ```sh
//! cargo run --release --example time_budgets            # every game
//! cargo run --release --example time_budgets gekitai    # one game
//! ```
//!
//! Prints one line per game, size and level: the budget, the longest move
//! and how far over the budget it went. The figures go into BENCHMARKS.md.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::{self as ai, History, Level};
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::Rng;
use tabletop_engine::line::Line;
use tabletop_engine::settings::{self, GameSettings};

/// Random plies before each position timed.
const PLIES: [usize; 3] = [0, 12, 40];

struct Sweep;

impl WithGame for Sweep {
    type Output = Duration;
    fn run<G: Playable>(self) -> Duration {
        let list = <G::Settings as GameSettings>::LIST;
        let side = settings::side_index(list).unwrap_or(0);
        let defaults = settings::defaults(list);
        let allowed = list[side].allowed(&[]);
        let every: Vec<usize> = (allowed.min..=allowed.max).step_by(allowed.step).collect();
        let mut sides = if every.len() <= 5 {
            every
        } else {
            vec![allowed.min, defaults[side], 12, 20, allowed.max]
        };
        sides.retain(|&n| allowed.contains(n));
        sides.sort_unstable();
        sides.dedup();
        let never = AtomicBool::new(false);
        let mut worst_over = Duration::ZERO;
        for n in sides {
            let values = settings::adjust(list, &defaults, side, n);
            let Ok(chosen) = G::Settings::from_values(&values) else {
                continue;
            };
            for level in (1..=5).filter_map(Level::new) {
                let budget = level.budget();
                let mut longest = Duration::ZERO;
                let mut rng = Rng::new(u64::from(level.get()) * 1000 + n as u64);
                for plies in PLIES {
                    let mut line = Line::new(G::new(chosen));
                    while line.played().len() < plies {
                        let Some(mv) = line.game().random_move(&mut rng) else {
                            break;
                        };
                        let _ = line.play(mv);
                    }
                    if tabletop_engine::Game::is_over(line.game()) {
                        continue;
                    }
                    let history = History::of(line.positions());
                    let started = Instant::now();
                    let _ = ai::choose(line.game(), &history, level, budget, 1, &never);
                    longest = longest.max(started.elapsed());
                }
                let over = longest.saturating_sub(budget);
                worst_over = worst_over.max(over);
                println!(
                    "{:<9} {:>2}x{:<2} level {}  budget {:>5} ms  longest {:>6} ms  {:+5.1}%",
                    G::NAME,
                    n,
                    n,
                    level,
                    budget.as_millis(),
                    longest.as_millis(),
                    100.0 * (longest.as_secs_f64() / budget.as_secs_f64() - 1.0)
                );
            }
        }
        worst_over
    }
}

fn main() {
    let only: Option<GameKind> = std::env::args().nth(1).and_then(|name| name.parse().ok());
    let mut worst = Duration::ZERO;
    for &kind in GameKind::ALL {
        if only.is_none_or(|only| only == kind) {
            worst = worst.max(kind.with(Sweep));
        }
    }
    println!("most over any budget: {} ms", worst.as_millis());
}
