//! Engine speed: random games per second for every game, and perft.
//! Run with `cargo bench`; the figures go into BENCHMARKS.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use tabletop::engine::Game;
use tabletop::engine::connect6::Connect6;
use tabletop::engine::gekitai::Gekitai;
use tabletop::engine::hex::Hex;
use tabletop::engine::perft::{Finished, perft};
use tabletop::engine::reversi::{self, Reversi};
use tabletop::selfplay::selfplay;
use tabletop::with_gekitai_board;

const GAMES: u64 = 1_000;

fn random_games<G: Game>(c: &mut Criterion, name: &str, start: &G) {
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            black_box(selfplay(start, GAMES, seed))
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    with_gekitai_board!(&Gekitai::default(), board => random_games(c, "gekitai_6x6", board));
    random_games(c, "connect6_19x19", &Connect6::default());
    random_games(c, "hex_11x11", &Hex::default());
    random_games(c, "reversi_8x8", &Reversi::default());
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let gekitai = Gekitai::default();
    group.bench_function("gekitai_5", |b| {
        b.iter(|| with_gekitai_board!(&gekitai, g => perft(g, 5, Finished::Nothing)))
    });
    group.bench_function("gekitai_6", |b| {
        b.iter(|| with_gekitai_board!(&gekitai, g => perft(g, 6, Finished::Nothing)))
    });
    let othello = Reversi::default();
    group.bench_function("reversi_11", |b| b.iter(|| reversi::perft(&othello, 11)));
    group.bench_function("reversi_9_plain", |b| {
        b.iter(|| perft(&othello, 9, Finished::Leaf))
    });
    group.finish();
}

criterion_group!(benches, games, perfts);
criterion_main!(benches);
