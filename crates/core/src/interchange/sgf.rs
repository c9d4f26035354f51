//! SGF, the Smart Game Format (FF[4], <https://www.red-bean.com/sgf/>), as
//! text: a reader that keeps the main line of the first game of a file,
//! and a writer. Nothing here knows a game; what the properties mean is
//! the business of [`super::dialect`].
//!
//! ```text
//! (;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces](;W[e7])(;W[d8]))
//! ```
//!
//! The reader works through the text without recursion, so that no nesting
//! of variations can exhaust the stack; it keeps only the nodes of the main
//! line (the first variation at each fork), at most [`MAX_NODES`] of them.
//! Every refusal names the line where the text went wrong.

use std::fmt;

use tabletop_engine::quote::quote;
use tabletop_engine::record::MAX_MOVES;

/// More nodes than the main line of any game has: a root, then a move a
/// node.
pub const MAX_NODES: usize = MAX_MOVES + 1;

/// A property name longer than this is not one (SGF's are two letters,
/// private ones a few more).
const MAX_IDENT: usize = 32;

/// One value of a property, its escapes resolved, and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    pub text: String,
    pub line: usize,
}

/// A property: its name (`B`, `SZ`) and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub ident: String,
    pub values: Vec<Value>,
    pub line: usize,
}

/// A node (`;B[aa]C[a comment]`): its properties in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub properties: Vec<Property>,
    pub line: usize,
}

impl Node {
    /// The property called `ident`, if the node has it.
    pub fn get(&self, ident: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.ident == ident)
    }
}

/// Why a text is not SGF, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SyntaxError {}

/// A game tree being read: whether it is on the main line, and how many
/// variations it has opened so far.
struct Tree {
    main: bool,
    children: usize,
}

/// The text being read, a character at a time, counting lines.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    fn refuse(&self, reason: impl Into<String>) -> SyntaxError {
        SyntaxError {
            line: self.line,
            reason: reason.into(),
        }
    }

    /// A value, the `[` already read: up to the `]` that is not escaped.
    /// A backslash keeps the character after it; a backslash before a line
    /// break removes both (SGF's soft line break).
    fn value(&mut self) -> Result<Value, SyntaxError> {
        let line = self.line;
        let mut text = String::new();
        loop {
            match self.next() {
                None => {
                    return Err(self.refuse(format!(
                        "the file ends inside the value begun on line {line} (a ']' is missing)"
                    )));
                }
                Some(']') => return Ok(Value { text, line }),
                Some('\\') => match self.next() {
                    None => continue,
                    Some('\n') => {}
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.next();
                        }
                    }
                    Some(c) => text.push(c),
                },
                Some(c) => text.push(c),
            }
        }
    }

    /// A property name, its first letter already read: its capital
    /// letters (SGF before FF[4] allowed lower-case letters among them, to
    /// be ignored).
    fn ident(&mut self, first: char) -> Result<String, SyntaxError> {
        let mut ident = String::new();
        let mut letter = Some(first);
        let mut length = 0;
        while let Some(c) = letter {
            length += 1;
            if length > MAX_IDENT {
                return Err(self.refuse("a property name longer than any SGF has"));
            }
            if c.is_ascii_uppercase() {
                ident.push(c);
            }
            letter = self.peek().filter(char::is_ascii_alphabetic);
            if letter.is_some() {
                self.next();
            }
        }
        if ident.is_empty() {
            return Err(self.refuse("a property name needs a capital letter"));
        }
        Ok(ident)
    }

    /// A property whose name starts with `first`, and its values.
    fn property(&mut self, first: char) -> Result<Property, SyntaxError> {
        let line = self.line;
        let ident = self.ident(first)?;
        let mut values = Vec::new();
        self.skip_space();
        while self.peek() == Some('[') {
            self.next();
            values.push(self.value()?);
            self.skip_space();
        }
        if values.is_empty() {
            return Err(self.refuse(format!("the property {ident} has no value")));
        }
        Ok(Property {
            ident,
            values,
            line,
        })
    }
}

/// What a character is called in a message.
fn shown(c: char) -> String {
    quote(&c.to_string())
}

/// The nodes of the main line of the first game tree in `text`, the root
/// first; what follows that game tree is not read.
pub fn parse(text: &str) -> Result<Vec<Node>, SyntaxError> {
    let mut reader = Reader {
        chars: text
            .strip_prefix('\u{feff}')
            .unwrap_or(text)
            .chars()
            .peekable(),
        line: 1,
    };
    reader.skip_space();
    match reader.next() {
        Some('(') => {}
        Some(c) => {
            return Err(reader.refuse(format!("not SGF: a game starts with '(', not {}", shown(c))));
        }
        None => return Err(reader.refuse("the file is empty")),
    }
    let mut trees = vec![Tree {
        main: true,
        children: 0,
    }];
    let mut nodes: Vec<Node> = Vec::new();
    // Whether properties now belong to a node, and whether it is kept.
    let mut in_node: Option<bool> = None;
    let mut after_open = true;
    loop {
        reader.skip_space();
        let Some(c) = reader.next() else {
            return Err(
                reader.refuse("the file ends inside a game (a ')' is missing): is it cut short?")
            );
        };
        if after_open && c != ';' {
            return Err(reader.refuse(format!(
                "a game tree starts with a node (';'), not {}",
                shown(c)
            )));
        }
        after_open = false;
        let tree = trees
            .last_mut()
            .ok_or_else(|| reader.refuse("a ')' closes nothing"))?;
        match c {
            ';' => {
                if tree.children > 0 {
                    return Err(reader.refuse("a node after a variation"));
                }
                let kept = tree.main;
                if kept {
                    if nodes.len() == MAX_NODES {
                        return Err(reader.refuse(format!(
                            "more than {MAX_NODES} nodes: more moves than any game has"
                        )));
                    }
                    nodes.push(Node {
                        properties: Vec::new(),
                        line: reader.line,
                    });
                }
                in_node = Some(kept);
            }
            '(' => {
                let main = tree.main && tree.children == 0;
                tree.children += 1;
                trees.push(Tree { main, children: 0 });
                in_node = None;
                after_open = true;
            }
            ')' => {
                trees.pop();
                in_node = None;
                if trees.is_empty() {
                    return Ok(nodes);
                }
            }
            c if c.is_ascii_alphabetic() => {
                let Some(kept) = in_node else {
                    return Err(reader.refuse("a property outside a node"));
                };
                let property = reader.property(c)?;
                if let (true, Some(node)) = (kept, nodes.last_mut()) {
                    node.properties.push(property);
                }
            }
            c => return Err(reader.refuse(format!("{} is not SGF here", shown(c)))),
        }
    }
}

/// The day a date starts with, as `DT` writes it (`2026-11-21` of
/// `2026-11-21 13:20 UTC`), if it starts with one.
pub fn day(date: &str) -> Option<&str> {
    let day = date.trim().get(..10)?;
    let shape = day.bytes().enumerate().all(|(i, b)| {
        if i == 4 || i == 7 {
            b == b'-'
        } else {
            b.is_ascii_digit()
        }
    });
    shape.then_some(day)
}

/// `text` as an SGF value: `]` and `\` escaped.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// Lines of SGF no wider than this, as HexGui writes them.
const WIDTH: usize = 72;

/// SGF text being written: pieces (`;`, `B[aa]`) run on, and a line is
/// broken before a piece that would make it wider than [`WIDTH`].
#[derive(Default)]
pub struct Writer {
    text: String,
    column: usize,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Adds a piece of SGF text, as it is.
    pub fn piece(&mut self, piece: &str) {
        let width = piece.chars().count();
        if self.column > 0 && self.column + width > WIDTH {
            self.text.push('\n');
            self.column = 0;
        }
        self.text.push_str(piece);
        self.column += width;
    }

    /// Adds a property with one value, escaped.
    pub fn property(&mut self, ident: &str, value: &str) {
        self.piece(&format!("{ident}[{}]", escape(value)));
    }

    /// The text, ended with a line break.
    pub fn finish(mut self) -> String {
        self.text.push('\n');
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(node: &Node) -> Vec<&str> {
        node.properties.iter().map(|p| p.ident.as_str()).collect()
    }

    #[test]
    fn the_main_line_is_kept_and_variations_skipped() {
        let nodes =
            parse("(;FF[4]GM[11]SZ[3];B[a1](;W[b2];B[c3](;W[a2])(;W[a3]))(;W[c1]))").expect("sgf");
        let moves: Vec<&str> = nodes
            .iter()
            .flat_map(|n| n.properties.iter())
            .filter(|p| p.ident == "B" || p.ident == "W")
            .map(|p| p.values[0].text.as_str())
            .collect();
        assert_eq!(moves, ["a1", "b2", "c3", "a2"]);
        assert_eq!(idents(&nodes[0]), ["FF", "GM", "SZ"]);
    }

    #[test]
    fn values_resolve_escapes_and_count_lines() {
        let nodes = parse("\u{feff}  (;C[a \\] b \\\\ c\\\nd]\nPB[x]\n;B[aa])").expect("sgf");
        let comment = &nodes[0].properties[0];
        assert_eq!(comment.values[0].text, "a ] b \\ cd");
        assert_eq!(nodes[0].properties[1].line, 3);
        assert_eq!(nodes[1].line, 4);
        let many = parse("(;AB[aa][bb] [cc])").expect("sgf");
        assert_eq!(many[0].properties[0].values.len(), 3);
        let old = parse("(;GaMe[1])").expect("sgf");
        assert_eq!(old[0].properties[0].ident, "GM");
    }

    #[test]
    fn broken_text_is_refused_with_its_line() {
        for (text, line, reason) in [
            ("", 1, "empty"),
            ("game = \"hex\"", 1, "not SGF"),
            ("(;B[aa]", 1, "cut short"),
            ("(;B[aa\n\n", 3, "']' is missing"),
            ("(;B[aa];W)", 1, "no value"),
            ("(B[aa])", 1, "starts with a node"),
            ("(;B[aa](;W[bb]);B[cc])", 1, "after a variation"),
            ("(;\n\n1[aa])", 3, "not SGF here"),
        ] {
            let error = parse(text).unwrap_err();
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.reason.contains(reason), "{text:?}: {error}");
        }
        let long = format!("(;{}[1])", "A".repeat(100));
        assert!(parse(&long).is_err());
    }

    #[test]
    fn deep_nesting_and_many_nodes_cost_no_stack() {
        let deep = format!("(;GM[1]{}", "(;B[aa]".repeat(10_000));
        assert!(parse(&deep).unwrap_err().reason.contains("cut short"));
        let long = format!("(;GM[1]{}", "(;B[aa]".repeat(200_000));
        assert!(parse(&long).unwrap_err().reason.contains("more than"));
        let aside = format!(
            "(;GM[1](;B[aa]){}{})",
            "(;W[bb]".repeat(200_000),
            ")".repeat(200_000)
        );
        assert_eq!(parse(&aside).expect("sgf").len(), 2);
        let wide = format!("(;GM[1]{})", "(;B[aa])".repeat(100_000));
        assert_eq!(parse(&wide).expect("sgf").len(), 2);
    }

    #[test]
    fn days_are_the_start_of_dates() {
        assert_eq!(day("2026-11-21 13:20 UTC"), Some("2026-11-21"));
        assert_eq!(day(" 2026-11-21,22"), Some("2026-11-21"));
        assert_eq!(day("2026-11-2"), None);
        assert_eq!(day("yesterday afternoon"), None);
        assert_eq!(day("2026é11-21 13:20"), None);
    }

    #[test]
    fn written_text_reads_back() {
        let mut writer = Writer::new();
        writer.piece("(;");
        writer.property("C", "a ] b \\ c");
        for _ in 0..40 {
            writer.piece(";");
            writer.property("B", "aa");
        }
        writer.piece(")");
        let text = writer.finish();
        assert!(text.lines().all(|line| line.len() <= WIDTH), "{text}");
        let nodes = parse(&text).expect("reads back");
        assert_eq!(nodes.len(), 41);
        assert_eq!(nodes[0].properties[0].values[0].text, "a ] b \\ c");
    }
}
