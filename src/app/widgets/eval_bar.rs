//! The evaluation bar: `X 62% ████████░░░░░ O`, the first player's share
//! of the bar being their chance of winning. The two players' parts differ
//! in shape as well as colour, so it reads without colour too.

use ratatui::text::{Line, Span};

use crate::app::theme::Theme;
use tabletop_engine::Player;

/// The bar for `chance` (the first player's, 0 to 1; `None` while it is
/// worked out), `width` columns wide in all, the players shown by their
/// `symbols`.
pub fn eval_bar(
    symbols: [char; 2],
    chance: Option<f64>,
    width: u16,
    theme: Theme,
) -> Line<'static> {
    let figure = match chance {
        Some(chance) => format!("{:.0}%", chance.clamp(0.0, 1.0) * 100.0),
        None => "…%".to_string(),
    };
    // The bar starts in the same column whatever the figure.
    let figure = format!("{figure:<4}");
    // `X 62% ` before the bar, ` O` after it.
    let room = usize::from(width).saturating_sub(9).min(20);
    let filled = chance.map_or(0, |c| (c.clamp(0.0, 1.0) * room as f64).round() as usize);
    let (first, second) = match chance {
        Some(_) => ("█".repeat(filled), "░".repeat(room - filled)),
        None => (String::new(), "·".repeat(room)),
    };
    Line::from(vec![
        Span::styled(symbols[0].to_string(), theme.piece(Player::First)),
        Span::raw(format!(" {figure} ")),
        Span::styled(first, theme.piece(Player::First)),
        Span::styled(second, theme.piece(Player::Second)),
        Span::raw(" "),
        Span::styled(symbols[1].to_string(), theme.piece(Player::Second)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &Line) -> String {
        line.spans
            .iter()
            .map(|span| span.content.as_ref())
            .collect()
    }

    #[test]
    fn the_first_players_share_is_their_chance() {
        let theme = Theme::PLAIN;
        let bar = eval_bar(['X', 'O'], Some(0.75), 29, theme);
        assert_eq!(text(&bar), "X 75%  ███████████████░░░░░ O");
        let unknown = eval_bar(['B', 'W'], None, 14, theme);
        assert_eq!(text(&unknown), "B …%   ····· W");
        let tiny = eval_bar(['B', 'W'], Some(1.0), 4, theme);
        assert_eq!(text(&tiny), "B 100%  W");
    }
}
