//! What one stone makes along one line (a five, an open or a closed four,
//! three or two), read from a table built once per rule from the codes
//! of the ten cells around it, and what a stone makes along its four
//! lines together.

use std::sync::OnceLock;
use tabletop_engine::gomoku::GomokuRule;

/// Nothing: no five could ever pass through the stone along this line.
pub(super) const NONE: u8 = 0;
/// A stone with room for five.
pub(super) const ONE: u8 = 1;
/// Two that can become a closed three.
pub(super) const TWO: u8 = 2;
/// Two that can become an open three.
pub(super) const OPEN_TWO: u8 = 3;
/// Three that can become a four, but not an open one.
pub(super) const THREE: u8 = 4;
/// Three that can become an open four.
pub(super) const OPEN_THREE: u8 = 5;
/// Four with one cell that makes five.
pub(super) const FOUR: u8 = 6;
/// Four with two or more cells that make five: the opponent cannot block.
pub(super) const OPEN_FOUR: u8 = 7;
pub(super) const FIVE: u8 = 8;

/// The ten neighbours along a line, offsets -5..-1 and 1..5, are the
/// base-3 digits of a key: 0 empty, 1 the side's own stone, 2 the
/// opponent's stone or the edge.
pub(super) const POW3: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];
pub(super) const KEYS: usize = 59_049;

/// The digit of the neighbour `k` cells along (k in -5..=5, not 0).
pub(super) const fn digit(k: isize) -> usize {
    if k < 0 {
        (k + 5) as usize
    } else {
        (k + 4) as usize
    }
}

/// The shape table of a rule, built on first use.
pub(super) fn shapes(rule: GomokuRule) -> &'static [u8] {
    pub(super) static TABLES: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match rule {
        GomokuRule::Freestyle => 0,
        GomokuRule::Exact => 1,
    };
    TABLES[slot].get_or_init(|| {
        let mut memo = vec![u8::MAX; KEYS];
        for key in 0..KEYS {
            shape_of(key, rule, &mut memo);
        }
        memo
    })
}

/// What a stone at the centre of the line coded by `key` makes: a five if
/// its row wins under `rule`; else a four if one empty cell would make it
/// five (open if two would); else a three if one more stone would make a
/// four (open if an open four); and so on down. Each shape is worked out
/// from the shapes of the line with one more stone, kept in `memo`.
pub(super) fn shape_of(key: usize, rule: GomokuRule, memo: &mut [u8]) -> u8 {
    if memo[key] != u8::MAX {
        return memo[key];
    }
    let mut line = [0u8; 11];
    for (d, &pow) in POW3.iter().enumerate() {
        let at = if d < 5 { d } else { d + 1 };
        line[at] = ((key as u32 / pow) % 3) as u8;
    }
    line[5] = 1;
    let left = (0..5).rev().take_while(|&i| line[i] == 1).count();
    let right = (6..11).take_while(|&i| line[i] == 1).count();
    let shape = if rule.wins(1 + left + right) {
        FIVE
    } else {
        let mut fives = 0;
        let mut best = NONE;
        // A five through the centre lies within four cells of it.
        for at in (1..10).filter(|&at| at != 5 && line[at] == 0) {
            let d = if at < 5 { at } else { at - 1 };
            match shape_of(key + POW3[d] as usize, rule, memo) {
                FIVE => fives += 1,
                other => best = best.max(other),
            }
        }
        match (fives, best) {
            (2.., _) => OPEN_FOUR,
            (1, _) => FOUR,
            (_, OPEN_FOUR) => OPEN_THREE,
            (_, FOUR) => THREE,
            (_, OPEN_THREE) => OPEN_TWO,
            (_, THREE) => TWO,
            (_, TWO | OPEN_TWO) => ONE,
            _ => NONE,
        }
    };
    memo[key] = shape;
    shape
}

/// How much a shape is worth to the move that makes it (or blocks it).
pub(super) const SHAPE_VALUE: [i32; 9] = [0, 1, 4, 10, 12, 60, 70, 800, 10_000];

/// What a stone on one cell makes along its four lines, taken together.
#[derive(Clone, Copy, Default)]
pub(super) struct Combo {
    pub(super) five: bool,
    /// An open four, or two fours: five next move whatever the opponent
    /// does (unless they make five first).
    pub(super) open_four: bool,
    pub(super) fours: u8,
    pub(super) open_threes: u8,
    pub(super) value: i32,
}

/// Every combination of four shapes, as an index: the shapes are the
/// base-9 digits.
pub(super) const COMBOS: usize = 9 * 9 * 9 * 9;

/// What each combination of four shapes makes, built on first use.
pub(super) fn combos() -> &'static [Combo] {
    pub(super) static TABLE: OnceLock<Vec<Combo>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..COMBOS)
            .map(|k| {
                Combo::of([
                    (k % 9) as u8,
                    (k / 9 % 9) as u8,
                    (k / 81 % 9) as u8,
                    (k / 729) as u8,
                ])
            })
            .collect()
    })
}

impl Combo {
    pub(super) fn of(shapes: [u8; 4]) -> Combo {
        let mut combo = Combo::default();
        for shape in shapes {
            combo.five |= shape == FIVE;
            combo.open_four |= shape == OPEN_FOUR;
            combo.fours += u8::from(shape == FOUR);
            combo.open_threes += u8::from(shape == OPEN_THREE);
            combo.value += SHAPE_VALUE[usize::from(shape)];
        }
        combo.open_four |= combo.fours >= 2;
        if combo.open_four {
            combo.value += 2_000;
        } else if combo.fours == 1 && combo.open_threes >= 1 {
            combo.value += 800;
        } else if combo.open_threes >= 2 {
            combo.value += 400;
        }
        combo
    }

    /// A four that is not already unstoppable (four-threes included).
    pub(super) fn is_four(self) -> bool {
        self.fours >= 1 || self.open_four
    }
}
