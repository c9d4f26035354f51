//! Measures, for each game, the search score at which the player to move
//! wins e times as often as they lose (`Searchable::SCORE_SCALE`): how a
//! review turns scores into chances of winning.
//!
//! Plays games between level-1 players (their noise makes the games
//! differ), scores every position with the review's own analysis, and
//! picks the scale whose chances `1 / (1 + e^(-score / scale))` predict
//! the games' results best (the least log-loss; a draw counts half).
//!
//! `cargo run --release --example calibrate -- [GAMES] [MILLISECONDS]`

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabletop_ai::analysis::{Verdict, analyse};
use tabletop_ai::{History, Level, choose};
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::Outcome;

/// (score for the player to move, what that player scored in the end).
type Sample = (i32, f64);

struct Calibrate {
    games: u64,
    per_position: Duration,
}

impl WithGame for Calibrate {
    type Output = (Vec<Sample>, f64);

    fn run<G: Playable>(self) -> Self::Output {
        let stop = AtomicBool::new(false);
        let mut samples = Vec::new();
        for seed in 0..self.games {
            let mut game = G::new(Default::default());
            let mut seen: Vec<G> = Vec::new();
            let mut scored: Vec<(tabletop_engine::Player, i32)> = Vec::new();
            while !game.is_over() && seen.len() < 400 {
                let history = History::of(&seen);
                let analysis = analyse(
                    &game,
                    &history,
                    Level::DEFAULT,
                    self.per_position,
                    seed,
                    &stop,
                );
                if let Verdict::Score(score) = analysis.verdict {
                    scored.push((game.to_move(), score));
                }
                let Some(mv) = choose(
                    &game,
                    &history,
                    Level::MIN,
                    Level::MIN.budget(),
                    seed * 1000 + seen.len() as u64,
                    &stop,
                ) else {
                    break;
                };
                seen.push(game.clone());
                if game.play(mv).is_err() {
                    break;
                }
            }
            let Some(outcome) = game.outcome() else {
                continue;
            };
            for (player, score) in scored {
                let result = match outcome {
                    Outcome::Win(winner) if winner == player => 1.0,
                    Outcome::Win(_) => 0.0,
                    Outcome::Draw => 0.5,
                };
                samples.push((score, result));
            }
        }
        let scale = best_scale(&samples);
        (samples, scale)
    }
}

/// The mean log-loss of the chances `scale` gives `samples`.
fn log_loss(samples: &[Sample], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|&(score, result)| {
            let p = (1.0 / (1.0 + (-f64::from(score) / scale).exp())).clamp(1e-6, 1.0 - 1e-6);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale, from 10 to 5000 in steps of 5%, with the least log-loss.
fn best_scale(samples: &[Sample]) -> f64 {
    let mut best = (f64::INFINITY, 200.0);
    let mut scale = 10.0;
    while scale <= 5000.0 {
        let loss = log_loss(samples, scale);
        if loss < best.0 {
            best = (loss, scale);
        }
        scale *= 1.05;
    }
    best.1
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let millis = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    for &kind in GameKind::ALL {
        let (samples, scale) = kind.with(Calibrate {
            games,
            per_position: Duration::from_millis(millis),
        });
        println!(
            "{:<9} {:>5} positions  scale {:>6.0}  log-loss {:.3} (at 200: {:.3})",
            kind.name(),
            samples.len(),
            scale,
            log_loss(&samples, scale),
            log_loss(&samples, 200.0)
        );
    }
}
