//! Players' ratings: Glicko-2 ([`glicko2`]), the pure arithmetic of a
//! rating period, with nothing about who played or where it is kept.

pub mod glicko2;

pub use glicko2::{Outcome, Rating};
