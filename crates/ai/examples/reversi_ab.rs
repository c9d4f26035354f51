//! Reversi's level-5 search scored by the fitted patterns against the same
//! search scored by the hand-made evaluation (the starting level 5's), at
//! an equal fixed depth, so the result does not depend on the machine's
//! load; and the speed of each, in nodes per second on the same positions.
//!
//! ```sh
//! cargo run --release --example reversi_ab -- games PAIRS DEPTH [EXACT] [SEED] [EXTRA] [OPENING]
//! cargo run --release --example reversi_ab -- speed DEPTH [POSITIONS]
//! cargo run --release --example reversi_ab -- solve EMPTIES [POSITIONS]
//! ```
//!
//! `games` plays PAIRS pairs of games on 8×8: each pair opens with the same
//! OPENING seeded random plies (by default 2 to 4, a different number
//! each pair; `tabletop match --opening 2` gives White the one random move), the patterns play Black in one game and
//! White in the other; both sides search DEPTH plies and solve exactly from
//! EXACT empty cells (default 12); the hand-made side searches EXTRA plies
//! more (default 0), to weigh the patterns against depth. It prints the
//! patterns' score, overall and by colour, every ten pairs.
//!
//! `speed` searches POSITIONS positions (default 40, from seeded random
//! games, 10 to 40 plies in) DEPTH plies deep with each scoring, one
//! thread, and prints the nodes, the time and the nodes per second.
//!
//! `solve` times the exact endgame solver (level 5's from 20 empty cells)
//! on POSITIONS positions (default 10) with EMPTIES empty cells, reached
//! by the patterns' search 4 plies deep after 2 to 4 random plies.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::Deadline;

use tabletop_ai::reversi::{Scoring, endgame, fixed_effort};
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Game, Outcome, Player, Rng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(Some(default), |s: &String| s.parse::<u64>().ok())
    };
    let done = match (args.first().map(String::as_str), number(1, 0), number(2, 0)) {
        (Some("games"), Some(pairs), Some(depth)) if pairs > 0 && depth > 0 => {
            match (number(3, 12), number(4, 1), number(5, 0), number(6, 0)) {
                (Some(exact), Some(seed), Some(extra), Some(opening)) => {
                    let sides = Sides {
                        depth: depth as u32,
                        extra: extra as u32,
                        exact: exact as u32,
                    };
                    games(pairs, sides, opening as usize, seed);
                    true
                }
                _ => false,
            }
        }
        (Some("solve"), Some(empties), _) => match number(2, 10) {
            Some(count) => {
                solve(empties as u32, count);
                true
            }
            None => false,
        },
        (Some("speed"), Some(depth), _) if depth > 0 => match number(2, 40) {
            Some(count) => {
                speed(depth as u32, count as usize);
                true
            }
            None => false,
        },
        _ => false,
    };
    if done {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "usage: reversi_ab games PAIRS DEPTH [EXACT] [SEED] [EXTRA] [OPENING] | speed DEPTH [POSITIONS] | solve EMPTIES [POSITIONS]"
        );
        ExitCode::FAILURE
    }
}

/// The position after `plies` seeded random moves (fewer if the game ends).
fn opening(rng: &mut Rng, plies: usize) -> Reversi {
    let mut pos = Reversi::default();
    for _ in 0..plies {
        match pos.random_move(rng) {
            Some(mv) if !pos.is_over() => pos.play_unchecked(mv),
            _ => break,
        }
    }
    pos
}

/// One side of a game: how it scores and how deep it searches.
#[derive(Clone, Copy)]
struct Side {
    scoring: Scoring,
    depth: u32,
}

/// Plays one game from `start`: the outcome and the final disc difference
/// for Black.
fn play(start: &Reversi, black: Side, white: Side, exact: u32, seed: u64) -> (Outcome, i32) {
    let mut pos = start.clone();
    while !pos.is_over() {
        let side = if pos.to_move() == Player::First {
            black
        } else {
            white
        };
        let Some((mv, _)) = fixed_effort(&pos, side.scoring, side.depth, exact, seed) else {
            break;
        };
        pos.play_unchecked(mv);
    }
    let margin = pos.discs(Player::First) as i32 - pos.discs(Player::Second) as i32;
    (pos.outcome().unwrap_or(Outcome::Draw), margin)
}

/// Points for the patterns' side: 1 a win, ½ a draw, as twice the points.
fn half_points(outcome: Outcome, patterns: Player) -> u32 {
    match outcome {
        Outcome::Win(p) if p == patterns => 2,
        Outcome::Draw => 1,
        Outcome::Win(_) => 0,
    }
}

/// The efforts of a match: the patterns' depth, the hand-made side's
/// extra plies, and where both solve exactly.
struct Sides {
    depth: u32,
    extra: u32,
    exact: u32,
}

fn games(pairs: u64, sides: Sides, opening_plies: usize, seed: u64) {
    let Sides {
        depth,
        extra,
        exact,
    } = sides;
    let patterns_side = Side {
        scoring: Scoring::Patterns,
        depth,
    };
    let hand_made_side = Side {
        scoring: Scoring::HandMade,
        depth: depth + extra,
    };
    let start = Instant::now();
    let mut rng = Rng::new(seed);
    // Twice the points, by the patterns' colour.
    let mut points = [0u32; 2];
    let mut played = [0u32; 2];
    let mut margin = 0i64;
    for pair in 0..pairs {
        let plies = match opening_plies {
            0 => 2 + rng.below(3),
            fixed => fixed,
        };
        let start_pos = opening(&mut rng, plies);
        for patterns in [Player::First, Player::Second] {
            let (black, white) = match patterns {
                Player::First => (patterns_side, hand_made_side),
                Player::Second => (hand_made_side, patterns_side),
            };
            let game_seed = seed ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let (outcome, black_margin) = play(&start_pos, black, white, exact, game_seed);
            points[patterns.index()] += half_points(outcome, patterns);
            played[patterns.index()] += 1;
            margin += i64::from(if patterns == Player::First {
                black_margin
            } else {
                -black_margin
            });
        }
        if (pair + 1) % 10 != 0 && pair + 1 != pairs {
            continue;
        }
        let total: u32 = points.iter().sum();
        let games: u32 = played.iter().sum();
        println!(
            "pair {}: patterns {:.1}/{} ({:.1}%), as Black {:.1}/{}, as White {:.1}/{}, mean margin {:+.1}, {:.0} s",
            pair + 1,
            f64::from(total) / 2.0,
            games,
            100.0 * f64::from(total) / f64::from(2 * games),
            f64::from(points[0]) / 2.0,
            played[0],
            f64::from(points[1]) / 2.0,
            played[1],
            margin as f64 / f64::from(games),
            start.elapsed().as_secs_f64()
        );
    }
}

fn speed(depth: u32, count: usize) {
    let mut rng = Rng::new(7);
    let positions: Vec<Reversi> = (0..count)
        .map(|_| {
            let plies = 10 + rng.below(31);
            opening(&mut rng, plies)
        })
        .filter(|p| !p.is_over())
        .collect();
    for scoring in [Scoring::HandMade, Scoring::Patterns, Scoring::ProbCut] {
        let start = Instant::now();
        let nodes: u64 = positions
            .iter()
            .filter_map(|p| fixed_effort(p, scoring, depth, 0, 1))
            .map(|(_, nodes)| nodes)
            .sum();
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{scoring:?}: {} positions, depth {depth}: {nodes} nodes in {seconds:.2} s, {:.0} k nodes/s",
            positions.len(),
            nodes as f64 / seconds / 1000.0
        );
    }
}

fn solve(empties: u32, count: u64) {
    let mut rng = Rng::new(11);
    let never = AtomicBool::new(false);
    for k in 0..count {
        let plies = 2 + rng.below(3);
        let mut pos = opening(&mut rng, plies);
        while !pos.is_over() && endgame::empties(&pos) > empties {
            let Some((mv, _)) = fixed_effort(&pos, Scoring::Patterns, 4, 0, k) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        if pos.is_over() || endgame::empties(&pos) != empties {
            continue;
        }
        let start = Instant::now();
        let solved = endgame::best_move(&pos, Deadline::unlimited(&never)).is_some();
        println!(
            "position {}: {empties} empty cells, solved {solved} in {:.2} s",
            k + 1,
            start.elapsed().as_secs_f64()
        );
    }
}
