//! tabletop: abstract board games in the terminal.

pub mod ai;
pub mod app;
pub mod cli;
pub mod config;
pub mod engine;
pub mod files;
pub mod games;
pub mod gtp;
pub mod interchange;
pub mod net;
pub mod plain;
pub mod puzzles;
pub mod referee;
pub mod review;
pub mod seat;
pub mod selfplay;
