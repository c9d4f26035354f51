//! Reading a drawn screen: its text, the footer's items and the help's
//! lines (keys and what they do), the cells chosen, the moves listed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use tabletop::app::App;

use crate::SIZE;

/// The screen of `app` drawn at `SIZE`, with its styles.
pub(crate) fn buffer(app: &App) -> Buffer {
    buffer_at(app, SIZE)
}

/// The screen of `app` drawn at `size`, with its styles.
pub(crate) fn buffer_at(app: &App, size: (u16, u16)) -> Buffer {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The text of `buf`, a line a row.
pub(crate) fn text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect::<Vec<String>>()
        .join("\n")
}

/// How a cell is drawn, as far as reading the footer and the help goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Look {
    /// A key's name.
    Key,
    /// What it does, in the footer.
    Dim,
    Plain,
}

pub(crate) fn look(buf: &Buffer, x: u16, y: u16) -> Look {
    let modifier = buf[(x, y)].modifier;
    if modifier.contains(Modifier::REVERSED) {
        Look::Plain
    } else if modifier.contains(Modifier::BOLD) {
        Look::Key
    } else if modifier.contains(Modifier::DIM) {
        Look::Dim
    } else {
        Look::Plain
    }
}

/// Row `y` of `buf` as runs of one look, from column `from` to `to`.
pub(crate) fn runs(buf: &Buffer, y: u16, from: u16, to: u16) -> Vec<(Look, String)> {
    let mut runs: Vec<(Look, String)> = Vec::new();
    for x in from..to {
        let (seen, symbol) = (look(buf, x, y), buf[(x, y)].symbol());
        match runs.last_mut() {
            Some((last, text)) if *last == seen => text.push_str(symbol),
            _ => runs.push((seen, symbol.to_string())),
        }
    }
    runs
}

/// The footer's items (keys, what they do): the lowest row made of keys
/// each followed by what it does.
pub(crate) fn footer(buf: &Buffer) -> Vec<(String, String)> {
    for y in (0..buf.area.height).rev() {
        let mut row = runs(buf, y, 0, buf.area.width);
        // Blanks and a box's sides around the items.
        while row.first().is_some_and(|(look, _)| *look == Look::Plain) {
            row.remove(0);
        }
        while row.last().is_some_and(|(look, _)| *look == Look::Plain) {
            row.pop();
        }
        let pairs: Option<Vec<(String, String)>> = row
            .chunks(2)
            .map(|pair| match pair {
                [(Look::Key, keys), (Look::Dim, says)] if says.starts_with(' ') => {
                    Some((keys.trim().to_string(), says.trim().to_string()))
                }
                _ => None,
            })
            .collect();
        match pairs {
            Some(items) if !items.is_empty() => return items,
            _ => continue,
        }
    }
    Vec::new()
}

/// The help's lines (keys, what they do), read from the open help box.
pub(crate) fn help(buf: &Buffer) -> Vec<(String, String)> {
    let screen = text(buf);
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|line| line.contains(" Keys "))
        .expect("the help is open");
    let bottom = lines
        .iter()
        .position(|line| line.contains("closes this help"))
        .expect("the help's frame");
    assert!(
        !lines[bottom].contains("more"),
        "the help does not fit:\n{screen}"
    );
    let left = lines[top].chars().position(|c| c == '┌').unwrap_or(0) as u16;
    let right = lines[top].chars().position(|c| c == '┐').unwrap_or(0) as u16;
    let mut items: Vec<(String, String)> = Vec::new();
    for y in top + 1..bottom {
        let row = runs(buf, y as u16, left + 2, right);
        let keys = match row.first() {
            Some((Look::Key, keys)) => keys.trim().to_string(),
            _ => String::new(),
        };
        let does: String = row
            .iter()
            .skip(usize::from(!keys.is_empty()))
            .map(|(_, text)| text.as_str())
            .collect::<String>()
            .trim()
            .to_string();
        match items.last_mut() {
            Some((_, before)) if keys.is_empty() => {
                before.push(' ');
                before.push_str(&does);
            }
            _ => items.push((keys, does)),
        }
    }
    items
}

/// The key names in a help line's keys: `← ↑ → ↓  j k l` is seven keys,
/// `mouse click` one.
pub(crate) fn names(keys: &str) -> Vec<String> {
    keys.split("  ")
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .flat_map(|part| {
            let words: Vec<&str> = part.split(' ').collect();
            if words.iter().all(|word| word.chars().count() == 1) {
                words.into_iter().map(String::from).collect()
            } else {
                vec![part.to_string()]
            }
        })
        .collect()
}

/// The footer's key names: `←↑→↓` is four keys, `+-` two, `Home End` two.
pub(crate) fn footer_names(keys: &str) -> Vec<String> {
    if keys.contains(' ') {
        return keys.split(' ').map(String::from).collect();
    }
    let chars: Vec<char> = keys.chars().collect();
    let glyphs = chars.len() > 1 && chars.iter().all(|c| "←↑→↓+-".contains(*c));
    match glyphs {
        true => chars.iter().map(char::to_string).collect(),
        false => vec![keys.to_string()],
    }
}

/// The cells drawn in reverse video, with what they show (the cursor,
/// the chosen line).
pub(crate) fn chosen(buf: &Buffer) -> Vec<(u16, u16, String)> {
    reversed(buf)
        .into_iter()
        .map(|(x, y)| (x, y, buf[(x, y)].symbol().to_string()))
        .collect()
}

/// The cells drawn in reverse video (the cursor, the chosen line).
pub(crate) fn reversed(buf: &Buffer) -> Vec<(u16, u16)> {
    let mut cells = Vec::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if buf[(x, y)].modifier.contains(Modifier::REVERSED) {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// The moves listed in a game's history: each line with `N. ` and a
/// player.
pub(crate) fn history(screen: &str) -> Vec<String> {
    screen
        .lines()
        .flat_map(|line| line.split("  ").map(str::trim))
        .filter(|part| {
            let mut words = part.split(' ');
            let numbered = words
                .next()
                .and_then(|n| n.strip_suffix('.'))
                .is_some_and(|n| n.parse::<usize>().is_ok());
            numbered && words.next().is_some_and(|w| w.chars().count() == 1)
        })
        .map(String::from)
        .collect()
}

/// The number after `before` on the screen (`Move 3 of 10`: 3).
pub(crate) fn number_after(screen: &str, before: &str) -> Option<usize> {
    let at = screen.find(before)? + before.len();
    let digits: String = screen[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}
