//! A record written as SGF, in its game's dialect:
//!
//! ```text
//! (;FF[4]GM[11]SZ[11]AP[tabletop:0.1.0]DT[2026-11-21]RE[W+]
//! ;B[f6];W[swap-pieces];W[e7];B[d8]...)
//! ```
//!
//! The root holds `FF`, the game (`GM`, or Little Golem's `EV`), `SZ`,
//! tabletop's other settings in `RU` when they are not the defaults
//! (`RU[swap=on]`, `RU[line=5]`, `RU[rule=exact]`), `AP`, the day in `DT`
//! and the result in `RE` (`B+`, `W+R` for a resignation, `0` for a draw).
//! Then a node a move, or a node a turn where the dialect runs a turn's
//! stones together (`W[j9l11]`).

use tabletop_engine::record::Record;
use tabletop_engine::settings::Kind;
use tabletop_engine::{Described, GameSettings, Outcome, Player};

use super::dialect::{Dialect, colour, mirror};
use super::sgf::{Writer, day};

/// The settings other than the board's side that are not their defaults,
/// as `RU` holds them: `swap=on line=5`.
fn rules<S: GameSettings>(settings: &S) -> String {
    S::LIST
        .iter()
        .zip(settings.values())
        .filter(|(setting, value)| {
            !matches!(setting.kind, Kind::Side(_)) && *value != setting.default
        })
        .map(|(setting, value)| format!("{}={}", setting.name, setting.word(value)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The record as SGF in `dialect`.
pub fn write<G: Described>(dialect: &Dialect, record: &Record<G>) -> String {
    let line = record.line();
    let played: Vec<_> = line.played().iter().filter(|p| !p.is_forced()).collect();
    // After a swap the players have exchanged colours, as in HexGui: the
    // swapped stone stays, the first player plays W, and every later cell
    // is seen from the other side of the board's diagonal.
    let swap_at = dialect
        .swap
        .and_then(|_| played.iter().position(|p| G::placed(&p.mv).is_none()));
    let exchanged = |index: usize| swap_at.is_some_and(|at| index > at);

    let mut out = Writer::new();
    out.piece("(;");
    out.property("FF", "4");
    match (dialect.game_number, dialect.event) {
        (Some(number), _) => out.property("GM", &number.to_string()),
        (None, Some(event)) => out.property("EV", event),
        (None, None) => {}
    }
    let settings = record.start.settings();
    out.property("SZ", &settings.side().to_string());
    let rules = rules(&settings);
    if !rules.is_empty() {
        out.property("RU", &rules);
    }
    out.property("AP", &format!("tabletop:{}", env!("CARGO_PKG_VERSION")));
    if let Some(day) = record.date.as_deref().and_then(day) {
        out.property("DT", day);
    }
    let swapped = swap_at.is_some();
    let shown = |player: Player| colour(if swapped { player.other() } else { player });
    match record.outcome() {
        Some(Outcome::Win(winner)) => {
            let how = if record.resigned.is_some() { "R" } else { "" };
            out.property("RE", &format!("{}+{how}", shown(winner)));
        }
        Some(Outcome::Draw) => out.property("RE", "0"),
        None => {}
    }

    let mut index = 0;
    while index < played.len() {
        let turn = if dialect.joins_turns {
            played[index..]
                .iter()
                .take_while(|p| p.number == played[index].number)
                .count()
        } else {
            1
        };
        let mover = played[index].mover;
        let mover = if exchanged(index) {
            mover.other()
        } else {
            mover
        };
        let value: String = (index..index + turn)
            .map(|i| {
                let mv = played[i].mv;
                let mv = if exchanged(i) { mirror::<G>(mv) } else { mv };
                dialect.write::<G>(&mv)
            })
            .collect();
        out.piece(";");
        out.property(colour(mover), &value);
        index += turn;
    }
    out.piece(")");
    out.finish()
}
