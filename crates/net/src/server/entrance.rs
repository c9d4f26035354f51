//! A connection in the lobby: it lists, creates, enters games, until it
//! is let into one (then it is served as any player or spectator) or goes
//! quiet.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use tokio::net::TcpStream;
use tokio::net::tcp::OwnedWriteHalf;
use tokio::sync::mpsc;
use tokio::time::timeout;

use super::LOBBY_IDLE;
use super::lobby::{Shared, by_code, by_id, games};
use super::opening::Create;
use crate::codec;
use crate::connection::{self, Event, Rate, farewell, kind, next, refusal};
use crate::host::HANDSHAKE_TIME;
use crate::protocol::{MAX_NAME, Message, Side, sanitise, send};
use tabletop_ai::Level;
use tabletop_core::games::GameKind;
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// A connection in the lobby: lists, creates, enters games, until it
/// is let into one (then it is served as any player or spectator) or
/// goes quiet.
pub(super) async fn enter(shared: Arc<Shared>, stream: TcpStream) {
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let (read, mut write) = stream.into_split();
    let mut reader = codec::reader(read);
    let mut rate = Rate::new();
    let mut wait = HANDSHAKE_TIME;
    let (events, seat, name) = loop {
        let message = match timeout(wait, next(&mut reader)).await {
            Err(_) => return farewell(reader, write, &refusal("nothing said in time")).await,
            Ok(Ok(None)) => return,
            Ok(Err(error)) => return farewell(reader, write, &refusal(&error.to_string())).await,
            Ok(Ok(Some(message))) => message,
        };
        if !rate.allows() {
            return farewell(reader, write, &refusal("too many messages")).await;
        }
        wait = LOBBY_IDLE;
        let entered = match message {
            Message::List => {
                if send(&mut write, &games(&shared)).await.is_err() {
                    return;
                }
                continue;
            }
            Message::Create {
                name,
                game,
                settings,
                side,
                against_computer,
                clock,
            } => create(
                &shared,
                &mut write,
                game,
                settings,
                (side, against_computer, clock),
                &name,
            )
            .await
            .map(|(events, seat)| (events, Some(seat), name)),
            Message::Enter { name, id, role } => {
                by_id(&shared, id, role).map(|(e, s)| (e, s, name))
            }
            Message::Hello {
                name, code, role, ..
            } => by_code(&shared, &code, role).map(|(e, s)| (e, s, name)),
            other => Err(format!("a {} message in the lobby", kind(&other))),
        };
        match entered {
            Ok(entered) => break entered,
            Err(why) => return farewell(reader, write, &refusal(&why)).await,
        }
    };
    connection::admit(reader, write, id, seat, &name, events, rate).await;
}

/// A lobby's `create`: the game made, its codes sent to the creator.
async fn create(
    shared: &Arc<Shared>,
    write: &mut OwnedWriteHalf,
    game: String,
    settings: toml::Table,
    (side, computer, clock): (Side, Option<u8>, Option<TimeControl>),
    name: &str,
) -> Result<(mpsc::Sender<Event>, Player), String> {
    let clock = clock.map(TimeControl::checked).transpose()?;
    let kind: GameKind = game
        .parse()
        .map_err(|_| format!("no game called {:?} here", sanitise(&game, 20)))?;
    let computer = match computer {
        None => None,
        Some(level) => Some(Level::new(level).ok_or("a computer level is 1 to 5")?),
    };
    let name = match sanitise(name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let (created, events) = kind.with(Create {
        shared: shared.clone(),
        settings,
        name,
        side: side.into(),
        computer,
        clock,
    })?;
    send(write, &created)
        .await
        .map_err(|e| format!("the connection broke: {e}"))?;
    Ok((events, side.into()))
}
