//! A review as text, for `tabletop review --plain`: one row per move
//! (numbered by turn as every view numbers them) with the mover's chance
//! of winning before it, the computer's preferred move and the verdict;
//! then what was forced or solved: wins found (not those the game then
//! went through to the end, which are no news), draws with best play, and
//! won games thrown away, in the words of [`super::statement`].

use std::fmt::Write;

use super::classify::{Class, is_won};
use super::judgements;
use super::statement::{THREW_AWAY, about_position};
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Standing, reviewed_indices};
use tabletop_engine::{BestPlay, Described, Outcome};

/// What the notes tell once for each run of positions a player is in:
/// a won game, or a draw with best play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Told {
    Won,
    Drawn,
}

impl Told {
    fn of(standing: Standing) -> Option<Told> {
        if is_won(standing) {
            Some(Told::Won)
        } else if standing == Standing::BestPlay(BestPlay::Draw) {
            Some(Told::Drawn)
        } else {
            None
        }
    }
}

/// Whether the game went from its `at`-th position, standing so for the
/// player to move, through the forced win it had: that player won within
/// the plies the win takes.
fn played_out<G: Described>(line: &Line<G>, at: usize, standing: Standing) -> bool {
    let Standing::Wins(plies) = standing else {
        return false;
    };
    let mover = line.positions()[at].to_move();
    line.game().outcome() == Some(Outcome::Win(mover)) && line.played().len() - at <= plies as usize
}

/// The review of `record` as a table and notes.
pub fn review_table<G: Described>(record: &Record<G>, review: &Review<G::Move>) -> String {
    let line = record.line();
    let judged = judgements(record, review);
    let chosen: Vec<_> = line.played().iter().filter(|p| !p.is_forced()).collect();
    let at = reviewed_indices(&line);
    let mut text = format!(
        "Review of {} at level {}\n\n{:>4}  {:<10} {:>6}  {:<8} {}\n",
        G::NAME,
        review.level,
        "#",
        "move",
        "chance",
        "best",
        "verdict"
    );
    let mut notes = Vec::new();
    // What has been told of each player's current run of positions.
    let mut told: [Option<Told>; 2] = [None; 2];
    for (k, (played, judgement)) in chosen.iter().zip(&judged).enumerate() {
        let number = played.number.unwrap_or(0);
        let mover = G::symbol(played.mover);
        let before = &review.positions[k];
        let best = before.best.map_or(String::new(), |mv| mv.to_string());
        let verdict = match judgement.class {
            Class::Best | Class::Good => judgement.class.label(),
            class => format!(
                "{} ({:+.0} points)",
                class.label(),
                (judgement.after - judgement.before) * 100.0
            ),
        };
        let _ = writeln!(
            text,
            "{number:>4}  {:<10} {:>5.0}%  {best:<8} {verdict}",
            format!("{mover} {}", played.mv),
            judgement.before * 100.0
        );
        let player = played.mover.index();
        let now = Told::of(before.standing);
        if now.is_some() && now != told[player] && !played_out(&line, at[k], before.standing) {
            let position = &line.positions()[at[k]];
            if let Some(statement) = about_position(position, before) {
                notes.push(format!("Before move {number}, {statement}"));
            }
        }
        told[player] = now;
        if judgement.threw_away_win {
            notes.push(format!(
                "Move {number} ({mover} {}) {THREW_AWAY}.",
                played.mv
            ));
            told[player] = None;
        }
    }
    if !notes.is_empty() {
        text.push('\n');
        for note in notes {
            text += &note;
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU32;

    use super::*;
    use tabletop_engine::gekitai::Gekitai;
    use tabletop_engine::record::review::Reviewed;
    use tabletop_engine::reversi::Reversi;

    /// A Gekitai game X won with its 13th move, E3, reviewed as even
    /// chances but for the positions `known` names (by how many moves were
    /// played before them).
    fn gekitai_won_at_move_13(known: &[(usize, Standing)]) -> String {
        let moves = "E4 C6 D5 B1 D3 E4 C4 B6 D3 E4 A6 F6 E3";
        let mut record = Record::new(Gekitai::default());
        record.moves = moves
            .split(' ')
            .map(|m| m.parse().expect("notation"))
            .collect();
        let mut positions: Vec<Reviewed<_>> = (0..=record.moves.len())
            .map(|_| Reviewed {
                standing: Standing::Chance(50.0),
                best: None,
                line: Vec::new(),
            })
            .collect();
        for &(at, standing) in known {
            positions[at].standing = standing;
            positions[at].best = Some("E2".parse().expect("notation"));
        }
        positions[13].standing = Standing::Loses(0);
        review_table(
            &record,
            &Review {
                level: 1,
                positions,
            },
        )
    }

    #[test]
    fn a_forced_win_the_game_went_through_is_no_news() {
        // E3 won at once where the computer preferred E2: best, unnoted.
        let table = gekitai_won_at_move_13(&[(12, Standing::Wins(1))]);
        assert!(
            table.contains("  13  X E3         100%  E2       best\n"),
            "{table}"
        );
        assert!(!table.contains("Before move"), "{table}");
        // Two moves before it, X won within the 3 plies of the win.
        let (wins, loses) = (Standing::Wins, Standing::Loses);
        let on_time = gekitai_won_at_move_13(&[(10, wins(3)), (11, loses(2)), (12, wins(1))]);
        assert!(!on_time.contains("Before move"), "{on_time}");
        // A win within 1 ply that took 3 is news: a quicker way.
        let slower = gekitai_won_at_move_13(&[(10, wins(1)), (11, loses(2)), (12, wins(1))]);
        assert!(
            slower.ends_with("\n\nBefore move 11, X had a forced win within 1 ply: …\n"),
            "{slower}"
        );
    }

    /// A Reversi game of two moves: Black's d3 turns a win by 6 discs into
    /// a draw with best play, which White's c5 keeps.
    #[test]
    fn solved_positions_and_a_won_game_thrown_away_are_noted() {
        let mut record = Record::new(Reversi::default());
        record.moves = ["d3", "c5"].map(|m| m.parse().expect("notation")).to_vec();
        let at = |standing, best: Option<&str>, line: &[&str]| Reviewed {
            standing,
            best: best.map(|b| b.parse().expect("notation")),
            line: line.iter().map(|m| m.parse().expect("notation")).collect(),
        };
        let won = Standing::BestPlay(BestPlay::Win(NonZeroU32::new(6)));
        let drawn = Standing::BestPlay(BestPlay::Draw);
        let review = Review {
            level: 3,
            positions: vec![
                at(won, Some("d3"), &["d3", "c5"]),
                at(drawn, Some("c5"), &["c5"]),
                at(drawn, Some("e6"), &[]),
            ],
        };
        let table = review_table(&record, &review);
        let notes = table.split("\n\n").nth(2).expect("notes");
        assert_eq!(
            notes,
            "Before move 1, B wins by 6 discs with best play (solved exactly): d3 c5 …\n\
             Move 1 (B d3) threw away a won game.\n\
             Before move 2, B and W draw with best play (solved exactly): c5 …\n",
            "{table}"
        );
        assert!(
            table.contains("   1  B d3         100%  d3       blunder ?? (-50 points)"),
            "{table}"
        );
    }
}
