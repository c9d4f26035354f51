//! A network game as the plain mode prints it: the game's own console (so
//! a network game prints exactly like a local one), told what happens by
//! the network crate's game, and the lines typed here read as what they
//! ask for.

use std::io::{self, Write};

use crate::plain::{self, Console, PlainGame, Style};
use tabletop_net::intent::Intent;
use tabletop_net::protocol::{MAX_CHAT, MAX_NAME, Proposal, sanitise};
use tabletop_net::seen::{Seen, Witness};
use tabletop_net::state::GameState;

/// A game under way, as printed on this terminal.
pub struct Table<'out, G: PlainGame> {
    console: G::Console,
    style: Style,
    out: &'out mut dyn Write,
}

impl<'out, G: PlainGame> Table<'out, G> {
    /// The game `state` holds, printed to `out` in `style` from here on.
    pub fn new(state: &GameState<G>, style: Style, out: &'out mut dyn Write) -> Self {
        Table {
            console: console_at(state, style),
            style,
            out,
        }
    }

    /// The position, and the prompt if the game goes on.
    pub fn show(&mut self, state: &GameState<G>) -> io::Result<()> {
        self.console.show_start(self.out)?;
        match state.outcome() {
            Some(outcome) => writeln!(self.out, "{}", G::result_text(outcome)),
            None => self.prompt(),
        }
    }

    /// A line of this terminal's own (who plays whom, a code).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn prompt(&mut self) -> io::Result<()> {
        write!(self.out, "{}", self.console.prompt())?;
        self.out.flush()
    }

    fn prompt_if_on(&mut self, state: &GameState<G>) -> io::Result<()> {
        match state.is_over() {
            false => self.prompt(),
            true => self.out.flush(),
        }
    }

    /// What a typed line asks: `resign`, `say TEXT`, `claim`, `draw`,
    /// `undo`, `accept`, `decline`, or a move as the plain mode reads it.
    pub fn read_typed(&self, line: &str) -> Intent<G::Move> {
        let line = line.trim();
        match line {
            "resign" => return Intent::Resign,
            "claim" => return Intent::Claim,
            "draw" => return Intent::Offer(Proposal::Draw),
            "undo" => return Intent::Offer(Proposal::Undo),
            "accept" => return Intent::Answer(true),
            "decline" => return Intent::Answer(false),
            _ => {}
        }
        if let Some(text) = line.strip_prefix("say ") {
            return Intent::Chat(sanitise(text, MAX_CHAT));
        }
        match self.console.read_move(line) {
            Ok(mv) => Intent::Move(mv),
            Err(message) => Intent::Unreadable(message.to_string()),
        }
    }

    /// Whether `line` asks for something other than a move (which waits
    /// for its turn): chat, resign, claim, an offer or an answer.
    pub fn is_command(&self, line: &str) -> bool {
        !matches!(
            self.read_typed(line),
            Intent::Move(_) | Intent::Unreadable(_)
        )
    }

    /// A line of news on its own line, then the prompt again.
    fn notice(&mut self, state: &GameState<G>, text: &str) -> io::Result<()> {
        writeln!(self.out)?;
        writeln!(self.out, "{text}")?;
        self.prompt_if_on(state)
    }
}

/// The game's console at the position `state` holds, nothing printed.
fn console_at<G: PlainGame>(state: &GameState<G>, style: Style) -> G::Console {
    let mut console = G::console(state.start().clone(), style);
    for mv in state.moves() {
        // Moves the state holds were legal.
        let _ = console.play(mv, &mut io::sink());
    }
    console
}

impl<G: PlainGame> Witness<G> for Table<'_, G> {
    fn see(&mut self, state: &GameState<G>, seen: Seen<G::Move>) -> io::Result<()> {
        match seen {
            Seen::Moved { mv, typed_here } => {
                // Another side's move is printed after the prompt, as if
                // typed; one typed here is on the screen already.
                if !typed_here {
                    writeln!(self.out, "{}", G::Console::typed(&mv))?;
                }
                self.console.play(mv, self.out)?;
                self.prompt_if_on(state)
            }
            Seen::Chat { from, text } => {
                let (from, text) = (sanitise(&from, MAX_NAME), sanitise(&text, MAX_CHAT));
                self.notice(state, &format!("[{from}] {text}"))
            }
            Seen::Notice(text) => self.notice(state, &text),
            Seen::Resigned(resigner) => plain::resigned::<G>(resigner, self.out),
            Seen::Adjudged(adjudged) => {
                plain::adjudged::<G>(adjudged, self.out)?;
                self.out.flush()
            }
            Seen::TakenBack(by) => {
                self.console = console_at(state, self.style);
                writeln!(self.out)?;
                writeln!(
                    self.out,
                    "Player {}'s last move is taken back.",
                    G::symbol(by)
                )?;
                self.show(state)
            }
            Seen::Refused(why) => {
                writeln!(self.out, "{why}")?;
                self.prompt()
            }
            Seen::Began(heading) => {
                writeln!(self.out, "{heading}")?;
                self.show(state)
            }
            Seen::Abandoned(reason) => {
                writeln!(self.out)?;
                writeln!(self.out, "The game was abandoned: {reason}.")
            }
        }
    }
}
