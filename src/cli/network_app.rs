//! `tabletop host`, `join`, `watch` and `online` in the full-screen app:
//! the welcomed game on the game screen, the other side played over the
//! network. The host's screen is a player like the joiner's: the game
//! is hosted on a thread of its own, and the screen joins it over
//! loopback with a private code, so one room keeps the one game.
//! `online` opens a server's lobby, whose games open the same screen.

use std::process::ExitCode;

use super::args::{JoinArgs, Role};
use super::network_shared::{host_in_background, name};
use super::{Failure, failed};
use crate::app::{self, screens::lobby::game::network_game};
use crate::games::WithSetup;
use crate::games::{Interactive, Setup};
use crate::net::code::Code;
use crate::net::host::HostOptions;
use crate::net::protocol::Role as Seat;
use crate::net::sanitise::printable;
use crate::net::session::{Session, Start};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, TcpListener};

/// Joins (or watches) the game hosted at `address`, in the app.
pub(super) fn join(address: &str, args: &JoinArgs, role: Role) -> Result<ExitCode, Failure> {
    // The handshake may take until the host's answer is overdue: said,
    // so that the terminal is not blank meanwhile (the app's screen
    // comes once the game is there).
    eprintln!("Connecting to {}…", printable(address));
    let (start, session) = Session::open(
        address.to_string(),
        args.code.clone(),
        name(&args.net),
        role,
    )
    .map_err(failed)?;
    Join {
        start,
        session,
        animate: args.animation.animate,
        hosted_here: false,
    }
    .run()
}

/// `tabletop online` in the app: the lobby of the server at `address`,
/// and the games entered from it.
pub(super) fn online(address: String, name: String, animate: bool) -> Result<ExitCode, Failure> {
    let options = app::Options {
        start: app::Start::Lobby { address, name },
        ..options(animate)
    };
    app::run(options).map_err(|error| failed(format!("{error:#}")))?;
    Ok(ExitCode::SUCCESS)
}

/// The app's options for a network game or lobby: nothing kept between
/// runs but the looks; the host or server keeps the game.
fn options(animate: bool) -> app::Options {
    app::Options {
        menu: Setup::default(),
        start: app::Start::Menu,
        animate,
        // The host keeps the game; a player saves it with `s`.
        autosave: None,
        library: tabletop_core::files::games_dir(),
        seats: Default::default(),
        clock: None,
        time: Default::default(),
        remember: None,
        looks: crate::app::looks::path(),
        notice: None,
        config: tabletop_core::config::read(),
    }
}

/// `tabletop host` in the app: the game hosted on `listener`, the host's
/// side played on this screen.
pub(super) struct Host {
    pub(super) options: HostOptions,
    pub(super) listener: TcpListener,
    pub(super) animate: bool,
}

impl WithSetup for Host {
    type Output = Result<ExitCode, Failure>;
    fn run<G: Interactive>(self, settings: G::Settings) -> Self::Output {
        let Host {
            options,
            listener,
            animate,
        } = self;
        let mut address = listener.local_addr()?;
        // Listening everywhere, this screen joins on this machine.
        match address.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => address.set_ip(Ipv4Addr::LOCALHOST.into()),
            IpAddr::V6(ip) if ip.is_unspecified() => address.set_ip(Ipv6Addr::LOCALHOST.into()),
            _ => {}
        }
        let private = Code::random().map_err(failed)?;
        let name = options.name.clone();
        let hosting = host_in_background(G::new(settings), listener, options, private);
        let (start, session) =
            Session::open(address.to_string(), private.to_string(), name, Seat::Player)
                .map_err(failed)?;
        let join = Join {
            start,
            session: session.hosting(),
            animate,
            hosted_here: true,
        };
        let played = join.run();
        // The screen is gone, and with it the host's seat: the game ends
        // for the others, and is saved.
        let saved = hosting
            .join()
            .unwrap_or_else(|_| Err(failed("the hosting thread failed")));
        if let Some(path) = saved? {
            println!("Saved to {}.", path.display());
        }
        played
    }
}

/// The game screen for a welcomed game.
struct Join {
    start: Start,
    session: Session,
    animate: bool,
    /// The game is hosted by this process, which keeps it itself: the
    /// screen does not keep a second copy once it is over.
    hosted_here: bool,
}

impl Join {
    fn run(self) -> Result<ExitCode, Failure> {
        let play =
            network_game(self.start, self.session, Vec::new(), self.animate).map_err(failed)?;
        let mut options = options(self.animate);
        if self.hosted_here {
            options.config.keep_finished = Some(false);
        }
        app::run_game(options, play).map_err(|error| failed(format!("{error:#}")))?;
        Ok(ExitCode::SUCCESS)
    }
}
