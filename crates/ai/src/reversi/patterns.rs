//! The patterns of Reversi's 8×8 evaluation, as in Logistello and Edax:
//! groups of cells read together as one base-3 number (empty 0, the
//! mover's disc 1, the opponent's 2), each shape placed in every position
//! the board's eight symmetries take it to, all places of a shape sharing
//! one weight table. A configuration and its image under a symmetry that
//! maps the shape onto itself share one weight (its canonical index), so
//! the evaluation scores the eight symmetric images of a position alike.

use std::sync::OnceLock;

use tabletop_engine::reversi::transpose;

/// The shapes on their first place, cells as (row, column) in reading
/// order: the edge with both X-squares, the 3×3 corner, rows 2 to 4, the
/// diagonals of 8 down to 4 cells.
const SHAPES: [&[(u8, u8)]; 10] = [
    &[
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (0, 5),
        (0, 6),
        (0, 7),
        (1, 1),
        (1, 6),
    ],
    &[
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ],
    &[
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
    ],
    &[
        (2, 0),
        (2, 1),
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (2, 7),
    ],
    &[
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
        (3, 4),
        (3, 5),
        (3, 6),
        (3, 7),
    ],
    &[
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ],
    &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
    &[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)],
    &[(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)],
    &[(0, 4), (1, 5), (2, 6), (3, 7)],
];

/// The places of all shapes on the board: 38.
pub const PLACES: usize = 38;

/// A map of (row, column) on the 8×8 board.
pub type Symmetry = fn(u8, u8) -> (u8, u8);

/// The eight symmetries of the square.
pub const SYMMETRIES: [Symmetry; 8] = [
    |r, c| (r, c),
    |r, c| (r, 7 - c),
    |r, c| (7 - r, c),
    |r, c| (7 - r, 7 - c),
    |r, c| (c, r),
    |r, c| (c, 7 - r),
    |r, c| (7 - c, r),
    |r, c| (7 - c, 7 - r),
];

/// One place of a shape on the board.
pub struct Place {
    /// The first weight of the shape.
    pub first: u32,
    /// The place's cells as layout bits, in the shape's order.
    pub cells: Vec<u8>,
    /// Which shape of [`SHAPES`] it is.
    pub shape: usize,
    /// The symmetry of [`SYMMETRIES`] that takes the shape here.
    pub symmetry: usize,
}

/// Every place's cells and where its shape's weights start; the index of
/// every configuration's canonical twin.
pub struct Layout {
    pub places: Vec<Place>,
    /// For each weight, the weight it shares (the smallest index among
    /// the configuration's images under the shape's own symmetries).
    pub canonical: Vec<u32>,
}

/// The weights of one stage, all shapes: 108,216.
pub const WEIGHTS: usize = {
    let mut total = 0;
    let mut s = 0;
    while s < SHAPES.len() {
        total += 3usize.pow(SHAPES[s].len() as u32);
        s += 1;
    }
    total
};

impl Layout {
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(Layout::build)
    }

    fn build() -> Layout {
        let mut places = Vec::new();
        let mut canonical: Vec<u32> = Vec::with_capacity(WEIGHTS);
        for (shape_number, shape) in SHAPES.iter().enumerate() {
            let first = canonical.len() as u32;
            let mut seen: Vec<Vec<u8>> = Vec::new();
            // The shape's own symmetries, as permutations of its cells.
            let mut own: Vec<Vec<usize>> = Vec::new();
            for (symmetry_number, symmetry) in SYMMETRIES.iter().enumerate() {
                let cells: Vec<u8> = shape
                    .iter()
                    .map(|&(r, c)| {
                        let (r, c) = symmetry(r, c);
                        r * 8 + c
                    })
                    .collect();
                let base: Vec<u8> = shape.iter().map(|&(r, c)| r * 8 + c).collect();
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                let mut base_sorted = base.clone();
                base_sorted.sort_unstable();
                if sorted == base_sorted {
                    own.push(
                        cells
                            .iter()
                            .map(|c| base.iter().position(|b| b == c).unwrap_or(0))
                            .collect(),
                    );
                }
                if !seen.contains(&sorted) {
                    seen.push(sorted);
                    places.push(Place {
                        first,
                        cells,
                        shape: shape_number,
                        symmetry: symmetry_number,
                    });
                }
            }
            let size = 3usize.pow(shape.len() as u32);
            for index in 0..size {
                let digits = digits(index, shape.len());
                let twin = own
                    .iter()
                    .map(|perm| {
                        // The configuration with the disc of cell i moved to
                        // cell perm[i].
                        let mut moved = vec![0u8; digits.len()];
                        for (i, &p) in perm.iter().enumerate() {
                            moved[p] = digits[i];
                        }
                        number(&moved)
                    })
                    .min()
                    .unwrap_or(index);
                canonical.push(first + twin as u32);
            }
        }
        debug_assert_eq!(places.len(), PLACES);
        Layout { places, canonical }
    }
}

/// The base-3 digits of `index`, first cell first (the most significant).
fn digits(index: usize, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    let mut rest = index;
    for d in out.iter_mut().rev() {
        *d = (rest % 3) as u8;
        rest /= 3;
    }
    out
}

fn number(digits: &[u8]) -> usize {
    digits.iter().fold(0, |n, &d| n * 3 + usize::from(d))
}

/// The configuration of each place for the player whose discs are
/// `mine`: the weight index (not yet canonical) of every place. Each place
/// is its shape's first place on the board's image under the place's
/// symmetry, read a row or a gathered diagonal at a time.
#[inline]
pub fn indices(mine: u64, theirs: u64, out: &mut [u32; PLACES]) {
    let images = images(mine, theirs);
    for (slot, place) in out.iter_mut().zip(&Layout::get().places) {
        let (m, t) = images[place.symmetry];
        *slot = place.first + first_place_index(place.shape, m, t);
    }
}

/// The discs `(mine, theirs)` seen through each of [`SYMMETRIES`]: bit
/// (r, c) of image `s` is bit `SYMMETRIES[s](r, c)` of the board.
#[inline(always)]
fn images(mine: u64, theirs: u64) -> [(u64, u64); 8] {
    let flip_rows = |b: u64| b.swap_bytes();
    let flip_columns = |b: u64| b.reverse_bits().swap_bytes();
    let plain = (mine, theirs);
    let turned = both(transpose, plain);
    [
        plain,
        both(flip_columns, plain),
        both(flip_rows, plain),
        both(u64::reverse_bits, plain),
        turned,
        both(flip_rows, turned),
        both(flip_columns, turned),
        both(u64::reverse_bits, turned),
    ]
}

#[inline(always)]
fn both(f: impl Fn(u64) -> u64, (m, t): (u64, u64)) -> (u64, u64) {
    (f(m), f(t))
}

/// The base-3 value of the low `len` bits of a row (first cell the most
/// significant digit), for each of the mover's and the opponent's bits.
#[inline(always)]
fn row_index(m: u64, t: u64, len: u32) -> u32 {
    let shift = 8 - len;
    let byte = |b: u64| ((b << shift) & 0xff) as usize;
    TERNARY[byte(m)] + 2 * TERNARY[byte(t)]
}

/// The index of shape `shape` on its first place, for the discs `(m, t)`.
#[inline(always)]
fn first_place_index(shape: usize, m: u64, t: u64) -> u32 {
    let cell = |at: u32| ((m >> at) & 1) as u32 + 2 * ((t >> at) & 1) as u32;
    match shape {
        // The edge, then the X-squares b2 and g2.
        0 => 9 * row_index(m, t, 8) + 3 * cell(9) + cell(14),
        // The 3×3 corner, row by row.
        1 => {
            729 * row_index(m, t, 3)
                + 27 * row_index(m >> 8, t >> 8, 3)
                + row_index(m >> 16, t >> 16, 3)
        }
        2..=4 => {
            let row = 8 * (shape as u32 - 1);
            row_index(m >> row, t >> row, 8)
        }
        // A diagonal from column `shape - 5` of the top row, gathered into
        // one byte by column (the cells' columns all differ, so the
        // multiplication carries nothing).
        _ => {
            let mask = DIAGONALS[shape - 5];
            let gather = |b: u64| ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
            TERNARY[gather(m)] + 2 * TERNARY[gather(t)]
        }
    }
}

/// For each byte, its bits read as base-3 digits: bit i is worth 3^(7-i).
static TERNARY: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut value = 0;
        let mut bit = 0;
        while bit < 8 {
            value = value * 3 + ((byte >> bit) & 1) as u32;
            bit += 1;
        }
        table[byte] = value;
        byte += 1;
    }
    table
};

/// The diagonals of the diagonal shapes: cells (k, k + d) for d = 0 to 4.
const DIAGONALS: [u64; 5] = {
    let mut masks = [0u64; 5];
    let mut d = 0;
    while d < 5 {
        let mut k = 0;
        while k + d < 8 {
            masks[d] |= 1 << (9 * k + d);
            k += 1;
        }
        d += 1;
    }
    masks
};
