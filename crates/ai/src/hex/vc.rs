//! Virtual connections on boards up to 11×11: a player's edges are joined
//! "virtually" when every intrusion of the opponent can be answered.
//!
//! Groups of stones (and the two edges) are linked when they share two
//! empty neighbours (a bridge; a stone on the second row and its edge are
//! the same thing), and a group with a stone on the third row from an edge
//! is linked to that edge by the ziggurat (edge template IIIa, 8 empty
//! cells). A linked set keeps the empty neighbours of all its members. No
//! cell serves two links, so an intrusion into one link is answered inside
//! it, and the whole union is a connection whatever the opponent does
//! first. The set of all those cells is the connection's carrier: the
//! opponent can only break it by playing inside it. Links are taken
//! greedily, so some connections are missed, but none is invented.

use super::bits::{CellSet, Geometry};
use tabletop_engine::Player;

/// At most this many groups (edges included) are looked at.
const MAX_NODES: usize = 40;

/// Edge template IIIa (the "ziggurat") for the top edge and a stone on
/// row 2, as (row, column) offsets from the stone: its 8 empty cells. The
/// second is its mirror image.
const ZIGGURATS: [[(isize, isize); 8]; 2] = [
    [
        (0, 1),
        (-1, 0),
        (-1, 1),
        (-1, 2),
        (-2, 0),
        (-2, 1),
        (-2, 2),
        (-2, 3),
    ],
    [
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (-2, -1),
        (-2, 0),
        (-2, 1),
        (-2, 2),
    ],
];

/// Virtual connections of one board side: the geometry and, for each
/// player and each of their edges, every ziggurat on the board as (stone,
/// carrier).
pub struct Connections<B> {
    pub g: Geometry<B>,
    ziggurats: [[Vec<(B, B)>; 2]; 2],
}

impl<B: CellSet> Connections<B> {
    pub fn new(g: Geometry<B>) -> Connections<B> {
        let n = g.n as isize;
        let at = |r: isize, c: isize| -> Option<B> {
            ((0..n).contains(&r) && (0..n).contains(&c)).then(|| B::bit((r * n + c) as usize))
        };
        // Built for X's top edge, then turned half round for the bottom and
        // mirrored in the long diagonal (rows and columns exchanged) for O.
        let mut ziggurats: [[Vec<(B, B)>; 2]; 2] = Default::default();
        for c in 0..n {
            for shape in &ZIGGURATS {
                let mut carrier = Some(B::ZERO);
                let mut turned = Some(B::ZERO);
                let mut across = Some(B::ZERO);
                let mut across_turned = Some(B::ZERO);
                for &(dr, dc) in shape {
                    let (r, k) = (2 + dr, c + dc);
                    carrier = carrier.zip(at(r, k)).map(|(a, b)| a | b);
                    turned = turned.zip(at(n - 1 - r, n - 1 - k)).map(|(a, b)| a | b);
                    across = across.zip(at(k, r)).map(|(a, b)| a | b);
                    across_turned = across_turned
                        .zip(at(n - 1 - k, n - 1 - r))
                        .map(|(a, b)| a | b);
                }
                let stone = [
                    at(2, c),
                    at(n - 3, n - 1 - c),
                    at(c, 2),
                    at(n - 1 - c, n - 3),
                ];
                let places = [
                    (1, 0, carrier),
                    (1, 1, turned),
                    (0, 0, across),
                    (0, 1, across_turned),
                ];
                for (k, (player, edge, carrier)) in places.into_iter().enumerate() {
                    if let (Some(stone), Some(carrier)) = (stone[k], carrier) {
                        ziggurats[player][edge].push((stone, carrier));
                    }
                }
            }
        }
        Connections { g, ziggurats }
    }

    /// The carrier of a virtual connection of `player`'s edges with `own`
    /// stones and `empty` cells, if these simple rules find one. An empty
    /// carrier means the edges are joined already.
    pub fn edge_connection(&self, own: B, empty: B, player: Player) -> Option<B> {
        let g = &self.g;
        let (near, far) = g.edges(player);
        // Node 0: the near edge with the stones joined to it; node 1: the
        // far edge likewise; then every other group of stones.
        let near_group = g.flood(own & near, own);
        if !(near_group & far).is_zero() {
            return Some(B::ZERO);
        }
        let far_group = g.flood(own & far, own);
        let mut libs = [B::ZERO; MAX_NODES];
        let mut stones = [B::ZERO; MAX_NODES];
        libs[0] = (g.neighbours(near_group) | near) & empty;
        libs[1] = (g.neighbours(far_group) | far) & empty;
        stones[0] = near_group;
        stones[1] = far_group;
        let mut count = 2;
        let mut rest = own & !near_group & !far_group;
        while !rest.is_zero() && count < MAX_NODES {
            let group = g.flood(rest.lowest_cell(), own);
            rest &= !group;
            libs[count] = g.neighbours(group) & empty;
            stones[count] = group;
            count += 1;
        }
        // Linking merges the later node into the earlier one; `alive` marks
        // the nodes still standing for themselves.
        let mut alive: u64 = (1u64 << count) - 1;
        let mut used = B::ZERO;
        let templates = &self.ziggurats[player.index()];
        // First the links that have no choice of cells, then any.
        for wanted in [2, usize::MAX] {
            loop {
                let mut merged = false;
                for i in 0..count {
                    for j in i + 1..count {
                        if alive & (1u64 << i) == 0 || alive & (1u64 << j) == 0 {
                            continue;
                        }
                        let common = libs[i] & libs[j] & !used;
                        let shared = common.count();
                        if shared < 2 || shared > wanted {
                            continue;
                        }
                        let first = common.lowest_cell();
                        used |= first | (common & !first).lowest_cell();
                        libs[i] |= libs[j];
                        stones[i] |= stones[j];
                        alive &= !(1u64 << j);
                        merged = true;
                        if i == 0 && j == 1 {
                            return Some(used);
                        }
                    }
                }
                // A ziggurat joins a group to an edge.
                for (edge, list) in templates.iter().enumerate() {
                    for &(stone, carrier) in list {
                        let edge_node = if alive & (1 << edge) != 0 { edge } else { 0 };
                        if !(stones[edge_node] & stone).is_zero()
                            || !(carrier & !(empty & !used)).is_zero()
                        {
                            continue;
                        }
                        let Some(k) = (0..count)
                            .find(|&k| alive & (1u64 << k) != 0 && !(stones[k] & stone).is_zero())
                        else {
                            continue;
                        };
                        used |= carrier;
                        let (i, j) = (edge_node.min(k), edge_node.max(k));
                        libs[i] |= libs[j];
                        stones[i] |= stones[j];
                        alive &= !(1u64 << j);
                        merged = true;
                        if i == 0 && j == 1 {
                            return Some(used);
                        }
                    }
                }
                if !merged {
                    break;
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::hex::bits::Stones;
    use tabletop_engine::Cell;

    fn stones(g: &Geometry<u64>, cells: &[(usize, usize)]) -> u64 {
        cells
            .iter()
            .map(|&(r, c)| g.bit(Cell::new(r, c).expect("on board")))
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn bridges_and_second_row_stones_connect() {
        let g = Geometry::<u64>::new(5).expect("side 5");
        let conn = Connections::new(g);
        // O on B2 (second column) and D1 (fourth): edge templates on both
        // sides, and a bridge between them through C1 and C2.
        let own = stones(&g, &[(2, 1), (1, 3)]);
        let bridge = stones(&g, &[(1, 2), (2, 2)]);
        let carrier = conn.edge_connection(own, g.all & !own, Player::First);
        assert!(carrier.is_some_and(|c| c & bridge == bridge && c.count_ones() == 6));
        // X in the bridge: no connection left for these rules.
        let x = stones(&g, &[(1, 2)]);
        assert_eq!(
            conn.edge_connection(own, g.all & !own & !x, Player::First),
            None
        );
        // A finished chain needs nothing.
        let row: u64 = stones(&g, &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(
            conn.edge_connection(row, g.all & !row, Player::First),
            Some(0)
        );
        assert_eq!(conn.edge_connection(0, g.all, Player::First), None);
    }

    #[test]
    fn a_ziggurat_joins_a_third_row_stone_to_its_edge() {
        // X on C2 of a 5x5 board: a ziggurat to the top edge and one to
        // the bottom, which share nothing.
        let g = Geometry::<u64>::new(5).expect("side 5");
        let conn = Connections::new(g);
        let own = stones(&g, &[(2, 2)]);
        let carrier = conn.edge_connection(own, g.all & !own, Player::Second);
        assert!(carrier.is_some_and(|c| c.count_ones() == 16));
    }

    /// Whether the player to move in `s` wins, by plain minimax.
    fn minimax(g: &Geometry<u64>, s: Stones<u64>, memo: &mut HashMap<Stones<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&s) {
            return known;
        }
        let me = s.to_move;
        let empty = s.empty(g);
        let wins = (0..g.n * g.n).map(|i| 1u64 << i).any(|y| {
            if empty & y == 0 {
                return false;
            }
            let next = s.play(y);
            g.connects(next.of(me), me) || !minimax(g, next, memo)
        });
        memo.insert(s, wins);
        wins
    }

    /// A connection holds even with the opponent to move, and even when
    /// the opponent also owns every empty cell outside its carrier.
    #[test]
    fn connections_are_won_moving_second() {
        let mut rng = tabletop_engine::Rng::new(8);
        let mut found = 0;
        for (size, max_empty) in [(4, 12), (5, 12), (6, 11), (7, 10)] {
            let g = Geometry::<u64>::new(size).expect("small side");
            let conn = Connections::new(g);
            for _ in 0..300 {
                let (mut own, mut theirs) = (0u64, 0u64);
                for k in 0..rng.below(size * 3) + 2 {
                    let cell = 1u64 << rng.below(size * size);
                    if (own | theirs) & cell == 0 {
                        if k % 3 == 0 {
                            theirs |= cell
                        } else {
                            own |= cell
                        }
                    }
                }
                let player = [Player::First, Player::Second][rng.below(2)];
                let empty = g.all & !own & !theirs;
                let Some(carrier) = conn.edge_connection(own, empty, player) else {
                    continue;
                };
                assert_eq!(carrier & !empty, 0);
                if carrier.count_ones() > max_empty || carrier == 0 {
                    continue;
                }
                found += 1;
                let theirs = theirs | (empty & !carrier);
                let (first, second) = match player {
                    Player::First => (own, theirs),
                    Player::Second => (theirs, own),
                };
                let position = Stones {
                    first,
                    second,
                    to_move: player.other(),
                };
                let other = player.other();
                assert!(!g.connects(position.of(other), other));
                assert!(
                    !minimax(&g, position, &mut HashMap::new()),
                    "{size} {own:x} {theirs:x}"
                );
            }
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn the_two_by_two_board_is_a_connection_for_a_diagonal_stone() {
        // On 2x2, O's stone on B0 touches the right edge and both cells of
        // column A, which touch the left edge.
        let g = Geometry::<u64>::new(2).expect("side 2");
        let conn = Connections::new(g);
        let own = stones(&g, &[(0, 1)]);
        let carrier = conn.edge_connection(own, g.all & !own, Player::First);
        assert_eq!(carrier, Some(stones(&g, &[(0, 0), (1, 0)])));
    }
}
