//! `[[engine]]` entries of config.toml: outside GTP engines the player can
//! seat at the board, each checked into [`EngineSettings`] or refused with
//! the line its entry starts on.
//!
//! ```toml
//! [[engine]]
//! name = "mohex"                    # letters, digits, - _ . (engine:mohex)
//! command = "mohex --quiet"         # run with sh -c
//! games = ["hex"]                   # the games it plays (default: all)
//! setup = ["param_mohex max_time 5"] # GTP commands sent after it starts
//! patience = 30                     # seconds before it counts as slow
//! ```

use std::time::Duration;

use super::{Config, Entry, Notice};
use crate::games::GameKind;
use crate::seat::{Outside, is_engine_name};

/// How long an engine may think before the player is told it is slow
/// (and, in the plain mode, before it is given up on).
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(30);
/// The most patience an entry may ask for: a day.
const MOST_PATIENCE: u64 = 24 * 60 * 60;

/// An outside engine, ready to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    pub name: String,
    /// The shell command that starts it.
    pub command: String,
    /// The games it plays; empty for every game.
    pub games: Vec<GameKind>,
    /// GTP commands sent once it has started (time settings, say).
    pub setup: Vec<String>,
    pub patience: Duration,
}

impl EngineSettings {
    /// An engine given by its command alone (`gtp:COMMAND`).
    pub fn of_command(command: &str) -> EngineSettings {
        EngineSettings {
            name: Outside::Command(command.to_string()).name(),
            command: command.to_string(),
            games: Vec::new(),
            setup: Vec::new(),
            patience: DEFAULT_PATIENCE,
        }
    }

    pub fn plays(&self, game: GameKind) -> bool {
        self.games.is_empty() || self.games.contains(&game)
    }
}

/// The keys an entry may have.
const KEYS: [&str; 5] = ["name", "command", "games", "setup", "patience"];

/// The engines of `config`, and a notice for each entry left out.
pub fn engines(config: &Config) -> (Vec<EngineSettings>, Vec<Notice>) {
    let mut engines: Vec<EngineSettings> = Vec::new();
    let mut notices = Vec::new();
    for entry in &config.engines {
        let checked = check(entry).and_then(|engine| {
            if engines.iter().any(|other| other.name == engine.name) {
                Err(format!(
                    "an engine called {:?} is already configured; this one was left out",
                    engine.name
                ))
            } else {
                Ok(engine)
            }
        });
        match checked {
            Ok(engine) => engines.push(engine),
            Err(message) => notices.push(Notice {
                file: config.file.clone(),
                line: Some(entry.line),
                message,
            }),
        }
    }
    (engines, notices)
}

/// The engines in the player's config.toml, and what was wrong with it.
pub fn configured() -> (Vec<EngineSettings>, Vec<Notice>) {
    let Some(path) = super::path() else {
        return (Vec::new(), Vec::new());
    };
    let config = Config::load(&path);
    let (engines, mut notices) = engines(&config);
    notices.splice(0..0, config.notices);
    (engines, notices)
}

/// The settings of the engine a seat names: its command, or its entry in
/// config.toml.
pub fn resolve(outside: &Outside) -> Result<EngineSettings, String> {
    match outside {
        Outside::Command(command) => Ok(EngineSettings::of_command(command)),
        Outside::Named(name) => {
            let (engines, notices) = configured();
            engines
                .into_iter()
                .find(|engine| engine.name == *name)
                .ok_or_else(|| {
                    let why = notices
                        .first()
                        .map_or(String::new(), |notice| format!(" ({notice})"));
                    format!(
                        "no engine called {name:?} in config.toml: add one with tabletop engines add{why}"
                    )
                })
        }
    }
}

/// One entry, checked.
fn check(entry: &Entry) -> Result<EngineSettings, String> {
    let table = &entry.table;
    if let Some(key) = table.keys().find(|key| !KEYS.contains(&key.as_str())) {
        return Err(format!(
            "{key:?} is not a setting of an engine ({}); the engine was left out",
            KEYS.join(", ")
        ));
    }
    let text = |key: &str| -> Result<Option<String>, String> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(text)) => Ok(Some(text.clone())),
            Some(_) => Err(format!("an engine's {key} should be a string in quotes")),
        }
    };
    let list = |key: &str| -> Result<Vec<String>, String> {
        match table.get(key) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| format!("an engine's {key} should be a list of strings"))
                })
                .collect(),
            Some(_) => Err(format!("an engine's {key} should be a list of strings")),
        }
    };
    let name = text("name")?.ok_or("an engine needs a name")?;
    if !is_engine_name(&name) {
        return Err(format!(
            "an engine's name is letters, digits, - _ and . (at most 40), not {name:?}"
        ));
    }
    let command = text("command")?
        .filter(|command| !command.trim().is_empty())
        .ok_or_else(|| format!("the engine {name:?} needs a command"))?;
    if command.contains(['\n', '\r', '\0']) {
        return Err(format!("the engine {name:?}'s command is one line"));
    }
    let games = list("games")?
        .iter()
        .map(|game| {
            game.parse::<GameKind>()
                .map_err(|_| format!("{game:?} is not a game ({})", crate::games::names()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let setup = list("setup")?;
    if let Some(bad) = setup.iter().find(|line| line.contains(['\n', '\r', '\0'])) {
        return Err(format!("a setup command is one line, not {bad:?}"));
    }
    let patience = match table.get("patience") {
        None => DEFAULT_PATIENCE,
        Some(toml::Value::Integer(seconds)) if (1..=MOST_PATIENCE as i64).contains(seconds) => {
            Duration::from_secs(*seconds as u64)
        }
        Some(_) => {
            return Err(format!(
                "an engine's patience is a whole number of seconds, 1 to {MOST_PATIENCE}"
            ));
        }
    };
    Ok(EngineSettings {
        name,
        command,
        games,
        setup,
        patience,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<EngineSettings>, Vec<String>) {
        let config = Config::parse(text, "config.toml");
        let (engines, notices) = engines(&config);
        (engines, notices.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_whole_entry_is_read() {
        let (engines, notices) = read(
            "[[engine]]\nname = \"mohex\"\ncommand = \"mohex --quiet\"\ngames = [\"hex\"]\n\
             setup = [\"param_mohex max_time 5\"]\npatience = 12\n",
        );
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            engines,
            [EngineSettings {
                name: "mohex".into(),
                command: "mohex --quiet".into(),
                games: vec![GameKind::Hex],
                setup: vec!["param_mohex max_time 5".into()],
                patience: Duration::from_secs(12),
            }]
        );
        assert!(engines[0].plays(GameKind::Hex));
        assert!(!engines[0].plays(GameKind::Reversi));
    }

    #[test]
    fn broken_entries_are_refused_with_their_lines_and_the_rest_kept() {
        let text = "\
[[engine]]
name = \"good\"
command = \"good-engine\"

[[engine]]
command = \"nameless\"

[[engine]]
name = \"bad name\"
command = \"x\"

[[engine]]
name = \"nocommand\"

[[engine]]
name = \"g\"
command = \"x\"
games = [\"chess\"]

[[engine]]
name = \"p\"
command = \"x\"
patience = 0

[[engine]]
name = \"good\"
command = \"again\"

[[engine]]
name = \"k\"
command = \"x\"
colour = \"red\"

[[engine]]
name = \"s\"
command = \"x\"
setup = \"time_settings 0 5 1\"
";
        let (engines, notices) = read(text);
        assert_eq!(engines.len(), 1);
        assert_eq!(engines[0].command, "good-engine");
        let expected = [
            ("line 5:", "needs a name"),
            ("line 8:", "letters, digits"),
            ("line 12:", "needs a command"),
            ("line 15:", "\"chess\" is not a game"),
            ("line 20:", "patience"),
            ("line 25:", "already configured"),
            ("line 29:", "\"colour\" is not a setting"),
            ("line 34:", "list of strings"),
        ];
        assert_eq!(notices.len(), expected.len(), "{notices:#?}");
        for (notice, (line, says)) in notices.iter().zip(expected) {
            assert!(
                notice.starts_with(&format!("config.toml {line}")),
                "{notice}"
            );
            assert!(notice.contains(says), "{notice} should say {says}");
        }
    }

    #[test]
    fn a_command_seat_is_named_after_its_program() {
        let engine = EngineSettings::of_command("/usr/games/gtp-rhino -l 3");
        assert_eq!(engine.name, "gtp-rhino");
        assert!(engine.plays(GameKind::Gomoku));
        assert_eq!(engine.patience, DEFAULT_PATIENCE);
    }
}
