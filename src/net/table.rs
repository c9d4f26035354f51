//! The game as each end of a connection shows it: the plain console of
//! the game (so a network game prints exactly like a local one), which
//! side is played here, and every move checked by the engine whoever
//! sent it.

use std::io::{self, BufRead, Write};

use tokio::sync::mpsc;

use super::protocol::{MAX_CHAT, Proposal, sanitise};
use crate::plain::{self, Console, LineReader};
use tabletop_engine::line::Line;
use tabletop_engine::record::{Adjudged, Record, settled_outcome};
use tabletop_engine::{Described, Game, Outcome, Player};

/// What a line typed here asks for.
pub enum Typed<M> {
    Move(M),
    Chat(String),
    Resign,
    /// Ask for the win against an opponent who did not come back.
    Claim,
    /// Offer a draw (`draw`) or ask for an undo (`undo`).
    Offer(Proposal),
    /// Accept (`accept`) or decline (`decline`) the other side's offer.
    Answer(bool),
    /// Not a move now: the plain mode's message saying why.
    Refused(&'static str),
}

/// A game under way, as printed on this terminal.
pub struct Table<C: Console> {
    console: C,
    start: C::G,
    moves: Vec<<C::G as Game>::Move>,
    resigned: Option<Player>,
    adjudged: Option<Adjudged>,
    /// The side played on this terminal; none for a spectator.
    pub local: Option<Player>,
}

impl<C: Console> Table<C> {
    pub fn new(console: C, local: Option<Player>) -> Self {
        let start = console.game().clone();
        Table {
            console,
            start,
            moves: Vec::new(),
            resigned: None,
            adjudged: None,
            local,
        }
    }

    /// Plays the moves of a welcome without printing them; the first
    /// that does not read or is illegal is named.
    pub fn catch_up(&mut self, moves: &[String]) -> Result<(), String> {
        for text in moves {
            let mv = self.checked(self.console.game().to_move(), text)?;
            self.console
                .play(mv, &mut io::sink())
                .map_err(|e| e.to_string())?;
            self.moves.push(mv);
        }
        Ok(())
    }

    /// The position, and the prompt if the game goes on.
    pub fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        self.console.show_start(out)?;
        match self.outcome() {
            Some(outcome) => writeln!(
                out,
                "{}",
                <C::G as tabletop_engine::Described>::result_text(outcome)
            ),
            None => self.prompt(out),
        }
    }

    fn prompt(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.console.prompt())?;
        out.flush()
    }

    /// The position now.
    pub fn game(&self) -> &C::G {
        self.console.game()
    }

    pub fn to_move(&self) -> Player {
        self.console.game().to_move()
    }

    /// Whether the game waits for a move typed here.
    pub fn local_turn(&self) -> bool {
        self.outcome().is_none() && self.local == Some(self.to_move())
    }

    /// How the game ended, by its rules, a resignation, the clock or an
    /// agreed draw.
    pub fn outcome(&self) -> Option<Outcome> {
        settled_outcome(self.console.game(), self.resigned, self.adjudged)
    }

    /// How the game was adjudged, if it was.
    pub fn adjudged(&self) -> Option<Adjudged> {
        self.adjudged
    }

    /// Whether `side` has made a move (one it could ask to take back).
    pub fn has_moved(&self, side: Player) -> bool {
        let mut line = Line::new(self.start.clone());
        for &mv in &self.moves {
            let _ = line.play(mv);
        }
        line.played()
            .iter()
            .any(|p| !p.is_forced() && p.mover == side)
    }

    /// The position the game started from.
    pub fn start(&self) -> &C::G {
        &self.start
    }

    /// `X` or `draw`, as records and the protocol write a result.
    pub fn result(&self) -> Option<String> {
        self.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => C::G::symbol(player).to_string(),
            Outcome::Draw => "draw".to_string(),
        })
    }

    /// What a typed line asks: `resign`, `say TEXT`, or a move as the
    /// plain mode reads it.
    pub fn read_typed(&self, line: &str) -> Typed<<C::G as Game>::Move> {
        let line = line.trim();
        if line == "resign" {
            return Typed::Resign;
        }
        match line {
            "claim" => return Typed::Claim,
            "draw" => return Typed::Offer(Proposal::Draw),
            "undo" => return Typed::Offer(Proposal::Undo),
            "accept" => return Typed::Answer(true),
            "decline" => return Typed::Answer(false),
            _ => {}
        }
        if let Some(text) = line.strip_prefix("say ") {
            return Typed::Chat(sanitise(text, MAX_CHAT));
        }
        match self.console.read_move(line) {
            Ok(mv) => Typed::Move(mv),
            Err(message) => Typed::Refused(message),
        }
    }

    /// Whether `line` asks for something other than a move (which waits
    /// for its turn): chat, resign, claim, an offer or an answer.
    pub fn is_command(&self, line: &str) -> bool {
        !matches!(self.read_typed(line), Typed::Move(_) | Typed::Refused(_))
    }

    /// Prints the plain mode's refusal and asks again.
    pub fn refuse(&self, message: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{message}")?;
        self.prompt(out)
    }

    /// Plays a move typed here (already read as legal); the line typed
    /// is already on the screen.
    pub fn play_typed(&mut self, mv: <C::G as Game>::Move, out: &mut dyn Write) -> io::Result<()> {
        self.console.play(mv, out)?;
        self.moves.push(mv);
        self.prompt_if_on(out)
    }

    /// The move `text` by `by`, if it is `by`'s turn and the move reads
    /// and is legal.
    fn checked(&self, by: Player, text: &str) -> Result<<C::G as Game>::Move, String> {
        if self.outcome().is_some() {
            return Err("a move after the end of the game".to_string());
        }
        if by != self.to_move() {
            return Err("a move out of turn".to_string());
        }
        let shown = sanitise(text, 16);
        let mv: <C::G as Game>::Move = text
            .parse()
            .map_err(|_| format!("{shown:?} is not a {} move", C::G::NAME))?;
        self.console
            .game()
            .check(mv)
            .map_err(|illegal| format!("{shown:?} is illegal: {illegal}"))?;
        Ok(mv)
    }

    /// Plays a move received from `by`, printed after the prompt as if
    /// typed; refused (and nothing changed) unless legal and in turn.
    pub fn play_received(
        &mut self,
        by: Player,
        text: &str,
        out: &mut dyn Write,
    ) -> Result<<C::G as Game>::Move, String> {
        let mv = self.checked(by, text)?;
        let printed = writeln!(out, "{}", C::typed(&mv))
            .and_then(|()| self.console.play(mv, out))
            .and_then(|()| self.prompt_if_on(out));
        self.moves.push(mv);
        printed.map_err(|error| error.to_string())?;
        Ok(mv)
    }

    /// `resigner` gives the game up, as the plain mode tells it.
    pub fn resign(&mut self, resigner: Player, out: &mut dyn Write) -> io::Result<()> {
        if self.outcome().is_some() {
            return Ok(());
        }
        self.resigned = Some(resigner);
        plain::resigned::<C::G>(resigner, out)
    }

    /// The game ended as `adjudged` says (the clock, an agreed draw), as
    /// the plain mode tells it: why, then the result.
    pub fn adjudge(&mut self, adjudged: Adjudged, out: &mut dyn Write) -> io::Result<()> {
        if self.outcome().is_some() {
            return Ok(());
        }
        self.adjudged = Some(adjudged);
        writeln!(out)?;
        writeln!(out, "{}", adjudged.text::<C::G>())?;
        writeln!(out, "{}", C::G::result_text(adjudged.outcome()))?;
        out.flush()
    }

    /// Takes back `by`'s last move and every move after it, on `fresh`
    /// (a console at the start of the game), and shows the position
    /// again; false, with nothing changed, when `by` has made no move.
    pub fn take_back(&mut self, by: Player, fresh: C, out: &mut dyn Write) -> io::Result<bool> {
        let mut line = Line::new(self.start.clone());
        for &mv in &self.moves {
            let _ = line.play(mv);
        }
        if self.outcome().is_some() || !line.take_back(by) {
            return Ok(false);
        }
        let kept: Vec<String> = line.moves().map(|mv| mv.to_string()).collect();
        let (console, moves) = (
            std::mem::replace(&mut self.console, fresh),
            self.moves.clone(),
        );
        self.moves.clear();
        if self.catch_up(&kept).is_err() {
            // Moves that were legal stay legal: this cannot happen, but
            // the game is put back as it was rather than lost.
            self.console = console;
            self.moves = moves;
            return Ok(false);
        }
        writeln!(out)?;
        writeln!(
            out,
            "Player {}'s last move is taken back.",
            C::G::symbol(by)
        )?;
        self.show(out)?;
        Ok(true)
    }

    /// A line of chat from `from`, on its own line, then the prompt again.
    pub fn chat(&self, from: &str, text: &str, out: &mut dyn Write) -> io::Result<()> {
        let (from, text) = (
            sanitise(from, super::protocol::MAX_NAME),
            sanitise(text, MAX_CHAT),
        );
        writeln!(out)?;
        writeln!(out, "[{from}] {text}")?;
        self.prompt_if_on(out)
    }

    /// A line of news (a player joined or left), then the prompt again.
    pub fn notice(&self, text: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out)?;
        writeln!(out, "{text}")?;
        self.prompt_if_on(out)
    }

    fn prompt_if_on(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.outcome() {
            None => self.prompt(out),
            Some(_) => out.flush(),
        }
    }

    /// The moves so far in the game's notation, for a welcome.
    pub fn moves_text(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The game as a record, to be saved like any other.
    pub fn record(&self) -> Record<C::G> {
        let mut record = Record::new(self.start.clone());
        record.moves = self.moves.clone();
        record.resigned = self.resigned;
        record.adjudged = self.adjudged;
        record
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
