//! The Connect6 board as level 5 sees it: every window of the winning
//! length, its stones counted incrementally; a *threat* is a window one
//! side can fill with its next turn's stones. The evaluation (windows
//! weighted by how few stones they lack, or the fitted weights of
//! `fitted.rs`) is kept up to date stone by stone, and the sets of one or
//! two stones a turn can play are made here.

use super::fitted::{self, Weights};
use super::memo::{Memo, stone_hash};
use crate::cells::colour;
use tabletop_engine::connect6::Connect6;
use tabletop_engine::{Cell, Game};

/// Scores of decided lines, far above any evaluation.
pub(super) const WIN: i64 = 1 << 40;

/// [`Board::window_score`]'s table for rows of `line`: windows only one
/// side holds count for it, weighted by how few stones they lack.
fn window_scores(line: usize) -> Vec<i64> {
    let weight = |count: usize| -> i64 {
        match line.saturating_sub(count) {
            0..=2 => 400,
            3 => 60,
            4 => 12,
            5 => 3,
            _ => 1,
        }
    };
    let mut table = vec![0; (line + 1) * (line + 1)];
    for first in 0..=line {
        for second in 0..=line {
            table[first * (line + 1) + second] = match (first, second) {
                (0, 0) => 0,
                (mine, 0) => weight(mine),
                (0, theirs) => -weight(theirs),
                _ => 0,
            };
        }
    }
    table
}

/// A set of one or two stones for a turn.
pub type Pair = (usize, Option<usize>);

/// The board as windows.
#[derive(Clone)]
pub struct Board {
    pub(super) n: usize,
    pub(super) line: usize,
    /// 0 empty, 1 first player, 2 second.
    pub(super) grid: Vec<u8>,
    /// Window `w` is `cells[w * line .. (w + 1) * line]`.
    pub(super) cells: Vec<u16>,
    /// The windows through each cell.
    pub(super) through: Vec<Vec<u32>>,
    /// Stones of each colour (index 1 and 2) in each window.
    pub(super) counts: Vec<[u8; 3]>,
    /// A hash of the stones, for `memo`.
    pub(super) hash: u64,
    /// [`Board::evaluate`] for the first player, kept up to date stone by
    /// stone: the look-ahead reads it at every position it weighs.
    pub(super) score: i64,
    /// A window's part of `score` by its counts of first- and
    /// second-player stones (index `first * (line + 1) + second`).
    pub(super) window_scores: Vec<i64>,
    /// The threat-space search's results so far.
    pub(super) memo: Memo<Pair>,
    /// Where each cell is in each window of `through` (parallel to it).
    pub(super) offsets: Vec<Vec<u8>>,
    /// Each window's stones of each colour (index 1 and 2) as bits by
    /// their place in the window.
    pub(super) masks: Vec<[u32; 3]>,
    /// The fitted evaluation's weights, if the board uses it (rows of six
    /// only).
    pub(super) fitted: Option<&'static Weights>,
    /// The fitted evaluation for each side (index 1 and 2) as if it had
    /// just played, kept stone by stone.
    pub(super) judged: [i64; 3],
    /// For each side (index 1 and 2), the windows it holds alone with at
    /// least [`Board::warm_least`] stones, as bits by window: the only
    /// windows the threat searches look at, kept stone by stone.
    pub(super) warm: [Vec<u64>; 3],
}

impl Board {
    pub fn new(n: usize, line: usize) -> Board {
        let mut cells = Vec::new();
        let mut through = vec![Vec::new(); n * n];
        let mut offsets = vec![Vec::new(); n * n];
        let (ni, li) = (n as isize, line as isize);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..ni {
                for c in 0..ni {
                    let (er, ec) = (r + (li - 1) * dr, c + (li - 1) * dc);
                    if er < 0 || ec < 0 || er >= ni || ec >= ni {
                        continue;
                    }
                    let w = (cells.len() / line) as u32;
                    for k in 0..li {
                        let i = ((r + k * dr) * ni + c + k * dc) as usize;
                        cells.push(i as u16);
                        through[i].push(w);
                        offsets[i].push(k as u8);
                    }
                }
            }
        }
        let windows = cells.len() / line;
        Board {
            n,
            line,
            grid: vec![0; n * n],
            cells,
            through,
            counts: vec![[0; 3]; windows],
            hash: 0,
            score: 0,
            window_scores: window_scores(line),
            memo: Memo::default(),
            offsets,
            masks: vec![[0; 3]; windows],
            fitted: None,
            judged: [0; 3],
            warm: std::array::from_fn(|_| vec![0; windows.div_ceil(64)]),
        }
    }

    /// The fewest stones of a window in [`Board::warm`]: those a turn
    /// (two stones) takes to a threat, and any more.
    pub(super) fn warm_least(&self) -> u8 {
        self.line.saturating_sub(4).max(1) as u8
    }

    /// Puts window `w` in or out of each side's warm windows after its
    /// counts changed.
    pub(super) fn rewarm(&mut self, w: usize) {
        let least = self.warm_least();
        let c = self.counts[w];
        for who in 1..3 {
            let bit = 1u64 << (w % 64);
            if c[3 - who] == 0 && c[who] >= least {
                self.warm[who][w / 64] |= bit;
            } else {
                self.warm[who][w / 64] &= !bit;
            }
        }
    }

    /// The windows `who` holds alone with at least [`Board::warm_least`]
    /// stones, in order.
    pub(super) fn warm_windows(&self, who: u8) -> impl Iterator<Item = usize> + '_ {
        self.warm[who as usize]
            .iter()
            .enumerate()
            .flat_map(|(k, &word)| {
                std::iter::successors((word != 0).then_some(word), |&rest| {
                    let rest = rest & (rest - 1);
                    (rest != 0).then_some(rest)
                })
                .map(move |rest| k * 64 + rest.trailing_zeros() as usize)
            })
    }

    /// The board of `game` with the fitted evaluation of `weights` (rows
    /// of six; the windows' otherwise).
    pub fn with_weights(game: &Connect6, weights: &'static Weights) -> Board {
        let mut board = Board::from_game(game);
        if board.line == fitted::LINE {
            board.fitted = Some(weights);
            board.judged = [0; 3];
            for w in 0..board.masks.len() {
                let (first, second) = board.fitted_part(w);
                board.judged[1] += first;
                board.judged[2] += second;
            }
        }
        board
    }

    /// A window's part of the fitted evaluation for the first and the
    /// second player as if each had just played.
    pub(super) fn fitted_part(&self, w: usize) -> (i64, i64) {
        let Some(weights) = self.fitted else {
            return (0, 0);
        };
        match self.masks[w] {
            [_, 0, 0] => (0, 0),
            [_, m, 0] => (weights.mine[m as usize], weights.theirs[m as usize]),
            [_, 0, m] => (weights.theirs[m as usize], weights.mine[m as usize]),
            _ => (0, 0),
        }
    }

    pub fn from_game(game: &Connect6) -> Board {
        let n = game.side();
        let mut board = Board::new(n, game.settings().line());
        for cell in Cell::all(n) {
            if let Some(p) = game.piece_at(cell) {
                board.place(cell.row() * n + cell.col(), colour(p));
            }
        }
        board
    }

    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.n, i % self.n).unwrap_or_else(|| unreachable!())
    }

    pub fn place(&mut self, i: usize, who: u8) {
        self.grid[i] = who;
        self.hash ^= stone_hash(i, who);
        for k in 0..self.through[i].len() {
            let w = self.through[i][k] as usize;
            let before = self.window_score(self.counts[w]);
            self.counts[w][who as usize] += 1;
            self.score += self.window_score(self.counts[w]) - before;
            self.rewarm(w);
            if self.fitted.is_some() {
                let fitted_before = self.fitted_part(w);
                self.masks[w][who as usize] |= 1 << self.offsets[i][k];
                let fitted_after = self.fitted_part(w);
                self.judged[1] += fitted_after.0 - fitted_before.0;
                self.judged[2] += fitted_after.1 - fitted_before.1;
            } else {
                self.masks[w][who as usize] |= 1 << self.offsets[i][k];
            }
        }
    }

    pub fn remove(&mut self, i: usize) {
        let who = self.grid[i];
        self.grid[i] = 0;
        self.hash ^= stone_hash(i, who);
        for k in 0..self.through[i].len() {
            let w = self.through[i][k] as usize;
            let before = self.window_score(self.counts[w]);
            self.counts[w][who as usize] -= 1;
            self.score += self.window_score(self.counts[w]) - before;
            self.rewarm(w);
            if self.fitted.is_some() {
                let fitted_before = self.fitted_part(w);
                self.masks[w][who as usize] &= !(1 << self.offsets[i][k]);
                let fitted_after = self.fitted_part(w);
                self.judged[1] += fitted_after.0 - fitted_before.0;
                self.judged[2] += fitted_after.1 - fitted_before.1;
            } else {
                self.masks[w][who as usize] &= !(1 << self.offsets[i][k]);
            }
        }
    }

    pub(super) fn place_set(&mut self, (a, b): Pair, who: u8) {
        self.place(a, who);
        if let Some(b) = b {
            self.place(b, who);
        }
    }

    pub(super) fn remove_set(&mut self, (a, b): Pair) {
        if let Some(b) = b {
            self.remove(b);
        }
        self.remove(a);
    }

    pub(super) fn window(&self, w: usize) -> &[u16] {
        &self.cells[w * self.line..(w + 1) * self.line]
    }

    pub(super) fn empties_of(&self, w: usize) -> impl Iterator<Item = usize> + '_ {
        self.window(w)
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| self.grid[i] == 0)
    }

    pub fn has_won(&self, who: u8) -> bool {
        self.warm_windows(who)
            .any(|w| self.counts[w][who as usize] as usize >= self.line)
    }

    /// The empty cells of a window `who` fills with `stones` (1 or 2)
    /// stones.
    pub fn win_in(&self, who: u8, stones: usize) -> Option<Vec<usize>> {
        self.warm_windows(who)
            .find(|&w| self.counts[w][who as usize] as usize + stones >= self.line)
            .map(|w| self.empties_of(w).collect())
    }

    /// Windows `who` could fill with one turn (two stones).
    pub fn threats(&self, who: u8) -> Vec<usize> {
        self.warm_windows(who)
            .filter(|&w| self.counts[w][who as usize] as usize + 2 >= self.line)
            .collect()
    }

    /// The fewest stones that meet every window of `windows` (0, 1, 2, or
    /// 3 meaning more than two), and every set of that many that does.
    pub fn blocks(&self, windows: &[usize]) -> (usize, Vec<Pair>) {
        let Some(&first) = windows.first() else {
            return (0, Vec::new());
        };
        let hits = |w: usize, i: usize| self.window(w).contains(&(i as u16));
        let singles: Vec<Pair> = self
            .empties_of(first)
            .filter(|&a| windows.iter().all(|&w| hits(w, a)))
            .map(|a| (a, None))
            .collect();
        if !singles.is_empty() {
            return (1, singles);
        }
        let mut pairs: Vec<Pair> = Vec::new();
        for a in self.empties_of(first) {
            let rest: Vec<usize> = windows.iter().copied().filter(|&w| !hits(w, a)).collect();
            for b in self.empties_of(rest[0]) {
                if rest.iter().all(|&w| hits(w, b))
                    && !pairs.contains(&(a, Some(b)))
                    && !pairs.contains(&(b, Some(a)))
                {
                    pairs.push((a, Some(b)));
                }
            }
        }
        if pairs.is_empty() {
            (3, Vec::new())
        } else {
            (2, pairs)
        }
    }

    /// How many stones the opponent of `who` needs to stop `who` winning
    /// next turn (3: they cannot).
    #[cfg(test)]
    pub fn threat_level(&self, who: u8) -> usize {
        self.blocks(&self.threats(who)).0
    }

    /// How good the board is for `who`: windows only one side holds,
    /// weighted by how few stones they lack.
    /// [`Board::evaluate`] where `who`'s threats are known to take
    /// `level` of the opponent's stones to block (the fitted evaluation
    /// counts them).
    pub fn judge(&self, who: u8, level: usize) -> i64 {
        let bonus = self
            .fitted
            .map_or(0, |weights| weights.levels[level.min(2)]);
        self.evaluate(who) + bonus
    }

    pub fn evaluate(&self, who: u8) -> i64 {
        if self.fitted.is_some() {
            self.judged[who as usize]
        } else if who == 1 {
            self.score
        } else {
            -self.score
        }
    }

    /// A window's part of [`Board::evaluate`] for the first player, from
    /// its counts of stones.
    pub(super) fn window_score(&self, c: [u8; 3]) -> i64 {
        self.window_scores[c[1] as usize * (self.line + 1) + c[2] as usize]
    }

    /// The `width` empty cells near stones that matter most to either
    /// side, `who`'s own lines counting a little more.
    pub fn candidates(&self, who: u8, width: usize) -> Vec<usize> {
        let (me, them) = (who as usize, (3 - who) as usize);
        let value = |count: u8| -> i64 {
            match count {
                0 => 0,
                k => 1 << (3 * k.min(6)),
            }
        };
        let mut scored: Vec<(i64, usize)> = Vec::new();
        for i in 0..self.n * self.n {
            if self.grid[i] != 0 {
                continue;
            }
            let mut v = 0;
            for &w in &self.through[i] {
                let c = self.counts[w as usize];
                if c[them] == 0 {
                    v += 5 * value(c[me]);
                }
                if c[me] == 0 {
                    v += 4 * value(c[them]);
                }
            }
            if v > 0 {
                scored.push((v, i));
            }
        }
        scored.sort_by_key(|&(v, i)| (std::cmp::Reverse(v), i));
        scored.into_iter().take(width).map(|(_, i)| i).collect()
    }

    /// The stone sets of a turn of `stones` stones drawn from `cells`,
    /// that meet every window of `must` (the opponent's threats).
    pub(super) fn turns(&self, cells: &[usize], stones: usize, must: &[usize]) -> Vec<Pair> {
        let (needed, blocks) = self.blocks(must);
        let mut sets: Vec<Pair> = Vec::new();
        let mut add = |set: Pair| {
            let flipped = set.1.map(|b| (b, Some(set.0)));
            if !sets.contains(&set) && flipped.is_none_or(|f| !sets.contains(&f)) {
                sets.push(set);
            }
        };
        match (needed, stones) {
            (0, 1) => cells.iter().for_each(|&a| add((a, None))),
            (0, _) => {
                for (k, &a) in cells.iter().enumerate() {
                    for &b in &cells[k + 1..] {
                        add((a, Some(b)));
                    }
                }
            }
            (1, 1) => blocks.into_iter().for_each(add),
            (1, _) => {
                for (a, _) in blocks {
                    for &b in cells.iter().filter(|&&b| b != a) {
                        add((a, Some(b)));
                    }
                }
            }
            (2, 2) => blocks.into_iter().for_each(add),
            _ => {}
        }
        sets
    }
}
