//! The proof-number search against plain searches: a full retrograde
//! analysis of a small board, and the plain forced-win prover on late
//! positions of the default board.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use super::dfpn::{Answer, Solver};
use crate::Deadline;
use crate::prover::Prover;
use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiBoard, GekitaiSettings};
use tabletop_engine::{Game, Outcome, Player, Rng};

fn small_board(size: usize, pieces: usize, line: usize) -> GekitaiBoard<u64> {
    let settings = GekitaiSettings::new(size, pieces, line, BothWin::Mover).expect("valid");
    on_u64(Gekitai::new(settings))
}

/// The board of a game on a side up to 6, which is a `u64` board.
fn on_u64(game: Gekitai) -> GekitaiBoard<u64> {
    match game {
        Gekitai::Small(board) => board,
        _ => unreachable!("sides up to 6 use u64 boards"),
    }
}

/// The default game's empty board, for the tests of the book and what
/// reads it.
pub(super) fn default_board() -> GekitaiBoard<u64> {
    on_u64(Gekitai::default())
}

type Raw = (u64, u64, bool);

fn raw(board: &GekitaiBoard<u64>) -> Raw {
    (
        board.pieces_of(Player::First),
        board.pieces_of(Player::Second),
        board.to_move() == Player::First,
    )
}

/// Every position reachable from `start`, and for each whether X can
/// force a win in finitely many moves: the least fixed point of "over
/// and won by X, or X to move with a winning child, or O to move with
/// only winning children", computed by plain iteration.
fn retrograde(start: &GekitaiBoard<u64>) -> (Vec<GekitaiBoard<u64>>, HashMap<Raw, bool>) {
    let mut index: HashMap<Raw, usize> = HashMap::new();
    let mut positions = vec![start.clone()];
    index.insert(raw(start), 0);
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut next = 0;
    let mut moves = Vec::new();
    while next < positions.len() {
        let board = positions[next].clone();
        board.legal_moves(&mut moves);
        let mut mine = Vec::new();
        for &mv in &moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let id = *index.entry(raw(&child)).or_insert_with(|| {
                positions.push(child.clone());
                positions.len() - 1
            });
            mine.push(id);
        }
        children.push(mine);
        next += 1;
    }
    let mut won: Vec<bool> = positions
        .iter()
        .map(|b| b.outcome() == Some(Outcome::Win(Player::First)))
        .collect();
    loop {
        let mut changed = false;
        for (i, board) in positions.iter().enumerate() {
            if won[i] || board.outcome().is_some() {
                continue;
            }
            let kids = &children[i];
            let wins = if board.to_move() == Player::First {
                kids.iter().any(|&k| won[k])
            } else {
                !kids.is_empty() && kids.iter().all(|&k| won[k])
            };
            if wins {
                won[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let values = positions
        .iter()
        .zip(&won)
        .map(|(b, &w)| (raw(b), w))
        .collect();
    (positions, values)
}

/// On a 4×4 board (line of 3, four pieces each) the search settles
/// every sampled reachable position, both sides to move, exactly as the
/// retrograde analysis does.
#[test]
fn dfpn_agrees_with_retrograde_analysis_on_4x4() {
    let stop = AtomicBool::new(false);
    for pieces in [4] {
        let start = small_board(4, pieces, 3);
        let (positions, values) = retrograde(&start);
        let mut rng = Rng::new(pieces as u64);
        let mut sampled: Vec<&GekitaiBoard<u64>> = vec![&positions[0]];
        for _ in 0..50 {
            sampled.push(&positions[rng.below(positions.len())]);
        }
        let (mut proved, mut not) = (0, 0);
        for board in sampled {
            let mut solver = Solver::new(1 << 20);
            let answer = solver.prove(board, Deadline::unlimited(&stop));
            let won = values[&raw(board)];
            assert_ne!(answer, Answer::Unknown);
            assert_eq!(answer == Answer::Proved, won, "{pieces} pieces: {board:?}");
            if won { proved += 1 } else { not += 1 }
        }
        // The sample holds both kinds.
        assert!(proved > 5 && not > 5, "{proved} proved, {not} not");
    }
}

/// The proving move and the hardest reply keep a proved win: from 4×4
/// positions (four pieces) that X wins, but not at once,
/// following them ends in X's win, and every position on the way and
/// every O reply to a proving move is still won for X by the retrograde
/// analysis.
#[test]
fn proving_moves_keep_the_win() {
    let stop = AtomicBool::new(false);
    let (positions, values) = retrograde(&small_board(4, 4, 3));
    let mut prover = Prover::new();
    let long_wins = positions.iter().filter(|b| {
        b.outcome().is_none() && values[&raw(b)] && !prover.wins_within(*b, Player::First, 1)
    });
    let mut checked = 0;
    for start in long_wins.take(10) {
        let mut solver = Solver::new(1 << 20);
        let mut at = start.clone();
        while at.outcome().is_none() {
            let mv = if at.to_move() == Player::First {
                solver
                    .proving_move(&at, Deadline::unlimited(&stop), |_| false)
                    .expect("a proved win has a move")
            } else {
                let mut moves = Vec::new();
                at.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut child = at.clone();
                    child.play_unchecked(mv);
                    assert!(values[&raw(&child)]);
                }
                solver
                    .hardest_reply(&at, Deadline::unlimited(&stop), |_| true)
                    .expect("every reply loses")
            };
            at.play_unchecked(mv);
            assert!(values[&raw(&at)]);
        }
        assert_eq!(at.outcome(), Some(Outcome::Win(Player::First)));
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// Late positions of the default board: every forced win of X within
/// seven plies that the plain prover finds, the search proves.
#[test]
fn dfpn_proves_what_the_plain_prover_finds_on_6x6() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng::new(7);
    let mut found = 0;
    for _ in 0..60 {
        let mut board = small_board(6, 8, 3);
        for _ in 0..10 + rng.below(6) {
            match board.random_move(&mut rng) {
                Some(mv) => {
                    let mut next = board.clone();
                    next.play_unchecked(mv);
                    if next.outcome().is_some() {
                        break;
                    }
                    board = next;
                }
                None => break,
            }
        }
        let mut prover = Prover::new();
        if !prover.wins_within(&board, Player::First, 5) {
            continue;
        }
        found += 1;
        let mut solver = Solver::new(1 << 21);
        assert_eq!(
            solver.prove(&board, Deadline::unlimited(&stop)),
            Answer::Proved,
            "{board:?}"
        );
    }
    assert!(found >= 5, "only {found} positions with a short win");
}
