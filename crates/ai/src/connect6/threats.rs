//! Connect6's threat-space search: whether a side can force a win by
//! threats (turns that leave the opponent two threats to block, ending in
//! three; up to 10 turns, then with one single threat among them), its
//! results kept by position (`memo.rs`); the opponent's replies for the
//! search over turns; and the plain checks the examples and tests use
//! (the shortest chain, every refutation).

use std::cell::Cell as Counter;
use std::sync::atomic::AtomicBool;

use super::board::{Board, Pair, WIN};
use super::clock::Clock;
use crate::cells::colour;
use tabletop_engine::connect6::Connect6;
use tabletop_engine::{Cell, Game, Player};

/// Cells the opponent's reply considers.
const THEIR_WIDTH: usize = 14;
/// Cells that add to lines of two or more, considered by the forced-win
/// search and by the opponent's replies.
const VCT_ATTACKS: usize = 14;
const REPLY_ATTACKS: usize = 20;
/// Turns of threats the forced-win search looks ahead.
pub(super) const VCT_DEPTH: u32 = 10;
/// Turns of the opponent's threats looked at, as far as time allows.
pub(super) const DEFENCE_DEPTH: u32 = 8;
/// Turns of a chain with one single threat in it, looked for when there
/// is no chain of double threats.
pub(super) const QUIET_DEPTH: u32 = 5;
/// Single threats tried at each turn of such a chain.
const QUIET_WIDTH: usize = 8;
/// Cells tried for the free stone of an answer to a single threat.
const FREE_WIDTH: usize = 8;

impl Board {
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
                let wins = self
                    .forced_win(who, 2, depth - 1, quiet - 1, clock)
                    .is_some();
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
            cells = alone
                .into_iter()
                .take(pair_cells)
                .map(|(_, cell)| cell)
                .collect();
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

/// The fewest turns, at most `turns`, in which `attacker` forces a win
/// by threats if they play the next whole turn (the side to move passing
/// if that is the other side), searching at most `nodes` positions.
pub fn shortest_chain(game: &Connect6, attacker: Player, turns: u32, nodes: u64) -> Option<u32> {
    shortest_chain_with(game, attacker, turns, 0, nodes)
}

/// [`shortest_chain`] with up to `quiet` of its turns leaving a single
/// threat (as [`Board::forced_win`] allows).
pub(super) fn shortest_chain_with(
    game: &Connect6,
    attacker: Player,
    turns: u32,
    quiet: u32,
    nodes: u64,
) -> Option<u32> {
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
    (1..=turns).find(|&depth| {
        board
            .forced_win(who, stones, depth, quiet, &clock)
            .is_some()
    })
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
    let cells: Vec<usize> = (0..n * n)
        .filter(|&i| board.grid[i] == 0 && near(i))
        .collect();
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
            found.push(
                [Some(set.0), set.1]
                    .into_iter()
                    .flatten()
                    .map(|i| board.cell(i))
                    .collect(),
            );
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::connect6::choose_in_nodes;
    use crate::{Budget, History, Level, choose};
    use tabletop_engine::connect6::Stone;
    use tabletop_engine::{Outcome, Player, Rng};

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
                Budget::Nodes(200_000),
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
