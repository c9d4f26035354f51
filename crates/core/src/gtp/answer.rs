//! An outside engine's answer to `genmove`, read and checked by the rules:
//! a move, or `resign`. Anything else is no move, and the reason says what
//! the engine did (its answer escaped and cut short), to follow its name in
//! a message: the app's seat and the match referee both read answers here.

use super::notation::from_vertex;
use tabletop_engine::Described;
use tabletop_engine::quote::quote_at_most;

/// What the engine decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice<M> {
    Play(M),
    /// It answered `resign`.
    Resign,
}

/// The most characters of a bad answer a message shows.
const SHOWN: usize = 40;

/// Reads `answer`, an engine's answer to `genmove` in `game`: its move if
/// the rules allow it there, or `resign`; otherwise what the engine did
/// ("answered genmove with …, not a move").
pub fn read_genmove<G: Described>(game: &G, answer: &str) -> Result<Choice<G::Move>, String> {
    let vertex = answer.trim();
    if vertex.eq_ignore_ascii_case("resign") {
        return Ok(Choice::Resign);
    }
    let shown = quote_at_most(vertex, SHOWN);
    let mv = from_vertex::<G>(vertex)
        .ok_or_else(|| format!("answered genmove with {shown}, not a move"))?;
    game.check(mv)
        .map_err(|e| format!("played {shown}, which is illegal: {e}"))?;
    Ok(Choice::Play(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn answers_are_moves_resignations_or_said_why_not() {
        let mut game = Gekitai::default();
        let Ok(Choice::Play(c3)) = read_genmove(&game, " C3 ") else {
            panic!("C3 is a move");
        };
        assert_eq!(read_genmove(&game, "Resign"), Ok(Choice::Resign));
        let not_a_move = read_genmove(&game, "\u{1b}[31mZZ99").expect_err("not a move");
        assert_eq!(
            not_a_move,
            "answered genmove with \"\\u{1b}[31mZZ99\", not a move"
        );
        game.play(c3).expect("legal");
        let taken = read_genmove(&game, "c3").expect_err("taken");
        assert!(
            taken.starts_with("played c3, which is illegal: "),
            "{taken}"
        );
    }
}
