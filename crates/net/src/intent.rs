//! What a player at a terminal asks for, however the front end reads it
//! (the plain mode's typed lines, the game screen's keys).

use crate::protocol::Proposal;

/// One request of the player at this terminal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Intent<M> {
    /// A move, read as legal in the position the terminal shows.
    Move(M),
    /// A line of chat.
    Chat(String),
    Resign,
    /// The win against an opponent who did not come back.
    Claim,
    /// A draw offer or an undo request.
    Offer(Proposal),
    /// Accept (true) or decline the other side's offer.
    Answer(bool),
    /// Not a move now: the front end's words saying why.
    Unreadable(String),
}
