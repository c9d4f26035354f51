//! `tabletop --check-config`: everything the app would say about the
//! config file, all at once (the app shows only the first problem).

use std::process::ExitCode;

use super::Failure;
use crate::app::themes;
use tabletop_core::config::{self, Config};

/// Prints the config file's problems, one a line with its line number,
/// and the themes it gives; exit status 2 when something was left out.
pub(super) fn check_config() -> Result<ExitCode, Failure> {
    let Some(path) = config::path() else {
        return Err(Failure::usage("this system has no config folder"));
    };
    if !path.exists() {
        println!("{}: not there; tabletop uses its defaults", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    let config = Config::load(&path);
    let (themes, theme_notices) = themes::themes(&config);
    println!("{}", path.display());
    let names: Vec<&str> = themes.iter().map(|(name, _)| name.as_str()).collect();
    if names.is_empty() {
        println!("themes: none");
    } else {
        println!("themes: {}", names.join(", "));
    }
    let notices: Vec<_> = config.notices.iter().chain(&theme_notices).collect();
    for notice in &notices {
        println!("{notice}");
    }
    if notices.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    Err(Failure::usage(format!(
        "{} in config.toml",
        tabletop_core::counted::counted(notices.len(), "problem")
    )))
}
