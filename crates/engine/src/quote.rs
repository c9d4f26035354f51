//! Text from outside (a file, the command line, a GTP controller) made fit
//! for a message: plain short words are shown as they are; anything with
//! control characters or beyond ASCII is escaped and quoted, and anything
//! long is cut short, so that no message carries an escape sequence to the
//! terminal or half a megabyte of someone's file.

/// The most characters of a value a message shows.
const MOST: usize = 40;

/// `text` as a message may show it.
pub fn quote(text: &str) -> String {
    quote_at_most(text, MOST)
}

/// `text` as a message may show it, at most `most` characters of it.
pub fn quote_at_most(text: &str, most: usize) -> String {
    let plain = text.chars().all(|c| c.is_ascii_graphic() || c == ' ');
    let long = text.chars().count() > most;
    if plain && !long {
        return text.to_string();
    }
    let escaped: String = text
        .chars()
        .take(most)
        .flat_map(char::escape_debug)
        .collect();
    if long {
        format!("\"{escaped}…\"")
    } else {
        format!("\"{escaped}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_stay_and_the_rest_is_escaped_and_cut() {
        assert_eq!(quote("O"), "O");
        assert_eq!(quote("ai:9"), "ai:9");
        assert_eq!(quote("\u{1b}[31mred\u{7}"), "\"\\u{1b}[31mred\\u{7}\"");
        let long = "x".repeat(500_000);
        let shown = quote(&long);
        assert!(shown.len() < 60, "{shown}");
        assert!(shown.ends_with("…\""));
        assert!(!quote("é").contains('é') || quote("é").starts_with('"'));
    }
}
