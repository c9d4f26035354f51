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
//! absent while the game goes on. A game that ended other than by its rules
//! says how: `ended = "resignation"` (the player who did not win resigned),
//! `ended = "time"` (the player who did not win ran out of time) or
//! `ended = "agreement"` (a draw the players agreed). A game played on a
//! clock names it: `clock = "5+3"` (minutes per game, seconds added a
//! move). Reading text is all this module does: the files themselves are
//! the front ends' business.

pub mod review;

use std::fmt;

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use super::game::{Described, Game};
use super::line::{Line, Refused};
use super::player::{Outcome, Player};
use super::quote::quote;
use super::settings::{GameSettings, Kind, Setting, SettingError};
use super::time_control::TimeControl;
use review::{Review, ReviewText, read_review};

/// More moves than any real game has; a record with more is refused before
/// any is played.
pub const MAX_MOVES: usize = 20_000;

/// The record as it is written in the file, before it is checked against
/// the rules of its game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecordText {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub settings: toml::Table,
    #[serde(default)]
    pub players: PlayersText,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<ReviewText>,
}

/// The `[players]` table: how each side was played, with where it stands
/// in the file (for a refusal to name the line).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayersText {
    pub first: toml::Spanned<String>,
    pub second: toml::Spanned<String>,
}

impl PlayersText {
    fn of(players: &[String; 2]) -> PlayersText {
        let [first, second] = players.clone().map(|name| toml::Spanned::new(0..0, name));
        PlayersText { first, second }
    }
}

impl Default for PlayersText {
    fn default() -> Self {
        PlayersText::of(&["human".to_string(), "human".to_string()])
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
    pub fn new(reason: impl Into<String>) -> RecordError {
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
        RecordError::new(error.in_record())
    }
}

/// A game as recorded: where it started, who played, and every move.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<G: Described> {
    pub start: G,
    /// The moves in order, without the moves the game forced (Reversi's
    /// passes), which are implied.
    pub moves: Vec<G::Move>,
    /// How each side was played (`human`, `ai:3`, ...).
    pub players: [String; 2],
    pub date: Option<String>,
    /// The player who resigned, after the last move, if one did.
    pub resigned: Option<Player>,
    /// How the game was ended otherwise than by its rules or a
    /// resignation, if it was: a network game's clock or agreed draw.
    pub adjudged: Option<Adjudged>,
    /// The clock the game was played on, if any.
    pub clock: Option<TimeControl>,
    /// The computer's review of the game, once one is made.
    pub review: Option<Review<G::Move>>,
}

/// `ended` as records write it for a resignation.
const RESIGNATION: &str = "resignation";

/// `ended` as records write it for a game claimed against an absent
/// player.
const ABANDONED: &str = "abandoned";

/// A game ended by its players or its clock, not by its rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Adjudged {
    /// This player ran out of time and lost.
    OutOfTime(Player),
    /// The players agreed a draw.
    DrawAgreed,
    /// This player left a network game and did not come back in time;
    /// the opponent claimed the win.
    Abandoned(Player),
}

impl Adjudged {
    pub fn outcome(self) -> Outcome {
        match self {
            Adjudged::OutOfTime(loser) | Adjudged::Abandoned(loser) => Outcome::Win(loser.other()),
            Adjudged::DrawAgreed => Outcome::Draw,
        }
    }

    /// `ended` as records write it.
    fn ended(self) -> &'static str {
        match self {
            Adjudged::OutOfTime(_) => "time",
            Adjudged::DrawAgreed => "agreement",
            Adjudged::Abandoned(_) => ABANDONED,
        }
    }

    /// How the end is told: `Player O ran out of time.`
    pub fn text<G: Described>(self) -> String {
        match self {
            Adjudged::OutOfTime(loser) => format!("Player {} ran out of time.", G::symbol(loser)),
            Adjudged::DrawAgreed => "The players agreed a draw.".to_string(),
            Adjudged::Abandoned(loser) => {
                format!("Player {} left and did not come back.", G::symbol(loser))
            }
        }
    }
}

impl<G: Described> Record<G> {
    pub fn new(start: G) -> Record<G> {
        Record {
            start,
            moves: Vec::new(),
            players: ["human".to_string(), "human".to_string()],
            date: None,
            resigned: None,
            adjudged: None,
            clock: None,
            review: None,
        }
    }

    /// The record of a line of play.
    pub fn of_line(line: &Line<G>) -> Record<G> {
        Record {
            moves: line.moves().collect(),
            ..Record::new(line.start().clone())
        }
    }

    /// The game replayed move by move, the forced moves included; a record
    /// that was read is always legal, so this stops only at a move that is
    /// not (in a record built by hand).
    pub fn line(&self) -> Line<G> {
        let mut line = Line::new(self.start.clone());
        for &mv in &self.moves {
            if line.play(mv).is_err() {
                break;
            }
        }
        line
    }

    /// The position after the last move.
    pub fn end(&self) -> G {
        self.line().game().clone()
    }

    /// Whether the record holds the computer's review of the game.
    pub fn is_reviewed(&self) -> bool {
        self.review.is_some()
    }

    /// How the game ended, by its rules or by a resignation; `None` while
    /// it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        settled_outcome(&self.end(), self.resigned, self.adjudged)
    }

    /// The record as TOML text.
    pub fn to_toml(&self) -> String {
        let text = RecordText {
            game: G::NAME.to_string(),
            date: self.date.clone(),
            result: self.outcome().map(result_text::<G>),
            ended: match (self.resigned, self.adjudged) {
                (Some(_), _) => Some(RESIGNATION.to_string()),
                (None, adjudged) => adjudged.map(|a| a.ended().to_string()),
            },
            clock: self.clock.map(|clock| clock.to_string()),
            moves: self.moves.iter().map(ToString::to_string).collect(),
            settings: toml::Table::new(),
            players: PlayersText::of(&self.players),
            review: self.review.as_ref().map(Review::to_text),
        };
        let settings = settings_table(&self.start.settings());
        toml::to_string(&Written {
            text: &text,
            settings,
        })
        .unwrap_or_else(|e| unreachable!("a record always serialises: {e}"))
    }

    /// Reads the record of a game of `G`, re-checking every move.
    pub fn from_text(text: &RecordText) -> Result<Record<G>, RecordError> {
        if text.game != G::NAME {
            return Err(RecordError::new(format!(
                "this is a record of {}, not {}",
                text.game,
                G::NAME
            )));
        }
        if text.moves.len() > MAX_MOVES {
            return Err(RecordError::new(format!(
                "{} moves is more than any game has (at most {MAX_MOVES})",
                text.moves.len()
            )));
        }
        let start = G::new(read_settings::<G>(&text.settings)?);
        let mut moves = Vec::with_capacity(text.moves.len());
        for (i, written) in text.moves.iter().enumerate() {
            let mv: G::Move = written.parse().map_err(|_| {
                RecordError::at_move(
                    i + 1,
                    format!("{} is not a {} move", quote(written), G::NAME),
                )
            })?;
            moves.push(mv);
        }
        let line = Line::replay(start.clone(), moves.iter().copied()).map_err(
            |Refused { number, illegal }| {
                RecordError::at_move(
                    number,
                    format!("{}: {illegal}", quote(&text.moves[number - 1])),
                )
            },
        )?;
        let recorded = text.result.as_deref();
        let (resigned, adjudged) = read_ending::<G>(text, line.game())?;
        let reached = settled_outcome(line.game(), resigned, adjudged).map(result_text::<G>);
        if recorded.is_some() && recorded != reached.as_deref() {
            let reached = reached.map_or("the game goes on".to_string(), |r| {
                format!("the result is {r}")
            });
            return Err(RecordError::new(format!(
                "the record says the result is {}, but after its moves {reached}",
                quote(recorded.unwrap_or_default())
            )));
        }
        Ok(Record {
            start,
            moves,
            players: [&text.players.first, &text.players.second].map(|p| p.get_ref().clone()),
            date: text.date.clone(),
            resigned,
            adjudged,
            clock: match &text.clock {
                Some(clock) => Some(clock.parse().map_err(RecordError::new)?),
                None => None,
            },
            review: match &text.review {
                Some(review) => Some(read_review(review, &line)?),
                None => None,
            },
        })
    }
}

/// The outcome of a game `resigner` gave up.
pub fn resigned_outcome(resigner: Player) -> Outcome {
    Outcome::Win(resigner.other())
}

/// How a game stands at `end`, by its rules or, if they have not ended
/// it, by the resignation of `resigned`.
pub fn ended_outcome<G: Game>(end: &G, resigned: Option<Player>) -> Option<Outcome> {
    settled_outcome(end, resigned, None)
}

/// How a game stands at `end`: by its rules, else by the resignation of
/// `resigned`, else as `adjudged`.
pub fn settled_outcome<G: Game>(
    end: &G,
    resigned: Option<Player>,
    adjudged: Option<Adjudged>,
) -> Option<Outcome> {
    end.outcome()
        .or(resigned.map(resigned_outcome))
        .or(adjudged.map(Adjudged::outcome))
}

/// Who resigned, or how the game was otherwise ended, when `ended` says:
/// the loser of `result` (or a draw, agreed), in a game its rules had not
/// ended.
fn read_ending<G: Game>(
    text: &RecordText,
    end: &G,
) -> Result<(Option<Player>, Option<Adjudged>), RecordError> {
    let Some(ended) = text.ended.as_deref() else {
        return Ok((None, None));
    };
    let known = [RESIGNATION, "time", "agreement", ABANDONED];
    if !known.contains(&ended) {
        return Err(RecordError::new(format!(
            "ended is {}, but the only endings a record knows are {}",
            quote(ended),
            known.map(quote).join(", ")
        )));
    }
    if end.is_over() {
        return Err(RecordError::new(format!(
            "the record says the game ended by {ended}, but its moves end the game",
        )));
    }
    if ended == "agreement" {
        return match text.result.as_deref() {
            Some("draw") => Ok((None, Some(Adjudged::DrawAgreed))),
            _ => Err(RecordError::new("an agreed game's result is draw")),
        };
    }
    let winner = Player::BOTH
        .into_iter()
        .find(|&p| text.result.as_deref() == Some(&G::symbol(p).to_string()));
    match (winner, ended) {
        (Some(winner), RESIGNATION) => Ok((Some(winner.other()), None)),
        (Some(winner), ABANDONED) => Ok((None, Some(Adjudged::Abandoned(winner.other())))),
        (Some(winner), _) => Ok((None, Some(Adjudged::OutOfTime(winner.other())))),
        (None, _) => Err(RecordError::new(format!(
            "a game ended by {ended}: its result names its winner ({} or {})",
            G::symbol(Player::First),
            G::symbol(Player::Second)
        ))),
    }
}

/// `result` as records write it: the winner's symbol, or `draw`.
fn result_text<G: Game>(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(player) => G::symbol(player).to_string(),
        Outcome::Draw => "draw".to_string(),
    }
}

/// The `[settings]` table: every setting of the game, in its list's order.
pub fn settings_table<S: GameSettings>(settings: &S) -> Vec<(&'static str, toml::Value)> {
    S::LIST
        .iter()
        .zip(settings.values())
        .map(|(setting, value)| {
            let written = match setting.kind {
                Kind::Side(_) | Kind::Number(_) => toml::Value::Integer(value as i64),
                Kind::Words(_) => toml::Value::String(setting.word(value)),
                Kind::Switch => toml::Value::Boolean(value != 0),
            };
            (setting.name, written)
        })
        .collect()
}

/// The settings a record's `[settings]` table gives: a setting left out
/// takes its default, one the game does not have is refused.
pub fn read_settings<G: Described>(table: &toml::Table) -> Result<G::Settings, RecordError> {
    let list = <G::Settings as GameSettings>::LIST;
    if let Some(name) = table.keys().find(|k| !list.iter().any(|s| s.name == *k)) {
        return Err(RecordError::new(format!(
            "{} has no setting {}",
            G::NAME,
            quote(name)
        )));
    }
    let mut values = Vec::with_capacity(list.len());
    for setting in list {
        let value = match table.get(setting.name) {
            None => setting.default,
            Some(written) => read_value(setting, written, &values)?,
        };
        values.push(value);
    }
    Ok(G::Settings::from_values(&values)?)
}

fn read_value(
    setting: &Setting,
    written: &toml::Value,
    before: &[usize],
) -> Result<usize, SettingError> {
    let text = match (setting.kind, written) {
        (Kind::Side(_) | Kind::Number(_), toml::Value::Integer(n)) => n.to_string(),
        (Kind::Words(_), toml::Value::String(word)) => word.clone(),
        (Kind::Switch, toml::Value::Boolean(on)) => on.to_string(),
        (_, other) => return Err(setting.refuse(before, other)),
    };
    setting.parse(&text, before)
}

/// A record being written: its `[settings]` in the order of the game's
/// list (a TOML table would sort them by name).
struct Written<'a> {
    text: &'a RecordText,
    settings: Vec<(&'static str, toml::Value)>,
}

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.text;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", &text.game)?;
        if let Some(date) = &text.date {
            map.serialize_entry("date", date)?;
        }
        if let Some(result) = &text.result {
            map.serialize_entry("result", result)?;
        }
        if let Some(ended) = &text.ended {
            map.serialize_entry("ended", ended)?;
        }
        if let Some(clock) = &text.clock {
            map.serialize_entry("clock", clock)?;
        }
        map.serialize_entry("moves", &text.moves)?;
        map.serialize_entry("settings", &InOrder(&self.settings))?;
        map.serialize_entry("players", &text.players)?;
        if let Some(review) = &text.review {
            map.serialize_entry("review", review)?;
        }
        map.end()
    }
}

struct InOrder<'a>(&'a [(&'static str, toml::Value)]);

impl Serialize for InOrder<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The parser's message, with any long value in it cut short and nothing
/// in it that a terminal would act on.
fn quote_message(message: &str) -> String {
    const MOST: usize = 200;
    let mut shown: String = message
        .chars()
        .take(MOST)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() && c != '\n' {
                c.escape_debug().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if message.chars().count() > MOST {
        shown.push('…');
    }
    shown
}

/// The line (from 1) of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads a record's text, without checking it against its game's rules
/// yet (that is [`Record::from_text`]).
pub fn parse(text: &str) -> Result<RecordText, RecordError> {
    let record: RecordText = toml::from_str(text).map_err(|error| RecordError {
        line: error.span().map(|span| line_of(text, span.start)),
        move_number: None,
        reason: quote_message(error.message().trim()),
    })?;
    if record.moves.len() > MAX_MOVES {
        return Err(RecordError::new(format!(
            "{} moves is more than any game has (at most {MAX_MOVES})",
            record.moves.len()
        )));
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gekitai::Gekitai;
    use crate::reversi::Reversi;

    fn read<G: Described>(text: &str) -> Result<Record<G>, RecordError> {
        Record::from_text(&parse(text)?)
    }

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
        assert!(
            text.contains("[settings]\nsize = 6\npieces = 8\nline = 3\nboth_win = \"mover\"\n"),
            "settings in the order of the game's list: {text}"
        );
        assert_eq!(read(&text), Ok(record));
    }

    #[test]
    fn bad_records_say_where_and_why() {
        let not_toml = "game = \"gekitai\"\nmoves = [\"A1\",\n";
        let error = parse(not_toml).unwrap_err();
        assert!(error.line.is_some(), "{error}");

        let bad_setting = "game = \"gekitai\"\n[settings]\nsize = 30\n";
        let error = read::<Gekitai>(bad_setting).unwrap_err();
        assert!(
            error.to_string().contains("size must be between 4 and 26"),
            "{error}"
        );
        let bad_word = "game = \"gekitai\"\n[settings]\nboth_win = \"nobody\"\n";
        let error = read::<Gekitai>(bad_word).unwrap_err();
        assert!(error.to_string().contains("mover or draw"), "{error}");
        let wrong_type = "game = \"gekitai\"\n[settings]\nsize = \"six\"\n";
        assert!(read::<Gekitai>(wrong_type).is_err());
        let negative = "game = \"gekitai\"\n[settings]\nsize = -6\n";
        assert!(read::<Gekitai>(negative).is_err());

        let illegal = "game = \"gekitai\"\nmoves = [\"A1\", \"A1\"]\n";
        let error = read::<Gekitai>(illegal).unwrap_err();
        assert_eq!(error.move_number, Some(2));
        assert_eq!(error.to_string(), "move 2: A1: that cell is taken");

        let garbled = "game = \"gekitai\"\nmoves = [\"A1\", \"zz\"]\n";
        assert_eq!(read::<Gekitai>(garbled).unwrap_err().move_number, Some(2));

        let wrong_result = "game = \"gekitai\"\nresult = \"O\"\nmoves = [\"A1\"]\n";
        assert!(
            read::<Gekitai>(wrong_result)
                .unwrap_err()
                .to_string()
                .contains("result is O")
        );

        let unknown_key = "game = \"gekitai\"\nwinner = \"X\"\n";
        assert!(parse(unknown_key).is_err());

        let foreign_setting = "game = \"reversi\"\n[settings]\npieces = 3\n";
        assert!(
            read::<Reversi>(foreign_setting)
                .unwrap_err()
                .to_string()
                .contains("no setting pieces")
        );
        let other_game = "game = \"reversi\"\n";
        assert!(read::<Gekitai>(other_game).is_err());
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
        let record = read::<Reversi>(&text).expect("the record loads");
        assert_eq!(record.moves.len(), 12);
        assert_eq!(record.end().outcome(), Some(Outcome::Win(Player::First)));
        assert!(record.line().played().len() > 12, "the passes are played");
        assert_eq!(read(&record.to_toml()), Ok(record));
    }

    #[test]
    fn a_clock_and_an_end_by_time_or_agreement_are_recorded_and_checked() {
        let mut record = Record::new(Gekitai::default());
        record.moves = vec!["A1".parse().expect("a move")];
        record.clock = Some("5+3".parse().expect("a clock"));
        record.adjudged = Some(Adjudged::OutOfTime(Player::Second));
        let text = record.to_toml();
        assert!(
            text.contains("result = \"X\"\nended = \"time\"\nclock = \"5+3\"\n"),
            "{text}"
        );
        assert_eq!(read::<Gekitai>(&text), Ok(record.clone()));
        record.adjudged = Some(Adjudged::DrawAgreed);
        let text = record.to_toml();
        assert!(
            text.contains("result = \"draw\"\nended = \"agreement\""),
            "{text}"
        );
        assert_eq!(read::<Gekitai>(&text), Ok(record.clone()));
        let won_agreed = text.replace("\"draw\"", "\"X\"");
        let mut claimed = record.clone();
        claimed.adjudged = Some(Adjudged::Abandoned(Player::First));
        let claimed_text = claimed.to_toml();
        assert!(
            claimed_text.contains("result = \"O\"\nended = \"abandoned\""),
            "{claimed_text}"
        );
        assert_eq!(read::<Gekitai>(&claimed_text), Ok(claimed));
        assert!(read::<Gekitai>(&won_agreed).is_err());
        let bad_clock = text.replace("5+3", "five");
        assert!(
            read::<Gekitai>(&bad_clock)
                .unwrap_err()
                .to_string()
                .contains("MINUTES+SECONDS")
        );
    }

    #[test]
    fn a_resignation_is_recorded_and_checked() {
        let mut record = Record::new(Gekitai::default());
        record.moves = vec!["A1".parse().expect("notation")];
        record.resigned = Some(Player::Second);
        let text = record.to_toml();
        assert!(
            text.contains("result = \"X\"\nended = \"resignation\"\n"),
            "{text}"
        );
        let read_back = read::<Gekitai>(&text).expect("reads back");
        assert_eq!(read_back, record);
        assert_eq!(read_back.outcome(), Some(Outcome::Win(Player::First)));

        let no_winner = "game = \"gekitai\"\nended = \"resignation\"\nmoves = [\"A1\"]\n";
        let error = read::<Gekitai>(no_winner).unwrap_err().to_string();
        assert!(error.contains("names its winner (X or O)"), "{error}");
        let drawn = no_winner.replace("ended", "result = \"draw\"\nended");
        assert!(read::<Gekitai>(&drawn).is_err());
        let unknown = "game = \"gekitai\"\nresult = \"X\"\nended = \"boredom\"\n";
        let error = read::<Gekitai>(unknown).unwrap_err().to_string();
        assert!(
            error.contains("boredom") && error.contains("resignation"),
            "{error}"
        );
        let finished = "game = \"gekitai\"\nresult = \"O\"\nended = \"resignation\"\n\
                        moves = [\"A1\", \"A6\", \"C3\", \"D4\", \"C3\"]\n";
        let error = read::<Gekitai>(finished).unwrap_err().to_string();
        assert!(error.contains("moves end the game"), "{error}");
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
