//! How an outside engine hears of a move: `play COLOUR VERTEX`, black
//! moving first. The referee and every engine seat tell moves through
//! here, so they follow one rule for the moves a game makes by itself
//! (Reversi's pass when a player has no move). GTP engines disagree over
//! those: some want to be told, as Go engines are told of every pass;
//! others keep track of passes themselves and know no `pass` vertex
//! (gtp-rhino answers `? syntax error`). So a forced move is told, and an
//! engine refusing it is taken at its word: it passed by itself.

use std::time::Duration;

use super::client::{GtpClient, Refusal};
use super::notation::to_vertex;
use tabletop_engine::{Described, Player};

/// GTP's colour of `player`: black moves first.
pub fn color(player: Player) -> &'static str {
    match player {
        Player::First => "b",
        Player::Second => "w",
    }
}

/// Whether an engine took a move it was told.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Heard {
    /// It played the move on its board: `undo` takes it back.
    Played,
    /// It refused a move the game forced, which it keeps track of by
    /// itself: its `undo` skips it.
    Knew,
}

/// Tells `engine` that `mover` played `mv`; `forced` when the game made
/// the move by itself (the rule above). Any other refusal, and any failure
/// to answer within `patience`, is an error.
pub fn tell<G: Described>(
    engine: &mut GtpClient,
    mover: Player,
    mv: &G::Move,
    forced: bool,
    patience: Duration,
) -> anyhow::Result<Heard> {
    let command = format!("play {} {}", color(mover), to_vertex::<G>(mv));
    match engine.send(&command, patience) {
        Ok(_) => Ok(Heard::Played),
        Err(error) if forced && error.is::<Refusal>() => Ok(Heard::Knew),
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Cell;
    use tabletop_engine::reversi::{Reversi, ReversiMove};

    const PATIENCE: Duration = Duration::from_secs(30);

    #[test]
    fn only_a_forced_move_may_be_refused() {
        // gtp-rhino knows no pass: it refuses one even when it is due.
        let mut rhino = GtpClient::spawn("/usr/games/gtp-rhino -l 1").expect("sh runs");
        rhino.send("boardsize 8", PATIENCE).expect("gtp-rhino runs");
        let pass = ReversiMove::Pass;
        let heard = tell::<Reversi>(&mut rhino, Player::First, &pass, true, PATIENCE);
        assert_eq!(heard.expect("a forced pass may be refused"), Heard::Knew);
        let error = tell::<Reversi>(&mut rhino, Player::First, &pass, false, PATIENCE)
            .expect_err("a pass the game did not force may not");
        assert!(error.is::<Refusal>(), "{error}");
        // A chosen move is told; told twice, its cell is taken.
        let d3 = ReversiMove::Place(Cell::new(2, 3).expect("a cell"));
        let heard = tell::<Reversi>(&mut rhino, Player::First, &d3, false, PATIENCE);
        assert_eq!(heard.expect("a legal move"), Heard::Played);
        let error = tell::<Reversi>(&mut rhino, Player::First, &d3, false, PATIENCE)
            .expect_err("a taken cell");
        assert!(
            error.to_string().contains("refused \"play b d3\""),
            "{error}"
        );
    }

    #[test]
    fn an_engine_that_fails_over_a_forced_move_has_failed() {
        let mut gone = GtpClient::spawn("exit 0").expect("sh runs");
        let error = tell::<Reversi>(
            &mut gone,
            Player::Second,
            &ReversiMove::Pass,
            true,
            PATIENCE,
        )
        .expect_err("no engine");
        assert!(!error.is::<Refusal>(), "{error}");
    }
}
