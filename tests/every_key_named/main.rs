//! Every key a screen's footer or help names does what it says, on every
//! screen of the app and for every game: each screen is drawn, the keys
//! its footer names and those its help lists are read off the screen, and
//! each is pressed on a fresh copy of the screen; then what changed is
//! looked at, by what the footer or the help says the key does. A footer
//! or a help line saying something this test does not know fails it, so
//! a new key is tested when it is named.
//!
//! The helpers first (reading the screen, pressing a key, what each
//! thing said is seen to do, the scenes), then a file a screen or area.

#[path = "../common/mod.rs"]
mod common;

mod checks;
mod drive;
mod scenes;
mod screen;

mod analysis;
mod door;
mod game;
mod lobby;
mod puzzle;
mod replay;
mod start;

/// Big enough for every help to show whole and every footer to name all
/// its keys.
pub(crate) const SIZE: (u16, u16) = (120, 50);
