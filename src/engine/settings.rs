//! Refusals of game settings: which setting, what it may be, what was asked.

use std::fmt;

/// The settings a game may have, named as on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setting {
    Size,
    Pieces,
    Line,
}

impl Setting {
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Size => "size",
            Setting::Pieces => "pieces",
            Setting::Line => "line",
        }
    }
}

/// A setting outside what the game allows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SettingError {
    pub setting: Setting,
    /// What the setting may be, e.g. `between 4 and 26`.
    pub allowed: String,
    pub got: usize,
}

impl SettingError {
    /// Checks that `min <= got <= max`, with `context` (e.g. ` on a 6x6
    /// board`) added to the message when the range depends on other settings.
    pub fn check_range(
        setting: Setting,
        got: usize,
        min: usize,
        max: usize,
        context: &str,
    ) -> Result<(), SettingError> {
        if (min..=max).contains(&got) {
            Ok(())
        } else {
            Err(SettingError {
                setting,
                allowed: format!("between {min} and {max}{context}"),
                got,
            })
        }
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--{} must be {} (got {})",
            self.setting.name(),
            self.allowed,
            self.got
        )
    }
}

impl std::error::Error for SettingError {}
