//! The games as this binary's front ends play them: every game of the
//! core's list, with its full-screen board ([`GameUi`]) and its plain
//! console ([`PlainGame`]), and the dispatch from a [`GameKind`] (or a
//! record, or a setup) to generic code over them. The list itself is the
//! core's; a game without one of these traits does not compile here.

use tabletop_core::game_dispatch;
pub use tabletop_core::games::{AnyRecord, GameKind, Setup, names, read_record, titles};

use crate::app::games::GameUi;
use crate::plain::PlainGame;

/// A game people play through this binary: the core's [`Playable`] with
/// a full-screen board and a plain console.
///
/// [`Playable`]: tabletop_core::games::Playable
pub trait Interactive: tabletop_core::games::Playable + GameUi + PlainGame {}

impl<G: tabletop_core::games::Playable + GameUi + PlainGame> Interactive for G {}

tabletop_core::for_each_game!(game_dispatch, Interactive);
