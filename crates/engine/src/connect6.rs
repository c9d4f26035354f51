//! Connect6: B places one stone, then W and B take turns placing two; the
//! first to make a line of `line` (six by default) wins.
//!
//! Each stone is one move, so the move type is a single [`Stone`] and the
//! two-stone turn shows in [`Game::to_move`] and
//! [`Connect6::stone_of_turn`]. The board is the [`Stones`] board Gomoku
//! uses too.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber, NotationError};
use super::game::Described;
use super::settings::{Allowed, GameSettings, Kind, Setting, SettingError, default_settings};
use super::stone_game::{StoneEffect, StonePlay, StoneRules};

/// A validated board side and winning line length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Connect6Settings {
    size: usize,
    line: usize,
}

impl GameSettings for Connect6Settings {
    const LIST: &'static [Setting] = &[
        Setting {
            name: "size",
            label: "Board",
            help: "board side",
            default: 19,
            kind: Kind::Side(|_| Allowed::between(6, 26)),
        },
        Setting {
            name: "line",
            label: "In a row to win",
            help: "stones in a row that win",
            default: 6,
            kind: Kind::Number(|v| {
                let size = v[0];
                Allowed::between(3, size).because(format!(" on a {size}x{size} board"))
            }),
        },
    ];

    fn from_checked(values: &[usize]) -> Self {
        Connect6Settings {
            size: values[0],
            line: values[1],
        }
    }

    fn values(&self) -> Vec<usize> {
        vec![self.size, self.line]
    }
}

impl Connect6Settings {
    pub fn new(size: usize, line: usize) -> Result<Connect6Settings, SettingError> {
        Self::from_values(&[size, line])
    }

    pub const fn size(&self) -> usize {
        self.size
    }

    pub const fn line(&self) -> usize {
        self.line
    }
}

impl Default for Connect6Settings {
    fn default() -> Self {
        default_settings()
    }
}

/// One stone on a cell, written `H14` (uppercase column, rows from 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stone(pub Cell);

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Connect6::NOTATION.format(self.0))
    }
}

impl FromStr for Stone {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Connect6::NOTATION.parse(s).map(Stone)
    }
}

/// What a Connect6 stone did beyond being placed.
pub type Connect6Effect = StoneEffect;

/// A Connect6 position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Connect6 {
    settings: Connect6Settings,
    play: StonePlay,
}

impl Connect6 {
    pub fn new(settings: Connect6Settings) -> Connect6 {
        Connect6 {
            settings,
            play: StonePlay::new(settings.size),
        }
    }

    pub fn settings(&self) -> Connect6Settings {
        self.settings
    }

    /// Which stone of the current turn comes next, and how many the turn
    /// has: (1, 1) for B's opening stone, then (1, 2) and (2, 2).
    pub fn stone_of_turn(&self) -> (usize, usize) {
        match self.play.plies() {
            0 => (1, 1),
            p => ((p - 1) % 2 + 1, 2),
        }
    }
}

impl Default for Connect6 {
    fn default() -> Self {
        Connect6::new(Connect6Settings::default())
    }
}

impl Described for Connect6 {
    type Settings = Connect6Settings;
    const TITLE: &'static str = "Connect6";
    const ABOUT: &'static str = "one stone, then two a turn; six in a row wins (19x19)";
    const NOTATION: LetterNumber = LetterNumber::ZERO_BASED_UPPER;

    fn new(settings: Connect6Settings) -> Connect6 {
        Connect6::new(settings)
    }

    fn settings(&self) -> Connect6Settings {
        Connect6::settings(self)
    }
}

impl StoneRules for Connect6 {
    type Stone = Stone;
    const GAME: &'static str = "connect6";

    fn stone(cell: Cell) -> Stone {
        Stone(cell)
    }

    fn cell(Stone(cell): Stone) -> Cell {
        cell
    }

    fn play_state(&self) -> &StonePlay {
        &self.play
    }

    fn play_state_mut(&mut self) -> &mut StonePlay {
        &mut self.play
    }

    /// B's single opening stone ends a turn, and so does every second
    /// stone after it: the turn passes after plies 1, 3, 5, ...
    fn turn_passes(plies: usize) -> bool {
        plies % 2 == 1
    }

    /// Six (or the setting's line) or more.
    #[inline(always)]
    fn wins(&self, length: usize) -> bool {
        length >= self.settings.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, IllegalMove};
    use crate::player::{Outcome, Player};
    use crate::random::Rng;

    fn stone(text: &str) -> Stone {
        text.parse().expect("test stones are well formed")
    }

    fn game(size: usize, line: usize) -> Connect6 {
        Connect6::new(Connect6Settings::new(size, line).expect("valid settings"))
    }

    fn play_all(game: &mut Connect6, stones: &str) -> Connect6Effect {
        let mut effect = Connect6Effect::default();
        for text in stones.split_whitespace() {
            effect = game.play(stone(text)).expect("test stones are legal");
        }
        effect
    }

    fn cells(names: &[&str]) -> Vec<Cell> {
        names.iter().map(|name| stone(name).0).collect()
    }

    /// Whether `player` has `line` in a row anywhere, by looking everywhere.
    fn has_line(game: &Connect6, player: Player, line: usize) -> bool {
        let n = game.side() as isize;
        let mine = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && Cell::new(r as usize, c as usize).is_some_and(|cell| {
                    cell.is_on(n as usize) && game.piece_at(cell) == Some(player)
                })
        };
        (0..n).any(|r| {
            (0..n).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .into_iter()
                    .any(|(dr, dc)| (0..line as isize).all(|k| mine(r + k * dr, c + k * dc)))
            })
        })
    }

    #[test]
    fn settings_are_validated() {
        assert_eq!(
            Connect6Settings::default(),
            Connect6Settings::new(19, 6).expect("valid")
        );
        assert!(Connect6Settings::new(6, 3).is_ok_and(|s| s.size() == 6 && s.line() == 3));
        assert!(Connect6Settings::new(26, 26).is_ok());
        let err = Connect6Settings::new(5, 3).expect_err("too small");
        assert_eq!(err.name, "size");
        let err = Connect6Settings::new(6, 7).expect_err("line too long");
        assert_eq!(
            err.to_string(),
            "--line must be between 3 and 6 on a 6x6 board (got 7)"
        );
        assert!(Connect6Settings::new(19, 2).is_err());
    }

    #[test]
    fn notation_round_trips() {
        for cell in Cell::all(26) {
            assert_eq!(Stone(cell).to_string().parse(), Ok(Stone(cell)));
        }
        assert_eq!(stone("H 14"), Stone(Cell::new(14, 7).expect("on board")));
        assert_eq!(stone("A0").to_string(), "A0");
        for bad in ["h14", "", "A", "14", "A014"] {
            assert!(bad.parse::<Stone>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn b_places_one_stone_then_each_side_two() {
        let mut c6 = Connect6::default();
        let expected = [
            (Player::First, (1, 1)),
            (Player::Second, (1, 2)),
            (Player::Second, (2, 2)),
            (Player::First, (1, 2)),
            (Player::First, (2, 2)),
            (Player::Second, (1, 2)),
            (Player::Second, (2, 2)),
            (Player::First, (1, 2)),
        ];
        for (k, (player, turn)) in expected.into_iter().enumerate() {
            assert_eq!(
                (c6.to_move(), c6.stone_of_turn()),
                (player, turn),
                "stone {k}"
            );
            let cell = Cell::new(k, 0).expect("on board");
            c6.play(Stone(cell)).expect("legal");
            assert_eq!(c6.piece_at(cell), Some(player));
            assert_eq!(c6.plies(), k + 1);
        }
    }

    #[test]
    fn positions_compare_by_what_is_on_the_board() {
        let (mut a, mut b) = (Connect6::default(), Connect6::default());
        play_all(&mut a, "J9 A0 B0 C0 D0");
        play_all(&mut b, "J9 B0 A0 D0 C0");
        assert_eq!(a, b);
        play_all(&mut a, "E0");
        assert_ne!(a, b);
    }

    #[test]
    fn illegal_stones_change_nothing() {
        let mut c6 = game(8, 6);
        play_all(&mut c6, "D4 E4");
        let before = c6.clone();
        assert_eq!(c6.play(stone("D4")), Err(IllegalMove::Occupied));
        assert_eq!(c6.play(stone("I0")), Err(IllegalMove::OffBoard));
        assert_eq!(c6.play(stone("A8")), Err(IllegalMove::OffBoard));
        assert_eq!(format!("{c6:?}"), format!("{before:?}"));
        assert_eq!(c6.count_legal_moves(), 62);
    }

    #[test]
    fn six_in_a_row_wins_at_once_even_mid_turn() {
        let mut c6 = Connect6::default();
        play_all(&mut c6, "K10 A0 A1 K11 K12 A2 A3 K13 K14 A4 P0 S18 R18");
        assert_eq!(c6.stone_of_turn(), (1, 2));
        assert!(c6.outcome().is_none());
        let effect = play_all(&mut c6, "A5");
        assert_eq!(c6.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(
            effect.winning_line,
            cells(&["A0", "A1", "A2", "A3", "A4", "A5"])
        );
        let over = c6.clone();
        assert_eq!(c6.play(stone("B5")), Err(IllegalMove::GameOver));
        assert_eq!(format!("{c6:?}"), format!("{over:?}"));
        assert_eq!(c6.count_legal_moves(), 0);
        assert_eq!(c6.random_move(&mut Rng::new(1)), None);
    }

    #[test]
    fn more_than_six_wins_too() {
        let mut c6 = Connect6::default();
        // W builds C0 D1 E2 and G4 H5 I6 on a diagonal, then fills F3.
        play_all(&mut c6, "S0 C0 D1 S2 S3 E2 G4 S5 Q0 H5 I6 Q2 Q3");
        assert!(c6.outcome().is_none());
        let effect = play_all(&mut c6, "F3");
        assert_eq!(c6.outcome(), Some(Outcome::Win(Player::Second)));
        let line = cells(&["C0", "D1", "E2", "F3", "G4", "H5", "I6"]);
        assert_eq!(effect.winning_line, line);
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        // Row by row, the colours run B W W B B W W B ...: no row, column or
        // diagonal of six on a 6×6 board.
        let mut c6 = game(6, 6);
        for (k, cell) in Cell::all(6).enumerate() {
            assert!(c6.outcome().is_none(), "stone {k}");
            let effect = c6.play(Stone(cell)).expect("legal");
            assert!(effect.winning_line.is_empty());
        }
        assert_eq!(c6.outcome(), Some(Outcome::Draw));
        assert_eq!(c6.plies(), 36);
        assert_eq!(
            c6.play(Stone(Cell::new(0, 0).expect("on board"))),
            Err(IllegalMove::GameOver)
        );
    }

    #[test]
    fn random_games_agree_with_a_plain_search_for_lines() {
        let mut rng = Rng::new(99);
        for (size, line, games) in [(6, 3, 50), (8, 4, 50), (10, 6, 50), (19, 6, 20), (26, 8, 3)] {
            for _ in 0..games {
                let mut c6 = game(size, line);
                let mut moves = Vec::new();
                while !c6.is_over() {
                    c6.legal_moves(&mut moves);
                    assert_eq!(moves.len(), c6.count_legal_moves());
                    let mover = c6.to_move();
                    let mv = c6
                        .random_move(&mut rng)
                        .expect("a game in progress has a move");
                    assert!(moves.contains(&mv));
                    let effect = c6.play(mv).expect("random moves are legal");
                    let won = has_line(&c6, mover, line);
                    assert_eq!(c6.outcome() == Some(Outcome::Win(mover)), won);
                    assert_eq!(effect.winning_line.is_empty(), !won);
                    if won {
                        assert!(effect.winning_line.len() >= line);
                        assert!(effect.winning_line.contains(&mv.0));
                        assert!(
                            effect
                                .winning_line
                                .iter()
                                .all(|&c| c6.piece_at(c) == Some(mover))
                        );
                    }
                }
                let full = c6.count_legal_moves() == 0 && c6.outcome() == Some(Outcome::Draw);
                assert!(full || c6.outcome().and_then(Outcome::winner).is_some());
            }
        }
    }
}
