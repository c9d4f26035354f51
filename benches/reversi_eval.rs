//! Reversi's two evaluations on the same positions: the hand-made one
//! (levels 1 to 4, smaller boards) and the fitted patterns (level 5 on
//! 8×8), per call. Run with `cargo bench --bench reversi_eval`; the
//! figures go into BENCHMARKS.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use tabletop_ai::Searchable;
use tabletop_ai::reversi::patterned::Patterned;
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Game, Rng};

/// Every position of a few seeded random games.
fn positions() -> Vec<Reversi> {
    let mut found = Vec::new();
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let mut pos = Reversi::default();
        while let Some(mv) = pos.random_move(&mut rng) {
            found.push(pos.clone());
            pos.play_unchecked(mv);
        }
    }
    found
}

fn evaluations(c: &mut Criterion) {
    let plain = positions();
    let patterned: Vec<Patterned> = plain.iter().cloned().map(Patterned).collect();
    let mut group = c.benchmark_group("reversi_evaluate");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("hand_made", |b| {
        b.iter(|| plain.iter().map(|p| black_box(p).evaluate()).sum::<i32>())
    });
    group.bench_function("patterns", |b| {
        b.iter(|| {
            patterned
                .iter()
                .map(|p| black_box(p).evaluate())
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, evaluations);
criterion_main!(benches);
