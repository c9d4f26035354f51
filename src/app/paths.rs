//! Paths as the player types and reads them: `~` for the home folder, at
//! the start of a path typed and of a path shown.

use std::path::{Path, PathBuf};

use directories::BaseDirs;

/// The player's home folder, if the system has one.
fn home() -> Option<PathBuf> {
    BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf())
}

/// The path `typed` names: `~/games/a.toml` in the home folder.
pub fn typed(typed: &str) -> PathBuf {
    match (typed.strip_prefix("~/"), home()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ if typed == "~" => home().unwrap_or_else(|| PathBuf::from(typed)),
        _ => PathBuf::from(typed),
    }
}

/// `path` as shown to the player: `~/…` when it is in the home folder.
pub fn shown(path: &Path) -> String {
    match home().and_then(|home| path.strip_prefix(home).ok().map(Path::to_path_buf)) {
        Some(rest) if rest.as_os_str().is_empty() => "~".to_string(),
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_folder_is_a_tilde_both_ways() {
        let Some(home) = home() else {
            return;
        };
        let path = typed("~/games/a.toml");
        assert_eq!(path, home.join("games/a.toml"));
        assert_eq!(shown(&path), "~/games/a.toml");
        assert_eq!(typed("/tmp/a.toml"), PathBuf::from("/tmp/a.toml"));
        assert_eq!(shown(Path::new("/tmp/a.toml")), "/tmp/a.toml");
        assert_eq!(typed("~other/a.toml"), PathBuf::from("~other/a.toml"));
    }
}
