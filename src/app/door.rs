//! The app as the server's SSH door runs it for each visitor: the start
//! screen made for it (the computer, this server's lobby, the puzzles,
//! the help), no files read or written, no outside engines, and the look
//! the visitor's own terminal asks for.

use ratatui::layout::Rect;

use super::looks::{KeepLooks, Look, Looks};
use super::screens::Context;
use super::screens::history::RatedHistory;
use super::screens::keeping::{Keep, KeptGames};
use super::screens::puzzles::kept::KeptProgress;
use super::screens::start::{DoorMenu, StartMenu};
use super::theme::Theme;
use super::{App, screens::Screen};
use crate::games::Setup;
use tabletop_ai::Level;
use tabletop_core::config::Config;
use tabletop_core::seat::Seat;

/// Where a visitor of the SSH door is.
#[derive(Clone)]
pub struct Door {
    /// The address of this server's lobby.
    pub lobby: String,
    /// The visitor's name there.
    pub name: String,
    /// The pass that vouches there for the visitor's key, if they have
    /// one (their games are then rated).
    pub pass: Option<String>,
    /// How the player's rated games are read (none for a guest).
    pub history: Option<RatedHistory>,
    /// Where the player's puzzle progress is kept (none for a guest:
    /// kept nowhere).
    pub progress: Option<KeptProgress>,
    /// Where the player's finished games are kept, and how they are
    /// read (none for a guest: kept nowhere).
    pub games: Option<KeptGames>,
    /// The look the player chose last time, and how a new choice is
    /// kept (none for a guest: the built-in look, kept nowhere).
    pub looks: Option<(Option<Looks>, KeepLooks)>,
    /// A line the start screen shows until the first key.
    pub greeting: Option<String>,
}

impl App {
    /// The app for a visitor of the SSH door, on a terminal of `area`.
    pub fn door(door: Door, area: Rect, theme: Theme) -> App {
        let home = StartMenu::new(&Setup::default())
            .with_seats([Seat::Human, Seat::Computer(Level::MIN)])
            .with_lobby(DoorMenu {
                address: door.lobby,
                name: door.name,
                pass: door.pass,
                history: door.history,
                progress: door.progress,
                games: door.games.clone(),
            })
            .with_notice(door.greeting);
        let context = Context {
            area,
            animate: true,
            autosave: None,
            // Nothing is kept in files (the door writes none): a player's
            // finished games are kept on the server.
            keep: door.games.map_or(Keep::Nowhere, Keep::Elsewhere),
            library: None,
            time: tabletop_core::clock::TimeSource::System,
            door: true,
        };
        // Nothing of the server's own config or files: the built-in looks.
        let mut notices = Vec::new();
        let look = match door.looks {
            Some((chosen, keep)) => Look::kept(chosen, keep, theme, &mut notices),
            None => Look::chosen(&Config::default(), None, theme, &mut notices),
        };
        let screen: Box<dyn Screen> = Box::new(home.clone());
        App {
            screen,
            behind: Vec::new(),
            home,
            help: None,
            context,
            look,
            quit: false,
        }
    }
}
