//! Drawing the lobby: a title, the games (open ones first) or the new
//! game's form, a status line and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::new_game::NewGame;
use super::{Doing, Lobby, keys};
use crate::app::action::Action;
use crate::app::fit::{message, pad, shorten};
use crate::app::keys::Mode;
use crate::app::screens::Screen;
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use tabletop_core::counted::counted;

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
#[derive(Clone, PartialEq, Eq, Debug)]
enum Row {
    Heading(String),
    /// What a list with no games says.
    Empty(String),
    Blank,
    Game(usize),
}

/// The list's lines that fit in `height`, scrolled to keep the chosen
/// game in sight.
fn rows(lobby: &Lobby, height: usize) -> Vec<Row> {
    let (open, playing): (Vec<usize>, Vec<usize>) =
        (0..lobby.games.len()).partition(|&i| lobby.games[i].open);
    let keys = Mode::of(&keys::LIST);
    let (enter, watch) = (keys.key_for(Action::Confirm), keys.key_for(Action::Watch));
    let new = keys.key_for(Action::NewGame);
    let mut rows = vec![Row::Heading(format!(
        "Open games: {enter} joins, {watch} watches"
    ))];
    match open.is_empty() {
        true => rows.push(Row::Empty(format!("  none yet: {new} creates one"))),
        false => rows.extend(open.into_iter().map(Row::Game)),
    }
    rows.push(Row::Blank);
    rows.push(Row::Heading(format!("Games in progress: {enter} watches")));
    match playing.is_empty() {
        true => rows.push(Row::Empty("  none".to_string())),
        false => rows.extend(playing.into_iter().map(Row::Game)),
    }
    let chosen = lobby
        .chosen_index()
        .and_then(|i| rows.iter().position(|row| *row == Row::Game(i)))
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
    TitleBar {
        heading: "tabletop online",
        about: &format!("{} · you are {}", lobby.address, lobby.name),
        fit: Fit::Shorten,
        theme,
    }
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
                Line::raw({
                    let keys = Mode::of(&keys::LOST);
                    format!(
                        "{} connects again; {} quits.",
                        keys.key_for(Action::Confirm),
                        keys.key_for(Action::Quit)
                    )
                }),
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
        Doing::Typing(code) if lobby.message.is_none() => {
            Some((format!("Code: {code}▏"), theme.selected()))
        }
        _ => lobby
            .message
            .clone()
            .map(|message| (message, theme.message()))
            .or_else(|| last_codes(lobby).map(|codes| (codes, theme.dim()))),
    };
    if let Some((text, style)) = note {
        Line::styled(message(&format!(" {text}"), width), style).render(status, buf);
    }
    Footer {
        items: lobby.footer(),
        theme,
    }
    .render(footer, buf);
}

/// How to take the seat again in the last game played here, while it
/// goes on without the player.
fn last_codes(lobby: &Lobby) -> Option<String> {
    let codes = lobby.codes.as_ref()?;
    let (id, rejoin) = (codes.id?, codes.rejoin.as_ref()?);
    lobby.games.iter().any(|game| game.id == id).then(|| {
        let code = Mode::of(&keys::LIST).key_for(Action::OpenAddress);
        format!("Game {id} goes on: {code}, then {rejoin}, rejoins it")
    })
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
            Row::Heading(text) => Line::styled(shorten(&text, width), theme.title()),
            Row::Empty(text) => Line::styled(text, theme.dim()),
            Row::Blank => Line::raw(""),
            Row::Game(i) => {
                let listed = &lobby.games[i];
                let text = format!(
                    "  {}{} {} {:>moves$}",
                    pad(&shorten(&listed.game, game - 1), game),
                    pad(&shorten(&listed.settings, settings), settings),
                    pad(&shorten(&listed.players(), players), players),
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
