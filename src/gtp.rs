//! `tabletop gtp`: the engine speaking GTP version 2 on standard input and
//! output, so GUIs and referees can play it. Bad commands and illegal moves
//! get `?` answers; nothing a controller sends can crash it. The moves come
//! from a [`Chooser`]: a level, or a search with settings no level ships
//! (`examples/hex_gtp.rs`, to measure a change against outside engines).

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::games::Interactive;
use crate::plain::LineReader;
use tabletop_ai::{self as ai, History, Level};
use tabletop_core::gtp::notation::{from_vertex, to_vertex};
use tabletop_core::gtp::time::GtpClock;
use tabletop_engine::line::play_forced;
use tabletop_engine::settings::{self, GameSettings};
use tabletop_engine::{Described, Game, Player};

const COMMANDS: [&str; 14] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "time_settings",
    "time_left",
];

/// The same game on a board of side `size`, its other settings kept where
/// they still fit and brought within range where they do not.
fn resized<G: Described>(game: &G, size: usize) -> Option<G> {
    let list = <G::Settings as GameSettings>::LIST;
    let side = settings::side_index(list)?;
    let setting = &list[side];
    let values = game.settings().values();
    if !setting.allowed(&values[..side]).contains(size) {
        return None;
    }
    let values = settings::adjust(list, &values, side, size);
    G::Settings::from_values(&values).ok().map(G::new)
}

/// How the engine picks its moves, and how long it takes for them.
pub trait Chooser<G: Game> {
    /// The time `color`'s next move may take, given what `clock` (the
    /// controller's time settings) allows.
    fn budget(&self, clock: &GtpClock, color: Player) -> Duration;
    /// A move in `game` (reached through `history`) within `budget`, or
    /// none if it has none.
    fn choose(
        &mut self,
        game: &G,
        history: &History,
        budget: Duration,
        seed: u64,
    ) -> Option<G::Move>;
}

/// A level plays as in the app: level 5 takes the time the clock allows,
/// the others keep to their own, or less.
impl<G: Interactive> Chooser<G> for Level {
    fn budget(&self, clock: &GtpClock, color: Player) -> Duration {
        clock.budget(color, Level::budget(*self), *self != Level::MAX)
    }

    fn choose(
        &mut self,
        game: &G,
        history: &History,
        budget: Duration,
        seed: u64,
    ) -> Option<G::Move> {
        let never = AtomicBool::new(false);
        ai::choose(game, history, *self, budget, seed, &never)
    }
}

/// The GTP session: the starting position and every position since.
struct Session<G, C> {
    start: G,
    positions: Vec<G>,
    chooser: C,
    seed: u64,
    /// The time the controller gives each side's moves.
    clock: GtpClock,
}

impl<G: Interactive, C: Chooser<G>> Session<G, C> {
    fn game(&self) -> &G {
        self.positions.last().unwrap_or(&self.start)
    }

    /// Gets the game ready for `color` to move: a controller may leave a
    /// forced pass unsaid.
    fn turn_of(&mut self, color: Player) -> Result<G, String> {
        let mut game = self.game().clone();
        if game.is_over() {
            return Err("the game is over".to_string());
        }
        if game.to_move() != color {
            play_forced(&mut game, |_, _, _| {});
        }
        if game.to_move() == color {
            Ok(game)
        } else {
            Err(format!("it is not {}'s turn", color_name(color)))
        }
    }

    fn answer(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("tabletop".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let text = args.first().ok_or("boardsize needs a number")?;
                // A whole number of any size or sign is a size, if not one
                // this game allows.
                let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err("boardsize needs a number".to_string());
                }
                let size = text.parse::<usize>().ok();
                self.start = size
                    .and_then(|size| resized(&self.start, size))
                    .ok_or("unacceptable size")?;
                self.positions.clear();
                Ok(String::new())
            }
            "clear_board" => {
                self.positions.clear();
                Ok(String::new())
            }
            "play" => {
                let [color, vertex] = args else {
                    return Err("play needs a colour and a vertex".to_string());
                };
                let color = parse_color(color)?;
                let mv = from_vertex::<G>(vertex).ok_or("illegal move")?;
                let mut game = self.turn_of(color)?;
                game.play(mv).map_err(|e| format!("illegal move: {e}"))?;
                self.positions.push(game);
                Ok(String::new())
            }
            "genmove" => {
                let [color] = args else {
                    return Err("genmove needs a colour".to_string());
                };
                let color = parse_color(color)?;
                let mut game = self.turn_of(color)?;
                self.seed = self.seed.wrapping_add(1);
                let history = History::of(std::iter::once(&self.start).chain(&self.positions));
                let budget = self.chooser.budget(&self.clock, color);
                let started = Instant::now();
                let mv = self
                    .chooser
                    .choose(&game, &history, budget, self.seed)
                    .ok_or("no move")?;
                self.clock.spent(color, started.elapsed());
                game.play(mv).map_err(|e| format!("illegal move: {e}"))?;
                self.positions.push(game);
                Ok(to_vertex::<G>(&mv))
            }
            "undo" => match self.positions.pop() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".to_string()),
            },
            "showboard" => Ok(format!("\n{}", self.game().board_text().trim_end())),
            "time_settings" => self.clock.set(args).map(|()| String::new()),
            "time_left" => {
                let [color, time, stones] = args else {
                    return Err("time_left needs a colour, a time and stones".to_string());
                };
                let color = parse_color(color)?;
                self.clock.left(color, time, stones).map(|()| String::new())
            }
            _ => Err("unknown command".to_string()),
        }
    }
}

fn parse_color(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::First),
        "w" | "white" => Ok(Player::Second),
        _ => Err(format!("invalid color {text}")),
    }
}

fn color_name(player: Player) -> &'static str {
    match player {
        Player::First => "black",
        Player::Second => "white",
    }
}

/// Speaks GTP until `quit` or the end of input, from `start`, with
/// `chooser`'s moves.
pub fn serve<G: Interactive>(
    start: G,
    chooser: impl Chooser<G>,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut session = Session {
        start,
        positions: Vec::new(),
        chooser,
        seed: 0x5eed,
        clock: GtpClock::default(),
    };
    let mut lines = LineReader::new(input);
    while let Some(line) = lines.next_line()? {
        // Comments and control characters are not part of commands.
        let line: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("")),
            Err(_) => (None, first),
        };
        let args: Vec<&str> = words.collect();
        let command = command.to_ascii_lowercase();
        let id = id.map_or(String::new(), |id| id.to_string());
        match session.answer(&command, &args) {
            Ok(result) => write!(out, "={id} {result}\n\n")?,
            Err(message) => write!(out, "?{id} {message}\n\n")?,
        }
        out.flush()?;
        if command == "quit" {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;
    use tabletop_engine::hex::{Hex, HexMove, HexSettings};

    /// Plays the last legal move, and keeps the time each move was given.
    struct LastLegal {
        given: Rc<RefCell<Vec<Duration>>>,
    }

    impl Chooser<Hex> for LastLegal {
        fn budget(&self, clock: &GtpClock, color: Player) -> Duration {
            clock.budget(color, Duration::from_secs(3), true)
        }

        fn choose(&mut self, game: &Hex, _: &History, budget: Duration, _: u64) -> Option<HexMove> {
            self.given.borrow_mut().push(budget);
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            moves.pop()
        }
    }

    #[test]
    fn moves_come_from_the_chooser_within_its_own_time_and_the_clock() {
        let start = Hex::new(HexSettings::new(5, false).expect("a 5×5 board"));
        let given = Rc::new(RefCell::new(Vec::new()));
        let chooser = LastLegal {
            given: Rc::clone(&given),
        };
        let commands = "genmove b\ngenmove w\ntime_settings 0 1 1\ngenmove b\n";
        let mut out = Vec::new();
        serve(start.clone(), chooser, commands.as_bytes(), &mut out).expect("served");
        let out = String::from_utf8(out).expect("text");

        let mut expected = start;
        let mut vertices = Vec::new();
        for _ in 0..3 {
            let mut moves = Vec::new();
            expected.legal_moves(&mut moves);
            let mv = moves.pop().expect("a move");
            vertices.push(to_vertex::<Hex>(&mv));
            expected.play(mv).expect("legal");
        }
        assert_eq!(
            out,
            format!(
                "= {}\n\n= {}\n\n= \n\n= {}\n\n",
                vertices[0], vertices[1], vertices[2]
            )
        );
        let given = given.borrow();
        // No clock: its own time; a second a move: less than a second.
        assert_eq!(given[..2], [Duration::from_secs(3); 2]);
        assert!(given[2] < Duration::from_secs(1), "{:?}", given[2]);
    }
}
