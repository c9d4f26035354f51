//! Drawing the game screen: the title, the board, whose turn it is, the
//! game's own panel (reserves, disc counts, ...), the move history, the
//! address line, a status line and the main keys. Drawing changes nothing.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::peer::{Connection, Peer};
use super::{Play, PlayScreen, Prompt};
use crate::app::action::{Action, Replacement, Typing, key_for};
use crate::app::fit::{leading, shorten, tail};
use crate::app::games::{BoardView, GameUi, history_entries, last_turn};
use crate::app::screens::board_and_panel;
use crate::app::theme::Theme;
use crate::app::widgets::eval_bar::eval_bar;
use crate::app::widgets::history::History;
use crate::app::widgets::keys::key_hints;
use crate::app::widgets::spinner;
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

pub fn render<G: GameUi>(play: &Play<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let areas = areas(play.game(), area);
    Line::from(vec![
        Span::styled(" tabletop ", theme.title()),
        Span::raw(format!(
            "· {}",
            leading(
                &play.game().title(),
                usize::from(area.width).saturating_sub(12)
            )
        )),
    ])
    .render(areas.title, buf);
    render_board(play, areas.board, buf, theme);
    render_panel(play, areas.panel, buf, theme);
    if let Some((prompt, text)) = &play.input {
        render_input(*prompt, text, areas.address, buf, theme);
    }
    let status = shorten(&status(play), usize::from(areas.status.width));
    Paragraph::new(Line::styled(status, theme.message())).render(areas.status, buf);
    render_footer(play, areas.footer, buf, theme);
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
    if let Some(peer) = &play.peer {
        lines.extend(peer_lines::<G>(peer, play.typing(), theme));
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

fn render_input(prompt: Prompt, text: &str, area: Rect, buf: &mut Buffer, theme: Theme) {
    let (label, hint) = match prompt {
        Prompt::Address => ("Cell: ", "   Enter plays, Esc cancels"),
        Prompt::SavePath => ("Save to: ", "   Enter saves, Esc cancels"),
        Prompt::Chat => ("Say: ", "   Enter sends, Esc cancels"),
    };
    // A long path shows its end, where the cursor is.
    let room = usize::from(area.width).saturating_sub(label.len() + hint.len() + 1);
    let shown = tail(text, room);
    Line::from(vec![
        Span::styled(label, theme.key()),
        Span::raw(shown),
        Span::styled("▏", theme.key()),
        Span::styled(hint, theme.dim()),
    ])
    .render(area, buf);
}

/// Who plays whom in a network game, the connection, the clock, the offer
/// waiting for an answer, and the last chat.
fn peer_lines<G: GameUi>(peer: &Peer, typing: Typing, theme: Theme) -> Vec<Line<'static>> {
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
        (Connection::Lost(why), _) => why.clone(),
    };
    let mut lines = vec![
        Line::raw(format!("{first} · {second}")),
        Line::styled(connection, theme.dim()),
    ];
    if let Some(clock) = &peer.clock {
        let faces = clock.faces(Instant::now());
        let mut spans = vec![Span::raw("Clock ")];
        for side in Player::BOTH {
            if side == Player::Second {
                spans.push(Span::raw(" · "));
            }
            let face = format!("{} {}", G::symbol(side), faces[side.index()]);
            // The running clock stands out, so a glance says whose it is.
            spans.push(match clock.running() == Some(side) {
                true => Span::styled(face, theme.key()),
                false => Span::raw(face),
            });
        }
        if let Some(control) = peer.control {
            spans.push(Span::styled(format!(" ({control})"), theme.dim()));
        }
        lines.push(Line::from(spans));
    }
    if let Some(offer) = peer.offer_line(typing) {
        lines.push(Line::styled(offer, theme.key()));
    }
    lines.extend(peer.chat.iter().map(|said| Line::raw(said.clone())));
    lines
}

/// The status line: the computer thinking, a message, the pause, or the
/// result.
fn status<G: GameUi>(play: &Play<G>) -> String {
    let typing = play.typing();
    if let Some(turn) = play.browsing {
        return format!(
            "Looking back: move {turn} of {}. ← → step, Esc returns to the game",
            play.line.numbered()
        );
    }
    if let Some(engine) = play.engine_to_move().filter(|_| !play.ended()) {
        let player = G::symbol(play.game().to_move());
        let name = engine.name();
        let options = || {
            format!(
                "{} you play · {} computer · {} end",
                key_for(Action::Replace(Replacement::Person), typing),
                key_for(Action::Replace(Replacement::Computer), typing),
                key_for(Action::Replace(Replacement::Forfeit), typing)
            )
        };
        // Why it failed is in the panel, which has room for it.
        let state = if engine.failure().is_some() {
            Some(format!("{name} has stopped: {}", options()))
        } else if engine.is_thinking() {
            let elapsed = engine.elapsed();
            let frame = spinner::frame(elapsed);
            let seconds = elapsed.as_secs_f32();
            Some(if engine.is_slow() {
                format!("{frame} {name} is slow, {seconds:.0} s: {}", options())
            } else {
                format!("{frame} {name} ({player}) is thinking… {seconds:.1} s")
            })
        } else {
            None
        };
        if let Some(state) = state {
            return match &play.message {
                Some(message) => format!("{message} · {state}"),
                None => state,
            };
        }
    }
    if let Some(thinking) = &play.thinking {
        let elapsed = thinking.elapsed();
        let frame = spinner::frame(elapsed);
        let seconds = elapsed.as_secs_f32();
        let spinner = if thinking.is_hint() {
            format!("{frame} Looking for a hint… {seconds:.1} s")
        } else {
            let player = G::symbol(play.game().to_move());
            format!("{frame} Computer {player} is thinking… {seconds:.1} s")
        };
        // A message (a save, a refused move) stays readable meanwhile.
        return match &play.message {
            Some(message) => format!("{message} · {spinner}"),
            None => spinner,
        };
    }
    match (&play.message, play.outcome()) {
        (Some(message), _) => message.clone(),
        (None, None)
            if play
                .peer
                .as_ref()
                .is_some_and(|p| p.is_connected() && p.waiting) =>
        {
            play.peer
                .as_ref()
                .and_then(|peer| peer.seats.clone())
                .unwrap_or_default()
        }
        (None, None) if play.remote_to_move() => match &play.peer {
            Some(peer) if peer.is_connected() => {
                format!("{} is thinking…", peer.opponent(play.game().to_move()))
            }
            _ => String::new(),
        },
        (None, Some(outcome)) => format!(
            "{}{}  {}: {}  {}: quit",
            play.resigned
                .map(G::resignation_text)
                .or(play.adjudged.map(|adjudged| adjudged.text::<G>()))
                .map_or(String::new(), |text| text + " "),
            G::result_text(outcome),
            key_for(Action::NewGame, typing),
            new_or_leave(play),
            key_for(Action::Quit, typing)
        ),
        (None, None) if play.paused => {
            format!("Paused: {} goes on", key_for(Action::Pause, typing))
        }
        (None, None) => String::new(),
    }
}

/// What the new game key does: a network game is left, not replaced.
fn new_or_leave<G: GameUi>(play: &Play<G>) -> &'static str {
    match play.peer {
        Some(_) => "leave",
        None => "new game",
    }
}

/// The footer: the main keys for this board, in order, the least
/// important dropped first when the line is too short (help and quit are
/// always kept).
fn render_footer<G: GameUi>(play: &Play<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    if play.is_browsing() {
        let keys = [
            ("←→", "step"),
            ("Home End", "ends"),
            ("Esc", "back to the game"),
            ("?", "help"),
            ("q", "quit"),
        ];
        key_hints(&keys, theme).render(area, buf);
        return;
    }
    let typing = play.typing();
    let key = |action| key_for(action, typing);
    // (key, what it does, how much it matters: the lowest goes first).
    let mut items: Vec<(String, &str, u8)> = Vec::new();
    // Once the game is over there is nothing left to place.
    if !play.ended() {
        items.extend([
            ("←↑→↓".to_string(), "move", 6),
            ("Enter".to_string(), "place", 7),
            ("c3".to_string(), "type", 3),
        ]);
        for &(keys, does) in play.game().extra_keys() {
            items.push((keys.to_string(), does, 8));
        }
    }
    let optional = [
        (Action::Review, "review", 7),
        (Action::Hint, "hint", 5),
        (Action::Pause, "pause", 8),
        (Action::Undo, "undo", 6),
        (Action::Browse, "look back", 1),
        (
            Action::NewGame,
            if play.peer.is_some() { "leave" } else { "new" },
            4,
        ),
        (Action::Resign, "resign", 1),
        (Action::Chat, "chat", 5),
        (Action::OfferDraw, "draw", 3),
        (Action::Accept, "accept", 9),
        (Action::Decline, "decline", 9),
        (Action::Save, "save", 2),
    ];
    for (action, does, weight) in optional {
        if play.offers(action) {
            items.push((key(action), does, weight));
        }
    }
    items.extend([
        (key(Action::Help), "help", u8::MAX),
        (key(Action::Quit), "quit", u8::MAX),
    ]);
    let width = |items: &[(String, &str, u8)]| -> usize {
        items
            .iter()
            .map(|(keys, does, _)| keys.chars().count() + does.chars().count() + 3)
            .sum()
    };
    while width(&items) > usize::from(area.width) {
        let Some(least) = items
            .iter()
            .enumerate()
            .filter(|(_, item)| item.2 < u8::MAX)
            .min_by_key(|(_, item)| item.2)
            .map(|(i, _)| i)
        else {
            break;
        };
        items.remove(least);
    }
    let keys: Vec<(&str, &str)> = items.iter().map(|(k, d, _)| (k.as_str(), *d)).collect();
    key_hints(&keys, theme).render(area, buf);
}
