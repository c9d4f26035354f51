//! The two sides of a game and how a game ends.

/// The side to move first in every game is [`Player::First`]; each game
/// gives its players their own symbols (Gekitai `X`/`O`, Hex `O`/`X`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: for per-player arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }
}
