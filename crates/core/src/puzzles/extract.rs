//! Puzzles from the player's own games: every position of a reviewed
//! game where the player to move had a forced win (`Standing::Wins`) and
//! the move played let it go ([`Judgement::threw_away_win`]). The review's
//! forced line is the known win; the position is the game up to there.
//!
//! A game without a review gives none: reviewing takes a while, so it is
//! left to `tabletop review FILE`, and the caller says so.

use std::path::Path;

use super::{Puzzle, Source};
use crate::games::Playable;
use crate::review::classify::Judgement;
use crate::review::judgements;
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Standing, reviewed_indices};

/// The puzzles of the wins missed in `record` (kept at `path`), each
/// position once; none when the record has no review.
pub fn missed_wins<G: Playable>(record: &Record<G>, path: &Path) -> Vec<Puzzle> {
    let Some(review) = &record.review else {
        return Vec::new();
    };
    let line = record.line();
    let indices = reviewed_indices(&line);
    let judged: Vec<Judgement> = judgements(record, review);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (k, judgement) in judged.iter().enumerate() {
        if !judgement.threw_away_win {
            continue;
        }
        let (Some(before), Some(&at)) = (review.positions.get(k), indices.get(k)) else {
            continue;
        };
        let Standing::Wins(plies) = before.standing else {
            continue;
        };
        // The game up to the position: the first k moves chosen.
        let Ok(upto) = Line::replay(record.start.clone(), record.moves[..k].iter().copied()) else {
            continue;
        };
        let mut known = before.line.clone();
        if known.is_empty() {
            known.extend(before.best);
        }
        let move_number = line
            .played()
            .get(at)
            .and_then(|p| p.number)
            .unwrap_or(k + 1);
        let source = Source::Game {
            path: path.to_path_buf(),
            move_number,
        };
        let plies = plies.max(known.len() as u32);
        if let Ok(puzzle) = Puzzle::new(Record::of_line(&upto), &known, plies, source)
            && !puzzles.iter().any(|p| p.id == puzzle.id)
        {
            puzzles.push(puzzle);
        }
    }
    puzzles
}

/// What a notice says of a game without a review.
pub const NOT_REVIEWED: &str = "not reviewed yet";

/// The puzzles of every game in `paths`, each position once, and a line
/// for each file that gives none for a reason the player should know (it
/// does not load, or has no review).
pub fn from_files(paths: &[std::path::PathBuf]) -> (Vec<Puzzle>, Vec<String>) {
    struct Missed<'a>(&'a Path);
    impl crate::games::WithRecord for Missed<'_> {
        type Output = Vec<Puzzle>;
        fn run<G: Playable>(self, record: Record<G>) -> Vec<Puzzle> {
            missed_wins(&record, self.0)
        }
    }
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut notices = Vec::new();
    for path in paths {
        match crate::files::load(path) {
            Ok(record) if !record.is_reviewed() => notices.push(format!(
                "{}: {NOT_REVIEWED}, so no puzzles (tabletop review FILE reviews it)",
                path.display()
            )),
            Ok(record) => {
                for puzzle in record.with(Missed(path)) {
                    if !puzzles.iter().any(|p| p.id == puzzle.id) {
                        puzzles.push(puzzle);
                    }
                }
            }
            Err(error) => notices.push(format!("{error:#}")),
        }
    }
    (puzzles, notices)
}
