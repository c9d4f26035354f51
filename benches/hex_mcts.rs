//! Speed of Hex's tree search at a fixed number of playouts, without and
//! with level 5's learned pattern priors, from an 11x11 middle-game
//! position (one tree, no solver). Run with `cargo bench --bench
//! hex_mcts`; the figures go into BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::hex::mcts::{Knobs, choose_within};
use tabletop_engine::Game;
use tabletop_engine::hex::{Hex, HexSettings};

const PLAYOUTS: u64 = 10_000;

fn search(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let mut game = Hex::new(HexSettings::new(11, false).expect("valid size"));
    for mv in "F5 E7 G3 D4 C8 H6 E5 F8 B6 I4".split_whitespace() {
        game.play(mv.parse().expect("well formed")).expect("legal");
    }
    let mut group = c.benchmark_group("hex_mcts");
    group.sample_size(10);
    for (name, knobs) in [("plain", Knobs::PLAIN), ("patterned", Knobs::patterned())] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let far = Instant::now() + Duration::from_secs(3600);
                black_box(choose_within(&game, far, Some(PLAYOUTS), 1, &stop, knobs))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
