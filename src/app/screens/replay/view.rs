//! Drawing the replay viewer: the title, the board of the position shown,
//! the panel (whose turn, the result, the review's verdict and graph, the
//! game's own lines) over the move list, the status line and the keys.
//! Drawing changes nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::Replay;
use crate::app::fit::{self, wrapped};
use crate::app::games::{BoardView, history_entries, last_turn};
use crate::app::screens::{Screen, board_and_panel};
use crate::app::theme::Theme;
use crate::app::widgets::chances::Chances;
use crate::app::widgets::eval_bar::eval_bar;
use crate::app::widgets::history::History;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::games::Interactive;
use tabletop_core::review::classify::Class;
use tabletop_core::review::statement::{about_move, about_position};
use tabletop_engine::record::settled_outcome;
use tabletop_engine::{Cell, Player};

pub(super) fn render<G: Interactive>(
    replay: &Replay<G>,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let game = replay.line.after(replay.index);
    let [title, middle, status, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let (board, panel) = board_and_panel(game, middle);
    TitleBar {
        heading: "tabletop replay",
        about: &game.title(),
        fit: Fit::Leading,
        theme,
    }
    .render(title, buf);
    let (review_lines, better) = replay.review_lines(panel.width, theme);
    render_board(replay, better, board, buf, theme);
    render_panel(replay, review_lines, panel, buf, theme);
    let said = fit::message(&replay.status(), usize::from(status.width));
    Line::styled(said, theme.message()).render(status, buf);
    Footer {
        items: replay.footer(),
        theme,
    }
    .render(footer, buf);
}

/// The position shown, the move the review preferred marked.
fn render_board<G: Interactive>(
    replay: &Replay<G>,
    better: Option<Cell>,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let game = replay.line.after(replay.index);
    let shown = &replay.line.played()[..replay.line.played_through(replay.index)];
    let last = last_turn(shown);
    let winning = match shown.last() {
        Some(last) if game.is_over() && replay.animation.is_none() => {
            G::winning_cells(&last.effect)
        }
        _ => &[],
    };
    let view = BoardView {
        cursor: None,
        addressed: None,
        hint: better.filter(|&cell| game.piece_at(cell).is_none()),
        winning,
        last: &last,
        animation: replay.animation.as_ref().map(|(a, _)| a),
        settled: replay.index == replay.moves()
            && (replay.record.resigned.is_some() || replay.record.adjudged.is_some()),
        theme,
    };
    game.render_board(&view, area, buf);
}

/// The panel: the move shown, whose turn or the result, the review's
/// lines and graph, the game's own lines, then the move list.
fn render_panel<G: Interactive>(
    replay: &Replay<G>,
    review_lines: Vec<Line<'static>>,
    panel: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let game = replay.line.after(replay.index);
    let mut lines = vec![Line::raw(format!(
        "Move {} of {}",
        replay.index,
        replay.moves()
    ))];
    // A resignation, the clock or an agreed draw ends the game after
    // its last move.
    let at_end = replay.index == replay.moves();
    let resigned = replay.record.resigned.filter(|_| at_end);
    let adjudged = replay.record.adjudged.filter(|_| at_end);
    let outcome = settled_outcome(game, resigned, adjudged);
    lines.push(match outcome {
        Some(outcome) => Line::styled(G::result_text(outcome), theme.message()),
        None => Line::raw(format!("Player {}'s turn", G::symbol(game.to_move()))),
    });
    if outcome.is_none()
        && let Some(detail) = game.turn_detail()
    {
        lines.push(Line::raw(detail));
    }
    if let Some(resigner) = resigned {
        lines.push(Line::styled(G::resignation_text(resigner), theme.message()));
    }
    if let Some(adjudged) = adjudged.filter(|_| game.outcome().is_none()) {
        lines.push(Line::styled(adjudged.text::<G>(), theme.message()));
    }
    lines.extend(review_lines);
    let graph_top = rows_taken(&lines, panel.width);
    let reviewed = !replay.reviewed.is_empty();
    if reviewed {
        lines.push(Line::raw(""));
    }
    lines.extend(game.panel(replay.animation.as_ref().map(|(a, _)| a), theme));
    lines.push(Line::raw(""));
    let list_top = rows_taken(&lines, panel.width);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(panel, buf);
    if reviewed {
        let [_, row, _] = Layout::vertical([
            Constraint::Length(graph_top),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(panel);
        let chart = Chances {
            chances: &replay.chances,
            marked: &replay.marked(),
            current: replay.line.chosen_through(replay.index),
            theme,
        };
        (&chart).render(row, buf);
    }
    let [_, list] =
        Layout::vertical([Constraint::Length(list_top), Constraint::Fill(1)]).areas(panel);
    render_list(replay, list, buf, theme);
}

/// The rows `lines` take in a panel `width` wide, each wrapped into as
/// many as it needs (with a little slack for wrapping at words).
fn rows_taken(lines: &[Line], width: u16) -> u16 {
    let room = usize::from(width.saturating_sub(4).max(1));
    let rows: usize = lines
        .iter()
        .map(|line| line.width().div_ceil(room).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The moves, the one shown highlighted, marked by the review.
fn render_list<G: Interactive>(replay: &Replay<G>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut entries = history_entries(replay.line.played(), replay.record.resigned);
    replay.mark_entries(&mut entries);
    // The turn shown, not a pass it forced.
    let current = entries
        .iter()
        .position(|entry| entry.number == Some(replay.index));
    let history = History {
        entries: &entries,
        symbol: G::symbol,
        current,
        in_view: current.unwrap_or(0),
        theme,
    };
    (&history).render(area, buf);
}

impl<G: Interactive> Replay<G> {
    /// The review's lines for the position shown: the evaluation bar, the
    /// verdict on the move that led here and the move the computer
    /// preferred. Also the cell of that move.
    fn review_lines(&self, width: u16, theme: Theme) -> (Vec<Line<'static>>, Option<Cell>) {
        let mut lines = Vec::new();
        if self.bar {
            let symbols = [G::symbol(Player::First), G::symbol(Player::Second)];
            lines.push(eval_bar(symbols, self.shown_chance(), width, theme));
        }
        let shown = self.line.chosen_through(self.index);
        let mut better = None;
        let judged = shown
            .checked_sub(1)
            .and_then(|k| self.judged.get(k)?.as_ref());
        if let Some(judgement) = judged {
            let before = self.reviewed[shown - 1].as_ref();
            let verdict = judgement.class.label();
            let best = before
                .and_then(|before| before.best)
                .filter(|_| judgement.class > Class::Best);
            let text = match best {
                Some(mv) => format!("That move: {verdict}; best {mv}"),
                None => format!("That move: {verdict}"),
            };
            let style = if judgement.class >= Class::Mistake {
                theme.message()
            } else {
                theme.dim()
            };
            lines.push(Line::styled(text, style));
            better = best.and_then(|mv| G::placed(&mv));
            if let Some(said) = about_move(judgement) {
                lines.extend(said_lines(&said, width, theme.message()));
            }
        }
        // What the review proved about the position shown.
        let position = self.line.after(self.index);
        let proved = self.reviewed.get(shown).and_then(Option::as_ref);
        if let Some(said) = proved.and_then(|reviewed| about_position(position, reviewed)) {
            lines.extend(said_lines(&said, width, theme.dim()));
        }
        (lines, better)
    }
}

/// A review's sentence over as many lines of the panel as it needs,
/// three at most.
fn said_lines(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    wrapped(text, usize::from(width), 3)
        .into_iter()
        .map(|line| Line::styled(line, style))
        .collect()
}
