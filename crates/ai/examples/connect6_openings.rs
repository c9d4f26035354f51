//! Screens turns of the opening at Connect6 for `book.rs`: after Black's
//! stone on the centre and the turns of a LINE, level 5 plays the game
//! out against itself, at about NODES positions a stone (the count varies
//! by up to a fifth from game to game, and the seed with it, so the games
//! of one line differ). Prints each line's games won by the side that
//! played its last turn, best first: the turns after which level 5 does
//! best are the ones it understands, which is what the book keeps.
//!
//! cargo run --release --example connect6_openings -- [GAMES] [NODES] [THREADS] [wide] [LINE...]
//!
//! A LINE is White's first turn, as the offsets column,row of its two
//! stones from the centre (`-1,0:1,1`), optionally followed by more turns
//! in the same form (`-1,0:1,1/0,1:1,0`, Black's answer), and then
//! perhaps by a number N (`-1,0:1,1/10`): each of level 5's N best turns
//! for the side to move there, as its search weighs them in NODES × 10
//! positions. The whole line is shown and played turned by the symmetry
//! that gives its first turn the least name. No LINE: every first turn of
//! White within two of the centre (one of each set the board's eight
//! symmetries map onto each other).
//!
//! `wide` spreads the games further, so that one blind spot of level 5
//! as the other side does not decide them all: the counts go from half
//! of NODES to four times it, and every other four games the side to
//! move after the line is level 5 as it played before issue 33
//! (`Knobs::BASELINE`, the windows' evaluation).

#[path = "shared/in_threads.rs"]
mod in_threads;

use std::process::ExitCode;

use in_threads::in_threads;
use tabletop_ai::connect6::{Knobs, choose_in_nodes_with, weighed_turns};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Outcome, Player};

/// One stone's offset from the centre: (column, row).
type Offset = (i32, i32);

/// A turn's two stones.
type Turn = (Offset, Offset);

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

/// The turn under the `k`th symmetry, its stones in order.
fn image((a, b): Turn, k: usize) -> Turn {
    let (a, b) = (symmetries(a)[k], symmetries(b)[k]);
    (a.min(b), a.max(b))
}

/// The symmetry under which the turn's image is least: the one that
/// names each set of first turns that are the same opening.
fn canonical_symmetry(turn: Turn) -> usize {
    (0..8)
        .min_by_key(|&k| image(turn, k))
        .expect("eight images")
}

/// The least of the turn's images under the symmetries, its stones in
/// order: one name for each set of first turns that are the same opening.
fn canonical(a: Offset, b: Offset) -> Turn {
    image((a, b), canonical_symmetry((a, b)))
}

/// One of each set of White's first turns within two of the centre.
fn every_first_turn() -> Vec<Vec<Turn>> {
    let cells: Vec<Offset> = (-2..=2)
        .flat_map(|x| (-2..=2).map(move |y| (x, y)))
        .filter(|&o| o != (0, 0))
        .collect();
    let mut turns: Vec<Turn> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| canonical(a, b)))
        .collect();
    turns.sort_unstable();
    turns.dedup();
    turns.into_iter().map(|turn| vec![turn]).collect()
}

fn parse_turn(text: &str) -> Option<Turn> {
    let offset = |t: &str| {
        let (x, y) = t.split_once(',')?;
        Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
    };
    let (a, b) = text.split_once(':')?;
    Some((offset(a)?, offset(b)?))
}

/// The lines a LINE argument names (level 5 is asked for the best
/// answers, weighing them in `nodes` positions).
fn parse_line(text: &str, nodes: u64) -> Option<Vec<Vec<Turn>>> {
    let mut parts: Vec<&str> = text.split('/').collect();
    let best = match parts.last()?.parse::<usize>() {
        Ok(best) if parts.len() > 1 => {
            parts.pop();
            Some(best)
        }
        _ => None,
    };
    let given = parts
        .iter()
        .map(|part| parse_turn(part))
        .collect::<Option<Vec<Turn>>>()?;
    // The whole line turned by the symmetry that names its first turn, so
    // that the later turns stay where they were against it.
    let k = canonical_symmetry(given[0]);
    let line: Vec<Turn> = given.into_iter().map(|turn| image(turn, k)).collect();
    let Some(best) = best else {
        return Some(vec![line]);
    };
    let game = play_line(&line)?;
    let centre = (game.side() / 2) as i32;
    let offset = |cell: Cell| (cell.col() as i32 - centre, cell.row() as i32 - centre);
    let answers = weighed_turns(&game, nodes, 1);
    if answers.len() < best {
        eprintln!(
            "{text}: level 5 found {} of the {best} turns asked in {nodes} positions; \
             the others leave the opponent a forced win, or were not reached",
            answers.len()
        );
    }
    let lines = answers.into_iter().take(best).map(|(a, b)| {
        let mut longer = line.clone();
        longer.push((offset(a), offset(b)));
        longer
    });
    Some(lines.collect())
}

fn show(line: &[Turn]) -> String {
    let turn = |((ax, ay), (bx, by)): Turn| format!("{ax},{ay}:{bx},{by}");
    line.iter().map(|&t| turn(t)).collect::<Vec<_>>().join("/")
}

/// The game after Black's centre stone and the turns of `line`, if its
/// stones are on the board and each on an empty cell.
fn play_line(line: &[Turn]) -> Option<Connect6> {
    let mut game = Connect6::default();
    let centre = (game.side() / 2) as i32;
    let stones = line.iter().flat_map(|&(a, b)| [a, b]);
    for (x, y) in std::iter::once((0, 0)).chain(stones) {
        let row = usize::try_from(centre + y).ok()?;
        let col = usize::try_from(centre + x).ok()?;
        let cell = Cell::new(row, col).filter(|c| c.is_on(game.side()))?;
        game.play(Stone(cell)).ok()?;
    }
    Some(game)
}

/// Plays `game` out, the side to move now with `other`'s knobs and its
/// opponent with level 5's.
fn play_out(mut game: Connect6, nodes: u64, seed: u64, other: Knobs) -> Option<Outcome> {
    let them = game.to_move();
    while !game.is_over() {
        let knobs = if game.to_move() == them {
            other
        } else {
            Knobs::LEVEL_5
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
        eprintln!("usage: connect6_openings [GAMES] [NODES] [THREADS] [wide] [LINE...]");
        return ExitCode::FAILURE;
    };
    let wide = args.get(3).is_some_and(|t| t == "wide");
    let given = args.iter().skip(if wide { 4 } else { 3 });
    let lines: Option<Vec<_>> = given.map(|t| parse_line(t, nodes * 10)).collect();
    let Some(lines) = lines else {
        eprintln!("a line is White's first turn as two offsets from the centre, such as -1,0:1,1,");
        eprintln!("then perhaps more turns such as /0,1:1,0, or /N (level 5's N best turns there)");
        return ExitCode::FAILURE;
    };
    let mut lines: Vec<Vec<Turn>> = lines.into_iter().flatten().collect();
    if let Some(line) = lines.iter().find(|line| play_line(line).is_none()) {
        eprintln!("{} puts a stone off the board or on another", show(line));
        return ExitCode::FAILURE;
    }
    if lines.is_empty() {
        lines = every_first_turn();
    }
    let spread = if wide { ", spread wide" } else { "" };
    println!(
        "{} lines, {games} games each, about {nodes} positions a stone{spread}",
        lines.len()
    );
    let games = games as usize;
    let outcomes = in_threads(lines.len() * games, threads as usize, |job| {
        let (line, game) = (&lines[job / games], job % games);
        let (nodes, other) = if wide {
            let other = if game / 4 % 2 == 0 {
                Knobs::LEVEL_5
            } else {
                Knobs::BASELINE
            };
            (nodes * [2, 4, 8, 1][game % 4] / 2, other)
        } else {
            (nodes * (10 + (game % 5) as u64 - 2) / 10, Knobs::LEVEL_5)
        };
        let start = play_line(line).expect("lines are checked before the games");
        let outcome = play_out(start, nodes, game as u64 + 1, other);
        eprintln!("{} game {game}: {outcome:?}", show(line));
        outcome
    });
    let mut rows: Vec<(u32, u32, &[Turn])> = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let of_line = &outcomes[k * games..(k + 1) * games];
            let won = |who| {
                of_line
                    .iter()
                    .filter(|&&o| o == Some(Outcome::Win(who)))
                    .count() as u32
            };
            // The side that played the line's last turn.
            let (mover, other) = if line.len() % 2 == 1 {
                (Player::Second, Player::First)
            } else {
                (Player::First, Player::Second)
            };
            (won(mover), won(other), line.as_slice())
        })
        .collect();
    rows.sort_by_key(|&(mover, other, _)| (std::cmp::Reverse(mover), other));
    for (mover, other, line) in rows {
        let side = if line.len() % 2 == 1 {
            "White"
        } else {
            "Black"
        };
        println!("{:>25}  {side} {mover:3}  lost {other:3}", show(line));
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones(game: &Connect6) -> Vec<(Cell, Option<Player>)> {
        Cell::all(game.side())
            .map(|cell| (cell, game.piece_at(cell)))
            .collect()
    }

    /// A line given in another orientation is the same opening, its
    /// later turns turned with its first.
    #[test]
    fn a_line_turned_is_the_same_opening() {
        let named = parse_line("-2,-1:-1,1/1,1:0,2", 0).expect("a line");
        // The same line, turned a quarter: (x, y) to (-y, x).
        let turned = parse_line("1,-2:-1,-1/-1,1:-2,0", 0).expect("a line");
        assert_eq!(named, turned);
        let game = |lines: &[Vec<Turn>]| play_line(&lines[0]).expect("on the board");
        assert_eq!(stones(&game(&named)), stones(&game(&turned)));
    }

    /// A line that puts a stone on another, or off the board, has no game.
    #[test]
    fn a_line_off_the_board_has_no_game() {
        let on_centre = parse_line("-1,0:0,0", 0).expect("read");
        assert!(play_line(&on_centre[0]).is_none());
        let off = parse_line("-1,0:1,1/12,0:0,1", 0).expect("read");
        assert!(play_line(&off[0]).is_none());
        assert_eq!(parse_line("-1,0:1,1/x", 0), None);
    }
}
