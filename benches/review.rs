//! How long `tabletop review` takes at the default strength on this
//! machine, on every core: a 60-move Reversi game (the sample record) and
//! a 30-move Gekitai game (random moves that keep it going, seed 1). One timed run
//! each, since one review takes seconds. The target is 30 s each.
//! Run with `cargo bench --bench review`; the figures go into BENCHMARKS.md.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::Level;
use tabletop_core::games::{self, AnyRecord};
use tabletop_core::review::{Effort, review};
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::record::Record;
use tabletop_engine::{Game, Rng};

/// A Gekitai game of `moves` random moves that keep it going (a long,
/// even game; the seed picks it).
fn gekitai_game(moves: usize, seed: u64) -> Record<Gekitai> {
    let mut rng = Rng::new(seed);
    let mut record = Record::new(Gekitai::default());
    let mut game = Gekitai::default();
    let mut legal = Vec::new();
    while record.moves.len() < moves {
        game.legal_moves(&mut legal);
        let going: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = game.clone();
                next.play_unchecked(mv);
                !next.is_over()
            })
            .collect();
        if going.is_empty() {
            break;
        }
        let mv = going[rng.below(going.len())];
        game.play_unchecked(mv);
        record.moves.push(mv);
    }
    record
}

fn effort() -> Effort {
    Effort::at(Level::DEFAULT)
}

fn time<G: tabletop_core::games::Playable>(name: &str, record: &Record<G>) {
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let reviewed = review(record, effort(), &stop, |_| {}).expect("not stopped");
    println!(
        "review/{name}: {} moves, {} positions, {:.1} s on {} threads",
        record.moves.len(),
        reviewed.positions.len(),
        started.elapsed().as_secs_f64(),
        effort().jobs
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not run it.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let text = include_str!("../assets/records/reversi-8x8.toml");
    let Ok(AnyRecord::Reversi(reversi)) = games::read_record(text) else {
        panic!("the Reversi sample record");
    };
    time("reversi_60_moves", &reversi);
    time("gekitai_30_moves", &gekitai_game(30, 1));
}
