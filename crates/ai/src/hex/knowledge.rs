//! What level 5's tree search learns about a position once it has been
//! visited often enough to be worth the cost: the dead and captured cells
//! filled in ([`super::inferior`]), then the virtual connections
//! ([`super::vc`]) of both players on boards up to 11×11: a win or a loss
//! they prove, or the must-play region (the moves that stop every
//! connection the opponent has or could make with one stone).

use super::bits::Geometry;
use super::board::{Board, O, Scratch};
use super::inferior;
use super::vc::{Connections, Outlook};
use tabletop_engine::Player;
use tabletop_engine::bits::Bits;

/// What a position comes to for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The mover wins: with the move at this padded cell if one is known.
    Wins(Option<u16>),
    /// The mover loses whatever they play.
    Loses,
    /// Only the moves in this set of cells (bits of [`Knowledge::bit`])
    /// can still win; all of them when the set is `None`.
    Open(Option<u128>),
}

/// Virtual connections for one board side (up to 11×11).
pub struct Knowledge {
    links: Connections<u128>,
    /// Whether H-search sharpens the greedy links ([`Connections::deeper_outlook`]).
    deep: bool,
    n: usize,
    stride: usize,
}

impl Knowledge {
    /// The knowledge of boards like `board`, if its side is at most 11;
    /// `deep` adds H-search.
    pub fn new(board: &Board, deep: bool) -> Option<Knowledge> {
        let g = Geometry::<u128>::new(board.n)?;
        Some(Knowledge {
            links: Connections::new(g),
            deep,
            n: board.n,
            stride: board.stride,
        })
    }

    /// The bit of the padded cell `i`.
    pub fn bit(&self, i: usize) -> u128 {
        1u128 << ((i / self.stride - 1) * self.n + i % self.stride - 1)
    }

    fn padded(&self, bit: usize) -> u16 {
        ((bit / self.n + 1) * self.stride + bit % self.n + 1) as u16
    }

    /// The verdict on `cells` with `mover` (O or X) to play; `spare` and
    /// `scratch` are buffers. `empties` lists at least every empty cell.
    pub fn analyse(
        &self,
        board: &Board,
        cells: &[u8],
        empties: &[u16],
        mover: u8,
        spare: &mut Vec<u8>,
        scratch: &mut Scratch,
    ) -> Verdict {
        spare.clear();
        spare.extend_from_slice(cells);
        inferior::fill(board, spare, empties, &mut Vec::new());
        if board.connects(spare, mover, scratch) {
            return Verdict::Wins(None);
        }
        if board.connects(spare, 3 - mover, scratch) {
            return Verdict::Loses;
        }
        let (mut o, mut x, mut empty) = (0u128, 0u128, 0u128);
        for r in 0..self.n {
            for c in 0..self.n {
                let bit = 1u128 << (r * self.n + c);
                match spare[(r + 1) * self.stride + c + 1] {
                    0 => empty |= bit,
                    O => o |= bit,
                    _ => x |= bit,
                }
            }
        }
        let (me, own, theirs) = if mover == O {
            (Player::First, o, x)
        } else {
            (Player::Second, x, o)
        };
        match self.links.outlook_by(own, theirs, empty, me, self.deep) {
            Outlook::Won { best, .. } => {
                Verdict::Wins((!best.is_zero()).then(|| self.padded(best.lowest())))
            }
            Outlook::Lost { .. } => Verdict::Loses,
            Outlook::Open { must, threats } => Verdict::Open((!threats.is_zero()).then_some(must)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Deadline;
    use crate::hex::solver;
    use tabletop_engine::hex::{Hex, HexMove, HexSettings};
    use tabletop_engine::{Cell, Game, Rng};

    /// Verdicts agree with the exact solver, with H-search and without: a
    /// win or a loss is one, and every move outside the must-play region
    /// loses. H-search decides at least as many positions.
    #[test]
    fn verdicts_agree_with_the_solver() {
        let plain = verdicts_checked(false);
        let deep = verdicts_checked(true);
        assert!(plain.0 > 10 && plain.1 > 10, "{plain:?}");
        assert!(
            deep.0 > plain.0,
            "H-search decides more: {deep:?} {plain:?}"
        );
    }

    /// The positions decided and narrowed, each checked by the solver.
    fn verdicts_checked(deep: bool) -> (usize, usize) {
        let mut rng = Rng::new(12);
        let stop = AtomicBool::new(false);
        let mut decided = 0;
        let mut narrowed = 0;
        for (size, stones) in [(5, 8), (6, 12), (7, 20), (7, 26)] {
            for _ in 0..40 {
                let mut hex = Hex::new(HexSettings::new(size, false).expect("size"));
                for _ in 0..stones {
                    if let Some(mv) = hex.random_move(&mut rng) {
                        hex.play_unchecked(mv);
                    }
                }
                if hex.is_over() {
                    continue;
                }
                let board = Board::from_hex(&hex);
                let knowledge = Knowledge::new(&board, deep).expect("small");
                let mover = if hex.to_move() == Player::First {
                    O
                } else {
                    3 - O
                };
                let verdict = knowledge.analyse(
                    &board,
                    &board.cells,
                    &board.empties(),
                    mover,
                    &mut Vec::new(),
                    &mut Scratch::new(&board),
                );
                let exact = solver::solve(&hex, Deadline::unlimited(&stop)).expect("solved");
                let mover_wins = exact.winner == hex.to_move();
                match verdict {
                    Verdict::Wins(best) => {
                        assert!(mover_wins, "{hex:?}");
                        decided += 1;
                        if let Some(i) = best {
                            let mut next = hex.clone();
                            next.play(HexMove::Place(board.cell(usize::from(i))))
                                .expect("legal");
                            let after = solver::solve(&next, Deadline::unlimited(&stop));
                            assert!(
                                next.is_over() || after.is_some_and(|v| v.winner == hex.to_move())
                            );
                        }
                    }
                    Verdict::Loses => {
                        assert!(!mover_wins, "{hex:?}");
                        decided += 1;
                    }
                    Verdict::Open(Some(must)) => {
                        narrowed += 1;
                        // Filled cells are left out of the tree's moves
                        // anyway (and a stone in a pair the opponent has
                        // captured is answered in the other cell, so it
                        // need not lose, only change nothing).
                        let mut filled = board.cells.clone();
                        inferior::fill(&board, &mut filled, &board.empties(), &mut Vec::new());
                        for cell in Cell::all(size) {
                            let i = board.index(cell);
                            if filled[i] != 0 || must & knowledge.bit(i) != 0 {
                                continue;
                            }
                            let mut next = hex.clone();
                            next.play(HexMove::Place(cell)).expect("legal");
                            let after = solver::solve(&next, Deadline::unlimited(&stop));
                            assert!(
                                after.is_some_and(|v| v.winner != hex.to_move()),
                                "{hex:?} {cell:?}"
                            );
                        }
                    }
                    Verdict::Open(None) => {}
                }
            }
        }
        (decided, narrowed)
    }
}
