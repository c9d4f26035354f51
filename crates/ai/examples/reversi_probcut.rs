//! Measures how far Reversi's midgame search, `d` plies deep, lands from
//! the same search at ProbCut's shallow depth for `d`
//! (`midgame::shallow_depth`): the mean and standard deviation of the
//! difference for each depth, in evaluation points (16 a disc), over
//! positions from seeded games played by a 3-ply search after 2 to 5
//! random plies. ProbCut's bias and margin for each depth
//! (`midgame::probcut_reckoning`) are these figures.
//!
//! ```sh
//! cargo run --release --example reversi_probcut -- [GAMES] [DEEPEST]
//! ```
//!
//! GAMES (default 20) games give a position every third ply with 14 to 50
//! empty cells; depths 3 to DEEPEST (default 9) are measured.

use std::process::ExitCode;

use tabletop_ai::reversi::midgame::{shallow_depth, value};
use tabletop_ai::reversi::{Scoring, endgame, fixed_effort};
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Game, Rng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(Some(default), |s| s.parse().ok());
    let (Some(games), Some(deepest)) = (number(0, 20), number(1, 9)) else {
        eprintln!("usage: reversi_probcut [GAMES] [DEEPEST]");
        return ExitCode::FAILURE;
    };
    let positions = positions(games);
    println!("{} positions", positions.len());
    println!("depth shallow  mean  sigma");
    for depth in 3..=deepest as u32 {
        let shallow = shallow_depth(depth);
        let differences: Vec<f64> = positions
            .iter()
            .map(|pos| f64::from(value(pos, depth, false) - value(pos, shallow, false)))
            .collect();
        let n = differences.len() as f64;
        let mean = differences.iter().sum::<f64>() / n;
        let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / n;
        println!("{depth:5} {shallow:7} {mean:5.1} {:6.1}", variance.sqrt());
    }
    ExitCode::SUCCESS
}

/// Positions from `games` seeded games: every third ply with 14 to 50
/// empty cells.
fn positions(games: u64) -> Vec<Reversi> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut rng = Rng::new(game + 1);
        let mut pos = Reversi::default();
        for _ in 0..2 + rng.below(4) {
            if let Some(mv) = pos.random_move(&mut rng) {
                pos.play_unchecked(mv);
            }
        }
        let mut ply = 0;
        while !pos.is_over() {
            let empties = endgame::empties(&pos);
            if ply % 3 == 0 && (14..=50).contains(&empties) {
                out.push(pos.clone());
            }
            let Some((mv, _)) = fixed_effort(&pos, Scoring::Patterns, 3, 0, game) else {
                break;
            };
            pos.play_unchecked(mv);
            ply += 1;
        }
    }
    out
}
