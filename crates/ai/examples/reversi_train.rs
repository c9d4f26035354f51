//! Fits Reversi's pattern weights (`crates/ai/assets/reversi_weights.bin`) to
//! positions of seeded self-play games scored by the exact solver.
//!
//! ```sh
//! cargo run --release --example reversi_train -- generate GAMES SEED DATA [THREADS]
//! cargo run --release --example reversi_train -- fit DATA OUT [EPOCHS]
//! ```
//!
//! `generate` plays GAMES games (a random number of random opening moves,
//! then a two-ply search on the built evaluation with a little noise) down
//! to [`LABEL_EMPTIES`] empty cells, solves that position exactly and
//! follows a line of best play to the end. Every position of the game is
//! written to DATA (the mover's and the opponent's discs, 8 bytes each,
//! then the final disc difference for the mover, one byte): positions on
//! the best line with their exact value, earlier ones with the value of the
//! position where the game was solved. The same GAMES and SEED give the
//! same file, whatever THREADS.
//!
//! `fit` fits each stage's weights by least squares (gradient steps scaled
//! by how often each weight occurs) on the stage's positions and those a
//! few empty cells either side, holding out one game in ten to report the
//! error, and writes the weights file OUT.

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use in_threads::in_threads;
use tabletop_ai::reversi::endgame::{best_line, empties};
use tabletop_ai::reversi::patterns::{Layout, PLACES, WEIGHTS, indices};
use tabletop_ai::reversi::weights::{
    SCALARS, STAGE_EMPTIES, STAGES, UNIT, Weights, scalars, stage,
};
use tabletop_ai::{Deadline, Searchable};
use tabletop_engine::reversi::{Reversi, ReversiMove, legal_moves};
use tabletop_engine::{Game, Player, Rng};

/// Games are solved exactly from this many empty cells.
const LABEL_EMPTIES: u32 = 16;
/// At most this many random moves open a game.
const RANDOM_OPENING: usize = 14;
/// The search's noise, in evaluation points either way.
const NOISE: i32 = 12;
/// A stage is fitted on positions up to this many empty cells beyond it.
const OVERLAP: u32 = 3;
/// Bytes of one position in the data file.
const RECORD: usize = 17;
/// The share of a game's end in the targets of unsolved positions.
const OUTCOME_SHARE: f32 = 0.2;
/// The first epoch's step, per feature of a position.
const LEARNING_RATE: f32 = 0.004;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let number = |i: usize, default: u64| arg(i).map_or(Some(default), |s| s.parse().ok());
    let done = match (arg(0), arg(1), arg(2), arg(3)) {
        (Some("generate"), Some(games), Some(seed), Some(data)) => {
            match (games.parse(), seed.parse(), number(4, 2)) {
                (Ok(games), Ok(seed), Some(threads)) => {
                    generate(games, seed, data, threads as usize)
                }
                _ => Err("GAMES, SEED and THREADS are numbers".into()),
            }
        }
        (Some("fit"), Some(data), Some(out), _) => match number(3, 16) {
            Some(epochs) => fit(data, out, epochs as usize),
            None => Err("EPOCHS is a number".into()),
        },
        _ => Err(
            "usage: reversi_train generate GAMES SEED DATA [THREADS] | fit DATA OUT [EPOCHS]"
                .into(),
        ),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi_train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(games: usize, seed: u64, data: &str, threads: usize) -> Result<(), String> {
    let start = Instant::now();
    let played: Vec<Vec<u8>> = in_threads(games, threads, |g| {
        play_game(seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    });
    let bytes: Vec<u8> = played.concat();
    std::fs::write(data, &bytes).map_err(|e| format!("{data}: {e}"))?;
    println!(
        "{games} games, {} positions, {:.1} s",
        bytes.len() / RECORD,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One game's positions as data records, each starting with a game
/// number marker-free record list (games are told apart by their order).
fn play_game(seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let random = rng.below(RANDOM_OPENING + 1);
    let mut pos = Reversi::default();
    let mut before: Vec<(u64, u64, Player)> = Vec::new();
    let mut moves = Vec::new();
    while !pos.is_over() && empties(&pos) > LABEL_EMPTIES {
        pos.legal_moves(&mut moves);
        if !matches!(moves[..], [ReversiMove::Pass]) {
            before.push((sides(&pos).0, sides(&pos).1, pos.to_move()));
        }
        let mv = if pos.plies() < random {
            moves[rng.below(moves.len())]
        } else {
            searched(&pos, &mut rng)
        };
        pos.play_unchecked(mv);
    }
    let never = AtomicBool::new(false);
    let (value, line) = if pos.is_over() {
        (final_difference(&pos), Vec::new())
    } else {
        best_line(&pos, 64, Deadline::unlimited(&never))
            .unwrap_or_else(|| unreachable!("no deadline"))
    };
    let solved_mover = pos.to_move();
    let for_mover = |p: Player| if p == solved_mover { value } else { -value };
    let mut out = Vec::new();
    let mut record = |mine: u64, theirs: u64, value: i32| {
        out.extend_from_slice(&mine.to_le_bytes());
        out.extend_from_slice(&theirs.to_le_bytes());
        out.push(value as i8 as u8);
    };
    for &(mine, theirs, mover) in &before {
        record(mine, theirs, for_mover(mover));
    }
    for mv in line {
        if mv != ReversiMove::Pass {
            let (mine, theirs) = sides(&pos);
            record(mine, theirs, for_mover(pos.to_move()));
        }
        pos.play_unchecked(mv);
    }
    out
}

fn sides(pos: &Reversi) -> (u64, u64) {
    let me = pos.to_move();
    (pos.disc_bits(me), pos.disc_bits(me.other()))
}

/// The mover's discs minus the opponent's, at the end of a game.
fn final_difference(pos: &Reversi) -> i32 {
    let (mine, theirs) = sides(pos);
    mine.count_ones() as i32 - theirs.count_ones() as i32
}

/// The move a two-ply search on the evaluation prefers, with noise.
fn searched(pos: &Reversi, rng: &mut Rng) -> ReversiMove {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = (i32::MIN, moves[0]);
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let score = -reply_value(&child) + rng.below(2 * NOISE as usize + 1) as i32 - NOISE;
        if score > best.0 {
            best = (score, mv);
        }
    }
    best.1
}

/// The best the mover of `pos` can do in one move, by the evaluation.
fn reply_value(pos: &Reversi) -> i32 {
    if pos.is_over() {
        return 1000 * final_difference(pos).signum();
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if child.is_over() {
                -1000 * final_difference(&child).signum()
            } else {
                -child.evaluate()
            }
        })
        .max()
        .unwrap_or(0)
}

/// One position's features.
struct Sample {
    places: [u32; PLACES],
    scalars: [i32; SCALARS],
    target: f32,
    held_out: bool,
}

impl Sample {
    fn new(mine: u64, theirs: u64, target: f32, held_out: bool) -> Sample {
        let canonical = &Layout::get().canonical;
        let mut places = [0u32; PLACES];
        indices(mine, theirs, &mut places);
        for p in &mut places {
            *p = canonical[*p as usize];
        }
        let empties = (!(mine | theirs)).count_ones();
        let scalars = scalars(
            legal_moves(mine, theirs, !0),
            legal_moves(theirs, mine, !0),
            empties,
        );
        Sample {
            places,
            scalars,
            target,
            held_out,
        }
    }
}

/// A position of the data: its discs, the game's value for its mover,
/// and the position [`STAGE_EMPTIES`] empty cells later in its game (its
/// index and whether the same player is to move there).
struct Record {
    mine: u64,
    theirs: u64,
    value: i32,
    later: Option<(usize, bool)>,
    held_out: bool,
}

fn empties_of(mine: u64, theirs: u64) -> u32 {
    (!(mine | theirs)).count_ones()
}

fn read_records(bytes: &[u8]) -> Vec<Record> {
    let mut records: Vec<Record> = bytes
        .chunks_exact(RECORD)
        .map(|r| {
            let word = |k: usize| u64::from_le_bytes(r[k..k + 8].try_into().unwrap_or_default());
            Record {
                mine: word(0),
                theirs: word(8),
                value: i32::from(r[16] as i8),
                later: None,
                held_out: false,
            }
        })
        .collect();
    // A game's positions come in order, each with more discs than the last.
    let counts: Vec<u32> = records
        .iter()
        .map(|r| empties_of(r.mine, r.theirs))
        .collect();
    let empties = |k: usize| counts[k];
    let mut i = 0;
    let mut game = 0;
    while i < records.len() {
        let mut end = i + 1;
        while end < records.len() && empties(end) < empties(end - 1) {
            end += 1;
        }
        game += 1;
        for (k, record) in records.iter_mut().enumerate().take(end).skip(i) {
            record.held_out = game % 10 == 9;
            // Where the position's game is a stage later.
            let goal = empties(k).saturating_sub(STAGE_EMPTIES);
            record.later = (k..end).find(|&j| empties(j) <= goal).map(|j| {
                // The same player moves after an even number of placements
                // (passes, rare, are not told apart).
                (j, (empties(k) - empties(j)) % 2 == 0)
            });
        }
        i = end;
    }
    records
}

/// A fitted stage, for scoring later positions.
struct Fitted {
    scalars: [f32; SCALARS],
    patterns: Vec<f32>,
}

impl Fitted {
    fn predict(&self, x: &Sample) -> f32 {
        x.places
            .iter()
            .map(|&p| self.patterns[p as usize])
            .sum::<f32>()
            + self
                .scalars
                .iter()
                .zip(x.scalars)
                .map(|(a, f)| a * f as f32)
                .sum::<f32>()
    }
}

fn fit(data: &str, out: &str, epochs: usize) -> Result<(), String> {
    let bytes = std::fs::read(data).map_err(|e| format!("{data}: {e}"))?;
    let records = read_records(&bytes);
    println!("{} positions", records.len());
    let mut fitted: Vec<Fitted> = Vec::new();
    for s in 0..STAGES {
        let low = (s as u32 * STAGE_EMPTIES).saturating_sub(OVERLAP);
        let high = (s as u32 + 1) * STAGE_EMPTIES;
        let samples: Vec<Sample> = records
            .iter()
            .filter(|r| (low..high).contains(&empties_of(r.mine, r.theirs)))
            .map(|r| Sample::new(r.mine, r.theirs, target(r, &records, &fitted), r.held_out))
            .collect();
        fitted.push(fit_stage(&samples, epochs, s));
    }
    let round = |x: f32| x.round().clamp(-32000.0, 32000.0) as i16;
    let stages: Vec<([i16; SCALARS], Vec<i16>)> = fitted
        .iter()
        .map(|f| {
            (
                f.scalars.map(round),
                f.patterns.iter().map(|&x| round(x)).collect(),
            )
        })
        .collect();
    let bytes = Weights::new(&stages).encode();
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    println!("wrote {out}: {} bytes", bytes.len());
    Ok(())
}

/// What a position is fitted to, in weight units: its exact value where
/// the game was solved; else mostly the fitted score of its game a stage
/// later (less noisy than the game's end, which the self-play's mistakes
/// decide), with a share of that end.
fn target(record: &Record, records: &[Record], fitted: &[Fitted]) -> f32 {
    let value = (record.value * UNIT) as f32;
    let empties = empties_of(record.mine, record.theirs);
    if empties <= LABEL_EMPTIES {
        return value;
    }
    let Some((j, same)) = record.later else {
        return value;
    };
    let later = &records[j];
    let later_empties = empties_of(later.mine, later.theirs);
    let score = if later_empties <= LABEL_EMPTIES {
        (later.value * UNIT) as f32
    } else {
        match fitted.get(stage(later_empties)) {
            Some(f) => f.predict(&Sample::new(later.mine, later.theirs, 0.0, false)),
            None => return value,
        }
    };
    let score = if same { score } else { -score };
    OUTCOME_SHARE * value + (1.0 - OUTCOME_SHARE) * score
}

/// Least squares by stochastic gradient descent, the positions in a
/// seeded order each epoch, the step shrinking as the epochs go.
fn fit_stage(samples: &[Sample], epochs: usize, s: usize) -> Fitted {
    let mut w = vec![0f32; WEIGHTS];
    let mut sw = [0f32; SCALARS];
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|x| !x.held_out);
    // Each scalar feature's step, scaled to its size.
    let size: [f32; SCALARS] = std::array::from_fn(|k| {
        let sum: f64 = train
            .iter()
            .map(|x| f64::from(x.scalars[k] * x.scalars[k]))
            .sum();
        (sum / train.len().max(1) as f64).max(1.0) as f32
    });
    let predict = |w: &[f32], sw: &[f32; SCALARS], x: &Sample| -> f32 {
        x.places.iter().map(|&p| w[p as usize]).sum::<f32>()
            + sw.iter()
                .zip(x.scalars)
                .map(|(a, f)| a * f as f32)
                .sum::<f32>()
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(s as u64);
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let rate = LEARNING_RATE / (1.0 + epoch as f32 / 4.0);
        let mut error = 0f64;
        for &i in &order {
            let x = train[i];
            let r = x.target - predict(&w, &sw, x);
            error += f64::from(r * r);
            for &p in &x.places {
                w[p as usize] += rate * r;
            }
            for k in 0..SCALARS {
                sw[k] += rate * r * x.scalars[k] as f32 / size[k];
            }
        }
        if epoch % 4 == 0 || epoch + 1 == epochs {
            let held: f64 = test
                .iter()
                .map(|x| f64::from((x.target - predict(&w, &sw, x)).powi(2)))
                .sum();
            let rms = |sum: f64, n: usize| (sum / n.max(1) as f64).sqrt() / f64::from(UNIT);
            println!(
                "stage {s} epoch {epoch}: error {:.2} discs ({}), held out {:.2} ({})",
                rms(error, train.len()),
                train.len(),
                rms(held, test.len()),
                test.len()
            );
        }
    }
    Fitted {
        scalars: sw,
        patterns: w,
    }
}
