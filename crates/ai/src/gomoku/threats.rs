//! Threat searches for one attacker: a win by continuous fours (VCF) and
//! by threes and fours (VCT), and the positions already shown to hold none.

use super::board::{Board, Survey};
use super::clock::Clock;
use crate::search::zobrist;

/// Fours in a row the VCF search follows inside the VCT search.
pub(super) const VCF_IN_VCT: u32 = 10;

/// Positions already proved to hold no forced win, by kind and depth.
pub(super) struct Failures {
    pub(super) keys: Vec<u64>,
    pub(super) depths: Vec<u8>,
}

impl Failures {
    pub(super) fn new(bits: u32) -> Failures {
        Failures {
            keys: vec![0; 1 << bits],
            depths: vec![0; 1 << bits],
        }
    }

    pub(super) fn slot(&self, key: u64) -> usize {
        key as usize & (self.keys.len() - 1)
    }

    /// Whether `key` is known to fail at `depth` or deeper.
    pub(super) fn failed(&self, key: u64, depth: u32) -> bool {
        let slot = self.slot(key);
        self.keys[slot] == key && u32::from(self.depths[slot]) >= depth
    }

    pub(super) fn record(&mut self, key: u64, depth: u32) {
        let slot = self.slot(key);
        self.keys[slot] = key;
        self.depths[slot] = depth.min(255) as u8;
    }
}

/// Threat searches on a board: VCF and VCT for one attacker.
pub(super) struct Threater<'b, 'c> {
    pub(super) board: &'b mut Board,
    pub(super) clock: Clock<'c>,
    pub(super) failures: Failures,
    pub(super) nodes: u64,
}

/// Keys that keep the kinds of failures apart.
pub(super) const VCF_KEY: u64 = 0x5643_4600;
pub(super) const VCT_KEY: u64 = 0x5643_5400;
pub(super) const DEFEND_KEY: u64 = 0x4445_4600;

impl Threater<'_, '_> {
    pub(super) fn key(&self, kind: u64, attacker: usize) -> u64 {
        self.board.hash ^ zobrist(kind + attacker as u64)
    }

    /// The cells where `side` makes five, and (if `fours` is given) those
    /// where it makes a four or an open four.
    pub(super) fn scan(
        &self,
        side: usize,
        fives: &mut Vec<u16>,
        mut fours: Option<&mut Vec<(i32, u16)>>,
    ) {
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
    pub(super) fn vcf(&mut self, a: usize, depth: u32) -> Option<u16> {
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
    pub(super) fn vct(&mut self, a: usize, depth: u32) -> Option<u16> {
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
    pub(super) fn defend(&mut self, a: usize, depth: u32) -> bool {
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
