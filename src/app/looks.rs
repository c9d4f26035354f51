//! The look the player chose, remembered between runs in a small file
//! beside the remembered start screen (`$XDG_CONFIG_HOME/tabletop/looks.toml`):
//! the colour theme and the piece style, by name.
//!
//! ```toml
//! theme = "light"
//! pieces = "stones"
//! ```
//!
//! A file that cannot be read is ignored (the default look is used), and
//! a file that is not one of these is never written over. The [`Look`]
//! shown starts as chosen last time, and F2 and F3 change it.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::app::theme::{BUILT_IN, Palette, Pieces, Theme};
use tabletop_core::config::Config;
use tabletop_core::files::{self, Kind};

/// What is remembered of the look.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Looks {
    /// The colour theme's name.
    pub theme: String,
    /// The piece style's name (letters when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<String>,
}

/// The file, if the platform has a config folder.
pub fn path() -> Option<PathBuf> {
    files::config_dir().map(|dir| dir.join("looks.toml"))
}

/// The files this module writes, and so may write over.
const LOOKS: Kind = Kind {
    name: "tabletop's remembered look",
    is: |text| toml::from_str::<Looks>(text).is_ok(),
};

/// The look remembered at `path`: `Ok(None)` when nothing is there, `Err`
/// with a one-line notice when what is there cannot be read.
pub fn load(path: &Path) -> Result<Option<Looks>, String> {
    let Some(text) = files::read_own(path)? else {
        return Ok(None);
    };
    toml::from_str(&text).map(Some).map_err(|error| {
        format!(
            "{} was not read: {}",
            path.display(),
            error.message().trim()
        )
    })
}

/// Remembers `looks` at `path`.
pub fn save(path: &Path, looks: &Looks) -> io::Result<()> {
    let text = toml::to_string(looks).map_err(io::Error::other)?;
    files::save_as(path, &text, &LOOKS)
}

/// How a look chosen is kept somewhere else than in a file: the SSH
/// door keeps a player's in the server's database.
pub type KeepLooks = Arc<dyn Fn(&Looks) -> Result<(), String> + Send + Sync>;

/// Where the look chosen is remembered.
enum Keeper {
    File(PathBuf),
    Elsewhere(KeepLooks),
    Nowhere,
}

/// The look shown: its theme, the colour themes F2 goes through (the
/// built-in ones, then the player's, by name) and which of them it is,
/// and where the choice is remembered.
pub struct Look {
    pub theme: Theme,
    themes: Vec<(String, Palette)>,
    at: usize,
    keeper: Keeper,
}

impl Look {
    /// `theme` with the colour theme and piece style chosen last time, as
    /// far as they are still there (in the file at `remembered`), among
    /// the built-in themes and those of `config`. Whatever was wrong with
    /// either is added to `notices`.
    pub fn chosen(
        config: &Config,
        remembered: Option<PathBuf>,
        theme: Theme,
        notices: &mut Vec<String>,
    ) -> Look {
        let chosen = remembered.as_deref().map(load).transpose();
        let keeper = remembered.map_or(Keeper::Nowhere, Keeper::File);
        Look::made(config, chosen.map(Option::flatten), keeper, theme, notices)
    }

    /// `theme` with the colour theme and piece style `chosen` (a player's
    /// as the SSH door keeps them, the built-in themes only), kept by
    /// `keep` when they change.
    pub fn kept(
        chosen: Option<Looks>,
        keep: KeepLooks,
        theme: Theme,
        notices: &mut Vec<String>,
    ) -> Look {
        let keeper = Keeper::Elsewhere(keep);
        Look::made(&Config::default(), Ok(chosen), keeper, theme, notices)
    }

    fn made(
        config: &Config,
        chosen: Result<Option<Looks>, String>,
        keeper: Keeper,
        mut theme: Theme,
        notices: &mut Vec<String>,
    ) -> Look {
        let (user_themes, theme_notices) = crate::app::themes::themes(config);
        let themes: Vec<(String, Palette)> = BUILT_IN
            .iter()
            .map(|(name, palette)| (name.to_string(), *palette))
            .chain(user_themes)
            .collect();
        notices.extend(config.notices.iter().map(ToString::to_string));
        notices.extend(theme_notices.iter().map(ToString::to_string));
        let mut at = themes
            .iter()
            .position(|(_, palette)| *palette == theme.palette)
            .unwrap_or(0);
        match chosen {
            Ok(Some(chosen)) => {
                match themes.iter().position(|(name, _)| *name == chosen.theme) {
                    Some(found) => at = found,
                    None => notices.push(format!(
                        "The theme {:?} chosen last time is not there any more: {} instead",
                        chosen.theme, themes[0].0
                    )),
                }
                if let Some(pieces) = chosen.pieces.as_deref().and_then(Pieces::named) {
                    theme.pieces = pieces;
                }
            }
            Err(why) => notices.push(why),
            Ok(None) => {}
        }
        theme.palette = themes[at].1;
        Look {
            theme,
            themes,
            at,
            keeper,
        }
    }

    /// Changes to the next colour theme and remembers it; what to tell
    /// the player.
    pub fn next_theme(&mut self) -> String {
        self.at = (self.at + 1) % self.themes.len();
        let (name, palette) = &self.themes[self.at];
        self.theme = self.theme.with_palette(*palette);
        let said = if self.theme.colour {
            format!("Theme: {name}")
        } else {
            format!("Theme: {name} (NO_COLOR is set, so no colours)")
        };
        self.remember(said)
    }

    /// Changes to the next piece style and remembers it; what to tell the
    /// player.
    pub fn next_pieces(&mut self) -> String {
        let at = Pieces::ALL
            .iter()
            .position(|(_, pieces)| *pieces == self.theme.pieces)
            .map_or(0, |i| (i + 1) % Pieces::ALL.len());
        self.theme.pieces = Pieces::ALL[at].1;
        self.remember(format!("Pieces: {}", Pieces::ALL[at].0))
    }

    /// Keeps the theme and piece style chosen; `said`, and whether keeping
    /// them failed.
    fn remember(&self, said: String) -> String {
        let chosen = Looks {
            theme: self.themes[self.at].0.clone(),
            pieces: Some(self.theme.pieces.name().to_string()),
        };
        let kept = match &self.keeper {
            Keeper::Nowhere => Ok(()),
            Keeper::File(path) => save(path, &chosen).map_err(|error| error.to_string()),
            Keeper::Elsewhere(keep) => keep(&chosen),
        };
        match kept {
            Ok(()) => said,
            Err(error) => format!("{said}; not remembered: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_is_written_and_read_back_and_a_foreign_file_is_refused() {
        let folder = std::env::temp_dir().join(format!("tabletop-looks-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).expect("a folder");
        let file = folder.join("looks.toml");
        assert_eq!(load(&file), Ok(None));
        let looks = Looks {
            theme: "light".to_string(),
            pieces: Some("stones".to_string()),
        };
        save(&file, &looks).expect("saved");
        assert_eq!(load(&file), Ok(Some(looks.clone())));
        std::fs::write(&file, "colour = 1\n").expect("written");
        assert!(load(&file).is_err());
        assert!(
            save(&file, &looks).is_err(),
            "a foreign file is not written over"
        );
        let _ = std::fs::remove_dir_all(&folder);
    }
}
