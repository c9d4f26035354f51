//! A review as text, for `tabletop review --plain`: one row per move
//! (numbered by turn as every view numbers them) with the mover's chance
//! of winning before it, the computer's preferred move and the verdict;
//! then what was forced: wins found, and wins thrown away.

use std::fmt::Write;

use super::classify::Class;
use super::judgements;
use crate::engine::Described;
use crate::engine::record::Record;
use crate::engine::record::review::{Review, Standing};

/// The review of `record` as a table and notes.
pub fn review_table<G: Described>(record: &Record<G>, review: &Review<G::Move>) -> String {
    let line = record.line();
    let judged = judgements(record, review);
    let chosen: Vec<_> = line.played().iter().filter(|p| !p.is_forced()).collect();
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
    // Whether each player's forced win has been told already.
    let mut told = [false; 2];
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
        match before.standing {
            Standing::Wins(plies) if !told[player] => {
                told[player] = true;
                notes.push(format!(
                    "Before move {number}, {mover} had a forced win within {}: {}",
                    counted(plies as usize, "ply", "plies"),
                    spelled(&before.line, plies as usize)
                ));
            }
            Standing::Wins(_) => {}
            _ => told[player] = false,
        }
        if judgement.threw_away_win {
            notes.push(format!(
                "Move {number} ({mover} {}) threw away a won game.",
                played.mv
            ));
            told[player] = false;
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

/// `1 ply`, `5 plies`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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
