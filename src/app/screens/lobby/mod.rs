//! The lobby of a server (`tabletop online HOST`): its open games and
//! games in progress, refreshed by themselves; a new game, a game joined,
//! watched or entered by a code. The game itself is the game screen of a
//! network game ([`game::network_game`]); the app comes back here when
//! the player leaves it. The talking to the server is [`crate::net::lobby`].

pub mod game;
pub mod keys;
mod new_game;
mod view;

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction};
use crate::app::keys::Mode;
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::games::Setup;
use crate::net::lobby::{
    self, Codes, Entered, Entering, Entry, Listed, LobbyList, LobbyNews, Visitor,
};
use crate::net::protocol::Role;
use new_game::NewGame;

/// What the lobby is doing.
enum Doing {
    /// Looking at the list.
    Listing,
    /// Filling in a new game.
    Creating(NewGame),
    /// Typing a code.
    Typing(String),
    /// Waiting for the server to let us into a game, and what we asked.
    Entering(Entering, String),
}

pub struct Lobby {
    address: String,
    name: String,
    /// The pass that vouches for the player's key (the SSH door's).
    pass: Option<String>,
    /// The list's connection; none while a game is played.
    list: Option<LobbyList>,
    games: Vec<Listed>,
    /// The first list has come.
    listed: bool,
    /// The game chosen, by its id (the list changes under it).
    chosen: Option<u64>,
    doing: Doing,
    /// The connection is gone, and why.
    lost: Option<String>,
    /// A line for the player until the next key.
    message: Option<String>,
    /// The last new game's choice, offered again.
    setup: Setup,
    /// The codes of the last game entered here.
    codes: Option<Codes>,
}

impl Lobby {
    /// Width and height the lobby needs.
    pub const NEEDS: (u16, u16) = (56, 16);

    /// The lobby of the server at `address`, where the player is `name`.
    pub fn new(address: String, name: String) -> Lobby {
        let list = Some(LobbyList::open(address.clone()));
        Lobby {
            address,
            name,
            pass: None,
            list,
            games: Vec::new(),
            listed: false,
            chosen: None,
            doing: Doing::Listing,
            lost: None,
            message: None,
            setup: Setup::default(),
            codes: None,
        }
    }

    /// The games this player enters are theirs by the key `pass`
    /// vouches for.
    pub fn with_pass(mut self, pass: Option<String>) -> Lobby {
        self.pass = pass;
        self
    }

    /// Takes the server's news: the list, a lost connection, or the game
    /// asked for, which the app then opens.
    fn heard(&mut self) -> Option<Entered> {
        if let Some(news) = self.list.as_mut().and_then(LobbyList::heard) {
            match news {
                LobbyNews::Games(games) => {
                    self.games = games;
                    self.listed = true;
                    self.keep_choice();
                }
                LobbyNews::Lost(why) => {
                    self.list = None;
                    self.lost = Some(why);
                }
            }
        }
        let Doing::Entering(entering, _) = &mut self.doing else {
            return None;
        };
        let answer = entering.poll()?;
        self.doing = Doing::Listing;
        match answer {
            Ok(entered) => {
                self.codes = Some(entered.codes.clone());
                // Nothing is listed while the game is played.
                self.list = None;
                Some(entered)
            }
            Err(why) => {
                self.message = Some(why);
                if let Some(list) = &self.list {
                    list.refresh();
                }
                None
            }
        }
    }

    fn reconnect(&mut self) {
        self.lost = None;
        self.listed = false;
        self.list = Some(LobbyList::open(self.address.clone()));
    }

    /// What the game screen's panel says first about the game just
    /// entered: the code a friend joins with, and the player's own to come
    /// back with.
    pub fn codes_lines(&self) -> Vec<String> {
        let Some(codes) = &self.codes else {
            return Vec::new();
        };
        let join = codes.join.iter().map(|join| format!("join code {join}"));
        let rejoin = codes
            .rejoin
            .iter()
            .map(|code| format!("rejoin code {code}"));
        join.chain(rejoin).collect()
    }

    /// The chosen game stays chosen while the list changes; if it went,
    /// the first is chosen.
    fn keep_choice(&mut self) {
        let still = self
            .chosen
            .filter(|id| self.games.iter().any(|g| g.id == *id));
        self.chosen = still.or_else(|| self.games.first().map(|game| game.id));
    }

    fn chosen_index(&self) -> Option<usize> {
        let id = self.chosen?;
        self.games.iter().position(|game| game.id == id)
    }

    fn chosen_game(&self) -> Option<&Listed> {
        self.chosen_index().map(|i| &self.games[i])
    }

    fn enter(&mut self, entry: Entry, what: String) {
        let visitor = Visitor {
            name: self.name.clone(),
            pass: self.pass.clone(),
        };
        let entering = lobby::enter(self.address.clone(), visitor, entry);
        self.doing = Doing::Entering(entering, what);
    }

    /// Joins the open game chosen, or watches the game chosen.
    fn enter_chosen(&mut self, watch: bool) {
        let Some(game) = self.chosen_game() else {
            let new = Mode::of(&keys::LIST).key_for(Action::NewGame);
            self.message = Some(format!("No game chosen: {new} creates one"));
            return;
        };
        let (role, what) = match game.open && !watch {
            true => (Role::Player, format!("Joining game {}…", game.id)),
            false => (Role::Spectator, format!("Watching game {}…", game.id)),
        };
        let entry = Entry::Listed { id: game.id, role };
        self.enter(entry, what);
    }

    /// One key, in a terminal of size `area`.
    fn apply(&mut self, action: Action, area: Rect) -> Transition {
        self.message = None;
        match &mut self.doing {
            // The server answers (or the wait times out) soon; a seat it
            // gives is not thrown away unseen, with its rejoin code.
            Doing::Entering(..) => {}
            Doing::Creating(form) => match action {
                Action::Step(direction) => form.step(direction),
                Action::Confirm => {
                    self.setup = form.setup();
                    let what = format!("Creating a game of {}…", self.setup.kind().title());
                    let entry = form.entry();
                    self.enter(entry, what);
                }
                Action::Click { row, .. } => {
                    if let Some(line) = view::form_line(area, form, row) {
                        form.select(line);
                    }
                }
                Action::Cancel => self.doing = Doing::Listing,
                _ => {}
            },
            Doing::Typing(code) => match action {
                Action::Type(c) if code.len() < 40 && (c.is_ascii_alphanumeric() || c == '-') => {
                    code.push(c);
                }
                Action::Erase => {
                    code.pop();
                }
                Action::Clear => code.clear(),
                Action::Confirm if code.is_empty() => self.doing = Doing::Listing,
                Action::Confirm => {
                    let code = code.clone();
                    self.enter(Entry::Code(code), "Entering the game by its code…".into());
                }
                Action::Cancel => self.doing = Doing::Listing,
                _ => {}
            },
            Doing::Listing => return self.update_list(action, area),
        }
        Transition::Stay
    }

    fn update_list(&mut self, action: Action, area: Rect) -> Transition {
        if self.lost.is_some() {
            match action {
                Action::Confirm => self.reconnect(),
                Action::Cancel => return Transition::Quit,
                _ => {}
            }
            return Transition::Stay;
        }
        match action {
            Action::Step(direction @ (Direction::Up | Direction::Down)) => {
                let count = self.games.len();
                if let (Some(at), true) = (self.chosen_index(), count > 0) {
                    let to = match direction {
                        Direction::Up => (at + count - 1) % count,
                        _ => (at + 1) % count,
                    };
                    self.chosen = Some(self.games[to].id);
                }
            }
            Action::Confirm => self.enter_chosen(false),
            Action::Watch => self.enter_chosen(true),
            Action::NewGame => {
                let form = NewGame::new(&self.setup).with_seeks(self.pass.is_some());
                self.doing = Doing::Creating(form);
            }
            Action::OpenAddress => self.doing = Doing::Typing(String::new()),
            Action::Click { row, .. } => match view::list_line(area, self, row) {
                Some(at) if self.chosen_index() == Some(at) => self.enter_chosen(false),
                Some(at) => self.chosen = Some(self.games[at].id),
                None => {}
            },
            Action::Cancel => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }
}

impl Screen for Lobby {
    fn mode(&self) -> Mode {
        let keymap = match (&self.doing, &self.lost) {
            (Doing::Creating(_), _) => &keys::NEW_GAME,
            (Doing::Typing(_), _) => &keys::CODE,
            (Doing::Entering(..), _) => &keys::ENTERING,
            (Doing::Listing, Some(_)) => &keys::LOST,
            (Doing::Listing, None) => &keys::LIST,
        };
        Mode::of(keymap)
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        self.apply(action, context.area)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        view::render(self, area, buf, theme);
    }

    fn needs(&self, _area: Rect) -> (u16, u16) {
        Self::NEEDS
    }

    /// Whether the lobby waits for the server (the app then looks often).
    fn is_ticking(&self) -> bool {
        self.list.is_some() || matches!(self.doing, Doing::Entering(..))
    }

    /// The server's news; the game entered, on the game screen, the lobby
    /// behind it to come back to (or, if the game cannot be shown, why).
    fn tick(&mut self, _now: Instant, context: &Context) -> Tick {
        let Some(entered) = self.heard() else {
            return Tick::Changed;
        };
        let notes = self.codes_lines();
        match game::network_game(entered.start, entered.session, notes, context.animate) {
            Ok(play) => Tick::Go(Transition::Open(play)),
            Err(why) => {
                self.back(context);
                self.message = Some(why);
                Tick::Changed
            }
        }
    }

    /// Shows `message` until the next key.
    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    /// Back from a game: the list again, fresh.
    fn back(&mut self, _context: &Context) {
        self.doing = Doing::Listing;
        self.reconnect();
    }

    fn is_home(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::Listing;

    /// A lobby that talks to no server (a local port nothing listens
    /// on), listing one open game (id 1) and one in progress (id 2).
    fn offline() -> Lobby {
        let listing = |id, names: [&str; 2]| Listing {
            id,
            game: "hex".to_string(),
            settings: toml::Table::new(),
            names: names.map(String::from),
            moves: 0,
            clock: None,
            standings: None,
            seek: None,
        };
        let open = [listing(1, ["ada", ""])];
        let playing = [listing(2, ["bob", "\u{1b}[2Jcarol"])];
        Lobby {
            address: "127.0.0.1:1".to_string(),
            name: "dan".to_string(),
            pass: None,
            list: None,
            games: lobby::listed(&open, &playing),
            listed: true,
            chosen: Some(1),
            doing: Doing::Listing,
            lost: None,
            message: None,
            setup: Setup::default(),
            codes: None,
        }
    }

    fn text(lobby: &Lobby, area: Rect) -> String {
        let mut buf = Buffer::empty(area);
        lobby.render(area, &mut buf, Theme::PLAIN);
        let rows = (0..area.height).map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        });
        rows.collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn both_lists_show_in_the_smallest_lobby_sanitised() {
        let lobby = offline();
        for (width, height) in [Lobby::NEEDS, (60, 20), (80, 24)] {
            let shown = text(&lobby, Rect::new(0, 0, width, height));
            assert!(shown.contains("ada – (open)"), "{shown}");
            assert!(shown.contains("bob – carol"), "{shown}");
            assert!(!shown.contains('\u{1b}'), "{shown}");
            assert!(shown.contains("q quit"), "{width}x{height}:\n{shown}");
        }
    }

    #[test]
    fn names_with_wide_characters_keep_the_columns() {
        let mut lobby = offline();
        let listing = |id, names: [&str; 2]| Listing {
            id,
            game: "hex".to_string(),
            settings: toml::Table::new(),
            names: names.map(String::from),
            moves: 0,
            clock: None,
            standings: None,
            seek: None,
        };
        let playing = [
            listing(2, ["bob", "carol"]),
            listing(3, ["山田太郎", "佐藤花子"]),
        ];
        lobby.games = lobby::listed(&[], &playing);
        for width in [56, 60, 80] {
            let shown = text(&lobby, Rect::new(0, 0, width, 20));
            // The moves column ends at the same place on every line (a
            // cell of the screen is a character of `shown`).
            let ends: Vec<usize> = shown
                .lines()
                .filter_map(|line| {
                    line.split("0 moves")
                        .next()
                        .filter(|_| line.contains("0 moves"))
                })
                .map(|before| before.chars().count())
                .collect();
            assert_eq!(ends.len(), 2, "{shown}");
            assert_eq!(ends[0], ends[1], "{width} columns:\n{shown}");
        }
    }

    #[test]
    fn a_click_chooses_a_game_and_a_second_click_enters_it() {
        let mut lobby = offline();
        let area = Rect::new(0, 0, 60, 20);
        let shown = text(&lobby, area);
        let row = shown
            .lines()
            .position(|line| line.contains("bob – carol"))
            .expect("listed") as u16;
        lobby.apply(Action::Click { column: 5, row }, area);
        assert_eq!(lobby.chosen, Some(2));
        assert!(matches!(lobby.doing, Doing::Listing));
        // A click elsewhere chooses nothing.
        lobby.apply(Action::Click { column: 5, row: 0 }, area);
        assert_eq!(lobby.chosen, Some(2));
        lobby.apply(Action::Click { column: 5, row }, area);
        assert!(matches!(lobby.doing, Doing::Entering(..)));
        // The answer is waited for: a seat given is not thrown away.
        assert!(matches!(
            lobby.apply(Action::Cancel, area),
            Transition::Stay
        ));
        assert!(matches!(lobby.doing, Doing::Entering(..)));
    }

    #[test]
    fn the_choice_steps_round_the_games_and_stays_when_the_list_changes() {
        let mut lobby = offline();
        let area = Rect::new(0, 0, 80, 24);
        lobby.apply(Action::Step(Direction::Down), area);
        assert_eq!(lobby.chosen, Some(2));
        lobby.apply(Action::Step(Direction::Down), area);
        assert_eq!(lobby.chosen, Some(1));
        lobby.games.reverse();
        lobby.keep_choice();
        assert_eq!(lobby.chosen, Some(1));
        lobby.games.retain(|game| game.id != 1);
        lobby.keep_choice();
        assert_eq!(lobby.chosen, Some(2));
    }

    #[test]
    fn a_lost_lobby_connects_again_on_enter_and_quits_on_esc() {
        let mut lobby = offline();
        let area = Rect::new(0, 0, 80, 24);
        lobby.lost = Some("the host closed the connection".to_string());
        let shown = text(&lobby, area);
        assert!(shown.contains("No connection to"), "{shown}");
        assert!(shown.contains("Enter connects again"), "{shown}");
        assert!(matches!(
            lobby.apply(Action::Step(Direction::Down), area),
            Transition::Stay
        ));
        assert!(matches!(
            lobby.apply(Action::Cancel, area),
            Transition::Quit
        ));
        lobby.apply(Action::Confirm, area);
        assert!(lobby.lost.is_none() && lobby.list.is_some());
    }
}
