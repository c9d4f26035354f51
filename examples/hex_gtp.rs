//! Hex level 5's tree search (`tabletop_ai::hex::uct`) with any settings,
//! as a GTP engine (`tabletop gtp`'s own server) that thinks a fixed time a
//! move whatever the controller's clock says, as the match referee's own
//! levels do: for matches against outside engines (`tabletop match hex
//! --first 'gtp:…'`) with settings level 5 does not ship, so that a change
//! is measured against MoHex before it is made. With no changes and MS
//! the referee's time per move (2000 for `--time-per-move 2`), it plays
//! as `ai:5` plays in that match on boards past 8×8.
//!
//! ```sh
//! cargo run --release --example hex_gtp -- MS [CHANGES]
//! ```
//!
//! CHANGES are level 5's settings changed, as in `explore=0.1,bias=1`
//! (`Settings::changed` names the keys). The board is 11×11 with no swap
//! until the controller says `boardsize`.

use std::io;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabletop::gtp::{self, Chooser};
use tabletop_ai::hex::uct::{self, Settings};
use tabletop_ai::{Budget, Deadline, History};
use tabletop_core::gtp::time::GtpClock;
use tabletop_engine::Player;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};

/// Level 5's search with its settings changed, thinking `think` a move.
struct Search {
    think: Duration,
    settings: Settings<'static>,
}

impl Chooser<Hex> for Search {
    fn budget(&self, _: &GtpClock, _: Player) -> Duration {
        self.think
    }

    fn choose(&mut self, game: &Hex, _: &History, budget: Duration, seed: u64) -> Option<HexMove> {
        let stop = AtomicBool::new(false);
        let deadline = Deadline::new(Budget::Time(budget), &stop);
        uct::choose(game, deadline, seed, self.settings)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: hex_gtp MS [CHANGES]";
    let Some(ms) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let changes = args.get(1).map_or("", String::as_str);
    let settings = match Settings::level5().changed(changes) {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("{e}\n{usage}");
            return ExitCode::from(2);
        }
    };
    let start = match HexSettings::new(11, false) {
        Ok(board) => Hex::new(board),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let search = Search {
        think: Duration::from_millis(ms),
        settings,
    };
    match gtp::serve(start, search, io::stdin().lock(), &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
