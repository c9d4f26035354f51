//! The full-screen app on a test backend: started on a game, driven by
//! keys as a player presses them, and read back as text.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

use tabletop::app::door::Door;
use tabletop::app::keys::action_for;
use tabletop::app::screens::history::RatedHistory;
use tabletop::app::screens::keeping::KeptGames;
use tabletop::app::theme::Theme;
use tabletop::app::{App, Options, Start};
use tabletop::games::Setup;
use tabletop::net::store::kept_games::KeptGame;
use tabletop_core::config::Config;
use tabletop_core::seat::Seat;

/// The app started on a game of `setup` with `seats`, in a terminal of
/// `size`, without animations, colours or files.
pub fn game(setup: Setup, seats: [Seat; 2], size: (u16, u16)) -> App {
    let start = Start::Game(setup.clone());
    open(
        Options {
            menu: setup,
            seats,
            ..options(start)
        },
        size,
    )
}

/// What a test opens the app with unless it says otherwise: `start`, the
/// default game on the start screen, two people, no animations and no
/// files (nothing saved, remembered or listed).
pub fn options(start: Start) -> Options {
    Options {
        menu: Setup::default(),
        start,
        animate: false,
        autosave: None,
        library: None,
        seats: [Seat::Human, Seat::Human],
        clock: None,
        time: Default::default(),
        remember: None,
        looks: None,
        notice: None,
        config: Config::default(),
    }
}

/// The app opened with `options` in a terminal of `size`, without colours.
pub fn open(options: Options, size: (u16, u16)) -> App {
    App::new(options, Rect::new(0, 0, size.0, size.1), Theme::PLAIN)
}

/// The screen as text, drawn at `size`.
pub fn draw(app: &App, size: (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("drawing on a test backend");
    terminal.backend().to_string()
}

/// Presses a key (with `Ctrl` when `ctrl`), read as the app reads it in
/// the mode it is in.
pub fn press(app: &mut App, code: KeyCode, ctrl: bool) {
    let modifiers = if ctrl {
        KeyModifiers::CONTROL
    } else {
        KeyModifiers::NONE
    };
    let event = Event::Key(KeyEvent::new(code, modifiers));
    if let Some(action) = action_for(&event, app.mode()) {
        app.update(action);
    }
}

/// Types each of `moves` (space-separated addresses) and presses Enter.
pub fn play(app: &mut App, moves: &str) {
    for address in moves.split_whitespace() {
        for c in address.chars() {
            press(app, KeyCode::Char(c), false);
        }
        press(app, KeyCode::Enter, false);
    }
}

/// The app as the SSH door runs it, in a terminal of `size`, without
/// colours: for a player with a key when `games` holds their finished
/// games (kept here, in memory, as the server keeps them), for a guest
/// when it is `None`.
pub fn door(
    games: Option<std::sync::Arc<std::sync::Mutex<Vec<KeptGame>>>>,
    size: (u16, u16),
) -> App {
    let kept = games.map(|games| {
        let keeping = std::sync::Arc::clone(&games);
        KeptGames {
            keep: std::sync::Arc::new(move |game: &KeptGame| {
                keeping.lock().expect("kept").insert(0, game.clone());
                Ok(())
            }),
            list: std::sync::Arc::new(move || Ok(games.lock().expect("kept").clone())),
        }
    });
    let keyed = kept.is_some();
    let door = Door {
        lobby: "127.0.0.1:9".to_string(),
        name: if keyed { "ada" } else { "guest" }.to_string(),
        pass: None,
        history: keyed.then(|| RatedHistory(std::sync::Arc::new(|| Ok(Vec::new())))),
        progress: None,
        games: kept,
        looks: None,
        greeting: None,
    };
    App::door(door, Rect::new(0, 0, size.0, size.1), Theme::PLAIN)
}
