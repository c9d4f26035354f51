//! The board every level sees Gomoku through, updated stone by stone: for
//! each empty cell, each side and each of the four lines, the code of the
//! ten cells around it; the stones in every window of five cells, for the
//! evaluation; a Zobrist hash; and the threats a survey of the candidate
//! cells finds.

use super::shapes::{Combo, FIVE, FOUR, POW3, combos, digit, shapes};
use crate::search::zobrist;
use tabletop_engine::gomoku::{Gomoku, GomokuRule};
use tabletop_engine::{Cell, Game};

pub(super) const EMPTY: u8 = 0;
pub(super) const WALL: u8 = 3;
/// Border cells round the board: a line code looks five cells each way.
pub(super) const PAD: usize = 5;

/// Weight of a window of five holding 0..=4 stones of one side only.
pub(super) const WINDOW_WEIGHT: [i32; 6] = [0, 2, 12, 60, 250, 0];

/// A Gomoku position for searching: cells, line codes, window counts and
/// a Zobrist hash, all updated by [`Board::place`] and [`Board::remove`].
#[derive(Clone)]
pub(super) struct Board {
    pub(super) n: usize,
    pub(super) stride: usize,
    pub(super) rule: GomokuRule,
    /// Index offsets along a row, a column and the two diagonals.
    pub(super) steps: [usize; 4],
    pub(super) shapes: &'static [u8],
    pub(super) combos: &'static [Combo],
    /// EMPTY, 1 + side for a stone, WALL off the board.
    pub(super) cells: Vec<u8>,
    /// For each cell: the line code of each side (0, 1) along each line.
    pub(super) keys: Vec<[u16; 8]>,
    /// Stones within two cells (rows and columns) of each cell.
    pub(super) near: Vec<u8>,
    /// Stones of each side in the window of five starting at a cell and
    /// going along a line (index `cell * 4 + line`).
    pub(super) windows: Vec<[u8; 2]>,
    /// Bit `d`: the window starting at the cell along line `d` is on the
    /// board.
    pub(super) window_ok: Vec<u8>,
    /// Sum of the window weights of each side.
    pub(super) score: [i32; 2],
    pub(super) weights: [i32; 6],
    pub(super) hash: u64,
    pub(super) stones: usize,
    /// The board's cells, row by row.
    pub(super) playing: Vec<u16>,
}

impl Board {
    pub(super) fn new(n: usize, rule: GomokuRule) -> Board {
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

    pub(super) fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.stride - PAD, i % self.stride - PAD).unwrap_or_else(|| unreachable!())
    }

    /// Makes the board hold exactly the stones of `game`.
    pub(super) fn sync(&mut self, game: &Gomoku) {
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

    pub(super) fn from_game(game: &Gomoku) -> Board {
        let mut board = Board::new(game.side(), game.settings().rule());
        board.sync(game);
        board
    }

    pub(super) fn stone_key(i: usize, side: usize) -> u64 {
        zobrist((side * 4096 + i) as u64)
    }

    /// Puts a stone of `side` (0 or 1) on the empty cell `i`.
    pub(super) fn place(&mut self, i: usize, side: usize) {
        self.cells[i] = side as u8 + 1;
        self.update(i, side, true);
    }

    /// Takes the stone off cell `i`.
    pub(super) fn remove(&mut self, i: usize) {
        let side = usize::from(self.cells[i] - 1);
        self.cells[i] = EMPTY;
        self.update(i, side, false);
    }

    pub(super) fn update(&mut self, i: usize, side: usize, add: bool) {
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
    pub(super) fn shape(&self, i: usize, side: usize, d: usize) -> u8 {
        self.shapes[usize::from(self.keys[i][side * 4 + d])]
    }

    #[inline]
    pub(super) fn shapes4(&self, i: usize, side: usize) -> [u8; 4] {
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
    pub(super) fn combo(&self, i: usize, side: usize) -> Combo {
        let [a, b, c, d] = self.shapes4(i, side);
        let k = usize::from(a) + 9 * usize::from(b) + 81 * usize::from(c) + 729 * usize::from(d);
        self.combos[k]
    }

    /// The empty cells near stones: the only ones worth a thought.
    pub(super) fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.playing
            .iter()
            .map(|&i| usize::from(i))
            .filter(|&i| self.cells[i] == EMPTY && self.near[i] > 0)
    }

    /// The empty cells where a stone of `side` makes five, in the lines
    /// through `at` only (where a stone was just placed).
    pub(super) fn fives_around(&self, at: usize, side: usize, out: &mut Vec<u16>) {
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
    pub(super) fn within_reach(&self, x: usize, f: usize, lines: u8) -> bool {
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
    pub(super) fn defences(&self, attacker: usize, threats: &[u16], out: &mut Vec<u16>) {
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
pub(super) fn window_value(weights: &[i32; 6], counts: [u8; 2], side: usize) -> i32 {
    if counts[1 - side] == 0 {
        weights[usize::from(counts[side])]
    } else {
        0
    }
}

/// Threats of one side found by [`Board::survey`].
#[derive(Default)]
pub(super) struct Threats {
    /// Cells where it makes five.
    pub(super) fives: Vec<u16>,
    /// Cells where it makes an open four (or two fours).
    pub(super) open_fours: Vec<u16>,
    /// Cells where it makes a four the opponent can block (four-threes
    /// included).
    pub(super) fours: Vec<u16>,
    pub(super) four_threes: u16,
    pub(super) double_threes: u16,
    /// The best value of a move for this side alone.
    pub(super) best: i32,
    /// The values of all its moves.
    pub(super) sum: i32,
}

impl Threats {
    pub(super) fn clear(&mut self) {
        self.fives.clear();
        self.open_fours.clear();
        self.fours.clear();
        self.four_threes = 0;
        self.double_threes = 0;
        self.best = 0;
        self.sum = 0;
    }

    #[inline]
    pub(super) fn add(&mut self, i: usize, combo: Combo) {
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
pub(super) struct Survey {
    pub(super) threats: [Threats; 2],
    /// (value, cell) for every candidate cell.
    pub(super) scored: Vec<(i32, u16)>,
}

impl Board {
    pub(super) fn survey(&self, me: usize, out: &mut Survey) {
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
    pub(super) fn evaluate(&self, me: usize, survey: &Survey) -> i32 {
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
