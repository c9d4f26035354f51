//! How fast level 5 finds Gekitai's nine-ply forced wins: positions whose
//! shortest forced win is exactly nine plies (found and proved by the
//! `gekitai_forced_wins` example), each timed from the position to level
//! 5's move. The search stops as soon as it proves the win, so the time is
//! the time to the proof; the move is checked once with the plain prover.
//! Run with `cargo bench --bench ai`; the figures go into BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabletop_ai::prover::Prover;
use tabletop_ai::{self as ai, History, Level};
use tabletop_engine::Game;
use tabletop_engine::gekitai::Gekitai;

/// The moves from the empty 6×6 board to each position.
const NINE_PLY_WINS: [&str; 2] = ["F6 F3 D3 C4 E3 B6 C5 F5", "C5 D1 E6 F4 D2 A2"];

fn position(moves: &str) -> Gekitai {
    let mut game = Gekitai::default();
    for text in moves.split_whitespace() {
        let mv = text.parse().unwrap_or_else(|_| panic!("bad move {text}"));
        game.play(mv)
            .unwrap_or_else(|e| panic!("illegal move {text}: {e}"));
    }
    game
}

fn choose(game: &Gekitai) -> <Gekitai as Game>::Move {
    static NEVER: AtomicBool = AtomicBool::new(false);
    let level = Level::MAX;
    ai::choose(game, &History::default(), level, level.budget(), 1, &NEVER).expect("not over")
}

fn gekitai_forced_wins(c: &mut Criterion) {
    let mut group = c.benchmark_group("gekitai_nine_ply_win");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for moves in NINE_PLY_WINS {
        let game = position(moves);
        let mut prover = Prover::new();
        assert_eq!(prover.shortest_win(&game, 9), Some(9), "{moves}");
        let mut after = game.clone();
        after.play_unchecked(choose(&game));
        assert!(
            prover.wins_within(&after, game.to_move(), 8),
            "level 5 misses the win after {moves}"
        );
        group.bench_function(moves, |b| b.iter(|| black_box(choose(&game))));
    }
    group.finish();
}

criterion_group!(benches, gekitai_forced_wins);
criterion_main!(benches);
