//! Level 5's opening book at Connect6: turns chosen by playing them out
//! rather than by one search (`examples/connect6_openings.rs`,
//! BENCHMARKS.md). White's first turn after Black's opening stone is the
//! one after which level 5 as White won most often against itself; Black's
//! second turn, after three of White's first turns, is the answer after
//! which level 5 as Black won most, and more often than after its own;
//! White's second turn, after seven of Black's ten strongest answers to
//! the book's first turn, likewise, and White's third turn in four of
//! the lines after those. The search alone picks a turn that looks good a
//! few turns ahead, the book the one that leads to positions level 5
//! plays well.
//!
//! An entry is a position of the opening, as offsets from Black's first
//! stone, and the turn to play in it. It matches wherever that stone is
//! far enough from the edges for the fight to be the same, in any of the
//! board's eight symmetries. The engine asks for one stone at a time, so
//! the position with the turn's first stone played (whichever of the two
//! it was) gets the other.

use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Player};

/// A stone's offset from Black's first: (column, row).
type Offset = (i32, i32);

/// Black's first stone, from which every offset is counted.
const ORIGIN: &[Offset] = &[(0, 0)];

/// The book's first turn for White, which its later White turns follow.
const WHITE_FIRST: [Offset; 2] = [(-2, -1), (-1, 1)];

/// Black's answer J10 I11 (after J9 at the centre) to the book's first
/// turn, the line one of the book's third White turns follows.
const BLACK_J10_I11: [Offset; 2] = [(0, 1), (-1, 2)];

/// The book's White turn K9 J12 after `BLACK_J10_I11`.
const WHITE_K9_J12: [Offset; 2] = [(1, 0), (0, 3)];

/// Black's answer J10 J11 to the book's first turn, the line of another
/// of the book's third White turns.
const BLACK_J10_J11: [Offset; 2] = [(0, 1), (0, 2)];

/// The book's White turn J8 J12 after `BLACK_J10_J11`.
const WHITE_J8_J12: [Offset; 2] = [(0, -1), (0, 3)];

/// Black's answer J10 K9 to the book's first turn, the line of another
/// of the book's third White turns.
const BLACK_J10_K9: [Offset; 2] = [(0, 1), (1, 0)];

/// The book's White turn H9 J11 after `BLACK_J10_K9`.
const WHITE_H9_J11: [Offset; 2] = [(-2, 0), (0, 2)];

/// Black's answer J11 I11 to the book's first turn, the line of another
/// of the book's third White turns.
const BLACK_J11_I11: [Offset; 2] = [(0, 2), (-1, 2)];

/// The book's White turn J12 G11 after `BLACK_J11_I11`.
const WHITE_J12_G11: [Offset; 2] = [(0, 3), (-3, 2)];

/// A position of the opening and the turn the book plays in it.
struct Entry {
    /// The turns that made the position, in order: Black's first stone,
    /// then White's turns and Black's by turns (the turns after that
    /// stone are those a LINE of the screen names).
    line: &'static [&'static [Offset]],
    /// The two stones of the turn to play.
    turn: [Offset; 2],
}

impl Entry {
    /// The position's stones in the order they were played, each with
    /// its colour.
    fn stones(&self) -> impl Iterator<Item = (Offset, Player)> + '_ {
        self.line.iter().enumerate().flat_map(|(i, turn)| {
            let who = if i % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            turn.iter().map(move |&offset| (offset, who))
        })
    }
}

/// The book, measured at the centre of the 19×19 board with rows of six
/// (BENCHMARKS.md, "Connect6's opening book").
const BOOK: &[Entry] = &[
    // White's first turn: of the 44 turns within two of Black's stone,
    // the one after which level 5 as White won most often against
    // itself, and more often than after the turn its search chooses.
    Entry {
        line: &[ORIGIN],
        turn: WHITE_FIRST,
    },
    // Black's second turn after three of White's first turns: of level 5's
    // ten best answers, the one after which it won most often, and more
    // often than after the answer its search chooses at 2 s.
    Entry {
        line: &[ORIGIN, &[(-2, -1), (1, 2)]],
        turn: [(-1, 0), (1, 0)],
    },
    Entry {
        line: &[ORIGIN, &[(-1, -1), (0, 1)]],
        turn: [(-1, 1), (1, -1)],
    },
    Entry {
        line: &[ORIGIN, &[(-2, 0), (1, 0)]],
        turn: [(-1, 1), (2, -1)],
    },
    // White's second turn, after the book's first turn and seven of
    // level 5's ten best answers of Black's to it (the first is level 5's
    // own): of level 5's ten best turns there, the one after which it won
    // most often, and more often than after the turn its search chooses
    // at 2 s. After the other three answers no turn did clearly better
    // than the search's own, and the search answers.
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &[(1, 1), (0, 2)]],
        turn: [(2, 0), (2, 2)],
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &BLACK_J11_I11],
        turn: WHITE_J12_G11,
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &[(-1, 0), (0, 2)]],
        turn: [(0, -1), (4, 0)],
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &BLACK_J10_J11],
        turn: WHITE_J8_J12,
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &BLACK_J10_K9],
        turn: WHITE_H9_J11,
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &[(-1, 0), (2, 0)]],
        turn: [(-2, 0), (-3, -1)],
    },
    Entry {
        line: &[ORIGIN, &WHITE_FIRST, &BLACK_J10_I11],
        turn: WHITE_K9_J12,
    },
    // White's third turn, in the lines screened for it (those where the
    // book's second turn won least, and more), after level 5's own Black
    // turn there: of level 5's best turns (up to ten, as many as its
    // ranking gives), the one after which it won most often, and more
    // often than after the turn its search chooses at 2 s.
    Entry {
        line: &[
            ORIGIN,
            &WHITE_FIRST,
            &BLACK_J10_I11,
            &WHITE_K9_J12,
            &[(0, 2), (1, 1)],
        ],
        turn: [(1, 2), (2, 0)],
    },
    Entry {
        line: &[
            ORIGIN,
            &WHITE_FIRST,
            &BLACK_J10_J11,
            &WHITE_J8_J12,
            &[(-1, -1), (1, 1)],
        ],
        turn: [(-2, -2), (-2, 1)],
    },
    Entry {
        line: &[
            ORIGIN,
            &WHITE_FIRST,
            &BLACK_J10_K9,
            &WHITE_H9_J11,
            &[(-1, 2), (1, 3)],
        ],
        turn: [(-3, 4), (1, 1)],
    },
    Entry {
        line: &[
            ORIGIN,
            &WHITE_FIRST,
            &BLACK_J11_I11,
            &WHITE_J12_G11,
            &[(1, 2), (1, 0)],
        ],
        turn: [(3, 2), (2, 0)],
    },
];

/// How far from every edge Black's first stone must be for the book to
/// apply: on the 19×19 board, the centre's 9×9.
const MARGIN: usize = 5;

/// The length of row the book was measured for.
const LINE: usize = 6;

/// The book's stone for `game`, if the position is one of its entries
/// (or one with the first stone of an entry's turn played).
pub fn book_stone(game: &Connect6) -> Option<Stone> {
    if game.settings().line() != LINE {
        return None;
    }
    // Asked at every stone of level 5's: past the book's positions, no
    // look at the board. A stone is never taken, so plies count stones.
    let most = BOOK
        .iter()
        .map(|e| e.stones().count() + 1)
        .max()
        .unwrap_or(0);
    if game.plies() > most {
        return None;
    }
    let n = game.side();
    let on_board: Vec<(Cell, Player)> = Cell::all(n)
        .filter_map(|cell| game.piece_at(cell).map(|who| (cell, who)))
        .collect();
    let mover = game.to_move();
    let second_of_turn = game.stone_of_turn().0 == 2;
    let anchors = on_board.iter().filter(|&&(_, who)| who == Player::First);
    for &(anchor, _) in anchors {
        let (row, col) = (anchor.row(), anchor.col());
        if row.min(col) < MARGIN || row.max(col) + MARGIN >= n {
            continue;
        }
        for entry in BOOK {
            for symmetry in 0..8 {
                let at = |offset: Offset| placed(anchor, offset, symmetry, n);
                let Some(mut stones) = entry
                    .stones()
                    .map(|(offset, who)| at(offset).map(|cell| (cell, who)))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let [Some(a), Some(b)] = entry.turn.map(at) else {
                    continue;
                };
                if !second_of_turn {
                    if same(&on_board, &stones) && game.piece_at(a).is_none() {
                        return Some(Stone(a));
                    }
                    continue;
                }
                for (played, other) in [(a, b), (b, a)] {
                    stones.push((played, mover));
                    if same(&on_board, &stones) && game.piece_at(other).is_none() {
                        return Some(Stone(other));
                    }
                    stones.pop();
                }
            }
        }
    }
    None
}

/// The cell `offset` from `anchor` under the `symmetry`th of the square's
/// eight symmetries, if it is on a board of side `n`.
fn placed(anchor: Cell, offset: Offset, symmetry: usize, n: usize) -> Option<Cell> {
    let (x, y) = turned(offset, symmetry);
    let (row, col) = (anchor.row() as i32 + y, anchor.col() as i32 + x);
    let cell = Cell::new(usize::try_from(row).ok()?, usize::try_from(col).ok()?);
    cell.filter(|c| c.is_on(n))
}

/// `offset` under the `k`th of the square's eight symmetries.
fn turned((x, y): Offset, k: usize) -> Offset {
    let (x, y) = if k & 4 == 0 { (x, y) } else { (y, x) };
    let x = if k & 1 == 0 { x } else { -x };
    let y = if k & 2 == 0 { y } else { -y };
    (x, y)
}

/// Whether two lists of stones hold the same stones.
fn same(a: &[(Cell, Player)], b: &[(Cell, Player)]) -> bool {
    a.len() == b.len() && a.iter().all(|stone| b.contains(stone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::choose_in_nodes;

    fn game_of(cells: &[Cell]) -> Connect6 {
        let mut game = Connect6::default();
        for &cell in cells {
            game.play(Stone(cell)).expect("a legal stone");
        }
        game
    }

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col).expect("on the board")
    }

    /// Level 5's next two stones in `game`, each chosen in a search of
    /// `nodes` positions.
    fn level_5_turn(mut game: Connect6, nodes: u64) -> [Cell; 2] {
        [0, 1].map(|_| {
            let Stone(cell) = choose_in_nodes(&game, nodes, 1).expect("not over");
            game.play(Stone(cell)).expect("a legal stone");
            cell
        })
    }

    /// The game of `entry`'s stones around Black's first at `at`, under
    /// the `k`th symmetry.
    fn entry_game(entry: &Entry, at: Cell, k: usize) -> Connect6 {
        let on_board = |(offset, _): (Offset, Player)| placed(at, offset, k, 19);
        let cells: Option<Vec<Cell>> = entry.stones().map(on_board).collect();
        game_of(&cells.expect("on the board"))
    }

    /// Whether `turn`, played in `game`, is `entry`'s turn under one of
    /// the symmetries that map the entry's stones onto the game's.
    fn is_book_turn(entry: &Entry, at: Cell, game: &Connect6, turn: [Cell; 2]) -> bool {
        (0..8).any(|k| {
            let at = |offset| placed(at, offset, k, 19);
            let fits = entry
                .stones()
                .all(|(offset, who)| at(offset).is_some_and(|c| game.piece_at(c) == Some(who)));
            let [Some(a), Some(b)] = entry.turn.map(at) else {
                return false;
            };
            fits && (turn == [a, b] || turn == [b, a])
        })
    }

    /// At the centre, level 5 plays each entry's turn, both stones,
    /// whatever its search would have played.
    #[test]
    fn level_5_plays_the_book_at_the_centre() {
        let centre = cell(9, 9);
        for entry in BOOK {
            let game = entry_game(entry, centre, 0);
            let turn = level_5_turn(game.clone(), 2_000);
            assert!(is_book_turn(entry, centre, &game, turn), "{turn:?}");
        }
    }

    /// The book matches away from the centre and in every symmetry: Black's
    /// first stone moved, the position turned, either stone of the
    /// book's turn played first.
    #[test]
    fn the_book_matches_moved_and_turned() {
        let at = cell(7, 11);
        for entry in BOOK {
            for k in 0..8 {
                let game = entry_game(entry, at, k);
                let Some(Stone(first)) = book_stone(&game) else {
                    panic!("the book has the turn");
                };
                let turn = entry
                    .turn
                    .map(|o| placed(at, o, k, 19).expect("on the board"));
                for stone in std::iter::once(first).chain(turn) {
                    let mut after = game.clone();
                    after.play(Stone(stone)).expect("empty");
                    let Some(Stone(second)) = book_stone(&after) else {
                        panic!("the book goes on after {stone:?}");
                    };
                    let pair = [stone, second];
                    assert!(is_book_turn(entry, at, &game, pair), "{pair:?}");
                }
            }
        }
    }

    /// Near an edge, after a White stone the book does not have, and with
    /// rows of another length, the book says nothing.
    #[test]
    fn the_book_keeps_to_its_positions() {
        let centre = cell(9, 9);
        assert!(book_stone(&game_of(&[centre])).is_some());
        assert_eq!(book_stone(&game_of(&[cell(9, 4)])), None);
        assert_eq!(book_stone(&game_of(&[cell(14, 9)])), None);
        assert_eq!(book_stone(&game_of(&[centre, cell(18, 18)])), None);
        let turn = game_of(&[centre, cell(9, 10), cell(10, 10)]);
        assert_eq!(book_stone(&turn), None);
        let settings = tabletop_engine::connect6::Connect6Settings::new(19, 5).expect("valid");
        let mut five = Connect6::new(settings);
        five.play(Stone(centre)).expect("empty");
        assert_eq!(book_stone(&five), None);
    }
}
