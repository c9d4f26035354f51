//! A peer's text made safe to print: no escape sequence, control
//! character, bidirectional override or invisible character from another
//! tabletop ever reaches a terminal.

/// `text` made safe to print and short: escape sequences and every other
/// control character removed (a peer's name or chat never moves the
/// cursor, recolours or retitles the terminal), bidirectional controls
/// and characters that show nothing too (so no name looks like another's,
/// or like none), blanks kept as single spaces, at most `max` characters.
pub fn sanitise(text: &str, max: usize) -> String {
    let mut kept = String::new();
    for c in Visible::new(text) {
        match c {
            c if c.is_whitespace() => {
                if !kept.is_empty() && !kept.ends_with(' ') {
                    kept.push(' ');
                }
            }
            c => kept.push(c),
        }
    }
    kept.trim_end().chars().take(max).collect()
}

/// `text` with nothing in it a terminal acts on: escape sequences,
/// control characters (but line ends and tabs), bidirectional controls
/// and invisible characters removed, everything else as it is. What the plain mode
/// prints of a network game, and every error message, passes through
/// this on its way to the terminal.
pub fn printable(text: &str) -> String {
    Visible::new(text)
        .filter(|&c| matches!(c, '\n' | '\t') || !c.is_control())
        .collect()
}

/// The characters of a text a terminal shows as they are: escape
/// sequences (`ESC [ ... final`, `ESC ] ... BEL` or `ESC \\`, `ESC` and
/// one more) and other control characters and bidirectional overrides
/// left out.
struct Visible<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl<'a> Visible<'a> {
    fn new(text: &'a str) -> Visible<'a> {
        Visible {
            chars: text.chars().peekable(),
        }
    }

    /// Passes over the rest of an escape sequence begun by `c`.
    fn skip_sequence(&mut self, c: char) {
        let kind = match c {
            '\u{9b}' => Some('['),
            '\u{9d}' => Some(']'),
            _ => self.chars.next(),
        };
        match kind {
            Some('[') => {
                for c in self.chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&c) {
                        break;
                    }
                }
            }
            Some(']' | 'P' | '_' | '^') => {
                while let Some(c) = self.chars.next() {
                    if c == '\u{7}' || c == '\u{9c}' {
                        break;
                    }
                    if c == '\u{1b}' && self.chars.peek() == Some(&'\\') {
                        self.chars.next();
                        break;
                    }
                }
            }
            _ => {}
        }
    }
}

impl Iterator for Visible<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        loop {
            let c = self.chars.next()?;
            match c {
                '\u{1b}' | '\u{9b}' | '\u{9d}' => self.skip_sequence(c),
                c if c.is_whitespace() => return Some(c),
                c if c.is_control() || is_bidi_control(c) || is_invisible(c) => {}
                c => return Some(c),
            }
        }
    }
}

/// Characters that reorder the text around them on the screen: the
/// marks (left-to-right, right-to-left, Arabic letter), embeddings,
/// overrides and isolates.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// Characters a terminal shows as nothing, or as a blank that is not a
/// space: Unicode's default-ignorable code points (zero-width spaces and
/// joiners, the soft hyphen, word joiners, variation selectors, the byte
/// order mark, tags, the Hangul fillers), which would let one name pass
/// for another, or for none.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{34f}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200d}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{MAX_CHAT, MAX_NAME};

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
        assert_eq!(printable(hostile), "bob\nevil");
        assert_eq!(printable("  a\tb\n"), "  a\tb\n");
    }

    #[test]
    fn invisible_characters_and_every_bidirectional_mark_are_removed() {
        // Zero-width space, Arabic letter mark, word joiner, byte order
        // mark, a tag, soft hyphen, variation selector: "ada" all along.
        let disguised = "\u{200b}ad\u{61c}a\u{2060}\u{feff}\u{e0041}\u{ad}\u{fe0f}";
        assert_eq!(sanitise(disguised, MAX_NAME), "ada");
        assert_eq!(printable(disguised), "ada");
        // A name of Hangul fillers and zero-width joiners shows nothing:
        // nothing is left of it.
        assert_eq!(sanitise("\u{3164}\u{115f}\u{200d}\u{200c}", MAX_NAME), "");
        assert_eq!(sanitise("hi\u{200b} \u{180e}x", MAX_CHAT), "hi x");
        // Every character kept is visible text.
        assert_eq!(sanitise("Zoë 李 ✓ مرحبا", MAX_NAME), "Zoë 李 ✓ مرحبا");
    }
}
