//! Playouts a second of Hex level 5's tree search (`uct.rs`), with one
//! thread and with every core, from positions a few random stones into
//! games of the given side.
//!
//! ```sh
//! cargo run --release --example hex_speed -- [SIZE [MS [POSITIONS [SEED [KNOW_AFTER]]]]] [CHANGES]
//! ```
//!
//! CHANGES are settings changed as `hex_gtp` takes them (`hsearch=1`).
//!
//! Prints, for each thread count, the playouts a second over all
//! positions and the nodes the tree reached; the figures go into
//! BENCHMARKS.md with the load (`uptime`) at the time. With `gtp` among
//! the arguments it prints the positions instead, as GTP commands ending
//! in a `genmove`, to time an outside engine on the same positions.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::Deadline;
use tabletop_ai::hex::uct::{self, Settings};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Described, Game, Player, Rng};

fn main() {
    let as_gtp = std::env::args().any(|a| a == "gtp");
    let changes = std::env::args()
        .skip(1)
        .find(|a| a.contains('='))
        .unwrap_or_default();
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let size = args.first().copied().unwrap_or(11) as usize;
    let ms = args.get(1).copied().unwrap_or(1000);
    let positions = args.get(2).copied().unwrap_or(6);
    let seed = args.get(3).copied().unwrap_or(1);
    let Ok(settings) = HexSettings::new(size, false) else {
        eprintln!("no Hex board of side {size}");
        return;
    };
    let know_after = args.get(4).copied().unwrap_or(0) as u32;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1];
    if cores > 1 {
        counts.push(cores.min(4));
    }
    let stop = AtomicBool::new(false);
    for threads in counts {
        let searched = Settings {
            threads,
            know_after,
            ..Settings::level5()
        }
        .changed(&changes);
        let searched = match searched {
            Ok(searched) => searched,
            Err(message) => {
                eprintln!("hex_speed: {message}");
                std::process::exit(2);
            }
        };
        let mut rng = Rng::new(seed);
        let (mut playouts, mut nodes, mut time) = (0u64, 0usize, Duration::ZERO);
        let (mut known, mut knowing) = (0u64, Duration::ZERO);
        for p in 0..positions {
            let mut game = Hex::new(settings);
            let mut played = Vec::new();
            for _ in 0..(4 + 6 * p as usize).min(size * size / 2) {
                if let Some(mv) = game.random_move(&mut rng) {
                    played.push((mv, game.to_move()));
                    game.play_unchecked(mv);
                }
            }
            if game.is_over() {
                continue;
            }
            if as_gtp {
                print_gtp(size, &played, game.to_move());
                continue;
            }
            let start = Instant::now();
            let report = uct::run(
                &game,
                Deadline::new(Duration::from_millis(ms).into(), &stop),
                seed,
                searched,
            );
            time += start.elapsed();
            playouts += report.playouts;
            nodes = nodes.max(report.nodes);
            known += report.known;
            knowing += report.knowing;
        }
        if as_gtp {
            return;
        }
        println!(
            "{size}x{size}, {threads} thread(s): {:.0} playouts/s over {positions} positions, \
             up to {nodes} nodes; knowledge {known} times, {:.1} µs each, {:.1}% of the time",
            playouts as f64 / time.as_secs_f64(),
            knowing.as_secs_f64() * 1e6 / known.max(1) as f64,
            100.0 * knowing.as_secs_f64() / time.as_secs_f64()
        );
    }
}

/// A position as GTP commands from an empty board of side `size`: the
/// stones `played`, then a `genmove` for `to_move`.
fn print_gtp(size: usize, played: &[(HexMove, Player)], to_move: Player) {
    let colour = |player| if player == Player::First { "b" } else { "w" };
    println!("boardsize {size}\nclear_board");
    for &(mv, player) in played {
        if let HexMove::Place(cell) = mv {
            let vertex = Hex::GTP_NOTATION.format(cell);
            println!("play {} {vertex}", colour(player));
        }
    }
    println!("genmove {}", colour(to_move));
}
