//! The boxed board: `+---+` grid lines, column letters above, row numbers
//! to the left (both as the game's notation labels them), as in the plain
//! mode's boxed style, with the cursor, the addressed cell, the winning
//! line and sliding pieces drawn on top. In a big terminal each cell is
//! drawn `scale` times as wide and as tall, the pieces as blocks of their
//! symbol, so that a small board is not an island in the middle.

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
    /// How many times larger than the smallest each cell is drawn (1: one
    /// character between `| |`, as the plain mode draws it).
    pub scale: u16,
}

/// The largest scale a board is drawn at.
pub const MAX_SCALE: u16 = 4;

impl BoxedBoard<'_> {
    /// Width and height the board needs at `scale`.
    pub const fn size(side: usize, scale: u16) -> (u16, u16) {
        (4 * scale * side as u16 + 4, 2 * scale * side as u16 + 2)
    }

    /// The cell drawn at screen position (`column`, `row`) when the board
    /// is drawn at `scale` in `area`.
    pub fn cell_at(area: Rect, side: usize, scale: u16, column: u16, row: u16) -> Option<Cell> {
        let (across, down) = (4 * usize::from(scale), 2 * usize::from(scale));
        let x = column.checked_sub(area.x + 4)? as usize;
        let y = row.checked_sub(area.y + 2)? as usize;
        let (r, c) = (y / down, x / across);
        (y % down != down - 1 && x % across != across - 1 && r < side && c < side)
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
        let (side, k) = (self.side, self.scale.max(1));
        let (across, down) = (4 * k, 2 * k);
        let inside = usize::from(across - 1);
        let separator = format!("+{}", format!("{}+", "-".repeat(inside)).repeat(side));
        let theme = self.view.theme;
        for col in 0..side {
            let letter = self.notation.column_label(col).to_string();
            let x = area.x + 3 + across * col as u16 + across / 2;
            put(buf, x, area.y, &letter, theme.label());
        }
        for row in 0..=side {
            let y = area.y + 1 + down * row as u16;
            put(buf, area.x + 3, y, &separator, theme.grid());
        }
        for row in 0..side {
            let top = area.y + 2 + down * row as u16;
            let label = format!("{:>2}", self.notation.row_label(row));
            put(buf, area.x, top + k - 1, &label, theme.label());
            for line in 0..down - 1 {
                let y = top + line;
                for col in 0..=side {
                    put(buf, area.x + 3 + across * col as u16, y, "|", theme.grid());
                }
                for col in 0..side {
                    let x = area.x + 4 + across * col as u16;
                    if let Some(cell) = Cell::new(row, col) {
                        let text = self.cell_line(cell, line);
                        put(buf, x, y, &text.0, text.1);
                    }
                }
            }
        }
        self.render_sliding(area, buf);
    }
}

impl BoxedBoard<'_> {
    /// Line `line` of `cell`'s inside, and its style: the piece in the
    /// middle (a block of its symbol when the board is scaled up), the
    /// mark of an empty cell on the middle line.
    fn cell_line(&self, cell: Cell, line: u16) -> (String, Style) {
        let k = usize::from(self.scale.max(1));
        let piece = self
            .cells
            .get(cell.row() * self.side + cell.col())
            .copied()
            .flatten();
        let base = piece.map_or(Style::new(), |p| self.piece_style(p));
        let mut style = self.view.style(cell, base);
        let marked = piece.is_none() && self.marks.contains(&cell);
        if marked {
            style = style.patch(self.view.theme.dim());
        }
        let empty = self.view.empty_mark(cell, if marked { '*' } else { ' ' });
        let symbol = piece.map_or(empty, |p| self.view.theme.glyph(p, (self.symbol)(p)));
        let (width, height) = (4 * k - 1, 2 * k - 1);
        // The piece: 1x1, 5x1, 7x3, 9x5 as the cell grows; a mark stays a
        // character in the middle.
        let (piece_width, piece_height) = match (k, piece.is_some()) {
            (1, _) | (_, false) => (1, 1),
            (k, true) => (2 * k + 1, (2 * k).saturating_sub(3).max(1)),
        };
        let line = usize::from(line);
        let first = (height - piece_height) / 2;
        let text = match line >= first && line < first + piece_height {
            true => {
                let margin = (width - piece_width) / 2;
                let body = symbol.to_string().repeat(piece_width);
                format!("{}{body}{}", " ".repeat(margin), " ".repeat(margin))
            }
            false => " ".repeat(width),
        };
        (text, style)
    }

    /// The pieces on their way, drawn where they are between cells.
    fn render_sliding(&self, area: Rect, buf: &mut Buffer) {
        let k = f32::from(self.scale.max(1));
        for piece in self.sliding {
            let x = area.x as f32 + 3.0 + 2.0 * k + 4.0 * k * piece.col;
            let y = area.y as f32 + 1.0 + k + 2.0 * k * piece.row;
            let (x, y) = (x.round(), y.round());
            let inside = x >= area.x as f32
                && y >= area.y as f32
                && x < area.right() as f32
                && y < area.bottom() as f32;
            if inside {
                let letter = (self.symbol)(piece.owner);
                let symbol = self.view.theme.glyph(piece.owner, letter).to_string();
                let style = self.piece_style(piece.owner);
                buf.set_stringn(x as u16, y as u16, &symbol, 1, style);
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
            settled: false,
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
            scale: 1,
        }
    }

    #[test]
    fn draws_the_grid_like_the_plain_mode() {
        let mut cells = vec![None; 16];
        cells[0] = Some(Player::First);
        cells[4 * 3 + 2] = Some(Player::Second);
        let view = plain_view();
        let widget = board(cells, &view);
        let (width, height) = BoxedBoard::size(4, 1);
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
        assert_eq!(BoxedBoard::cell_at(area, 4, 1, 15, 7), Some(cell(0, 0)));
        assert_eq!(BoxedBoard::cell_at(area, 4, 1, 16, 13), Some(cell(3, 0)));
        assert_eq!(BoxedBoard::cell_at(area, 4, 1, 27, 13), Some(cell(3, 3)));
        assert_eq!(
            BoxedBoard::cell_at(area, 4, 1, 17, 7),
            None,
            "on a grid line"
        );
        assert_eq!(
            BoxedBoard::cell_at(area, 4, 1, 15, 8),
            None,
            "on a separator"
        );
        assert_eq!(BoxedBoard::cell_at(area, 4, 1, 3, 7), None);
        assert_eq!(
            BoxedBoard::cell_at(area, 4, 1, 31, 7),
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
