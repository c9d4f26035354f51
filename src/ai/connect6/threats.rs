//! Connect6 by threats: every window of the winning length is counted
//! incrementally; a *threat* is a window one side can fill with its next
//! turn's two stones. Both stones of a turn are chosen together: a win in
//! one turn first, then every threat blocked, then a threat-space search
//! for a forced win (turns that leave the opponent two threats to block,
//! ending in three; up to 10 turns, then with one single threat among
//! them), its results kept by position (`memo.rs`). Then the opponent's
//! chains as if we passed, an alpha-beta search over whole turns
//! (`turns.rs`) on an evaluation of all windows, kept stone by stone,
//! and, when they have a chain,
//! rounds that keep the best sets after which they have none, ever deeper
//! (up to 8 turns of double threats, 5 with a single one).
//!
//! The engine takes one stone per move, and nothing is kept from one move
//! to the next: the first stone of the chosen pair is played, and the
//! second is chosen afresh with it on the board, by the same steps for a
//! single stone. They find the pair's other stone, or one that does as
//! well: a pair's win, block or forced win is still there with one of its
//! stones placed, and the look-ahead then weighs every second stone.

use std::cell::Cell as Counter;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::clock::Clock;
use super::memo::{Memo, stone_hash};
use super::fitted::{self, Weights};
use super::knobs::Eval;
use super::{Knobs, turns};
use crate::ai::Searchable;
use crate::ai::cells::colour;
use crate::engine::connect6::{Connect6, Stone};
use crate::engine::{Cell, Game, Player, Rng};

/// Scores of decided lines, far above any evaluation.
pub(super) const WIN: i64 = 1 << 40;
/// Cells our side considers for a turn's stones.
const OUR_WIDTH: usize = 20;
/// Cells the opponent's reply considers.
const THEIR_WIDTH: usize = 14;
/// Cells that add to lines of two or more, considered by the forced-win
/// search and by the opponent's replies.
const VCT_ATTACKS: usize = 14;
const REPLY_ATTACKS: usize = 20;
/// Turns of threats the forced-win search looks ahead.
const VCT_DEPTH: u32 = 10;
/// Turns of the opponent's threats looked at, as far as time allows.
const DEFENCE_DEPTH: u32 = 8;
/// Turns of a chain with one single threat in it, looked for when there
/// is no chain of double threats.
const QUIET_DEPTH: u32 = 5;
/// The best sets checked against the opponent's chains.
const DEFENDED_SETS: usize = 60;
/// Single threats tried at each turn of such a chain.
const QUIET_WIDTH: usize = 8;
/// Cells tried for the free stone of an answer to a single threat.
const FREE_WIDTH: usize = 8;

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
    n: usize,
    line: usize,
    /// 0 empty, 1 first player, 2 second.
    grid: Vec<u8>,
    /// Window `w` is `cells[w * line .. (w + 1) * line]`.
    cells: Vec<u16>,
    /// The windows through each cell.
    through: Vec<Vec<u32>>,
    /// Stones of each colour (index 1 and 2) in each window.
    counts: Vec<[u8; 3]>,
    /// A hash of the stones, for `memo`.
    hash: u64,
    /// [`Board::evaluate`] for the first player, kept up to date stone by
    /// stone: the look-ahead reads it at every position it weighs.
    score: i64,
    /// A window's part of `score` by its counts of first- and
    /// second-player stones (index `first * (line + 1) + second`).
    window_scores: Vec<i64>,
    /// The threat-space search's results so far.
    memo: Memo,
    /// Where each cell is in each window of `through` (parallel to it).
    offsets: Vec<Vec<u8>>,
    /// Each window's stones of each colour (index 1 and 2) as bits by
    /// their place in the window.
    masks: Vec<[u32; 3]>,
    /// The fitted evaluation's weights, if the board uses it (rows of six
    /// only).
    fitted: Option<&'static Weights>,
    /// The fitted evaluation for each side (index 1 and 2) as if it had
    /// just played, kept stone by stone.
    judged: [i64; 3],
    /// For each side (index 1 and 2), the windows it holds alone with at
    /// least [`Board::warm_least`] stones, as bits by window: the only
    /// windows the threat searches look at, kept stone by stone.
    warm: [Vec<u64>; 3],
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
    fn warm_least(&self) -> u8 {
        self.line.saturating_sub(4).max(1) as u8
    }

    /// Puts window `w` in or out of each side's warm windows after its
    /// counts changed.
    fn rewarm(&mut self, w: usize) {
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
    fn warm_windows(&self, who: u8) -> impl Iterator<Item = usize> + '_ {
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

    /// The board of `game`, evaluated as `eval` says (the fitted
    /// evaluation only where rows are of six; the windows' otherwise).
    pub fn with_eval(game: &Connect6, eval: Eval) -> Board {
        match eval {
            Eval::Fitted => Board::with_weights(game, Weights::shipped()),
            Eval::Windows => Board::from_game(game),
        }
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
    fn fitted_part(&self, w: usize) -> (i64, i64) {
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

    fn window(&self, w: usize) -> &[u16] {
        &self.cells[w * self.line..(w + 1) * self.line]
    }

    fn empties_of(&self, w: usize) -> impl Iterator<Item = usize> + '_ {
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
        let bonus = self.fitted.map_or(0, |weights| weights.levels[level.min(2)]);
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
    fn window_score(&self, c: [u8; 3]) -> i64 {
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

    /// Whether `who`, with `stones` stones of the turn to play (2, or 1
    /// when the first is on the board already), can force a win by threats
    /// within `depth` turns: each turn blocks the opponent's threats and
    /// leaves at least two of its own (the opponent's two stones all go
    /// to blocking), the last leaves three. Up to `quiet` of the turns may
    /// leave a single threat instead: the opponent then has a free stone,
    /// tried on the cells that matter most (`FREE_WIDTH`), so such a win
    /// is likely rather than proved.
    pub(super) fn forced_win(
        &mut self,
        who: u8,
        stones: usize,
        depth: u32,
        quiet: u32,
        clock: &Clock,
    ) -> Option<Pair> {
        if let Some(cells) = self.win_in(who, stones) {
            return Some((cells[0], cells.get(1).copied()));
        }
        if depth == 0 || clock.expired() {
            return None;
        }
        let key = (self.hash, who, stones, quiet);
        if let Some(known) = self.memo.get(key, depth) {
            return known;
        }
        clock.tick();
        let found = self.search_forced_win(who, stones, depth, quiet, clock);
        // A search the clock cut short settles nothing.
        if !clock.expired() {
            self.memo.put(key, depth, found);
        }
        found
    }

    /// [`Board::forced_win`] for a position the memo does not settle.
    fn search_forced_win(
        &mut self,
        who: u8,
        stones: usize,
        depth: u32,
        quiet: u32,
        clock: &Clock,
    ) -> Option<Pair> {
        let must = self.threats(3 - who);
        // Threats the turn's first stone has made already (before a whole
        // turn there are none: they would have won it).
        let made = self.threats(who);
        let turns = if stones == 1 {
            self.threat_stones(who, &must)
        } else {
            self.threat_sets(who, &must)
        };
        let mut attacks: Vec<(usize, Pair)> = Vec::new();
        let mut single: Vec<(i64, Pair)> = Vec::new();
        for set in turns {
            let level = self.threat_level_of(set, who, &made);
            if level >= 2 {
                attacks.push((level, set));
            } else if level == 1 && quiet > 0 && depth >= 2 {
                self.place_set(set, who);
                single.push((self.evaluate(who), set));
                self.remove_set(set);
            }
        }
        // Unstoppable threats first: they win at once.
        attacks.sort_by_key(|&(level, _)| std::cmp::Reverse(level));
        for (level, set) in attacks {
            if level >= 3 {
                return Some(set);
            }
            self.place_set(set, who);
            let wins = self.every_defence_loses(who, depth, quiet, clock);
            self.remove_set(set);
            if wins {
                return Some(set);
            }
            if clock.expired() {
                return None;
            }
        }
        // Single threats last, the most promising first.
        single.sort_by_key(|&(value, set)| (std::cmp::Reverse(value), set));
        for &(_, set) in single.iter().take(QUIET_WIDTH) {
            self.place_set(set, who);
            let wins = self.every_answer_loses(who, depth, quiet, clock);
            self.remove_set(set);
            if wins {
                return Some(set);
            }
            if clock.expired() {
                return None;
            }
        }
        None
    }

    /// After `who` made a single threat: whether every answer of the
    /// opponent's, a stone that blocks it and a free stone on one of the
    /// cells that matter most, still loses to a forced win.
    fn every_answer_loses(&mut self, who: u8, depth: u32, quiet: u32, clock: &Clock) -> bool {
        let other = 3 - who;
        if self.win_in(other, 2).is_some() {
            return false;
        }
        let (_, blocks) = self.blocks(&self.threats(who));
        if blocks.is_empty() {
            return false;
        }
        let free = self.candidates(other, FREE_WIDTH);
        for (block, _) in blocks {
            self.place(block, other);
            for &stone in &free {
                if self.grid[stone] != 0 {
                    continue;
                }
                self.place(stone, other);
                let wins = self.forced_win(who, 2, depth - 1, quiet - 1, clock).is_some();
                self.remove(stone);
                if !wins {
                    self.remove(block);
                    return false;
                }
            }
            self.remove(block);
        }
        true
    }

    /// The single stones of `who` that could add a threat (in a window
    /// one or two stones short of one) or strengthen one, and the cells
    /// that add to `who`'s lines; only those that block every window of
    /// `must` (the opponent's threats).
    fn threat_stones(&self, who: u8, must: &[usize]) -> Vec<Pair> {
        let mut cells: Vec<usize> = Vec::new();
        for w in self.warm_windows(who) {
            if self.counts[w][who as usize] as usize + 3 >= self.line {
                cells.extend(self.empties_of(w));
            }
        }
        cells.extend(self.attack_cells(who, VCT_ATTACKS));
        cells.sort_unstable();
        cells.dedup();
        self.turns(&cells, 1, must)
    }

    /// The turns of `who` (who has no threat now) that could make one:
    /// both stones in a window two short of a threat, or one stone in a
    /// window one short with another that adds to `who`'s lines; only
    /// those that block every window of `must` (the opponent's threats).
    fn threat_sets(&self, who: u8, must: &[usize]) -> Vec<Pair> {
        let mut singles: Vec<usize> = Vec::new();
        let mut sets: Vec<Pair> = Vec::new();
        for w in self.warm_windows(who) {
            let count = self.counts[w][who as usize] as usize;
            if count + 3 == self.line {
                singles.extend(self.empties_of(w));
            } else if count + 4 == self.line {
                let empties: Vec<usize> = self.empties_of(w).collect();
                for (k, &a) in empties.iter().enumerate() {
                    sets.extend(empties[k + 1..].iter().map(|&b| (a, Some(b))));
                }
            }
        }
        singles.sort_unstable();
        singles.dedup();
        let mut partners = singles.clone();
        for cell in self.attack_cells(who, VCT_ATTACKS) {
            if !partners.contains(&cell) {
                partners.push(cell);
            }
        }
        if !must.is_empty() {
            // Blocking comes first; the spare stone (if any) attacks.
            for &(a, b) in &sets {
                partners.extend([a].into_iter().chain(b));
            }
            partners.sort_unstable();
            partners.dedup();
            return self.turns(&partners, 2, must);
        }
        for &a in &singles {
            sets.extend(partners.iter().filter(|&&b| b != a).map(|&b| (a, Some(b))));
        }
        for set in &mut sets {
            if let (a, Some(b)) = *set
                && b < a
            {
                *set = (b, Some(a));
            }
        }
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    /// How many stones it takes to stop `who` winning after `who` plays
    /// `set`, when `who`'s threats before were `made`: only windows through
    /// the set's stones can have become threats.
    pub(super) fn threat_level_of(&mut self, set: Pair, who: u8, made: &[usize]) -> usize {
        let other = (3 - who) as usize;
        self.place_set(set, who);
        let mut windows: Vec<usize> = [Some(set.0), set.1]
            .into_iter()
            .flatten()
            .flat_map(|i| self.through[i].iter().map(|&w| w as usize))
            .filter(|&w| {
                self.counts[w][other] == 0 && self.counts[w][who as usize] as usize + 2 >= self.line
            })
            .chain(made.iter().copied())
            .collect();
        windows.sort_unstable();
        windows.dedup();
        let level = self.blocks(&windows).0;
        self.remove_set(set);
        level
    }

    /// After `who` made two threats: whether every pair of the opponent's
    /// that blocks both still loses to a forced win.
    fn every_defence_loses(&mut self, who: u8, depth: u32, quiet: u32, clock: &Clock) -> bool {
        let other = 3 - who;
        if self.win_in(other, 2).is_some() {
            return false;
        }
        let (_, defences) = self.blocks(&self.threats(who));
        for set in defences {
            self.place_set(set, other);
            let wins = self.forced_win(who, 2, depth - 1, quiet, clock).is_some();
            self.remove_set(set);
            if !wins {
                return false;
            }
        }
        true
    }

    /// Cells that add to `who`'s lines of at least two stones.
    fn attack_cells(&self, who: u8, width: usize) -> Vec<usize> {
        let (me, them) = (who as usize, (3 - who) as usize);
        let mut scored: Vec<(u32, usize)> = Vec::new();
        for i in 0..self.n * self.n {
            if self.grid[i] != 0 {
                continue;
            }
            let v: u32 = self.through[i]
                .iter()
                .map(|&w| self.counts[w as usize])
                .filter(|c| c[them] == 0 && c[me] >= 2)
                .map(|c| u32::from(c[me]) * u32::from(c[me]))
                .sum();
            if v > 0 {
                scored.push((v, i));
            }
        }
        scored.sort_by_key(|&(v, i)| (std::cmp::Reverse(v), i));
        scored.into_iter().take(width).map(|(_, i)| i).collect()
    }

    /// The turns `who` (about to play a whole turn) would consider, each
    /// with its static value for `who` (`WIN / 2` when it makes threats
    /// no two stones block), best first; or the value of a position
    /// decided before `who` plays (`who` wins at once, or cannot block).
    /// With `pair_cells` above 0, only pairs of the `pair_cells` cells
    /// that are worth most alone are valued (a pair that makes threats
    /// no two stones block is looked for among all). Counts as one
    /// position on the clock.
    pub(super) fn replies(
        &mut self,
        who: u8,
        pair_cells: usize,
        clock: &Clock,
    ) -> Result<Vec<(i64, Pair)>, i64> {
        clock.tick();
        let other = 3 - who;
        if self.win_in(who, 2).is_some() {
            return Err(WIN);
        }
        let must = self.threats(other);
        let (needed, _) = self.blocks(&must);
        if needed > 2 {
            return Err(-WIN);
        }
        // Their likely cells, and every cell that could make a threat.
        let mut cells = self.candidates(who, THEIR_WIDTH);
        // Two stones that make threats no two stones can block win for
        // them.
        for set in self.threat_sets(who, &must) {
            if self.threat_level_of(set, who, &[]) >= 3 {
                return Err(WIN / 2);
            }
        }
        for cell in self.attack_cells(who, REPLY_ATTACKS) {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        if pair_cells > 0 && cells.len() > pair_cells {
            let mut alone: Vec<(i64, usize)> = cells
                .iter()
                .map(|&cell| {
                    self.place(cell, who);
                    let value = self.evaluate(who);
                    self.remove(cell);
                    (value, cell)
                })
                .collect();
            alone.sort_by_key(|&(value, cell)| (std::cmp::Reverse(value), cell));
            cells = alone.into_iter().take(pair_cells).map(|(_, cell)| cell).collect();
        }
        let mut ranked = Vec::new();
        for set in self.turns(&cells, 2, &must) {
            // `who` has no threat yet (it would have won), so only
            // windows through the set can have become threats.
            let level = self.threat_level_of(set, who, &[]);
            let value = if level >= 3 {
                WIN / 2
            } else {
                self.place_set(set, who);
                let value = self.judge(who, level);
                self.remove_set(set);
                value
            };
            ranked.push((value, set));
        }
        ranked.sort_by_key(|&(value, set)| (std::cmp::Reverse(value), set));
        Ok(ranked)
    }
}

/// The computer's stone at a strong level.
pub fn choose(game: &Connect6, deadline: Instant, seed: u64, stop: &AtomicBool) -> Option<Stone> {
    let used = Counter::new(0);
    choose_by(game, &Clock::deadline(deadline, stop, &used), seed, Knobs::LEVEL_5)
}

/// The stone level 5 chooses when its search stops after `nodes`
/// positions instead of at a deadline (tests and examples).
pub fn choose_in_nodes(game: &Connect6, nodes: u64, seed: u64) -> Option<Stone> {
    choose_in_nodes_with(game, nodes, seed, Knobs::LEVEL_5)
}

/// [`choose_in_nodes`] with other knobs than level 5's (examples).
pub fn choose_in_nodes_with(game: &Connect6, nodes: u64, seed: u64, knobs: Knobs) -> Option<Stone> {
    let (stop, used) = (AtomicBool::new(false), Counter::new(0));
    choose_by(game, &Clock::nodes(nodes, &stop, &used), seed, knobs)
}

/// The fewest turns, at most `turns`, in which `attacker` forces a win
/// by threats if they play the next whole turn (the side to move passing
/// if that is the other side), searching at most `nodes` positions.
pub fn shortest_chain(game: &Connect6, attacker: Player, turns: u32, nodes: u64) -> Option<u32> {
    if game.is_over() {
        return None;
    }
    let stones = if game.to_move() == attacker {
        let (k, of) = game.stone_of_turn();
        of + 1 - k
    } else {
        2
    };
    let mut board = Board::from_game(game);
    let (stop, used) = (AtomicBool::new(false), Counter::new(0));
    let clock = Clock::nodes(nodes, &stop, &used);
    let who = colour(attacker);
    (1..=turns).find(|&depth| board.forced_win(who, stones, depth, 0, &clock).is_some())
}

/// Every turn (or the rest of one) of the side to move, on cells within
/// two of a stone, after which the opponent has no forced win by threats
/// within `turns` turns, each judged by a search of at most `nodes`
/// positions: a plain, slow check of level 5's defence for the examples
/// and tests.
pub fn refutations(game: &Connect6, turns: u32, nodes: u64) -> Vec<Vec<Cell>> {
    if game.is_over() {
        return Vec::new();
    }
    let (k, of) = game.stone_of_turn();
    let me = colour(game.to_move());
    let mut board = Board::from_game(game);
    let n = board.n;
    let near = |i: usize| {
        let (r, c) = (i / n, i % n);
        (r.saturating_sub(2)..(r + 3).min(n))
            .any(|rr| (c.saturating_sub(2)..(c + 3).min(n)).any(|cc| board.grid[rr * n + cc] != 0))
    };
    let cells: Vec<usize> = (0..n * n).filter(|&i| board.grid[i] == 0 && near(i)).collect();
    let must = board.threats(3 - me);
    let stop = AtomicBool::new(false);
    let mut found = Vec::new();
    for set in board.turns(&cells, of + 1 - k, &must) {
        board.place_set(set, me);
        let used = Counter::new(0);
        let clock = Clock::nodes(nodes, &stop, &used);
        let safe = (1..=turns).all(|depth| board.forced_win(3 - me, 2, depth, 0, &clock).is_none())
            && !clock.expired();
        board.remove_set(set);
        if safe {
            found.push([Some(set.0), set.1].into_iter().flatten().map(|i| board.cell(i)).collect());
        }
    }
    found
}

fn choose_by(game: &Connect6, clock: &Clock, seed: u64, knobs: Knobs) -> Option<Stone> {
    if game.is_over() {
        return None;
    }
    let n = game.side();
    let (k, of) = game.stone_of_turn();
    let stones = of + 1 - k;
    let board = &mut Board::with_eval(game, knobs.eval);
    if board.grid.iter().all(|&v| v == 0) {
        return Cell::new(n / 2, n / 2).map(Stone);
    }
    let me = colour(game.to_move());
    let them = 3 - me;
    if let Some(cells) = board.win_in(me, stones) {
        return Some(Stone(board.cell(cells[0])));
    }
    let must = board.threats(them);
    let (needed, blocks) = board.blocks(&must);
    if needed > stones {
        // Lost against best play: block what can be blocked.
        let cell = least_harm(board, &must, them);
        return Some(Stone(board.cell(cell)));
    }
    // Shortest wins first: they leave the opponent fewest chances. Chains
    // of double threats are proved; one with a single threat is likely.
    let search = clock.share(4);
    for (quiet, deepest) in [(0, VCT_DEPTH), (1, QUIET_DEPTH)] {
        for depth in 1..=deepest {
            if let Some((first, _)) = board.forced_win(me, stones, depth, quiet, &search) {
                return Some(Stone(board.cell(first)));
            }
            if search.expired() {
                break;
            }
        }
    }
    // The opponent's chains as if we passed (a turn of ours can only
    // block them): the kind found, and the cells of its first turn, which
    // a refutation may need.
    let threat_search = clock.share(4);
    let mut their_win: Option<(u32, u32, Pair)> = None;
    'kinds: for (quiet, deepest) in [(0, DEFENCE_DEPTH), (1, QUIET_DEPTH)] {
        for depth in 1..=deepest {
            if threat_search.expired() {
                break 'kinds;
            }
            if let Some(set) = board.forced_win(them, 2, depth, quiet, &threat_search) {
                their_win = Some((quiet, depth, set));
                break 'kinds;
            }
        }
    }
    let mut cells = board.candidates(me, OUR_WIDTH);
    let their_first = their_win.map(|(_, _, set)| set);
    for &(a, b) in blocks.iter().chain(&their_first) {
        for c in [Some(a), b].into_iter().flatten() {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    // Lines blocked everywhere leave few candidates: any empty cell will
    // do then.
    let spare = (0..n * n).filter(|&i| board.grid[i] == 0 && !cells.contains(&i));
    let spare: Vec<usize> = spare.take(OUR_WIDTH.saturating_sub(cells.len())).collect();
    cells.extend(spare);
    let mut sets = board.turns(&cells, stones, &must);
    if sets.is_empty() {
        return cells.first().map(|&i| Stone(board.cell(i)));
    }
    // Best static value first, so the look-ahead sees the likely moves
    // before the clock runs out.
    let mut rng = Rng::new(seed ^ game.position_hash());
    let made = board.threats(me);
    let mut ranked: Vec<(i64, u64, Pair)> = sets
        .drain(..)
        .map(|set| {
            let level = if board.fitted.is_some() {
                board.threat_level_of(set, me, &made)
            } else {
                0
            };
            board.place_set(set, me);
            let value = board.judge(me, level);
            board.remove_set(set);
            (value, rng.next_u64(), set)
        })
        .collect();
    ranked.sort_by_key(|&(v, r, _)| (std::cmp::Reverse(v), r));
    // A third of what is left for the look-ahead, the rest for making
    // sure the chosen set leaves the opponent no forced win.
    let look_ahead = clock.share(if their_win.is_some() { 3 } else { knobs.free_share });
    let ranked: Vec<Pair> = ranked.into_iter().map(|(_, _, set)| set).collect();
    let (valued, looked_at) = turns::weigh(board, me, ranked, knobs, &look_ahead);
    // Without a chain of theirs (as far as we looked), every set is safe.
    // With one, the sets are checked against ever deeper chains (double
    // threats, then with a single threat), in rounds, each keeping the
    // sets that survive it, until the time is up or none would be left:
    // the best set that survived the most.
    let Some((kind, found_at, _)) = their_win else {
        return Some(Stone(board.cell(valued[0].1.0)));
    };
    if let Some(&(value, set)) = valued.first()
        && value >= WIN / 2
    {
        return Some(Stone(board.cell(set.0)));
    }
    let mut alive: Vec<Pair> = valued
        .iter()
        .enumerate()
        .filter(|&(k, &(value, _))| k >= looked_at || value > -WIN / 2)
        .map(|(_, &(_, set))| set)
        .take(DEFENDED_SETS)
        .collect();
    // Our stones only block: no chain of the kind found as if we passed
    // is shorter than the one found, and none of double threats if that
    // needed a single one.
    let double = (found_at..=DEFENCE_DEPTH).filter(|_| kind == 0).map(|depth| (0, depth));
    let shortest_single = if kind == 0 { 2 } else { found_at };
    let single = (shortest_single..=QUIET_DEPTH).map(|depth| (1, depth));
    'rounds: for (quiet, depth) in double.chain(single) {
        let mut survivors = Vec::new();
        for &set in &alive {
            board.place_set(set, me);
            let safe = board.forced_win(them, 2, depth, quiet, clock).is_none();
            board.remove_set(set);
            if clock.expired() {
                // An unfinished round: its survivors so far, if any.
                if !survivors.is_empty() {
                    alive = survivors;
                }
                break 'rounds;
            }
            if safe {
                survivors.push(set);
            }
        }
        if survivors.is_empty() {
            break;
        }
        alive = survivors;
    }
    let chosen = alive.first().copied().unwrap_or(valued[0].1);
    // The set's first stone; the second is chosen again at the next move.
    Some(Stone(board.cell(chosen.0)))
}

/// The empty cell of `windows` (`who`'s threats) that leaves `who` the
/// fewest cells that win with one stone, then meets the most windows.
fn least_harm(board: &mut Board, windows: &[usize], who: u8) -> usize {
    let mut cells: Vec<usize> = windows.iter().flat_map(|&w| board.empties_of(w)).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut best = (usize::MAX, 0, cells.first().copied().unwrap_or(0));
    for cell in cells {
        let met = windows
            .iter()
            .filter(|&&w| board.window(w).contains(&(cell as u16)))
            .count();
        board.place(cell, 3 - who);
        let mut wins: Vec<usize> = board
            .threats(who)
            .into_iter()
            .filter(|&w| board.counts[w][who as usize] as usize + 1 >= board.line)
            .flat_map(|w| board.empties_of(w))
            .collect();
        board.remove(cell);
        wins.sort_unstable();
        wins.dedup();
        if (wins.len(), std::cmp::Reverse(met)) < (best.0, std::cmp::Reverse(best.1)) {
            best = (wins.len(), met, cell);
        }
    }
    best.2
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;
    use crate::ai::{History, Level, choose};
    use crate::engine::{Outcome, Player};

    fn game(stones: &str) -> Connect6 {
        let mut game = Connect6::default();
        for stone in stones.split_whitespace() {
            let stone: Stone = stone.parse().expect("well formed");
            game.play(stone).expect("legal");
        }
        game
    }

    /// Level 5 plays the rest of the current turn.
    fn play_turn(game: &mut Connect6) {
        let stop = AtomicBool::new(false);
        let mover = game.to_move();
        while game.to_move() == mover && !game.is_over() {
            let stone = choose(
                game,
                &History::default(),
                Level::MAX,
                Duration::from_millis(300),
                5,
                &stop,
            )
            .expect("a stone");
            game.play(stone).expect("legal");
        }
    }

    #[test]
    fn a_win_in_one_turn_is_found() {
        // B has J9 K9 L9 M9 open at both ends: two stones win.
        let mut game = game("J9 A0 A2 K9 L9 A4 A6 M9 S18 C0 C2");
        play_turn(&mut game);
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    }

    #[test]
    fn a_single_threat_is_blocked() {
        // W has E5 F5 G5 H5: B must keep W from six next turn.
        let mut game = game("J9 E5 F5 K12 P3 G5 H5");
        play_turn(&mut game);
        let board = Board::from_game(&game);
        assert!(board.win_in(colour(Player::Second), 2).is_none());
        assert!(!game.is_over());
    }

    #[test]
    fn a_double_threat_is_blocked() {
        // W has two fours closed at one end (E5..H5 after B's D5, Q2..Q5
        // after B's Q1): each needs a stone of B's two.
        let mut game = game("J9 E5 F5 D5 Q1 G5 H5 P12 P17 Q2 Q3 R18 A18 Q4 Q5");
        let before = Board::from_game(&game);
        assert_eq!(before.threat_level(colour(Player::Second)), 2);
        assert_eq!(game.to_move(), Player::First);
        play_turn(&mut game);
        let board = Board::from_game(&game);
        assert!(board.win_in(colour(Player::Second), 2).is_none());
    }

    #[test]
    fn threats_and_blocks_are_counted() {
        let game = game("J9 E5 F5 K12 C15 G5 H5");
        let board = Board::from_game(&game);
        let w = colour(Player::Second);
        // A four open at both ends: the windows B5..G5 through E5..J5
        // (J5 free) and more, all met by one of two stones at least.
        assert!(board.threat_level(w) >= 1);
        assert_eq!(board.threat_level(colour(Player::First)), 0);
    }

    /// The score kept stone by stone is the windows' sum, on boards of
    /// every shape, as stones come and go.
    #[test]
    fn the_kept_score_is_the_sum_of_its_windows() {
        let mut rng = Rng::new(3);
        for (n, line) in [(19, 6), (9, 5), (6, 3)] {
            let mut board = Board::new(n, line);
            let mut placed = Vec::new();
            for step in 0..200 {
                let i = rng.below(n * n);
                if board.grid[i] == 0 {
                    board.place(i, 1 + (step % 2) as u8);
                    placed.push(i);
                } else if let Some(j) = placed.pop() {
                    board.remove(j);
                }
                let sum: i64 = board.counts.iter().map(|&c| board.window_score(c)).sum();
                assert_eq!(board.evaluate(1), sum, "{n}x{n}, step {step}");
                assert_eq!(board.evaluate(2), -sum);
            }
        }
    }

    /// A game level 5 lost to level 3 (2026-11-23), up to W's winning
    /// sequence: W blocks with G14 and makes a four with N2, B must spend
    /// both stones on it, then W's P4 Q5 makes two fours at once.
    const LOST: &str = "\
        J9 J8 H6 I7 K8 L7 I6 J6 H8 K5 G9 G12 F13 J5 H11 I5 K7 L8 K6 I4 H4 G3 L6 G4 \
        F4 E4 K4 L3 L9 M7 O9 N8 K9 I9 I3 H2 K10 M8 K11 O10 M10 F9 L11 H7 J7 N11 F7 \
        N10 F5 L10 G6 E6 H3 D7 J1 H5 Q10 H1 P10 J11 I12 H13 J12 H14 D5 G5 M6 J3 K2 \
        L1 E8 G10 D9 M5 M4 M3 M9 O3 N4 P2 O5 O11 M13 P11 N12 H10 O4 L4 I11 I1 F12 K1 \
        G11 F1 L12 E1 N14 N5 N3 P3 G13";

    #[test]
    fn a_two_turn_threat_sequence_is_found() {
        let game = game(LOST);
        let mut board = Board::from_game(&game);
        let (stop, used) = (AtomicBool::new(false), Counter::new(0));
        let clock = Clock::nodes(1_000_000, &stop, &used);
        let w = colour(Player::Second);
        assert_eq!(game.to_move(), Player::Second);
        let found = board.forced_win(w, 2, 2, 0, &clock).expect("a forced win");
        // The first turn must block B's four in column G.
        let g14 = 14 * 19 + 6;
        assert!(found.0 == g14 || found.1 == Some(g14), "{found:?}");
        // One turn is not enough.
        assert!(board.forced_win(w, 2, 1, 0, &clock).is_none());
    }

    /// Nothing is remembered between the two stones of a turn: the second,
    /// chosen with the first on the board, still completes the forced win.
    #[test]
    fn a_forced_win_is_played_with_both_stones() {
        let mut game = game(LOST);
        let stop = AtomicBool::new(false);
        let w = colour(Player::Second);
        for _ in 0..2 {
            let stone = choose_in_nodes(&game, 200_000, 5).expect("a stone");
            game.play(stone).expect("legal");
        }
        assert_eq!(game.to_move(), Player::First);
        let mut board = Board::from_game(&game);
        let used = Counter::new(0);
        let clock = Clock::nodes(1_000_000, &stop, &used);
        assert!(board.every_defence_loses(w, 2, 0, &clock));
    }
}
