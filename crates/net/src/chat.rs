//! How much the players of a game may chat. Every line is relayed to
//! everyone at the game and, on a lobby server, kept in its database for
//! good, so the connection's rate alone (20 messages a second) would let
//! one player fill gigabytes a day. So a side has so many lines between
//! two moves (any move gives both sides theirs again) and a game so many
//! in all; a line beyond them is not said, and its sender alone is told
//! why. The count is the table's, worked out from the entries of the
//! game's log, so every server following a game, and one restarted,
//! counts alike.

use tabletop_engine::Player;

/// The bounds on a game's chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChatLimit {
    /// Lines one side may say between two moves.
    pub between_moves: u32,
    /// Lines a whole game may hold.
    pub per_game: u32,
}

/// The bounds every game's chat is held to: plenty to talk over a move,
/// at most some 150 KB of a game's log.
pub const CHAT_LIMIT: ChatLimit = ChatLimit {
    between_moves: 10,
    per_game: 500,
};

/// The lines said in a game so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChatCount {
    /// Each side's lines since the last move.
    since_move: [u32; 2],
    in_game: u32,
}

impl ChatCount {
    /// Why `side` may not say another line now, within `limit`, if it
    /// may not.
    pub fn refusal(&self, side: Player, limit: ChatLimit) -> Option<String> {
        if self.in_game >= limit.per_game {
            let lines = limit.per_game;
            return Some(format!(
                "This game has had its {lines} lines of chat: nothing more can be said in it."
            ));
        }
        if self.since_move[side.index()] >= limit.between_moves {
            let lines = limit.between_moves;
            return Some(format!(
                "You have said {lines} lines since the last move: say more once a move is played."
            ));
        }
        None
    }

    /// `side` said a line.
    pub fn said(&mut self, side: Player) {
        let since_move = &mut self.since_move[side.index()];
        *since_move = since_move.saturating_add(1);
        self.in_game = self.in_game.saturating_add(1);
    }

    /// A move was played: both sides have their lines again.
    pub fn moved(&mut self) {
        self.since_move = [0, 0];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_has_so_many_lines_between_moves_and_a_game_so_many_in_all() {
        let limit = ChatLimit {
            between_moves: 2,
            per_game: 5,
        };
        let mut count = ChatCount::default();
        for _ in 0..2 {
            assert_eq!(count.refusal(Player::First, limit), None);
            count.said(Player::First);
        }
        let refused = count.refusal(Player::First, limit).expect("refused");
        assert!(refused.contains("since the last move"), "{refused}");
        // The other side has its own lines, and a move gives them back.
        assert_eq!(count.refusal(Player::Second, limit), None);
        count.said(Player::Second);
        count.moved();
        assert_eq!(count.refusal(Player::First, limit), None);
        count.said(Player::First);
        count.said(Player::Second);
        // Five in all: nothing more, whoever would say it, whatever moves.
        count.moved();
        for side in Player::BOTH {
            let refused = count.refusal(side, limit).expect("refused");
            assert!(refused.contains("5 lines of chat"), "{refused}");
        }
    }
}
