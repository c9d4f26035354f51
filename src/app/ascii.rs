//! The strict ASCII mode: for terminals and fonts without box drawing,
//! every character on the screen is ASCII.
//!
//! The screens draw as usual (pieces as letters, see
//! [`Pieces::Ascii`](crate::app::theme::Pieces::Ascii)); the finished
//! screen then goes through this one table, cell by cell, so that nothing
//! escapes it: borders, the boards' lines, arrows, bars, the spinner, and
//! text from files, engines and peers. Each stand-in is one character,
//! so nothing moves.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::widgets::spinner;

/// The ASCII character drawn instead of `c`.
pub fn stand_in(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    if let Some(at) = spinner::FRAMES.iter().position(|frame| *frame == c) {
        return spinner::ASCII_FRAMES[at % spinner::ASCII_FRAMES.len()];
    }
    match c {
        '─' | '━' | '═' | '╌' | '┄' => '-',
        '│' | '┃' | '║' | '╎' | '┆' | '▏' | '▕' => '|',
        // Every other box-drawing piece is a corner or a junction.
        '\u{2500}'..='\u{257F}' => '+',
        '·' | '…' | '░' | '•' => '.',
        '▁' | '▂' => '_',
        '▃' | '▄' => '-',
        '▅' | '▆' => '=',
        '▇' | '█' | '▓' | '▒' => '#',
        '●' => '@',
        '○' => 'o',
        '←' | '‹' | '«' => '<',
        '→' | '›' | '»' => '>',
        '↑' => '^',
        '↓' => 'v',
        '–' | '—' | '−' => '-',
        '×' => 'x',
        '±' => '~',
        '‘' | '’' => '\'',
        '“' | '”' => '"',
        // Anything else (a name in another script, say) is unknown here.
        _ => '?',
    }
}

/// Turns every cell of `area` in `buf` into ASCII.
pub fn asciify(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if !cell.symbol().is_ascii() {
                let ascii: String = cell.symbol().chars().take(1).map(stand_in).collect();
                cell.set_symbol(&ascii);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spinner_still_turns() {
        let turned: String = spinner::FRAMES.iter().map(|c| stand_in(*c)).collect();
        assert_eq!(turned, "|/-\\|/-\\");
    }

    #[test]
    fn a_screen_with_borders_and_wide_text_becomes_ascii_in_place() {
        let mut buf = Buffer::with_lines(["┌─ X · 漢 ─┐", "│ ● ○ … ← │"]);
        let area = buf.area;
        asciify(&mut buf, area);
        assert_eq!(buf, Buffer::with_lines(["+- X . ?  -+", "| @ o . < |"]));
    }
}
