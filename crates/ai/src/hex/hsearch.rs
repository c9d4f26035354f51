//! H-search (Anshelevich's rules for virtual connections), closing over
//! the connections between every pair of a player's "points": their two
//! edges, their groups of stones and the empty cells.
//!
//! - Two points side by side are connected with nothing to defend (as is
//!   a cell and the edge it touches), and an edge template of
//!   [`super::vc`] connects its stone's cell to its edge.
//! - **And**: `x`–`z` and `z`–`y` connected through carriers that share
//!   no cell (neither holding the other end) make `x`–`y` connected when
//!   `z` is the player's stone, or *semi*-connected when `z` is empty:
//!   the player must first take `z`, its key.
//! - **Or**: semi-connections of `x`–`y` whose carriers have no cell in
//!   common make a full connection: whatever the opponent plays, one key
//!   is left.
//!
//! A connection holds with the opponent to move; a semi-connection needs
//! the player to move first. Lists are kept short (a few per pair) and the
//! work is capped, so some connections are missed but none is invented.
//! [`super::vc`]'s greedy links find what this does not in some positions
//! (its fourth-row template); the outlook asks both.

use super::bits::{CellSet, Geometry};
use tabletop_engine::Player;

/// At most this many full connections kept for one pair of points.
const FULL_PER_PAIR: usize = 3;
/// At most this many semi-connections kept for one pair of points.
const SEMI_PER_PAIR: usize = 6;
/// At most this many connections (of both kinds) are combined in one
/// search, which bounds its time on the most tangled boards.
const MOST_WORK: usize = 6_000;

/// The near edge's point; the far edge's is `FAR`.
const NEAR: usize = 0;
const FAR: usize = 1;

/// What H-search found between a player's two edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeLinks<B> {
    /// Carriers of full connections: the edges are joined whatever the
    /// opponent does (an empty carrier: joined already).
    pub full: Vec<B>,
    /// (key, carrier) of semi-connections: joined if the player takes the
    /// key (one cell, inside the carrier).
    pub semi: Vec<(B, B)>,
}

/// A connection from a point to `other`: full when `key` is empty.
#[derive(Clone, Copy)]
struct Link<B> {
    other: u8,
    key: B,
    carrier: B,
}

/// The carriers of one pair's connections.
#[derive(Clone, Copy)]
struct Pair<B> {
    full: [B; FULL_PER_PAIR],
    fulls: u8,
    semi: [B; SEMI_PER_PAIR],
    semis: u8,
}

/// One H-search's working state.
struct Search<'a, B> {
    /// Each point's own empty cell (none for edges and groups).
    cell: Vec<B>,
    /// Whether each point is a group of stones or an edge (may be passed
    /// through by the and rule as a stone).
    stone: Vec<bool>,
    /// Each point's connections, for the and rule to walk on from it.
    full: Vec<Vec<Link<B>>>,
    semi: Vec<Vec<Link<B>>>,
    /// Each pair's connections, for looking one up: `slot[x * points + y]`
    /// (x < y) is one past its place in `pairs`, 0 for none yet.
    slot: Vec<u32>,
    pairs: Vec<Pair<B>>,
    points: usize,
    queue: Vec<(u8, u8, B, B)>,
    work: usize,
    g: &'a Geometry<B>,
}

/// The connections between `player`'s edges with `own` stones and `empty`
/// cells; `templates` are [`super::vc`]'s edge templates of the player,
/// (stone, carrier) for the near edge and the far edge.
pub fn edge_links<B: CellSet>(
    g: &Geometry<B>,
    own: B,
    empty: B,
    player: Player,
    templates: &[Vec<(B, B)>; 2],
) -> EdgeLinks<B> {
    let (near, far) = g.edges(player);
    let near_group = g.flood(own & near, own);
    if !(near_group & far).is_zero() {
        return EdgeLinks {
            full: vec![B::ZERO],
            semi: Vec::new(),
        };
    }
    let far_group = g.flood(own & far, own);
    // Points: the edges (with the stones joined to them), the other groups,
    // then the empty cells. `point` gives each cell's point.
    let cells = g.n * g.n;
    let mut point = vec![u8::MAX; cells];
    let mut reach: Vec<B> = vec![
        (g.neighbours(near_group) | near) & empty,
        (g.neighbours(far_group) | far) & empty,
    ];
    let mut cell: Vec<B> = vec![B::ZERO, B::ZERO];
    let mut stone = vec![true, true];
    for (k, group) in [near_group, far_group].into_iter().enumerate() {
        for i in group.ones() {
            point[i] = k as u8;
        }
    }
    let mut rest = own & !near_group & !far_group;
    while !rest.is_zero() {
        let group = g.flood(rest.lowest_cell(), own);
        rest &= !group;
        for i in group.ones() {
            point[i] = reach.len() as u8;
        }
        reach.push(g.neighbours(group) & empty);
        cell.push(B::ZERO);
        stone.push(true);
    }
    for i in empty.ones() {
        point[i] = reach.len() as u8;
        reach.push(B::ZERO);
        cell.push(B::bit(i));
        stone.push(false);
    }
    if reach.len() > u8::MAX as usize {
        return EdgeLinks {
            full: Vec::new(),
            semi: Vec::new(),
        };
    }
    let points = reach.len();
    let mut search = Search {
        cell,
        stone,
        full: vec![Vec::new(); points],
        semi: vec![Vec::new(); points],
        slot: vec![0; points * points],
        pairs: Vec::new(),
        points,
        queue: Vec::new(),
        work: 0,
        g,
    };
    // Side by side: each stone point with the empty cells it touches, and
    // each empty cell with its empty neighbours and the edges it touches.
    for (p, touched) in reach.iter().enumerate() {
        if search.stone[p] {
            for i in touched.ones() {
                search.add(p, point[i] as usize, B::ZERO, B::ZERO);
            }
        } else {
            let here = search.cell[p];
            let i = here.lowest();
            for j in (search.g.neighbours(here) & empty).ones() {
                if i < j {
                    search.add(p, point[j] as usize, B::ZERO, B::ZERO);
                }
            }
        }
    }
    // The edge templates, from a stone or an empty cell to its edge.
    for (edge, list) in templates.iter().enumerate() {
        for &(anchor, carrier) in list {
            if !(carrier & !empty).is_zero() || (anchor & (own | empty)).is_zero() {
                continue;
            }
            let p = point[anchor.lowest()] as usize;
            if p != edge {
                search.add(p, edge, B::ZERO, carrier);
            }
        }
    }
    search.close();
    EdgeLinks {
        full: search.full[NEAR]
            .iter()
            .filter(|l| l.other as usize == FAR)
            .map(|l| l.carrier)
            .collect(),
        semi: search.semi[NEAR]
            .iter()
            .filter(|l| l.other as usize == FAR)
            .map(|l| (l.key, l.carrier))
            .collect(),
    }
}

impl<B: CellSet> Search<'_, B> {
    /// Adds the connection `x`–`y` (semi with `key`, full when `key` is
    /// empty) unless one as good is known or the pair's list is full.
    fn add(&mut self, x: usize, y: usize, key: B, carrier: B) {
        if x == y {
            return;
        }
        let at = x.min(y) * self.points + x.max(y);
        if self.slot[at] == 0 {
            self.pairs.push(Pair {
                full: [B::ZERO; FULL_PER_PAIR],
                fulls: 0,
                semi: [B::ZERO; SEMI_PER_PAIR],
                semis: 0,
            });
            self.slot[at] = self.pairs.len() as u32;
        }
        let pair = &mut self.pairs[self.slot[at] as usize - 1];
        let covers = |known: &B| (*known & !carrier).is_zero();
        if pair.full[..usize::from(pair.fulls)].iter().any(covers) {
            return;
        }
        if key.is_zero() {
            if usize::from(pair.fulls) == FULL_PER_PAIR {
                return;
            }
            pair.full[usize::from(pair.fulls)] = carrier;
            pair.fulls += 1;
        } else {
            let semis = usize::from(pair.semis);
            if semis == SEMI_PER_PAIR || pair.semi[..semis].iter().any(covers) {
                return;
            }
            pair.semi[semis] = carrier;
            pair.semis += 1;
        }
        for (from, to) in [(x, y), (y, x)] {
            let link = Link {
                other: to as u8,
                key,
                carrier,
            };
            if key.is_zero() {
                self.full[from].push(link);
            } else {
                self.semi[from].push(link);
            }
        }
        self.queue.push((x as u8, y as u8, key, carrier));
    }

    /// Applies the and and or rules until nothing new is found or the
    /// work runs out.
    fn close(&mut self) {
        while let Some((x, y, key, carrier)) = self.queue.pop() {
            self.work += 1;
            if self.work > MOST_WORK {
                return;
            }
            let (x, y) = (x as usize, y as usize);
            if key.is_zero() {
                self.full_found(x, y, carrier);
            } else {
                self.semi_found(x, y, key, carrier);
            }
        }
    }

    /// The and rule on a new full connection `x`–`y`, each end in turn the
    /// middle; stones pass semi-connections on too.
    fn full_found(&mut self, x: usize, y: usize, carrier: B) {
        for (middle, end) in [(x, y), (y, x)] {
            if middle == NEAR || middle == FAR {
                continue;
            }
            let middle_cell = self.cell[middle];
            let mut k = 0;
            while k < self.full[middle].len() {
                let link = self.full[middle][k];
                k += 1;
                if !self.joinable(end, carrier, link) {
                    continue;
                }
                let far = link.other as usize;
                if self.stone[middle] {
                    self.add(end, far, B::ZERO, carrier | link.carrier);
                } else {
                    self.add(end, far, middle_cell, carrier | link.carrier | middle_cell);
                }
            }
            if self.stone[middle] {
                let mut k = 0;
                while k < self.semi[middle].len() {
                    let link = self.semi[middle][k];
                    k += 1;
                    self.pass_semi(end, carrier, link);
                }
            }
        }
    }

    /// A semi-connection `link` from a stone point, joined to `end` by a
    /// full connection through `carrier`: `end` is semi-connected to the
    /// link's other end with the same key.
    fn pass_semi(&mut self, end: usize, carrier: B, link: Link<B>) {
        if self.joinable(end, carrier, link) {
            self.add(end, link.other as usize, link.key, carrier | link.carrier);
        }
    }

    /// Whether `end`, joined to a middle point through `carrier`, may be
    /// joined on along `link` from that middle (the and rule's terms): a
    /// different far end, carriers with no cell in common, and neither
    /// holding the other's end.
    fn joinable(&self, end: usize, carrier: B, link: Link<B>) -> bool {
        let far = link.other as usize;
        far != end
            && (link.carrier & carrier).is_zero()
            && (link.carrier & self.cell[end]).is_zero()
            && (carrier & self.cell[far]).is_zero()
    }

    /// A new semi-connection `x`–`y`: the or rule with the pair's others,
    /// and passed on through stone ends.
    fn semi_found(&mut self, x: usize, y: usize, key: B, carrier: B) {
        // Or: cut the common cells down with the others until none is left.
        let mut common = carrier;
        let mut union = carrier;
        let pair = self.pairs[self.slot[x.min(y) * self.points + x.max(y)] as usize - 1];
        let mut joined = None;
        for &other in &pair.semi[..usize::from(pair.semis)] {
            if other == carrier {
                continue;
            }
            if (common & other) != common {
                common &= other;
                union |= other;
                if common.is_zero() {
                    joined = Some(union);
                    break;
                }
            }
        }
        if let Some(union) = joined {
            self.add(x, y, B::ZERO, union);
        }
        for (stone, end) in [(x, y), (y, x)] {
            if !self.stone[stone] || stone == NEAR || stone == FAR {
                continue;
            }
            let link = Link {
                other: end as u8,
                key,
                carrier,
            };
            let mut k = 0;
            while k < self.full[stone].len() {
                let via = self.full[stone][k];
                k += 1;
                self.pass_semi(via.other as usize, via.carrier, link);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::carrier_check::{holds, random_sides};
    use crate::hex::vc::Connections;
    use tabletop_engine::Rng;

    /// On random small boards every full connection H-search reports
    /// holds with the opponent to move, and every semi-connection holds
    /// once its key is taken, even when the opponent has every cell
    /// outside the carrier.
    #[test]
    fn every_connection_it_finds_holds_within_its_carrier() {
        let mut rng = Rng::new(33);
        let mut found = (0, 0);
        for (size, max_empty) in [(3, 9), (4, 12), (5, 12), (6, 11), (7, 10)] {
            let g = Geometry::<u64>::new(size).expect("small side");
            let links = Connections::new(g);
            for _ in 0..200 {
                let (own, theirs) = random_sides(&g, &mut rng, 1);
                let player = [Player::First, Player::Second][rng.below(2)];
                if g.connects(theirs, player.other()) {
                    continue;
                }
                let empty = g.all & !own & !theirs;
                let found_here = edge_links(&g, own, empty, player, links.templates(player));
                for &carrier in &found_here.full {
                    assert_eq!(carrier & !empty, 0);
                    if carrier.count_ones() as usize <= max_empty {
                        assert!(
                            holds(&g, player, own, theirs, carrier),
                            "{size}: full {own:#x} {theirs:#x} {carrier:#x} {player:?}"
                        );
                        found.0 += 1;
                    }
                }
                for &(key, carrier) in &found_here.semi {
                    assert_eq!(key.count_ones(), 1);
                    assert_eq!(key & !carrier, 0);
                    assert_eq!(carrier & !empty, 0);
                    if carrier.count_ones() as usize <= max_empty {
                        assert!(
                            holds(&g, player, own | key, theirs, carrier & !key),
                            "{size}: semi {own:#x} {theirs:#x} {key:#x} {carrier:#x} {player:?}"
                        );
                        found.1 += 1;
                    }
                }
            }
        }
        assert!(
            found.0 > 50 && found.1 > 50,
            "too few found to test: {found:?}"
        );
    }

    /// H-search joins what the greedy links of `vc` join on an open
    /// board: a stone in the middle of a 3×3 board, and on 5×5 a stone on
    /// the third row with a ladder of bridges.
    #[test]
    fn it_finds_the_plain_connections() {
        let g = Geometry::<u64>::new(3).expect("side 3");
        let links = Connections::new(g);
        let centre = 1u64 << 4;
        let found = edge_links(
            &g,
            centre,
            g.all & !centre,
            Player::Second,
            links.templates(Player::Second),
        );
        assert!(!found.full.is_empty(), "the centre of 3×3 joins both edges");
        let empty_board = edge_links(
            &g,
            0,
            g.all,
            Player::Second,
            links.templates(Player::Second),
        );
        assert!(empty_board.full.is_empty());
        assert!(
            empty_board.semi.iter().any(|&(key, _)| key == centre),
            "the centre is a winning first move on 3×3"
        );
    }
}
