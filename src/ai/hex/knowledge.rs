//! What level 5's tree search knows about a position beyond its playouts
//! (boards up to 11×11): virtual connections ([`super::vc`]) prove wins
//! and cut the moves to the must-play region when the opponent threatens
//! to connect, and dead cells ([`super::inferior`]) are never played.

use super::bits::Geometry;
use super::inferior;
use super::mcts::{Board, EMPTY, O};
use super::vc::{Connections, Outlook};
use crate::engine::Player;

/// The moves worth searching in a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pruned {
    /// This move wins (virtual connections prove it).
    Wins(usize),
    /// Only these cells (padded indices) are worth trying.
    Keep(Vec<u16>),
}

/// Virtual connections for one board side.
pub struct Knowledge {
    links: Connections<u128>,
}

impl Knowledge {
    /// Knowledge for boards of `board`'s side, if it fits 128 bits.
    pub fn new(board: &Board) -> Option<Knowledge> {
        Geometry::<u128>::new(board.n()).map(|g| Knowledge {
            links: Connections::new(g),
        })
    }

    fn bit(&self, board: &Board, i: usize) -> u128 {
        self.links.g.bit(board.cell(i))
    }

    /// The moves worth searching for `mover` (a colour of `cells`) among
    /// the empty cells `empties`: a proved win, the must-play region (the
    /// cells of the opponent's connections when lost, to resist longest),
    /// and never a dead cell unless nothing else is left.
    pub fn prune(&self, board: &Board, cells: &[u8], empties: &[u16], mover: u8) -> Pruned {
        let (mut own, mut theirs) = (0u128, 0u128);
        let mut empty = 0u128;
        for i in board.playing_cells() {
            let bit = self.bit(board, i);
            match cells[i] {
                EMPTY => empty |= bit,
                c if c == mover => own |= bit,
                _ => theirs |= bit,
            }
        }
        let me = if mover == O {
            Player::First
        } else {
            Player::Second
        };
        let wanted = match self.links.outlook(own, theirs, empty, me) {
            Outlook::Won { best, carrier } => {
                let win = if best != 0 { best } else { carrier & empty };
                if let Some(&i) = empties.iter().find(|&&i| self.bit(board, i as usize) & win != 0) {
                    return Pruned::Wins(i as usize);
                }
                empty
            }
            Outlook::Lost { threats } if threats & empty != 0 => threats & empty,
            Outlook::Lost { .. } => empty,
            Outlook::Open { must, .. } => must,
        };
        let inside: Vec<u16> = empties
            .iter()
            .copied()
            .filter(|&i| self.bit(board, i as usize) & wanted != 0)
            .collect();
        let alive: Vec<u16> = inside
            .iter()
            .copied()
            .filter(|&i| !inferior::is_dead(board, cells, i as usize))
            .collect();
        Pruned::Keep(if alive.is_empty() { inside } else { alive })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Cell, Game};
    use crate::engine::hex::{Hex, HexMove, HexSettings};

    fn game(size: usize, moves: &str) -> Hex {
        let mut hex = Hex::new(HexSettings::new(size, false).expect("valid size"));
        for mv in moves.split_whitespace() {
            hex.play(mv.parse().expect("well formed")).expect("legal");
        }
        hex
    }

    fn pruned(hex: &Hex) -> (Board, Pruned) {
        let board = Board::from_hex(hex);
        let knowledge = Knowledge::new(&board).expect("fits");
        let mover = crate::ai::cells::colour(hex.to_move());
        let empties = board.empties();
        let pruned = knowledge.prune(&board, &board.cells, &empties, mover);
        (board, pruned)
    }

    #[test]
    fn a_bridge_intrusion_is_a_proved_win_to_answer() {
        // O: B2 on the left edge's template, bridged to D1 on the right's;
        // X breaks into the bridge at C1, and only C2 keeps O's connection.
        let (board, pruned) = pruned(&game(5, "B2 C1 D1 A4"));
        let c2 = Cell::new(2, 2).expect("on board");
        assert_eq!(pruned, Pruned::Wins(board.index(c2)));
    }

    #[test]
    fn the_opponents_threat_cuts_the_moves_down() {
        // 11x11, X to move; O's stones in a line of bridges from the left
        // edge to H2 need only one more stone to connect to the right.
        let hex = game(11, "B5 A0 D4 A1 F3 A2 H2");
        let (board, pruned) = pruned(&hex);
        let Pruned::Keep(moves) = pruned else {
            panic!("no proved win for X here");
        };
        let empties = board.empties();
        assert!(!moves.is_empty() && moves.len() < empties.len() / 2);
        // Every other move (dead cells aside) lets O connect virtually.
        let knowledge = Knowledge::new(&board).expect("fits");
        for &i in empties.iter().filter(|i| !moves.contains(i)) {
            if inferior::is_dead(&board, &board.cells, i as usize) {
                continue;
            }
            let mut cells = board.cells.clone();
            cells[i as usize] = crate::ai::cells::colour(hex.to_move());
            let left: Vec<u16> = empties.iter().copied().filter(|&j| j != i).collect();
            assert!(
                matches!(knowledge.prune(&board, &cells, &left, O), Pruned::Wins(_)),
                "{}",
                HexMove::Place(board.cell(i as usize))
            );
        }
    }
}
