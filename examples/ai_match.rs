//! Measures the computer opponent: plays `games` games between two levels
//! (or a level and random moves), alternating colours, and prints the score.
//!
//! `cargo run --release --example ai_match -- GAME A B GAMES [BUDGET_MS]`
//! where GAME is gekitai, reversi, hex or connect6 and A, B are levels 1-5
//! or `random`. Gekitai games stopped at 200 plies count as draws.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop::ai::{Level, Searchable, choose};
use tabletop::engine::connect6::Connect6;
use tabletop::engine::gekitai::Gekitai;
use tabletop::engine::hex::Hex;
use tabletop::engine::reversi::Reversi;
use tabletop::engine::{Outcome, Player, Rng};

const MAX_PLIES: usize = 200;

fn play<G: Searchable + Default>(
    a: Option<Level>,
    b: Option<Level>,
    games: usize,
    budget: Option<u64>,
) {
    let stop = AtomicBool::new(false);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut thinking = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    for g in 0..games {
        let mut game = G::default();
        let mut rng = Rng::new(g as u64 * 7919 + 1);
        // A plays first in even games.
        let a_side = if g % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        while !game.is_over() && game.plies() < MAX_PLIES {
            let is_a = game.to_move() == a_side;
            let level = if is_a { a } else { b };
            let start = Instant::now();
            let mv = match level {
                Some(level) => {
                    let budget = budget.map_or(level.budget(), Duration::from_millis);
                    choose(&game, level, budget, rng.next_u64(), &stop)
                }
                None => game.random_move(&mut rng),
            }
            .expect("game not over");
            thinking[usize::from(!is_a)] += start.elapsed();
            moves[usize::from(!is_a)] += 1;
            game.play(mv).expect("chosen moves are legal");
        }
        match game.outcome() {
            Some(Outcome::Win(p)) if p == a_side => wins += 1,
            Some(Outcome::Win(_)) => losses += 1,
            _ => draws += 1,
        }
        eprint!(".");
    }
    eprintln!();
    let avg = |k: usize| thinking[k].as_millis() / u128::from(moves[k].max(1));
    println!(
        "{} A={:?} B={:?}: A wins {wins}, draws {draws}, B wins {losses} of {games}; avg ms/move A {} B {}",
        G::NAME,
        a.map(Level::get),
        b.map(Level::get),
        avg(0),
        avg(1)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |s: &str| {
        if s == "random" {
            None
        } else {
            Some(s.parse::<Level>().expect("level 1-5 or random"))
        }
    };
    let (a, b) = (level(&args[1]), level(&args[2]));
    let games: usize = args[3].parse().expect("number of games");
    let budget = args.get(4).map(|s| s.parse().expect("budget in ms"));
    match args[0].as_str() {
        "gekitai" => play::<Gekitai>(a, b, games, budget),
        "reversi" => play::<Reversi>(a, b, games, budget),
        "hex" => play::<Hex>(a, b, games, budget),
        "connect6" => play::<Connect6>(a, b, games, budget),
        other => panic!("unknown game {other}"),
    }
}
