//! The Go Text Protocol as tabletop speaks it with other programs: vertex
//! notation, how an engine is told of the moves played, GTP's clock, and
//! outside GTP engines started as opponents.

pub mod answer;
pub mod client;
pub mod notation;
pub mod opponent;
pub mod telling;
pub mod time;
