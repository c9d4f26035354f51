//! Connect6 level 5 against level 5 with other knobs, both searches cut
//! at the same number of positions a stone (not a time), so the result
//! does not depend on the machine's load: each seeded opening (three
//! random stones near the centre) is played twice, colours swapped.
//! Prints each game, then the wins by colour and each side's time a
//! stone (the same process, so the times compare).
//!
//! cargo run --release --example connect6_ab -- [GAMES] [NODES] [SEED] [A] [B] [THREADS]
//!
//! Side A is level 5 (`Knobs::LEVEL_5`) and side B `Knobs::BASELINE`
//! (level 5 before issue 33) unless A or B is given as `Knobs::parse`
//! reads it (`baseline,eval=fitted,cut=3`, ...). Games are shared out
//! among THREADS threads (default 1).

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use in_threads::in_threads;
use tabletop_ai::connect6::{Knobs, choose_in_nodes_with};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Outcome, Player, Rng};

/// Random stones each opening has, within three of the centre.
const OPENING: usize = 3;

/// One side's results.
#[derive(Default)]
struct Tally {
    wins_as_first: u32,
    wins_as_second: u32,
    draws: u32,
    stones: u32,
    time: Duration,
}

/// One game: its outcome, its stones, and each side's stones and time
/// (A's first).
struct Played {
    outcome: Option<Outcome>,
    stones: usize,
    spent: [(u32, Duration); 2],
}

fn opening(rng: &mut Rng) -> Connect6 {
    let mut game = Connect6::default();
    let centre = game.side() / 2;
    while game.plies() < OPENING {
        let cell = Cell::new(centre + rng.below(7) - 3, centre + rng.below(7) - 3);
        if let Some(cell) = cell.filter(|&cell| game.piece_at(cell).is_none()) {
            game.play(Stone(cell)).expect("an empty cell");
        }
    }
    game
}

/// Plays `game` out, the first player with `knobs[0]`; the outcome, the
/// stones it took, and each side's stones and time.
fn play_out(mut game: Connect6, knobs: [Knobs; 2], nodes: u64, seed: u64) -> Played {
    let start = game.plies();
    let mut spent = [(0, Duration::ZERO); 2];
    while !game.is_over() {
        let side = game.to_move().index();
        let clock = Instant::now();
        let stone = choose_in_nodes_with(&game, nodes, seed, knobs[side]).expect("not over");
        spent[side].0 += 1;
        spent[side].1 += clock.elapsed();
        game.play(stone).expect("a legal stone");
    }
    Played {
        outcome: game.outcome(),
        stones: game.plies() - start,
        spent,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let knobs = |at: usize, default: Knobs| match args.get(at) {
        None => Some(default),
        Some(text) => Knobs::parse(text).map_err(|e| eprintln!("{e}")).ok(),
    };
    let (Some(games), Some(nodes), Some(seed), Some(a), Some(b), Some(threads)) = (
        number(0, 100),
        number(1, 20_000),
        number(2, 1),
        knobs(3, Knobs::LEVEL_5),
        knobs(4, Knobs::BASELINE),
        number(5, 1),
    ) else {
        eprintln!("usage: connect6_ab [GAMES] [NODES] [SEED] [KNOBS] [KNOBS] [THREADS]");
        return ExitCode::FAILURE;
    };
    println!("A {a:?} against B {b:?}, {nodes} positions a stone, seed {seed}");
    // Each opening (one a pair of games) from its own seed, so the games
    // do not depend on how they are shared out.
    let played = in_threads(games as usize, threads as usize, |game| {
        let mut rng = Rng::new(seed ^ (game as u64 / 2).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let start = opening(&mut rng);
        let a_first = game % 2 == 0;
        let sides = if a_first { [a, b] } else { [b, a] };
        let mut played = play_out(start, sides, nodes, seed + game as u64);
        if !a_first {
            played.spent.swap(0, 1);
        }
        played
    });
    let (mut tally_a, mut tally_b) = (Tally::default(), Tally::default());
    for (game, played) in played.iter().enumerate() {
        let a_first = game % 2 == 0;
        let winner = match played.outcome {
            Some(Outcome::Win(Player::First)) if a_first => "A (B)",
            Some(Outcome::Win(Player::Second)) if !a_first => "A (W)",
            Some(Outcome::Win(Player::First)) => "B (B)",
            Some(Outcome::Win(Player::Second)) => "B (W)",
            _ => "draw",
        };
        match winner {
            "A (B)" => tally_a.wins_as_first += 1,
            "A (W)" => tally_a.wins_as_second += 1,
            "B (B)" => tally_b.wins_as_first += 1,
            "B (W)" => tally_b.wins_as_second += 1,
            _ => {
                tally_a.draws += 1;
                tally_b.draws += 1;
            }
        }
        for (tally, (stones, time)) in [&mut tally_a, &mut tally_b].into_iter().zip(played.spent) {
            tally.stones += stones;
            tally.time += time;
        }
        println!(
            "game {:3}: A plays {}, {} after {} stones",
            game + 1,
            if a_first { "B" } else { "W" },
            if winner == "draw" {
                "a draw".to_string()
            } else {
                format!("{winner} wins")
            },
            played.stones
        );
    }
    for (name, tally) in [("A", &tally_a), ("B", &tally_b)] {
        let wins = tally.wins_as_first + tally.wins_as_second;
        println!(
            "{name}: {wins} wins ({} as B, {} as W), {} draws, {:.1} ms a stone",
            tally.wins_as_first,
            tally.wins_as_second,
            tally.draws,
            tally.time.as_secs_f64() * 1000.0 / f64::from(tally.stones.max(1)),
        );
    }
    ExitCode::SUCCESS
}
