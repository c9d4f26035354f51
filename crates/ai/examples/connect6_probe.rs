//! Walks a Connect6 game given as its stones in order and prints, before
//! each whole turn, the shortest forced win by threats each side would
//! have if it played next, and where the opponent has one, how many turns
//! of the mover refute it and whether level 5's turn is one of them:
//! where a game was lost, and whether level 5 could have saved it.
//!
//! cargo run --release --example connect6_probe -- TURNS NODES STONE...
//!
//! NODES 0 leaves out the (slow) count of refutations.

use std::time::Instant;

use tabletop_ai::connect6::{choose_in_nodes, refutations, shortest_chain};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Game, Player};

/// Positions each chain search may visit.
const NODES: u64 = 2_000_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let turns: u32 = args.next().and_then(|t| t.parse().ok()).unwrap_or(6);
    let nodes: u64 = args.next().and_then(|t| t.parse().ok()).unwrap_or(100_000);
    let mut game = Connect6::default();
    for (ply, text) in args.enumerate() {
        if game.stone_of_turn() == (1, 2) {
            let start = Instant::now();
            let chain = |who: Player| shortest_chain(&game, who, turns, NODES);
            let show = |d: Option<u32>| d.map_or("-".to_string(), |d| d.to_string());
            let mover = game.to_move();
            let theirs = chain(mover.other());
            print!(
                "ply {ply:3} {mover:?} to move: own chain {}, theirs {}",
                show(chain(mover)),
                show(theirs)
            );
            if theirs.is_some() && nodes > 0 {
                let refuting = refutations(&game, turns, nodes);
                let mut after = game.clone();
                let mut chosen = Vec::new();
                while after.to_move() == mover && !after.is_over() {
                    let stone = choose_in_nodes(&after, nodes, 1).expect("a stone");
                    chosen.push(stone.0);
                    after.play(stone).expect("legal");
                }
                chosen.sort_unstable();
                let hit = refuting.iter().any(|set| {
                    let mut set = set.clone();
                    set.sort_unstable();
                    set == chosen
                });
                print!(
                    "; {} refutations, level 5's {} one",
                    refuting.len(),
                    if hit { "is" } else { "is not" }
                );
            }
            println!(" ({:.2} s)", start.elapsed().as_secs_f64());
        }
        let stone: Stone = text.parse().expect("a stone");
        game.play(stone).expect("legal");
    }
}
