//! Text fitted to the room it has, marked with `…` wherever it was cut, so
//! that nothing on the screen is cut off without a sign: the end of a path
//! being typed, the start and end of a long message, and counts said in
//! words.

/// The columns `text` takes on the screen.
pub fn width(text: &str) -> usize {
    text.chars().count()
}

/// The last `width` characters of `text`, starting with `…` if cut: what a
/// line being typed shows, where the cursor is.
pub fn tail(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let skip = count - (width - 1);
    std::iter::once('…')
        .chain(text.chars().skip(skip))
        .collect()
}

/// `text` in at most `width` characters: its first word, `…`, and as much
/// of its end as fits (`Saved to …/games/hex-2026.toml`).
pub fn shorten(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_string();
    }
    let head: String = match text.find(' ') {
        Some(space) if text[..=space].chars().count() * 3 <= width => text[..=space].to_string(),
        _ => String::new(),
    };
    let rest = width.saturating_sub(head.chars().count());
    let end = tail(&text[head.len()..], rest);
    format!("{head}{end}")
}

/// The leading parts of `text` (parts joined by ` · `) that fit in
/// `width` characters, followed by ` …` if any were left out; a first
/// part too long by itself is cut and ends in `…`. For titles: `Gekitai
/// 6x6 · 8 pieces · …`.
pub fn leading(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
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
        if joined.chars().count() + 4 > width {
            break;
        }
        kept = joined;
    }
    if kept.is_empty() {
        let cut: String = text.chars().take(width.saturating_sub(1)).collect();
        return if width == 0 { cut } else { format!("{cut}…") };
    }
    format!("{kept} · …")
}

/// `text` broken at spaces into lines of at most `width` characters, at
/// most `most` of them, the last ending in `…` if some was left out (a
/// word longer than a line is cut the same way).
pub fn wrapped(text: &str, width: usize, most: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let room = current.chars().count() + usize::from(!current.is_empty());
        if !current.is_empty() && room + word.chars().count() > width {
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
        if line.chars().count() > width || last_cut {
            let keep = if last_cut {
                line.chars().count().min(width - 1)
            } else {
                width - 1
            };
            *line = line.chars().take(keep).collect::<String>() + "…";
        }
    }
    lines
}

/// `1 move`, `12 moves`.
pub fn counted(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
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
        assert_eq!(counted(1, "move"), "1 move");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(12, "move"), "12 moves");
    }
}
