//! Virtual connections on boards up to 11×11: a player's edges are joined
//! "virtually" when every intrusion of the opponent can be answered.
//!
//! Groups of stones (and the two edges) are linked when they share two
//! empty neighbours (a bridge; a stone on the second row and its edge are
//! the same thing), and a group with a stone on the third or fourth row
//! from an edge is linked to that edge by an edge template (IIIa, the
//! ziggurat, 8 empty cells; one of the fourth row, 19). A linked set
//! keeps the empty neighbours of all its members. No
//! cell serves two links, so an intrusion into one link is answered inside
//! it, and the whole union is a connection whatever the opponent does
//! first. The set of all those cells is the connection's carrier: the
//! opponent can only break it by playing inside it. Links are taken
//! greedily, so some connections are missed, but none is invented.

use super::bits::{CellSet, Geometry};
use super::hsearch::edge_links;
use tabletop_engine::Player;

/// At most this many groups (edges included) are looked at.
const MAX_NODES: usize = 40;

/// Edge templates for the top edge, as the stone's row (0 for the row
/// along the edge) and the (row, column) offsets from the stone of its
/// empty cells; each is also taken mirrored. IIIa, the "ziggurat" (8
/// cells), and a template of the fourth row (19 cells), both found by
/// `examples/hex_templates.rs` with the exact solver.
const TEMPLATES: [(isize, &[(isize, isize)]); 2] = [
    (
        2,
        &[
            (0, 1),
            (-1, 0),
            (-1, 1),
            (-1, 2),
            (-2, 0),
            (-2, 1),
            (-2, 2),
            (-2, 3),
        ],
    ),
    (
        3,
        &[
            (0, 1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (-1, 2),
            (-1, 3),
            (-2, -1),
            (-2, 0),
            (-2, 1),
            (-2, 2),
            (-2, 3),
            (-2, 4),
            (-3, -1),
            (-3, 0),
            (-3, 1),
            (-3, 2),
            (-3, 3),
            (-3, 4),
            (-3, 5),
        ],
    ),
];

/// Virtual connections of one board side: the geometry and, for each
/// player and each of their edges, every edge template on the board as (stone,
/// carrier).
pub struct Connections<B> {
    pub g: Geometry<B>,
    templates: [[Vec<(B, B)>; 2]; 2],
}

/// What virtual connections say about a position for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outlook<B> {
    /// The mover's edges are joined, virtually, through `carrier`
    /// already (`best` empty) or after the move `best` (a one-cell set,
    /// inside `carrier`).
    Won { best: B, carrier: B },
    /// The opponent connects whatever the mover plays: `threats` is the
    /// union of the carriers that show it.
    Lost { threats: B },
    /// Every move outside `must` lets the opponent connect virtually;
    /// `threats` is the union of the carriers that show it (empty when the
    /// opponent has no such connection, and then `must` is every empty
    /// cell).
    Open { must: B, threats: B },
}

impl<B: CellSet> Connections<B> {
    /// The outlook for `me` with stones `own`, the opponent's `theirs` and
    /// the `empty` cells: won if `me` is connected virtually or can be
    /// with one stone; otherwise the cells that stop each connection the
    /// opponent has or could make with one stone.
    pub fn outlook(&self, own: B, theirs: B, empty: B, me: Player) -> Outlook<B> {
        // Won already, or with one more stone.
        if let Some(carrier) = self.edge_connection(own, empty, me) {
            return Outlook::Won {
                best: B::ZERO,
                carrier,
            };
        }
        for y in empty.ones().map(B::bit) {
            if let Some(carrier) = self.edge_connection(own | y, empty & !y, me) {
                return Outlook::Won {
                    best: y,
                    carrier: carrier | y,
                };
            }
        }
        // Where the opponent would connect: the move must stop each of those.
        let mut must = empty;
        let mut threats = B::ZERO;
        if let Some(carrier) = self.edge_connection(theirs, empty, me.other()) {
            must &= carrier;
            threats |= carrier;
        } else {
            for y in empty.ones().map(B::bit) {
                if let Some(carrier) = self.edge_connection(theirs | y, empty & !y, me.other()) {
                    must &= carrier | y;
                    threats |= carrier | y;
                    if must.is_zero() {
                        break;
                    }
                }
            }
        }
        if must.is_zero() {
            Outlook::Lost { threats }
        } else {
            Outlook::Open { must, threats }
        }
    }

    /// [`Connections::outlook`] sharpened by H-search ([`super::hsearch`])
    /// for both players: more wins and losses proved, and the must-play
    /// region cut down by every semi-connection of the opponent's it
    /// finds as well.
    pub fn deeper_outlook(&self, own: B, theirs: B, empty: B, me: Player) -> Outlook<B> {
        // A win or a loss the greedy links prove stands: H-search, being
        // sound too, cannot say otherwise.
        let greedy = self.outlook(own, theirs, empty, me);
        let Outlook::Open {
            mut must,
            mut threats,
        } = greedy
        else {
            return greedy;
        };
        let mine = edge_links(&self.g, own, empty, me, self.templates(me));
        if let Some(&carrier) = mine.full.first() {
            return Outlook::Won {
                best: B::ZERO,
                carrier,
            };
        }
        if let Some(&(best, carrier)) = mine.semi.first() {
            return Outlook::Won { best, carrier };
        }
        let other = me.other();
        let opponent = edge_links(&self.g, theirs, empty, other, self.templates(other));
        if let Some(&carrier) = opponent.full.first() {
            return Outlook::Lost { threats: carrier };
        }
        for &(_, carrier) in &opponent.semi {
            must &= carrier;
            threats |= carrier;
        }
        if must.is_zero() {
            Outlook::Lost { threats }
        } else {
            Outlook::Open { must, threats }
        }
    }

    /// [`Connections::deeper_outlook`] when `hsearch`, else
    /// [`Connections::outlook`]: the choice the tree's knowledge and the
    /// exact solver both make.
    pub fn outlook_by(&self, own: B, theirs: B, empty: B, me: Player, hsearch: bool) -> Outlook<B> {
        if hsearch {
            self.deeper_outlook(own, theirs, empty, me)
        } else {
            self.outlook(own, theirs, empty, me)
        }
    }

    /// `player`'s edge templates, (stone, carrier), for the near edge
    /// and the far edge.
    pub fn templates(&self, player: Player) -> &[Vec<(B, B)>; 2] {
        &self.templates[player.index()]
    }

    pub fn new(g: Geometry<B>) -> Connections<B> {
        let n = g.n as isize;
        let at = |r: isize, c: isize| -> Option<B> {
            ((0..n).contains(&r) && (0..n).contains(&c)).then(|| B::bit((r * n + c) as usize))
        };
        // Built for X's top edge, then turned half round for the bottom and
        // mirrored in the long diagonal (rows and columns exchanged) for O.
        let mut templates: [[Vec<(B, B)>; 2]; 2] = Default::default();
        for &(row, cells) in &TEMPLATES {
            // The mirror image keeps the edge: (dr, dc) to (dr, -dc - dr).
            let mirrored: Vec<(isize, isize)> =
                cells.iter().map(|&(dr, dc)| (dr, -dc - dr)).collect();
            for shape in [cells, mirrored.as_slice()] {
                for c in 0..n {
                    let mut carrier = Some(B::ZERO);
                    let mut turned = Some(B::ZERO);
                    let mut across = Some(B::ZERO);
                    let mut across_turned = Some(B::ZERO);
                    for &(dr, dc) in shape {
                        let (r, k) = (row + dr, c + dc);
                        carrier = carrier.zip(at(r, k)).map(|(a, b)| a | b);
                        turned = turned.zip(at(n - 1 - r, n - 1 - k)).map(|(a, b)| a | b);
                        across = across.zip(at(k, r)).map(|(a, b)| a | b);
                        across_turned = across_turned
                            .zip(at(n - 1 - k, n - 1 - r))
                            .map(|(a, b)| a | b);
                    }
                    let stone = [
                        at(row, c),
                        at(n - 1 - row, n - 1 - c),
                        at(c, row),
                        at(n - 1 - c, n - 1 - row),
                    ];
                    let places = [
                        (1, 0, carrier),
                        (1, 1, turned),
                        (0, 0, across),
                        (0, 1, across_turned),
                    ];
                    for (k, (player, edge, carrier)) in places.into_iter().enumerate() {
                        if let (Some(stone), Some(carrier)) = (stone[k], carrier) {
                            templates[player][edge].push((stone, carrier));
                        }
                    }
                }
            }
        }
        Connections { g, templates }
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
        let templates = &self.templates[player.index()];
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
                // An edge template joins a group to an edge.
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
    use super::*;
    use crate::hex::bits::Stones;
    use crate::hex::carrier_check::{holds, random_sides};
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
                let (own, theirs) = random_sides(&g, &mut rng, 2);
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
                assert!(
                    holds(&g, player, own, theirs, carrier),
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

    #[test]
    fn a_fourth_row_stone_joins_its_edge() {
        use crate::hex::solver::Solver;
        use std::sync::atomic::AtomicBool;
        // X on C3 of a 9x9 board (row 3) with a column of X down from it to
        // the bottom edge: joined to the top by a template of the fourth
        // row, or by its mirror image when O takes a cell of the first.
        let g = Geometry::<u128>::new(9).expect("side 9");
        let conn = Connections::new(g);
        let stop = AtomicBool::new(false);
        let column: u128 = (3..9).map(|r| 1u128 << (r * 9 + 2)).fold(0, |a, b| a | b);
        let stone = 1u128 << (3 * 9 + 2);
        let shapes: Vec<u128> = conn.templates[1][0]
            .iter()
            .filter(|&&(s, c)| s == stone && c.count_ones() == 19)
            .map(|&(_, c)| c)
            .collect();
        assert_eq!(shapes.len(), 2);
        let first = conn
            .edge_connection(column, g.all & !column, Player::Second)
            .expect("a connection");
        assert_eq!(first, shapes[0]);
        let blocker = (shapes[0] & !shapes[1]).lowest_cell();
        let mirrored = conn
            .edge_connection(column, g.all & !column & !blocker, Player::Second)
            .expect("the mirror image");
        assert_eq!(mirrored, shapes[1]);
        let carriers = [first, mirrored];
        for carrier in carriers {
            // O everywhere else, O to move: X still wins, for X and for O's
            // picture of it across the long diagonal.
            let o = g.all & !carrier & !column;
            let x = Stones {
                first: o,
                second: column,
                to_move: Player::First,
            };
            let verdict = Solver::new(g, crate::Deadline::unlimited(&stop))
                .solve(x)
                .expect("solved");
            assert_eq!(verdict.winner, Player::Second);
            let flip = |set: u128| {
                (0..81)
                    .filter(|&i| set >> i & 1 == 1)
                    .fold(0u128, |a, i| a | 1u128 << ((i % 9) * 9 + i / 9))
            };
            let across = conn
                .edge_connection(
                    flip(column),
                    g.all & !flip(column) & !flip(o),
                    Player::First,
                )
                .expect("O's template");
            assert_eq!(across, flip(carrier));
        }
        // Without the template, an O stone on both breaks it.
        let o = (shapes[0] & shapes[1]).lowest_cell();
        assert_eq!(
            conn.edge_connection(column, g.all & !column & !o, Player::Second),
            None
        );
    }
}
