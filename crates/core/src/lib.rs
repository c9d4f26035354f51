//! tabletop's services below every front end: the list of games, records
//! on disk, reviews, puzzles, the files other programs keep games in,
//! outside engines and the match referee. Nothing here draws on a
//! terminal or runs an async runtime; the full-screen app, the plain
//! mode, GTP and network play are built on it.

pub mod clock;
pub mod config;
pub mod counted;
pub mod files;
pub mod games;
pub mod gtp;
pub mod interchange;
pub mod line_reader;
pub mod puzzles;
pub mod rating;
pub mod referee;
pub mod review;
pub mod seat;
pub mod selfplay;
pub mod variation;

/// The engine, for the macros this crate exports (a front end's
/// dispatch names the games' types through it).
#[doc(hidden)]
pub use tabletop_engine as __engine;
