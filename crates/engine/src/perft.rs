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

/// Counts the leaves `depth` plies below `game` with `count` (a perft of
/// the same convention) on the positions one or two plies down, telling
/// `progress` after each of them the share of the whole already counted.
pub fn perft_reporting<G: Game>(
    game: &G,
    depth: usize,
    count: &mut dyn FnMut(&G, usize) -> u64,
    progress: &mut dyn FnMut(f64),
) -> u64 {
    if depth < 3 || game.is_over() {
        let leaves = count(game, depth);
        progress(1.0);
        return leaves;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let share = 1.0 / moves.len() as f64;
    let (mut total, mut replies) = (0, Vec::new());
    for (i, &mv) in moves.iter().enumerate() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        child.legal_moves(&mut replies);
        if child.is_over() || replies.is_empty() {
            total += count(&child, depth - 1);
        }
        for (j, &reply) in replies.iter().enumerate() {
            let mut grandchild = child.clone();
            grandchild.play_unchecked(reply);
            total += count(&grandchild, depth - 2);
            progress(share * (i as f64 + (j + 1) as f64 / replies.len() as f64));
        }
        progress(share * (i + 1) as f64);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gekitai::{BothWin, Gekitai, GekitaiSettings};

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

    #[test]
    fn reporting_counts_the_same_and_tells_its_progress() {
        let game = Gekitai::new(GekitaiSettings::new(4, 3, 3, BothWin::Mover).expect("valid"));
        for finished in [Finished::Leaf, Finished::Nothing] {
            for depth in 0..=5 {
                let mut told = Vec::new();
                let mut count = |game: &Gekitai, depth| perft(game, depth, finished);
                let leaves =
                    perft_reporting(&game, depth, &mut count, &mut |share| told.push(share));
                assert_eq!(leaves, perft(&game, depth, finished), "depth {depth}");
                assert!(told.windows(2).all(|w| w[0] <= w[1]), "{told:?}");
                assert!((told.last().copied().unwrap_or(0.0) - 1.0).abs() < 1e-9);
            }
        }
    }
}
