//! What moves on the board after a move: Gekitai's pushed pieces slide,
//! Reversi's outflanked discs turn one after another. Both are pure
//! functions of how far the animation has got, so drawing them changes
//! nothing and tests can draw any moment.

use std::time::Duration;

use tabletop_engine::gekitai::Push;
use tabletop_engine::{Cell, Player};

/// How long pushed pieces take to slide one cell.
pub const SLIDE: Duration = Duration::from_millis(250);
/// How long all the flipped discs of a move take to turn.
pub const FLIP: Duration = Duration::from_millis(300);

/// An animation under way.
#[derive(Clone, Debug, PartialEq)]
pub enum Animation {
    Slides(Slides),
    Flips(Flips),
}

impl Animation {
    fn duration(&self) -> Duration {
        match self {
            Animation::Slides(_) => SLIDE,
            Animation::Flips(_) => FLIP,
        }
    }

    fn progress_mut(&mut self) -> &mut f32 {
        match self {
            Animation::Slides(slides) => &mut slides.progress,
            Animation::Flips(flips) => &mut flips.progress,
        }
    }

    /// Sets the progress from the time since the animation started.
    pub fn advance(&mut self, elapsed: Duration) {
        let progress = (elapsed.as_secs_f32() / self.duration().as_secs_f32()).min(1.0);
        *self.progress_mut() = progress;
    }

    pub fn is_done(&mut self) -> bool {
        *self.progress_mut() >= 1.0
    }
}

/// Pieces pushed by a Gekitai move.
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

/// Discs turned by a Reversi move, nearest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Flips {
    pub flipped: Vec<Cell>,
    /// The colour they turn to.
    pub to: Player,
    pub progress: f32,
}

impl Flips {
    pub fn new(flipped: Vec<Cell>, to: Player) -> Flips {
        Flips {
            flipped,
            to,
            progress: 0.0,
        }
    }

    /// The discs not yet turned: still the other colour.
    pub fn unturned(&self) -> &[Cell] {
        let turned = (self.progress * self.flipped.len() as f32).floor() as usize;
        &self.flipped[turned.min(self.flipped.len())..]
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
        let mut animation = Animation::Slides(Slides::new(cell(2, 2), vec![push]));
        let Animation::Slides(slides) = &animation else {
            unreachable!()
        };
        assert_eq!(slides.sliding()[0].row, 1.0);
        animation.advance(SLIDE / 2);
        let Animation::Slides(slides) = &animation else {
            unreachable!()
        };
        let halfway = slides.sliding()[0];
        assert!(halfway.row < 1.0 && halfway.row > 0.0);
        assert_eq!(halfway.row, halfway.col);
        animation.advance(SLIDE * 2);
        assert!(animation.is_done());
        let Animation::Slides(slides) = &animation else {
            unreachable!()
        };
        assert_eq!(slides.sliding()[0].row, 0.0);
    }

    #[test]
    fn discs_turn_one_after_another() {
        let flipped = vec![cell(3, 3), cell(3, 4), cell(3, 5)];
        let mut animation = Animation::Flips(Flips::new(flipped, Player::First));
        let unturned = |a: &Animation| match a {
            Animation::Flips(flips) => flips.unturned().len(),
            Animation::Slides(_) => unreachable!(),
        };
        assert_eq!(unturned(&animation), 3);
        animation.advance(FLIP / 2);
        assert_eq!(unturned(&animation), 2);
        animation.advance(FLIP);
        assert_eq!(unturned(&animation), 0);
        assert!(animation.is_done());
    }
}
