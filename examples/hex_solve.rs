//! Solves one Hex position exactly (side 8 or less) and prints the result.
//! `cargo run --release --example hex_solve -- SIZE [MOVES...]`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop::ai::hex::solver::{Solver, Stones};
use tabletop::engine::Game;
use tabletop::engine::hex::{Hex, HexMove, HexSettings};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().unwrap_or_else(|| "7".into()).parse()?;
    let mut game = Hex::new(HexSettings::new(size, false)?);
    for text in args {
        let mv: HexMove = text.parse()?;
        game.play(mv)?;
    }
    let (g, position) =
        Stones::from_hex(&game).ok_or_else(|| anyhow::anyhow!("side 2 to 8 only"))?;
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let limit = std::env::var("SOLVE_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let mut solver = Solver::new(
        g,
        limit.map(|s| start + std::time::Duration::from_secs(s)),
        &stop,
    );
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
