//! The one place where a network game's text reaches the terminal in the
//! plain mode: whatever is written through it comes out
//! [`printable`](tabletop_net::sanitise::printable), so that no peer's
//! string, however it got into the text, can move the cursor, recolour or
//! retitle the terminal.

use std::io::{self, Write};

use tabletop_net::sanitise::printable;

/// A writer that lets through only what a terminal shows as it is. It
/// works a line at a time (and on `flush`, for a prompt), so that an
/// escape sequence written in pieces is still seen whole.
pub struct Escaping<W: Write> {
    inner: W,
    /// What was written since the last line's end.
    pending: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    pub fn new(inner: W) -> Escaping<W> {
        Escaping {
            inner,
            pending: Vec::new(),
        }
    }

    /// Writes out the first `end` bytes waiting, made printable; bytes
    /// that are no text are dropped.
    fn pass(&mut self, end: usize) -> io::Result<()> {
        let text = String::from_utf8_lossy(&self.pending[..end]).replace('\u{fffd}', "");
        self.pending.drain(..end);
        self.inner.write_all(printable(&text).as_bytes())
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.pass(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.pass(self.pending.len())?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for Escaping<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_left_out_even_when_written_in_pieces() {
        let mut out = Escaping::new(Vec::new());
        let hostile = "[joe] \u{1b}]0;PWNED\u{7}\u{1b}[2Jhi é\n";
        for piece in hostile.as_bytes().chunks(3) {
            out.write_all(piece).expect("written");
        }
        out.flush().expect("flushed");
        assert_eq!(
            String::from_utf8(out.inner.clone()).expect("text"),
            "[joe] hi é\n"
        );
    }
}
