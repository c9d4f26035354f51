//! Drawing the lobby: a title, the games (open ones first) or the new
//! game's form, a status line and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::new_game::NewGame;
use super::{Doing, Lobby};
use crate::app::fit::{counted, shorten};
use crate::app::theme::Theme;
use crate::app::widgets::keys::key_hints;

/// The parts of the screen, top to bottom.
fn parts(area: Rect) -> [Rect; 5] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// A line of the list: a heading, or the game at this index.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Row {
    Heading(&'static str),
    /// What a list with no games says.
    Empty(&'static str),
    Blank,
    Game(usize),
}

/// The list's lines that fit in `height`, scrolled to keep the chosen
/// game in sight.
fn rows(lobby: &Lobby, height: usize) -> Vec<Row> {
    let (open, playing): (Vec<usize>, Vec<usize>) =
        (0..lobby.games.len()).partition(|&i| lobby.games[i].open);
    let mut rows = vec![Row::Heading("Open games: Enter joins, w watches")];
    match open.is_empty() {
        true => rows.push(Row::Empty("  none yet: n creates one")),
        false => rows.extend(open.into_iter().map(Row::Game)),
    }
    rows.push(Row::Blank);
    rows.push(Row::Heading("Games in progress: Enter watches"));
    match playing.is_empty() {
        true => rows.push(Row::Empty("  none")),
        false => rows.extend(playing.into_iter().map(Row::Game)),
    }
    let chosen = lobby
        .chosen_index()
        .and_then(|i| rows.iter().position(|&row| row == Row::Game(i)))
        .unwrap_or(0);
    let skip = (chosen + 1).saturating_sub(height);
    rows.into_iter().skip(skip).take(height).collect()
}

/// The index of the game on screen row `row`, if one is there.
pub(super) fn list_line(area: Rect, lobby: &Lobby, row: u16) -> Option<usize> {
    let [_, _, middle, _, _] = parts(area);
    let at = row.checked_sub(middle.y)?;
    match rows(lobby, usize::from(middle.height)).get(usize::from(at)) {
        Some(Row::Game(i)) => Some(*i),
        _ => None,
    }
}

/// The form's line on screen row `row`, if one is there.
pub(super) fn form_line(area: Rect, form: &NewGame, row: u16) -> Option<usize> {
    let [_, _, middle, _, _] = parts(area);
    // The games' titles and a blank line come first.
    let at = usize::from(row.checked_sub(middle.y + 2)?);
    (at < usize::from(form.height())).then_some(at)
}

pub(super) fn render(lobby: &Lobby, area: Rect, buf: &mut Buffer, theme: Theme) {
    let [title, _, middle, status, footer] = parts(area);
    let width = usize::from(area.width);
    let heading = " tabletop online ";
    let about = format!("· {} · you are {}", lobby.address, lobby.name);
    Line::from(vec![
        Span::styled(heading, theme.title()),
        Span::raw(shorten(&about, width.saturating_sub(heading.len()))),
    ])
    .render(title, buf);

    match (&lobby.doing, &lobby.lost) {
        (Doing::Creating(form), _) => form.render(middle, buf, theme),
        (_, Some(why)) => {
            let lines = vec![
                Line::raw(""),
                Line::styled(
                    format!("No connection to {}:", lobby.address),
                    theme.message(),
                ),
                Line::raw(why.clone()),
                Line::raw(""),
                Line::raw("Enter connects again; q quits."),
            ];
            Paragraph::new(lines)
                .centered()
                .wrap(Wrap { trim: true })
                .render(middle, buf);
        }
        _ if !lobby.listed => {
            Line::raw(format!(" Connecting to {}…", lobby.address)).render(middle, buf);
        }
        _ => render_list(lobby, middle, buf, theme),
    }

    let note = match &lobby.doing {
        Doing::Entering(_, what) => Some((what.clone(), theme.message())),
        Doing::Typing(code) => Some((format!("Code: {code}▏"), theme.selected())),
        _ => lobby
            .message
            .clone()
            .map(|message| (message, theme.message()))
            .or_else(|| last_codes(lobby).map(|codes| (codes, theme.dim()))),
    };
    if let Some((text, style)) = note {
        Line::styled(shorten(&format!(" {text}"), width), style).render(status, buf);
    }
    render_footer(lobby, footer, buf, theme);
}

/// How to take the seat again in the last game played here, while it
/// goes on without the player.
fn last_codes(lobby: &Lobby) -> Option<String> {
    let codes = lobby.codes.as_ref()?;
    let (id, rejoin) = (codes.id?, codes.rejoin.as_ref()?);
    lobby
        .games
        .iter()
        .any(|game| game.id == id)
        .then(|| format!("Game {id} goes on: c, then {rejoin}, rejoins it"))
}

fn render_list(lobby: &Lobby, area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = usize::from(area.width);
    // The board and settings, then the players, then the moves.
    let moves = 10;
    let game = 10;
    let rest = width.saturating_sub(game + moves + 4);
    let settings = rest / 2;
    let players = rest - settings;
    let chosen = lobby.chosen_index();
    let lines: Vec<Line> = rows(lobby, usize::from(area.height))
        .into_iter()
        .map(|row| match row {
            Row::Heading(text) => Line::styled(shorten(text, width), theme.title()),
            Row::Empty(text) => Line::styled(text, theme.dim()),
            Row::Blank => Line::raw(""),
            Row::Game(i) => {
                let listed = &lobby.games[i];
                let text = format!(
                    "  {:<game$}{:<settings$} {:<players$} {:>moves$}",
                    shorten(&listed.game, game - 1),
                    shorten(&listed.settings, settings),
                    shorten(&listed.players(), players),
                    counted(listed.moves, "move"),
                );
                let style = match Some(i) == chosen {
                    true => theme.selected(),
                    false => Default::default(),
                };
                Line::styled(shorten(&text, width), style)
            }
        })
        .collect();
    Paragraph::new(lines).render(area, buf);
}

/// The keys that work now, as many as fit, the most needed first.
fn render_footer(lobby: &Lobby, area: Rect, buf: &mut Buffer, theme: Theme) {
    let keys: &[(&str, &str)] = match (&lobby.doing, &lobby.lost) {
        (Doing::Creating(_), _) => &[
            ("↑↓", "choose"),
            ("←→", "change"),
            ("Enter", "create"),
            ("Esc", "back"),
            ("?", "help"),
        ],
        (Doing::Typing(_), _) => &[("Enter", "enter the game"), ("Esc", "back")],
        (Doing::Entering(..), _) => &[("?", "help"), ("q", "quit")],
        (_, Some(_)) => &[("Enter", "connect again"), ("q", "quit")],
        _ => &[
            ("↑↓", "choose"),
            ("Enter", "join/watch"),
            ("n", "new game"),
            ("c", "code"),
            ("w", "watch"),
            ("?", "help"),
            ("q", "quit"),
        ],
    };
    let room = usize::from(area.width);
    let width = |keys: &[(&str, &str)]| -> usize {
        keys.iter()
            .map(|(key, does)| key.chars().count() + does.chars().count() + 3)
            .sum()
    };
    // The last two (help and quit, or back) always stay.
    let mut shown: Vec<(&str, &str)> = keys.to_vec();
    while width(&shown) > room && shown.len() > 2 {
        shown.remove(shown.len() - 3);
    }
    key_hints(&shown, theme).render(area, buf);
}
