//! `tabletop host` in the plain mode: how to join and watch, then the
//! game on this terminal, the host's side typed here.

use std::io::{self, Write};

use super::keyboard::Keyboard;
use super::table::Table;
use crate::plain::{PlainGame, Style};
use tabletop_engine::record::Record;
use tabletop_net::host::{HostOptions, Hosted, Hosting, Terminal};
use tabletop_net::intent::Intent;
use tabletop_net::seen::{Seen, Witness};
use tabletop_net::state::GameState;

/// The host's terminal: the game printed, the lines typed.
struct Typed<'out, G: PlainGame> {
    table: Table<'out, G>,
    keyboard: Keyboard,
}

impl<G: PlainGame> Witness<G> for Typed<'_, G> {
    fn see(&mut self, state: &GameState<G>, seen: Seen<G::Move>) -> io::Result<()> {
        self.table.see(state, seen)
    }
}

impl<G: PlainGame> Terminal<G> for Typed<'_, G> {
    async fn read(&mut self) {
        self.keyboard.read().await
    }

    fn next(&mut self, _: &GameState<G>, my_turn: bool) -> Option<Intent<G::Move>> {
        let table = &self.table;
        let line = self
            .keyboard
            .next(|line| my_turn || table.is_command(line))?;
        Some(self.table.read_typed(&line))
    }

    fn is_spent(&self) -> bool {
        self.keyboard.is_spent()
    }
}

/// Hosts `game` on `listener` until it ends: prints how to join, plays
/// the host's side as typed on `keyboard`, and returns the game's record.
pub async fn host<G: PlainGame>(
    game: G,
    listener: std::net::TcpListener,
    options: HostOptions,
    style: Style,
    keyboard: Keyboard,
    out: &mut dyn Write,
) -> io::Result<(Hosted, Record<G>)> {
    let hosting = Hosting::new(listener, options.side, None)?;
    let address = hosting.address()?;
    let (join, watch) = (hosting.join_code(), hosting.watch_code());
    writeln!(out, "Hosting {} on {address}.", G::TITLE)?;
    writeln!(out, "Join code: {join}")?;
    writeln!(out, "Watch code: {watch}")?;
    writeln!(out, "To play: tabletop join HOST:{} {join}", address.port())?;
    writeln!(
        out,
        "To watch: tabletop watch HOST:{} {watch}",
        address.port()
    )?;
    writeln!(out, "Waiting for a player to join...")?;
    out.flush()?;
    let state = GameState::new(game.clone());
    let table = Table::new(&state, style, out);
    hosting.run(game, options, Typed { table, keyboard }).await
}
