//! Level 5's alpha-beta search over whole turns (a turn is a set of two
//! stones, one for the rest of a turn): our candidate sets at the root,
//! then at each turn the mover's best few sets by their static value
//! (`Board::replies`), the window evaluation at the leaves; a set that
//! wins or makes threats no two stones block ends the line, and so does
//! one after which the side to move has a short chain of double threats
//! (`Knobs::chain_turns`, off at level 5). Deepened a turn at a time
//! while the clock allows; a deeper search the clock cut short is
//! dropped.

use super::Knobs;
use super::board::{Board, Pair, WIN};
use super::clock::Clock;

/// The sets searched further at each turn below the root.
const TURN_WIDTH: usize = 8;

impl Board {
    /// The value for `who`, about to play a whole turn, of `turns` turns
    /// ahead (this one included), fail-soft within (`alpha`, `beta`).
    fn turn_value(
        &mut self,
        who: u8,
        turns: u32,
        alpha: i64,
        beta: i64,
        knobs: Knobs,
        clock: &Clock,
    ) -> i64 {
        let replies = match self.replies(who, knobs.pair_cells, clock) {
            Ok(replies) => replies,
            Err(decided) => return decided,
        };
        let Some(&(first, _)) = replies.first() else {
            // No candidate blocks (a threat far from the stones): the
            // plain evaluation will do, as if the opponent had just
            // played.
            return -self.evaluate(3 - who);
        };
        if turns <= 1 || first >= WIN / 2 {
            return first;
        }
        let mut best = -WIN;
        for (k, &(_, set)) in replies.iter().take(TURN_WIDTH).enumerate() {
            if clock.expired() {
                break;
            }
            self.place_set(set, who);
            let chain = knobs.chain_turns > 0
                && (self.forced_win(3 - who, 2, knobs.chain_turns, 0, clock)).is_some();
            let floor = alpha.max(best);
            let value = if chain {
                -WIN / 2
            } else {
                self.reduced(who, k, turns - 1, floor, knobs, clock)
                    .filter(|&value| value <= floor)
                    .unwrap_or_else(|| {
                        -self.turn_value(3 - who, turns - 1, -beta, -floor, knobs, clock)
                    })
            };
            self.remove_set(set);
            best = best.max(value);
            if best >= beta {
                break;
            }
        }
        best
    }

    /// The selective cut: the value of `who`'s `k`-th set (best first),
    /// just placed, with the opponent to look `turns` turns ahead, by a
    /// search two turns shallower with a null window at `floor` (so the
    /// same side judges the last turn); `None` where no cut is made (the
    /// first sets, shallow searches, nothing to beat yet). A value above
    /// `floor` means the set must be searched in full.
    fn reduced(
        &mut self,
        who: u8,
        k: usize,
        turns: u32,
        floor: i64,
        knobs: Knobs,
        clock: &Clock,
    ) -> Option<i64> {
        if knobs.reduce_after == 0 || k < knobs.reduce_after || turns < 3 || floor <= -WIN / 2 {
            return None;
        }
        Some(-self.turn_value(3 - who, turns - 2, -(floor + 1), -floor, knobs, clock))
    }
}

/// `me`'s sets (`ranked`, best static value first) weighed by the search
/// over turns, ever deeper up to `knobs.turns`: the sets of the deepest
/// search that finished (or of the first, as far as it got), best first,
/// then those it had no time for in their earlier order (valued 0); and
/// how many of them were weighed.
pub(super) fn weigh(
    board: &mut Board,
    me: u8,
    ranked: Vec<Pair>,
    knobs: Knobs,
    clock: &Clock,
) -> (Vec<(i64, Pair)>, usize) {
    let mut order = ranked;
    let mut weighed: Vec<(i64, Pair)> = Vec::new();
    for turns in 2..=knobs.turns.max(2) {
        let mut values: Vec<(i64, Pair)> = Vec::new();
        let mut best = -WIN;
        for (searched, &set) in order.iter().enumerate() {
            // The first search weighs at least one set; a deeper one
            // starts only on time.
            if (searched > 0 || !weighed.is_empty()) && clock.expired() {
                break;
            }
            clock.tick();
            board.place_set(set, me);
            let value = if board.has_won(me) {
                WIN
            } else {
                board
                    .reduced(me, searched, turns - 1, best, knobs, clock)
                    .filter(|&value| value <= best)
                    .unwrap_or_else(|| {
                        -board.turn_value(3 - me, turns - 1, -WIN, -best, knobs, clock)
                    })
            };
            board.remove_set(set);
            best = best.max(value);
            values.push((value, set));
        }
        let finished = values.len() == order.len() && !clock.expired();
        if !finished && !weighed.is_empty() {
            break;
        }
        values.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
        let looked_at = values.len();
        values.extend(order[looked_at..].iter().map(|&set| (0, set)));
        order = values.iter().map(|&(_, set)| set).collect();
        weighed = values;
        if !finished {
            return (weighed, looked_at);
        }
    }
    let looked_at = weighed.len();
    (weighed, looked_at)
}

#[cfg(test)]
mod tests {
    use std::cell::Cell as Counter;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::connect6::Eval;
    use tabletop_engine::connect6::{Connect6, Connect6Settings, Stone};
    use tabletop_engine::{Cell, Game, Rng};

    /// The same search over turns without pruning: every one of the
    /// `TURN_WIDTH` best sets searched to the end.
    fn plain_value(board: &mut Board, who: u8, turns: u32, clock: &Clock) -> i64 {
        let replies = match board.replies(who, 0, clock) {
            Ok(replies) => replies,
            Err(decided) => return decided,
        };
        let Some(&(first, _)) = replies.first() else {
            return -board.evaluate(3 - who);
        };
        if turns <= 1 || first >= WIN / 2 {
            return first;
        }
        let mut best = -WIN;
        for &(_, set) in replies.iter().take(TURN_WIDTH) {
            board.place_set(set, who);
            best = best.max(-plain_value(board, 3 - who, turns - 1, clock));
            board.remove_set(set);
        }
        best
    }

    #[test]
    fn alpha_beta_over_turns_agrees_with_the_plain_search() {
        let mut rng = Rng::new(18);
        let knobs = Knobs {
            turns: 3,
            ..Knobs::LEVEL_5
        };
        let (stop, used) = (AtomicBool::new(false), Counter::new(0));
        let clock = Clock::nodes(u64::MAX / 2, &stop, &used);
        let mut compared = 0;
        for (n, line) in [(9, 5), (11, 6), (9, 6)] {
            for _ in 0..4 {
                let settings = Connect6Settings::new(n, line).expect("valid settings");
                let mut game = Connect6::new(settings);
                let stones = 8 + rng.below(6);
                while game.plies() < stones && !game.is_over() {
                    let (r, c) = (n / 2 - 2 + rng.below(5), n / 2 - 2 + rng.below(5));
                    let cell = Cell::new(r, c).expect("on the board");
                    if game.piece_at(cell).is_none() {
                        game.play(Stone(cell)).expect("legal");
                    }
                }
                let mut board = Board::from_game(&game);
                let fast = board.turn_value(1, 3, -WIN, WIN, knobs, &clock);
                let plain = plain_value(&mut board, 1, 3, &clock);
                assert_eq!(fast, plain, "{n}x{n}, rows of {line}");
                compared += 1;
            }
        }
        assert_eq!(compared, 12);
    }

    /// The leaf's value `-evaluate(3 - who)` (as if the opponent had just
    /// played, which the fitted evaluation needs) is exactly the earlier
    /// `evaluate(who)` with the windows' evaluation (`Knobs::BASELINE`),
    /// which is the same for both sides with the sign turned.
    #[test]
    fn the_windows_evaluation_is_the_same_for_both_sides_but_the_sign() {
        assert!(matches!(Knobs::BASELINE.eval, Eval::Windows));
        let mut rng = Rng::new(33);
        for (n, line) in [(19, 6), (9, 5), (13, 6)] {
            let settings = Connect6Settings::new(n, line).expect("valid settings");
            let mut game = Connect6::new(settings);
            while game.plies() < 30 && !game.is_over() {
                let cell = Cell::new(rng.below(n), rng.below(n)).expect("on the board");
                if game.piece_at(cell).is_none() {
                    game.play(Stone(cell)).expect("legal");
                }
                let board = Board::from_game(&game);
                for who in [1, 2] {
                    assert_eq!(
                        board.evaluate(who),
                        -board.evaluate(3 - who),
                        "{n}x{n} after {} stones",
                        game.plies()
                    );
                }
            }
            assert!(
                Board::from_game(&game).evaluate(1) != 0,
                "{n}x{n}: a position that says nothing"
            );
        }
    }
}
