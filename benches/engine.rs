//! Engine speed: random games per second for every game of the list (at
//! its default settings), and perft. Run with `cargo bench`; the figures go
//! into BENCHMARKS.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_core::selfplay::selfplay;
use tabletop_engine::Described;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::perft::{Finished, perft};
use tabletop_engine::reversi::{self, Reversi};

const GAMES: u64 = 1_000;

/// Random games of one game, from its default settings.
struct RandomGames<'a>(&'a mut Criterion);

impl WithGame for RandomGames<'_> {
    type Output = ();
    fn run<G: Playable>(self) {
        let start = G::new(G::Settings::default());
        let name = format!("{}_{}x{}", G::NAME, start.side(), start.side());
        let mut group = self.0.benchmark_group("random_games");
        group.throughput(Throughput::Elements(GAMES));
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(selfplay(&start, GAMES, seed))
            })
        });
        group.finish();
    }
}

fn games(c: &mut Criterion) {
    for &kind in GameKind::ALL {
        kind.with(RandomGames(c));
    }
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let gekitai = Gekitai::default();
    group.bench_function("gekitai_5", |b| {
        b.iter(|| gekitai.perft(5, Finished::Nothing, &mut |_| {}))
    });
    group.bench_function("gekitai_6", |b| {
        b.iter(|| gekitai.perft(6, Finished::Nothing, &mut |_| {}))
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
