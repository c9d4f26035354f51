//! The evaluation graph of a reviewed game: one column for each position
//! (squeezed to fit), as tall as the first player's chance of winning in
//! eighths of a row, the position shown reversed and the positions that
//! followed a mistake or a blunder in the message colour. A position a
//! review under way has not reached yet is a dot.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::theme::Theme;

const BLOCKS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

pub struct Chances<'a> {
    /// The first player's chance of winning (0 to 1) in each position;
    /// NaN where it is not known yet.
    pub chances: &'a [f64],
    /// The positions reached by a mistake or a blunder.
    pub marked: &'a [bool],
    /// The position shown.
    pub current: usize,
    pub theme: Theme,
}

impl Widget for &Chances<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let count = self.chances.len();
        if count == 0 || area.width == 0 || area.height == 0 {
            return;
        }
        let width = usize::from(area.width).min(count);
        // Each column stands for the positions from `first` up to the next.
        let first = |column: usize| column * count / width;
        for column in 0..width {
            let (from, to) = (first(column), first(column + 1).max(first(column) + 1));
            let chance = self.chances[from];
            let block = if chance.is_nan() {
                '·'
            } else {
                BLOCKS[(chance.clamp(0.0, 1.0) * 8.0).round() as usize]
            };
            let mut style = self.theme.dim();
            if self.marked[from..to].iter().any(|&m| m) {
                style = self.theme.message();
            }
            if (from..to).contains(&self.current) {
                style = self.theme.selected();
            }
            let x = area.x + column as u16;
            buf[(x, area.y)].set_char(block).set_style(style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_rise_with_the_chance_and_squeeze_to_fit() {
        let chances = [0.0, 0.5, 1.0, 0.25, f64::NAN];
        let marked = [false, false, true, false, false];
        let graph = Chances {
            chances: &chances,
            marked: &marked,
            current: 1,
            theme: Theme::PLAIN,
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 1));
        (&graph).render(Rect::new(0, 0, 10, 1), &mut buf);
        let row: String = (0..5).map(|x| buf[(x, 0)].symbol()).collect();
        assert_eq!(row, " ▄█▂·");
        let mut narrow = Buffer::empty(Rect::new(0, 0, 2, 1));
        (&graph).render(Rect::new(0, 0, 2, 1), &mut narrow);
        let row: String = (0..2).map(|x| narrow[(x, 0)].symbol()).collect();
        assert_eq!(row, " █");
    }
}
