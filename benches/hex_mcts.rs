//! Speed of Hex's tree search on 11x11: as many playouts as a level 5 move
//! makes in one tree, from a middle-game position, with and without level
//! 5's pruning by virtual connections and dead cells (`knowledge.rs`), so
//! that what the pruning costs shows. Playouts a second are 40,000 divided
//! by the time shown. Run with `cargo bench --bench hex_mcts`; the figures
//! go into BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use tabletop::ai::hex::mcts::choose_after;
use tabletop::engine::Game;
use tabletop::engine::hex::{Hex, HexSettings};

const PLAYOUTS: u64 = 40_000;

fn position(moves: &str) -> Hex {
    let mut game = Hex::new(HexSettings::new(11, false).expect("valid size"));
    for mv in moves.split_whitespace() {
        game.play(mv.parse().expect("well formed")).expect("legal");
    }
    game
}

fn tree_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("hex_mcts_40k_playouts");
    group.sample_size(10);
    let game = position("F5 E6 G4 D7 C6 H3 E4 G5 F6 D8");
    for (name, knowing) in [("plain", false), ("knowledge", true)] {
        group.bench_function(name, |b| {
            b.iter(|| black_box(choose_after(&game, PLAYOUTS, knowing, 1)).expect("a move"))
        });
    }
    group.finish();
}

criterion_group!(benches, tree_search);
criterion_main!(benches);
