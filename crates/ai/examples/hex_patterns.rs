//! Learns the gammas of Hex's local patterns (`crates/ai/assets/hex_patterns.bin`,
//! read by `src/ai/hex/patterns.rs`) from seeded self-play.
//!
//! ```sh
//! cargo run --release --example hex_patterns -- GAMES SIZE PLAYOUTS SEED OUT [THREADS [GAMMAS]]
//! ```
//!
//! Plays GAMES games on a SIZE board, each opened by two random stones,
//! then every move chosen by the tree search after PLAYOUTS playouts:
//! level 4's (no patterns), or with GAMMAS (a gammas file, to learn again
//! from stronger play) level 5's priors. It records each choice: the pattern of every empty
//! cell for the mover, and which one was played. Then fits one gamma per
//! pattern by minorization-maximization (the Bradley-Terry model, as
//! Coulom fitted Go's patterns, with one virtual win and one virtual loss
//! against a gamma of 1 for each pattern), holding out one game in ten to
//! report how often the highest gamma is the move played, and writes the
//! gammas of every game to OUT. The same arguments give the same file,
//! whatever THREADS.

#[path = "shared/gammas_file.rs"]
mod gammas_file;
#[path = "shared/in_threads.rs"]
mod in_threads;

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gammas_file::read_gammas;
use in_threads::in_threads;
use tabletop_ai::hex::board::Board;
use tabletop_ai::hex::mcts::{Knobs, choose};
use tabletop_ai::hex::patterns::{Gammas, LOG_UNIT, Neighbourhoods};
use tabletop_ai::{Budget, Deadline};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Game, Rng};

/// Random stones that open each game.
const OPENING: usize = 2;
const FIT_ROUNDS: usize = 40;

/// One move of a game: the pattern codes of the empty cells, and which
/// of them was played.
struct Choice {
    codes: Vec<u32>,
    played: usize,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize| args.get(k).and_then(|a| a.parse::<u64>().ok());
    let (Some(games), Some(size), Some(playouts), Some(seed), Some(out)) =
        (number(0), number(1), number(2), number(3), args.get(4))
    else {
        eprintln!("usage: hex_patterns GAMES SIZE PLAYOUTS SEED OUT [THREADS [GAMMAS]]");
        return ExitCode::from(2);
    };
    let threads = number(5).unwrap_or(1).max(1);
    let Ok(settings) = HexSettings::new(size as usize, false) else {
        eprintln!("no Hex board of side {size}");
        return ExitCode::from(2);
    };
    let learned = match args.get(6).map(|path| read_gammas(path)).transpose() {
        Ok(gammas) => gammas,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let knobs = match &learned {
        Some(gammas) => Knobs {
            gammas: Some(gammas),
            ..Knobs::patterned()
        },
        None => Knobs::PLAIN,
    };
    let start = Instant::now();
    let records: Vec<(u64, Vec<Choice>)> = in_threads(games as usize, threads as usize, |g| {
        let g = g as u64;
        (g, self_play(settings, playouts, seed ^ (g << 20), knobs))
    });
    let choices: usize = records.iter().map(|(_, game)| game.len()).sum();
    eprintln!(
        "{games} games, {choices} moves in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    let training: Vec<&Choice> = records
        .iter()
        .filter(|(g, _)| g % 10 != 9)
        .flat_map(|(_, game)| game)
        .collect();
    let held_out: Vec<&Choice> = records
        .iter()
        .filter(|(g, _)| g % 10 == 9)
        .flat_map(|(_, game)| game)
        .collect();
    let fitted = fit(&training);
    eprintln!(
        "held out: the highest gamma is the move played {:.1}% of {} moves (uniform: {:.1}%)",
        100.0 * top_rate(&fitted, &held_out),
        held_out.len(),
        100.0 * uniform_rate(&held_out)
    );
    let all: Vec<&Choice> = records.iter().flat_map(|(_, game)| game).collect();
    let gammas = fit(&all);
    eprintln!(
        "all games: {} patterns with a gamma, {:.1}% top choice on its own moves",
        gammas.len(),
        100.0 * top_rate(&gammas, &all)
    );
    if let Err(e) = std::fs::write(out, gammas.to_bytes()) {
        eprintln!("cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// One self-play game from a seeded random opening.
fn self_play(settings: HexSettings, playouts: u64, seed: u64, knobs: Knobs) -> Vec<Choice> {
    let mut rng = Rng::new(seed);
    let mut game = Hex::new(settings);
    for _ in 0..OPENING {
        if let Some(mv) = game.random_move(&mut rng) {
            game.play_unchecked(mv);
        }
    }
    let stop = AtomicBool::new(false);
    let mut choices = Vec::new();
    while !game.is_over() {
        let seed = rng.next_u64();
        let deadline = Deadline::new(Budget::Nodes(playouts), &stop);
        let Some(mv) = choose(&game, deadline, seed, knobs) else {
            break;
        };
        if let HexMove::Place(cell) = mv {
            let board = Board::from_hex(&game);
            let around = Neighbourhoods::new(&board);
            let mover = game.to_move().index() as u8 + 1;
            let empties = board.empties();
            let target = board.index(cell) as u16;
            if let Some(played) = empties.iter().position(|&i| i == target) {
                let codes = empties
                    .iter()
                    .map(|&i| around.code(&board.cells, i as usize, mover))
                    .collect();
                choices.push(Choice { codes, played });
            }
        }
        game.play_unchecked(mv);
    }
    choices
}

/// Bradley-Terry gammas by minorization-maximization: each round sets
/// every gamma to its wins over the sum, across the moves where it was on
/// offer, of 1 over that move's total gamma (one virtual win and loss
/// against a gamma of 1 keep rare patterns near 1).
fn fit(choices: &[&Choice]) -> Gammas {
    let mut ids: HashMap<u32, usize> = HashMap::new();
    let dense: Vec<(Vec<usize>, usize)> = choices
        .iter()
        .map(|choice| {
            let cells = choice
                .codes
                .iter()
                .map(|&code| {
                    let next = ids.len();
                    *ids.entry(code).or_insert(next)
                })
                .collect();
            (cells, choice.played)
        })
        .collect();
    let mut wins = vec![0f64; ids.len()];
    for (cells, played) in &dense {
        wins[cells[*played]] += 1.0;
    }
    let mut gamma = vec![1f64; ids.len()];
    for _ in 0..FIT_ROUNDS {
        let mut offered = vec![0f64; ids.len()];
        for (cells, _) in &dense {
            let total: f64 = cells.iter().map(|&c| gamma[c]).sum();
            for &c in cells {
                offered[c] += 1.0 / total;
            }
        }
        for (i, g) in gamma.iter_mut().enumerate() {
            *g = (wins[i] + 1.0) / (offered[i] + 2.0 / (*g + 1.0));
        }
    }
    // Only gammas that the file's rounding does not turn into 1.
    let table = ids
        .into_iter()
        .map(|(code, i)| (code, gamma[i] as f32))
        .filter(|&(_, g)| (g.ln() * LOG_UNIT).round() != 0.0)
        .collect();
    Gammas::new(table)
}

/// How often the cell of the highest gamma (the first, on ties) was played.
fn top_rate(gammas: &Gammas, choices: &[&Choice]) -> f64 {
    let hits = choices
        .iter()
        .filter(|choice| {
            let best = (0..choice.codes.len())
                .max_by(|&a, &b| {
                    let (ga, gb) = (gammas.gamma(choice.codes[a]), gammas.gamma(choice.codes[b]));
                    ga.total_cmp(&gb).then(b.cmp(&a))
                })
                .unwrap_or(0);
            best == choice.played
        })
        .count();
    hits as f64 / choices.len().max(1) as f64
}

/// The same rate for a guess at random among the empty cells.
fn uniform_rate(choices: &[&Choice]) -> f64 {
    let sum: f64 = choices.iter().map(|c| 1.0 / c.codes.len() as f64).sum();
    sum / choices.len().max(1) as f64
}
