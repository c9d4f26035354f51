//! The player's own settings file, written by hand
//! (`$XDG_CONFIG_HOME/tabletop/config.toml`): outside engines to play
//! against and colour themes of their own.
//!
//! ```toml
//! [[engine]]
//! name = "mohex"
//! command = "mohex --quiet"
//! games = ["hex"]
//!
//! [theme.dusk]
//! board = "dark-gray"
//! ```
//!
//! `keep_finished = false` at the top stops every finished game being
//! kept in the saved games.
//!
//! The file is read once, here; each kind of entry is understood by its
//! own module. A broken entry is reported with the line it starts on and
//! left out, and the rest of the file still counts: a typo never stops
//! the app from starting. tabletop never writes this file except when
//! asked to add to it (`tabletop engines add`).

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::files;

pub mod engines;

/// The file, if the platform has a config folder.
pub fn path() -> Option<PathBuf> {
    files::config_dir().map(|dir| dir.join("config.toml"))
}

/// The player's config, or an empty one on a system without a config
/// folder.
pub fn read() -> Config {
    path().map(|path| Config::load(&path)).unwrap_or_default()
}

/// One table of the file, not yet understood, with where it starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// The line (from 1) the table starts on.
    pub line: usize,
    pub table: toml::Table,
    /// The line of each of the table's keys written on a line of its own.
    pub key_lines: Vec<(String, usize)>,
}

impl Entry {
    /// The line `key` is written on (the table's own line when unknown).
    pub fn line_of(&self, key: &str) -> usize {
        self.key_lines
            .iter()
            .find(|(k, _)| k == key)
            .map_or(self.line, |(_, line)| *line)
    }

    fn new(text: &str, line: usize, table: toml::Table) -> Entry {
        let key_lines = table
            .keys()
            .filter_map(|key| Some((key.clone(), key_line_from(text, line, key)?)))
            .collect();
        Entry {
            line,
            table,
            key_lines,
        }
    }
}

/// Something in the file that was not used, and why: shown to the player
/// as `config.toml line 12: …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub file: String,
    /// The line (from 1), when the problem has one.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// The file's entries, sorted by kind, and what was wrong with it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// `[[engine]]` tables, in the file's order.
    pub engines: Vec<Entry>,
    /// `[theme.NAME]` tables, by name, in the file's order.
    pub themes: Vec<(String, Entry)>,
    pub notices: Vec<Notice>,
    /// `keep_finished`: whether every finished game is kept in the saved
    /// games (unset: it is).
    pub keep_finished: Option<bool>,
    /// The file's name, for notices about its entries.
    pub file: String,
}

/// The file's shape: every top-level key it may have.
#[derive(Deserialize)]
struct Raw {
    #[serde(default)]
    engine: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    theme: toml::map::Map<String, toml::Value>,
    #[serde(default)]
    keep_finished: Option<toml::Value>,
    #[serde(flatten)]
    unknown: toml::map::Map<String, toml::Value>,
}

impl Config {
    /// Whether every finished game is kept in the saved games.
    pub fn keeps_finished(&self) -> bool {
        self.keep_finished != Some(false)
    }

    /// The config at `path`; nothing there is an empty config. Never
    /// fails: whatever cannot be used is in `notices`.
    pub fn load(path: &Path) -> Config {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        match files::read_own(path) {
            Ok(None) => Config::default(),
            Ok(Some(text)) => Config::parse(&text, &file),
            Err(message) => Config {
                notices: vec![Notice {
                    file: file.clone(),
                    line: None,
                    message,
                }],
                file,
                ..Config::default()
            },
        }
    }

    /// The config written in `text`, naming `file` in its notices.
    pub fn parse(text: &str, file: &str) -> Config {
        let notice = |line: Option<usize>, message: String| Notice {
            file: file.to_string(),
            line,
            message,
        };
        let raw: Raw = match toml::from_str(text) {
            Ok(raw) => raw,
            Err(error) => {
                let line = error.span().map(|span| line_of(text, span.start));
                let message = format!("{}; the file was not used", error.message().trim());
                return Config {
                    notices: vec![notice(line, message)],
                    file: file.to_string(),
                    ..Config::default()
                };
            }
        };
        let mut config = Config {
            file: file.to_string(),
            ..Config::default()
        };
        for engine in raw.engine {
            let line = line_of(text, engine.span().start);
            config
                .engines
                .push(Entry::new(text, line, engine.into_inner()));
        }
        // Spans of a table's values are only kept by `Spanned`; a theme's
        // line is found from its header instead.
        for (name, value) in raw.theme {
            let line = header_line(text, &["theme", &name])
                .or_else(|| {
                    header_line(text, &["theme"]).and_then(|at| key_line_from(text, at, &name))
                })
                .unwrap_or(1);
            match value {
                toml::Value::Table(table) => {
                    config.themes.push((name, Entry::new(text, line, table)));
                }
                _ => config.notices.push(notice(
                    Some(line),
                    format!("theme.{name} should be a table of colours; it was left out"),
                )),
            }
        }
        config.themes.sort_by_key(|(_, entry)| entry.line);
        match raw.keep_finished {
            None => {}
            Some(toml::Value::Boolean(keep)) => config.keep_finished = Some(keep),
            Some(_) => config.notices.push(notice(
                key_line(text, "keep_finished"),
                "keep_finished should be true or false; finished games are kept".to_string(),
            )),
        }
        for key in raw.unknown.keys() {
            let line = key_line(text, key);
            config.notices.push(notice(
                line,
                format!(
                    "{key:?} is not a setting tabletop knows (engine, theme or keep_finished); it was left out"
                ),
            ));
        }
        config
    }
}

/// The line (from 1) of byte `at` in `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The line of the table header naming the table at `keys` (`[theme."my
/// dusk"]` for `theme`, `my dusk`: quoted, escaped, spaced as TOML allows).
fn header_line(text: &str, keys: &[&str]) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim();
            if !line.starts_with('[') || line.starts_with("[[") {
                return false;
            }
            // The header alone, read as TOML, is the path of tables it names.
            let Ok(mut table) = line.parse::<toml::Table>() else {
                return false;
            };
            for key in keys {
                match table.remove(*key) {
                    Some(toml::Value::Table(inner)) if table.is_empty() => table = inner,
                    _ => return false,
                }
            }
            table.is_empty()
        })
        .map(|index| index + 1)
}

/// The line of `key = …` in the table whose header is on line `from`:
/// before the next table header, the key bare or quoted.
fn key_line_from(text: &str, from: usize, key: &str) -> Option<usize> {
    text.lines()
        .enumerate()
        .skip(from)
        .take_while(|(_, line)| !line.trim_start().starts_with('['))
        .find(|(_, line)| {
            let line = line.trim_start();
            [key.to_string(), format!("\"{key}\""), format!("'{key}'")]
                .iter()
                .any(|written| {
                    line.strip_prefix(written.as_str())
                        .is_some_and(|rest| rest.trim_start().starts_with('='))
                })
        })
        .map(|(index, _)| index + 1)
}

/// The line of the top-level key `key`, as a key or a table header.
fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim().trim_start_matches('[').trim_start();
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(['=', ']', '.']))
        })
        .map(|index| index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
# my engines
[[engine]]
name = \"mohex\"
command = \"mohex --quiet\"

[[engine]]
name = \"rhino\"
command = \"gtp-rhino -l 3\"

[theme.dusk]
board = \"dark-gray\"

colour = \"red\"
";

    #[test]
    fn entries_are_sorted_by_kind_with_their_lines() {
        let config = Config::parse(SAMPLE, "config.toml");
        let lines: Vec<usize> = config.engines.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 6]);
        assert_eq!(config.engines[1].table["name"].as_str(), Some("rhino"));
        assert_eq!(config.themes.len(), 1);
        assert_eq!(config.themes[0].0, "dusk");
        assert_eq!(config.themes[0].1.line, 10);
    }

    #[test]
    fn an_unknown_key_is_reported_with_its_line_and_the_rest_kept() {
        let text = "colour = \"red\"\n[[engine]]\nname = \"a\"\n";
        let config = Config::parse(text, "config.toml");
        assert_eq!(config.engines.len(), 1);
        assert_eq!(config.notices.len(), 1);
        assert_eq!(config.notices[0].line, Some(1));
        assert!(
            config.notices[0]
                .to_string()
                .starts_with("config.toml line 1: \"colour\"")
        );
    }

    #[test]
    fn keep_finished_turns_keeping_finished_games_off_and_a_bad_value_is_reported() {
        assert!(Config::parse("", "config.toml").keeps_finished());
        let off = Config::parse("keep_finished = false\n", "config.toml");
        assert!(!off.keeps_finished());
        assert!(off.notices.is_empty());
        let bad = Config::parse("\nkeep_finished = \"no\"\n", "config.toml");
        assert!(bad.keeps_finished());
        assert_eq!(bad.notices.len(), 1);
        assert_eq!(bad.notices[0].line, Some(2));
    }

    #[test]
    fn a_file_that_is_not_toml_is_reported_with_its_line_and_not_used() {
        let config = Config::parse("[[engine]]\nname = \"a\"\ncommand = \n", "config.toml");
        assert!(config.engines.is_empty());
        assert_eq!(config.notices.len(), 1);
        assert_eq!(config.notices[0].line, Some(3));
    }

    #[test]
    fn a_theme_that_is_not_a_table_is_reported_with_its_line() {
        let config = Config::parse("\n[theme]\ndusk = 3\n", "config.toml");
        assert!(config.themes.is_empty());
        assert_eq!(config.notices.len(), 1);
        assert_eq!(config.notices[0].line, Some(3));
    }

    #[test]
    fn a_theme_whose_name_is_quoted_has_its_line() {
        let text = "# mine\n\n[theme.ok]\nfirst = \"red\"\n\n[ theme . \"my dusk\" ] # evening\nbase = \"light\"\nfirst = \"pinkish\"\n";
        let config = Config::parse(text, "config.toml");
        let names: Vec<&str> = config
            .themes
            .iter()
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(names, ["ok", "my dusk"]);
        assert_eq!(config.themes[1].1.line, 6);
        assert_eq!(config.themes[1].1.line_of("first"), 8);
    }

    #[test]
    fn each_key_of_a_table_has_its_line() {
        let config = Config::parse(SAMPLE, "config.toml");
        assert_eq!(config.engines[0].line_of("command"), 4);
        assert_eq!(config.engines[1].line_of("command"), 8);
        assert_eq!(config.themes[0].1.line_of("board"), 11);
        assert_eq!(config.themes[0].1.line_of("missing"), 10);
    }
}
