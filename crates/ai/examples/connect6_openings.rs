//! Screens White's first turn at Connect6: after Black's stone on the
//! centre, every pair of cells within two of it (one of each set the
//! board's eight symmetries map onto each other) is played out by level 5
//! against itself, at about NODES positions a stone (the count varies by
//! up to a fifth from game to game, and the seed with it, so the games of
//! one pair differ). Prints each pair's games won by White, best first: the
//! turns after which level 5 as White does best are the ones it
//! understands, which is what `book.rs` keeps.
//!
//! cargo run --release --example connect6_openings -- [GAMES] [NODES] [THREADS] [wide] [PAIR...]
//!
//! `wide` spreads the games further, so that one blind spot of level 5
//! as Black does not decide them all: the counts go from half of NODES
//! to four times it, and every other four games Black is level 5 as it
//! played before issue 33 (`Knobs::BASELINE`, the windows' evaluation).
//! A PAIR (such as `-1,0:1,1`, the offsets column,row of the two stones
//! from the centre) limits the screen to the pairs given.

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;

use in_threads::in_threads;
use tabletop_ai::connect6::{Knobs, choose_in_nodes_with};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Outcome, Player};

/// One stone's offset from the centre: (column, row).
type Offset = (i32, i32);

/// The eight symmetries of the square, applied to an offset.
fn symmetries((x, y): Offset) -> [Offset; 8] {
    [
        (x, y),
        (-x, y),
        (x, -y),
        (-x, -y),
        (y, x),
        (-y, x),
        (y, -x),
        (-y, -x),
    ]
}

/// The least of the pair's images under the symmetries, its stones in
/// order: one name for each set of pairs that are the same opening.
fn canonical(a: Offset, b: Offset) -> (Offset, Offset) {
    let (sa, sb) = (symmetries(a), symmetries(b));
    (0..8)
        .map(|k| (sa[k].min(sb[k]), sa[k].max(sb[k])))
        .min()
        .expect("eight images")
}

/// One of each set of pairs within two of the centre.
fn every_pair() -> Vec<(Offset, Offset)> {
    let cells: Vec<Offset> = (-2..=2)
        .flat_map(|x| (-2..=2).map(move |y| (x, y)))
        .filter(|&o| o != (0, 0))
        .collect();
    let mut pairs: Vec<(Offset, Offset)> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| canonical(a, b)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

fn parse_pair(text: &str) -> Option<(Offset, Offset)> {
    let offset = |t: &str| {
        let (x, y) = t.split_once(',')?;
        Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
    };
    let (a, b) = text.split_once(':')?;
    Some(canonical(offset(a)?, offset(b)?))
}

fn show(((ax, ay), (bx, by)): (Offset, Offset)) -> String {
    format!("{ax},{ay}:{bx},{by}")
}

/// The game after Black's centre stone and White's `pair`.
fn opening(pair: (Offset, Offset)) -> Connect6 {
    let mut game = Connect6::default();
    let centre = (game.side() / 2) as i32;
    for (x, y) in [(0, 0), pair.0, pair.1] {
        let cell = Cell::new((centre + y) as usize, (centre + x) as usize).expect("on the board");
        game.play(Stone(cell)).expect("an empty cell");
    }
    game
}

/// Plays `game` out, Black with `black`'s knobs and White with level 5's.
fn play_out(mut game: Connect6, nodes: u64, seed: u64, black: Knobs) -> Option<Outcome> {
    while !game.is_over() {
        let knobs = match game.to_move() {
            Player::First => black,
            Player::Second => Knobs::LEVEL_5,
        };
        let stone = choose_in_nodes_with(&game, nodes, seed, knobs).expect("not over");
        game.play(stone).expect("a legal stone");
    }
    game.outcome()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u64| args.get(at).map_or(Some(default), |t| t.parse().ok());
    let (Some(games), Some(nodes), Some(threads)) = (number(0, 20), number(1, 3000), number(2, 1))
    else {
        eprintln!("usage: connect6_openings [GAMES] [NODES] [THREADS] [wide] [PAIR...]");
        return ExitCode::FAILURE;
    };
    let wide = args.get(3).is_some_and(|t| t == "wide");
    let given = args.iter().skip(if wide { 4 } else { 3 });
    let pairs: Option<Vec<_>> = given.map(|t| parse_pair(t)).collect();
    let Some(mut pairs) = pairs else {
        eprintln!("a pair is two offsets from the centre, such as -1,0:1,1");
        return ExitCode::FAILURE;
    };
    if pairs.is_empty() {
        pairs = every_pair();
    }
    let spread = if wide { ", spread wide" } else { "" };
    println!(
        "{} pairs, {games} games each, about {nodes} positions a stone{spread}",
        pairs.len()
    );
    let games = games as usize;
    let outcomes = in_threads(pairs.len() * games, threads as usize, |job| {
        let (pair, game) = (pairs[job / games], job % games);
        let (nodes, black) = if wide {
            let black = if game / 4 % 2 == 0 {
                Knobs::LEVEL_5
            } else {
                Knobs::BASELINE
            };
            (nodes * [2, 4, 8, 1][game % 4] / 2, black)
        } else {
            (nodes * (10 + (game % 5) as u64 - 2) / 10, Knobs::LEVEL_5)
        };
        let outcome = play_out(opening(pair), nodes, game as u64 + 1, black);
        eprintln!("{} game {game}: {outcome:?}", show(pair));
        outcome
    });
    let mut rows: Vec<(u32, u32, (Offset, Offset))> = pairs
        .iter()
        .enumerate()
        .map(|(k, &pair)| {
            let of_pair = &outcomes[k * games..(k + 1) * games];
            let won = |who| {
                of_pair
                    .iter()
                    .filter(|&&o| o == Some(Outcome::Win(who)))
                    .count()
            };
            (won(Player::Second) as u32, won(Player::First) as u32, pair)
        })
        .collect();
    rows.sort_by_key(|&(white, black, _)| (std::cmp::Reverse(white), black));
    for (white, black, pair) in rows {
        println!("{:>13}  White {white:3}  Black {black:3}", show(pair));
    }
    ExitCode::SUCCESS
}
