//! A plain, slow, full-width minimax with the same leaves as the search
//! (same evaluation, same wins on the spot, same repetition rule), a plain
//! Reversi endgame minimax and a plain Gekitai evaluation: the references
//! the optimised search, solver and evaluation are tested against.

use super::Searchable;
use super::gekitai::window_weight;
use super::search::{WIN, leaf_value, terminal_value, winning_move};
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Cell, Game};

/// The value of `pos` searched `depth` plies deep, `ply` plies from the
/// root, for the player to move.
pub fn minimax<G: Searchable>(pos: &G, depth: u32, ply: usize, path: &mut Vec<u64>) -> i32 {
    if pos.outcome().is_some() {
        return terminal_value(pos, ply);
    }
    let mut moves = Vec::new();
    if depth == 0 {
        return leaf_value(pos, ply, &mut moves);
    }
    let hash = pos.position_hash();
    if G::CAN_REPEAT && path.contains(&hash) {
        return 0;
    }
    pos.candidate_moves(&mut moves);
    if moves.is_empty() {
        return pos
            .evaluate()
            .clamp(-super::search::EVAL_LIMIT, super::search::EVAL_LIMIT);
    }
    if G::WIN_CHECK && winning_move(pos, &moves).is_some() {
        return WIN - (ply as i32 + 1);
    }
    path.push(hash);
    let best = moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let value = minimax(&child, depth - 1, ply + 1, path);
            if child.to_move() == pos.to_move() {
                value
            } else {
                -value
            }
        })
        .max()
        .unwrap_or(0);
    path.pop();
    best
}

/// The final disc difference for the player to move with perfect play,
/// by trying every line.
pub fn reversi_exact(pos: &Reversi) -> i32 {
    if pos.is_over() {
        let me = pos.to_move();
        return pos.discs(me) as i32 - pos.discs(me.other()) as i32;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            -reversi_exact(&child)
        })
        .max()
        .unwrap_or(0)
}

/// The Gekitai evaluation cell by cell, window by window, on a grid: what
/// the bitboard evaluation must equal.
pub fn gekitai_evaluation(game: &Gekitai) -> i32 {
    let settings = game.settings();
    let (n, line) = (settings.size(), settings.line());
    let me = game.to_move();
    let owner = |r: usize, c: usize| Cell::new(r, c).and_then(|cell| game.piece_at(cell));
    let mut score = 10;
    for r in 0..n {
        for c in 0..n {
            let from_edge = r.min(n - 1 - r).min(c).min(n - 1 - c).min(3) as i32;
            match owner(r, c) {
                Some(p) if p == me => score += 6 * from_edge,
                Some(_) => score -= 6 * from_edge,
                None => {}
            }
        }
    }
    for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
        for r in 0..n as isize {
            for c in 0..n as isize {
                let cells: Vec<(isize, isize)> = (0..line as isize)
                    .map(|k| (r + k * dr, c + k * dc))
                    .collect();
                if cells
                    .iter()
                    .any(|&(r, c)| r < 0 || c < 0 || r >= n as isize || c >= n as isize)
                {
                    continue;
                }
                let owners: Vec<_> = cells
                    .iter()
                    .filter_map(|&(r, c)| owner(r as usize, c as usize))
                    .collect();
                let mine = owners.iter().filter(|&&p| p == me).count();
                let theirs = owners.len() - mine;
                if theirs == 0 && mine > 0 {
                    score += window_weight(mine, line);
                } else if mine == 0 && theirs > 0 {
                    score -= window_weight(theirs, line);
                }
            }
        }
    }
    let (my_reserve, their_reserve) = (game.reserve(me) as i32, game.reserve(me.other()) as i32);
    score += 12 * (their_reserve - my_reserve);
    if their_reserve == 1 {
        score -= 120;
    }
    if my_reserve == 1 {
        score += 60;
    }
    score
}
