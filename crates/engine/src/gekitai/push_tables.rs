//! The 6×6 board's pushes without a branch: two tables, built at compile
//! time, say which neighbours of a placed piece can move and what moves.

/// The pushes of a placement at `at` on a `u64` board (rows of 8 bits),
/// without a branch: how many neighbours there are and which of them move
/// are too random to predict. Returns the placing side's pieces and the
/// other side's after the pushes; `mine` already holds the placed piece.
///
/// Both boards are rotated so that `at` is bit [`CENTRE`], where the cells
/// around it have fixed bits; rotating is safe because two steps off the
/// board in any direction wrap onto padding, which is never occupied. Two
/// small tables then do the rest: which neighbours have a free cell beyond
/// them, and what moves when a given set of neighbours is pushed.
#[inline(always)]
pub(super) fn pushes_u64(mine: u64, theirs: u64, at: usize, on_board: u64) -> (u64, u64) {
    let turn = (at as u32).wrapping_sub(CENTRE as u32);
    let (mine_w, theirs_w) = (mine.rotate_right(turn), theirs.rotate_right(turn));
    let free = !(mine_w | theirs_w);
    let pushable = PUSHABLE[beyond_number(free)];
    let moved = |pieces_w: u64| {
        PUSH_MOVES[usize::from(ring_number(pieces_w) & pushable)].rotate_left(turn) & on_board
    };
    (mine ^ moved(mine_w), theirs ^ moved(theirs_w))
}

/// Where the placed piece sits once [`pushes_u64`] has rotated the board:
/// two rows and two columns in, so that the cells two steps away fit.
const CENTRE: usize = 18;

/// The eight directions as bit distances on a `u64` board.
const DIRECTIONS: [i32; 8] = [-9, -8, -7, -1, 1, 7, 8, 9];

/// The eight neighbours of [`CENTRE`] (bits 9..=11, 17 and 19, 25..=27)
/// packed into a 9-bit number, row by row (bit 4 is the centre, left out).
#[inline(always)]
const fn ring_number(window: u64) -> u16 {
    ((window >> 9 & 0b111) | (window >> 14 & 0b10_1000) | (window >> 19 & 0b1_1100_0000)) as u16
}

/// The eight cells two steps from [`CENTRE`] (bits 0, 2, 4; 16, 20; 32, 34,
/// 36) packed into an 11-bit number: the rows, shifted so as not to overlap.
#[inline(always)]
const fn beyond_number(window: u64) -> usize {
    ((window & 0b1_0101) | (window >> 15 & 0b10_0010) | (window >> 26 & 0b101_0100_0000)) as usize
}

/// For each [`beyond_number`] of the free cells, the [`ring_number`] of the
/// neighbours that a placement could push.
static PUSHABLE: [u16; 2048] = {
    let mut table = [0; 2048];
    let mut free = 0;
    while free < 2048 {
        let mut i = 0;
        while i < 8 {
            let d = DIRECTIONS[i];
            let next = 1 << (CENTRE as i32 + d);
            let beyond = 1 << (CENTRE as i32 + 2 * d);
            if beyond_number(beyond) & free != 0 {
                table[free] |= ring_number(next);
            }
            i += 1;
        }
        free += 1;
    }
    table
};

/// For each [`ring_number`] of pushed neighbours, the bits that change: each
/// one's cell and the cell beyond it.
static PUSH_MOVES: [u64; 512] = {
    let mut table = [0; 512];
    let mut pushed = 0;
    while pushed < 512 {
        let mut i = 0;
        while i < 8 {
            let d = DIRECTIONS[i];
            let next = 1 << (CENTRE as i32 + d);
            if ring_number(next) as usize & pushed != 0 {
                table[pushed] |= next | 1 << (CENTRE as i32 + 2 * d);
            }
            i += 1;
        }
        pushed += 1;
    }
    table
};
