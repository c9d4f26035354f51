//! A network game whose connection dropped (or whose server restarted)
//! is joined again from the game screen: Enter connects again the way the
//! session came (a player's rejoin code, a spectator's code), in the
//! background, and the game screen is made again from the welcome.

use super::Play;
use super::peer::{Connection, Peer};
use crate::app::games::GameUi;
use crate::app::screens::screen::{Tick, Transition};
use crate::games::Interactive;
use crate::net::session::{Reopening, Session, Start};
use tabletop_engine::record::read_settings;

impl<G: GameUi> Play<G> {
    /// Whether Enter connects again: the connection is lost, the game
    /// not over here, and there is a way back.
    pub(super) fn can_reconnect(&self) -> bool {
        self.input.is_none()
            && !self.ended()
            && self.peer.as_ref().is_some_and(|peer| {
                matches!(peer.connection, Connection::Lost(_))
                    && peer.reopening.is_none()
                    && peer.session.way_back().is_some()
            })
    }

    /// Starts connecting again.
    pub(super) fn reconnect(&mut self) {
        let Some(peer) = &mut self.peer else { return };
        let Some(back) = peer.session.way_back().cloned() else {
            return;
        };
        peer.reopening = Some(Reopening::start(back));
        self.message = Some("Connecting again...".to_string());
    }
}

impl<G: Interactive> Play<G> {
    /// The game screen made again once the host welcomed this side back;
    /// why not, told, if it did not.
    pub(super) fn reconnected(&mut self) -> Option<Tick> {
        let peer = self.peer.as_mut()?;
        let answer = peer.reopening.as_mut()?.poll()?;
        peer.reopening = None;
        match answer.and_then(|(start, session)| self.rejoined(start, session)) {
            Ok(play) => Some(Tick::Go(Transition::Switch(Box::new(play)))),
            Err(why) => {
                self.message = Some(format!("Cannot connect again: {why} (Enter tries again)"));
                Some(Tick::Changed)
            }
        }
    }

    /// This game as the host welcomed it again, the chat kept.
    fn rejoined(&self, start: Start, session: Session) -> Result<Play<G>, String> {
        let settings = read_settings::<G>(&start.settings)
            .map_err(|error| format!("the host sent {error}"))?;
        let mut peer = Peer::new(session, start.side, start.names).with_clock(start.clock);
        if let Some(old) = &self.peer {
            peer.chat = old.chat.clone();
        }
        Play::networked(G::new(settings), &start.moves, peer, self.animate)
    }
}
