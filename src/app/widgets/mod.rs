//! The pieces of the game screen, each a ratatui widget that only draws.

pub mod board;
pub mod chances;
pub mod eval_bar;
pub mod grid;
pub mod history;
pub mod keys;
pub mod reserve;
pub mod spinner;
pub mod square;
pub mod title;
pub mod typed_line;
