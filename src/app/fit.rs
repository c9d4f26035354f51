//! Text fitted to the room it has, in columns of the terminal (a wide
//! character, 山 or 🂡, takes two: [`unicode_width`]), and marked with `…`
//! wherever it was cut, so that nothing on the screen is cut off without a
//! sign: the end of a path being typed, the start and end of a long
//! message, a title's leading parts, wrapped lines, padded columns, and
//! counts said in words.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on the screen.
pub fn width(text: &str) -> usize {
    text.width()
}

/// The columns `c` takes (none for a control character).
fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The longest start of `text` that takes at most `room` columns.
pub fn start_of(text: &str, room: usize) -> &str {
    let mut used = 0;
    for (at, c) in text.char_indices() {
        used += char_width(c);
        if used > room {
            return &text[..at];
        }
    }
    text
}

/// The longest end of `text` that takes at most `room` columns.
fn end_of(text: &str, room: usize) -> &str {
    let mut used = 0;
    for (at, c) in text.char_indices().rev() {
        used += char_width(c);
        if used > room {
            return &text[at + c.len_utf8()..];
        }
    }
    text
}

/// The start of `text` in at most `room` columns, ending with `…` if cut:
/// a cell of a table.
pub fn cut(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    match room {
        0 => String::new(),
        _ => format!("{}…", start_of(text, room - 1)),
    }
}

/// The end of `text` in at most `room` columns, starting with `…` if cut:
/// what a line being typed shows, where the cursor is.
pub fn tail(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    if room == 0 {
        return String::new();
    }
    format!("…{}", end_of(text, room - 1))
}

/// `text` in at most `room` columns: its first word, `…`, and as much of
/// its end as fits (`Saved to …/games/hex-2026.toml`).
pub fn shorten(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let head = match text.find(' ') {
        Some(space) if width(&text[..=space]) * 3 <= room => &text[..=space],
        _ => "",
    };
    let rest = room.saturating_sub(width(head));
    let end = tail(&text[head.len()..], rest);
    format!("{head}{end}")
}

/// A message in at most `room` columns, cut where it loses least: a path
/// in it shortened in the middle, keeping where it starts and the file's
/// name (`~/.local/share/…/gekitai-2026.toml`); then an aside at its end in
/// brackets left out; else the words that fit and `…`.
pub fn message(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let path = text
        .split(' ')
        .find(|word| word.contains('/') && word.len() > 1);
    if let Some(path) = path {
        let rest = width(text) - width(path);
        let short = shortened_path(path, room.saturating_sub(rest));
        let text = text.replacen(path, &short, 1);
        if width(&text) <= room {
            return text;
        }
    }
    if let Some(open) = text.rfind(" (")
        && text.ends_with(')')
        && width(&text[..open]) <= room
    {
        return text[..open].to_string();
    }
    words(text, room)
}

/// The words of `text` that fit in `room` columns with `…` after them.
fn words(text: &str, room: usize) -> String {
    let mut kept = String::new();
    for word in text.split(' ') {
        let longer = match kept.is_empty() {
            true => word.to_string(),
            false => format!("{kept} {word}"),
        };
        if width(&longer) + 1 > room {
            break;
        }
        kept = longer;
    }
    match kept.is_empty() {
        true => cut(text, room),
        false => format!("{kept}…"),
    }
}

/// `path` in at most `room` columns: its first folders, `…` and its file
/// name; or `…/` and the name; or the name's end.
fn shortened_path(path: &str, room: usize) -> String {
    if width(path) <= room {
        return path.to_string();
    }
    let name = path.rsplit('/').next().unwrap_or(path);
    let folders: Vec<&str> = path[..path.len() - name.len()].split('/').collect();
    // As many of the first folders as leave room for `…/` and the name.
    for keep in (1..folders.len()).rev() {
        let start = folders[..keep].join("/");
        let short = format!("{start}/…/{name}");
        if width(&short) <= room {
            return short;
        }
    }
    let short = format!("…/{name}");
    match width(&short) <= room {
        true => short,
        false => tail(name, room),
    }
}

/// The leading parts of `text` (parts joined by ` · `) that fit in `room`
/// columns, followed by ` …` if any were left out; a first part too long
/// by itself is cut and ends in `…`. For titles: `Gekitai 6x6 · 8 pieces
/// · …`.
pub fn leading(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let mut kept = String::new();
    for part in text.split(" · ") {
        let joined = if kept.is_empty() {
            part.to_string()
        } else {
            format!("{kept} · {part}")
        };
        // Room for " · …" after the parts kept.
        if width(&joined) + 4 > room {
            break;
        }
        kept = joined;
    }
    if kept.is_empty() {
        let cut = start_of(text, room.saturating_sub(1));
        return if room == 0 {
            String::new()
        } else {
            format!("{cut}…")
        };
    }
    format!("{kept} · …")
}

/// `text` broken at spaces into lines of at most `room` columns, at most
/// `most` of them, the last ending in `…` if some was left out (a word
/// longer than a line is cut the same way).
pub fn wrapped(text: &str, room: usize, most: usize) -> Vec<String> {
    let room = room.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let used = width(&current) + usize::from(!current.is_empty());
        if !current.is_empty() && used + width(word) > room {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    let cut = lines.len() > most;
    lines.truncate(most);
    let count = lines.len();
    for (i, line) in lines.iter_mut().enumerate() {
        let last_cut = cut && i + 1 == count;
        if width(line) > room || last_cut {
            let keep = start_of(line, room - 1);
            *line = format!("{keep}…");
        }
    }
    lines
}

/// `text` followed by spaces to fill `room` columns.
pub fn pad(text: &str, room: usize) -> String {
    let fill = room.saturating_sub(width(text));
    format!("{text}{}", " ".repeat(fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_breaks_at_spaces_and_marks_what_is_left_out() {
        assert_eq!(
            wrapped("X had a forced win", 8, 5),
            ["X had a", "forced", "win"]
        );
        assert_eq!(wrapped("X had a forced win", 8, 2), ["X had a", "forced…"]);
        assert_eq!(wrapped("unbreakable", 5, 3), ["unbr…"]);
        assert_eq!(wrapped("", 5, 3), Vec::<String>::new());
    }

    #[test]
    fn wide_characters_take_two_columns() {
        // 山田 is four columns wide, not two.
        assert_eq!(width("山田 vs ada"), 11);
        let path = "Saved to /home/山田太郎/games/hex-2026.toml";
        for room in 10..50 {
            for cut in [tail(path, room), shorten(path, room)] {
                assert!(width(&cut) <= room, "{room}: {cut}");
            }
        }
        assert!(shorten(path, 30).ends_with("hex-2026.toml"));
        let title = "囲碁 · 十九路 · 黒番";
        for room in 0..30 {
            assert!(width(&leading(title, room)) <= room, "{room}");
        }
        for line in wrapped("山田太郎 と 佐藤花子 の 対局", 9, 4) {
            assert!(width(&line) <= 9, "{line}");
        }
        assert_eq!(pad("山田", 6), "山田  ");
        assert_eq!(cut("山田太郎 – human", 7), "山田太…");
        assert_eq!(cut("ada – bob", 20), "ada – bob");
    }

    #[test]
    fn a_message_keeps_its_point() {
        let kept =
            "Reviewed, and kept in ~/.local/share/tabletop/games/gekitai-2026-11-26-13-49.toml";
        let short = message(kept, 70);
        assert!(width(&short) <= 70, "{short}");
        assert!(short.starts_with("Reviewed, and kept in ~/"), "{short}");
        assert!(
            short.ends_with("/…/gekitai-2026-11-26-13-49.toml"),
            "{short}"
        );
        let shorter = message(kept, 56);
        assert!(
            shorter.ends_with("…/gekitai-2026-11-26-13-49.toml"),
            "{shorter}"
        );
        assert!(shorter.starts_with("Reviewed, and kept in"), "{shorter}");
        let waiting = "Waiting for a player to join: tabletop join 127.0.0.1:47052 04CK-9XQ2 (watch code 7RT4-KM3D)";
        assert_eq!(
            message(waiting, 80),
            "Waiting for a player to join: tabletop join 127.0.0.1:47052 04CK-9XQ2"
        );
        assert_eq!(message("short", 10), "short");
        assert_eq!(
            message("The game is over: n for a new game, u to undo", 40),
            "The game is over: n for a new game, u…"
        );
        for room in 0..100 {
            assert!(width(&message(kept, room)) <= room, "{room}");
            assert!(width(&message(waiting, room)) <= room, "{room}");
        }
    }

    #[test]
    fn cut_text_says_so() {
        assert_eq!(tail("abcdef", 10), "abcdef");
        assert_eq!(tail("abcdef", 4), "…def");
        assert_eq!(tail("abcdef", 0), "");
        let saved = "Saved to /home/me/.local/share/tabletop/games/hex-2026-11-23.toml";
        let short = shorten(saved, 40);
        assert_eq!(short.chars().count(), 40);
        assert!(
            short.starts_with("Saved …") || short.starts_with("Saved to …"),
            "{short}"
        );
        assert!(short.ends_with("hex-2026-11-23.toml"), "{short}");
        assert_eq!(shorten("short", 40), "short");
        let title = "Gekitai 6x6 · 8 pieces · 3 in a row · if both win: mover wins";
        assert_eq!(leading(title, 80), title);
        assert_eq!(leading(title, 30), "Gekitai 6x6 · 8 pieces · …");
        assert_eq!(leading(title, 8), "Gekitai…");
        assert_eq!(leading(title, 0), "");
        for width in 0..70 {
            assert!(leading(title, width).chars().count() <= width, "{width}");
        }
    }
}
