//! `tabletop join`, `watch` and a game entered from `online --plain`: the
//! welcomed game printed as it goes, this side's moves typed here.

use tabletop_engine::Player;
use tabletop_net::client::following::{Following, Heard};
use tabletop_net::client::{Link, Welcomed};
use tabletop_net::protocol::Message;

use super::keyboard::Keyboard;
use super::table::Table;
use crate::plain::{PlainGame, Style};

/// Plays (or watches) the welcomed game of `G` to its end: the moves
/// typed here on this side's turns, offers and answers at any time, the
/// host's news as it comes. `Ok(true)` when the game reached its result.
pub async fn play<G: PlainGame>(
    welcomed: Welcomed,
    style: Style,
    mut keyboard: Keyboard,
    out: &mut dyn std::io::Write,
) -> Result<bool, String> {
    let io = |error: std::io::Error| error.to_string();
    let mut following = Following::<G>::new(&welcomed)?;
    let Welcomed {
        mut link, rejoin, ..
    } = welcomed;
    let mut table = Table::new(&following.state, style, out);
    for line in introduction(&following, rejoin) {
        table.say(&line).map_err(io)?;
    }
    table.show(&following.state).map_err(io)?;
    loop {
        typed(&mut following, &mut keyboard, &mut table, &mut link).await?;
        tokio::select! {
            () = keyboard.read() => {}
            incoming = link.next() => {
                let heard = match incoming? {
                    Some(Message::Ping) => {
                        link.write(&Message::Pong)
                            .await
                            .map_err(|e| format!("the connection broke: {e}"))?;
                        continue;
                    }
                    Some(message) => following.heard(message, &mut table)?,
                    None => following.closed()?,
                };
                if let Heard::Ended(reached) = heard {
                    return Ok(reached);
                }
            }
        }
    }
}

/// Who plays whom, and the code to come back with.
fn introduction<G: PlainGame>(following: &Following<G>, rejoin: Option<String>) -> Vec<String> {
    let names = &following.names;
    let (x, o) = (G::symbol(Player::First), G::symbol(Player::Second));
    let mut lines = vec![match following.side {
        Some(side) => match names[side.other().index()].as_str() {
            "" => format!("You play {}; the other seat is open.", G::symbol(side)),
            opponent => format!("You play {} against {opponent}.", G::symbol(side)),
        },
        None => format!("Watching {} ({x}) against {} ({o}).", names[0], names[1]),
    }];
    lines.extend(rejoin.map(|code| format!("Your code to rejoin this game: {code}")));
    lines
}

/// What was typed here, in order: a move on this side's turn, the rest
/// at once, each sent as the game says.
async fn typed<G: PlainGame>(
    following: &mut Following<G>,
    keyboard: &mut Keyboard,
    table: &mut Table<'_, G>,
    link: &mut Link,
) -> Result<(), String> {
    while following.side.is_some() && !following.state.is_over() {
        let my_turn = following.my_turn();
        if my_turn && keyboard.is_spent() {
            return Err("input ended before the game did".to_string());
        }
        let Some(line) = keyboard.next(|line| my_turn || table.is_command(line)) else {
            break;
        };
        let intent = table.read_typed(&line);
        let message = following
            .typed(intent, table)
            .map_err(|error| error.to_string())?;
        if let Some(message) = message {
            link.write(&message)
                .await
                .map_err(|e| format!("the connection broke: {e}"))?;
        }
    }
    Ok(())
}
