//! How a game ends with best play from a position, for the player to move,
//! as a game's exact solver proves it: who wins (or a draw) and, for a game
//! that counts one, by how much. A solver proves who wins, not how soon, so
//! there is no ply count here (the search's forced wins carry theirs).

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

/// The end of the game with best play for the player to move. A margin
/// (Reversi's final disc difference) is the winner's lead, never 0: a game
/// won by nothing is a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BestPlay {
    Win(Option<NonZeroU32>),
    Loss(Option<NonZeroU32>),
    Draw,
}

impl BestPlay {
    /// From the final difference with best play, the mover's count minus
    /// the opponent's.
    pub fn by_difference(difference: i32) -> BestPlay {
        let margin = NonZeroU32::new(difference.unsigned_abs());
        match difference.signum() {
            1 => BestPlay::Win(margin),
            -1 => BestPlay::Loss(margin),
            _ => BestPlay::Draw,
        }
    }

    /// The same end, for the other player.
    pub fn other_side(self) -> BestPlay {
        match self {
            BestPlay::Win(margin) => BestPlay::Loss(margin),
            BestPlay::Loss(margin) => BestPlay::Win(margin),
            BestPlay::Draw => BestPlay::Draw,
        }
    }

    /// The winner's lead, if the game counts one (0 for a draw).
    pub fn margin(self) -> Option<u32> {
        match self {
            BestPlay::Win(margin) | BestPlay::Loss(margin) => margin.map(NonZeroU32::get),
            BestPlay::Draw => Some(0),
        }
    }

    /// Who wins, in a word: [`Ending`].
    pub fn ending(self) -> Ending {
        match self {
            BestPlay::Win(_) => Ending::Win,
            BestPlay::Loss(_) => Ending::Loss,
            BestPlay::Draw => Ending::Draw,
        }
    }

    /// `ending` with `margin`: `None` when they do not go together (a
    /// margin of 0 for a win or a loss, or one of more than 0 for a draw).
    pub fn new(ending: Ending, margin: Option<u32>) -> Option<BestPlay> {
        match (ending, margin) {
            (Ending::Draw, None | Some(0)) => Some(BestPlay::Draw),
            (Ending::Draw, Some(_)) | (_, Some(0)) => None,
            (Ending::Win, margin) => Some(BestPlay::Win(margin.and_then(NonZeroU32::new))),
            (Ending::Loss, margin) => Some(BestPlay::Loss(margin.and_then(NonZeroU32::new))),
        }
    }
}

/// A win, a loss or a draw for the player to move, as records write it:
/// `win`, `loss`, `draw`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    Win,
    Loss,
    Draw,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Win => "win",
            Ending::Loss => "loss",
            Ending::Draw => "draw",
        })
    }
}

/// A word that is not `win`, `loss` or `draw`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EndingError(pub String);

impl fmt::Display for EndingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected win, loss or draw (got {:?})", self.0)
    }
}

impl std::error::Error for EndingError {}

impl FromStr for Ending {
    type Err = EndingError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "win" => Ok(Ending::Win),
            "loss" => Ok(Ending::Loss),
            "draw" => Ok(Ending::Draw),
            _ => Err(EndingError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_is_a_win_a_loss_or_a_draw_with_its_margin() {
        assert_eq!(
            BestPlay::by_difference(6),
            BestPlay::Win(NonZeroU32::new(6))
        );
        assert_eq!(BestPlay::by_difference(-2).margin(), Some(2));
        assert_eq!(BestPlay::by_difference(-2).ending(), Ending::Loss);
        assert_eq!(BestPlay::by_difference(0), BestPlay::Draw);
        assert_eq!(
            BestPlay::by_difference(6).other_side(),
            BestPlay::by_difference(-6)
        );
    }

    #[test]
    fn a_margin_must_fit_the_ending() {
        assert_eq!(BestPlay::new(Ending::Win, None), Some(BestPlay::Win(None)));
        assert_eq!(
            BestPlay::new(Ending::Loss, Some(3)),
            Some(BestPlay::by_difference(-3))
        );
        assert_eq!(BestPlay::new(Ending::Draw, Some(0)), Some(BestPlay::Draw));
        assert_eq!(BestPlay::new(Ending::Win, Some(0)), None);
        assert_eq!(BestPlay::new(Ending::Draw, Some(2)), None);
        for ending in [Ending::Win, Ending::Loss, Ending::Draw] {
            assert_eq!(ending.to_string().parse(), Ok(ending));
        }
        assert!("wins".parse::<Ending>().is_err());
    }
}
