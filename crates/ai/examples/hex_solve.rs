//! Solves one Hex position exactly (side 11 or less) and prints the result.
//! `cargo run --release --example hex_solve -- SIZE [MOVES...]`
//! (`SOLVE_SECONDS=N` gives up after N seconds; `SOLVE_HSEARCH=1` adds
//! H-search to each position's virtual connections).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::Deadline;
use tabletop_ai::hex::solver::{CellSet, Solver, Stones};
use tabletop_engine::Game;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().unwrap_or_else(|| "7".into()).parse()?;
    let mut game = Hex::new(HexSettings::new(size, false)?);
    for text in args {
        let mv: HexMove = text.parse()?;
        game.play(mv)?;
    }
    let limit = std::env::var("SOLVE_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map(Duration::from_secs);
    // The narrower bit set where the board fits: it is faster.
    if size <= 8 {
        solve::<u64>(&game, limit)
    } else {
        solve::<u128>(&game, limit)
    }
}

fn solve<B: CellSet>(game: &Hex, limit: Option<Duration>) -> anyhow::Result<()> {
    let (g, position) =
        Stones::<B>::from_hex(game).ok_or_else(|| anyhow::anyhow!("side 2 to 11 only"))?;
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let deadline = match limit {
        Some(limit) => Deadline::new(limit.into(), &stop),
        None => Deadline::unlimited(&stop),
    };
    let mut solver = Solver::new(g, deadline);
    solver.hsearch = std::env::var("SOLVE_HSEARCH").is_ok_and(|v| v == "1");
    let Some(verdict) = solver.solve(position) else {
        println!(
            "unsolved after {} nodes, {:.3} s",
            solver.nodes,
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    };
    println!(
        "winner {:?}, move {:?}, {} nodes, {:.3} s",
        verdict.winner,
        verdict.winning_move.map(|c| HexMove::Place(c).to_string()),
        solver.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
