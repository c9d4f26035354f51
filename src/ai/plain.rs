//! A plain, slow, full-width minimax with the same leaves as the search
//! (same evaluation, same wins on the spot, same repetition rule), and a
//! plain Reversi endgame minimax: the references the optimised search and
//! solver are tested against.

use super::Searchable;
use super::search::{WIN, leaf_value, terminal_value, winning_move};
use crate::engine::Game;
use crate::engine::reversi::Reversi;

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
