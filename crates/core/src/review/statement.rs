//! What a review proves, in words, written once for every view of it (the
//! plain table, the replay viewer): a forced win and its line, how the
//! game ends with best play where a game's exact solver settled it, and a
//! move that threw a won game away. Each sentence claims only what the
//! review holds: a solver's win has no length, so none is given.

use super::classify::Judgement;
use super::judgements;
use crate::counted::counted_as;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing, reviewed_indices};
use tabletop_engine::{BestPlay, Described, Player};

/// What a move that let a won game go did, after whoever played it.
pub const THREW_AWAY: &str = "threw away a won game";

/// What a proved result is said to hold under.
pub const WITH_BEST_PLAY: &str = "with best play";

/// `X wins with best play`: a winner the game knows (a hint adds it).
pub fn wins_with_best_play(symbol: char) -> String {
    format!("{symbol} wins {WITH_BEST_PLAY}")
}

/// What the review proved about the `k`-th position it covers (`k`
/// indexes `review.positions`: each position a move was chosen in, then
/// the end), if anything: `X had a forced win within 5 plies: C3 D4 …`,
/// `B wins by 6 discs with best play (solved exactly): c4 b5 …`. `None`
/// for a position judged by a chance, for the end, and for a `k` past the
/// review.
pub fn position_statement<G: Described>(
    record: &Record<G>,
    review: &Review<G::Move>,
    k: usize,
) -> Option<String> {
    let line = record.line();
    let at = *reviewed_indices(&line).get(k)?;
    about_position(line.positions().get(at)?, review.positions.get(k)?)
}

/// What the review says of the `k`-th move chosen in the game (the one
/// played in the `k`-th position [`position_statement`] speaks of), if
/// anything: `This move threw away a won game.`
pub fn move_statement<G: Described>(
    record: &Record<G>,
    review: &Review<G::Move>,
    k: usize,
) -> Option<String> {
    about_move(judgements(record, review).get(k)?)
}

/// [`move_statement`] from the move's judgement, for a view that keeps
/// the judgements ([`super::judgements`]).
pub fn about_move(judgement: &Judgement) -> Option<String> {
    judgement
        .threw_away_win
        .then(|| format!("This move {THREW_AWAY}."))
}

/// [`position_statement`] from the position itself and its review, for a
/// view that keeps the game's positions.
pub fn about_position<G: Described>(position: &G, reviewed: &Reviewed<G::Move>) -> Option<String> {
    let mover = position.to_move();
    let symbol = |player: Player| G::symbol(player);
    match reviewed.standing {
        Standing::Wins(plies) if plies > 0 => Some(format!(
            "{} had a forced win within {}: {}",
            symbol(mover),
            counted_as(plies as usize, "ply", "plies"),
            spelled(&reviewed.line, plies as usize)
        )),
        Standing::Loses(plies) if plies > 0 => Some(format!(
            "{} had a forced win within {}, {} to move: {}",
            symbol(mover.other()),
            counted_as(plies as usize, "ply", "plies"),
            symbol(mover),
            spelled(&reviewed.line, plies as usize)
        )),
        Standing::BestPlay(best_play) => {
            let outcome = match best_play {
                BestPlay::Win(_) => format!("{} wins{}", symbol(mover), by::<G>(best_play)),
                BestPlay::Loss(_) => {
                    format!("{} wins{}", symbol(mover.other()), by::<G>(best_play))
                }
                BestPlay::Draw => format!(
                    "{} and {} draw",
                    symbol(Player::First),
                    symbol(Player::Second)
                ),
            };
            Some(format!(
                "{outcome} {WITH_BEST_PLAY} (solved exactly){}",
                way(position, reviewed)
            ))
        }
        _ => None,
    }
}

/// ` by 6 discs`: the winner's margin in the game's unit, if there is one.
fn by<G: Described>(best_play: BestPlay) -> String {
    match (best_play.margin(), G::MARGIN_UNIT) {
        (Some(0) | None, _) => String::new(),
        (Some(n), Some((one, many))) => format!(" by {}", counted_as(n as usize, one, many)),
        (Some(n), None) => format!(" by {n}"),
    }
}

/// `: c4 b5 a6 …`: the solved position's line, with `…` where it stops
/// before the game ends; `: best F3` without one.
fn way<G: Described>(position: &G, reviewed: &Reviewed<G::Move>) -> String {
    if reviewed.line.is_empty() {
        return reviewed
            .best
            .map_or(String::new(), |mv| format!(": best {mv}"));
    }
    let mut after = position.clone();
    let mut shown: Vec<String> = Vec::new();
    for &mv in &reviewed.line {
        if after.play(mv).is_err() {
            break;
        }
        shown.push(mv.to_string());
    }
    if !after.is_over() {
        shown.push("…".to_string());
    }
    format!(": {}", shown.join(" "))
}

/// A forced line, with `…` where the review knows less of it than the
/// `plies` it takes.
fn spelled<M: ToString>(line: &[M], plies: usize) -> String {
    let mut shown: Vec<String> = line.iter().map(ToString::to_string).collect();
    if line.len() < plies {
        shown.push("…".to_string());
    }
    shown.join(" ")
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU32;

    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;
    use tabletop_engine::hex::{Hex, HexSettings};
    use tabletop_engine::reversi::Reversi;

    fn at<G: Described>(standing: Standing, best: Option<&str>, line: &[&str]) -> Reviewed<G::Move>
    where
        <G::Move as std::str::FromStr>::Err: std::fmt::Debug,
    {
        Reviewed {
            standing,
            best: best.map(|b| b.parse().expect("notation")),
            line: line.iter().map(|m| m.parse().expect("notation")).collect(),
        }
    }

    /// A Reversi game of one move, d3, reviewed as a win by 6 discs for
    /// Black that the move turned into a draw.
    fn thrown_away() -> (
        Record<Reversi>,
        Review<<Reversi as tabletop_engine::Game>::Move>,
    ) {
        let mut record = Record::new(Reversi::default());
        record.moves = vec!["d3".parse().expect("notation")];
        let won = BestPlay::Win(NonZeroU32::new(6));
        let review = Review {
            level: 3,
            positions: vec![
                at::<Reversi>(Standing::BestPlay(won), Some("d3"), &["d3", "c5"]),
                at::<Reversi>(Standing::BestPlay(BestPlay::Draw), Some("c5"), &[]),
            ],
        };
        (record, review)
    }

    #[test]
    fn a_solved_reversi_position_says_who_wins_by_how_many_discs() {
        let (record, review) = thrown_away();
        assert_eq!(
            position_statement(&record, &review, 0).as_deref(),
            Some("B wins by 6 discs with best play (solved exactly): d3 c5 …")
        );
        assert_eq!(
            position_statement(&record, &review, 1).as_deref(),
            Some("B and W draw with best play (solved exactly): best c5")
        );
        assert_eq!(position_statement(&record, &review, 2), None);
        assert_eq!(
            move_statement(&record, &review, 0).as_deref(),
            Some("This move threw away a won game.")
        );
        assert_eq!(move_statement(&record, &review, 1), None);
    }

    #[test]
    fn a_solved_hex_position_gives_no_length() {
        let game = Hex::new(HexSettings::new(3, false).expect("valid"));
        let won = at::<Hex>(Standing::BestPlay(BestPlay::Win(None)), Some("B1"), &["B1"]);
        assert_eq!(
            about_position(&game, &won).as_deref(),
            Some("O wins with best play (solved exactly): B1 …")
        );
        let lost = at::<Hex>(Standing::BestPlay(BestPlay::Loss(None)), None, &[]);
        assert_eq!(
            about_position(&game, &lost).as_deref(),
            Some("X wins with best play (solved exactly)")
        );
        // A line that ends the game has no `…`: O joins A1 to C1.
        let mut late = game.clone();
        for mv in ["A1", "A0", "C1", "C0"] {
            late.play(mv.parse().expect("cell")).expect("legal");
        }
        assert_eq!(
            about_position(&late, &won).as_deref(),
            Some("O wins with best play (solved exactly): B1")
        );
    }

    #[test]
    fn forced_wins_keep_their_length_and_chances_say_nothing() {
        let game = Gekitai::default();
        let wins = at::<Gekitai>(Standing::Wins(5), Some("C3"), &["C3", "D4"]);
        assert_eq!(
            about_position(&game, &wins).as_deref(),
            Some("X had a forced win within 5 plies: C3 D4 …")
        );
        let loses = at::<Gekitai>(Standing::Loses(1), Some("C3"), &["C3"]);
        assert_eq!(
            about_position(&game, &loses).as_deref(),
            Some("O had a forced win within 1 ply, X to move: C3")
        );
        for standing in [Standing::Chance(40.0), Standing::Drawn, Standing::Wins(0)] {
            assert_eq!(
                about_position(&game, &at::<Gekitai>(standing, None, &[])),
                None
            );
        }
    }
}
