//! A network game's screen: the game the host or server welcomed us to,
//! played on the game screen over its session (`tabletop join`, `watch`,
//! `host` and the lobby all open it here).

use crate::app::screens::Screen;
use crate::app::screens::play::Play;
use crate::app::screens::play::peer::Peer;
use crate::games;
use crate::games::{GameKind, Interactive, WithGame};
use crate::net::protocol::sanitise;
use crate::net::session::{Session, Start};
use tabletop_engine::record::read_settings;

/// The game screen for the game `start` describes, its other side played
/// over `session`, its panel showing `notes` first (where the chat goes);
/// why not, if the game or its settings cannot be read.
pub fn network_game(
    start: Start,
    session: Session,
    notes: Vec<String>,
    animate: bool,
) -> Result<Box<dyn Screen>, String> {
    games::with_game(
        known_game(&start.game)?,
        NetworkGame {
            start,
            session,
            notes,
            animate,
        },
    )
}

/// The game a host plays, if this tabletop knows it.
pub fn known_game(game: &str) -> Result<GameKind, String> {
    game.parse().map_err(|_| {
        format!(
            "the host plays {:?}, which this tabletop does not know",
            sanitise(game, 20)
        )
    })
}

struct NetworkGame {
    start: Start,
    session: Session,
    notes: Vec<String>,
    animate: bool,
}

impl WithGame for NetworkGame {
    type Output = Result<Box<dyn Screen>, String>;
    fn run<G: Interactive>(self) -> Self::Output {
        let NetworkGame {
            start,
            session,
            notes,
            animate,
        } = self;
        let settings = read_settings::<G>(&start.settings)
            .map_err(|error| format!("the host sent {error}"))?;
        let mut peer = Peer::new(session, start.side, start.names).with_clock(start.clock);
        peer.chat = notes;
        let play = Play::networked(G::new(settings), &start.moves, peer, animate)?;
        Ok(Box::new(play))
    }
}
