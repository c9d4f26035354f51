//! Perft: the number of leaf positions a given number of plies from a
//! position, the standard check that move generation follows the rules.

use super::game::Game;

/// What a game that ends before the last ply adds to the count. Published
/// series differ: Reversi's count such a game as one leaf where it ends,
/// Gekitai's count only positions exactly `depth` plies deep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Finished {
    /// One leaf where the game ended.
    Leaf,
    /// Nothing: only positions `depth` plies deep are leaves.
    Nothing,
}

/// Leaves `depth` plies below `game`; the last ply is counted, not played.
pub fn perft<G: Game>(game: &G, depth: usize, finished: Finished) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return match finished {
            Finished::Leaf => 1,
            Finished::Nothing => 0,
        };
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
            perft(&child, depth - 1, finished)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gekitai::{BothWin, Gekitai, GekitaiSettings};

    /// The two ways of counting differ by exactly the games that ended
    /// early, counted once each.
    #[test]
    fn the_two_counts_differ_by_the_games_that_ended_early() {
        let settings = GekitaiSettings::new(4, 3, 3, BothWin::Mover).expect("valid");
        let game = Gekitai::new(settings);
        fn ended_early(game: &Gekitai, depth: usize) -> u64 {
            if game.is_over() {
                return u64::from(depth > 0);
            }
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = game.clone();
                    child.play_unchecked(mv);
                    if depth > 1 {
                        ended_early(&child, depth - 1)
                    } else {
                        0
                    }
                })
                .sum()
        }
        for depth in 1..=6 {
            let leaf = perft(&game, depth, Finished::Leaf);
            let nothing = perft(&game, depth, Finished::Nothing);
            assert_eq!(leaf - nothing, ended_early(&game, depth), "depth {depth}");
        }
        assert!(perft(&game, 6, Finished::Leaf) > perft(&game, 6, Finished::Nothing));
    }
}
