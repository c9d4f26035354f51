//! What level 5's fitted evaluation (`fitted.rs`) reads of a position,
//! counted afresh from the game rather than kept stone by stone as the
//! board keeps it: the windows each side holds alone, by mask, and how
//! many stones the threats take. `examples/connect6_train.rs` fits the
//! weights to these; the test below checks that the board's kept
//! evaluation is their weighted sum.

use super::board::Board;
use super::fitted::{LINE, MASKS, canonical, fitted_masks};
use crate::cells::colour;
use tabletop_engine::connect6::Connect6;
use tabletop_engine::{Cell, Game};

/// What the fitted evaluation reads of a position, for the side that has
/// just played.
pub struct Features {
    /// For every window of six cells one side holds alone, the number of
    /// its mask among [`fitted_masks`], or that number plus their count
    /// if the side to play holds it.
    pub windows: Vec<usize>,
    /// How many stones it takes to block the threats of the side that
    /// has just played (3: more than two).
    pub level: usize,
}

/// The features of `game` (rows of six, at the end of a whole turn) for
/// the side that has just played; `None` if rows are not of six.
pub fn features(game: &Connect6) -> Option<Features> {
    if game.settings().line() != LINE {
        return None;
    }
    let n = game.side();
    let index: Vec<Option<usize>> = {
        let masks = fitted_masks();
        (0..MASKS)
            .map(|m| masks.iter().position(|&f| f == canonical(m)))
            .collect()
    };
    let to_play = game.to_move();
    let mut found = Vec::new();
    for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
        for r in 0..n as isize {
            for c in 0..n as isize {
                let (er, ec) = (r + 5 * dr, c + 5 * dc);
                if er < 0 || ec < 0 || er >= n as isize || ec >= n as isize {
                    continue;
                }
                let (mut mine, mut theirs) = (0, 0);
                for k in 0..LINE as isize {
                    let cell = Cell::new((r + k * dr) as usize, (c + k * dc) as usize);
                    match cell.and_then(|cell| game.piece_at(cell)) {
                        Some(p) if p == to_play => theirs |= 1 << k,
                        Some(_) => mine |= 1 << k,
                        None => {}
                    }
                }
                let of = fitted_masks().len();
                match (mine, theirs) {
                    (0, 0) => {}
                    (m, 0) => found.extend(index[m]),
                    (0, m) => found.extend(index[m].map(|i| i + of)),
                    _ => {}
                }
            }
        }
    }
    let board = Board::from_game(game);
    let level = board.blocks(&board.threats(colour(to_play.other()))).0;
    Some(Features {
        windows: found,
        level,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::fitted::Weights;
    use tabletop_engine::Rng;
    use tabletop_engine::connect6::{Connect6Settings, Stone};

    /// The evaluation kept stone by stone is the sum of the weights of
    /// the position's features, for both sides, on random positions of
    /// 19×19 and 9×9 as stones come and go; other rows than six have
    /// none.
    #[test]
    fn the_kept_evaluation_is_the_sum_of_its_features() {
        let pairs: Vec<(usize, i64, i64)> = fitted_masks()
            .into_iter()
            .map(|m| (m, (m as i64 * 37) % 101 - 40, (m as i64 * 53) % 89 - 50))
            .collect();
        let weights: &'static Weights = Box::leak(Box::new(Weights::new(&pairs, [0, 70, 300])));
        let mut rng = Rng::new(9);
        let of = fitted_masks().len();
        let mut checked = 0;
        for n in [19, 9] {
            let settings = Connect6Settings::new(n, 6).expect("valid");
            let mut game = Connect6::new(settings);
            while !game.is_over() && game.plies() < 40 {
                let cell = Cell::new(rng.below(n), rng.below(n)).expect("on the board");
                if game.piece_at(cell).is_some() {
                    continue;
                }
                game.play(Stone(cell)).expect("legal");
                if game.is_over() || game.stone_of_turn() != (1, 2) {
                    continue;
                }
                let features = features(&game).expect("rows of six");
                let sum: i64 = features
                    .windows
                    .iter()
                    .map(|&f| {
                        let mask = fitted_masks()[f % of];
                        if f < of {
                            weights.mine[mask]
                        } else {
                            weights.theirs[mask]
                        }
                    })
                    .sum::<i64>()
                    + weights.levels[features.level.min(2)];
                let board = Board::with_weights(&game, weights);
                let just_played = colour(game.to_move().other());
                assert_eq!(board.judge(just_played, features.level), sum, "{n}x{n}");
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked}");
        let other = Connect6::new(Connect6Settings::new(9, 5).expect("valid"));
        assert!(features(&other).is_none());
    }
}
