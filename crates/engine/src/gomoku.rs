//! Gomoku: five in a row on an N×N board.
//!
//! The rules:
//! - The board is N×N, N from 5 to 26 (15 by default). Black (`B`) moves
//!   first; the players take turns placing one stone of their colour on any
//!   empty cell.
//! - A stone that completes five in a row of its colour (along a row, a
//!   column or either diagonal) wins. Under the `freestyle` rule (the
//!   default) five *or more* win; under the `exact` rule only exactly five
//!   do: an overline of six or more wins nothing and the game goes on.
//!   Only the lines through the stone just placed are looked at.
//! - A full board without a winner is a draw.
//!
//! Cells are written with the column letter (either case is read) and the
//! row number from 1 at the top, without leading zeros; spaces are
//! ignored, and moves are written uppercase: `H8` is the centre of 15×15.
//!
//! The board is the [`Stones`] board Connect6 uses too.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber, NotationError};
use super::game::Described;
use super::settings::{Allowed, GameSettings, Kind, Setting, SettingError, Word, default_settings};
use super::stone_game::{StoneEffect, StonePlay, StoneRules};

/// Stones in a row that win.
pub const FIVE: usize = 5;

/// Which rows of stones win (in the order of the `rule` setting's words).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GomokuRule {
    /// Five or more in a row win.
    #[default]
    Freestyle,
    /// Exactly five in a row win; six or more do not.
    Exact,
}

impl GomokuRule {
    /// Both rules, the default first.
    pub const ALL: [GomokuRule; 2] = [GomokuRule::Freestyle, GomokuRule::Exact];

    /// Whether a run of `length` stones wins under this rule.
    #[inline(always)]
    pub const fn wins(self, length: usize) -> bool {
        match self {
            GomokuRule::Freestyle => length >= FIVE,
            GomokuRule::Exact => length == FIVE,
        }
    }
}

/// A validated board side and winning rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GomokuSettings {
    size: usize,
    rule: GomokuRule,
}

impl GameSettings for GomokuSettings {
    const LIST: &'static [Setting] = &[
        Setting {
            name: "size",
            label: "Board",
            help: "board side",
            default: 15,
            kind: Kind::Side(|_| Allowed::between(5, 26)),
        },
        Setting {
            name: "rule",
            label: "Five in a row",
            help: "which rows win: five or more (freestyle), or exactly five (exact)",
            default: 0,
            kind: Kind::Words(&[
                Word {
                    word: "freestyle",
                    shown: "or more wins",
                },
                Word {
                    word: "exact",
                    shown: "exactly wins",
                },
            ]),
        },
    ];

    fn from_checked(values: &[usize]) -> Self {
        GomokuSettings {
            size: values[0],
            rule: if values[1] == 0 {
                GomokuRule::Freestyle
            } else {
                GomokuRule::Exact
            },
        }
    }

    fn values(&self) -> Vec<usize> {
        vec![self.size, self.rule as usize]
    }
}

impl GomokuSettings {
    pub fn new(size: usize, rule: GomokuRule) -> Result<GomokuSettings, SettingError> {
        Self::from_values(&[size, rule as usize])
    }

    pub const fn size(&self) -> usize {
        self.size
    }

    pub const fn rule(&self) -> GomokuRule {
        self.rule
    }
}

impl Default for GomokuSettings {
    fn default() -> Self {
        default_settings()
    }
}

/// One stone on a cell, written `H8` (uppercase column, rows from 1;
/// either case is read).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GomokuStone(pub Cell);

impl fmt::Display for GomokuStone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Gomoku::NOTATION.format(self.0))
    }
}

impl FromStr for GomokuStone {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Gomoku::NOTATION.parse(s).map(GomokuStone)
    }
}

/// What a Gomoku stone did beyond being placed.
pub type GomokuEffect = StoneEffect;

/// A Gomoku position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gomoku {
    settings: GomokuSettings,
    play: StonePlay,
}

impl Gomoku {
    pub fn new(settings: GomokuSettings) -> Gomoku {
        Gomoku {
            settings,
            play: StonePlay::new(settings.size),
        }
    }

    pub fn settings(&self) -> GomokuSettings {
        self.settings
    }
}

impl Default for Gomoku {
    fn default() -> Self {
        Gomoku::new(GomokuSettings::default())
    }
}

impl Described for Gomoku {
    type Settings = GomokuSettings;
    const TITLE: &'static str = "Gomoku";
    const ABOUT: &'static str = "five in a row wins (15x15)";
    /// As Gekitai: `H8` (either case), rows from 1 at the top.
    const NOTATION: LetterNumber = LetterNumber::ONE_BASED;

    fn new(settings: GomokuSettings) -> Gomoku {
        Gomoku::new(settings)
    }

    fn settings(&self) -> GomokuSettings {
        Gomoku::settings(self)
    }
}

impl StoneRules for Gomoku {
    type Stone = GomokuStone;
    const GAME: &'static str = "gomoku";

    fn stone(cell: Cell) -> GomokuStone {
        GomokuStone(cell)
    }

    fn cell(GomokuStone(cell): GomokuStone) -> Cell {
        cell
    }

    fn play_state(&self) -> &StonePlay {
        &self.play
    }

    fn play_state_mut(&mut self) -> &mut StonePlay {
        &mut self.play
    }

    fn turn_passes(_plies: usize) -> bool {
        true
    }

    /// Five, or five or more, as the rule says.
    #[inline(always)]
    fn wins(&self, length: usize) -> bool {
        self.settings.rule.wins(length)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, IllegalMove};
    use crate::player::{Outcome, Player};
    use crate::random::Rng;

    fn stone(text: &str) -> GomokuStone {
        text.parse().expect("test stones are well formed")
    }

    fn game(size: usize, rule: GomokuRule) -> Gomoku {
        Gomoku::new(GomokuSettings::new(size, rule).expect("valid settings"))
    }

    /// Plays B's and W's stones alternately, B first; returns the last
    /// stone's effect.
    fn play_all(game: &mut Gomoku, stones: &str) -> GomokuEffect {
        let mut effect = GomokuEffect::default();
        for text in stones.split_whitespace() {
            effect = game.play(stone(text)).expect("test stones are legal");
        }
        effect
    }

    fn cells(names: &str) -> Vec<Cell> {
        let mut cells: Vec<Cell> = names.split_whitespace().map(|n| stone(n).0).collect();
        cells.sort();
        cells
    }

    /// The longest run of `player`'s stones anywhere, by looking everywhere.
    fn longest_runs(game: &Gomoku, player: Player) -> Vec<usize> {
        let n = game.side() as isize;
        let mine = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && r < n
                && c < n
                && Cell::new(r as usize, c as usize)
                    .is_some_and(|cell| game.piece_at(cell) == Some(player))
        };
        let mut runs = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    // Only runs that start here.
                    if mine(r, c) && !mine(r - dr, c - dc) {
                        let length = (0..).take_while(|&k| mine(r + k * dr, c + k * dc)).count();
                        runs.push(length);
                    }
                }
            }
        }
        runs
    }

    #[test]
    fn settings_are_validated() {
        let default = GomokuSettings::default();
        assert_eq!(default.size(), 15);
        assert_eq!(default.rule(), GomokuRule::Freestyle);
        assert_eq!(
            GomokuSettings::new(15, GomokuRule::Freestyle).expect("valid"),
            default
        );
        assert!(GomokuSettings::new(5, GomokuRule::Exact).is_ok());
        assert!(GomokuSettings::new(26, GomokuRule::Freestyle).is_ok());
        let err = GomokuSettings::new(4, GomokuRule::Freestyle).expect_err("too small");
        assert_eq!(err.name, "size");
        assert_eq!(err.to_string(), "--size must be between 5 and 26 (got 4)");
        assert!(GomokuSettings::new(27, GomokuRule::Exact).is_err());
    }

    #[test]
    fn rules_are_named_as_the_setting_words() {
        let rule = &GomokuSettings::LIST[1];
        assert_eq!(rule.parse("exact", &[15]), Ok(GomokuRule::Exact as usize));
        assert_eq!(
            rule.parse("freestyle", &[15]),
            Ok(GomokuRule::Freestyle as usize)
        );
        let err = rule.parse("renju", &[15]).expect_err("no such rule");
        assert_eq!(
            err.to_string(),
            "--rule must be freestyle or exact (got renju)"
        );
        assert_eq!(GomokuSettings::default().rule(), GomokuRule::Freestyle);
    }

    #[test]
    fn notation_round_trips() {
        for cell in Cell::all(26) {
            let text = GomokuStone(cell).to_string();
            assert_eq!(text.parse(), Ok(GomokuStone(cell)));
            assert_eq!(text.to_lowercase().parse(), Ok(GomokuStone(cell)));
        }
        assert_eq!(stone("H8"), GomokuStone(Cell::new(7, 7).expect("on board")));
        assert_eq!(stone(" h 8 ").to_string(), "H8");
        assert_eq!(stone("a1").to_string(), "A1");
        assert_eq!(stone("Z26").to_string(), "Z26");
    }

    #[test]
    fn notation_refuses_what_is_not_an_address() {
        for bad in [
            "", " ", "A", "8", "8H", "A0", "A01", "AA1", "A27", "H-8", "H8.", "#H8", "é8", "H 0 8",
        ] {
            assert!(bad.parse::<GomokuStone>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn b_moves_first_then_turns_alternate() {
        let mut g = Gomoku::default();
        assert_eq!(Gomoku::symbol(Player::First), 'B');
        assert_eq!(Gomoku::symbol(Player::Second), 'W');
        assert_eq!(Gomoku::NAME, "gomoku");
        assert_eq!(g.side(), 15);
        assert_eq!(g.count_legal_moves(), 225);
        for (k, text) in ["H8", "H9", "J8", "a1", "O15"].into_iter().enumerate() {
            let mover = g.to_move();
            assert_eq!(
                mover,
                if k % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                }
            );
            g.play(stone(text)).expect("legal");
            assert_eq!(g.piece_at(stone(text).0), Some(mover));
            assert_eq!(g.plies(), k + 1);
        }
        assert_eq!(g.count_legal_moves(), 220);
        assert_eq!(g.piece_at(stone("B2").0), None);
        assert_eq!(g.piece_at(stone("P1").0), None);
    }

    #[test]
    fn illegal_stones_change_nothing() {
        let mut g = game(9, GomokuRule::Freestyle);
        play_all(&mut g, "E5 D4");
        let before = g.clone();
        assert_eq!(g.play(stone("E5")), Err(IllegalMove::Occupied));
        assert_eq!(g.check(stone("d4")), Err(IllegalMove::Occupied));
        assert_eq!(g.play(stone("J1")), Err(IllegalMove::OffBoard));
        assert_eq!(g.play(stone("A10")), Err(IllegalMove::OffBoard));
        assert_eq!(format!("{g:?}"), format!("{before:?}"));
        assert_eq!(g.count_legal_moves(), 79);
    }

    #[test]
    fn positions_compare_by_what_is_on_the_board() {
        let (mut a, mut b) = (Gomoku::default(), Gomoku::default());
        play_all(&mut a, "H8 A1 J9 B2");
        play_all(&mut b, "J9 B2 H8 A1");
        assert_eq!(a, b);
        play_all(&mut a, "K10");
        assert_ne!(a, b);
    }

    /// B plays `line` in order; W answers with stones far away.
    fn b_makes(size: usize, rule: GomokuRule, line: &str, w: &str) -> (Gomoku, GomokuEffect) {
        let mut g = game(size, rule);
        let mut effect = GomokuEffect::default();
        let mut answers = w.split_whitespace();
        for text in line.split_whitespace() {
            assert!(g.outcome().is_none(), "{text} came after the end");
            effect = g.play(stone(text)).expect("legal");
            if g.outcome().is_some() {
                break;
            }
            if let Some(answer) = answers.next() {
                g.play(stone(answer)).expect("legal");
                assert!(g.outcome().is_none(), "{answer} ended the game");
            }
        }
        (g, effect)
    }

    #[test]
    fn five_wins_in_every_direction() {
        let far = "A15 C15 E15 G15 J15";
        for (line, winning) in [
            // A row, the last stone at the end, then in the middle.
            ("D8 E8 F8 G8 H8", "D8 E8 F8 G8 H8"),
            ("D8 E8 G8 H8 F8", "D8 E8 F8 G8 H8"),
            // A column.
            ("H3 H4 H5 H6 H7", "H3 H4 H5 H6 H7"),
            ("H3 H7 H5 H6 H4", "H3 H4 H5 H6 H7"),
            // Down and to the right, from the top left corner.
            ("A1 B2 C3 D4 E5", "A1 B2 C3 D4 E5"),
            ("E5 D4 A1 B2 C3", "A1 B2 C3 D4 E5"),
            // Down and to the left, ending in the bottom left corner.
            ("E11 D12 C13 B14 A15", "E11 D12 C13 B14 A15"),
            ("A15 B14 E11 D12 C13", "E11 D12 C13 B14 A15"),
            // Up and to the right, into the top right corner.
            ("K5 L4 M3 N2 O1", "K5 L4 M3 N2 O1"),
        ] {
            let w = if line.contains("A15") {
                "O15 M15 O13 K15"
            } else {
                far
            };
            for rule in GomokuRule::ALL {
                let (g, effect) = b_makes(15, rule, line, w);
                assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)), "{line}");
                assert_eq!(effect.winning_line, cells(winning), "{line}");
            }
        }
    }

    #[test]
    fn four_do_not_win() {
        let (g, effect) = b_makes(15, GomokuRule::Freestyle, "D8 E8 F8 G8 J8", "A1 A2 A3 A4");
        assert_eq!(g.outcome(), None);
        assert!(effect.winning_line.is_empty());
    }

    #[test]
    fn an_overline_wins_in_freestyle_only() {
        let w = "A1 A3 A5 A7 A9";
        let line = "C8 D8 E8 G8 H8 F8";
        let (g, effect) = b_makes(15, GomokuRule::Freestyle, line, w);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line, cells("C8 D8 E8 F8 G8 H8"));

        let (mut g, effect) = b_makes(15, GomokuRule::Exact, line, w);
        assert_eq!(
            g.outcome(),
            None,
            "six in a row is no win under the exact rule"
        );
        assert!(effect.winning_line.is_empty());
        // The game goes on; seven is no better, and a true five still wins.
        play_all(&mut g, "A11 B8 A13");
        assert_eq!(g.outcome(), None);
        play_all(&mut g, "K2 A15 K3 B15 K4 C15 K5");
        assert_eq!(g.outcome(), None);
        let effect = play_all(&mut g, "D15 K6");
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line, cells("K2 K3 K4 K5 K6"));
    }

    #[test]
    fn exactly_five_wins_despite_a_stone_beyond_a_gap() {
        // B's G8 sits after the gap at F8: the row A8..E8 is exactly five.
        for rule in GomokuRule::ALL {
            let (g, effect) = b_makes(15, rule, "G8 A8 B8 C8 E8 D8", "A1 A3 A5 A7 A9");
            assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)), "{rule:?}");
            assert_eq!(effect.winning_line, cells("A8 B8 C8 D8 E8"));
        }
    }

    #[test]
    fn exact_five_counts_even_if_another_line_is_too_long() {
        // The last stone, E5, makes six in its row and five in its column.
        let (g, effect) = b_makes(
            15,
            GomokuRule::Exact,
            "A5 B5 C5 D5 F5 E1 E2 E3 E4 E5",
            "O1 O3 O5 O7 O9 O11 O13 O15 M1",
        );
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line, cells("E1 E2 E3 E4 E5"));
    }

    #[test]
    fn a_stone_that_makes_two_fives_highlights_both() {
        let (g, effect) = b_makes(
            15,
            GomokuRule::Freestyle,
            "A5 B5 C5 D5 E1 E2 E3 E4 E5",
            "O1 O3 O5 O7 O9 O11 O13 O15",
        );
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line, cells("A5 B5 C5 D5 E5 E1 E2 E3 E4"));
    }

    #[test]
    fn white_wins_too_and_a_finished_game_refuses_moves() {
        let mut g = Gomoku::default();
        let effect = play_all(&mut g, "A1 H8 A3 H9 A5 H10 A7 H11 A9 H12");
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(effect.winning_line, cells("H8 H9 H10 H11 H12"));
        let over = g.clone();
        assert_eq!(g.play(stone("B2")), Err(IllegalMove::GameOver));
        assert_eq!(g.check(stone("B2")), Err(IllegalMove::GameOver));
        assert_eq!(format!("{g:?}"), format!("{over:?}"));
        assert_eq!(g.count_legal_moves(), 0);
        let mut moves = vec![stone("C3")];
        g.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(g.random_move(&mut Rng::new(1)), None);
    }

    #[test]
    fn a_full_board_without_five_is_a_draw() {
        // No row, column or diagonal of one colour; B has 13 stones, W 12.
        let pattern = ["BBWBW", "WWBWB", "BBWBW", "WWBWB", "BBWBW"];
        let of = |colour: u8| -> Vec<Cell> {
            Cell::all(5)
                .filter(|c| pattern[c.row()].as_bytes()[c.col()] == colour)
                .collect()
        };
        let (black, white) = (of(b'B'), of(b'W'));
        for rule in GomokuRule::ALL {
            let mut g = game(5, rule);
            for k in 0..25 {
                assert!(g.outcome().is_none(), "stone {k}");
                let cell = if k % 2 == 0 {
                    black[k / 2]
                } else {
                    white[k / 2]
                };
                let effect = g.play(GomokuStone(cell)).expect("legal");
                assert!(effect.winning_line.is_empty());
            }
            assert_eq!(g.outcome(), Some(Outcome::Draw));
            assert_eq!(g.plies(), 25);
            assert_eq!(g.count_legal_moves(), 0);
            assert_eq!(g.play(stone("A1")), Err(IllegalMove::GameOver));
        }
    }

    #[test]
    fn listed_moves_are_exactly_the_accepted_moves() {
        let mut rng = Rng::new(5);
        for (size, rule) in [
            (5, GomokuRule::Freestyle),
            (8, GomokuRule::Exact),
            (15, GomokuRule::Freestyle),
        ] {
            for _ in 0..20 {
                let mut g = game(size, rule);
                let mut moves = Vec::new();
                loop {
                    g.legal_moves(&mut moves);
                    assert_eq!(moves.len(), g.count_legal_moves());
                    // Every cell of the largest board, on this board or not.
                    for cell in Cell::all(26) {
                        let listed = moves.contains(&GomokuStone(cell));
                        assert_eq!(listed, g.check(GomokuStone(cell)).is_ok(), "{cell:?}");
                    }
                    let Some(mv) = g.random_move(&mut rng) else {
                        break;
                    };
                    assert!(moves.contains(&mv));
                    g.play(mv).expect("random moves are legal");
                }
                assert!(g.is_over());
            }
        }
    }

    #[test]
    fn play_and_play_unchecked_agree_with_a_plain_search_for_rows() {
        let mut rng = Rng::new(99);
        for (size, rule, games) in [
            (5, GomokuRule::Freestyle, 200),
            (5, GomokuRule::Exact, 200),
            (9, GomokuRule::Exact, 200),
            (15, GomokuRule::Freestyle, 100),
            (15, GomokuRule::Exact, 100),
            (26, GomokuRule::Exact, 10),
        ] {
            for _ in 0..games {
                let mut checked = game(size, rule);
                let mut fast = checked.clone();
                while let Some(mv) = checked.random_move(&mut rng) {
                    let mover = checked.to_move();
                    let effect = checked.play(mv).expect("random moves are legal");
                    fast.play_unchecked(mv);
                    assert_eq!(checked, fast);
                    assert_eq!(checked.outcome(), fast.outcome());
                    let runs = longest_runs(&checked, mover);
                    let won = runs.iter().any(|&length| rule.wins(length));
                    assert_eq!(checked.outcome() == Some(Outcome::Win(mover)), won);
                    assert_eq!(effect.winning_line.is_empty(), !won);
                    if won {
                        assert!(effect.winning_line.contains(&mv.0));
                        assert!(
                            effect
                                .winning_line
                                .iter()
                                .all(|&c| checked.piece_at(c) == Some(mover))
                        );
                    }
                }
                if checked.outcome() == Some(Outcome::Draw) {
                    assert_eq!(checked.plies(), size * size);
                }
            }
        }
    }
}
