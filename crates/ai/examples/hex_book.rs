//! Writes the opening book of the Hex solver: the first player's proved
//! winning answers at the start of a game without swap.
//!
//! `cargo run --release --example hex_book -- SIZE [SECONDS [FAST_SECONDS]] > crates/ai/assets/hex_book_SIZE.txt`
//!
//! The first stone goes on the centre; for each reply of the second player
//! (one of each pair that a half turn of the board maps onto each other)
//! the solver proves a winning answer, spending at most SECONDS (default
//! 600) on it. Then for every second reply after that, a fresh solver (as
//! in play) proves the answer again; the positions that took it longer than
//! FAST_SECONDS (default 0.2, well inside a move's time) go in the book too.
//! A position not settled in time is reported on standard error and left
//! out, so the book only ever holds proved moves.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::hex::solver::{Solver, Stones, Verdict};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Cell, Game, Player};

/// Proves an answer to every reply in `game` (the second player to move)
/// with a fresh solver each, printing those that took longer than `fast`
/// seconds; returns how many could not be proved.
fn second_replies(game: &Hex, seconds: u64, fast: f64, stop: &AtomicBool) -> anyhow::Result<usize> {
    let mut unsolved = 0;
    let (mut slow, mut worst) = (0, 0.0f64);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for reply in moves {
        let mut next = game.clone();
        next.play(reply)?;
        if next.is_over() {
            anyhow::bail!("{reply} wins for the second player");
        }
        let (g, position) =
            Stones::<u64>::from_hex(&next).ok_or_else(|| anyhow::anyhow!("small"))?;
        let began = Instant::now();
        let mut solver = Solver::new(g, Some(began + Duration::from_secs(seconds)), stop);
        let verdict = solver.solve(position);
        let took = began.elapsed().as_secs_f64();
        worst = worst.max(took);
        match verdict {
            Some(v) if v.winner == Player::First => {
                if took > fast {
                    let answer = v
                        .winning_move
                        .map(HexMove::Place)
                        .ok_or_else(|| anyhow::anyhow!("no move"))?;
                    println!("{} {reply} {answer}", record(game));
                    slow += 1;
                }
            }
            Some(_) => anyhow::bail!("{} {reply} loses for the first player", record(game)),
            None => {
                unsolved += 1;
                eprintln!("{} {reply}: not proved in {took:.1} s", record(game));
            }
        }
    }
    eprintln!(
        "  {}: {slow} slow replies booked, slowest {worst:.2} s",
        record(game)
    );
    Ok(unsolved)
}

/// The answer to `game` in an earlier book's text, as a verdict.
fn known_answer(book: &str, game: &Hex) -> anyhow::Result<Option<Verdict<u64>>> {
    let line = record(game);
    for entry in book.lines().filter(|l| !l.starts_with('#')) {
        if let Some(answer) = entry.strip_prefix(line.as_str()).map(str::trim)
            && !answer.is_empty()
            && !answer.contains(' ')
        {
            let HexMove::Place(cell) = answer.parse::<HexMove>()? else {
                anyhow::bail!("{entry}: not a cell");
            };
            return Ok(Some(Verdict {
                winner: Player::First,
                winning_move: Some(cell),
                proof: 0,
            }));
        }
    }
    Ok(None)
}

/// The moves of `game` so far, from its stones: the opening book only
/// needs some order that replays to the same position.
fn record(game: &Hex) -> String {
    let mut first = Vec::new();
    let mut second = Vec::new();
    for cell in Cell::all(game.side()) {
        match game.piece_at(cell) {
            Some(Player::First) => first.push(HexMove::Place(cell).to_string()),
            Some(Player::Second) => second.push(HexMove::Place(cell).to_string()),
            None => {}
        }
    }
    let mut moves = Vec::new();
    for k in 0..first.len().max(second.len()) {
        moves.extend(first.get(k).cloned());
        moves.extend(second.get(k).cloned());
    }
    moves.join(" ")
}

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().unwrap_or_else(|| "7".into()).parse()?;
    let seconds: u64 = args.next().unwrap_or_else(|| "600".into()).parse()?;
    let fast: f64 = args.next().unwrap_or_else(|| "0.2".into()).parse()?;
    let start = Hex::new(HexSettings::new(size, false)?);
    let (g, _) =
        Stones::<u64>::from_hex(&start).ok_or_else(|| anyhow::anyhow!("side 2 to 8 only"))?;
    let stop = AtomicBool::new(false);
    let mut solver = Solver::new(g, None, &stop);
    let centre = Cell::new(size / 2, (size - 1) / 2).ok_or_else(|| anyhow::anyhow!("no centre"))?;
    let opening = HexMove::Place(centre);
    println!("# Hex {size}x{size} opening book (no swap): the first player's proved winning");
    println!("# answers. Each line is a game; its last move is the book's answer to the");
    println!("# position before it. A half turn of the board gives the other replies.");
    println!("# Generated by `cargo run --release --example hex_book -- {size} {seconds} {fast}`.");
    println!("{opening}");
    // Answers proved by an earlier run (its book, given as BOOK_FIRST) are
    // taken as they are rather than proved again.
    let known = match std::env::var("BOOK_FIRST") {
        Ok(path) => std::fs::read_to_string(path)?,
        Err(_) => String::new(),
    };
    let mut done: Vec<Cell> = Vec::new();
    let mut unsolved = 0;
    for reply in Cell::all(size) {
        let turned = Cell::new(size - 1 - reply.row(), size - 1 - reply.col()).unwrap_or(reply);
        if reply == centre || done.contains(&turned) {
            continue;
        }
        done.push(reply);
        let mut game = start.clone();
        game.play(opening)?;
        game.play(HexMove::Place(reply))?;
        let (_, position) =
            Stones::<u64>::from_hex(&game).ok_or_else(|| anyhow::anyhow!("small"))?;
        let began = Instant::now();
        solver.set_deadline(Some(began + Duration::from_secs(seconds)));
        let nodes = solver.nodes;
        let verdict = known_answer(&known, &game)?.or_else(|| solver.solve(position));
        let took = began.elapsed().as_secs_f64();
        let reply = HexMove::Place(reply);
        match verdict {
            Some(v) if v.winner == Player::First => {
                let answer = v
                    .winning_move
                    .map(HexMove::Place)
                    .ok_or_else(|| anyhow::anyhow!("no move"))?;
                println!("{opening} {reply} {answer}");
                eprintln!(
                    "{opening} {reply}: {answer} in {took:.1} s, {} positions",
                    solver.nodes - nodes
                );
                game.play(answer)?;
                unsolved += second_replies(&game, seconds, fast, &stop)?;
            }
            Some(_) => anyhow::bail!("{opening} {reply} loses for the first player"),
            None => {
                unsolved += 1;
                eprintln!("{opening} {reply}: not proved in {took:.1} s");
            }
        }
    }
    eprintln!("{unsolved} replies not proved");
    Ok(())
}
