//! Checks that the computer at level 5 plays perfectly as the first player
//! on an empty 7x7 Hex board (no swap): every move it makes must leave a
//! position the exact solver proves won for it.
//!
//! `cargo run --release --example hex_perfect -- [tree|games] [THREADS] [STRONG_EVERY]`
//!
//! - `tree`: the first player's moves against every reply of the second
//!   player at the first two levels (48 replies, then every reply to each
//!   answer), each answer checked by a fresh solver.
//! - `games`: from each of the 48 first replies, a whole game against
//!   random moves, and from every STRONG_EVERY-th of them (default 1: all)
//!   one against the computer at level 5; every move of the first player
//!   is checked, and the game must be won.
//!
//! The first player's moves are `ai::choose` at level 5 with its usual
//! time (1.9 s); the checking solver gets up to 120 s a position.

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use in_threads::in_threads;
use tabletop_ai::hex::solver::{Solver, Stones};
use tabletop_ai::{History, Level, choose};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Game, Outcome, Player, Rng};

const SIDE: usize = 7;

/// Whether the first player has won `game` or is proved to win it.
fn first_player_wins(game: &Hex) -> Result<bool, String> {
    match game.outcome() {
        Some(Outcome::Win(winner)) => return Ok(winner == Player::First),
        Some(_) => return Ok(false),
        None => {}
    }
    let (g, position) = Stones::<u64>::from_hex(game).ok_or("not a small board")?;
    let stop = AtomicBool::new(false);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut solver = Solver::new(g, Some(deadline), &stop);
    let verdict = solver.solve(position).ok_or("not proved within 120 s")?;
    Ok(verdict.winner == Player::First)
}

fn line(moves: &[HexMove]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays the first player's move at level 5; the move and how long it took.
fn first_player_move(game: &Hex, seed: u64) -> Result<(HexMove, f64), String> {
    let stop = AtomicBool::new(false);
    let level = Level::MAX;
    let began = Instant::now();
    let mv = choose(
        game,
        &History::default(),
        level,
        level.budget(),
        seed,
        &stop,
    )
    .ok_or("no move")?;
    Ok((mv, began.elapsed().as_secs_f64()))
}

fn tree(threads: usize) -> Result<(), String> {
    let start = Hex::new(HexSettings::new(SIDE, false).map_err(|e| e.to_string())?);
    let (opening, _) = first_player_move(&start, 1)?;
    let mut after_opening = start.clone();
    after_opening.play(opening).map_err(|e| e.to_string())?;
    // Every second-level position: first move, reply, answer, reply.
    let mut lines: Vec<Vec<HexMove>> = Vec::new();
    let mut replies = Vec::new();
    after_opening.legal_moves(&mut replies);
    let mut first_level_checked = 0;
    for &reply in &replies {
        let mut game = after_opening.clone();
        game.play(reply).map_err(|e| e.to_string())?;
        let (answer, _) = first_player_move(&game, 2)?;
        game.play(answer).map_err(|e| e.to_string())?;
        first_level_checked += 1;
        let mut seconds = Vec::new();
        game.legal_moves(&mut seconds);
        for second in seconds {
            lines.push(vec![opening, reply, answer, second]);
        }
    }
    println!(
        "opening {opening}; {first_level_checked} first replies answered; {} second-level positions",
        lines.len()
    );
    let results = in_threads(lines.len(), threads, |k| -> Result<f64, String> {
        let moves = &lines[k];
        let mut game = start.clone();
        for &mv in moves {
            game.play(mv).map_err(|e| e.to_string())?;
        }
        let (answer, took) = first_player_move(&game, 3)?;
        game.play(answer).map_err(|e| e.to_string())?;
        match first_player_wins(&game) {
            Ok(true) => Ok(took),
            Ok(false) => Err(format!("{} {answer}: LOST", line(moves))),
            Err(why) => Err(format!("{} {answer}: {why}", line(moves))),
        }
    });
    let mut worst = 0.0f64;
    let mut failures = 0;
    for result in &results {
        match result {
            Ok(took) => worst = worst.max(*took),
            Err(why) => {
                failures += 1;
                println!("{why}");
            }
        }
    }
    println!(
        "second level: {} positions, {} answers proved to keep the win, {failures} not; slowest answer {worst:.2} s",
        results.len(),
        results.len() - failures
    );
    Ok(())
}

fn games(threads: usize, strong_every: usize) -> Result<(), String> {
    let start = Hex::new(HexSettings::new(SIDE, false).map_err(|e| e.to_string())?);
    let (opening, _) = first_player_move(&start, 1)?;
    let mut after = start.clone();
    after.play(opening).map_err(|e| e.to_string())?;
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    let work: Vec<(HexMove, bool)> = replies
        .iter()
        .enumerate()
        .flat_map(|(k, &r)| {
            let strong = k % strong_every.max(1) == 0;
            [(r, false)].into_iter().chain(strong.then_some((r, true)))
        })
        .collect();
    let strong_games = work.iter().filter(|(_, strong)| *strong).count();
    let results = in_threads(work.len(), threads, |k| -> Result<(usize, f64), String> {
        let (reply, strong) = work[k];
        let mut game = after.clone();
        let mut moves = vec![opening, reply];
        game.play(reply).map_err(|e| e.to_string())?;
        let mut rng = Rng::new(moves.len() as u64 ^ u64::from(strong));
        let mut checked = 0;
        let mut worst = 0.0f64;
        while !game.is_over() {
            let (mv, took) = first_player_move(&game, 7)?;
            worst = worst.max(took);
            game.play(mv).map_err(|e| e.to_string())?;
            moves.push(mv);
            match first_player_wins(&game) {
                Ok(true) => checked += 1,
                Ok(false) => return Err(format!("{}: LOST", line(&moves))),
                Err(why) => return Err(format!("{}: {why}", line(&moves))),
            }
            if game.is_over() {
                break;
            }
            let stop = AtomicBool::new(false);
            let reply = if strong {
                let level = Level::MAX;
                choose(&game, &History::default(), level, level.budget(), 11, &stop)
            } else {
                game.random_move(&mut rng)
            }
            .ok_or("no reply")?;
            game.play(reply).map_err(|e| e.to_string())?;
            moves.push(reply);
        }
        if game.outcome() == Some(Outcome::Win(Player::First)) {
            Ok((checked, worst))
        } else {
            Err(format!("{}: game lost", line(&moves)))
        }
    });
    let (mut moves, mut failures, mut worst) = (0, 0, 0.0f64);
    for result in &results {
        match result {
            Ok((checked, slowest)) => {
                moves += checked;
                worst = worst.max(*slowest);
            }
            Err(why) => {
                failures += 1;
                println!("{why}");
            }
        }
    }
    println!(
        "games: {} ({strong_games} against level 5, the rest against random), {} won, {failures} not; {moves} first-player moves proved to keep the win; slowest move {worst:.2} s",
        results.len(),
        results.len() - failures
    );
    Ok(())
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "tree".into());
    let threads: usize = args
        .next()
        .unwrap_or_else(|| "1".into())
        .parse()
        .map_err(|_| "THREADS must be a number")?;
    match mode.as_str() {
        "tree" => tree(threads),
        "games" => {
            let every = args.next().unwrap_or_else(|| "1".into());
            games(
                threads,
                every.parse().map_err(|_| "STRONG_EVERY must be a number")?,
            )
        }
        _ => Err(format!("unknown mode {mode:?}: tree or games")),
    }
}
