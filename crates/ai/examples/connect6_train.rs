//! Fits Connect6 level 5's evaluation (`crates/ai/assets/connect6_weights.txt`) to
//! the results of seeded self-play games.
//!
//! ```sh
//! cargo run --release --example connect6_train -- generate GAMES SEED NODES DATA [THREADS]
//! cargo run --release --example connect6_train -- fit DATA... OUT
//! ```
//!
//! `generate` plays GAMES games of level 5 against itself, its search cut
//! at NODES positions a stone, from varied openings (one to six random
//! stones near the centre, now and then one far from it), and writes each
//! game to DATA as a line: its result (`B`, `W` or `D`) and its stones in
//! order. The same GAMES, SEED and NODES give the same file, whatever
//! THREADS.
//!
//! `fit` replays the games, and at every whole turn's end (the other side
//! to play two stones) takes the features of the position for the side
//! that has just played; it fits their weights by logistic regression on
//! the game's result (draws count half), holding out one game in ten to
//! report the fit, and writes the weights to OUT.

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use in_threads::in_threads;
use tabletop_ai::connect6::{Knobs, choose_in_nodes_with, features, fitted};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Outcome, Player, Rng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let done = match (arg(0), arg(1), arg(2), arg(3), arg(4)) {
        (Some("generate"), Some(games), Some(seed), Some(nodes), Some(data)) => {
            let threads = arg(5).map_or(Some(2), |t| t.parse().ok());
            match (games.parse(), seed.parse(), nodes.parse(), threads) {
                (Ok(games), Ok(seed), Ok(nodes), Some(threads)) => {
                    generate(games, seed, nodes, data, threads)
                }
                _ => Err("GAMES, SEED, NODES and THREADS are numbers".into()),
            }
        }
        (Some("fit"), Some(_), Some(_), _, _) => {
            let (out, data) = args[1..].split_last().unwrap_or_else(|| unreachable!());
            fit(data, out)
        }
        _ => Err(
            "usage: connect6_train generate GAMES SEED NODES DATA [THREADS] | fit DATA... OUT"
                .into(),
        ),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("connect6_train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(games: usize, seed: u64, nodes: u64, data: &str, threads: usize) -> Result<(), String> {
    let start = Instant::now();
    // Each game is kept as it ends, so a long run can be fitted on before
    // it is over; the whole file then in game order.
    let part = format!("{data}.part");
    let kept =
        std::sync::Mutex::new(std::fs::File::create(&part).map_err(|e| format!("{part}: {e}"))?);
    let played: Vec<String> = in_threads(games, threads, |g| {
        let line = play_game(seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15), nodes);
        if let Ok(mut file) = kept.lock() {
            let _ = writeln!(file, "{line}");
        }
        eprintln!("game {g}: {:.0} s", start.elapsed().as_secs_f64());
        line
    });
    let text: String = played.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(data, text).map_err(|e| format!("{data}: {e}"))?;
    println!("{games} games, {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// One game of level 5 against itself from a varied opening, as a line of
/// the data file.
fn play_game(seed: u64, nodes: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut game = Connect6::default();
    let n = game.side();
    let centre = n / 2;
    let random = 1 + rng.below(6);
    let far = rng.below(5) == 0;
    let mut stones: Vec<String> = Vec::new();
    while !game.is_over() {
        let stone = if game.plies() < random {
            let (spread, around) = if far && game.plies() == random - 1 {
                (n, 0)
            } else {
                (7, centre - 3)
            };
            let cell = Cell::new(around + rng.below(spread), around + rng.below(spread));
            match cell.filter(|&cell| game.piece_at(cell).is_none()) {
                Some(cell) => Stone(cell),
                None => continue,
            }
        } else {
            choose_in_nodes_with(&game, nodes, rng.next_u64(), Knobs::LEVEL_5).expect("not over")
        };
        stones.push(stone.to_string());
        game.play(stone).expect("legal");
    }
    let result = match game.outcome() {
        Some(Outcome::Win(Player::First)) => "B",
        Some(Outcome::Win(Player::Second)) => "W",
        _ => "D",
    };
    format!("{result} {}", stones.join(" "))
}

/// A position's features (counts by feature number) and the result for
/// the side that has just played (1 a win, 0 a loss, 0.5 a draw).
struct Sample {
    x: Vec<f64>,
    y: f64,
}

/// The positions of one game line of a data file, at every whole turn's
/// end, leaving out those the search settles (the side to play wins at
/// once).
fn samples(line: &str) -> Result<Vec<Sample>, String> {
    let mut words = line.split_whitespace();
    let winner = match words.next() {
        Some("B") => Some(Player::First),
        Some("W") => Some(Player::Second),
        Some("D") => None,
        other => return Err(format!("a game's result is B, W or D, not {other:?}")),
    };
    let mut game = Connect6::default();
    let mut out = Vec::new();
    for word in words {
        let stone: Stone = word.parse().map_err(|e| format!("{word}: {e}"))?;
        game.play(stone).map_err(|e| format!("{word}: {e}"))?;
        if game.is_over() || game.stone_of_turn() != (1, 2) {
            continue;
        }
        let Some(features) = features::features(&game) else {
            return Err("rows are not of six".into());
        };
        let of = fitted::fitted_masks().len();
        // The side to play fills a window it holds four of, or cannot
        // block: settled.
        if features.level > 2
            || features
                .windows
                .iter()
                .any(|&f| f >= of && stones_of(f - of) >= 4)
        {
            continue;
        }
        // Each mask's own feature, and its count of stones' (every
        // mask's weight is the sum of both).
        let mut x = vec![0.0; WIDTH];
        if features.level > 0 {
            x[WIDTH - 3 + features.level] = 1.0;
        }
        for f in features.windows {
            let side = usize::from(f >= of);
            x[f] += 1.0;
            x[2 * of + side * COUNTS + stones_of(f - side * of) as usize - 1] += 1.0;
        }
        let just_played = game.to_move().other();
        let y = match winner {
            Some(w) if w == just_played => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        out.push(Sample { x, y });
    }
    Ok(out)
}

/// Stones in the mask of feature number `f` (below the masks' count).
fn stones_of(f: usize) -> u32 {
    fitted::fitted_masks()[f].count_ones()
}

/// The chance of a win the weights `w` give features `x`.
fn chance(w: &[f64], x: &[f64]) -> f64 {
    let z: f64 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// The mean log-loss and the share of decided games called right.
fn judge(w: &[f64], samples: &[Sample]) -> (f64, f64) {
    let (mut loss, mut right, mut decided) = (0.0, 0.0, 0.0f64);
    for s in samples {
        let p = chance(w, &s.x).clamp(1e-9, 1.0 - 1e-9);
        loss -= s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln();
        if s.y != 0.5 {
            decided += 1.0;
            if (p > 0.5) == (s.y > 0.5) {
                right += 1.0;
            }
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, right / decided.max(1.0))
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let p = a[col][col];
        if p.abs() < 1e-12 {
            continue;
        }
        let (above, below) = a.split_at_mut(col + 1);
        let pivot_row = &above[col];
        for (offset, row) in below.iter_mut().enumerate() {
            let f = row[col] / p;
            if f != 0.0 {
                for (cell, &by) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= f * by;
                }
                b[col + 1 + offset] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for col in (0..n).rev() {
        let rest: f64 = (col + 1..n).map(|k| a[col][k] * x[k]).sum();
        x[col] = if a[col][col].abs() < 1e-12 {
            0.0
        } else {
            (b[col] - rest) / a[col][col]
        };
    }
    x
}

/// The features: one a mask and side (2 × 34), then one a count of
/// stones (1 to 5) and side.
const COUNTS: usize = 5;
const WIDTH: usize = 2 * 34 + 2 * COUNTS + 2;
/// L2 penalties on the weights of masks (which only correct those of
/// counts) and of counts, as a number of positions' worth.
const MASK_PENALTY: f64 = 30.0;
/// The weight, in log-odds, of a window the side to play wins with.
const LOST: f64 = 20.0;
const COUNT_PENALTY: f64 = 1.0;
/// Newton steps of the fit.
const STEPS: usize = 12;

fn fit(data: &[String], out: &str) -> Result<(), String> {
    let start = Instant::now();
    let width = WIDTH;
    let of = fitted::fitted_masks().len();
    // The last two: the threats' levels, fitted as the counts are.
    let penalty = |i: usize| {
        if i < 2 * of {
            MASK_PENALTY
        } else {
            COUNT_PENALTY
        }
    };
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0;
    for file in data {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let samples = samples(line)?;
            if games % 10 == 9 {
                held.extend(samples);
            } else {
                train.extend(samples);
            }
            games += 1;
        }
    }
    println!(
        "{games} games: {} positions to fit, {} held out",
        train.len(),
        held.len()
    );
    let mut w = vec![0.0; width];
    for step in 0..STEPS {
        let mut gradient: Vec<f64> = w
            .iter()
            .enumerate()
            .map(|(i, &wi)| penalty(i) * wi)
            .collect();
        let mut hessian = vec![vec![0.0; width]; width];
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] = penalty(i);
        }
        for s in &train {
            let p = chance(&w, &s.x);
            let weight = p * (1.0 - p);
            let nonzero: Vec<usize> = (0..width).filter(|&i| s.x[i] != 0.0).collect();
            for &i in &nonzero {
                gradient[i] += (p - s.y) * s.x[i];
                for &j in &nonzero {
                    hessian[i][j] += weight * s.x[i] * s.x[j];
                }
            }
        }
        let delta = solve(hessian, gradient);
        for (wi, d) in w.iter_mut().zip(&delta) {
            *wi -= d;
        }
        let (loss, right) = judge(&w, &train);
        let (held_loss, held_right) = judge(&w, &held);
        println!(
            "step {step}: fitted log-loss {loss:.4} ({:.1}% right), held out {held_loss:.4} ({:.1}% right)",
            right * 100.0,
            held_right * 100.0
        );
    }
    let unit = |v: f64| (v * fitted::UNIT).round() as i64;
    let pairs: Vec<(usize, i64, i64)> = fitted::fitted_masks()
        .into_iter()
        .enumerate()
        .map(|(k, mask)| {
            let count = 2 * of + mask.count_ones() as usize - 1;
            let mine = w[k] + w[count];
            // Positions where the side to play holds four are left out
            // (it wins): such a window is worth a lost game.
            let theirs = if mask.count_ones() >= 4 {
                -LOST
            } else {
                w[k + of] + w[count + COUNTS]
            };
            (mask, unit(mine), unit(theirs))
        })
        .collect();
    let levels = [0, unit(w[WIDTH - 2]), unit(w[WIDTH - 1])];
    let weights = fitted::Weights::new(&pairs, levels);
    let (held_loss, held_right) = judge(&w, &held);
    let comment = format!(
        "Connect6 level 5's fitted evaluation (crates/ai/src/connect6/fitted.rs), in 1/{} of log-odds.\n\
         Written by `cargo run --release --example connect6_train -- fit {} {out}`:\n\
         {games} games, {} positions fitted; held out (one game in ten): log-loss {held_loss:.4}, {:.1}% of decided games called right.",
        fitted::UNIT,
        data.join(" "),
        train.len(),
        held_right * 100.0
    );
    std::fs::write(out, weights.to_text(&comment)).map_err(|e| format!("{out}: {e}"))?;
    println!("written {out} ({:.1} s)", start.elapsed().as_secs_f64());
    Ok(())
}
