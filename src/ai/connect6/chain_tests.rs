//! The threat-space search against plain play on small boards: a chain of
//! double threats it finds must win against every reply, not only the
//! blocks it tries; and level 5 must refute the chains of the test set
//! built by `examples/connect6_chains.rs`.

use std::cell::Cell as Counter;
use std::sync::atomic::AtomicBool;

use super::clock::Clock;
use super::threats::Board;
use super::{choose_in_nodes, shortest_chain};
use crate::ai::cells::colour;
use crate::engine::connect6::{Connect6, Connect6Settings, Stone};
use crate::engine::{Cell, Game, Outcome, Rng};

/// Plays `stones` random stones within two of the centre of an `n`×`n`
/// board with rows of `line`, stopping early if the game ends.
fn clustered(n: usize, line: usize, stones: usize, rng: &mut Rng) -> Connect6 {
    let settings = Connect6Settings::new(n, line).expect("valid settings");
    let mut game = Connect6::new(settings);
    let centre = n / 2;
    while game.plies() < stones && !game.is_over() {
        let (r, c) = (centre + rng.below(5) - 2, centre + rng.below(5) - 2);
        let cell = Cell::new(r, c).expect("on the board");
        if game.piece_at(cell).is_none() {
            game.play(Stone(cell)).expect("legal");
        }
    }
    game
}

/// Checks a two-turn chain found for the player to move (a whole turn)
/// by plain play: after its first turn, every pair of the opponent's
/// leaves a six in one turn. Returns whether the position had one.
fn check_two_turn_chain(game: &Connect6) -> bool {
    let me = game.to_move();
    let (stop, used) = (AtomicBool::new(false), Counter::new(0));
    let clock = Clock::nodes(1_000_000, &stop, &used);
    let mut board = Board::from_game(game);
    if shortest_chain(game, me, 2, 1_000_000) != Some(2) {
        return false;
    }
    let (a, b) = board
        .forced_win(colour(me), 2, 2, 0, &clock)
        .expect("the chain found again");
    let mut after = game.clone();
    for i in [Some(a), b].into_iter().flatten() {
        after.play(Stone(board.cell(i))).expect("legal");
    }
    assert!(!after.is_over(), "a two-turn chain does not win at once");
    let empty: Vec<Cell> = Cell::all(after.side())
        .filter(|&cell| after.piece_at(cell).is_none())
        .collect();
    for (k, &x) in empty.iter().enumerate() {
        for &y in &empty[k + 1..] {
            let mut reply = after.clone();
            reply.play(Stone(x)).expect("legal");
            if !reply.is_over() {
                reply.play(Stone(y)).expect("legal");
            }
            assert_ne!(
                reply.outcome(),
                Some(Outcome::Win(me.other())),
                "the reply {x} {y} wins"
            );
            assert!(
                Board::from_game(&reply).win_in(colour(me), 2).is_some(),
                "after the reply {x} {y} there is no six"
            );
        }
    }
    true
}

#[test]
fn two_turn_chains_win_against_every_reply_on_9x9() {
    for line in [4, 6] {
        let mut rng = Rng::new(line as u64);
        let mut checked = 0;
        for _ in 0..400 {
            let game = clustered(9, line, 11 + rng.below(8), &mut rng);
            if !game.is_over() && game.stone_of_turn() == (1, 2) && check_two_turn_chain(&game) {
                checked += 1;
            }
            if checked == 3 {
                break;
            }
        }
        assert!(checked > 0, "no two-turn chain found with rows of {line}");
    }
}

/// The positions of `tests/corpus/connect6_chains.txt`, each the stones
/// of a game in order: level 5 has a whole turn to play, and the opponent
/// would have a chain of at most six turns if it passed.
fn chain_positions() -> Vec<Connect6> {
    include_str!("../../../tests/corpus/connect6_chains.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut game = Connect6::default();
            for stone in line.split_whitespace() {
                game.play(stone.parse().expect("a stone")).expect("legal");
            }
            game
        })
        .collect()
}

/// Positions level 5's search may visit for each stone of the test set.
const NODES: u64 = 4_000;

#[test]
fn level_5_refutes_every_chain_of_the_test_set() {
    let positions = chain_positions();
    assert!(!positions.is_empty());
    for start in positions {
        let me = start.to_move();
        assert!(shortest_chain(&start, me.other(), 6, 1_000_000).is_some());
        let mut game = start.clone();
        while game.to_move() == me && !game.is_over() {
            let stone = choose_in_nodes(&game, NODES, 1).expect("a stone");
            game.play(stone).expect("legal");
        }
        assert_eq!(
            shortest_chain(&game, me.other(), 6, 1_000_000),
            None,
            "level 5 left a chain after {:?}",
            start.plies()
        );
    }
}
