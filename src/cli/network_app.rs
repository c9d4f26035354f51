//! `tabletop join` and `watch` in the full-screen app: the welcomed game
//! on the game screen, the host's side played over the network.

use std::process::ExitCode;

use super::Failure;
use super::args::{JoinArgs, Role};
use super::network::{failed, game_kind, name};
use crate::app::{self, screens::play::Play, screens::play::peer::Peer};
use crate::engine::record::read_settings;
use crate::games::{Playable, Setup, WithGame};
use crate::net::session::{Session, Start};

/// Joins (or watches) the game hosted at `address`, in the app.
pub(super) fn join(
    address: &str,
    args: &JoinArgs,
    role: Role,
    animate: bool,
) -> Result<ExitCode, Failure> {
    let (start, session) = Session::open(
        address.to_string(),
        args.code.clone(),
        name(&args.net),
        role,
    )
    .map_err(failed)?;
    game_kind(&start.game)?.with(Join {
        start,
        session,
        animate,
    })
}

/// The game screen for a welcomed game.
struct Join {
    start: Start,
    session: Session,
    animate: bool,
}

impl WithGame for Join {
    type Output = Result<ExitCode, Failure>;
    fn run<G: Playable>(self) -> Self::Output {
        let Join {
            start,
            session,
            animate,
        } = self;
        let settings = read_settings::<G>(&start.settings)
            .map_err(|error| failed(format!("the host sent {error}")))?;
        let peer = Peer::new(session, start.side, start.names);
        let play =
            Play::networked(G::new(settings), &start.moves, peer, animate).map_err(failed)?;
        let options = app::Options {
            menu: Setup::default(),
            start: app::Start::Menu,
            animate,
            // The host keeps the game; a player saves it with `s`.
            autosave: None,
            library: crate::files::games_dir(),
            seats: Default::default(),
            remember: None,
            looks: crate::app::looks::path(),
            notice: None,
        };
        app::run_game(options, Box::new(play)).map_err(|error| failed(format!("{error:#}")))?;
        Ok(ExitCode::SUCCESS)
    }
}
