//! `tabletop host`, `join` and `watch`: network play in the plain mode,
//! the game saved by the host like any other when it ends.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::process::ExitCode;

use super::args::{HostArgs, JoinArgs, NetArgs, OnlineArgs, Role, SideArg};
use super::network_shared::{name, runtime, save_hosted};
use super::{Failure, failed, network_app};
use crate::games;
use crate::games::{GameKind, Interactive, WithGame, WithSetup};
use crate::net::DEFAULT_PORT;
use crate::net::client::{self, Link, Welcomed};
use crate::net::host::{HostOptions, Hosted};
use crate::net::protocol::{Listing, Message, PROTOCOL_VERSION, Side, sanitise};
use crate::plain::Style;
use crate::plain::network::escaping::Escaping;
use crate::plain::network::keyboard::{Keyboard, typed_lines};
use crate::plain::network::{follow, host as plain_host};
use tabletop_core::files;
use tabletop_engine::Player;

fn style(args: &NetArgs) -> Style {
    args.style
        .as_deref()
        .and_then(Style::named)
        .unwrap_or_default()
}

/// `tabletop host GAME`: hosts the game, plays the host's side (in the
/// app when there is a terminal, else from standard input), and saves
/// the record when it ends.
pub(super) fn host(args: &HostArgs) -> Result<ExitCode, Failure> {
    let setup = args.game.setup().map_err(Failure::usage)?;
    let side = match args.side {
        SideArg::First => Player::First,
        SideArg::Second => Player::Second,
        SideArg::Random => match getrandom::u32().map_err(failed)? % 2 {
            0 => Player::First,
            _ => Player::Second,
        },
    };
    let options = HostOptions {
        side,
        name: name(&args.net),
        clock: args.clock,
        // Kept after every move where it will be saved at the end.
        keep: files::games_dir().map(|_| files::default_save_path(setup.kind().name())),
    };
    let listener = std::net::TcpListener::bind(SocketAddr::new(args.bind, args.port))
        .map_err(|e| failed(format!("cannot host: {e}")))?;
    if !args.net.plain && crate::app::terminal::unavailable().is_none() {
        return games::with_setup(
            &setup,
            network_app::Host {
                options,
                listener,
                animate: args.animation.animate,
            },
        );
    }
    struct Host(HostOptions, std::net::TcpListener, Style);
    impl WithSetup for Host {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Interactive>(self, settings: G::Settings) -> Self::Output {
            let stdout = io::stdout();
            let mut out = Escaping::new(io::LineWriter::new(stdout.lock()));
            let typed = Keyboard::new(typed_lines(io::BufReader::new(io::stdin())));
            let game = G::new(settings);
            let keep = self.0.keep.clone();
            let hosting = plain_host::host(game, self.1, self.0, self.2, typed, &mut out);
            let hosted = runtime()?.block_on(hosting);
            let (ending, record) = hosted.map_err(|e| failed(format!("cannot host: {e}")))?;
            out.flush()?;
            if let Some(path) = save_hosted(record, keep)? {
                writeln!(out, "Saved to {}.", path.display())?;
            }
            match ending {
                Hosted::Finished => Ok(ExitCode::SUCCESS),
                Hosted::InputEnded => Err(failed("input ended before the game did")),
            }
        }
    }
    games::with_setup(&setup, Host(options, listener, style(&args.net)))
}

/// The game the host plays, if this tabletop knows it.
fn game_kind(game: &str) -> Result<GameKind, Failure> {
    crate::app::screens::lobby::game::known_game(game).map_err(failed)
}

/// `HOST` or `HOST:PORT`, with the default port if none is given.
fn with_port(address: &str) -> String {
    if let Ok(ip) = address.parse::<std::net::IpAddr>() {
        return SocketAddr::new(ip, DEFAULT_PORT).to_string();
    }
    let has_port = address.parse::<SocketAddr>().is_ok()
        || (address.matches(':').count() == 1 && !address.ends_with(':'));
    match has_port {
        true => address.to_string(),
        false => format!("{address}:{DEFAULT_PORT}"),
    }
}

/// `tabletop join` and `tabletop watch`: the hosted game, played or
/// followed to its end.
pub(super) fn join(args: &JoinArgs, role: Role) -> Result<ExitCode, Failure> {
    if !args.net.plain && crate::app::terminal::unavailable().is_none() {
        return network_app::join(&with_port(&args.address), args, role);
    }
    let runtime = runtime()?;
    let address = with_port(&args.address);
    let welcomed = runtime
        .block_on(client::connect(
            &address,
            &args.code,
            &name(&args.net),
            role,
            false,
        ))
        .map_err(failed)?;
    // A spectator types nothing; its input is never read.
    let typed = match role {
        Role::Player => Keyboard::new(typed_lines(io::BufReader::new(io::stdin()))),
        Role::Spectator => Keyboard::none(),
    };
    play_welcomed(&runtime, welcomed, style(&args.net), typed)
}

/// Plays or watches a welcomed game to its end, in whichever game it is.
fn play_welcomed(
    runtime: &tokio::runtime::Runtime,
    welcomed: Welcomed,
    style: Style,
    typed: Keyboard,
) -> Result<ExitCode, Failure> {
    let kind = game_kind(&welcomed.game)?;
    struct Join<'r> {
        runtime: &'r tokio::runtime::Runtime,
        welcomed: Welcomed,
        style: Style,
        typed: Keyboard,
    }
    impl WithGame for Join<'_> {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Interactive>(self) -> Self::Output {
            let stdout = io::stdout();
            let mut out = Escaping::new(io::LineWriter::new(stdout.lock()));
            let played = self.runtime.block_on(follow::play::<G>(
                self.welcomed,
                self.style,
                self.typed,
                &mut out,
            ));
            out.flush()?;
            match played {
                Ok(true) => Ok(ExitCode::SUCCESS),
                Ok(false) => Ok(ExitCode::from(1)),
                Err(why) => Err(failed(why)),
            }
        }
    }
    games::with_game(
        kind,
        Join {
            runtime,
            welcomed,
            style,
            typed,
        },
    )
}

const LOBBY_HELP: &str = "Commands: list, create GAME [SETTING=VALUE...] [side=first|second] [computer=LEVEL] [clock=MINUTES+SECONDS], join N|CODE, watch N|CODE, quit.";

/// `tabletop online`: the lobby screen in a terminal; otherwise (or with
/// `--plain`) the lobby's list in the plain mode, then the game chosen,
/// played as `tabletop join` plays it.
pub(super) fn online(args: &OnlineArgs) -> Result<ExitCode, Failure> {
    let address = with_port(&args.address);
    let name = name(&args.net);
    if !args.net.plain && crate::app::terminal::unavailable().is_none() {
        return network_app::online(address, name, args.animation.animate);
    }
    let runtime = runtime()?;
    let mut typed = typed_lines(io::BufReader::new(io::stdin()));
    match runtime.block_on(plain_lobby(&address, &name, &mut typed))? {
        Some(welcomed) => play_welcomed(&runtime, welcomed, style(&args.net), Keyboard::new(typed)),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// What a line typed in the plain lobby asks for.
enum Asked {
    /// Nothing to send (an empty line, or one refused here and said so).
    Nothing,
    Quit,
    Send(Message),
}

/// The plain lobby of the server at `address`, as `name`, the lines
/// typed on `typed`: the game entered, or none when the player quits.
async fn plain_lobby(
    address: &str,
    name: &str,
    typed: &mut tokio::sync::mpsc::Receiver<Option<String>>,
) -> Result<Option<Welcomed>, Failure> {
    let mut shown: Vec<u64> = Vec::new();
    let mut link = Link::open(address).await.map_err(failed)?.to_server();
    let mut command = Some("list".to_string());
    loop {
        let line = match command.take() {
            Some(line) => line,
            None => {
                print!("lobby> ");
                io::stdout().flush()?;
                match typed.recv().await.flatten() {
                    Some(line) => line,
                    None => return Ok(None),
                }
            }
        };
        let request = match asked(&line, name, &shown) {
            Asked::Nothing => continue,
            Asked::Quit => return Ok(None),
            Asked::Send(request) => request,
        };
        let answered = match ask(&mut link, &request, &mut shown).await? {
            Ok(false) => continue,
            Ok(true) => link.welcomed().await,
            Err(why) => Err(why),
        };
        match answered {
            Ok(welcomed) => return Ok(Some(welcomed)),
            Err(why) => {
                println!("{why}");
                link = Link::open(address).await.map_err(failed)?.to_server();
            }
        }
    }
}

/// What a typed line asks the lobby; refusals are said here.
fn asked(line: &str, name: &str, shown: &[u64]) -> Asked {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [] => Asked::Nothing,
        ["quit"] => Asked::Quit,
        ["list"] => Asked::Send(Message::List),
        ["create", game, rest @ ..] => match create_request(name, game, rest) {
            Ok(request) => Asked::Send(request),
            Err(why) => {
                println!("{why}");
                Asked::Nothing
            }
        },
        [verb @ ("join" | "watch"), which] => {
            let role = match *verb {
                "join" => Role::Player,
                _ => Role::Spectator,
            };
            let name = name.to_string();
            match which.parse::<usize>() {
                Ok(n) if (1..=shown.len()).contains(&n) => Asked::Send(Message::Enter {
                    name,
                    id: shown[n - 1],
                    role,
                    pass: None,
                }),
                Ok(_) => {
                    println!("No game {which} in the list.");
                    Asked::Nothing
                }
                Err(_) => Asked::Send(Message::Hello {
                    version: PROTOCOL_VERSION,
                    name,
                    code: which.to_string(),
                    role,
                }),
            }
        }
        _ => {
            println!("{LOBBY_HELP}");
            Asked::Nothing
        }
    }
}

/// Sends `request` on `link`: the list is shown, a new game's codes
/// are; true when a welcome into a game follows. `Err` says why not (the
/// link is then lost).
async fn ask(
    link: &mut Link,
    request: &Message,
    shown: &mut Vec<u64>,
) -> Result<Result<bool, String>, Failure> {
    if let Err(why) = link.send(request).await {
        return Ok(Err(why));
    }
    match request {
        Message::List => match link.answer().await {
            Ok(Message::Games { open, playing }) => *shown = show_games(&open, &playing),
            Ok(_) => println!("The server did not send its list."),
            Err(why) => return Ok(Err(why)),
        },
        Message::Create { .. } => match link.answer().await {
            Ok(Message::Created { join, watch, .. }) => {
                if !join.is_empty() {
                    println!("Join code: {}", sanitise(&join, 40));
                }
                println!("Watch code: {}", sanitise(&watch, 40));
                return Ok(Ok(true));
            }
            Ok(_) => return Err(failed("the server did not create the game")),
            Err(why) => return Ok(Err(why)),
        },
        _ => return Ok(Ok(true)),
    }
    Ok(Ok(false))
}

/// `create GAME [SETTING=VALUE...]` as a request: numbers and switches
/// as such, other values as words; the server checks them.
fn create_request(name: &str, game: &str, rest: &[&str]) -> Result<Message, String> {
    let mut settings = toml::Table::new();
    let mut side = Side::First;
    let mut computer = None;
    let mut clock = None;
    for word in rest {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("{word}: expected SETTING=VALUE. {LOBBY_HELP}"));
        };
        match key {
            "side" => {
                side = match value {
                    "first" => Side::First,
                    "second" => Side::Second,
                    _ => return Err("side is first or second".to_string()),
                }
            }
            "clock" => clock = Some(value.parse()?),
            "computer" => {
                computer = Some(
                    value
                        .parse::<u8>()
                        .map_err(|_| "computer is a level, 1 to 5".to_string())?,
                )
            }
            _ => {
                let value = match (value.parse::<i64>(), value) {
                    (Ok(n), _) => toml::Value::Integer(n),
                    (_, "true" | "on") => toml::Value::Boolean(true),
                    (_, "false" | "off") => toml::Value::Boolean(false),
                    (_, word) => toml::Value::String(word.to_string()),
                };
                settings.insert(key.to_string(), value);
            }
        }
    }
    Ok(Message::Create {
        name: name.to_string(),
        game: game.to_string(),
        settings,
        side,
        against_computer: computer,
        clock,
        pass: None,
        seek: None,
    })
}

/// Prints the lobby's list, numbered; the game ids in that order.
fn show_games(open: &[Listing], playing: &[Listing]) -> Vec<u64> {
    let games = crate::net::lobby::listed(open, playing);
    let (open, playing): (Vec<_>, Vec<_>) = games.iter().partition(|game| game.open);
    let mut ids = Vec::new();
    for (heading, games) in [("Open games:", open), ("Games in progress:", playing)] {
        println!("{heading}");
        if games.is_empty() {
            println!("  (none)");
        }
        for game in games {
            ids.push(game.id);
            println!(
                "{:>3}. {} {} - {}, {}",
                ids.len(),
                game.game,
                game.settings,
                game.players(),
                tabletop_core::counted::counted(game.moves, "move")
            );
        }
    }
    println!("{LOBBY_HELP}");
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_without_a_port_gets_the_default_one() {
        assert_eq!(with_port("example.org"), "example.org:7420");
        assert_eq!(with_port("127.0.0.1:9"), "127.0.0.1:9");
        assert_eq!(with_port("[::1]:9"), "[::1]:9");
        assert_eq!(with_port("::1"), "[::1]:7420");
    }
}
