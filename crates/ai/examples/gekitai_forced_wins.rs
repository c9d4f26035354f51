//! Does level 5 find Gekitai's forced wins? Plays random 6×6 openings,
//! keeps the positions whose shortest forced win (proved by the plain
//! prover, every line tried) is exactly PLIES plies, lets level 5 choose a
//! move with its normal budget, and checks with the prover that the move
//! keeps the win.
//!
//! cargo run --release --example gekitai_forced_wins -- [COUNT] [PLIES] [SEED]
//!
//! Each kept position is printed as the moves that lead to it, the
//! format `benches/ai.rs` takes its positions in.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::prover::Prover;
use tabletop_ai::{self as ai, History, Level};
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::{Game, Rng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let (Some(count), Some(plies), Some(seed)) = (number(0, 10), number(1, 9), number(2, 1)) else {
        eprintln!("usage: gekitai_forced_wins [COUNT] [PLIES] [SEED] (whole numbers)");
        return ExitCode::FAILURE;
    };
    let plies = plies as u32;
    let mut rng = Rng::new(seed);
    let never = AtomicBool::new(false);
    let (mut kept, mut found) = (0, 0);
    let mut slowest = 0.0f64;
    while kept < count {
        let (pos, line) = random_opening(&mut rng);
        let mut prover = Prover::new();
        if prover.shortest_win(&pos, plies) != Some(plies) {
            continue;
        }
        kept += 1;
        let level = Level::MAX;
        let started = Instant::now();
        let Some(mv) = ai::choose(
            &pos,
            &History::default(),
            level,
            level.budget(),
            seed,
            &never,
        ) else {
            continue;
        };
        let took = started.elapsed().as_secs_f64();
        slowest = slowest.max(took);
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let keeps = prover.wins_within(&child, pos.to_move(), plies - 1);
        found += u64::from(keeps);
        let verdict = if keeps {
            "keeps the win"
        } else {
            "MISSES the win"
        };
        println!("{line}: level 5 plays {mv} in {took:.2} s, {verdict}");
    }
    println!("{found} of {kept} forced wins in {plies} plies kept; slowest move {slowest:.2} s");
    if found == kept {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A random 6×6 position 6 to 21 plies in that is not over, and the moves
/// that reach it.
fn random_opening(rng: &mut Rng) -> (Gekitai, String) {
    loop {
        let mut pos = Gekitai::default();
        let mut line = Vec::new();
        let length = 6 + rng.below(16);
        while line.len() < length {
            let Some(mv) = pos.random_move(rng) else {
                break;
            };
            let mut next = pos.clone();
            next.play_unchecked(mv);
            if next.is_over() {
                break;
            }
            line.push(mv.to_string());
            pos = next;
        }
        if line.len() == length {
            return (pos, line.join(" "));
        }
    }
}
