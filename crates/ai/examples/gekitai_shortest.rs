//! Does level 5 play the shortest win it can prove, and the longest
//! defence? Plays 6×6 openings, keeps the positions whose shortest forced
//! win (for the player to move, proved by the plain prover, every line
//! tried) is exactly PLIES plies, and plays level 5 (its normal budget) on
//! both sides from there: the game should end in PLIES plies.
//!
//! cargo run --release --example gekitai_shortest -- [COUNT] [PLIES] [SEED] [random|book]
//!
//! `random` openings are random moves (6 to 21 plies); `book` openings
//! are X's book moves (level 5) against random replies, so that the
//! positions are the ones the book leads to.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::gekitai::book::Book;
use tabletop_ai::prover::Prover;
use tabletop_ai::{History, Level};
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::{Game, Outcome, Player, Rng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let (Some(count), Some(plies), Some(seed)) = (number(0, 8), number(1, 3), number(2, 1)) else {
        eprintln!("usage: gekitai_shortest [COUNT] [PLIES] [SEED] (whole numbers)");
        return ExitCode::FAILURE;
    };
    let book = match args.get(3).map(String::as_str) {
        None | Some("random") => false,
        Some("book") => true,
        Some(other) => {
            eprintln!("unknown kind of opening {other:?}: random or book");
            return ExitCode::FAILURE;
        }
    };
    let plies = plies as u32;
    let mut rng = Rng::new(seed);
    let never = AtomicBool::new(false);
    let (mut kept, mut shortest) = (0, 0);
    let mut slowest = 0.0f64;
    while kept < count {
        let (pos, line) = opening(&mut rng, book);
        let mut prover = Prover::new();
        if prover.shortest_win(&pos, plies) != Some(plies) {
            continue;
        }
        kept += 1;
        let winner = pos.to_move();
        let mut game = pos.clone();
        let mut history = History::default();
        let mut played = Vec::new();
        while !game.is_over() && played.len() < 40 {
            history.record(&game);
            let level = Level::MAX;
            let started = Instant::now();
            let Some(mv) =
                tabletop_ai::choose(&game, &history, level, level.budget(), seed, &never)
            else {
                break;
            };
            slowest = slowest.max(started.elapsed().as_secs_f64());
            played.push(mv.to_string());
            game.play_unchecked(mv);
        }
        let won = game.outcome() == Some(Outcome::Win(winner));
        let ok = won && played.len() as u32 == plies;
        shortest += u64::from(ok);
        println!(
            "{line}: {} {} in {} plies ({})",
            if ok { "ok" } else { "LONGER" },
            if won { "won" } else { "NOT WON" },
            played.len(),
            played.join(" ")
        );
    }
    println!(
        "{shortest} of {kept} wins in {plies} plies played in {plies}; slowest move {slowest:.2} s"
    );
    if shortest == kept {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A 6×6 position 6 to 21 plies in that is not over, and the moves
/// that reach it: random moves, or (`book`) the book's as X.
fn opening(rng: &mut Rng, book: bool) -> (Gekitai, String) {
    loop {
        let mut pos = Gekitai::default();
        let mut line = Vec::new();
        let length = 6 + rng.below(16);
        while line.len() < length {
            let mv = if book && pos.to_move() == Player::First {
                let Gekitai::Small(board) = &pos else {
                    unreachable!("6×6 is a u64 board")
                };
                Book::shipped().lookup(board)
            } else {
                pos.random_move(rng)
            };
            let Some(mv) = mv else {
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
