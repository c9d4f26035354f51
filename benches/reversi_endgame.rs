//! Reversi exact endgame solving: the time to find the exact final disc
//! difference of fixed positions with 16 empty cells, the most the
//! strongest level always solves. Run with
//! `cargo bench --bench reversi_endgame`; the figures go into BENCHMARKS.md.
//!
//! The positions come from seeded games played through the engine: some
//! by random moves, some by a greedy player that leaves the opponent the
//! fewest replies (closer to real play: fewer lopsided positions).

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use tabletop_ai::Deadline;
use tabletop_ai::reversi::endgame::{empties, exact_value};
use tabletop_engine::reversi::{Reversi, ReversiMove};
use tabletop_engine::{Game, Rng};

const EMPTIES: u32 = 16;

/// The position with [`EMPTIES`] empty cells reached from the start by
/// random moves or (three times in four) greedy ones, or `None` if the game
/// ended or stalled sooner.
fn play_down(seed: u64, greedy: bool) -> Option<Reversi> {
    let mut rng = Rng::new(seed);
    let mut pos = Reversi::default();
    let mut moves = Vec::new();
    while empties(&pos) > EMPTIES {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let replies = |mv: ReversiMove| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            next.count_legal_moves()
        };
        let pick = if greedy && rng.below(4) != 0 {
            let fewest = moves.iter().map(|&mv| replies(mv)).min()?;
            let best: Vec<ReversiMove> = moves
                .iter()
                .copied()
                .filter(|&mv| replies(mv) == fewest)
                .collect();
            best[rng.below(best.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos.play_unchecked(pick);
    }
    (!pos.is_over()).then_some(pos)
}

fn positions() -> Vec<(String, Reversi)> {
    let mut found = Vec::new();
    for (kind, greedy) in [("random", false), ("greedy", true)] {
        let mut seed = 0;
        while found
            .iter()
            .filter(|(name, _): &&(String, Reversi)| name.starts_with(kind))
            .count()
            < 4
        {
            seed += 1;
            if let Some(pos) = play_down(seed, greedy) {
                found.push((format!("{kind}_seed{seed}"), pos));
            }
        }
    }
    found
}

fn solve_16(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("reversi_endgame_16");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for (name, pos) in positions() {
        group.bench_function(&name, |b| {
            b.iter(|| black_box(exact_value(black_box(&pos), Deadline::unlimited(&stop))))
        });
    }
    group.finish();
}

criterion_group!(benches, solve_16);
criterion_main!(benches);
