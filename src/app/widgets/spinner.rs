//! The spinner shown while the computer thinks: one character that turns.

use std::time::Duration;

/// The frames, in turn.
pub const FRAMES: [char; 8] = ['⣾', '⣽', '⣻', '⢿', '⡿', '⣟', '⣯', '⣷'];

/// What the ASCII mode draws instead, a frame each in turn (see
/// [`crate::app::ascii`]).
pub const ASCII_FRAMES: [char; 4] = ['|', '/', '-', '\\'];

/// How long each frame shows.
const FRAME: Duration = Duration::from_millis(100);

/// The frame to show `elapsed` after the thinking began.
pub fn frame(elapsed: Duration) -> char {
    FRAMES[(elapsed.as_millis() / FRAME.as_millis()) as usize % FRAMES.len()]
}
