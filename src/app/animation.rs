//! The slide of pushed pieces after a Gekitai move: a pure function of how
//! far the animation has got, so drawing it changes nothing and tests can
//! draw any moment of it.

use std::time::Duration;

use crate::engine::gekitai::Push;
use crate::engine::{Cell, Player};

/// How long pushed pieces take to slide one cell.
pub const SLIDE: Duration = Duration::from_millis(250);

/// Pieces in motion after a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Slides {
    /// The cell the new piece was placed on: pushes go away from it.
    pub placed: Cell,
    pub pushes: Vec<Push>,
    /// From 0 (start) to 1 (done).
    pub progress: f32,
}

/// Where a sliding piece is drawn, in cell units (row, column); may lie
/// beyond the board for a piece falling off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sliding {
    pub owner: Player,
    pub row: f32,
    pub col: f32,
}

impl Slides {
    pub fn new(placed: Cell, pushes: Vec<Push>) -> Slides {
        Slides {
            placed,
            pushes,
            progress: 0.0,
        }
    }

    pub fn is_done(&self) -> bool {
        self.progress >= 1.0
    }

    /// Sets the progress from the time since the animation started.
    pub fn advance(&mut self, elapsed: Duration) {
        self.progress = (elapsed.as_secs_f32() / SLIDE.as_secs_f32()).min(1.0);
    }

    /// The pieces in flight and where they are now.
    pub fn sliding(&self) -> Vec<Sliding> {
        // Ease out: quick start, gentle landing.
        let t = 1.0 - (1.0 - self.progress).powi(2);
        self.pushes
            .iter()
            .map(|push| {
                let (from_row, from_col) = (push.from.row() as f32, push.from.col() as f32);
                let row_step = from_row - self.placed.row() as f32;
                let col_step = from_col - self.placed.col() as f32;
                Sliding {
                    owner: push.owner,
                    row: from_row + row_step * t,
                    col: from_col + col_step * t,
                }
            })
            .collect()
    }

    /// The cells that the pushed pieces left (drawn empty while they slide).
    pub fn vacated(&self) -> impl Iterator<Item = Cell> + '_ {
        self.pushes.iter().map(|push| push.from)
    }

    /// The cells the pushed pieces land on (not yet drawn while they slide).
    pub fn landing(&self) -> impl Iterator<Item = Cell> + '_ {
        self.pushes.iter().filter_map(|push| push.to)
    }

    /// Pieces of `player` pushed off the board, still on their way back
    /// to the reserve.
    pub fn falling_off(&self, player: Player) -> usize {
        self.pushes
            .iter()
            .filter(|push| push.to.is_none() && push.owner == player)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col).expect("on board")
    }

    #[test]
    fn pieces_slide_away_from_the_placed_one() {
        let push = Push {
            from: cell(1, 1),
            to: Some(cell(0, 0)),
            owner: Player::Second,
        };
        let mut slides = Slides::new(cell(2, 2), vec![push]);
        assert_eq!(slides.sliding()[0].row, 1.0);
        slides.advance(SLIDE / 2);
        let halfway = slides.sliding()[0];
        assert!(halfway.row < 1.0 && halfway.row > 0.0);
        assert_eq!(halfway.row, halfway.col);
        slides.advance(SLIDE * 2);
        assert!(slides.is_done());
        assert_eq!(slides.sliding()[0].row, 0.0);
    }
}
