//! Everything a player can ask for, whatever key asked for it: the keymap
//! of the screen shown reads a key press as an [`Action`]
//! ([`crate::app::keys`]), and the screen applies it in its `update`.

/// A cursor step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    /// One step this way, in rows and columns.
    pub fn offset(self) -> (isize, isize) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        }
    }
}

/// Who takes over an outside engine's seat (when it is slow or has
/// failed, or whenever the player likes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replacement {
    /// The player, at the board.
    Person,
    /// tabletop's own computer.
    Computer,
    /// Nobody: the game ends as the engine's forfeit.
    Forfeit,
}

/// Something the player asks for, whatever key asked for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Move the cursor (on the board) or the selection (in a menu).
    Step(Direction),
    /// Place a piece on the cursor cell; start the game on the start screen.
    Confirm,
    /// Add a character to the address line, opening it if needed.
    Type(char),
    /// Open an empty address line.
    OpenAddress,
    /// Delete the last character of the address line.
    Erase,
    /// Empty the line typed.
    Clear,
    /// Close the address line, an overlay, or leave the start screen.
    Cancel,
    /// A left click at a screen position.
    Click {
        column: u16,
        row: u16,
    },
    Undo,
    Redo,
    NewGame,
    /// Open the prompt that saves the game to a file.
    Save,
    /// Show the move the computer would play for the person to move.
    Hint,
    /// Hold or resume computer-against-computer play.
    Pause,
    /// Give the game up (asks first).
    Resign,
    /// Hand the seat of the outside engine to move to someone else.
    Replace(Replacement),
    /// Open the chat line (a network game).
    Chat,
    /// Offer the other player a draw (a network game).
    OfferDraw,
    /// Accept the draw or the undo the other player offers (a network
    /// game).
    Accept,
    /// Decline it.
    Decline,
    /// Look back through the positions of the game so far, a turn at a
    /// time, without changing it.
    Browse,
    /// Replay: jump to the first or the last position.
    First,
    Last,
    /// A page up or down a list (or the help).
    PageUp,
    PageDown,
    /// Replay: start or stop playing the moves by themselves.
    Autoplay,
    /// Replay: play the moves by themselves faster or slower.
    Faster,
    Slower,
    /// Replay: continue playing from the position shown, as a new game;
    /// saved games: continue the unfinished game chosen.
    Continue,
    /// Replay: jump to the next move the review calls a mistake.
    NextMistake,
    /// Saved games: sort the list another way.
    Sort,
    /// Saved games: show the next game's records only (then all again).
    Filter,
    /// Saved games and replay: review the game (in the replay viewer, in
    /// the background); a finished game: review it; puzzles: try the
    /// puzzle again (the same key, `r`).
    Review,
    /// Replay, and a game between people: show or hide the evaluation bar.
    Evaluate,
    /// Saved games: move the file chosen to the trash (asks first).
    Delete,
    /// The lobby: watch the game chosen.
    Watch,
    /// Yes to the question asked (moving a saved game to the trash).
    Yes,
    /// Open the analysis board on the position shown (a replay, a game,
    /// a puzzle done with).
    Analyse,
    /// Analysis board: one move back, one move on along the line shown.
    Previous,
    Next,
    /// Analysis board: the variation before or after this one, branching
    /// at the same move.
    PreviousVariation,
    NextVariation,
    /// Analysis board: back to where the line shown left the main line.
    MainLine,
    /// Analysis board: the computer looks harder, or less hard.
    Stronger,
    Weaker,
    /// The next colour theme.
    Theme,
    /// The next piece style (letters, stones).
    Pieces,
    Help,
    Quit,
    /// The terminal changed size.
    Resize {
        width: u16,
        height: u16,
    },
}

impl Action {
    /// A step each way.
    pub const UP: Action = Action::Step(Direction::Up);
    pub const DOWN: Action = Action::Step(Direction::Down);
    pub const LEFT: Action = Action::Step(Direction::Left);
    pub const RIGHT: Action = Action::Step(Direction::Right);
}
