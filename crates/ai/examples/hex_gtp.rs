//! Hex level 5's tree search (`uct.rs`) with any settings, as a GTP engine
//! that thinks a fixed time a move: for matches against outside engines
//! (`tabletop match hex --second 'gtp:…'`) with settings level 5 does not
//! ship, so that a change can be measured against MoHex before it is made.
//!
//! ```sh
//! cargo run --release --example hex_gtp -- MS [CHANGES]
//! ```
//!
//! CHANGES are level 5's settings changed, as in `explore=0.1,bias=1`
//! (see `shared/hex_settings.rs`). Knows `boardsize`, `clear_board`,
//! `play`, `genmove`, `undo` and the usual questions; the board has no
//! swap.

#[path = "shared/hex_settings.rs"]
mod hex_settings;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hex_settings::level5_with;
use tabletop_ai::hex::uct::{self, Settings};
use tabletop_ai::{Budget, Deadline};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Described, Game};

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "quit",
];

/// The engine's state: the board's side, the moves since the start, and
/// how it thinks.
struct Engine {
    side: usize,
    moves: Vec<HexMove>,
    think: Duration,
    settings: Settings<'static>,
    seed: u64,
}

impl Engine {
    fn game(&self) -> Result<Hex, String> {
        let settings = HexSettings::new(self.side, false).map_err(|e| e.to_string())?;
        let mut game = Hex::new(settings);
        for &mv in &self.moves {
            game.play(mv).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    /// The answer to one command (its words), or an error message.
    fn answer(&mut self, words: &[&str]) -> Result<String, String> {
        match words {
            ["protocol_version"] => Ok("2".into()),
            ["name"] => Ok("tabletop hex_gtp".into()),
            ["version"] => Ok(format!("{:?}", self.think)),
            ["known_command", name] => Ok(COMMANDS.contains(name).to_string()),
            ["list_commands"] => Ok(COMMANDS.join("\n")),
            ["boardsize", side] => {
                let side: usize = side.parse().map_err(|_| "not a size")?;
                HexSettings::new(side, false).map_err(|e| e.to_string())?;
                self.side = side;
                self.moves.clear();
                Ok(String::new())
            }
            ["clear_board"] => {
                self.moves.clear();
                Ok(String::new())
            }
            ["play", _colour, vertex] => {
                let cell = Hex::GTP_NOTATION
                    .parse(vertex)
                    .map_err(|_| format!("not a cell: {vertex}"))?;
                let mut game = self.game()?;
                let mv = HexMove::Place(cell);
                game.play(mv).map_err(|e| e.to_string())?;
                self.moves.push(mv);
                Ok(String::new())
            }
            ["genmove", _colour] => {
                let game = self.game()?;
                let stop = AtomicBool::new(false);
                let deadline = Deadline::new(Budget::Time(self.think), &stop);
                self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                match uct::choose(&game, deadline, self.seed, self.settings) {
                    Some(HexMove::Place(cell)) => {
                        self.moves.push(HexMove::Place(cell));
                        Ok(Hex::GTP_NOTATION.format(cell))
                    }
                    Some(HexMove::Swap) | None => Ok("resign".into()),
                }
            }
            ["undo"] => self
                .moves
                .pop()
                .map(|_| String::new())
                .ok_or_else(|| "nothing to undo".into()),
            _ => Err("unknown command".into()),
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: hex_gtp MS [CHANGES]";
    let Some(ms) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let settings = match level5_with(args.get(1).map_or("", String::as_str)) {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("{e}\n{usage}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine {
        side: 11,
        moves: Vec::new(),
        think: Duration::from_millis(ms),
        settings,
        seed: 1,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.split('#').next().unwrap_or("").trim().to_string();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let id = words[0]
            .parse::<u64>()
            .ok()
            .map(|id| id.to_string())
            .unwrap_or_default();
        if !id.is_empty() {
            words.remove(0);
        }
        let quit = words.first() == Some(&"quit");
        let reply = match engine.answer(&words) {
            _ if quit => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        if out
            .write_all(reply.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
            || quit
        {
            break;
        }
    }
    ExitCode::SUCCESS
}
