//! The boxed board: `+---+` grid lines, column letters above, row numbers
//! to the left (both as the game's notation labels them), as in the plain
//! mode's boxed style, with the cursor, the addressed cell, the winning
//! line and sliding pieces drawn on top.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::animation::Sliding;
use crate::app::games::BoardView;
use tabletop_engine::cell::LetterNumber;
use tabletop_engine::{Cell, Player};

/// What the board shows; built fresh for every frame.
pub struct BoxedBoard<'a> {
    pub side: usize,
    /// How the game labels its rows and columns.
    pub notation: LetterNumber,
    /// The piece on each cell, row by row (`side * side` entries).
    pub cells: Vec<Option<Player>>,
    pub symbol: fn(Player) -> char,
    /// The cursor, the winning line and the rest drawn over the pieces.
    pub view: &'a BoardView<'a>,
    /// Empty cells to mark (Reversi's legal moves), drawn as `*`.
    pub marks: &'a [Cell],
    pub sliding: &'a [Sliding],
}

impl BoxedBoard<'_> {
    /// Width and height the board needs.
    pub const fn size(side: usize) -> (u16, u16) {
        (4 * side as u16 + 4, 2 * side as u16 + 2)
    }

    /// The cell drawn at screen position (`column`, `row`) when the board
    /// is drawn in `area`.
    pub fn cell_at(area: Rect, side: usize, column: u16, row: u16) -> Option<Cell> {
        let x = column.checked_sub(area.x + 4)? as usize;
        let y = row.checked_sub(area.y + 2)? as usize;
        let (r, c) = (y / 2, x / 4);
        (y.is_multiple_of(2) && x % 4 != 3 && r < side && c < side)
            .then(|| Cell::new(r, c))
            .flatten()
    }

    fn piece_style(&self, player: Player) -> Style {
        self.view.theme.piece(player)
    }
}

impl Widget for &BoxedBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
            if y < area.bottom() && x < area.right() {
                let room = (area.right() - x) as usize;
                buf.set_stringn(x, y, text, room, style);
            }
        };
        let side = self.side;
        let separator = format!("+{}", "---+".repeat(side));
        for col in 0..side {
            let letter = self.notation.column_label(col).to_string();
            put(
                buf,
                area.x + 5 + 4 * col as u16,
                area.y,
                &letter,
                self.view.theme.label(),
            );
        }
        for row in 0..=side {
            put(
                buf,
                area.x + 3,
                area.y + 1 + 2 * row as u16,
                &separator,
                self.view.theme.grid(),
            );
        }
        for row in 0..side {
            let y = area.y + 2 + 2 * row as u16;
            put(
                buf,
                area.x,
                y,
                &format!("{:>2}", self.notation.row_label(row)),
                self.view.theme.label(),
            );
            for col in 0..side {
                let x = area.x + 3 + 4 * col as u16;
                put(buf, x, y, "|", self.view.theme.grid());
                let Some(cell) = Cell::new(row, col) else {
                    continue;
                };
                let piece = self.cells.get(row * side + col).copied().flatten();
                let base = piece.map_or(Style::new(), |p| self.piece_style(p));
                let mut style = self.view.style(cell, base);
                let marked = piece.is_none() && self.marks.contains(&cell);
                if marked {
                    style = style.patch(self.view.theme.dim());
                }
                let empty = self.view.empty_mark(cell, if marked { '*' } else { ' ' });
                let symbol = piece.map_or(empty, |p| self.view.theme.glyph(p, (self.symbol)(p)));
                put(buf, x + 1, y, &format!(" {symbol} "), style);
            }
            put(
                buf,
                area.x + 3 + 4 * side as u16,
                y,
                "|",
                self.view.theme.grid(),
            );
        }
        for piece in self.sliding {
            let x = area.x as f32 + 5.0 + 4.0 * piece.col;
            let y = area.y as f32 + 2.0 + 2.0 * piece.row;
            let (x, y) = (x.round(), y.round());
            let inside = x >= area.x as f32
                && y >= area.y as f32
                && x < area.right() as f32
                && y < area.bottom() as f32;
            if inside {
                let letter = (self.symbol)(piece.owner);
                let symbol = self.view.theme.glyph(piece.owner, letter).to_string();
                put(
                    buf,
                    x as u16,
                    y as u16,
                    &symbol,
                    self.piece_style(piece.owner),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::theme::Theme;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col).expect("on board")
    }

    fn plain_view() -> BoardView<'static> {
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

    fn board<'a>(cells: Vec<Option<Player>>, view: &'a BoardView<'a>) -> BoxedBoard<'a> {
        BoxedBoard {
            side: 4,
            notation: LetterNumber::ONE_BASED,
            cells,
            symbol: Gekitai::symbol,
            view,
            marks: &[],
            sliding: &[],
        }
    }

    #[test]
    fn draws_the_grid_like_the_plain_mode() {
        let mut cells = vec![None; 16];
        cells[0] = Some(Player::First);
        cells[4 * 3 + 2] = Some(Player::Second);
        let view = plain_view();
        let widget = board(cells, &view);
        let (width, height) = BoxedBoard::size(4);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        (&widget).render(area, &mut buf);
        let mut expected = Buffer::with_lines([
            "     A   B   C   D  ",
            "   +---+---+---+---+",
            " 1 | X |   |   |   |",
            "   +---+---+---+---+",
            " 2 |   |   |   |   |",
            "   +---+---+---+---+",
            " 3 |   |   |   |   |",
            "   +---+---+---+---+",
            " 4 |   |   | O |   |",
            "   +---+---+---+---+",
        ]);
        let bold = Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        expected.set_style(Rect::new(4, 2, 3, 1), bold);
        expected.set_style(Rect::new(12, 8, 3, 1), bold);
        assert_eq!(buf, expected);
    }

    #[test]
    fn rows_are_labelled_as_the_game_labels_them() {
        let view = plain_view();
        let mut widget = board(vec![None; 16], &view);
        widget.notation = LetterNumber::ZERO_BASED_UPPER;
        let area = Rect::new(0, 0, 20, 10);
        let mut buf = Buffer::empty(area);
        (&widget).render(area, &mut buf);
        let labels: String = (0..4).map(|r| buf[(1, 2 + 2 * r)].symbol()).collect();
        assert_eq!(labels, "0123");
    }

    #[test]
    fn the_cursor_is_reverse_video_without_colour() {
        let mut view = plain_view();
        view.cursor = Some(cell(1, 2));
        let widget = board(vec![None; 16], &view);
        let area = Rect::new(0, 0, 20, 10);
        let mut buf = Buffer::empty(area);
        (&widget).render(area, &mut buf);
        for x in 12..15 {
            let reversed = buf[(x, 4)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED);
            assert!(reversed, "cell C2 column {x}");
        }
        assert!(
            !buf[(11, 4)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        );
    }

    #[test]
    fn a_hint_is_marked_and_never_looks_like_the_cursor() {
        let mut view = plain_view();
        view.hint = Some(cell(1, 2));
        view.cursor = Some(cell(0, 0));
        let widget = board(vec![None; 16], &view);
        let area = Rect::new(0, 0, 20, 10);
        let mut buf = Buffer::empty(area);
        (&widget).render(area, &mut buf);
        assert_eq!(buf[(13, 4)].symbol(), "?");
        let reversed = ratatui::style::Modifier::REVERSED;
        assert!(!buf[(13, 4)].modifier.contains(reversed));
        assert!(buf[(5, 2)].modifier.contains(reversed));
    }

    #[test]
    fn clicks_map_to_cells() {
        let area = Rect::new(10, 5, 20, 10);
        assert_eq!(BoxedBoard::cell_at(area, 4, 15, 7), Some(cell(0, 0)));
        assert_eq!(BoxedBoard::cell_at(area, 4, 16, 13), Some(cell(3, 0)));
        assert_eq!(BoxedBoard::cell_at(area, 4, 27, 13), Some(cell(3, 3)));
        assert_eq!(BoxedBoard::cell_at(area, 4, 17, 7), None, "on a grid line");
        assert_eq!(BoxedBoard::cell_at(area, 4, 15, 8), None, "on a separator");
        assert_eq!(BoxedBoard::cell_at(area, 4, 3, 7), None);
        assert_eq!(
            BoxedBoard::cell_at(area, 4, 31, 7),
            None,
            "right of the board"
        );
    }

    #[test]
    fn tiny_areas_do_not_panic() {
        let view = plain_view();
        let widget = board(vec![Some(Player::First); 16], &view);
        for (w, h) in [(0, 0), (1, 1), (3, 2), (19, 9)] {
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            (&widget).render(area, &mut buf);
        }
    }
}
