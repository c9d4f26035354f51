//! A look at a record's nesting before the TOML parser sees it, so that a
//! hostile file cannot exhaust the parser's stack: arrays, inline tables,
//! and dotted keys and table headers (`a.b.c = 1`, `[a.b.c]`) all count.
//! It reads TOML's comments and every form of string, so that a bracket in
//! a comment or a string never counts and a stray quote hides nothing.

/// Deeper nesting than a record ever has (it has one level of arrays).
pub const MAX_NESTING: usize = 16;

/// Where the scanner is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Inside {
    Value,
    Comment,
    /// `"…"`, with escapes; it cannot span lines.
    Basic,
    /// `"""…"""`, with escapes.
    MultiBasic,
    /// `'…'`; it cannot span lines.
    Literal,
    /// `'''…'''`.
    MultiLiteral,
}

/// The line where nesting goes deeper than [`MAX_NESTING`], if any.
pub fn too_deep(text: &str) -> Option<usize> {
    let chars: Vec<char> = text.chars().collect();
    let triple = |i: usize, quote: char| chars.get(i..i + 3) == Some(&[quote; 3][..]);
    let (mut line, mut inside) = (1, Inside::Value);
    // The open brackets, innermost last; whether a key is being read (at
    // the start of a line, in a table header, in an inline table), and
    // how many dots it has had.
    let (mut open, mut in_key, mut dots) = (Vec::new(), true, 0);
    let mut line_start = true;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        }
        match inside {
            Inside::Comment if c == '\n' => inside = Inside::Value,
            Inside::Comment => {}
            Inside::Basic | Inside::MultiBasic if c == '\\' => i += 1,
            Inside::Basic if c == '"' || c == '\n' => inside = Inside::Value,
            Inside::Literal if c == '\'' || c == '\n' => inside = Inside::Value,
            Inside::MultiBasic if triple(i, '"') => {
                inside = Inside::Value;
                i += 2;
            }
            Inside::MultiLiteral if triple(i, '\'') => {
                inside = Inside::Value;
                i += 2;
            }
            Inside::Basic | Inside::MultiBasic | Inside::Literal | Inside::MultiLiteral => {}
            Inside::Value => match c {
                '#' => inside = Inside::Comment,
                '"' if triple(i, '"') => {
                    inside = Inside::MultiBasic;
                    i += 2;
                }
                '"' => inside = Inside::Basic,
                '\'' if triple(i, '\'') => {
                    inside = Inside::MultiLiteral;
                    i += 2;
                }
                '\'' => inside = Inside::Literal,
                '[' | '{' => {
                    // A `[` that starts a line opens a table header.
                    let header = c == '[' && (line_start || open == ['['] && chars[i - 1] == '[');
                    open.push(c);
                    if c == '{' || header {
                        (in_key, dots) = (true, 0);
                    }
                }
                ']' | '}' => {
                    open.pop();
                }
                '=' => in_key = false,
                ',' if open.last() == Some(&'{') => (in_key, dots) = (true, 0),
                '.' if in_key => dots += 1,
                '\n' if open.is_empty() => (in_key, dots) = (true, 0),
                _ => {}
            },
        }
        if open.len() + dots > MAX_NESTING {
            return Some(line);
        }
        if !c.is_whitespace() {
            line_start = false;
        }
        if c == '\n' {
            line_start = true;
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        assert_eq!(too_deep("moves = [\"[[[[[[[[[[[[[[[[[[[[\"]"), None);
        assert_eq!(too_deep("moves = ['[[[[[[[[[[[[[[[[[[[[[[[[']"), None);
        assert_eq!(
            too_deep("x = \"\"\"\n[[[[[[[[[[[[[[[[[[[[[\n\"\"\"\n"),
            None
        );
        assert_eq!(too_deep("x = '''\n{{{{{{{{{{{{{{{{{{{{{{{\n'''\n"), None);
        assert_eq!(
            too_deep("# [[[[[[[[[[[[[[[[[[[[[[[[[[\ngame = \"hex\"\n"),
            None
        );
        assert_eq!(too_deep("x = \"\\\"[[[[[[[[[[[[[[[[[[[[[[[\""), None);
        assert_eq!(too_deep("pi = 3.14159265\ndate = 2026.11.23\n"), None);
        assert_eq!(
            too_deep("[settings]\nsize = 6\n[players]\nfirst = \"ai:3\"\n"),
            None
        );
    }

    #[test]
    fn deep_brackets_keys_and_headers_are_found_on_their_line() {
        let deep = format!("x = {}{}", "[".repeat(40), "]".repeat(40));
        assert_eq!(too_deep(&deep), Some(1));
        let dotted = format!("game = \"hex\"\n{} = 1\n", vec!["a"; 100_000].join("."));
        assert_eq!(too_deep(&dotted), Some(2));
        let header = format!("\n\n[{}]\n", vec!["a"; 100_000].join("."));
        assert_eq!(too_deep(&header), Some(3));
        let inline = format!("x = {{ {} = 1 }}", vec!["a"; 100].join("."));
        assert_eq!(too_deep(&inline), Some(1));
        let tables = "x = ".to_string() + &"{a = ".repeat(40);
        assert_eq!(too_deep(&tables), Some(1));
    }

    #[test]
    fn a_stray_quote_hides_nothing() {
        let text = format!("game = \"hex\nx = {}", "[".repeat(40));
        assert_eq!(too_deep(&text), Some(2));
        let text = format!("game = 'hex\nx = {}", "[".repeat(40));
        assert_eq!(too_deep(&text), Some(2));
    }
}
