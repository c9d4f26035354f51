//! Lines typed at a network game's terminal (the plain mode), read as
//! they come, so that a draw offer or an undo request can be typed while
//! the other side thinks, and used in the order typed: a move waits for
//! its turn, anything else is done at once. Lines piped in ahead (a
//! script of moves) are played one a turn, as before.

use std::collections::VecDeque;
use std::io::BufRead;

use tokio::sync::mpsc;

use crate::plain::LineReader;

/// Lines kept waiting at most; reading stops until they are used.
const WAITING: usize = 64;

/// The lines typed here and not used yet.
pub struct Keyboard {
    lines: Option<mpsc::Receiver<Option<String>>>,
    waiting: VecDeque<String>,
    ended: bool,
}

impl Keyboard {
    /// The lines `lines` brings (see [`typed_lines`]).
    pub fn new(lines: mpsc::Receiver<Option<String>>) -> Keyboard {
        Keyboard {
            lines: Some(lines),
            waiting: VecDeque::new(),
            ended: false,
        }
    }

    /// Nothing is typed here (a spectator).
    pub fn none() -> Keyboard {
        Keyboard {
            lines: None,
            waiting: VecDeque::new(),
            ended: false,
        }
    }

    /// Waits for the next line typed and keeps it; never returns once
    /// the input ended or while enough lines wait.
    pub async fn read(&mut self) {
        let lines = match &mut self.lines {
            Some(lines) if !self.ended && self.waiting.len() < WAITING => lines,
            _ => return std::future::pending().await,
        };
        match lines.recv().await {
            Some(Some(line)) => self.waiting.push_back(line),
            _ => self.ended = true,
        }
    }

    /// The first line waiting, if `ready` says it can be used now (a
    /// move only on its turn).
    pub fn next(&mut self, ready: impl Fn(&str) -> bool) -> Option<String> {
        match self.waiting.front() {
            Some(line) if ready(line) => self.waiting.pop_front(),
            _ => None,
        }
    }

    /// The input ended and every line was used.
    pub fn is_spent(&self) -> bool {
        self.ended && self.waiting.is_empty()
    }
}

/// The lines typed on standard input, read on their own thread so that
/// the network is served while nobody types; `None` at the end of input.
pub fn typed_lines(input: impl BufRead + Send + 'static) -> mpsc::Receiver<Option<String>> {
    let (sender, receiver) = mpsc::channel(16);
    std::thread::spawn(move || {
        let mut lines = LineReader::new(input);
        loop {
            let line = lines.next_line().ok().flatten();
            let ended = line.is_none();
            if sender.blocking_send(line).is_err() || ended {
                return;
            }
        }
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_waits_for_its_turn_and_holds_back_the_lines_after_it() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let (send, lines) = mpsc::channel(8);
        let mut keyboard = Keyboard::new(lines);
        runtime.block_on(async {
            for line in [Some("C3"), Some("draw"), None] {
                send.send(line.map(String::from)).await.expect("sent");
            }
            for _ in 0..3 {
                keyboard.read().await;
            }
        });
        let is_command = |line: &str| line == "draw";
        assert_eq!(
            keyboard.next(is_command),
            None,
            "C3 waits, and draw behind it"
        );
        assert!(!keyboard.is_spent());
        assert_eq!(keyboard.next(|_| true).as_deref(), Some("C3"));
        assert_eq!(keyboard.next(is_command).as_deref(), Some("draw"));
        assert!(keyboard.is_spent());
    }
}
