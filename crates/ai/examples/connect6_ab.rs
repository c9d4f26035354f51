//! Connect6 level 5 against level 5 with other knobs, both searches cut
//! at the same number of positions a stone (not a time), so the result
//! does not depend on the machine's load: each seeded opening (three
//! random stones near the centre) is played twice, colours swapped.
//! Prints each game, then the wins by colour and each side's time a
//! stone (the same process, so the times compare).
//!
//! cargo run --release --example connect6_ab -- [GAMES] [NODES] [SEED] [A] [B]
//!
//! Side A is level 5 (`Knobs::LEVEL_5`) and side B `Knobs::ONE_REPLY`
//! (main's level 5 before the alpha-beta over turns) unless A or B is
//! given as `TURNS,CHAIN_TURNS` (the fields of `Knobs`).

use std::process::ExitCode;
use std::time::{Duration, Instant};

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

/// Plays `game` out, `first` with the first player's knobs; returns the
/// outcome and the stones it took.
fn play_out(
    mut game: Connect6,
    sides: [(Knobs, &mut Tally); 2],
    nodes: u64,
    seed: u64,
) -> (Option<Outcome>, usize) {
    let mut sides = sides;
    let start = game.plies();
    while !game.is_over() {
        let (knobs, tally) = &mut sides[game.to_move().index()];
        let clock = Instant::now();
        let stone = choose_in_nodes_with(&game, nodes, seed, *knobs).expect("not over");
        tally.time += clock.elapsed();
        tally.stones += 1;
        game.play(stone).expect("a legal stone");
    }
    (game.outcome(), game.plies() - start)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| match args.get(at) {
        None => Some(default),
        Some(text) => text.parse().ok(),
    };
    let knobs = |at: usize, default: Knobs| match args.get(at) {
        None => Some(default),
        Some(text) => {
            let (turns, chain) = text.split_once(',')?;
            Some(Knobs {
                turns: turns.parse().ok()?,
                chain_turns: chain.parse().ok()?,
            })
        }
    };
    let (Some(games), Some(nodes), Some(seed), Some(a), Some(b)) = (
        number(0, 100),
        number(1, 20_000),
        number(2, 1),
        knobs(3, Knobs::LEVEL_5),
        knobs(4, Knobs::ONE_REPLY),
    ) else {
        eprintln!(
            "usage: connect6_ab [GAMES] [NODES] [SEED] [TURNS,CHAIN_TURNS] [TURNS,CHAIN_TURNS]"
        );
        return ExitCode::FAILURE;
    };
    println!("A {a:?} against B {b:?}, {nodes} positions a stone, seed {seed}");
    let (mut tally_a, mut tally_b) = (Tally::default(), Tally::default());
    let mut rng = Rng::new(seed);
    let mut start = opening(&mut rng);
    for game in 0..games {
        if game % 2 == 0 && game > 0 {
            start = opening(&mut rng);
        }
        let a_first = game % 2 == 0;
        let (outcome, stones) = if a_first {
            play_out(
                start.clone(),
                [(a, &mut tally_a), (b, &mut tally_b)],
                nodes,
                seed + game,
            )
        } else {
            play_out(
                start.clone(),
                [(b, &mut tally_b), (a, &mut tally_a)],
                nodes,
                seed + game,
            )
        };
        let winner = match outcome {
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
        println!(
            "game {:3}: A plays {}, {} after {stones} stones",
            game + 1,
            if a_first { "B" } else { "W" },
            if winner == "draw" {
                "a draw".to_string()
            } else {
                format!("{winner} wins")
            }
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
