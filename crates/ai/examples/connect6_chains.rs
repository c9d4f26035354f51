//! Builds Connect6's test set of threat chains (`tests/corpus/
//! connect6_chains.txt`): level 5 plays itself from random openings, with
//! its search cut at a number of positions rather than a time; a position
//! is kept when level 5 has a whole turn to play, the opponent would have
//! a forced win by threats of at most TURNS turns if level 5 passed, and
//! level 5 (given ten times the nodes) finds a turn after which that win
//! is gone: positions where a refutation exists and is needed.
//!
//! cargo run --release --example connect6_chains -- [COUNT] [TURNS] [NODES] [SEED]
//!
//! Prints each kept position as its stones in order, one position a line.

use std::process::ExitCode;

use tabletop_ai::connect6::{choose_in_nodes, shortest_chain};
use tabletop_engine::connect6::Connect6;
use tabletop_engine::{Game, Rng};

/// Positions a chain search may visit when judging a position.
const CHAIN_NODES: u64 = 200_000;
/// Random stones each game opens with, near the centre.
const OPENING: usize = 3;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let (Some(count), Some(turns), Some(nodes), Some(seed)) =
        (number(0, 20), number(1, 6), number(2, 20_000), number(3, 1))
    else {
        eprintln!("usage: connect6_chains [COUNT] [TURNS] [NODES] [SEED] (whole numbers)");
        return ExitCode::FAILURE;
    };
    let turns = turns as u32;
    let mut rng = Rng::new(seed);
    let (mut kept, mut unrefuted, mut games) = (0, 0, 0);
    while kept < count && games < count * 20 {
        games += 1;
        let mut game = Connect6::default();
        let mut stones: Vec<String> = Vec::new();
        while !game.is_over() {
            let (k, of) = game.stone_of_turn();
            if stones.len() >= OPENING && (k, of) == (1, 2) && kept < count {
                let me = game.to_move();
                if shortest_chain(&game, me.other(), turns, CHAIN_NODES).is_some_and(|d| d >= 2) {
                    let mut after = game.clone();
                    let mover = after.to_move();
                    while after.to_move() == mover && !after.is_over() {
                        let stone = choose_in_nodes(&after, nodes * 10, seed).expect("a stone");
                        after.play(stone).expect("legal");
                    }
                    if !after.is_over()
                        && shortest_chain(&after, me.other(), turns, CHAIN_NODES).is_none()
                    {
                        println!("{}", stones.join(" "));
                        kept += 1;
                    } else {
                        unrefuted += 1;
                    }
                }
            }
            let stone = if stones.len() < OPENING {
                near_centre(&game, &mut rng)
            } else {
                choose_in_nodes(&game, nodes, rng.next_u64())
            };
            let Some(stone) = stone else { break };
            stones.push(stone.to_string());
            game.play(stone).expect("legal");
        }
    }
    eprintln!("{kept} positions kept from {games} games; {unrefuted} with no refutation found");
    ExitCode::SUCCESS
}

/// A random empty cell within three of the centre.
fn near_centre(game: &Connect6, rng: &mut Rng) -> Option<tabletop_engine::connect6::Stone> {
    let centre = game.side() / 2;
    loop {
        let r = centre + rng.below(7) - 3;
        let c = centre + rng.below(7) - 3;
        let cell = tabletop_engine::Cell::new(r, c)?;
        if game.piece_at(cell).is_none() {
            return Some(tabletop_engine::connect6::Stone(cell));
        }
    }
}
