//! Drawing the analysis board: the title, the position shown (the cursor,
//! the last turn, the computer's next move marked), the panel (whose turn,
//! the evaluation bar and the best line, which variation this is, the
//! game's own lines) over the line shown as a compact move list, the cell
//! being typed, the status line and the keys. Drawing changes nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::Analysis;
use super::search::PLIES;
use crate::app::fit;
use crate::app::games::{BoardView, last_turn, typed_move};
use crate::app::screens::Screen;
use crate::app::screens::play::view::Areas;
use crate::app::theme::Theme;
use crate::app::widgets::eval_bar::eval_bar;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::app::widgets::typed_line::TypedLine;
use crate::games::Interactive;
use tabletop_core::variation::Node;
use tabletop_engine::Player;
use tabletop_engine::line::Line;

pub(super) fn render<G: Interactive>(
    analysis: &Analysis<G>,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let Areas {
        title,
        board,
        panel,
        address,
        status,
        footer,
    } = analysis.areas(area);
    TitleBar {
        heading: "tabletop analysis",
        about: &analysis.game().title(),
        fit: Fit::Leading,
        theme,
    }
    .render(title, buf);
    render_board(analysis, board, buf, theme);
    let mut lines = panel_lines(analysis, panel.width, theme);
    // The game's own lines (reserves, disc counts) are left out where
    // they would leave the move list no room.
    let own = analysis.game().panel(None, theme);
    let with_own = rows_taken(&lines, panel.width) + rows_taken(&own, panel.width) + 1;
    if with_own + 2 <= panel.height {
        lines.extend(own);
        lines.push(TextLine::raw(""));
    }
    let rows = rows_taken(&lines, panel.width);
    let [top, list] =
        Layout::vertical([Constraint::Length(rows), Constraint::Fill(1)]).areas(panel);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(top, buf);
    Paragraph::new(move_list(analysis, list, theme))
        .wrap(Wrap { trim: false })
        .render(list, buf);
    if let Some(text) = &analysis.input {
        let line = TypedLine {
            label: "Cell: ",
            does: "plays",
            text,
            selected: false,
            mode: analysis.mode(),
            theme,
        };
        (&line).render(address, buf);
    }
    let said = fit::message(&analysis.status(), usize::from(status.width));
    TextLine::styled(said, theme.message()).render(status, buf);
    Footer {
        items: analysis.footer(),
        theme,
    }
    .render(footer, buf);
}

/// The position shown, with the computer's next move marked `?`.
fn render_board<G: Interactive>(
    analysis: &Analysis<G>,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let game = analysis.game();
    let played = analysis.line.played();
    let last = last_turn(played);
    let winning = match played.last() {
        Some(last) if game.is_over() => G::winning_cells(&last.effect),
        _ => &[],
    };
    let hint = analysis
        .seen
        .as_ref()
        .and_then(|seen| seen.line.first())
        .and_then(G::placed)
        .filter(|&cell| game.piece_at(cell).is_none());
    let addressed = analysis
        .input
        .as_deref()
        .and_then(typed_move::<G>)
        .and_then(|mv| G::placed(&mv))
        .filter(|cell| cell.is_on(game.side()));
    let view = BoardView {
        cursor: Some(analysis.cursor),
        addressed,
        hint,
        winning,
        last: &last,
        animation: None,
        settled: false,
        theme,
    };
    game.render_board(&view, area, buf);
}

/// The panel's lines above the move list, but the game's own.
fn panel_lines<G: Interactive>(
    analysis: &Analysis<G>,
    width: u16,
    theme: Theme,
) -> Vec<TextLine<'static>> {
    let game = analysis.game();
    let room = usize::from(width);
    let tree = &analysis.tree;
    let mut lines = vec![TextLine::raw(format!(
        "Move {} of {}",
        tree.path(analysis.at).len(),
        tree.line_through(analysis.at).len()
    ))];
    lines.push(TextLine::raw(match game.outcome() {
        Some(outcome) => G::result_text(outcome),
        None => format!("Player {} to move", G::symbol(game.to_move())),
    }));
    if let Some(detail) = game.turn_detail().filter(|_| !game.is_over()) {
        lines.push(TextLine::raw(detail));
    }
    if analysis.watching {
        let symbols = [G::symbol(Player::First), G::symbol(Player::Second)];
        let chance = analysis.seen.as_ref().map(|seen| seen.chance);
        lines.push(eval_bar(symbols, chance, width, theme));
        let best = match &analysis.seen {
            Some(seen) if seen.line.is_empty() => "No move to look at".to_string(),
            Some(seen) => best_line(analysis, &seen.line),
            None => format!("Level {}: …", analysis.level),
        };
        lines.push(TextLine::styled(fit::cut(&best, room), theme.dim()));
    }
    let (index, count) = tree.branch(analysis.at);
    let place = match tree.is_main(analysis.at) {
        true => "The main line".to_string(),
        false if count > 1 => format!("A variation ({} of {count} here)", index + 1),
        false => "A variation".to_string(),
    };
    lines.push(TextLine::styled(fit::cut(&place, room), theme.dim()));
    lines
}

/// The rows `lines` take in a panel `width` wide, each wrapped into as
/// many as it needs (with a little slack for wrapping at words).
fn rows_taken(lines: &[TextLine], width: u16) -> u16 {
    let room = usize::from(width.saturating_sub(4).max(1));
    let rows: usize = lines
        .iter()
        .map(|line| line.width().div_ceil(room).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// `Level 3: E4 C3 D5 …`, the computer's line from the position shown.
fn best_line<G: Interactive>(analysis: &Analysis<G>, line: &[G::Move]) -> String {
    let moves: Vec<String> = line.iter().take(PLIES).map(ToString::to_string).collect();
    format!("Level {}: {}", analysis.level, moves.join(" "))
}

/// The line shown, move by move from the start to its end: numbered by
/// turn, the position shown highlighted (and in brackets), the moves off
/// the main line in parentheses. As much of it as fits in `area`, the
/// position shown always in it.
fn move_list<G: Interactive>(
    analysis: &Analysis<G>,
    area: Rect,
    theme: Theme,
) -> Vec<TextLine<'static>> {
    let tree = &analysis.tree;
    let nodes = tree.line_through(analysis.at);
    let moves = nodes.iter().filter_map(|&node| tree.mv(node));
    let Ok(line) = Line::replay(analysis.record.start.clone(), moves) else {
        return Vec::new();
    };
    let chosen = line.played().iter().filter(|played| !played.is_forced());
    let mut words: Vec<(String, Style)> = Vec::new();
    let mut current = 0;
    let mut off_main = false;
    let mut last_number = None;
    for (&node, played) in nodes.iter().zip(chosen) {
        let mut text = String::new();
        if !off_main && !tree.is_main(node) {
            off_main = true;
            words.push(("(".to_string(), theme.dim()));
        }
        if played.number != last_number {
            last_number = played.number;
            if let Some(number) = played.number {
                text.push_str(&format!("{number}."));
            }
        }
        text.push_str(&played.mv.to_string());
        let style = if node == analysis.at {
            current = words.len();
            text = format!("[{text}]");
            theme.key()
        } else if off_main {
            theme.dim()
        } else {
            Style::default()
        };
        words.push((text, style));
    }
    if off_main && let Some((text, _)) = words.last_mut() {
        text.push(')');
    }
    fitted(words, current, analysis.at, area)
}

/// `words` as lines `area` wide, starting early enough to show as much
/// as fits before `current` (none when the start is shown).
fn fitted(
    words: Vec<(String, Style)>,
    current: usize,
    at: Node,
    area: Rect,
) -> Vec<TextLine<'static>> {
    let room = usize::from(area.width.max(1)) * usize::from(area.height.max(1));
    // Up to half the room before the position shown.
    let mut first = if at == 0 { 0 } else { current };
    let mut used = 0;
    while first > 0 {
        let width = fit::width(&words[first - 1].0) + 1;
        if used + width > room / 2 {
            break;
        }
        used += width;
        first -= 1;
    }
    let mut spans = Vec::new();
    if first > 0 {
        spans.push(Span::raw("… "));
    }
    for (text, style) in words.into_iter().skip(first) {
        spans.push(Span::styled(text, style));
        spans.push(Span::raw(" "));
    }
    vec![TextLine::from(spans)]
}

impl<G: Interactive> Analysis<G> {
    /// The status line: what the last key did, else whether the computer
    /// is still looking.
    fn status(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        let level = self.level;
        match &self.watcher {
            Some(_) => format!("The computer looks at level {level}…"),
            None => String::new(),
        }
    }
}
