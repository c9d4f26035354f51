//! Perft: the number of leaf positions a given number of plies from a
//! position, the standard check that move generation follows the rules.

use super::game::Game;

/// Leaves `depth` plies below `game`. A finished game is one leaf where it
/// ends; the last ply is counted, not played.
pub fn perft<G: Game>(game: &G, depth: usize) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    if depth == 1 {
        return game.count_legal_moves() as u64;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
