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
//! a file that is not one of these is never written over.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
