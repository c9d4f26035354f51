//! Game records: a game's name, settings, players and moves as TOML text,
//! written and read back through the engine, so a record that loads is a
//! game the rules allow, move by move.
//!
//! ```toml
//! game = "gekitai"
//! date = "2026-11-21 13:20 UTC"
//! result = "X"
//! moves = ["A1", "A6", "C3", "D4", "C3"]
//!
//! [settings]
//! size = 6
//! pieces = 8
//! line = 3
//! both_win = "mover"
//!
//! [players]
//! first = "human"
//! second = "human"
//! ```
//!
//! Moves are in each game's own notation (Reversi `d3`, with passes left
//! out: they are implied); `result` is the winner's symbol or `draw`, and is
//! absent while the game goes on. Reading text is all this module does: the
//! files themselves are the front ends' business.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::connect6::{Connect6, Connect6Settings};
use super::game::Game;
use super::gekitai::{BothWin, Gekitai, GekitaiSettings};
use super::hex::{Hex, HexSettings};
use super::player::Outcome;
use super::reversi::{Reversi, ReversiMove, ReversiSettings};
use super::settings::SettingError;

/// More moves than any real game has; a record with more is refused before
/// any is played.
pub const MAX_MOVES: usize = 20_000;

/// The record as it is written in the file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct RecordText {
    game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    settings: SettingsTable,
    #[serde(default)]
    players: PlayersText,
}

/// The `[settings]` table: each game reads the settings it has and refuses
/// the others; a missing setting takes the game's default.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct SettingsTable {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub both_win: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<bool>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct PlayersText {
    first: String,
    second: String,
}

impl Default for PlayersText {
    fn default() -> Self {
        PlayersText {
            first: "human".to_string(),
            second: "human".to_string(),
        }
    }
}

/// Why a record cannot be loaded, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the file, when the problem is in its text.
    pub line: Option<usize>,
    /// The move (counting from 1), when a move is the problem.
    pub move_number: Option<usize>,
    pub reason: String,
}

impl RecordError {
    fn new(reason: impl Into<String>) -> RecordError {
        RecordError {
            line: None,
            move_number: None,
            reason: reason.into(),
        }
    }

    fn at_move(number: usize, reason: impl Into<String>) -> RecordError {
        RecordError {
            move_number: Some(number),
            ..RecordError::new(reason)
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.move_number) {
            (Some(line), _) => write!(f, "line {line}: {}", self.reason),
            (None, Some(number)) => write!(f, "move {number}: {}", self.reason),
            (None, None) => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<SettingError> for RecordError {
    fn from(error: SettingError) -> Self {
        let setting = error.setting.name();
        RecordError::new(format!(
            "setting {setting} must be {} (got {})",
            error.allowed, error.got
        ))
    }
}

/// A game as recorded: where it started, who played, and every move.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<G: Game> {
    pub start: G,
    /// The moves in order (for Reversi without passes, which are implied).
    pub moves: Vec<G::Move>,
    /// How each side was played (`human`, `ai:3`, ...).
    pub players: [String; 2],
    pub date: Option<String>,
}

impl<G: Recorded> Record<G> {
    pub fn new(start: G) -> Record<G> {
        Record {
            start,
            moves: Vec::new(),
            players: ["human".to_string(), "human".to_string()],
            date: None,
        }
    }

    /// A record of `moves` played from `start`, leaving out the moves the
    /// game made by itself.
    pub fn of_moves(start: G, moves: impl IntoIterator<Item = G::Move>) -> Record<G> {
        Record {
            moves: moves.into_iter().filter(|mv| !G::is_forced(mv)).collect(),
            ..Record::new(start)
        }
    }

    /// The position after every move, the start included; the forced
    /// passes of Reversi are played on the way.
    pub fn positions(&self) -> Vec<G> {
        let mut game = self.start.clone();
        game.play_forced();
        let mut positions = vec![game.clone()];
        for &mv in &self.moves {
            if game.play(mv).is_err() {
                break;
            }
            game.play_forced();
            positions.push(game.clone());
        }
        positions
    }

    /// The position after the last move.
    pub fn end(&self) -> G {
        self.positions().pop().unwrap_or_else(|| self.start.clone())
    }

    /// The record as TOML text.
    pub fn to_toml(&self) -> String {
        let end = self.end();
        let text = RecordText {
            game: G::NAME.to_string(),
            date: self.date.clone(),
            result: end.outcome().map(|outcome| match outcome {
                Outcome::Win(player) => G::symbol(player).to_string(),
                Outcome::Draw => "draw".to_string(),
            }),
            moves: self.moves.iter().map(ToString::to_string).collect(),
            settings: self.start.settings_text(),
            players: PlayersText {
                first: self.players[0].clone(),
                second: self.players[1].clone(),
            },
        };
        toml::to_string(&text).unwrap_or_else(|e| unreachable!("a record always serialises: {e}"))
    }
}

/// A record of any of the games (a few of them at a time, so the size of
/// the largest does not matter).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRecord {
    Gekitai(Record<Gekitai>),
    Connect6(Record<Connect6>),
    Hex(Record<Hex>),
    Reversi(Record<Reversi>),
}

/// What a game needs to be written to and read from a record.
pub trait Recorded: Game {
    /// The game at its start, from the record's settings.
    fn from_settings(settings: &SettingsTable) -> Result<Self, RecordError>;
    /// The game's settings, to write.
    fn settings_text(&self) -> SettingsTable;
    /// Plays the moves the game makes by itself (Reversi's passes).
    fn play_forced(&mut self) {}

    /// Whether a move is one the game makes by itself, left out of records.
    fn is_forced(_mv: &Self::Move) -> bool {
        false
    }
}

impl SettingsTable {
    /// Refuses a setting the game does not have.
    fn refuse(&self, name: &str, present: bool, game: &str) -> Result<(), RecordError> {
        if present {
            Err(RecordError::new(format!("{game} has no setting {name}")))
        } else {
            Ok(())
        }
    }
}

impl Recorded for Gekitai {
    fn from_settings(s: &SettingsTable) -> Result<Gekitai, RecordError> {
        s.refuse("swap", s.swap.is_some(), Gekitai::NAME)?;
        let both_win = match s.both_win.as_deref() {
            None | Some("mover") => BothWin::Mover,
            Some("draw") => BothWin::Draw,
            Some(other) => {
                return Err(RecordError::new(format!(
                    "setting both_win must be \"mover\" or \"draw\" (got {other:?})"
                )));
            }
        };
        let defaults = GekitaiSettings::default();
        let settings = GekitaiSettings::new(
            s.size.unwrap_or(defaults.size()),
            s.pieces.unwrap_or(defaults.pieces()),
            s.line.unwrap_or(defaults.line()),
            both_win,
        )?;
        Ok(Gekitai::new(settings))
    }

    fn settings_text(&self) -> SettingsTable {
        let s = self.settings();
        SettingsTable {
            size: Some(s.size()),
            pieces: Some(s.pieces()),
            line: Some(s.line()),
            both_win: Some(
                match s.both_win() {
                    BothWin::Mover => "mover",
                    BothWin::Draw => "draw",
                }
                .to_string(),
            ),
            swap: None,
        }
    }
}

impl Recorded for Connect6 {
    fn from_settings(s: &SettingsTable) -> Result<Connect6, RecordError> {
        s.refuse("pieces", s.pieces.is_some(), Connect6::NAME)?;
        s.refuse("both_win", s.both_win.is_some(), Connect6::NAME)?;
        s.refuse("swap", s.swap.is_some(), Connect6::NAME)?;
        let defaults = Connect6Settings::default();
        let settings = Connect6Settings::new(
            s.size.unwrap_or(defaults.size()),
            s.line.unwrap_or(defaults.line()),
        )?;
        Ok(Connect6::new(settings))
    }

    fn settings_text(&self) -> SettingsTable {
        let s = self.settings();
        SettingsTable {
            size: Some(s.size()),
            line: Some(s.line()),
            ..SettingsTable::default()
        }
    }
}

impl Recorded for Hex {
    fn from_settings(s: &SettingsTable) -> Result<Hex, RecordError> {
        s.refuse("pieces", s.pieces.is_some(), Hex::NAME)?;
        s.refuse("line", s.line.is_some(), Hex::NAME)?;
        s.refuse("both_win", s.both_win.is_some(), Hex::NAME)?;
        let defaults = HexSettings::default();
        let settings =
            HexSettings::new(s.size.unwrap_or(defaults.size()), s.swap.unwrap_or(false))?;
        Ok(Hex::new(settings))
    }

    fn settings_text(&self) -> SettingsTable {
        let s = self.settings();
        SettingsTable {
            size: Some(s.size()),
            swap: Some(s.swap()),
            ..SettingsTable::default()
        }
    }
}

impl Recorded for Reversi {
    fn from_settings(s: &SettingsTable) -> Result<Reversi, RecordError> {
        s.refuse("pieces", s.pieces.is_some(), Reversi::NAME)?;
        s.refuse("line", s.line.is_some(), Reversi::NAME)?;
        s.refuse("both_win", s.both_win.is_some(), Reversi::NAME)?;
        s.refuse("swap", s.swap.is_some(), Reversi::NAME)?;
        let settings = ReversiSettings::new(s.size.unwrap_or(ReversiSettings::default().size()))?;
        Ok(Reversi::new(settings))
    }

    fn settings_text(&self) -> SettingsTable {
        SettingsTable {
            size: Some(self.side()),
            ..SettingsTable::default()
        }
    }

    fn play_forced(&mut self) {
        while self.check(ReversiMove::Pass).is_ok() {
            self.play_unchecked(ReversiMove::Pass);
        }
    }

    fn is_forced(mv: &ReversiMove) -> bool {
        *mv == ReversiMove::Pass
    }
}

/// The line (from 1) of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads a record, re-checking every move with the engine.
pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
    let record: RecordText = toml::from_str(text).map_err(|error| RecordError {
        line: error.span().map(|span| line_of(text, span.start)),
        move_number: None,
        reason: error.message().trim().to_string(),
    })?;
    if record.moves.len() > MAX_MOVES {
        return Err(RecordError::new(format!(
            "{} moves is more than any game has (at most {MAX_MOVES})",
            record.moves.len()
        )));
    }
    match record.game.as_str() {
        "gekitai" => replay::<Gekitai>(&record).map(AnyRecord::Gekitai),
        "connect6" => replay::<Connect6>(&record).map(AnyRecord::Connect6),
        "hex" => replay::<Hex>(&record).map(AnyRecord::Hex),
        "reversi" => replay::<Reversi>(&record).map(AnyRecord::Reversi),
        other => Err(RecordError::new(format!(
            "unknown game {other:?} (tabletop plays gekitai, connect6, hex and reversi)"
        ))),
    }
}

fn replay<G: Recorded>(record: &RecordText) -> Result<Record<G>, RecordError> {
    let start = G::from_settings(&record.settings)?;
    let mut game = start.clone();
    game.play_forced();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, text) in record.moves.iter().enumerate() {
        let number = i + 1;
        let mv: G::Move = text.parse().map_err(|_| {
            RecordError::at_move(number, format!("{text:?} is not a {} move", G::NAME))
        })?;
        game.play(mv)
            .map_err(|illegal| RecordError::at_move(number, format!("{text}: {illegal}")))?;
        game.play_forced();
        moves.push(mv);
    }
    let recorded = record.result.as_deref();
    let reached = game.outcome().map(|outcome| match outcome {
        Outcome::Win(player) => G::symbol(player).to_string(),
        Outcome::Draw => "draw".to_string(),
    });
    if recorded.is_some() && recorded != reached.as_deref() {
        let reached = reached.map_or("the game goes on".to_string(), |r| {
            format!("the result is {r}")
        });
        return Err(RecordError::new(format!(
            "the record says the result is {}, but after its moves {reached}",
            recorded.unwrap_or_default()
        )));
    }
    Ok(Record {
        start,
        moves,
        players: [record.players.first.clone(), record.players.second.clone()],
        date: record.date.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::player::Player;

    #[test]
    fn a_record_reads_back_as_the_same_game() {
        let mut record = Record::new(Gekitai::default());
        record.moves = ["A1", "A6", "C3", "D4", "C3"]
            .iter()
            .map(|m| m.parse().expect("notation"))
            .collect();
        record.date = Some("2026-11-21 13:20 UTC".to_string());
        let text = record.to_toml();
        assert!(text.contains("result = \"X\""), "{text}");
        assert_eq!(parse(&text), Ok(AnyRecord::Gekitai(record)));
    }

    #[test]
    fn bad_records_say_where_and_why() {
        let not_toml = "game = \"gekitai\"\nmoves = [\"A1\",\n";
        let error = parse(not_toml).unwrap_err();
        assert!(error.line.is_some(), "{error}");

        let unknown = "game = \"chess\"\n";
        assert!(
            parse(unknown)
                .unwrap_err()
                .to_string()
                .contains("unknown game")
        );

        let bad_setting = "game = \"gekitai\"\n[settings]\nsize = 30\n";
        let error = parse(bad_setting).unwrap_err();
        assert!(
            error.to_string().contains("size must be between 4 and 26"),
            "{error}"
        );

        let illegal = "game = \"gekitai\"\nmoves = [\"A1\", \"A1\"]\n";
        let error = parse(illegal).unwrap_err();
        assert_eq!(error.move_number, Some(2));
        assert_eq!(error.to_string(), "move 2: A1: that cell is taken");

        let garbled = "game = \"hex\"\nmoves = [\"A0\", \"zz\"]\n";
        assert_eq!(parse(garbled).unwrap_err().move_number, Some(2));

        let wrong_result = "game = \"gekitai\"\nresult = \"O\"\nmoves = [\"A1\"]\n";
        assert!(
            parse(wrong_result)
                .unwrap_err()
                .to_string()
                .contains("result is O")
        );

        let unknown_key = "game = \"gekitai\"\nwinner = \"X\"\n";
        assert!(parse(unknown_key).is_err());

        let foreign_setting = "game = \"hex\"\n[settings]\npieces = 3\n";
        assert!(
            parse(foreign_setting)
                .unwrap_err()
                .to_string()
                .contains("no setting pieces")
        );
    }

    #[test]
    fn reversi_passes_are_implied() {
        let moves = "c4 b4 a4 d2 a1 a2 c1 d4 b1 a3 d1 d3";
        let text = format!(
            "game = \"reversi\"\nresult = \"B\"\nmoves = [{}]\n[settings]\nsize = 4\n",
            moves
                .split(' ')
                .map(|m| format!("\"{m}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let Ok(AnyRecord::Reversi(record)) = parse(&text) else {
            panic!("the record loads: {:?}", parse(&text));
        };
        assert_eq!(record.moves.len(), 12);
        assert_eq!(record.end().outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(parse(&record.to_toml()), Ok(AnyRecord::Reversi(record)));
    }

    #[test]
    fn too_many_moves_are_refused_before_playing() {
        let moves = vec!["\"A1\""; MAX_MOVES + 1].join(",");
        let text = format!("game = \"gekitai\"\nmoves = [{moves}]\n");
        assert!(
            parse(&text)
                .unwrap_err()
                .to_string()
                .contains("more than any game")
        );
    }
}
