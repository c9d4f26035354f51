//! A lobby server's lobby (`tabletop serve`) for any front end, without
//! a terminal: its list of games kept fresh on a thread of its own, and
//! a game created or entered on another, which becomes the [`Session`] a
//! game screen plays over. Everything the server says is sanitised here.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio::time::timeout;

use crate::client::{Link, Welcomed};
use crate::protocol::{
    Listing, MAX_NAME, Message, PROTOCOL_VERSION, Role, Side, Standing, sanitise,
};
use crate::session::{Session, Start, WayBack};
use tabletop_core::games::{GameKind, Playable, Setup, WithGame, WithSetup};
use tabletop_engine::record::{read_settings, settings_table};
use tabletop_engine::time_control::TimeControl;

/// How often the list is asked for again, unasked.
pub const REFRESH: Duration = Duration::from_secs(2);

/// A game of the lobby's list, as a player is shown it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Listed {
    pub id: u64,
    /// The game's title (`Gekitai`), or its name as the server gave it
    /// (sanitised) if this tabletop does not know it.
    pub game: String,
    /// The board, then the settings that are not the game's defaults, as
    /// `tabletop online --plain` creates them (`9x9 swap=on`).
    pub settings: String,
    /// The first and the second player's names; none for an open seat.
    pub names: [Option<String>; 2],
    /// Who each player is (a guest, the computer, a rated player), if
    /// the server says.
    pub standings: [Option<Standing>; 2],
    /// A seek's open seat: the ratings it waits for.
    pub seek: Option<[u32; 2]>,
    pub moves: usize,
    /// A seat is open: the game can be joined.
    pub open: bool,
}

impl Listed {
    fn of(listing: &Listing, open: bool) -> Listed {
        let kind = listing.game.parse::<GameKind>().ok();
        let settings = kind
            .and_then(|kind| kind.with(Summary(&listing.settings)))
            .unwrap_or_else(|| {
                let written: Vec<String> = listing
                    .settings
                    .iter()
                    .map(|(name, value)| format!("{name}={value}"))
                    .collect();
                written.join(" ")
            });
        let clock = listing.clock.map(|clock| format!("clock={clock}"));
        let settings = [Some(settings), clock]
            .into_iter()
            .flatten()
            .filter(|said| !said.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        Listed {
            id: listing.id,
            game: kind.map_or_else(|| listing.game.clone(), |kind| kind.title().to_string()),
            settings,
            names: listing
                .names
                .clone()
                .map(|name| Some(sanitise(&name, MAX_NAME)).filter(|name| !name.is_empty())),
            standings: listing.standings.unwrap_or_default(),
            seek: listing.seek,
            moves: listing.moves,
            open,
        }
        .sanitised()
    }

    fn sanitised(mut self) -> Listed {
        self.game = sanitise(&self.game, 20);
        self.settings = sanitise(&self.settings, 60);
        self
    }

    /// `ada 1512 – bob (guest)`: each name with its rating at the game,
    /// a guest named so beside a rated player (a game of two guests, as
    /// on a server without the SSH door, is `ada – bob`), an open seat as
    /// `(open)`, a seek's as the ratings it waits for, `(seeks 1300–1700)`.
    pub fn players(&self) -> String {
        let rated = |standing: Option<Standing>| matches!(standing, Some(Standing::Rated { .. }));
        let open = match self.seek {
            Some([low, high]) => format!("(seeks {low}–{high})"),
            None => "(open)".to_string(),
        };
        let [first, second] = [0, 1].map(|at| match (&self.names[at], self.standings[at]) {
            (None, _) => open.clone(),
            (Some(name), Some(Standing::Rated { rating })) => format!("{name} {rating}"),
            (Some(name), Some(Standing::Guest)) if rated(self.standings[1 - at]) => {
                format!("{name} (guest)")
            }
            (Some(name), _) => name.clone(),
        });
        format!("{first} – {second}")
    }
}

/// A listing's settings summed up, if the game can read them.
struct Summary<'a>(&'a toml::Table);

impl WithGame for Summary<'_> {
    type Output = Option<String>;
    fn run<G: Playable>(self) -> Option<String> {
        let setup = Setup::of::<G>(&read_settings::<G>(self.0).ok()?);
        let said: Vec<String> = GameKind::of::<G>()
            .settings()
            .iter()
            .zip(setup.values())
            .filter_map(|(setting, &value)| match setting.kind {
                tabletop_engine::settings::Kind::Side(_) => Some(setting.shown(value)),
                _ if value == setting.default => None,
                _ => Some(format!("{}={}", setting.name, setting.word(value))),
            })
            .collect();
        Some(said.join(" "))
    }
}

/// The lobby's list: the open games, then the games in progress.
pub fn listed(open: &[Listing], playing: &[Listing]) -> Vec<Listed> {
    let open = open.iter().map(|listing| Listed::of(listing, true));
    open.chain(playing.iter().map(|listing| Listed::of(listing, false)))
        .collect()
}

/// The `[settings]` table a record (and the server) writes for `setup`.
pub fn settings_of(setup: &Setup) -> toml::Table {
    struct Table;
    impl WithSetup for Table {
        type Output = toml::Table;
        fn run<G: Playable>(self, settings: G::Settings) -> toml::Table {
            settings_table(&settings)
                .into_iter()
                .map(|(name, value)| (name.to_string(), value))
                .collect()
        }
    }
    setup.with(Table)
}

/// What the lobby's connection reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LobbyNews {
    /// The list as it stands now.
    Games(Vec<Listed>),
    /// The connection is gone, and why (sanitised).
    Lost(String),
}

/// The lobby of the server at an address, listed now and every
/// [`REFRESH`] on a thread of its own, until dropped.
pub struct LobbyList {
    news: Receiver<LobbyNews>,
    wake: UnboundedSender<()>,
}

impl LobbyList {
    /// Connects to `address` in the background: the first news is the
    /// list, or why there is none.
    pub fn open(address: String) -> LobbyList {
        let (tell, news) = mpsc::channel();
        let (wake, mut woken) = unbounded_channel::<()>();
        std::thread::spawn(move || {
            let runtime = match crate::runtime() {
                Ok(runtime) => runtime,
                Err(error) => {
                    let _ = tell.send(LobbyNews::Lost(format!("no network thread: {error}")));
                    return;
                }
            };
            runtime.block_on(async move {
                let mut link = match Link::open(&address).await {
                    Ok(link) => link.to_server(),
                    Err(why) => {
                        let _ = tell.send(LobbyNews::Lost(why));
                        return;
                    }
                };
                loop {
                    let news = match list(&mut link).await {
                        Ok(games) => LobbyNews::Games(games),
                        Err(why) => LobbyNews::Lost(why),
                    };
                    let lost = matches!(news, LobbyNews::Lost(_));
                    if tell.send(news).is_err() || lost {
                        return;
                    }
                    // Asked again, or time to look again; a dropped
                    // lobby ends the thread.
                    if let Ok(None) = timeout(REFRESH, woken.recv()).await {
                        return;
                    }
                }
            });
        });
        LobbyList { news, wake }
    }

    /// Asks for the list now.
    pub fn refresh(&self) {
        let _ = self.wake.send(());
    }

    /// The latest news since the last look, if any.
    pub fn heard(&mut self) -> Option<LobbyNews> {
        let mut latest = None;
        loop {
            match self.news.try_recv() {
                Ok(news) => {
                    let lost = matches!(news, LobbyNews::Lost(_));
                    latest = Some(news);
                    if lost {
                        return latest;
                    }
                }
                Err(TryRecvError::Empty) => return latest,
                Err(TryRecvError::Disconnected) => {
                    return latest.or(Some(LobbyNews::Lost("the connection closed".to_string())));
                }
            }
        }
    }
}

/// Asks the server for its list.
async fn list(link: &mut Link) -> Result<Vec<Listed>, String> {
    link.send(&Message::List).await?;
    match link.answer().await? {
        Message::Games { open, playing } => Ok(listed(&open, &playing)),
        _ => Err("the server did not send its list".to_string()),
    }
}

/// How a player goes into a game from the lobby.
#[derive(Clone, PartialEq, Debug)]
pub enum Entry {
    /// A new game: `setup`, the player at `side`, the server playing
    /// the other side at a computer level, if one is given, and a clock,
    /// if the game has one.
    Create {
        setup: Setup,
        side: Side,
        computer: Option<u8>,
        clock: Option<TimeControl>,
        /// A seek: an opponent within this many points of the player's
        /// rating (see `docs/protocol.md`).
        seek: Option<u32>,
    },
    /// A listed game: its open seat, or to watch.
    Listed { id: u64, role: Role },
    /// A game by a code: the join code or a rejoin code (to play), or the
    /// watch code (to watch).
    Code(String),
}

/// The codes of a game entered: to give a friend, to come back with.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Codes {
    /// The game's number in the lobby (a game created or chosen here).
    pub id: Option<u64>,
    /// For a friend to take the other seat (a game created here).
    pub join: Option<String>,
    /// For anyone to watch (a game created here).
    pub watch: Option<String>,
    /// To take this seat again after a dropped connection.
    pub rejoin: Option<String>,
}

/// A game entered: the welcome, the connection, the codes.
pub struct Entered {
    pub start: Start,
    pub session: Session,
    pub codes: Codes,
}

/// A game being entered, in the background.
pub struct Entering {
    answer: Receiver<Result<Entered, String>>,
}

impl Entering {
    /// The game, or why it could not be entered, once the server has
    /// answered.
    pub fn poll(&mut self) -> Option<Result<Entered, String>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the network thread stopped".to_string())),
        }
    }
}

/// Who enters a game: a name, and a pass that vouches for the player's
/// key when a front end beside the server (the SSH door) knows it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Visitor {
    pub name: String,
    pub pass: Option<String>,
}

/// Enters a game of the server at `address` as `visitor`, on a new
/// connection served by the game's own session.
pub fn enter(address: String, visitor: Visitor, entry: Entry) -> Entering {
    let (answer, answered) = mpsc::channel();
    std::thread::spawn(move || {
        let (coded, codes) = mpsc::channel();
        let (back_to, back_as, code_given) = (address.clone(), visitor.name.clone(), entry.clone());
        let begun = Session::begin(move || async move {
            let (welcomed, given) = match &entry {
                // A code says what it opens only to the server: a seat
                // first, else the game to watch.
                Entry::Code(_) => {
                    let play = welcome(&address, &visitor, &entry, Role::Player).await;
                    match play {
                        Ok(entered) => entered,
                        Err(why) => welcome(&address, &visitor, &entry, Role::Spectator)
                            .await
                            .map_err(|_| why)?,
                    }
                }
                _ => welcome(&address, &visitor, &entry, Role::Player).await?,
            };
            let _ = coded.send(given);
            Ok(welcomed)
        });
        let entered = begun.map(|(start, session)| {
            let mut codes: Codes = codes.try_recv().unwrap_or_default();
            // A player seated by a code the server gave no new rejoin
            // code for came back by their rejoin code: it stays theirs.
            if let (Some(_), None, Entry::Code(code)) = (start.side, &codes.rejoin, &code_given) {
                codes.rejoin = Some(code.clone());
            }
            // The way back: a player's rejoin code, a spectator's code.
            let (code, role) = match (start.side, &code_given) {
                (Some(_), _) => (codes.rejoin.clone(), Role::Player),
                (None, Entry::Code(code)) => (Some(code.clone()), Role::Spectator),
                (None, _) => (codes.watch.clone(), Role::Spectator),
            };
            let session = match code {
                Some(code) => session.with_way_back(WayBack {
                    address: back_to,
                    code,
                    name: back_as,
                    role,
                    server: true,
                }),
                None => session,
            };
            Entered {
                start,
                session,
                codes,
            }
        });
        let _ = answer.send(entered);
    });
    Entering { answer: answered }
}

/// Asks the server for `entry` on a new connection (a code as `role`),
/// and waits to be welcomed.
async fn welcome(
    address: &str,
    visitor: &Visitor,
    entry: &Entry,
    role: Role,
) -> Result<(Welcomed, Codes), String> {
    let mut link = Link::open(address).await?.to_server();
    link.send(&request(visitor, entry, role)).await?;
    let mut given = Codes::default();
    if let Entry::Create { .. } = entry {
        let Message::Created {
            id,
            join,
            watch,
            rejoin,
        } = link.answer().await?
        else {
            return Err("the server did not create the game".to_string());
        };
        let code = |code: String| Some(sanitise(&code, 40)).filter(|code| !code.is_empty());
        given = Codes {
            id: Some(id),
            join: code(join),
            watch: code(watch),
            rejoin: code(rejoin),
        };
    }
    if let Entry::Listed { id, .. } = entry {
        given.id = Some(*id);
    }
    let welcomed = link.welcomed().await?;
    given.rejoin = given.rejoin.or_else(|| welcomed.rejoin.clone());
    Ok((welcomed, given))
}

/// The message that asks for `entry` (a code as `role`).
fn request(visitor: &Visitor, entry: &Entry, role: Role) -> Message {
    let name = visitor.name.clone();
    let pass = visitor.pass.clone();
    match entry {
        Entry::Create {
            setup,
            side,
            computer,
            clock,
            seek,
        } => Message::Create {
            name,
            game: setup.kind().name().to_string(),
            settings: settings_of(setup),
            side: *side,
            against_computer: *computer,
            clock: *clock,
            pass,
            seek: *seek,
        },
        Entry::Listed { id, role } => Message::Enter {
            name,
            id: *id,
            role: *role,
            pass,
        },
        Entry::Code(code) => Message::Hello {
            version: PROTOCOL_VERSION,
            name,
            code: code.clone(),
            role,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(game: &str, settings: &str, names: [&str; 2]) -> Listing {
        Listing {
            id: 7,
            game: game.to_string(),
            settings: settings.parse().expect("a table"),
            names: names.map(String::from),
            moves: 3,
            clock: None,
            standings: None,
            seek: None,
        }
    }

    #[test]
    fn a_listing_shows_the_board_and_the_settings_not_left_at_their_defaults() {
        let hex = listing("hex", "size = 9\nswap = true", ["ada", ""]);
        let [shown] = listed(&[hex], &[]).try_into().expect("one game");
        assert_eq!(shown.game, "Hex");
        assert_eq!(shown.settings, "9x9 swap=on");
        assert_eq!(shown.players(), "ada – (open)");
        assert!(shown.open);
        let plain = listing("gekitai", "", ["ada", "bob"]);
        let [shown] = listed(&[], &[plain]).try_into().expect("one game");
        assert_eq!(shown.settings, "6x6");
        assert!(!shown.open);
    }

    #[test]
    fn each_player_is_shown_with_their_rating_or_as_a_guest() {
        let mut rated = listing("gekitai", "", ["ada", "eve"]);
        rated.standings = Some([
            Some(Standing::Rated { rating: 1512 }),
            Some(Standing::Guest),
        ]);
        let mut computer = listing("gekitai", "", ["bob", "computer (level 2)"]);
        computer.standings = Some([
            Some(Standing::Rated { rating: 1430 }),
            Some(Standing::Computer),
        ]);
        let mut open = listing("gekitai", "", ["ada", ""]);
        open.standings = Some([Some(Standing::Rated { rating: 1512 }), None]);
        open.seek = Some([1312, 1712]);
        let mut guests = listing("gekitai", "", ["cy", "dee"]);
        guests.standings = Some([Some(Standing::Guest), Some(Standing::Guest)]);
        let shown = listed(&[open], &[rated, computer, guests]);
        let players: Vec<String> = shown.iter().map(Listed::players).collect();
        assert_eq!(
            players,
            [
                "ada 1512 – (seeks 1312–1712)",
                "ada 1512 – eve (guest)",
                "bob 1430 – computer (level 2)",
                "cy – dee"
            ]
        );
    }

    #[test]
    fn what_the_server_names_is_sanitised() {
        let hostile = listing(
            "\u{1b}[2Jchess",
            "evil = \"\\u001b]0;pwned\\u0007\"",
            ["\u{1b}[31mada", "bob\u{202e}"],
        );
        let [shown] = listed(&[hostile], &[]).try_into().expect("one game");
        for text in [&shown.game, &shown.settings, &shown.players()] {
            assert!(!text.chars().any(char::is_control), "{text:?}");
            assert!(!text.contains('\u{202e}'), "{text:?}");
        }
        assert_eq!(shown.players(), "ada – bob");
    }

    #[test]
    fn a_setup_is_asked_for_with_the_settings_a_record_writes() {
        let setup = Setup::new(GameKind::Gomoku, vec![9, 1]).expect("allowed");
        let table = settings_of(&setup);
        assert_eq!(table.get("size"), Some(&toml::Value::Integer(9)));
        assert_eq!(
            table.get("rule"),
            Some(&toml::Value::String("exact".to_string()))
        );
    }
}
