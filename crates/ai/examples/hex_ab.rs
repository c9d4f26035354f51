//! Plays Hex's tree search with learned pattern priors (level 5) against
//! the same search without them (level 4's, and level 5's before the
//! patterns) at an equal, fixed number of playouts a move: a measure of
//! strength that the machine's load cannot sway.
//!
//! ```sh
//! cargo run --release --example hex_ab -- PAIRS SIZE PLAYOUTS SEED [GAMMAS [RAVE_VISITS [BIAS [THREADS]]]]
//! ```
//!
//! Each pair of games opens with the same two random stones (seeded), the
//! patterned search moving first in one game and second in the other.
//! GAMMAS is a gammas file (default: the shipped one), RAVE_VISITS and
//! BIAS the [`Knobs`] to try (default: level 5's). Also prints each
//! side's average time a move, searched in the same threads in turn, so
//! the load slows both alike.

#[path = "shared/gammas_file.rs"]
mod gammas_file;
#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gammas_file::read_gammas;
use in_threads::in_threads;
use tabletop_ai::hex::mcts::{Knobs, choose_within};
use tabletop_ai::hex::patterns::Gammas;
use tabletop_engine::hex::{Hex, HexSettings};
use tabletop_engine::{Game, Outcome, Rng};

/// Random stones that open each pair of games.
const OPENING: usize = 2;

/// One game's result for the patterned search, and each side's thinking.
#[derive(Default, Clone, Copy)]
struct Tally {
    won_first: u32,
    played_first: u32,
    won_second: u32,
    played_second: u32,
    /// Time and moves of the patterned search, then of the plain one.
    new_time: Duration,
    new_moves: u32,
    old_time: Duration,
    old_moves: u32,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.won_first += other.won_first;
        self.played_first += other.played_first;
        self.won_second += other.won_second;
        self.played_second += other.played_second;
        self.new_time += other.new_time;
        self.new_moves += other.new_moves;
        self.old_time += other.old_time;
        self.old_moves += other.old_moves;
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize| args.get(k).and_then(|a| a.parse::<u64>().ok());
    let (Some(pairs), Some(size), Some(playouts), Some(seed)) =
        (number(0), number(1), number(2), number(3))
    else {
        eprintln!("usage: hex_ab PAIRS SIZE PLAYOUTS SEED [GAMMAS [RAVE_VISITS [BIAS [THREADS]]]]");
        return ExitCode::from(2);
    };
    let Ok(settings) = HexSettings::new(size as usize, false) else {
        eprintln!("no Hex board of side {size}");
        return ExitCode::from(2);
    };
    let loaded = match args
        .get(4)
        .filter(|a| a.as_str() != "shipped")
        .map(|path| read_gammas(path))
        .transpose()
    {
        Ok(gammas) => gammas,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let level5 = Knobs::patterned();
    let new = Knobs {
        gammas: Some(loaded.as_ref().unwrap_or(Gammas::shipped())),
        rave_prior_visits: number(5).map_or(level5.rave_prior_visits, |v| v as u32),
        bias: args
            .get(6)
            .and_then(|a| a.parse().ok())
            .unwrap_or(level5.bias),
    };
    let threads = number(7).unwrap_or(1).max(1);
    let pair_tallies = in_threads(pairs as usize, threads as usize, |p| {
        let p = p as u64;
        let mut tally = Tally::default();
        for new_first in [true, false] {
            let game = play(settings, playouts, seed ^ (p << 20), new_first, new);
            eprintln!(
                "pair {p}, patterned {}: {}",
                if new_first { "first" } else { "second" },
                if game.won_first + game.won_second > 0 {
                    "won"
                } else {
                    "lost"
                }
            );
            tally.add(game);
        }
        tally
    });
    let mut total = Tally::default();
    for tally in pair_tallies {
        total.add(tally);
    }
    let won = total.won_first + total.won_second;
    let played = total.played_first + total.played_second;
    let rate = f64::from(won) / f64::from(played.max(1));
    let spread = 2.0 * (rate * (1.0 - rate) / f64::from(played.max(1))).sqrt();
    println!(
        "patterned (rave visits {}, bias {}) won {won} of {played} ({:.1}% ± {:.1}): \
         {} of {} first, {} of {} second",
        new.rave_prior_visits,
        new.bias,
        100.0 * rate,
        100.0 * spread,
        total.won_first,
        total.played_first,
        total.won_second,
        total.played_second
    );
    let per_move = |time: Duration, moves: u32| time.as_secs_f64() * 1e3 / f64::from(moves.max(1));
    println!(
        "time a move: patterned {:.1} ms, plain {:.1} ms ({size}x{size}, {playouts} playouts)",
        per_move(total.new_time, total.new_moves),
        per_move(total.old_time, total.old_moves)
    );
    ExitCode::SUCCESS
}

/// One game from the pair's seeded opening.
fn play(settings: HexSettings, playouts: u64, seed: u64, new_first: bool, new: Knobs) -> Tally {
    let mut rng = Rng::new(seed);
    let mut game = Hex::new(settings);
    for _ in 0..OPENING {
        if let Some(mv) = game.random_move(&mut rng) {
            game.play_unchecked(mv);
        }
    }
    let first_mover = game.to_move();
    let new_player = if new_first {
        first_mover
    } else {
        first_mover.other()
    };
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    while !game.is_over() {
        let is_new = game.to_move() == new_player;
        let knobs = if is_new { new } else { Knobs::PLAIN };
        let far = Instant::now() + Duration::from_secs(3600);
        let start = Instant::now();
        let Some(mv) = choose_within(&game, far, Some(playouts), rng.next_u64(), &stop, knobs)
        else {
            break;
        };
        if is_new {
            tally.new_time += start.elapsed();
            tally.new_moves += 1;
        } else {
            tally.old_time += start.elapsed();
            tally.old_moves += 1;
        }
        game.play_unchecked(mv);
    }
    let won = game.outcome() == Some(Outcome::Win(new_player));
    if new_player == first_mover {
        tally.played_first = 1;
        tally.won_first = u32::from(won);
    } else {
        tally.played_second = 1;
        tally.won_second = u32::from(won);
    }
    tally
}
