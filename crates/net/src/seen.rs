//! What happens in a network game, as a terminal at it is told, in the
//! order it happens: the plain mode prints it, the server's rooms show it
//! to no one. The game as it stands after each happening comes with it.

use std::io;

use tabletop_engine::Game;
use tabletop_engine::Player;
use tabletop_engine::record::Adjudged;

use crate::state::GameState;

/// One thing that happened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Seen<M> {
    /// A move was played: typed at this terminal (already on its screen)
    /// or not (another player's, the computer's).
    Moved {
        mv: M,
        typed_here: bool,
    },
    /// A line of chat from `from` (a peer's words, not yet made safe).
    Chat {
        from: String,
        text: String,
    },
    /// A line of news; the game goes on.
    Notice(String),
    Resigned(Player),
    /// The clock or the players ended the game.
    Adjudged(Adjudged),
    /// `by`'s last move and every move after it were taken back.
    TakenBack(Player),
    /// A line typed here asks for what cannot be done now, and why.
    Refused(String),
    /// The game begins here: a heading, then the position.
    Began(String),
    /// The game was abandoned before its end, and why.
    Abandoned(String),
}

/// Whoever shows a game: told each thing that happens, with the game as
/// it stands after it.
pub trait Witness<G: Game> {
    fn see(&mut self, state: &GameState<G>, seen: Seen<G::Move>) -> io::Result<()>;
}

/// A game shown to no one (the lobby server's rooms).
pub struct Unseen;

impl<G: Game> Witness<G> for Unseen {
    fn see(&mut self, _: &GameState<G>, _: Seen<G::Move>) -> io::Result<()> {
        Ok(())
    }
}
