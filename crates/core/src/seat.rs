//! Who plays each side: a person, tabletop's computer at some level, or an
//! outside GTP engine. Parsed and printed here only (`human`, `ai:5`,
//! `gtp:COMMAND`, `engine:NAME`), for the command line, records and the
//! remembered start screen alike.

use std::fmt;
use std::str::FromStr;

use tabletop_ai::{Level, LevelError};

/// Every way a seat is written, as the command line's help and the
/// refusals list them (`computer` is also `ai`).
pub const SEAT_FORMS: [&str; 5] = [
    "human",
    "ai (level 3)",
    "ai:LEVEL (1 to 5: see tabletop levels)",
    "gtp:COMMAND",
    "engine:NAME",
];

/// Every way a contender of a match is written.
pub const CONTENDER_FORMS: [&str; 4] = [
    "ai (level 3)",
    "ai:LEVEL (1 to 5: see tabletop levels)",
    "random",
    "gtp:COMMAND",
];

/// `forms` as a sentence lists them: `a, b or c`.
pub fn listed(forms: &[&str]) -> String {
    match forms {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Seat {
    #[default]
    Human,
    Computer(Level),
    /// An outside GTP engine.
    Engine(Outside),
}

/// Which outside engine plays a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outside {
    /// Started with this shell command (`gtp:mohex --quiet`).
    Command(String),
    /// Configured under this name in config.toml (`engine:mohex`).
    Named(String),
}

impl Seat {
    /// Whether a program (tabletop's computer or an outside engine), not a
    /// person, plays this seat.
    pub fn is_computer(&self) -> bool {
        !matches!(self, Seat::Human)
    }

    /// The seat a record's player names, to continue its game: anything
    /// unknown is a person, and so is an engine given by its command, which
    /// is never run from a record (a record can come from anyone); an
    /// engine of the player's own config.toml plays again.
    pub fn of_record(name: &str) -> Seat {
        match name.parse() {
            Ok(Seat::Engine(Outside::Command(_))) | Err(_) => Seat::Human,
            Ok(seat) => seat,
        }
    }

    /// How the seat is shown to the player: `human`, `computer 3`, or the
    /// engine's name.
    pub fn label(&self) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Computer(level) => format!("computer {level}"),
            Seat::Engine(outside) => outside.name(),
        }
    }
}

impl Outside {
    /// The engine's name: its configured name, or the program a command
    /// starts (`mohex` for `/opt/bin/mohex --quiet`), in the characters a
    /// name may have, so it is safe to show anywhere.
    pub fn name(&self) -> String {
        match self {
            Outside::Named(name) => name.clone(),
            Outside::Command(command) => {
                // Past settings (`A=1`), wrappers and interpreters, to
                // the program itself: `nice python3 x/gomoku.py` is
                // `gomoku.py`.
                const PASSED: [&str; 10] = [
                    "env", "nice", "exec", "sh", "bash", "python", "python3", "perl", "node",
                    "java",
                ];
                let program = command
                    .split_whitespace()
                    .find(|word| {
                        !word.contains('=')
                            && !word.starts_with('-')
                            && !PASSED.contains(&word.rsplit('/').next().unwrap_or(word))
                    })
                    .unwrap_or("");
                let program = program.rsplit('/').next().unwrap_or(program);
                let name: String = program
                    .chars()
                    .filter(|&c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                    .take(40)
                    .collect();
                if name.is_empty() {
                    "engine".to_string()
                } else {
                    name
                }
            }
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    /// `human`, `ai` (level 3), `ai:5` (also `computer`, `computer:5`),
    /// `gtp:COMMAND`, `engine:NAME`.
    fn from_str(text: &str) -> Result<Seat, String> {
        let text = text.trim();
        let (kind, rest) = match text.split_once(':') {
            Some((kind, rest)) => (kind.to_ascii_lowercase(), Some(rest)),
            None => (text.to_ascii_lowercase(), None),
        };
        match (kind.as_str(), rest) {
            ("human", None) => Ok(Seat::Human),
            ("ai" | "computer", None) => Ok(Seat::Computer(Level::DEFAULT)),
            ("ai" | "computer", Some(level)) => level
                .parse()
                .map(Seat::Computer)
                .map_err(|e: LevelError| e.to_string()),
            ("gtp", Some(command)) if !command.trim().is_empty() => {
                Ok(Seat::Engine(Outside::Command(command.trim().to_string())))
            }
            ("gtp", _) => Err("gtp: needs the command that starts the engine".to_string()),
            ("engine", Some(name)) if is_engine_name(name) => {
                Ok(Seat::Engine(Outside::Named(name.to_string())))
            }
            ("engine", _) => Err(format!(
                "engine: needs the name of an engine in config.toml (letters, digits, - _ .; got {text:?})"
            )),
            _ => Err(format!(
                "a player is {} (got {text:?})",
                listed(&SEAT_FORMS)
            )),
        }
    }
}

/// Whether `name` can name a configured engine: short, and letters,
/// digits, `-`, `_` and `.` only, so it reads the same everywhere.
pub fn is_engine_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "ai:{level}"),
            Seat::Engine(Outside::Command(command)) => write!(f, "gtp:{command}"),
            Seat::Engine(Outside::Named(name)) => write!(f, "engine:{name}"),
        }
    }
}

/// Who plays in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    Ai(Level),
    Random,
    /// An external GTP engine, started with this shell command.
    Gtp(String),
}

impl FromStr for Contender {
    type Err = String;
    fn from_str(text: &str) -> Result<Contender, String> {
        if let Some(command) = text.strip_prefix("gtp:") {
            return if command.trim().is_empty() {
                Err("gtp: needs a command".to_string())
            } else {
                Ok(Contender::Gtp(command.to_string()))
            };
        }
        match text {
            "random" => Ok(Contender::Random),
            "ai" => Ok(Contender::Ai(Level::DEFAULT)),
            _ => match text.strip_prefix("ai:") {
                Some(level) => level
                    .parse()
                    .map(Contender::Ai)
                    .map_err(|e: LevelError| e.to_string()),
                None => Err(format!(
                    "a contender is {} (got {text:?})",
                    listed(&CONTENDER_FORMS)
                )),
            },
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Ai(level) => write!(f, "ai:{level}"),
            Contender::Random => f.write_str("random"),
            Contender::Gtp(command) => write!(f, "gtp:{command}"),
        }
    }
}

/// Whether `name` is a way a side can be played, as a record names it: a
/// seat (`human`, `ai:3`) or a contender of a match (`random`,
/// `gtp:COMMAND`).
pub fn is_player(name: &str) -> bool {
    name.parse::<Seat>().is_ok() || name.parse::<Contender>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_and_write_the_same() {
        for text in [
            "human",
            "ai:1",
            "ai:3",
            "ai:5",
            "gtp:mohex --quiet",
            "gtp:gtp-rhino -l 3",
            "engine:mohex",
            "engine:Rhino_2.1",
        ] {
            let seat: Seat = text.parse().expect("valid");
            assert_eq!(seat.to_string(), text);
        }
        assert_eq!("ai".parse(), Ok(Seat::Computer(Level::DEFAULT)));
        assert_eq!(
            "Computer:2".parse::<Seat>().map(|s| s.to_string()),
            Ok("ai:2".to_string())
        );
        // The command is kept as written, colons and case included.
        assert_eq!(
            "GTP:Engine --url=a:b".parse(),
            Ok(Seat::Engine(Outside::Command("Engine --url=a:b".into())))
        );
        for bad in [
            "ai:0",
            "ai:6",
            "robot",
            "human:3",
            "ai:x",
            "",
            "gtp:",
            "gtp: ",
            "engine:",
            "engine:a b",
            "engine:é",
        ] {
            assert!(bad.parse::<Seat>().is_err(), "{bad}");
        }
    }

    /// A form of [`SEAT_FORMS`] or [`CONTENDER_FORMS`] with an example
    /// in place of its placeholder: `ai:LEVEL (1 to 5)` is `ai:4`.
    fn example(form: &str) -> String {
        let written = form.split(' ').next().unwrap_or(form);
        written
            .replace("LEVEL", "4")
            .replace("COMMAND", "mohex --quiet")
            .replace("NAME", "mohex")
    }

    /// The form `written` is an example of: the part before any colon.
    fn kind(written: &str) -> &str {
        written.split(':').next().unwrap_or(written)
    }

    #[test]
    fn every_form_listed_is_read_and_every_seat_is_written_in_one() {
        for form in SEAT_FORMS {
            assert!(example(form).parse::<Seat>().is_ok(), "{form}");
        }
        for form in CONTENDER_FORMS {
            assert!(example(form).parse::<Contender>().is_ok(), "{form}");
        }
        let kinds = |forms: &[&str]| -> Vec<String> {
            forms
                .iter()
                .map(|form| kind(&example(form)).to_string())
                .collect()
        };
        // One seat of each kind; a new kind must be added here, and so to
        // the list.
        for seat in [
            Seat::Human,
            Seat::Computer(Level::MAX),
            Seat::Engine(Outside::Command("x".into())),
            Seat::Engine(Outside::Named("x".into())),
        ] {
            match seat {
                Seat::Human | Seat::Computer(_) | Seat::Engine(_) => {}
            }
            let written = seat.to_string();
            assert!(
                kinds(&SEAT_FORMS).contains(&kind(&written).to_string()),
                "{written}"
            );
        }
        for contender in [
            Contender::Ai(Level::MAX),
            Contender::Random,
            Contender::Gtp("x".into()),
        ] {
            match contender {
                Contender::Ai(_) | Contender::Random | Contender::Gtp(_) => {}
            }
            let written = contender.to_string();
            assert!(
                kinds(&CONTENDER_FORMS).contains(&kind(&written).to_string()),
                "{written}"
            );
        }
        assert_eq!(listed(&["a", "b", "c"]), "a, b or c");
        assert_eq!(listed(&["a"]), "a");
    }

    #[test]
    fn a_record_never_starts_a_command() {
        assert_eq!(Seat::of_record("gtp:rm -rf ~"), Seat::Human);
        assert_eq!(Seat::of_record("robot"), Seat::Human);
        assert_eq!(
            Seat::of_record("engine:mohex"),
            Seat::Engine(Outside::Named("mohex".into()))
        );
        assert_eq!(Seat::of_record("ai:2").label(), "computer 2");
    }

    #[test]
    fn an_engine_is_shown_by_a_name_safe_to_print() {
        let seat = |text: &str| text.parse::<Seat>().expect("valid").label();
        assert_eq!(seat("gtp:/opt/bin/mohex --quiet"), "mohex");
        assert_eq!(seat("gtp:A=1 nice python3 x/gomoku.py -v"), "gomoku.py");
        assert_eq!(seat("engine:rhino"), "rhino");
        assert_eq!(seat("gtp:\x1b[31mevil\x07 x"), "31mevil");
        assert_eq!(seat("gtp:\x1b"), "engine");
        assert_eq!(seat("ai:4"), "computer 4");
    }
}
