//! Builds Connect6's threat test set from games level 5 lost
//! (`tests/corpus/connect6_lost.txt`): reads the records of a match
//! (`tabletop match connect6 ... --records DIR`), and in every game the
//! contender named LOSER lost, finds its whole turns that left the winner
//! a forced win by double threats of at most TURNS turns where one was
//! there to refute (the winner had it as if LOSER passed) and level 5,
//! given NODES positions a stone, finds a turn after which it is gone.
//!
//! cargo run --release --example connect6_lost -- DIR LOSER [TURNS] [NODES]
//!
//! Prints each such position as its stones in order, one a line, and on
//! standard error what it found in each game.

use std::process::ExitCode;

use tabletop_ai::connect6::{choose_in_nodes, shortest_chain};
use tabletop_engine::connect6::Connect6;
use tabletop_engine::record::{Record, parse};
use tabletop_engine::{Game, Outcome};

/// Positions a chain search may visit when judging a position.
const CHAIN_NODES: u64 = 200_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let (Some(dir), Some(loser), Some(turns), Some(nodes)) =
        (args.first(), args.get(1), number(2, 6), number(3, 200_000))
    else {
        eprintln!("usage: connect6_lost DIR LOSER [TURNS] [NODES]");
        return ExitCode::FAILURE;
    };
    let turns = turns as u32;
    let mut files: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect(),
        Err(e) => {
            eprintln!("{dir}: {e}");
            return ExitCode::FAILURE;
        }
    };
    files.sort();
    for file in files {
        let record = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|text| parse(&text).map_err(|e| e.to_string()))
            .and_then(|text| Record::<Connect6>::from_text(&text).map_err(|e| e.to_string()));
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                continue;
            }
        };
        let Some(Outcome::Win(winner)) = record.outcome() else {
            continue;
        };
        let lost = winner.other();
        if record.players[lost.index()] != *loser {
            continue;
        }
        let moves = record.moves.clone();
        let mut game = record.start.clone();
        let mut found = 0;
        for (ply, &stone) in moves.iter().enumerate() {
            let whole_turn = game.stone_of_turn() == (1, 2) && game.to_move() == lost;
            if whole_turn
                && ply + 2 <= moves.len()
                && shortest_chain(&game, winner, turns, CHAIN_NODES).is_some()
            {
                let mut played = game.clone();
                for &s in &moves[ply..ply + 2] {
                    let _ = played.play(s);
                }
                let failed = !played.is_over()
                    && shortest_chain(&played, winner, turns, CHAIN_NODES).is_some();
                if failed && refutes(&game, nodes, winner, turns) {
                    let stones: Vec<String> = moves[..ply].iter().map(|s| s.to_string()).collect();
                    println!("{}", stones.join(" "));
                    found += 1;
                }
            }
            if game.play(stone).is_err() {
                break;
            }
        }
        eprintln!("{}: {found} positions", file.display());
    }
    ExitCode::SUCCESS
}

/// Whether level 5 with `nodes` positions a stone plays a turn after which
/// `winner` has no chain of at most `turns` turns.
fn refutes(game: &Connect6, nodes: u64, winner: tabletop_engine::Player, turns: u32) -> bool {
    let mut after = game.clone();
    let mover = after.to_move();
    while after.to_move() == mover && !after.is_over() {
        let Some(stone) = choose_in_nodes(&after, nodes, 1) else {
            return false;
        };
        if after.play(stone).is_err() {
            return false;
        }
    }
    !after.is_over() && shortest_chain(&after, winner, turns, CHAIN_NODES).is_none()
}
