//! Every key a screen's footer or help names does what it says, on every
//! screen of the app and for every game: each screen is drawn, the keys
//! its footer names and those its help lists are read off the screen, and
//! each is pressed on a fresh copy of the screen; then what changed is
//! looked at, by what the footer or the help says the key does. A footer
//! or a help line saying something this test does not know fails it, so
//! a new key is tested when it is named.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use tabletop::app::action::Action;
use tabletop::app::keys::action_for;
use tabletop::app::{App, Options, Start};
use tabletop::games::{self, AnyRecord, GameKind, Interactive, Setup, WithRecord, WithSetup};
use tabletop::net::store::kept_games::KeptGame;
use tabletop_core::files;
use tabletop_core::puzzles::builtin;
use tabletop_core::seat::Seat;
use tabletop_engine::Rng;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing};

mod common;
use common::piped::Piped;
use common::scratch::Scratch;
use common::screen::{door, open, options};
use common::served::Served;

/// Big enough for every help to show whole and every footer to name all
/// its keys.
const SIZE: (u16, u16) = (120, 50);

/// A screen to check: how to open it afresh (with the other players it
/// needs, kept while it is looked at), and what it is called.
struct Scene {
    name: String,
    make: Box<dyn Fn() -> (App, Vec<Piped>)>,
}

impl Scene {
    fn new(name: impl Into<String>, make: impl Fn() -> App + 'static) -> Scene {
        Scene::with_others(name, move || (make(), Vec::new()))
    }

    fn with_others(
        name: impl Into<String>,
        make: impl Fn() -> (App, Vec<Piped>) + 'static,
    ) -> Scene {
        Scene {
            name: name.into(),
            make: Box::new(make),
        }
    }
}

/// The screen of `app` drawn at `SIZE`, with its styles.
fn buffer(app: &App) -> Buffer {
    buffer_at(app, SIZE)
}

/// The screen of `app` drawn at `size`, with its styles.
fn buffer_at(app: &App, size: (u16, u16)) -> Buffer {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The text of `buf`, a line a row.
fn text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect::<Vec<String>>()
        .join("\n")
}

/// How a cell is drawn, as far as reading the footer and the help goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Look {
    /// A key's name.
    Key,
    /// What it does, in the footer.
    Dim,
    Plain,
}

fn look(buf: &Buffer, x: u16, y: u16) -> Look {
    let modifier = buf[(x, y)].modifier;
    if modifier.contains(Modifier::REVERSED) {
        Look::Plain
    } else if modifier.contains(Modifier::BOLD) {
        Look::Key
    } else if modifier.contains(Modifier::DIM) {
        Look::Dim
    } else {
        Look::Plain
    }
}

/// Row `y` of `buf` as runs of one look, from column `from` to `to`.
fn runs(buf: &Buffer, y: u16, from: u16, to: u16) -> Vec<(Look, String)> {
    let mut runs: Vec<(Look, String)> = Vec::new();
    for x in from..to {
        let (seen, symbol) = (look(buf, x, y), buf[(x, y)].symbol());
        match runs.last_mut() {
            Some((last, text)) if *last == seen => text.push_str(symbol),
            _ => runs.push((seen, symbol.to_string())),
        }
    }
    runs
}

/// The footer's items (keys, what they do): the lowest row made of keys
/// each followed by what it does.
fn footer(buf: &Buffer) -> Vec<(String, String)> {
    for y in (0..buf.area.height).rev() {
        let mut row = runs(buf, y, 0, buf.area.width);
        // Blanks and a box's sides around the items.
        while row.first().is_some_and(|(look, _)| *look == Look::Plain) {
            row.remove(0);
        }
        while row.last().is_some_and(|(look, _)| *look == Look::Plain) {
            row.pop();
        }
        let pairs: Option<Vec<(String, String)>> = row
            .chunks(2)
            .map(|pair| match pair {
                [(Look::Key, keys), (Look::Dim, says)] if says.starts_with(' ') => {
                    Some((keys.trim().to_string(), says.trim().to_string()))
                }
                _ => None,
            })
            .collect();
        match pairs {
            Some(items) if !items.is_empty() => return items,
            _ => continue,
        }
    }
    Vec::new()
}

/// The help's lines (keys, what they do), read from the open help box.
fn help(buf: &Buffer) -> Vec<(String, String)> {
    let screen = text(buf);
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|line| line.contains(" Keys "))
        .expect("the help is open");
    let bottom = lines
        .iter()
        .position(|line| line.contains("closes this help"))
        .expect("the help's frame");
    assert!(
        !lines[bottom].contains("more"),
        "the help does not fit:\n{screen}"
    );
    let left = lines[top].chars().position(|c| c == '┌').unwrap_or(0) as u16;
    let right = lines[top].chars().position(|c| c == '┐').unwrap_or(0) as u16;
    let mut items: Vec<(String, String)> = Vec::new();
    for y in top + 1..bottom {
        let row = runs(buf, y as u16, left + 2, right);
        let keys = match row.first() {
            Some((Look::Key, keys)) => keys.trim().to_string(),
            _ => String::new(),
        };
        let does: String = row
            .iter()
            .skip(usize::from(!keys.is_empty()))
            .map(|(_, text)| text.as_str())
            .collect::<String>()
            .trim()
            .to_string();
        match items.last_mut() {
            Some((_, before)) if keys.is_empty() => {
                before.push(' ');
                before.push_str(&does);
            }
            _ => items.push((keys, does)),
        }
    }
    items
}

/// The key names in a help line's keys: `← ↑ → ↓  j k l` is seven keys,
/// `mouse click` one.
fn names(keys: &str) -> Vec<String> {
    keys.split("  ")
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .flat_map(|part| {
            let words: Vec<&str> = part.split(' ').collect();
            if words.iter().all(|word| word.chars().count() == 1) {
                words.into_iter().map(String::from).collect()
            } else {
                vec![part.to_string()]
            }
        })
        .collect()
}

/// The footer's key names: `←↑→↓` is four keys, `+-` two, `Home End` two.
fn footer_names(keys: &str) -> Vec<String> {
    if keys.contains(' ') {
        return keys.split(' ').map(String::from).collect();
    }
    let chars: Vec<char> = keys.chars().collect();
    let glyphs = chars.len() > 1 && chars.iter().all(|c| "←↑→↓+-".contains(*c));
    match glyphs {
        true => chars.iter().map(char::to_string).collect(),
        false => vec![keys.to_string()],
    }
}

/// The app, a key pressed on it, and what it shows.
struct Drive {
    app: App,
    /// The key under test, as named.
    key: String,
    /// The other players, kept while the app is looked at.
    _others: Vec<Piped>,
}

impl Drive {
    fn screen(&self) -> String {
        text(&buffer(&self.app))
    }

    /// Presses the key named `name` as a player would.
    fn press(&mut self, name: &str) {
        let event = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
        let plain = |code| event(code, KeyModifiers::NONE);
        let events: Vec<Event> = match name {
            "mouse click" | "click" => vec![self.click_cursor()],
            "Space" => vec![plain(KeyCode::Char(' '))],
            "Enter" => vec![plain(KeyCode::Enter)],
            "Esc" => vec![plain(KeyCode::Esc)],
            "Backspace" => vec![plain(KeyCode::Backspace)],
            "Home" => vec![plain(KeyCode::Home)],
            "End" => vec![plain(KeyCode::End)],
            "PgUp" => vec![plain(KeyCode::PageUp)],
            "PgDn" => vec![plain(KeyCode::PageDown)],
            "←" => vec![plain(KeyCode::Left)],
            "→" => vec![plain(KeyCode::Right)],
            "↑" => vec![plain(KeyCode::Up)],
            "↓" => vec![plain(KeyCode::Down)],
            _ if name.starts_with("Ctrl-") => {
                let c = name.chars().nth(5).expect("a letter");
                vec![event(KeyCode::Char(c), KeyModifiers::CONTROL)]
            }
            _ if name.len() > 1 && name.starts_with('F') && name[1..].parse::<u8>().is_ok() => {
                vec![plain(KeyCode::F(name[1..].parse().expect("a number")))]
            }
            // One character, or several typed one after another (a cell,
            // a move number, a word move).
            _ => name.chars().map(|c| plain(KeyCode::Char(c))).collect(),
        };
        for event in events {
            if let Some(action) = action_for(&event, self.app.mode()) {
                self.app.update(action);
            }
        }
    }

    /// Presses the key under test.
    fn press_key(&mut self) {
        let key = self.key.clone();
        self.press(&key);
    }

    /// A click on the cursor's cell (a reversed cell of the board), or on
    /// the chosen line of a list.
    fn click_cursor(&self) -> Event {
        let buf = buffer(&self.app);
        let (column, row) = reversed(&buf).into_iter().next().unwrap_or((0, 0));
        click(column, row)
    }

    /// Clicks at `column`, `row`.
    fn click(&mut self, column: u16, row: u16) {
        if let Some(action) = action_for(&click(column, row), self.app.mode()) {
            self.app.update(action);
        }
    }

    /// Ticks the app until `done` or a generous while.
    fn tick_until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        let give_up = Instant::now() + Duration::from_secs(20);
        while Instant::now() < give_up {
            self.app.tick(Instant::now());
            if done(&self.screen()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

/// A left click at `column`, `row`.
fn click(column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// The cells drawn in reverse video, with what they show (the cursor,
/// the chosen line).
fn chosen(buf: &Buffer) -> Vec<(u16, u16, String)> {
    reversed(buf)
        .into_iter()
        .map(|(x, y)| (x, y, buf[(x, y)].symbol().to_string()))
        .collect()
}

/// The cells drawn in reverse video (the cursor, the chosen line).
fn reversed(buf: &Buffer) -> Vec<(u16, u16)> {
    let mut cells = Vec::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if buf[(x, y)].modifier.contains(Modifier::REVERSED) {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// The moves listed in a game's history: each line with `N. ` and a
/// player.
fn history(screen: &str) -> Vec<String> {
    screen
        .lines()
        .flat_map(|line| line.split("  ").map(str::trim))
        .filter(|part| {
            let mut words = part.split(' ');
            let numbered = words
                .next()
                .and_then(|n| n.strip_suffix('.'))
                .is_some_and(|n| n.parse::<usize>().is_ok());
            numbered && words.next().is_some_and(|w| w.chars().count() == 1)
        })
        .map(String::from)
        .collect()
}

/// The number after `before` on the screen (`Move 3 of 10`: 3).
fn number_after(screen: &str, before: &str) -> Option<usize> {
    let at = screen.find(before)? + before.len();
    let digits: String = screen[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

type Check = fn(&mut Drive) -> Result<(), String>;

/// Passes when `ok`, else says what the screen showed.
fn expect(ok: bool, what: &str, drive: &Drive) -> Result<(), String> {
    match ok {
        true => Ok(()),
        false => Err(format!("{what}; the screen shows:\n{}", drive.screen())),
    }
}

/// Presses the key; passes when the screen then contains `text`.
fn shows(drive: &mut Drive, text: &str) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains(text), &format!("no {text:?}"), drive)
}

fn quits(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let quit = drive.app.should_quit();
    expect(quit, "the app goes on", drive)
}

fn opens_help(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "closes this help")
}

fn next_theme(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Theme: ")
}

fn next_pieces(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Pieces: ")
}

/// The cursor or the chosen line moves.
fn moves_the_cursor(drive: &mut Drive) -> Result<(), String> {
    // Where the cursor cannot go further this way, the other way first.
    let back = match drive.key.as_str() {
        "←" | "h" => "→",
        "→" | "l" => "←",
        "↑" | "k" => "↓",
        "Home" | "PgUp" => "End",
        "End" | "PgDn" => "Home",
        _ => "↑",
    };
    let before = chosen(&buffer(&drive.app));
    if drive.key == "mouse click" {
        // A click on the line above the one chosen chooses it.
        let (column, row, _) = before.last().cloned().unwrap_or((0, 1, String::new()));
        drive.click(column, row.saturating_sub(1));
        let moved = chosen(&buffer(&drive.app)) != before;
        return expect(moved, "the click chooses nothing", drive);
    }
    drive.press_key();
    if chosen(&buffer(&drive.app)) != before {
        return Ok(());
    }
    drive.press(back);
    let turned = chosen(&buffer(&drive.app));
    drive.press_key();
    let moved = chosen(&buffer(&drive.app)) != turned;
    expect(moved, "the cursor stays", drive)
}

/// A value of the start screen's or the form's chosen line changes.
fn changes_a_value(drive: &mut Drive) -> Result<(), String> {
    // A line with a value is chosen first.
    for _ in 0..20 {
        if chosen_has_value(&drive.app) {
            break;
        }
        drive.press("↓");
    }
    let before = drive.screen();
    drive.press_key();
    expect(drive.screen() != before, "no value changes", drive)
}

/// Whether the chosen line of a menu has a value (`‹ … ›`, drawn
/// reversed).
fn chosen_has_value(app: &App) -> bool {
    let buf = buffer(app);
    reversed(&buf)
        .into_iter()
        .any(|(x, y)| buf[(x, y)].symbol() == "‹")
}

/// A move is played, or the status line says why not.
fn places(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let after = drive.screen();
    let played = history(&after) != history(&before)
        || number_after(&after, "Move ") != number_after(&before, "Move ");
    let said = ["Invalid move", "It is ", "answers", "slip", "taken"]
        .iter()
        .any(|why| after.contains(why) && !before.contains(why));
    expect(played || said, "nothing is placed", drive)
}

fn types_a_cell(drive: &mut Drive) -> Result<(), String> {
    let typed = drive.key.trim_start_matches(':').to_string();
    shows(drive, &format!("Cell: {typed}"))
}

/// The word move (`swap`) is typed and, with Enter, played.
fn plays_a_word(drive: &mut Drive) -> Result<(), String> {
    let word = drive.key.clone();
    drive.press_key();
    drive.press("Enter");
    let screen = drive.screen();
    expect(
        history(&screen).iter().any(|entry| entry.ends_with(&word)),
        &format!("{word} is not played"),
        drive,
    )
}

fn undoes(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let undone = (history(&screen) != before && !screen.contains("Nothing to undo"))
        || screen.contains("takes the resignation back")
        || (before.is_empty() && screen.contains("Nothing to undo"))
        || screen.contains("take your last move back");
    expect(undone, "nothing is undone", drive)
}

fn redoes(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let redone = history(&screen) != before || screen.contains("Nothing to redo");
    expect(redone, "nothing is redone", drive)
}

fn new_game(drive: &mut Drive) -> Result<(), String> {
    // Twice during a game, once after it.
    drive.press_key();
    if !drive.screen().contains("[ Start ]") {
        drive.press_key();
    }
    let screen = drive.screen();
    let home = ["[ Start ]", "Open games", "Connecting to"]
        .iter()
        .any(|home| screen.contains(home));
    expect(home, "not back at the start", drive)
}

fn hints(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen.contains("Looking for a hint") || screen.contains("Hint: "),
        "no hint",
        drive,
    )
}

fn evaluates(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let after = drive.screen();
    // `X 62% ████░░░░ O`, or `X …% ···· O` while it is worked out.
    let bar = |screen: &str| screen.contains('%');
    expect(
        bar(&after) != bar(&before),
        "the bar neither shows nor goes",
        drive,
    )
}

fn reviews(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let reviewing = screen.contains("Reviewing") || screen.contains("Already reviewed");
    expect(reviewing, "no review", drive)
}

fn looks_back(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let back = screen.contains("Looking back") || screen.contains("No move to look back at");
    expect(back, "not looking back", drive)
}

/// In the replay viewer or looking back: the move shown changes.
fn steps(drive: &mut Drive) -> Result<(), String> {
    let at = |screen: &str| {
        number_after(screen, "Move ").or_else(|| number_after(screen, "Looking back: move "))
    };
    // From the middle, every step changes the move shown.
    let back = matches!(drive.key.as_str(), "←" | "h" | "[" | "Home");
    if back {
        drive.press("End");
    }
    let before = at(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let after = at(&screen);
    let left = !back && before.is_some() && !screen.contains("Looking back");
    expect(after != before || left, "the move shown stays", drive)
}

fn back_to_the_game(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        !screen.contains("Looking back"),
        "still looking back",
        drive,
    )
}

fn plays_by_itself(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Playing, one move every")
}

fn changes_speed(drive: &mut Drive) -> Result<(), String> {
    drive.press("Space");
    let before = number_after(&drive.screen(), "one move every ");
    drive.press_key();
    let after = number_after(&drive.screen(), "one move every ");
    // The slowest cannot go slower: from the fastest, then.
    if after == before && drive.key.as_str() == "-" {
        return expect(before == Some(2000), "the speed stays", drive);
    }
    expect(after != before, "the speed stays", drive)
}

fn jumps(drive: &mut Drive) -> Result<(), String> {
    drive.key = "2".to_string();
    drive.press_key();
    drive.press("Enter");
    let at = number_after(&drive.screen(), "Move ");
    expect(at == Some(2), "not at move 2", drive)
}

fn next_mistake(drive: &mut Drive) -> Result<(), String> {
    let before = number_after(&drive.screen(), "Move ");
    drive.press_key();
    let screen = drive.screen();
    let moved = number_after(&screen, "Move ") != before
        || screen.contains("No mistakes")
        || screen.contains("Not reviewed yet");
    expect(moved, "no mistake shown", drive)
}

fn plays_on(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let playing = !screen.contains("tabletop replay") && screen.contains("'s turn");
    expect(playing, "no game goes on", drive)
}

/// Back to where the screen was opened from: another screen, or out.
fn goes_back(drive: &mut Drive) -> Result<(), String> {
    let before = footer(&buffer(&drive.app));
    drive.press_key();
    let gone = drive.app.should_quit() || footer(&buffer(&drive.app)) != before;
    expect(gone, "the screen stays", drive)
}

/// The analysis board opens.
fn analyses(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop analysis")
}

/// On the analysis board: another variation is shown, or the status line
/// says there is none that way.
fn switches_variation(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    let switched = screen != before || screen.contains("No variation");
    expect(switched, "no variation is shown", drive)
}

/// On the analysis board, in a variation: back on the main line.
fn back_to_the_main_line(drive: &mut Drive) -> Result<(), String> {
    // A move other than the main line's, where the cursor finds one.
    drive.press("[");
    let at = number_after(&drive.screen(), "Move ");
    for step in ["→", "↓"].iter().cycle().take(40) {
        drive.press("Space");
        if drive.screen().contains("A variation") {
            break;
        }
        if number_after(&drive.screen(), "Move ") != at {
            drive.press("[");
        }
        drive.press(step);
    }
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen.contains("The main line"),
        "not on the main line",
        drive,
    )
}

fn changes_level(drive: &mut Drive) -> Result<(), String> {
    let before = number_after(&drive.screen(), "Level ");
    drive.press_key();
    let after = number_after(&drive.screen(), "Level ");
    expect(after.is_some() && after != before, "the level stays", drive)
}

fn saves_the_line(drive: &mut Drive) -> Result<(), String> {
    // The tests' app has no folder of saved games: it says so.
    shows(drive, "There is no folder of saved games here")
}

fn resigns(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Resign as Player")
}

fn saves(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Save to: ")
}

fn keeps_on_the_server(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Kept in Your games on this server")
}

fn pauses(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "paused")
}

fn takes_the_seat(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "You play Player")
}

fn gives_the_seat(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop's computer plays Player")
}

fn forfeits(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "forfeits the game")
}

/// While a line is typed: Enter plays what was typed.
fn enters_the_line(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let done = history(&screen) != before || !screen.contains("Cell: ");
    expect(done, "the line stays", drive)
}

fn erases(drive: &mut Drive) -> Result<(), String> {
    drive.press("c");
    let before = drive.screen();
    drive.press_key();
    expect(drive.screen() != before, "nothing is erased", drive)
}

fn empties_the_line(drive: &mut Drive) -> Result<(), String> {
    drive.press("ab1");
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    expect(
        before.contains("ab1") && !screen.contains("ab1"),
        "the line keeps what was typed",
        drive,
    )
}

fn closes_the_line(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        !screen.contains("Cell: ") && !screen.contains("Code: "),
        "the line stays",
        drive,
    )
}

fn starts(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains("'s turn"), "no game starts", drive)
}

fn opens_a_replay(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop replay")
}

fn continues(drive: &mut Drive) -> Result<(), String> {
    // The unfinished game is listed first, sorted by result.
    drive.press("s");
    drive.press("s");
    drive.press("Home");
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains("'s turn"), "no game goes on", drive)
}

fn asks_to_delete(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "to trash/?")
}

fn sorts(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let sorted = ["by game", "by result", "longest first", "newest first"]
        .iter()
        .any(|how| drive.screen().contains(how) && !before.contains(how));
    expect(sorted, "not sorted another way", drive)
}

fn filters(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    let filtered = screen.contains(" only ·") || (before.contains(" only ·") && screen != before);
    expect(filtered, "not one game's", drive)
}

fn moves_to_the_trash(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Moved ")
}

fn keeps_the_file(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Kept ")
}

fn solves(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Find the winning move")
}

fn retries(drive: &mut Drive) -> Result<(), String> {
    let left = |screen: &str| {
        screen
            .lines()
            .find(|line| line.contains("left"))
            .map(str::to_string)
    };
    let start = left(&drive.screen());
    drive.press("Enter");
    drive.tick_until(|screen| !screen.contains("answers…"));
    drive.press_key();
    let screen = drive.screen();
    expect(
        left(&screen) == start && !screen.contains("slip"),
        "not tried again",
        drive,
    )
}

fn next_puzzle(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen != before && screen.contains("Find the winning move"),
        "no other puzzle",
        drive,
    )
}

fn joins(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let entering = screen.contains("Joining game") || screen.contains("Watching game");
    expect(entering, "no game entered", drive)
}

fn watches(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Watching game")
}

fn opens_the_form(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "[ Create ]")
}

fn opens_the_code_line(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Code: ")
}

fn creates(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Creating a game of")
}

fn enters_a_code(drive: &mut Drive) -> Result<(), String> {
    drive.press("AB12");
    shows(drive, "Entering the game by its code")
}

fn chats(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Say: ")
}

/// Presses the key; passes when the screen comes to contain one of
/// `texts` (the other side answers over the network).
fn comes_to_show(drive: &mut Drive, texts: &[&str]) -> Result<(), String> {
    drive.press_key();
    let shown = drive.tick_until(|screen| texts.iter().any(|text| screen.contains(text)));
    expect(shown, &format!("none of {texts:?}"), drive)
}

fn offers_a_draw(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You offer a draw", "the draw"])
}

fn accepts(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You accept the draw"])
}

fn declines(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You decline the draw"])
}

/// A click on a game's title chooses it.
fn clicks_a_title(drive: &mut Drive) -> Result<(), String> {
    let screen = drive.screen();
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("Connect6") && line.contains("Gomoku"))
        .expect("the titles");
    let column = line.find("Hex").map(|at| line[..at].chars().count());
    drive.click(column.unwrap_or(0) as u16, row as u16);
    let chosen = drive.screen().contains("‹ Hex ›");
    expect(chosen, "Hex is not chosen", drive)
}

/// What a footer item or a help line says, and how to see it done.
fn check(says: &str) -> Option<Check> {
    let check: Check = match says {
        "quit" | "quit at once" => quits,
        "help" | "this help" => opens_help,
        "the next colour theme, yours too (remembered)" => next_theme,
        "pieces as letters, stones or ASCII only (remembered)" => next_pieces,
        "move" | "move the cursor" | "choose" | "choose a line" | "choose a game"
        | "choose a puzzle" => moves_the_cursor,
        "the first, the last" | "a page up, a page down" => moves_the_cursor,
        "change" | "change its value" => changes_a_value,
        "place" | "place a piece on the cursor cell" | "place a piece on the clicked cell" => {
            places
        }
        "type" | "type a cell (or a word move), Enter plays it" => types_a_cell,
        "swap" => plays_a_word,
        "undo" | "undo (with the computer's reply)" => undoes,
        "redo" => redoes,
        "new" | "new game (press twice during a game)" => new_game,
        "hint" | "hint: the move the computer would play" => hints,
        "evaluation bar on or off (between people)" | "evaluation bar on or off" => evaluates,
        "review"
        | "review the finished game: where it went wrong"
        | "review the game here (the graph fills in as it goes)" => reviews,
        "look back" | "look back at the moves so far" => looks_back,
        "resign" | "resign (asks first)" => resigns,
        "save" | "save the game to a file" => saves,
        "keep" | "keep the game in your games on this server" => keeps_on_the_server,
        "pause" | "pause or go on (computer against computer)" => pauses,
        "take the engine's seat: you play its side" => takes_the_seat,
        "give the engine's seat to tabletop's computer" => gives_the_seat,
        "end the game: the engine forfeits" => forfeits,
        "step"
        | "one move back, one move on"
        | "ends"
        | "the start, the end"
        | "the start, the position now" => steps,
        "one move back, one move on along the line" | "the start, the end of the line" => steps,
        "variation" | "the variation before, after (at the same move)" => switches_variation,
        "main" | "back to where the line left the main line" => back_to_the_main_line,
        "level" | "the computer's level up, down" => changes_level,
        "save line" | "save the line to here in the saved games" => saves_the_line,
        "evaluation bar and best line on or off" => evaluates,
        "play on from here against the computer at its level" => plays_on,
        "back to where the board was opened" => goes_back,
        "analyse"
        | "analyse the game over: moves for both sides, the computer's line"
        | "analyse from here (a game at home)"
        | "analyse from here: moves for both sides, branches, the computer's line"
        | "analyse the puzzle, once solved or missed"
        | "an empty board of the game chosen, on the analysis board" => analyses,
        "back to the game" | "undo, redo (back to the game)" => back_to_the_game,
        "play" | "play the moves by themselves, or stop" => plays_by_itself,
        "speed" | "faster, slower" => changes_speed,
        "jump to after move 12" => jumps,
        "next mistake" | "the next mistake or blunder (a reviewed game)" => next_mistake,
        "play on" | "play on from here as a new game" => plays_on,
        "back"
        | "back to where the game was opened from"
        | "back to the start screen (or the shell)"
        | "back to the list"
        | "back to the start screen"
        | "puzzles" => goes_back,
        "play the cell typed, or save or send the line" | "play the cell typed" => enters_the_line,
        "erase" | "erase the last character" => erases,
        "empty" | "empty the line" => empties_the_line,
        "cancel" | "close the line" => closes_the_line,
        "start" | "start the game, resume it, open the saved games or the puzzles" => starts,
        "replay"
        | "replay the game"
        | "replay the game chosen (a kept one)"
        | "choose a game; a second click replays it" => opens_a_replay,
        "choose a game, a line or its value (‹ ›); a button does what Enter does" => {
            clicks_a_title
        }
        "review the game (in the replay viewer)" => reviews,
        "continue" | "continue the game (an unfinished one)" => continues,
        "delete" | "move the file to trash/ (asks first)" => asks_to_delete,
        "sort" | "sort by date, game, result or moves" => sorts,
        "filter"
        | "show one game only, the next or the one before"
        | "game"
        | "show one game's puzzles, the next or the one before" => filters,
        "page" => moves_the_cursor,
        "yes" | "yes: move it to trash/" => moves_to_the_trash,
        "no" | "no: keep it (so does any other key)" => keeps_the_file,
        "solve" | "solve it" => solves,
        "retry" | "try the puzzle again, from its position" => retries,
        "next" | "the next puzzle" => next_puzzle,
        "join/watch"
        | "join the open game chosen, or watch the game in progress"
        | "choose a game; a second click enters it" => joins,
        "watch" | "watch the game chosen" => watches,
        "new game" | "create a new game (its game, settings, side, opponent)" => opens_the_form,
        "code" | "type a code: a join, rejoin or watch code" => opens_the_code_line,
        "create" | "create the game (and wait in it for a player)" => creates,
        "enter the game" | "enter the game of the code typed" => enters_a_code,
        "leave" => new_game,
        "chat" | "chat with the other player (network game)" => chats,
        "draw" | "offer a draw (network game; undo asks for one)" => offers_a_draw,
        "accept"
        | "accept the draw or undo offered, or claim the win when the other player stays away (network game)" => {
            accepts
        }
        "decline" | "decline it (network game)" => declines,
        _ => return None,
    };
    Some(check)
}

/// Checks every key `scene`'s footer and help name; the failures, and
/// what was checked.
fn check_scene(scene: &Scene) -> (Vec<String>, Vec<String>) {
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    let (app, others) = (scene.make)();
    drop(others);
    let buf = buffer(&app);
    let mut named: Vec<(String, String)> = footer(&buf)
        .into_iter()
        .flat_map(|(keys, says)| {
            footer_names(&keys)
                .into_iter()
                .map(move |key| (key, says.clone()))
        })
        .collect();
    if named.is_empty() {
        failures.push(format!("{}: no footer:\n{}", scene.name, text(&buf)));
    }
    // In a narrow terminal the footer leaves items out, never cuts one.
    let whole: Vec<String> = named.iter().map(|(_, says)| says.clone()).collect();
    let narrow = buffer_at(&app, (40, 24));
    if !text(&narrow).contains("Terminal too small") {
        let items = footer(&narrow);
        let cut = items.iter().find(|(_, says)| !whole.contains(says));
        // The help is always named, however short the line.
        let helpless = whole.iter().any(|says| says == "help")
            && !items.iter().any(|(_, says)| says == "help");
        if items.is_empty() || cut.is_some() || helpless {
            failures.push(format!(
                "{}: the footer at 40 columns cuts {cut:?}:\n{}",
                scene.name,
                text(&narrow)
            ));
        }
    }
    let help_key = ["F1", "?"]
        .into_iter()
        .find(|key| named.iter().any(|(named, _)| named == key))
        .unwrap_or("F1");
    let (app, others) = (scene.make)();
    let mut drive = Drive {
        app,
        key: help_key.to_string(),
        _others: others,
    };
    drive.press_key();
    let help_buf = buffer(&drive.app);
    drive.app.update(Action::Quit);
    let offered = named.iter().any(|(_, says)| says == "help");
    if text(&help_buf).contains(" Keys ") {
        for (keys, does) in help(&help_buf) {
            named.extend(names(&keys).into_iter().map(|key| (key, does.clone())));
        }
    } else if offered {
        failures.push(format!("{}: {help_key} opens no help", scene.name));
    }
    for (key, says) in named {
        let Some(check) = check(&says) else {
            failures.push(format!("{}: no check for {key} {says:?}", scene.name));
            continue;
        };
        let (app, others) = (scene.make)();
        let mut drive = Drive {
            app,
            key: key.clone(),
            _others: others,
        };
        if let Err(why) = check(&mut drive) {
            failures.push(format!("{}: {key} ({says}): {why}", scene.name));
        }
        drive.app.update(Action::Quit);
        checked.push(says);
    }
    (failures, checked)
}

/// Checks every scene, and that among what their footers and helps name
/// are the things `named`.
fn check_scenes(scenes: Vec<Scene>, named: &[&str]) {
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    for scene in &scenes {
        let (failed, seen) = check_scene(scene);
        failures.extend(failed);
        checked.extend(seen);
    }
    for says in named {
        if !checked.iter().any(|seen| seen == says) {
            failures.push(format!("nothing says {says:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The app opened on `start`, with `seats`.
fn app(start: Start, seats: [Seat; 2]) -> App {
    open(
        Options {
            seats,
            ..options(start)
        },
        SIZE,
    )
}

const PEOPLE: [Seat; 2] = [Seat::Human, Seat::Human];

/// A game of `kind` with `plies` moves played at random (seeded), as a
/// record; played to its end when `plies` is `usize::MAX`.
fn record_of(kind: GameKind, plies: usize) -> AnyRecord {
    struct Random(usize);
    impl WithSetup for Random {
        type Output = AnyRecord;
        fn run<G: Interactive>(self, settings: G::Settings) -> AnyRecord {
            let mut rng = Rng::new(7);
            let mut line = Line::new(G::new(settings));
            let mut moves = Vec::new();
            while line.played().len() < self.0 && !line.game().is_over() {
                moves.clear();
                line.game().legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len())];
                line.play(mv).expect("a legal move");
            }
            let record = Record::of_line(&line);
            games::read_record(&record.to_toml()).expect("the record reads back")
        }
    }
    games::with_setup(&Setup::default_of(kind), Random(plies))
}

/// A move that may open a game of `kind`, as typed.
fn first_move(kind: GameKind) -> String {
    struct First;
    impl WithSetup for First {
        type Output = String;
        fn run<G: Interactive>(self, settings: G::Settings) -> String {
            let mut moves = Vec::new();
            G::new(settings).legal_moves(&mut moves);
            moves[0].to_string()
        }
    }
    games::with_setup(&Setup::default_of(kind), First)
}

/// A sample record of the repository's.
fn sample(name: &str) -> AnyRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/records")
        .join(name);
    files::load(&path).expect("a sample record")
}

/// A reviewed game of Gekitai, whose second move is a blunder.
fn reviewed() -> AnyRecord {
    let mut record = Record::new(Gekitai::default());
    record.moves = ["A1", "A6", "C3", "D4"]
        .map(|m| m.parse().expect("notation"))
        .to_vec();
    let at = |chance| Reviewed {
        standing: Standing::Chance(chance),
        best: None,
        line: Vec::new(),
    };
    record.review = Some(Review {
        level: 3,
        positions: [50.0, 35.0, 90.0, 15.0, 80.0].map(at).to_vec(),
    });
    AnyRecord::Gekitai(record)
}

/// A finished game of `kind`.
fn finished(kind: GameKind) -> AnyRecord {
    match kind {
        GameKind::Gekitai => sample("gekitai-spec-example.toml"),
        _ => record_of(kind, usize::MAX),
    }
}

/// The screens of a game of `kind` at home: new, under way, after an
/// undo, over, a line typed, looking back.
fn game_scenes(kind: GameKind) -> Vec<Scene> {
    let setup = Setup::default_of(kind);
    let new = setup.clone();
    let typed = setup.clone();
    vec![
        Scene::new(format!("{kind:?} new"), move || {
            app(Start::Game(new.clone()), PEOPLE)
        }),
        Scene::new(format!("{kind:?} under way"), move || {
            app(Start::Continue(record_of(kind, 3)), PEOPLE)
        }),
        Scene::new(format!("{kind:?} after an undo"), move || {
            let mut game = app(Start::Continue(record_of(kind, 3)), PEOPLE);
            game.update(Action::Undo);
            game
        }),
        Scene::new(format!("{kind:?} over"), move || {
            app(Start::Continue(finished(kind)), PEOPLE)
        }),
        Scene::new(format!("{kind:?} typing a cell"), move || {
            let mut game = app(Start::Game(typed.clone()), PEOPLE);
            for c in first_move(kind).chars() {
                game.update(Action::Type(c));
            }
            game
        }),
        Scene::new(format!("{kind:?} looking back"), move || {
            let mut game = app(Start::Continue(record_of(kind, 3)), PEOPLE);
            game.update(Action::Browse);
            game
        }),
    ]
}

#[test]
fn every_key_named_on_the_game_screen_does_what_it_says() {
    check_scenes(
        GameKind::ALL
            .iter()
            .flat_map(|&kind| game_scenes(kind))
            .collect(),
        &[
            "move",
            "place",
            "type",
            "place a piece on the clicked cell",
            "hint",
            "undo",
            "redo",
            "review",
            "evaluation bar on or off (between people)",
            "look back",
            "step",
            "ends",
            "back to the game",
            "undo, redo (back to the game)",
            "resign",
            "save",
            "new",
            "erase",
            "cancel",
            "play the cell typed, or save or send the line",
            "the next colour theme, yours too (remembered)",
            "pieces as letters, stones or ASCII only (remembered)",
            "help",
            "quit",
        ],
    );
}

#[test]
fn every_key_named_against_the_computer_does_what_it_says() {
    let mut scenes = Vec::new();
    for &kind in GameKind::ALL {
        let setup = Setup::default_of(kind);
        let level = tabletop_ai::Level::MIN;
        scenes.push(Scene::new(
            format!("{kind:?}, the computer alone"),
            move || {
                app(
                    Start::Game(setup.clone()),
                    [Seat::Computer(level), Seat::Computer(level)],
                )
            },
        ));
    }
    for &kind in GameKind::ALL {
        let setup = Setup::default_of(kind);
        scenes.push(Scene::new(
            format!("{kind:?}, an engine to move"),
            move || {
                let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_gtp.sh");
                let engine = format!(
                    "gtp:FAKE_GTP=slow FAKE_GTP_TABLETOP='{}' bash '{}' {}",
                    env!("CARGO_BIN_EXE_tabletop"),
                    script.display(),
                    kind.name()
                );
                let seat: Seat = engine.parse().expect("an engine's seat");
                app(Start::Game(setup.clone()), [seat, Seat::Human])
            },
        ));
    }
    scenes.push(Scene::new("Hex with the swap open", || {
        let swap = Setup::new(GameKind::Hex, vec![11, 1]).expect("Hex with the swap");
        let mut game = app(Start::Game(swap), PEOPLE);
        game.update(Action::Confirm);
        game
    }));
    scenes.push(Scene::new("Gekitai resigned", || {
        app(Start::Continue(sample("gekitai-resigned.toml")), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "pause",
            "take the engine's seat: you play its side",
            "give the engine's seat to tabletop's computer",
            "end the game: the engine forfeits",
            "swap",
        ],
    );
}

#[test]
fn every_key_named_in_the_replay_viewer_does_what_it_says() {
    let mut scenes: Vec<Scene> = GameKind::ALL
        .iter()
        .map(|&kind| {
            Scene::new(format!("{kind:?} replayed"), move || {
                app(Start::Replay(finished(kind), None), PEOPLE)
            })
        })
        .collect();
    scenes.push(Scene::new("Gekitai reviewed", || {
        app(Start::Replay(reviewed(), None), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "step",
            "ends",
            "play",
            "review",
            "next mistake",
            "faster, slower",
            "jump to after move 12",
            "play on",
            "evaluation bar on or off",
            "back to where the game was opened from",
        ],
    );
}

#[test]
fn every_key_named_on_the_start_screen_the_library_and_the_puzzles_does_what_it_says() {
    let folder = Scratch::new("keys");
    let mut scenes = vec![Scene::new("the start screen", || app(Start::Menu, PEOPLE))];
    let library = folder.to_path_buf();
    for name in ["gekitai-spec-example.toml", "hex-5x5.toml"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/records")
            .join(name);
        std::fs::copy(from, library.join(name)).expect("a copy");
    }
    let unfinished = record_of(GameKind::Reversi, 4);
    files::save(&library.join("reversi-unfinished.toml"), &{
        struct Text;
        impl WithRecord for Text {
            type Output = String;
            fn run<G: Interactive>(self, record: Record<G>) -> String {
                record.to_toml()
            }
        }
        games::with_record(unfinished, Text)
    })
    .expect("saved");
    let shown = library.clone();
    scenes.push(Scene::new("the saved games", move || {
        app(Start::Library(shown.clone()), PEOPLE)
    }));
    let asked = library.clone();
    scenes.push(Scene::new("the saved games asking", move || {
        let mut screen = app(Start::Library(asked.clone()), PEOPLE);
        screen.update(Action::Delete);
        screen
    }));
    scenes.push(Scene::new("the puzzles", || {
        let (puzzles, _) = builtin::all();
        app(Start::Puzzles(puzzles, Vec::new(), None), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "choose",
            "change",
            "start",
            "replay",
            "continue",
            "delete",
            "sort",
            "filter",
            "review the game (in the replay viewer)",
            "back",
            "yes",
            "no",
            "solve",
        ],
    );
}

#[test]
fn every_key_named_on_a_puzzle_does_what_it_says() {
    let mut scenes = Vec::new();
    for &kind in GameKind::ALL {
        for typing in [false, true] {
            let name = match typing {
                true => format!("a {kind:?} puzzle, a cell typed"),
                false => format!("a {kind:?} puzzle"),
            };
            scenes.push(Scene::new(name, move || {
                let (puzzles, _) = builtin::all();
                let puzzles = puzzles.into_iter().filter(|p| p.kind() == kind).collect();
                let mut screen = app(Start::Puzzles(puzzles, Vec::new(), None), PEOPLE);
                screen.update(Action::Confirm);
                if typing {
                    screen.update(Action::Type('C'));
                }
                screen
            }));
        }
    }
    check_scenes(
        scenes,
        &[
            "move", "place", "type", "retry", "next", "puzzles", "cancel",
        ],
    );
}

/// The analysis board of a game of `kind` a few moves in, opened from
/// the replay viewer two moves before the end; with a cell being typed
/// when `typing`.
fn analysis_scene(kind: GameKind, typing: bool) -> Scene {
    let name = match typing {
        true => format!("{kind:?} analysed, a cell typed"),
        false => format!("{kind:?} analysed"),
    };
    Scene::new(name, move || {
        let mut board = app(Start::Replay(record_of(kind, 6), None), PEOPLE);
        board.update(Action::Last);
        board.update(Action::LEFT);
        board.update(Action::LEFT);
        board.update(Action::Analyse);
        if typing {
            board.update(Action::Type('C'));
        }
        board
    })
}

#[test]
fn every_key_named_on_the_analysis_board_does_what_it_says() {
    let scenes = GameKind::ALL
        .iter()
        .flat_map(|&kind| [analysis_scene(kind, false), analysis_scene(kind, true)])
        .collect();
    check_scenes(
        scenes,
        &[
            "place",
            "step",
            "variation",
            "main",
            "level",
            "save line",
            "play on",
            "evaluation bar and best line on or off",
            "back to where the board was opened",
            "play the cell typed",
            "cancel",
        ],
    );
}

/// Ticks `app` until its screen passes `done`, or fails.
fn tick_until(app: &mut App, what: &str, done: impl Fn(&str) -> bool) {
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        app.tick(Instant::now());
        let screen = text(&buffer(app));
        if done(&screen) {
            return;
        }
        assert!(Instant::now() < give_up, "never {what}:\n{screen}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The lobby of the server at `address`, where the player is dan, once
/// it lists the games.
fn lobby(address: &str) -> App {
    let start = Start::Lobby {
        address: address.to_string(),
        name: "dan".to_string(),
    };
    let mut lobby = app(start, PEOPLE);
    tick_until(&mut lobby, "listed", |screen| {
        screen.contains("Games in progress") && screen.contains(" moves")
    });
    lobby
}

/// A game created in the lobby at `address`: against the server's
/// computer when `computer`, else a person's seat left open; once it
/// shows.
fn created(address: &str, computer: bool) -> App {
    let mut game = lobby(address);
    game.update(Action::NewGame);
    if computer {
        // The opponent's line is two above the form's last.
        game.update(Action::UP);
        game.update(Action::UP);
        game.update(Action::RIGHT);
    }
    game.update(Action::Confirm);
    tick_until(&mut game, "in the game", |screen| {
        screen.contains("'s turn")
    });
    game
}

/// A game created in the lobby at `address`, joined by carol, who offers
/// a draw; once the offer shows.
fn offered(address: &str, data: &Path) -> (App, Vec<Piped>) {
    let mut game = created(address, false);
    tick_until(&mut game, "a join code", |screen| {
        screen.contains("join code ")
    });
    let screen = text(&buffer(&game));
    let code = screen
        .split("join code ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the join code")
        .to_string();
    let mut carol = Piped::start(&["online", address, "--plain", "--name", "carol"], data);
    carol.wait_for("Open games:");
    carol.type_lines(&format!("join {code}\n"));
    carol.wait_for("You play O");
    carol.type_lines("draw\n");
    tick_until(&mut game, "offered a draw", |screen| {
        screen.contains("carol offers a draw")
    });
    (game, vec![carol])
}

#[test]
fn every_key_named_in_the_lobby_and_a_network_game_does_what_it_says() {
    let data = Scratch::new("keys");
    // Every copy of every scene is a game of its own, all from this one
    // address: more than the server lets one address have by default.
    let many = ["--games-per-address", "1000", "--open-per-address", "1000"];
    let served = Served::start(&data.join("server"), &many);
    // Two open games to choose between.
    let mut players = Vec::new();
    for name in ["ada", "bob"] {
        let mut player = Piped::start(
            &["online", &served.address, "--plain", "--name", name],
            &data,
        );
        player.wait_for("Open games:");
        player.type_lines("create gekitai\n");
        player.wait_for("Join code:");
        players.push(player);
    }
    let address = served.address.clone();
    let mut scenes = Vec::new();
    let at = address.clone();
    scenes.push(Scene::new("the lobby", move || lobby(&at)));
    let at = address.clone();
    scenes.push(Scene::new("the lobby's new game", move || {
        let mut form = lobby(&at);
        form.update(Action::NewGame);
        form
    }));
    // The code typed there is a wrong one, again and again: a server of
    // its own slows that address down, not the one carol joins on.
    let coded = Served::start(&data.join("coded"), &many);
    let mut eve = Piped::start(
        &["online", &coded.address, "--plain", "--name", "eve"],
        &data,
    );
    eve.wait_for("Open games:");
    eve.type_lines("create gekitai\n");
    eve.wait_for("Join code:");
    players.push(eve);
    let at = coded.address.clone();
    scenes.push(Scene::new("the lobby's code", move || {
        let mut code = lobby(&at);
        code.update(Action::OpenAddress);
        code
    }));
    let at = address.clone();
    scenes.push(Scene::new(
        "a network game against the server's computer",
        move || created(&at, true),
    ));
    let (at, folder) = (address.clone(), data.to_path_buf());
    scenes.push(Scene::with_others(
        "a network game, a draw offered",
        move || offered(&at, &folder),
    ));
    check_scenes(
        scenes,
        &[
            "choose",
            "join/watch",
            "new game",
            "code",
            "watch",
            "choose a game; a second click enters it",
            "create",
            "change",
            "enter the game",
            "back",
            "leave",
            "chat",
            "draw",
            "accept",
            "decline",
            "resign",
        ],
    );
    drop(players);
}

/// `records` as the server keeps a player's finished games.
fn kept(records: Vec<AnyRecord>) -> Arc<Mutex<Vec<KeptGame>>> {
    let kept = records.into_iter().map(|record| KeptGame {
        played: "2026-11-27 05:20 UTC".to_string(),
        game: record.kind().name().to_string(),
        opponent: "computer 1".to_string(),
        result: "Player X wins!".to_string(),
        record: {
            struct Text;
            impl WithRecord for Text {
                type Output = String;
                fn run<G: Interactive>(self, record: Record<G>) -> String {
                    record.to_toml()
                }
            }
            games::with_record(record, Text)
        },
    });
    Arc::new(Mutex::new(kept.collect()))
}

/// The SSH door's app (a player with a key when `games` holds their
/// finished games, a guest when none), on the start screen's line
/// `down` lines below Start, opened.
fn at_the_door(games: Option<Arc<Mutex<Vec<KeptGame>>>>, down: usize) -> App {
    let mut app = door(games, SIZE);
    for _ in 0..down {
        app.update(Action::DOWN);
    }
    app.update(Action::Confirm);
    app
}

#[test]
fn every_key_named_at_the_ssh_door_does_what_it_says() {
    let games = || {
        let records = vec![record_of(GameKind::Gekitai, 7), record_of(GameKind::Hex, 9)];
        Some(kept(records))
    };
    let scenes = vec![
        Scene::new("the door's Your games", move || at_the_door(games(), 2)),
        Scene::new("a game at the door, with a key", || {
            at_the_door(Some(kept(Vec::new())), 0)
        }),
        Scene::new("a game at the door, as a guest", || at_the_door(None, 0)),
    ];
    check_scenes(
        scenes,
        &[
            "choose a game",
            "replay the game chosen (a kept one)",
            "back to the start screen",
            "keep the game in your games on this server",
        ],
    );
}

/// At the door a guest is not offered `s`, which says why if pressed;
/// a player with a key keeps the game, finished or not, in their games,
/// and finds it in Your games, where Enter replays it.
#[test]
fn at_the_ssh_door_s_keeps_a_players_game_on_the_server_and_tells_a_guest_why_not() {
    let mut guest = at_the_door(None, 0);
    assert!(text(&buffer(&guest)).contains("'s turn"));
    assert!(
        !footer(&buffer(&guest))
            .iter()
            .any(|(_, says)| says == "save")
    );
    guest.update(Action::Help);
    let help = text(&buffer(&guest));
    assert!(
        help.contains(" Keys ") && !help.contains("save") && !help.contains("keep the game"),
        "{help}"
    );
    guest.update(Action::Help);
    guest.update(Action::Save);
    let screen = text(&buffer(&guest));
    assert!(
        screen.contains("need a key") && screen.contains("ssh -i KEY"),
        "{screen}"
    );

    let games = kept(Vec::new());
    let mut player = at_the_door(Some(Arc::clone(&games)), 0);
    player.update(Action::Confirm);
    player.update(Action::Help);
    let help = text(&buffer(&player));
    assert!(
        help.contains("keep the game in your games on this server"),
        "{help}"
    );
    assert!(!help.contains("save the game to a file"), "{help}");
    player.update(Action::Help);
    player.update(Action::Save);
    let screen = text(&buffer(&player));
    assert!(
        screen.contains("Kept in Your games on this server"),
        "{screen}"
    );
    let kept_now = games.lock().expect("kept").clone();
    assert_eq!(kept_now.len(), 1, "{kept_now:?}");
    assert!(
        kept_now[0].record.contains("moves = [\""),
        "{}",
        kept_now[0].record
    );
    // Home, to Your games: the game is there, and Enter replays it.
    player.update(Action::NewGame);
    player.update(Action::NewGame);
    for _ in 0..2 {
        player.update(Action::DOWN);
    }
    player.update(Action::Confirm);
    let list = text(&buffer(&player));
    assert!(list.contains("1 kept game"), "{list}");
    player.update(Action::Confirm);
    let replay = text(&buffer(&player));
    assert!(replay.contains("tabletop replay"), "{replay}");
    player.update(Action::Cancel);
    assert!(text(&buffer(&player)).contains("1 kept game"));
}
