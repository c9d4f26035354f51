//! Plays two Hex searches against each other: level 5's tree search
//! (`uct.rs`) with any settings, or the tree search of `mcts.rs` as level
//! 5 had it before (patterned) or as level 4 has it (plain). Either at an
//! equal number of playouts a move, one thread a search (a measure the
//! machine's load cannot sway; two games at once), or at equal time a
//! move with every core (one game at a time, so each side has the whole
//! machine while it thinks).
//!
//! ```sh
//! cargo run --release --example hex_duel -- PAIRS SIZE PLAYOUTS SEED A B [MS]
//! ```
//!
//! A and B are `old` (the patterned search of `mcts.rs`), `plain` (level
//! 4's), or `new` (level 5's settings) with changes, as in
//! `new:explore=0.1,bias=1`; a side's `@N` sets its own playouts (`new@5000`).
//! Each pair of games opens with the same two random stones (seeded), A
//! first in one and second in the other. With MS, both sides think MS
//! milliseconds a move on every core instead of counting playouts.

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use in_threads::in_threads;
use tabletop_ai::hex::mcts::{self, Knobs};
use tabletop_ai::hex::uct::{self, Settings};
use tabletop_ai::{Budget, Deadline};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Game, Outcome, Rng};

/// Random stones that open each pair of games.
const OPENING: usize = 2;

#[derive(Clone, Copy)]
enum Engine {
    Old(Knobs<'static>),
    New(Settings<'static>),
}

#[derive(Clone, Copy)]
struct Side {
    engine: Engine,
    playouts: u64,
}

fn parse_side(spec: &str, playouts: u64) -> Result<Side, String> {
    let (spec, playouts) = match spec.split_once('@') {
        Some((spec, n)) => (
            spec,
            n.parse().map_err(|_| format!("bad playouts in {spec}"))?,
        ),
        None => (spec, playouts),
    };
    let (name, changes) = spec.split_once(':').unwrap_or((spec, ""));
    let engine = match name {
        "old" => Engine::Old(Knobs::patterned()),
        "plain" => Engine::Old(Knobs::PLAIN),
        "new" => Engine::New(Settings::level5().changed(changes)?),
        _ => return Err(format!("no engine {name}")),
    };
    Ok(Side { engine, playouts })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize| args.get(k).and_then(|a| a.parse::<u64>().ok());
    let usage = "usage: hex_duel PAIRS SIZE PLAYOUTS SEED A B [MS]";
    let (Some(pairs), Some(size), Some(playouts), Some(seed), Some(a), Some(b)) = (
        number(0),
        number(1),
        number(2),
        number(3),
        args.get(4),
        args.get(5),
    ) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Ok(settings) = HexSettings::new(size as usize, false) else {
        eprintln!("no Hex board of side {size}");
        return ExitCode::from(2);
    };
    let (a, b) = match (parse_side(a, playouts), parse_side(b, playouts)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}\n{usage}");
            return ExitCode::from(2);
        }
    };
    let think = number(6).map(Duration::from_millis);
    let threads = if think.is_some() { 1 } else { 2 };
    let results = in_threads(pairs as usize, threads, |p| {
        let p = p as u64;
        let mut won = [0u32; 2];
        for a_first in [true, false] {
            let (a_won, a_time, b_time) = play(settings, seed ^ (p << 20), a, b, a_first, think);
            won[usize::from(!a_first)] += u32::from(a_won);
            eprintln!(
                "pair {p}, A {}: {} (A {:.0} ms a move, B {:.0})",
                if a_first { "first" } else { "second" },
                if a_won { "won" } else { "lost" },
                a_time,
                b_time
            );
        }
        won
    });
    let first: u32 = results.iter().map(|w| w[0]).sum();
    let second: u32 = results.iter().map(|w| w[1]).sum();
    let played = 2 * pairs as u32;
    let rate = f64::from(first + second) / f64::from(played.max(1));
    let spread = 2.0 * (rate * (1.0 - rate) / f64::from(played.max(1))).sqrt();
    println!(
        "A ({}) won {} of {played} ({:.1}% ± {:.1}) against B ({}): {first} of {pairs} first, \
         {second} of {pairs} second; {size}x{size}, {}",
        args[4],
        first + second,
        100.0 * rate,
        100.0 * spread,
        args[5],
        match think {
            Some(ms) => format!("{} ms a move", ms.as_millis()),
            None => format!("{playouts} playouts a move"),
        }
    );
    ExitCode::SUCCESS
}

/// One game from the pair's seeded opening: whether A won, and each
/// side's average time a move in milliseconds.
fn play(
    settings: HexSettings,
    seed: u64,
    a: Side,
    b: Side,
    a_first: bool,
    think: Option<Duration>,
) -> (bool, f64, f64) {
    let mut rng = Rng::new(seed);
    let mut game = Hex::new(settings);
    for _ in 0..OPENING {
        if let Some(mv) = game.random_move(&mut rng) {
            game.play_unchecked(mv);
        }
    }
    let a_player = if a_first {
        game.to_move()
    } else {
        game.to_move().other()
    };
    let stop = AtomicBool::new(false);
    let mut times = [(Duration::ZERO, 0u32); 2];
    while !game.is_over() {
        let is_a = game.to_move() == a_player;
        let side = if is_a { a } else { b };
        let start = Instant::now();
        let Some(mv) = choose(&game, side, think, rng.next_u64(), &stop) else {
            break;
        };
        let t = &mut times[usize::from(!is_a)];
        t.0 += start.elapsed();
        t.1 += 1;
        game.play_unchecked(mv);
    }
    let ms = |(time, moves): (Duration, u32)| time.as_secs_f64() * 1e3 / f64::from(moves.max(1));
    (
        game.outcome() == Some(Outcome::Win(a_player)),
        ms(times[0]),
        ms(times[1]),
    )
}

fn choose(
    game: &Hex,
    side: Side,
    think: Option<Duration>,
    seed: u64,
    stop: &AtomicBool,
) -> Option<HexMove> {
    let budget = match think {
        Some(time) => Budget::Time(time),
        None => Budget::Nodes(side.playouts),
    };
    let deadline = Deadline::new(budget, stop);
    match side.engine {
        Engine::Old(knobs) => mcts::choose(game, deadline, seed, knobs),
        Engine::New(mut settings) => {
            if think.is_none() {
                settings.threads = 1;
            }
            uct::choose(game, deadline, seed, settings)
        }
    }
}
