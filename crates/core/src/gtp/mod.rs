//! The Go Text Protocol as tabletop speaks it with other programs: vertex
//! notation, GTP's clock, and outside GTP engines started as opponents.

pub mod client;
pub mod notation;
pub mod opponent;
pub mod time;
