//! `tabletop host`, `join` and `watch`: network play in the plain mode
//! (the full-screen app's is in `network_app`),
//! the game saved by the host like any other when it ends.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::SystemTime;

use super::args::{HostArgs, JoinArgs, NetArgs, Role, SideArg};
use super::{Failure, network_app};
use crate::engine::Player;
use crate::files;
use crate::games::{GameKind, Playable, WithGame, WithSetup};
use crate::net::client::{self, Welcomed};
use crate::net::host::{self, HostOptions, Hosted};
use crate::net::protocol::{MAX_NAME, sanitise};
use crate::net::{DEFAULT_PORT, table::typed_lines};
use crate::plain::Style;

/// A runtime on this thread alone: a game's traffic is small, and the
/// game's state then needs no lock.
fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(Failure::from)
}

/// The name given, or the login name, made safe to show.
pub(super) fn name(args: &NetArgs) -> String {
    let given = args.name.clone().or_else(|| std::env::var("USER").ok());
    match sanitise(&given.unwrap_or_default(), MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    }
}

fn style(args: &NetArgs) -> Style {
    args.style
        .as_deref()
        .and_then(Style::named)
        .unwrap_or_default()
}

pub(super) fn failed(message: impl ToString) -> Failure {
    Failure {
        message: message.to_string(),
        code: 1,
    }
}

/// `tabletop host GAME`: hosts the game, plays the host's side from
/// standard input, and saves the record when it ends.
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
        bind: SocketAddr::new(args.bind, args.port),
        side,
        name: name(&args.net),
        style: style(&args.net),
    };
    struct Host(HostOptions);
    impl WithSetup for Host {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Playable>(self, settings: G::Settings) -> Self::Output {
            let stdout = io::stdout();
            let mut out = io::LineWriter::new(stdout.lock());
            let typed = typed_lines(io::BufReader::new(io::stdin()));
            let hosted = runtime()?.block_on(host::run(G::new(settings), self.0, typed, &mut out));
            let (ending, mut record) = hosted.map_err(|e| failed(format!("cannot host: {e}")))?;
            out.flush()?;
            if !record.moves.is_empty() || record.resigned.is_some() {
                record.date = Some(files::timestamp(SystemTime::now()));
                let path = files::default_save_path(G::NAME);
                files::save_new(&path, &record.to_toml()).map_err(|error| {
                    failed(format!(
                        "cannot save the game to {}: {error}",
                        path.display()
                    ))
                })?;
                writeln!(out, "Saved to {}.", path.display())?;
            }
            match ending {
                Hosted::Finished => Ok(ExitCode::SUCCESS),
                Hosted::InputEnded => Err(failed("input ended before the game did")),
            }
        }
    }
    setup.with(Host(options))
}

/// The game the host plays, if this tabletop knows it.
pub(super) fn game_kind(game: &str) -> Result<GameKind, Failure> {
    game.parse::<GameKind>().map_err(|_| {
        failed(format!(
            "the host plays {:?}, which this tabletop does not know",
            sanitise(game, 20)
        ))
    })
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
pub(super) fn join(args: &JoinArgs, role: Role, animate: bool) -> Result<ExitCode, Failure> {
    if !args.net.plain && crate::app::terminal::unavailable().is_none() {
        return network_app::join(&with_port(&args.address), args, role, animate);
    }
    let runtime = runtime()?;
    let address = with_port(&args.address);
    let welcomed = runtime
        .block_on(client::connect(
            &address,
            &args.code,
            &name(&args.net),
            role,
        ))
        .map_err(failed)?;
    let kind = game_kind(&welcomed.game)?;
    struct Join {
        runtime: tokio::runtime::Runtime,
        welcomed: Welcomed,
        style: Style,
        role: Role,
    }
    impl WithGame for Join {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Playable>(self) -> Self::Output {
            let stdout = io::stdout();
            let mut out = io::LineWriter::new(stdout.lock());
            // A spectator types nothing; its input is never read.
            let typed = match self.role {
                Role::Player => typed_lines(io::BufReader::new(io::stdin())),
                Role::Spectator => tokio::sync::mpsc::channel(1).1,
            };
            let played = self.runtime.block_on(client::play::<G>(
                self.welcomed,
                self.style,
                typed,
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
    kind.with(Join {
        runtime,
        welcomed,
        style: style(&args.net),
        role,
    })
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
