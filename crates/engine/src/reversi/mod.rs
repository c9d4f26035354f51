//! Reversi: place a disc that outflanks a line of the opponent's discs and
//! turn them all over; most discs when neither side can move wins.
//!
//! Every board size lives in the top-left corner of one 8×8 `u64` layout
//! (bit `row * 8 + col`), with a mask of the cells actually on the board, so
//! move generation is a handful of shifts and nothing is ever placed off the
//! board. The bit kernels are in [`bits`], the fast tree count of the `perft
//! reversi` command in [`perft`].

use std::fmt;
use std::str::FromStr;

mod bits;
mod perft;

pub use bits::{flips, legal_moves};
pub use perft::{perft, transpose};

use super::cell::{Cell, LetterNumber, NotationError, is_ignored};
use super::game::{Described, Game, IllegalMove};
use super::perft::Finished;
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::{Allowed, GameSettings, Kind, Setting, SettingError, default_settings};
use crate::bits::Bits;
use bits::{bit, cell, index};

/// Bits per row of the layout, whatever the board's side.
const STRIDE: usize = 8;

/// A validated board side: 4, 6 or 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ReversiSettings {
    size: usize,
}

impl GameSettings for ReversiSettings {
    const LIST: &'static [Setting] = &[Setting {
        name: "size",
        label: "Board",
        help: "board side",
        default: 8,
        kind: Kind::Side(|_| Allowed {
            step: 2,
            ..Allowed::between(4, 8)
        }),
    }];

    fn from_checked(values: &[usize]) -> Self {
        ReversiSettings { size: values[0] }
    }

    fn values(&self) -> Vec<usize> {
        vec![self.size]
    }
}

impl ReversiSettings {
    pub fn new(size: usize) -> Result<ReversiSettings, SettingError> {
        Self::from_values(&[size])
    }

    pub const fn size(&self) -> usize {
        self.size
    }
}

impl Default for ReversiSettings {
    fn default() -> Self {
        default_settings()
    }
}

/// A Reversi move: a disc on a cell, or a pass when no placement is legal.
/// Written `d3` (lowercase letter, rows from 1; either case is read) or
/// `pass`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReversiMove {
    Place(Cell),
    Pass,
}

impl fmt::Display for ReversiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReversiMove::Place(cell) => f.write_str(&Reversi::NOTATION.format(*cell)),
            ReversiMove::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for ReversiMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut letters = s.chars().filter(|c| !is_ignored(*c));
        let is_pass = "pass"
            .chars()
            .all(|p| letters.next().is_some_and(|c| c.eq_ignore_ascii_case(&p)))
            && letters.next().is_none();
        if is_pass {
            Ok(ReversiMove::Pass)
        } else {
            Reversi::NOTATION.parse(s).map(ReversiMove::Place)
        }
    }
}

/// The plain console's address: row then column, both from 1, e.g. `6 5`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RowColumn(pub Cell);

impl RowColumn {
    /// How this notation labels column `col` (0 at the left): its number
    /// from 1. Rows are labelled as in the game's own notation.
    pub fn column_label(col: usize) -> String {
        (col + 1).to_string()
    }
}

impl fmt::Display for RowColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0.row() + 1, self.0.col() + 1)
    }
}

impl FromStr for RowColumn {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split(is_ignored).filter(|w| !w.is_empty());
        let row = words.next().ok_or(NotationError::Empty)?;
        let row = one_based(row).ok_or(NotationError::BadRow)?;
        let col = words.next().ok_or(NotationError::BadColumn)?;
        let col = one_based(col).ok_or(NotationError::BadColumn)?;
        if words.next().is_some() {
            return Err(NotationError::BadColumn);
        }
        Cell::new(row, col)
            .map(RowColumn)
            .ok_or(NotationError::BadColumn)
    }
}

/// A number from 1 to 26 written in ASCII digits, as an index from 0.
fn one_based(word: &str) -> Option<usize> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Saturating, so a thousand digits are just too large, not an overflow.
    let value = word.bytes().fold(0usize, |value, b| {
        value
            .saturating_mul(10)
            .saturating_add(usize::from(b - b'0'))
    });
    (1..=26).contains(&value).then(|| value - 1)
}

/// What a placement did besides putting its disc down.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ReversiEffect {
    /// The turned discs, nearest to the new disc first; at equal distance in
    /// the order north, north-east, east, ... clockwise to north-west.
    pub flipped: Vec<Cell>,
}

/// A Reversi position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Reversi {
    settings: ReversiSettings,
    /// The cells of the board within the 8×8 layout.
    on_board: u64,
    /// Each player's discs, by [`Player::index`].
    discs: [u64; 2],
    to_move: Player,
    /// The placements open to the player to move: none when they must pass
    /// or the game is over.
    moves: u64,
    over: bool,
    plies: usize,
}

impl Reversi {
    pub fn new(settings: ReversiSettings) -> Reversi {
        let size = settings.size;
        let on_board = Cell::all(size).fold(0, |mask, cell| mask | bit(index(cell)));
        let centre = size / 2 - 1;
        let at = |row: usize, col: usize| bit(row * STRIDE + col);
        let white = at(centre, centre) | at(centre + 1, centre + 1);
        let black = at(centre, centre + 1) | at(centre + 1, centre);
        let mut game = Reversi {
            settings,
            on_board,
            discs: [black, white],
            to_move: Player::First,
            moves: 0,
            over: false,
            plies: 0,
        };
        game.settle();
        game
    }

    pub fn settings(&self) -> ReversiSettings {
        self.settings
    }

    /// How many discs `player` has on the board.
    pub fn discs(&self, player: Player) -> usize {
        self.discs[player.index()].count_ones() as usize
    }

    /// `player`'s discs as a bitboard: bit `row * 8 + col`, whatever the
    /// board's side (smaller boards sit in the top-left corner).
    pub fn disc_bits(&self, player: Player) -> u64 {
        self.discs[player.index()]
    }

    /// The cells of the board, in the same layout as [`Reversi::disc_bits`].
    pub fn board_bits(&self) -> u64 {
        self.on_board
    }

    /// Where `player` could place a disc now, whoever is to move, in the
    /// layout of [`Reversi::disc_bits`].
    pub fn placement_bits(&self, player: Player) -> u64 {
        // The mover's are kept (none once the game is over, as for both).
        if player == self.to_move {
            return self.moves;
        }
        let other = player.other();
        legal_moves(
            self.discs[player.index()],
            self.discs[other.index()],
            self.on_board,
        )
    }

    /// The mover's and the opponent's discs.
    fn sides(&self) -> (u64, u64) {
        (
            self.discs[self.to_move.index()],
            self.discs[self.to_move.other().index()],
        )
    }

    /// Works out what the player to move may do: place, pass, or nothing
    /// because neither side can place.
    fn settle(&mut self) {
        let (mover, other) = self.sides();
        self.moves = legal_moves(mover, other, self.on_board);
        self.over = self.moves == 0 && legal_moves(other, mover, self.on_board) == 0;
    }

    /// Plays a legal move and returns the discs it turned.
    fn apply(&mut self, mv: ReversiMove) -> u64 {
        let flipped = match mv {
            ReversiMove::Place(cell) => {
                let (mover, other) = self.sides();
                let at = index(cell);
                let flipped = flips(at, mover, other);
                self.discs[self.to_move.index()] = mover | flipped | bit(at);
                self.discs[self.to_move.other().index()] = other ^ flipped;
                flipped
            }
            ReversiMove::Pass => 0,
        };
        self.to_move = self.to_move.other();
        self.plies += 1;
        self.settle();
        flipped
    }

    /// A position set up from its discs, as [`Reversi::disc_bits`] gives
    /// them, with `to_move` to play: any discs at all, so not necessarily
    /// a position a game can reach (bits off the board are dropped).
    pub fn with_discs(
        settings: ReversiSettings,
        black: u64,
        white: u64,
        to_move: Player,
    ) -> Reversi {
        let mut game = Reversi::new(settings);
        game.discs = [black & game.on_board, white & game.on_board & !black];
        game.to_move = to_move;
        game.settle();
        game
    }
}

impl Default for Reversi {
    fn default() -> Self {
        Reversi::new(ReversiSettings::default())
    }
}

impl Described for Reversi {
    type Settings = ReversiSettings;
    const TITLE: &'static str = "Reversi";
    const ABOUT: &'static str = "outflank and flip; most discs wins (8x8)";
    /// The Othello convention: `d3`, column letter and row from 1.
    const NOTATION: LetterNumber = LetterNumber {
        lowercase: true,
        ..LetterNumber::ONE_BASED
    };
    const WORD_MOVES: &'static [ReversiMove] = &[ReversiMove::Pass];
    const MARGIN_UNIT: Option<(&'static str, &'static str)> = Some(("disc", "discs"));

    /// Othello names the colours: `Black wins!`.
    fn result_text(outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(Player::First) => "Black wins!",
            Outcome::Win(Player::Second) => "White wins!",
            Outcome::Draw => "Draw game!",
        }
        .to_string()
    }

    fn new(settings: ReversiSettings) -> Reversi {
        Reversi::new(settings)
    }

    fn settings(&self) -> ReversiSettings {
        Reversi::settings(self)
    }

    /// Counts on bare bitboards, sharing the counts of mirror images; the
    /// published series count a game that ends early as one leaf.
    fn perft(&self, depth: usize, finished: Finished, progress: &mut dyn FnMut(f64)) -> u64 {
        let mut table = perft::Table::new(self.settings.size, depth);
        let mut count = |game: &Reversi, depth| match finished {
            Finished::Leaf => perft::perft_with(game, depth, &mut table),
            Finished::Nothing => crate::perft::perft(game, depth, finished),
        };
        crate::perft::perft_reporting(self, depth, &mut count, progress)
    }
}

impl Game for Reversi {
    type Move = ReversiMove;
    type Effect = ReversiEffect;
    const NAME: &'static str = "reversi";

    fn place(cell: Cell) -> ReversiMove {
        ReversiMove::Place(cell)
    }

    fn placed(mv: &ReversiMove) -> Option<Cell> {
        match mv {
            ReversiMove::Place(cell) => Some(*cell),
            ReversiMove::Pass => None,
        }
    }

    /// A player without a placement passes, and has no choice about it.
    fn forced_move(&self) -> Option<ReversiMove> {
        (!self.over && self.moves == 0).then_some(ReversiMove::Pass)
    }

    fn side(&self) -> usize {
        self.settings.size
    }

    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'B',
            Player::Second => 'W',
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let (first, second) = (self.discs(Player::First), self.discs(Player::Second));
        Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn piece_at(&self, cell: Cell) -> Option<Player> {
        if !cell.is_on(self.side()) {
            return None;
        }
        let at = index(cell);
        Player::BOTH
            .into_iter()
            .find(|p| self.discs[p.index()].has(at))
    }

    fn legal_moves(&self, moves: &mut Vec<ReversiMove>) {
        moves.clear();
        if self.over {
            return;
        }
        if self.moves == 0 {
            moves.push(ReversiMove::Pass);
        } else {
            moves.extend(self.moves.ones().map(|i| ReversiMove::Place(cell(i))));
        }
    }

    fn count_legal_moves(&self) -> usize {
        match (self.over, self.moves) {
            (true, _) => 0,
            (false, 0) => 1,
            (false, moves) => moves.count_ones() as usize,
        }
    }

    fn check(&self, mv: ReversiMove) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            ReversiMove::Pass if self.moves != 0 => Err(IllegalMove::CannotPass),
            ReversiMove::Pass => Ok(()),
            ReversiMove::Place(cell) if !cell.is_on(self.side()) => Err(IllegalMove::OffBoard),
            ReversiMove::Place(cell) if self.piece_at(cell).is_some() => Err(IllegalMove::Occupied),
            ReversiMove::Place(_) if self.moves == 0 => Err(IllegalMove::MustPass),
            ReversiMove::Place(cell) if !self.moves.has(index(cell)) => Err(IllegalMove::NoFlips),
            ReversiMove::Place(_) => Ok(()),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: ReversiMove) {
        self.apply(mv);
    }

    fn play(&mut self, mv: ReversiMove) -> Result<ReversiEffect, IllegalMove> {
        self.check(mv)?;
        let flipped = self.apply(mv);
        let flipped = match mv {
            ReversiMove::Place(from) => outward(from, flipped),
            ReversiMove::Pass => Vec::new(),
        };
        Ok(ReversiEffect { flipped })
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<ReversiMove> {
        if self.over {
            return None;
        }
        if self.moves == 0 {
            return Some(ReversiMove::Pass);
        }
        let n = rng.below(self.moves.count_ones() as usize);
        Some(ReversiMove::Place(cell(self.moves.select(n))))
    }

    fn plies(&self) -> usize {
        self.plies
    }
}

/// The cells of `flipped` ordered outward from `from`: by distance, then
/// clockwise from north.
fn outward(from: Cell, flipped: u64) -> Vec<Cell> {
    const CLOCKWISE: [(isize, isize); 8] = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut cells = Vec::with_capacity(flipped.count_ones() as usize);
    for distance in 1..STRIDE as isize {
        for (dr, dc) in CLOCKWISE {
            let row = from.row() as isize + dr * distance;
            let col = from.col() as isize + dc * distance;
            if (0..STRIDE as isize).contains(&row) && (0..STRIDE as isize).contains(&col) {
                let at = row as usize * STRIDE + col as usize;
                if flipped.has(at) {
                    cells.push(cell(at));
                }
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::MAX_SIDE;

    fn at(text: &str) -> Cell {
        LetterNumber::ONE_BASED
            .parse(text)
            .expect("test addresses are well formed")
    }

    fn place(text: &str) -> ReversiMove {
        ReversiMove::Place(at(text))
    }

    pub(super) fn sized(size: usize) -> Reversi {
        Reversi::new(ReversiSettings::new(size).expect("test sizes are valid"))
    }

    fn mask(cells: &str) -> u64 {
        cells
            .split_whitespace()
            .fold(0, |m, c| m | bit(index(at(c))))
    }

    /// Perft through the `Game` trait alone, playing every move.
    pub(super) fn slow_perft(game: &Reversi, depth: usize) -> u64 {
        if depth == 0 || game.is_over() {
            return 1;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut next = game.clone();
                next.play_unchecked(mv);
                slow_perft(&next, depth - 1)
            })
            .sum()
    }

    /// Random games on every board size, with the position before each move.
    pub(super) fn random_games(seeds: u64, mut visit: impl FnMut(&Reversi, ReversiMove, &Reversi)) {
        for seed in 0..seeds {
            let mut rng = Rng::new(seed);
            let mut game = sized([4, 6, 8][seed as usize % 3]);
            while let Some(mv) = game.random_move(&mut rng) {
                let before = game.clone();
                game.play(mv).expect("random moves are legal");
                visit(&before, mv, &game);
            }
        }
    }

    #[test]
    fn settings_are_validated() {
        for size in [4, 6, 8] {
            assert_eq!(sized(size).side(), size);
            assert_eq!(sized(size).settings().size(), size);
        }
        for size in [0, 2, 3, 5, 7, 9, 10, 26] {
            let err = ReversiSettings::new(size).expect_err("refused");
            assert_eq!(err.name, "size");
            assert_eq!(
                err.to_string(),
                format!("--size must be 4, 6 or 8 (got {size})")
            );
        }
        assert_eq!(ReversiSettings::default().size(), 8);
    }

    #[test]
    fn the_start_position() {
        let game = Reversi::default();
        assert_eq!(game.piece_at(at("d4")), Some(Player::Second));
        assert_eq!(game.piece_at(at("e5")), Some(Player::Second));
        assert_eq!(game.piece_at(at("e4")), Some(Player::First));
        assert_eq!(game.piece_at(at("d5")), Some(Player::First));
        assert_eq!(game.to_move(), Player::First);
        assert_eq!(Reversi::symbol(Player::First), 'B');
        assert_eq!(Reversi::symbol(Player::Second), 'W');
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        let small = sized(4);
        assert_eq!(small.piece_at(at("b2")), Some(Player::Second));
        assert_eq!(small.piece_at(at("c2")), Some(Player::First));
        assert_eq!(small.discs(Player::First), 2);
    }

    #[test]
    fn move_notation_round_trips() {
        for cell in Cell::all(MAX_SIDE) {
            let mv = ReversiMove::Place(cell);
            assert_eq!(mv.to_string().parse(), Ok(mv));
            assert_eq!(mv.to_string().to_uppercase().parse(), Ok(mv));
        }
        assert_eq!(place("d3").to_string(), "d3");
        assert_eq!(ReversiMove::Pass.to_string(), "pass");
        for pass in ["pass", "PASS", " Pass ", "p a\tss"] {
            assert_eq!(pass.parse(), Ok(ReversiMove::Pass), "{pass:?}");
        }
        for bad in ["", "passs", "pas", "d0", "3d", "é3", "pass1"] {
            assert!(bad.parse::<ReversiMove>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn row_column_notation_round_trips() {
        for cell in Cell::all(MAX_SIDE) {
            let rc = RowColumn(cell);
            assert_eq!(rc.to_string().parse(), Ok(rc));
        }
        assert_eq!(RowColumn(at("e6")).to_string(), "6 5");
        for good in ["6 5", " 6 5 ", "6\t5", "\t6  \t 5\t"] {
            assert_eq!(good.parse(), Ok(RowColumn(at("e6"))), "{good:?}");
        }
        assert_eq!("26 26".parse(), Ok(RowColumn(at("z26"))));
        for bad in [
            "",
            " ",
            "6",
            "6 5 4",
            "65",
            "0 5",
            "5 0",
            "27 1",
            "1 27",
            "6,5",
            "+6 5",
            "-1 2",
            "6 5.",
            "d3",
            "99999999999999999999999999 1",
            "1 99999999999999999999999999",
            "６ ５",
            "6 é",
            "6\n5",
            "6\u{a0}5",
        ] {
            assert!(bad.parse::<RowColumn>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing() {
        let mut game = Reversi::default();
        let before = game.clone();
        for (mv, why) in [
            (ReversiMove::Pass, IllegalMove::CannotPass),
            (place("a1"), IllegalMove::NoFlips),
            (place("d6"), IllegalMove::NoFlips),
            (place("d4"), IllegalMove::Occupied),
            (place("e4"), IllegalMove::Occupied),
            (place("i1"), IllegalMove::OffBoard),
            (place("a9"), IllegalMove::OffBoard),
        ] {
            assert_eq!(game.check(mv), Err(why), "{mv}");
            assert_eq!(game.play(mv), Err(why), "{mv}");
            assert_eq!(game, before);
        }
        let mut small = sized(6);
        assert_eq!(small.play(place("g1")), Err(IllegalMove::OffBoard));
        assert_eq!(small.play(place("a7")), Err(IllegalMove::OffBoard));
    }

    #[test]
    fn a_player_without_a_placement_must_pass() {
        // White's only disc is b1, next to Black's corner disc: White has no
        // placement, Black has c1.
        let mut game = Reversi::with_discs(
            ReversiSettings::default(),
            mask("a1"),
            mask("b1"),
            Player::Second,
        );
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert_eq!(moves, [ReversiMove::Pass]);
        assert_eq!(game.count_legal_moves(), 1);
        assert_eq!(game.random_move(&mut Rng::new(1)), Some(ReversiMove::Pass));
        assert_eq!(game.outcome(), None);
        let before = game.clone();
        assert_eq!(game.play(place("c1")), Err(IllegalMove::MustPass));
        assert_eq!(game.play(place("a1")), Err(IllegalMove::Occupied));
        assert_eq!(game, before);
        let effect = game.play(ReversiMove::Pass).expect("pass is legal");
        assert!(effect.flipped.is_empty());
        assert_eq!(game.to_move(), Player::First);
        assert_eq!(game.plies(), before.plies() + 1);
        assert_eq!(perft(&before, 2), slow_perft(&before, 2));
        assert_eq!(perft(&before, 2), 1);

        // Forced passes also come up in play, each a ply of its own.
        let mut passes = 0;
        random_games(60, |before, mv, after| {
            if mv == ReversiMove::Pass {
                passes += 1;
                assert_eq!(before.count_legal_moves(), 1);
                assert_eq!(after.plies(), before.plies() + 1);
                assert_eq!(after.to_move(), before.to_move().other());
                assert!(after.count_legal_moves() > 0);
                assert_eq!(after.check(ReversiMove::Pass), Err(IllegalMove::CannotPass));
            }
        });
        assert!(passes > 0);
    }

    #[test]
    fn a_finished_game_takes_no_move() {
        let mut game = Reversi::with_discs(
            ReversiSettings::default(),
            mask("a1"),
            mask("b1"),
            Player::First,
        );
        game.play(place("c1")).expect("legal");
        assert!(game.is_over());
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
        let before = game.clone();
        for mv in [ReversiMove::Pass, place("d1"), place("a1"), place("z9")] {
            assert_eq!(game.play(mv), Err(IllegalMove::GameOver));
        }
        assert_eq!(game, before);
        assert_eq!(game.count_legal_moves(), 0);
        assert_eq!(game.random_move(&mut Rng::new(1)), None);
        assert_eq!(perft(&game, 5), 1);

        let full = Reversi::with_discs(
            ReversiSettings::new(4).unwrap(),
            0x0f0f,
            0x0f0f_0000,
            Player::First,
        );
        assert_eq!(full.outcome(), Some(Outcome::Draw));
        let mut outcomes = 0;
        random_games(30, |_, _, game| {
            if let Some(outcome) = game.outcome() {
                let (b, w) = (game.discs(Player::First), game.discs(Player::Second));
                let expected = match b.cmp(&w) {
                    std::cmp::Ordering::Greater => Outcome::Win(Player::First),
                    std::cmp::Ordering::Less => Outcome::Win(Player::Second),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                };
                assert_eq!(outcome, expected);
                let mut moves = vec![ReversiMove::Pass];
                game.legal_moves(&mut moves);
                assert!(moves.is_empty());
                outcomes += 1;
            }
        });
        assert_eq!(outcomes, 30);
    }

    #[test]
    fn flips_are_ordered_outward() {
        let game = Reversi::with_discs(
            ReversiSettings::default(),
            mask("d1 h4 b6"),
            mask("d3 d2 e4 f4 g4 c5"),
            Player::First,
        );
        let mut game = game;
        let effect = game.play(place("d4")).expect("legal");
        let expected: Vec<Cell> = ["d3", "e4", "c5", "d2", "f4", "g4"]
            .into_iter()
            .map(at)
            .collect();
        assert_eq!(effect.flipped, expected);
        assert_eq!(game.discs(Player::Second), 0);
        let mut start = Reversi::default();
        assert_eq!(
            start.play(place("d3")),
            Ok(ReversiEffect {
                flipped: vec![at("d4")]
            })
        );
    }

    #[test]
    fn every_move_adds_one_disc_and_turns_the_flipped() {
        random_games(30, |before, mv, after| {
            let mover = before.to_move();
            let effect_flipped = {
                let mut replay = before.clone();
                replay.play(mv).expect("legal").flipped
            };
            let extra = usize::from(mv != ReversiMove::Pass);
            assert_eq!(
                after.discs(mover),
                before.discs(mover) + extra + effect_flipped.len()
            );
            assert_eq!(
                after.discs(mover.other()),
                before.discs(mover.other()) - effect_flipped.len()
            );
            for cell in &effect_flipped {
                assert_eq!(before.piece_at(*cell), Some(mover.other()));
                assert_eq!(after.piece_at(*cell), Some(mover));
            }
            if mv != ReversiMove::Pass {
                assert!(!effect_flipped.is_empty());
            }
            let mut unchecked = before.clone();
            unchecked.play_unchecked(mv);
            assert_eq!(&unchecked, after);
        });
    }

    #[test]
    fn listed_moves_are_the_accepted_moves() {
        random_games(15, |_, _, game| {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            assert_eq!(game.count_legal_moves(), moves.len());
            let accepted = Cell::all(8)
                .map(ReversiMove::Place)
                .chain([ReversiMove::Pass])
                .filter(|mv| game.check(*mv).is_ok())
                .count();
            assert_eq!(accepted, moves.len());
            for mv in &moves {
                assert!(game.check(*mv).is_ok());
            }
        });
    }
}
