//! Joining or watching a hosted game: the hello, the welcome (the game,
//! checked setting by setting and move by move like a record), then the
//! game played on, each of the host's moves checked by the engine here
//! too, so a broken or hostile host cannot show an impossible game.

use std::io::{self, Write};
use std::time::Duration;

use tokio::io::BufReader;
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::time::timeout;

use super::clock::clock_line;
use super::keyboard::Keyboard;
use super::offer::{TYPE_ANSWER, answer_text, offer_text};
use super::protocol::{
    FrameReader, MAX_CHAT, MAX_NAME, Message, PROTOCOL_VERSION, Proposal, Role, sanitise, send,
};
use super::table::{Table, Typed};
use crate::games::Interactive;
use crate::plain::Style;
use tabletop_engine::Player;
use tabletop_engine::record::Adjudged;
use tabletop_engine::record::read_settings;
use tabletop_engine::time_control::TimeControl;

/// How long the host has to answer: to accept the connection, and to
/// welcome.
const ANSWER_TIME: Duration = Duration::from_secs(15);

/// A connection the host has welcomed.
pub struct Welcomed {
    pub(crate) reader: FrameReader<BufReader<OwnedReadHalf>>,
    pub(crate) writer: OwnedWriteHalf,
    pub game: String,
    pub(crate) settings: toml::Table,
    /// The side played here; none for a spectator.
    pub(crate) side: Option<Player>,
    /// The players' names, sanitised.
    pub(crate) names: [String; 2],
    pub(crate) moves: Vec<String>,
    /// The code to rejoin with, from a lobby server.
    pub rejoin: Option<String>,
    /// The game's clock, if it has one.
    pub clock: Option<TimeControl>,
}

/// A connection to a host or lobby server, before any welcome.
pub struct Link {
    reader: FrameReader<BufReader<OwnedReadHalf>>,
    writer: OwnedWriteHalf,
}

impl Link {
    /// Connects to `address`, within [`ANSWER_TIME`].
    pub async fn open(address: &str) -> Result<Link, String> {
        let stream = match timeout(ANSWER_TIME, TcpStream::connect(address)).await {
            Ok(Ok(stream)) => stream,
            Ok(Err(error)) => return Err(format!("cannot connect to {address}: {error}")),
            Err(_) => return Err(format!("{address} did not answer in time")),
        };
        let (read, writer) = stream.into_split();
        Ok(Link {
            reader: FrameReader::new(BufReader::new(read)),
            writer,
        })
    }

    /// Sends `message`.
    pub async fn send(&mut self, message: &Message) -> Result<(), String> {
        send(&mut self.writer, message)
            .await
            .map_err(|error| format!("cannot talk to the host: {error}"))
    }

    /// The next message, within [`ANSWER_TIME`]; a refusal is returned as
    /// the host's reason, sanitised.
    pub async fn answer(&mut self) -> Result<Message, String> {
        match timeout(ANSWER_TIME, self.reader.next()).await {
            Err(_) => Err("the host did not answer in time".to_string()),
            Ok(Err(error)) => Err(format!("the host sent {error}")),
            Ok(Ok(None)) => Err("the host closed the connection".to_string()),
            Ok(Ok(Some(Message::Error { reason }))) => {
                Err(format!("the host refused: {}", sanitise(&reason, 200)))
            }
            Ok(Ok(Some(message))) => Ok(message),
        }
    }

    /// Waits for the welcome into a game.
    pub async fn welcomed(mut self) -> Result<Welcomed, String> {
        match self.answer().await? {
            Message::Welcome {
                game,
                settings,
                side,
                names,
                moves,
                rejoin,
                clock,
                ..
            } => Ok(Welcomed {
                reader: self.reader,
                writer: self.writer,
                game,
                settings,
                side: side.map(Into::into),
                names: names.map(|name| sanitise(&name, MAX_NAME)),
                moves,
                rejoin: rejoin.map(|code| sanitise(&code, 40)),
                clock: clock
                    .map(TimeControl::checked)
                    .transpose()
                    .map_err(|why| format!("the host sent {why}"))?,
            }),
            _ => Err("the host did not begin with a welcome".to_string()),
        }
    }
}

/// Connects to `address`, says hello with `code`, and waits for the
/// welcome; a refusal is returned as the host's reason, sanitised.
pub async fn connect(
    address: &str,
    code: &str,
    name: &str,
    role: Role,
) -> Result<Welcomed, String> {
    let mut link = Link::open(address).await?;
    link.send(&Message::Hello {
        version: PROTOCOL_VERSION,
        name: name.to_string(),
        code: code.to_string(),
        role,
    })
    .await?;
    link.welcomed().await
}

/// Plays (or watches) the welcomed game of `G` to its end: the moves
/// typed here on this side's turns, offers and answers at any time, the
/// host's news as it comes. `Ok(true)` when the game reached its result.
pub async fn play<G: Interactive>(
    welcomed: Welcomed,
    style: Style,
    mut keyboard: Keyboard,
    out: &mut dyn Write,
) -> Result<bool, String> {
    let Welcomed {
        mut reader,
        mut writer,
        settings,
        side,
        names,
        moves,
        rejoin,
        ..
    } = welcomed;
    let settings = read_settings::<G>(&settings).map_err(|e| format!("the host sent {e}"))?;
    let mut table = Table::new(G::console(G::new(settings), style), side);
    table
        .catch_up(&moves)
        .map_err(|why| format!("the host sent {why}"))?;
    let [first, second] = &names;
    let (x, o) = (G::symbol(Player::First), G::symbol(Player::Second));
    let io = |error: io::Error| error.to_string();
    match side {
        Some(side) => match names[side.other().index()].as_str() {
            "" => writeln!(out, "You play {}; the other seat is open.", G::symbol(side)),
            opponent => writeln!(out, "You play {} against {opponent}.", G::symbol(side)),
        },
        None => writeln!(out, "Watching {first} ({x}) against {second} ({o})."),
    }
    .map_err(io)?;
    if let Some(code) = rejoin {
        writeln!(out, "Your code to rejoin this game: {code}").map_err(io)?;
    }
    table.show(out).map_err(io)?;
    let mut state = Offers::default();
    let mut claimable = false;
    loop {
        // What was typed here, in order: a move on this side's turn.
        while let Some(side) = side {
            if table.outcome().is_some() {
                break;
            }
            let my_turn = table.local_turn() && !state.holding();
            if my_turn && keyboard.is_spent() {
                return Err("input ended before the game did".to_string());
            }
            let waiting = &table;
            let Some(line) = keyboard.next(|line| my_turn || waiting.is_command(line)) else {
                break;
            };
            let message = match table.read_typed(&line) {
                Typed::Move(mv) => {
                    table.play_typed(mv, out).map_err(io)?;
                    state.moved(side);
                    Message::Move { mv: mv.to_string() }
                }
                Typed::Chat(text) => Message::Chat {
                    from: String::new(),
                    text,
                },
                Typed::Resign => {
                    table.resign(side, out).map_err(io)?;
                    Message::Resign { side: side.into() }
                }
                Typed::Claim if claimable => Message::Claim,
                Typed::Claim => {
                    table
                        .refuse("There is nothing to claim.", out)
                        .map_err(io)?;
                    continue;
                }
                Typed::Offer(_) if state.pending.is_some() => {
                    table
                        .refuse("An offer is already waiting for an answer.", out)
                        .map_err(io)?;
                    continue;
                }
                Typed::Offer(Proposal::Undo) if !table.has_moved(side) => {
                    table
                        .refuse("You have no move to take back.", out)
                        .map_err(io)?;
                    continue;
                }
                Typed::Offer(what) => {
                    state.asked = true;
                    Message::Offer { what, side: None }
                }
                Typed::Answer(accept) => match state.pending {
                    Some((offerer, what)) if offerer != side => {
                        state.pending = None;
                        // Nothing is played until the host has taken
                        // the move back.
                        state.answering = accept && what == Proposal::Undo;
                        Message::Answer {
                            what,
                            accept,
                            side: None,
                        }
                    }
                    _ => {
                        table
                            .refuse("There is no offer to answer.", out)
                            .map_err(io)?;
                        continue;
                    }
                },
                Typed::Refused(why) => {
                    let why = match table.local_turn() {
                        true => why,
                        false if claimable => "It is not your turn: type claim to win, or wait.",
                        false => "It is not your turn.",
                    };
                    table.refuse(why, out).map_err(io)?;
                    continue;
                }
            };
            send(&mut writer, &message)
                .await
                .map_err(|e| format!("the connection broke: {e}"))?;
        }
        tokio::select! {
            () = keyboard.read() => {}
            incoming = reader.next() => {
                let message = match incoming {
                    Ok(Some(message)) => message,
                    Ok(None) if table.outcome().is_some() => return Ok(true),
                    Ok(None) => return Err("the host closed the connection".to_string()),
                    Err(error) => return Err(format!("the host sent {error}")),
                };
                let hosted = |why: String| format!("the host sent {why}");
                match message {
                    Message::Move { mv } => {
                        // The host moves for its side; a spectator sees both.
                        let by = match side {
                            Some(side) => side.other(),
                            None => table.to_move(),
                        };
                        table.play_received(by, &mv, out).map_err(hosted)?;
                        state.moved(by);
                    }
                    Message::Chat { from, text } => table.chat(&from, &text, out).map_err(io)?,
                    Message::Resign { side: resigner } => {
                        let resigner = Player::from(resigner);
                        if Some(resigner) == side {
                            return Err("the host resigned for us".to_string());
                        }
                        table.resign(resigner, out).map_err(io)?;
                    }
                    Message::Offer { what, side: Some(offerer) } => {
                        let offerer = Player::from(offerer);
                        state.pending = Some((offerer, what));
                        // The other side's offer came first: ours was not
                        // taken.
                        state.asked &= Some(offerer) == side;
                        let who = (Some(offerer) != side).then(|| names[offerer.index()].as_str());
                        let answerable = side.is_some_and(|side| side != offerer);
                        let text = offer_text(who, what, answerable.then_some(TYPE_ANSWER));
                        table.notice(&text, out).map_err(io)?;
                    }
                    Message::Answer { what, accept, side: Some(answerer) } => {
                        let answerer = Player::from(answerer);
                        state.pending = None;
                        state.asked = false;
                        if Some(answerer) == side {
                            state.answering = false;
                        }
                        let who = (Some(answerer) != side).then(|| names[answerer.index()].as_str());
                        table.notice(&answer_text(who, what, accept), out).map_err(io)?;
                        match (accept, what) {
                            (false, _) => {}
                            (true, Proposal::Draw) => table.adjudge(Adjudged::DrawAgreed, out).map_err(io)?,
                            (true, Proposal::Undo) => {
                                let fresh = G::console(table.start().clone(), style);
                                if !table.take_back(answerer.other(), fresh, out).map_err(io)? {
                                    return Err("the host took back a move that was not there".to_string());
                                }
                            }
                        }
                    }
                    Message::Clock { left_ms, .. } => {
                        if table.outcome().is_none() {
                            let left = left_ms.map(Duration::from_millis);
                            table.notice(&clock_line([x, o], left), out).map_err(io)?;
                        }
                    }
                    Message::OutOfTime { side: loser } => {
                        table.adjudge(Adjudged::OutOfTime(loser.into()), out).map_err(io)?;
                    }
                    Message::End { result, reason } => {
                        if table.result().as_deref() == Some(result.as_str()) {
                            return Ok(true);
                        }
                        let reason = sanitise(&reason, 200);
                        writeln!(out).map_err(io)?;
                        writeln!(out, "The game was abandoned: {reason}.").map_err(io)?;
                        return Ok(false);
                    }
                    Message::Error { reason } => {
                        return Err(format!("the host refused: {}", sanitise(&reason, 200)));
                    }
                    Message::Notice { text, claimable: can_claim, .. } => {
                        claimable = can_claim;
                        table.notice(&sanitise(&text, MAX_CHAT), out).map_err(io)?;
                    }
                    other => {
                        let kind = super::connection::kind(&other);
                        return Err(format!("the host sent a {kind} message during the game"));
                    }
                }
            }
        }
    }
}

/// Offers as a client knows them, from the host's word alone.
#[derive(Default)]
struct Offers {
    /// The offer waiting for an answer, and who made it.
    pending: Option<(Player, Proposal)>,
    /// An undo accepted here, not yet taken back by the host: no move
    /// is played meanwhile.
    answering: bool,
    /// An offer made here and not answered yet: no move is played
    /// meanwhile (the host would refuse it).
    asked: bool,
}

impl Offers {
    /// A move by `by` declines the other side's offer.
    fn moved(&mut self, by: Player) {
        if self.pending.is_some_and(|(offerer, _)| offerer != by) {
            self.pending = None;
            self.asked = false;
        }
    }

    /// Whether moves typed here wait: for the host to take a move back,
    /// or for the answer to this side's offer.
    fn holding(&self) -> bool {
        self.answering || self.asked
    }
}
