//! The compact board: one character a cell, cells two columns apart, as in
//! the plain mode. Straight for Connect6's 19×19 (which a boxed grid cannot
//! fit in 80×24); shifted half a cell per row for Hex's rhombus, where the
//! six neighbours of a cell are the six cells touching it on screen, and the
//! edges are drawn in the colour of the player who must join them (the
//! first player left and right, the second top and bottom).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::games::BoardView;
use tabletop_engine::cell::LetterNumber;
use tabletop_engine::{Cell, Player};

/// Where the first cell of a row starts: after the row number and a space.
const LEFT: u16 = 3;

pub struct Grid<'a> {
    pub side: usize,
    /// The piece on each cell, row by row.
    pub cells: Vec<Option<Player>>,
    pub symbol: fn(Player) -> char,
    /// How the game labels its rows and columns.
    pub notation: LetterNumber,
    /// Hex: each row half a cell further right, edges drawn.
    pub shifted: bool,
    /// Empty cells to mark `*` (Reversi's legal moves).
    pub marks: &'a [Cell],
    pub view: &'a BoardView<'a>,
}

impl Grid<'_> {
    /// Width and height the board needs.
    pub const fn size(side: usize, shifted: bool) -> (u16, u16) {
        let side = side as u16;
        if shifted {
            (LEFT + (side - 1) + 2 * side + 1, side + 3)
        } else {
            (LEFT + 2 * side - 1, side + 1)
        }
    }

    /// The line of the first row.
    const fn top(shifted: bool) -> u16 {
        if shifted { 2 } else { 1 }
    }

    /// Screen column of a cell, relative to the board's left edge.
    const fn x(row: usize, col: usize, shifted: bool) -> u16 {
        let shift = if shifted { row as u16 } else { 0 };
        LEFT + shift + 2 * col as u16
    }

    /// The cell drawn at screen position (`column`, `row`).
    pub fn cell_at(area: Rect, side: usize, shifted: bool, column: u16, row: u16) -> Option<Cell> {
        let r = row.checked_sub(area.y + Self::top(shifted))? as usize;
        let shift = if shifted { r as u16 } else { 0 };
        let x = column.checked_sub(area.x + LEFT + shift)? as usize;
        (r < side && x.is_multiple_of(2) && x / 2 < side)
            .then(|| Cell::new(r, x / 2))
            .flatten()
    }
}

impl Widget for &Grid<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let view = self.view;
        let theme = view.theme;
        let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
            let (x, y) = (area.x + x, area.y + y);
            if y < area.bottom() && x < area.right() {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let side = self.side;
        let top = Grid::top(self.shifted);
        for col in 0..side {
            let letter = self.notation.column_label(col).to_string();
            put(
                buf,
                Grid::x(0, col, self.shifted),
                0,
                &letter,
                theme.label(),
            );
        }
        if self.shifted {
            // The second player's edges: along the top and bottom rows.
            let edge = theme.piece(Player::Second);
            let line = "─".repeat(2 * side - 1);
            put(buf, Grid::x(0, 0, true), top - 1, &line, edge);
            put(
                buf,
                Grid::x(side - 1, 0, true),
                top + side as u16,
                &line,
                edge,
            );
        }
        for row in 0..side {
            let y = top + row as u16;
            put(
                buf,
                0,
                y,
                &format!("{:>2}", self.notation.row_label(row)),
                theme.label(),
            );
            if self.shifted {
                // The first player's edges: before the first and after the
                // last cell of every row.
                let edge = theme.piece(Player::First);
                put(buf, Grid::x(row, 0, true) - 1, y, "\\", edge);
                put(buf, Grid::x(row, side, true), y, "\\", edge);
            }
            for col in 0..side {
                let Some(cell) = Cell::new(row, col) else {
                    continue;
                };
                let piece = self.cells.get(row * side + col).copied().flatten();
                let style = view.style(cell, piece.map_or(theme.dim(), |p| theme.piece(p)));
                let empty = if self.marks.contains(&cell) {
                    '*'
                } else {
                    '·'
                };
                let symbol = piece
                    .map_or(view.empty_mark(cell, empty), |p| {
                        theme.glyph(p, (self.symbol)(p))
                    })
                    .to_string();
                put(buf, Grid::x(row, col, self.shifted), y, &symbol, style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::theme::Theme;
    use ratatui::style::Modifier;

    fn view() -> BoardView<'static> {
        BoardView {
            cursor: None,
            addressed: None,
            hint: None,
            winning: &[],
            last: &[],
            animation: None,
            theme: Theme::PLAIN,
        }
    }

    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'O',
            Player::Second => 'X',
        }
    }

    #[test]
    fn the_hex_rhombus_shifts_each_row_and_draws_its_edges() {
        let mut cells = vec![None; 9];
        cells[0] = Some(Player::First);
        cells[5] = Some(Player::Second);
        let view = view();
        let grid = Grid {
            side: 3,
            cells,
            symbol,
            notation: LetterNumber::ZERO_BASED_UPPER,
            shifted: true,
            marks: &[],
            view: &view,
        };
        let (w, h) = Grid::size(3, true);
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        (&grid).render(area, &mut buf);
        let text: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect();
        assert_eq!(
            text,
            [
                "   A B C    ",
                "   ─────    ",
                " 0\\O · · \\  ",
                " 1 \\· · X \\ ",
                " 2  \\· · · \\",
                "     ─────  ",
            ]
        );
        assert!(buf[(3, 2)].modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn clicks_land_on_the_shifted_cells() {
        let area = Rect::new(0, 0, 40, 20);
        assert_eq!(Grid::cell_at(area, 3, true, 3, 2), Cell::new(0, 0));
        assert_eq!(Grid::cell_at(area, 3, true, 4, 3), Cell::new(1, 0));
        assert_eq!(Grid::cell_at(area, 3, true, 8, 3), Cell::new(1, 2));
        assert_eq!(Grid::cell_at(area, 3, true, 5, 2), Cell::new(0, 1));
        assert_eq!(Grid::cell_at(area, 3, true, 4, 2), None);
        assert_eq!(Grid::cell_at(area, 3, false, 3, 1), Cell::new(0, 0));
        assert_eq!(Grid::cell_at(area, 3, false, 7, 3), Cell::new(2, 2));
        assert_eq!(Grid::cell_at(area, 3, false, 9, 3), None);
    }
}
