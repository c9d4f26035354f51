//! The start screen remembered between runs: the last game chosen, its
//! settings and who played each side, in a small TOML file in the
//! platform's config folder (`$XDG_CONFIG_HOME/tabletop/start.toml`).
//!
//! ```toml
//! game = "hex"
//! first = "human"
//! second = "ai:3"
//!
//! [settings]
//! size = 9
//! swap = true
//! ```
//!
//! A file that cannot be read is ignored with a one-line notice, never
//! fatal; a file that is not one of these is never written over.

use std::io;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::games;
use crate::games::{GameKind, Interactive, Setup, WithGame, WithSetup};
use tabletop_core::files::{self, Kind};
use tabletop_core::seat::Seat;
use tabletop_engine::quote::quote;
use tabletop_engine::record::{read_settings, settings_table};

/// What the start screen remembers.
#[derive(Clone, Debug, PartialEq)]
pub struct Remembered {
    pub setup: Setup,
    pub seats: [Seat; 2],
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    game: String,
    first: String,
    second: String,
    #[serde(default)]
    settings: toml::Table,
}

/// The file where the start screen is remembered, if the platform has a
/// config folder.
pub fn path() -> Option<PathBuf> {
    files::config_dir().map(|dir| dir.join("start.toml"))
}

/// The files this module writes, and so may write over.
const REMEMBERED: Kind = Kind {
    name: "tabletop's remembered start screen",
    is: |text| parse(text).is_ok(),
};

/// Reads what `text` remembers.
fn parse(text: &str) -> Result<Remembered, String> {
    let text: Text = toml::from_str(text).map_err(|error| error.message().trim().to_string())?;
    let kind: GameKind = text.game.parse().map_err(|e| format!("{e}"))?;
    let seat = |name: &str| {
        name.parse::<Seat>()
            .map_err(|_| format!("{} is not a player", quote(name)))
    };
    let seats = [seat(&text.first)?, seat(&text.second)?];
    struct Read<'a>(&'a toml::Table);
    impl WithGame for Read<'_> {
        type Output = Result<Setup, String>;
        fn run<G: Interactive>(self) -> Self::Output {
            let settings = read_settings::<G>(self.0).map_err(|error| error.to_string())?;
            Ok(Setup::of::<G>(&settings))
        }
    }
    let setup = games::with_game(kind, Read(&text.settings))?;
    Ok(Remembered { setup, seats })
}

/// What the start screen remembered at `path`: `Ok(None)` when nothing is
/// there, `Err` with a one-line notice when what is there cannot be read.
pub fn load(path: &Path) -> Result<Option<Remembered>, String> {
    let Some(text) = files::read_own(path)? else {
        return Ok(None);
    };
    parse(&text)
        .map(Some)
        .map_err(|error| format!("{} was not read: {error}", path.display()))
}

/// The text that remembers `remembered`.
fn text_of(remembered: &Remembered) -> String {
    struct Settings;
    impl WithSetup for Settings {
        type Output = String;
        fn run<G: Interactive>(self, settings: G::Settings) -> String {
            settings_table(&settings)
                .into_iter()
                .map(|(name, value)| format!("{name} = {value}\n"))
                .collect()
        }
    }
    let string = |text: &str| toml::Value::String(text.to_string()).to_string();
    format!(
        "game = {}\nfirst = {}\nsecond = {}\n\n[settings]\n{}",
        string(remembered.setup.kind().name()),
        string(&remembered.seats[0].to_string()),
        string(&remembered.seats[1].to_string()),
        games::with_setup(&remembered.setup, Settings)
    )
}

/// Remembers `remembered` at `path`.
pub fn save(path: &Path, remembered: &Remembered) -> io::Result<()> {
    files::save_as(path, &text_of(remembered), &REMEMBERED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_ai::Level;

    #[test]
    fn what_is_written_reads_back_for_every_game() {
        for &kind in GameKind::ALL {
            let remembered = Remembered {
                setup: Setup::default_of(kind),
                seats: [Seat::Human, Seat::Computer(Level::MAX)],
            };
            let text = text_of(&remembered);
            assert_eq!(parse(&text), Ok(remembered), "{text}");
        }
    }

    #[test]
    fn a_broken_or_foreign_file_says_why_in_a_line() {
        for text in [
            "",
            "game = \"chess\"\nfirst = \"human\"\nsecond = \"human\"\n",
            "game = \"hex\"\nfirst = \"ai:9\"\nsecond = \"human\"\n",
            "game = \"hex\"\nfirst = \"human\"\nsecond = \"human\"\n[settings]\nsize = 99\n",
            "[[[",
        ] {
            let error = parse(text).expect_err(text);
            assert_eq!(error.lines().count(), 1, "{error}");
        }
    }
}
