//! Speed of the exact Hex solver: whole small boards and an early 7x7
//! position. Run with `cargo bench --bench hex_solver`; the figures go into
//! BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use tabletop_ai::hex::solver::solve;
use tabletop_engine::Game;
use tabletop_engine::hex::{Hex, HexSettings};

fn position(size: usize, moves: &str) -> Hex {
    let mut game = Hex::new(HexSettings::new(size, false).expect("valid size"));
    for mv in moves.split_whitespace() {
        game.play(mv.parse().expect("well formed")).expect("legal");
    }
    game
}

fn solver(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("hex_solver");
    group.sample_size(10);
    for (name, size, moves) in [
        ("5x5_empty", 5, ""),
        ("6x6_empty", 6, ""),
        ("6x6_C3_A2", 6, "C3 A2"),
        ("7x7_D3_A0_E3_C3", 7, "D3 A0 E3 C3"),
    ] {
        let game = position(size, moves);
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&game, None, &stop)).expect("solved"))
        });
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
