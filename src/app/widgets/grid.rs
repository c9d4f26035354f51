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

/// Where the first cell of a row starts: after the row number and a space
/// (further right on a larger rhombus, whose cells are wider).
const LEFT: u16 = 3;

/// The largest scale Hex's rhombus is drawn at.
pub const MAX_SCALE: u16 = 3;

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
    /// How many times the spacing of the smallest drawing: cells `2 *
    /// scale` columns and `scale` lines apart, each a block of its piece
    /// `2 * scale - 1` wide and `scale - 1` high (at least 1), its lines
    /// slanting as the rhombus's rows do.
    pub scale: u16,
}

impl Grid<'_> {
    /// Width and height the board needs at `scale`.
    pub const fn size(side: usize, shifted: bool, scale: u16) -> (u16, u16) {
        let (side, k) = (side as u16, scale);
        if shifted {
            // The right edge of the last row's last line.
            let last = side as usize - 1;
            let right = Grid::x(last, last, true, k) + k + Grid::height(k);
            (
                right + 1,
                Grid::top(true) + k * (side - 1) + Grid::height(k) + 1,
            )
        } else {
            (LEFT + 2 * side - 1, side + 1)
        }
    }

    /// The largest scale a rhombus of `side` is drawn at in `area`.
    pub fn scale_in(side: usize, area: Rect) -> u16 {
        (1..=MAX_SCALE)
            .rev()
            .find(|&k| {
                let (w, h) = Grid::size(side, true, k);
                area.width >= w && area.height >= h
            })
            .unwrap_or(1)
    }

    /// The line of the first row.
    const fn top(shifted: bool) -> u16 {
        if shifted { 2 } else { 1 }
    }

    /// Lines a cell's block takes.
    const fn height(scale: u16) -> u16 {
        if scale > 1 { scale - 1 } else { 1 }
    }

    /// Screen column of the middle of a cell, relative to the board's
    /// left edge.
    const fn x(row: usize, col: usize, shifted: bool, scale: u16) -> u16 {
        let shift = if shifted { row as u16 * scale } else { 0 };
        LEFT + (scale - 1) + shift + 2 * scale * col as u16
    }

    /// The cell drawn at screen position (`column`, `row`).
    pub fn cell_at(
        area: Rect,
        side: usize,
        shifted: bool,
        scale: u16,
        column: u16,
        row: u16,
    ) -> Option<Cell> {
        let k = scale.max(1);
        let down = row.checked_sub(area.y + Self::top(shifted))?;
        let (r, line) = ((down / k) as usize, down % k);
        let slant = if shifted { line } else { 0 };
        let first = area.x + Self::x(r, 0, shifted, k) - (k - 1) + slant;
        let across = column.checked_sub(first)?;
        let (c, within) = ((across / (2 * k)) as usize, across % (2 * k));
        (r < side && c < side && line < Self::height(k) && within < 2 * k - 1)
            .then(|| Cell::new(r, c))
            .flatten()
    }
}

impl Widget for &Grid<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let theme = self.view.theme;
        let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
            let (x, y) = (area.x + x, area.y + y);
            if y < area.bottom() && x < area.right() {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let (side, k, shifted) = (self.side, self.scale.max(1), self.shifted);
        let top = Grid::top(shifted);
        for col in 0..side {
            let letter = self.notation.column_label(col).to_string();
            put(buf, Grid::x(0, col, shifted, k), 0, &letter, theme.label());
        }
        if shifted {
            // The second player's edges: along the top and bottom rows.
            let edge = theme.piece(Player::Second);
            let line = "─".repeat(2 * usize::from(k) * side - 1);
            put(buf, Grid::x(0, 0, true, k) - (k - 1), top - 1, &line, edge);
            let bottom = top + k * (side as u16 - 1) + Grid::height(k);
            let x = Grid::x(side - 1, 0, true, k) - (k - 1);
            put(buf, x, bottom, &line, edge);
        }
        for row in 0..side {
            let y = top + k * row as u16;
            let label = format!("{:>2}", self.notation.row_label(row));
            put(buf, 0, y, &label, theme.label());
            for line in 0..Grid::height(k) {
                for col in 0..side {
                    if let Some(cell) = Cell::new(row, col) {
                        let (text, style) = self.cell_line(cell, line);
                        // A rhombus's lines slant as its rows do.
                        let slant = if shifted { line } else { 0 };
                        let x = Grid::x(row, col, shifted, k) - (k - 1) + slant;
                        put(buf, x, y + line, &text, style);
                    }
                }
                if shifted {
                    // The first player's edges: before the first and after
                    // the last cell of every row.
                    let edge = theme.piece(Player::First);
                    // A row's lines slant as the rows do.
                    let left = Grid::x(row, 0, true, k) - k + line;
                    put(buf, left, y + line, "\\", edge);
                    let right = Grid::x(row, side - 1, true, k) + k + 1 + line;
                    put(buf, right, y + line, "\\", edge);
                }
            }
        }
    }
}

impl Grid<'_> {
    /// Line `line` of `cell`'s block, and its style: a piece fills it, an
    /// empty cell's dot or mark is in the middle of its first line.
    fn cell_line(&self, cell: Cell, line: u16) -> (String, Style) {
        let (view, theme) = (self.view, self.view.theme);
        let width = usize::from(2 * self.scale.max(1) - 1);
        let piece = self
            .cells
            .get(cell.row() * self.side + cell.col())
            .copied()
            .flatten();
        let style = view.style(cell, piece.map_or(theme.dim(), |p| theme.piece(p)));
        let empty = if self.marks.contains(&cell) {
            '*'
        } else {
            '·'
        };
        let text = match piece {
            Some(p) => theme.glyph(p, (self.symbol)(p)).to_string().repeat(width),
            None if line == 0 => {
                let margin = " ".repeat(width / 2);
                format!("{margin}{}{margin}", view.empty_mark(cell, empty))
            }
            None => " ".repeat(width),
        };
        (text, style)
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
            settled: false,
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
            scale: 1,
        };
        let (w, h) = Grid::size(3, true, 1);
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
    fn clicks_land_on_the_cells_of_a_grown_rhombus() {
        let area = Rect::new(0, 0, 60, 30);
        // Cells 4 columns and 2 lines apart, each 3 wide: row 1 starts 2
        // columns further right.
        assert_eq!(Grid::cell_at(area, 3, true, 2, 3, 2), Cell::new(0, 0));
        assert_eq!(Grid::cell_at(area, 3, true, 2, 13, 4), Cell::new(1, 2));
        assert_eq!(Grid::cell_at(area, 3, true, 2, 15, 4), Cell::new(1, 2));
        assert_eq!(
            Grid::cell_at(area, 3, true, 2, 16, 4),
            None,
            "between cells"
        );
        assert_eq!(Grid::cell_at(area, 3, true, 2, 13, 5), None, "between rows");
    }

    #[test]
    fn clicks_land_on_the_shifted_cells() {
        let area = Rect::new(0, 0, 40, 20);
        assert_eq!(Grid::cell_at(area, 3, true, 1, 3, 2), Cell::new(0, 0));
        assert_eq!(Grid::cell_at(area, 3, true, 1, 4, 3), Cell::new(1, 0));
        assert_eq!(Grid::cell_at(area, 3, true, 1, 8, 3), Cell::new(1, 2));
        assert_eq!(Grid::cell_at(area, 3, true, 1, 5, 2), Cell::new(0, 1));
        assert_eq!(Grid::cell_at(area, 3, true, 1, 4, 2), None);
        assert_eq!(Grid::cell_at(area, 3, false, 1, 3, 1), Cell::new(0, 0));
        assert_eq!(Grid::cell_at(area, 3, false, 1, 7, 3), Cell::new(2, 2));
        assert_eq!(Grid::cell_at(area, 3, false, 1, 9, 3), None);
    }
}
