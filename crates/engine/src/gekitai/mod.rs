//! Gekitai: place a piece, push its neighbours outward, make a line.
//!
//! [`Gekitai`] is a position of any allowed size; it holds a [`board`] of
//! the smallest bitboard type that fits (`u64` up to 6×6, `u128` up to 9×9,
//! [`Wide`] beyond), and the 6×6 board pushes with the tables of
//! [`push_tables`].
use std::fmt;
use std::str::FromStr;

mod board;
mod push_tables;

pub use board::GekitaiBoard;

use crate::bits::{Bits, Wide};
use crate::cell::{Cell, LetterNumber, NotationError};
use crate::game::{Described, Game, IllegalMove};
use crate::perft::{Finished, perft, perft_reporting};
use crate::player::{Outcome, Player};
use crate::random::Rng;
use crate::settings::{Allowed, GameSettings, Kind, Setting, SettingError, Word, default_settings};
use board::layout_bits;

/// What happens when one move makes both players winners (in the order of
/// the `both_win` setting's words).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum BothWin {
    /// The official rule: the player who moved wins.
    #[default]
    Mover,
    Draw,
}

/// A validated choice of board side, pieces per player and winning line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GekitaiSettings {
    size: usize,
    pieces: usize,
    line: usize,
    both_win: BothWin,
}

/// Where each setting is in [`GekitaiSettings::LIST`].
const SIZE: usize = 0;
const PIECES: usize = 1;

impl GameSettings for GekitaiSettings {
    const LIST: &'static [Setting] = &[
        Setting {
            name: "size",
            label: "Board",
            help: "board side",
            default: 6,
            kind: Kind::Side(|_| Allowed::between(4, 26)),
        },
        Setting {
            name: "pieces",
            label: "Pieces each",
            help: "pieces per player",
            default: 8,
            kind: Kind::Number(|v| {
                let size = v[SIZE];
                Allowed::between(3, size * size / 2).because(format!(" on a {size}x{size} board"))
            }),
        },
        Setting {
            name: "line",
            label: "In a row to win",
            help: "pieces in a row that win",
            default: 3,
            kind: Kind::Number(|v| {
                let (size, pieces) = (v[SIZE], v[PIECES]);
                Allowed::between(3, size.min(pieces))
                    .because(format!(" with {size}x{size} and {pieces} pieces"))
            }),
        },
        Setting {
            name: "both_win",
            label: "If both win",
            help: "who wins when one move makes both players winners \
                   (mover: the official rule)",
            default: 0,
            kind: Kind::Words(&[
                Word {
                    word: "mover",
                    shown: "mover wins",
                },
                Word {
                    word: "draw",
                    shown: "draw",
                },
            ]),
        },
    ];

    fn from_checked(values: &[usize]) -> Self {
        GekitaiSettings {
            size: values[0],
            pieces: values[1],
            line: values[2],
            both_win: if values[3] == 0 {
                BothWin::Mover
            } else {
                BothWin::Draw
            },
        }
    }

    fn values(&self) -> Vec<usize> {
        vec![self.size, self.pieces, self.line, self.both_win as usize]
    }
}

impl GekitaiSettings {
    pub fn new(
        size: usize,
        pieces: usize,
        line: usize,
        both_win: BothWin,
    ) -> Result<GekitaiSettings, SettingError> {
        Self::from_values(&[size, pieces, line, both_win as usize])
    }

    pub const fn size(&self) -> usize {
        self.size
    }
    pub const fn pieces(&self) -> usize {
        self.pieces
    }
    pub const fn line(&self) -> usize {
        self.line
    }
    pub const fn both_win(&self) -> BothWin {
        self.both_win
    }
}

impl Default for GekitaiSettings {
    fn default() -> Self {
        default_settings()
    }
}

/// A Gekitai move: put a reserve piece on a cell. Written `C3` (rows from 1;
/// either case is read).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Place(pub Cell);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Gekitai::NOTATION.format(self.0))
    }
}

impl FromStr for Place {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Gekitai::NOTATION.parse(s).map(Place)
    }
}

/// One piece moved by a placement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Push {
    pub from: Cell,
    /// `None`: pushed off the board, back to its owner's reserve.
    pub to: Option<Cell>,
    pub owner: Player,
}

/// What a Gekitai move did.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GekitaiEffect {
    pub pushes: Vec<Push>,
    /// The cells of the winning line, when the move won the game by a line;
    /// of both players' lines when it drew by making both win.
    pub winning_line: Vec<Cell>,
}

/// A Gekitai game of any allowed size: the bitboard is picked to fit.
///
/// Unboxed on purpose: search and random play clone positions constantly,
/// and a box would add an allocation to every clone of a large board.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Gekitai {
    /// Up to 6×6, the default: one machine word.
    Small(GekitaiBoard<u64>),
    /// 7×7 to 9×9.
    Medium(GekitaiBoard<u128>),
    /// 10×10 to 26×26.
    Large(GekitaiBoard<Wide<12>>),
}

/// Runs `$body` with `$board` bound to the game's board, whatever its type.
#[macro_export]
macro_rules! with_gekitai_board {
    ($game:expr, $board:ident => $body:expr) => {
        match $game {
            $crate::gekitai::Gekitai::Small($board) => $body,
            $crate::gekitai::Gekitai::Medium($board) => $body,
            $crate::gekitai::Gekitai::Large($board) => $body,
        }
    };
}
pub use crate::with_gekitai_board;

impl Gekitai {
    pub fn new(settings: GekitaiSettings) -> Gekitai {
        let bits = layout_bits(settings.size);
        if bits <= u64::CAPACITY {
            Gekitai::Small(GekitaiBoard::new(settings))
        } else if bits <= u128::CAPACITY {
            Gekitai::Medium(GekitaiBoard::new(settings))
        } else {
            Gekitai::Large(GekitaiBoard::new(settings))
        }
    }

    pub fn settings(&self) -> GekitaiSettings {
        with_gekitai_board!(self, board => board.settings())
    }

    /// Pieces `player` still has in reserve.
    pub fn reserve(&self, player: Player) -> usize {
        with_gekitai_board!(self, board => board.reserve(player))
    }

    /// Calls `visit` with every cell holding one of `player`'s pieces, in
    /// row-major order: for evaluation without scanning empty cells.
    pub fn for_each_piece(&self, player: Player, mut visit: impl FnMut(Cell)) {
        with_gekitai_board!(self, board => {
            for i in board.pieces_of(player).ones() {
                visit(board.cell(i));
            }
        })
    }
}

impl Default for Gekitai {
    fn default() -> Self {
        Gekitai::new(GekitaiSettings::default())
    }
}

impl Described for Gekitai {
    type Settings = GekitaiSettings;
    const TITLE: &'static str = "Gekitai";
    const ABOUT: &'static str = "place a piece, push the neighbours away, make a line (6x6)";
    const NOTATION: LetterNumber = LetterNumber::ONE_BASED;
    /// The published series count only positions exactly `depth` deep.
    const PERFT_FINISHED: Finished = Finished::Nothing;

    fn new(settings: GekitaiSettings) -> Gekitai {
        Gekitai::new(settings)
    }

    fn settings(&self) -> GekitaiSettings {
        Gekitai::settings(self)
    }

    /// Counts on the board type itself, so that every call is direct.
    fn perft(&self, depth: usize, finished: Finished, progress: &mut dyn FnMut(f64)) -> u64 {
        with_gekitai_board!(self, board => {
            let mut count = |board: &_, depth| perft(board, depth, finished);
            perft_reporting(board, depth, &mut count, progress)
        })
    }

    fn play_out(&mut self, rng: &mut Rng) {
        with_gekitai_board!(self, board => {
            while let Some(mv) = board.random_move(rng) {
                board.play_unchecked(mv);
            }
        })
    }
}

impl Game for Gekitai {
    type Move = Place;
    type Effect = GekitaiEffect;
    const NAME: &'static str = "gekitai";

    fn place(cell: Cell) -> Place {
        Place(cell)
    }
    fn placed(mv: &Place) -> Option<Cell> {
        Some(mv.0)
    }

    fn side(&self) -> usize {
        with_gekitai_board!(self, board => board.side())
    }
    fn symbol(player: Player) -> char {
        GekitaiBoard::<u64>::symbol(player)
    }
    fn to_move(&self) -> Player {
        with_gekitai_board!(self, board => board.to_move())
    }
    fn outcome(&self) -> Option<Outcome> {
        with_gekitai_board!(self, board => board.outcome())
    }
    fn piece_at(&self, cell: Cell) -> Option<Player> {
        with_gekitai_board!(self, board => board.piece_at(cell))
    }
    fn legal_moves(&self, moves: &mut Vec<Place>) {
        with_gekitai_board!(self, board => board.legal_moves(moves))
    }
    fn count_legal_moves(&self) -> usize {
        with_gekitai_board!(self, board => board.count_legal_moves())
    }
    fn check(&self, mv: Place) -> Result<(), IllegalMove> {
        with_gekitai_board!(self, board => board.check(mv))
    }
    fn play_unchecked(&mut self, mv: Place) {
        with_gekitai_board!(self, board => board.play_unchecked(mv))
    }
    fn play(&mut self, mv: Place) -> Result<GekitaiEffect, IllegalMove> {
        with_gekitai_board!(self, board => board.play(mv))
    }
    fn random_move(&self, rng: &mut Rng) -> Option<Place> {
        with_gekitai_board!(self, board => board.random_move(rng))
    }
    fn plies(&self) -> usize {
        with_gekitai_board!(self, board => board.plies())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Place {
        text.parse().expect("test addresses are well formed")
    }

    fn play_all(game: &mut Gekitai, moves: &str) -> GekitaiEffect {
        let mut effect = GekitaiEffect::default();
        for mv in moves.split_whitespace() {
            effect = game.play(at(mv)).expect("test moves are legal");
        }
        effect
    }

    #[test]
    fn settings_are_validated() {
        assert!(GekitaiSettings::new(6, 8, 3, BothWin::Mover).is_ok());
        assert!(GekitaiSettings::new(26, 338, 26, BothWin::Mover).is_ok());
        let err = GekitaiSettings::new(30, 8, 3, BothWin::Mover).unwrap_err();
        assert_eq!(err.to_string(), "--size must be between 4 and 26 (got 30)");
        assert_eq!(
            GekitaiSettings::new(6, 19, 3, BothWin::Mover)
                .unwrap_err()
                .name,
            "pieces"
        );
        assert_eq!(
            GekitaiSettings::new(6, 4, 5, BothWin::Mover)
                .unwrap_err()
                .name,
            "line"
        );
        assert!(GekitaiSettings::new(3, 3, 3, BothWin::Mover).is_err());
    }

    #[test]
    fn placing_pushes_neighbours_outward_and_off() {
        let mut game = Gekitai::default();
        play_all(&mut game, "A1 A6 C3");
        let effect = game.play(at("D4")).expect("legal");
        assert_eq!(
            effect.pushes,
            vec![Push {
                from: at("C3").0,
                to: Some(at("B2").0),
                owner: Player::First
            }]
        );
        // B2 cannot move onto A1, D4 slides to E5.
        let effect = game.play(at("C3")).expect("legal");
        assert_eq!(effect.pushes.len(), 1);
        assert_eq!(effect.pushes[0].to, Some(at("E5").0));
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(effect.winning_line.len(), 3);
        assert_eq!(game.reserve(Player::First), 5);
        assert_eq!(game.reserve(Player::Second), 6);
    }

    #[test]
    fn a_piece_pushed_off_returns_to_its_owner() {
        let mut game = Gekitai::default();
        play_all(&mut game, "A1");
        let effect = game.play(at("B2")).expect("legal");
        assert_eq!(effect.pushes[0].to, None);
        assert_eq!(game.piece_at(at("A1").0), None);
        assert_eq!(game.reserve(Player::First), 8);
    }

    #[test]
    fn both_win_rule_decides_double_wins() {
        let moves = "e6 a2 e4 c2 e3 d2 c5 e1 b6 c4";
        let mut mover = Gekitai::default();
        play_all(&mut mover, moves);
        assert_eq!(mover.outcome(), Some(Outcome::Win(Player::Second)));
        let settings = GekitaiSettings::new(6, 8, 3, BothWin::Draw).expect("valid");
        let mut draw = Gekitai::new(settings);
        play_all(&mut draw, moves);
        assert_eq!(draw.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn every_board_type_plays_the_same_opening() {
        for size in [7, 8, 10, 11, 26] {
            let settings = GekitaiSettings::new(size, 8, 3, BothWin::Mover).expect("valid");
            let mut game = Gekitai::new(settings);
            play_all(&mut game, "A1 B2 A3");
            assert_eq!(game.piece_at(at("A1").0), None, "size {size}");
            assert_eq!(game.reserve(Player::First), 7);
            let last = Cell::new(size - 1, size - 1).expect("on board");
            assert!(game.check(Place(last)).is_ok());
        }
    }

    /// Random moves are spread evenly over the empty cells, on an open
    /// board and on a crowded one (where the exact pick takes over more
    /// often).
    #[test]
    fn random_moves_are_uniform_over_empty_cells() {
        let crowded = GekitaiSettings::new(4, 8, 4, BothWin::Mover).expect("valid");
        for (settings, moves) in [
            (GekitaiSettings::default(), "A1 F6 C3 D5"),
            (crowded, "A1 D4 A4 D1 B2 C2 C4"),
        ] {
            let mut game = Gekitai::new(settings);
            play_all(&mut game, moves);
            assert_eq!(game.outcome(), None);
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let mut rng = Rng::new(11);
            let draws = 2_000 * legal.len();
            let mut counts = std::collections::HashMap::new();
            for _ in 0..draws {
                let mv = game.random_move(&mut rng).expect("game goes on");
                *counts.entry(mv).or_insert(0usize) += 1;
            }
            assert_eq!(counts.len(), legal.len());
            for mv in &legal {
                assert!((1_800..2_200).contains(&counts[mv]), "{mv}: {}", counts[mv]);
            }
        }
    }

    /// `play_unchecked` (branch-free pushes on `u64` boards) and `play`
    /// (one push at a time) reach the same positions, on `u64` boards of
    /// each size and on a `u128` one.
    #[test]
    fn unchecked_play_matches_checked_play() {
        let mut rng = Rng::new(17);
        for (size, pieces, line) in [(4, 8, 3), (5, 6, 4), (6, 8, 3), (6, 18, 5), (7, 8, 3)] {
            let settings = GekitaiSettings::new(size, pieces, line, BothWin::Mover).expect("valid");
            for _ in 0..300 {
                let mut checked = Gekitai::new(settings);
                let mut unchecked = checked.clone();
                while let Some(mv) = checked.random_move(&mut rng) {
                    checked.play(mv).expect("random moves are legal");
                    unchecked.play_unchecked(mv);
                    assert_eq!(checked, unchecked, "{size}x{size} after {mv}");
                }
            }
        }
    }

    #[test]
    fn all_pieces_on_the_board_wins() {
        let settings = GekitaiSettings::new(8, 3, 3, BothWin::Mover).expect("valid");
        let mut game = Gekitai::new(settings);
        play_all(&mut game, "A1 H8 A4 H5 A7");
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    }
}
