//! For tests of virtual connections ([`super::vc`], [`super::hsearch`]):
//! random small positions, and whether a connection really holds within
//! its carrier, by plain minimax.

use std::collections::HashMap;

use super::bits::{Geometry, Stones};
use tabletop_engine::bits::Bits;
use tabletop_engine::{Player, Rng};

/// Random stones on a board of `g`'s side: at least `least` tries at a
/// cell, two of every three for the player and one for the opponent
/// (`own`, `theirs`).
pub fn random_sides(g: &Geometry<u64>, rng: &mut Rng, least: usize) -> (u64, u64) {
    let cells = g.n * g.n;
    let (mut own, mut theirs) = (0u64, 0u64);
    for k in 0..rng.below(g.n * 3) + least {
        let cell = 1u64 << rng.below(cells);
        if (own | theirs) & cell == 0 {
            if k % 3 == 0 {
                theirs |= cell
            } else {
                own |= cell
            }
        }
    }
    (own, theirs)
}

/// Whether the player to move in `s` wins, by plain minimax.
pub fn minimax(g: &Geometry<u64>, s: Stones<u64>, memo: &mut HashMap<Stones<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&s) {
        return known;
    }
    let me = s.to_move;
    let wins = s.empty(g).ones().any(|i| {
        let next = s.play(u64::bit(i));
        g.connects(next.of(me), me) || !minimax(g, next, memo)
    });
    memo.insert(s, wins);
    wins
}

/// Whether `player` with `own` stones joins their edges against `theirs`
/// with the opponent to move, even when the opponent also has every cell
/// outside `carrier`.
pub fn holds(g: &Geometry<u64>, player: Player, own: u64, theirs: u64, carrier: u64) -> bool {
    let theirs = theirs | (g.all & !own & !carrier);
    let (first, second) = match player {
        Player::First => (own, theirs),
        Player::Second => (theirs, own),
    };
    let position = Stones {
        first,
        second,
        to_move: player.other(),
    };
    g.connects(own, player)
        || (!g.connects(theirs, player.other()) && !minimax(g, position, &mut HashMap::new()))
}
