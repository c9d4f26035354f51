//! Makes the built-in puzzles (`crates/core/assets/puzzles/<game>.toml`): plays the
//! computer against itself at low levels with many seeds, and keeps the
//! positions where the player to move has a short forced win, proved:
//!
//! - Gekitai (6×6): a win within 3, 5 or 7 plies, by the exhaustive prover;
//! - Gomoku (15×15) and Connect6 (19×19): a win by continuous threats
//!   (every move of the attacker leaves the defender forced), within 3 to
//!   7 plies (Gomoku) or 6 stones: a turn, theirs and the winning turn (Connect6);
//! - Hex (6×6, where the solver is quick): a position the exact solver gives the player to move,
//!   with few winning moves;
//! - Reversi (8×8): 10 to 12 empty cells, an exact win for the player to
//!   move that some of their moves throw away.
//!
//! A win in one is never kept, and positions the level-2 computer gets
//! wrong come first. Each puzzle's line is the attacker's proved moves
//! against the most stubborn defence ([`tabletop_core::puzzles::judge::answer`]).
//!
//! cargo run --release --example make_puzzles -- [GAME...] [--count N]

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::{self as ai, History, Level, Searchable};
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_core::puzzles::judge::{Judged, answer, judge};
use tabletop_core::puzzles::proof::{candidates_first, exact_for, shortest_win, wins_by_threats};
use tabletop_core::puzzles::text::write_set;
use tabletop_core::puzzles::{Puzzle, Source, position_id};
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::{GameSettings, Player};

/// How a game's puzzles are looked for.
#[derive(Clone, Copy)]
enum Kind {
    /// The exhaustive prover, wins of these lengths.
    Prover(&'static [u32]),
    /// Continuous threats, wins of these lengths.
    Threats(&'static [u32]),
    /// The game's exact solver.
    Exact,
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut count = 24;
    if let Some(at) = args.iter().position(|a| a == "--count") {
        match args.get(at + 1).and_then(|n| n.parse().ok()) {
            Some(n) => count = n,
            None => {
                eprintln!("usage: make_puzzles [GAME...] [--count N]");
                return ExitCode::FAILURE;
            }
        }
        args.drain(at..at + 2);
    }
    let kinds: Vec<GameKind> = if args.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        match args.iter().map(|a| a.parse()).collect() {
            Ok(kinds) => kinds,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        }
    };
    for kind in kinds {
        let started = Instant::now();
        let puzzles = kind.with(Make(count));
        let path = format!(
            "{}/crates/core/assets/puzzles/{}.toml",
            env!("CARGO_MANIFEST_DIR"),
            kind.name()
        );
        let header = format!(
            "# tabletop's built-in {} puzzles, written by examples/make_puzzles.rs\n\
             # and proved by tests/puzzles.rs. Each is the moves to the position and\n\
             # a winning line from there; the player to move wins.\n\n",
            kind.title()
        );
        let text = header + &write_set(kind, &puzzles);
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("cannot write {path}: {error}");
            return ExitCode::FAILURE;
        }
        let plies: Vec<u32> = puzzles.iter().map(|p| p.plies).collect();
        println!(
            "{}: {} puzzles in {:.0} s, plies {plies:?}",
            kind.name(),
            puzzles.len(),
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

struct Make(usize);

impl WithGame for Make {
    type Output = Vec<Puzzle>;
    fn run<G: Playable>(self) -> Vec<Puzzle> {
        let (start, kind) = match G::NAME {
            "gekitai" => (G::new(Default::default()), Kind::Prover(&[3, 5, 7])),
            "gomoku" => (G::new(Default::default()), Kind::Threats(&[3, 5, 7])),
            "connect6" => (G::new(Default::default()), Kind::Threats(&[6])),
            "hex" => (hex_start::<G>(6), Kind::Exact),
            _ => (G::new(Default::default()), Kind::Exact),
        };
        make(start, kind, self.0)
    }
}

/// Hex on a board of `side`, without the swap.
fn hex_start<G: Playable>(side: usize) -> G {
    G::Settings::from_values(&[side, 0])
        .map(G::new)
        .unwrap_or_else(|_| G::new(Default::default()))
}

/// Up to `count` puzzles from self-play games starting at `start`, the
/// ones the level-2 computer misses first.
fn make<G: Playable>(start: G, kind: Kind, count: usize) -> Vec<Puzzle> {
    let never = AtomicBool::new(false);
    let mut seen = HashSet::new();
    let mut hard: Vec<Puzzle> = Vec::new();
    let mut easy: Vec<Puzzle> = Vec::new();
    for seed in 1..400u64 {
        if hard.len() >= count || (seed > 120 && hard.len() + easy.len() >= count) {
            break;
        }
        let mut line = Line::new(start.clone());
        let levels = [1 + (seed % 3) as u8, 1 + (seed / 3 % 3) as u8];
        let mut found_in_game = 0;
        while !line.game().is_over() && found_in_game < 2 {
            let pos = line.game().clone();
            if let Some(winning) = candidate(&pos, kind, &never)
                && seen.insert(position_id(&pos))
            {
                let record = Record::of_line(&line);
                let plies = winning.len() as u32;
                if let Ok(puzzle) = Puzzle::new(record, &winning, plies, Source::BuiltIn) {
                    found_in_game += 1;
                    if misses(&pos, plies, seed, &never) {
                        hard.push(puzzle);
                    } else {
                        easy.push(puzzle);
                    }
                }
            }
            let level = Level::new(levels[pos.to_move().index()]).unwrap_or(Level::MIN);
            let history = History::of(line.positions());
            let Some(mv) = ai::choose(&pos, &history, level, level.budget(), seed, &never) else {
                break;
            };
            if line.play(mv).is_err() {
                break;
            }
        }
    }
    hard.extend(easy);
    hard.truncate(count);
    hard
}

/// Whether the level-2 computer's move lets the win slip.
fn misses<G: Searchable>(pos: &G, plies: u32, seed: u64, stop: &AtomicBool) -> bool {
    let level = Level::new(2).unwrap_or(Level::MIN);
    let Some(mv) = ai::choose(pos, &History::default(), level, level.budget(), seed, stop) else {
        return false;
    };
    judge(pos, mv, pos.to_move(), plies, stop) == Judged::Slips
}

/// A winning line from `pos` for the player to move, if it is a puzzle
/// of `kind`.
fn candidate<G: Searchable>(pos: &G, kind: Kind, stop: &AtomicBool) -> Option<Vec<G::Move>> {
    let me = pos.to_move();
    if wins_at_once(pos) {
        return None;
    }
    match kind {
        Kind::Prover(lengths) => {
            if pos.plies() < 6 {
                return None;
            }
            let most = *lengths.last()?;
            let shortest = shortest_win(pos, me, most, stop).ok()?;
            lengths.contains(&shortest).then_some(())?;
            winning_line(pos, me, shortest, kind, stop)
        }
        Kind::Threats(lengths) => {
            if pos.plies() < 6 || pos.forced().is_some() {
                return None;
            }
            let mut moves = Vec::new();
            pos.candidate_moves(&mut moves);
            // A Connect6 puzzle starts with the first stone of a turn.
            let mut first = pos.clone();
            first.play_unchecked(*moves.first()?);
            if G::NAME == "connect6" && first.to_move() != me {
                return None;
            }
            let plies = lengths
                .iter()
                .copied()
                .find(|&plies| wins_by_threats(pos, me, plies, &[], stop))?;
            winning_line(pos, me, plies, kind, stop)
        }
        Kind::Exact => {
            // Late enough for the solver to be quick.
            if pos.plies() < 12 {
                return None;
            }
            let value = exact_for(pos, me, stop)?;
            if value <= 0 {
                return None;
            }
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let winning = moves
                .iter()
                .filter(|&&mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    exact_for(&child, me, stop).is_some_and(|v| v > 0)
                })
                .count();
            // Not every move wins, and not many do.
            if winning * 4 > moves.len() || winning > 3 {
                return None;
            }
            winning_line(pos, me, u32::MAX, kind, stop)
        }
    }
}

/// Whether the player to move wins on the spot (their whole turn).
fn wins_at_once<G: Searchable>(pos: &G) -> bool {
    let me = pos.to_move();
    let mut moves = Vec::new();
    pos.candidate_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        child.outcome() == Some(tabletop_engine::Outcome::Win(me))
            || (child.to_move() == me && !child.is_over() && wins_at_once(&child))
    })
}

/// The attacker's proved moves against the most stubborn defence, to the
/// attacker's win, within `plies`.
fn winning_line<G: Searchable>(
    pos: &G,
    attacker: Player,
    plies: u32,
    kind: Kind,
    stop: &AtomicBool,
) -> Option<Vec<G::Move>> {
    let mut at = pos.clone();
    let mut line = Vec::new();
    while !at.is_over() {
        let left = plies.saturating_sub(line.len() as u32);
        if left == 0 || line.len() > 64 {
            return None;
        }
        let mv = if at.to_move() == attacker {
            attacking_move(&at, attacker, left, kind, stop)?
        } else {
            answer(&at, attacker, left, stop)?
        };
        at.play_unchecked(mv);
        line.push(mv);
    }
    (at.outcome() == Some(tabletop_engine::Outcome::Win(attacker))).then_some(line)
}

/// A move of the attacker's that keeps the win within `left` plies.
fn attacking_move<G: Searchable>(
    pos: &G,
    attacker: Player,
    left: u32,
    kind: Kind,
    stop: &AtomicBool,
) -> Option<G::Move> {
    let moves = candidates_first(pos);
    let keeps = |mv: &G::Move| {
        let mut child = pos.clone();
        child.play_unchecked(*mv);
        match kind {
            Kind::Exact => exact_for(&child, attacker, stop).map(|v| (v > 0, v)),
            Kind::Prover(_) => Some((shortest_win(&child, attacker, left - 1, stop).is_ok(), 0)),
            Kind::Threats(_) => Some((wins_by_threats(&child, attacker, left - 1, &[], stop), 0)),
        }
    };
    match kind {
        // The clearest win.
        Kind::Exact => moves
            .iter()
            .filter_map(|mv| keeps(mv).filter(|k| k.0).map(|k| (*mv, k.1)))
            .max_by_key(|&(_, v)| v)
            .map(|(mv, _)| mv),
        _ => moves.into_iter().find(|mv| keeps(mv).is_some_and(|k| k.0)),
    }
}
