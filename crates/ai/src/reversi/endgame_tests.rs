//! The Reversi endgame solver against plain minimax: values, bounds from
//! narrow windows, the chosen move, and level 5 playing it at 16 empty
//! cells.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::endgame::{Solver, best_line, best_move, empties, exact_value};
use super::levels::SURE_EMPTIES;
use crate::Deadline;
use crate::reference::reversi_exact;
use crate::{History, Level, choose};
use tabletop_engine::reversi::{Reversi, ReversiSettings};
use tabletop_engine::{Game, Rng};

static NEVER: AtomicBool = AtomicBool::new(false);

fn far() -> Deadline<'static> {
    Deadline::unlimited(&NEVER)
}

/// Positions of side `size` with `empties` empty cells (or fewer, after a
/// pass streak), reached by random moves, games not over.
fn positions(size: usize, empty: u32, count: usize, seed: u64) -> Vec<Reversi> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut pos = Reversi::new(ReversiSettings::new(size).expect("valid"));
        while !pos.is_over() && empties(&pos) > empty {
            let mv = pos.random_move(&mut rng).expect("not over");
            pos.play_unchecked(mv);
        }
        if !pos.is_over() {
            found.push(pos);
        }
    }
    found
}

fn sides(pos: &Reversi) -> (u64, u64) {
    let me = pos.to_move();
    (pos.disc_bits(me), pos.disc_bits(me.other()))
}

/// On the 8×8 board with 8 empty cells the table is used at the root; on
/// 6×6 with 10, below it too.
#[test]
fn solver_value_is_plain_minimax() {
    for (size, empty, seed) in [(8, 8, 1), (8, 6, 2), (6, 10, 3), (4, 8, 4)] {
        for pos in positions(size, empty, 10, seed) {
            assert_eq!(
                exact_value(&pos, far()),
                Some(reversi_exact(&pos)),
                "{pos:?}"
            );
        }
    }
}

/// A null or narrow window gives a bound on the right side of the exact
/// value, as principal variation search needs.
#[test]
fn windows_give_true_bounds() {
    for pos in positions(8, 8, 10, 5) {
        let exact = reversi_exact(&pos);
        let (me, opp) = sides(&pos);
        for alpha in [-9, -1, 0, 4, exact - 1, exact] {
            let mut solver = Solver::new(pos.board_bits(), far());
            let score = solver.solve(me, opp, alpha, alpha + 1);
            if score > alpha {
                assert!(exact >= score, "{exact} {score} {alpha}");
            } else {
                assert!(exact <= score, "{exact} {score} {alpha}");
            }
        }
    }
}

/// The value after the chosen move, for the player who made it.
fn value_after(pos: &Reversi, mv: tabletop_engine::reversi::ReversiMove) -> i32 {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    let value = exact_value(&next, far()).expect("no deadline");
    if next.to_move() == pos.to_move() {
        value
    } else {
        -value
    }
}

#[test]
fn best_move_keeps_the_exact_value() {
    for pos in positions(8, 8, 10, 6) {
        let mv = best_move(&pos, far()).expect("no deadline");
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let after = reversi_exact(&next);
        let after = if next.to_move() == pos.to_move() {
            after
        } else {
            -after
        };
        assert_eq!(after, reversi_exact(&pos), "{pos:?} {mv}");
    }
}

/// Given the time, level 5 plays a move that keeps the exact value of a
/// position with as many empty cells as it always solves.
#[test]
fn level_5_plays_16_empties_perfectly() {
    for pos in positions(8, SURE_EMPTIES, 2, 7) {
        let mv = choose(
            &pos,
            &History::default(),
            Level::MAX,
            Duration::from_secs(3600),
            1,
            &NEVER,
        )
        .expect("a move");
        assert_eq!(
            Some(value_after(&pos, mv)),
            exact_value(&pos, far()),
            "{pos:?} {mv}"
        );
    }
}

/// The line of best play: its value is minimax's, every move in it
/// (passes included) keeps that value for both sides, and it plays the
/// game out to a final difference of that value.
#[test]
fn best_line_is_best_play_on_both_sides() {
    let first = |pos: &Reversi, value: i32| match pos.to_move() {
        tabletop_engine::Player::First => value,
        tabletop_engine::Player::Second => -value,
    };
    let mut passes = 0;
    for (size, empty, seed) in [(8, 8, 8), (6, 10, 9), (4, 9, 10)] {
        for pos in positions(size, empty, 8, seed) {
            let (value, line) = best_line(&pos, 40, far()).expect("no deadline");
            let exact = reversi_exact(&pos);
            assert_eq!(value, exact, "{pos:?}");
            let mut here = pos.clone();
            for &mv in &line {
                assert_eq!(first(&here, reversi_exact(&here)), first(&pos, exact));
                here.play(mv).expect("a legal move");
                passes += usize::from(mv == tabletop_engine::reversi::ReversiMove::Pass);
            }
            assert!(here.is_over(), "{pos:?} {line:?}");
            let (black, white) = (
                here.discs(tabletop_engine::Player::First) as i32,
                here.discs(tabletop_engine::Player::Second) as i32,
            );
            assert_eq!(black - white, first(&pos, exact), "{pos:?} {line:?}");
        }
    }
    assert!(passes > 0, "no line passed");
    // A short line stops where asked; a game over has none.
    let pos = &positions(8, 8, 1, 11)[0];
    let (_, line) = best_line(pos, 2, far()).expect("no deadline");
    assert_eq!(line.len(), 2);
    let mut over = pos.clone();
    while let Some(mv) = over.random_move(&mut Rng::new(3)) {
        over.play_unchecked(mv);
    }
    assert_eq!(best_line(&over, 40, far()), None);
}
