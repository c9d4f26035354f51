//! Level 5's Reversi midgame search, 8 plies deep on the same middle-game
//! positions, every move searched to the full depth and with ProbCut. Run
//! with `cargo bench --bench reversi_midgame`; the figures go into
//! BENCHMARKS.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use tabletop_ai::reversi::endgame;
use tabletop_ai::reversi::midgame::value;
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Game, Rng};

/// One position from each of a few seeded random games, with 24 to 44
/// empty cells.
fn positions() -> Vec<Reversi> {
    (0..8)
        .filter_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut pos = Reversi::default();
            let plies = 16 + rng.below(20);
            for _ in 0..plies {
                let mv = pos.random_move(&mut rng)?;
                pos.play_unchecked(mv);
            }
            (!pos.is_over() && (24..=44).contains(&endgame::empties(&pos))).then_some(pos)
        })
        .collect()
}

fn searches(c: &mut Criterion) {
    let positions = positions();
    assert!(positions.len() >= 6, "{} positions", positions.len());
    let mut group = c.benchmark_group("reversi_midgame_depth_8");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (name, probcut) in [("full_width", false), ("probcut", true)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| value(black_box(p), 8, probcut))
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
