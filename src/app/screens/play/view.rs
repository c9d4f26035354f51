//! Drawing the game screen: the title, the board, whose turn it is, the
//! game's own panel (reserves, disc counts, ...), the move history, the
//! address line, a status line and the main keys. Drawing changes nothing.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::clock::ClockShown;
use super::peer::{Connection, Peer};
use super::{Play, Prompt};
use crate::app::games::{BoardView, GameUi, history_entries, last_turn};
use crate::app::keys::Mode;
use crate::app::screens::{Screen, board_and_panel};
use crate::app::theme::Theme;
use crate::app::widgets::eval_bar::eval_bar;
use crate::app::widgets::history::History;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::app::widgets::typed_line::TypedLine;
use crate::games::Interactive;
use tabletop_engine::Player;

/// Lines above and below the board and the panel: the title, the address
/// line, the status line and the footer.
pub const AROUND: u16 = 4;

/// The parts of the screen, worked out from its size alone, so that mouse
/// clicks are mapped with the same geometry that drawing used.
pub struct Areas {
    pub title: Rect,
    pub board: Rect,
    pub panel: Rect,
    pub address: Rect,
    pub status: Rect,
    pub footer: Rect,
}

pub fn areas<G: GameUi>(game: &G, area: Rect) -> Areas {
    let [title, middle, address, status, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let (board, panel) = board_and_panel(game, middle);
    Areas {
        title,
        board,
        panel,
        address,
        status,
        footer,
    }
}

pub fn render<G: Interactive>(play: &Play<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let areas = areas(play.game(), area);
    let title = play.game().title();
    TitleBar {
        heading: "tabletop",
        about: &title,
        fit: Fit::Leading,
        theme,
    }
    .render(areas.title, buf);
    render_board(play, areas.board, buf, theme);
    render_panel(play, areas.panel, buf, theme);
    if let Some((prompt, text)) = &play.input {
        let (label, does) = match prompt {
            Prompt::Address => ("Cell: ", "plays"),
            Prompt::SavePath => ("Save to: ", "saves"),
            Prompt::Chat => ("Say: ", "sends"),
        };
        let line = TypedLine {
            label,
            does,
            text,
            selected: play.selected,
            mode: play.mode(),
            theme,
        };
        (&line).render(areas.address, buf);
    }
    let status = play.status(usize::from(areas.status.width));
    Paragraph::new(Line::styled(status, theme.message())).render(areas.status, buf);
    Footer {
        items: play.footer(),
        theme,
    }
    .render(areas.footer, buf);
}

fn render_board<G: GameUi>(play: &Play<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let game = play.shown();
    let played = play.shown_played();
    let last = last_turn(played);
    let winning = match played.last() {
        Some(last) if play.animation.is_none() && game.is_over() => G::winning_cells(&last.effect),
        _ => &[],
    };
    let addressed = play
        .address()
        .and_then(crate::app::games::typed_move::<G>)
        .and_then(|mv| G::placed(&mv))
        .filter(|cell| cell.is_on(game.side()));
    let playing = !play.ended() && !play.is_browsing();
    let view = BoardView {
        cursor: playing.then_some(play.cursor),
        addressed,
        hint: play.hint.filter(|_| playing),
        winning,
        last: &last,
        animation: play.animation.as_ref().map(|(a, _)| a),
        settled: play.ended() && !play.is_browsing(),
        theme,
    };
    game.render_board(&view, area, buf);
}

fn render_panel<G: GameUi>(play: &Play<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let game = play.shown();
    let outcome = match play.browsing {
        Some(_) => game.outcome(),
        None => play.outcome(),
    };
    let mut lines = vec![match outcome {
        Some(outcome) => Line::styled(G::result_text(outcome), theme.message()),
        None => {
            let player = game.to_move();
            Line::from(vec![
                Span::raw("Player "),
                Span::styled(G::symbol(player).to_string(), theme.piece(player)),
                Span::raw("'s turn"),
            ])
        }
    }];
    if outcome.is_none()
        && let Some(detail) = game.turn_detail()
    {
        lines.push(Line::raw(detail));
    }
    if let Some(resigner) = play.resigned.filter(|_| play.browsing.is_none()) {
        lines.push(Line::styled(G::resignation_text(resigner), theme.message()));
    }
    if let Some(adjudged) = play.adjudged.filter(|_| play.browsing.is_none()) {
        lines.push(Line::styled(adjudged.text::<G>(), theme.message()));
    }
    if let Some(kept) = play.kept_in().filter(|_| play.browsing.is_none()) {
        let name = kept.file_name().unwrap_or_default().to_string_lossy();
        // A name tabletop gave it: the game and the minute.
        let line = format!("Kept in the saved games: {name}");
        lines.push(Line::styled(line, theme.dim()));
    }
    if let Some(evaluation) = &play.evaluation {
        let symbols = [G::symbol(Player::First), G::symbol(Player::Second)];
        lines.push(eval_bar(symbols, evaluation.chance(), area.width, theme));
    }
    if play.seats.iter().any(|seat| seat.is_computer()) {
        let seats: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| format!("{} {}", G::symbol(p), play.seats[p.index()].label()))
            .collect();
        let mut seats = seats.join(" · ");
        if play.paused && !play.ended() {
            seats += " · paused";
        }
        lines.push(Line::styled(seats, theme.dim()));
        if let Some(failure) = play.engine_to_move().and_then(|engine| engine.failure()) {
            lines.push(Line::styled(failure.to_string(), theme.message()));
        }
    }
    if let Some(shown) = play.clock_shown() {
        lines.push(clock_line::<G>(&shown, theme));
    }
    if let Some(peer) = &play.peer {
        lines.extend(peer_lines::<G>(peer, play.board(), theme));
    }
    lines.extend(game.panel(play.animation.as_ref().map(|(a, _)| a), theme));
    lines.push(Line::raw(""));
    lines.push(Line::styled("Moves", theme.title()));
    // Each line wraps into as many rows as its width needs (with a little
    // slack for word wrapping).
    let room = usize::from(area.width.saturating_sub(4).max(1));
    let top_height = lines
        .iter()
        .map(|line| line.width().div_ceil(room).max(1))
        .sum::<usize>()
        .min(usize::from(area.height)) as u16;
    let top = Paragraph::new(lines).wrap(Wrap { trim: false });
    let [top_area, history_area] =
        Layout::vertical([Constraint::Length(top_height), Constraint::Fill(1)]).areas(area);
    top.render(top_area, buf);
    let entries = history_entries(play.line.played(), play.resigned);
    // Looking back, the turn shown is marked and kept in view.
    let current = play
        .browsing
        .and_then(|turn| entries.iter().position(|e| e.number == Some(turn)));
    let history = History {
        entries: &entries,
        symbol: G::symbol,
        current,
        in_view: current.unwrap_or(entries.len().saturating_sub(1)),
        theme,
    };
    (&history).render(history_area, buf);
}

/// Who plays whom in a network game, the connection, the clock, the offer
/// waiting for an answer, and the last chat.
fn peer_lines<G: GameUi>(peer: &Peer, board: Mode, theme: Theme) -> Vec<Line<'static>> {
    let [first, second] = Player::BOTH.map(|p| {
        let name = match peer.local == Some(p) {
            true => "you".to_string(),
            false => peer.names[p.index()].clone(),
        };
        format!("{} {name}", G::symbol(p))
    });
    let connection = match (&peer.connection, &peer.seats) {
        (Connection::Connected, Some(seats)) => seats.clone(),
        (Connection::Connected, None) => "connected".to_string(),
        (Connection::Ended, _) => "the game is over".to_string(),
        (Connection::Lost(why), _) if peer.session.way_back().is_some() => {
            format!("{why} (Enter connects again)")
        }
        (Connection::Lost(why), _) => why.clone(),
    };
    let mut lines = vec![
        Line::raw(format!("{first} · {second}")),
        Line::styled(connection, theme.dim()),
    ];
    if let Some(clock) = &peer.clock {
        let shown = ClockShown {
            faces: clock.faces(Instant::now()),
            running: clock.running(),
            control: peer.control,
        };
        lines.push(clock_line::<G>(&shown, theme));
    }
    if let Some(offer) = peer.offer_line(board) {
        lines.push(Line::styled(offer, theme.key()));
    }
    lines.extend(peer.chat.iter().map(|said| Line::raw(said.clone())));
    lines
}

/// `Clock X 4:59 · O 5:00 (5+3)`, the running side's face standing out so
/// that a glance says whose time runs.
fn clock_line<G: GameUi>(shown: &ClockShown, theme: Theme) -> Line<'static> {
    let mut spans = vec![Span::raw("Clock ")];
    for side in Player::BOTH {
        if side == Player::Second {
            spans.push(Span::raw(" · "));
        }
        let face = format!("{} {}", G::symbol(side), shown.faces[side.index()]);
        spans.push(match shown.running == Some(side) {
            true => Span::styled(face, theme.key()),
            false => Span::raw(face),
        });
    }
    if let Some(control) = shown.control {
        spans.push(Span::styled(format!(" ({control})"), theme.dim()));
    }
    Line::from(spans)
}
