//! What a review concludes about each move from the positions before and
//! after it: how much of the mover's chance of winning it gave away, and
//! whether it threw away a won game.
//!
//! The thresholds are drops in the mover's chance of winning: 10 points
//! for an inaccuracy, 20 for a mistake, 30 for a blunder. lichess grades
//! drops of 0.1, 0.2 and 0.3 in winning chances from -1 to 1, which are 5,
//! 10 and 15 points; our evaluations are coarser than a chess engine's, so
//! tabletop asks for twice the drop before it calls a move out. A move
//! that turns a won game (a forced win, or a win with best play that an
//! exact solver proved) into anything less is a blunder whatever the
//! numbers say; a move that wins at once is the best there is, whatever
//! move the computer preferred.

use tabletop_engine::BestPlay;
use tabletop_engine::record::review::{Reviewed, Standing};

/// Drops in the mover's chance of winning (0 to 1) from which a move is
/// an inaccuracy, a mistake, a blunder.
pub const INACCURACY: f64 = 0.10;
pub const MISTAKE: f64 = 0.20;
pub const BLUNDER: f64 = 0.30;

/// How good a move was.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Class {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// `good`, `blunder ??`: the name with its annotation, if it has one.
    pub fn label(self) -> String {
        match self.mark() {
            "" => self.name().to_string(),
            mark => format!("{} {mark}", self.name()),
        }
    }

    /// The annotation players write after such a move.
    pub fn mark(self) -> &'static str {
        match self {
            Class::Best | Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

/// The verdict on one move.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Judgement {
    pub class: Class,
    /// The mover's chance of winning before and after the move (0 to 1).
    pub before: f64,
    pub after: f64,
    /// The mover had a won game (a forced win, or a win with best play)
    /// and the move let it go.
    pub threw_away_win: bool,
}

/// How `after` (the position after the move) stands for the mover: the
/// same as written when the mover moves again (Connect6's second stone),
/// else the other way round.
fn for_mover(after: Standing, moves_again: bool) -> Standing {
    if moves_again {
        return after;
    }
    match after {
        Standing::Wins(plies) => Standing::Loses(plies),
        Standing::Loses(plies) => Standing::Wins(plies),
        Standing::BestPlay(best_play) => Standing::BestPlay(best_play.other_side()),
        Standing::Drawn => Standing::Drawn,
        Standing::Chance(percent) => Standing::Chance(100.0 - percent),
    }
}

/// Whether a standing is a won game for the player to move: a forced win
/// or a win with best play.
pub fn is_won(standing: Standing) -> bool {
    matches!(
        standing,
        Standing::Wins(_) | Standing::BestPlay(BestPlay::Win(_))
    )
}

/// Judges the move `played` from the position reviewed as `before` to the
/// one reviewed as `after`; `moves_again` when the mover is also to move
/// after it.
pub fn judge<M: PartialEq>(
    before: &Reviewed<M>,
    after: &Reviewed<M>,
    played: &M,
    moves_again: bool,
) -> Judgement {
    let after_standing = for_mover(after.standing, moves_again);
    let (chance_before, chance_after) = (before.standing.chance(), after_standing.chance());
    let threw_away_win = is_won(before.standing)
        && match after_standing {
            // An exact solver that did not finish after the move proves
            // nothing; the search's forced win is taken as it always was.
            Standing::Chance(_) => matches!(before.standing, Standing::Wins(_)),
            after => !is_won(after),
        };
    // In tenths of a point, so that 60% to 50% is a drop of 10 points
    // exactly, as the player reads it.
    let drop = ((chance_before - chance_after) * 1000.0).round() / 1000.0;
    let wins_at_once = after_standing == Standing::Wins(0);
    let class = if threw_away_win || drop >= BLUNDER {
        Class::Blunder
    } else if wins_at_once || before.best.as_ref() == Some(played) {
        Class::Best
    } else if drop >= MISTAKE {
        Class::Mistake
    } else if drop >= INACCURACY {
        Class::Inaccuracy
    } else {
        Class::Good
    };
    Judgement {
        class,
        before: chance_before,
        after: chance_after,
        threw_away_win,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(standing: Standing, best: Option<u8>) -> Reviewed<u8> {
        Reviewed {
            standing,
            best,
            line: Vec::new(),
        }
    }

    #[test]
    fn drops_in_the_chance_of_winning_grade_the_move() {
        let before = at(Standing::Chance(60.0), Some(1));
        let grade = |after: f64, played: u8| {
            judge(&before, &at(Standing::Chance(after), None), &played, false).class
        };
        // The opponent's chance after the move is 100 - the mover's.
        assert_eq!(grade(40.0, 1), Class::Best);
        assert_eq!(grade(45.0, 2), Class::Good);
        assert_eq!(grade(50.0, 2), Class::Inaccuracy);
        assert_eq!(grade(60.0, 2), Class::Mistake);
        assert_eq!(grade(70.0, 2), Class::Blunder);
        // The best move by the computer's reckoning is still best when
        // its estimate moves a little, but never when it loses the game.
        assert_eq!(grade(55.0, 1), Class::Best);
        assert_eq!(grade(95.0, 1), Class::Blunder);
    }

    #[test]
    fn letting_a_forced_win_go_is_a_blunder() {
        let won = at(Standing::Wins(5), Some(1));
        let still_won = judge(&won, &at(Standing::Loses(4), None), &2, false);
        assert_eq!(still_won.class, Class::Good);
        assert!(!still_won.threw_away_win);
        let thrown = judge(&won, &at(Standing::Chance(10.0), None), &2, false);
        assert_eq!(thrown.class, Class::Blunder);
        assert!(thrown.threw_away_win);
        // Connect6's first stone of a turn: the same player moves again.
        let second_stone = judge(&won, &at(Standing::Wins(3), None), &1, true);
        assert_eq!(second_stone.class, Class::Best);
    }

    #[test]
    fn a_move_that_wins_at_once_is_best_whichever_the_computer_chose() {
        let won = at(Standing::Wins(1), Some(1));
        // The game is over after it: the opponent, to move, has lost.
        let winning = judge(&won, &at(Standing::Loses(0), None), &2, false);
        assert_eq!(
            (winning.class, winning.threw_away_win),
            (Class::Best, false)
        );
        // Connect6: a first stone that completes the row ends the game
        // with its mover still to move.
        let first_stone = judge(&won, &at(Standing::Wins(0), None), &2, true);
        assert_eq!(first_stone.class, Class::Best);
        // A move that only keeps the win is good.
        let keeping = judge(&won, &at(Standing::Loses(2), None), &3, false);
        assert_eq!(keeping.class, Class::Good);
    }

    #[test]
    fn a_win_with_best_play_let_go_is_thrown_away_when_proved() {
        let by = |n| std::num::NonZeroU32::new(n);
        let won = at(Standing::BestPlay(BestPlay::Win(by(4))), Some(1));
        // Each standing after the move is the opponent's.
        let judged = |after: Standing, played: u8| judge(&won, &at(after, None), &played, false);
        let kept = judged(Standing::BestPlay(BestPlay::Loss(by(2))), 1);
        assert_eq!((kept.class, kept.threw_away_win), (Class::Best, false));
        let searched = judged(Standing::Loses(7), 2);
        assert_eq!(
            (searched.class, searched.threw_away_win),
            (Class::Good, false)
        );
        // Reversi: from a win to a draw with best play, or to a loss.
        for after in [
            Standing::BestPlay(BestPlay::Draw),
            Standing::BestPlay(BestPlay::Win(None)),
            Standing::Wins(3),
            Standing::Drawn,
        ] {
            let thrown = judged(after, 2);
            assert_eq!(
                (thrown.class, thrown.threw_away_win),
                (Class::Blunder, true)
            );
        }
        // The solver not finishing after the move proves nothing.
        let unknown = judged(Standing::Chance(20.0), 2);
        assert!(!unknown.threw_away_win);
        assert_eq!(unknown.class, Class::Mistake);
        // A search's forced win kept as a win with best play.
        let forced = at(Standing::Wins(5), Some(1));
        let after = at(Standing::BestPlay(BestPlay::Loss(None)), None);
        assert!(!judge(&forced, &after, &1, false).threw_away_win);
    }
}
