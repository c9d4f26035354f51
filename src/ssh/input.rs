//! A session's input bytes as the terminal events the app reads: the same
//! escape sequences crossterm decodes from a local terminal (keys, SGR
//! mouse reports, bracketed paste), decoded by terminput, which keeps
//! crossterm's parser apart from its terminal.

use ratatui::crossterm::event::Event;
use terminput::Event as Parsed;

/// The longest escape sequence kept while waiting for its end: past it
/// the bytes are junk and dropped (a session cannot grow it without end).
const LONGEST: usize = 64;

/// Turns a session's input, in whatever pieces it comes, into events.
#[derive(Default)]
pub struct Decoder {
    /// The start of a sequence whose end has not come yet.
    pending: Vec<u8>,
}

impl Decoder {
    /// The events in `bytes`, following what came before.
    pub fn decode(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (at, &byte) in bytes.iter().enumerate() {
            self.pending.push(byte);
            // A lone Escape with more bytes behind it starts a sequence;
            // at the end of the piece it is the Escape key.
            if self.pending == [0x1b] && at + 1 < bytes.len() {
                continue;
            }
            if unplaced_click(&self.pending) {
                self.pending.clear();
                continue;
            }
            match Parsed::parse_from(&self.pending) {
                Ok(Some(parsed)) => {
                    self.pending.clear();
                    if let Ok(event) = terminput_crossterm::to_crossterm(parsed) {
                        events.push(event);
                    }
                }
                Ok(None) if self.pending.len() < LONGEST => {}
                Ok(None) | Err(_) => self.pending.clear(),
            }
        }
        events
    }
}

/// Whether `sequence` is a mouse report (SGR, `ESC [ < B ; X ; Y M`, or
/// rxvt's, `ESC [ B ; X ; Y M`) with a column or row of 0: terminals
/// count both from 1, and the parser subtracts 1 without a check, so a
/// client sending one would panic the session's thread.
fn unplaced_click(sequence: &[u8]) -> bool {
    let Some(body) = sequence.strip_prefix(b"\x1b[") else {
        return false;
    };
    let body = body.strip_prefix(b"<").unwrap_or(body);
    let Some((b'M' | b'm', fields)) = body.split_last() else {
        return false;
    };
    fields
        .split(|&byte| byte == b';')
        .skip(1)
        .any(|field| !field.is_empty() && field.iter().all(|&digit| digit == b'0'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn keys_arrows_and_ctrl_c_in_one_piece() {
        let events = Decoder::default().decode(b"a\x1b[A\r\x03");
        assert_eq!(
            events,
            [
                key(KeyCode::Char('a')),
                key(KeyCode::Up),
                key(KeyCode::Enter),
                Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            ]
        );
    }

    #[test]
    fn a_sequence_cut_between_pieces_and_a_lone_escape() {
        let mut decoder = Decoder::default();
        assert_eq!(decoder.decode(b"\x1b[<0;5"), []);
        let click = decoder.decode(b";3M");
        assert_eq!(
            click,
            [Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 4,
                row: 2,
                modifiers: KeyModifiers::NONE,
            })]
        );
        assert_eq!(decoder.decode(b"\x1b"), [key(KeyCode::Esc)]);
    }

    #[test]
    fn a_click_at_column_or_row_zero_is_dropped() {
        let mut decoder = Decoder::default();
        for junk in [&b"\x1b[<0;0;5M"[..], b"\x1b[<0;5;00m", b"\x1b[32;0;1M"] {
            assert_eq!(decoder.decode(junk), [], "{junk:?}");
        }
        assert_eq!(decoder.decode(b"x"), [key(KeyCode::Char('x'))]);
        assert_eq!(decoder.decode(b"\x1b[<0;1;1M").len(), 1);
    }

    #[test]
    fn junk_is_dropped_and_what_follows_still_reads() {
        let mut decoder = Decoder::default();
        let mut junk = b"\x1b[".to_vec();
        junk.extend(std::iter::repeat_n(b'1', 200));
        decoder.decode(&junk);
        assert!(decoder.pending.len() < LONGEST);
        assert_eq!(decoder.decode(b"x"), [key(KeyCode::Char('x'))]);
    }
}
