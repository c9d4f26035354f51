//! A peer's text made safe to print: no escape sequence, control
//! character or bidirectional override from another tabletop ever reaches
//! a terminal.

/// `text` made safe to print and short: escape sequences and every other
/// control character removed (a peer's name or chat never moves the
/// cursor, recolours or retitles the terminal), bidirectional overrides
/// too, blanks kept as single spaces, at most `max` characters.
pub fn sanitise(text: &str, max: usize) -> String {
    let mut kept = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // ESC [ ... final, ESC ] ... BEL or ESC \, ESC and one more.
            '\u{1b}' | '\u{9b}' | '\u{9d}' => {
                let kind = match c {
                    '\u{9b}' => Some('['),
                    '\u{9d}' => Some(']'),
                    _ => chars.next(),
                };
                match kind {
                    Some('[') => {
                        for c in chars.by_ref() {
                            if ('\u{40}'..='\u{7e}').contains(&c) {
                                break;
                            }
                        }
                    }
                    Some(']' | 'P' | '_' | '^') => {
                        while let Some(c) = chars.next() {
                            if c == '\u{7}' || c == '\u{9c}' {
                                break;
                            }
                            if c == '\u{1b}' && chars.peek() == Some(&'\\') {
                                chars.next();
                                break;
                            }
                        }
                    }
                    _ => {}
                }
            }
            c if c.is_whitespace() => {
                if !kept.is_empty() && !kept.ends_with(' ') {
                    kept.push(' ');
                }
            }
            c if c.is_control() || is_bidi_control(c) => {}
            c => kept.push(c),
        }
    }
    kept.trim_end().chars().take(max).collect()
}

/// Characters that reorder the text after them on the screen.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::MAX_NAME;

    #[test]
    fn sanitising_strips_escapes_and_controls() {
        let hostile = "\u{1b}[2J\u{1b}[31mbob\u{1b}]0;pwned\u{7}\r\n\u{7}\u{202e}evil\u{9b}1A";
        assert_eq!(sanitise(hostile, MAX_NAME), "bob evil");
        assert_eq!(sanitise("  ada\tlovelace ", MAX_NAME), "ada lovelace");
        assert_eq!(sanitise(&"é".repeat(100), 5), "ééééé");
        assert_eq!(sanitise("\u{1b}", 10), "");
        for c in sanitise(hostile, 100).chars() {
            assert!(!c.is_control(), "{c:?}");
        }
    }
}
