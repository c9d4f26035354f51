//! Gomoku's computer opponent.
//!
//! Every level sees the position through a [`Board`], updated stone by
//! stone: for each empty cell, each side and each of the four lines it
//! keeps a code of the ten cells around it, from which a table built once
//! per rule reads what a stone there would make along that line (a five, an
//! open or a closed four, three or two; under the exact rule a row that
//! would grow to six is no five). For the evaluation it also counts the
//! stones in every window of five cells: windows held by one side only,
//! weighted by how full they are, plus bonuses for double threats.
//!
//! Levels 1 to 4 use the generic search ([`super::search`]) through
//! [`Searchable`]: candidate cells near the stones, best first, cut down to
//! the moves that answer a four or a three when the opponent has one.
//! Level 5 chooses by itself ([`Searchable::choose_own`]): a win by
//! continuous fours (VCF) or by threes and fours (VCT) when it has one,
//! else an alpha-beta search of its own on the board (make and unmake,
//! forced blocks searched without using up depth), keeping to moves that
//! leave the opponent no VCF.

use std::cell::RefCell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::search::{Bound, DECIDED, WIN, from_table, to_table, zobrist};
use super::{History, Level, OwnChoice, Searchable};
use tabletop_engine::gomoku::{Gomoku, GomokuRule, GomokuStone};
use tabletop_engine::{Cell, Game, Player};

// ---------------------------------------------------------------------
// What one stone makes along one line.

/// Nothing: no five could ever pass through the stone along this line.
const NONE: u8 = 0;
/// A stone with room for five.
const ONE: u8 = 1;
/// Two that can become a closed three.
const TWO: u8 = 2;
/// Two that can become an open three.
const OPEN_TWO: u8 = 3;
/// Three that can become a four, but not an open one.
const THREE: u8 = 4;
/// Three that can become an open four.
const OPEN_THREE: u8 = 5;
/// Four with one cell that makes five.
const FOUR: u8 = 6;
/// Four with two or more cells that make five: the opponent cannot block.
const OPEN_FOUR: u8 = 7;
const FIVE: u8 = 8;

/// The ten neighbours along a line, offsets -5..-1 and 1..5, are the
/// base-3 digits of a key: 0 empty, 1 the side's own stone, 2 the
/// opponent's stone or the edge.
const POW3: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];
const KEYS: usize = 59_049;

/// The digit of the neighbour `k` cells along (k in -5..=5, not 0).
const fn digit(k: isize) -> usize {
    if k < 0 {
        (k + 5) as usize
    } else {
        (k + 4) as usize
    }
}

/// The shape table of a rule, built on first use.
fn shapes(rule: GomokuRule) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];
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
fn shape_of(key: usize, rule: GomokuRule, memo: &mut [u8]) -> u8 {
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
const SHAPE_VALUE: [i32; 9] = [0, 1, 4, 10, 12, 60, 70, 800, 10_000];

/// What a stone on one cell makes along its four lines, taken together.
#[derive(Clone, Copy, Default)]
struct Combo {
    five: bool,
    /// An open four, or two fours: five next move whatever the opponent
    /// does (unless they make five first).
    open_four: bool,
    fours: u8,
    open_threes: u8,
    value: i32,
}

/// Every combination of four shapes, as an index: the shapes are the
/// base-9 digits.
const COMBOS: usize = 9 * 9 * 9 * 9;

/// What each combination of four shapes makes, built on first use.
fn combos() -> &'static [Combo] {
    static TABLE: OnceLock<Vec<Combo>> = OnceLock::new();
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
    fn of(shapes: [u8; 4]) -> Combo {
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
    fn is_four(self) -> bool {
        self.fours >= 1 || self.open_four
    }
}

// ---------------------------------------------------------------------
// The board.

const EMPTY: u8 = 0;
const WALL: u8 = 3;
/// Border cells round the board: a line code looks five cells each way.
const PAD: usize = 5;

/// Weight of a window of five holding 0..=4 stones of one side only.
const WINDOW_WEIGHT: [i32; 6] = [0, 2, 12, 60, 250, 0];

/// A Gomoku position for searching: cells, line codes, window counts and
/// a Zobrist hash, all updated by [`Board::place`] and [`Board::remove`].
#[derive(Clone)]
struct Board {
    n: usize,
    stride: usize,
    rule: GomokuRule,
    /// Index offsets along a row, a column and the two diagonals.
    steps: [usize; 4],
    shapes: &'static [u8],
    combos: &'static [Combo],
    /// EMPTY, 1 + side for a stone, WALL off the board.
    cells: Vec<u8>,
    /// For each cell: the line code of each side (0, 1) along each line.
    keys: Vec<[u16; 8]>,
    /// Stones within two cells (rows and columns) of each cell.
    near: Vec<u8>,
    /// Stones of each side in the window of five starting at a cell and
    /// going along a line (index `cell * 4 + line`).
    windows: Vec<[u8; 2]>,
    /// Bit `d`: the window starting at the cell along line `d` is on the
    /// board.
    window_ok: Vec<u8>,
    /// Sum of the window weights of each side.
    score: [i32; 2],
    weights: [i32; 6],
    hash: u64,
    stones: usize,
    /// The board's cells, row by row.
    playing: Vec<u16>,
}

impl Board {
    fn new(n: usize, rule: GomokuRule) -> Board {
        let stride = n + 2 * PAD;
        let len = stride * stride;
        let steps = [1, stride, stride + 1, stride - 1];
        let mut cells = vec![WALL; len];
        let mut playing = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let i = (r + PAD) * stride + c + PAD;
                cells[i] = EMPTY;
                playing.push(i as u16);
            }
        }
        let mut keys = vec![[0u16; 8]; len];
        let mut window_ok = vec![0u8; len];
        for &i in &playing {
            let i = usize::from(i);
            for (d, &step) in steps.iter().enumerate() {
                for k in 1..=5 {
                    for (j, offset) in [(i + k * step, k as isize), (i - k * step, -(k as isize))] {
                        if cells[j] == WALL {
                            let add = 2 * POW3[digit(offset)] as u16;
                            keys[i][d] += add;
                            keys[i][4 + d] += add;
                        }
                    }
                }
                if cells[i + 4 * step] != WALL {
                    window_ok[i] |= 1 << d;
                }
            }
        }
        Board {
            n,
            stride,
            rule,
            steps,
            shapes: shapes(rule),
            combos: combos(),
            cells,
            keys,
            near: vec![0; len],
            windows: vec![[0; 2]; len * 4],
            window_ok,
            score: [0; 2],
            weights: WINDOW_WEIGHT,
            hash: 0,
            stones: 0,
            playing,
        }
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.stride - PAD, i % self.stride - PAD).unwrap_or_else(|| unreachable!())
    }

    /// Makes the board hold exactly the stones of `game`.
    fn sync(&mut self, game: &Gomoku) {
        for k in 0..self.playing.len() {
            let i = usize::from(self.playing[k]);
            let cell = self.cell(i);
            let want = game.piece_at(cell).map_or(EMPTY, |p| p.index() as u8 + 1);
            if self.cells[i] != want {
                if self.cells[i] != EMPTY {
                    self.remove(i);
                }
                if want != EMPTY {
                    self.place(i, usize::from(want - 1));
                }
            }
        }
    }

    fn from_game(game: &Gomoku) -> Board {
        let mut board = Board::new(game.side(), game.settings().rule());
        board.sync(game);
        board
    }

    fn stone_key(i: usize, side: usize) -> u64 {
        zobrist((side * 4096 + i) as u64)
    }

    /// Puts a stone of `side` (0 or 1) on the empty cell `i`.
    fn place(&mut self, i: usize, side: usize) {
        self.cells[i] = side as u8 + 1;
        self.update(i, side, true);
    }

    /// Takes the stone off cell `i`.
    fn remove(&mut self, i: usize) {
        let side = usize::from(self.cells[i] - 1);
        self.cells[i] = EMPTY;
        self.update(i, side, false);
    }

    fn update(&mut self, i: usize, side: usize, add: bool) {
        self.hash ^= Board::stone_key(i, side);
        if add {
            self.stones += 1;
        } else {
            self.stones -= 1;
        }
        let (own, other) = (side * 4, (1 - side) * 4);
        for (d, &step) in self.steps.iter().enumerate() {
            for k in 1..=5 {
                for (j, offset) in [(i + k * step, -(k as isize)), (i - k * step, k as isize)] {
                    let pow = POW3[digit(offset)] as u16;
                    let key = &mut self.keys[j];
                    if add {
                        key[own + d] += pow;
                        key[other + d] += 2 * pow;
                    } else {
                        key[own + d] -= pow;
                        key[other + d] -= 2 * pow;
                    }
                }
            }
            for k in 0..5 {
                let start = i - k * step;
                if self.window_ok[start] & (1 << d) == 0 {
                    continue;
                }
                let w = &mut self.windows[start * 4 + d];
                let weights = &self.weights;
                let before = [window_value(weights, *w, 0), window_value(weights, *w, 1)];
                if add {
                    w[side] += 1;
                } else {
                    w[side] -= 1;
                }
                let after = [window_value(weights, *w, 0), window_value(weights, *w, 1)];
                self.score[0] += after[0] - before[0];
                self.score[1] += after[1] - before[1];
            }
        }
        let s = self.stride;
        for row in [i - 2 * s, i - s, i, i + s, i + 2 * s] {
            for j in row - 2..=row + 2 {
                if add {
                    self.near[j] += 1;
                } else {
                    self.near[j] -= 1;
                }
            }
        }
    }

    #[inline]
    fn shape(&self, i: usize, side: usize, d: usize) -> u8 {
        self.shapes[usize::from(self.keys[i][side * 4 + d])]
    }

    #[inline]
    fn shapes4(&self, i: usize, side: usize) -> [u8; 4] {
        let key = &self.keys[i];
        let o = side * 4;
        [
            self.shapes[usize::from(key[o])],
            self.shapes[usize::from(key[o + 1])],
            self.shapes[usize::from(key[o + 2])],
            self.shapes[usize::from(key[o + 3])],
        ]
    }

    /// What a stone of `side` on `i` makes along its four lines together.
    #[inline]
    fn combo(&self, i: usize, side: usize) -> Combo {
        let [a, b, c, d] = self.shapes4(i, side);
        let k = usize::from(a) + 9 * usize::from(b) + 81 * usize::from(c) + 729 * usize::from(d);
        self.combos[k]
    }

    /// The empty cells near stones: the only ones worth a thought.
    fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.playing
            .iter()
            .map(|&i| usize::from(i))
            .filter(|&i| self.cells[i] == EMPTY && self.near[i] > 0)
    }

    /// The empty cells where a stone of `side` makes five, in the lines
    /// through `at` only (where a stone was just placed).
    fn fives_around(&self, at: usize, side: usize, out: &mut Vec<u16>) {
        out.clear();
        for (d, &step) in self.steps.iter().enumerate() {
            for k in 1..=4 {
                for j in [at + k * step, at - k * step] {
                    if self.cells[j] == EMPTY
                        && self.shape(j, side, d) == FIVE
                        && !out.contains(&(j as u16))
                    {
                        out.push(j as u16);
                    }
                }
            }
        }
    }

    /// Whether `x` is `f` or lies within five cells of it along a line in
    /// `lines` (bit `d` for line `d`).
    fn within_reach(&self, x: usize, f: usize, lines: u8) -> bool {
        if x == f {
            return true;
        }
        let (dr, dc) = (
            (x / self.stride) as isize - (f / self.stride) as isize,
            (x % self.stride) as isize - (f % self.stride) as isize,
        );
        let far = dr.abs().max(dc.abs());
        if far > 5 {
            return false;
        }
        let line = match (dr, dc) {
            (0, _) => 0,
            (_, 0) => 1,
            _ if dr == dc => 2,
            _ if dr == -dc => 3,
            _ => return false,
        };
        lines & (1 << line) != 0
    }

    /// The cells where a stone of the defender might stop `threats` (cells
    /// where the attacker would make an open four): every one of them must
    /// be met, and a stone changes what a cell makes only on the cell
    /// itself or within five cells along the line concerned.
    fn defences(&self, attacker: usize, threats: &[u16], out: &mut Vec<u16>) {
        out.clear();
        let lines_of = |f: usize| -> u8 {
            let shapes = self.shapes4(f, attacker);
            let mut lines = 0;
            for (d, &shape) in shapes.iter().enumerate() {
                if shape >= FOUR {
                    lines |= 1 << d;
                }
            }
            lines
        };
        let Some(&first) = threats.first() else {
            return;
        };
        let first = usize::from(first);
        let lines = lines_of(first);
        let mut cells = vec![first];
        for (d, &step) in self.steps.iter().enumerate() {
            if lines & (1 << d) == 0 {
                continue;
            }
            for k in 1..=5 {
                for j in [first + k * step, first - k * step] {
                    if self.cells[j] == EMPTY {
                        cells.push(j);
                    }
                }
            }
        }
        let others: Vec<(usize, u8)> = threats[1..]
            .iter()
            .map(|&f| (usize::from(f), lines_of(usize::from(f))))
            .collect();
        for x in cells {
            if others.iter().all(|&(f, l)| self.within_reach(x, f, l)) && !out.contains(&(x as u16))
            {
                out.push(x as u16);
            }
        }
    }
}

/// What a window adds to `side`'s sum: its weight if only `side` has
/// stones there.
#[inline]
fn window_value(weights: &[i32; 6], counts: [u8; 2], side: usize) -> i32 {
    if counts[1 - side] == 0 {
        weights[usize::from(counts[side])]
    } else {
        0
    }
}

/// Threats of one side found by [`Board::survey`].
#[derive(Default)]
struct Threats {
    /// Cells where it makes five.
    fives: Vec<u16>,
    /// Cells where it makes an open four (or two fours).
    open_fours: Vec<u16>,
    /// Cells where it makes a four the opponent can block (four-threes
    /// included).
    fours: Vec<u16>,
    four_threes: u16,
    double_threes: u16,
    /// The best value of a move for this side alone.
    best: i32,
    /// The values of all its moves.
    sum: i32,
}

impl Threats {
    fn clear(&mut self) {
        self.fives.clear();
        self.open_fours.clear();
        self.fours.clear();
        self.four_threes = 0;
        self.double_threes = 0;
        self.best = 0;
        self.sum = 0;
    }

    #[inline]
    fn add(&mut self, i: usize, combo: Combo) {
        let i = i as u16;
        self.best = self.best.max(combo.value);
        self.sum += combo.value;
        if combo.fours == 0 && combo.open_threes < 2 && !combo.five && !combo.open_four {
            return;
        }
        if combo.five {
            self.fives.push(i);
        } else if combo.open_four {
            self.open_fours.push(i);
        } else if combo.fours > 0 {
            self.fours.push(i);
            if combo.open_threes > 0 {
                self.four_threes += 1;
            }
        } else if combo.open_threes >= 2 {
            self.double_threes += 1;
        }
    }
}

/// Everything one look over the candidate cells tells: both sides'
/// threats, and each cell's value as a move for the side to move.
#[derive(Default)]
struct Survey {
    threats: [Threats; 2],
    /// (value, cell) for every candidate cell.
    scored: Vec<(i32, u16)>,
}

impl Board {
    fn survey(&self, me: usize, out: &mut Survey) {
        out.threats[0].clear();
        out.threats[1].clear();
        out.scored.clear();
        let opp = 1 - me;
        for i in self.candidates() {
            let mine = self.combo(i, me);
            let theirs = self.combo(i, opp);
            out.threats[me].add(i, mine);
            out.threats[opp].add(i, theirs);
            out.scored
                .push((5 * mine.value + 4 * theirs.value, i as u16));
        }
    }

    /// The position's value for `me`, the side to move, from the window
    /// sums and what each side threatens.
    fn evaluate(&self, me: usize, survey: &Survey) -> i32 {
        let opp = 1 - me;
        let (mine, theirs) = (&survey.threats[me], &survey.threats[opp]);
        let mut value = self.score[me] - self.score[opp];
        // Having the move is worth part of the best move.
        value += mine.best / 4;
        let they_can_answer = !theirs.fours.is_empty() || !theirs.open_fours.is_empty();
        if !they_can_answer {
            if mine.four_threes > 0 {
                value += 3_000;
            } else if mine.double_threes > 0 {
                value += 1_200;
            }
        }
        // Their three stands: with no four of mine, I must spend the move
        // on it.
        if !theirs.open_fours.is_empty() && mine.fours.is_empty() {
            value -= 150;
            if theirs.four_threes > 0 || theirs.double_threes > 0 {
                value -= 600;
            }
        }
        value.clamp(-80_000, 80_000)
    }
}

// ---------------------------------------------------------------------
// Levels 1 to 4: the generic search.

/// How many moves each node of the generic search looks at.
const WIDTH: usize = 10;

thread_local! {
    /// The board last used on this thread, brought up to date with each
    /// position asked about: positions of one search differ by a few
    /// stones.
    static SYNCED: RefCell<Option<Board>> = const { RefCell::new(None) };
}

/// Calls `f` with a board holding the stones of `game`.
fn with_board<R>(game: &Gomoku, f: impl FnOnce(&mut Board) -> R) -> R {
    SYNCED.with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            return f(&mut Board::from_game(game));
        };
        let (n, rule) = (game.side(), game.settings().rule());
        let board = match &mut *slot {
            Some(board) if board.n == n && board.rule == rule => board,
            other => other.insert(Board::new(n, rule)),
        };
        board.sync(game);
        f(board)
    })
}

/// The moves worth searching for the side to move (`me`), best first,
/// after `survey` of the board: a five if there is one; else the blocks of
/// the opponent's five; else, against an open three (cells where the
/// opponent would make an open four), the fours and the cells that may
/// stop it; else the `width` best cells.
fn pick_moves(board: &Board, me: usize, survey: &mut Survey, width: usize, moves: &mut Vec<u16>) {
    moves.clear();
    let opp = 1 - me;
    let best_first = |&(value, i): &(i32, u16)| (std::cmp::Reverse(value), i);
    if let Some(&five) = survey.threats[me].fives.first() {
        moves.push(five);
        return;
    }
    if !survey.threats[opp].fives.is_empty() {
        moves.extend_from_slice(&survey.threats[opp].fives);
        return;
    }
    if !survey.threats[opp].open_fours.is_empty() {
        let mut answers = Vec::new();
        board.defences(opp, &survey.threats[opp].open_fours, &mut answers);
        answers.extend_from_slice(&survey.threats[me].fours);
        answers.extend_from_slice(&survey.threats[me].open_fours);
        survey.scored.retain(|(_, i)| answers.contains(i));
        if !survey.scored.is_empty() {
            survey.scored.sort_unstable_by_key(best_first);
            moves.extend(survey.scored.iter().map(|&(_, i)| i));
            return;
        }
        board.survey(me, survey);
    }
    let scored = &mut survey.scored;
    if scored.len() > width && width > 0 {
        scored.select_nth_unstable_by_key(width - 1, best_first);
        scored.truncate(width);
    }
    scored.sort_unstable_by_key(best_first);
    moves.extend(scored.iter().map(|&(_, i)| i));
}

/// [`Board::survey`], then [`pick_moves`].
fn node_moves(board: &Board, me: usize, survey: &mut Survey, width: usize, moves: &mut Vec<u16>) {
    board.survey(me, survey);
    pick_moves(board, me, survey, width, moves);
}

impl Searchable for Gomoku {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 981.0;

    fn evaluate(&self) -> i32 {
        let me = self.to_move().index();
        with_board(self, |board| {
            let mut survey = Survey::default();
            board.survey(me, &mut survey);
            board.evaluate(me, &survey)
        })
    }

    fn position_hash(&self) -> u64 {
        let mut hash = zobrist(u64::MAX - 4 + self.to_move().index() as u64);
        for cell in Cell::all(self.side()) {
            if let Some(who) = self.piece_at(cell) {
                hash ^= zobrist(who.index() as u64 * 1024 + (cell.row() * 26 + cell.col()) as u64);
            }
        }
        hash
    }

    /// Under the exact rule a filled window can make an overline, which
    /// does not win, so nothing is claimed there.
    fn forced(&self) -> Option<crate::Forced> {
        match self.settings().rule() {
            GomokuRule::Freestyle => {
                super::cells::forced_in_rows(self, tabletop_engine::gomoku::FIVE, 1, 1)
            }
            GomokuRule::Exact => None,
        }
    }

    fn candidate_moves(&self, moves: &mut Vec<GomokuStone>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let n = self.side();
        let me = self.to_move().index();
        with_board(self, |board| {
            if board.stones == 0 {
                moves.extend(Cell::new(n / 2, n / 2).map(GomokuStone));
                return;
            }
            let mut survey = Survey::default();
            let mut cells = Vec::new();
            node_moves(board, me, &mut survey, WIDTH, &mut cells);
            moves.extend(
                cells
                    .iter()
                    .map(|&i| GomokuStone(board.cell(usize::from(i)))),
            );
        });
    }

    /// Level 5 chooses by threats and its own search ([`choose`]).
    fn choose_own(
        &self,
        _history: &History,
        level: Level,
        deadline: Instant,
        _seed: u64,
        stop: &AtomicBool,
    ) -> OwnChoice<GomokuStone> {
        if level != Level::MAX {
            return OwnChoice::Search;
        }
        match choose(self, deadline, stop) {
            Some(stone) => OwnChoice::Play(stone),
            None => OwnChoice::GameOver,
        }
    }

    /// Levels 1 and 2 look one and two stones ahead; level 3 four, so
    /// that level 4, with the same search and more time, stays above it.
    fn depth_cap(level: Level) -> u32 {
        match level.get() {
            1 => 1,
            2 => 2,
            3 => 4,
            _ => 64,
        }
    }

    fn move_slot(GomokuStone(cell): GomokuStone) -> usize {
        cell.row() * 26 + cell.col()
    }

    fn opponent_wins_next(&self, me: Player) -> bool {
        with_board(self, |board| {
            let mut survey = Survey::default();
            board.survey(me.index(), &mut survey);
            let threats = survey.threats[me.other().index()].fives.len();
            if self.to_move() == me {
                threats >= 2 && survey.threats[me.index()].fives.is_empty()
            } else {
                threats >= 1
            }
        })
    }
}

// ---------------------------------------------------------------------
// Level 5: threats, then a search of its own (its scores on the generic
// search's scale: a win `k` stones away is `WIN - k`).

/// Fours in a row the VCF search follows.
const VCF_DEPTH: u32 = 24;
/// Fours in a row the VCF search follows inside the VCT search.
const VCF_IN_VCT: u32 = 10;
/// Threats (threes or fours) in a row the VCT search follows, at most.
const VCT_DEPTH: u32 = 7;
/// The deepest the search may go, forced blocks included.
const MAX_PLY: usize = 60;
/// Moves each node of the level 5 search looks at, by distance from the
/// root.
fn width_at(ply: usize) -> usize {
    match ply {
        0 => 24,
        1 => 14,
        2..=3 => 10,
        _ => 7,
    }
}

/// When a search must give up.
struct Clock<'a> {
    deadline: Instant,
    stop: &'a AtomicBool,
    ticks: u64,
    expired: bool,
}

impl<'a> Clock<'a> {
    fn new(deadline: Instant, stop: &'a AtomicBool) -> Clock<'a> {
        Clock {
            deadline,
            stop,
            ticks: 0,
            expired: false,
        }
    }

    /// Counts a node; every 256 nodes looks at the time and the stop flag.
    fn tick(&mut self) -> bool {
        self.ticks += 1;
        if !self.expired && self.ticks.is_multiple_of(256) {
            self.expired = self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline;
        }
        self.expired
    }

    fn check(&mut self) -> bool {
        if !self.expired {
            self.expired = self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline;
        }
        self.expired
    }

    /// A clock for part of the time left: `share` of it.
    fn part(&self, share: f64) -> Clock<'a> {
        let now = Instant::now();
        let left = self.deadline.saturating_duration_since(now);
        Clock::new(now + left.mul_f64(share), self.stop)
    }
}

/// Positions already proved to hold no forced win, by kind and depth.
struct Failures {
    keys: Vec<u64>,
    depths: Vec<u8>,
}

impl Failures {
    fn new(bits: u32) -> Failures {
        Failures {
            keys: vec![0; 1 << bits],
            depths: vec![0; 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.keys.len() - 1)
    }

    /// Whether `key` is known to fail at `depth` or deeper.
    fn failed(&self, key: u64, depth: u32) -> bool {
        let slot = self.slot(key);
        self.keys[slot] == key && u32::from(self.depths[slot]) >= depth
    }

    fn record(&mut self, key: u64, depth: u32) {
        let slot = self.slot(key);
        self.keys[slot] = key;
        self.depths[slot] = depth.min(255) as u8;
    }
}

/// Threat searches on a board: VCF and VCT for one attacker.
struct Threater<'b, 'c> {
    board: &'b mut Board,
    clock: Clock<'c>,
    failures: Failures,
    nodes: u64,
}

/// Keys that keep the kinds of failures apart.
const VCF_KEY: u64 = 0x5643_4600;
const VCT_KEY: u64 = 0x5643_5400;
const DEFEND_KEY: u64 = 0x4445_4600;

impl Threater<'_, '_> {
    fn key(&self, kind: u64, attacker: usize) -> u64 {
        self.board.hash ^ zobrist(kind + attacker as u64)
    }

    /// The cells where `side` makes five, and (if `fours` is given) those
    /// where it makes a four or an open four.
    fn scan(&self, side: usize, fives: &mut Vec<u16>, mut fours: Option<&mut Vec<(i32, u16)>>) {
        fives.clear();
        if let Some(out) = fours.as_deref_mut() {
            out.clear();
        }
        for i in self.board.candidates() {
            let combo = self.board.combo(i, side);
            if combo.five {
                fives.push(i as u16);
            } else if combo.is_four()
                && let Some(out) = fours.as_deref_mut()
            {
                let value = if combo.open_four {
                    100_000
                } else {
                    combo.value
                };
                out.push((value, i as u16));
            }
        }
    }

    /// A first move of a win by continuous fours for `a`, to move, within
    /// `depth` fours.
    fn vcf(&mut self, a: usize, depth: u32) -> Option<u16> {
        self.nodes += 1;
        if self.clock.tick() {
            return None;
        }
        let d = 1 - a;
        let mut mine = Vec::new();
        let mut fours = Vec::new();
        self.scan(a, &mut mine, Some(&mut fours));
        if let Some(&five) = mine.first() {
            return Some(five);
        }
        let mut theirs = Vec::new();
        self.scan(d, &mut theirs, None);
        if theirs.len() >= 2 || depth == 0 {
            return None;
        }
        let key = self.key(VCF_KEY, a);
        if self.failures.failed(key, depth) {
            return None;
        }
        if let Some(&block) = theirs.first() {
            // Their four must be blocked, and the block must be a four.
            fours.retain(|&(_, i)| i == block);
        }
        fours.sort_unstable_by_key(|&(value, i)| (std::cmp::Reverse(value), i));
        let mut blocks = Vec::new();
        for &(_, m) in &fours {
            let m = usize::from(m);
            self.board.place(m, a);
            self.board.fives_around(m, a, &mut blocks);
            let won = match blocks.len() {
                0 => false,
                1 => {
                    let b = usize::from(blocks[0]);
                    self.board.place(b, d);
                    let won = self.vcf(a, depth - 1).is_some();
                    self.board.remove(b);
                    won
                }
                _ => true,
            };
            self.board.remove(m);
            if won {
                return Some(m as u16);
            }
            if self.clock.expired {
                return None;
            }
        }
        self.failures.record(key, depth);
        None
    }

    /// A first move of a win for `a`, to move, by threes and fours within
    /// `depth` threats: each either a four, or a move after which `a`
    /// would make an open four, answered by every move that might stop it.
    fn vct(&mut self, a: usize, depth: u32) -> Option<u16> {
        self.nodes += 1;
        if self.clock.tick() {
            return None;
        }
        let d = 1 - a;
        let mut survey = Survey::default();
        self.board.survey(a, &mut survey);
        let (mine, theirs) = (&survey.threats[a], &survey.threats[d]);
        if let Some(&five) = mine.fives.first() {
            return Some(five);
        }
        match theirs.fives.len() {
            0 => {}
            1 => {
                // Their counter-four is blocked; then they must still
                // answer the threat that stands.
                let b = theirs.fives[0];
                self.board.place(usize::from(b), a);
                let won = self.defend(a, depth);
                self.board.remove(usize::from(b));
                return won.then_some(b);
            }
            _ => return None,
        }
        if let Some(&open) = mine.open_fours.first() {
            return Some(open);
        }
        if let Some(m) = self.vcf(a, VCF_IN_VCT.min(2 * depth + 2)) {
            return Some(m);
        }
        if depth == 0 || self.clock.expired {
            return None;
        }
        let key = self.key(VCT_KEY, a);
        if self.failures.failed(key, depth) {
            return None;
        }
        // Fours and the cells that make an open three.
        let mut attacks: Vec<(i32, u16)> = Vec::new();
        for &(value, i) in &survey.scored {
            let i = usize::from(i);
            let combo = self.board.combo(i, a);
            if combo.is_four() || combo.open_threes > 0 {
                attacks.push((value, i as u16));
            }
        }
        attacks.sort_unstable_by_key(|&(value, i)| (std::cmp::Reverse(value), i));
        for &(_, m) in &attacks {
            let m = usize::from(m);
            self.board.place(m, a);
            let won = self.defend(a, depth - 1);
            self.board.remove(m);
            if won {
                return Some(m as u16);
            }
            if self.clock.expired {
                return None;
            }
        }
        self.failures.record(key, depth);
        None
    }

    /// Whether `a`, having just threatened, wins against every answer of
    /// the defender (to move).
    fn defend(&mut self, a: usize, depth: u32) -> bool {
        self.nodes += 1;
        if self.clock.tick() {
            return false;
        }
        let d = 1 - a;
        let mut survey = Survey::default();
        self.board.survey(d, &mut survey);
        let (mine, theirs) = (&survey.threats[a], &survey.threats[d]);
        if !theirs.fives.is_empty() {
            return false;
        }
        match mine.fives.len() {
            0 => {}
            1 => {
                let b = usize::from(mine.fives[0]);
                self.board.place(b, d);
                let won = self.vct(a, depth).is_some();
                self.board.remove(b);
                return won;
            }
            _ => return true,
        }
        // No threat, or their open four comes first.
        if mine.open_fours.is_empty() || !theirs.open_fours.is_empty() {
            return false;
        }
        let key = self.key(DEFEND_KEY, a);
        if self.failures.failed(key, depth + 1) {
            return false;
        }
        let mut answers = Vec::new();
        self.board.defences(a, &mine.open_fours, &mut answers);
        for &i in &theirs.fours {
            if !answers.contains(&i) {
                answers.push(i);
            }
        }
        for &i in &answers {
            let i = usize::from(i);
            self.board.place(i, d);
            let won = self.vct(a, depth).is_some();
            self.board.remove(i);
            if !won {
                if !self.clock.expired {
                    self.failures.record(key, depth + 1);
                }
                return false;
            }
        }
        true
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: u8,
    bound: Bound,
}

/// The level 5 alpha-beta search on a board.
struct Searcher<'b, 'c> {
    board: &'b mut Board,
    clock: Clock<'c>,
    table: Vec<Entry>,
    surveys: Vec<Survey>,
    buffers: Vec<Vec<u16>>,
    killers: Vec<[u16; 2]>,
    nodes: u64,
}

impl<'b, 'c> Searcher<'b, 'c> {
    fn new(board: &'b mut Board, clock: Clock<'c>) -> Searcher<'b, 'c> {
        let empty = Entry {
            key: 0,
            score: 0,
            mv: 0,
            depth: 0,
            bound: Bound::Exact,
        };
        Searcher {
            board,
            clock,
            table: vec![empty; 1 << 18],
            surveys: (0..=MAX_PLY).map(|_| Survey::default()).collect(),
            buffers: vec![Vec::new(); MAX_PLY + 1],
            killers: vec![[0; 2]; MAX_PLY + 1],
            nodes: 0,
        }
    }

    /// Surveys the board at `ply`: the node's value when it is decided
    /// without search (a five for either side, an open four), else whether
    /// its one move is forced (a block of the opponent's five).
    fn decide(&mut self, me: usize, ply: usize) -> Result<bool, i32> {
        let opp = 1 - me;
        let survey = &mut self.surveys[ply];
        self.board.survey(me, survey);
        let (mine, theirs) = (&survey.threats[me], &survey.threats[opp]);
        if !mine.fives.is_empty() {
            Err(WIN - (ply as i32 + 1))
        } else if theirs.fives.len() >= 2 {
            Err(-(WIN - (ply as i32 + 2)))
        } else if theirs.fives.len() == 1 {
            Ok(true)
        } else if !mine.open_fours.is_empty() {
            Err(WIN - (ply as i32 + 3))
        } else {
            Ok(false)
        }
    }

    fn negamax(&mut self, me: usize, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.clock.tick() {
            return 0;
        }
        let forced = match self.decide(me, ply) {
            Ok(forced) => forced,
            Err(value) => return value,
        };
        if (depth == 0 && !forced) || ply >= MAX_PLY {
            return self.board.evaluate(me, &self.surveys[ply]);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pick_moves(
            self.board,
            me,
            &mut self.surveys[ply],
            width_at(ply),
            &mut moves,
        );
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return 0;
        }
        let key = self.board.hash ^ zobrist(u64::MAX - me as u64);
        let slot = key as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key {
            first = Some(entry.mv);
            if u32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    self.buffers[ply] = moves;
                    return score;
                }
            }
        }
        // The table's move, then the killers, then the survey's order.
        let killers = self.killers[ply];
        let mut front = 0;
        for wanted in [first, Some(killers[0]), Some(killers[1])]
            .into_iter()
            .flatten()
        {
            if let Some(at) = moves[front..].iter().position(|&m| m == wanted) {
                moves[front..=front + at].rotate_right(1);
                front += 1;
            }
        }
        let child_depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -2 * WIN;
        let mut best_move = moves[0];
        for (k, &m) in moves.iter().enumerate() {
            let i = usize::from(m);
            self.board.place(i, me);
            let score = if k == 0 {
                -self.negamax(1 - me, child_depth, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(1 - me, child_depth, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.clock.expired {
                    -self.negamax(1 - me, child_depth, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.board.remove(i);
            if self.clock.expired {
                break;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let k = &mut self.killers[ply];
                        if k[0] != m {
                            k[1] = k[0];
                            k[0] = m;
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.clock.expired {
            return 0;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.table[slot] = Entry {
            key,
            score: to_table(best, ply),
            mv: best_move,
            depth: depth.min(255) as u8,
            bound,
        };
        best
    }

    /// Searches `moves` (the root's) `depth` deep, leaving them best
    /// first; false if the clock ran out first (the order is then the
    /// old one, but for a move that beat the first).
    fn root(&mut self, me: usize, depth: u32, moves: &mut [(u16, i32)]) -> bool {
        let mut alpha = -2 * WIN;
        let mut done = 0;
        for (k, entry) in moves.iter_mut().enumerate() {
            let i = usize::from(entry.0);
            self.board.place(i, me);
            let score = if k == 0 {
                -self.negamax(1 - me, depth - 1, 1, -2 * WIN, -alpha)
            } else {
                let probe = -self.negamax(1 - me, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.clock.expired {
                    -self.negamax(1 - me, depth - 1, 1, -2 * WIN, -alpha)
                } else {
                    probe
                }
            };
            self.board.remove(i);
            if self.clock.expired {
                break;
            }
            entry.1 = score;
            alpha = alpha.max(score);
            done = k + 1;
        }
        moves[..done].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        !self.clock.expired
    }
}

/// Shares of the time left for each stage of level 5's choice.
const VCF_SHARE: f64 = 0.08;
const VCT_SHARE: f64 = 0.2;
const SEARCH_SHARE: f64 = 0.55;

/// Level 5's move.
pub fn choose(game: &Gomoku, deadline: Instant, stop: &AtomicBool) -> Option<GomokuStone> {
    if game.is_over() {
        return None;
    }
    let n = game.side();
    let mut board = Board::from_game(game);
    if board.stones == 0 {
        return Cell::new(n / 2, n / 2).map(GomokuStone);
    }
    let me = game.to_move().index();
    let opp = 1 - me;
    let stone = |board: &Board, i: u16| Some(GomokuStone(board.cell(usize::from(i))));
    let mut survey = Survey::default();
    let mut root = Vec::new();
    node_moves(&board, me, &mut survey, width_at(0), &mut root);
    let (mine, theirs) = (&survey.threats[me], &survey.threats[opp]);
    if let Some(&five) = mine.fives.first() {
        return stone(&board, five);
    }
    if let Some(&block) = theirs.fives.first() {
        return stone(&board, block);
    }
    if let Some(&open) = mine.open_fours.first() {
        return stone(&board, open);
    }
    let clock = Clock::new(deadline, stop);
    let mut threater = Threater {
        board: &mut board,
        clock: clock.part(VCF_SHARE),
        failures: Failures::new(16),
        nodes: 0,
    };
    if let Some(m) = threater.vcf(me, VCF_DEPTH) {
        return stone(&board, m);
    }
    threater.clock = clock.part(VCT_SHARE);
    for depth in 1..=VCT_DEPTH {
        if let Some(m) = threater.vct(me, depth) {
            return stone(&board, m);
        }
        if threater.clock.check() {
            break;
        }
    }
    // The search, deeper and deeper while time allows.
    let mut ranked: Vec<(u16, i32)> = root.iter().map(|&m| (m, 0)).collect();
    if ranked.is_empty() {
        let any = board
            .playing
            .iter()
            .copied()
            .find(|&i| board.cells[usize::from(i)] == EMPTY);
        return any.and_then(|i| stone(&board, i));
    }
    let started = Instant::now();
    let search_clock = clock.part(SEARCH_SHARE);
    let budget = search_clock.deadline.saturating_duration_since(started);
    let mut searcher = Searcher::new(&mut board, search_clock);
    for depth in 1..=40 {
        let mut trial = ranked.clone();
        let done = searcher.root(me, depth, &mut trial);
        if done || trial[0].0 != ranked[0].0 {
            ranked = trial;
        }
        // The next depth takes a few times as long as this one.
        if !done || ranked[0].1.abs() > DECIDED || started.elapsed() * 5 > budget * 2 {
            break;
        }
    }
    drop(searcher);
    match safest(&mut board, me, &ranked, &mut clock.part(1.0)) {
        Some(m) => stone(&board, m),
        None => stone(&board, ranked[0].0),
    }
}

/// Threats in a row the opponent's VCT is followed for, to check a move.
const SAFETY_VCT_DEPTH: u32 = 4;

/// The first of `ranked` (best first) after which the opponent has no
/// forced win by fours, nor one by threes found within the time; failing
/// that, the first after which they have no win by fours.
fn safest(board: &mut Board, me: usize, ranked: &[(u16, i32)], clock: &mut Clock) -> Option<u16> {
    let opp = 1 - me;
    let mut threater = Threater {
        board,
        clock: clock.part(1.0),
        failures: Failures::new(16),
        nodes: 0,
    };
    let mut no_vcf = None;
    for (k, &(m, score)) in ranked.iter().enumerate() {
        if score < -DECIDED && k > 0 {
            break;
        }
        if clock.check() {
            break;
        }
        let i = usize::from(m);
        threater.board.place(i, me);
        // Each move's check gets a third of what is left.
        threater.clock = clock.part(0.34);
        let mut refuted = threater.vcf(opp, VCF_DEPTH).is_some();
        let vcf_known = !threater.clock.expired;
        if !refuted && vcf_known {
            no_vcf.get_or_insert(m);
            for depth in 1..=SAFETY_VCT_DEPTH {
                if threater.vct(opp, depth).is_some() {
                    refuted = true;
                    break;
                }
                if threater.clock.check() {
                    break;
                }
            }
        }
        threater.board.remove(i);
        if !refuted && vcf_known {
            return Some(m);
        }
    }
    no_vcf
}

#[cfg(test)]
#[path = "gomoku_tests.rs"]
mod tests;
