//! Reading typed lines safely: any bytes, any length, never a panic.

use std::io::{self, BufRead};

/// More than any address or GTP command needs: the plain mode's and GTP's
/// limit. The rest of a longer line is dropped, and such a line is invalid
/// in every game anyway.
pub const KEEP: usize = 4096;

/// A line as read: at most the reader's limit, and whether it was longer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    pub text: String,
    /// The line went on past the limit; the rest was read and dropped.
    pub cut: bool,
}

/// Reads lines from anything: the plain mode's input, GTP commands, an
/// outside engine's answers. Runs of spaces and tabs are kept as one
/// space (no game and no GTP answer gives them more meaning than that),
/// bytes that are not UTF-8 become U+FFFD (never a valid move), a `\r`
/// before the newline is dropped, and a last line without a newline still
/// counts. A line longer than the limit is returned as soon as it passes
/// it, cut there, and the rest of it is read past and dropped before the
/// next line: a line that never ends cannot hold the reader.
pub struct LineReader<R> {
    input: R,
    most: usize,
    /// Still inside a line that was cut: drop bytes up to its end.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader keeping at most [`KEEP`] bytes of a line.
    pub fn new(input: R) -> Self {
        LineReader::with_limit(input, KEEP)
    }

    /// A reader keeping at most `most` bytes of a line.
    pub fn with_limit(input: R, most: usize) -> Self {
        LineReader {
            input,
            most,
            skipping: false,
        }
    }

    /// The text of the next line (cut at the limit), or `None` at the end
    /// of input.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        Ok(self.next_bounded()?.map(|line| line.text))
    }

    /// The next line and whether it was cut, or `None` at the end of
    /// input.
    pub fn next_bounded(&mut self) -> io::Result<Option<Line>> {
        if self.skipping && !self.skip_rest()? {
            return Ok(None);
        }
        let mut kept: Vec<u8> = Vec::new();
        let mut read_any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                break;
            }
            read_any = true;
            let mut used = 0;
            let mut ends_line = false;
            let mut cut = false;
            for &byte in buffer {
                if byte == b'\n' {
                    used += 1;
                    ends_line = true;
                    break;
                }
                let blank = byte == b' ' || byte == b'\t';
                if !(blank && kept.last() == Some(&b' ')) {
                    if kept.len() == self.most && byte != b'\r' {
                        cut = true;
                        break;
                    }
                    if kept.len() < self.most {
                        kept.push(if blank { b' ' } else { byte });
                    }
                }
                used += 1;
            }
            self.input.consume(used);
            if cut {
                self.skipping = true;
                return Ok(Some(Line {
                    text: text_of(kept),
                    cut: true,
                }));
            }
            if ends_line {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        Ok(Some(Line {
            text: text_of(kept),
            cut: false,
        }))
    }

    /// Reads past the rest of a cut line; `false` if the input ended first.
    fn skip_rest(&mut self) -> io::Result<bool> {
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                return Ok(false);
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(newline) => {
                    self.input.consume(newline + 1);
                    self.skipping = false;
                    return Ok(true);
                }
                None => {
                    let all = buffer.len();
                    self.input.consume(all);
                }
            }
        }
    }
}

/// A line's kept bytes as text, without the `\r` of a `\r\n`.
fn text_of(mut kept: Vec<u8>) -> String {
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    String::from_utf8_lossy(&kept).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = LineReader::new(input);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().expect("reading memory cannot fail") {
            out.push(line);
        }
        out
    }

    #[test]
    fn splits_lines_and_keeps_a_last_partial_one() {
        assert_eq!(lines(b"c3\n\nA 1\r\nd4"), vec!["c3", "", "A 1", "d4"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn collapses_blank_runs_and_survives_bad_bytes() {
        assert_eq!(lines(b"6 \t  5\n"), vec!["6 5"]);
        assert_eq!(lines(b"\xff\xfeA1\n"), vec!["\u{fffd}\u{fffd}A1"]);
    }

    #[test]
    fn a_huge_line_is_cut_but_the_next_line_is_intact() {
        let mut input = vec![b'x'; 1_000_000];
        input.extend_from_slice(b"\nc3\n");
        let read = lines(&input);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].len(), KEEP);
        assert_eq!(read[1], "c3");
    }

    #[test]
    fn a_line_over_the_limit_says_it_was_cut() {
        let mut reader = LineReader::with_limit(&b"= A1\r\n= 0123456789\nok"[..], 8);
        let mut next = || reader.next_bounded().expect("memory").expect("a line");
        assert_eq!(
            next(),
            Line {
                text: "= A1".to_string(),
                cut: false
            }
        );
        assert_eq!(
            next(),
            Line {
                text: "= 012345".to_string(),
                cut: true
            }
        );
        assert_eq!(
            next(),
            Line {
                text: "ok".to_string(),
                cut: false
            }
        );
    }

    #[test]
    fn a_line_without_end_is_cut_at_the_limit_at_once() {
        let endless = std::io::repeat(b'x');
        let mut reader = LineReader::with_limit(std::io::BufReader::new(endless), 16);
        let line = reader.next_bounded().expect("memory").expect("a line");
        assert_eq!(line.text.len(), 16);
        assert!(line.cut);
    }

    #[test]
    fn spaces_before_an_address_in_a_long_line_still_count_as_one() {
        let mut input = vec![b' '; 100_000];
        input.extend_from_slice(b"c3\n");
        assert_eq!(lines(&input), vec![" c3"]);
    }
}
