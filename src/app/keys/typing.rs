//! The letters that type on a board rather than command: one scheme for
//! every board. A column letter of the board (either case), the first
//! letter of a word move that may be played now (`swap`), or any
//! uppercase letter opens the address line; the other lowercase letters
//! are commands where the keymap binds them (a letter or digit it does
//! not bind types too: `keys::Mode`), and every command also has a key
//! that works on any board (the arrows, `Ctrl` and a letter).

/// The lowercase letters that type on a board: its column letters and the
/// first letters of the word moves open now.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Typing(u32);

impl Typing {
    /// Nothing types: every letter is a key (off the board).
    pub const NONE: Typing = Typing(0);

    /// The letters of a board of `columns` columns, and the first letters
    /// of `words`.
    pub fn of<'a>(columns: usize, words: impl IntoIterator<Item = &'a str>) -> Typing {
        let mut letters = if columns >= 26 {
            u32::MAX
        } else {
            (1 << columns) - 1
        };
        for word in words {
            if let Some(first) = word.chars().next().map(|c| c.to_ascii_lowercase())
                && first.is_ascii_lowercase()
            {
                letters |= 1 << (first as u8 - b'a');
            }
        }
        Typing(letters)
    }

    /// Whether `c` typed on the board starts an address (or a word move):
    /// any uppercase letter, or one of these lowercase ones.
    pub fn types(self, c: char) -> bool {
        c.is_ascii_uppercase() || (c.is_ascii_lowercase() && self.0 & (1 << (c as u8 - b'a')) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_and_open_word_moves_type() {
        let small = Typing::of(6, []);
        assert!(small.types('c') && small.types('C') && small.types('Q'));
        assert!(!small.types('h') && !small.types('q') && !small.types('?'));
        assert!(Typing::of(19, []).types('q'));
        assert!(Typing::of(26, []).types('z'));
        assert!(Typing::of(11, ["swap"]).types('s'));
        assert!(!Typing::NONE.types('a'));
    }
}
