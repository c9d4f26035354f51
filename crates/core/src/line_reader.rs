//! Reading typed lines safely: any bytes, any length, never a panic.

use std::io::{self, BufRead};

/// More than any address needs; the rest of a longer line is dropped, and
/// such a line is invalid in every game anyway.
const KEEP: usize = 4096;

/// Reads lines for the plain mode. Runs of spaces and tabs are kept as one
/// space (no game gives them more meaning than that), bytes that are not
/// UTF-8 become U+FFFD (never a valid move), a `\r` before the newline is
/// dropped, and a last line without a newline still counts.
pub struct LineReader<R> {
    input: R,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(input: R) -> Self {
        LineReader { input }
    }

    /// The next line, or `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
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
            let (chunk, ends_line) = match buffer.iter().position(|&b| b == b'\n') {
                Some(newline) => (&buffer[..newline], true),
                None => (buffer, false),
            };
            for &byte in chunk {
                let blank = byte == b' ' || byte == b'\t';
                if kept.len() < KEEP && !(blank && kept.last() == Some(&b' ')) {
                    kept.push(if blank { b' ' } else { byte });
                }
            }
            let used = chunk.len() + usize::from(ends_line);
            self.input.consume(used);
            if ends_line {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        Ok(Some(String::from_utf8_lossy(&kept).into_owned()))
    }
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
    fn spaces_before_an_address_in_a_long_line_still_count_as_one() {
        let mut input = vec![b' '; 100_000];
        input.extend_from_slice(b"c3\n");
        assert_eq!(lines(&input), vec![" c3"]);
    }
}
